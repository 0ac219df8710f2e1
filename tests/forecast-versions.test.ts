// Forecast models go through the same versioned save as row models: a real SQLite database and a
// real (short) forecast training run in-process the way a worker runs it.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTeamWithKey, migrateTestDb, testDataDir } from "./setup-db";

let db: typeof import("../lib/db").db;
let queue: typeof import("../lib/jobs/queue");
let datasets: typeof import("../lib/services/datasets");
let training: typeof import("../lib/services/training");
let runner: typeof import("../lib/services/run-training");
let models: typeof import("../lib/services/models");
let versions: typeof import("../lib/services/model-versions");
let forecasts: typeof import("../lib/services/forecasts");
let errors: typeof import("../lib/errors");
let team: { teamId: string; secret: string };

/** 60 months of a trend with a yearly season (deterministic). */
function monthlyRows() {
  return Array.from({ length: 60 }, (_, i) => ({
    month: `${2019 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`,
    sales: Math.round(100 + 2 * i + 20 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7) % 5)),
  }));
}

async function runQueued(workerId: string) {
  const task = await queue.claimTask(workerId, ["train"]);
  if (!task) throw new Error("nothing queued");
  const payload = training.trainTaskPayloadSchema.parse(JSON.parse(task.payload));
  const resultId = await runner.runTrainingTask(task, payload, { workerId, signal: new AbortController().signal, progress: () => undefined });
  await queue.completeTask({ taskId: task.id, workerId, resultId });
  return resultId;
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
  forecasts = await import("../lib/services/forecasts");
  errors = await import("../lib/errors");
  team = await createTeamWithKey("forecast versions");
});

describe("a forecast model", () => {
  it("is saved as version 1 with an artifact of its own, forecasts, refuses row predictions with 422, and retrains as a forecast", async () => {
    const dataset = await datasets.createDataset({ teamId: team.teamId, name: "monthly" });
    await datasets.appendRows({ teamId: team.teamId, datasetId: dataset.id, rows: monthlyRows() as never });
    await training.submitTraining(team.teamId, {
      datasetId: dataset.id,
      predictFields: ["sales"],
      ignoreFields: [],
      duration: 1,
      extraAttention: false,
      force: true,
      source: "api",
      forecast: { date_field: "month", horizon: 6 },
    });
    const modelId = await runQueued("w-forecast");

    const row = await db.model.findUniqueOrThrow({ where: { id: modelId }, select: { name: true, artifactPath: true, activeVersion: true, report: true } });
    expect(row.name).toBe("monthly: forecast of sales");
    expect(forecasts.isForecastReport(row.report)).toBe(true);
    const v1 = await db.modelVersion.findFirstOrThrow({ where: { modelId, number: 1 }, select: { id: true, artifactPath: true } });
    expect(row.artifactPath).toBe(v1.artifactPath);
    expect(v1.artifactPath).toContain(v1.id);
    expect(fs.existsSync(path.join(testDataDir, v1.artifactPath))).toBe(true);
    const listed = (await models.listModels(team.teamId)).find((m) => m.id === modelId);
    expect(listed?.kind).toBe("forecast");

    const answer = await forecasts.forecastFromModel({ teamId: team.teamId, modelId, horizon: 3 });
    expect(answer.forecast).toHaveLength(3);
    expect(answer.forecast[0].date.startsWith("2024-01-01")).toBe(true);

    const refused = await models.predictRowsJson({ teamId: team.teamId, modelId, rows: [{ month: "2024-01-01" }], factors: false }).catch((e) => e);
    expect(refused).toBeInstanceOf(errors.AppError);
    expect(refused.status).toBe(422);
    expect(refused.legacyStatus).toBe(422);
    expect(refused.issues[0].msg).toContain(`/api/v1/models/${modelId}/forecast`);

    await versions.retrainModel({ teamId: team.teamId, modelId, activate: true });
    expect(await runQueued("w-forecast")).toBe(modelId);
    const list = await versions.listModelVersions({ teamId: team.teamId, modelId });
    expect(list.active_version).toBe(2);
    const v2 = await db.modelVersion.findFirstOrThrow({ where: { modelId, number: 2 }, select: { artifactPath: true, report: true } });
    expect(forecasts.forecastSettingsOf(v2.report)).toEqual({ dateField: "month", horizon: 6 });
    expect(v2.artifactPath).not.toBe(v1.artifactPath);
    // The active (new) artifact serves forecasts.
    expect((await forecasts.forecastFromModel({ teamId: team.teamId, modelId })).forecast).toHaveLength(6);
  }, 120_000);
});
