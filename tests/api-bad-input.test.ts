// Every route against bad input: missing key, wrong key, malformed JSON, wrong types, unknown ids.
// Each must answer a clear 4xx (never a 500) and leave stored data as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";
import { ContractChecker } from "../lib/openapi/contract";
import { buildOpenApiDocument } from "../lib/openapi/document";

// Every answer below must also be one the OpenAPI document allows (status, content type, shape).
const contract = new ContractChecker(buildOpenApiDocument() as unknown as ConstructorParameters<typeof ContractChecker>[0]);
function expectDocumented(c: { method: string; url: string }, res: Awaited<ReturnType<typeof call>>) {
  const problems = contract.check({
    method: c.method,
    url: c.url,
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: JSON.stringify(res.json),
  });
  expect(problems, `${c.method} ${c.url} -> ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`).toEqual([]);
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface RouteCase {
  name: string;
  handler: () => Handler;
  method: string;
  url: string;
  params?: Record<string, string>;
  validBody?: unknown;
  family: "v1" | "legacy";
}

let key = "";
const routes: Record<string, Record<string, Handler>> = {};

beforeAll(async () => {
  await migrateTestDb();
  key = (await createTeamWithKey("bad-input")).secret;
  routes.trainNew = await import("../app/api/v1/models/train/new/route");
  routes.trainStatus = await import("../app/api/v1/models/train/[taskId]/status/route");
  routes.trainResult = await import("../app/api/v1/models/train/[taskId]/result/route");
  routes.models = await import("../app/api/v1/models/route");
  routes.model = await import("../app/api/v1/models/[modelId]/route");
  routes.predict = await import("../app/api/v1/models/[modelId]/predict/route");
  routes.chatNew = await import("../app/api/v1/chat-explore/new/route");
  routes.chatStatus = await import("../app/api/v1/chat-explore/status/[taskId]/route");
  routes.chat = await import("../app/api/v1/chat-explore/chats/[chatId]/route");
  routes.projects = await import("../app/api/v1/projects/route");
  routes.project = await import("../app/api/v1/projects/[projectId]/route");
  routes.rows = await import("../app/api/v1/datasets/[datasetId]/rows/route");
  routes.legacyDatasets = await import("../app/v1/datasets/route");
  routes.legacyModels = await import("../app/v1/models/route");
});

const cases: RouteCase[] = [
  {
    name: "train/new",
    handler: () => routes.trainNew.POST,
    method: "POST",
    url: "/api/v1/models/train/new",
    validBody: { dataset_id: "x", predict_fields: ["y"], duration: 10 },
    family: "v1",
  },
  {
    name: "train status",
    handler: () => routes.trainStatus.GET,
    method: "GET",
    url: "/api/v1/models/train/nope/status",
    params: { taskId: "nope" },
    family: "v1",
  },
  {
    name: "train result",
    handler: () => routes.trainResult.GET,
    method: "GET",
    url: "/api/v1/models/train/nope/result",
    params: { taskId: "nope" },
    family: "v1",
  },
  { name: "models", handler: () => routes.models.GET, method: "GET", url: "/api/v1/models", family: "v1" },
  { name: "model get", handler: () => routes.model.GET, method: "GET", url: "/api/v1/models/nope", params: { modelId: "nope" }, family: "v1" },
  { name: "model delete", handler: () => routes.model.DELETE, method: "DELETE", url: "/api/v1/models/nope", params: { modelId: "nope" }, family: "v1" },
  {
    name: "predict",
    handler: () => routes.predict.POST,
    method: "POST",
    url: "/api/v1/models/nope/predict",
    params: { modelId: "nope" },
    validBody: { data: [{ a: 1 }] },
    family: "v1",
  },
  {
    name: "chat new",
    handler: () => routes.chatNew.POST,
    method: "POST",
    url: "/api/v1/chat-explore/new",
    validBody: { dataset_id: "nope", messages: [{ role: "user", content: "hi" }] },
    family: "v1",
  },
  {
    name: "chat status",
    handler: () => routes.chatStatus.GET,
    method: "GET",
    url: "/api/v1/chat-explore/status/nope",
    params: { taskId: "nope" },
    family: "v1",
  },
  { name: "chat get", handler: () => routes.chat.GET, method: "GET", url: "/api/v1/chat-explore/chats/nope", params: { chatId: "nope" }, family: "v1" },
  { name: "projects list", handler: () => routes.projects.GET, method: "GET", url: "/api/v1/projects", family: "v1" },
  { name: "projects create", handler: () => routes.projects.POST, method: "POST", url: "/api/v1/projects", validBody: { name: "p" }, family: "v1" },
  { name: "project get", handler: () => routes.project.GET, method: "GET", url: "/api/v1/projects/nope", params: { projectId: "nope" }, family: "v1" },
  {
    name: "project put",
    handler: () => routes.project.PUT,
    method: "PUT",
    url: "/api/v1/projects/nope",
    params: { projectId: "nope" },
    validBody: { name: "n" },
    family: "v1",
  },
  { name: "project delete", handler: () => routes.project.DELETE, method: "DELETE", url: "/api/v1/projects/nope", params: { projectId: "nope" }, family: "v1" },
  { name: "dataset rows", handler: () => routes.rows.GET, method: "GET", url: "/api/v1/datasets/nope/rows", params: { datasetId: "nope" }, family: "v1" },
  { name: "legacy datasets get", handler: () => routes.legacyDatasets.GET, method: "GET", url: "/v1/datasets?id=nope", family: "legacy" },
  {
    name: "legacy datasets post",
    handler: () => routes.legacyDatasets.POST,
    method: "POST",
    url: "/v1/datasets",
    validBody: { id: "nope", rows: [] },
    family: "legacy",
  },
  { name: "legacy datasets delete", handler: () => routes.legacyDatasets.DELETE, method: "DELETE", url: "/v1/datasets?id=nope", family: "legacy" },
  { name: "legacy models get", handler: () => routes.legacyModels.GET, method: "GET", url: "/v1/models", family: "legacy" },
  {
    name: "legacy models post",
    handler: () => routes.legacyModels.POST,
    method: "POST",
    url: "/v1/models",
    validBody: { id: "nope", data: [{ a: 1 }] },
    family: "legacy",
  },
  { name: "legacy models delete", handler: () => routes.legacyModels.DELETE, method: "DELETE", url: "/v1/models?id=nope", family: "legacy" },
];

const withKey = (c: RouteCase, value: string): { headers: Record<string, string> } => ({
  headers: c.family === "v1" ? { "X-API-Key": value } : { api_key: value },
});

describe.each(cases)("$name", (c) => {
  it("missing key: 401 (v1) or the legacy 404 body", async () => {
    const res = await call(c.handler(), c.method, c.url, { params: c.params, body: c.validBody });
    expectDocumented(c, res);
    if (c.family === "v1") {
      expect(res.status).toBe(401);
      expect(res.json.detail).toMatch(/API key/);
    } else {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ status: "missing or invalid API key" });
    }
  });

  it("wrong key: rejected the same way", async () => {
    const res = await call(c.handler(), c.method, c.url, { ...withKey(c, "wrong-key"), params: c.params, body: c.validBody });
    expectDocumented(c, res);
    expect(res.status).toBe(c.family === "v1" ? 401 : 404);
  });

  it("unknown id or bad input: a 4xx with a message, never a 500", async () => {
    const res = await call(c.handler(), c.method, c.url, { ...withKey(c, key), params: c.params, body: c.validBody });
    expectDocumented(c, res);
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(JSON.stringify(res.json)).toMatch(/not found|must|required|Send|Missing/i);
  });

  if (c.validBody !== undefined) {
    it("malformed JSON: 422 json_invalid (as FastAPI answers) on /api/v1, 400 on the legacy API, saying so", async () => {
      const res = await call(c.handler(), c.method, c.url, { ...withKey(c, key), params: c.params, body: '{"broken": ' });
      expectDocumented(c, res);
      if (c.family === "v1") {
        expect(res.status).toBe(422);
        expect(res.json.detail).toEqual([{ loc: ["body"], msg: expect.stringMatching(/not valid JSON/), type: "json_invalid" }]);
      } else {
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ status: "error", message: expect.stringMatching(/not valid JSON/) });
      }
    });

    it("wrong types: 4xx naming the problem", async () => {
      const wrong = Object.fromEntries(Object.keys(c.validBody as object).map((k) => [k, { nested: [1] }]));
      const res = await call(c.handler(), c.method, c.url, { ...withKey(c, key), params: c.params, body: wrong });
      expectDocumented(c, res);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it("a body that is not an object: 4xx", async () => {
      const res = await call(c.handler(), c.method, c.url, { ...withKey(c, key), params: c.params, body: "[1, 2, 3]" });
      expectDocumented(c, res);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  }
});

describe("predict rows (/api/v1/models/{id}/predict)", () => {
  it("names the row that is not a flat object, with a 422 detail", async () => {
    for (const data of [
      [{ a: 1 }, { b: { nested: true } }],
      [{ a: 1 }, [1, 2]],
      [{ a: 1 }, null],
    ]) {
      const res = await call(routes.predict.POST, "POST", "/x", { headers: { "X-API-Key": key }, params: { modelId: "nope" }, body: { data } });
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(["body", "data", 1]);
      expect(res.json.detail[0].msg).toMatch(/each row must be an object/);
    }
  });

  it("asks for at least one row", async () => {
    const res = await call(routes.predict.POST, "POST", "/x", { headers: { "X-API-Key": key }, params: { modelId: "nope" }, body: { data: [] } });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.detail)).toMatch(/at least one row/);
  });
});

