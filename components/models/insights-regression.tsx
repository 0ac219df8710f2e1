"use client";
// Regression on the holdout: predicted versus actual, error by range of the target, and residuals
// by the most important fields.
import { formatNumber } from "@/lib/client/format";
import type { FieldInsights } from "@/lib/ml/insights";
import { Plot } from "../plot";

export function InsightsRegression({ regression, target }: { regression: NonNullable<FieldInsights["regression"]>; target: string }) {
  const { scatter, errorByRange, residualsByField } = regression;
  const all = [...scatter.actual, ...scatter.predicted];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const ranges = errorByRange.map((r) => (r.from === r.to ? formatNumber(r.from) : `${formatNumber(r.from)} – ${formatNumber(r.to)}`));
  // A residual group's range on two lines, so that the chart's width cuts neither end: cut to one
  // line, "0.4999 - 2.008" read "0.4999…" (a number, not a range). The ten error ranges stay on one
  // line: on two, a phone's rotated labels ran into each other.
  const twoLines = (range: string) => range.replace(/ [-–] /, " –<br>");
  return (
    <div className="space-y-6" data-testid="insights-regression">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Plot
          testId="predicted-vs-actual"
          label={`Predicted versus actual ${target} on ${scatter.actual.length} holdout rows`}
          height={360}
          figure={{
            data: [
              {
                type: "scatter",
                mode: "lines",
                x: [lo, hi],
                y: [lo, hi],
                name: "Perfect prediction",
                line: { dash: "dot", color: "#94a3b8", width: 1 },
                hoverinfo: "skip",
              },
              {
                type: "scatter",
                mode: "markers",
                x: scatter.actual,
                y: scatter.predicted,
                name: "Holdout rows",
                marker: { size: 5, color: "#2f6fed", opacity: 0.5 },
                hovertemplate: "actual %{x}<br>predicted %{y}<extra></extra>",
              },
            ],
            layout: {
              title: { text: `Predicted vs actual${scatter.sampled ? " (a sample of holdout rows)" : ""}` },
              xaxis: { title: { text: `Actual ${target}` }, gridcolor: "#e2e8f0", zeroline: false },
              yaxis: { title: { text: `Predicted ${target}` }, gridcolor: "#e2e8f0", zeroline: false },
              showlegend: false,
            },
          }}
        />
        <Plot
          testId="error-by-range"
          label={`Mean absolute error by range of ${target}: ${errorByRange.map((r, i) => `${ranges[i]}: ${formatNumber(r.mae)}`).join("; ")}`}
          height={360}
          figure={{
            data: [
              {
                type: "bar",
                x: ranges,
                y: errorByRange.map((r) => r.mae),
                name: "Mean absolute error",
                marker: { color: "#2f6fed" },
                customdata: errorByRange.map((r) => r.count),
                hovertemplate: "%{x}<br>MAE %{y}<br>%{customdata} rows<extra></extra>",
              },
              {
                type: "scatter",
                mode: "lines+markers",
                x: ranges,
                y: errorByRange.map((r) => r.bias),
                name: "Bias (mean predicted − actual)",
                line: { color: "#e8590c" },
              },
            ],
            layout: {
              title: { text: `Error by range of actual ${target}` },
              // The title on two lines: on a phone its end was cut ("(about equal numbers").
              xaxis: { title: { text: `Actual ${target}<br>(about equal numbers of rows each)` }, automargin: true },
              // The bars are errors, not values of the target: the axis says so in the target's units.
              yaxis: { title: { text: `Error (${target})` }, gridcolor: "#e2e8f0" },
              legend: { orientation: "h", y: -0.35 },
              margin: { l: 60, r: 10, t: 40, b: 110 },
            },
          }}
        />
      </div>
      {residualsByField.length > 0 && (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          {residualsByField.map((f) => (
            <Plot
              key={f.field}
              testId="residuals-by-field"
              label={`Mean residual by ${f.field}: ${f.groups.map((g) => `${g.label} ${formatNumber(g.meanResidual)}`).join("; ")}`}
              height={300}
              figure={{
                data: [
                  {
                    type: "bar",
                    x: f.groups.map((g) => twoLines(g.label)),
                    y: f.groups.map((g) => g.meanResidual),
                    customdata: f.groups.map((g) => [g.count, g.mae]),
                    marker: { color: f.groups.map((g) => (g.meanResidual >= 0 ? "#e8590c" : "#2f6fed")) },
                    hovertemplate: "%{x}<br>mean residual %{y}<br>MAE %{customdata[1]}<br>%{customdata[0]} rows<extra></extra>",
                  },
                ],
                layout: {
                  title: { text: `Residuals by ${f.field}` },
                  // Turned labels read bottom to top, so a range's first line ("0.4999 –") is left of its end
                  // ("2.008"); Plotly's default 90° turn put the end first.
                  xaxis: { automargin: true, type: "category", autotickangles: [0, -90] },
                  yaxis: { title: { text: "Mean predicted − actual" }, gridcolor: "#e2e8f0", zerolinecolor: "#64748b" },
                  margin: { l: 60, r: 10, t: 40, b: 80 },
                },
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
