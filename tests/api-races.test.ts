// Requests that race each other over one record: whatever the interleaving, each answer is a
// success or a clear 4xx (never a 500), and what is stored stays consistent.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";

let key = "";
let teamId = "";
type Handler = Parameters<typeof call>[0];
let datasets: { GET: Handler; POST: Handler; DELETE: Handler };
let project: { GET: Handler; PUT: Handler; DELETE: Handler };

beforeAll(async () => {
  await migrateTestDb();
  ({ secret: key, teamId } = await createTeamWithKey("races"));
  datasets = (await import("../app/v1/datasets/route")) as never;
  project = (await import("../app/api/v1/projects/[projectId]/route")) as never;
});

afterEach(() => {
  vi.restoreAllMocks();
});

let database: typeof import("../lib/db").db | null = null;
beforeAll(async () => {
  database = (await import("../lib/db")).db;
});
const db = () => database!;

async function newDataset(name: string): Promise<string> {
  const created = await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { name } });
  expect(created.status).toBe(200);
  return created.json.dataset_id as string;
}

describe("a dataset deleted while a request changes it", () => {
  const rows = [
    { a: 1, b: "x" },
    { a: 2, b: "y" },
  ];

  // The delete lands between the append's ownership check and its bookkeeping: the rows went to a
  // dataset that no longer exists, so the answer is the delete's 404.
  for (const [operation, body] of [
    ["append", { rows }],
    ["set types", { fields: [{ name: "a", type: "float" }] }],
    ["re-parse", { parse_fields: true }],
  ] as const) {
    it(`${operation}: 404 with the legacy error body, not 500; the dataset stays gone`, async () => {
      const id = await newDataset(`race ${operation}`);
      if (operation !== "append") expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
      const { datasetStore } = await import("../lib/services/storage");
      const { deleteDataset } = await import("../lib/services/datasets");
      const store = datasetStore();
      const method = operation === "append" ? "append" : operation === "set types" ? "setFieldTypes" : "reparse";
      const original = store[method].bind(store) as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(store, method).mockImplementation(async (...args: unknown[]) => {
        const info = await original(...args);
        await deleteDataset({ teamId, datasetId: id });
        return info as never;
      });
      const res = await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(404);
      expect(res.json).toEqual({ status: "error", message: `Dataset "${id}" not found` });
      vi.restoreAllMocks();
      expect((await call(datasets.GET, "GET", `/v1/datasets?api_key=${key}&id=${id}`)).status).toBe(404);
    });
  }
});

describe("a dataset deleted under a project", () => {
  it("a chat over the project answers 422 naming the deleted dataset and the remedy (the project itself exists), not 404", async () => {
    const id = await newDataset("project data");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows: [{ a: 1, b: "x" }] } })).status).toBe(200);
    const { createProject } = await import("../lib/services/projects");
    const created = await createProject(teamId, { name: "over deleted data", datasetId: id } as never);
    expect((await call(datasets.DELETE, "DELETE", `/v1/datasets?api_key=${key}&id=${id}`)).status).toBe(200);
    const chat = (await import("../app/api/v1/chat-explore/new/route")) as unknown as { POST: Handler };
    const ask = (extra: object) =>
      call(chat.POST, "POST", "/api/v1/chat-explore/new", {
        headers: { "X-API-Key": key },
        body: { messages: [{ role: "user", content: "how many rows" }], ...extra },
      });
    const res = await ask({ project_id: created.id });
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "project_id"]);
    expect(res.json.detail[0].msg).toContain(`"${id}" was deleted`);
    // A dataset named in the request that does not exist is still a 404.
    expect((await ask({ project_id: created.id, dataset_id: id })).status).toBe(404);
    expect((await ask({ dataset_id: id })).status).toBe(404);
  });
});

describe("a record deleted between a service's check and its write", () => {
  it("Prisma's record-not-found (P2025) is a 404 in both envelopes, not a 500", async () => {
    const { db } = await import("../lib/db");
    const { apiV1ErrorResponse, legacyErrorResponse } = await import("../lib/http/errors");
    const error = await db.project.update({ where: { id: "gone-meanwhile" }, data: { name: "x" } }).catch((e: unknown) => e);
    const request = new Request("http://localhost/api/v1/projects/gone-meanwhile", { method: "PUT" });
    const current = apiV1ErrorResponse(error, request);
    expect(current.status).toBe(404);
    expect((await current.json()).detail).toMatch(/deleted by another request/);
    const legacy = legacyErrorResponse(error, request);
    expect(legacy.status).toBe(404);
    expect((await legacy.json()).status).toBe("error");
  });

  it("a project updated and deleted at once: each answer is 201/200 or 404", async () => {
    const { createProject } = await import("../lib/services/projects");
    for (let i = 0; i < 5; i++) {
      const { id } = await createProject(teamId, { name: `p${i}` } as never);
      const headers = { "X-API-Key": key };
      const [put, del] = await Promise.all([
        call(project.PUT, "PUT", `/api/v1/projects/${id}`, { headers, body: { name: "renamed" }, params: { projectId: id } }),
        call(project.DELETE, "DELETE", `/api/v1/projects/${id}`, { headers, params: { projectId: id } }),
      ]);
      expect([201, 404]).toContain(put.status);
      expect(del.status).toBe(200);
      expect((await call(project.GET, "GET", `/api/v1/projects/${id}`, { headers, params: { projectId: id } })).status).toBe(404);
    }
  });
});

