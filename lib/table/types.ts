// The in-memory, column-oriented table shared by the dataset store, the AutoML engine and the
// chat engine. Pure types: no imports, usable from any layer.

/** Field types as real clients of the interface see them (compatibility.md). */
export type FieldType = "category" | "integer" | "float" | "string" | "date" | "id" | "unknown";

export const FIELD_TYPES: readonly FieldType[] = ["category", "integer", "float", "string", "date", "id", "unknown"];

/** The order of day and month in a field's slash dates (03/04/2021); see reading.ts. */
export type DateOrder = "month_first" | "day_first";

/**
 * Why a field's slash dates are read in their order: `values` (a date in the field reads only that
 * way, e.g. 24/01/2022), `other_columns` (another date column of the same rows shows it),
 * `client` (the client said so with the first rows), `assumed` (nothing shows it: month first).
 */
export type DateOrderBasis = "values" | "other_columns" | "client" | "assumed";

export interface FieldSchema {
  name: string;
  type: FieldType;
  /** Date fields written as slash dates: the order they are read in, and why (reading.ts). */
  dateOrder?: DateOrder;
  dateOrderBasis?: DateOrderBasis;
  /** Missing-value spellings ("NA") that this field reads as values, being codes like its others (reading.ts). */
  readAsValues?: string[];
}

/** Numbers (`integer`, `float`) and dates (epoch milliseconds, UTC). NaN marks a missing value. */
export interface NumericColumn {
  name: string;
  type: "integer" | "float" | "date";
  kind: "number";
  values: Float64Array;
  /** Date fields read from slash dates: the order, so that new rows (predictions) read the same way, and why. */
  dateOrder?: DateOrder;
  dateOrderBasis?: DateOrderBasis;
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
