// Scoring of the analytic question set (lib/chat/testing/analytic): does a chat reply carry the
// expected answer? The expected answers come from truth.py (pandas), never from our executor.
//
// What the user sees is what is scored: the result table of the reply (keys = the grouping fields
// the reply states in its plan, values = its measure columns), the first figure (raw points of a
// scatter; `layout.meta` for the chart kind and the colour field) and the text of its messages.
// Rules per kind (labels compare case- and space-insensitively, weekday names by their first three
// letters; numbers within the rounding of the result table):
// - scalar: a one-row table whose measure equals the truth (percent kinds: on the 0-100 scale);
// - groups: one grouping; exactly the expected groups, each with its value;
// - groups2: two groupings; exactly the expected (a, b) pairs with their values; when the question
//   names the series (`series`), the figure's colour field is that field;
// - label: the first row of the table holds the expected label and its value, and the text names it;
// - topn: the table's rows in order, each holding the expected label and value, no more rows;
// - rows: the table's rows hold the expected (key, value) cells, in order when `ordered`;
//   (in both, rows whose values tie may come in either order);
// - pairs: the scatter's points are exactly the expected (x, y) pairs (either axis orientation);
//   when the question names a colour (`color`) or a small-multiples field (`facet`), the figure's
//   `layout.meta` has that field in that role;
// - multi: one grouping, each group holding all expected measures (in any column order); with
//   `chart: "scatter"` the figure is a scatter;
// - no-field: no plan, no table, no figure; the text names the missing word and some real field;
// - clarify: no plan, no table, no figure; the text names at least two of the choices (all when
//   two are listed); `alt` readings (e.g. the union of the choices) are accepted instead.
// `output` adds requirements on the form: figure present/absent, table present, chart kind (by family:
// grouped/stacked bars are bar, multiLine is line, every scatter variant is scatter).
// An answer that is not right but shows a number (a table or a figure) is a "wrong number"; it is
// "flagged" when the reply states an assumption (`assumptions` non-empty).

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface OwnQuestion {
  id: string;
  dataset: string;
  type: string;
  turns: string[];
  kind: "scalar" | "groups" | "groups2" | "label" | "topn" | "rows" | "pairs" | "multi" | "no-field" | "clarify";
  percent?: boolean;
  series?: string;
  chart?: string;
  pick?: "max" | "min";
  ordered?: boolean;
  word?: string;
  choices?: string[];
  color?: string;
  facet?: string;
  output?: { figure?: boolean; table?: boolean; chart?: string };
}

export interface Expected {
  value?: number;
  rows?: Cell[][];
  label?: Cell;
  columns?: string[];
  x?: string;
  y?: string;
  pairs?: [number, number][];
  alt?: Expected[];
}

export interface ReplyLike {
  messages: { content: string; figures: { data: Record<string, unknown>[]; layout: Record<string, unknown> }[]; table: Row[] | null }[];
  plan: { intent: string; groupBy: { field: string }[] } | null;
  assumptions?: string[];
}

export interface Verdict {
  right: boolean;
  why: string;
  gaveNumber: boolean;
  flagged: boolean;
  /** Flagged only by routine notes (the default aggregate, the time axis), none about the reading. */
  weaklyFlagged: boolean;
}

// The English wording of the routine notes (lib/chat/i18n.ts assumeAgg, assumeTime): they say how a
// number was combined, not that the reading of the question may be wrong.
const ROUTINE_NOTE = /^(you did not say how to combine .*, so I used the |.* is the time axis$)/;

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

export function normLabel(v: Cell | undefined): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(v);
  const s = v.trim().toLowerCase().replace(/\s+/g, " ");
  if (/^-?\d+(\.0+)?$/.test(s)) return String(Number(s));
  const word = s.replace(/\.$/, "");
  if (word.length >= 3 && /^[a-z]+$/.test(word)) {
    const day = WEEKDAYS.find((d) => d.startsWith(word));
    if (day) return day;
  }
  return s;
}

/** Within the rounding of the result table (lib/chat/format.ts roundForTable) plus a relative 1e-9. */
export function close(actual: Cell | undefined, expected: number): boolean {
  if (typeof actual !== "number" || !Number.isFinite(actual)) return false;
  const abs = Math.abs(expected);
  const step = abs >= 1000 ? 0.0051 : abs >= 1 ? 0.000051 : 0.00000051;
  return Math.abs(actual - expected) <= step + 1e-9 * abs;
}

function answerTable(reply: ReplyLike): Row[] | null {
  for (const m of reply.messages) if (m.table && m.table.length) return m.table;
  return null;
}

