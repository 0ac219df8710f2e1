// The fields a plan touches, each with the part of the plan naming it: one walk over the plan, so the checks that
// ask "does the answer use this field?" (a field named but not used, the fields an answer shows, the time fields
// that account for "went up from the year before", the fields a suggestion leaves out) agree on what counts.
import type { AnalysisPlan, Filter, Measure } from "./plan";

/**
 * The part of a plan naming a field. measure / extraMeasure: the measures' own fields; each: the entity of a
 * per-entity aggregate; filter: a filter's own field; other: the rest (the order of a first-to-last change, a
 * ratio's denominator, a weight, the groups of a share, the having condition, the other field a row is compared
 * with, "or" / "and" conditions, a rate's condition, a change's field, the two fields of a derived number).
 */
export type FieldPart = "groupBy" | "x" | "y" | "measure" | "extraMeasure" | "each" | "filter" | "other";

/** The parts an answer shows (its groups, axes and measures), as opposed to the fields it only filters on. */
export const SHOWN_PARTS: readonly FieldPart[] = ["groupBy", "x", "y", "measure", "extraMeasure", "each"];

/** The measure's own field, the axes, the groupings and the filters: the fields a reading is built around. */
export const MAIN_PARTS: readonly FieldPart[] = ["measure", "x", "y", "groupBy", "filter"];

/** The plan's measures: the measure, the further ones, and the having condition's. */
export function planMeasures(plan: AnalysisPlan): Measure[] {
  return [plan.measure, ...plan.extraMeasures, ...(plan.having ? [plan.having.measure] : [])];
}

/** Every field the plan names, with the part naming it (a field named in two parts is listed twice). */
export function planFieldUses(plan: AnalysisPlan): { field: string; part: FieldPart }[] {
  const out: { field: string; part: FieldPart }[] = [];
  const add = (field: string | null | undefined, part: FieldPart) => {
    if (field) out.push({ field, part });
  };
  const condition = (f: Filter, part: FieldPart) => {
    add(f.field, part);
    add(f.otherField, "other");
    for (const c of [...(f.or ?? []), ...(f.and ?? [])]) add(c.field, "other");
  };
  const measure = (m: Measure, part: FieldPart) => {
    add(m.field, part);
    add(m.each?.field, part === "other" ? "other" : "each");
    for (const f of [m.by, m.per?.field, m.weight, m.shareOf]) add(f, "other");
    if (m.condition) condition(m.condition, "other");
  };
  for (const g of plan.groupBy) add(g.field, "groupBy");
  add(plan.x, "x");
  add(plan.y, "y");
  measure(plan.measure, "measure");
  for (const m of plan.extraMeasures) measure(m, "extraMeasure");
  if (plan.having) measure(plan.having.measure, "other");
  for (const f of plan.filters) condition(f, "filter");
  add(plan.change?.field, "other");
  for (const d of plan.derived ?? []) for (const f of [d.field, d.minus]) add(f, "other");
  return out;
}

/** The fields the plan names in the given parts; every field it touches when no parts are given. */
export function planFields(plan: AnalysisPlan, parts?: readonly FieldPart[]): Set<string> {
  return new Set(
    planFieldUses(plan)
      .filter((u) => !parts || parts.includes(u.part))
      .map((u) => u.field),
  );
}
