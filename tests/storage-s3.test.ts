// The application with STORAGE_URL=s3://... against a real S3-protocol server (s3rver on loopback)
// and its real database: the routes store rows and artifacts as objects with manifests in the
// database; processes with their own DATA_DIR (hosts without a shared disk) append to one dataset
// at once; a process killed between upload and commit; the storage server going away and coming
// back (503 + Retry-After, nothing lost).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb, testDataDir } from "./setup-db";
import { startS3Server, type TestS3Server } from "../lib/store/testing/s3-server";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let s3: TestS3Server;
let key = "";
let legacyDatasets: Record<string, Handler>;
let rowsRoute: Record<string, Handler>;
let services: typeof import("../lib/services/storage");
let db: typeof import("../lib/db").db;
const children: ChildProcess[] = [];
const projectRoot = path.resolve(__dirname, "..");

beforeAll(async () => {
  s3 = await startS3Server();
  // Before anything reads the settings (lib/env caches them).
  Object.assign(process.env, s3.env("app"));
  await migrateTestDb();
  key = (await createTeamWithKey("s3")).secret;
  legacyDatasets = await import("../app/v1/datasets/route");
  rowsRoute = await import("../app/api/v1/datasets/[datasetId]/rows/route");
  services = await import("../lib/services/storage");
  db = (await import("../lib/db")).db;
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await s3?.dispose();
});

async function createDataset(name: string): Promise<string> {
  const created = await call(legacyDatasets.POST, "POST", `/v1/datasets?api_key=${key}&name=${name}`);
  expect(created.status).toBe(200);
  return created.json.dataset_id as string;
}

async function append(datasetId: string, rows: Record<string, unknown>[]) {
  return call(legacyDatasets.POST, "POST", "/v1/datasets", { body: { api_key: key, id: datasetId, rows } });
}

async function objectKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of services.storage().objects!.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** Another host: a process with its own empty DATA_DIR, the same database and bucket. */
function startHost(args: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-host-"));
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/s3-append-child.ts", ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(testDataDir, "app.db")}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += String(d)));
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const check = () => {
        if (pattern.test(stdout)) resolve();
        else if (child.exitCode !== null || Date.now() > deadline) reject(new Error(`no ${pattern} from the child: ${stderr}`));
        else setTimeout(check, 10);
      };
      check();
    });
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

describe("workers waiting out a storage outage (withStorageRetry)", () => {
  it("retries only 'unavailable', gives up at the deadline, and stops when the task is aborted", async () => {
    const { StoreError } = await import("../lib/store");
    const down = () => new StoreError("unavailable", "Dataset and model storage is unavailable right now (ECONNREFUSED).");
    let calls = 0;
    const waits: string[] = [];
    const value = await services.withStorageRetry(
      async () => {
        if (++calls < 3) throw down();
        return "stored";
      },
      { waitMs: 10_000, onWait: (e) => waits.push(e.code) },
    );
    expect(value).toBe("stored");
    expect(waits).toEqual(["unavailable", "unavailable"]);

    const other = new Error("a bug");
    await expect(services.withStorageRetry(async () => Promise.reject(other), { waitMs: 10_000 })).rejects.toBe(other);
    const started = Date.now();
    await expect(services.withStorageRetry(async () => Promise.reject(down()), { waitMs: 1_500 })).rejects.toMatchObject({ code: "unavailable" });
    expect(Date.now() - started).toBeLessThan(3_000);
    const aborted = new AbortController();
    aborted.abort();
    await expect(services.withStorageRetry(async () => Promise.reject(down()), { waitMs: 60_000, signal: aborted.signal })).rejects.toMatchObject({
      code: "unavailable",
    });
  });
});

