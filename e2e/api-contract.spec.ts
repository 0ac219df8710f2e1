// The documented answers that the other specs do not produce, over HTTP against the real server,
// so the contract check (global teardown) validates them too; and the legacy parameter spellings
// real clients send (form bodies where everything is text, JSON text for arrays, True/False).
import { test, expect, createDataset } from "./helpers/fixtures";
import { postOversized } from "./helpers/http";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

test("/api/v1 errors: 401 on every list, 415 for a body that is not JSON, 413 over the limit, 422 for bad queries", async ({ anon, api, apiKey, baseURL }) => {
  for (const path of ["/api/v1/models", "/api/v1/projects", "/api/v1/models/x", "/api/v1/datasets/x/rows"]) {
    const res = await anon.get(path);
    expect(res.status(), path).toBe(401);
    expect((await res.json()).detail).toMatch(/API key/);
  }
  const multipart = await api.post("/api/v1/projects", { multipart: { name: "p" } });
  expect(multipart.status()).toBe(415);
  expect((await multipart.json()).detail).toMatch(/multipart/);
  const xml = await api.post("/api/v1/projects", { data: Buffer.from("<p/>"), headers: { "content-type": "application/xml" } });
  expect(xml.status()).toBe(415);
  const oversized = await postOversized(new URL("/api/v1/projects", baseURL), { "X-API-Key": apiKey }, '{"name": "');
  expect(oversized.status).toBe(413);
  expect(JSON.parse(oversized.body).detail).toMatch(/larger than the limit/);

  const datasetId = await createDataset(api, apiKey, "rows", churnRows(30));
  const page = await api.get(`/api/v1/datasets/${datasetId}/rows?offset=5&limit=10`);
  expect(page.status()).toBe(200);
  const { rows } = await page.json();
  expect(rows).toHaveLength(10);
  expect(rows[0].customer_id).toBe("C10005");
  for (const query of ["limit=0", "limit=5000", "offset=-1", "offset=abc"]) {
    const bad = await api.get(`/api/v1/datasets/${datasetId}/rows?${query}`);
    expect(bad.status(), query).toBe(422);
    expect((await bad.json()).detail[0].loc[0]).toBe("query");
  }
  expect((await api.get("/api/v1/datasets/unknown/rows")).status()).toBe(404);
  expect((await api.delete("/api/v1/models/unknown")).status()).toBe(404);
});

test("legacy errors: 400 naming the parameter, 404 for unknown ids, the key body without a key", async ({ anon, apiKey }) => {
  const key = `api_key=${apiKey}`;
  const cases: { res: () => Promise<import("@playwright/test").APIResponse>; status: number; message: RegExp }[] = [
    { res: () => anon.get(`/v1/datasets?${key}&id=`), status: 400, message: /Missing parameter "id"/ },
    { res: () => anon.delete(`/v1/datasets?${key}`), status: 400, message: /Missing parameter "id"/ },
    { res: () => anon.delete(`/v1/datasets?${key}&id=unknown`), status: 404, message: /not found/ },
    { res: () => anon.delete(`/v1/models?${key}`), status: 400, message: /Missing "id"/ },
    { res: () => anon.delete(`/v1/models?${key}&model_id=unknown`), status: 404, message: /not found/ },
    { res: () => anon.post(`/v1/models?${key}`, { data: { id: "unknown", data: [{ a: 1 }] } }), status: 404, message: /not found/ },
    { res: () => anon.post(`/v1/models?${key}`, { data: { id: "unknown" } }), status: 400, message: /Missing "data"/ },
    {
      res: () => anon.post(`/v1/models?${key}`, { data: { id: "m", data: [{ a: 1 }], show_factors: "sometimes" } }),
      status: 400,
      message: /^show_factors must be true or false\.$/,
    },
    { res: () => anon.post(`/v1/models?${key}`, { data: { id: "m", data: "[{oops" } }), status: 400, message: /data is a string but not valid JSON/ },
    { res: () => anon.post(`/v1/models?${key}`, { data: { id: "m", data: [[1]] } }), status: 400, message: /Row 0 is not an object/ },
    {
      res: () => anon.post(`/v1/models?${key}`, { data: { dataset_id: "d", predict_fields: [] } }),
      status: 400,
      message: /predict_fields must name at least one field/,
    },
    {
      res: () => anon.post(`/v1/models?${key}`, { data: { dataset_id: "d", predict_fields: ["y"], duration: "0" } }),
      status: 400,
      message: /duration must be a positive whole number/,
    },
    { res: () => anon.post(`/v1/models?${key}`, { data: { dataset_id: "unknown", predict_fields: ["y"] } }), status: 404, message: /not found/ },
    { res: () => anon.post(`/v1/models?${key}`, { data: {} }), status: 400, message: /Send "id"/ },
    {
      res: () => anon.post("/v1/datasets", { form: { api_key: apiKey, id: "d", fields: "[{" } }),
      status: 400,
      message: /fields is a string but not valid JSON/,
    },
    { res: () => anon.post("/v1/datasets", { form: { api_key: apiKey, name: "x".repeat(201) } }), status: 400, message: /name must be at most 200 characters/ },
  ];
  for (const c of cases) {
    const res = await c.res();
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(c.status);
    expect(body.status).toBe("error");
    expect(body.message).toMatch(c.message);
  }
  for (const res of [
    await anon.get("/v1/models"),
    await anon.delete("/v1/models?id=x"),
    await anon.post("/v1/models", { form: { id: "x" } }),
    await anon.delete("/v1/datasets?id=x"),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ status: "missing or invalid API key" });
  }
});

