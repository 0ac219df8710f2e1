"use client";
// Plotly is large and needs `window`: load it only in the browser, after the page shell renders.
import dynamic from "next/dynamic";
import { type RefObject, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { layoutTitle, titleCharsFor, wrapCategoryLabels, wrapTitle } from "@/lib/client/plot-title";
import { categoryTicks, traceCategories } from "@/lib/chat/ticks";
import type { PlotParams } from "react-plotly.js";
import { Skeleton } from "./ui/feedback";

const LazyPlot = dynamic<PlotParams>(
  async () => {
    const [{ default: createPlotlyComponent }, Plotly] = await Promise.all([import("react-plotly.js/factory"), import("plotly.js")]);
    return createPlotlyComponent((Plotly as { default?: unknown }).default ?? Plotly);
  },
  { ssr: false, loading: () => <Skeleton className="h-72 w-full" /> },
);

// Plotly 4 shows a "Share chart..." button by default that posts the figure, data included, to
// cloud.plotly.com: nothing of a self-hosted install should leave the machine from a chart.
const PLOT_CONFIG = { responsive: true, displaylogo: false, showSendToCloud: false, showEditInChartStudio: false } as const;
// On a phone the mode bar (shown on the first tap) lies over the chart's title, and its zoom and
// selection tools are hard to use with a finger: narrow screens get none.
const NARROW_PLOT_CONFIG = { ...PLOT_CONFIG, displayModeBar: false } as const;
const NARROW_QUERY = "(max-width: 639px)";

export function plotConfig(narrow: boolean) {
  return narrow ? NARROW_PLOT_CONFIG : PLOT_CONFIG;
}

function subscribeNarrow(onChange: () => void) {
  const query = window.matchMedia?.(NARROW_QUERY);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}

/** Whether the window is phone-narrow, following rotation and resizing. */
function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia?.(NARROW_QUERY).matches ?? false,
    () => false,
  );
}

export interface PlotFigure {
  data: Record<string, unknown>[];
  layout?: Record<string, unknown>;
}

/** The element's width in CSS pixels, following resizes (null until measured). */
function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => setWidth(Math.round(entries[0]?.contentRect.width ?? 0) || null));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const BASE_FONT_SIZE = 12;
const BREAK = /<br\s*\/?>/i;
// Longest line of a label broken by its caller that is kept whole: about 140 pixels at 12 px, under
// half of a phone's chart.
const PRE_BROKEN_LINE = 20;

function longestLine(label: string): number {
  return Math.max(...label.split(BREAK).map((line) => line.length));
}

const LEGEND_ROW = 20;
// Slices beyond which a pie's labels stay inside the slices.
const CROWDED_PIE = 8;

/** The names a figure's legend shows, in order. */
function legendNames(data: Record<string, unknown>[]): string[] {
  return data.filter((t) => t.showlegend !== false && typeof t.name === "string" && t.name).map((t) => String(t.name));
}

/**
 * Rows a horizontal legend of these names takes across `widthPx`. Plotly puts the items on one row
 * when they all fit; otherwise it lays them out in columns as wide as the widest item.
 */
export function legendRows(names: string[], widthPx: number): number {
  if (!names.length) return 0;
  // The symbol and gaps, then the text (about 0.6 em a character at 12 px).
  const items = names.map((name) => 46 + name.length * BASE_FONT_SIZE * 0.6);
  const available = Math.max(1, widthPx);
  if (items.reduce((sum, w) => sum + w, 0) <= available) return 1;
  const columns = Math.max(1, Math.floor(available / Math.max(...items)));
  return Math.ceil(names.length / columns);
}

/**
 * Category axes with long labels (product names, cities) sized to the chart's width: labels cut
 * with "…" (the hover keeps the full text) and, when crowded, every k-th labelled, so that rotated
 * labels neither run off the left edge nor squeeze the bars into a strip. Settings the server chose
 * for its 800-pixel PNG are redone for the width at hand.
 */
