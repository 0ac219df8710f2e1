// Streams a delimited file into a dataset in row batches: papaparse reads one chunk at a time and
// waits while a batch is posted, so a 100 MB file never sits in memory as rows all at once.
import Papa from "papaparse";
import { apiFetch } from "./api";
import { csvText } from "./csv-download";
import { dayFirstColumns, dayFirstIso, fileDateOrder } from "./day-first-dates";
import type { DateOrder } from "@/lib/table/types";
import { isExcelFile, isLegacyExcelFile, readExcelRows } from "./excel-upload";
import type { DataRow } from "./types";
import { emptyRecord } from "@/lib/table/rows";

export const UPLOAD_BATCH_ROWS = 5000;

export interface UploadProgress {
  /** 0..1 of the file's bytes read and sent. */
  fraction: number;
  rowsSent: number;
}

export interface StreamBatchesOptions {
  batchRows?: number;
  /** Bytes of input, to turn the parser's cursor into a fraction. */
  totalBytes: number;
  /** dateOrder: the order of day and month the file's slash dates show (decided on the first chunk), if any. */
  onBatch: (rows: DataRow[], file: { dateOrder?: DateOrder }) => Promise<void>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  delimiter?: string;
  /** Text encoding of a File input (see guessEncoding); strings are already text. */
  encoding?: string;
}

/** Guesses the delimiter from the file name: TSV by extension, otherwise papaparse detects it. */
export function delimiterFor(fileName: string): string | undefined {
  return /\.(tsv|tab)$/i.test(fileName) ? "\t" : undefined;
}

/**
 * The text encoding of a delimited file from its first bytes: UTF-8 when they are valid UTF-8 (a
 * sequence cut at the end of the sample is fine), otherwise Windows-1252, which is what Excel and
 * many older exports on Windows write as "CSV". Byte-order marks are honoured by the reader itself.
 */
export function guessEncoding(bytes: Uint8Array): "utf-8" | "windows-1252" {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/** The encoding of a file, judged from its first megabyte. */
export async function guessFileEncoding(file: Blob): Promise<"utf-8" | "windows-1252"> {
  return guessEncoding(new Uint8Array(await file.slice(0, 1 << 20).arrayBuffer()));
}

/**
 * Why the first bytes of a file chosen as CSV/TSV cannot be a delimited table, in a sentence that
 * says what to choose instead; null when they may be one. Catches the common wrong picks: a
 * workbook or archive, a PDF, an image or program (NUL bytes never occur in text), and HTML/XML.
 */
export function notATableReason(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04))
    return "This file is a zip archive or an Excel workbook, not CSV text. If it is a workbook, give it the .xlsx extension; otherwise unpack it and choose the CSV inside.";
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return "This file is an old Excel (.xls) or Office file, not CSV text: open it in Excel and save it as .xlsx or CSV.";
  if (starts(0x25, 0x50, 0x44, 0x46)) return "This file is a PDF, not a table: export the table from its source as CSV or .xlsx and choose that.";
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return "This file holds binary data (an image, a program or an archive), not CSV text: choose a CSV, TSV or .xlsx file.";
  const head = new TextDecoder("utf-8")
    .decode(sample)
    .replace(/^\uFEFF/, "")
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  if (/^<(\?xml|!doctype|html|svg|!--)/.test(head))
    return "This file is HTML, XML or SVG markup, not a table with a header row: export the data as CSV or .xlsx and choose that.";
  return null;
}

/** The whole text of a (small) file, decoded as UTF-8 or, when it is not UTF-8, as Windows-1252. */
export async function readTextFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return new TextDecoder(guessEncoding(bytes)).decode(bytes);
}

/** Header names as people expect them: trimmed, blanks named by position, duplicates numbered. */
export function cleanHeaders(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((raw, i) => {
    let name = raw.replace(/^\uFEFF/, "").trim() || `column_${i + 1}`;
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count > 0) name = `${name}_${count + 1}`;
    return name;
  });
}

/** Rows that did not fit the header: counted while parsing, told to the user after the upload. */
export interface IrregularRows {
  /** Rows with fewer cells than the header (the missing cells are left empty). */
  fewer: number;
  /** Rows with more cells than the header (the extra cells are dropped). */
  more: number;
  /** The data row (1-based) where a quote opens and never closes, so the rest of the file became one value. */
  unclosedQuoteRow: number | null;
  /** Cells of a semicolon-separated file written with a decimal comma ("4,5"), sent as "4.5". */
  decimalCommas?: number;
  /** Dates written day first ("24/01/2022") in columns that write every date so, sent as ISO dates. */
  dayFirstDates?: number;
}

/** "4,5", "-0,25": a number with a decimal comma, as semicolon-separated exports (European locales) write them. */
const DECIMAL_COMMA = /^\s*[-+]?\d+,\d+\s*$/;

