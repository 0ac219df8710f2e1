// The team's trainings listed on the Models page: team isolation, statuses, the 24 h window for
// failures, deleted datasets, the kind read from the payload.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTeamWithKey, migrateTestDb } from "./setup-db";

let db: typeof import("../lib/db").db;
let service: typeof import("../lib/services/team-trainings");
let teamId = "";
let otherTeamId = "";
let datasetId = "";

beforeAll(async () => {
  await migrateTestDb();
  db = (await import("../lib/db")).db;
  service = await import("../lib/services/team-trainings");
  teamId = (await createTeamWithKey("trainings")).teamId;
  otherTeamId = (await createTeamWithKey("trainings-other")).teamId;
});

function payload(extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    datasetId,
    predictFields: ["Churn"],
    ignoreFields: [],
    duration: 10,
    extraAttention: false,
    source: "api",
    reuseKey: "k",
    datasetVersion: "v1",
    ...extra,
  });
}

async function task(data: { team?: string; status: string; createdAt?: Date; payload?: string; error?: string; progress?: number; kind?: string }) {
  return db.task.create({
    data: {
      teamId: data.team ?? teamId,
      kind: data.kind ?? "train",
      status: data.status,
      payload: data.payload ?? payload(),
      error: data.error,
      progress: data.progress,
      createdAt: data.createdAt,
    },
  });
}

describe("listTeamTrainings", () => {
  beforeEach(async () => {
    await db.task.deleteMany({});
    await db.dataset.deleteMany({});
    datasetId = (await db.dataset.create({ data: { teamId, name: "telco" } })).id;
  });

  it("lists running and queued trainings of the team only, newest first, with dataset and fields", async () => {
    const now = Date.now();
    const older = await task({ status: "PENDING", createdAt: new Date(now - 60_000) });
    const newer = await task({ status: "IN_PROGRESS", createdAt: new Date(now - 1_000), progress: 0.4 });
    await task({ team: otherTeamId, status: "IN_PROGRESS" });
    await task({ team: otherTeamId, status: "FAILED", error: "other team's failure" });
    const list = await service.listTeamTrainings(teamId, now);
    expect(list.map((t) => t.task_id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      kind: "predict",
      status: "IN_PROGRESS",
      progress: 0.4,
      dataset_id: datasetId,
      dataset_name: "telco",
      dataset_deleted: false,
      fields: ["Churn"],
      duration: 10,
      source: "api",
      error: null,
    });
    expect(await service.listTeamTrainings(otherTeamId, now)).toHaveLength(2);
  });

  it("keeps failures of the last 24 hours with their reason and leaves out succeeded trainings and chats", async () => {
    const now = Date.now();
    const recent = await task({ status: "FAILED", error: "Cancelled at the user's request.", createdAt: new Date(now - 3_600_000) });
    await task({ status: "FAILED", error: "old", createdAt: new Date(now - service.FAILED_WINDOW_MS - 60_000) });
    await task({ status: "SUCCEEDED" });
    await task({ status: "IN_PROGRESS", kind: "chat", payload: "{}" });
    const list = await service.listTeamTrainings(teamId, now);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ task_id: recent.id, status: "FAILED", error: "Cancelled at the user's request." });
  });

  it("says when the dataset was deleted, and reads forecasts and retrains from the payload", async () => {
    const forecast = await task({ status: "PENDING", payload: payload({ forecast: { dateField: "Date", horizon: 7 } }) });
    const retrain = await task({ status: "PENDING", payload: payload({ modelId: "m1", activate: true }) });
    const gone = await task({ status: "PENDING", payload: payload({ datasetId: "deleted-dataset" }) });
    // a dataset of another team with that id is not this team's: it reads as deleted too
    const foreign = (await db.dataset.create({ data: { teamId: otherTeamId, name: "secret" } })).id;
    const foreignTask = await task({ status: "PENDING", payload: payload({ datasetId: foreign }) });
    const byId = new Map((await service.listTeamTrainings(teamId)).map((t) => [t.task_id, t]));
    expect(byId.get(forecast.id)?.kind).toBe("forecast");
    expect(byId.get(retrain.id)).toMatchObject({ kind: "retrain", model_id: "m1" });
    expect(byId.get(gone.id)).toMatchObject({ dataset_id: "deleted-dataset", dataset_name: null, dataset_deleted: true });
    expect(byId.get(foreignTask.id)).toMatchObject({ dataset_name: null, dataset_deleted: true });
  });

  it("names who started a training: a member, or an API key of the team (never another team's key)", async () => {
    const user = await db.user.create({ data: { email: `ada-${Date.now()}@example.com`, name: "Ada", passwordHash: "x" } });
    const key = (await db.apiKey.findFirst({ where: { teamId } }))!;
    const foreignKey = (await db.apiKey.findFirst({ where: { teamId: otherTeamId } }))!;
    const byUser = await task({ status: "PENDING", payload: payload({ source: "web", startedBy: { userId: user.id } }) });
    const byKey = await task({ status: "PENDING", payload: payload({ startedBy: { apiKeyId: key.id } }) });
    const byForeignKey = await task({ status: "PENDING", payload: payload({ startedBy: { apiKeyId: foreignKey.id } }) });
    const legacy = await task({ status: "PENDING", payload: payload({ source: "legacy", duration: 60, startedBy: { apiKeyId: key.id } }) });
    const unrecorded = await task({ status: "PENDING" });
    const byId = new Map((await service.listTeamTrainings(teamId)).map((t) => [t.task_id, t]));
    expect(byId.get(byUser.id)).toMatchObject({ started_by: "Ada", source: "web" });
    expect(byId.get(byKey.id)?.started_by).toBe(`API key "${key.name}"`);
    expect(byId.get(byForeignKey.id)?.started_by).toBeNull();
    expect(byId.get(legacy.id)).toMatchObject({ source: "legacy", started_by: `API key "${key.name}"`, duration: 60 });
    expect(byId.get(unrecorded.id)?.started_by).toBeNull();
  });

  it("lists at most 50", async () => {
    for (let i = 0; i < service.TEAM_TRAININGS_LIMIT + 5; i++) await task({ status: "PENDING", createdAt: new Date(Date.now() - i * 1000) });
    expect(await service.listTeamTrainings(teamId)).toHaveLength(service.TEAM_TRAININGS_LIMIT);
  });
});
