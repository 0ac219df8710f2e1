"use client";
import { useMemo, useRef, useState } from "react";
import type * as PlotlyTypes from "plotly.js";
import { fileNameFor } from "@/lib/client/answer-table";
import { layoutTitle } from "@/lib/client/plot-title";
import { parseFigure, Plot } from "../plot";

const CARD_CHART_HEIGHT = 340;

/** An answer's Plotly chart (zoom, hover and Plotly's own toolbar) with a visible PNG download. */
export function AnswerChart({ raw, question, label }: { raw: string | object; question: string; label: string }) {
  const figure = useMemo(() => parseFigure(raw), [raw]);
  // The server sizes figures for the PNG (800x500); in the card a lower chart keeps the
  // interpretation, the chart and the start of the table on one screen. Taller figures (one panel
  // per group) keep their height.
  const shown = useMemo(() => {
    if (!figure) return null;
    const height = typeof figure.layout?.height === "number" ? figure.layout.height : 500;
    return height <= 500 ? { ...figure, layout: { ...figure.layout, height: Math.min(height, CARD_CHART_HEIGHT) } } : figure;
  }, [figure]);
  const boxRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  if (!figure || !shown) return <p className="text-xs text-slate-500">This chart could not be read; the table below has the same numbers.</p>;
  const title = layoutTitle(figure.layout);

  const downloadPng = async () => {
    const graph = boxRef.current?.querySelector<HTMLElement>(".js-plotly-plot");
    if (!graph) return;
    setBusy(true);
    try {
      // The chunk Plot already loaded: no second download.
      const mod = (await import("plotly.js")) as unknown as typeof PlotlyTypes & { default?: typeof PlotlyTypes };
      const plotly = mod.default ?? mod;
      await plotly.downloadImage(
        graph as unknown as PlotlyTypes.PlotlyHTMLElement,
        {
          format: "png",
          filename: fileNameFor(question, "chart"),
          width: graph.clientWidth,
          height: graph.clientHeight,
          scale: 2,
        } as PlotlyTypes.DownloadImgopts,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={boxRef} className="group relative rounded-lg border border-slate-100 bg-white p-1" data-testid="chat-chart">
      <Plot figure={shown} label={title ? `Chart: ${title}. ${label}` : label} height={340} />
      <button
        type="button"
        onClick={downloadPng}
        disabled={busy}
        className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-white/90 px-2 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
        data-testid="download-png"
        aria-label="Download the chart as PNG"
        title="Download the chart as PNG"
      >
        <span aria-hidden>↓</span> PNG
      </button>
    </div>
  );
}
