// Excel workbooks (.xlsx) for upload: the first sheet becomes rows with the same header rules as
// CSV files. Parsed in the browser (read-excel-file, loaded only when an Excel file is picked), so
// the server keeps one ingestion path.
import { cleanHeaders } from "./csv-upload";
import type { DataRow, RowValue } from "./types";
import { emptyRecord } from "@/lib/table/rows";

export function isExcelFile(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName);
}

/** Old binary workbooks, which no maintained JavaScript reader handles well. */
export function isLegacyExcelFile(fileName: string): boolean {
  return /\.xls$/i.test(fileName);
}

type Cell = string | number | boolean | Date | null | undefined;

/** A date cell as text our type inference reads as a date: the day alone when there is no time. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return "";
  const iso = d.toISOString();
  if (d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0) return iso.slice(0, 10);
  return iso.replace(".000Z", "Z");
}

function cellValue(cell: Cell): RowValue {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return dateText(cell);
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : "";
  return cell;
}

/** Sheet cells (first row = headers) as rows; fully empty rows are skipped, as in CSV files. */
export function sheetToRows(cells: Cell[][]): { fields: string[]; rows: DataRow[] } {
  const headerIndex = cells.findIndex((row) => row.some((c) => c !== null && c !== undefined && String(c).trim() !== ""));
  if (headerIndex < 0) return { fields: [], rows: [] };
  const fields = cleanHeaders(cells[headerIndex].map((c) => (c === null || c === undefined ? "" : c instanceof Date ? dateText(c) : String(c))));
  const rows: DataRow[] = [];
  for (const cellsOfRow of cells.slice(headerIndex + 1)) {
    if (!cellsOfRow.some((c) => c !== null && c !== undefined && c !== "")) continue;
    const row: DataRow = emptyRecord(); // a column may be named "__proto__"
    for (let i = 0; i < fields.length; i++) row[fields[i]] = cellValue(cellsOfRow[i]);
    rows.push(row);
  }
  return { fields, rows };
}

/** The first sheet of an .xlsx file as rows. Throws an Error that says what to do for unreadable files. */
export async function readExcelRows(file: Blob): Promise<{ fields: string[]; rows: DataRow[] }> {
  const { readSheet } = await import("read-excel-file/browser");
  let cells: Cell[][];
  try {
    cells = (await readSheet(file)) as Cell[][];
  } catch (error) {
    throw new Error(`Cannot read the Excel file (${error instanceof Error ? error.message : String(error)}). Save it again as .xlsx or as CSV and retry.`);
  }
  return sheetToRows(cells);
}
