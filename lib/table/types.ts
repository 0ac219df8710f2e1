// The in-memory, column-oriented table shared by the dataset store, the AutoML engine and the
// chat engine. Pure types: no imports, usable from any layer.

/** Field types as real clients of the interface see them (compatibility.md). */
export type FieldType = "category" | "integer" | "float" | "string" | "date" | "id" | "unknown";

export const FIELD_TYPES: readonly FieldType[] = ["category", "integer", "float", "string", "date", "id", "unknown"];

export interface FieldSchema {
  name: string;
  type: FieldType;
}

/** Numbers (`integer`, `float`) and dates (epoch milliseconds, UTC). NaN marks a missing value. */
export interface NumericColumn {
  name: string;
  type: "integer" | "float" | "date";
  kind: "number";
  values: Float64Array;
}

/**
 * Text-like fields (`category`, `string`, `id`, `unknown`), dictionary-encoded:
 * row i holds dictionary[codes[i]], or is missing when codes[i] === -1.
 */
export interface TextColumn {
  name: string;
  type: "category" | "string" | "id" | "unknown";
  kind: "text";
  codes: Int32Array;
  dictionary: string[];
}

export type Column = NumericColumn | TextColumn;

export interface Table {
  rowCount: number;
  columns: Column[];
}

/** A row as clients send it: field name to string, number, boolean or null. */
export type RawValue = string | number | boolean | null | undefined;
export type RawRow = Record<string, RawValue>;
