// "show the 5-year and 30-year yields over time", "plot A and B over time": two numbers said together over the
// time field are two measures along it (a line each), not the first one split into series by the other's hundreds
// of values; the reading with both measures is among the ranked ones already.
import { isTimeField } from "../columns";
import type { AnalysisPlan } from "../plan";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

/** More values than a legend of series can show (one line per value). */
const MAX_SERIES = 20;

export function measuresOverTimeReading(best: Candidate, ranked: Candidate[], lex: TableLexicon): AnalysisPlan | null {
  const p = best.plan;
  if (p.intent !== "aggregate" || p.groupBy.length !== 2 || p.extraMeasures.length || !p.measure.field || p.having || p.within) return null;
  const [time, other] = p.groupBy;
  const tf = lex.byName.get(time.field);
  const of = lex.byName.get(other.field);
  if (!tf || !isTimeField(tf) || !of || of.role !== "number" || other.bucket || of.distinct <= MAX_SERIES) return null;
  const want = new Set([p.measure.field, other.field]);
  const both = ranked.find((c) => {
    const q = c.plan;
    if (q.intent !== "aggregate" || q.groupBy.length !== 1 || q.groupBy[0].field !== time.field || q.extraMeasures.length !== 1) return false;
    const got = new Set([q.measure.field, q.extraMeasures[0].field]);
    return got.size === 2 && [...want].every((f) => got.has(f)) && q.filters.length === p.filters.length;
  });
  return both ? { ...both.plan, groupBy: [time], chart: p.chart === "multiLine" ? "line" : both.plan.chart } : null;
}
