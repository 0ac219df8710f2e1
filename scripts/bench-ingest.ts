// `npm run bench:ingest`: appends 1,000,000 rows of 10 fields through the HTTP API in batches of
// 10,000 rows against a real server (own DATA_DIR), then times loading the dataset into typed arrays.
// Usage: npm run bench:ingest [-- --rows 1000000 --batch 10000]
import path from "node:path";
import { startApp } from "../e2e/helpers/app";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const totalRows = arg("rows", 1_000_000);
const batchSize = arg("batch", 10_000);

function makeBatch(offset: number, n: number) {
  const plans = ["basic", "standard", "premium", "enterprise"];
  const regions = ["north", "south", "east", "west", "central"];
  const rows = new Array(n);
  for (let i = 0; i < n; i++) {
    const r = offset + i;
    rows[i] = {
      id: r,
      age: 18 + (r % 60),
      income: 20000 + ((r * 7919) % 150000) + 0.5,
      plan: plans[r % 4],
      region: regions[(r * 31) % 5],
      score: ((r * 104729) % 1000) / 10,
      visits: (r * 13) % 200,
      segment: `S${r % 12}`,
      balance: ((r * 15485863) % 100000) / 100,
      churned: r % 7 === 0 ? "yes" : "no",
    };
  }
  return rows;
}

async function main() {
  console.log(`Starting a server (production build) for ${totalRows.toLocaleString()} rows in batches of ${batchSize.toLocaleString()}...`);
  const app = await startApp({ env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0" } });
  try {
    const key = app.apiKey;
    const created = await (await fetch(`${app.baseURL}/v1/datasets?api_key=${key}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "bench" }) })).json();
    const id = created.dataset_id as string;
    let serialize = 0;
    let requestTime = 0;
    const latencies: number[] = [];
    const started = performance.now();
    for (let offset = 0; offset < totalRows; offset += batchSize) {
      const t0 = performance.now();
      const body = JSON.stringify({ id, rows: makeBatch(offset, Math.min(batchSize, totalRows - offset)) });
      const t1 = performance.now();
      const res = await fetch(`${app.baseURL}/v1/datasets?api_key=${key}`, { method: "POST", headers: { "content-type": "application/json" }, body });
      if (!res.ok) throw new Error(`batch at ${offset}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      const t2 = performance.now();
      serialize += t1 - t0;
      requestTime += t2 - t1;
      latencies.push(t2 - t1);
    }
    const total = (performance.now() - started) / 1000;
    const info = await (await fetch(`${app.baseURL}/v1/datasets?api_key=${key}&id=${id}`)).json();
    latencies.sort((a, b) => a - b);
    console.log(`rows stored: ${info.rows.toLocaleString()} (${info.fields.length} fields)`);
    console.log(`total wall time: ${total.toFixed(2)} s (server time in requests: ${(requestTime / 1000).toFixed(2)} s; client-side JSON building: ${(serialize / 1000).toFixed(2)} s)`);
    console.log(`per batch p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(0)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)].toFixed(0)} ms`);

    process.env.DATA_DIR = app.dataDir;
    const { openDatasetStore } = await import("../lib/store");
    const store = openDatasetStore(path.join(app.dataDir, "datasets"));
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const table = await store.read(id);
      console.log(`load ${table.rowCount.toLocaleString()} rows x ${table.columns.length} columns into typed arrays: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    }
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
