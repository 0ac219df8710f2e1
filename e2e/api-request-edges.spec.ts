// Requests at the edges of what clients send, over HTTP against the real server: API paths with a
// trailing slash (answered as without it: many HTTP clients do not follow a 308 for a POST), and
// bodies of about 10 MB and over the limit (a clear 4xx or success, never a 500; nothing stored lost).
import { test, expect, createDataset } from "./helpers/fixtures";
import { postOversized } from "./helpers/http";

test.describe.configure({ mode: "serial" });

const rows = Array.from({ length: 60 }, (_, i) => ({ x: i, z: (i * 7) % 11, y: i % 3 ? "a" : "b" }));

test("API paths with a trailing slash answer as without it (no 308), for every method; pages still redirect", async ({ anon, api, apiKey }) => {
  const noRedirect = { maxRedirects: 0 };
  // Legacy API: create (the JSON body reaches the handler), append, inspect, delete.
  const created = await anon.post(`/v1/datasets/?api_key=${apiKey}`, { data: { name: "slash" }, ...noRedirect });
  expect(created.status(), await created.text()).toBe(200);
  const { dataset_id, dataset_name } = await created.json();
  expect(dataset_name).toBe("slash");
  const appended = await anon.post("/v1/datasets/", { data: { api_key: apiKey, id: dataset_id, rows }, ...noRedirect });
  expect(appended.status()).toBe(200);
  const info = await anon.get(`/v1/datasets/?api_key=${apiKey}&id=${dataset_id}`, noRedirect);
  expect((await info.json()).rows).toBe(rows.length);

  // /api/v1: POST, PUT, GET, DELETE.
  const train = await api.post("/api/v1/models/train/new/", { data: { dataset_id, predict_fields: ["y"], duration: 10 }, ...noRedirect });
  expect(train.status(), await train.text()).toBe(201);
  expect((await train.json()).task_id).toEqual(expect.any(String));
  const project = await api.post("/api/v1/projects/", { data: { name: "slash project" }, ...noRedirect });
  expect(project.status()).toBe(201);
  const { id: projectId } = await project.json();
  const renamed = await api.put(`/api/v1/projects/${projectId}/`, { data: { name: "renamed" }, ...noRedirect });
  expect(renamed.status()).toBe(201);
  expect((await renamed.json()).name).toBe("renamed");
  expect((await api.get("/api/v1/projects/", noRedirect)).status()).toBe(200);
  expect((await api.delete(`/api/v1/projects/${projectId}/`, noRedirect)).status()).toBe(200);
  expect((await api.get(`/api/v1/projects/${projectId}`, noRedirect)).status()).toBe(404);
  const removed = await anon.delete(`/v1/datasets/?api_key=${apiKey}&id=${dataset_id}`, noRedirect);
  expect(removed.status()).toBe(200);

  // Pages and the web app's own routes keep Next's redirect to the path without the slash.
  const page = await anon.get("/datasets/?tab=1", noRedirect);
  expect(page.status()).toBe(308);
  expect(page.headers().location).toMatch(/^(https?:\/\/[^/]+)?\/datasets\?tab=1$/);
  expect((await anon.get("/api/auth/me/", noRedirect)).status()).toBe(308);
});

