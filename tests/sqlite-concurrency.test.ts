// Several processes share one SQLite file (web, training workers, chat workers). While another
// process holds the write lock, this process's writes and transactions must wait for it, not fail,
// and a transaction must never be left holding the lock afterwards.
import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTeamWithKey, migrateTestDb, testDataDir } from "./setup-db";

const dbFile = path.join(testDataDir, "app.db");

function holdLock(ms: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/hold-write-lock.ts", dbFile, String(ms)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => out.includes("locked") && resolve());
    child.on("exit", (code) => (out.includes("locked") ? resolve() : reject(new Error(`lock holder exited ${code}: ${err}`))));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { locked, exited, output: () => out + err };
}

let teamId = "";

beforeAll(async () => {
  await migrateTestDb();
  teamId = (await createTeamWithKey("concurrency")).teamId;
});

describe("SQLite shared by several processes", () => {
  it("writes, transactions and task claims wait for another process's write lock", async () => {
    const { db } = await import("../lib/db");
    const queue = await import("../lib/jobs/queue");
    await queue.enqueueTask({ teamId, kind: "train", payload: {} });
    const holder = holdLock(1500);
    await holder.locked;
    const started = Date.now();
    const [dataset, claimed, count] = await Promise.all([
      db.$transaction(async (tx) => tx.dataset.create({ data: { teamId, name: "during lock" }, select: { id: true } })),
      queue.claimTask("w1", ["train"]),
      db.task.updateMany({ where: { teamId }, data: { message: "touched" } }),
    ]);
    expect(Date.now() - started).toBeGreaterThan(500); // they really waited
    expect(dataset.id).toBeTruthy();
    expect(claimed).not.toBeNull();
    expect(count.count).toBeGreaterThan(0);
    expect(await holder.exited).toBe(0);
  });

  it("leaves no lock behind: another process can write at once afterwards", async () => {
    const { db } = await import("../lib/db");
    for (let i = 0; i < 5; i++) {
      await db.$transaction(async (tx) => tx.project.create({ data: { teamId, name: `p${i}` } }));
    }
    const probe = holdLock(10, { BUSY_TIMEOUT: "0" });
    await probe.locked;
    expect(await probe.exited, probe.output()).toBe(0);
  });
});
