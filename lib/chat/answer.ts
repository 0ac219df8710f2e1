// Words and tables from a query result: the interpretation (what was computed, from which fields,
// with which filters and grouping), the headline answer, and the result table.
import type { AggregateResult, DistributionResult, QueryResult, RelationshipResult, RowsResult } from "./execute";
import { cellValue } from "../table/values";
import { isTimeField } from "./columns";
import { t, type Style } from "./i18n";
import { formatNumber, roundForTable, type Unit } from "./format";
import type { AnalysisPlan, Filter } from "./plan";
import { measureTitle } from "./figure";

export type TableRow = Record<string, string | number | null>;

export interface AnswerContext {
  style: Style;
  units: Map<string, Unit>;
  /** Fields holding dates, whose filter values are periods. */
  dateFields?: Set<string>;
}

function formatFilterValue(v: string | number): string {
  return typeof v === "number" ? String(v) : `"${v}"`;
}

export function describeFilters(filters: Filter[], style: Style, dateFields: Set<string> = new Set()): string {
  const lang = style.lang;
  return filters
    .map((f) => {
      // Dates read as periods: "Order Date is in 2016", "between 2016-01 and 2016-06".
      if (dateFields.has(f.field) && f.op === "eq") return `${f.field} ${t(lang, "during")} ${f.values[0]}`;
      if (dateFields.has(f.field) && f.op === "between") return `${f.field} ${t(lang, "between")} ${f.values[0]} ${t(lang, "and")} ${f.values[1] ?? f.values[0]}`;
      if (dateFields.has(f.field)) return `${f.field} ${t(lang, f.op)} ${f.values[0]}`;
      if (f.op === "between") return `${f.field} ${t(lang, "between")} ${formatFilterValue(f.values[0])} ${t(lang, "and")} ${formatFilterValue(f.values[1] ?? f.values[0])}`;
      if (f.op === "in") return `${f.field} ${t(lang, "in")} ${f.values.map(formatFilterValue).join(", ")}`;
      return `${f.field} ${t(lang, f.op)} ${formatFilterValue(f.values[0])}`;
    })
    .join(` ${t(lang, "and")} `);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function rowsNote(plan: AnalysisPlan, filteredRows: number, totalRows: number, style: Style, dateFields?: Set<string>): string {
  if (plan.filters.length === 0) return t(style.lang, "allRows", { n: formatNumber(totalRows, style.lang, null, { integer: true }) });
  return `${t(style.lang, "filtered", { filters: describeFilters(plan.filters, style, dateFields) })} ${t(style.lang, "filteredRows", { n: formatNumber(filteredRows, style.lang, null, { integer: true }), total: formatNumber(totalRows, style.lang, null, { integer: true }) })}`;
}

function aggregateText(r: AggregateResult, ctx: AnswerContext): string {
  const { lang, brief } = ctx.style;
  const plan = r.plan;
  const percent = plan.measure.agg === "share" || plan.measure.agg === "rate";
  const unit = plan.measure.field && plan.measure.agg !== "count" && plan.measure.agg !== "distinct" && plan.measure.agg !== "rate" ? ctx.units.get(plan.measure.field) ?? null : null;
  const fmt = (v: number) => formatNumber(v, lang, unit, { percent, integer: plan.measure.agg === "count" || plan.measure.agg === "distinct" });
  const what = lowerFirst(measureTitle(r, lang));
  const groups = plan.groupBy.map((g) => (g.bucket && r.keyFields.find((f) => f.name === g.field)?.role === "date" ? `${g.field} (${t(lang, "perBucket", { bucket: t(lang, g.bucket) })})` : g.field));
  let first = t(lang, "computed", { what });
  if (groups.length) first += ` ${t(lang, "grouped", { groups: groups.join(` ${t(lang, "and")} `) })}`;
  first += ` ${rowsNote(plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}.`;
  if (r.filteredRows === 0 && !(groups.length === 0 && (plan.measure.agg === "count" || plan.measure.agg === "distinct"))) return `${first} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  const parts: string[] = [first];
  if (groups.length === 0) {
    if (Number.isNaN(r.overall)) return `${first} ${t(lang, "noData")}`;
    parts.push(t(lang, "overallIs", { what, value: fmt(r.overall) }));
    return brief ? `${first.slice(0, -1)}: ${fmt(r.overall)}.` : parts.join(" ");
  }
  if (r.rows.length === 0) return `${first} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  const valid = r.rows.filter((x) => !Number.isNaN(x.value));
  if (valid.length === 0) return first;
  const label = (x: (typeof valid)[number]) => x.labels.join(" / ");
  let hi = valid[0];
  let lo = valid[0];
  for (const x of valid) {
    if (x.value > hi.value) hi = x;
    if (x.value < lo.value) lo = x;
  }
  const timeFirst = r.keyFields.length === 1 && isTimeField(r.keyFields[0]);
  if (brief) return `${first.slice(0, -1)}: ${t(lang, "highest", { label: label(hi), value: fmt(hi.value) }).replace(/\.$/, "")}.`;
  if (r.hiddenGroups > 0 && plan.limit !== null && valid.length <= 10) {
    // Top / bottom N: name them all, in order.
    parts.push(t(lang, "shown", { n: valid.length, list: valid.map((x) => `${label(x)} (${fmt(x.value)})`).join("; ") }));
  } else if (r.hiddenGroups > 0) {
    // Only part of the groups is shown: the extreme on the shown side is the only true extreme.
    const ascending = plan.sort?.order === "asc";
    parts.push(t(lang, ascending ? "lowest" : "highest", { label: label(ascending ? lo : hi), value: fmt(ascending ? lo.value : hi.value) }));
  } else {
    parts.push(t(lang, "highest", { label: label(hi), value: fmt(hi.value) }));
    if (valid.length > 1) parts.push(t(lang, "lowest", { label: label(lo), value: fmt(lo.value) }));
  }
  if (timeFirst && valid.length >= 2) {
    const a = valid[0];
    const b = valid[valid.length - 1];
    if (a.value !== 0 && Number.isFinite(a.value) && Number.isFinite(b.value)) {
      const pct = ((b.value - a.value) / Math.abs(a.value)) * 100;
      parts.push(t(lang, pct >= 0 ? "trendUp" : "trendDown", { first: a.labels[0], a: fmt(a.value), last: b.labels[0], b: fmt(b.value), pct: formatNumber(Math.abs(pct), lang, null, { percent: true }) }));
    }
  }
  if (plan.measure.agg !== "mean" && plan.measure.agg !== "median" && plan.measure.agg !== "share" && plan.measure.agg !== "distinct" && plan.measure.agg !== "rate") {
    parts.push(t(lang, "overallAcross", { value: fmt(r.overall) }));
  }
  const count = (n: number) => formatNumber(n, lang, null, { integer: true });
  if (r.rows.length + r.hiddenGroups > 1) parts.push(t(lang, "groupsCount", { n: count(r.rows.length + r.hiddenGroups) }));
  if (r.hiddenGroups > 0) parts.push(t(lang, "hidden", { n: count(r.hiddenGroups) }));
  return parts.join(" ");
}

function aggregateTable(r: AggregateResult, ctx: AnswerContext): TableRow[] {
  const valueName = measureTitle(r, ctx.style.lang);
  if (r.plan.groupBy.length === 0) {
    const out: TableRow = { [valueName]: roundForTable(r.overall) };
    if (r.plan.measure.agg !== "count") out[t(ctx.style.lang, "rows")] = r.filteredRows;
    return [out];
  }
  return r.rows.map((row) => {
    const out: TableRow = {};
    r.plan.groupBy.forEach((g, k) => {
      const info = r.keyFields[k];
      out[g.field] = info.role === "date" ? row.labels[k] : row.keys[k];
    });
    out[valueName] = roundForTable(row.value);
    if (r.plan.measure.agg !== "count") out[t(ctx.style.lang, "rows")] = row.count;
    return out;
  });
}

function distributionText(r: DistributionResult, ctx: AnswerContext): string {
  const { lang, brief } = ctx.style;
  const plan = r.plan;
  const unit = ctx.units.get(r.field.name);
  const fmt = (v: number) => formatNumber(v, lang, unit);
  const first = `${t(lang, "distribution", { width: fmt(r.binWidth), field: r.field.name })} ${rowsNote(r.plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}.`;
  if (r.n === 0) return `${first} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  const stats = t(lang, "distStats", { n: formatNumber(r.n, lang, null, { integer: true }), min: fmt(r.min), max: fmt(r.max), mean: fmt(r.mean), median: fmt(r.median) });
  if (brief) return `${first.slice(0, -1)}: ${stats}`;
  const peak = r.bins.reduce((a, b) => (b.count > a.count ? b : a), r.bins[0]);
  return `${first} ${stats} ${t(lang, "peak", { lo: fmt(peak.lo), hi: fmt(peak.hi), count: formatNumber(peak.count, lang, null, { integer: true }) })}`;
}

function distributionTable(r: DistributionResult, ctx: AnswerContext): TableRow[] {
  const lang = ctx.style.lang;
  return r.bins.map((b) => ({ [`${r.field.name} ≥`]: roundForTable(b.lo), [`${r.field.name} <`]: roundForTable(b.hi), [t(lang, "count_col")]: b.count }));
}

function strength(r: number, lang: Style["lang"]): string {
  const a = Math.abs(r);
  const s = a >= 0.7 ? "strong" : a >= 0.4 ? "moderate" : a >= 0.1 ? "weak" : "none";
  return s === "none" ? t(lang, "none") : `${t(lang, s)} ${t(lang, r >= 0 ? "positive" : "negative")}`;
}

function relationshipText(r: RelationshipResult, ctx: AnswerContext): string {
  const { lang, brief } = ctx.style;
  const plan = r.plan;
  let first = t(lang, "relationship", { x: r.xField.name, y: r.yField.name });
  if (r.groupField) first += `, ${t(lang, r.plan.chart === "scatterFaceted" ? "relFacet" : "relColor", { group: r.groupField.name })}`;
  first += ` ${rowsNote(r.plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}.`;
  if (r.n === 0) return `${first} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  const corr = Number.isNaN(r.r) ? "" : t(lang, "correlation", { r: r.r.toFixed(2), strength: strength(r.r, lang), n: formatNumber(r.n, lang, null, { integer: true }) });
  if (brief) return `${first.slice(0, -1)}. ${corr}`.trim();
  const groups = r.byGroup.filter((g) => !Number.isNaN(g.r)).slice(0, 8).map((g) => t(lang, "corrGroup", { group: g.group, r: g.r.toFixed(2) }));
  return [first, corr, groups.length ? `${groups.join("; ")}.` : ""].filter(Boolean).join(" ");
}

function relationshipTable(r: RelationshipResult, ctx: AnswerContext): TableRow[] {
  const lang = ctx.style.lang;
  const rows: TableRow[] = [];
  if (r.groupField) {
    for (const g of r.byGroup) rows.push({ [r.groupField.name]: g.group, [t(lang, "points")]: g.n, [t(lang, "correlation_col")]: roundForTable(g.r) });
  }
  rows.push({ ...(r.groupField ? { [r.groupField.name]: "*" } : {}), [t(lang, "points")]: r.n, [t(lang, "correlation_col")]: roundForTable(r.r) });
  return rows;
}

function rowsText(r: RowsResult, ctx: AnswerContext): string {
  const { lang } = ctx.style;
  const plan = r.plan;
  const count = (n: number) => formatNumber(n, lang, null, { integer: true });
  let text = `${t(lang, "listed", { n: count(r.indices.length) })} ${rowsNote(plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}`;
  if (r.sortField) text += `, ${t(lang, plan.sort?.order === "asc" ? "sortedAsc" : "sortedDesc", { field: r.sortField.name })}`;
  text += ".";
  if (r.filteredRows === 0) return `${text} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  if (r.indices.length < r.filteredRows) text += ` ${t(lang, "hiddenRows", { n: count(r.filteredRows - r.indices.length) })}`;
  return text;
}

function rowsTable(r: RowsResult, fields: { name: string; column: import("../table/types").Column }[]): TableRow[] {
  return r.indices.map((i) => {
    const row: TableRow = {};
    for (const f of fields) row[f.name] = cellValue(f.column, i);
    return row;
  });
}

export function describeResult(result: QueryResult, ctx: AnswerContext, fields: { name: string; column: import("../table/types").Column }[] = []): { text: string; table: TableRow[] } {
  if (result.kind === "rows") return { text: rowsText(result, ctx), table: rowsTable(result, fields) };
  if (result.kind === "aggregate") return { text: aggregateText(result, ctx), table: aggregateTable(result, ctx) };
  if (result.kind === "distribution") return { text: distributionText(result, ctx), table: distributionTable(result, ctx) };
  return { text: relationshipText(result, ctx), table: relationshipTable(result, ctx) };
}
