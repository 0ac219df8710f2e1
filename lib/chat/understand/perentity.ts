// Aggregates of per-entity aggregates. "the average of each rabbit's maximum deltaBP", "mean of the highest conc
// per subject", "average of the boys' smallest heights": an aggregate word followed by "of", an aggregate of a
// number, and the entity it is taken for one by one (a possessive, or each / every / per) is the outer aggregate
// of the per-entity values (measure.each); "the lowest of each lab's maximum" ranks the labs by their maximum.
// "for each lab, the largest Conc; which lab is smallest of those": a superlative over "those" ranks the per-entity
// values just asked for. After the ranking; words.json perEntity holds the words.
import type { FieldInfo } from "../columns";
import { type Aggregate, type AnalysisPlan, asAggregate, type Measure } from "../plan";
import words from "../vocab/words.json";
import type { Atoms, Ref } from "./attach";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const JOINERS = new Set<string>(words.perEntity.joiners);
const EACH = new Set<string>(words.perEntity.each);
const OF_THOSE = new Set<string>(words.perEntity.ofThose);
const VALUE_NOUNS = new Set<string>(words.perEntity.valueNouns);
type Inner = NonNullable<Measure["each"]>["agg"];
const INNER = new Set<string>(grammar.perentity.inner);
const OUTER = new Set<string>(grammar.perentity.outer);

/** A field that may name entities measured several times: categories or whole numbers whose values repeat. */
export function entityLike(f: FieldInfo, rows: number): boolean {
  return f.role !== "date" && !f.yearLike && (!!f.codes || f.integer) && f.distinct >= 2 && f.distinct * 2 <= rows;
}

interface AggWord {
  start: number;
  end: number;
  key: Aggregate;
  superlative: boolean;
}

function aggWords(a: Atoms): AggWord[] {
  const out: AggWord[] = [];
  for (const m of a.reading.mentions) {
    if (m.kind !== "word") continue;
    const agg = m.hits.find((h) => h.category === "agg" && INNER.has(h.key))?.key;
    const sup = m.hits.find((h) => h.category === "superlative")?.key;
    const key = agg ?? sup;
    if (key === "max" || key === "min" || (key && INNER.has(key))) out.push({ start: m.start, end: m.end, key: key as Aggregate, superlative: !agg });
  }
  return out;
}

export function perEntityReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.change || plan.measure.each) return null;
  const toks = a.reading.tokens;
  const rows = lex.fields[0] ? ((lex.fields[0].codes ?? lex.fields[0].numbers)?.length ?? 0) : 0;
  const refs = a.refs.filter((r) => r.turn === 0 && r.cands.length === 1);
  const info = (r: Ref) => lex.byName.get(r.cands[0].name);
  const isMeasure = (r: Ref) => {
    const f = info(r);
    return !!f && f.role === "number" && !f.yearLike;
  };
  const isEntity = (r: Ref) => {
    const f = info(r);
    return !!f && entityLike(f, rows);
  };
  const joined = (from: number, to: number) => from <= to && toks.slice(from, to).every((t) => t.kind === "word" && JOINERS.has(t.lemma));
  const eachSaid = (from: number, to: number) => toks.slice(from, to).some((t) => EACH.has(t.lemma));
  const aggs = aggWords(a);
  // ("the maximum conc", "the lowest number of follicles".)
  const nounOf = (k: number, end: number) => end - k === 2 && VALUE_NOUNS.has(toks[k].lemma) && toks[k + 1].lemma === "of";
  const measureAfter = (w: AggWord) =>
    refs.find((r) => isMeasure(r) && r.pos >= w.end && ((r.pos - w.end <= 1 && joined(w.end, r.pos)) || nounOf(w.end, r.pos)));
  for (const outer of aggs) {
    if (!OUTER.has(outer.key) || toks[outer.end]?.lemma !== "of") continue;
    for (const inner of aggs) {
      if (inner.start <= outer.end || !INNER.has(inner.key)) continue;
      const m = measureAfter(inner);
      if (!m) continue;
      // The entity before the inner aggregate ("of each rabbit's maximum", "of the per-subject peak") or after the
      // measure ("of the maximum conc of each subject").
      const before = refs.find(
        (r) =>
          r !== m &&
          isEntity(r) &&
          r.pos > outer.end &&
          r.end <= inner.start &&
          joined(outer.end, r.pos) &&
          joined(r.end, inner.start) &&
          (toks[r.end - 1].poss || eachSaid(outer.end, r.pos)),
      );
      const after = before
        ? null
        : joined(outer.end, inner.start)
          ? refs.find((r) => r !== m && isEntity(r) && r.pos >= m.end && joined(m.end, r.pos) && eachSaid(m.end, r.pos))
          : null;
      const entity = before ?? after;
      if (!entity) continue;
      return twoLevel(plan, outer.key, inner.key as Inner, info(m)!.name, info(entity)!.name);
    }
  }
  return ofThoseReading(a, plan, aggs, refs, isMeasure, isEntity, measureAfter, info);
}

