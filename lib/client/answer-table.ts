// An answer table as people read it and as spreadsheets take it: numbers right-aligned with
// thousands separators except where a separator would be wrong (years, ids, codes), and a CSV
// of the raw values.
import { csvText } from "./csv-download";
import { formatNumber } from "./format";
import type { DataRow, RowValue } from "./types";

/** "decimal": quantities with fractions, shown with a fixed number of decimals per size (see formatCell). */
export type ColumnKind = "number" | "decimal" | "plain-number" | "text";

/** Columns in first-seen order over the rows (answers from the server have the same keys in every row). */
export function tableColumns(rows: DataRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows.slice(0, 500)) for (const k of Object.keys(row)) seen.add(k);
  return [...seen];
}

// Whole numbers in these columns are labels, not quantities: "2,014" for a year reads wrong.
const LABEL_NAME_RE = /(^|[^a-z])(year|yr|id|code|zip|postal|postcode|phone|number|no)([^a-z]|$)|(year|id|code)$/i;

/** How a column's values are shown: quantities, numbers that label things (years, ids), or text. */
export function columnKind(rows: DataRow[], column: string): ColumnKind {
  let numbers = 0;
  let integersInYearRange = true;
  let integers = true;
  for (const row of rows) {
    const v = row[column];
    if (v === null || v === undefined || v === "") continue;
    if (typeof v !== "number") return "text";
    numbers++;
    if (!Number.isInteger(v)) integers = false;
    if (!(Number.isInteger(v) && v >= 1000 && v <= 2200)) integersInYearRange = false;
  }
  if (numbers === 0) return "text";
  const spaced = column.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");
  if (
    integers &&
    ((LABEL_NAME_RE.test(spaced) && !/\b(number of|count|total)\b/i.test(spaced)) || (integersInYearRange && /\b(year|yr|season)\b/i.test(spaced)))
  )
    return "plain-number";
  return integers ? "number" : "decimal";
}

/**
 * Decimals of a value in a column with fractions, by its size: the trailing zeros are kept, so a
 * column reads "28,488.5" over "17,391.0" (not "17,391"), "48.72" over "8.10" (not "48.718" over "8.1").
 */
function decimalsBySize(abs: number): number {
  return abs >= 1000 ? 1 : abs >= 1 || abs === 0 ? 2 : 3;
}

export function formatCell(value: RowValue | undefined, kind: ColumnKind): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number") {
    if (kind === "plain-number") return String(value);
    const abs = Math.abs(value);
    if (kind === "decimal" && Number.isFinite(value) && (abs === 0 || (abs >= 1e-3 && abs < 1e12))) {
      const decimals = decimalsBySize(abs);
      return value.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
    return formatNumber(value);
  }
  return String(value);
}

/** The table as CSV with the raw values (full precision), in the given column order. */
export function toCsv(rows: DataRow[], columns: string[] = tableColumns(rows)): string {
  const data = rows.map((row) =>
    columns.map((c) => {
      const v = row[c];
      return v === null || v === undefined ? "" : v;
    }),
  );
  return csvText(columns, data);
}

/** A file name from the question: "Average MonthlyCharges by PaymentMethod?" -> "average-monthlycharges-by-paymentmethod". */
export function fileNameFor(question: string, fallback = "answer"): string {
  const slug = question
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || fallback;
}
