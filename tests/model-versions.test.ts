// Keeping models current, on a real SQLite database with real (short) trainings run in-process the
// way a worker runs them: the cancel race, versions and retrains (also two at once, and a delete
// racing a retrain), decision thresholds in predictions, and read-only report links.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb, testDataDir } from "./setup-db";

let db: typeof import("../lib/db").db;
let queue: typeof import("../lib/jobs/queue");
let datasets: typeof import("../lib/services/datasets");
let training: typeof import("../lib/services/training");
let runner: typeof import("../lib/services/run-training");
let models: typeof import("../lib/services/models");
let versions: typeof import("../lib/services/model-versions");
let settings: typeof import("../lib/services/model-settings");
let shares: typeof import("../lib/services/report-shares");
let team: { teamId: string; secret: string };
let other: { teamId: string; secret: string };

function churn(n: number, seed: number) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => {
    const usage = Math.round(rand() * 100);
    const plan = ["basic", "standard", "premium"][Math.floor(rand() * 3)];
    const risk = (plan === "basic" ? 0.55 : 0.15) + (usage < 30 ? 0.3 : 0);
    return { id: `c${seed}-${i}`, plan, usage, spend: Math.round(rand() * 500), churned: rand() < risk ? "yes" : "no" };
  });
}

async function newDataset(name: string, rows: Record<string, unknown>[]) {
  const dataset = await datasets.createDataset({ teamId: team.teamId, name });
  await datasets.appendRows({ teamId: team.teamId, datasetId: dataset.id, rows: rows as never });
  return dataset.id;
}

function context(workerId: string) {
  return { workerId, signal: new AbortController().signal, progress: () => undefined };
}

/** Claims the oldest queued training as `workerId` and starts it; `finish` completes it like the worker loop. */
async function startQueued(workerId: string) {
  const task = await queue.claimTask(workerId, ["train"]);
  if (!task) throw new Error("nothing queued");
  const payload = training.trainTaskPayloadSchema.parse(JSON.parse(task.payload));
  const running = runner.runTrainingTask(task, payload, context(workerId));
  const finish = async () => {
    const resultId = await running;
    await queue.completeTask({ taskId: task.id, workerId, resultId });
    return { taskId: task.id, resultId };
  };
  return { task, running, finish };
}

async function train(datasetId: string, predictField = "churned") {
  const { taskId } = await training.submitTraining(team.teamId, {
    datasetId,
    predictFields: [predictField],
    ignoreFields: ["id"],
    duration: 1,
    extraAttention: false,
    force: true,
    source: "api",
  });
  const run = await startQueued("w-train");
  expect(run.task.id).toBe(taskId);
  return run.finish();
}

