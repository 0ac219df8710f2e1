// The insights report, decision thresholds, read-only report links, versions and retraining, and
// the cancel race, over HTTP against the real server and workers.
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

let datasetId = "";
let modelId = "";
const probe = [
  { plan: "basic", region: "north", monthly_usage: 5, tenure_months: 2 },
  { plan: "premium", region: "south", monthly_usage: 90, tenure_months: 50 },
  { plan: "standard", region: "east", monthly_usage: 35, tenure_months: 12 },
  { plan: "basic", region: "west", monthly_usage: 60, tenure_months: 30 },
];
type Prediction = Record<string, string | number>;
let plainPredictions: Prediction[] = [];

test("a trained model carries its insights report; predictions without a threshold are unchanged", async ({ api, anon, apiKey }) => {
  datasetId = await createDataset(api, apiKey, "insights churn", churnRows(400, 21));
  // Legacy synchronous training takes any budget: 1 second keeps the suite fast.
  const trained = await anon.post(`/v1/models?api_key=${apiKey}`, {
    data: { dataset_id: datasetId, predict_fields: ["churned"], ignore_fields: ["customer_id"], duration: 1, force: true },
  });
  expect(trained.status(), await trained.text()).toBe(200);
  modelId = (await trained.json()).model_id;
  const details = await (await api.get(`/api/v1/models/${modelId}`)).json();
  expect(details.model.active_version).toBe(1);
  expect(details.model.thresholds).toEqual({});
  const insights = details.model.report.fields[0].insights;
  expect(insights.task).toBe("binary");
  expect(insights.holdoutRows).toBe(80);
  expect(insights.thresholds.byClass.map((c: { class: string }) => c.class)).toEqual(["no", "yes"]);
  expect(insights.curves[1].auc).toBeGreaterThan(0.5);
  expect(insights.partialDependence.length).toBeGreaterThan(0);
  expect(insights.fieldStats.length).toBeGreaterThan(0);
  plainPredictions = (await (await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe } })).json()).predictions;
  for (const p of plainPredictions) expect(p.churned).toBe((p["Probability churned is yes"] as number) > 0.5 ? "yes" : "no");
});

test("decision threshold: stored with the model, used by both APIs, overridable per request, validated", async ({ api, anon, apiKey }) => {
  const put = await api.put(`/api/v1/models/${modelId}/threshold`, { data: { threshold: 0.02, positive_class: "yes" } });
  expect(put.status(), await put.text()).toBe(200);
  expect(await put.json()).toMatchObject({ model_id: modelId, field: "churned", threshold: 0.02, positive_class: "yes" });
  expect((await (await api.get(`/api/v1/models/${modelId}`)).json()).model.thresholds).toEqual({ churned: { threshold: 0.02, positive_class: "yes" } });

  const stored = (await (await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe } })).json()).predictions as Prediction[];
  stored.forEach((p, i) => {
    expect(p["Probability churned is yes"]).toBe(plainPredictions[i]["Probability churned is yes"]); // probabilities never change
    expect(p.churned).toBe((p["Probability churned is yes"] as number) > 0.02 ? "yes" : "no");
  });
  expect(stored.filter((p) => p.churned === "yes").length).toBeGreaterThanOrEqual(plainPredictions.filter((p) => p.churned === "yes").length);
  const legacy = (await (await anon.post(`/v1/models?api_key=${apiKey}`, { data: { id: modelId, data: probe } })).json()).predictions as Prediction[];
  expect(legacy.map((p) => p.churned)).toEqual(stored.map((p) => p.churned));

  // Per request: a stricter threshold for this call only.
  const strict = (await (await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe, threshold: 0.97 } })).json()).predictions as Prediction[];
  strict.forEach((p) => expect(p.churned).toBe((p["Probability churned is yes"] as number) > 0.97 ? "yes" : "no"));
  const legacyStrict = (await (await anon.post(`/v1/models?api_key=${apiKey}&threshold=0.97`, { data: { id: modelId, data: probe } })).json())
    .predictions as Prediction[];
  expect(legacyStrict.map((p) => p.churned)).toEqual(strict.map((p) => p.churned));

  for (const threshold of [0, 1, -0.5, 3, "high", null]) {
    const bad = await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe, threshold } });
    expect(bad.status(), JSON.stringify(threshold)).toBe(422);
    expect((await bad.json()).detail[0].loc).toEqual(["body", "threshold"]);
    const badPut = await api.put(`/api/v1/models/${modelId}/threshold`, { data: { threshold: threshold === null ? 2 : threshold } });
    expect(badPut.status()).toBe(422);
  }
  const legacyBad = await anon.post(`/v1/models?api_key=${apiKey}`, { data: { id: modelId, data: probe, threshold: 1.5 } });
  expect(legacyBad.status()).toBe(400);
  expect(await legacyBad.json()).toMatchObject({ status: "error", message: expect.stringMatching(/between 0 and 1/) });
  expect((await api.put(`/api/v1/models/${modelId}/threshold`, { data: { threshold: 0.3, positive_class: "maybe" } })).status()).toBe(422);
  expect((await api.put(`/api/v1/models/${modelId}/threshold`, { data: {} })).status()).toBe(422);
  expect((await api.put(`/api/v1/models/unknown/threshold`, { data: { threshold: 0.3 } })).status()).toBe(404);
  expect((await anon.put(`/api/v1/models/${modelId}/threshold`, { data: { threshold: 0.3 } })).status()).toBe(401);

  // null restores the default: predictions are exactly what they were.
  expect((await api.put(`/api/v1/models/${modelId}/threshold`, { data: { threshold: null } })).status()).toBe(200);
  expect((await (await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe } })).json()).predictions).toEqual(plainPredictions);
});

