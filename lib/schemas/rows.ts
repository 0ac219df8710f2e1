// Rows as clients send them, checked without copying (appends and predictions carry millions of values).
import { z } from "zod";
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

/** A value as clients send it. */
export const rowValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A row as clients send it (documentation and types; the routes check rows with isFlatRow). */
export const rowSchema = z.record(z.string(), rowValueSchema).meta({ id: "Row", description: "Field name to value (string, number, boolean or null)." });

/** A stored row as the server returns it: numbers for numeric fields, dates and text as strings, null when missing. */
export const storedRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()])).meta({ id: "StoredRow" });

export type RowValue = z.infer<typeof rowValueSchema>;
export type DataRow = z.infer<typeof rowSchema>;