function artifactFiles(): string[] {
  const dir = path.join(testDataDir, "models");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

beforeAll(async () => {
  await migrateTestDb();
  db = (await import("../lib/db")).db;
  queue = await import("../lib/jobs/queue");
  datasets = await import("../lib/services/datasets");
  training = await import("../lib/services/training");
  runner = await import("../lib/services/run-training");
  models = await import("../lib/services/models");
  versions = await import("../lib/services/model-versions");
  settings = await import("../lib/services/model-settings");
  shares = await import("../lib/services/report-shares");
  team = await createTeamWithKey("versions");
  other = await createTeamWithKey("someone else");
});

describe("a training's dataset deleted, or its task cancelled with a joined caller, while it trains", () => {
  it("the dataset deleted mid-training: nothing is saved and the task fails saying why (as before the start)", async () => {
    const datasetId = await newDataset("deleted mid-training", churn(300, 7));
    const before = { models: await db.model.count({ where: { teamId: team.teamId } }), files: artifactFiles().length };
    await training.submitTraining(team.teamId, {
      datasetId,
      predictFields: ["churned"],
      ignoreFields: [],
      duration: 1,
      extraAttention: false,
      force: true,
      source: "api",
    });
    const task = (await queue.claimTask("w-deleted", ["train"]))!;
    const payload = training.trainTaskPayloadSchema.parse(JSON.parse(task.payload));
    // The engine reports progress once the rows are loaded: the dataset is deleted from then on.
    let deleted: Promise<void> | null = null;
    const running = runner.runTrainingTask(task, payload, {
      ...context("w-deleted"),
      progress: () => {
        deleted ??= datasets.deleteDataset({ teamId: team.teamId, datasetId });
      },
    });
    const error = await running.catch((e: unknown) => e);
    expect(String(error)).toMatch(/was deleted while the model trained on it/);
    expect(deleted).not.toBeNull();
    await queue.failTask({ taskId: task.id, workerId: "w-deleted", error: (error as Error).message }); // as the worker loop does
    expect(await db.model.count({ where: { teamId: team.teamId } })).toBe(before.models);
    expect(artifactFiles()).toHaveLength(before.files);
  });

  it("the first caller cancels a running training that another caller joined: it is saved under the joined task", async () => {
    const datasetId = await newDataset("joined then cancelled", churn(300, 8));
    const request = { datasetId, predictFields: ["churned"], ignoreFields: [], duration: 1, extraAttention: false, force: false, source: "api" as const };
    const first = await training.submitTraining(team.teamId, request);
    const second = await training.submitTraining(team.teamId, request);
    expect(second.joined).toBe(true);
    const run = await startQueued("w-joined");
    expect(run.task.id).toBe(first.taskId);
    expect(await queue.cancelTask({ teamId: team.teamId, taskId: first.taskId, kind: "train" })).toBe(true);
    const modelId = await run.running;
    const version = await db.modelVersion.findFirst({ where: { modelId }, select: { taskId: true } });
    expect(version?.taskId).toBe(second.taskId);
    expect((await models.getTrainingResult({ teamId: team.teamId, taskId: second.taskId })).model_id).toBe(modelId);
    const cancelled = (await db.task.findUnique({ where: { id: first.taskId } }))!;
    expect(cancelled).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE, resultId: null });
  });
});

describe("cancelling a training right after it starts", () => {
  it("leaves no model behind: the save checks the task is still live in the same transaction", async () => {
    const datasetId = await newDataset("cancel race", churn(300, 1));
    const before = { models: await db.model.count({ where: { teamId: team.teamId } }), files: artifactFiles().length };
    const { taskId } = await training.submitTraining(team.teamId, {
      datasetId,
      predictFields: ["churned"],
      ignoreFields: [],
      duration: 1,
      extraAttention: false,
      force: true,
      source: "api",
    });
    // The worker has claimed the task; the cancel arrives before its first heartbeat, so the
    // training itself never hears of it and runs to the end (the race of the issue).
    const run = await startQueued("w-cancel");
    expect(await queue.cancelTask({ teamId: team.teamId, taskId, kind: "train" })).toBe(true);
    await expect(run.running).rejects.toBeInstanceOf(queue.TaskNoLongerOwnedError);
    expect(await db.model.count({ where: { teamId: team.teamId } })).toBe(before.models);
    expect(artifactFiles()).toHaveLength(before.files);
    const task = (await db.task.findUnique({ where: { id: taskId } }))!;
    expect(task.status).toBe("FAILED");
    expect(task.error).toBe(queue.CANCELLED_MESSAGE);
    expect(task.resultId).toBeNull();
    expect((await models.listModels(team.teamId)).length).toBe(before.models);
  });

  it("a cancel after the save finds the task finished, and the model stays", async () => {
    const datasetId = await newDataset("late cancel", churn(200, 2));
    const { taskId, resultId } = await train(datasetId);
    expect(await queue.cancelTask({ teamId: team.teamId, taskId, kind: "train" })).toBe(false);
    expect((await db.task.findUnique({ where: { id: taskId } }))!.status).toBe("SUCCEEDED");
    expect(await db.model.findUnique({ where: { id: resultId } })).not.toBeNull();
  });
});

