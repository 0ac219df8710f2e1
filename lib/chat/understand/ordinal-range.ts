// "how many respondents are Satisfied or better", "share of results that are grade C or below": a value of a
// category field whose labels lie on one ordered answer scale (words.json ordinalScales), followed by "or" /
// "and" and a direction word, is that value and every value above (or below) it on the scale. Read as an
// equality, the answer would count the one value and leave the rest out.
import type { AnalysisPlan, Filter } from "../plan";
import type { TableLexicon } from "./lexicon";
import type { Atoms } from "./attach";
import { ORDINAL_RANGE_DOWN, ORDINAL_RANGE_UP, ORDINAL_SCALES } from "./vocabulary";

/** The field's labels in their scale's order (lowest first), or null when they lie on no known scale. */
export function orderedLabels(lex: TableLexicon, field: string): string[] | null {
  const f = lex.byName.get(field);
  if (!f || !f.codes) return null;
  const labels = f.dictionary.filter((v) => v.trim() !== "");
  if (labels.length < 3) return null;
  for (const scale of ORDINAL_SCALES) {
    const rank = new Map(scale.map((s, i) => [s, i]));
    if (labels.every((v) => rank.has(v.trim().toLowerCase())))
      return [...labels].sort((x, y) => (rank.get(x.trim().toLowerCase()) ?? 0) - (rank.get(y.trim().toLowerCase()) ?? 0));
  }
  return null;
}

export interface OrdinalRange {
  plan: AnalysisPlan;
  /** The words read ("Satisfied or better") and the values they stand for. */
  text: string;
  values: string[];
  /** Token positions of "or better" (left unused otherwise). */
  from: number;
  to: number;
}

export function ordinalRangeReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): OrdinalRange | null {
  const tokens = a.reading.tokens;
  for (const atom of a.filters) {
    if (atom.kind !== "value" || atom.negated || atom.listed > 1) continue;
    const k = atom.end;
    const conj = tokens[k]?.lemma;
    const word = tokens[k + 1];
    if ((conj !== "or" && conj !== "and") || !word) continue;
    const up = ORDINAL_RANGE_UP.has(word.text) || ORDINAL_RANGE_UP.has(word.lemma);
    const down = ORDINAL_RANGE_DOWN.has(word.text) || ORDINAL_RANGE_DOWN.has(word.lemma);
    if (!up && !down) continue;
    for (const option of atom.options) {
      const said = option.filter;
      if (said.op !== "eq" || said.values.length !== 1) continue;
      const labels = orderedLabels(lex, said.field);
      if (!labels) continue;
      const at = labels.indexOf(String(said.values[0]));
      if (at < 0) continue;
      const values = up ? labels.slice(at) : labels.slice(0, at + 1);
      const same = (f: Filter) =>
        f.field === said.field && f.op === "eq" && f.values.length === 1 && String(f.values[0]) === String(said.values[0]) && !f.or && !f.and && !f.otherField;
      const widened = (f: Filter): Filter => ({ field: f.field, op: "in", values });
      let next: AnalysisPlan | null = null;
      const k2 = plan.filters.findIndex(same);
      if (k2 >= 0) next = { ...plan, filters: plan.filters.map((f, i) => (i === k2 ? widened(f) : f)) };
      else if (plan.measure.condition && same(plan.measure.condition as Filter))
        next = { ...plan, measure: { ...plan.measure, condition: widened(plan.measure.condition as Filter) } };
      else if (plan.measure.agg === "share" && plan.measure.field === said.field && String(plan.measure.value) === String(said.values[0]))
        next = { ...plan, measure: { ...plan.measure, field: null, value: null, condition: widened(said) } };
      if (!next) continue;
      const text = tokens
        .slice(atom.pos, k + 2)
        .map((t) => t.raw)
        .join(" ");
      return { plan: next, text, values, from: k, to: k + 2 };
    }
  }
  return null;
}
