// Test and benchmark helper: a CSV text (or file) as a Table. Numeric when parseNumber works on every
// non-missing value, date when parseDate does, else category (dictionary-encoded).
import fs from "node:fs";
import Papa from "papaparse";
import { dateOrderEvidence, decideDateOrders, markersReadAsValues } from "../../table/reading";
import type { Column, NumericColumn, Table } from "../../table/types";
import { isMissing, isMissingNumber, parseDate, parseNumber } from "../../table/values";

export function tableFromRows(header: string[], rows: string[][]): Table {
  // As the store reads them (table/reading.ts): slash dates in the order the file's columns show,
  // and "NA" kept as a value in a column of codes like EU, AS.
  const raws = header.map((_, c) => rows.map((r) => r[c]));
  const evidence = raws.map((raw) => {
    const present = [...new Set(raw.filter((v) => !isMissingNumber(v)))];
    const readable = present.length > 0 && present.every((v) => !Number.isNaN(parseDate(v)) || !Number.isNaN(parseDate(v, "day_first")));
    return readable ? dateOrderEvidence(present) : null;
  });
  const orders = decideDateOrders(evidence);
  const columns: Column[] = header.map((name, c) => {
    const raw = raws[c];
    // As the store reads them: "none" and "-" are missing among numbers and dates, labels among words.
    const present = raw.filter((v) => !isMissingNumber(v));
    if (present.length > 0 && present.every((v) => !Number.isNaN(parseNumber(v)))) {
      const values = Float64Array.from(raw, (v) => (isMissingNumber(v) ? NaN : parseNumber(v)));
      const integer = present.every((v) => Number.isInteger(parseNumber(v)));
      return { name, type: integer ? "integer" : "float", kind: "number", values };
    }
    const order = orders[c]?.order;
    const basis = orders[c]?.basis;
    if (present.length > 0 && present.every((v) => !Number.isNaN(parseDate(v, order)))) {
      const column: NumericColumn = {
        name,
        type: "date",
        kind: "number",
        values: Float64Array.from(raw, (v) => (isMissingNumber(v) ? NaN : parseDate(v, order))),
      };
      if (order && basis) {
        column.dateOrder = order;
        column.dateOrderBasis = basis;
      }
      return column;
    }
    const kept = new Set(
      markersReadAsValues(
        raw.filter((v) => isMissing(v) && v.trim() !== ""),
        raw,
      ),
    );
    const dictionary: string[] = [];
    const index = new Map<string, number>();
    const codes = Int32Array.from(raw, (v) => {
      if (isMissing(v) && !kept.has(v.trim())) return -1;
      let code = index.get(v);
      if (code === undefined) {
        code = dictionary.length;
        dictionary.push(v);
        index.set(v, code);
      }
      return code;
    });
    return { name, type: "category", kind: "text", codes, dictionary };
  });
  return { rowCount: rows.length, columns };
}

export function tableFromCsv(text: string): Table {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  return tableFromRows(header, rows);
}

/** A CSV file as a Table and as its rows of strings (tests compute expected answers from the rows). */
export function readCsvTableAndRows(path: string): { table: Table; rows: Record<string, string>[] } {
  const text = fs.readFileSync(path, "utf8");
  return { table: tableFromCsv(text), rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
}

/** How many of `rows` hold each value of field `f` (expected counts for the tests). */
export function countBy(rows: Record<string, string>[], f: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[f], (out.get(r[f]) ?? 0) + 1);
  return out;
}

export function loadCsvTable(path: string): Table {
  return tableFromCsv(fs.readFileSync(path, "utf8"));
}
