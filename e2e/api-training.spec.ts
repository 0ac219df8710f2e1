// Asynchronous training and the legacy models API over HTTP, with the real workers.
import { request, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

let datasetId = "";
let modelId = "";

test("train, poll, fetch the result, reuse, predict, delete", async ({ api, anon, apiKey, baseURL }) => {
  datasetId = await createDataset(api, apiKey, "churn", churnRows());
  const submitted = await api.post("/api/v1/models/train/new", {
    data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10, ignore_fields: ["region"], extra_property: "allowed" },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { task_id } = await submitted.json();
  const first = await (await api.get(`/api/v1/models/train/${task_id}/status`)).json();
  expect(["PENDING", "IN_PROGRESS"]).toContain(first.status);
  expect(first.metadata.type).toBe(first.status);

  const done = await waitForTask(api, `/api/v1/models/train/${task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  expect(done.metadata.location).toBe(`/api/v1/models/train/${task_id}/result`);

  const result = await (await api.get(done.metadata.location)).json();
  expect(result.status).toBe("success");
  modelId = result.model_id;
  expect(result.stats).toHaveLength(1);
  const classes = result.stats[0];
  expect(classes.map((c: { class_name: string }) => c.class_name).sort()).toEqual(["no", "yes"]);
  for (const c of classes) {
    for (const key of [
      "field",
      "field_name",
      "field_type",
      "class",
      "class_name",
      "count",
      "true positives",
      "false positives",
      "false negatives",
      "precision",
      "recall",
      "f1",
      "frequency",
    ]) {
      expect(c, key).toHaveProperty([key]);
    }
    expect(c.field_name).toBe("churned");
  }
  expect(classes.reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(80); // 20% of 400
  const importance = result.field_importance as Record<string, number>;
  expect(Object.keys(importance).sort()).toEqual(["churned", "customer_id", "monthly_usage", "plan", "region", "signup", "tenure_months"]);
  expect(importance.churned).toBe(0);
  expect(importance.region).toBe(0);
  expect(Object.values(importance).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  expect(result.data_story[0].name).toBe("churned");
  expect(result.data_story[0].outcomes.length).toBe(2);

  // force: false reuses the identical model at once; force: true trains anew.
  const again = await (
    await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10, ignore_fields: ["region"] } })
  ).json();
  const reused = await (await api.get(`/api/v1/models/train/${again.task_id}/status`)).json();
  expect(reused.status).toBe("SUCCEEDED");
  expect((await (await api.get(`/api/v1/models/train/${again.task_id}/result`)).json()).model_id).toBe(modelId);

  // The model's result again, without retraining.
  const byId = await (await api.get(`/api/v1/models/${modelId}`)).json();
  expect(byId.model_id).toBe(modelId);

  // Legacy listing and predictions with probabilities and factors.
  const listed = await (await anon.get(`/v1/models?api_key=${apiKey}`)).json();
  const entry = listed.models.find((m: { id: string }) => m.id === modelId);
  expect(entry.predict_fields).toEqual(["churned"]);
  expect(entry.ignored_fields).toEqual(["region"]);
  expect(entry.created_at).toBeTruthy();

  const predicted = await anon.post(`/v1/models?api_key=${apiKey}`, {
    data: {
      id: modelId,
      data: [
        { plan: "basic", monthly_usage: 5, tenure_months: 2 },
        { plan: "premium", monthly_usage: "90", tenure_months: "50" },
      ],
      show_factors: true,
    },
  });
  expect(predicted.status(), await predicted.text()).toBe(200);
  const { predictions } = await predicted.json();
  expect(predictions).toHaveLength(2);
  for (const p of predictions) {
    expect(["yes", "no"]).toContain(p.churned);
    expect(p["Probability churned is yes"] + p["Probability churned is no"]).toBeCloseTo(1, 5);
    expect(p.region).toBe(""); // fields not sent are echoed as ""
    const factors = Object.entries(p).filter(([k]) => k.startsWith("akkio_prediction_factor_"));
    expect(factors.length).toBeGreaterThan(0);
    for (const [, v] of factors) expect(v as number).toBeGreaterThanOrEqual(0);
  }
  expect(predictions[0]["Probability churned is yes"]).toBeGreaterThan(predictions[1]["Probability churned is yes"]);

  // data as a JSON string, model_id alias, explain alias
  const asString = await anon.post("/v1/models", { data: { api_key: apiKey, model_id: modelId, data: JSON.stringify([{ plan: "basic" }]), explain: true } });
  expect(asString.status()).toBe(200);

  // Large responses are gzipped once (by the web server, level 1) for clients that accept gzip.
  const many = Array.from({ length: 500 }, (_, i) => ({ plan: i % 2 ? "basic" : "premium", monthly_usage: i % 97, tenure_months: i % 40 }));
  const raw = async (acceptEncoding: string) => {
    const res = await rawPost(`${baseURL}/v1/models?api_key=${apiKey}`, JSON.stringify({ id: modelId, data: many }), acceptEncoding);
    return { encoding: res.headers["content-encoding"], body: res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body };
  };
  const zipped = await raw("gzip, deflate");
  expect(zipped.encoding).toBe("gzip");
  expect(JSON.parse(zipped.body.toString("utf8")).predictions).toHaveLength(500);
  const plain = await raw("identity");
  expect(plain.encoding).toBeUndefined();
  expect(JSON.parse(plain.body.toString("utf8")).predictions).toEqual(JSON.parse(zipped.body.toString("utf8")).predictions);
});

function rawPost(url: string, body: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json", "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("validation errors are 422 with detail items naming each bad field", async ({ api }) => {
  const cases: { body: unknown; loc: (string | number)[] }[] = [
    { body: { dataset_id: datasetId, predict_fields: ["churned"] }, loc: ["body", "duration"] },
    { body: { dataset_id: datasetId, predict_fields: ["churned"], duration: 5 }, loc: ["body", "duration"] },
    { body: { dataset_id: datasetId, predict_fields: "churned", duration: 10 }, loc: ["body", "predict_fields"] },
    { body: { predict_fields: ["churned"], duration: 10 }, loc: ["body", "dataset_id"] },
    { body: { dataset_id: datasetId, predict_fields: ["Churned"], duration: 10 }, loc: ["body", "predict_fields", 0] },
    { body: { dataset_id: datasetId, predict_fields: ["churned"], ignore_fields: ["nope"], duration: 10 }, loc: ["body", "ignore_fields", 0] },
    { body: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10, force: "maybe" }, loc: ["body", "force"] },
    { body: { dataset_id: datasetId, predict_fields: ["churned"], duration: "30" }, loc: ["body", "duration"] },
  ];
  for (const c of cases) {
    const res = await api.post("/api/v1/models/train/new", { data: c.body as object });
    expect(res.status(), JSON.stringify(c.body)).toBe(422);
    const { detail } = await res.json();
    expect(Array.isArray(detail)).toBe(true);
    const item = detail.find((d: { loc: unknown[] }) => JSON.stringify(d.loc) === JSON.stringify(c.loc));
    expect(item, JSON.stringify(detail)).toBeTruthy();
    expect(typeof item.msg).toBe("string");
    expect(typeof item.type).toBe("string");
  }
  const malformed = await api.post("/api/v1/models/train/new", { data: Buffer.from("{not json"), headers: { "content-type": "application/json" } });
  expect(malformed.status()).toBe(422);
  const [problem] = (await malformed.json()).detail;
  expect(problem.type).toBe("json_invalid");
  expect(problem.msg).toMatch(/not valid JSON/);
});

test("loose values as Pydantic reads them: duration and booleans as text", async ({ api }) => {
  // The hosted service (FastAPI) reads "10" as 10 and "true"/"yes"/1 as true; clients that build
  // bodies from text rely on it.
  const body = { dataset_id: datasetId, predict_fields: ["churned"], ignore_fields: ["region"], duration: "10", force: "false", extra_attention: "False" };
  const res = await api.post("/api/v1/models/train/new", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const done = await waitForTask(api, `/api/v1/models/train/${(await res.json()).task_id}/status`, 60_000);
  expect(done.status).toBe("SUCCEEDED");
});

test("auth and ids: 401 for missing or wrong keys, 404 for unknown ids, 409 for results not ready", async ({ anon, api, baseURL }) => {
  expect((await anon.post("/api/v1/models/train/new", { data: {} })).status()).toBe(401);
  expect((await anon.get("/api/v1/models/train/x/status", { headers: { "X-API-Key": "wrong" } })).status()).toBe(401);
  // header names are case-insensitive and values are trimmed
  const lower = await fetch(`${baseURL}/api/v1/models`, { headers: { "x-api-key": `  ${process.env.E2E_API_KEY}  ` } });
  expect(lower.status).toBe(200);
  expect((await api.get("/api/v1/models/train/unknown-task/status")).status()).toBe(404);
  expect((await api.get("/api/v1/models/train/unknown-task/result")).status()).toBe(404);
  expect((await api.get("/api/v1/models/unknown-model")).status()).toBe(404);
});

test("a dataset with no rows or a single-class target fails with a remedy", async ({ api, apiKey }) => {
  const { dataset_id: empty } = await (await api.post(`/v1/datasets?api_key=${apiKey}`, { data: { name: "empty" } })).json();
  const res = await api.post("/api/v1/models/train/new", { data: { dataset_id: empty, predict_fields: ["y"], duration: 10 } });
  expect(res.status()).toBe(201);
  const emptyDone = await waitForTask(api, `/api/v1/models/train/${(await res.json()).task_id}/status`);
  expect(emptyDone.status).toBe("FAILED");
  expect(emptyDone.metadata.error).toMatch(/no rows.*Add rows/);

  const oneClass = await createDataset(
    api,
    apiKey,
    "one-class",
    churnRows(60).map((r) => ({ ...r, churned: "no" })),
  );
  const task = await (await api.post("/api/v1/models/train/new", { data: { dataset_id: oneClass, predict_fields: ["churned"], duration: 10 } })).json();
  const done = await waitForTask(api, `/api/v1/models/train/${task.task_id}/status`);
  expect(done.status).toBe("FAILED");
  expect(done.metadata.error).toMatch(/one (class|value)|single/i);
  const result = await api.get(`/api/v1/models/train/${task.task_id}/result`);
  expect(result.status()).toBe(409);
});

test("legacy synchronous training answers with the training result", async ({ anon, apiKey }) => {
  const res = await anon.post(`/v1/models?api_key=${apiKey}`, { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 1, force: true } });
  expect(res.status(), await res.text()).toBe(200);
  const result = await res.json();
  expect(result.status).toBe("success");
  expect(result.model_id).toBeTruthy();
  expect(result.stats[0].length).toBe(2);
  const bad = await anon.post(`/v1/models?api_key=${apiKey}`, { data: { dataset_id: datasetId, predict_fields: ["nope"] } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toMatch(/nope/);
  // Predict first, so the model and its owner are cached: deletion must still take effect at once.
  expect((await anon.post(`/v1/models?api_key=${apiKey}`, { data: { id: result.model_id, data: [{ plan: "basic" }] } })).status()).toBe(200);
  const deleted = await anon.delete(`/v1/models?api_key=${apiKey}&id=${result.model_id}`);
  expect(await deleted.json()).toEqual({ status: "success" });
  expect((await anon.post(`/v1/models?api_key=${apiKey}`, { data: { id: result.model_id, data: [{ plan: "basic" }] } })).status()).toBe(404);
});

test("two trainings at once both succeed, and a regression target works", async ({ api, apiKey }) => {
  const regression = await createDataset(api, apiKey, "usage", churnRows(300, 11));
  const [a, b] = await Promise.all([
    api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 10, force: true } }),
    api.post("/api/v1/models/train/new", { data: { dataset_id: regression, predict_fields: ["monthly_usage"], duration: 10 } }),
  ]);
  const [ta, tb] = [(await a.json()).task_id, (await b.json()).task_id];
  const [da, db] = await Promise.all([
    waitForTask(api, `/api/v1/models/train/${ta}/status`, 150_000),
    waitForTask(api, `/api/v1/models/train/${tb}/status`, 150_000),
  ]);
  expect(da.status).toBe("SUCCEEDED");
  expect(db.status).toBe("SUCCEEDED");
  const reg = await (await api.get(`/api/v1/models/train/${tb}/result`)).json();
  const stat = reg.stats[0][0];
  expect(stat.field_name).toBe("monthly_usage");
  for (const key of ["count", "mae", "rmse", "r2"]) expect(stat).toHaveProperty(key);
  const predicted = await api.post(`/api/v1/models/${reg.model_id}/predict`, { data: { data: [{ plan: "basic", tenure_months: 3 }] } });
  expect(typeof (await predicted.json()).predictions[0].monthly_usage).toBe("number");
  // explain is show_factors' alias here too, as on /v1/models (compatibility.md Predictions).
  const explained = await api.post(`/api/v1/models/${reg.model_id}/predict`, { data: { data: [{ plan: "basic", tenure_months: 3 }], explain: true } });
  const factors = Object.keys((await explained.json()).predictions[0]).filter((k) => k.startsWith("akkio_prediction_factor_"));
  expect(factors.length).toBeGreaterThan(0);
});

test("a running training can be cancelled: it ends FAILED at once, the worker stops and takes the next task", async ({ api }) => {
  const submitted = await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["churned"], duration: 60, force: true } });
  const { task_id } = await submitted.json();
  const statusPath = `/api/v1/models/train/${task_id}/status`;
  await expect.poll(async () => (await (await api.get(statusPath)).json()).status, { timeout: 60_000 }).toBe("IN_PROGRESS");

  const cancelled = await api.post(`/api/v1/models/train/${task_id}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const body = await cancelled.json();
  expect(body.status).toBe("FAILED");
  expect(body.metadata.error).toMatch(/Cancelled/);
  expect((await api.post(`/api/v1/models/train/${task_id}/cancel`)).status()).toBe(409);
  expect((await api.post(`/api/v1/models/train/no-such-task/cancel`)).status()).toBe(404);
  expect((await api.get(`/api/v1/models/train/${task_id}/result`)).status()).toBe(409);

  // The worker gave the cancelled training up: a new one runs and finishes long before the 60 s.
  const started = Date.now();
  const next = await (
    await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["plan"], duration: 10, force: true } })
  ).json();
  const done = await waitForTask(api, `/api/v1/models/train/${next.task_id}/status`, 60_000);
  expect(done.status).toBe("SUCCEEDED");
  expect(Date.now() - started).toBeLessThan(45_000);
  expect((await (await api.get(statusPath)).json()).metadata.error).toMatch(/Cancelled/); // not overwritten by the worker
});

