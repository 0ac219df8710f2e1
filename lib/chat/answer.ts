// Words and tables from a query result: the direct answer where the question asked for one ("which
// state has the highest profit"), the interpretation (what was computed, from which fields, with
// which filters and grouping), the headline numbers, and the result table.
import type { AggregateResult, DistributionResult, QueryResult, RelationshipResult, RowsResult } from "./execute";
import { emptyRecord } from "../table/rows";
import { cellValue } from "../table/values";
import type { Column } from "../table/types";
import { isTimeField, type FieldInfo } from "./columns";
import { t, type Style } from "./i18n";
import { formatNumber, roundForTable, type Unit } from "./format";
import type { AnalysisPlan, Filter, Measure } from "./plan";
import { isCyclicBucket } from "./plan";
import { namedAsCode } from "./understand/lexicon";
import { lowerFirst } from "./text-utils";
import { describeFilters as describeFilterList, describeMeasure, describePlanShort, describeWithin } from "./describe";
import grammar from "./vocab/grammar.json";

export type TableRow = Record<string, string | number | null>;

export interface AnswerContext {
  style: Style;
  units: Map<string, Unit>;
  /** Fields holding dates, whose filter values are periods. */
  dateFields?: Set<string>;
  /** Number fields holding years: their values (a minimum, a latest year) are written without thousands separators. */
  yearFields?: Set<string>;
}

export function describeFilters(filters: Filter[], style: Style, dateFields: Set<string> = new Set()): string {
  return describeFilterList(filters, style.lang, dateFields);
}

function rowsNote(plan: AnalysisPlan, filteredRows: number, totalRows: number, style: Style, dateFields?: Set<string>): string {
  if (plan.filters.length === 0) return t(style.lang, "allRows", { n: formatNumber(totalRows, style.lang, null, { integer: true }) });
  return `${t(style.lang, "filtered", { filters: describeFilters(plan.filters, style, dateFields) })} ${t(style.lang, "filteredRows", { n: formatNumber(filteredRows, style.lang, null, { integer: true }), total: formatNumber(totalRows, style.lang, null, { integer: true }) })}`;
}

/** The title of a measure for text, table and chart. */
export function measureTitle(result: AggregateResult, lang: Style["lang"], measure: Measure = result.plan.measure): string {
  return describeMeasure(measure, lang);
}

export function formatterFor(measure: Measure, ctx: AnswerContext): (v: number) => string {
  const percent = measure.agg === "share" || measure.agg === "rate" || !!measure.per?.percent || !!measure.fromPreviousPercent;
  // (A ratio keeps the numerator's unit only when divided by a count: "sales per order" in dollars.)
  const unitless = measure.per && measure.per.agg === "sum";
  const unit =
    measure.field && !unitless && measure.agg !== "count" && measure.agg !== "distinct" && measure.agg !== "rate"
      ? (ctx.units.get(measure.field) ?? null)
      : null;
  const integer = measure.agg === "count" || measure.agg === "distinct";
  const plain = !integer && !percent && !!measure.field && !!ctx.yearFields?.has(measure.field);
  return (v: number) => formatNumber(v, ctx.style.lang, unit, { percent, integer, plain });
}

function groupNames(r: AggregateResult, lang: Style["lang"]): string[] {
  return r.plan.groupBy.map((g) =>
    g.bucket && (r.keyFields.find((f) => f.name === g.field)?.role === "date" || g.bucket === "decade")
      ? `${g.field} (${t(lang, "perBucket", { bucket: t(lang, g.bucket) })})`
      : g.field,
  );
}

