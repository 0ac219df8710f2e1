// Identical trainings (force: false) submitted at the same moment on a real PostgreSQL server, where
// the transactions really overlap (READ COMMITTED): they join one task instead of each queueing
// one. Needs TEST_DATABASE_URL (see postgres-claim).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUrl, createDatabase, databaseUrl, dropDatabase } from "./helpers/postgres-db";

describe.skipIf(!adminUrl)("PostgreSQL: identical trainings that race", () => {
  const database = `tabula_reuse_${process.pid}_${Date.now().toString(36)}`;
  let db: typeof import("../lib/db").db;
  let training: typeof import("../lib/services/training");
  let teamId: string;

  beforeAll(async () => {
    await createDatabase(database);
    process.env.DATABASE_URL = databaseUrl(adminUrl!, database, { connection_limit: "24" });
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-reuse-data-"));
    const { migrate } = await import("../scripts/migrate");
    await migrate();
    db = (await import("../lib/db")).db;
    training = await import("../lib/services/training");
    teamId = (await db.team.create({ data: { name: "reuse" }, select: { id: true } })).id;
  });

  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(database);
  });

  it("twelve identical requests at once: one training, every caller gets a task of its own", async () => {
    const datasets = await import("../lib/services/datasets");
    const { id } = await datasets.createDataset({ teamId, name: "race" });
    await datasets.appendRows({ teamId, datasetId: id, rows: Array.from({ length: 30 }, (_, i) => ({ x: i, y: i % 2 ? "a" : "b" })) });
    const request = { datasetId: id, predictFields: ["y"], ignoreFields: [], duration: 10, extraAttention: false, force: false, source: "api" as const };
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 12 }, () => training.submitTraining(teamId, { ...request, duration: [10, 60, 300][round] })));
      expect(new Set(answers.map((a) => a.taskId)).size).toBe(12);
      expect(answers.filter((a) => !a.joined)).toHaveLength(1);
    }
    expect(await db.task.count({ where: { teamId, kind: "train", NOT: { status: "JOINED" } } })).toBe(3);
  });

  it("cancels racing the training's completion: every caller who did not cancel gets the one model, nothing stays open", async () => {
    const queue = await import("../lib/jobs/queue");
    const key = (round: number) => ({ reuseKey: `race-${round}`, datasetId: "d" });
    for (let round = 0; round < 12; round++) {
      const leader = await queue.enqueueTask({ teamId, kind: "train", payload: key(round) });
      const followers = [];
      for (let i = 0; i < 3; i++) followers.push((await queue.enqueueJoinedTask({ teamId, kind: "train", payload: key(round) })).id);
      const worker = `w${round}`;
      await db.task.update({ where: { id: leader.id }, data: { status: "IN_PROGRESS", workerId: worker, startedAt: new Date(), heartbeatAt: new Date() } });
      let saves = 0;
      const [leaderCancelled, , followerCancelled] = await Promise.all([
        queue.cancelTask({ teamId, taskId: leader.id, kind: "train" }),
        queue
          .completeTaskWith({ taskId: leader.id, workerId: worker }, async () => {
            saves++;
            return { resultId: `model-${round}` };
          })
          .catch((error) => error),
        queue.cancelTask({ teamId, taskId: followers[1], kind: "train" }),
      ]);
      expect(saves).toBe(1); // the worker's training is never lost to a cancel that had followers
      const rows = await db.task.findMany({
        where: { id: { in: [leader.id, ...followers] } },
        select: { id: true, status: true, resultId: true, error: true },
      });
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const row of rows) expect(["SUCCEEDED", "FAILED"]).toContain(row.status);
      const cancelled = new Set([...(leaderCancelled ? [leader.id] : []), ...(followerCancelled ? [followers[1]] : [])]);
      for (const row of rows) {
        if (cancelled.has(row.id)) expect(row).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE });
        else expect(row).toMatchObject({ status: "SUCCEEDED", resultId: `model-${round}` });
      }
      expect(byId.get(followers[2])!.status).toBe("SUCCEEDED");
    }
  });
});
