// Forecasting through the HTTP API with the real workers: train (the `forecast` object on
// train/new), poll, fetch the result, forecast again from the stored model, and every 422.
import { test, expect, waitForTask, createDataset } from "./helpers/fixtures";

test.describe.configure({ mode: "serial" });

const iso = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** Monthly sales with a trend and a yearly pattern (peak in July), deterministic. */
function monthlyRows(n = 72) {
  const rows: { month: string; sales: number; note: string }[] = [];
  for (let t = 0; t < n; t++) {
    const season = 40 * Math.sin((2 * Math.PI * (t - 3)) / 12);
    const wobble = ((t * 37) % 11) - 5;
    rows.push({ month: iso(2018 + Math.floor(t / 12), (t % 12) + 1), sales: Math.round(500 + 4 * t + season + wobble), note: t % 2 ? "promo" : "regular" });
  }
  return rows;
}

/** Daily visits of two stores (weekly pattern, different levels). */
function storeRows(days = 70) {
  const rows: { day: string; store: string; visits: number }[] = [];
  for (const [store, level] of [
    ["north", 200],
    ["south", 80],
  ] as const) {
    for (let t = 0; t < days; t++) {
      const weekday = new Date(Date.UTC(2024, 0, 1 + t)).getUTCDay();
      rows.push({ day: iso(2024, 1, 1 + t), store, visits: level + (weekday === 0 || weekday === 6 ? -30 : 10) + ((t * 13) % 7) });
    }
  }
  return rows;
}

let monthlyId = "";
let modelId = "";

