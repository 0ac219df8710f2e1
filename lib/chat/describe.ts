// Names of what a plan computes, shared by the text, the table and the chart so that all three say
// the same: measure titles ("Average of MPG", "% of rows with Churn = Yes"), filter descriptions
// ('Region is "East" and Sales is above 100') and chart titles.
import type { Lang } from "./i18n";
import { t } from "./i18n";
import { lowerFirst } from "./text-utils";
import type { AnalysisPlan, Filter, Measure } from "./plan";

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function formatFilterValue(v: string | number): string {
  return typeof v === "number" ? String(v) : `"${v.trim()}"`;
}

/** A list of values, the first eight and how many in all when longer ("hondas": nine Model values). */
function listValues(values: (string | number)[], lang: Lang): string {
  const shown = values.slice(0, 8).map(formatFilterValue).join(", ");
  return values.length > 8 ? `${shown}, … (${t(lang, "valuesCount", { n: values.length })})` : shown;
}

export function describeFilters(filters: Filter[], lang: Lang, dateFields: Set<string> = new Set()): string {
  return filters
    .map((f) =>
      f.or?.length
        ? `(${[f, ...f.or].map((c) => describeCondition(c, lang, dateFields)).join(` ${t(lang, "or")} `)})`
        : f.and?.length
          ? [f, ...f.and].map((c) => describeCondition(c, lang, dateFields)).join(` ${t(lang, "and")} `)
          : describeCondition(f, lang, dateFields),
    )
    .join(` ${t(lang, "and")} `);
}

const DATE_COMPARISONS: Partial<Record<Filter["op"], "dateGt" | "dateGte" | "dateLt" | "dateLte">> = {
  gt: "dateGt",
  gte: "dateGte",
  lt: "dateLt",
  lte: "dateLte",
};

function describeCondition(f: Filter, lang: Lang, dateFields: Set<string>): string {
  if (f.op === "missing") return `${f.field} ${t(lang, "missing")}`;
  // Two fields of the same row: "Worldwide Gross is below Production Budget" ("... below 0.05 x Weight").
  // Two dates of the same row: "paid_date is after due_date".
  const dateComparison = DATE_COMPARISONS[f.op];
  if (f.otherField && dateFields.has(f.field) && dateComparison) return `${f.field} ${t(lang, dateComparison)} ${f.otherField}`;
  if (f.otherField) return `${f.field} ${t(lang, f.op)} ${Number(f.values[0]) === 1 ? "" : `${f.values[0]} × `}${f.otherField}`;
  // Dates read as periods: "Order Date is in 2016", "between 2016-01 and 2016-06".
  if (dateFields.has(f.field) && f.op === "eq") return `${f.field} ${t(lang, "during")} ${f.values[0]}`;
  if (dateFields.has(f.field) && f.op === "between") return `${f.field} ${t(lang, "between")} ${f.values[0]} ${t(lang, "and")} ${f.values[1] ?? f.values[0]}`;
  // Several periods ("on Saturday, Sunday", "not in March, April"): all of them.
  if (dateFields.has(f.field) && (f.op === "in" || f.op === "neq") && f.values.length > 1)
    return `${f.field} ${t(lang, f.op === "neq" ? "notIn" : "in")} ${f.values.join(", ")}`;
  // ("Order Date is after 2016-06-01": a date is after or before another, not above or below it.)
  if (dateFields.has(f.field)) return `${f.field} ${t(lang, dateComparison ?? f.op)} ${f.values[0]}`;
  if (f.op === "between")
    return `${f.field} ${t(lang, "between")} ${formatFilterValue(f.values[0])} ${t(lang, "and")} ${formatFilterValue(f.values[1] ?? f.values[0])}`;
  if (f.op === "neq" && f.values.length > 1) return `${f.field} ${t(lang, "notIn")} ${f.values.map(formatFilterValue).join(", ")}`;
  if (f.op === "in") return `${f.field} ${t(lang, "in")} ${listValues(f.values, lang)}`;
  return `${f.field} ${t(lang, f.op)} ${formatFilterValue(f.values[0])}`;
}

