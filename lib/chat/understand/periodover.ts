// Period over period and running totals, after the ranking: "month-over-month growth of revenue", "YoY change in
// sign-ups", "monthly order growth rate" (each period against the one before: measure.fromPrevious, as a percent of
// it when growth is asked: fromPreviousPercent), "cumulative revenue by month", "running total of orders" (each
// period plus every period before it: measure.cumulative). The time field is the one the reading groups by, else the
// one its filters name, else the table's one date field, else the one dating the start of a row's story; stated.
import type { AnalysisPlan, Measure, TimeBucket } from "../plan";
import shapes from "../vocab/shapes.json";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { addsUp, isTimeName, nameWords, type TableLexicon } from "./lexicon";
import type { Token } from "./tokens";

const W = words.periodOverPeriod;
const GRAIN_WORDS: Record<string, TimeBucket> = W.grains as Record<string, TimeBucket>;
const SHORT_FORMS: Record<string, TimeBucket> = W.shortForms as Record<string, TimeBucket>;
const GROWTH = new Set(W.growth);
const PERCENT = new Set(W.percent);
const CHANGE = new Set(W.change);
const RUNNING = W.running.map((p) => p.split(" "));
const START_WORDS = new Set(shapes.eventDates.startWords);

export interface PeriodReading {
  plan: AnalysisPlan;
  note: string;
  /** Token positions the reading used (their words are no longer unknown). */
  used: number[];
}

/** "month over month", "year-on-year", "YoY": the grain and the positions of its words. */
export function periodOverPhrase(tokens: Token[]): { grain: TimeBucket; from: number; to: number } | null {
  for (let k = 0; k < tokens.length; k++) {
    const short = SHORT_FORMS[tokens[k].text];
    if (short) return { grain: short, from: k, to: k + 1 };
    const g = GRAIN_WORDS[tokens[k].lemma];
    if (g && ["over", "on"].includes(tokens[k + 1]?.lemma ?? "") && GRAIN_WORDS[tokens[k + 2]?.lemma ?? ""] === g) return { grain: g, from: k, to: k + 3 };
  }
  return null;
}

/** Where the words of a running total are ("cumulative", "running total"), or null. */
export function runningPhrase(tokens: Token[]): { from: number; to: number } | null {
  for (let k = 0; k < tokens.length; k++)
    for (const p of RUNNING) if (p.every((w, i) => tokens[k + i]?.lemma === w || tokens[k + i]?.text === w)) return { from: k, to: k + p.length };
  return null;
}

/** The time field to step along: the reading's time grouping, a time filter's field, the one date field, the start date. */
function timeField(plan: AnalysisPlan, lex: TableLexicon): string | null {
  const grouped = plan.groupBy.filter((g) => isTimeName(lex, g.field));
  if (grouped.length === 1) return grouped[0].field;
  if (grouped.length) return null;
  const filtered = [...new Set(plan.filters.filter((f) => isTimeName(lex, f.field)).map((f) => f.field))];
  if (filtered.length === 1) return filtered[0];
  const dates = lex.fields.filter((f) => f.role === "date");
  if (dates.length === 1) return dates[0].name;
  const starts = dates.filter((f) => nameWords(f.name).some((w) => START_WORDS.has(w)));
  return starts.length === 1 ? starts[0].name : null;
}

/**
 * The measure to step or add up: a sum, count, mean...; a "rate" whose condition is a period ("growth rate in 2024",
 * the rate word being part of "growth rate") is the count of that period's rows; a share of a field is its total.
 */
function steppable(plan: AnalysisPlan, lex: TableLexicon): { measure: Measure; filters: AnalysisPlan["filters"] } | null {
  const m = plan.measure;
  if (m.per || m.each || m.fromPrevious || m.cumulative || m.agg === "firstLast" || plan.having || plan.change || plan.within || plan.extraMeasures.length)
    return null;
  if (m.agg === "rate" && m.condition && !m.condition.or && !m.condition.and && isTimeName(lex, m.condition.field))
    return { measure: { agg: "count", field: null }, filters: [...plan.filters, m.condition] };
  if (m.agg === "rate" || m.agg === "share") {
    if (m.agg === "share" && m.field) {
      const info = lex.byName.get(m.field);
      if (info && !isTimeName(lex, m.field)) return { measure: { agg: addsUp(info) ? "sum" : "mean", field: m.field }, filters: plan.filters };
    }
    return null;
  }
  return { measure: { agg: m.agg, field: m.field }, filters: plan.filters };
}

