// The period right before or after the highest (lowest) one: "what was revenue in the month before the peak", "how
// many signups the month right after the lowest point", "visits in the month after revenue peaked", "discoveries in
// the year after the record year". The words are taken out of the last turn before it is read (the rest is read as
// usual: "what was revenue"); the plan read is then given the one period as a filter on the time field, found by
// ranking the periods by the measure (or by the field said before "peaked"), and the answer says which period it
// took and why. Pure: no I/O (words.json `neighbourOfExtreme`).
import type { Table } from "../table/types";
import { type FieldInfo, isTimeField } from "./columns";
import { executePlan } from "./execute";
import { type AnalysisPlan, asAggregate, type Filter, type Measure } from "./plan";
import { nameWords } from "./understand/lexicon";
import words from "./vocab/words.json";
import grammar from "./vocab/grammar.json";

const W = words.neighbourOfExtreme;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alt = (list: string[]) =>
  list
    .map((p) => esc(p).replace(/ /g, "\\s+"))
    .sort((a, b) => b.length - a.length)
    .join("|");

const GRAIN = `(${alt(W.grains)})s?`;
const PHRASE = new RegExp(
  `(?:\\b(?:in|during|for|on|of)\\s+)?(?:\\bthe\\s+)?\\b${GRAIN}\\s+(?:(?:${alt(W.fillers)})\\s+)?(${alt([...W.before, ...W.after])})\\s+` +
    `(?:(?:the|its)\\s+)?(?:(${alt([...W.max, ...W.min])})(?:\\s+(?:${alt(W.pointNouns)}|${alt(W.grains)}))?\\b|` +
    `([a-z][a-z _.]*?)\\s+(${alt([...W.peakVerbs, ...W.lowVerbs])})\\b)`,
  "i",
);

export interface NeighbourAsk {
  /** The words read ("the month before the peak"). */
  text: string;
  grain: "year" | "month" | "day";
  offset: -1 | 1;
  extreme: "max" | "min";
  /** The words naming the field ranked ("revenue" of "after revenue peaked"), when said. */
  rankWords: string | null;
}

/** The turn without the words of a neighbour of an extreme, and what they ask; null when it has none. */
export function readNeighbour(turn: string): { turn: string; ask: NeighbourAsk } | null {
  const m = PHRASE.exec(turn);
  if (!m) return null;
  const [whole, grain, side, extremeWord, rankWords, verb] = m;
  const lower = (s: string) => s.toLowerCase().replace(/\s+/g, " ");
  const extreme = extremeWord ? (W.min.includes(lower(extremeWord)) ? "min" : "max") : W.lowVerbs.includes(lower(verb)) ? "min" : "max";
  const offset = W.before.includes(lower(side)) ? -1 : 1;
  const rest = `${turn.slice(0, m.index)} ${turn.slice(m.index + whole.length)}`
    .replace(/\s+/g, " ")
    .replace(/\s+([?.!,])/g, "$1")
    .trim();
  return {
    turn: rest,
    ask: { text: whole.trim(), grain: lower(grain) as NeighbourAsk["grain"], offset, extreme, rankWords: rankWords ? lower(rankWords).trim() : null },
  };
}

const RANKABLE = new Set<string>(grammar.neighbour.rankable);

/**
 * The plan with the neighbour period as a filter on the one time field, and the note saying so; null when the plan
 * is not one number over a dated table, or the extreme has no neighbour in the data (the words are then said unused).
 */
export function resolveNeighbour(table: Table, fields: FieldInfo[], read: AnalysisPlan, ask: NeighbourAsk): { plan: AnalysisPlan; note: string } | null {
  const plan = oneNumber(read, fields);
  if (!plan || plan.change || plan.having || !RANKABLE.has(plan.measure.agg)) return null;
  // The time field: the one the question filters on, else the first (order_date before ship_date), stated.
  const times = fields.filter(isTimeField);
  const time = times.find((f) => plan.filters.some((x) => x.field === f.name)) ?? times[0];
  if (!time) return null;
  if (time.role !== "date" && ask.grain !== "year") return null;
  // The field ranked: the one said before "peaked", else the measure itself.
  let measure: Measure = plan.measure;
  if (ask.rankWords) {
    const said = nameWords(ask.rankWords).join(" ");
    const named = fields.find((f) => f.role === "number" && nameWords(f.name).join(" ") === said);
    if (!named) return null;
    measure = { agg: plan.measure.agg === "count" ? "sum" : plan.measure.agg, field: named.name };
  }
  const bucket = time.role === "date" ? ask.grain : null;
  const ranked = executePlan(table, {
    ...plan,
    measure,
    extraMeasures: [],
    groupBy: [{ field: time.name, bucket }],
    sort: null,
    limit: null,
    chart: "bar",
  });
  if (ranked.kind !== "aggregate") return null;
  const rows = ranked.rows.filter((r) => Number.isFinite(r.value)).sort((x, y) => Number(x.keys[0]) - Number(y.keys[0]));
  if (rows.length < 2) return null;
  let at = 0;
  for (let k = 1; k < rows.length; k++) if (ask.extreme === "max" ? rows[k].value > rows[at].value : rows[k].value < rows[at].value) at = k;
  const next = rows[at + ask.offset];
  if (!next) return null;
  const value = time.role === "date" ? next.labels[0] : Number(next.keys[0]);
  const filter: Filter = { field: time.name, op: "eq", values: [value] };
  const side = ask.offset < 0 ? "before" : "after";
  const which = ask.extreme === "max" ? "highest" : "lowest";
  const what = `${measure.agg === "count" ? "number of rows" : `${measure.agg === "sum" ? "total" : measure.agg} ${measure.field}`}`;
  const by = times.length > 1 ? ` by ${time.name}` : "";
  return {
    plan: { ...plan, filters: [...plan.filters.filter((f) => f.field !== time.name), filter] },
    note: `readAs:${next.labels[0]}, the ${ask.grain} ${side} the ${which} ${what}${by} (${rows[at].labels[0]}):${ask.text}`,
  };
}

/**
 * The rest of the turn read as one number: "what was revenue" (a histogram of revenue when read alone) and "how many
 * discoveries were made" (rows counted by discoveries) are the total of that number field in the period.
 */
function oneNumber(plan: AnalysisPlan, fields: FieldInfo[]): AnalysisPlan | null {
  const number = (name: string | null | undefined) => fields.find((f) => f.name === name && f.role === "number" && !f.yearLike);
  const total = (field: string): AnalysisPlan =>
    asAggregate(plan, { measure: { agg: "sum", field }, extraMeasures: [], groupBy: [], sort: null, limit: null, chart: "none" });
  if (plan.intent === "aggregate" && !plan.groupBy.length && !plan.extraMeasures.length) return plan;
  if (plan.intent === "distribution" && number(plan.x)) return total(plan.x!);
  if (plan.intent === "aggregate" && plan.measure.agg === "count" && plan.groupBy.length === 1 && number(plan.groupBy[0].field))
    return total(plan.groupBy[0].field);
  return null;
}
