// Validation and encoding of appended rows against the schema. Errors name the row (0-based within
// the append) and the field, and are raised before anything is written.
import type { FieldSchema, FieldType, RawRow, RawValue } from "../table/types";
import { fieldReader } from "../table/rows";
import { isMissing, isMissingNumber, isNumericType, parseDate, parseNumber } from "../table/values";
import { StoreError } from "./errors";
import type { EncodedColumn } from "./segment";

export interface SchemaField extends FieldSchema {
  /** False once a client set the type explicitly: inferred types may widen (integer -> float). */
  inferred: boolean;
}

function describeValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export const ROW = (i: number) => `Row ${i} (0-based, within this append)`;

function typeDescription(type: FieldType): string {
  if (type === "integer") return "a number (integer)";
  if (type === "float") return "a number";
  if (type === "date") return "a date (e.g. 2024-01-31 or 2024-01-31T12:00:00Z)";
  return "text";
}

export function checkRow(row: unknown, index: number): RawRow {
  if (row === null || typeof row !== "object" || Array.isArray(row)) {
    throw new StoreError("invalid_rows", `${ROW(index)} is not an object: each row maps field names to values, e.g. {"age": 42}.`);
  }
  const proto = Object.getPrototypeOf(row) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    throw new StoreError("invalid_rows", `${ROW(index)} is not a plain object: each row maps field names to values.`);
  }
  return row as RawRow;
}

export function checkValue(value: unknown, row: number, field: string): RawValue {
  if (value === null || value === undefined) return value;
  const t = typeof value;
  if (t === "string" || t === "number" || t === "boolean") return value as RawValue;
  throw new StoreError(
    "invalid_type",
    `${ROW(row)}: field "${field}" holds ${Array.isArray(value) ? "an array" : `a value of type ${t}`}; values must be strings, numbers, booleans or null.`,
  );
}

/**
 * Encodes one field of an append. Rule for numbers: a non-integer in an `integer` field whose type
 * was inferred widens the field to `float` (a small first batch often shows only whole numbers);
 * when a client set `integer` explicitly, it is an error.
 */
export function encodeField(field: SchemaField, rows: RawRow[]): EncodedColumn {
  const n = rows.length;
  const name = field.name;
  const read = fieldReader<RawValue>(name); // own properties only: a field may be named "constructor"
  if (isNumericType(field.type)) {
    const values = new Float64Array(n);
    const isDate = field.type === "date";
    // Strings repeat (dates especially): parse each distinct one once. NaN marks missing/unparsable.
    const parsed = new Map<string, number>();
    let widen = false;
    for (let i = 0; i < n; i++) {
      const raw = checkValue(read(rows[i]), i, name);
      let v: number;
      if (typeof raw === "number" && !isDate) {
        if (Number.isNaN(raw)) {
          values[i] = NaN;
          continue;
        }
        v = Number.isFinite(raw) ? raw : NaN;
      } else if (typeof raw === "string") {
        const cached = parsed.get(raw);
        if (cached !== undefined) v = cached;
        else {
          v = isMissingNumber(raw) ? -Infinity : isDate ? parseDate(raw, field.dateOrder) : parseNumber(raw);
          parsed.set(raw, v);
        }
        if (v === -Infinity) {
          values[i] = NaN; // a missing spelling such as "", "NA" or (in numbers) "none"
          continue;
        }
      } else if (raw === null || raw === undefined) {
        values[i] = NaN;
        continue;
      } else {
        v = isDate ? parseDate(raw, field.dateOrder) : parseNumber(raw);
      }
      if (Number.isNaN(v)) {
        const other = field.dateOrder === "day_first" ? "month_first" : "day_first";
        if (isDate && typeof raw === "string" && !Number.isNaN(parseDate(raw, other))) {
          const reads = (o: string) => (o === "day_first" ? "day first" : "month first");
          throw new StoreError(
            "invalid_type",
            `${ROW(i)}: field "${name}" reads its dates ${reads(field.dateOrder ?? "month_first")} (${field.dateOrderBasis === "assumed" || !field.dateOrderBasis ? "the first rows could not tell the order" : "as the first rows showed"}), but ${describeValue(raw)} reads only ${reads(other)}. Send date_order with the first rows of a new dataset, or write dates as ISO (2021-04-03).`,
          );
        }
        throw new StoreError(
          "invalid_type",
          `${ROW(i)}: field "${name}" expects ${typeDescription(field.type)}, got ${describeValue(raw)}. Fix the value, or change the field's type (e.g. to category) before appending.`,
        );
      }
      if (field.type === "integer" && !Number.isInteger(v)) {
        if (!field.inferred) {
          throw new StoreError(
            "invalid_type",
            `${ROW(i)}: field "${name}" expects ${typeDescription("integer")}, got ${describeValue(raw)}. Round the value, or change the field's type to float.`,
          );
        }
        widen = true;
      }
      values[i] = v;
    }
    if (widen) field.type = "float";
    return { name, enc: isDate ? "date" : "num", values };
  }
  const codes = new Int32Array(n);
  const dictionary: string[] = [];
  // Text -> code; missing spellings map to -1 (unless the field reads them as values, reading.ts)
  // so that each distinct string is checked once.
  const index = new Map<string, number>();
  const kept = field.readAsValues?.length ? new Set(field.readAsValues) : null;
  for (let i = 0; i < n; i++) {
    const raw = checkValue(read(rows[i]), i, name);
    if (raw === null || raw === undefined) {
      codes[i] = -1;
      continue;
    }
    const text = typeof raw === "string" ? raw : String(raw);
    let code = index.get(text);
    if (code === undefined) {
      if (isMissing(raw) && !kept?.has(text.trim())) code = -1;
      else {
        code = dictionary.length;
        dictionary.push(text);
      }
      index.set(text, code);
    }
    codes[i] = code;
  }
  return { name, enc: "text", codes, dictionary };
}
