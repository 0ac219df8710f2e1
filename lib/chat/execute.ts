// The executor: runs a validated plan over the column-oriented table with typed arrays (filter
// mask, hash-map group-by, aggregates). Field names are looked up, values compared as data.
import { addDerivedColumns } from "./derive";
import type { FieldInfo } from "./columns";
import { describeTable, isTimeField, numericIds } from "./columns";
import type { Aggregate, AnalysisPlan, Filter, TimeBucket } from "./plan";
import type { Table } from "../table/types";
import { normalizeText } from "./text-utils";
import { ordinalScaleOf } from "./understand/ordinal-range";

export interface GroupRow {
  keys: (string | number)[];
  labels: string[];
  value: number;
  count: number;
}

export interface AggregateResult {
  kind: "aggregate";
  plan: AnalysisPlan;
  keyFields: FieldInfo[];
  rows: GroupRow[];
  /** The measure over all filtered rows (ungrouped). */
  overall: number;
  filteredRows: number;
  totalRows: number;
  /** Groups not shown because of the limit or the category cap. */
  hiddenGroups: number;
  /** Rows left out because a grouping value was missing. */
  missingKeyRows: number;
  /** Rows (of the filtered ones) left out because the measure had no value there. */
  missingMeasureRows?: number;
  /** plan.extraMeasures: per measure, its value for each row of `rows` (NaN where a group has none), and overall. */
  extra: { measure: import("./plan").Measure; values: number[]; overall: number }[];
  /** plan.having: the field whose groups were tested, how many passed and how many there were. */
  having?: { field: string; matched: number; groups: number };
}

export interface Bin {
  lo: number;
  hi: number;
  count: number;
}

export interface DistributionResult {
  kind: "distribution";
  plan: AnalysisPlan;
  field: FieldInfo;
  bins: Bin[];
  binWidth: number;
  n: number;
  mean: number;
  median: number;
  min: number;
  max: number;
  filteredRows: number;
  totalRows: number;
}

export interface RelationshipResult {
  kind: "relationship";
  plan: AnalysisPlan;
  xField: FieldInfo;
  yField: FieldInfo;
  groupField: FieldInfo | null;
  xs: number[];
  ys: number[];
  groups: string[] | null;
  n: number;
  r: number;
  byGroup: { group: string; n: number; r: number }[];
  filteredRows: number;
  totalRows: number;
}

export interface RowsResult {
  kind: "rows";
  plan: AnalysisPlan;
  sortField: FieldInfo | null;
  /** Row indices, in the order shown. */
  indices: number[];
  /** The table's fields (rows are shown with all of them). */
  fields: FieldInfo[];
  filteredRows: number;
  totalRows: number;
}

export type QueryResult = AggregateResult | DistributionResult | RelationshipResult | RowsResult;

const DEFAULT_ROW_LIMIT = 100;

function runRows(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number): RowsResult {
  const sortField = plan.y ? getField(fields, plan.y, "sort") : null;
  if (sortField && !sortField.numbers) throw new PlanError(`Rows can only be ranked by a number; "${sortField.name}" is not one.`, sortField.name);
  const indices: number[] = [];
  for (let i = 0; i < table.rowCount; i++) if (mask[i]) indices.push(i);
  // "the second largest girth": the first `within.limit` rows by y in that order, then sorted and cut as asked.
  if (plan.within && sortField) {
    const v = sortField.numbers!;
    const s = plan.within.order === "asc" ? 1 : -1;
    const kept = indices.filter((i) => !Number.isNaN(v[i])).sort((a, b) => s * (v[a] - v[b]) || a - b);
    indices.splice(0, indices.length, ...kept.slice(0, plan.within.limit));
  }
  const keyField = plan.sort?.by === "key" && plan.x ? getField(fields, plan.x, "sort") : null;
  if (keyField) {
    const sign = plan.sort?.order === "desc" ? -1 : 1;
    const text = (i: number) => (keyField.codes ? (keyField.codes[i] < 0 ? null : keyField.dictionary[keyField.codes[i]].trim()) : null);
    const num = (i: number) => keyField.numbers?.[i] ?? NaN;
    indices.sort((a, b) => {
      if (keyField.codes) {
        const x = text(a);
        const y = text(b);
        if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
        return sign * x.localeCompare(y) || a - b;
      }
      return sign * (num(a) - num(b)) || a - b;
    });
  } else if (sortField) {
    const v = sortField.numbers!;
    const sign = plan.sort?.order === "asc" ? 1 : -1;
    // Missing values last, whatever the order.
    const cmp = (a: number, b: number) => (Number.isNaN(v[a]) ? 1 : 0) - (Number.isNaN(v[b]) ? 1 : 0) || sign * (v[a] - v[b]) || a - b;
    const limit = plan.limit ?? DEFAULT_ROW_LIMIT;
    if (indices.length > 4 * limit && limit <= 10_000) {
      // Only the first `limit` rows are shown: keep them in a bounded sorted buffer (n log k, not n log n).
      const top: number[] = [];
      for (const i of indices) {
        if (top.length === limit && cmp(i, top[top.length - 1]) >= 0) continue;
        let lo = 0;
        let hi = top.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cmp(top[mid], i) <= 0) lo = mid + 1;
          else hi = mid;
        }
        top.splice(lo, 0, i);
        if (top.length > limit) top.pop();
      }
      // One row asked for: rows tied with it are shown too (in row order, as the full sort would).
      if (limit === 1 && !plan.within) for (const i of indices) if (i !== top[0] && v[i] === v[top[0]]) top.push(i);
      return { kind: "rows", plan, sortField, indices: top, fields, filteredRows, totalRows: table.rowCount };
    }
    indices.sort(cmp);
  }
  // One row asked for ("which tree has the largest volume"): rows tied with it are shown too.
  let shown = plan.limit ?? DEFAULT_ROW_LIMIT;
  if (shown === 1 && sortField && !keyField && !plan.within && indices.length > 1) {
    const v = sortField.numbers!;
    while (shown < indices.length && v[indices[shown]] === v[indices[0]]) shown++;
  }
  return { kind: "rows", plan, sortField, indices: indices.slice(0, shown), fields, filteredRows, totalRows: table.rowCount };
}

export class PlanError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const DAY = 86_400_000;

/** [start, end) in epoch ms of a period written as a year (number or "2016"), "2016-03", "2016-03-05" or an ISO date-time. */
export function periodRange(value: string | number): [number, number] | null {
  if (typeof value === "number") {
    if (Number.isInteger(value) && value >= 1000 && value <= 3000) return [Date.UTC(value, 0, 1), Date.UTC(value + 1, 0, 1)];
    return [value, value + 1];
  }
  const t = value.trim();
  let m = /^(\d{4})$/.exec(t);
  if (m) return periodRange(Number(m[1]));
  m = /^(\d{4})-(\d{1,2})$/.exec(t);
  if (m) return [Date.UTC(Number(m[1]), Number(m[2]) - 1, 1), Date.UTC(Number(m[1]), Number(m[2]), 1)];
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) {
    const s = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return [s, s + DAY];
  }
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? [ms, ms + 1] : null;
}