function aggregateText(r: AggregateResult, ctx: AnswerContext): string {
  const { lang, brief } = ctx.style;
  const plan = r.plan;
  const fmt = formatterFor(plan.measure, ctx);
  const measures = [plan.measure, ...(plan.extraMeasures ?? [])];
  const whatAll = measures.map((m) => lowerFirst(describeMeasure(m, lang, ctx.dateFields))).join(` ${t(lang, "and")} `);
  const what = lowerFirst(describeMeasure(plan.measure, lang, ctx.dateFields));
  const groups = groupNames(r, lang);
  let first: string;
  if (plan.chart === "scatter" && plan.extraMeasures?.length && groups.length) {
    first = t(lang, "aggScatter", { y: lowerFirst(describeMeasure(plan.extraMeasures[0], lang, ctx.dateFields)), x: what, group: groups[0] });
  } else {
    first = t(lang, "computed", { what: whatAll });
    if (groups.length) first += ` ${t(lang, "grouped", { groups: groups.join(` ${t(lang, "and")} `) })}`;
  }
  first += ` ${rowsNote(plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}`;
  if (r.missingMeasureRows && plan.measure.field)
    first += ` ${t(lang, "missingMeasure", { n: formatNumber(r.missingMeasureRows, ctx.style.lang, null, { integer: true }), field: plan.measure.field })}`;
  first += plan.within ? `, ${describeWithin(plan, lang, ctx.dateFields)}.` : ".";
  // HAVING: which groups were kept, and how many of them.
  if (plan.having && r.having) {
    const h = plan.having;
    const hf = formatterFor(h.measure, ctx);
    const cond =
      h.op === "between"
        ? `${t(lang, "between")} ${hf(h.values[0])} ${t(lang, "and")} ${hf(h.values[1] ?? h.values[0])}`
        : `${t(lang, h.op)} ${hf(h.values[0])}`;
    const count = (n: number) => formatNumber(n, lang, null, { integer: true });
    first += ` ${t(lang, "havingKept", {
      field: r.having.field,
      what: lowerFirst(describeMeasure(h.measure, lang, ctx.dateFields)),
      cond,
      matched: count(r.having.matched),
      groups: count(r.having.groups),
    })}`;
  }
  if (r.filteredRows === 0 && !(groups.length === 0 && (plan.measure.agg === "count" || plan.measure.agg === "distinct")))
    return `${first} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  const parts: string[] = [first];
  if (groups.length === 0) {
    if (Number.isNaN(r.overall)) return `${first} ${t(lang, "noData")}`;
    parts.push(t(lang, "overallIs", { what, value: fmt(r.overall) }));
    r.extra.forEach((e) =>
      parts.push(t(lang, "overallIs", { what: lowerFirst(describeMeasure(e.measure, lang, ctx.dateFields)), value: formatterFor(e.measure, ctx)(e.overall) })),
    );
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
  const timeFirst = r.keyFields.length === 1 && isTimeField(r.keyFields[0]) && !isCyclicBucket(plan.groupBy[0].bucket);
  // The direct answer first when the question ranks ("which region has the highest ...", "top 3 ...").
  const ranked = plan.sort?.by === "value" && r.keyFields.length === 1 && !r.extra.length;
  if (ranked) {
    const top = valid[0];
    const asc = plan.sort!.order === "asc";
    // Several groups at the top value: all of them are named, not the first one alone.
    const tied = valid.filter((x) => x.value === top.value);
    // "the second lowest": the last of the first N groups in the other order (plan.within), named by its rank.
    const w = plan.within;
    const rank = w && plan.limit === 1 && w.order !== plan.sort!.order && tied.length === 1 && valid.length === 1 ? w.limit : 0;
    const lead = rank
      ? t(lang, w!.order === "asc" ? "leadRankMin" : "leadRankMax", { label: label(top), n: rank, what, value: fmt(top.value) })
      : tied.length > 1
        ? t(lang, asc ? "leadTieMin" : "leadTieMax", { n: tied.length, what, value: fmt(top.value), labels: tieList(tied.map(label)) })
        : t(lang, asc ? "leadMin" : "leadMax", { label: label(top), what, value: fmt(top.value) });
    parts.unshift(lead);
  }
  if (brief) return `${first.slice(0, -1)}: ${t(lang, "highest", { label: label(hi), value: fmt(hi.value) }).replace(/\.$/, "")}.`;
  if (r.extra.length) {
    // Several measures: the highest of each.
    parts.push(t(lang, "highest", { label: label(hi), value: `${what}: ${fmt(hi.value)}` }));
    r.extra.forEach((e) => {
      let best = -1;
      e.values.forEach((v, i) => {
        if (!Number.isNaN(v) && (best < 0 || v > e.values[best])) best = i;
      });
      if (best >= 0)
        parts.push(
          t(lang, "highest", {
            label: r.rows[best].labels.join(" / "),
            value: `${lowerFirst(describeMeasure(e.measure, lang, ctx.dateFields))}: ${formatterFor(e.measure, ctx)(e.values[best])}`,
          }),
        );
    });
  } else if (r.hiddenGroups > 0 && plan.limit !== null && valid.length <= 10) {
    // Top / bottom N: name them all, in order.
    parts.push(t(lang, "shown", { n: valid.length, list: valid.map((x) => `${label(x)} (${fmt(x.value)})`).join("; ") }));
  } else if (r.hiddenGroups > 0) {
    // Only part of the groups is shown: the extreme on the shown side is the only true extreme.
    const ascending = plan.sort?.order === "asc";
    if (!ranked) parts.push(t(lang, ascending ? "lowest" : "highest", { label: label(ascending ? lo : hi), value: fmt(ascending ? lo.value : hi.value) }));
  } else if (!ranked) {
    parts.push(t(lang, "highest", { label: label(hi), value: fmt(hi.value) }));
    if (valid.length > 1) parts.push(t(lang, "lowest", { label: label(lo), value: fmt(lo.value) }));
  } else if (valid.length > 1) {
    const other = plan.sort!.order === "asc" ? hi : lo;
    parts.push(t(lang, plan.sort!.order === "asc" ? "highest" : "lowest", { label: label(other), value: fmt(other.value) }));
  }
  // A change from first to last period only when the rows are in time order (not ranked by value).
  // (Not of changes from the period before, nor of a running total: a percent change of those says nothing.)
  if (timeFirst && plan.sort?.by !== "value" && valid.length >= 2 && !r.extra.length && !plan.measure.fromPrevious && !plan.measure.cumulative) {
    const a = valid[0];
    const b = valid[valid.length - 1];
    if (a.value !== 0 && Number.isFinite(a.value) && Number.isFinite(b.value)) {
      const pct = ((b.value - a.value) / Math.abs(a.value)) * 100;
      parts.push(
        t(lang, pct >= 0 ? "trendUp" : "trendDown", {
          first: a.labels[0],
          a: fmt(a.value),
          last: b.labels[0],
          b: fmt(b.value),
          pct: formatNumber(Math.abs(pct), lang, null, { percent: true }),
        }),
      );
    }
  }
  if (
    plan.measure.agg !== "mean" &&
    plan.measure.agg !== "median" &&
    plan.measure.agg !== "share" &&
    plan.measure.agg !== "distinct" &&
    plan.measure.agg !== "rate" &&
    plan.measure.agg !== "min" &&
    plan.measure.agg !== "max" &&
    plan.measure.agg !== "std" &&
    plan.measure.agg !== "range" &&
    plan.measure.agg !== "firstLast" &&
    !plan.measure.fromPrevious &&
    !plan.measure.cumulative
  ) {
    // Rows without a value of the grouping field are in the figure but in no group shown: said, or the
    // groups read as adding up to it (14 orders with no Region made 439,837 over groups summing to 429,285).
    parts.push(
      r.missingKeyRows > 0 && r.keyFields.length
        ? t(lang, "overallWithUngrouped", {
            value: fmt(r.overall),
            n: formatNumber(r.missingKeyRows, lang, null, { integer: true }),
            fields: r.keyFields.map((k) => k.name).join(` ${t(lang, "or")} `),
          })
        : t(lang, "overallAcross", { value: fmt(r.overall) }),
    );
  }
  const count = (n: number) => formatNumber(n, lang, null, { integer: true });
  if (r.rows.length + r.hiddenGroups > 1) parts.push(t(lang, "groupsCount", { n: count(r.rows.length + r.hiddenGroups) }));
  if (r.hiddenGroups > 0) parts.push(t(lang, "hidden", { n: count(r.hiddenGroups) }));
  return parts.join(" ");
}

function aggregateTable(r: AggregateResult, ctx: AnswerContext): TableRow[] {
  const lang = ctx.style.lang;
  const valueName = describeMeasure(r.plan.measure, lang, ctx.dateFields);
  const extraNames = r.extra.map((e) => describeMeasure(e.measure, lang, ctx.dateFields));
  const showRows = r.plan.measure.agg !== "count";
  if (r.plan.groupBy.length === 0) {
    const out: TableRow = { [valueName]: roundForTable(r.overall) };
    r.extra.forEach((e, k) => (out[extraNames[k]] = roundForTable(e.overall)));
    if (showRows) out[t(lang, "rows")] = r.filteredRows;
    return [out];
  }
  return r.rows.map((row, i) => {
    const out: TableRow = emptyRecord(); // a field may be named "__proto__"
    r.plan.groupBy.forEach((g, k) => {
      const info = r.keyFields[k];
      out[g.field] =
        info.role === "date" || isCyclicBucket(g.bucket) || g.bucket === "decade"
          ? row.labels[k]
          : typeof row.keys[k] === "string"
            ? (row.keys[k] as string).trim()
            : row.keys[k];
    });
    out[valueName] = roundForTable(row.value);
    r.extra.forEach((e, k) => (out[extraNames[k]] = roundForTable(e.values[i])));
    if (showRows) out[t(lang, "rows")] = row.count;
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
  const stats = t(lang, "distStats", {
    n: formatNumber(r.n, lang, null, { integer: true }),
    min: fmt(r.min),
    max: fmt(r.max),
    mean: fmt(r.mean),
    median: fmt(r.median),
  });
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
  const corr = Number.isNaN(r.r)
    ? ""
    : t(lang, "correlation", { r: r.r.toFixed(2), strength: strength(r.r, lang), n: formatNumber(r.n, lang, null, { integer: true }) });
  if (brief) return `${first.slice(0, -1)}. ${corr}`.trim();
  const groups = r.byGroup
    .filter((g) => !Number.isNaN(g.r))
    .slice(0, 8)
    .map((g) => t(lang, "corrGroup", { group: g.group, r: g.r.toFixed(2) }));
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

/** The field that names a row (a title, a name, an id): the plan's label, else the most distinct text field. */
export function rowLabelField(r: RowsResult, fields: FieldInfo[]): FieldInfo | null {
  if (r.plan.x) return fields.find((f) => f.name === r.plan.x) ?? null;
  // Among fields about as distinct, a name before an identifier ("ExxonMobil", not company id "4").
  const codeLike = (f: FieldInfo) => (namedAsCode(f.name) ? 1 : 0);
  let best: FieldInfo | null = null;
  for (const f of fields) {
    if (!f.codes || f.role === "date") continue;
    if (!best) best = f;
    else if (f.distinct > best.distinct && !(codeLike(f) > codeLike(best) && f.distinct <= 1.1 * best.distinct)) best = f;
    else if (codeLike(f) < codeLike(best) && f.distinct >= best.distinct / 1.1) best = f;
  }
  return best && best.distinct >= 0.5 * r.totalRows ? best : null;
}

/** The names of tied groups or rows: the first five, then how many more. */
function tieList(labels: string[]): string {
  return labels.length <= 5 ? labels.join(", ") : `${labels.slice(0, 5).join(", ")} (+${labels.length - 5})`;
}

function rowsText(r: RowsResult, ctx: AnswerContext, fields: FieldInfo[]): string {
  const { lang } = ctx.style;
  const plan = r.plan;
  const count = (n: number) => formatNumber(n, lang, null, { integer: true });
  let text = `${t(lang, "listed", { n: count(r.indices.length) })} ${rowsNote(plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}`;
  const byKey = plan.sort?.by === "key" && plan.x;
  // (A key that is a number or a date is ordered smallest / largest first, not A to Z.)
  const keyNumeric = byKey && fields.some((f) => f.name === plan.x && f.numbers !== null);
  if (byKey && keyNumeric) text += `, ${t(lang, plan.sort?.order === "desc" ? "sortedDesc" : "sortedAsc", { field: plan.x! })}`;
  else if (byKey) text += `, ${t(lang, plan.sort?.order === "desc" ? "sortedKeyDesc" : "sortedKeyAsc", { field: plan.x! })}`;
  else if (r.sortField) text += `, ${t(lang, plan.sort?.order === "asc" ? "sortedAsc" : "sortedDesc", { field: r.sortField.name })}`;
  text += ".";
  if (r.filteredRows === 0) return `${text} ${t(lang, plan.filters.length ? "noRows" : "noData")}`;
  if (r.indices.length < r.filteredRows) text += ` ${t(lang, "hiddenRows", { n: count(r.filteredRows - r.indices.length) })}`;
  // "the second largest girth": the one row ranked that far, said by its rank (plan.within).
  const w = plan.within;
  if (w && r.sortField && !byKey && r.indices.length === 1 && Number.isFinite(r.sortField.numbers![r.indices[0]])) {
    const value = formatNumber(r.sortField.numbers![r.indices[0]], lang, ctx.units.get(r.sortField.name));
    // ("which island is the second biggest": the row's name first when the rows have one.)
    const named = rowLabelField(r, fields);
    const label = named ? String(cellValue(named.column, r.indices[0]) ?? "").trim() : "";
    const lead = label
      ? t(lang, w.order === "asc" ? "leadRankMin" : "leadRankMax", { label, n: w.limit, what: r.sortField.name, value })
      : t(lang, w.order === "asc" ? "leadRankRowMin" : "leadRankRowMax", { n: w.limit, field: r.sortField.name, value });
    return `${lead} ${t(lang, "listed", { n: count(1) })} ${rowsNote(plan, r.filteredRows, r.totalRows, ctx.style, ctx.dateFields)}.`;
  }
  // The first row answers "which movie grossed the most": say it first.
  const labelField = rowLabelField(r, fields);
  if (r.sortField && !byKey && labelField && r.indices.length) {
    const i = r.indices[0];
    const label = String(cellValue(labelField.column, i) ?? "").trim();
    const value = r.sortField.numbers![i];
    if (label && Number.isFinite(value)) {
      // A date is said as the date, not as its milliseconds ("the 10 most recent orders").
      const shown = r.sortField.role === "date" ? String(cellValue(r.sortField.column, i) ?? "") : formatNumber(value, lang, ctx.units.get(r.sortField.name));
      // Several rows at the top value: all of them are named.
      const tied = r.indices.filter((j) => r.sortField!.numbers![j] === value);
      const lead =
        tied.length > 1 && r.sortField.role !== "date"
          ? t(lang, plan.sort?.order === "asc" ? "leadTieMin" : "leadTieMax", {
              n: tied.length,
              what: r.sortField.name,
              value: shown,
              labels: tieList(tied.map((j) => String(cellValue(labelField.column, j) ?? "").trim())),
            })
          : t(lang, plan.sort?.order === "asc" ? "leadRowMin" : "leadRowMax", { label, field: r.sortField.name, value: shown });
      text = `${lead} ${text}`;
    }
  }
  return text;
}

/**
 * Columns of a rows answer: the row's name, the field it is ranked by and the fields it is filtered on
 * first, so what the question asked about is on screen in a wide table; the others in table order.
 */
function rowsColumns(r: RowsResult, fields: FieldInfo[]): FieldInfo[] {
  const first = [rowLabelField(r, fields)?.name, r.sortField?.name, r.plan.x, ...r.plan.filters.map((f) => f.field)];
  const order = new Map<string, number>();
  for (const name of first) if (name && !order.has(name)) order.set(name, order.size);
  const rank = (f: FieldInfo) => order.get(f.name) ?? order.size;
  return fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map((x) => x.f);
}

function rowsTable(r: RowsResult, fields: FieldInfo[]): TableRow[] {
  const columns = rowsColumns(r, fields);
  return r.indices.map((i) => {
    const row: TableRow = emptyRecord(); // a field may be named "__proto__"
    for (const f of columns) {
      const v = cellValue(f.column, i);
      row[f.name] = typeof v === "string" ? v.trim() : v;
    }
    return row;
  });
}

export function describeResult(result: QueryResult, ctx: AnswerContext, fields: FieldInfo[] = []): { text: string; table: TableRow[] } {
  if (result.kind === "rows") return { text: rowsText(result, ctx, fields), table: rowsTable(result, fields) };
  if (result.kind === "aggregate") return { text: aggregateText(result, ctx), table: aggregateTable(result, ctx) };
  if (result.kind === "distribution") return { text: distributionText(result, ctx), table: distributionTable(result, ctx) };
  return { text: relationshipText(result, ctx), table: relationshipTable(result, ctx) };
}

/**
 * Notes that doubt the reading itself (another reading, words not used, a field guessed, a unit not
 * checked, a grouping into very many groups), as opposed to routine ones (the aggregate chosen, the
 * time axis) and plain statements of how a word was read.
 */
const DOUBT_KINDS = new Set<string>(grammar.answer.doubtKinds);

export function doubtNotes(notes: string[]): string[] {
  return notes.filter((n) => DOUBT_KINDS.has(n.split(":")[0]));
}

/**
 * "is the average y above 10": a "test:op:value:text" note on a one-number answer says yes or no first
 * (the comparison tested the number and filtered no rows).
 */
export function testVerdict(result: QueryResult, notes: string[], ctx: AnswerContext): string | null {
  const note = notes.find((n) => n.startsWith("test:"));
  if (!note || result.kind !== "aggregate" || result.plan.groupBy.length || !Number.isFinite(result.overall)) return null;
  const [, op, raw] = note.split(":");
  const lang = ctx.style.lang;
  const fmt = formatterFor(result.plan.measure, ctx);
  // ("@Y1": the same aggregate of another field, one of the answer's measures.)
  const other = raw.startsWith("@") ? result.extra.find((e) => e.measure.field === raw.slice(1)) : undefined;
  if (raw.startsWith("@") && !other) return null;
  const limit = other ? other.overall : Number(raw);
  const v = result.overall;
  const pass = op === "gt" ? v > limit : op === "gte" ? v >= limit : op === "lt" ? v < limit : op === "lte" ? v <= limit : null;
  if (pass === null || !Number.isFinite(limit)) return null;
  return t(lang, pass ? "testYes" : "testNo", {
    what: lowerFirst(describeMeasure(result.plan.measure, lang, ctx.dateFields)),
    value: fmt(v),
    op: t(lang, op),
    limit: other
      ? t(lang, "testOther", { what: lowerFirst(describeMeasure(other.measure, lang, ctx.dateFields)), value: formatterFor(other.measure, ctx)(limit) })
      : fmt(limit),
  });
}

/**
 * "do women wait longer than men?": a "sides:field:op:[A,B]" note on an answer grouped by that field says yes or no
 * first, with both figures ("Yes: Female (25.01) against Male (20.84)."); null when a group is missing.
 */
export function sidesVerdict(result: QueryResult, notes: string[], ctx: AnswerContext): string | null {
  const note = notes.find((n) => n.startsWith("sides:"));
  if (!note || result.kind !== "aggregate" || result.plan.groupBy.length !== 1) return null;
  const [, field, op, ...rest] = note.split(":");
  if (result.plan.groupBy[0].field !== field) return null;
  const [a, b] = JSON.parse(rest.join(":")) as (string | number)[];
  const row = (v: string | number) => result.rows.find((r) => String(r.keys[0]) === String(v) || r.labels[0] === String(v));
  const [ra, rb] = [row(a), row(b)];
  if (!ra || !rb || !Number.isFinite(ra.value) || !Number.isFinite(rb.value)) return null;
  const pass = op === "gt" ? ra.value > rb.value : ra.value < rb.value;
  const fmt = formatterFor(result.plan.measure, ctx);
  return t(ctx.style.lang, pass ? "sidesYes" : "sidesNo", { a: ra.labels[0], va: fmt(ra.value), b: rb.labels[0], vb: fmt(rb.value) });
}

/** The assumptions behind an answer (from the understanding's notes), in the answer's language. */
export function describeAssumptions(notes: string[], style: Style): string[] {
  const out: string[] = [];
  for (const n of notes) {
    const [kind, ...rest] = n.split(":");
    if (kind === "defaultAgg") out.push(t(style.lang, "assumeAgg", { field: rest[0], agg: t(style.lang, rest[1]) }));
    else if (kind === "guess") out.push(t(style.lang, "assumeGuess", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "timeField") out.push(t(style.lang, "assumeTime", { field: rest.join(":") }));
    else if (kind === "ignored") out.push(t(style.lang, "assumeIgnored", { text: `"${rest.join(":")}"` }));
    else if (kind === "misnamed") out.push(t(style.lang, "assumeMisnamed", { field: rest[0], named: rest[1], value: rest.slice(2).join(":") }));
    else if (kind === "cmpValue") out.push(t(style.lang, "assumeCmpValue", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "notGrouped") out.push(t(style.lang, "assumeNotGrouped", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "manyGroups")
      out.push(t(style.lang, "assumeManyGroups", { field: rest[0], n: formatNumber(Number(rest[1]), style.lang, null, { integer: true }) }));
    else if (kind === "binnedGroups")
      out.push(t(style.lang, "assumeBinnedGroups", { field: rest[0], n: formatNumber(Number(rest[1]), style.lang, null, { integer: true }) }));
    else if (kind === "dateOrder") out.push(t(style.lang, "assumeDateOrder", { field: rest.join(":") }));
    else if (kind === "readAs") out.push(t(style.lang, "assumeReadAs", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "unsure" && rest[0] === "grouped")
      out.push(t(style.lang, "assumeUnsureGrouped", { field: rest[1], n: formatNumber(Number(rest[2]), style.lang, null, { integer: true }) }));
    else if (kind === "unsure") out.push(t(style.lang, "assumeUnsure"));
    else if (kind === "versusOther") out.push(t(style.lang, "assumeVersusOther", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "unitConverted") out.push(t(style.lang, "assumeUnitConverted", { field: rest[0], value: rest[1], text: rest.slice(2).join(":") }));
    else if (kind === "unitMonths")
      out.push(t(style.lang, "assumeUnitMonths", { field: rest[0], value: rest[1], max: rest[2], text: rest.slice(3).join(":") }));
    else if (kind === "unitMinutes")
      out.push(t(style.lang, "assumeUnitMinutes", { field: rest[0], value: rest[1], max: rest[2], text: rest.slice(3).join(":") }));
    else if (kind === "unitUnknown") out.push(t(style.lang, "assumeUnitUnknown", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "monthOfYear") out.push(t(style.lang, "assumeMonthOfYear", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "speed") out.push(t(style.lang, rest[2] === "asc" ? "assumeSpeedAsc" : "assumeSpeedDesc", { field: rest[0], text: rest[1] }));
    else if (kind === "valueWords") out.push(t(style.lang, "assumeValueWords", { field: rest[0], n: rest[1], text: rest.slice(2).join(":") }));
    else if (kind === "bothSides") out.push(t(style.lang, "assumeBothSides", { field: rest[0], value: rest.slice(1).join(":") }));
    else if (kind === "having")
      out.push(
        t(style.lang, "assumeHaving", {
          field: rest[0],
          what: lowerFirst(describeMeasure({ agg: rest[1] as Measure["agg"], field: rest[2] }, style.lang)),
          text: rest.slice(3).join(":"),
        }),
      );
    else if (kind === "loss") out.push(t(style.lang, "assumeLoss", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "rowsNamed") out.push(t(style.lang, "assumeRowsNamed", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "afterUnknown") out.push(t(style.lang, "assumeAfterUnknown", { text: rest.join(":") }));
    else if (kind === "referent") {
      try {
        const r = JSON.parse(rest.join(":")) as { text: string; field: string; values: string[] };
        out.push(t(style.lang, "assumeReferent", { text: r.text, field: r.field, values: r.values.map((v) => `"${v}"`).join(", ") }));
      } catch {
        // A note that does not parse says nothing.
      }
    } else if (kind === "limitDropped") out.push(t(style.lang, "assumeLimitDropped", { n: rest[0] }));
    else if (kind === "carried") {
      try {
        out.push(t(style.lang, "assumeCarried", { filters: describeFilters(JSON.parse(rest.join(":")) as Filter[], style) }));
      } catch {
        // A note that does not parse says nothing.
      }
    } else if (kind === "rowsNamedAs") out.push(t(style.lang, "assumeRowsNamedAs", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "countedRows") out.push(t(style.lang, "assumeCountedRows", { field: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "perRowRatio") out.push(t(style.lang, "assumePerRowRatio", { label: rest[0], num: rest[1], den: rest[2] }));
    else if (kind === "latest") out.push(t(style.lang, "assumeLatest", { period: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "earliest") out.push(t(style.lang, "assumeEarliest", { period: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "beforeLatest") out.push(t(style.lang, "assumeBeforeLatest", { period: rest[0], text: rest.slice(1).join(":") }));
    else if (kind === "ratio") {
      try {
        const r = JSON.parse(rest.join(":")) as { measure: Measure; text: string };
        const formula = describeMeasure(r.measure, style.lang);
        out.push(t(style.lang, "assumeReadAs", { field: lowerFirst(formula), text: r.text }));
      } catch {
        // A note that does not parse says nothing.
      }
    } else if (kind === "alternative") {
      try {
        out.push(t(style.lang, "assumeAlternative", { text: describePlanShort(JSON.parse(rest.join(":")) as AnalysisPlan, style.lang) }));
      } catch {
        // A note that does not parse says nothing.
      }
    }
  }
  return [...new Set(out)];
}
