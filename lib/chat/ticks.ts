// Category axes whose labels fit. Plotly draws every category label in full: long ones (product
// names) rotated on a crowded axis run off the chart's left edge and push the bars into a strip.
// Long labels are shortened with "…" (each bar's hover keeps the full text), and a crowded axis
// labels every k-th category. Pure: used by the chat's figures (lib/chat/figure.ts) and by the web
// client's chart component for the figures it draws itself.

export interface CategoryTickOptions {
  /** Longest label kept as it is; longer ones are cut to this many characters, "…" included. */
  maxChars: number;
  /** Most labels drawn on the axis: beyond it, every k-th category is labelled. */
  maxTicks: number;
}

export interface CategoryTicks {
  tickmode: "array";
  tickvals: (string | number)[];
  ticktext: string[];
}

/** A label of at most `maxChars` characters: cut at a word boundary when one is near the end, then "…". */
export function shortLabel(label: string, maxChars: number): string {
  const limit = Math.max(4, Math.floor(maxChars));
  if (label.length <= limit) return label;
  const cut = label.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  const kept = space >= limit * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:\-–(/]+$/, "")}…`;
}

/**
 * Tick settings for a category axis, or null when Plotly's own labels fit (no label is longer than
 * `maxChars`; a crowded axis of short labels Plotly thins itself).
 */
export function categoryTicks(categories: readonly (string | number)[], options: CategoryTickOptions): CategoryTicks | null {
  const labels = categories.map(String);
  if (!labels.some((l) => l.length > options.maxChars)) return null;
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, options.maxTicks)));
  const tickvals: (string | number)[] = [];
  const ticktext: string[] = [];
  for (let i = 0; i < labels.length; i += step) {
    tickvals.push(categories[i]);
    ticktext.push(shortLabel(labels[i], options.maxChars));
  }
  return { tickmode: "array", tickvals, ticktext };
}

/** The distinct categories of a figure's traces along one axis, in the order they are first drawn. */
export function traceCategories(data: readonly Record<string, unknown>[], axis: "x" | "y"): (string | number)[] {
  const seen = new Set<string>();
  const out: (string | number)[] = [];
  for (const trace of data) {
    const values = trace[axis];
    if (!Array.isArray(values)) continue;
    for (const v of values) {
      if ((typeof v !== "string" && typeof v !== "number") || seen.has(String(v))) continue;
      seen.add(String(v));
      out.push(v);
    }
  }
  return out;
}
