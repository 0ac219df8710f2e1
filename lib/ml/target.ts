// Task detection and target encoding.
import type { Column, FieldType, Table } from "../table/types";
import type { Objective } from "./core/types";
import { TrainError } from "./errors";

/** Most classes a classification target may have; more are almost always an id or free text. */
export const MAX_CLASSES = 100;

export interface TargetInfo {
  field: string;
  fieldIndex: number;
  fieldType: FieldType;
  objective: Objective;
  /** Class names (classification), in class-index order. */
  classes: string[];
  /** Class index (classification) or value (regression) per table row; NaN where the target is missing. */
  y: Float64Array;
  /** Rows with a known target. */
  rows: Int32Array;
}

/**
 * Category and string targets are classification. Integer targets with exactly two distinct values
 * (0/1 flags) are binary classification; other integer and float targets are regression: a count or
 * a rating with a handful of values is ordered, and regression keeps that order.
 */
export function encodeTarget(table: Table, schema: { name: string; type: FieldType }[], field: string): TargetInfo {
  const fieldIndex = schema.findIndex((f) => f.name === field);
  const column = table.columns.find((c) => c.name === field);
  if (fieldIndex < 0 || !column) throw new TrainError("unknown_field", `Predict field "${field}" is not a field of the dataset.`);
  const fieldType = schema[fieldIndex].type;
  if (fieldType === "id" || fieldType === "date" || fieldType === "unknown") {
    throw new TrainError(
      "bad_target_type",
      `Field "${field}" has type ${fieldType} and cannot be predicted. Choose a category or number field, or change the field's type.`,
    );
  }
  const n = table.rowCount;
  const y = new Float64Array(n).fill(NaN);
  if (column.kind === "number" && (fieldType === "integer" || fieldType === "float")) {
    const distinct = new Set<number>();
    for (let i = 0; i < n; i++) {
      const v = column.values[i];
      if (v === v && distinct.size < 3) distinct.add(v);
    }
    if (distinct.size === 0) throw allMissing(field);
    if (distinct.size === 1) throw singleClass(field, String([...distinct][0]));
    if (fieldType === "integer" && distinct.size === 2) {
      const [a, b] = [...distinct].sort((p, q) => p - q);
      for (let i = 0; i < n; i++) {
        const v = column.values[i];
        if (v === v) y[i] = v === a ? 0 : 1;
      }
      return finish({ field, fieldIndex, fieldType, objective: "binary", classes: [String(a), String(b)], y });
    }
    y.set(column.values);
    return finish({ field, fieldIndex, fieldType, objective: "regression", classes: [], y });
  }
  const texts = textColumnValues(column);
  const counts = new Map<string, number>();
  for (const t of texts) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
  if (counts.size === 0) throw allMissing(field);
  if (counts.size === 1) throw singleClass(field, [...counts.keys()][0]);
  if (counts.size > MAX_CLASSES) {
    throw new TrainError(
      "bad_target_type",
      `Field "${field}" has ${counts.size} distinct values; at most ${MAX_CLASSES} classes can be predicted. Group rare values or predict another field.`,
    );
  }
  const classes = [...counts.keys()].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  for (let i = 0; i < n; i++) {
    const t = texts[i];
    if (t !== null) y[i] = index.get(t)!;
  }
  return finish({ field, fieldIndex, fieldType, objective: classes.length === 2 ? "binary" : "multiclass", classes, y });
}

function finish(info: Omit<TargetInfo, "rows">): TargetInfo {
  const rows: number[] = [];
  for (let i = 0; i < info.y.length; i++) if (info.y[i] === info.y[i]) rows.push(i);
  return { ...info, rows: Int32Array.from(rows) };
}

function textColumnValues(column: Column): (string | null)[] {
  if (column.kind === "number") return Array.from(column.values, (v) => (v !== v ? null : String(v)));
  // The table holds values as the store read them: a missing spelling still in the dictionary is a value (table/reading.ts).
  return Array.from(column.codes, (c) => (c < 0 ? null : column.dictionary[c]));
}

function allMissing(field: string): TrainError {
  return new TrainError("target_all_missing", `Predict field "${field}" has no values. Fill in the field for some rows or predict another field.`);
}

function singleClass(field: string, value: string): TrainError {
  return new TrainError(
    "single_class",
    `Predict field "${field}" has only one value ("${value}"), so there is nothing to learn. Add rows with other values or predict another field.`,
  );
}