describe("the application on object storage", () => {
  it("stores rows as segment objects with the manifest in the database, and serves them back", async () => {
    const id = await createDataset("objects");
    expect(
      (
        await append(id, [
          { a: 1, b: "x" },
          { a: 2, b: "y" },
        ])
      ).status,
    ).toBe(200);
    const keys = await objectKeys(`datasets/${id}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^datasets\/.+\/seg-\d+-[0-9a-f]+\.bin$/);
    const record = await db.storageRecord.findUnique({ where: { location_key: { location: `s3://${s3.bucket}/app`, key: `datasets/${id}` } } });
    expect(JSON.parse(record!.body).rowCount).toBe(2);
    const listed = await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${key}&id=${id}`);
    expect(listed.json.rows).toBe(2);
    const rows = await call(rowsRoute.GET, "GET", `/api/v1/datasets/${id}/rows`, { headers: { "x-api-key": key }, params: { datasetId: id } });
    expect(rows.status).toBe(200);
    expect(JSON.stringify(rows.json)).toContain('"y"');
    // Deleting the dataset removes its objects and its manifest.
    expect((await call(legacyDatasets.DELETE, "DELETE", `/v1/datasets?api_key=${key}&id=${id}`)).status).toBe(200);
    expect(await objectKeys(`datasets/${id}/`)).toEqual([]);
    expect(await db.storageRecord.count({ where: { key: `datasets/${id}` } })).toBe(0);
  });

  it("model artifacts are objects too: written, read back through the cache, deleted", async () => {
    const relative = await services.writeModelArtifact("m_test1", new Uint8Array([1, 2, 3, 4]));
    expect(relative).toBe("models/m_test1.model");
    expect(await objectKeys("models/")).toEqual(["models/m_test1.model"]);
    expect(Array.from(await services.readModelArtifact(relative))).toEqual([1, 2, 3, 4]);
    await services.deleteModelArtifact(relative);
    expect(await objectKeys("models/")).toEqual([]);
    await expect(services.readModelArtifact(relative)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("two processes with their own DATA_DIR append to one dataset at once: no batch lost, none doubled", async () => {
    const id = await createDataset("race");
    const a = startHost([id, "batches", "A", "12", "200"]);
    const b = startHost([id, "batches", "B", "12", "200"]);
    expect(await a.exited, a.output().stderr).toBe(0);
    expect(await b.exited, b.output().stderr).toBe(0);
    const { table } = await services.datasetStore().snapshot(id);
    expect(table.rowCount).toBe(2 * 12 * 200);
    const col = (name: string) => table.columns.find((c) => c.name === name)!;
    const { cellValue } = await import("../lib/table/values");
    const seen = new Set<string>();
    for (let r = 0; r < table.rowCount; r++) seen.add(`${cellValue(col("writer"), r)}/${cellValue(col("batch"), r)}/${cellValue(col("i"), r)}`);
    expect(seen.size).toBe(2 * 12 * 200);
  });

  it("a process killed between segment upload and manifest commit changes nothing; the sweep removes its segment", async () => {
    const id = await createDataset("crash");
    expect((await append(id, [{ writer: "ok", batch: 0, i: 0, label: "L0" }])).status).toBe(200);
    const before = await services.datasetStore().info(id);
    const host = startHost([id, "hang", "500"]);
    await host.waitFor(/segment-uploaded/);
    host.child.kill("SIGKILL");
    await host.exited;
    expect(await services.datasetStore().info(id)).toEqual(before);
    const keys = await objectKeys(`datasets/${id}/`);
    expect(keys).toHaveLength(2); // the committed segment and the orphan
    // Within the grace period the orphan stays (it could be an append in flight)...
    expect(await services.sweepStorage()).toMatchObject({ removed: 0 });
    // ...after it, the sweep removes it (s3rver's Last-Modified has whole seconds).
    await new Promise((r) => setTimeout(r, 2100));
    const report = await services.sweepStorage({ graceMs: 1000 });
    expect(report!.removed).toBeGreaterThanOrEqual(1);
    expect(await objectKeys(`datasets/${id}/`)).toHaveLength(1);
    expect((await services.datasetStore().read(id)).rowCount).toBe(1);
    expect((await append(id, [{ writer: "ok", batch: 1, i: 0, label: "L1" }])).status).toBe(200);
    expect((await services.datasetStore().info(id)).rowCount).toBe(2);
  });

  it("workers take turns sweeping: one sweep per STORAGE_SWEEP_MINUTES across hosts, through a lease in the database", async () => {
    const now = Date.now();
    await db.storageRecord.deleteMany({ where: { key: "sweep" } });
    expect(await services.sweepStorageIfDue(now)).toBeNull(); // the first call starts the clock
    expect(await services.sweepStorageIfDue(now + 30 * 60_000)).toBeNull(); // not due yet (60 minutes by default)
    const due = now + 61 * 60_000;
    const [first, second] = await Promise.all([services.sweepStorageIfDue(due), services.sweepStorageIfDue(due)]);
    expect([first, second].filter((r) => r !== null)).toHaveLength(1); // two workers asking at once: one sweeps
    expect(first ?? second).toMatchObject({ removed: expect.any(Number), live: expect.any(Number) });
    expect(await services.sweepStorageIfDue(due + 60_000)).toBeNull();
  });

  it("storage down: 503 with Retry-After in both API families, nothing changed, nothing lost; works again when it returns", async () => {
    const id = await createDataset("outage");
    expect((await append(id, [{ a: 1 }])).status).toBe(200);
    await s3.stop();
    try {
      const failed = await append(id, [{ a: 2 }]);
      expect(failed.status).toBe(503);
      expect(failed.headers.get("retry-after")).toBe("5");
      expect(failed.json.status).toBe("error");
      expect(failed.json.message).toMatch(/unavailable.*retry/i);
      // Metadata and the manifest live in the database: still answered.
      const info = await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${key}&id=${id}`);
      expect(info.status).toBe(200);
      expect(info.json.rows).toBe(1);
      // This host wrote the rows, so its cache serves them; without the cache: 503 on /api/v1 too.
      expect((await services.datasetStore().read(id)).rowCount).toBe(1);
      fs.rmSync(path.join(testDataDir, "cache"), { recursive: true, force: true });
      const rows = await call(rowsRoute.GET, "GET", `/api/v1/datasets/${id}/rows`, { headers: { "x-api-key": key }, params: { datasetId: id } });
      expect(rows.status).toBe(503);
      expect(rows.headers.get("retry-after")).toBe("5");
      expect(rows.json.detail).toMatch(/unavailable/);
    } finally {
      await s3.restart();
    }
    expect((await append(id, [{ a: 2 }])).status).toBe(200);
    const rows = await services.datasetStore().readRows(id);
    expect(rows).toEqual([{ a: 1 }, { a: 2 }]);
  });
});
