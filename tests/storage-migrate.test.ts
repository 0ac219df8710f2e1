// `npm run storage:migrate`: files -> object storage -> files, interrupted and resumed, repeated
// (idempotent), and never overwriting a target copy that is newer than the source. Against s3rver
// and the real database (the object side keeps its manifests there).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTestDb, testDataDir } from "./setup-db";
import { startS3Server, type TestS3Server } from "../lib/store/testing/s3-server";
import type { Storage } from "../lib/store";

let s3: TestS3Server;
let files: Storage;
let objects: Storage;
let migrateStorage: typeof import("../lib/store/migrate").migrateStorage;
let open: typeof import("../lib/services/storage").openConfiguredStorage;

/** The command in a child process; asynchronously, since this process serves the S3 requests. */
function runCommand(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/storage.ts", ...args], {
    cwd: path.resolve(__dirname, ".."),
    env: { ...process.env, DATA_DIR: testDataDir, DATABASE_URL: "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += String(d)));
  child.stderr.on("data", (d) => (stderr += String(d)));
  return new Promise((resolve) => child.on("exit", (status) => resolve({ status, stdout, stderr })));
}

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, { ...s3.env("migrated"), STORAGE_URL: "" });
  await migrateTestDb();
  open = (await import("../lib/services/storage")).openConfiguredStorage;
  migrateStorage = (await import("../lib/store/migrate")).migrateStorage;
  files = open(undefined, "");
  objects = open(undefined, `s3://${s3.bucket}/migrated`);
});

afterAll(async () => {
  await s3?.dispose();
});

async function contents(storage: Storage, id: string) {
  const info = await storage.datasets.info(id);
  return { version: info.version, rowCount: info.rowCount, fields: info.fields, rows: await storage.datasets.readRows(id, { limit: 100_000 }) };
}

describe("storage:migrate", () => {
  const ids = ["ds_small", "ds_compacted", "ds_typed"];

  it("copies files to object storage, resumes after an interruption, and a repeat copies nothing", async () => {
    await files.datasets.create("ds_small");
    await files.datasets.append("ds_small", [
      { a: 1, b: "x" },
      { a: 2, b: "y" },
    ]);
    await files.datasets.create("ds_compacted");
    for (let k = 0; k < 11; k++)
      await files.datasets.append(
        "ds_compacted",
        Array.from({ length: 30 }, (_, i) => ({ k, i, t: `v${i % 4}` })),
      );
    await files.datasets.create("ds_typed");
    await files.datasets.append("ds_typed", [
      { zip: "02134", n: "7" },
      { zip: "10001", n: "8" },
    ]);
    await files.datasets.setFieldTypes("ds_typed", [{ name: "n", type: "category" }]);
    await files.artifacts.write("models/m1.model", new Uint8Array([1, 2, 3]));
    await files.artifacts.write("models/m2.model", new Uint8Array(50_000).fill(7));

    let copied = 0;
    const interrupted = await migrateStorage(files, objects, {
      afterSegment: async () => {
        if (++copied === 3) throw new Error("interrupted");
      },
    }).catch((e: Error) => e);
    expect(interrupted).toBeInstanceOf(Error);
    // A dataset is in the target whole or not at all: its manifest is installed last.
    const present = await objects.backend.list();
    for (const id of present) expect(await contents(objects, id)).toEqual(await contents(files, id));

    const resumed = await migrateStorage(files, objects);
    expect(resumed.datasets).toBe(3);
    expect(resumed.segmentsSkipped).toBeGreaterThanOrEqual(3);
    expect(resumed.artifactsCopied).toBe(2);
    for (const id of ids) expect(await contents(objects, id)).toEqual(await contents(files, id));
    expect(Array.from(await objects.artifacts.read("models/m2.model"))).toEqual(Array.from(await files.artifacts.read("models/m2.model")));

    const again = await migrateStorage(files, objects);
    expect(again).toMatchObject({ datasetsCopied: 0, segmentsCopied: 0, artifactsCopied: 0, artifactsSkipped: 2 });
  });

  it("moves back to files after the application wrote to object storage, but never overwrites a newer target", async () => {
    await objects.datasets.append("ds_small", [{ a: 3, b: "z" }]);
    const back = await migrateStorage(objects, files);
    expect(back.datasetsCopied).toBe(1);
    expect(await contents(files, "ds_small")).toEqual(await contents(objects, "ds_small"));
    expect((await files.datasets.readRows("ds_small")).map((r) => r.b)).toEqual(["x", "y", "z"]);

    // Now the files copy moves on; migrating the (older) objects into it again must not undo that.
    await files.datasets.append("ds_small", [{ a: 4, b: "w" }]);
    const refused = await migrateStorage(objects, files);
    expect(refused.datasetsKept).toEqual(["ds_small"]);
    expect((await files.datasets.info("ds_small")).rowCount).toBe(4);
  });

  it("the npm command runs the same migration with the application's settings", async () => {
    const result = await runCommand(["migrate", "--to", `s3://${s3.bucket}/by-command`]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Done: 3 dataset(s) (3 installed");
    expect(result.stdout).toContain(`Next: set STORAGE_URL=s3://${s3.bucket}/by-command`);
    const target = open(undefined, `s3://${s3.bucket}/by-command`);
    for (const id of ids) expect(await contents(target, id)).toEqual(await contents(files, id));
    const bad = await runCommand(["migrate", "--to", "ftp://nope"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("STORAGE_URL must be empty (files under DATA_DIR) or s3://bucket/prefix");
  });
});
