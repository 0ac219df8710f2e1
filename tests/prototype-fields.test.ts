// Field names that are also names of Object.prototype members (`constructor`, `__proto__`,
// `toString`, ...) are ordinary fields: they go through append, training and prediction like any
// other, with their values intact, and no body can set an object's prototype.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";

let team: { teamId: string; secret: string };
let legacyDatasets: typeof import("../app/v1/datasets/route");
let legacyModels: typeof import("../app/v1/models/route");
let v1Predict: typeof import("../app/api/v1/models/[modelId]/predict/route");
let v1Rows: typeof import("../app/api/v1/datasets/[datasetId]/rows/route");

const TRICKY = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"];

beforeAll(async () => {
  await migrateTestDb();
  team = await createTeamWithKey("prototype names");
  legacyDatasets = await import("../app/v1/datasets/route");
  legacyModels = await import("../app/v1/models/route");
  v1Predict = await import("../app/api/v1/models/[modelId]/predict/route");
  v1Rows = await import("../app/api/v1/datasets/[datasetId]/rows/route");
});

/** JSON text with a `__proto__` key, as a client sends it (an object literal would set the prototype instead). */
function rowsJson(n: number) {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const cls = i % 2 === 0 ? "yes" : "no";
    // The label follows `constructor` and `__proto__`; `toString` is noise.
    const strong = cls === "yes" ? 10 + (i % 7) : i % 7;
    rows.push(
      `{"constructor": ${strong}, "__proto__": "${cls === "yes" ? "high" : "low"}", "toString": "t${i % 3}", "valueOf": ${i % 5}, "hasOwnProperty": "h${i % 2}", "label": "${cls}"}`,
    );
  }
  return `[${rows.join(",")}]`;
}

describe("prototype-named fields", () => {
  let datasetId = "";
  let modelId = "";

  it("append keeps every one of them as a field, values intact", async () => {
    const created = await call(legacyDatasets.POST as never, "POST", `/v1/datasets?api_key=${team.secret}`, { body: { name: "tricky" } });
    datasetId = created.json.dataset_id;
    const body = `{"api_key": "${team.secret}", "id": "${datasetId}", "rows": ${rowsJson(200)}}`;
    const appended = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", { body });
    expect(appended.status, JSON.stringify(appended.json)).toBe(200);
    const info = await call(legacyDatasets.GET as never, "GET", `/v1/datasets?api_key=${team.secret}&id=${datasetId}`);
    expect(info.json.rows).toBe(200);
    expect((info.json.fields as { name: string }[]).map((f) => f.name).sort()).toEqual([...TRICKY, "label"].sort());
    // Rows without a `constructor` field are fine too (it reads as missing, not as Object).
    const partial = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: `{"api_key": "${team.secret}", "id": "${datasetId}", "rows": [{"label": "yes", "__proto__": "high"}]}`,
    });
    expect(partial.status, JSON.stringify(partial.json)).toBe(200);
    const preview = await call(v1Rows.GET as never, "GET", `/x?offset=0&limit=2`, { headers: { "X-API-Key": team.secret }, params: { datasetId } });
    expect(preview.status).toBe(200);
    const first = (preview.json.rows ?? preview.json)[0] as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(first, "__proto__")).toBe(true);
    expect(first["__proto__"]).toBe("high");
    expect(Object.getPrototypeOf(first)).not.toBe("high");
  });

  it("trains on them and names them in the result", async () => {
    const { submitTraining, trainTaskPayloadSchema } = await import("../lib/services/training");
    const { runTrainingTask } = await import("../lib/services/run-training");
    const { db } = await import("../lib/db");
    const { taskId } = await submitTraining(team.teamId, {
      datasetId,
      predictFields: ["label"],
      ignoreFields: ["hasOwnProperty"],
      duration: 2,
      extraAttention: false,
      force: true,
      source: "api",
    });
    // Claimed as the worker loop does: the model is saved only while the task is this worker's.
    const task = (await db.task.update({ where: { id: taskId }, data: { status: "IN_PROGRESS", workerId: "test", startedAt: new Date() } }))!;
    modelId = await runTrainingTask(task, trainTaskPayloadSchema.parse(JSON.parse(task.payload)), {
      workerId: "test",
      signal: new AbortController().signal,
      progress: () => undefined,
    });
    const model = (await db.model.findUnique({ where: { id: modelId } }))!;
    const result = JSON.parse(model.result) as { field_importance: Record<string, number>; data_story: { outcomes: { causes: { field: string }[] }[] }[] };
    expect(Object.keys(result.field_importance).sort()).toEqual([...TRICKY, "label"].sort());
    const importance = result.field_importance;
    expect(importance["constructor"] + importance["__proto__"]).toBeGreaterThan(0.5);
    expect(importance.hasOwnProperty).toBe(0);
  });

  it("predicts from them, echoing their values (legacy and /api/v1)", async () => {
    const data = `[{"constructor": 14, "__proto__": "high", "toString": "t1", "valueOf": 2}, {"constructor": 1, "__proto__": "low"}, {"label": "x"}]`;
    const legacy = await call(legacyModels.POST as never, "POST", "/v1/models", { body: `{"api_key": "${team.secret}", "id": "${modelId}", "data": ${data}}` });
    expect(legacy.status, JSON.stringify(legacy.json)).toBe(200);
    const [high, low, empty] = legacy.json.predictions as Record<string, unknown>[];
    expect(high.label).toBe("yes");
    expect(low.label).toBe("no");
    expect(Object.prototype.hasOwnProperty.call(high, "__proto__")).toBe(true);
    expect(high["__proto__"]).toBe("high");
    expect(high.constructor).toBe(14);
    expect(high.toString).toBe("t1");
    expect(empty.constructor).toBe(""); // not sent: "" like any missing field
    expect(empty.toString).toBe("");
    const v1 = await call(v1Predict.POST as never, "POST", "/x", { headers: { "X-API-Key": team.secret }, params: { modelId }, body: `{"data": ${data}}` });
    expect(v1.status, JSON.stringify(v1.json)).toBe(200);
    expect(JSON.stringify(v1.json)).toContain('"__proto__":"high"');
  });

  it("a body's __proto__ never sets anything in legacy parameter merging", async () => {
    // `api_key` hidden in a prototype must not authenticate, and `id` must not be inherited.
    const sneaky = await call(legacyDatasets.GET as never, "GET", `/v1/datasets`, { headers: {} });
    expect(sneaky.status).toBe(404);
    const viaProto = await call(legacyModels.POST as never, "POST", "/v1/models", {
      body: `{"__proto__": {"api_key": "${team.secret}", "id": "${modelId}"}, "data": []}`,
    });
    expect(viaProto.status).toBe(404);
    expect(viaProto.json).toEqual({ status: "missing or invalid API key" });
    const withKey = await call(legacyModels.POST as never, "POST", "/v1/models", {
      body: `{"api_key": "${team.secret}", "__proto__": {"id": "${modelId}", "data": [{"constructor": 1}]}}`,
    });
    expect(withKey.status).toBe(400);
    expect(({} as Record<string, unknown>).id).toBeUndefined();
  });
});