/** What a person should know about rows that did not fit, in plain words (empty when all fit). */
export function irregularRowsWarnings(irregular: IrregularRows, fieldCount: number): string[] {
  const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row has" : "rows have"}`;
  const cells = `${fieldCount} ${fieldCount === 1 ? "column" : "columns"}`;
  const out: string[] = [];
  if (irregular.unclosedQuoteRow !== null)
    out.push(
      `A quote (") opens in data row ${irregular.unclosedQuoteRow.toLocaleString("en-US")} and never closes, so everything after it was read as one value. Check that row for a stray quote and upload the file again.`,
    );
  if (irregular.fewer > 0) out.push(`${rows(irregular.fewer)} fewer cells than the ${cells} of the header: the missing cells are empty.`);
  if (irregular.more > 0) out.push(`${rows(irregular.more)} more cells than the ${cells} of the header: the extra cells were dropped.`);
  if (irregular.decimalCommas)
    out.push(
      `${irregular.decimalCommas.toLocaleString("en-US")} ${irregular.decimalCommas === 1 ? "value" : "values"} with a decimal comma (like 4,5) ${irregular.decimalCommas === 1 ? "was" : "were"} read as a number (4.5), as semicolon-separated files write them.`,
    );
  if (irregular.dayFirstDates)
    out.push(
      `${irregular.dayFirstDates.toLocaleString("en-US")} ${irregular.dayFirstDates === 1 ? "date" : "dates"} written day first (like 24/01/2022) ${irregular.dayFirstDates === 1 ? "was" : "were"} read as day/month/year (24 January 2022): in ${irregular.dayFirstDates === 1 ? "its column" : "their columns"} some days are above 12.`,
    );
  return out;
}

/** Parses `input` (a File in the browser, a string in tests) and hands over full batches in order. */
export function streamRowBatches(input: File | string, options: StreamBatchesOptions): Promise<{ rows: number; fields: string[]; irregular: IrregularRows }> {
  const batchRows = options.batchRows ?? UPLOAD_BATCH_ROWS;
  return new Promise((resolve, reject) => {
    let headers: string[] | null = null;
    let pending: DataRow[] = [];
    let rowsSent = 0;
    let failed = false;
    let lastCursor = 0;
    let dataRowsSeen = 0;
    const irregular: IrregularRows = { fewer: 0, more: 0, unclosedQuoteRow: null, decimalCommas: 0, dayFirstDates: 0 };
    // Decided on the first chunk (4 MB, or the whole of a smaller file), before any row is sent.
    let dayFirst: boolean[] | null = null;
    let dateOrder: DateOrder | undefined;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    const flush = async (rows: DataRow[]) => {
      if (!rows.length) return;
      await options.onBatch(rows, { dateOrder });
      rowsSent += rows.length;
      // Rows sent over the rows the file holds, estimated from the bytes parsed so far: the parser reads
      // a whole chunk (4 MB) ahead of the batches, so the parsed bytes alone would reach 100% early.
      const estimatedRows = lastCursor > 0 ? (dataRowsSeen * Math.max(lastCursor, options.totalBytes)) / lastCursor : rowsSent;
      options.onProgress?.({ fraction: Math.min(1, rowsSent / Math.max(1, estimatedRows)), rowsSent });
    };

    Papa.parse<string[]>(input as never, {
      header: false, // headers handled here so that blanks and duplicates get usable names
      skipEmptyLines: "greedy",
      delimiter: options.delimiter,
      encoding: options.encoding,
      chunkSize: 4 * 1024 * 1024,
      chunk: (results, parser) => {
        if (failed) return parser.abort();
        if (options.signal?.aborted) {
          parser.abort();
          return fail(new DOMException("Upload cancelled", "AbortError"));
        }
        let data = results.data;
        const headerInChunk = !headers;
        if (!headers) {
          if (!data.length) return;
          headers = cleanHeaders(data[0]);
          data = data.slice(1);
        }
        const quote = results.errors.find((e) => e.code === "MissingQuotes");
        if (quote && irregular.unclosedQuoteRow === null && typeof quote.row === "number")
          irregular.unclosedQuoteRow = dataRowsSeen + quote.row + (headerInChunk ? 0 : 1);
        dataRowsSeen += data.length;
        const names = headers;
        // With ";" between cells, a comma in a lone number is its decimal separator.
        const semicolons = results.meta.delimiter === ";";
        if (!dayFirst) {
          dayFirst = dayFirstColumns(names.length, data);
          dateOrder = fileDateOrder(names.length, data);
        }
        const dayFirstHere = dayFirst;
        for (const cells of data) {
          if (cells.length < names.length) irregular.fewer++;
          else if (cells.length > names.length) irregular.more++;
          const row: DataRow = emptyRecord(); // a column may be named "__proto__"
          for (let c = 0; c < names.length; c++) {
            let cell = cells[c] ?? "";
            if (semicolons && DECIMAL_COMMA.test(cell)) {
              cell = cell.replace(",", ".");
              irregular.decimalCommas = (irregular.decimalCommas ?? 0) + 1;
            } else if (dayFirstHere[c]) {
              const iso = dayFirstIso(cell);
              if (iso !== null) {
                cell = iso;
                irregular.dayFirstDates = (irregular.dayFirstDates ?? 0) + 1;
              }
            }
            row[names[c]] = cell;
          }
          pending.push(row);
        }
        lastCursor = results.meta.cursor;
        if (pending.length < batchRows) return;
        // Pause the reader while batches go out: memory stays at about one chunk.
        parser.pause();
        const ready = pending;
        pending = [];
        (async () => {
          for (let i = 0; i + batchRows <= ready.length; i += batchRows) await flush(ready.slice(i, i + batchRows));
          const rest = ready.length % batchRows;
          if (rest) pending = ready.slice(ready.length - rest);
        })().then(
          () => parser.resume(),
          (error) => {
            parser.abort();
            fail(error);
          },
        );
      },
      complete: () => {
        if (failed) return;
        lastCursor = options.totalBytes;
        flush(pending).then(() => {
          pending = [];
          if (!headers) return fail(new Error("The file is empty: it needs a header row and at least one data row."));
          resolve({ rows: rowsSent, fields: headers, irregular });
        }, fail);
      },
      error: (error: Error) => fail(new Error(`Cannot read the file: ${error.message}`)),
    });
  });
}

