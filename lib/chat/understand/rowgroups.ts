// "average education in provinces where agriculture is under 20" over a table with one row per province: the
// plural names the rows the average is taken over, not a grouping (a grouping by a field whose every value is
// one row would show each row's own number as its "average"). After the ranking: when the only grouping is such
// a field, named as a plural noun that no grouping, ranking, "which" or sort word governs, in a question whose
// aggregate combines numbers (average, total, median), the grouping is dropped and the answer says how it read
// the plural.
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const COMBINING = new Set<string>(grammar.rowgroups.combining);

/** The plan without a grouping by the rows' own names, and the plural read as the rows; else null. */
export function dropRowGroupings(a: Atoms, lex: TableLexicon, plan: AnalysisPlan): { plan: AnalysisPlan; text: string; field: string } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.groupBy[0].bucket != null) return null;
  if (
    !COMBINING.has(plan.measure.agg) ||
    (plan.extraMeasures ?? []).some((m) => !COMBINING.has(m.agg)) ||
    plan.sort ||
    plan.limit != null ||
    plan.having ||
    plan.within
  )
    return null;
  if (a.superlative || a.chart) return null;
  const field = plan.groupBy[0].field;
  const info = lex.byName.get(field);
  if (!info?.codes || (info.role !== "category" && info.role !== "text")) return null;
  let present = 0;
  for (const c of info.codes) if (c >= 0) present++;
  if (present < 5 || info.distinct < present) return null;
  const refs = a.refs.filter((r) => r.cands.some((c) => c.name === field));
  if (refs.length !== 1) return null;
  const r = refs[0];
  const tokens = a.reading.tokens;
  const plural = r.end - r.pos === 1 && tokens[r.pos] && tokens[r.pos].text.toLowerCase() !== tokens[r.pos].lemma;
  if (r.turn !== 0 || !plural || r.via) return null;
  if (r.group || r.each || r.series || r.facet || r.xAxis || r.yAxis || r.afterWhich || r.ranked || r.sortBy || r.countOf || r.distinctOf) return null;
  return { plan: { ...plan, groupBy: [], chart: "none", x: null, y: null }, text: r.text, field };
}
