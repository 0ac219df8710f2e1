// "Which order had the highest deltavalue?", "which order took the longest to ship?" (a derived number of few values):
// after "which" and the rows' own noun, a superlative right before a number field ranks the rows by that number. A
// count of rows by the number's values ("3 days: 112 orders") answers another question, which a field of few whole
// numbers otherwise draws the scoring to.
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

export function rankedRowsReading(a: Atoms, best: Candidate, ranked: Candidate[], lex: TableLexicon): AnalysisPlan | null {
  const plan = best.plan;
  if (plan.intent !== "aggregate" || plan.measure.agg !== "count" || plan.groupBy.length !== 1 || plan.filters.length || plan.having) return null;
  const field = lex.byName.get(plan.groupBy[0].field);
  if (!field || field.role !== "number" || field.yearLike) return null;
  const tokens = a.reading.tokens;
  const mentions = a.reading.mentions;
  const hit = (k: number, category: string) =>
    mentions.some((m) => m.kind === "word" && m.start <= k && k < m.end && m.hits.some((h) => h.category === category));
  // "which order": the question word, then (after "the") the rows' noun.
  const which = tokens.findIndex((t) => t.lemma === "which" || t.lemma === "what");
  let noun = which + 1;
  if (tokens[noun]?.lemma === "the") noun++;
  if (which < 0 || !hit(noun, "rowNoun")) return null;
  // "the highest deltavalue": the superlative right before the field (after "the").
  const ref = a.refs.find((r) => r.turn === 0 && r.cands.some((c) => c.name === field.name));
  if (!ref) return null;
  let sup = ref.pos - 1;
  if (!hit(sup, "superlative")) return null;
  while (sup > noun && hit(sup - 1, "superlative")) sup--;
  if (sup <= noun) return null;
  const rows = ranked.find((c) => c.plan.intent === "rows" && c.plan.y === field.name && c.plan.sort !== null && !c.plan.filters.length);
  if (!rows) return null;
  const one = tokens[noun].text === tokens[noun].lemma;
  return { ...rows.plan, limit: one ? 1 : rows.plan.limit };
}