/**
 * Creates a dataset named `name` and fills it from the file (CSV/TSV streamed, or the first sheet
 * of an .xlsx workbook); deletes the half-made dataset on failure.
 */
export async function uploadFileAsDataset(
  file: File,
  options: { name: string; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal },
): Promise<{ datasetId: string; rows: number; warnings: string[] }> {
  if (isLegacyExcelFile(file.name)) throw new Error("Old Excel files (.xls) are not supported: open the file in Excel and save it as .xlsx or CSV.");
  // A workbook is read whole before anything is created, so an unreadable file leaves nothing behind.
  const sheet = isExcelFile(file.name) ? await readExcelRows(file) : null;
  if (sheet && sheet.fields.length === 0) throw new Error("The first sheet of the workbook is empty: it needs a header row and at least one data row.");
  if (sheet && sheet.rows.length === 0) throw new Error("The first sheet has a header row but no data rows.");
  if (!sheet) {
    const reason = notATableReason(new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
    if (reason) throw new Error(reason);
  }
  const { dataset_id: datasetId } = await apiFetch<{ dataset_id: string }>("/v1/datasets", { method: "POST", body: { name: options.name } });
  // date_order: the file's own evidence, for the date columns whose days are all 12 or less.
  const sendBatch = (batch: DataRow[], file: { dateOrder?: DateOrder } = {}) =>
    apiFetch("/v1/datasets", {
      method: "POST",
      body: file.dateOrder ? { id: datasetId, rows: batch, date_order: file.dateOrder } : { id: datasetId, rows: batch },
      signal: options.signal,
    }).then(() => undefined);
  try {
    if (sheet) {
      for (let start = 0; start < sheet.rows.length; start += UPLOAD_BATCH_ROWS) {
        if (options.signal?.aborted) throw new DOMException("Upload cancelled", "AbortError");
        await sendBatch(sheet.rows.slice(start, start + UPLOAD_BATCH_ROWS));
        const rowsSent = Math.min(sheet.rows.length, start + UPLOAD_BATCH_ROWS);
        options.onProgress?.({ fraction: rowsSent / sheet.rows.length, rowsSent });
      }
      return { datasetId, rows: sheet.rows.length, warnings: [] };
    }
    const { rows, fields, irregular } = await streamRowBatches(file, {
      totalBytes: file.size,
      delimiter: delimiterFor(file.name),
      encoding: await guessFileEncoding(file),
      signal: options.signal,
      onProgress: options.onProgress,
      onBatch: sendBatch,
    });
    if (rows === 0) throw new Error("The file has a header row but no data rows.");
    return { datasetId, rows, warnings: irregularRowsWarnings(irregular, fields.length) };
  } catch (error) {
    await apiFetch("/v1/datasets", { method: "DELETE", body: { id: datasetId } }).catch(() => undefined);
    throw error;
  }
}

/** Reads a whole (small) delimited file into rows, for batch prediction. */
export function parseDelimitedText(text: string, fileName = "data.csv"): { fields: string[]; rows: DataRow[] } {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: "greedy", delimiter: delimiterFor(fileName) });
  const [head, ...body] = parsed.data;
  if (!head) return { fields: [], rows: [] };
  const fields = cleanHeaders(head);
  // Decimal commas are read as the upload reads them, so a model trained on such a file gets numbers.
  const cell = parsed.meta.delimiter === ";" ? (v: string) => (DECIMAL_COMMA.test(v) ? v.replace(",", ".") : v) : (v: string) => v;
  // Day-first dates too, so a model trained on a date field of such a file reads the file's dates.
  const dayFirst = dayFirstColumns(fields.length, body);
  const value = (v: string, i: number) => (dayFirst[i] ? (dayFirstIso(v) ?? cell(v)) : cell(v));
  const rows = body.map((cells) => Object.fromEntries(fields.map((f, i) => [f, value(cells[i] ?? "", i)])) as DataRow);
  return { fields, rows };
}

/** CSV text of rows, columns in first-seen order. */
export function toCsv(rows: DataRow[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!seen.has(key)) seen.add(key), columns.push(key);
  return csvText(
    columns,
    rows.map((r) => columns.map((c) => r[c] ?? "")),
  );
}