function toNumber(v: string | number): number {
  if (typeof v === "number") return v;
  const n = Number(v.replace(/[$,%\s]/g, ""));
  return Number.isFinite(n) ? n : NaN;
}

function applyFilter(mask: Uint8Array, info: FieldInfo, flt: Filter): void {
  const n = mask.length;
  if (flt.op === "missing") {
    // The rows where the field is empty.
    for (let i = 0; i < n; i++) if (mask[i] && (info.codes ? info.codes[i] >= 0 : !Number.isNaN(info.numbers![i]))) mask[i] = 0;
    return;
  }
  if (!flt.values.length) throw new PlanError(`A filter on "${info.name}" has no value.`, info.name);
  if (flt.op === "contains" || flt.op === "startsWith" || flt.op === "endsWith") {
    // A part of a free text: "comments that mention support", "colours with blue in the name" (case-insensitive).
    if (!info.codes) throw new PlanError(`"${info.name}" holds no text; it cannot be searched for words.`, info.name);
    const parts = flt.values.map((v) => String(v).toLowerCase()).filter((v) => v !== "");
    const op = flt.op;
    // Word-aware in text of several words ("mention rice" is not "price"); any part of a one-word name ("aliceblue").
    const atWord = (x: string, p: string) => {
      for (let k = x.indexOf(p); k >= 0; k = x.indexOf(p, k + 1)) if (k === 0 || !/[\p{L}\p{N}]/u.test(x[k - 1])) return true;
      return false;
    };
    const hit = (d: string) => {
      const x = d.toLowerCase();
      const has = (p: string) => (/\s/.test(x.trim()) ? atWord(x, p) : x.includes(p));
      return parts.some((p) => (op === "contains" ? has(p) : op === "startsWith" ? x.startsWith(p) : x.endsWith(p)));
    };
    const match = info.dictionary.map(hit);
    for (let i = 0; i < n; i++) if (mask[i] && (info.codes[i] < 0 || !match[info.codes[i]])) mask[i] = 0;
    return;
  }
  if (info.codes) {
    const wanted = new Set(flt.values.map((v) => normalizeText(String(v))));
    const match = new Uint8Array(info.dictionary.length);
    info.dictionary.forEach((d, i) => (match[i] = wanted.has(normalizeText(d)) ? 1 : 0));
    if (flt.op === "eq" || flt.op === "in") {
      for (let i = 0; i < n; i++) if (mask[i] && (info.codes[i] < 0 || !match[info.codes[i]])) mask[i] = 0;
    } else if (flt.op === "neq") {
      for (let i = 0; i < n; i++) if (mask[i] && info.codes[i] >= 0 && match[info.codes[i]]) mask[i] = 0;
    } else {
      throw new PlanError(`"${info.name}" holds text; it cannot be compared with numbers.`, info.name);
    }
    return;
  }
  const vals = info.numbers!;
  let test: (v: number) => boolean;
  const recurring = info.role === "date" ? recurringPeriods(flt.values) : null;
  const clocks = info.role === "date" ? clockMinutes(flt.values) : null;
  if (clocks) {
    // "after 6 pm", "between 9am and 5pm": the time of day of each row (any date), in minutes after midnight.
    const [a, b] = [clocks[0], clocks[1] ?? clocks[0]];
    const minuteOf = (v: number) => Math.floor((((v % DAY) + DAY) % DAY) / 60_000);
    const tests: Record<Filter["op"], (x: number) => boolean> = {
      eq: (x) => x === a,
      in: (x) => clocks.includes(x),
      neq: (x) => !clocks.includes(x),
      gt: (x) => x > a,
      gte: (x) => x >= a,
      lt: (x) => x < a,
      lte: (x) => x <= a,
      between: (x) => (a <= b ? x >= a && x <= b : x >= a || x <= b),
      missing: () => false,
      contains: () => false,
      startsWith: () => false,
      endsWith: () => false,
    };
    const at = tests[flt.op];
    test = (v) => at(minuteOf(v));
  } else if (recurring && (flt.op === "eq" || flt.op === "in" || flt.op === "neq")) {
    // "in March" (any year), "on Saturdays": a month or a weekday that comes back every year / week.
    const { unit, keys } = recurring;
    const keyOf = (v: number) => (unit === "month" ? new Date(v).getUTCMonth() : (new Date(v).getUTCDay() + 6) % 7);
    test = flt.op === "neq" ? (v) => !keys.has(keyOf(v)) : (v) => keys.has(keyOf(v));
  } else if (info.role === "date") {
    const ranges = flt.values.map(periodRange);
    if (ranges.some((r) => r === null)) throw new PlanError(`A date filter on "${info.name}" has a value that is not a date.`, info.name);
    const rs = ranges as [number, number][];
    const [s0, e0] = rs[0];
    switch (flt.op) {
      case "eq":
        test = (v) => v >= s0 && v < e0;
        break;
      case "neq":
        test = (v) => !rs.some(([s, e]) => v >= s && v < e);
        break; // several periods: none of them
      case "in":
        test = (v) => rs.some(([s, e]) => v >= s && v < e);
        break;
      case "gt":
        test = (v) => v >= e0;
        break;
      case "gte":
        test = (v) => v >= s0;
        break;
      case "lt":
        test = (v) => v < s0;
        break;
      case "lte":
        test = (v) => v < e0;
        break;
      case "between": {
        const e1 = (rs[1] ?? rs[0])[1];
        test = (v) => v >= s0 && v < e1;
        break;
      }
    }
  } else {
    const nums = flt.values.map(toNumber);
    if (nums.some((x) => Number.isNaN(x))) throw new PlanError(`A filter on "${info.name}" has a value that is not a number.`, info.name);
    const a = nums[0];
    const b = nums[1] ?? nums[0];
    switch (flt.op) {
      case "eq":
        test = (v) => v === a;
        break;
      case "neq":
        test = (v) => !nums.includes(v);
        break; // several values: none of them
      case "in":
        test = (v) => nums.includes(v);
        break;
      case "gt":
        test = (v) => v > a;
        break;
      case "gte":
        test = (v) => v >= a;
        break;
      case "lt":
        test = (v) => v < a;
        break;
      case "lte":
        test = (v) => v <= a;
        break;
      case "between":
        test = (v) => v >= Math.min(a, b) && v <= Math.max(a, b);
        break;
    }
  }
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    const v = vals[i];
    if (Number.isNaN(v) || !test(v)) mask[i] = 0;
  }
}