function firstFigure(reply: ReplyLike) {
  for (const m of reply.messages) if (m.figures.length) return m.figures[0];
  return null;
}

function meta(reply: ReplyLike): { chart?: string; color?: string | null } | null {
  const f = firstFigure(reply);
  return f ? ((f.layout.meta ?? null) as { chart?: string; color?: string | null } | null) : null;
}

function allText(reply: ReplyLike): string {
  return reply.messages.map((m) => m.content).join("\n");
}

function keyColumns(reply: ReplyLike, table: Row[]): string[] {
  const cols = Object.keys(table[0]);
  return (reply.plan?.groupBy ?? []).map((g) => g.field).filter((f) => cols.includes(f));
}

function valueColumns(table: Row[], keys: string[]): string[] {
  return Object.keys(table[0]).filter((c) => !keys.includes(c) && c !== "rows" && c !== "points" && table.some((r) => typeof r[c] === "number"));
}

function rowHas(row: Row, label: Cell, value: number | null): boolean {
  const cells = Object.values(row);
  const want = normLabel(label);
  if (!cells.some((c) => normLabel(c) === want || sameTime(c, label))) return false;
  return value === null || cells.some((c) => close(c, value) || sameTime(c, value));
}

/** A timestamp expected as text ("2025-06-28T13:16:00Z", "2023-01-17 18:30:00") and shown in another ISO spelling
 * ("...00.000Z"); a time without a zone is UTC, as lib/table reads it. */
function sameTime(actual: Cell | undefined, expected: unknown): boolean {
  const iso = /^\d{4}-\d{2}-\d{2}/;
  if (typeof actual !== "string" || typeof expected !== "string" || !iso.test(actual) || !iso.test(expected)) return false;
  const a = utcTime(actual);
  return Number.isFinite(a) && a === utcTime(expected);
}

