// Task claiming on a real PostgreSQL server: many claimers race for N tasks through a connection pool
// and each task is claimed exactly once; a claimer skips a row another transaction holds locked (FOR
// UPDATE SKIP LOCKED) instead of queueing behind it; the orphan reaper works on PostgreSQL timestamps. Needs TEST_DATABASE_URL (a role that
// may CREATE DATABASE; scripts/start-postgres.sh starts a throwaway server, `npm test` does it for you).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { adminUrl, createDatabase, databaseUrl, dropDatabase } from "./helpers/postgres-db";

const inCi = process.env.CI === "true";
const CLAIMERS = 16;
const TASKS = 40;

if (!adminUrl) {
  if (inCi) {
    it("PostgreSQL is available in CI", () => {
      throw new Error("TEST_DATABASE_URL is not set: CI must run the PostgreSQL tests (scripts/test-all.sh starts a server).");
    });
  } else {
    console.warn('Skipping PostgreSQL claim tests: TEST_DATABASE_URL is not set (eval "$(bash scripts/start-postgres.sh)" starts a throwaway server).');
  }
}

describe.skipIf(!adminUrl)("PostgreSQL task queue", () => {
  const database = `tabula_claim_${process.pid}_${Date.now().toString(36)}`;
  let queue: typeof import("../lib/jobs/queue");
  let db: typeof import("../lib/db").db;
  let teamId: string;
  let dataDir: string | undefined;

  beforeAll(async () => {
    await createDatabase(database);
    // Enough connections that every claimer really runs concurrently on the server.
    process.env.DATABASE_URL = databaseUrl(adminUrl!, database, { connection_limit: String(CLAIMERS + 4) });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-claim-data-"));
    process.env.DATA_DIR = dataDir;
    const { migrate } = await import("../scripts/migrate");
    await migrate();
    queue = await import("../lib/jobs/queue");
    db = (await import("../lib/db")).db;
    teamId = (await db.team.create({ data: { name: "race" }, select: { id: true } })).id;
  });

  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(database);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("uses the PostgreSQL client and the migrated schema", async () => {
    const { isPostgres } = await import("../lib/env");
    expect(isPostgres()).toBe(true);
    const rows = await db.$queryRaw<{ name: string }[]>`SELECT "migration_name" AS name FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL`;
    expect(rows.map((r) => r.name)).toContain("0001_init");
  });

  it(`${CLAIMERS} concurrent claimers take ${TASKS} tasks: each exactly once`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i++) ids.push((await queue.enqueueTask({ teamId, kind: "train", payload: { i } })).id);
    // A chat task must never go to a train-only claimer.
    const chat = await queue.enqueueTask({ teamId, kind: "chat", payload: {} });

    // Open a connection for every claimer first, so that all of them really claim at once. (Opening
    // them during the race made a claimer whose connection came late under load find the queue
    // already emptied by the others on its first try, which the test then took for a lost race.)
    await Promise.all(Array.from({ length: CLAIMERS }, () => db.$queryRaw`SELECT 1 AS "ok" FROM pg_sleep(0.05)`));

    const claimed = new Map<string, string[]>();
    const emptyButPending: number[] = [];
    const start = new Promise((r) => setTimeout(r, 20)); // release all claimers together
    await Promise.all(
      Array.from({ length: CLAIMERS }, async (_, c) => {
        const workerId = `claimer-${c}`;
        await start;
        for (;;) {
          const task = await queue.claimTask(workerId, ["train"], { maxRunningPerTeam: 0 });
          if (!task) {
            // Pending tasks only decrease during the race: any still pending now were pending when
            // this claim found none, i.e. it lost a race and saw a queue that was not empty.
            const pending = await db.task.count({ where: { id: { in: ids }, status: "PENDING" } });
            if (pending > 0) emptyButPending.push(pending);
            return;
          }
          claimed.set(task.id, [...(claimed.get(task.id) ?? []), workerId]);
        }
      }),
    );

    expect([...claimed.keys()].sort()).toEqual([...ids].sort());
    for (const [id, workers] of claimed) expect(workers, `task ${id}`).toHaveLength(1);
    // Nobody may lose a race and see an empty queue while tasks are pending.
    expect(emptyButPending).toEqual([]);

    const rows = await db.task.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, workerId: true, attempts: true, startedAt: true } });
    for (const row of rows) {
      expect(row.status).toBe("IN_PROGRESS");
      expect(row.workerId).toBe(claimed.get(row.id)![0]);
      expect(row.attempts).toBe(1);
      expect(row.startedAt).toBeInstanceOf(Date);
    }
    expect((await db.task.findUnique({ where: { id: chat.id }, select: { status: true } }))?.status).toBe("PENDING");
    expect((await queue.claimTask("chat-worker", ["chat"]))?.id).toBe(chat.id);
  });

  it("skips a task another transaction holds locked instead of waiting for it", async () => {
    await db.task.deleteMany({});
    const held = await queue.enqueueTask({ teamId, kind: "train", payload: { n: "held" } });
    await new Promise((r) => setTimeout(r, 5));
    const free = await queue.enqueueTask({ teamId, kind: "train", payload: { n: "free" } });
    const other = new pg.Client({ connectionString: databaseUrl(adminUrl!, database) });
    await other.connect();
    try {
      // Another claimer in the middle of its statement: the oldest row is locked.
      await other.query("BEGIN");
      await other.query(`SELECT "id" FROM "Task" WHERE "id" = $1 FOR UPDATE`, [held.id]);
      const claim = queue.claimTask("skipper", ["train"]);
      // A claim that waits for the lock never ends before the ROLLBACK below: 10 s only bounds a slow machine.
      const timeout = new Promise<"blocked">((r) => setTimeout(() => r("blocked"), 10_000));
      const result = await Promise.race([claim, timeout]);
      expect(result === "blocked" ? "blocked" : result?.id).toBe(free.id);
    } finally {
      await other.query("ROLLBACK");
      await other.end();
    }
    expect((await db.task.findUnique({ where: { id: held.id }, select: { status: true } }))?.status).toBe("PENDING");
  });

  it("claims oldest first, and a task with a dead worker is requeued once, then failed", async () => {
    await db.task.deleteMany({}); // the race's tasks would otherwise be reaped and claimed first
    const older = await queue.enqueueTask({ teamId, kind: "train", payload: { n: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await queue.enqueueTask({ teamId, kind: "train", payload: { n: 2 } });
    const first = await queue.claimTask("w1", ["train"]);
    expect(first?.id).toBe(older.id);
    expect(first?.payload).toBe(JSON.stringify({ n: 1 }));

    // Heartbeats keep it; the reaper only takes tasks silent for longer than STALE_AFTER_MS.
    expect(await queue.heartbeat({ taskId: older.id, workerId: "w1", progress: 0.5, estimateSeconds: 3.5 })).toBe(true);
    const later = Date.now() + queue.STALE_AFTER_MS + 1_000;
    expect((await queue.reapOrphanedTasks(Date.now())).requeued).toBe(0);
    const firstReap = await queue.reapOrphanedTasks(later);
    expect(firstReap.requeued).toBeGreaterThanOrEqual(1);
    const requeued = await db.task.findUnique({ where: { id: older.id }, select: { status: true, workerId: true, progress: true } });
    expect(requeued).toMatchObject({ status: "PENDING", workerId: null, progress: 0.5 });
    expect(await queue.heartbeat({ taskId: older.id, workerId: "w1" })).toBe(false);

    const again = await queue.claimTask("w2", ["train"]);
    expect(again?.id).toBe(older.id);
    expect(again?.attempts).toBe(2);
    await queue.reapOrphanedTasks(Date.now() + 2 * (queue.STALE_AFTER_MS + 1_000));
    const failed = await db.task.findUnique({ where: { id: older.id }, select: { status: true, error: true, finishedAt: true } });
    expect(failed?.status).toBe("FAILED");
    expect(failed?.error).toMatch(/stopped unexpectedly/);
    expect(failed?.finishedAt).toBeInstanceOf(Date);

    const next = await queue.claimTask("w3", ["train"]);
    expect(next?.id).toBe(newer.id);
    await queue.completeTask({ taskId: newer.id, workerId: "w3", resultId: "model-1" });
    expect(await db.task.findUnique({ where: { id: newer.id }, select: { status: true, resultId: true, progress: true } })).toEqual({
      status: "SUCCEEDED",
      resultId: "model-1",
      progress: 1,
    });
  });

  it("the per-team limit holds under concurrent claims, and teams are served round-robin", async () => {
    await db.task.deleteMany({});
    const other = (await db.team.create({ data: { name: "quiet" }, select: { id: true } })).id;
    const burst: string[] = [];
    for (let i = 0; i < 6; i++) burst.push((await queue.enqueueTask({ teamId, kind: "train", payload: { i } })).id);
    const quiet = (await queue.enqueueTask({ teamId: other, kind: "train", payload: {} })).id;
    // Eight workers at once: the burst's team gets 2 (the limit), the other team its 1 task.
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => queue.claimTask(`pw${i}`, ["train"], { maxRunningPerTeam: 2 })));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed).toHaveLength(3);
    expect(claimed).toContain(quiet);
    expect(claimed.filter((id) => burst.includes(id))).toHaveLength(2);
    expect(await db.task.count({ where: { teamId, status: "IN_PROGRESS" } })).toBe(2);
  });
});
