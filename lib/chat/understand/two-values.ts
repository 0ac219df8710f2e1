// "How much longer is the average wait at Northside than at Lakeview?", "what's the gap between cardiology and
// dermatology in average bill?": one value of a category field set against another, asked as how much: the measure for
// the first minus the measure for the second, one number (plan.change on the category field, answered by
// lib/chat/change.ts with both figures), not the two groups side by side nor one of them dropped.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";

const HOW_MUCH = words.twoValueDifference.howMuch.map((p) => p.split(" "));
const LOWER = new Set(words.twoValueDifference.lower);
const COMPARATIVES = new Set([...words.compareQuestion.comparatives, ...words.periodChange.higher, ...words.periodChange.lower]);
const LEADS = new Set(words.rangeAsked.lead);
const MEASURES = new Set(["sum", "mean", "median", "count", "min", "max", "distinct", "std"]);

export function twoValuesReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.change || plan.having || plan.within || plan.extraMeasures.length) return null;
  if (!MEASURES.has(plan.measure.agg) || plan.measure.each || plan.measure.per || plan.measure.fromPrevious) return null;
  // The two values: one listed atom ("West and South") or two atoms of the same category field.
  const said: { value: string | number; pos: number }[] = [];
  let field: string | null = null;
  for (const atom of a.filters) {
    if (atom.kind !== "value" || atom.negated || atom.options.length !== 1) continue;
    const f = atom.options[0].filter;
    const info = lex.byName.get(f.field);
    if (!info || (info.role !== "category" && info.role !== "text") || (f.op !== "eq" && f.op !== "in")) continue;
    if (field && field !== f.field) return null;
    field = f.field;
    f.values.forEach((v, k) => said.push({ value: v, pos: atom.pos + k }));
  }
  if (!field || said.length !== 2 || said[0].value === said[1].value) return null;
  if (plan.groupBy.some((g) => g.field !== field)) return null;
  const tokens = a.reading.tokens;
  const lemma = (k: number) => tokens[k]?.lemma ?? "";
  const [first, second] = [...said].sort((x, y) => x.pos - y.pos);
  let turned = false;
  const than = tokens.findIndex((t, k) => t.lemma === "than" && k > first.pos && k <= second.pos);
  const howMuch = tokens.findIndex((_, i) => HOW_MUCH.some((ws) => ws.every((w, k) => lemma(i + k) === w)));
  if (than >= 0 && howMuch >= 0 && howMuch < first.pos) {
    // "how much longer ... A than B": a comparative between the opening and A.
    const comparative = tokens.findIndex((t, k) => k > howMuch && k < than && COMPARATIVES.has(t.lemma));
    if (comparative < 0) return null;
    turned = LOWER.has(tokens[comparative].lemma);
  } else {
    // "the gap between A and B", "the difference in bill between A and B".
    const lead = tokens.findIndex((t, k) => LEADS.has(t.lemma) && k < first.pos && tokens.slice(k + 1, first.pos).some((x) => x.lemma === "between"));
    if (lead < 0 || than >= 0) return null;
  }
  const [to, from] = turned ? [second.value, first.value] : [first.value, second.value];
  return {
    ...plan,
    groupBy: [],
    filters: plan.filters.filter((f) => f.field !== field),
    change: { field, from, to },
    chart: "bar",
    sort: null,
    limit: null,
  };
}
