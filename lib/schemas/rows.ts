// Rows as clients send them, checked without copying (appends and predictions carry millions of values).
import type { RawRow } from "@/lib/table/types";

export function isPlainValue(value: unknown): boolean {
  const type = typeof value;
  return value === null || type === "string" || type === "number" || type === "boolean";
}

/**
 * A row is an object mapping field names to strings, numbers, booleans or null. A plain loop:
 * this runs for every value of every append and prediction (millions), zod per row is too slow.
 */
export function isFlatRow(row: unknown): row is RawRow {
  if (row === null || typeof row !== "object" || Array.isArray(row)) return false;
  for (const field in row) if (!isPlainValue((row as Record<string, unknown>)[field])) return false;
  return true;
}
