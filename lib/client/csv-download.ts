// CSV files the web app writes for download (answer tables, batch predictions, forecasts): one
// format for all, as spreadsheet programs take it. A byte-order mark so they read UTF-8 (accents,
// CJK, emoji in field names and values), CRLF line ends, and text that a spreadsheet would run as a
// formula (=, +, -, @, tab or CR first) prefixed with ' - except plain numbers written as text
// ("-5", "+3.2e4"), which stay numbers, and a lone "-" or "+".
import Papa from "papaparse";

/** Text a spreadsheet would read as a formula; a plain (signed) number or a lone sign is not one. */
export const FORMULA_START = /^(?![-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$|[-+]$)[=+\-@\t\r]/;

export function csvText(columns: string[], rows: unknown[][]): string {
  return `\uFEFF${Papa.unparse({ fields: columns, data: rows }, { newline: "\r\n", escapeFormulae: FORMULA_START })}`;
}

/**
 * A download's file name from a model's or dataset's name: letters and digits of any script kept,
 * other runs of characters one "_", at most 80 characters (names may be 256 characters and more; file
 * systems take 255 bytes), "download" when nothing is left.
 */
export function downloadFileName(name: string, suffix: string): string {
  const base = Array.from(
    name
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}.-]+/gu, "_")
      .replace(/^[_.]+|_+$/g, ""),
  )
    .slice(0, 80)
    .join("")
    .replace(/_+$/, "");
  return `${base || "download"}${suffix}`;
}