describe("legacy parameters (lib/schemas/legacy-params.ts)", () => {
  it("rows: an array or its JSON text; names the row and the field holding a nested value", async () => {
    const { legacyRows } = await import("../lib/schemas/legacy-params");
    const rows = legacyRows("rows");
    const messages = (value: unknown) => rows.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(rows.parse([{ a: 1, b: "x", c: null, d: true }])).toHaveLength(1);
    expect(rows.parse('[{"a": 1}]')).toEqual([{ a: 1 }]);
    expect(messages([{ a: 1 }, { a: 2, b: { nested: 1 } }])).toEqual([expect.stringMatching(/Row 1, field "b": values must be strings/)]);
    expect(messages([{ a: 1 }, [1]])).toEqual([expect.stringMatching(/Row 1 is not an object/)]);
    expect(messages('[{"a": [1]}]')).toEqual([expect.stringMatching(/Row 0, field "a"/)]);
    expect(messages("not json")).toEqual([expect.stringMatching(/rows is a string but not valid JSON/)]);
    expect(messages(5)).toEqual([expect.stringMatching(/rows must be an array of row objects/)]);
    expect(legacyRows("data").safeParse(5).error?.issues[0].message).toMatch(/^data must be an array/);
  });

  it("a __proto__ key in a legacy body is an ordinary, ignored parameter", async () => {
    const res = await call(routes.legacyModels.POST, "POST", "/v1/models", { body: `{"__proto__": {"api_key": "${key}"}, "id": "nope", "data": [{"a": 1}]}` });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: "missing or invalid API key" });
  });

  it("JSON text with a position: the 422 item points at it", async () => {
    const res = await call(routes.trainNew.POST, "POST", "/x", { headers: { "X-API-Key": key }, body: '{"a": 1,}' });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["body", 8], type: "json_invalid" });
  });

  it("a number out of range (1e400): 'Number out of range' with the field's path in both envelopes; nothing stored", async () => {
    const train = await call(routes.trainNew.POST, "POST", "/api/v1/models/train/new", {
      headers: { "X-API-Key": key },
      body: '{"dataset_id": "d", "predict_fields": ["y"], "duration": 1e400}',
    });
    expect(train.status).toBe(422);
    expect(train.json.detail).toEqual([{ loc: ["body", "duration"], msg: expect.stringMatching(/^Number out of range at duration: /), type: "value_error" }]);
    expectDocumented({ method: "POST", url: "/api/v1/models/train/new" }, train);
    const created = await call(routes.legacyDatasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { name: "out of range" } });
    const id = created.json.dataset_id as string;
    const append = await call(routes.legacyDatasets.POST, "POST", `/v1/datasets?api_key=${key}`, {
      body: `{"id": "${id}", "rows": [{"a": 1}, {"a": -1e400}]}`,
    });
    expect(append.status).toBe(400);
    expect(append.json.message).toMatch(/^Number out of range at rows\[1\]\.a: /);
    expectDocumented({ method: "POST", url: "/v1/datasets" }, append);
    expect((await call(routes.legacyDatasets.GET, "GET", `/v1/datasets?api_key=${key}&id=${id}`)).json.rows).toBe(0);
    // Rows sent as JSON text inside a form field are checked the same way.
    const form = await call(routes.legacyDatasets.POST, "POST", "/v1/datasets", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `api_key=${key}&id=${id}&rows=${encodeURIComponent('[{"a": 1}, {"a": 1e400}]')}`,
    });
    expect(form.status).toBe(400);
    expect(form.json.message).toMatch(/rows: Number out of range at \[1\]\.a: /);
    expectDocumented({ method: "POST", url: "/v1/datasets" }, form);
    expect((await call(routes.legacyDatasets.GET, "GET", `/v1/datasets?api_key=${key}&id=${id}`)).json.rows).toBe(0);
  });

  it("a training request naming 200,000 unknown fields: 20 items and a count, each quoting a bounded field list", async () => {
    const created = await call(routes.legacyDatasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { name: "many names" } });
    const id = created.json.dataset_id as string;
    const wide = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, i]));
    expect((await call(routes.legacyDatasets.POST, "POST", `/v1/datasets?api_key=${key}`, { body: { id, rows: [wide, wide] } })).status).toBe(200);
    const names = Array.from({ length: 200_000 }, (_, i) => `n${i}`);
    const body = { dataset_id: id, predict_fields: ["f0"], duration: 10, ignore_fields: names };
    const res = await call(routes.trainNew.POST, "POST", "/api/v1/models/train/new", { headers: { "X-API-Key": key }, body });
    expect(res.status).toBe(422);
    expectDocumented({ method: "POST", url: "/api/v1/models/train/new" }, res);
    expect(res.json.detail).toHaveLength(21);
    expect(res.json.detail[0].msg).toMatch(/^Unknown field "n0"\. .* the dataset has: f0, f1, .*, f49 and 30 more \(/);
    expect(res.json.detail[20]).toEqual({
      loc: ["body", "ignore_fields"],
      msg: "199980 more names in ignore_fields are not fields of the dataset.",
      type: "value_error",
    });
    expect(JSON.stringify(res.json).length).toBeLessThan(30_000);
  });

  it("booleans: JSON booleans, true/false in any case, 1/0; empty or absent is the default; anything else is an error", async () => {
    const { legacyBoolean } = await import("../lib/schemas/legacy-params");
    const flag = legacyBoolean("show_factors");
    for (const yes of [true, "true", "True", " TRUE ", "1", 1]) expect(flag.parse(yes), String(yes)).toBe(true);
    for (const no of [false, "false", "False", "0", 0, "", null, undefined]) expect(flag.parse(no), String(no)).toBe(false);
    for (const bad of ["yes", "2", 2, {}, [], "constructor", "__proto__"])
      expect(flag.safeParse(bad).error?.issues[0].message, String(bad)).toBe("show_factors must be true or false.");
  });

  it("field names: an array, its JSON text or comma-separated text", async () => {
    const { legacyFieldNames } = await import("../lib/schemas/legacy-params");
    const names = legacyFieldNames("predict_fields", { min: 1 });
    expect(names.parse(["a", "b"])).toEqual(["a", "b"]);
    expect(names.parse('["a", "b"]')).toEqual(["a", "b"]);
    expect(names.parse("a, b")).toEqual(["a", "b"]);
    expect(names.safeParse("").error?.issues[0].message).toMatch(/at least one field/);
    expect(names.safeParse("[1]").error?.issues[0].message).toMatch(/field names \(strings\)/);
    expect(names.safeParse("[oops").error?.issues[0].message).toMatch(/not a valid JSON array/);
  });

  it("seconds: numbers or their text, positive and whole, 10 when absent", async () => {
    const { legacySeconds } = await import("../lib/schemas/legacy-params");
    const duration = legacySeconds("duration", 10, 86_400);
    expect(duration.parse(undefined)).toBe(10);
    expect(duration.parse("1")).toBe(1);
    expect(duration.parse(60)).toBe(60);
    for (const bad of [0, -5, 1.5, "abc"]) expect(duration.safeParse(bad).success, String(bad)).toBe(false);
    // No upper bound here: the service trains at most for the longest budget.
    expect(duration.parse("1e9")).toBe(1e9);
  });
});

describe("chat input budget (/api/v1/chat-explore/new)", () => {
  const post = (messages: { role: string; content: string }[]) =>
    call(routes.chatNew.POST, "POST", "/x", { headers: { "X-API-Key": key }, body: { dataset_id: "nope", messages } });

  it("refuses more than 32 KB of message text with a 422 that names the limit", async () => {
    const turns = Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: " ".repeat(3500) + "sales by region" }));
    turns[turns.length - 1].role = "user";
    const res = await post(turns);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "messages"]);
    expect(res.json.detail[0].msg).toMatch(/limit is 32768 bytes \(32 KB\)/);
    // Counted in UTF-8 bytes: 17,000 two-byte letters are 34,000 bytes.
    const wide = await post([{ role: "user", content: "é".repeat(17_000) }]);
    expect(wide.status).toBe(422);
  });

  it("takes a conversation within the budget (then the unknown dataset is 404)", async () => {
    const turns = Array.from({ length: 9 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: "x".repeat(3500) }));
    const res = await post(turns);
    expect(res.status).toBe(404);
  });
});
