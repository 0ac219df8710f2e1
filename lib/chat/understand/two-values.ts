// "How much longer is the average wait at Northside than at Lakeview?", "what's the gap between cardiology and
// dermatology in average bill?": one value of a category field set against another, asked as how much: the measure for
// the first minus the measure for the second, one number (plan.change on the category field, answered by
// lib/chat/change.ts with both figures), not the two groups side by side nor one of them dropped.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const HOW_MUCH = words.twoValueDifference.howMuch.map((p) => p.split(" "));
const LOWER = new Set(words.twoValueDifference.lower);
const COMPARATIVES = new Set([...words.compareQuestion.comparatives, ...words.periodChange.higher, ...words.periodChange.lower]);
const LEADS = new Set(words.rangeAsked.lead);
const MEASURES = new Set<string>(grammar.twoValues.measures);

/**
 * Where each value of `field` the atoms keep was said: its value mention's first token. Values no mention names
 * ("Poor" of "no better than Fair", a range on an ordered scale) were not said and are left out.
 */
function valuesSaid(a: Atoms, field: string): { value: string | number; pos: number }[] {
  const out: { value: string | number; pos: number }[] = [];
  for (const atom of a.filters) {
    if (atom.kind !== "value" || atom.negated || atom.options.length !== 1) continue;
    const f = atom.options[0].filter;
    if (f.field !== field || (f.op !== "eq" && f.op !== "in")) continue;
    for (const v of f.values) {
      const m = a.reading.mentions.find(
        (x) => x.kind === "value" && x.start >= atom.pos && x.start < atom.end && x.values.some((c) => c.field === field && String(c.value) === String(v)),
      );
      if (m) out.push({ value: v, pos: m.start });
    }
  }
  return out;
}

export function twoValuesReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.change || plan.having || plan.within || plan.extraMeasures.length) return null;
  if (!MEASURES.has(plan.measure.agg) || plan.measure.each || plan.measure.per || plan.measure.fromPrevious) return null;
  // The two values: one listed atom ("West and South") or two atoms of the same category field.
  let field: string | null = null;
  for (const atom of a.filters) {
    if (atom.kind !== "value" || atom.negated || atom.options.length !== 1) continue;
    const f = atom.options[0].filter;
    const info = lex.byName.get(f.field);
    if (!info || (info.role !== "category" && info.role !== "text") || (f.op !== "eq" && f.op !== "in")) continue;
    if (field && field !== f.field) return null;
    field = f.field;
  }
  const said = field ? valuesSaid(a, field) : [];
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

const OPENERS = new Set(words.compareQuestion.openers);
/** Comparatives whose direction is plain (not "better", "worse", "up", "down": which way is better depends). */
const HIGHER = new Set([...words.periodChange.higher, "longer", "older", "taller", "heavier", "richer", "pricier", "costlier"]);

/** The two values of `field` set against each other in a yes/no question, and which way it asks ("gt": the first above). */
function sidesOf(a: Atoms, field: string): { op: "gt" | "lt"; values: [string | number, string | number] } | null {
  const tokens = a.reading.tokens;
  const opener = tokens.findIndex((t) => t.kind === "word");
  if (opener < 0 || !OPENERS.has(tokens[opener].lemma)) return null;
  const said = valuesSaid(a, field);
  if (said.length !== 2 || said[0].value === said[1].value) return null;
  const [first, second] = [...said].sort((x, y) => x.pos - y.pos);
  const than = tokens.findIndex((t, k) => t.lemma === "than" && k > first.pos && k <= second.pos);
  if (than < 0) return null;
  let op: "gt" | "lt" | null = null;
  for (let k = opener + 1; k < than; k++) {
    if (LOWER.has(tokens[k].lemma)) op = "lt";
    else if (HIGHER.has(tokens[k].lemma)) op = "gt";
  }
  return op ? { op, values: [first.value, second.value] } : null;
}

/**
 * "Do women wait longer than men on average?", "were there more orders from Corporate than from Consumer in 2023?":
 * a yes/no question setting one value of the grouping field against another. The note ("sides:field:op:[A,B]")
 * lets the answer say yes or no first, with both figures (answer.ts sidesVerdict); the groups stay the answer.
 */
export function sidesNote(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): string | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.change) return null;
  const field = plan.groupBy[0].field;
  const info = lex.byName.get(field);
  if (!info || (info.role !== "category" && info.role !== "text")) return null;
  const sides = sidesOf(a, field);
  return sides ? `sides:${field}:${sides.op}:${JSON.stringify(sides.values)}` : null;
}

/**
 * "Were there more visits at Northside than at Riverside in 2023?" read as one number for one of the two values (the
 * other dropped): both values side by side, grouped by their field, so that the answer can say yes or no.
 */
export function twoSidesReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length || plan.change || plan.having || plan.extraMeasures.length) return null;
  const fields = new Set(a.filters.filter((f) => f.kind === "value" && !f.negated && f.options.length === 1).map((f) => f.options[0].filter.field));
  for (const field of fields) {
    const info = lex.byName.get(field);
    if (!info || (info.role !== "category" && info.role !== "text")) continue;
    const sides = sidesOf(a, field);
    if (!sides) continue;
    return {
      ...plan,
      groupBy: [{ field, bucket: null }],
      filters: [...plan.filters.filter((f) => f.field !== field), { field, op: "in", values: [...sides.values] }],
      chart: "bar",
      sort: null,
      limit: null,
    };
  }
  return null;
}