describe("versions and retraining", () => {
  let datasetId = "";
  let modelId = "";
  let firstTask = "";
  const probe = [
    { plan: "basic", usage: 10, spend: 100 },
    { plan: "premium", usage: 90, spend: 20 },
    { plan: "standard", usage: 40, spend: 300 },
  ];
  let v1Predictions = "";

  it("the first training is version 1; a retrain on the current rows is version 2 and becomes active", async () => {
    datasetId = await newDataset("growing", churn(300, 3));
    ({ taskId: firstTask, resultId: modelId } = await train(datasetId));
    const v1 = await versions.listModelVersions({ teamId: team.teamId, modelId });
    expect(v1.active_version).toBe(1);
    expect(v1.versions.map((v) => [v.version, v.active, v.task_id])).toEqual([[1, true, firstTask]]);
    v1Predictions = await models.predictRowsJson({ teamId: team.teamId, modelId, rows: probe, factors: false });

    await datasets.appendRows({ teamId: team.teamId, datasetId, rows: churn(200, 4) as never });
    const { taskId } = await versions.retrainModel({ teamId: team.teamId, modelId, activate: true });
    const run = await startQueued("w-retrain");
    const done = await run.finish();
    expect(done.resultId).toBe(modelId); // model_id stays
    const list = await versions.listModelVersions({ teamId: team.teamId, modelId });
    expect(list.active_version).toBe(2);
    expect(list.versions.map((v) => [v.version, v.active])).toEqual([
      [2, true],
      [1, false],
    ]);
    // Holdout metrics side by side: version 2 saw 500 rows, version 1 saw 300.
    expect(list.versions[0].fields[0]).toMatchObject({ field: "churned", task: "binary", rows_with_target: 500, holdout_rows: 100 });
    expect(list.versions[1].fields[0]).toMatchObject({ rows_with_target: 300, holdout_rows: 60 });
    expect(typeof list.versions[0].fields[0].metrics.auc).toBe("number");
    // Each task's result is its own version's; the model's details show the active one.
    const r1 = await models.getTrainingResult({ teamId: team.teamId, taskId: firstTask });
    const r2 = await models.getTrainingResult({ teamId: team.teamId, taskId });
    expect(r1.model_id).toBe(modelId);
    expect(r2.model_id).toBe(modelId);
    const count = (r: Record<string, unknown>) => (r.stats as { count: number }[][])[0].reduce((s, c) => s + c.count, 0);
    expect(count(r1)).toBe(60);
    expect(count(r2)).toBe(100);
    const details = await models.getModelDetails({ teamId: team.teamId, modelId });
    expect(details.active_version).toBe(2);
    expect(count(details.result)).toBe(100);
    // /v1/models still lists one model.
    expect((await models.listModels(team.teamId)).filter((m) => m.id === modelId)).toHaveLength(1);
  });

  it("activating version 1 serves its artifact again, exactly; deleting the active version is refused", async () => {
    await versions.activateModelVersion({ teamId: team.teamId, modelId, version: 1 });
    expect(await models.predictRowsJson({ teamId: team.teamId, modelId, rows: probe, factors: false })).toBe(v1Predictions);
    await expect(versions.deleteModelVersion({ teamId: team.teamId, modelId, version: 1 })).rejects.toMatchObject({ code: "conflict" });
    await expect(versions.activateModelVersion({ teamId: team.teamId, modelId, version: 9 })).rejects.toMatchObject({ code: "not_found" });
    await expect(versions.activateModelVersion({ teamId: other.teamId, modelId, version: 2 })).rejects.toMatchObject({ code: "not_found" });
    await versions.activateModelVersion({ teamId: team.teamId, modelId, version: 2 });
  });

  it("predictions while the active version changes each come whole from one version", async () => {
    const v2Predictions = await models.predictRowsJson({ teamId: team.teamId, modelId, rows: probe, factors: false });
    const switching = (async () => {
      for (const version of [1, 2, 1, 2]) {
        await versions.activateModelVersion({ teamId: team.teamId, modelId, version });
        await new Promise((r) => setTimeout(r, 3));
      }
      return null;
    })();
    const predictions = Array.from({ length: 24 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 2));
      return models.predictRowsJson({ teamId: team.teamId, modelId, rows: probe, factors: false });
    });
    const outcomes = await Promise.all([switching, ...predictions]);
    for (const o of outcomes.slice(1)) expect([v1Predictions, v2Predictions]).toContain(o);
    expect(await models.predictRowsJson({ teamId: team.teamId, modelId, rows: probe, factors: false })).toBe(v2Predictions);
  });

  it("two retrains at once get distinct version numbers; the one saved last is active", async () => {
    const a = await versions.retrainModel({ teamId: team.teamId, modelId, activate: true });
    const b = await versions.retrainModel({ teamId: team.teamId, modelId, activate: true });
    const [runA, runB] = [await startQueued("w-a"), await startQueued("w-b")];
    const [doneA, doneB] = await Promise.all([runA.finish(), runB.finish()]);
    expect([doneA.taskId, doneB.taskId].sort()).toEqual([a.taskId, b.taskId].sort());
    const list = await versions.listModelVersions({ teamId: team.teamId, modelId });
    expect(list.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const saved = await db.modelVersion.findMany({ where: { modelId, number: { in: [3, 4] } }, select: { number: true, taskId: true } });
    expect(saved.map((v) => v.taskId).sort()).toEqual([a.taskId, b.taskId].sort());
    expect(list.active_version).toBe(4);
    const model = (await db.model.findUnique({ where: { id: modelId } }))!;
    const active = (await db.modelVersion.findUnique({ where: { modelId_number: { modelId, number: 4 } } }))!;
    expect(model.artifactPath).toBe(active.artifactPath);
    expect(model.result).toBe(active.result);
  });

  it("a retrain with activate: false keeps the active version; a version that is not active can be deleted with its artifact", async () => {
    await versions.retrainModel({ teamId: team.teamId, modelId, activate: false });
    await (await startQueued("w-quiet")).finish();
    const list = await versions.listModelVersions({ teamId: team.teamId, modelId });
    expect(list.active_version).toBe(4);
    expect(list.versions[0]).toMatchObject({ version: 5, active: false });
    const v5 = (await db.modelVersion.findUnique({ where: { modelId_number: { modelId, number: 5 } } }))!;
    expect(fs.existsSync(path.join(testDataDir, v5.artifactPath))).toBe(true);
    await versions.deleteModelVersion({ teamId: team.teamId, modelId, version: 5 });
    expect(fs.existsSync(path.join(testDataDir, v5.artifactPath))).toBe(false);
    // Its task's result is gone with it (not silently another version's).
    await expect(models.getTrainingResult({ teamId: team.teamId, taskId: v5.taskId! })).rejects.toMatchObject({ code: "not_found" });
    expect((await versions.listModelVersions({ teamId: team.teamId, modelId })).versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it("deleting the model while a retrain runs keeps nothing of it; deleting a model deletes every version's artifact", async () => {
    const paths = (await db.modelVersion.findMany({ where: { modelId }, select: { artifactPath: true } })).map((v) => v.artifactPath);
    await versions.retrainModel({ teamId: team.teamId, modelId, activate: true });
    const run = await startQueued("w-orphan");
    const filesDuring = artifactFiles().length;
    await models.deleteModel({ teamId: team.teamId, modelId });
    await expect(run.running).rejects.toThrow(/deleted while it was being retrained|no longer exists/);
    expect(await db.modelVersion.count({ where: { modelId } })).toBe(0);
    for (const p of paths) expect(fs.existsSync(path.join(testDataDir, p))).toBe(false);
    expect(artifactFiles().length).toBe(filesDuring - paths.length);
    await expect(versions.retrainModel({ teamId: team.teamId, modelId, activate: true })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a retrain of a model whose dataset is gone is refused with a reason", async () => {
    const dsId = await newDataset("short-lived", churn(150, 5));
    const { resultId } = await train(dsId);
    await datasets.deleteDataset({ teamId: team.teamId, datasetId: dsId });
    await expect(versions.retrainModel({ teamId: team.teamId, modelId: resultId, activate: true })).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("decision thresholds", () => {
  let modelId = "";
  let regressionId = "";
  const rows = Array.from({ length: 40 }, (_, i) => ({ plan: ["basic", "standard", "premium"][i % 3], usage: (i * 7) % 100, spend: (i * 37) % 500 }));
  const yesShare = (json: string) => (JSON.parse(json) as { churned: string }[]).filter((p) => p.churned === "yes").length;

  beforeAll(async () => {
    const datasetId = await newDataset("thresholds", churn(300, 6));
    ({ resultId: modelId } = await train(datasetId));
    ({ resultId: regressionId } = await train(datasetId, "spend"));
  });

  it("a stored threshold changes predicted classes, never probabilities; a request threshold overrides it", async () => {
    const plain = JSON.parse(await models.predictRowsJson({ teamId: team.teamId, modelId, rows, factors: false })) as Record<string, unknown>[];
    const stored = await settings.setDecisionThreshold({ teamId: team.teamId, modelId, request: { threshold: 0.05, positive_class: "yes" } });
    expect(stored).toMatchObject({
      field: "churned",
      threshold: 0.05,
      positive_class: "yes",
      thresholds: { churned: { threshold: 0.05, positive_class: "yes" } },
    });
    const low = JSON.parse(await models.predictRowsJson({ teamId: team.teamId, modelId, rows, factors: false })) as Record<string, unknown>[];
    low.forEach((p, i) => {
      expect(p["Probability churned is yes"]).toBe(plain[i]["Probability churned is yes"]);
      expect(p.churned).toBe((p["Probability churned is yes"] as number) > 0.05 ? "yes" : "no");
    });
    const high = await models.predictRowsJson({ teamId: team.teamId, modelId, rows, factors: false, threshold: 0.95 });
    expect(yesShare(high)).toBeLessThanOrEqual(yesShare(JSON.stringify(low)));
    (JSON.parse(high) as Record<string, unknown>[]).forEach((p) => expect(p.churned).toBe((p["Probability churned is yes"] as number) > 0.95 ? "yes" : "no"));
    // The other class as the positive one.
    await settings.setDecisionThreshold({ teamId: team.teamId, modelId, request: { threshold: 0.8, positive_class: "no" } });
    (JSON.parse(await models.predictRowsJson({ teamId: team.teamId, modelId, rows, factors: false })) as Record<string, unknown>[]).forEach((p) =>
      expect(p.churned).toBe((p["Probability churned is no"] as number) > 0.8 ? "no" : "yes"),
    );
    // null restores the default exactly.
    await settings.setDecisionThreshold({ teamId: team.teamId, modelId, request: { threshold: null } });
    expect(JSON.parse(await models.predictRowsJson({ teamId: team.teamId, modelId, rows, factors: false }))).toEqual(plain);
  });

  it("refuses what makes no sense, with the field to fix", async () => {
    await expect(settings.setDecisionThreshold({ teamId: team.teamId, modelId: regressionId, request: { threshold: 0.4 } })).rejects.toMatchObject({
      code: "validation",
    });
    await expect(settings.setDecisionThreshold({ teamId: team.teamId, modelId, request: { threshold: 0.4, positive_class: "maybe" } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ["body", "positive_class"] })],
    });
    await expect(settings.setDecisionThreshold({ teamId: team.teamId, modelId, request: { threshold: 0.4, field: "plan" } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ loc: ["body", "field"] })],
    });
    await expect(settings.setDecisionThreshold({ teamId: other.teamId, modelId, request: { threshold: 0.4 } })).rejects.toMatchObject({ code: "not_found" });
    await expect(models.predictRowsJson({ teamId: team.teamId, modelId: regressionId, rows, factors: false, threshold: 0.5 })).rejects.toMatchObject({
      code: "validation",
    });
  });

  it("over HTTP: 422 for thresholds outside (0, 1) on /api/v1, a legacy error on /v1, 404 for another team", async () => {
    const thresholdRoute = await import("../app/api/v1/models/[modelId]/threshold/route");
    const predictRoute = await import("../app/api/v1/models/[modelId]/predict/route");
    const legacy = await import("../app/v1/models/route");
    const headers = { "X-API-Key": team.secret };
    for (const threshold of [0, 1, 1.5, -0.1, "0.5"]) {
      const res = await call(thresholdRoute.PUT, "PUT", "/x", { headers, params: { modelId }, body: { threshold } });
      expect(res.status, String(threshold)).toBe(422);
      expect(res.json.detail[0].loc).toEqual(["body", "threshold"]);
      const p = await call(predictRoute.POST, "POST", "/x", { headers, params: { modelId }, body: { data: [{ plan: "basic" }], threshold } });
      expect(p.status).toBe(422);
    }
    expect(
      (await call(thresholdRoute.PUT, "PUT", "/x", { headers: { "X-API-Key": other.secret }, params: { modelId }, body: { threshold: 0.3 } })).status,
    ).toBe(404);
    const ok = await call(predictRoute.POST, "POST", "/x", { headers, params: { modelId }, body: { data: [{ plan: "basic", usage: 5 }], threshold: 0.01 } });
    expect(ok.status).toBe(200);
    expect(ok.json.predictions[0].churned).toBe("yes");
    const bad = await call(legacy.POST, "POST", `/v1/models?api_key=${team.secret}`, { body: { id: modelId, data: [{ plan: "basic" }], threshold: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: "error" });
    expect(bad.json.message).toMatch(/between 0 and 1/);
    const notBinary = await call(legacy.POST, "POST", `/v1/models?api_key=${team.secret}`, {
      body: { id: regressionId, data: [{ plan: "basic" }], threshold: 0.5 },
    });
    expect(notBinary.status).toBe(400);
    expect(notBinary.json.message).toMatch(/two-class/);
    const fromQuery = await call(legacy.POST, "POST", `/v1/models?api_key=${team.secret}&threshold=0.01`, {
      body: { id: modelId, data: [{ plan: "basic", usage: 5 }] },
    });
    expect(fromQuery.json.predictions[0].churned).toBe("yes");
  });
});

describe("read-only report links", () => {
  let modelId = "";
  let datasetId = "";

  beforeAll(async () => {
    datasetId = await newDataset("shared", churn(300, 7));
    ({ resultId: modelId } = await train(datasetId));
  });

  it("open the report by token, without ids or example rows unless asked; revoked or malformed tokens are not found", async () => {
    const link = await shares.createReportShareLink({ teamId: team.teamId, modelId, includeExamples: false });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(link.path).toBe(`/share/${link.token}`);
    const row = (await db.reportShareLink.findUnique({ where: { id: link.id } }))!;
    expect(row.tokenHash).not.toContain(link.token);
    const report = await shares.getSharedReport(link.token);
    const text = JSON.stringify(report);
    for (const secret of [modelId, datasetId, team.teamId, team.secret, link.id]) expect(text).not.toContain(secret);
    expect(report.predict_fields).toEqual(["churned"]);
    expect(report.fields[0].insights).toMatchObject({ examples: {} });
    expect(report.fields[0]).not.toHaveProperty("leaderboard");
    // The id field's values are the rows' own: not listed without examples.
    const stats = (report.fields[0].insights as { fieldStats: { field: string; top?: unknown }[] }).fieldStats;
    expect(stats.find((f) => f.field === "id")?.top).toBeUndefined();

    const withExamples = await shares.createReportShareLink({ teamId: team.teamId, modelId, includeExamples: true });
    const full = await shares.getSharedReport(withExamples.token);
    expect((full.fields[0].insights as { examples: { falsePositives: unknown[] } }).examples.falsePositives.length).toBeGreaterThan(0);

    await shares.revokeReportShareLink({ teamId: team.teamId, modelId, linkId: link.id });
    await expect(shares.getSharedReport(link.token)).rejects.toMatchObject({ code: "not_found" });
    await expect(shares.getSharedReport(withExamples.token)).resolves.toBeTruthy();
    await expect(shares.getSharedReport("not-a-token")).rejects.toMatchObject({ code: "not_found" });
    await expect(shares.getSharedReport(link.token.slice(0, -1) + (link.token.endsWith("A") ? "B" : "A"))).rejects.toMatchObject({ code: "not_found" });
    const listed = await shares.listReportShareLinks({ teamId: team.teamId, modelId });
    expect(listed.links.map((l) => [l.id, l.revoked_at !== null])).toEqual([
      [withExamples.id, false],
      [link.id, true],
    ]);
    expect(JSON.stringify(listed)).not.toContain(withExamples.token);
    await expect(shares.listReportShareLinks({ teamId: other.teamId, modelId })).rejects.toMatchObject({ code: "not_found" });
    await expect(shares.revokeReportShareLink({ teamId: other.teamId, modelId, linkId: withExamples.id })).rejects.toMatchObject({ code: "not_found" });
    // Deleting the model ends its links.
    await models.deleteModel({ teamId: team.teamId, modelId });
    await expect(shares.getSharedReport(withExamples.token)).rejects.toMatchObject({ code: "not_found" });
  });
});
