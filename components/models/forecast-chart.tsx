"use client";
import type { ForecastHistory, ForecastPoint } from "@/lib/client/forecast";
import { Plot, type PlotFigure } from "../plot";

const BRAND = "#2f6fed";

/** History, backtest forecasts, the forecast and its 80% / 95% bands as one Plotly figure. */
export function forecastFigure(history: ForecastHistory | undefined, forecast: ForecastPoint[], valueField: string): PlotFigure {
  const data: Record<string, unknown>[] = [];
  const points = history?.points ?? [];
  const last = points[points.length - 1];
  // Bands start at the last observed value so they open from the line.
  const bandX = [...(last ? [last.date] : []), ...forecast.map((p) => p.date)];
  const band = (upper: (p: ForecastPoint) => number, lower: (p: ForecastPoint) => number, name: string, color: string) => {
    data.push({
      type: "scatter",
      mode: "lines",
      x: bandX,
      y: [...(last ? [last.value] : []), ...forecast.map(upper)],
      line: { width: 0 },
      hoverinfo: "skip",
      showlegend: false,
      legendgroup: name,
    });
    data.push({
      type: "scatter",
      mode: "lines",
      x: bandX,
      y: [...(last ? [last.value] : []), ...forecast.map(lower)],
      line: { width: 0 },
      fill: "tonexty",
      fillcolor: color,
      name,
      legendgroup: name,
      hoverinfo: "skip",
    });
  };
  band(
    (p) => p.upper_95,
    (p) => p.lower_95,
    "95% interval",
    "rgba(47,111,237,0.12)",
  );
  band(
    (p) => p.upper_80,
    (p) => p.lower_80,
    "80% interval",
    "rgba(47,111,237,0.25)",
  );
  data.push({
    type: "scatter",
    mode: "lines",
    x: points.map((p) => p.date),
    y: points.map((p) => p.value),
    name: "history",
    line: { color: "#334155", width: 1.6 },
    hovertemplate: "%{x}: %{y}<extra>history</extra>",
  });
  const filled = points.filter((p) => p.filled);
  if (filled.length) {
    data.push({
      type: "scatter",
      mode: "markers",
      x: filled.map((p) => p.date),
      y: filled.map((p) => p.value),
      name: "filled in",
      marker: { symbol: "circle-open", size: 7, color: "#d97706" },
      hovertemplate: "%{x}: %{y}<extra>filled in (was missing)</extra>",
    });
  }
  const backtest = history?.backtest ?? [];
  if (backtest.length) {
    // Only every other window when there are many, so the lines stay readable.
    const shown = backtest.length > 6 ? backtest.filter((_, i) => (backtest.length - 1 - i) % 2 === 0) : backtest;
    const x: (string | null)[] = [];
    const y: (number | null)[] = [];
    for (const w of shown) {
      for (const p of w.points) {
        x.push(p.date);
        y.push(p.value);
      }
      x.push(null);
      y.push(null);
    }
    data.push({
      type: "scatter",
      mode: "lines",
      x,
      y,
      name: "backtest forecasts",
      line: { color: "#16a34a", width: 1.2, dash: "dot" },
      connectgaps: false,
      hovertemplate: "%{x}: %{y}<extra>backtest</extra>",
    });
  }
  const partial = history?.partial;
  if (partial) {
    // The rows so far of a period left out of the fit: beside its forecast, it reads as "on the way", not as a drop.
    data.push({
      type: "scatter",
      mode: "markers",
      x: [partial.date],
      y: [partial.value],
      name: "so far (partial period)",
      marker: { symbol: "diamond-open", size: 10, color: "#d97706", line: { width: 2 } },
      hovertemplate: `%{x}: %{y}<extra>${escapeHover(partial.note)}</extra>`,
    });
  }
  data.push({
    type: "scatter",
    mode: "lines",
    x: bandX,
    y: [...(last ? [last.value] : []), ...forecast.map((p) => p.value)],
    name: "forecast",
    line: { color: BRAND, width: 2.2 },
    hovertemplate: "%{x}: %{y}<extra>forecast</extra>",
  });
  return {
    data,
    layout: {
      hovermode: "x unified",
      legend: { orientation: "h", y: 1.12, x: 0 },
      yaxis: { title: { text: valueField }, gridcolor: "#e2e8f0", zeroline: false },
      xaxis: { gridcolor: "#f1f5f9" },
      margin: { l: 60, r: 20, t: 40, b: 50 },
    },
  };
}

/** Plotly reads '<' and '%{' in hover templates as markup and placeholders. */
function escapeHover(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/%/g, "&#37;");
}

export function ForecastChart({
  history,
  forecast,
  valueField,
  label,
}: {
  history: ForecastHistory | undefined;
  forecast: ForecastPoint[];
  valueField: string;
  label: string;
}) {
  return <Plot testId="forecast-chart" label={label} height={420} figure={forecastFigure(history, forecast, valueField)} />;
}
