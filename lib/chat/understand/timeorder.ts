// Time order said of one number over a dated table: "what was the latest uspop", "the most recent number of
// deaths", "when did the population first go above 100" ask for the row first or last by the table's time
// field (of the rows the conditions keep), not the largest value nor a count of rows; the answer says how it
// read the word.
import { isTimeField } from "../columns";
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const ORDER = words.timeOrderWords as unknown as { first: string[]; last: string[] };
const PERIOD_NEXT = new Set<string>(grammar.timeorder.periodNext);

export function timeOrderReading(a: Atoms, best: Candidate, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  const plan = best.plan;
  // (A histogram of the number, no chart asked, reads "the first 30-year yield" no better: the row is asked.)
  const histogram = plan.intent === "distribution" && a.chart === null && !plan.filters.length;
  if ((plan.intent !== "aggregate" && !histogram) || plan.groupBy.length || plan.extraMeasures.length || plan.having || plan.within || plan.limit !== null)
    return null;
  if (a.relative.length || a.limit?.n || a.distinct || (a.count && plan.measure.field === null && !plan.filters.length)) return null;
  const times = lex.fields.filter(isTimeField);
  const tf = times.find((f) => f.role === "date") ?? (times.length === 1 ? times[0] : undefined);
  if (!tf) return null;
  const tokens = a.reading.tokens;
  let found: { order: "asc" | "desc"; text: string } | null = null;
  for (let i = 0; i < tokens.length && !found; i++) {
    for (const [key, order] of [
      ["first", "asc"],
      ["last", "desc"],
    ] as const) {
      for (const phrase of ORDER[key]) {
        const ws = phrase.split(" ");
        if (!ws.every((w, k) => tokens[i + k]?.lemma === w)) continue;
        const next = tokens[i + ws.length];
        // ("the last 3 years", "first quarter", "last year": a period, read elsewhere.)
        // ("the latest 10-year yield": a number that starts a field's name is that field.)
        const fieldAfter = a.reading.mentions.some((m) => m.kind === "field" && m.start === i + ws.length);
        if (next && ((next.kind === "number" && !fieldAfter) || PERIOD_NEXT.has(next.lemma))) continue;
        // (A word inside a field's or a value's name is that name.)
        const inside = a.reading.mentions.some((m) => (m.kind === "field" || m.kind === "value") && m.start <= i && i < m.end);
        if (inside) continue;
        found = { order, text: ws.map((_, k) => tokens[i + k].raw).join(" ") };
        break;
      }
    }
  }
  if (!found) return null;
  // The number asked: the measure's field, else the field of a condition ("first go above 100").
  let y = histogram ? plan.x : plan.measure.field;
  if (histogram) {
    if (!y) return null;
  } else if (y === null) {
    const cmp = plan.filters.filter((f) => ["gt", "gte", "lt", "lte"].includes(f.op) && f.field !== tf.name);
    if (cmp.length !== 1) return null;
    y = cmp[0].field;
  } else {
    // An aggregate said outright ("the average of the last ...") is kept; the default one, or the extreme the
    // order word itself was read as ("latest" as the largest), gives way.
    // ("the most recent number of deaths": "number of" a count column is its total, no aggregate asked either.)
    const defaulted = [...best.feats.keys()].some((k) => k.startsWith("measure:defaultAgg") || k === "role:measure|countOf");
    const fromWord = (plan.measure.agg === "max" || plan.measure.agg === "min") && a.superlative !== null;
    if (!defaulted && !fromWord) return null;
  }
  if (y === tf.name || !lex.byName.get(y)?.numbers) return null;
  return {
    plan: { ...plan, intent: "rows", measure: { agg: "count", field: null }, x: tf.name, y, sort: { by: "key", order: found.order }, limit: 1, chart: "table" },
    note: `readAs:the ${found.order === "asc" ? "first" : "last"} row by ${tf.name}:${found.text}`,
  };
}
