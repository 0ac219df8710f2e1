// Benchmarks read a CSV the way the product ingests an upload: papaparse turns it into rows of
// strings, the rows go to the real columnar store in 5,000-row batches (the first batch infers the
// field types, as an upload does: ids, free text, categories, numbers, dates), and the table is read
// back from the store. So the chat engine sees the same typed table a user's dataset gives it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { openDatasetStore } from "../../lib/store";
import type { RawRow, Table } from "../../lib/table/types";

const BATCH_ROWS = 5000;
let storeDir: string | null = null;
const cache = new Map<string, Promise<Table>>();

function cleanHeaders(headers: string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((raw, i) => {
    let name = raw.replace(/^\uFEFF/, "").trim() || `column_${i + 1}`;
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count > 0) name = `${name}_${count + 1}`;
    return name;
  });
}

async function ingest(csvPath: string): Promise<Table> {
  storeDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "tabula-chat-bench-"));
  const store = openDatasetStore(storeDir);
  const id = `d${cache.size}-${path.basename(csvPath).replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 60);
  await store.create(id);
  const parsed = Papa.parse<string[]>(fs.readFileSync(csvPath, "utf8"), { skipEmptyLines: true });
  const [header, ...data] = parsed.data;
  const names = cleanHeaders(header);
  for (let start = 0; start < data.length; start += BATCH_ROWS) {
    const rows: RawRow[] = data.slice(start, start + BATCH_ROWS).map((cells) => {
      const row: RawRow = {};
      names.forEach((n, i) => (row[n] = cells[i] ?? null));
      return row;
    });
    await store.append(id, rows);
  }
  return store.read(id);
}

/** The table of a CSV file as the product stores it (cached per path for the process). */
export function loadDatasetTable(csvPath: string): Promise<Table> {
  let table = cache.get(csvPath);
  if (!table) {
    table = ingest(csvPath);
    cache.set(csvPath, table);
  }
  return table;
}

/** Removes the temporary store (call once at the end of a benchmark). */
export function cleanUpDatasetTables(): void {
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
  storeDir = null;
  cache.clear();
}
