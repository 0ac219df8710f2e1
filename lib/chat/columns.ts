// What the engine knows about each column: its role (number, date, category, free text), a numeric
// view (dates as epoch ms, also for text columns whose values are all dates, e.g. "12/30/17"),
// cardinality, and whether a number column behaves like a time axis (a "Year" column).
import type { Column, Table } from "../table/types";
import { parseDate } from "../table/values";

export type FieldRole = "number" | "date" | "category" | "text";

export interface FieldInfo {
  name: string;
  column: Column;
  role: FieldRole;
  /** number and date roles: the values (NaN = missing). */
  numbers: Float64Array | null;
  /** category/text roles: codes into `dictionary` (-1 = missing). */
  codes: Int32Array | null;
  dictionary: string[];
  distinct: number;
  /** Numbers that are years or named like a year: charted as time. */
  yearLike: boolean;
  /** Integer numbers with few distinct values (e.g. cylinders): usable as a category. */
  discrete: boolean;
  integer: boolean;
  min: number;
  max: number;
  /** Dates read from labels of one period ("1995 Q2"): the period each value stands for, its natural grouping. */
  grain?: "quarter";
}

const SHORT_DATE_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/;

/** Dates in M/D/YY form, which the shared parser leaves alone; years 00-69 are 20xx, 70-99 19xx. */
/** Quarter labels: "1995 Q2", "1995-Q2", "1995Q2", "Q2 1995". */
const QUARTER_RE = /^(?:(\d{4})[\s-]?Q([1-4])|Q([1-4])[\s-]?(\d{4}))$/i;

/** The first day of the quarter a label names ("1995 Q2" -> 1995-04-01), or NaN. */
export function parseQuarterLabel(text: string): number {
  const m = QUARTER_RE.exec(text.trim());
  if (!m) return NaN;
  const year = Number(m[1] ?? m[4]);
  const quarter = Number(m[2] ?? m[3]);
  return Date.UTC(year, (quarter - 1) * 3, 1);
}

function parseLooseDate(text: string): number {
  const ms = parseDate(text);
  if (!Number.isNaN(ms)) return ms;
  const quarter = parseQuarterLabel(text);
  if (!Number.isNaN(quarter)) return quarter;
  const m = SHORT_DATE_RE.exec(text.trim());
  if (!m) return NaN;
  const yy = Number(m[3]);
  const year = yy < 70 ? 2000 + yy : 1900 + yy;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
  return Date.UTC(year, month - 1, day);
}

function describeNumbers(values: Float64Array): { distinct: number; integer: boolean; min: number; max: number } {
  const seen = new Set<number>();
  let integer = true;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    if (seen.size <= 1000) seen.add(v);
    if (integer && !Number.isInteger(v)) integer = false;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { distinct: seen.size, integer, min, max };
}

