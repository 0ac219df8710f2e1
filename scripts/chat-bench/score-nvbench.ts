// Scoring of nvbench-dev answers (the rule of /work/shared/datasets/nvbench-dev/README.md):
// data right when the answer's (x, y) pairs - from its result table, or from the scatter's points
// for scatter cases - equal the gold pairs up to label case and whitespace, numbers within 1e-6
// relative (0.5% for averages; values rounded to 2 decimals accepted; percentage shares accepted
// for a pie of amounts); order matters only when the case sets `order`, and then ties in the sort
// key may come in any order. Gold rows listed as `optional` (empty weekday bins) may be present
// with their value or absent. Weekday names compare by their first three letters ("Thur" = "Thu").
// Chart type right when the figure's kind is the case's chart (bar: bar, grouped or stacked bars;
// line: line or multi-line; scatter: any scatter; pie: pie). Both are reported separately.
import { normLabel, type Cell, type Row } from "./score-own";

export interface NvCase {
  id: string;
  question: string;
  paraphrases: string[];
  chart: "bar" | "pie" | "line" | "scatter";
  x: string;
  y: string;
  y_agg: "count" | "sum" | "avg" | "min" | "max" | "none";
  order: { by: "x" | "y"; dir: "asc" | "desc" } | null;
  gold: { x: Cell; y: number }[];
  optional: { x: Cell; y: number }[];
  table: string;
}

interface ReplyLike {
  messages: { figures: { data: Record<string, unknown>[]; layout: Record<string, unknown> }[]; table: Row[] | null }[];
  plan: { intent: string; groupBy: { field: string }[] } | null;
}

export interface NvVerdict {
  dataRight: boolean;
  chartRight: boolean;
  why: string;
  chart: string;
}

const FAMILY: Record<string, string> = {
  bar: "bar",
  groupedBar: "bar",
  stackedBar: "bar",
  line: "line",
  multiLine: "line",
  scatter: "scatter",
  scatterColor: "scatter",
  scatterFaceted: "scatter",
  pie: "pie",
  histogram: "histogram",
};

function numClose(a: number, b: number, avg: boolean): boolean {
  if (!Number.isFinite(a)) return false;
  const tol = Math.max(1e-6 * Math.abs(b), avg ? 0.005 * Math.abs(b) : 0, 1e-9);
  return Math.abs(a - b) <= tol || Math.abs(a - Math.round(b * 100) / 100) <= 1e-9 || Math.abs(a - b) <= 0.005 + 1e-9;
}

function pairsOf(c: NvCase, reply: ReplyLike): { pairs: [string, number][]; why: string } {
  if (c.chart === "scatter") {
    const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
    const out: [string, number][] = [];
    for (const tr of fig?.data ?? []) {
      if (tr.type !== "scatter" || !Array.isArray(tr.x) || !Array.isArray(tr.y)) continue;
      (tr.x as Cell[]).forEach((x, i) => out.push([normLabel(x), Number((tr.y as Cell[])[i])]));
    }
    if (out.length) return { pairs: out, why: "" };
  }
  const table = reply.messages.find((m) => m.table && m.table.length)?.table;
  if (!table) return { pairs: [], why: "no table" };
  const cols = Object.keys(table[0]);
  const keys = (reply.plan?.groupBy ?? []).map((g) => g.field).filter((f) => cols.includes(f));
  const xCol = cols.includes(c.x) ? c.x : keys[0];
  if (!xCol) return { pairs: [], why: `no column for ${c.x}` };
  const numeric = (col: string) => table.some((r) => typeof r[col] === "number");
  const yCol =
    c.y_agg === "none" && cols.includes(c.y) && c.y !== xCol ? c.y : cols.find((col) => col !== xCol && !keys.includes(col) && col !== "rows" && numeric(col));
  if (!yCol) return { pairs: [], why: "no value column" };
  return { pairs: table.map((r) => [normLabel(r[xCol]), Number(r[yCol])]), why: "" };
}

function sameData(c: NvCase, got: [string, number][], scale: number): string {
  const avg = c.y_agg === "avg";
  const optional = new Map(c.optional.map((o) => [normLabel(o.x), o.y]));
  const filtered = got.filter(([x, y]) => !(optional.has(x) && !c.gold.some((g) => normLabel(g.x) === x) && numClose(y * scale, optional.get(x)!, avg)));
  const gold = c.gold.map((g) => [normLabel(g.x), g.y] as [string, number]);
  if (filtered.length !== gold.length) return `${filtered.length} pairs, expected ${gold.length}`;
  if (c.order) {
    // The answer's order, with ties in the sort key free.
    const key = (p: [string, number]) => (c.order!.by === "x" ? p[0] : String(p[1]));
    let i = 0;
    while (i < gold.length) {
      let j = i;
      while (j + 1 < gold.length && key(gold[j + 1]) === key(gold[i])) j++;
      const block = gold.slice(i, j + 1);
      const mine = filtered.slice(i, j + 1);
      if (!matchAll(block, mine, avg || scale !== 1, scale)) return `order or values differ at position ${i}`;
      i = j + 1;
    }
    return "";
  }
  return matchAll(gold, filtered, avg || scale !== 1, scale) ? "" : "values differ";
}

function matchAll(gold: [string, number][], got: [string, number][], avg: boolean, scale: number): boolean {
  const used = new Set<number>();
  for (const [gx, gy] of gold) {
    const k = got.findIndex(([x, y], idx) => !used.has(idx) && x === gx && numClose(y * scale, gy, avg));
    if (k < 0) return false;
    used.add(k);
  }
  return true;
}

export function scoreNv(c: NvCase, reply: ReplyLike): NvVerdict {
  const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
  const chart = String((fig?.layout.meta as { chart?: string } | undefined)?.chart ?? "none");
  const chartRight = FAMILY[chart] === c.chart;
  const { pairs, why } = pairsOf(c, reply);
  if (why) return { dataRight: false, chartRight, why, chart };
  let diff = sameData(c, pairs, 1);
  // Percentage shares of a pie of amounts: compare after scaling the gold to 100.
  if (diff && c.chart === "pie") {
    const total = c.gold.reduce((s, g) => s + g.y, 0) + c.optional.reduce((s, g) => s + g.y, 0);
    const got = pairs.reduce((s, p) => s + p[1], 0);
    if (total > 0 && Math.abs(got - 100) < 0.5) diff = sameData(c, pairs, total / 100);
  }
  return { dataRight: diff === "", chartRight, why: diff, chart };
}
