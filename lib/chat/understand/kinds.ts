// "how many workers are there", "how many quakes are in the data": the plural of a field's whole name, counted
// with nothing after it but "are there"-like words, asks how many different values the field has, also when its
// values are numbers used as labels (Worker 1-6). A count of rows per worker would answer another question.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

const TAIL_WORDS = new Set(words.kindsCountTail.words);

export function kindsCountReading(a: Atoms, best: Candidate, lex: TableLexicon): Candidate | null {
  const plan = best.plan;
  if (plan.intent !== "aggregate" || plan.measure.agg !== "count" || plan.measure.field || plan.groupBy.length > 1 || plan.having) return null;
  if (plan.filters.length || plan.extraMeasures.length || a.filters.length || a.superlative || a.limit !== null || a.sort || a.chart) return null;
  const refs = a.refs.filter((r) => r.turn === 0);
  if (refs.length !== 1) return null;
  const r = refs[0];
  const field = r.cands[0]?.name;
  if (!field || (plan.groupBy.length === 1 && plan.groupBy[0].field !== field)) return null;
  if (!r.countOf || r.group || r.each || r.series || r.facet || r.partial || r.via || r.cands.length !== 1 || r.cands[0].score < 1) return null;
  const { tokens } = a.reading;
  // The field's whole name said as a plural ("workers" for Worker, "voice parts"), then only "are there"-like words.
  const last = tokens[r.end - 1];
  if (last.text === last.lemma) return null;
  if (!tokens.slice(r.end).every((t) => TAIL_WORDS.has(t.lemma) || TAIL_WORDS.has(t.text))) return null;
  const info = lex.byName.get(field);
  // (Numbers used as labels: whole numbers, each said on several rows.)
  if (!info || (info.numbers && !(info.integer && !info.yearLike && (info.discrete || info.distinct * 2 <= info.numbers.length)))) return null;
  const out: AnalysisPlan = { ...plan, measure: { agg: "distinct", field }, groupBy: [], x: null, y: null, sort: null, limit: null, chart: "none" };
  return { ...best, plan: out, notes: best.notes.filter((n) => !n.startsWith("alternative:")) };
}
