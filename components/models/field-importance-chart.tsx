"use client";
import { Plot } from "../plot";

export function FieldImportanceChart({ importance, exclude }: { importance: Record<string, number>; exclude: string[] }) {
  const skip = new Set(exclude);
  const entries = Object.entries(importance)
    .filter(([name, v]) => !skip.has(name) && v > 0)
    .sort((a, b) => a[1] - b[1]); // ascending: Plotly draws horizontal bars bottom-up
  const shown = entries.slice(-20);
  if (!shown.length) return <p className="text-sm text-slate-500">No field carried weight in this model.</p>;
  return (
    <Plot
      testId="field-importance-chart"
      label={`Field importance: ${[...shown]
        .reverse()
        .map(([n, v]) => `${n} ${(v * 100).toFixed(0)}%`)
        .join(", ")}`}
      height={Math.max(220, 28 * shown.length + 70)}
      figure={{
        data: [
          {
            type: "bar",
            orientation: "h",
            x: shown.map(([, v]) => v),
            y: shown.map(([n]) => n),
            marker: { color: "#2f6fed" },
            hovertemplate: "%{y}: %{x:.1%}<extra></extra>",
            text: shown.map(([, v]) => `${(v * 100).toFixed(1)}%`),
            textposition: "outside",
            cliponaxis: false,
          },
        ],
        layout: {
          xaxis: { tickformat: ".0%", title: { text: "Share of the model's decisions" }, zeroline: false, gridcolor: "#e2e8f0" },
          yaxis: { automargin: true },
          margin: { l: 20, r: 50, t: 10, b: 50 },
        },
      }}
    />
  );
}