test("identical trainings joined: the first caller cancels, the caller who joined still gets the model", async ({ api }) => {
  // force: false and settings no earlier model has, so the second request joins the first's training.
  const request = { dataset_id: datasetId, predict_fields: ["plan"], ignore_fields: ["customer_id"], extra_attention: true, duration: 10 };
  const first = await (await api.post("/api/v1/models/train/new", { data: request })).json();
  const joined = await api.post("/api/v1/models/train/new", { data: request });
  expect(joined.status()).toBe(201);
  const second = await joined.json();
  expect(second.task_id).not.toBe(first.task_id); // each caller polls (and may cancel) a task of its own
  const firstPath = `/api/v1/models/train/${first.task_id}/status`;
  const secondPath = `/api/v1/models/train/${second.task_id}/status`;
  await expect.poll(async () => (await (await api.get(firstPath)).json()).status, { timeout: 60_000 }).toBe("IN_PROGRESS");
  expect((await (await api.get(secondPath)).json()).status).toBe("IN_PROGRESS");

  const cancelled = await api.post(`/api/v1/models/train/${first.task_id}/cancel`);
  expect(cancelled.status()).toBe(200);
  expect((await cancelled.json()).metadata.error).toMatch(/Cancelled/);
  const done = await waitForTask(api, secondPath, 60_000);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  expect(done.metadata.location).toBe(`/api/v1/models/train/${second.task_id}/result`);
  const result = await (await api.get(done.metadata.location)).json();
  expect(result.stats[0][0].field_name).toBe("plan");
  const after = await (await api.get(firstPath)).json();
  expect(after.status).toBe("FAILED");
  expect(after.metadata.error).toMatch(/Cancelled/);
  expect((await api.post(`/api/v1/models/train/${second.task_id}/cancel`)).status()).toBe(409);
  // The same request again reuses that one model.
  const reused = await (await api.post("/api/v1/models/train/new", { data: request })).json();
  expect((await (await api.get(`/api/v1/models/train/${reused.task_id}/result`)).json()).model_id).toBe(result.model_id);
});
