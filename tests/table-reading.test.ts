// Reading ambiguous text through the API: "NA" region codes stay values end to end (schema, rows,
// training, predictions), and slash dates are read in an order the schema states, which a client
// can give with date_order when the first rows cannot show it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";

let team: { teamId: string; secret: string };
let legacyDatasets: typeof import("../app/v1/datasets/route");
let legacyModels: typeof import("../app/v1/models/route");
let v1Rows: typeof import("../app/api/v1/datasets/[datasetId]/rows/route");

beforeAll(async () => {
  await migrateTestDb();
  team = await createTeamWithKey("table reading");
  legacyDatasets = await import("../app/v1/datasets/route");
  legacyModels = await import("../app/v1/models/route");
  v1Rows = await import("../app/api/v1/datasets/[datasetId]/rows/route");
});

async function createDataset(name: string): Promise<string> {
  const created = await call(legacyDatasets.POST as never, "POST", `/v1/datasets?api_key=${team.secret}`, { body: { name } });
  return created.json.dataset_id as string;
}

async function fieldsOf(datasetId: string): Promise<Record<string, unknown>[]> {
  const info = await call(legacyDatasets.GET as never, "GET", `/v1/datasets?api_key=${team.secret}&id=${datasetId}`);
  expect(info.status).toBe(200);
  return info.json.fields as Record<string, unknown>[];
}

const REGIONS = ["EU", "AS", "AF", "SA", "OC"];

describe("NA as a region code", () => {
  let datasetId = "";

  it("keeps NA rows as North America, says so in the schema, and reads NA spends as blanks", async () => {
    datasetId = await createDataset("regions");
    // Made-up export: every other row is in North America, some rows have no region; the plan
    // follows the region, so a model that read NA as a blank could not tell NA rows from blank ones.
    const rows = Array.from({ length: 160 }, (_, i) => {
      const region = i % 2 === 0 ? "NA" : i % 10 === 1 ? "" : REGIONS[i % 5];
      return { region, spend: i % 9 === 0 ? "NA" : String(20 + (i % 11)), plan: region === "NA" ? "pro" : "basic" };
    });
    // All values as strings, as CSV uploads send them.
    const appended = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", { body: { api_key: team.secret, id: datasetId, rows } });
    expect(appended.status, JSON.stringify(appended.json)).toBe(200);
    const fields = await fieldsOf(datasetId);
    const region = fields.find((f) => f.name === "region")!;
    expect(region.type).toBe("category");
    expect(region.read_as_values).toEqual(["NA"]);
    expect(region.note).toMatch(/"NA" is read as a value, not as missing/);
    expect(fields.find((f) => f.name === "spend")).toEqual({ name: "spend", type: "integer" });
    const preview = await call(v1Rows.GET as never, "GET", "/x?offset=0&limit=2", { headers: { "X-API-Key": team.secret }, params: { datasetId } });
    expect(preview.json.rows[0]).toEqual({ region: "NA", spend: null, plan: "pro" });
  });

  it("trains on NA as a region and predicts from a row with region NA", { timeout: 120_000 }, async () => {
    // Trained as the worker does (the legacy synchronous route waits for a worker process).
    const { submitTraining, trainTaskPayloadSchema } = await import("../lib/services/training");
    const { runTrainingTask } = await import("../lib/services/run-training");
    const { db } = await import("../lib/db");
    const { taskId } = await submitTraining(team.teamId, {
      datasetId,
      predictFields: ["plan"],
      ignoreFields: ["spend"],
      duration: 1,
      extraAttention: false,
      force: true,
      source: "api",
    });
    const task = await db.task.update({ where: { id: taskId }, data: { status: "IN_PROGRESS", workerId: "test", startedAt: new Date() } });
    const modelId = await runTrainingTask(task, trainTaskPayloadSchema.parse(JSON.parse(task.payload)), {
      workerId: "test",
      signal: new AbortController().signal,
      progress: () => undefined,
    });
    const predicted = await call(legacyModels.POST as never, "POST", "/v1/models", {
      body: { api_key: team.secret, id: modelId, data: [{ region: "NA" }, { region: "EU" }, { region: "" }] },
    });
    expect(predicted.status, JSON.stringify(predicted.json)).toBe(200);
    const [na, eu, blank] = predicted.json.predictions as Record<string, unknown>[];
    expect(na.plan).toBe("pro");
    expect(eu.plan).toBe("basic");
    expect(blank.plan).toBe("basic");
  });
});

describe("slash dates", () => {
  it("records an order it had to assume, and reads the client's date_order instead when given", async () => {
    const rows = [
      { ordered: "03/04/2021", amount: "4" },
      { ordered: "05/06/2021", amount: "5" },
    ];
    const assumed = await createDataset("assumed order");
    await call(legacyDatasets.POST as never, "POST", "/v1/datasets", { body: { api_key: team.secret, id: assumed, rows } });
    const field = (await fieldsOf(assumed)).find((f) => f.name === "ordered")!;
    expect(field).toMatchObject({ type: "date", date_order: "month_first", date_order_basis: "assumed" });
    expect(field.note).toMatch(/^Dates read month first \(03\/04\/2021 = 4 March 2021\), by default/);

    const stated = await createDataset("stated order");
    // Semicolon-separated and TSV uploads arrive as the same JSON rows; date_order may come as a form/query parameter too.
    const appended = await call(legacyDatasets.POST as never, "POST", `/v1/datasets?api_key=${team.secret}&date_order=day_first`, {
      body: { id: stated, rows: JSON.stringify(rows) },
    });
    expect(appended.status, JSON.stringify(appended.json)).toBe(200);
    expect((await fieldsOf(stated)).find((f) => f.name === "ordered")).toMatchObject({ date_order: "day_first", date_order_basis: "client" });
    const preview = await call(v1Rows.GET as never, "GET", "/x", { headers: { "X-API-Key": team.secret }, params: { datasetId: stated } });
    expect(preview.json.rows[0].ordered).toBe("2021-04-03T00:00:00.000Z");
  });

  it("refuses an order that is not one of the two", async () => {
    const id = await createDataset("bad order");
    const bad = await call(legacyDatasets.POST as never, "POST", "/v1/datasets", {
      body: { api_key: team.secret, id, rows: [{ d: "03/04/2021" }], date_order: "year_first" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/date_order must be month_first or day_first/);
  });
});
