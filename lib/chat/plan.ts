// The analysis plan: the contract between whoever understands the question (the deterministic
// parser or a language model) and the executor. Field names are exact column names; values are
// data, never code.
import { z } from "zod";

/**
 * std: the sample standard deviation (n - 1); range: the maximum minus the minimum; firstLast: the value at the last
 * row by `measure.by` minus the value at the first ("how much did each subject grow from the first to the last
 * measurement"); nps: the net promoter score of a 0-10 answer, the percent of 9s and 10s minus the percent of 0s to 6s.
 */
export const AGGREGATES = ["count", "sum", "mean", "median", "min", "max", "distinct", "share", "rate", "std", "range", "firstLast", "nps"] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** decade: ten years from a year ending in 0 ("the 1950s"), of a date field or of a year-like number field. */
export const TIME_BUCKETS = ["year", "quarter", "month", "week", "weekday", "day", "monthOfYear", "decade", "hourOfDay"] as const;
export type TimeBucket = (typeof TIME_BUCKETS)[number];
/** Buckets that come back every week or year (Monday..Sunday, January..December): categories, not a time axis. */
export const isCyclicBucket = (b: TimeBucket | null | undefined): boolean => b === "weekday" || b === "monthOfYear" || b === "hourOfDay";

export const CHART_KINDS = [
  "bar",
  "groupedBar",
  "stackedBar",
  "line",
  "multiLine",
  "scatter",
  "scatterColor",
  "scatterFaceted",
  "histogram",
  "pie",
  "table",
  "none",
] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

const scalar = z.union([z.string(), z.number()]);

const conditionSchema = z.object({
  field: z.string().min(1),
  op: z.enum(["eq", "neq", "in", "gt", "gte", "lt", "lte", "between", "missing", "contains", "startsWith", "endsWith"]),
  /**
   * eq/gt/gte/lt/lte: one value; in: any number; neq: any number (none of them); between: [low, high] (inclusive);
   * missing: none (the rows where the field is empty). Dates as ISO strings or years. contains / startsWith /
   * endsWith: text fields only, any of the values as a part of the text, case-insensitive ("comments that mention
   * support", "colours with blue in the name").
   */
  values: z.array(scalar).max(1000),
});

