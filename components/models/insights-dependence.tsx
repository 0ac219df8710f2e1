"use client";
// Partial dependence: the model's average prediction when one field is set to each value, all
// else as in a sample of real rows.
import { formatNumber } from "@/lib/client/format";
import type { PartialDependence } from "@/lib/ml/insights";
import { Plot } from "../plot";

const COLORS = ["#2f6fed", "#e8590c", "#2b8a3e", "#ae3ec9", "#c92a2a", "#0b7285"];

export function InsightsDependence({
  items,
  task,
  target,
  positiveClass,
  flip,
}: {
  items: PartialDependence[];
  task: "binary" | "multiclass" | "regression";
  target: string;
  /** Two classes: the class whose probability is shown. */
  positiveClass?: string;
  /** Two classes: show 1 - P(second class), because the chosen positive class is the first. */
  flip?: boolean;
}) {
  if (!items.length) return <p className="text-sm text-slate-500">No field has enough distinct values to show.</p>;
  const yTitle = task === "regression" ? `Average predicted ${target}` : task === "binary" ? `Average P(${positiveClass})` : "Average probability";
  // The axis title on two lines for a regression: on one, "Average predicted median_house_value" was
  // longer than the 280 px chart is high and read "…median_house_vali" at every width.
  const yAxisTitle = task === "regression" ? `Average predicted<br>${target}` : yTitle;
  // One y range for every chart, so that a field that barely moves the prediction looks flat next
  // to one that moves it a lot; probabilities start at 0.
  const all = items.flatMap((pd) => (pd.byClass ? pd.byClass.flatMap((c) => c.average) : (pd.average ?? []).map((v) => (flip ? 1 - v : v))));
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = (hi - lo) * 0.08 || Math.abs(hi) * 0.05 || 0.05;
  const range = task === "regression" ? [lo - pad, hi + pad] : [0, Math.min(1, hi + pad)];
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" data-testid="partial-dependence">
      {items.map((pd) => {
        const series = pd.byClass?.map((c) => ({ name: c.class, y: c.average })) ?? [{ name: yTitle, y: (pd.average ?? []).map((v) => (flip ? 1 - v : v)) }];
        const categorical = pd.kind === "category";
        return (
          <Plot
            key={pd.field}
            testId="pdp-chart"
            label={`Partial dependence of ${target} on ${pd.field}: ${pd.values.map((v, i) => `${v}: ${formatNumber(series[0].y[i])}`).join(", ")}`}
            height={280}
            figure={{
              data: series.map((s, i) => ({
                type: categorical ? "bar" : "scatter",
                // Bars start at the bottom of the shared range (0 for probabilities).
                base: categorical && task === "regression" ? range[0] : undefined,
                y: categorical && task === "regression" ? s.y.map((v) => v - range[0]) : s.y,
                mode: categorical ? undefined : "lines+markers",
                x: pd.values,
                name: s.name,
                marker: { color: COLORS[i % COLORS.length] },
                line: { color: COLORS[i % COLORS.length], shape: "linear" },
                customdata: s.y,
                hovertemplate: `${pd.field} %{x}<br>${s.name}: %{customdata:.4g}<extra></extra>`,
              })),
              layout: {
                title: { text: pd.field },
                xaxis: { automargin: true, type: categorical ? "category" : pd.kind === "date" ? "date" : "linear", gridcolor: "#e2e8f0" },
                yaxis: { title: { text: yAxisTitle }, automargin: true, gridcolor: "#e2e8f0", tickformat: task === "regression" ? undefined : ".0%", range },
                showlegend: series.length > 1,
                legend: { orientation: "h", y: -0.3 },
                barmode: "group",
                margin: { l: 60, r: 10, t: 40, b: 70 },
              },
            }}
          />
        );
      })}
    </div>
  );
}