function utcTime(text: string): number {
  const t = text.trim().replace(" ", "T");
  if (t.length === 10) return Date.parse(t);
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}Z`);
}

function textHas(text: string, label: Cell): boolean {
  const want = normLabel(label);
  const norm = text.toLowerCase().replace(/\s+/g, " ");
  if (norm.includes(want)) return true;
  // A timestamp named in another ISO spelling ("2023-01-17T18:30:00.000Z" for "2023-01-17 18:30:00").
  if (typeof label === "string" && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(label) && Number.isFinite(utcTime(label))) {
    const iso = new Date(utcTime(label)).toISOString().toLowerCase();
    if (norm.includes(iso) || norm.includes(`${iso.slice(0, 10)} ${iso.slice(11, 16)}`)) return true;
  }
  // Weekdays may be written short ("Mon").
  const day = WEEKDAYS.indexOf(want);
  return day >= 0 && new RegExp(`\\b${want.slice(0, 3)}`).test(norm);
}

type Check = { ok: boolean; why: string };
const ok: Check = { ok: true, why: "" };
const fail = (why: string): Check => ({ ok: false, why });

function checkScalar(reply: ReplyLike, exp: Expected, percent: boolean): Check {
  const table = answerTable(reply);
  if (!table) return fail("no table");
  if (table.length !== 1) return fail(`${table.length} rows, expected one number`);
  if ((reply.plan?.groupBy.length ?? 0) > 0) return fail("grouped answer, expected one number");
  const cols = valueColumns(table, []);
  if (!cols.length) return fail("no number in the table");
  const v = table[0][cols[0]];
  if (!close(v, exp.value!)) return fail(`got ${v}, expected ${exp.value}${percent ? "%" : ""}`);
  return ok;
}

function groupMap(reply: ReplyLike, nKeys: number): { map: Map<string, Cell>; why: string } | null {
  const table = answerTable(reply);
  if (!table) return null;
  const keys = keyColumns(reply, table);
  if (keys.length !== nKeys) return { map: new Map(), why: `${keys.length} grouping(s) in the table, expected ${nKeys}` };
  const vals = valueColumns(table, keys);
  if (!vals.length) return { map: new Map(), why: "no measure column" };
  const map = new Map<string, Cell>();
  // Keys in the reply's own order: two groupings of the same coded levels (treatment 1-4 by block 1-4) would
  // collide if sorted ("1 | 2" for both treatment 1 block 2 and treatment 2 block 1).
  for (const r of table) map.set(keys.map((c) => normLabel(r[c])).join(" | "), r[vals[0]]);
  return { map, why: "" };
}

function checkGroups(reply: ReplyLike, exp: Expected, nKeys: number): Check {
  const got = groupMap(reply, nKeys);
  if (!got) return fail("no table");
  if (got.why) return fail(got.why);
  const rows = exp.rows!;
  if (got.map.size !== rows.length) return fail(`${got.map.size} groups, expected ${rows.length}`);
  // The reply may list the groupings in either order: every expected row is read in one order, the same for all.
  let firstFailure: Check | null = null;
  for (const reversed of nKeys === 2 ? [false, true] : [false]) {
    let failure: Check | null = null;
    for (const r of rows) {
      const parts = r.slice(0, nKeys).map(normLabel);
      const k = (reversed ? parts.reverse() : parts).join(" | ");
      if (!got.map.has(k)) failure = fail(`group ${k} missing`);
      else if (!close(got.map.get(k)!, r[nKeys] as number)) failure = fail(`${k}: got ${got.map.get(k)}, expected ${r[nKeys]}`);
      if (failure) break;
    }
    if (!failure) return ok;
    firstFailure ??= failure;
  }
  return firstFailure!;
}

function checkLabel(reply: ReplyLike, exp: Expected): Check {
  const table = answerTable(reply);
  if (!table) return fail("no table");
  if (!rowHas(table[0], exp.label!, exp.value ?? null)) return fail(`first row ${JSON.stringify(table[0])} is not ${exp.label} (${exp.value})`);
  if (!textHas(allText(reply), exp.label!)) return fail(`text does not name ${exp.label}`);
  return ok;
}

/** Row i of an ordered answer: the expected value, and the label of an expected row with that same value (ties in either order). */
function rowAt(row: Row, rows: Cell[][], i: number): boolean {
  const value = rows[i][1] as number;
  return rows.some((r) => r[1] === value && rowHas(row, r[0], value));
}

function checkTopN(reply: ReplyLike, exp: Expected): Check {
  const table = answerTable(reply);
  if (!table) return fail("no table");
  const rows = exp.rows!;
  if (table.length !== rows.length) return fail(`${table.length} rows, expected ${rows.length}`);
  for (let i = 0; i < rows.length; i++) {
    if (!rowAt(table[i], rows, i)) return fail(`row ${i}: ${JSON.stringify(table[i])}, expected ${rows[i][0]} (${rows[i][1]})`);
  }
  return ok;
}

function checkRows(reply: ReplyLike, exp: Expected, ordered: boolean): Check {
  const table = answerTable(reply);
  if (!table) return fail("no table");
  const rows = exp.rows!;
  if (table.length !== rows.length) return fail(`${table.length} rows, expected ${rows.length}`);
  if (ordered) {
    for (let i = 0; i < rows.length; i++) if (!rowAt(table[i], rows, i)) return fail(`row ${i} is not ${rows[i][0]} (${rows[i][1]})`);
    return ok;
  }
  const used = new Set<number>();
  for (const r of rows) {
    const j = table.findIndex((t, k) => !used.has(k) && rowHas(t, r[0], r[1] as number));
    if (j < 0) return fail(`row ${r[0]} (${r[1]}) missing`);
    used.add(j);
  }
  return ok;
}

function checkPairs(reply: ReplyLike, exp: Expected, q: OwnQuestion): Check {
  const fig = firstFigure(reply);
  if (!fig) return fail("no figure");
  const got: string[] = [];
  const flipped: string[] = [];
  for (const tr of fig.data) {
    if (tr.type !== "scatter" || !Array.isArray(tr.x) || !Array.isArray(tr.y)) continue;
    const xs = tr.x as number[];
    const ys = tr.y as number[];
    for (let i = 0; i < xs.length; i++) {
      got.push(`${xs[i]},${ys[i]}`);
      flipped.push(`${ys[i]},${xs[i]}`);
    }
  }
  const want = exp.pairs!.map(([a, b]) => `${a},${b}`).sort();
  const same = (xs: string[]) =>
    xs.length === want.length &&
    xs
      .slice()
      .sort()
      .every((v, i) => v === want[i]);
  if (!same(got) && !same(flipped)) return fail(`${got.length} points, expected ${want.length} (or different values)`);
  const m = (fig.layout.meta ?? {}) as { color?: string | null; facet?: string | null };
  if (q.color && m.color !== q.color) return fail(`colour ${m.color ?? "none"}, expected ${q.color}`);
  if (q.facet && m.facet !== q.facet) return fail(`small multiples by ${m.facet ?? "none"}, expected ${q.facet}`);
  return ok;
}

function checkMulti(reply: ReplyLike, exp: Expected, chart: string | undefined): Check {
  const table = answerTable(reply);
  if (!table) return fail("no table");
  const keys = keyColumns(reply, table);
  if (keys.length !== 1) return fail(`${keys.length} groupings, expected 1`);
  const vals = valueColumns(table, keys);
  const rows = exp.rows!;
  if (table.length !== rows.length) return fail(`${table.length} groups, expected ${rows.length}`);
  for (const r of rows) {
    const row = table.find((t) => normLabel(t[keys[0]]) === normLabel(r[0]));
    if (!row) return fail(`group ${r[0]} missing`);
    const measures = r.slice(1) as number[];
    const usedCols = new Set<string>();
    for (const m of measures) {
      const col = vals.find((c) => !usedCols.has(c) && close(row[c], m));
      if (!col) return fail(`${r[0]}: no column holds ${m}`);
      usedCols.add(col);
    }
  }
  if (chart === "scatter" && !String(meta(reply)?.chart ?? "").startsWith("scatter")) return fail(`chart ${meta(reply)?.chart ?? "none"}, expected a scatter`);
  return ok;
}

function gaveNumber(reply: ReplyLike): boolean {
  return reply.messages.some((m) => (m.table && m.table.length > 0) || m.figures.length > 0);
}

function checkNoField(reply: ReplyLike, q: OwnQuestion, fieldNames: string[]): Check {
  if (reply.plan || gaveNumber(reply)) return fail("answered with a number");
  const text = allText(reply).toLowerCase();
  const word = q.word!.toLowerCase();
  if (!text.includes(word.replace(/s$/, ""))) return fail(`text does not name "${q.word}"`);
  if (!fieldNames.some((f) => text.includes(f.toLowerCase()))) return fail("text names no existing field");
  return ok;
}

function checkClarify(reply: ReplyLike, q: OwnQuestion): Check {
  if (reply.plan || gaveNumber(reply)) return fail("answered with a number instead of asking");
  const text = allText(reply).toLowerCase();
  const named = q.choices!.filter((c) => text.includes(c.toLowerCase())).length;
  const need = Math.min(2, q.choices!.length);
  if (named < need) return fail(`names ${named} of the choices ${q.choices!.join(", ")}`);
  return ok;
}

function checkOutput(reply: ReplyLike, q: OwnQuestion): Check {
  const out = q.output;
  if (!out) return ok;
  const fig = firstFigure(reply);
  if (out.figure === true && !fig) return fail("a chart was asked for");
  if (out.figure === false && fig) return fail("only the number was asked for");
  if (out.table === true && !answerTable(reply)) return fail("a table was asked for");
  if (out.chart) {
    const chart = String(meta(reply)?.chart ?? "none");
    const family = chart === "groupedBar" || chart === "stackedBar" ? "bar" : chart === "multiLine" ? "line" : chart.startsWith("scatter") ? "scatter" : chart;
    if (family !== out.chart) return fail(`chart ${chart}, expected ${out.chart}`);
  }
  return ok;
}

function checkKind(q: OwnQuestion, exp: Expected, reply: ReplyLike, fieldNames: string[]): Check {
  switch (q.kind) {
    case "scalar":
      return checkScalar(reply, exp, Boolean(q.percent));
    case "groups":
      return checkGroups(reply, exp, 1);
    case "groups2": {
      const c = checkGroups(reply, exp, 2);
      if (!c.ok || !q.series) return c;
      const color = meta(reply)?.color ?? null;
      return color === q.series ? ok : fail(`series ${color ?? "none"}, expected ${q.series}`);
    }
    case "label":
      return checkLabel(reply, exp);
    case "topn":
      return checkTopN(reply, exp);
    case "rows":
      return checkRows(reply, exp, Boolean(q.ordered));
    case "pairs":
      return checkPairs(reply, exp, q);
    case "multi":
      return checkMulti(reply, exp, q.chart);
    case "no-field":
      return checkNoField(reply, q, fieldNames);
    case "clarify":
      return checkClarify(reply, q);
  }
}

export function scoreOwn(q: OwnQuestion, exp: Expected, reply: ReplyLike, fieldNames: string[]): Verdict {
  let check = checkKind(q, exp, reply, fieldNames);
  if (!check.ok && exp.alt) {
    for (const alt of exp.alt) {
      const altKind = q.kind === "clarify" || q.kind === "no-field" ? { ...q, kind: "scalar" as const } : q;
      const c = checkKind(altKind, alt, reply, fieldNames);
      if (c.ok) {
        check = c;
        break;
      }
    }
  }
  if (check.ok) check = checkOutput(reply, q);
  const number = gaveNumber(reply);
  const notes = reply.assumptions ?? [];
  const routine = notes.filter((a) => ROUTINE_NOTE.test(a));
  return { right: check.ok, why: check.why, gaveNumber: number, flagged: notes.length > 0, weaklyFlagged: notes.length > 0 && routine.length === notes.length };
}