test("train a forecast, poll, read the result, forecast further from the stored model", async ({ api, apiKey }) => {
  monthlyId = await createDataset(api, apiKey, "monthly sales", monthlyRows());
  const submitted = await api.post("/api/v1/models/train/new", {
    data: { dataset_id: monthlyId, predict_fields: ["sales"], duration: 10, forecast: { date_field: "month", horizon: 12 } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { task_id } = await submitted.json();
  const done = await waitForTask(api, `/api/v1/models/train/${task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  expect(done.metadata.location).toBe(`/api/v1/models/train/${task_id}/result`);

  const result = await (await api.get(done.metadata.location)).json();
  expect(result.status).toBe("success");
  modelId = result.model_id;
  expect(result.forecast).toHaveLength(12);
  expect(result.forecast[0].date).toBe("2024-01-01T00:00:00.000Z");
  expect(result.forecast[11].date).toBe("2024-12-01T00:00:00.000Z");
  for (const p of result.forecast) {
    expect(Object.keys(p).sort()).toEqual(["date", "lower_80", "lower_95", "upper_80", "upper_95", "value"]);
    expect(p.lower_95).toBeLessThanOrEqual(p.lower_80);
    expect(p.lower_80).toBeLessThanOrEqual(p.value);
    expect(p.value).toBeLessThanOrEqual(p.upper_80);
    expect(p.upper_80).toBeLessThanOrEqual(p.upper_95);
  }
  // The yearly pattern carries on: July above January, and the trend keeps 2024 above 2023.
  expect(result.forecast[6].value).toBeGreaterThan(result.forecast[0].value);
  expect(result.forecast[0].value).toBeGreaterThan(monthlyRows()[60].sales);
  // Backtest statistics of the one series.
  expect(result.stats).toHaveLength(1);
  const stat = result.stats[0][0];
  expect(stat).toMatchObject({ field: 0, field_name: "sales", field_type: "forecast", horizon: 12 });
  for (const key of ["count", "windows", "mae", "rmse", "mape", "mase", "coverage_80", "coverage_95", "model"]) expect(stat, key).toHaveProperty([key]);
  expect(stat.mase).toBeGreaterThan(0);
  // What drives the series, in plain words.
  const importance = result.field_importance as Record<string, number>;
  expect(Object.keys(importance)).toEqual(expect.arrayContaining(["trend", "yearly seasonality (12 steps)", "irregular"]));
  expect(Object.values(importance).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
  const story = result.data_story[0];
  expect(story).toMatchObject({ name: "sales", type: "forecast" });
  expect(story.summary).toMatch(/monthly/);
  expect(story.outcomes.find((o: { outcome: string }) => o.outcome.startsWith("yearly")).causes[0].top_value).toBe("July");

  // The same result by model id, and the model listed as a forecast.
  const byId = await (await api.get(`/api/v1/models/${modelId}`)).json();
  expect(byId.forecast).toEqual(result.forecast);
  const list = await (await api.get("/api/v1/models")).json();
  expect(list.models.find((m: { id: string }) => m.id === modelId).kind).toBe("forecast");

  // Forecast again from the stored model: default horizon without a body, further with one.
  const again = await api.post(`/api/v1/models/${modelId}/forecast`);
  expect(again.status(), await again.text()).toBe(200);
  expect((await again.json()).forecast).toEqual(result.forecast);
  const further = await api.post(`/api/v1/models/${modelId}/forecast`, { data: { horizon: 36, include_history: true } });
  expect(further.status()).toBe(200);
  const body = await further.json();
  expect(body).toMatchObject({ model_id: modelId, horizon: 36 });
  expect(body.forecast).toHaveLength(36);
  expect(body.forecast.slice(0, 12)).toEqual(result.forecast);
  expect(body.forecast[35].date).toBe("2026-12-01T00:00:00.000Z");
  expect(body.history[0].points).toHaveLength(72);
  expect(body.history[0].backtest.length).toBeGreaterThan(0);

  // force: false reuses the identical forecast model at once.
  const reuse = await (
    await api.post("/api/v1/models/train/new", {
      data: { dataset_id: monthlyId, predict_fields: ["sales"], duration: 10, forecast: { date_field: "month", horizon: 12 } },
    })
  ).json();
  expect((await (await api.get(`/api/v1/models/train/${reuse.task_id}/status`)).json()).status).toBe("SUCCEEDED");
  expect((await (await api.get(`/api/v1/models/train/${reuse.task_id}/result`)).json()).model_id).toBe(modelId);
});

test("a table of several series: one forecast per series and step, statistics per series", async ({ api, apiKey }) => {
  const datasetId = await createDataset(api, apiKey, "store visits", storeRows());
  const submitted = await api.post("/api/v1/models/train/new", {
    data: { dataset_id: datasetId, predict_fields: ["visits"], duration: 10, forecast: { date_field: "day", horizon: 7, group_field: "store" } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const done = await waitForTask(api, `/api/v1/models/train/${(await submitted.json()).task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  const result = await (await api.get(done.metadata.location)).json();
  expect(result.forecast).toHaveLength(14);
  for (const store of ["north", "south"]) {
    const points = result.forecast.filter((p: { group: string }) => p.group === store);
    expect(points).toHaveLength(7);
    expect(points[0].date).toBe("2024-03-11T00:00:00.000Z");
  }
  const north = result.forecast.filter((p: { group: string }) => p.group === "north");
  const south = result.forecast.filter((p: { group: string }) => p.group === "south");
  expect(north[0].value).toBeGreaterThan(south[0].value);
  expect(result.stats[0].map((s: { group?: string }) => s.group ?? "overall")).toEqual(["north", "south", "overall"]);
  expect(result.field_importance["store (differences between series)"]).toBeGreaterThan(0);

  const one = await api.post(`/api/v1/models/${result.model_id}/forecast`, { data: { horizon: 3, group: "south" } });
  expect(one.status()).toBe(200);
  expect((await one.json()).forecast.map((p: { group: string }) => p.group)).toEqual(["south", "south", "south"]);
  const unknown = await api.post(`/api/v1/models/${result.model_id}/forecast`, { data: { group: "west" } });
  expect(unknown.status()).toBe(422);
  expect(JSON.stringify(await unknown.json())).toContain('Unknown group \\"west\\"');
});

test("each data problem answers 422 with a detail that says what to fix", async ({ api, apiKey }) => {
  const base = { predict_fields: ["sales"], duration: 10 };
  const detailOf = async (data: Record<string, unknown>) => {
    const res = await api.post("/api/v1/models/train/new", { data });
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(422);
    expect(Array.isArray(body.detail)).toBe(true);
    return body.detail as { loc: (string | number)[]; msg: string; type: string }[];
  };
  // A date field that does not parse as dates.
  const notDates = await detailOf({ ...base, dataset_id: monthlyId, forecast: { date_field: "note", horizon: 6 } });
  expect(notDates[0].loc).toEqual(["body", "forecast", "date_field"]);
  expect(notDates[0].msg).toMatch(/"note" does not parse as dates: "regular", "promo" are not a date/);
  // A non-numeric target.
  const notNumeric = await detailOf({ ...base, dataset_id: monthlyId, predict_fields: ["note"], forecast: { date_field: "month", horizon: 6 } });
  expect(notNumeric[0].loc).toEqual(["body", "predict_fields", 0]);
  expect(notNumeric[0].msg).toMatch(/"note" is not numeric/);
  // Fewer than 2 x horizon points.
  const short = await detailOf({ ...base, dataset_id: monthlyId, forecast: { date_field: "month", horizon: 40 } });
  expect(short[0].loc).toEqual(["body", "forecast", "horizon"]);
  expect(short[0].msg).toMatch(/has 72 points.*needs at least 80 points per series/);
  // Duplicated timestamps within a series, named.
  const dupes = monthlyRows(24);
  dupes.push({ ...dupes[5], sales: 1 });
  const dupId = await createDataset(api, apiKey, "duplicated months", dupes);
  const duplicated = await detailOf({ ...base, dataset_id: dupId, forecast: { date_field: "month", horizon: 6 } });
  expect(duplicated[0].loc).toEqual(["body", "forecast", "date_field"]);
  expect(duplicated[0].msg).toMatch(/more than one row for 2018-06-01/);
  // Horizon out of range, both ways, and not a whole number.
  for (const horizon of [0, 1001, 2.5]) {
    const bad = await detailOf({ ...base, dataset_id: monthlyId, forecast: { date_field: "month", horizon } });
    expect(bad[0].loc).toEqual(["body", "forecast", "horizon"]);
    expect(bad[0].msg).toMatch(/horizon/);
  }
  // Unknown fields, several values to forecast, missing date field.
  expect((await detailOf({ ...base, dataset_id: monthlyId, forecast: { date_field: "Month", horizon: 6 } }))[0].msg).toMatch(/Unknown field "Month"/);
  expect((await detailOf({ ...base, dataset_id: monthlyId, forecast: { date_field: "month", horizon: 6, group_field: "shop" } }))[0].loc).toEqual([
    "body",
    "forecast",
    "group_field",
  ]);
  expect((await detailOf({ ...base, dataset_id: monthlyId, predict_fields: ["sales", "note"], forecast: { date_field: "month", horizon: 6 } }))[0].msg).toMatch(
    /exactly one name/,
  );
  expect((await detailOf({ ...base, dataset_id: monthlyId, forecast: { horizon: 6 } }))[0].loc).toEqual(["body", "forecast", "date_field"]);
});

/**
 * Orders (row level): several rows on most days of 2022-01..2024-06 in two regions, none in some
 * days, none at all for west in March 2023, and one order without an amount.
 */
function orderRows() {
  const rows: { ordered: string; region: string; amount: number | null; order_id: string }[] = [];
  for (let t = 0; t < 912; t++) {
    const day = new Date(Date.UTC(2022, 0, 1 + t));
    const iso = day.toISOString().slice(0, 10);
    const month = day.getUTCMonth();
    const east = (t * 7) % 4; // 0..3 orders a day
    for (let k = 0; k < east; k++) rows.push({ ordered: iso, region: "east", amount: 10 + ((t * 13 + k) % 17) + 3 * month, order_id: `e${t}-${k}` });
    if (t % 2 === 0 && !iso.startsWith("2023-03")) rows.push({ ordered: iso, region: "west", amount: 5 + ((t * 11) % 9), order_id: `w${t}` });
  }
  rows.push({ ordered: "2022-02-10", region: "east", amount: null, order_id: "e-missing" });
  return rows;
}

/** What the history must hold: the amounts summed per UTC month and region (0 for a month without rows). */
function monthlySums(region: string) {
  const sums = new Map<string, number>();
  for (let m = 0; m < 30; m++) sums.set(new Date(Date.UTC(2022, m, 1)).toISOString(), 0);
  for (const r of orderRows()) {
    if (r.region !== region || r.amount === null) continue;
    const key = `${r.ordered.slice(0, 7)}-01T00:00:00.000Z`;
    sums.set(key, (sums.get(key) ?? 0) + r.amount);
  }
  return [...sums.entries()];
}

let ordersId = "";

test("a row-level table: rows combined per month and region by a stated rule, remembered by the model", async ({ api, apiKey }) => {
  ordersId = await createDataset(api, apiKey, "orders", orderRows());
  // Without a rule, repeated dates are refused, and the message names the option.
  const refused = await api.post("/api/v1/models/train/new", {
    data: { dataset_id: ordersId, predict_fields: ["amount"], duration: 10, forecast: { date_field: "ordered", horizon: 6, group_field: "region" } },
  });
  expect(refused.status()).toBe(422);
  const refusedDetail = (await refused.json()).detail;
  expect(refusedDetail[0].loc).toEqual(["body", "forecast", "date_field"]);
  expect(refusedDetail[0].msg).toMatch(/more than one row for 2022-01-0\d.*forecast\.aggregate \("sum", "mean", "count", "min" or "max"/);

  const submitted = await api.post("/api/v1/models/train/new", {
    data: {
      dataset_id: ordersId,
      predict_fields: ["amount"],
      duration: 10,
      forecast: { date_field: "ordered", horizon: 6, group_field: "region", aggregate: "sum", frequency: "month" },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const done = await waitForTask(api, `/api/v1/models/train/${(await submitted.json()).task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  const result = await (await api.get(done.metadata.location)).json();
  expect(result.forecast).toHaveLength(12);
  for (const region of ["east", "west"]) {
    const dates = result.forecast.filter((p: { group: string }) => p.group === region).map((p: { date: string }) => p.date);
    expect(dates[0]).toBe("2024-07-01T00:00:00.000Z");
    expect(dates[5]).toBe("2024-12-01T00:00:00.000Z");
  }
  // The data story says how the rows were combined and what an empty month counts as.
  const summary: string = result.data_story[0].summary;
  expect(summary).toContain("rows were combined per month and region (UTC calendar months): the forecast is of the sum of amount per month.");
  expect(summary).toContain("1 month without rows counts as 0.");
  expect(summary).toContain("1 row with no amount value was left out of the sum.");

  // The stored model forecasts from the combined history: the months' sums, west's empty March 0.
  for (const region of ["east", "west"]) {
    const res = await api.post(`/api/v1/models/${result.model_id}/forecast`, { data: { group: region, horizon: 3, include_history: true } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.forecast.map((p: { date: string }) => p.date.slice(0, 7))).toEqual(["2024-07", "2024-08", "2024-09"]);
    const history = body.history[0].points.map((p: { date: string; value: number }) => [p.date, p.value]);
    const expected = monthlySums(region);
    expect(history.map((h: [string, number]) => h[0])).toEqual(expected.map((e) => e[0]));
    history.forEach((h: [string, number], i: number) => expect(h[1], h[0]).toBeCloseTo(expected[i][1], 4));
    if (region === "west") expect(history.find((h: [string, number]) => h[0] === "2023-03-01T00:00:00.000Z")[1]).toBe(0);
  }
  const model = await (await api.get(`/api/v1/models/${result.model_id}`)).json();
  expect(JSON.stringify(model)).toContain("forecast of amount (sum per month) by region");

  // A retrain combines the rows by the same rule and period.
  const retrain = await api.post(`/api/v1/models/${result.model_id}/retrain`);
  expect(retrain.status(), await retrain.text()).toBe(201);
  const again = await waitForTask(api, `/api/v1/models/train/${(await retrain.json()).task_id}/status`);
  expect(again.status, JSON.stringify(again)).toBe("SUCCEEDED");
  const retrained = await (await api.get(again.metadata.location)).json();
  expect(retrained.forecast[0].date).toBe("2024-07-01T00:00:00.000Z");
  expect(retrained.data_story[0].summary).toContain("combined per month and region");
});

test("counting rows needs no numeric value; the period is detected from the dates when not given", async ({ api }) => {
  const submitted = await api.post("/api/v1/models/train/new", {
    data: { dataset_id: ordersId, predict_fields: ["ordered"], duration: 10, forecast: { date_field: "ordered", horizon: 4, aggregate: "count" } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const done = await waitForTask(api, `/api/v1/models/train/${(await submitted.json()).task_id}/status`);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  const result = await (await api.get(done.metadata.location)).json();
  // Every day of the 912 has a row (west orders every other day, east on most): detected per day.
  expect(result.forecast).toHaveLength(4);
  expect(result.forecast[0].date).toBe("2024-07-01T00:00:00.000Z");
  expect(result.data_story[0].summary).toContain("the forecast is of the count of rows per day. The day was chosen from the dates");
  // Rows with an order id, per week (weeks start on Monday: 2024-06-24 is the last week's Monday).
  const weekly = await api.post("/api/v1/models/train/new", {
    data: {
      dataset_id: ordersId,
      predict_fields: ["order_id"],
      duration: 10,
      forecast: { date_field: "ordered", horizon: 4, aggregate: "count", frequency: "week" },
    },
  });
  expect(weekly.status(), await weekly.text()).toBe(201);
  const weeklyDone = await waitForTask(api, `/api/v1/models/train/${(await weekly.json()).task_id}/status`);
  expect(weeklyDone.status, JSON.stringify(weeklyDone)).toBe("SUCCEEDED");
  const weeklyResult = await (await api.get(weeklyDone.metadata.location)).json();
  expect(weeklyResult.forecast[0].date).toBe("2024-07-01T00:00:00.000Z");
  expect(weeklyResult.data_story[0].summary).toContain(
    "(weeks start on Monday, UTC): the forecast is of the count of rows where order_id has a value per week.",
  );
});

test("aggregate and frequency mistakes answer 422 naming the field", async ({ api }) => {
  const detailOf = async (forecast: Record<string, unknown>, predict = "amount") => {
    const res = await api.post("/api/v1/models/train/new", { data: { dataset_id: ordersId, predict_fields: [predict], duration: 10, forecast } });
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(422);
    return body.detail as { loc: (string | number)[]; msg: string }[];
  };
  const base = { date_field: "ordered", horizon: 6 };
  const unknownRule = await detailOf({ ...base, aggregate: "median" });
  expect(unknownRule[0].loc).toEqual(["body", "forecast", "aggregate"]);
  expect(unknownRule[0].msg).toBe('forecast.aggregate must be one of "sum", "mean", "count", "min", "max"');
  const unknownPeriod = await detailOf({ ...base, aggregate: "sum", frequency: "fortnight" });
  expect(unknownPeriod[0].loc).toEqual(["body", "forecast", "frequency"]);
  const noRule = await detailOf({ ...base, frequency: "month" });
  expect(noRule[0].loc).toEqual(["body", "forecast", "frequency"]);
  expect(noRule[0].msg).toMatch(/needs a rule: add forecast.aggregate/);
  // Dates without a time of day cannot be split per hour.
  const tooFine = await detailOf({ ...base, aggregate: "sum", frequency: "hour" });
  expect(tooFine[0].loc).toEqual(["body", "forecast", "frequency"]);
  expect(tooFine[0].msg).toMatch(/"hour" is finer than the data: every date is the start of a day.*Use day, week, month or coarser/);
  // A sum needs numbers; a count does not.
  const text = await detailOf({ ...base, aggregate: "sum" }, "region");
  expect(text[0].loc).toEqual(["body", "predict_fields", 0]);
  // Too few months for the horizon: the message suggests a finer period.
  const short = await detailOf({ ...base, horizon: 20, aggregate: "sum", frequency: "quarter" });
  expect(short[0].loc).toEqual(["body", "forecast", "horizon"]);
  expect(short[0].msg).toMatch(/has 10 points.*finer forecast.frequency/);
});

test("row predictions on a forecast model point to the forecast endpoint; forecasts of other models are refused", async ({ api, anon, apiKey }) => {
  const predict = await api.post(`/api/v1/models/${modelId}/predict`, { data: { data: [{ month: "2024-01-01" }] } });
  // A well-formed request this model cannot answer: 422 in both APIs.
  expect(predict.status()).toBe(422);
  const predictDetail = (await predict.json()).detail;
  expect(predictDetail[0].loc).toEqual(["path", "model_id"]);
  expect(predictDetail[0].msg).toContain(`POST /api/v1/models/${modelId}/forecast`);
  const legacy = await anon.post(`/v1/models?api_key=${apiKey}`, { data: { id: modelId, data: [{ month: "2024-01-01" }] } });
  expect(legacy.status()).toBe(422);
  const legacyBody = await legacy.json();
  expect(legacyBody.status).toBe("error");
  expect(legacyBody.message).toContain("/forecast");

  for (const horizon of [0, 1001]) {
    const res = await api.post(`/api/v1/models/${modelId}/forecast`, { data: { horizon } });
    expect(res.status()).toBe(422);
    expect((await res.json()).detail[0].loc).toEqual(["body", "horizon"]);
  }
  expect((await api.post("/api/v1/models/no-such-model/forecast", { data: {} })).status()).toBe(404);
  expect((await anon.post(`/api/v1/models/${modelId}/forecast`, { data: {} })).status()).toBe(401);

  // Legacy synchronous training takes the same forecast object (and any budget in seconds).
  const legacyForecast = await anon.post(`/v1/models?api_key=${apiKey}`, {
    data: { dataset_id: monthlyId, predict_fields: ["sales"], duration: 2, forecast: { date_field: "month", horizon: 3 }, force: true },
  });
  expect(legacyForecast.status(), await legacyForecast.text()).toBe(200);
  expect((await legacyForecast.json()).forecast).toHaveLength(3);
  const legacyBad = await anon.post(`/v1/models?api_key=${apiKey}`, {
    data: { dataset_id: monthlyId, predict_fields: ["sales"], forecast: { date_field: "month", horizon: 5000 } },
  });
  expect(legacyBad.status()).toBe(400);
  expect((await legacyBad.json()).message).toMatch(/horizon must be at most 1000/);

  // A row-wise model (legacy synchronous training, 1 second) has no forecast.
  const trained = await anon.post(`/v1/models?api_key=${apiKey}`, { data: { dataset_id: monthlyId, predict_fields: ["note"], duration: 1 } });
  expect(trained.status(), await trained.text()).toBe(200);
  const rowModel = (await trained.json()).model_id;
  const refused = await api.post(`/api/v1/models/${rowModel}/forecast`, { data: {} });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).detail[0].msg).toContain(`/api/v1/models/${rowModel}/predict`);
});
