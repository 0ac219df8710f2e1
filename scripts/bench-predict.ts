// `npm run bench:predict`: trains a model on adult (legacy synchronous training, budget 10) against
// a real server, then measures prediction over HTTP: one request of 10,000 rows, and single-row
// requests (p50/p95 of 500, sequential). Each figure is given at the client (loopback, including
// JSON encoding and decoding in the client) and at the server (the Server-Timing header's `app`
// total: body parsing, authentication, model lookup, prediction and response encoding).
import fs from "node:fs";
import Papa from "papaparse";
import { join } from "node:path";
import { startApp } from "../e2e/helpers/app";
import { DATA_DIR } from "./bench-ml";

// The shared data sets by absolute path (the relative one only worked from /work/main).
const DATASET = process.env.BENCH_DATASET ?? join(DATA_DIR, "adult.csv");
// fetch asks for gzip by default, as most HTTP clients do; BENCH_ACCEPT_ENCODING=identity measures without compression.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

async function main() {
  const csv = Papa.parse<Record<string, string>>(fs.readFileSync(DATASET, "utf8"), { header: true, skipEmptyLines: true });
  const rows = csv.data;
  console.log(`Starting a server; ${rows.length.toLocaleString()} rows from ${DATASET}`);
  const app = await startApp({ env: { CHAT_WORKERS: "0" } });
  let lastServerMs = NaN;
  let lastServerTiming = "";
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${app.baseURL}${path}?api_key=${app.apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    lastServerTiming = res.headers.get("server-timing") ?? "";
    lastServerMs = Number(/(?:^|,\s*)app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? NaN);
    return json;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)];
  try {
    const { dataset_id } = await post("/v1/datasets", { name: "adult" });
    for (let i = 0; i < rows.length; i += 10_000) await post("/v1/datasets", { id: dataset_id, rows: rows.slice(i, i + 10_000) });
    const t0 = performance.now();
    const result = await post("/v1/models", { dataset_id, predict_fields: ["class"], duration: 10 });
    console.log(`trained in ${((performance.now() - t0) / 1000).toFixed(1)} s (model ${result.model_id})`);
    const input = rows.slice(0, 10_000).map(({ class: _target, ...rest }) => rest);

    await post("/v1/models", { id: result.model_id, data: input.slice(0, 10) }); // load and cache the model
    const cold = performance.now();
    await post("/v1/models", { id: result.model_id, data: input });
    const coldMs = performance.now() - cold;
    const coldServerMs = lastServerMs;
    // The server optimizes a loaded model in the background (compiled trees, ~2 s); measure after.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    console.log(app.output().match(/model \S+ ready for serving.*/)?.[0] ?? "(the server did not report the model ready for serving)");
    const batchTimes: number[] = [];
    const batchServer: number[] = [];
    let lastBatchTiming = "";
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      const out = await post("/v1/models", { id: result.model_id, data: input });
      batchTimes.push(performance.now() - t);
      batchServer.push(lastServerMs);
      lastBatchTiming = lastServerTiming;
      if (out.predictions.length !== input.length) throw new Error("wrong number of predictions");
    }
    const withFactors = performance.now();
    await post("/v1/models", { id: result.model_id, data: input.slice(0, 1000), show_factors: true });
    const factorsMs = performance.now() - withFactors;

    const factorsServerMs = lastServerMs;

    const single: number[] = [];
    const singleServer: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      await post("/v1/models", { id: result.model_id, data: [input[i]] });
      single.push(performance.now() - t);
      singleServer.push(lastServerMs);
    }
    console.log(`10,000 rows right after the model was loaded: ${coldMs.toFixed(0)} ms at the client, ${coldServerMs.toFixed(0)} ms at the server`);
    console.log(
      `10,000 rows in one request: median ${median(batchTimes).toFixed(0)} ms at the client (min ${Math.min(...batchTimes).toFixed(0)}, max ${Math.max(...batchTimes).toFixed(0)}), ${median(batchServer).toFixed(0)} ms at the server (last: ${lastBatchTiming})`,
    );
    console.log(`1,000 rows with show_factors: ${factorsMs.toFixed(0)} ms at the client, ${factorsServerMs.toFixed(0)} ms at the server`);
    console.log(`single row at the client: p50 ${median(single).toFixed(2)} ms, p95 ${pct(single, 0.95).toFixed(2)} ms`);
    console.log(`single row at the server: p50 ${median(singleServer).toFixed(2)} ms, p95 ${pct(singleServer, 0.95).toFixed(2)} ms`);
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
