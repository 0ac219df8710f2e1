"use client";
// ROC, precision-recall and cumulative gains / lift from the holdout, with the current threshold
// marked (two classes), or one-vs-rest per class (more classes).
import { formatNumber } from "@/lib/client/format";
import type { ClassCurves } from "@/lib/ml/insights";
import { Plot } from "../plot";
import type { ThresholdChoice } from "./insights-threshold";

const COLORS = ["#2f6fed", "#e8590c", "#2b8a3e", "#ae3ec9", "#c92a2a", "#0b7285", "#5c940d", "#862e9c", "#d9480f", "#364fc7"];
const axis = (title: string, extra: Record<string, unknown> = {}) => ({
  title: { text: title },
  range: [0, 1],
  gridcolor: "#e2e8f0",
  zeroline: false,
  ...extra,
});

export function InsightsCurves({ curves, choice }: { curves: ClassCurves[]; choice: ThresholdChoice | null }) {
  // Two classes: the curves of the chosen positive class; more: every class against the rest.
  const shown = choice ? [curves.find((c) => c.class === choice.positiveClass) ?? curves[curves.length - 1]] : curves;
  const single = shown.length === 1;
  const m = choice?.metrics;
  const marker = (x: number | null | undefined, y: number | null | undefined, name: string) =>
    m && x != null && y != null
      ? [
          {
            type: "scatter",
            mode: "markers",
            x: [x],
            y: [y],
            name,
            marker: { size: 11, color: "#0f172a", symbol: "diamond" },
            hovertemplate: `${name}<br>%{x:.3f}, %{y:.3f}<extra></extra>`,
          },
        ]
      : [];
  const negatives = shown[0]?.negatives ?? 0;
  const positives = shown[0]?.positives ?? 0;
  const flaggedShare = m && m.tp + m.fp + m.fn + m.tn > 0 ? (m.tp + m.fp) / (m.tp + m.fp + m.fn + m.tn) : null;
  const label = (c: ClassCurves) => (single ? c.class : `${c.class} vs rest`);

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-3" data-testid="insights-curves">
      <Plot
        testId="roc-curve"
        label={`ROC curves: ${shown.map((c) => `${c.class} AUC ${formatNumber(c.auc)}`).join(", ")}`}
        height={320}
        figure={{
          data: [
            { type: "scatter", mode: "lines", x: [0, 1], y: [0, 1], name: "Chance", line: { dash: "dot", color: "#94a3b8", width: 1 }, hoverinfo: "skip" },
            ...shown.map((c, i) => ({
              type: "scatter",
              mode: "lines",
              x: c.roc.map((p) => p.x),
              y: c.roc.map((p) => p.y),
              customdata: c.roc.map((p) => p.t),
              name: `${label(c)} (AUC ${formatNumber(c.auc)})`,
              line: { color: COLORS[i % COLORS.length], width: 2 },
              hovertemplate: "threshold %{customdata:.3f}<br>false positive rate %{x:.3f}<br>true positive rate %{y:.3f}<extra></extra>",
            })),
            ...marker(m && negatives ? m.fp / negatives : null, m?.recall, "Current threshold"),
          ],
          layout: {
            title: { text: "ROC curve" },
            xaxis: axis("False positive rate"),
            yaxis: axis("True positive rate (recall)"),
            legend: { orientation: "h", y: -0.28 },
            margin: { l: 55, r: 10, t: 40, b: 90 },
          },
        }}
      />
      <Plot
        testId="pr-curve"
        label={`Precision-recall curves: ${shown.map((c) => `${c.class} average precision ${formatNumber(c.averagePrecision)}`).join(", ")}`}
        height={320}
        figure={{
          data: [
            ...(single && positives + negatives > 0
              ? [
                  {
                    type: "scatter",
                    mode: "lines",
                    x: [0, 1],
                    y: [positives / (positives + negatives), positives / (positives + negatives)],
                    name: "Chance",
                    line: { dash: "dot", color: "#94a3b8", width: 1 },
                    hoverinfo: "skip",
                  },
                ]
              : []),
            ...shown.map((c, i) => ({
              type: "scatter",
              mode: "lines",
              line: { shape: "hv", color: COLORS[i % COLORS.length], width: 2 },
              x: c.pr.map((p) => p.x),
              y: c.pr.map((p) => p.y),
              customdata: c.pr.map((p) => p.t),
              name: `${label(c)} (AP ${formatNumber(c.averagePrecision)})`,
              hovertemplate: "threshold %{customdata:.3f}<br>recall %{x:.3f}<br>precision %{y:.3f}<extra></extra>",
            })),
            ...marker(m?.recall, m?.precision, "Current threshold"),
          ],
          layout: {
            title: { text: "Precision and recall" },
            xaxis: axis("Recall"),
            yaxis: axis("Precision", { range: [0, 1.02] }),
            legend: { orientation: "h", y: -0.28 },
            margin: { l: 55, r: 10, t: 40, b: 90 },
          },
        }}
      />
      <Plot
        testId="gains-chart"
        label={`Cumulative gains: ${shown.map((c) => `${c.class}: top 10% of rows hold ${formatNumber((c.gains.find((g) => g.x >= 0.1)?.y ?? 0) * 100)}%`).join(", ")}`}
        height={320}
        figure={{
          data: [
            {
              type: "scatter",
              mode: "lines",
              x: [0, 1],
              y: [0, 1],
              name: "Random order",
              line: { dash: "dot", color: "#94a3b8", width: 1 },
              hoverinfo: "skip",
            },
            ...shown.map((c, i) => ({
              type: "scatter",
              mode: "lines",
              x: c.gains.map((g) => g.x),
              y: c.gains.map((g) => g.y),
              customdata: c.gains.map((g) => (g.x > 0 ? g.y / g.x : null)),
              name: label(c),
              line: { color: COLORS[i % COLORS.length], width: 2 },
              hovertemplate: "top %{x:.0%} of rows<br>%{y:.1%} of " + c.class + " found<br>lift %{customdata:.2f}×<extra></extra>",
            })),
            ...marker(flaggedShare, m?.recall, "Current threshold"),
          ],
          layout: {
            title: { text: "Cumulative gains (lift in the tooltip)" },
            xaxis: axis("Share of rows, highest probability first", { tickformat: ".0%" }),
            yaxis: axis("Share of the class found", { tickformat: ".0%" }),
            legend: { orientation: "h", y: -0.28 },
            // Room for the "100%" under the right end of the axis (at 10 pixels Plotly dropped it).
            margin: { l: 55, r: 24, t: 40, b: 90 },
          },
        }}
      />
      {single && shown[0] && (
        <p className="text-sm text-slate-600 xl:col-span-3" data-testid="lift-summary">
          {liftSentence(shown[0])}
        </p>
      )}
    </div>
  );
}

function liftSentence(c: ClassCurves): string {
  const at = (x: number) => c.gains.find((g) => g.x >= x - 1e-9);
  const top10 = at(0.1);
  const top20 = at(0.2);
  if (!top10 || !top20) return "";
  return (
    `Ranking rows by the model's probability of ${c.class}, the top 10% hold ${(top10.y * 100).toFixed(0)}% of all ${c.class} rows ` +
    `(lift ${(top10.y / 0.1).toFixed(1)}×) and the top 20% hold ${(top20.y * 100).toFixed(0)}% (lift ${(top20.y / 0.2).toFixed(1)}×).`
  );
}