test("legacy spellings: a form body with comma-separated fields, JSON text rows and fields, True/False and 1/0", async ({ anon, apiKey }) => {
  const { dataset_id } = await (await anon.post("/v1/datasets", { form: { api_key: apiKey, name: "form-made" } })).json();
  const appended = await anon.post("/v1/datasets", { form: { api_key: apiKey, id: dataset_id, rows: JSON.stringify(churnRows(120)) } });
  expect(appended.status(), await appended.text()).toBe(200);
  const typed = await anon.post("/v1/datasets", {
    form: { api_key: apiKey, id: dataset_id, fields: JSON.stringify([{ name: "tenure_months", type: "float" }]) },
  });
  expect(typed.status(), await typed.text()).toBe(200);
  const reparsed = await anon.post("/v1/datasets", { form: { api_key: apiKey, id: dataset_id, parse_fields: "True" } });
  expect(reparsed.status(), await reparsed.text()).toBe(200);
  const info = await (await anon.get(`/v1/datasets?api_key=${apiKey}&id=${dataset_id}`)).json();
  expect(info.rows).toBe(120);
  expect(info.fields.find((f: { name: string }) => f.name === "tenure_months").type).toBe("integer");

  const trained = await anon.post("/v1/models", {
    form: { api_key: apiKey, dataset_id, predict_fields: "churned", ignore_fields: "customer_id, region", duration: "1", extra_attention: "False", force: "1" },
  });
  expect(trained.status(), await trained.text()).toBe(200);
  const result = await trained.json();
  expect(result.status).toBe("success");
  expect(result.field_importance.region).toBe(0);

  const predicted = await anon.post("/v1/models", {
    form: { api_key: apiKey, id: result.model_id, data: JSON.stringify([{ plan: "basic" }]), show_factors: "TRUE" },
  });
  expect(predicted.status(), await predicted.text()).toBe(200);
  const [row] = (await predicted.json()).predictions;
  expect(Object.keys(row).some((k) => k.startsWith("akkio_prediction_factor_"))).toBe(true);
  const plain = await anon.post("/v1/models", {
    form: { api_key: apiKey, model_id: result.model_id, data: JSON.stringify([{ plan: "basic" }]), explain: "0" },
  });
  expect(Object.keys((await plain.json()).predictions[0]).some((k) => k.startsWith("akkio_prediction_factor_"))).toBe(false);

  // data in the query string, as some clients send it: here ~28 KB of URL, over Node's default 16 KB for the request line.
  const many = Array.from({ length: 400 }, (_, i) => ({ plan: i % 2 ? "basic" : "premium", tenure_months: i % 50 }));
  const inQuery = await anon.post(`/v1/models?api_key=${apiKey}&id=${result.model_id}&data=${encodeURIComponent(JSON.stringify(many))}`);
  expect(inQuery.status(), await inQuery.text()).toBe(200);
  expect((await inQuery.json()).predictions).toHaveLength(400);

  expect(await (await anon.delete("/v1/models", { form: { api_key: apiKey, model_id: result.model_id } })).json()).toEqual({ status: "success" });
});
