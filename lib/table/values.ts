// Value parsing shared by ingestion, training and prediction, so that "42", 42 and " 42 " mean the
// same thing everywhere. Pure functions, no imports beyond types.
import type { Column, DateOrder, FieldType, RawValue, Table } from "./types";

const NUMERIC_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * True for values that carry no information in any field: null, undefined, NaN, "" and the NA
 * spellings that data tools write for a missing value (NA, N/A, NaN, null, as pandas and R read them;
 * "?" as in the UCI files). Words that can be real answers ("None" among "Low"/"High", "none" as the
 * answer to "which pets?") are labels in a text field: see isMissingNumber for numeric and date fields.
 */
export function isMissing(value: RawValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "number") return Number.isNaN(value);
  if (typeof value === "string") {
    const t = value.trim();
    return t === "" || t === "?" || /^(na|n\/a|nan|null)$/i.test(t);
  }
  return false;
}

/** Spellings of "no value" that only mean missing where a number or a date is expected (in text they are labels). */
const NO_NUMBER_RE = /^(none|-+)$/i;

/**
 * isMissing, plus the spellings that stand for "no value" in a numeric or date field: "none", "-",
 * "--" ("spend: none", a dash in a spreadsheet's empty cell). In such a field they cannot be anything
 * else; in a text field they stay labels.
 */
export function isMissingNumber(value: RawValue): boolean {
  return isMissing(value) || (typeof value === "string" && NO_NUMBER_RE.test(value.trim()));
}

// Money and percent as spreadsheets and exports write them: "$1,234.50", "-$12.30", "€ 80", "45.2%".
const CURRENCY_RE = /^([+-]?)\s*[$€£¥]\s*(.+)$/;
const PERCENT_RE = /^(.+?)\s*%$/;

/**
 * A finite number, or NaN when the value is missing or not numeric. Accepts "1,234" thousands separators,
 * a leading currency sign ("$1,234.50" = 1234.5) and a trailing percent sign ("45.2%" = 45.2, the number
 * as written, as a reader of the column sees it).
 */
export function parseNumber(value: RawValue): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : NaN;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string") return NaN;
  let t = value.trim();
  if (t.length === 0) return NaN;
  const money = CURRENCY_RE.exec(t);
  if (money) t = money[1] + money[2].trim();
  else {
    const percent = PERCENT_RE.exec(t);
    if (percent) t = percent[1];
  }
  if (t.includes(",") && /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, "");
  if (!NUMERIC_RE.test(t)) return NaN;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}

const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** A slash date "03/04/2021" or "3/4/21 9:05" (either order of day and month): groups 1 and 2 are its first two numbers. */
export const SLASH_DATE_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})( \d{1,2}:\d{2}(:\d{2})?)?$/;
const YEAR_MONTH_RE = /^\d{4}-\d{2}$/;

/**
 * Epoch milliseconds (UTC) for date-like strings, or NaN. Recognised: ISO dates and date-times,
 * YYYY-MM, and slash dates: M/D/YYYY (US order, as the common sample data sets use) unless the
 * field reads day first (D/M/YYYY; reading.ts decides per field). Bare numbers are not dates: a
 * column of years stays numeric.
 */
export function parseDate(value: RawValue, order: DateOrder = "month_first"): number {
  if (typeof value !== "string") return NaN;
  const t = value.trim();
  if (ISO_DATE_RE.test(t)) {
    const iso = t.length === 10 ? `${t}T00:00:00Z` : /Z|[+-]\d{2}:?\d{2}$/.test(t) ? t.replace(" ", "T") : `${t.replace(" ", "T")}Z`;
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? ms : NaN;
  }
  if (YEAR_MONTH_RE.test(t)) return Date.parse(`${t}-01T00:00:00Z`);
  const m = SLASH_DATE_RE.exec(t);
  if (m) {
    const month = Number(order === "day_first" ? m[2] : m[1]);
    const day = Number(order === "day_first" ? m[1] : m[2]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
    const time = m[4] ? m[4].trim() : "00:00:00";
    // Two-digit years (12/30/17): 00-69 are 2000s, 70-99 the 1900s, as spreadsheets read them.
    const year = m[3].length === 2 ? (Number(m[3]) < 70 ? 2000 + Number(m[3]) : 1900 + Number(m[3])) : Number(m[3]);
    const ms = Date.parse(
      `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T${time.length === 5 ? `${time}:00` : time.padStart(8, "0")}Z`,
    );
    return Number.isFinite(ms) ? ms : NaN;
  }
  return NaN;
}

/** The canonical text of a value for text-like fields: strings as sent, numbers and booleans as text. */
export function toText(value: RawValue): string | null {
  if (isMissing(value)) return null;
  return typeof value === "string" ? value : String(value);
}

/** Value of row `row` of a column, in the form clients send: number, ISO date string, text, or null. */
export function cellValue(column: Column, row: number): string | number | null {
  if (column.kind === "number") {
    const v = column.values[row];
    if (Number.isNaN(v)) return null;
    return column.type === "date" ? new Date(v).toISOString() : v;
  }
  const code = column.codes[row];
  return code < 0 ? null : column.dictionary[code];
}

export function getColumn(table: Table, name: string): Column | undefined {
  return table.columns.find((c) => c.name === name);
}

export function isNumericType(type: FieldType): type is "integer" | "float" | "date" {
  return type === "integer" || type === "float" || type === "date";
}

const ID_NAME_EXACT = /^(id|uuid|guid|key|pk)$/i;
const ID_NAME_SUFFIX = /[_\-\s.](id|uuid|guid|key)$/i;
// camelCase suffix: customerID, userId, orderKey; but not "valid", "PAID" or "monkey".
const ID_NAME_CAMEL = /[a-z0-9](Id|ID|Uuid|UUID|Key)$/;

/** A field name that reads as an identifier or key ("id", "Order ID", "customer_id", "userKey"). */
export function isIdLikeName(name: string | undefined): boolean {
  if (!name) return false;
  const n = name.trim();
  return ID_NAME_EXACT.test(n) || ID_NAME_SUFFIX.test(n) || ID_NAME_CAMEL.test(n);
}
