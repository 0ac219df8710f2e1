// Hostile input that must get a clear 4xx: NUL characters, over-long field names, prototype names
// in asset paths, legacy training budgets over the longest one, and a legacy client that hangs up.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";

let team: { teamId: string; secret: string };
let legacyDatasets: typeof import("../app/v1/datasets/route");
let legacyModels: typeof import("../app/v1/models/route");
let projects: typeof import("../app/api/v1/projects/route");
let assets: typeof import("../app/api/v1/docs/assets/[file]/route");
let datasetId = "";

beforeAll(async () => {
  await migrateTestDb();
  team = await createTeamWithKey("hostile");
  legacyDatasets = await import("../app/v1/datasets/route");
  legacyModels = await import("../app/v1/models/route");
  projects = await import("../app/api/v1/projects/route");
  assets = await import("../app/api/v1/docs/assets/[file]/route");
  const created = await call(legacyDatasets.POST as never, "POST", `/v1/datasets?api_key=${team.secret}`, { body: { name: "hostile" } });
  datasetId = created.json.dataset_id;
});

describe("NUL characters", () => {
  it("are refused with 422 in JSON bodies, keys, form bodies and query strings; nothing is stored", async () => {
    const v1 = await call(projects.POST as never, "POST", "/api/v1/projects", { headers: { "X-API-Key": team.secret }, body: '{"name": "a\\u0000b"}' });
    expect(v1.status).toBe(422);
    expect(v1.json.detail[0]).toMatchObject({ loc: ["body", "name"], type: "value_error" });
    expect(v1.json.detail[0].msg).toMatch(/NUL/);
    const rows = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: `{"api_key": "${team.secret}", "id": "${datasetId}", "rows": [{"ok": 1}, {"ok": "x\\u0000"}]}`,
    });
    expect(rows.status).toBe(422);
    expect(rows.json).toMatchObject({ status: "error" });
    expect(rows.json.message).toMatch(/body\.rows\.1\.ok.*NUL/);
    const key = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: `{"api_key": "${team.secret}", "id": "${datasetId}", "rows": [{"a\\u0000b": 1}]}`,
    });
    expect(key.status).toBe(422);
    const form = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `api_key=${team.secret}&name=a%00b`,
    });
    expect(form.status).toBe(422);
    const query = await call(legacyDatasets.POST as never, "POST", `/v1/datasets?api_key=${team.secret}&name=x%00y`);
    expect(query.status).toBe(422);
    const info = await call(legacyDatasets.GET as never, "GET", `/v1/datasets?api_key=${team.secret}&id=${datasetId}`);
    expect(info.json.rows).toBe(0);
    // An escaped backslash followed by "u0000" is ordinary text.
    const literal = await call(projects.POST as never, "POST", "/api/v1/projects", { headers: { "X-API-Key": team.secret }, body: '{"name": "a\\\\u0000b"}' });
    expect(literal.status).toBe(201);
    expect(literal.json.name).toBe("a\\u0000b");
  });
});

describe("field names", () => {
  it("longer than 256 characters: 422 naming the limit, not cut short", async () => {
    const long = "f".repeat(300);
    const res = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: { api_key: team.secret, id: datasetId, rows: [{ ok: 1, [long]: 2 }] },
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/at most 256 characters; this one has 300/);
    expect(res.json.message).not.toContain(long);
    const exact = "g".repeat(256);
    const fine = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: { api_key: team.secret, id: datasetId, rows: [{ ok: 1, [exact]: 2 }] },
    });
    expect(fine.status).toBe(200);
    const info = await call(legacyDatasets.GET as never, "GET", `/v1/datasets?api_key=${team.secret}&id=${datasetId}`);
    expect((info.json.fields as { name: string }[]).map((f) => f.name)).toEqual(["ok", exact]);
  });
});

describe("documentation assets", () => {
  it("answer 404 for prototype names, not 500", async () => {
    for (const file of ["__proto__", "constructor", "toString", "hasOwnProperty", "../package.json"]) {
      const res = await assets.GET(new Request(`http://localhost/api/v1/docs/assets/${file}`), { params: Promise.resolve({ file }) });
      expect(res.status, file).toBe(404);
    }
    const ok = await assets.GET(new Request("http://localhost/api/v1/docs/assets/init.js"), { params: Promise.resolve({ file: "init.js" }) });
    expect(ok.status).toBe(200);
  });
});

describe("legacy training", () => {
  it("cancels the training of a client that hung up", async () => {
    const { db } = await import("../lib/db");
    await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: { api_key: team.secret, id: datasetId, rows: Array.from({ length: 50 }, (_, i) => ({ ok: i % 2, [`${"g".repeat(256)}`]: i })) },
    });
    const client = new AbortController();
    const request = new Request("http://localhost/v1/models", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ api_key: team.secret, dataset_id: datasetId, predict_fields: ["ok"], duration: 600, force: true }),
      signal: client.signal,
    });
    const pending = legacyModels.POST(request, { params: Promise.resolve({}) });
    // No worker runs in this test: the task waits in the queue until the client gives up.
    let task = null;
    for (let i = 0; i < 100 && !task; i++) {
      task = await db.task.findFirst({ where: { teamId: team.teamId, kind: "train" }, orderBy: { createdAt: "desc" } });
      if (!task) await new Promise((r) => setTimeout(r, 50));
    }
    expect(task?.status).toBe("PENDING");
    client.abort();
    const response = await pending;
    expect(response.status).toBe(400);
    const after = await db.task.findUnique({ where: { id: task!.id } });
    expect(after?.status).toBe("FAILED");
    expect(after?.error).toMatch(/Cancelled/);
  });

  it("accepts any positive budget and trains for at most 1800 s (compatibility.md: any positive integer)", async () => {
    const { db } = await import("../lib/db");
    const client = new AbortController();
    const request = new Request(`http://localhost/v1/models?api_key=${team.secret}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dataset_id: datasetId, predict_fields: ["ok"], duration: 3600, force: true }),
      signal: client.signal,
    });
    const pending = legacyModels.POST(request, { params: Promise.resolve({}) });
    // No worker runs in this test: the queued task shows the budget it will train with.
    let task = null;
    for (let i = 0; i < 100 && !task; i++) {
      task = await db.task.findFirst({ where: { teamId: team.teamId, kind: "train", status: "PENDING" }, orderBy: { createdAt: "desc" } });
      if (!task) await new Promise((r) => setTimeout(r, 50));
    }
    expect(task).not.toBeNull();
    expect(JSON.parse(task!.payload).duration).toBe(1800);
    client.abort();
    expect((await pending).status).toBe(400);
    expect((await db.task.findUnique({ where: { id: task!.id } }))?.status).toBe("FAILED");
  });
});