/** Date filter values that are times of day ("18:00"): minutes after midnight, else null. */
export function clockMinutes(values: (string | number)[]): number[] | null {
  if (!values.length) return null;
  const out: number[] = [];
  for (const v of values) {
    const m = typeof v === "string" ? /^(\d{1,2}):(\d{2})$/.exec(v.trim()) : null;
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
    out.push(Number(m[1]) * 60 + Number(m[2]));
  }
  return out;
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Date filter values that name a month of any year ("March") or a weekday ("Saturday"): 0-based keys (Monday = 0). */
export function recurringPeriods(values: (string | number)[]): { unit: "month" | "weekday"; keys: Set<number> } | null {
  if (!values.length || values.some((v) => typeof v !== "string")) return null;
  const names = values.map((v) => String(v).trim().toLowerCase());
  for (const [unit, list] of [
    ["month", MONTH_NAMES],
    ["weekday", WEEKDAY_NAMES],
  ] as const) {
    const keys = names.map((n) => list.findIndex((x) => x.toLowerCase() === n));
    if (keys.every((k) => k >= 0)) return { unit, keys: new Set(keys) };
  }
  return null;
}

export function bucketStart(ms: number, bucket: TimeBucket): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  switch (bucket) {
    case "decade":
      return Date.UTC(Math.floor(y / 10) * 10, 0, 1);
    case "year":
      return Date.UTC(y, 0, 1);
    case "quarter":
      return Date.UTC(y, Math.floor(d.getUTCMonth() / 3) * 3, 1);
    case "month":
      return Date.UTC(y, d.getUTCMonth(), 1);
    case "week": {
      const day = Math.floor(ms / DAY) * DAY;
      const dow = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
      return day - dow * DAY;
    }
    case "day":
      return Math.floor(ms / DAY) * DAY;
    // Day of the week as a number, Monday = 0 ... Sunday = 6 (the key; labels via bucketLabel).
    case "weekday":
      return ((Math.floor(ms / DAY) % 7) + 10) % 7;
    // Month of the year as a number, January = 0 ... December = 11 (the key; labels via bucketLabel).
    case "monthOfYear":
      return d.getUTCMonth();
    // Hour of the day, 0 ... 23 (the key; labels via bucketLabel).
    case "hourOfDay":
      return Math.floor((((ms % DAY) + DAY) % DAY) / 3_600_000);
  }
}

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function bucketLabel(ms: number, bucket: TimeBucket | null): string {
  if (bucket === "weekday") return WEEKDAY_NAMES[ms] ?? String(ms);
  if (bucket === "monthOfYear") return MONTH_NAMES[ms] ?? String(ms);
  if (bucket === "hourOfDay") return `${String(ms).padStart(2, "0")}:00`;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const mo = String(d.getUTCMonth() + 1).padStart(2, "0");
  switch (bucket) {
    case "decade":
      return `${Math.floor(y / 10) * 10}s`;
    case "year":
      return String(y);
    case "quarter":
      return `${y} Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
    case "month":
      return `${y}-${mo}`;
    default:
      return d.toISOString().slice(0, 10);
  }
}

function getField(fields: FieldInfo[], name: string | null, what: string): FieldInfo {
  const info = name ? fields.find((f) => f.name === name) : undefined;
  if (!info) throw new PlanError(`The ${what} field "${name}" is not in the data.`, name ?? undefined);
  return info;
}

/**
 * A row's field against another field of the same row: `field op factor x otherField` (missing values fail); two
 * dates compare as they are ("paid after the due date").
 */
function applyFieldComparison(mask: Uint8Array, info: FieldInfo, other: FieldInfo, flt: Filter): void {
  const dates = info.role === "date" && other.role === "date";
  if (!info.numbers || !other.numbers || (!dates && (info.role === "date" || other.role === "date")))
    throw new PlanError(`"${info.name}" and "${other.name}" must both be numbers, or both dates, to be compared.`, info.numbers ? other.name : info.name);
  const factor = Number(flt.values[0]);
  if (!Number.isFinite(factor)) throw new PlanError("A comparison of two fields needs a number as its factor.");
  if (dates && factor !== 1) throw new PlanError("Two dates are compared as they are: the factor must be 1.");
  const a = info.numbers;
  const b = other.numbers;
  const test =
    flt.op === "gt"
      ? (x: number, y: number) => x > y
      : flt.op === "gte"
        ? (x: number, y: number) => x >= y
        : flt.op === "lt"
          ? (x: number, y: number) => x < y
          : flt.op === "lte"
            ? (x: number, y: number) => x <= y
            : null;
  if (!test) throw new PlanError(`Two fields can only be compared with above/below (not "${flt.op}").`);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = a[i];
    const y = b[i] * factor;
    if (Number.isNaN(x) || Number.isNaN(y) || !test(x, y)) mask[i] = 0;
  }
}

export function buildMask(table: Table, fields: FieldInfo[], filters: Filter[]): Uint8Array {
  const mask = new Uint8Array(table.rowCount).fill(1);
  for (const flt of filters) {
    if (flt.and?.length) {
      // Every condition holds: the base condition and each of the others.
      const { and, ...base } = flt;
      const all = buildMask(table, fields, [base as Filter, ...and]);
      for (let i = 0; i < mask.length; i++) mask[i] &= all[i];
      continue;
    }
    if (flt.otherField) {
      applyFieldComparison(mask, getField(fields, flt.field, "filter"), getField(fields, flt.otherField, "filter"), flt);
      continue;
    }
    if (!flt.or?.length) {
      applyFilter(mask, getField(fields, flt.field, "filter"), flt);
      continue;
    }
    // "A or B" across fields: the rows passing any condition, among those still selected.
    const any = new Uint8Array(mask.length);
    for (const cond of [{ field: flt.field, op: flt.op, values: flt.values }, ...flt.or]) {
      const one = mask.slice();
      applyFilter(one, getField(fields, cond.field, "filter"), cond);
      for (let i = 0; i < one.length; i++) any[i] |= one[i];
    }
    mask.set(any);
  }
  return mask;
}

class Acc {
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;
  values: number[] | null = null;
  set: Set<number> | null = null;
  /** firstLast: the order value and the measure at the first and at the last row by the order field. */
  firstAt = Infinity;
  firstValue = NaN;
  lastAt = -Infinity;
  lastValue = NaN;
}

function finish(acc: Acc, agg: Aggregate): number {
  switch (agg) {
    case "count":
      return acc.count;
    case "sum":
      return acc.count ? acc.sum : NaN;
    case "share":
      return acc.sum;
    case "rate":
      return acc.count ? (100 * acc.sum) / acc.count : NaN;
    case "mean":
      return acc.count ? acc.sum / acc.count : NaN;
    case "min":
      return acc.count ? acc.min : NaN;
    case "max":
      return acc.count ? acc.max : NaN;
    case "median":
      return median(acc.values ?? []);
    case "std":
      return standardDeviation(acc.values ?? []);
    case "range":
      return acc.count ? acc.max - acc.min : NaN;
    case "nps":
      return netPromoterScore(acc.values ?? []);
    case "firstLast":
      return acc.lastValue - acc.firstValue;
    case "distinct":
      return acc.set ? acc.set.size : 0;
  }
}

/** The k-th smallest value (0-based) of `a`, reordering it (Hoare's selection, linear on average). */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The percent of answers 9 or 10 minus the percent of answers 0 to 6 (a 0-10 "how likely to recommend" scale). */
export function netPromoterScore(values: ArrayLike<number>): number {
  if (!values.length) return NaN;
  let promoters = 0;
  let detractors = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] >= 9) promoters++;
    else if (values[i] <= 6) detractors++;
  }
  return (100 * (promoters - detractors)) / values.length;
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const s = Float64Array.from(values);
  const mid = s.length >> 1;
  if (s.length % 2) return select(s, mid);
  const upper = select(s, mid);
  // Everything before `mid` is now at most `upper`: the lower middle is their maximum.
  let lower = -Infinity;
  for (let i = 0; i < mid; i++) if (s[i] > lower) lower = s[i];
  return (lower + upper) / 2;
}

/** The sample standard deviation (divided by n - 1, as pandas and R's sd); NaN under two values. */
export function standardDeviation(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return NaN;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - mean) ** 2;
  return Math.sqrt(ss / (n - 1));
}

const CATEGORY_CAP = 50;

/** The denominator of a ratio, per group key (keys joined by NUL) and overall. */
interface Divide {
  byKey: Map<string, number>;
  overall: number;
  scale: number;
}

const ratio = (num: number, den: number | undefined, scale: number) => (den === undefined || den === 0 || Number.isNaN(den) ? NaN : (scale * num) / den);

function runAggregate(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number, divide?: Divide): AggregateResult {
  const agg = plan.measure.agg;
  const measure = plan.measure.field ? getField(fields, plan.measure.field, "measure") : null;
  if (!measure && agg !== "count" && agg !== "share") throw new PlanError(`The ${agg} needs a field to compute it on.`);
  if (measure && agg !== "count" && agg !== "distinct" && agg !== "share" && agg !== "rate" && !measure.numbers) {
    throw new PlanError(`"${measure.name}" is not a number, so its ${agg} cannot be computed.`, measure.name);
  }
  if (measure && agg === "share" && measure.role !== "number") throw new PlanError(`"${measure.name}" is not a number.`, measure.name);
  const condition = agg === "rate" ? (plan.measure.condition ?? null) : null;
  if (agg === "rate" && !condition && (!measure || plan.measure.value === null || plan.measure.value === undefined))
    throw new PlanError("A rate needs a field and the value to count.");
  // rate: 1 where the row holds the value (or matches the condition), 0 where not, skipped where missing.
  let hits: Uint8Array | null = null;
  if (condition) {
    const info = getField(fields, condition.field, "rate");
    // (A condition of several parts, or on two fields of the row, "unit_price above qty", is a whole mask.)
    const whole = !!(condition.and?.length || condition.or?.length || condition.otherField);
    const match = whole ? buildMask(table, fields, [condition]) : new Uint8Array(table.rowCount).fill(1);
    if (!whole) applyFilter(match, info, condition);
    const other = condition.otherField ? getField(fields, condition.otherField, "rate") : null;
    const missingIn = (f: FieldInfo, i: number) => (f.codes ? f.codes[i] < 0 : Number.isNaN(f.numbers![i]));
    hits = new Uint8Array(table.rowCount);
    for (let i = 0; i < hits.length; i++) {
      const missing = missingIn(info, i) || (other !== null && missingIn(other, i));
      hits[i] = missing && condition.op !== "missing" ? 2 : match[i];
    }
  } else if (agg === "rate" && measure) {
    hits = new Uint8Array(table.rowCount);
    const want = normalizeText(String(plan.measure.value));
    if (measure.codes) {
      const match = measure.dictionary.map((d) => normalizeText(d) === want);
      for (let i = 0; i < hits.length; i++) hits[i] = measure.codes[i] < 0 ? 2 : match[measure.codes[i]] ? 1 : 0;
    } else {
      const v = Number(plan.measure.value);
      for (let i = 0; i < hits.length; i++) hits[i] = Number.isNaN(measure.numbers![i]) ? 2 : measure.numbers![i] === v ? 1 : 0;
    }
  }
  const weights = hits && plan.measure.weight ? getField(fields, plan.measure.weight, "weight").numbers : null;
  if (hits && plan.measure.weight && !weights) throw new PlanError(`"${plan.measure.weight}" is not a number.`, plan.measure.weight);
  const keyFields = plan.groupBy.map((g) => getField(fields, g.field, "grouping"));
  const buckets = plan.groupBy.map((g, i) => (keyFields[i].role === "date" ? (g.bucket ?? "month") : null));
  const decades = plan.groupBy.map((g, i) => keyFields[i].role !== "date" && keyFields[i].yearLike && g.bucket === "decade");
  const mvals = measure?.numbers ?? null;
  const mcodes = measure?.codes ?? null;
  const needValues = agg === "median" || agg === "std" || agg === "nps";
  // firstLast: the field ordering the rows.
  const order = agg === "firstLast" ? getField(fields, plan.measure.by ?? null, "order").numbers : null;
  if (agg === "firstLast" && !order) throw new PlanError(`"${plan.measure.by}" is not a number or a date, so it cannot order the rows.`, plan.measure.by);
  const needSet = agg === "distinct";
  // (The different periods of a date field: "how many different years".)
  const setBucket = needSet && measure?.role === "date" && plan.measure.bucket ? plan.measure.bucket : null;
  const overall = new Acc();
  if (needValues) overall.values = [];
  if (needSet) overall.set = new Set();
  let missingKeyRows = 0;
  const n = table.rowCount;
  const add = (acc: Acc, i: number) => {
    if (hits) {
      if (hits[i] === 2) return;
      const w = weights ? weights[i] : 1;
      if (Number.isNaN(w)) return;
      acc.count += w;
      acc.sum += hits[i] * w;
      return;
    }
    if (agg === "count" || (agg === "share" && !mvals)) {
      acc.count++;
      acc.sum++;
      return;
    }
    if (needSet) {
      const v = mvals ? mvals[i] : mcodes![i];
      if (mvals ? Number.isNaN(v) : v < 0) return;
      acc.set!.add(setBucket ? bucketStart(v, setBucket) : v);
      acc.count++;
      return;
    }
    const v = mvals![i];
    if (Number.isNaN(v)) return;
    acc.count++;
    acc.sum += v;
    if (v < acc.min) acc.min = v;
    if (v > acc.max) acc.max = v;
    if (needValues) acc.values!.push(v);
    if (order && !Number.isNaN(order[i])) {
      if (order[i] < acc.firstAt) {
        acc.firstAt = order[i];
        acc.firstValue = v;
      }
      if (order[i] >= acc.lastAt) {
        acc.lastAt = order[i];
        acc.lastValue = v;
      }
    }
  };
  // Each grouping field as small integers per row (-1 = missing), so that a group is one number.
  const keyIndex: Int32Array[] = [];
  const keyValues: (string | number)[][] = [];
  for (let k = 0; k < keyFields.length; k++) {
    const kf = keyFields[k];
    const idx = new Int32Array(n).fill(-1);
    if (kf.codes) {
      for (let i = 0; i < n; i++) if (mask[i]) idx[i] = kf.codes[i];
      keyValues.push(kf.dictionary);
    } else {
      const values: number[] = [];
      const seen = new Map<number, number>();
      const bucket = buckets[k];
      // Date buckets: the group id of each day of the field's range in a typed array (a million
      // rows then cost a division and two array reads each, no hashing).
      const firstDay = Math.floor(kf.min / DAY);
      const span = Math.floor(kf.max / DAY) - firstDay + 1;
      const byDay = bucket && Number.isFinite(span) && span > 0 && span <= 200_000 ? new Int32Array(span).fill(-1) : null;
      const dayCache = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        if (!mask[i]) continue;
        let v = kf.numbers![i];
        if (Number.isNaN(v)) continue;
        if (bucket === "hourOfDay") {
          // (Within a day: the day cache below keys whole days.)
          v = bucketStart(v, bucket);
        } else if (bucket) {
          const day = Math.floor(v / DAY);
          if (byDay && day - firstDay >= 0 && day - firstDay < span) {
            const cached = byDay[day - firstDay];
            if (cached >= 0) {
              idx[i] = cached;
              continue;
            }
          }
          let b = dayCache.get(day);
          if (b === undefined) {
            b = bucketStart(day * DAY, bucket);
            dayCache.set(day, b);
          }
          v = b;
          let id = seen.get(v);
          if (id === undefined) {
            id = values.length;
            values.push(v);
            seen.set(v, id);
          }
          if (byDay && day - firstDay >= 0 && day - firstDay < span) byDay[day - firstDay] = id;
          idx[i] = id;
          continue;
        }
        // A year-like number by decade: the decade's first year.
        if (decades[k]) v = Math.floor(v / 10) * 10;
        let id = seen.get(v);
        if (id === undefined) {
          id = values.length;
          values.push(v);
          seen.set(v, id);
        }
        idx[i] = id;
      }
      keyValues.push(values);
    }
    keyIndex.push(idx);
  }
  const card0 = keyValues[0]?.length ?? 0;
  const groups = new Map<number, Acc>();
  // Fast path (no medians, distinct sets or rates): flat typed arrays indexed by group id.
  const flat = !needValues && !needSet && !hits && !order && keyFields.length > 0 && card0 * (keyValues[1]?.length ?? 1) <= 4_000_000;
  if (flat) {
    const size = card0 * (keyValues[1]?.length ?? 1);
    const cnt = new Float64Array(size);
    const sm = new Float64Array(size);
    const mn = new Float64Array(size).fill(Infinity);
    const mx = new Float64Array(size).fill(-Infinity);
    const countOnly = agg === "count" || (agg === "share" && !mvals);
    const k0 = keyIndex[0];
    const k1 = keyFields.length > 1 ? keyIndex[1] : null;
    for (let i = 0; i < n; i++) {
      if (!mask[i]) continue;
      const a = k0[i];
      const b = k1 ? k1[i] : 0;
      if (countOnly) {
        overall.count++;
        overall.sum++;
      }
      if (a < 0 || b < 0) {
        if (!countOnly) add(overall, i);
        missingKeyRows++;
        continue;
      }
      const id = a + card0 * b;
      if (countOnly) {
        cnt[id]++;
        sm[id]++;
        continue;
      }
      const v = mvals![i];
      if (Number.isNaN(v)) continue;
      overall.count++;
      overall.sum += v;
      if (v < overall.min) overall.min = v;
      if (v > overall.max) overall.max = v;
      cnt[id]++;
      sm[id] += v;
      if (v < mn[id]) mn[id] = v;
      if (v > mx[id]) mx[id] = v;
    }
    for (let id = 0; id < size; id++) {
      // A group without any value of the measure shows nothing (as in the general path).
      if (cnt[id] === 0) continue;
      const acc = new Acc();
      acc.count = cnt[id];
      acc.sum = sm[id];
      acc.min = mn[id];
      acc.max = mx[id];
      groups.set(id, acc);
    }
  }
  for (let i = 0; i < n && !flat; i++) {
    if (!mask[i]) continue;
    add(overall, i);
    if (keyFields.length === 0) continue;
    const a = keyIndex[0][i];
    const b = keyFields.length > 1 ? keyIndex[1][i] : 0;
    if (a < 0 || b < 0) {
      missingKeyRows++;
      continue;
    }
    const id = a + card0 * b;
    let acc = groups.get(id);
    if (!acc) {
      acc = new Acc();
      if (needValues) acc.values = [];
      if (needSet) acc.set = new Set();
      groups.set(id, acc);
    }
    add(acc, i);
  }
  // A share's groups divide the filtered total; a share without groups is the filtered rows' part of the
  // total over all rows ("what percentage of sales comes from technology"), never the bare sum.
  const shareBase = finish(overall, agg);
  // (The first-to-last change over rows of several groups mixes them: no overall value.)
  let overallValue = order && keyFields.length ? NaN : shareBase;
  if (agg === "share" && keyFields.length === 0) {
    // A share of rows divides by the row count; a share of a measure by its total over all rows.
    let whole = n;
    if (mvals) {
      whole = 0;
      for (let i = 0; i < n; i++) if (!Number.isNaN(mvals[i])) whole += mvals[i];
    }
    overallValue = whole ? (100 * overall.sum) / whole : NaN;
  }
  if (divide) overallValue = ratio(overallValue, divide.overall, divide.scale);
  // A share within the groups of the first grouping (measure.shareOf): each group's part of its first-key total.
  const partOf = agg === "share" && keyFields.length === 2 && plan.measure.shareOf === keyFields[0].name ? new Map<number, number>() : null;
  if (partOf) for (const [id, acc] of groups) partOf.set(id % card0, (partOf.get(id % card0) ?? 0) + acc.sum);
  let rows: GroupRow[] = [...groups.entries()].map(([id, acc]) => {
    const ids = keyFields.length > 1 ? [id % card0, Math.floor(id / card0)] : [id];
    const keys = ids.map((x, k) => keyValues[k][x]);
    return {
      keys,
      // Labels for text and charts; values keep their exact spelling in the table.
      labels: keys.map((key, k) => (keyFields[k].role === "date" ? bucketLabel(key as number, buckets[k]) : decades[k] ? `${key}s` : String(key).trim())),
      value: divide
        ? ratio(finish(acc, agg), divide.byKey.get(keys.join("\u0000")), divide.scale)
        : partOf
          ? 100 * (acc.sum / (partOf.get(id % card0) ?? NaN))
          : agg === "share"
            ? shareBase
              ? (100 * acc.sum) / shareBase
              : NaN
            : finish(acc, agg),
      count: acc.count,
    };
  });
  rows = rows.filter((r) => !(agg !== "count" && agg !== "share" && agg !== "distinct" && agg !== "rate" && Number.isNaN(r.value) && r.count === 0));
  const cut = orderGroups(plan, keyFields, rows);
  if (cut.stepped) overallValue = NaN;
  // (A number summed, averaged... over the rows that hold one: the others are counted, to be said.)
  const valued = !!mvals && !hits && !needSet && agg !== "count" && agg !== "share";
  const missingMeasureRows = valued ? Math.max(0, filteredRows - overall.count) : 0;
  return {
    kind: "aggregate",
    plan,
    keyFields,
    rows: cut.rows,
    overall: overallValue,
    filteredRows,
    totalRows: table.rowCount,
    hiddenGroups: cut.hiddenGroups,
    missingKeyRows,
    missingMeasureRows,
    extra: [],
  };
}

/** The groups in the order asked (or the natural one), the steps from the group before, and the limit. */
function orderGroups(plan: AnalysisPlan, keyFields: FieldInfo[], groups: GroupRow[]): { rows: GroupRow[]; hiddenGroups: number; stepped: boolean } {
  let rows = groups;
  let stepped = false;
  // Order: time and numbers by key; categories by value (largest first) unless asked otherwise. Categories
  // on an ordered scale ("Very dissatisfied".."Very satisfied", grades, age bands "18-24".."65+") by the scale.
  const scales = keyFields.map((f) => {
    const shown = ordinalScaleOf(f, true)?.shown;
    return shown ? new Map(shown.map((v, i) => [v, i])) : null;
  });
  const firstOrdered = keyFields.length > 0 && (isTimeField(keyFields[0]) || keyFields[0].role === "number" || scales[0] !== null);
  const cmpKey = (a: GroupRow, b: GroupRow, k: number) => {
    const x = a.keys[k];
    const y = b.keys[k];
    const rank = scales[k];
    if (rank && rank.has(String(x)) && rank.has(String(y))) return rank.get(String(x))! - rank.get(String(y))!;
    return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
  };
  // measure.fromPrevious: each group's value minus the one before it in key order (the first has none); as a percent
  // of it with fromPreviousPercent. measure.cumulative: each group's value plus those of every group before it. With a
  // second grouping (a series: "year over year growth by country"), along the first key within each series.
  if ((plan.measure.fromPrevious || plan.measure.cumulative) && keyFields.length >= 1 && keyFields.length <= 2 && firstOrdered) {
    const series = new Map<string, GroupRow[]>();
    for (const r of rows) {
      const k = keyFields.length === 2 ? String(r.keys[1]) : "";
      series.set(k, [...(series.get(k) ?? []), r]);
    }
    const percent = !!plan.measure.fromPreviousPercent;
    const out: GroupRow[] = [];
    for (const list of series.values()) {
      const ordered = list.sort((a, b) => cmpKey(a, b, 0));
      if (plan.measure.fromPrevious)
        ordered.slice(1).forEach((r, i) => {
          const before = ordered[i].value;
          const step = r.value - before;
          out.push({ ...r, value: percent ? (before !== 0 && Number.isFinite(before) ? (100 * step) / Math.abs(before) : NaN) : step });
        });
      else {
        let total = 0;
        for (const r of ordered) out.push({ ...r, value: (total += nz(r.value)) });
      }
    }
    rows = out;
    stepped = true;
  }
  // "which of them is lowest?" after "top 3": the ranked groups first, then ordered as asked.
  let outside = 0;
  if (plan.within && keyFields.length === 1) {
    const s = plan.within.order === "asc" ? 1 : -1;
    rows.sort((a, b) => s * (nz(a.value) - nz(b.value)) || cmpKey(a, b, 0));
    outside = Math.max(0, rows.length - plan.within.limit);
    rows = rows.slice(0, plan.within.limit);
  }
  const sort = plan.sort ?? (firstOrdered ? { by: "key" as const, order: "asc" as const } : { by: "value" as const, order: "desc" as const });
  const sign = sort.order === "asc" ? 1 : -1;
  if (keyFields.length <= 1) {
    rows.sort((a, b) => (sort.by === "key" ? sign * cmpKey(a, b, 0) : sign * (nz(a.value) - nz(b.value)) || cmpKey(a, b, 0)));
  } else {
    // Two groupings: order the first level by its total (or key), the second by key.
    const totals = new Map<string, number>();
    for (const r of rows) totals.set(String(r.keys[0]), (totals.get(String(r.keys[0])) ?? 0) + nz(r.value));
    rows.sort((a, b) => {
      const primary = sort.by === "key" ? cmpKey(a, b, 0) : totals.get(String(a.keys[0]))! - totals.get(String(b.keys[0]))! || cmpKey(a, b, 0);
      return sign * primary || cmpKey(a, b, 1);
    });
  }
  let hiddenGroups = 0;
  const limit = plan.limit ?? (plan.chart === "table" ? 1000 : keyFields.length === 1 && !firstOrdered ? CATEGORY_CAP : null);
  if (limit !== null && keyFields.length === 1 && rows.length > limit) {
    hiddenGroups = rows.length - limit;
    rows = rows.slice(0, limit);
  } else if (limit !== null && keyFields.length === 2) {
    const firstKeys = [...new Set(rows.map((r) => String(r.keys[0])))];
    if (firstKeys.length > limit) {
      const keep = new Set(firstKeys.slice(0, limit));
      hiddenGroups = firstKeys.length - limit;
      rows = rows.filter((r) => keep.has(String(r.keys[0])));
    }
  }
  hiddenGroups += outside;
  return { rows, hiddenGroups, stepped };
}

/** The aggregates that may combine per-entity values (measure.each), and those per-entity values may be. */
const OUTER_AGGS: Aggregate[] = ["mean", "median", "sum", "min", "max", "std", "range"];

/**
 * measure.each: an aggregate of per-entity aggregates ("the average of each rabbit's maximum deltaBP"). The rows
 * are combined per (group, entity) first by `each.agg`, then each group's entity values by the measure's `agg`;
 * the overall value combines the entities' values over all the rows (an entity found in several groups counts once).
 */
function runEachAggregate(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number): AggregateResult {
  const each = plan.measure.each!;
  const outer = plan.measure.agg;
  if (!OUTER_AGGS.includes(outer)) throw new PlanError(`The ${outer} of per-${each.field} values is not computed.`);
  if (plan.groupBy.length > 1) throw new PlanError("An aggregate of per-entity values takes at most one grouping.");
  if (plan.measure.per || plan.measure.fromPrevious) throw new PlanError("An aggregate of per-entity values is not a ratio nor a step.");
  const entity = getField(fields, each.field, "entity");
  if (entity.role === "date") throw new PlanError(`"${entity.name}" is a date, not an entity.`, entity.name);
  if (plan.groupBy.some((g) => g.field === entity.name)) throw new PlanError(`"${entity.name}" is both the grouping and the entity.`, entity.name);
  const inner = (groupBy: AnalysisPlan["groupBy"]) =>
    runAggregate(
      table,
      fields,
      {
        ...plan,
        measure: { agg: each.agg, field: each.agg === "count" ? null : plan.measure.field, ...(plan.measure.by ? { by: plan.measure.by } : {}) },
        extraMeasures: [],
        groupBy: [...groupBy, { field: entity.name, bucket: null }],
        sort: null,
        limit: 1_000_000,
        within: undefined,
        having: undefined,
      },
      mask,
      filteredRows,
    );
  const combine = (values: number[]) => {
    const acc = new Acc();
    acc.values = values.filter((v) => !Number.isNaN(v));
    for (const v of acc.values) {
      acc.count++;
      acc.sum += v;
      if (v < acc.min) acc.min = v;
      if (v > acc.max) acc.max = v;
    }
    return finish(acc, outer);
  };
  const all = inner([]);
  const overall = combine(all.rows.map((r) => r.value));
  if (!plan.groupBy.length) {
    return {
      kind: "aggregate",
      plan,
      keyFields: [],
      rows: [],
      overall,
      filteredRows,
      totalRows: table.rowCount,
      hiddenGroups: 0,
      missingKeyRows: all.missingKeyRows,
      extra: [],
    };
  }
  const per = inner(plan.groupBy);
  const groups = new Map<string, { row: GroupRow; values: number[] }>();
  for (const r of per.rows) {
    const key = String(r.keys[0]);
    let g = groups.get(key);
    if (!g) {
      g = { row: { keys: [r.keys[0]], labels: [r.labels[0]], value: NaN, count: 0 }, values: [] };
      groups.set(key, g);
    }
    g.values.push(r.value);
    g.row.count += r.count;
  }
  const rows = [...groups.values()].map((g) => ({ ...g.row, value: combine(g.values) }));
  const keyFields = per.keyFields.slice(0, 1);
  const cut = orderGroups(plan, keyFields, rows);
  return {
    kind: "aggregate",
    plan,
    keyFields,
    rows: cut.rows,
    overall,
    filteredRows,
    totalRows: table.rowCount,
    hiddenGroups: cut.hiddenGroups,
    missingKeyRows: per.missingKeyRows,
    extra: [],
  };
}

/** The aggregate of a plan's measure: per-entity values first where it asks for them (measure.each). */
function aggregateOf(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number, divide?: Divide): AggregateResult {
  return plan.measure.each ? runEachAggregate(table, fields, plan, mask, filteredRows) : runAggregate(table, fields, plan, mask, filteredRows, divide);
}

function nz(v: number): number {
  return Number.isNaN(v) ? -Infinity : v;
}

/** A "nice" bin width (1, 2, 2.5 or 5 times a power of ten) giving about `target` bins. */
export function niceBinWidth(min: number, max: number, target: number): number {
  const span = max - min;
  if (!(span > 0)) return 1;
  const raw = span / target;
  const pow = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

function runDistribution(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number): DistributionResult {
  const field = getField(fields, plan.x, "distribution");
  if (!field.numbers) throw new PlanError(`"${field.name}" is not a number; its values can be counted instead.`, field.name);
  let count = 0;
  for (let i = 0; i < table.rowCount; i++) if (mask[i] && !Number.isNaN(field.numbers[i])) count++;
  const vals = new Float64Array(count);
  for (let i = 0, j = 0; i < table.rowCount; i++) if (mask[i] && !Number.isNaN(field.numbers[i])) vals[j++] = field.numbers[i];
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of vals) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const n = vals.length;
  let width =
    plan.binWidth ??
    (plan.binCount ? (max - min) / plan.binCount : niceBinWidth(min, max, Math.min(30, Math.max(5, Math.ceil(Math.log2(Math.max(n, 2)) + 1)))));
  if (field.integer && !plan.binWidth && !plan.binCount && max - min <= 30) width = 1;
  if (!(width > 0)) width = 1;
  // Keep the number of bins sane whatever was asked.
  if (n > 0 && (max - min) / width > 500) width = (max - min) / 500;
  const start = n === 0 ? 0 : plan.binCount ? min : Math.floor(min / width) * width;
  const binTotal = n === 0 ? 0 : Math.max(1, plan.binCount ?? Math.floor((max - start) / width) + 1);
  const bins: Bin[] = Array.from({ length: binTotal }, (_, k) => ({ lo: start + k * width, hi: start + (k + 1) * width, count: 0 }));
  for (const v of vals) {
    let k = Math.floor((v - start) / width);
    if (k >= binTotal) k = binTotal - 1;
    if (k < 0) k = 0;
    bins[k].count++;
  }
  return {
    kind: "distribution",
    plan,
    field,
    bins,
    binWidth: width,
    n,
    mean: n ? sum / n : NaN,
    median: median(vals),
    min: n ? min : NaN,
    max: n ? max : NaN,
    filteredRows,
    totalRows: table.rowCount,
  };
}

export function pearson(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = xs.length;
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

function runRelationship(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array, filteredRows: number): RelationshipResult {
  const xf = getField(fields, plan.x, "x");
  const yf = getField(fields, plan.y, "y");
  // (An identifier whose labels are numbers is plotted by them: "the relationship between employee_id and salary".)
  const xNumbers = xf.numbers ?? numericIds(xf);
  const yNumbers = yf.numbers ?? numericIds(yf);
  if (!xNumbers || !yNumbers) throw new PlanError(`A relationship needs two number fields; "${!xNumbers ? xf.name : yf.name}" is not one.`);
  const gf = plan.groupBy[0] ? getField(fields, plan.groupBy[0].field, "grouping") : null;
  const bucket = gf && gf.role === "date" ? (plan.groupBy[0].bucket ?? "year") : null;
  const xs: number[] = [];
  const ys: number[] = [];
  const groups: string[] | null = gf ? [] : null;
  for (let i = 0; i < table.rowCount; i++) {
    if (!mask[i]) continue;
    const x = xNumbers[i];
    const y = yNumbers[i];
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    if (gf) {
      let label: string;
      if (gf.codes) {
        const c = gf.codes[i];
        if (c < 0) continue;
        label = gf.dictionary[c];
      } else {
        const v = gf.numbers![i];
        if (Number.isNaN(v)) continue;
        label = bucket ? bucketLabel(bucketStart(v, bucket), bucket) : String(v);
      }
      groups!.push(label);
    }
    xs.push(x);
    ys.push(y);
  }
  const byGroup: { group: string; n: number; r: number }[] = [];
  if (groups) {
    const idx = new Map<string, number[]>();
    groups.forEach((g, i) => {
      const l = idx.get(g) ?? [];
      l.push(i);
      idx.set(g, l);
    });
    for (const [g, list] of idx)
      byGroup.push({
        group: g,
        n: list.length,
        r: pearson(
          list.map((i) => xs[i]),
          list.map((i) => ys[i]),
        ),
      });
    byGroup.sort((a, b) => b.n - a.n || a.group.localeCompare(b.group));
  }
  return {
    kind: "relationship",
    plan,
    xField: xf,
    yField: yf,
    groupField: gf,
    xs,
    ys,
    groups,
    n: xs.length,
    r: pearson(xs, ys),
    byGroup,
    filteredRows,
    totalRows: table.rowCount,
  };
}

/** Runs a plan. Throws PlanError when the plan does not fit the data (unknown field, wrong type). */
const passes = (v: number, op: NonNullable<AnalysisPlan["having"]>["op"], values: number[]): boolean =>
  op === "gt"
    ? v > values[0]
    : op === "gte"
      ? v >= values[0]
      : op === "lt"
        ? v < values[0]
        : op === "lte"
          ? v <= values[0]
          : v >= Math.min(values[0], values[1] ?? values[0]) && v <= Math.max(values[0], values[1] ?? values[0]);

/**
 * HAVING: the groups (values of groupBy[0], or of a distinct-count measure's field) whose aggregate
 * passes the condition; the rows of the other groups leave the mask, so that the grouped answer
 * shows, and the distinct count counts, only the groups that pass.
 */
function applyHaving(table: Table, fields: FieldInfo[], plan: AnalysisPlan, mask: Uint8Array): { field: string; matched: number; groups: number } {
  const h = plan.having!;
  const name = plan.groupBy[0]?.field ?? (plan.measure.agg === "distinct" ? plan.measure.field : null);
  if (!name) throw new PlanError("A condition on groups needs a grouping.");
  const key = getField(fields, name, "grouping");
  // (A date's groups are its periods: those of the distinct count's bucket, "in how many years did X go up".)
  const bucket = key.role === "date" && !plan.groupBy.length && plan.measure.agg === "distinct" ? (plan.measure.bucket ?? null) : null;
  if (key.role === "date" && !bucket) throw new PlanError(`The groups of "${key.name}" cannot be tested one by one.`, key.name);
  const per = aggregateOf(
    table,
    fields,
    { ...plan, measure: h.measure, extraMeasures: [], groupBy: [{ field: key.name, bucket }], sort: null, limit: 1_000_000, having: undefined },
    mask,
    0,
  );
  const keep = new Set<string | number>();
  for (const r of per.rows) if (!Number.isNaN(r.value) && passes(r.value, h.op, h.values)) keep.add(r.keys[0]);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const v = key.codes ? (key.codes[i] < 0 ? null : key.dictionary[key.codes[i]]) : Number.isNaN(key.numbers![i]) ? null : key.numbers![i];
    if (v === null || !keep.has(bucket && typeof v === "number" ? bucketStart(v, bucket) : v)) mask[i] = 0;
  }
  return { field: key.name, matched: keep.size, groups: per.rows.length };
}

export function executePlan(source: Table, plan: AnalysisPlan): QueryResult {
  // Numbers computed from two fields of each row ("high - low") are columns like any other.
  const table = addDerivedColumns(source, plan.derived);
  const fields = describeTable(table);
  const mask = buildMask(table, fields, plan.filters);
  let filteredRows = 0;
  for (let i = 0; i < mask.length; i++) filteredRows += mask[i];
  if (plan.intent === "distribution") return runDistribution(table, fields, plan, mask, filteredRows);
  if (plan.intent === "rows") return runRows(table, fields, plan, mask, filteredRows);
  if (plan.intent === "relationship") return runRelationship(table, fields, plan, mask, filteredRows);
  const having = plan.having ? applyHaving(table, fields, plan, mask) : null;
  if (having) {
    filteredRows = 0;
    for (let i = 0; i < mask.length; i++) filteredRows += mask[i];
  }
  // A ratio: the denominator over the same groups first, then each group's measure divided by it.
  const per = plan.measure.per;
  let divide: Divide | undefined;
  if (per) {
    if (plan.measure.agg !== "sum") throw new PlanError("A ratio divides a total by another aggregate.");
    const den = runAggregate(
      table,
      fields,
      { ...plan, measure: { agg: per.agg, field: per.field, ...(per.bucket ? { bucket: per.bucket } : {}) }, extraMeasures: [], sort: null, limit: 1_000_000 },
      mask,
      filteredRows,
    );
    divide = { byKey: new Map(den.rows.map((r) => [r.keys.join("\u0000"), r.value])), overall: den.overall, scale: per.percent ? 100 : 1 };
  }
  const result = aggregateOf(table, fields, plan, mask, filteredRows, divide);
  if (having) result.having = having;
  // Further measures over the same groups, aligned to the rows of the first (which sets the order).
  for (const measure of plan.extraMeasures ?? []) {
    const other = aggregateOf(table, fields, { ...plan, measure, extraMeasures: [], sort: null, limit: 1_000_000 }, mask, filteredRows);
    const byKey = new Map(other.rows.map((r) => [r.keys.join("\u0000"), r.value]));
    result.extra.push({ measure, values: result.rows.map((r) => byKey.get(r.keys.join("\u0000")) ?? NaN), overall: other.overall });
  }
  return result;
}
