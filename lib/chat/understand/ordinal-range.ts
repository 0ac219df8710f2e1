// "how many respondents are Satisfied or better", "share of results that are grade C or below": a value of a
// category field whose labels lie on one ordered answer scale (words.json ordinalScales), followed by "or" /
// "and" and a direction word, is that value and every value above (or below) it on the scale. Read as an
// equality, the answer would count the one value and leave the rest out. The same scales (and number bands
// such as "18-24" / "65+") order the groups of such a field when no order is asked for (execute.ts).
import type { FieldInfo } from "../columns";
import type { AnalysisPlan, Filter } from "../plan";
import type { TableLexicon } from "./lexicon";
import type { Atoms } from "./attach";
import { ORDINAL_BEST_FIRST, ORDINAL_RANGE_DOWN, ORDINAL_RANGE_UP, ORDINAL_SCALES } from "./vocabulary";

const BAND = /^(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(\d+(?:\.\d+)?)$|^(\d+(?:\.\d+)?)\s*\+$|^(?:under|<)\s*(\d+(?:\.\d+)?)$/i;

/** The position of a number band ("18-24", "65+", "under 18") on its number line, or NaN. */
function bandAt(label: string): number {
  const m = BAND.exec(label.trim());
  if (!m) return Number.NaN;
  if (m[1] !== undefined) return Number(m[1]);
  if (m[3] !== undefined) return Number(m[3]);
  return Number(m[4]) - 0.5;
}

/**
 * A category field's labels on one ordered scale: `low` lowest (worst, youngest) first, `shown` in the order a
 * reader expects them (the same, but grade letters A first). Null when they lie on no known scale. forOrder: for the
 * order of groups, where a few letters are no grades.
 */
export function ordinalScaleOf(f: FieldInfo | undefined, forOrder = false): { low: string[]; shown: string[] } | null {
  if (!f || !f.codes) return null;
  const labels = f.dictionary.filter((v) => v.trim() !== "");
  if (labels.length < 3) return null;
  const key = (v: string) => v.trim().toLowerCase();
  for (const [scales, bestFirst] of [
    [ORDINAL_SCALES, false],
    [ORDINAL_BEST_FIRST, true],
  ] as const) {
    for (const scale of scales) {
      const rank = new Map(scale.map((s, i) => [s, i]));
      if (!labels.every((v) => rank.has(key(v)))) continue;
      // (Ordering groups by grade letters needs most of the scale: "a", "b", "c" may be any three groups.)
      if (bestFirst && forOrder && labels.length < 5) continue;
      const low = [...labels].sort((x, y) => (rank.get(key(x)) ?? 0) - (rank.get(key(y)) ?? 0));
      return { low, shown: bestFirst ? [...low].reverse() : low };
    }
  }
  if (labels.every((v) => !Number.isNaN(bandAt(v)))) {
    const low = [...labels].sort((x, y) => bandAt(x) - bandAt(y));
    return { low, shown: low };
  }
  return null;
}

/** The field's labels in their scale's order (lowest first), or null when they lie on no known scale. */
export function orderedLabels(lex: TableLexicon, field: string): string[] | null {
  return ordinalScaleOf(lex.byName.get(field))?.low ?? null;
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