function describeColumn(column: Column): FieldInfo {
  if (column.kind === "number") {
    const d = describeNumbers(column.values);
    const isDate = column.type === "date";
    const yearNamed = /\b(year|yr)\b/i.test(column.name.replace(/[_-]/g, " "));
    const yearRange = d.integer && d.min >= 1800 && d.max <= 2100 && d.distinct > 1;
    return {
      name: column.name,
      column,
      role: isDate ? "date" : "number",
      numbers: column.values,
      codes: null,
      dictionary: [],
      distinct: d.distinct,
      yearLike: !isDate && d.integer && (yearNamed || (yearRange && /date|time|period|season/i.test(column.name))),
      discrete: !isDate && d.integer && d.distinct >= 2 && d.distinct <= 12,
      integer: d.integer,
      min: d.min,
      max: d.max,
    };
  }
  const dict = column.dictionary;
  // Text whose every value is a date: treat as a date column (ingestion may not know M/D/YY).
  // A sample first: most text columns fail at once, and a million-value dictionary is not re-parsed.
  if (dict.length > 0 && column.type !== "id" && dict.slice(0, 50).every((v) => !Number.isNaN(parseLooseDate(v)))) {
    const parsed = dict.map(parseLooseDate);
    if (parsed.every((v) => !Number.isNaN(v))) {
      const values = new Float64Array(column.codes.length);
      for (let i = 0; i < values.length; i++) {
        const c = column.codes[i];
        values[i] = c < 0 ? NaN : parsed[c];
      }
      const d = describeNumbers(values);
      const quarters = dict.every((v) => !Number.isNaN(parseQuarterLabel(v)));
      return {
        name: column.name,
        column,
        role: "date",
        numbers: values,
        codes: null,
        dictionary: [],
        distinct: d.distinct,
        yearLike: false,
        discrete: false,
        integer: false,
        min: d.min,
        max: d.max,
        ...(quarters ? { grain: "quarter" as const } : {}),
      };
    }
  }
  const role: FieldRole = column.type === "category" ? "category" : "text";
  return {
    name: column.name,
    column,
    role: role === "text" && dict.length <= 60 ? "category" : role,
    numbers: null,
    codes: column.codes,
    dictionary: dict,
    distinct: dict.length,
    yearLike: false,
    discrete: false,
    integer: false,
    min: NaN,
    max: NaN,
  };
}

// Describing a column scans it; the same Table object is asked about many times (follow-ups, bench).
const cache = new WeakMap<Table, FieldInfo[]>();

export function describeTable(table: Table): FieldInfo[] {
  let infos = cache.get(table);
  if (!infos) {
    infos = table.columns.map(describeColumn);
    cache.set(table, infos);
  }
  return infos;
}

// Numeric identifiers, cached per field description.
const idNumbers = new WeakMap<FieldInfo, Float64Array | null>();

/**
 * The values of a column of identifiers whose every label is a plain number (employee_id 1001..1045, read as
 * text so it is never summed), as numbers, or null. Used only where a question plots the raw pairs of two
 * fields ("the relationship between employee_id and salary").
 */
export function numericIds(f: FieldInfo): Float64Array | null {
  if (!f.codes || f.role === "date") return null;
  let v = idNumbers.get(f);
  if (v === undefined) {
    const parsed = f.dictionary.map((d) => (/^\s*-?\d+(\.\d+)?\s*$/.test(d) ? Number(d) : NaN));
    v = null;
    if (parsed.length >= 2 && parsed.every((x) => !Number.isNaN(x))) {
      v = new Float64Array(f.codes.length);
      for (let i = 0; i < v.length; i++) v[i] = f.codes[i] < 0 ? NaN : parsed[f.codes[i]];
    }
    idNumbers.set(f, v);
  }
  return v;
}

/** Whether a field is charted as time (dates, and year-like numbers). */
export function isTimeField(f: FieldInfo): boolean {
  return f.role === "date" || f.yearLike;
}

const timeOfDayCache = new WeakMap<FieldInfo, boolean>();
/** Whether a date field holds times of day (half-hourly readings, "2023-05-01T00:10"), not only whole days. */
export function hasTimeOfDay(f: FieldInfo): boolean {
  if (f.role !== "date" || !f.numbers) return false;
  let v = timeOfDayCache.get(f);
  if (v === undefined) {
    v = false;
    for (let i = 0; i < f.numbers.length; i++) {
      const x = f.numbers[i];
      if (!Number.isNaN(x) && x % 86_400_000 !== 0) {
        v = true;
        break;
      }
    }
    timeOfDayCache.set(f, v);
  }
  return v;
}

/** Whether a field can be a grouping key (categories, discrete numbers, time). */
export function isGroupable(f: FieldInfo): boolean {
  return f.role === "category" || f.role === "date" || f.yearLike || f.discrete || (f.role === "text" && f.distinct <= 5000);
}

/** Whether a field can be measured (summed, averaged). */
export function isMeasurable(f: FieldInfo): boolean {
  return f.role === "number";
}