function fitCategoryAxes(data: Record<string, unknown>[], layout: Record<string, unknown>, width: number, height: number) {
  for (const axis of ["x", "y"] as const) {
    const key = `${axis}axis`;
    const settings = layout[key] as Record<string, unknown> | undefined;
    const horizontalBars = axis === "y" && data.some((t) => t.type === "bar" && t.orientation === "h");
    if (settings?.type !== "category" && !horizontalBars) continue;
    const categories = traceCategories(data, axis);
    if (!categories.length) continue;
    // Few categories across a wide chart: each label gets its slot's width, on two lines if need be,
    // rather than being cut to "Bank transfer…" with half the chart empty (the server cut them for
    // its PNG; its settings are redone here).
    if (axis === "x" && !horizontalBars) {
      const margin = layout.margin as { l?: number; r?: number } | undefined;
      const fontSize = (layout.font as { size?: number } | undefined)?.size ?? BASE_FONT_SIZE;
      const slot = (width - (margin?.l ?? 60) - (margin?.r ?? 20)) / categories.length;
      const wrapped = wrapCategoryLabels(categories.map(String), Math.floor(slot / (fontSize * 0.6)));
      if (wrapped) {
        const { tickmode: _m, tickvals: _v, ticktext: _t, tickangle: _a, ...kept } = settings ?? {};
        layout[key] = { ...kept, tickangle: 0, tickmode: "array", tickvals: categories, ticktext: wrapped };
        continue;
      }
    }
    const options =
      axis === "x"
        ? { maxChars: Math.max(10, Math.min(20, Math.round(width / 45))), maxTicks: Math.max(4, Math.floor((width - 90) / 18)) }
        : { maxChars: Math.max(12, Math.min(30, Math.round(width / 22))), maxTicks: Math.max(4, Math.floor((height - 80) / 14)) };
    // Labels the caller already broke into short lines ("yearly<br>seasonality") are kept as they
    // are: measured as one run of text, they were cut to "yearly sea…" even on a wide screen.
    const broken = categories.some((c) => BREAK.test(String(c)));
    if (broken && categories.length <= options.maxTicks && categories.every((c) => longestLine(String(c)) <= PRE_BROKEN_LINE)) continue;
    const { tickmode: _mode, tickvals: _vals, ticktext: _text, ...rest } = settings ?? {};
    layout[key] = { ...rest, ...(categoryTicks(categories, options) ?? {}) };
  }
}

