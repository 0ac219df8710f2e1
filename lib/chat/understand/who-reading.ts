// "who is the lowest paid employee?": a question about a person or thing answered by its row.
import type { AnalysisPlan } from "../plan";
import type { Token } from "./tokens";

/**
 * A question opening with "who" that the ranking read as one minimum or maximum over the rows ("who
 * is the lowest paid employee?" as the lowest base_salary) asks for the row that holds it: that row,
 * ranked by the same field. Null otherwise.
 */
export function whoReading(tokens: Token[], plan: AnalysisPlan): AnalysisPlan | null {
  if (tokens[0]?.lemma !== "who") return null;
  const m = plan.measure;
  if (plan.intent !== "aggregate" || plan.groupBy.length || plan.having || !m.field || (m.agg !== "min" && m.agg !== "max") || plan.extraMeasures.length)
    return null;
  return {
    ...plan,
    intent: "rows",
    measure: { agg: "count", field: null },
    x: null,
    y: m.field,
    sort: { by: "value", order: m.agg === "max" ? "desc" : "asc" },
    limit: 1,
    chart: "table",
  };
}