/** "Average of MPG", "Number of rows", "Share (%)", "% of rows with Churn = Yes". */
export function describeMeasure(measure: Measure, lang: Lang, dateFields?: Set<string>): string {
  if (measure.fromPrevious) {
    const inner = lowerFirst(describeMeasure({ ...measure, fromPrevious: undefined, fromPreviousPercent: undefined }, lang, dateFields));
    return t(lang, measure.fromPreviousPercent ? "fromPreviousPercent" : "fromPrevious", { measure: inner });
  }
  if (measure.cumulative) {
    // "Running total of amount" (a sum), "Running total of number of rows" (a count).
    const inner = measure.agg === "sum" && measure.field ? measure.field : lowerFirst(describeMeasure({ ...measure, cumulative: undefined }, lang, dateFields));
    return t(lang, "cumulative", { measure: inner });
  }
  const { agg, field } = measure;
  if (measure.each) {
    const inner = lowerFirst(describeMeasure({ agg: measure.each.agg, field: measure.each.agg === "count" ? null : field }, lang, dateFields));
    return t(lang, "ofEach", { outer: capitalize(t(lang, agg)), inner, field: measure.each.field });
  }
  if (measure.per) {
    const perBucket = measure.per.bucket ? ` (${t(lang, "perBucket", { bucket: t(lang, measure.per.bucket) })})` : "";
    const den = measure.per.agg === "count" ? t(lang, "count") : `${t(lang, measure.per.agg)} ${t(lang, "of")} ${measure.per.field}${perBucket}`;
    return `${capitalize(t(lang, agg))} ${t(lang, "of")} ${field} / ${den}${measure.per.percent ? " (%)" : ""}`;
  }
  if (agg === "firstLast") return t(lang, "firstLastOf", { field: field ?? "", by: measure.by ?? "" });
  if (agg === "count") return capitalize(t(lang, "count"));
  if (agg === "rate") {
    const weighted = measure.weight ? ` (${t(lang, "weightedBy", { field: measure.weight })})` : "";
    if (measure.condition) return t(lang, "rateCondition", { condition: describeFilters([measure.condition], lang, dateFields) }) + weighted;
    return capitalize(t(lang, "ratePhrase", { field: field ?? "", value: String(measure.value) })) + weighted;
  }
  if (agg === "share" && measure.shareOf) return `${capitalize(t(lang, "share"))} (%) ${t(lang, "shareWithin", { field: measure.shareOf })}`;
  if (agg === "share") return field ? `${capitalize(t(lang, "share"))} ${t(lang, "of")} ${field} (%)` : `${capitalize(t(lang, "share"))} (%)`;
  const bucket = agg === "distinct" && measure.bucket ? ` (${t(lang, "perBucket", { bucket: t(lang, measure.bucket) })})` : "";
  return `${capitalize(t(lang, agg))} ${t(lang, "of")} ${field}${bucket}`;
}

/** A plan in a few words, for "another reading would be ...": "the average of MPG by Origin, for rows where ...". */
export function describePlanShort(plan: import("./plan").AnalysisPlan, lang: Lang, dateFields?: Set<string>): string {
  const where = plan.filters.length ? `, ${t(lang, "whereFilters", { filters: describeFilters(plan.filters, lang, dateFields) })}` : "";
  if (plan.intent === "relationship") return `${plan.y} vs ${plan.x}${plan.groupBy[0] ? ` ${t(lang, "by")} ${plan.groupBy[0].field}` : ""}${where}`;
  // (A histogram counts rows in ranges of x: "number of rows by reviews" would read as one group per value.)
  if (plan.intent === "distribution") return `${t(lang, "distributionShort", { field: plan.x ?? "" })}${where}`;
  if (plan.intent === "rows")
    return `${t(lang, "rowsTitle").toLowerCase()}${plan.y ? ` ${t(lang, (plan.within?.order ?? plan.sort?.order) === "asc" ? "sortedAsc" : "sortedDesc", { field: plan.y })}` : ""}${where}`;
  const measures = [plan.measure, ...(plan.extraMeasures ?? [])].map((m) => lowerFirst(describeMeasure(m, lang, dateFields))).join(` ${t(lang, "and")} `);
  const by = plan.groupBy.length ? ` ${t(lang, "by")} ${plan.groupBy.map((g) => g.field).join(` ${t(lang, "and")} `)}` : "";
  const having = plan.having ? `, ${describeHaving(plan, lang, dateFields)}` : "";
  const within = plan.within ? `, ${describeWithin(plan, lang, dateFields)}` : "";
  return `${measures}${by}${where}${having}${within}`;
}

/** Ranked groups kept first (plan.within): "among the 3 groups with the highest total of Sales". */
export function describeWithin(plan: AnalysisPlan, lang: Lang, dateFields?: Set<string>): string {
  const w = plan.within!;
  const what = describeMeasure(plan.measure, lang, dateFields);
  return t(lang, w.order === "desc" ? "withinHighest" : "withinLowest", { n: w.limit, what: lowerFirst(what) });
}

/** A condition on groups (plan.having) for titles: "only the values of State whose total of Sales is above 100000". */
export function describeHaving(plan: AnalysisPlan, lang: Lang, dateFields?: Set<string>): string {
  const h = plan.having;
  const field = plan.groupBy[0]?.field ?? plan.measure.field;
  if (!h || !field) return "";
  const what = describeMeasure(h.measure, lang, dateFields);
  const cond = h.op === "between" ? `${t(lang, "between")} ${h.values[0]} ${t(lang, "and")} ${h.values[1] ?? h.values[0]}` : `${t(lang, h.op)} ${h.values[0]}`;
  return t(lang, "havingTitle", { field, what: lowerFirst(what), cond });
}