// compatibility.md: with force: false an identical request reuses an earlier one. Identical
// requests that arrive together must not each train a model: the later ones join the first task.
// Each caller still gets a task of its own (201 with its own task_id) that ends with the shared
// training, so one caller's cancel does not fail the others.
describe("identical trainings sent at the same moment", () => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ x: i, y: i % 2 ? "a" : "b" }));

  async function trainingTasks(datasetId: string) {
    const { db } = await import("../lib/db");
    const tasks = await db.task.findMany({ where: { teamId, kind: "train" }, select: { id: true, status: true, payload: true } });
    return tasks.filter((t) => JSON.parse(t.payload).datasetId === datasetId);
  }
  const working = async (datasetId: string) => (await trainingTasks(datasetId)).filter((t) => t.status !== "JOINED");

  it("force: false: one training, every answer 201 with a task of its own; force: true trains anew", async () => {
    const id = await newDataset("identical trainings");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
    const trainNew = (await import("../app/api/v1/models/train/new/route")) as unknown as { POST: Handler };
    const body = { dataset_id: id, predict_fields: ["y"], duration: 10 };
    const send = (extra: object = {}) =>
      call(trainNew.POST, "POST", "/api/v1/models/train/new", { headers: { "X-API-Key": key }, body: { ...body, ...extra } });
    const answers = await Promise.all([send(), send(), send(), send()]);
    for (const a of answers) expect(a.status, JSON.stringify(a.json)).toBe(201);
    expect(new Set(answers.map((a) => a.json.task_id)).size).toBe(4);
    expect(await working(id)).toHaveLength(1);
    // Later, while it is still queued: joined too. A different request or force: true is a new training.
    expect((await send()).status).toBe(201);
    expect(await working(id)).toHaveLength(1);
    await send({ extra_attention: true });
    await send({ force: true });
    expect(await working(id)).toHaveLength(3);
    expect(await trainingTasks(id)).toHaveLength(7);
  });

  it("the first caller cancels: its task is FAILED (cancelled), the caller who joined keeps the training and gets the model", async () => {
    const id = await newDataset("identical, first cancels");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
    const status = (await import("../app/api/v1/models/train/[taskId]/status/route")) as unknown as { GET: Handler };
    const result = (await import("../app/api/v1/models/train/[taskId]/result/route")) as unknown as { GET: Handler };
    const cancel = (await import("../app/api/v1/models/train/[taskId]/cancel/route")) as unknown as { POST: Handler };
    const headers = { "X-API-Key": key };
    const get = (handler: Handler, taskId: string, what: string) =>
      call(handler, what === "cancel" ? "POST" : "GET", `/api/v1/models/train/${taskId}/${what}`, { headers, params: { taskId } });
    const { submitTraining } = await import("../lib/services/training");
    const queue = await import("../lib/jobs/queue");
    const request = { datasetId: id, predictFields: ["y"], ignoreFields: [], duration: 10, extraAttention: false, force: false, source: "api" as const };
    const a = await submitTraining(teamId, request);
    const b = await submitTraining(teamId, request);
    expect([a.joined, b.joined]).toEqual([false, true]);
    // B's status is the shared training's, under B's own id.
    expect((await get(status.GET, b.taskId, "status")).json).toEqual({ status: "PENDING", metadata: { type: "PENDING" } });
    await db().task.updateMany({
      where: { id: a.taskId },
      data: { status: "IN_PROGRESS", workerId: "w", startedAt: new Date(), heartbeatAt: new Date(), progress: 0.5 },
    });
    expect((await get(status.GET, b.taskId, "status")).json).toMatchObject({ status: "IN_PROGRESS", metadata: { type: "IN_PROGRESS", progress: 0.5 } });
    expect((await get(result.GET, b.taskId, "result")).status).toBe(409);

    const cancelled = await get(cancel.POST, a.taskId, "cancel");
    expect(cancelled.json).toMatchObject({ status: "FAILED", metadata: { type: "FAILED", error: queue.CANCELLED_MESSAGE } });
    expect((await get(status.GET, b.taskId, "status")).json).toMatchObject({ status: "IN_PROGRESS", metadata: { progress: 0.5 } });
    // The worker finishes under B's id (its completion still names A's).
    const model = await db().model.create({
      data: {
        teamId,
        datasetId: id,
        name: "m",
        predictFields: "[]",
        ignoreFields: "[]",
        duration: 10,
        extraAttention: false,
        reuseKey: "x",
        datasetVersion: "v",
        result: '{"status":"success","model_id":"m"}',
        report: "{}",
        artifactPath: "p",
        source: "api",
      },
      select: { id: true },
    });
    await queue.completeTaskWith({ taskId: a.taskId, workerId: "w" }, async () => ({ resultId: model.id }));
    expect((await get(status.GET, b.taskId, "status")).json).toEqual({
      status: "SUCCEEDED",
      metadata: { type: "SUCCEEDED", location: `/api/v1/models/train/${b.taskId}/result` },
    });
    expect((await get(result.GET, b.taskId, "result")).status).toBe(200);
    expect((await get(status.GET, a.taskId, "status")).json).toMatchObject({ status: "FAILED", metadata: { error: queue.CANCELLED_MESSAGE } });
    expect((await get(cancel.POST, a.taskId, "cancel")).status).toBe(409); // a finished task: nothing to cancel
    expect((await get(cancel.POST, b.taskId, "cancel")).status).toBe(409);
  });

  it("joined tasks whose training ended before the joins were seen settle themselves: one is queued anew, the other follows it", async () => {
    const id = await newDataset("identical, crossed");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
    const { submitTraining, resolveTrainingTask } = await import("../lib/services/training");
    const queue = await import("../lib/jobs/queue");
    const request = { datasetId: id, predictFields: ["y"], ignoreFields: [], duration: 10, extraAttention: false, force: false, source: "api" as const };
    const a = await submitTraining(teamId, request);
    const b = await submitTraining(teamId, request);
    const c = await submitTraining(teamId, request);
    // A ends without settling B and C (as when a join commits just after A's end on PostgreSQL).
    await db().task.update({ where: { id: a.taskId }, data: { status: "FAILED", error: "crossed" } });
    const read = async (taskId: string) => resolveTrainingTask(teamId, (await queue.getTask({ teamId, taskId, kind: "train" }))!);
    const [rb, rc] = await Promise.all([read(b.taskId), read(c.taskId)]);
    // One of them trains again; the other follows it.
    expect([rb.status, rc.status].sort()).toEqual(["PENDING", "PENDING"]);
    expect(await working(id)).toHaveLength(2); // A (failed) and one new training
  });

  it("legacy /v1/models: a caller that joined and hangs up cancels its own task only", async () => {
    const id = await newDataset("identical legacy hang-up");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
    const { submitTraining } = await import("../lib/services/training");
    const { trainSynchronously } = await import("../lib/services/legacy-training");
    const { getTask } = await import("../lib/jobs/queue");
    const request = { datasetId: id, predictFields: ["y"], ignoreFields: [], duration: 10, extraAttention: false, force: false };
    const first = await submitTraining(teamId, { ...request, source: "api" });
    const hangUp = new AbortController();
    const waiting = trainSynchronously({ teamId, ...request, signal: hangUp.signal });
    setTimeout(() => hangUp.abort(), 300);
    await expect(waiting).rejects.toThrow(/closed the connection/);
    expect((await getTask({ teamId, taskId: first.taskId, kind: "train" }))?.status).toBe("PENDING");
    expect((await trainingTasks(id)).map((t) => t.status).sort()).toEqual(["FAILED", "PENDING"]);
  });

  it("a cancelled or failed training is not joined: the next identical request queues a new one", async () => {
    const id = await newDataset("identical after cancel");
    expect((await call(datasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows } })).status).toBe(200);
    const { submitTraining } = await import("../lib/services/training");
    const { cancelTask } = await import("../lib/jobs/queue");
    const request = { datasetId: id, predictFields: ["y"], ignoreFields: [], duration: 10, extraAttention: false, force: false, source: "api" as const };
    const first = await submitTraining(teamId, request);
    expect(first.joined).toBe(false);
    expect(await cancelTask({ teamId, taskId: first.taskId, kind: "train" })).toBe(true);
    const again = await submitTraining(teamId, request);
    expect(again.joined).toBe(false);
    expect(again.taskId).not.toBe(first.taskId);
  });
});