function grainOf(a: Atoms, tokens: Token[], plan: AnalysisPlan): TimeBucket | null {
  if (a.bucket && !["weekday", "monthOfYear", "hourOfDay", "decade"].includes(a.bucket)) return a.bucket;
  for (const t of tokens) if (GRAIN_WORDS[t.lemma] && t.lemma !== t.text && /ly$/.test(t.text)) return GRAIN_WORDS[t.lemma];
  for (const t of tokens) if (/ly$/.test(t.text) && GRAIN_WORDS[t.text]) return GRAIN_WORDS[t.text];
  return plan.groupBy[0]?.bucket ?? null;
}

/** "month-over-month growth of revenue", "yoy change", "monthly order growth rate": each period against the one before. */
export function periodOverReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): PeriodReading | null {
  if (plan.intent !== "aggregate") return null;
  const tokens = a.reading.tokens;
  const phrase = periodOverPhrase(tokens);
  const growthAt = tokens.findIndex((t) => GROWTH.has(t.lemma));
  const percentChangeAt = tokens.findIndex((t, k) => (PERCENT.has(t.lemma) || PERCENT.has(t.text)) && CHANGE.has(tokens[k + 1]?.lemma ?? ""));
  const changeAt = tokens.findIndex((t) => CHANGE.has(t.lemma));
  // Without "X over X", growth needs a grain ("monthly growth", "growth by month"); two periods named are change.ts's.
  if (!phrase && growthAt < 0) return null;
  if (!phrase && (a.superlative || plan.filters.some((f) => isTimeName(lex, f.field) && f.op === "between"))) return null;
  const grain = phrase?.grain ?? grainOf(a, tokens, plan);
  if (!grain) return null;
  const percent = growthAt >= 0 || percentChangeAt >= 0 || changeAt < 0;
  const field = timeField(plan, lex);
  const base = steppable(plan, lex);
  if (!field || !base) return null;
  const info = lex.byName.get(field)!;
  const used = phrase ? range(phrase.from, phrase.to) : [];
  for (const k of [growthAt, percentChangeAt, percentChangeAt >= 0 ? percentChangeAt + 1 : -1, changeAt]) if (k >= 0) used.push(k);
  // "growth rate": the rate word is the growth's.
  if (growthAt >= 0 && tokens[growthAt + 1]?.lemma === "rate") used.push(growthAt + 1);
  const said = tokens
    .slice(Math.min(...used), Math.max(...used) + 1)
    .map((t) => t.raw)
    .join(" ");
  const bucket = info.role === "date" ? grain : null;
  const what = `${percent ? "the percent change" : "the change"} from the ${grain} before`;
  return {
    plan: {
      ...plan,
      measure: { ...base.measure, fromPrevious: true, ...(percent ? { fromPreviousPercent: true } : {}) },
      filters: base.filters,
      groupBy: [{ field, bucket }, ...seriesOf(plan, field)],
      sort: null,
      limit: null,
      chart: seriesOf(plan, field).length ? "multiLine" : "bar",
    },
    note: `readAs:${what} (${field} by ${grain}):${said}`,
    used,
  };
}

/** "cumulative revenue by month", "running total of orders per month": each period plus every period before it. */
export function runningTotalReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): PeriodReading | null {
  if (plan.intent !== "aggregate") return null;
  const tokens = a.reading.tokens;
  const phrase = runningPhrase(tokens);
  if (!phrase) return null;
  const base = steppable(plan, lex);
  if (!base || (base.measure.agg !== "sum" && base.measure.agg !== "count")) return null;
  const field = timeField(plan, lex);
  if (!field) return null;
  const info = lex.byName.get(field)!;
  const grain = plan.groupBy[0]?.field === field ? plan.groupBy[0].bucket : grainOf(a, tokens, plan);
  if (info.role === "date" && !grain) return null;
  const used = range(phrase.from, phrase.to);
  const said = used.map((k) => tokens[k].raw).join(" ");
  return {
    plan: {
      ...plan,
      measure: { ...base.measure, cumulative: true },
      filters: base.filters,
      groupBy: [{ field, bucket: info.role === "date" ? grain : null }, ...seriesOf(plan, field)],
      sort: null,
      limit: null,
      chart: seriesOf(plan, field).length ? "multiLine" : plan.chart === "bar" || plan.chart === "line" ? plan.chart : "line",
    },
    note: `readAs:a running total, each ${grain ?? "value"} with all before it (${field} by ${grain ?? "value"}):${said}`,
    used,
  };
}

/** The reading's one other grouping ("by country"): each of its groups is a series stepped (added up) on its own. */
function seriesOf(plan: AnalysisPlan, time: string): AnalysisPlan["groupBy"] {
  const others = plan.groupBy.filter((g) => g.field !== time);
  return others.length === 1 && plan.groupBy.length <= 2 ? [others[0]] : [];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
