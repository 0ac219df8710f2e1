// Store-level ingest and load benchmark: appends 1,000,000 rows x 10 fields (numbers, categories,
// a boolean and a date) in batches of 10,000, then loads the whole dataset into typed arrays.
// Usage: npx tsx scripts/bench-store.ts [--rows 1000000] [--batch 10000] [--strings] [--ids] [--fanout 8] [--dir /tmp/x]
//   --strings sends every value as a string, as some clients do.
//   --ids replaces the numeric row number with a unique text id (customerID), the worst case for
//         dictionaries (one distinct value per row).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openDatasetStore } from "../lib/store";
import type { RawRow } from "../lib/table/types";

function argument(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const totalRows = Number(argument("rows", "1000000"));
const batchSize = Number(argument("batch", "10000"));
const asStrings = process.argv.includes("--strings");
const withIds = process.argv.includes("--ids");
const fanout = Number(argument("fanout", "0")) || undefined;

// Wall times depend on what else runs on the machine; CPU times are printed beside them.
const CITIES = Array.from({ length: 50 }, (_, i) => `city-${i}`);
const PLANS = ["free", "basic", "pro", "enterprise"];
const CHANNELS = ["web", "mobile", "partner", "store", "phone", "email", "social", "tv", "radio", "print"];

// Deterministic pseudo-random data so runs compare.
let seed = 12345;
function random(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}

function makeBatch(start: number, size: number): RawRow[] {
  const rows: RawRow[] = new Array(size);
  for (let k = 0; k < size; k++) {
    const i = start + k;
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 1500) * 86_400_000).toISOString().slice(0, 10);
    const row: RawRow = {
      ...(withIds ? { customerID: `${(i * 7919) % 100000}-${i.toString(36).toUpperCase()}` } : { row: i }),
      age: 18 + Math.floor(random() * 70),
      income: Math.round(random() * 200_000) / 100,
      score: random(),
      balance: random() < 0.05 ? null : Math.round((random() - 0.3) * 1e6) / 100,
      city: CITIES[Math.floor(random() * CITIES.length)],
      plan: PLANS[Math.floor(random() * PLANS.length)],
      channel: CHANNELS[Math.floor(random() * CHANNELS.length)],
      active: random() < 0.7,
      signup: day,
    };
    if (asStrings) for (const key in row) row[key] = row[key] === null ? null : String(row[key]);
    rows[k] = row;
  }
  return rows;
}

async function main() {
  const root = argument("dir", "") || (await fs.mkdtemp(path.join(os.tmpdir(), "bench-store-")));
  const store = openDatasetStore(root, { compactFanout: fanout });
  const id = `bench-${Date.now()}`;
  await store.create(id);

  let appendMs = 0;
  let appendCpuMs = 0;
  let slowest = 0;
  for (let start = 0; start < totalRows; start += batchSize) {
    // Through JSON, so that rows have the shape the HTTP layer hands over (objects from JSON.parse).
    const batch = JSON.parse(JSON.stringify(makeBatch(start, Math.min(batchSize, totalRows - start)))) as RawRow[];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await store.append(id, batch);
    const cpu = process.cpuUsage(cpu0);
    appendCpuMs += (cpu.user + cpu.system) / 1000;
    const ms = performance.now() - t0;
    appendMs += ms;
    slowest = Math.max(slowest, ms);
  }
  const info = await store.info(id);
  const files = (await fs.readdir(path.join(root, id))).filter((f) => f.startsWith("seg-")).length;
  console.log(
    `append: ${info.rowCount.toLocaleString("en")} rows x ${info.fields.length} fields in ${Math.ceil(totalRows / batchSize)} batches of ${batchSize}` +
      `${asStrings ? " (all values as strings)" : ""}${withIds ? " (with a unique text id)" : ""}: ${(appendMs / 1000).toFixed(2)} s total (${(appendCpuMs / 1000).toFixed(2)} s CPU), ` +
      `${(appendMs / Math.ceil(totalRows / batchSize)).toFixed(1)} ms/batch mean, ${slowest.toFixed(0)} ms slowest; ` +
      `${(info.bytes / 1e6).toFixed(1)} MB in ${files} segment files`,
  );
  console.log(`fields: ${info.fields.map((f) => `${f.name}:${f.type}`).join(", ")}`);

  const loads: string[] = [];
  for (let r = 0; r < 3; r++) {
    const fresh = openDatasetStore(root);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const table = await fresh.read(id);
    const cpu = process.cpuUsage(cpu0);
    loads.push(`${(performance.now() - t0).toFixed(0)} ms (${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU)`);
    if (table.rowCount !== totalRows || table.columns.length !== 10) throw new Error("load returned the wrong shape");
  }
  console.log(`load: full table (${totalRows.toLocaleString("en")} x 10) into typed arrays: ${loads.join(", ")} (3 runs; CPU includes I/O threads)`);

  let t0 = performance.now();
  await store.read(id, { fields: ["income", "plan"] });
  console.log(`load: 2 fields: ${(performance.now() - t0).toFixed(0)} ms`);
  t0 = performance.now();
  for (let r = 0; r < 100; r++) await store.info(id);
  console.log(`info: ${((performance.now() - t0) / 100).toFixed(2)} ms per call`);
  t0 = performance.now();
  await store.readRows(id, { offset: 500_000, limit: 100 });
  console.log(`readRows: 100 rows at offset 500,000: ${(performance.now() - t0).toFixed(1)} ms`);
  t0 = performance.now();
  await store.reparse(id);
  console.log(`reparse: ${(performance.now() - t0).toFixed(0)} ms`);

  await store.delete(id);
  if (!argument("dir", "")) await fs.rm(root, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
