// Scale-out without a shared disk (STORAGE_URL=s3://..., PostgreSQL): two web processes on two
// ports and two workers, each with its own empty DATA_DIR, sharing only the database and the
// bucket. Create and append through one web process (and both at once), train on a worker, predict
// and chat through the other web process. Runs in scripts/test-postgres.sh, which starts the
// PostgreSQL and S3 test servers; skipped elsewhere.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request, type APIRequestContext } from "@playwright/test";
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";
import { startApp, type AppInstance } from "./helpers/app";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });
test.skip(!process.env.E2E_STORAGE_URL || !process.env.E2E_PG_URL, "needs object storage and PostgreSQL (scripts/test-postgres.sh)");

const hosts: AppInstance[] = [];
const workers: ChildProcess[] = [];
const workerLogs: string[] = [];
const dirs: string[] = [];
let webA: AppInstance;
let webB: AppInstance;
let apiA: APIRequestContext;
let apiB: APIRequestContext;

function emptyDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tabula-host-${name}-`));
  dirs.push(dir);
  return dir;
}

function startWorker(kind: "train" | "chat") {
  const dataDir = emptyDataDir(`worker-${kind}`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--kinds", kind], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: webA.databaseUrl, STORAGE_URL: webA.storageUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const index = workerLogs.push("") - 1;
  child.stdout?.on("data", (d) => (workerLogs[index] += d));
  child.stderr?.on("data", (d) => (workerLogs[index] += d));
  workers.push(child);
  return { child, dataDir, log: () => workerLogs[index] };
}

/** What a host keeps on its own disk: only the read cache (no datasets/, no models/). */
function storedLocally(dataDir: string): string[] {
  return fs.readdirSync(dataDir).filter((name) => name !== "cache" && !name.startsWith("."));
}

test.beforeAll(async () => {
  webA = await startApp({ dataDir: emptyDataDir("web-a"), env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0" } });
  hosts.push(webA);
  webB = await startApp({
    dataDir: emptyDataDir("web-b"),
    apiKey: webA.apiKey,
    databaseUrl: webA.databaseUrl,
    storageUrl: webA.storageUrl,
    env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0" },
  });
  hosts.push(webB);
  apiA = await request.newContext({ baseURL: webA.baseURL, extraHTTPHeaders: { "X-API-Key": webA.apiKey } });
  apiB = await request.newContext({ baseURL: webB.baseURL, extraHTTPHeaders: { "X-API-Key": webA.apiKey } });
});

test.afterAll(async () => {
  await apiA?.dispose();
  await apiB?.dispose();
  for (const worker of workers) worker.kill("SIGKILL");
  for (const host of hosts) await host.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

test("two web processes append to one dataset at once: every batch stored once, visible through both", async () => {
  expect(webA.storageUrl).toMatch(/^s3:\/\//);
  const created = await apiA.post(`/v1/datasets?api_key=${webA.apiKey}`, { data: { name: "two hosts" } });
  const { dataset_id: id } = await created.json();
  const batch = (writer: string, b: number) => Array.from({ length: 25 }, (_, i) => ({ writer, b, i, label: `L${(b + i) % 3}` }));
  const post = (api: APIRequestContext, writer: string, b: number) => api.post("/v1/datasets", { data: { api_key: webA.apiKey, id, rows: batch(writer, b) } });
  const results = await Promise.all(Array.from({ length: 12 }, (_, b) => [post(apiA, "A", b), post(apiB, "B", b)]).flat());
  for (const res of results) expect(res.status(), await res.text()).toBe(200);

  for (const api of [apiA, apiB]) {
    const info = await (await api.get(`/v1/datasets?api_key=${webA.apiKey}&id=${id}`)).json();
    expect(info.rows).toBe(2 * 12 * 25);
    const { rows } = await (await api.get(`/api/v1/datasets/${id}/rows?limit=1000`)).json();
    const keys = new Set(rows.map((r: Record<string, unknown>) => `${r.writer}/${r.b}/${r.i}`));
    expect(keys.size).toBe(600);
  }
  for (const host of hosts) expect(storedLocally(host.dataDir)).toEqual([]);
});

test("create and append through one web process, train on a worker, predict and chat through the other", async () => {
  const trainer = startWorker("train");
  const chatter = startWorker("chat");
  const datasetId = await createDataset(apiA, webA.apiKey, "churn", churnRows(400));

  const submitted = await apiA.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10 } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { task_id } = await submitted.json();
  const trained = await waitForTask(apiB, `/api/v1/models/train/${task_id}/status`, 150_000);
  expect(trained.status, `${JSON.stringify(trained)}\n${trainer.log()}`).toBe("SUCCEEDED");
  const result = await (await apiB.get(`/api/v1/models/train/${task_id}/result`)).json();
  expect(trainer.log()).toContain(`task ${task_id} (train, attempt 1) started`);

  const predicted = await apiB.post("/v1/models", {
    data: { api_key: webA.apiKey, id: result.model_id, data: [{ plan: "basic", monthly_usage: 5, tenure_months: 1, region: "north" }] },
  });
  expect(predicted.status(), await predicted.text()).toBe(200);
  const [prediction] = (await predicted.json()).predictions;
  expect(["yes", "no"]).toContain(prediction.churned);
  expect(prediction["Probability churned is yes"] + prediction["Probability churned is no"]).toBeCloseTo(1, 5);

  const asked = await apiB.post("/api/v1/chat-explore/new", {
    data: { dataset_id: datasetId, messages: [{ role: "user", content: "How many customers per plan?" }] },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const answered = await waitForTask(apiA, `/api/v1/chat-explore/status/${(await asked.json()).task_id}`, 120_000);
  expect(answered.status, `${JSON.stringify(answered)}\n${chatter.log()}`).toBe("SUCCEEDED");
  const chat = await (await apiA.get(answered.metadata.location)).json();
  expect(chat.messages.length).toBeGreaterThan(0);
  expect(JSON.stringify(chat.messages)).toMatch(/basic|standard|premium/);

  // Nothing lives on any host's disk but its read cache: the worker read the rows from the bucket
  // (its DATA_DIR started empty) and the web process loaded the model from it.
  for (const dir of [webA.dataDir, webB.dataDir, trainer.dataDir, chatter.dataDir]) expect(storedLocally(dir)).toEqual([]);
  expect(fs.existsSync(path.join(trainer.dataDir, "cache"))).toBe(true);
  expect(fs.existsSync(path.join(webB.dataDir, "cache"))).toBe(true);

  // Deleting the model through one host: the other stops predicting with it (within the 5 s owner cache).
  expect((await apiA.delete(`/api/v1/models/${result.model_id}`)).status()).toBe(200);
  await expect
    .poll(async () => (await apiB.post("/v1/models", { data: { api_key: webA.apiKey, id: result.model_id, data: [{ plan: "basic" }] } })).status(), {
      timeout: 15_000,
    })
    .toBe(404);
});
