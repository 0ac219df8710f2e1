import { legacyRoute } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { fieldTypesSchema } from "@/lib/schemas/datasets";
import {
  appendRows,
  createDataset,
  deleteDataset,
  getDataset,
  listDatasets,
  parseRowsParam,
  reparseDataset,
  setFieldTypes,
} from "@/lib/services/datasets";

function requireString(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== "string" || value.trim() === "") {
    throw new AppError("bad_request", `Missing parameter "${name}" (a string, in the query string or the body).`);
  }
  return value.trim();
}

// GET /v1/datasets: list the team's datasets, or inspect one with ?id=
export const GET = legacyRoute(async ({ team, params }) => {
  if (params.id !== undefined) {
    const dataset = await getDataset({ teamId: team.teamId, datasetId: requireString(params, "id") });
    return Response.json({ status: "success", id: dataset.id, name: dataset.name, rows: dataset.rows, fields: dataset.fields });
  }
  return Response.json({ status: "success", datasets: await listDatasets(team.teamId) });
});

// POST /v1/datasets: create, append rows, set field types or re-parse, depending on the body
export const POST = legacyRoute(async ({ team, params }) => {
  if (params.id === undefined) {
    if (params.name === undefined) {
      throw new AppError("bad_request", 'Send "name" to create a dataset, or "id" with "rows", "fields" or "parse_fields" to change one.');
    }
    const dataset = await createDataset({ teamId: team.teamId, name: requireString(params, "name") });
    return Response.json({ status: "success", dataset_id: dataset.id, dataset_name: dataset.name });
  }
  const datasetId = requireString(params, "id");
  if (params.rows !== undefined) {
    await appendRows({ teamId: team.teamId, datasetId, rows: parseRowsParam(params.rows) });
    return Response.json({ status: "success" });
  }
  if (params.fields !== undefined) {
    let fields = params.fields;
    if (typeof fields === "string") {
      try {
        fields = JSON.parse(fields);
      } catch {
        throw new AppError("bad_request", 'fields must be a JSON array like [{"name": "age", "type": "integer"}].');
      }
    }
    const parsed = fieldTypesSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError("bad_request", `fields${issue.path.map((p) => `[${JSON.stringify(p)}]`).join("")}: ${issue.message}`);
    }
    await setFieldTypes({ teamId: team.teamId, datasetId, fields: parsed.data });
    return Response.json({ status: "success" });
  }
  if (params.parse_fields === true || params.parse_fields === "true") {
    await reparseDataset({ teamId: team.teamId, datasetId });
    return Response.json({ status: "success" });
  }
  throw new AppError("bad_request", 'With "id", send "rows" (to append), "fields" (to set types) or "parse_fields": true (to re-infer types).');
});

// DELETE /v1/datasets: delete a dataset and its rows
export const DELETE = legacyRoute(async ({ team, params }) => {
  await deleteDataset({ teamId: team.teamId, datasetId: requireString(params, "id") });
  return Response.json({ status: "success" });
});