export function Plot({ figure, height = 360, label, testId }: { figure: PlotFigure; height?: number; label: string; testId?: string }) {
  const narrow = useNarrowScreen();
  const boxRef = useRef<HTMLElement>(null);
  const width = useWidth(boxRef);
  // The figure's own height wins (the server sizes charts to their content); the box must match it,
  // or the SVG spills over whatever comes next.
  const figureHeight = figure.layout?.height;
  const plotHeight = typeof figureHeight === "number" && figureHeight > 0 ? figureHeight : height;
  const layout: Record<string, unknown> = {
    autosize: true,
    margin: { l: 60, r: 20, t: figure.layout?.title ? 48 : 20, b: 60 },
    font: { family: "ui-sans-serif, system-ui, sans-serif", size: BASE_FONT_SIZE, color: "#334155" },
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
    ...figure.layout,
    height: plotHeight,
    width: undefined,
  };
  fitCategoryAxes(figure.data, layout, width ?? 800, plotHeight);
  // A one-row legend over the plot wraps into several rows on a phone and covers the lines: it goes
  // below the plot there, laid out as a bottom legend is (below).
  const legend = figure.layout?.legend as { orientation?: string; y?: number } | undefined;
  const movedDown = narrow && legend?.orientation === "h" && typeof legend.y === "number" && legend.y > 1;
  // A legend down the right side (Plotly's default, the chat's series) takes half a phone's width
  // and squeezes the bars: there it goes across, under everything, and the chart grows for it.
  let legendExtra = 0;
  const legendItems = figure.data.reduce((n, t) => n + (t.type === "pie" && Array.isArray(t.labels) ? t.labels.length : t.showlegend === false ? 0 : 1), 0);
  if (narrow && figure.layout?.showlegend && legend?.orientation !== "h" && legendItems > 1) {
    legendExtra = 28 + Math.ceil(legendItems / 2) * 20;
    layout.legend = { ...legend, orientation: "h", x: 0, xanchor: "left", yref: "container", y: 0, yanchor: "bottom" };
    const margin = layout.margin as { b?: number };
    layout.margin = { ...margin, b: (margin.b ?? 60) + legendExtra };
    layout.height = plotHeight + legendExtra;
  }
  // A legend across the bottom (the model page's curves) wraps into more rows as the chart narrows,
  // and with a fixed place under the plot its rows climbed over the x-axis title: it is anchored to
  // the chart's bottom edge instead, with the bottom margin sized to the rows it takes at this width.
  if (width && legend?.orientation === "h" && typeof legend.y === "number" && (legend.y < 0 || movedDown)) {
    const margin = layout.margin as { b?: number; l?: number; r?: number };
    const rows = legendRows(legendNames(figure.data), width - (margin.l ?? 60) - (margin.r ?? 20));
    const xTitle = layoutTitle((figure.layout?.xaxis as Record<string, unknown> | undefined) ?? undefined);
    const bottom = (xTitle ? 58 : 34) + rows * LEGEND_ROW + 6;
    legendExtra = bottom - (margin.b ?? 60);
    layout.legend = { ...legend, yref: "container", y: 0, yanchor: "bottom" };
    layout.margin = { ...margin, b: bottom };
    layout.height = plotHeight + legendExtra;
    // A phone tilts date labels ("Jan 2023"), taller than the 34 pixels left for them: the axis takes
    // the room it needs from the plot, or the labels ran under the legend moved down (a two-year
    // monthly forecast at 390 pixels).
    if (movedDown) layout.xaxis = { ...((layout.xaxis as Record<string, unknown> | undefined) ?? {}), automargin: true };
  }
  // A title wider than the chart is broken into lines (Plotly would cut it), with the top margin
  // and the height grown by the added lines.
  const title = layoutTitle(figure.layout);
  let shownHeight = plotHeight + legendExtra;
  if (title && width) {
    const titleObject = typeof figure.layout?.title === "object" ? (figure.layout.title as Record<string, unknown>) : {};
    // Plotly's title is 1.4 times the figure's font (13 px in the chat's figures, so 18 px, not 17):
    // sized from 12 px, each added line was short by a pixel or two and four lines ran into the plot.
    const figureFont = (layout.font as { size?: number } | undefined)?.size ?? BASE_FONT_SIZE;
    const titleFont = (titleObject.font as { size?: number } | undefined)?.size ?? figureFont * 1.4;
    const lines = wrapTitle(title, titleCharsFor(width, titleFont));
    if (lines.length > 1) {
      const margin = layout.margin as { t?: number };
      const extra = (lines.length - 1) * Math.round(titleFont * 1.3);
      layout.margin = { ...margin, t: (margin.t ?? 48) + extra };
      shownHeight += extra;
      layout.height = shownHeight;
      // Its first line about 8 pixels under the chart's top, as a one-line title sits. Plotly ignores
      // the title's pad there and lifts a title of several lines by about one font size (measured
      // with 3 and 5 lines: the lift does not grow with the lines): at y 1 the lines rose above
      // the chart and touched whatever lies over it; a drop of a font size per added line pushed a
      // five-line title (a chat answer on a phone) 56 pixels down, into the plot.
      const drop = 8 + Math.round(titleFont);
      layout.title = { ...titleObject, text: lines.join("<br>"), yref: "container", y: 1 - drop / shownHeight, yanchor: "top" };
    }
  }
  // A pie of many slices: Plotly puts the small slices' labels outside, stacked on top of each other
  // up over the title and past the chart's top edge. Labels go inside the slices, and a slice too
  // small for a readable one has none (the legend and the hover name it).
  const crowdedPie = figure.data.some((t) => t.type === "pie" && Array.isArray(t.labels) && t.labels.length > CROWDED_PIE);
  const data = crowdedPie ? figure.data.map((t) => (t.type === "pie" ? { ...t, textposition: "inside" } : t)) : figure.data;
  if (crowdedPie) layout.uniformtext = { minsize: 10, mode: "hide" };
  return (
    <figure ref={boxRef} role="img" aria-label={label} data-testid={testId} className="w-full">
      <LazyPlot data={data} layout={layout} config={plotConfig(narrow)} useResizeHandler style={{ width: "100%", height: shownHeight }} />
    </figure>
  );
}

/** The server sends figures as JSON strings; a broken one becomes null instead of crashing the page. */
export function parseFigure(raw: string | object): PlotFigure | null {
  try {
    const value = typeof raw === "string" ? JSON.parse(raw) : raw;
    if (value && typeof value === "object" && Array.isArray((value as PlotFigure).data)) return value as PlotFigure;
  } catch {
    // fall through
  }
  return null;
}
