// "what share of loans defaulted" / "and among grade A?": the field named with its one value ("grade A")
// restricts the rows; a grouping by that field (never said with "by", "per", "each", a series or a
// facet word) would show one group of one value. After the ranking: the grouping is dropped, the
// number stays one number.
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";

export function dropOneValueGroupings(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length === 0) return null;
  const single = (field: string) => plan.filters.some((f) => f.field === field && f.op === "eq" && f.values.length === 1 && !f.or && !f.otherField);
  // ("among grade A": "among" before the field and its value names the rows, not a grouping.)
  const tokens = a.reading.tokens;
  const among = (r: Atoms["refs"][number]) => r.turn === 0 && r.group && !r.each && !r.series && !r.facet && tokens[r.pos - 1]?.lemma === "among";
  const asked = (field: string) => a.refs.some((r) => (r.group || r.each || r.series || r.facet) && !among(r) && r.cands.some((c) => c.name === field));
  const groupBy = plan.groupBy.filter((g) => !(g.bucket == null && single(g.field) && !asked(g.field)));
  if (groupBy.length === plan.groupBy.length) return null;
  return {
    ...plan,
    groupBy,
    chart: groupBy.length ? plan.chart : "none",
    sort: groupBy.length ? plan.sort : null,
    limit: groupBy.length ? plan.limit : null,
    x: groupBy.length ? plan.x : null,
    y: groupBy.length ? plan.y : null,
  };
}

// "profit in 2016" / "and in 2017?" / "show profit by year as a line": the grouping said in this turn is by the
// field an earlier turn restricted to one value at that grain (one year of a date grouped by year, one value of a
// field grouped by its values); kept, the chart would show one point. The earlier filter is dropped; the answer
// names the filtered reading as the other one.
export function dropCarriedOneValueFilters(a: Atoms, plan: AnalysisPlan, prevPlan: AnalysisPlan | null): AnalysisPlan | null {
  if (!prevPlan || plan.intent !== "aggregate" || plan.groupBy.length === 0) return null;
  const earlier = new Set(prevPlan.filters.map((f) => JSON.stringify(f)));
  const saidNow = new Set(a.filters.flatMap((f) => f.options.map((o) => o.filter.field)));
  const groupedNow = (g: AnalysisPlan["groupBy"][number]) =>
    g.bucket ? a.bucket === g.bucket : a.refs.some((r) => r.turn === 0 && (r.group || r.each) && r.cands.some((c) => c.name === g.field));
  const atGrain = (f: AnalysisPlan["filters"][number], bucket: string | null) =>
    f.op === "eq" && f.values.length === 1 && !f.or && !f.otherField && (bucket === null || (bucket === "year" && /^\d{4}$/.test(String(f.values[0]))));
  const filters = plan.filters.filter(
    (f) => !(earlier.has(JSON.stringify(f)) && !saidNow.has(f.field) && plan.groupBy.some((g) => g.field === f.field && groupedNow(g) && atGrain(f, g.bucket))),
  );
  return filters.length === plan.filters.length ? null : { ...plan, filters };
}
