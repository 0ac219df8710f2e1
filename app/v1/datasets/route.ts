import { legacyRoute } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { apiDatasetField } from "@/lib/schemas/datasets";
import { legacyDatasetQuerySchema, legacyDatasetWriteSchema, legacyDeleteSchema } from "@/lib/schemas/legacy";
import { appendRows, createDataset, deleteDataset, getDataset, listDatasets, reparseDataset, setFieldTypes } from "@/lib/services/datasets";

// GET /v1/datasets: list the team's datasets, or inspect one with ?id=
export const GET = legacyRoute({ params: legacyDatasetQuerySchema }, async ({ team, params }) => {
  if (params.id !== undefined) {
    const dataset = await getDataset({ teamId: team.teamId, datasetId: params.id });
    return Response.json({ status: "success", id: dataset.id, name: dataset.name, rows: dataset.rows, fields: dataset.fields.map(apiDatasetField) });
  }
  return Response.json({ status: "success", datasets: await listDatasets(team.teamId) });
});

// POST /v1/datasets: create, append rows, set field types or re-parse, depending on the parameters
export const POST = legacyRoute({ params: legacyDatasetWriteSchema }, async ({ team, params }) => {
  const datasetId = params.id;
  if (datasetId === undefined) {
    if (params.name === undefined) {
      throw new AppError("bad_request", 'Send "name" to create a dataset, or "id" with "rows", "fields" or "parse_fields" to change one.');
    }
    const dataset = await createDataset({ teamId: team.teamId, name: params.name });
    return Response.json({ status: "success", dataset_id: dataset.id, dataset_name: dataset.name });
  }
  if (params.rows !== undefined) {
    await appendRows({ teamId: team.teamId, datasetId, rows: params.rows, dateOrder: params.date_order });
    return Response.json({ status: "success" });
  }
  if (params.fields !== undefined) {
    await setFieldTypes({ teamId: team.teamId, datasetId, fields: params.fields });
    return Response.json({ status: "success" });
  }
  if (params.parse_fields) {
    await reparseDataset({ teamId: team.teamId, datasetId });
    return Response.json({ status: "success" });
  }
  throw new AppError("bad_request", 'With "id", send "rows" (to append), "fields" (to set types) or "parse_fields": true (to re-infer types).');
});

// DELETE /v1/datasets: delete a dataset and its rows
export const DELETE = legacyRoute({ params: legacyDeleteSchema }, async ({ team, params }) => {
  await deleteDataset({ teamId: team.teamId, datasetId: params.id });
  return Response.json({ status: "success" });
});