function twoLevel(plan: AnalysisPlan, outer: Aggregate, inner: Inner, measure: string, entity: string): AnalysisPlan | null {
  const groupBy = plan.intent === "aggregate" ? plan.groupBy.filter((g) => g.field !== entity && g.field !== measure) : [];
  if (groupBy.length > 1) return null;
  const base = {
    ...plan,
    intent: "aggregate" as const,
    extraMeasures: [],
    x: null,
    y: null,
    limit: null,
    binWidth: null,
    binCount: null,
    having: undefined,
    within: undefined,
    change: undefined,
  };
  // The lowest / highest of the per-entity values is one entity: the entities ranked by their value.
  if (outer === "min" || outer === "max") {
    if (groupBy.length) return null;
    return {
      ...base,
      measure: { agg: inner, field: measure },
      groupBy: [{ field: entity, bucket: null }],
      sort: { by: "value", order: outer === "min" ? "asc" : "desc" },
      chart: "bar",
    };
  }
  return { ...base, measure: { agg: outer, field: measure, each: { field: entity, agg: inner } }, groupBy, sort: null, chart: groupBy.length ? "bar" : "none" };
}

/** "for each lab, the largest Conc; which lab is smallest of those": the per-entity values, ranked by the superlative. */
function ofThoseReading(
  a: Atoms,
  plan: AnalysisPlan,
  aggs: AggWord[],
  refs: Ref[],
  isMeasure: (r: Ref) => boolean,
  isEntity: (r: Ref) => boolean,
  measureAfter: (w: AggWord) => Ref | undefined,
  info: (r: Ref) => { name: string } | undefined,
): AnalysisPlan | null {
  const toks = a.reading.tokens;
  const last = aggs.find((w) => w.superlative && toks[w.end]?.lemma === "of" && OF_THOSE.has(toks[w.end + 1]?.lemma ?? ""));
  if (!last || (last.key !== "max" && last.key !== "min")) return null;
  const inner = aggs.find((w) => w.start < last.start && INNER.has(w.key) && measureAfter(w));
  if (!inner) return null;
  const m = measureAfter(inner)!;
  const entities = new Set(refs.filter((r) => r !== m && isEntity(r) && (r.group || r.each || r.afterWhich)).map((r) => info(r)!.name));
  if (entities.size !== 1 || !isMeasure(m)) return null;
  const entity = [...entities][0];
  if (plan.intent === "aggregate" && plan.groupBy.some((g) => g.field !== entity)) return null;
  return asAggregate(plan, {
    measure: { agg: inner.key, field: info(m)!.name },
    extraMeasures: [],
    groupBy: [{ field: entity, bucket: null }],
    sort: { by: "value", order: last.key === "min" ? "asc" : "desc" },
    limit: null,
    chart: "bar",
    having: undefined,
    within: undefined,
    change: undefined,
  });
}

/**
 * "how many measurements per boy on average", "on average how many times was each tree measured": the rows counted
 * per entity (the grouping said with each / per), then averaged over the entities, when an average word is said and
 * nothing ranks the entities.
 */
export function countsPerEntityReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  // (The rows counted by the entity, or counted in ranges of a numbering: "Patient" 1..9 read as a histogram.)
  const counted0 = plan.intent === "aggregate" && plan.measure.agg === "count" && !plan.measure.field && plan.groupBy.length === 1 && !plan.groupBy[0].bucket;
  const field = counted0 ? plan.groupBy[0].field : plan.intent === "distribution" ? plan.x : null;
  if (!field || plan.sort || plan.limit !== null || plan.having || plan.within || plan.change || plan.extraMeasures.length || a.superlative) return null;
  const info = lex.byName.get(field);
  const rows = lex.fields[0] ? ((lex.fields[0].codes ?? lex.fields[0].numbers)?.length ?? 0) : 0;
  if (!info || !entityLike(info, rows)) return null;
  if (!a.refs.some((r) => r.turn === 0 && r.cands.some((c) => c.name === field) && r.each)) return null;
  const mean = a.reading.mentions.some((m) => m.kind === "word" && m.hits.some((h) => h.category === "agg" && h.key === "mean"));
  // ("the average number of orders per customer", or the rows' noun right after the average: "average orders per customer".)
  const ms = a.reading.mentions;
  const meanAt = ms.findIndex((m) => m.kind === "word" && m.hits.some((h) => h.category === "agg" && h.key === "mean"));
  const next = meanAt >= 0 ? ms[meanAt + 1] : undefined;
  const rowsAfterMean = next?.kind === "word" && next.hits.some((h) => h.category === "rowNoun");
  const counted = rowsAfterMean || ms.some((m) => m.kind === "word" && m.hits.some((h) => h.category === "count"));
  if (!mean || !counted) return null;
  return asAggregate(plan, { measure: { agg: "mean", field: null, each: { field, agg: "count" } }, groupBy: [], chart: "none" });
}
