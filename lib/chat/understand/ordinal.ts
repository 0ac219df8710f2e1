import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import { ORDINAL_RANKS } from "./vocabulary";

/**
 * "which feed has the second lowest average weight": an ordinal word right before the superlative ranks the
 * groups and picks the one that far from the top (or bottom): plan.within keeps the first N groups in the
 * superlative's order, then sort and limit pick the last of them. Only over a ranked grouping (the label
 * answer); the answer says how it read the words.
 */
export function ordinalRankReading(a: Atoms, plan: AnalysisPlan): { plan: AnalysisPlan; text: string; word: string } | null {
  if (!a.superlative || a.superlativePos < 1 || plan.within) return null;
  const tokens = a.reading.tokens;
  const word = tokens[a.superlativePos - 1];
  const n = ORDINAL_RANKS[word.text] ?? ORDINAL_RANKS[word.lemma];
  if (!n) return null;
  const order = a.superlative === "max" ? "desc" : "asc";
  const other = order === "desc" ? "asc" : "desc";
  const text = `${word.raw} ${tokens[a.superlativePos].raw}`;
  // "which island is the second biggest": rows already ranked by one number, the row that far down.
  if (plan.intent === "rows" && plan.y && !plan.x && plan.sort?.by === "value" && plan.sort.order === order)
    return { plan: { ...plan, within: { order, limit: n }, sort: { by: "value", order: other }, limit: 1 }, text, word: word.raw };
  if (plan.intent !== "aggregate" || plan.having || plan.extraMeasures.length) return null;
  // "the second largest girth": one number, the value of the row ranked that far (rows ranked by the field).
  if (!plan.groupBy.length && plan.measure.field && plan.measure.agg === a.superlative) {
    const rows: AnalysisPlan = {
      ...plan,
      intent: "rows",
      measure: { agg: "count", field: null },
      x: null,
      y: plan.measure.field,
      sort: { by: "value", order: other },
      limit: 1,
      within: { order, limit: n },
      chart: "table",
    };
    return { plan: rows, text, word: word.raw };
  }
  if (plan.groupBy.length !== 1 || plan.sort?.by !== "value" || plan.sort.order !== order) return null;
  return { plan: { ...plan, within: { order, limit: n }, sort: { by: "value", order: other }, limit: 1 }, text, word: word.raw };
}

/**
 * "which tree has the largest volume" over rows already ranked by that number: "which" then a singular row
 * noun asks for one row (the one at the top; rows tied with it are shown too), not every row sorted.
 */
export function whichRowReading(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  if (!a.superlative || a.list || a.output.rows || plan.within) return null;
  if (plan.intent !== "rows" || plan.limit !== null || plan.x !== null || !plan.y || plan.sort?.by !== "value") return null;
  const { tokens, mentions, at } = a.reading;
  const k = tokens.findIndex((t) => t.lemma === "which");
  const noun = tokens[k + 1];
  const m = k >= 0 && noun ? mentions[at[k + 1]] : undefined;
  const rowNoun = !!m && m.kind === "word" && m.start === k + 1 && m.end === k + 2 && m.hits.some((h) => h.category === "rowNoun");
  if (!rowNoun || noun.text !== noun.lemma) return null;
  return { ...plan, limit: 1 };
}
