// The answer to a plan with `change` (plan.ts): the measure in each of the two periods, the difference and
// the percent change, said first (with yes / no when the question set one period against the other), and
// the plan of the chart that shows the series between the two periods.
import type { Table } from "../table/types";
import type { FieldInfo } from "./columns";
import { formatterFor } from "./answer";
import { describeFilters, describeMeasure } from "./describe";
import { executePlan } from "./execute";
import { formatNumber, roundForTable, type Unit } from "./format";
import { t, type Style } from "./i18n";
import type { AnalysisPlan, TimeBucket } from "./plan";
import { lowerFirst } from "./text-utils";

export interface ChangeAnswer {
  text: string;
  table: Record<string, string | number | null>[];
  /** The measure over the periods from the earlier to the later one, by the field's period. */
  contextPlan: AnalysisPlan;
}

/** The bucket a period value names: "1975" a year, "1975-03" a month (a year field: none). */
function bucketOf(value: string | number, info: FieldInfo | undefined): TimeBucket | null {
  if (info?.role !== "date") return null;
  const s = String(value);
  return /^\d{4}$/.test(s) ? "year" : /^\d{4}-\d{2}$/.test(s) ? "month" : /^\d{4}-\d{2}-\d{2}$/.test(s) ? "day" : null;
}

export function changeAnswer(
  table: Table,
  fields: FieldInfo[],
  plan: AnalysisPlan,
  ctx: { style: Style; units: Map<string, Unit>; dateFields: Set<string> },
): ChangeAnswer {
  const change = plan.change!;
  const lang = ctx.style.lang;
  const { change: _, ...rest } = plan;
  const base: AnalysisPlan = { ...rest, groupBy: [], chart: "none", sort: null, limit: null };
  const at = (v: string | number) => {
    const r = executePlan(table, { ...base, filters: [...plan.filters, { field: change.field, op: "eq", values: [v] }] });
    return r.kind === "aggregate" && r.filteredRows > 0 ? r.overall : Number.NaN;
  };
  const a = at(change.from);
  const b = at(change.to);
  const info = fields.find((f) => f.name === change.field);
  // Two values of a category field ("how much longer is the wait at A than at B"): no time between them, the two
  // groups side by side.
  const category = !!info && info.role !== "date" && !info.yearLike && info.role !== "number";
  const [lo, hi] = String(change.from) < String(change.to) || Number(change.from) < Number(change.to) ? [change.from, change.to] : [change.to, change.from];
  const contextPlan: AnalysisPlan = category
    ? {
        ...base,
        groupBy: [{ field: change.field, bucket: null }],
        filters: [...plan.filters, { field: change.field, op: "in", values: [change.to, change.from] }],
        chart: "bar",
      }
    : {
        ...base,
        groupBy: [{ field: change.field, bucket: bucketOf(lo, info) }],
        filters: [...plan.filters, { field: change.field, op: "between", values: [lo, hi] }],
        chart: "line",
      };
  const what = describeMeasure(plan.measure, lang, ctx.dateFields);
  const fmt = formatterFor(plan.measure, ctx);
  const filters = plan.filters.length ? ` ${t(lang, "filtered", { filters: describeFilters(plan.filters, lang, ctx.dateFields) })}` : "";
  const computed = t(lang, category ? "differenceComputed" : "changeComputed", { what: lowerFirst(what), from: change.from, to: change.to, filters });
  if (Number.isNaN(a) || Number.isNaN(b)) {
    return {
      text: `${computed} ${t(lang, category ? "differenceMissing" : "changeMissing", { period: Number.isNaN(a) ? change.from : change.to })}`,
      table: [],
      contextPlan,
    };
  }
  const diff = b - a;
  const pct = a !== 0 ? (diff / Math.abs(a)) * 100 : Number.NaN;
  const signed = (s: string, v: number) => (v > 0 ? `+${s}` : s);
  const said = t(lang, category ? "differenceOfTwo" : "changeFromTo", {
    what,
    a: fmt(a),
    b: fmt(b),
    from: change.from,
    to: change.to,
    diff: signed(fmt(diff), diff),
    pct: signed(formatNumber(pct, lang, null, { percent: true }), pct),
  });
  const verdict = change.than ? `${t(lang, (change.than === "gt" ? diff > 0 : diff < 0) ? "changeYes" : "changeNo")} ` : "";
  const diffCell = { [category ? `${what}: ${change.to} minus ${change.from}` : `${t(lang, "change")}: ${what}`]: roundForTable(diff) };
  const pctCell = { [t(lang, "changePct")]: roundForTable(pct) };
  const row: Record<string, string | number | null> = {
    ...(change.percent ? pctCell : diffCell),
    ...(change.percent ? diffCell : pctCell),
    [`${what} (${change.from})`]: roundForTable(a),
    [`${what} (${change.to})`]: roundForTable(b),
  };
  return { text: `${verdict}${said} ${computed}`, table: [row], contextPlan };
}