test("about 10 MB of rows: appended in full; with one bad row at the end nothing is stored", async ({ anon, apiKey }) => {
  const id = await createDataset(
    anon,
    apiKey,
    "ten megabytes",
    rows.map((r) => ({ ...r, note: "first rows" })),
  );
  const count = async () => (await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${id}`)).json()).rows as number;
  const big = Array.from({ length: 125_000 }, (_, i) => ({ x: i, z: i % 11, y: i % 3 ? "a" : "b", note: `row ${i} of a batch of about ten megabytes` }));
  const body = JSON.stringify({ api_key: apiKey, id, rows: big });
  expect(body.length).toBeGreaterThan(9_000_000);
  const ok = await anon.post("/v1/datasets", { data: body, headers: { "content-type": "application/json" } });
  expect(ok.status(), (await ok.text()).slice(0, 300)).toBe(200);
  expect(await count()).toBe(rows.length + big.length);

  const bad = JSON.stringify({ api_key: apiKey, id, rows: [...big, { x: 1, z: 2, y: "a", note: { nested: true } }] });
  const refused = await anon.post("/v1/datasets", { data: bad, headers: { "content-type": "application/json" } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toMatch(/Row 125000, field "note"/);
  expect(await count()).toBe(rows.length + big.length);

  // Over the documented limit (MAX_BODY_MB): 413 before the body is read, saying what to do.
  const oversized = await postOversized(
    new URL(`/v1/datasets?api_key=${apiKey}`, process.env.E2E_BASE_URL),
    {},
    `{"id": "${id}", "rows": [` + '{"x": 1},'.repeat(1000),
  );
  expect(oversized.status).toBe(413);
  expect(JSON.parse(oversized.body).message).toMatch(/larger than the limit of 256 MB\. Send rows in smaller batches/);
  expect(await count()).toBe(rows.length + big.length);
});

test("a training request of about 10 MB: a short 422 (or 400) naming the problem, not one item per name; 413 over the limit", async ({
  anon,
  api,
  apiKey,
  baseURL,
}) => {
  const id = await createDataset(anon, apiKey, "big training request", rows);
  const names = Array.from({ length: 1_000_000 }, (_, i) => `n${i}`);
  const body = JSON.stringify({ dataset_id: id, predict_fields: ["y"], duration: 10, ignore_fields: names });
  expect(body.length).toBeGreaterThan(9_000_000);
  const started = Date.now();
  const v1 = await api.post("/api/v1/models/train/new", { data: body, headers: { "content-type": "application/json" } });
  expect(v1.status()).toBe(422);
  const text = await v1.text();
  expect(text.length).toBeLessThan(20_000);
  const { detail } = JSON.parse(text);
  expect(detail).toHaveLength(21);
  expect(detail[0]).toMatchObject({ loc: ["body", "ignore_fields", 0], msg: expect.stringMatching(/^Unknown field "n0"\. .*the dataset has: x, z, y\.$/) });
  expect(detail[20]).toEqual({
    loc: ["body", "ignore_fields"],
    msg: `${names.length - 20} more names in ignore_fields are not fields of the dataset.`,
    type: "value_error",
  });
  const legacy = await anon.post(`/v1/models?api_key=${apiKey}`, { data: body, headers: { "content-type": "application/json" } });
  expect(legacy.status()).toBe(400);
  expect((await legacy.json()).message).toMatch(/^Unknown field "n0"/);
  expect(Date.now() - started).toBeLessThan(60_000);

  const oversized = await postOversized(
    new URL("/api/v1/models/train/new", baseURL),
    { "X-API-Key": apiKey },
    '{"dataset_id": "x", "predict_fields": ["y"], "duration": 10, "ignore_fields": [',
  );
  expect(oversized.status).toBe(413);
  expect(JSON.parse(oversized.body).detail).toMatch(/larger than the limit of 256 MB/);
});

test("a method a path does not have: 405 with the family's JSON error naming the methods to use, and an Allow header", async ({ anon, apiKey }) => {
  const cases = [
    {
      res: () => anon.put(`/v1/datasets?api_key=${apiKey}`, { data: { name: "x" } }),
      allow: "DELETE, GET, HEAD, OPTIONS, POST",
      body: { status: "error", message: "PUT is not supported on /v1/datasets; use DELETE, GET or POST." },
    },
    {
      res: () => anon.get("/api/v1/models/train/new"),
      allow: "OPTIONS, POST",
      body: { detail: "GET is not supported on /api/v1/models/train/new; use POST." },
    },
    {
      res: () => anon.delete("/api/v1/models/train/some-task/status", { headers: { "X-API-Key": apiKey } }),
      allow: "GET, HEAD, OPTIONS",
      body: { detail: "DELETE is not supported on /api/v1/models/train/some-task/status; use GET." },
    },
    {
      // With a trailing slash too (answered as without it).
      res: () => anon.patch("/api/v1/projects/some-project/", { data: { name: "x" } }),
      allow: "DELETE, GET, HEAD, OPTIONS, PUT",
      body: { detail: "PATCH is not supported on /api/v1/projects/some-project; use DELETE, GET or PUT." },
    },
  ];
  for (const c of cases) {
    const res = await c.res();
    expect(res.status(), res.url()).toBe(405);
    expect(res.headers()["content-type"]).toMatch(/^application\/json/);
    expect(res.headers().allow).toBe(c.allow);
    expect(await res.json()).toEqual(c.body);
  }
  // Unknown paths still answer the catch-all 404, whatever the method.
  expect((await anon.put("/v1/nothing")).status()).toBe(404);
});
