// `npm run bench:ingest`: appends 1,000,000 rows of 10 fields through the HTTP API in batches of
// 10,000 rows against a real server (own DATA_DIR), then times loading the dataset into typed arrays.
// With --s3 the server keeps datasets and models in object storage (a throwaway s3rver on loopback,
// STORAGE_URL=s3://...), and the loads are timed from a cold cache (another host) and a warm one;
// both modes also time reading model artifacts of a few sizes (files vs object storage).
// Usage: npm run bench:ingest [-- --rows 1000000 --batch 10000 --s3]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "../e2e/helpers/app";
import { startS3Server, type TestS3Server } from "../lib/store/testing/s3-server";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const totalRows = arg("rows", 1_000_000);
const batchSize = arg("batch", 10_000);
const useS3 = process.argv.includes("--s3");

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
  console.log(
    `Starting a server (production build) for ${totalRows.toLocaleString()} rows in batches of ${batchSize.toLocaleString()}${useS3 ? ", storage in s3rver on loopback" : ", storage in files"}...`,
  );
  let s3: TestS3Server | null = null;
  let s3Env: Record<string, string> = {};
  if (useS3) {
    s3 = await startS3Server();
    s3Env = s3.env("bench");
  }
  const app = await startApp({ env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0", ...s3Env }, storageUrl: s3Env.STORAGE_URL });
  const coldDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-bench-cold-"));
  try {
    const key = app.apiKey;
    const created = await (
      await fetch(`${app.baseURL}/v1/datasets?api_key=${key}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "bench" }),
      })
    ).json();
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
    console.log(
      `total wall time: ${total.toFixed(2)} s (server time in requests: ${(requestTime / 1000).toFixed(2)} s; client-side JSON building: ${(serialize / 1000).toFixed(2)} s)`,
    );
    console.log(
      `per batch p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(0)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)].toFixed(0)} ms`,
    );

    // Read as the server's own host would (its DATA_DIR: files, or its warm cache), and with object
    // storage also as another host (an empty DATA_DIR: a cold cache, then warm).
    Object.assign(process.env, { DATA_DIR: app.dataDir, DATABASE_URL: app.databaseUrl || `file:${path.join(app.dataDir, "app.db")}`, ...s3Env });
    const { openConfiguredStorage } = await import("../lib/services/storage");
    const { getEnv } = await import("../lib/env");
    const own = openConfiguredStorage();
    const hosts = [{ name: useS3 ? "writer host (warm cache)" : "files", storage: own }];
    if (useS3) hosts.unshift({ name: "another host (cold cache, then warm)", storage: openConfiguredStorage({ ...getEnv(), dataDir: coldDir }) });
    for (const host of hosts) {
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const table = await host.storage.datasets.read(id);
        console.log(
          `${host.name}: load ${table.rowCount.toLocaleString()} rows x ${table.columns.length} columns into typed arrays: ${((performance.now() - t0) / 1000).toFixed(2)} s`,
        );
      }
    }

    // Model artifacts: written once by a worker, read once per process into the model cache.
    for (const mb of [1, 16, 64]) {
      const bytes = new Uint8Array(mb * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);
      const name = `models/bench-${mb}mb.model`;
      let t0 = performance.now();
      await own.artifacts.write(name, bytes);
      const write = performance.now() - t0;
      const timings: string[] = [];
      const readers = useS3 ? [openConfiguredStorage({ ...getEnv(), dataDir: fs.mkdtempSync(path.join(coldDir, "m")) }), own] : [own];
      for (const reader of readers) {
        t0 = performance.now();
        const read = await reader.artifacts.read(name);
        if (read.byteLength !== bytes.byteLength) throw new Error("artifact size mismatch");
        timings.push(`${reader === own ? (useS3 ? "writer host (cached)" : "read") : "another host (cold)"} ${(performance.now() - t0).toFixed(1)} ms`);
      }
      console.log(`model artifact ${mb} MB: write ${write.toFixed(1)} ms; ${timings.join("; ")}`);
    }
  } finally {
    await app.stop();
    await s3?.dispose();
    fs.rmSync(coldDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
