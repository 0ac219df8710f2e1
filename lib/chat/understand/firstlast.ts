// From the first to the last row: "how much did conc change from the first to the last measurement for each
// subject", "which boy grew the most between his first and last measurement", "how much did follicles change from
// the first to the last reading for mare 5". A change word with a first and a last word is the value at the last row
// minus the value at the first (aggregate firstLast), by the field that orders the rows (the one date or year field,
// else a number field named like a time or a visit: words.json firstToLast.orderFields), in each group or over the
// rows the filters keep. After the ranking; the change ranks the groups when a superlative asks which one.
import { type AnalysisPlan, asAggregate } from "../plan";
import type { FieldInfo } from "../columns";
import words from "../vocab/words.json";
import type { Atoms, Ref } from "./attach";
import { type TableLexicon, timeFields } from "./lexicon";
import { entityLike } from "./perentity";

const W = words.firstToLast;
const UP = new Set<string>(W.up);
const DOWN = new Set<string>(W.down);
const EITHER = new Set<string>(W.either);
const FIRST = new Set<string>(W.first);
const LAST = new Set<string>(W.last);
const WITHIN = new Set<string>(W.within);

/** The field that orders the rows: the one date or year field, else the first number field named like an order. */
export function orderField(lex: TableLexicon): FieldInfo | null {
  const time = timeFields(lex);
  if (time.length) return time.length === 1 ? time[0] : null;
  for (const name of W.orderFields) {
    const f = lex.fields.find((x) => x.role === "number" && x.name.toLowerCase() === name);
    if (f) return f;
  }
  return null;
}

export function firstLastReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string | null } | null {
  if (plan.change || plan.measure.each || plan.measure.agg === "firstLast") return null;
  const toks = a.reading.tokens;
  const has = (set: Set<string>) => toks.findIndex((t) => t.kind === "word" && (set.has(t.text) || set.has(t.lemma)));
  const up = has(UP);
  const down = has(DOWN);
  const verb = up >= 0 ? up : down >= 0 ? down : has(EITHER);
  const first = has(FIRST);
  const last = toks.findIndex((t, k) => k > first && t.kind === "word" && LAST.has(t.text));
  const order = orderField(lex);
  if (verb < 0 || !order) return null;
  // "how much did the price change during 2020": a change within the one period the filters keep on the order
  // field is its last value minus its first, as from the first to the last row of that period.
  const within = toks.findIndex((t, k) => k > verb && t.kind === "word" && WITHIN.has(t.lemma));
  const inPeriod = (first < 0 || last < 0) && within >= 0 && plan.filters.some((f) => f.field === order.name);
  if (!inPeriod && (first < 0 || last < 0)) return null;
  const rows = (lex.fields[0]?.codes ?? lex.fields[0]?.numbers)?.length ?? 0;
  const refs = a.refs.filter((r) => r.turn === 0 && r.cands.length === 1);
  const info = (r: Ref) => lex.byName.get(r.cands[0].name)!;
  const entity1 = (f: FieldInfo) => entityLike(f, rows);
  const orderNames = new Set<string>(W.orderFields);
  const isOrder = (f: FieldInfo) => f === order || orderNames.has(f.name.toLowerCase());
  // The groups: the ranked grouping by an entity, or the entity "which" / "each" names.
  const grouped = plan.intent === "aggregate" && plan.groupBy.length === 1 && !plan.groupBy[0].bucket ? lex.byName.get(plan.groupBy[0].field) : undefined;
  const named = refs.filter((r) => (r.group || r.each || r.afterWhich) && entity1(info(r)) && !isOrder(info(r))).map(info);
  const entity = grouped && entity1(grouped) && !isOrder(grouped) ? grouped : new Set(named).size === 1 ? named[0] : null;
  // ("the last visit" read as the largest Visit: the first and last words are the change's now.)
  const filters = inPeriod ? plan.filters : plan.filters.filter((f) => f.field !== order.name);
  const filtered = new Set(filters.map((f) => f.field));
  // The measure: the one number named (not the order, the entity nor a filter's field), else the one number left.
  const measures = [...new Set(refs.map(info).filter((f) => f.role === "number" && !f.yearLike && f !== order && f !== entity && !filtered.has(f.name)))];
  let measure: FieldInfo | null = measures.length === 1 ? measures[0] : null;
  let note: string | null = null;
  if (!measure && !measures.length) {
    const left = lex.fields.filter((f) => f.role === "number" && !f.yearLike && !isOrder(f) && f !== entity && !entity1(f) && !filtered.has(f.name));
    if (left.length !== 1) return null;
    measure = left[0];
    note = `readAs:the change in ${measure.name}:${toks[verb].raw}`;
  }
  if (!measure || isOrder(measure)) return null;
  if (inPeriod) note = `readAs:the last ${measure.name} minus the first, by ${order.name}:${toks[verb].raw} ${toks[within].raw}`;
  const ranked = a.superlative && entity ? ((a.superlative === "max") !== (down >= 0 && up < 0) ? "desc" : "asc") : null;
  return {
    plan: asAggregate(plan, {
      measure: { agg: "firstLast", field: measure.name, by: order.name },
      filters,
      extraMeasures: [],
      groupBy: entity ? [{ field: entity.name, bucket: null }] : [],
      sort: ranked ? { by: "value", order: ranked } : null,
      limit: null,
      chart: entity ? "bar" : "none",
      having: undefined,
      within: undefined,
      change: undefined,
    }),
    note,
  };
}