test("read-only report link: opens signed out, leaks no ids or keys, reaches nothing else, revocable", async ({ api, anon, apiKey, baseURL }) => {
  const created = await api.post(`/api/v1/models/${modelId}/share-links`);
  expect(created.status(), await created.text()).toBe(201);
  const link = await created.json();
  expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(link.path).toBe(`/share/${link.token}`);
  expect(link.include_examples).toBe(false);

  const page = await fetch(`${baseURL}${link.path}`, { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("insights churn: churned");
  expect(html).toContain("no-referrer");
  for (const secret of [modelId, datasetId, apiKey, link.id]) expect(html).not.toContain(secret);
  expect(page.headers.get("cache-control") ?? "").toMatch(/no-store/);

  // The link opens the report, nothing else: no API access, no other page, no listing of links.
  expect((await anon.get(`/api/v1/models/${modelId}`)).status()).toBe(401);
  expect((await anon.get(`/api/v1/models/${modelId}/share-links`)).status()).toBe(401);
  expect((await fetch(`${baseURL}${link.path}/x`)).status).toBe(404);
  expect((await fetch(`${baseURL}/share/${"A".repeat(43)}`)).status).toBe(404);
  expect((await fetch(`${baseURL}/share/short`)).status).toBe(404);
  const listed = await (await api.get(`/api/v1/models/${modelId}/share-links`)).json();
  expect(listed.links.map((l: { id: string }) => l.id)).toContain(link.id);
  expect(JSON.stringify(listed)).not.toContain(link.token);

  const revoked = await api.delete(`/api/v1/models/${modelId}/share-links/${link.id}`);
  expect(revoked.status()).toBe(200);
  expect((await fetch(`${baseURL}${link.path}`)).status).toBe(404);
  expect((await api.delete(`/api/v1/models/${modelId}/share-links/${link.id}`)).status()).toBe(200); // idempotent
  expect((await api.delete(`/api/v1/models/${modelId}/share-links/unknown`)).status()).toBe(404);
  expect((await api.post(`/api/v1/models/${modelId}/share-links`, { data: { include_examples: "yes" } })).status()).toBe(422);
});

test("retrain: a new version of the same model; versions side by side; activate; delete", async ({ api, anon, apiKey }) => {
  await createRowsOn(api, apiKey, datasetId, churnRows(200, 22));
  const retrain = await api.post(`/api/v1/models/${modelId}/retrain`);
  expect(retrain.status(), await retrain.text()).toBe(201);
  const { task_id } = await retrain.json();
  const done = await waitForTask(api, `/api/v1/models/train/${task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  const result = await (await api.get(done.metadata.location)).json();
  expect(result.model_id).toBe(modelId);
  expect(result.stats[0].reduce((s: number, c: { count: number }) => s + c.count, 0)).toBe(120); // 20% of 600 rows

  const versions = await (await api.get(`/api/v1/models/${modelId}/versions`)).json();
  expect(versions.active_version).toBe(2);
  expect(versions.versions.map((v: { version: number; active: boolean }) => [v.version, v.active])).toEqual([
    [2, true],
    [1, false],
  ]);
  expect(versions.versions[0].fields[0]).toMatchObject({ field: "churned", rows_with_target: 600, holdout_rows: 120 });
  expect(versions.versions[1].fields[0]).toMatchObject({ rows_with_target: 400, holdout_rows: 80 });
  expect(typeof versions.versions[0].fields[0].metrics.auc).toBe("number");
  const listed = (await (await anon.get(`/v1/models?api_key=${apiKey}`)).json()).models.filter((m: { id: string }) => m.id === modelId);
  expect(listed).toHaveLength(1);

  // Version 1 serves again exactly as before.
  const activated = await api.post(`/api/v1/models/${modelId}/versions/1/activate`);
  expect(activated.status()).toBe(200);
  expect((await activated.json()).active_version).toBe(1);
  expect((await (await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: probe } })).json()).predictions).toEqual(plainPredictions);
  expect((await api.delete(`/api/v1/models/${modelId}/versions/1`)).status()).toBe(409);
  expect((await api.post(`/api/v1/models/${modelId}/versions/7/activate`)).status()).toBe(404);
  expect((await api.post(`/api/v1/models/${modelId}/versions/abc/activate`)).status()).toBe(422);
  expect((await api.post(`/api/v1/models/unknown/retrain`)).status()).toBe(404);
  expect((await api.post(`/api/v1/models/${modelId}/retrain`, { data: { activate: "no" } })).status()).toBe(422);

  // A retrain that does not take over: version 3 waits until someone activates it.
  const quiet = await (await api.post(`/api/v1/models/${modelId}/retrain`, { data: { activate: false } })).json();
  expect((await waitForTask(api, `/api/v1/models/train/${quiet.task_id}/status`)).status).toBe("SUCCEEDED");
  const after = await (await api.get(`/api/v1/models/${modelId}/versions`)).json();
  expect(after.active_version).toBe(1);
  expect(after.versions[0]).toMatchObject({ version: 3, active: false });
  const removed = await api.delete(`/api/v1/models/${modelId}/versions/2`);
  expect(removed.status()).toBe(200);
  expect((await removed.json()).versions.map((v: { version: number }) => v.version)).toEqual([3, 1]);

  // Deleting the model deletes its versions.
  expect((await api.delete(`/api/v1/models/${modelId}`)).status()).toBe(200);
  expect((await api.get(`/api/v1/models/${modelId}/versions`)).status()).toBe(404);
});

test("cancelling a training right after submitting it leaves no model behind", async ({ api, anon, apiKey }) => {
  const count = async () => (await (await anon.get(`/v1/models?api_key=${apiKey}`)).json()).models.length as number;
  const before = await count();
  const submitted = await (
    await api.post("/api/v1/models/train/new", { data: { dataset_id: datasetId, predict_fields: ["plan"], duration: 10, force: true } })
  ).json();
  const cancelled = await api.post(`/api/v1/models/train/${submitted.task_id}/cancel`);
  expect(cancelled.status()).toBe(200);
  expect((await cancelled.json()).status).toBe("FAILED");
  // Whether the worker had claimed it or not, nothing appears, also after the training would have finished.
  const until = Date.now() + 14_000;
  while (Date.now() < until) {
    expect(await count()).toBe(before);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const status = await (await api.get(`/api/v1/models/train/${submitted.task_id}/status`)).json();
  expect(status.status).toBe("FAILED");
  expect(status.metadata.error).toMatch(/Cancelled/);
});

async function createRowsOn(api: import("@playwright/test").APIRequestContext, apiKey: string, id: string, rows: Record<string, unknown>[]) {
  const res = await api.post("/v1/datasets", { data: { api_key: apiKey, id, rows } });
  expect(res.status(), await res.text()).toBe(200);
}
