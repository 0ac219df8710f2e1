// Example questions for an empty chat, built by the chat engine's own `exampleQuestions` from the
// dataset's fields, so they name real fields and are phrased the way the engine reads them. The
// browser has the schema and a page of rows (the preview API), not the stored columns: the rows
// become a small Table typed by the schema, which the engine describes like any other table.
import type { Column, Table } from "../table/types";
import { isMissing, parseDate, parseNumber } from "../table/values";
import type { DataRow, DatasetField } from "./types";

/** The preview rows as a Table, each column typed as the dataset's schema says. */
export function sampleTable(fields: DatasetField[], rows: DataRow[]): Table {
  const columns: Column[] = fields.map((field): Column => {
    const raw = rows.map((r) => {
      const v = Object.prototype.hasOwnProperty.call(r, field.name) ? r[field.name] : null;
      return v === undefined ? null : v;
    });
    if (field.type === "integer" || field.type === "float") {
      return { name: field.name, type: field.type, kind: "number", values: Float64Array.from(raw, (v) => parseNumber(v)) };
    }
    if (field.type === "date") {
      // The API sends dates as ISO text; numbers would be epoch milliseconds already.
      return { name: field.name, type: "date", kind: "number", values: Float64Array.from(raw, (v) => (typeof v === "number" ? v : parseDate(v))) };
    }
    const dictionary: string[] = [];
    const index = new Map<string, number>();
    // "NA" in a field of codes is a value (the schema says so: read_as_values), as the store read it.
    const kept = new Set(field.read_as_values ?? []);
    const codes = Int32Array.from(raw, (v) => {
      if (isMissing(v) && !kept.has(String(v).trim())) return -1;
      const text = String(v);
      let code = index.get(text);
      if (code === undefined) {
        code = dictionary.length;
        dictionary.push(text);
        index.set(text, code);
      }
      return code;
    });
    return { name: field.name, type: field.type === "unknown" ? "unknown" : field.type, kind: "text", codes, dictionary };
  });
  return { rowCount: rows.length, columns };
}

/**
 * The engine's example questions for these fields and rows (the dataset's name may say what its rows are: "movies"). The engine is imported on demand: it
 * is only needed once per empty chat, and the chat page should not wait for it.
 */
export async function buildExampleQuestions(fields: DatasetField[], rows: DataRow[], datasetName = ""): Promise<string[]> {
  if (fields.length === 0 || rows.length === 0) return [];
  const [{ exampleQuestions }, { describeTable }] = await Promise.all([import("@/lib/chat/examples"), import("@/lib/chat/columns")]);
  const table = sampleTable(fields, rows);
  return [...new Set(exampleQuestions(describeTable(table), "en", 5, datasetName))];
}