export const filterSchema = conditionSchema.extend({
  /**
   * Compares `field` with another field of the same row instead of a constant ("movies that made less
   * than they cost": Worldwide Gross lt Production Budget): `field op values[0] x otherField`; gt/gte/lt/lte only.
   */
  otherField: z.string().min(1).optional(),
  /** Conditions on other fields joined by "or" ("TechSupport is Yes or PhoneService is Yes"): a row passes when any holds. */
  or: z.array(conditionSchema).min(1).max(8).optional(),
  /**
   * Conditions that must hold too, for a rate's condition ("the share of customers with both phone service
   * and internet": PhoneService is Yes and InternetService is not No); as a filter it is the same as listing them.
   */
  and: z.array(conditionSchema).min(1).max(8).optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export const groupBySchema = z.object({
  field: z.string().min(1),
  /** Only for date (or year-like) fields. */
  bucket: z.enum(TIME_BUCKETS).nullable().default(null),
});
export type GroupBy = z.infer<typeof groupBySchema>;

export const measureSchema = z.object({
  agg: z.enum(AGGREGATES),
  /** null for count (rows) and share of rows. */
  field: z.string().min(1).nullable(),
  /** rate: the percentage of rows, in each group, whose `field` equals `value` (e.g. Churn = "Yes"). */
  value: z.union([z.string(), z.number()]).nullable().optional(),
  /** rate: the percentage of rows, in each group, matching this condition (e.g. Profit < 0); instead of field/value. */
  condition: filterSchema.optional(),
  /**
   * A ratio: the measure (a sum) divided by this aggregate of the same rows, in each group and overall
   * ("profit margin": sum of Profit / sum of Sales, `percent` x100; "sales per order": sum of Sales /
   * distinct Order ID).
   */
  per: z
    .object({
      agg: z.enum(["sum", "count", "distinct"]),
      field: z.string().min(1).nullable(),
      percent: z.boolean().optional(),
      /** distinct of a date field: its different periods ("sales per year": the total over the number of years). */
      bucket: z.enum(TIME_BUCKETS).optional(),
    })
    .optional(),
  /** distinct of a date field: the number of its different periods ("how many different years"). */
  bucket: z.enum(TIME_BUCKETS).optional(),
  /**
   * share over two groupings: each group's part of the total of its group of this field, which is groupBy[0]
   * ("share of each cut within each color": groupBy color, cut; shareOf color), not of all rows.
   */
  shareOf: z.string().min(1).optional(),
  /** rate: each row counts as many times as this whole-number field says (a Freq column of one row per combination). */
  weight: z.string().min(1).optional(),
  /**
   * Grouped by one time (or ordered number) field: each group's value minus the value of the group before it in
   * that order ("the year with the biggest jump from the previous year"); the first group has none and is left out.
   * With a second grouping (groupBy[1], a series: "year over year growth by country"), within each of its groups.
   */
  fromPrevious: z.boolean().optional(),
  /**
   * With fromPrevious: the change as a percent of the group before's value (a growth rate: "month-over-month growth
   * of revenue", "year over year growth"); a group after a zero or missing value has none.
   */
  fromPreviousPercent: z.boolean().optional(),
  /**
   * Grouped by one time (or ordered number) field, a sum or a count: each group's value plus those of every group
   * before it in that order (a running total: "cumulative revenue by month", "running total of sign-ups"); with a
   * second grouping, within each of its groups (as fromPrevious).
   */
  cumulative: z.boolean().optional(),
  /**
   * An aggregate of per-entity aggregates ("the average of each subject's maximum conc"): within each group, the
   * rows are first combined per value of `field` by `agg` of the measure's field (count: the rows, no field), then
   * the measure's own `agg` (mean, median, sum, min, max, std) combines those values. At most one grouping.
   */
  each: z.object({ field: z.string().min(1), agg: z.enum(["count", "sum", "mean", "median", "min", "max", "range", "std", "firstLast"]) }).optional(),
  /** firstLast (here or as `each.agg`): the number or date field that orders the rows (a time, a visit number). */
  by: z.string().min(1).optional(),
});
export type Measure = z.infer<typeof measureSchema>;

export const DURATION_UNITS = ["days", "hours", "minutes", "weeks"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * A number computed for each row from two fields of that row ("high - low", "Ship Date minus Order Date", "qty times
 * unit price"): `field` minus `minus` (or plus, times, divided by it: `op`), two number fields, or two date fields
 * giving a duration in `unit` (days when not said). The plan
 * names it by `name` (a column the executor adds) anywhere a number field goes: measure, filter, sort, axis, having.
 */
export const derivedSchema = z.object({
  name: z.string().min(1),
  field: z.string().min(1),
  /** The second field (the one subtracted, added, multiplied by or divided by, as `op` says). */
  minus: z.string().min(1),
  unit: z.enum(DURATION_UNITS).optional(),
  /** How the two numbers combine: `field` minus `minus` when absent; plus, times or divided by for two number fields. */
  op: z.enum(["plus", "times", "ratio"]).optional(),
});
export type Derived = z.infer<typeof derivedSchema>;

export const planSchema = z.object({
  /**
   * aggregate: measure over groups (or overall); distribution: histogram of `x`;
   * relationship: `x` vs `y` point by point (with correlation), optionally coloured or faceted by groupBy[0];
   * rows: the matching rows themselves (sorted by `y` when given, at most `limit`, default 100); with a
   *   bar or pie chart, one bar per row labelled by `x` with the value of `y`.
   */
  intent: z.enum(["aggregate", "distribution", "relationship", "rows"]),
  measure: measureSchema.default({ agg: "count", field: null }),
  /** aggregate: further measures over the same groups ("sales and profit by region"); with chart "scatter", one point per group at (measure, extraMeasures[0]). */
  extraMeasures: z.array(measureSchema).max(3).default([]),
  groupBy: z.array(groupBySchema).max(2).default([]),
  filters: z.array(filterSchema).max(20).default([]),
  x: z.string().min(1).nullable().default(null),
  y: z.string().min(1).nullable().default(null),
  sort: z
    .object({ by: z.enum(["value", "key"]), order: z.enum(["asc", "desc"]) })
    .nullable()
    .default(null),
  limit: z.number().int().positive().max(10000).nullable().default(null),
  binWidth: z.number().positive().nullable().default(null),
  binCount: z.number().int().positive().max(500).nullable().default(null),
  chart: z.enum(CHART_KINDS),
  /** "h": horizontal bars ("as horizontal bars"; a bar chart of one grouping); otherwise vertical. */
  orientation: z.enum(["v", "h"]).optional(),
  /**
   * A condition on a per-group aggregate (SQL HAVING): only the groups whose `measure` passes are kept.
   * The groups are those of groupBy[0]; without a grouping, the values of the distinct-count measure's
   * field ("how many states have more than 100k in sales": distinct State having sum(Sales) > 100000).
   */
  /**
   * Ranked groups first ("top 3", then "which of them is lowest?"): only the `limit` groups that come first
   * by the measure in `order` are kept; `sort` and `limit` then order and cut those.
   */
  within: z.object({ order: z.enum(["asc", "desc"]), limit: z.number().int().positive().max(10000) }).optional(),
  /**
   * aggregate, no grouping: a change between two periods of a date or year field ("how much did sales change
   * from 2015 to 2018", "were there more deaths in 1975 than in 1977"): the measure over the rows of `to`
   * minus the measure over the rows of `from` (each as an `eq` filter on `field`, with the other filters),
   * with the percent change. `than`: the question asks whether `to` is above (gt) or below (lt) `from`;
   * `percent`: the percent change was asked for ("the percent change in sales"), the answer leads with it.
   * On a category field, two of its values set against each other ("how much longer is the wait at A than at B"):
   * the measure for `to` minus the measure for `from`, both shown.
   */
  change: z.object({ field: z.string().min(1), from: scalar, to: scalar, than: z.enum(["gt", "lt"]).optional(), percent: z.boolean().optional() }).optional(),
  /** Numbers computed from two fields of each row, added as columns before anything else (see derivedSchema). */
  derived: z.array(derivedSchema).max(3).optional(),
  having: z
    .object({
      measure: measureSchema,
      op: z.enum(["gt", "gte", "lt", "lte", "between"]),
      values: z.array(z.number()).min(1).max(2),
    })
    .optional(),
});

export type AnalysisPlan = z.infer<typeof planSchema>;

/**
 * `plan` read again as an aggregate: a histogram's bins and a scatter's axes do not carry over; `parts` says the rest
 * (each reader decides which of the grouping, sort, limit, chart and conditions it keeps).
 */
export function asAggregate(plan: AnalysisPlan, parts: Partial<AnalysisPlan> & Pick<AnalysisPlan, "measure">): AnalysisPlan {
  return { ...plan, intent: "aggregate", x: null, y: null, binWidth: null, binCount: null, ...parts };
}

/** The zod schema of the plan, exported for the LLM path and for callers that store plans. */
export const analysisPlanSchema: z.ZodType<AnalysisPlan> = planSchema as unknown as z.ZodType<AnalysisPlan>;
