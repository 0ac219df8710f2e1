import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

/**
 * "total paid by tenure", "total charges by tenure": an amount said by a whole number of at most MAX_GROUPS values
 * (months of tenure, years of age) asks for the amount in each of its values, the way "total paid by plan" does; read as a scatter of one against the other, the answer gave no figure per value. The grouped reading of
 * the ranking is taken and the scatter is named as the other reading (with the "by" number across). Without a
 * "by"/"per" word, or with a chart or relation word ("scatter", "correlation", "vs"), the scatter stays.
 */
const MAX_GROUPS = 100;

export function byWholeNumberReading(
  a: Atoms,
  best: Candidate,
  ranked: Candidate[],
  lex: TableLexicon,
): { plan: AnalysisPlan; notes: string[]; other: AnalysisPlan } | null {
  const p = best.plan;
  if (p.intent !== "relationship" || !p.x || !p.y || p.groupBy.length || a.relation || a.versus || a.chart || a.which || a.superlative) return null;
  const by = a.refs.filter((r) => r.turn === 0 && r.group && r.before[0] !== "among" && r.cands.length === 1 && [p.x, p.y].includes(r.cands[0].name));
  if (by.length !== 1) return null;
  const field = by[0].cands[0].name;
  const measured = field === p.x ? p.y : p.x;
  // (The measured number is said first: "total paid by tenure", not "by tenure, total paid".)
  const first = a.refs.find((r) => r.turn === 0 && r.cands.some((c) => c.name === measured));
  if (!first || first.pos > by[0].pos) return null;
  const info = lex.byName.get(field);
  if (!info || info.role !== "number" || !info.integer || info.distinct > MAX_GROUPS) return null;
  const grouped = ranked.find(
    (c) =>
      c.plan.intent === "aggregate" &&
      c.plan.groupBy.length === 1 &&
      c.plan.groupBy[0].field === field &&
      !c.plan.groupBy[0].bucket &&
      c.plan.measure.field === measured &&
      !c.plan.extraMeasures.length &&
      JSON.stringify(c.plan.filters) === JSON.stringify(p.filters),
  );
  // (Only an amount that adds up, totalled: "total paid by tenure" is the money of each month of tenure; a score by a
  // score, "IMDB rating by Rotten Tomatoes rating", averaged, is how the two go together: the scatter.)
  if (!grouped || grouped.plan.measure.agg !== "sum") return null;
  return { plan: grouped.plan, notes: grouped.notes.filter((n) => n.startsWith("defaultAgg:")), other: { ...p, x: field, y: measured } };
}

/** A mode over a number of more values than this is better answered by its most common range (the histogram). */
const MODE_VALUES = 50;

/**
 * "what is the most common rating", "the least frequent number of seats": the mode of a number of at most MODE_VALUES
 * values is the value held by the most rows (a count of the rows of each value, ranked), as for a category; a
 * histogram's most common range answers it only roughly. ("distribution of rating", "histogram" keep the histogram.)
 */
export function modeOfNumberReading(a: Atoms, best: Candidate, ranked: Candidate[], lex: TableLexicon): AnalysisPlan | null {
  const p = best.plan;
  if (p.intent !== "distribution" || !p.x || !a.superlative || !a.count || a.distribution || a.chart || p.binWidth || p.binCount) return null;
  // ("most common", "least frequent": the superlative right before a frequency word; "count ... best" is no mode.)
  const { mentions, at } = a.reading;
  const sup = at[a.superlativePos] >= 0 ? mentions[at[a.superlativePos]] : undefined;
  const next = sup && at[sup.end] !== undefined && at[sup.end] >= 0 ? mentions[at[sup.end]] : undefined;
  if (!next || next.kind !== "word" || !next.hits.some((h) => h.category === "count")) return null;
  const x = p.x;
  if (!a.refs.some((r) => r.turn === 0 && r.countOf && r.cands.length === 1 && r.cands[0].name === x)) return null;
  const info = lex.byName.get(x);
  if (!info || info.role !== "number" || info.distinct > MODE_VALUES) return null;
  const counted = ranked.find(
    (c) =>
      c.plan.intent === "aggregate" &&
      c.plan.measure.agg === "count" &&
      !c.plan.measure.field &&
      !c.plan.extraMeasures.length &&
      c.plan.groupBy.length === 1 &&
      c.plan.groupBy[0].field === x &&
      !c.plan.groupBy[0].bucket &&
      JSON.stringify(c.plan.filters) === JSON.stringify(p.filters),
  );
  return counted ? { ...counted.plan, sort: { by: "value", order: a.superlative === "min" ? "asc" : "desc" } } : null;
}
