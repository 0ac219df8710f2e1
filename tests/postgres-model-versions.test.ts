// The saving transactions of models and versions on a real PostgreSQL server, where transactions
// really run at the same time (READ COMMITTED, row locks): a cancel racing a completion, many
// retrains saving at once, and a delete racing them. Needs TEST_DATABASE_URL (see postgres-claim).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUrl, createDatabase, databaseUrl, dropDatabase } from "./helpers/postgres-db";

describe.skipIf(!adminUrl)("PostgreSQL: saving models and versions under races", () => {
  const database = `tabula_versions_${process.pid}_${Date.now().toString(36)}`;
  let queue: typeof import("../lib/jobs/queue");
  let versions: typeof import("../lib/services/model-versions");
  let models: typeof import("../lib/services/models");
  let db: typeof import("../lib/db").db;
  let teamId: string;

  const outcome = (n: number) => ({
    result: { stats: [], field_importance: {}, data_story: [] },
    report: { version: 1 as const, budgetSeconds: n, secondsSpent: 0, threads: 1, fields: [] },
  });
  const payload = {
    datasetId: "d",
    predictFields: ["y"],
    ignoreFields: [],
    duration: 10,
    extraAttention: false,
    source: "api" as const,
    reuseKey: "k",
    datasetVersion: "v",
  };

  async function runningTask(worker: string) {
    const { id } = await queue.enqueueTask({ teamId, kind: "train", payload });
    // Many tasks of one team run at once here on purpose; the per-team fairness cap is not under test.
    const claimed = await queue.claimTask(worker, ["train"], { maxRunningPerTeam: 1_000 });
    expect(claimed?.id).toBe(id);
    return id;
  }

  async function newModel(worker: string) {
    const taskId = await runningTask(worker);
    return queue.completeTaskWith({ taskId, workerId: worker }, (tx) =>
      versions.saveNewModel(tx, {
        taskId,
        versionId: versions.newVersionId(),
        artifactPath: `models/${taskId}.model`,
        datasetVersion: "v",
        outcome: outcome(1),
        teamId,
        dataset: { id: "d", name: "ds" },
        payload,
      }),
    );
  }

  beforeAll(async () => {
    await createDatabase(database);
    process.env.DATABASE_URL = databaseUrl(adminUrl!, database, { connection_limit: "24" });
    process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-versions-data-"));
    const { migrate } = await import("../scripts/migrate");
    await migrate();
    queue = await import("../lib/jobs/queue");
    versions = await import("../lib/services/model-versions");
    models = await import("../lib/services/models");
    db = (await import("../lib/db")).db;
    teamId = (await db.team.create({ data: { name: "versions" }, select: { id: true } })).id;
  });

  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(database);
  });

  it("a cancel racing a completion: exactly one wins, and a cancelled task never has a model", async () => {
    let saved = 0;
    let cancelled = 0;
    for (let round = 0; round < 25; round++) {
      const taskId = await runningTask(`w${round}`);
      const [save, cancel] = await Promise.allSettled([
        queue.completeTaskWith({ taskId, workerId: `w${round}` }, (tx) =>
          versions.saveNewModel(tx, {
            taskId,
            versionId: versions.newVersionId(),
            artifactPath: `models/r${round}.model`,
            datasetVersion: "v",
            outcome: outcome(1),
            teamId,
            dataset: { id: "d", name: "ds" },
            payload,
          }),
        ),
        queue.cancelTask({ teamId, taskId, kind: "train" }),
      ]);
      const task = (await db.task.findUnique({ where: { id: taskId } }))!;
      const modelsOfTask = await db.modelVersion.count({ where: { taskId } });
      if (cancel.status === "fulfilled" && cancel.value) {
        cancelled++;
        expect(save.status).toBe("rejected");
        expect(task.status).toBe("FAILED");
        expect(modelsOfTask).toBe(0);
      } else {
        saved++;
        expect(save.status).toBe("fulfilled");
        expect(task.status).toBe("SUCCEEDED");
        expect(modelsOfTask).toBe(1);
        expect(task.resultId).toBe((save as PromiseFulfilledResult<{ resultId: string }>).value.resultId);
      }
    }
    expect(saved + cancelled).toBe(25);
    expect(await db.model.count({ where: { teamId } })).toBe(saved);
  });

  it("many retrains saving at once get distinct numbers; the model mirrors its active version", async () => {
    const { resultId: modelId } = await newModel("first");
    const tasks: string[] = [];
    for (let i = 0; i < 12; i++) tasks.push(await runningTask(`r${i}`));
    const saved = await Promise.all(
      tasks.map((taskId, i) =>
        queue.completeTaskWith({ taskId, workerId: `r${i}` }, (tx) =>
          versions.saveRetrainedVersion(tx, {
            taskId,
            versionId: versions.newVersionId(),
            artifactPath: `models/v${i}.model`,
            datasetVersion: "v",
            outcome: outcome(i + 2),
            teamId,
            modelId,
            reuseKey: "k",
            activate: true,
          }),
        ),
      ),
    );
    expect(saved.map((s) => s.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const model = (await db.model.findUnique({ where: { id: modelId } }))!;
    expect(model.versionCount).toBe(13);
    const active = (await db.modelVersion.findUnique({ where: { modelId_number: { modelId, number: model.activeVersion } } }))!;
    expect(model.artifactPath).toBe(active.artifactPath);
    expect(model.report).toBe(active.report);
    // Activations racing each other also leave a consistent mirror.
    await Promise.all([3, 7, 5, 9, 2].map((version) => versions.activateModelVersion({ teamId, modelId, version })));
    const after = (await db.model.findUnique({ where: { id: modelId } }))!;
    const mirrored = (await db.modelVersion.findUnique({ where: { modelId_number: { modelId, number: after.activeVersion } } }))!;
    expect(after.artifactPath).toBe(mirrored.artifactPath);
  });

  it("a delete racing retrain saves leaves no version of the deleted model", async () => {
    const { resultId: modelId } = await newModel("to-delete");
    const tasks: string[] = [];
    for (let i = 0; i < 6; i++) tasks.push(await runningTask(`d${i}`));
    const results = await Promise.allSettled([
      ...tasks.map((taskId, i) =>
        queue.completeTaskWith({ taskId, workerId: `d${i}` }, (tx) =>
          versions.saveRetrainedVersion(tx, {
            taskId,
            versionId: versions.newVersionId(),
            artifactPath: `models/d${i}.model`,
            datasetVersion: "v",
            outcome: outcome(1),
            teamId,
            modelId,
            reuseKey: "k",
            activate: true,
          }),
        ),
      ),
      models.deleteModel({ teamId, modelId }),
    ]);
    expect(results[results.length - 1].status).toBe("fulfilled");
    expect(await db.model.count({ where: { id: modelId } })).toBe(0);
    expect(await db.modelVersion.count({ where: { modelId } })).toBe(0);
    // Saves that lost the race failed with the reason, and their tasks did not succeed.
    for (const [i, r] of results.slice(0, -1).entries()) {
      const task = (await db.task.findUnique({ where: { id: tasks[i] } }))!;
      if (r.status === "rejected") {
        expect(String(r.reason)).toMatch(/deleted while it was being retrained/);
        expect(task.status).toBe("IN_PROGRESS"); // the worker then fails it with that message
      } else expect(task.status).toBe("SUCCEEDED");
    }
  });
});
