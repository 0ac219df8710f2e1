import { jsonTextResponse, legacyRoute } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { legacyModelDeleteSchema, legacyModelWriteSchema } from "@/lib/schemas/legacy";
import { emptyParamsSchema } from "@/lib/schemas/legacy-params";
import { deleteModel, listModels, predictRowsJson } from "@/lib/services/models";
import { trainSynchronously } from "@/lib/services/legacy-training";
import { startedBy } from "@/lib/services/training";

// GET /v1/models: the team's models
export const GET = legacyRoute({ params: emptyParamsSchema }, async ({ team }) => {
  const models = await listModels(team.teamId);
  return Response.json({
    status: "success",
    models: models.map((m) => ({ id: m.id, name: m.name, created_at: m.created_at, predict_fields: m.predict_fields, ignored_fields: m.ignored_fields })),
  });
});

// POST /v1/models: train synchronously (dataset_id + predict_fields) or predict (id/model_id + data)
export const POST = legacyRoute({ params: legacyModelWriteSchema }, async ({ request, team, params }) => {
  const modelId = params.id ?? params.model_id;
  if (modelId !== undefined) {
    if (params.data === undefined) throw new AppError("bad_request", 'Missing "data": send an array of rows to predict, e.g. [{"age": 42}].');
    const predictions = await predictRowsJson({
      teamId: team.teamId,
      modelId,
      rows: params.data,
      factors: params.show_factors || params.explain,
      threshold: params.threshold,
      signal: request.signal,
    });
    return jsonTextResponse(`{"status":"success","predictions":${predictions}}`);
  }
  if (params.dataset_id !== undefined) {
    if (params.predict_fields === undefined) throw new AppError("bad_request", 'Missing "predict_fields": send an array of field names, e.g. ["churned"].');
    const result = await trainSynchronously({
      teamId: team.teamId,
      datasetId: params.dataset_id,
      predictFields: params.predict_fields,
      ignoreFields: params.ignore_fields ?? [],
      duration: params.duration,
      extraAttention: params.extra_attention,
      force: params.force,
      forecast: params.forecast,
      startedBy: startedBy(team),
      signal: request.signal,
    });
    return Response.json(result);
  }
  throw new AppError("bad_request", 'Send "id" (a model id) with "data" to predict, or "dataset_id" with "predict_fields" to train.');
});

// DELETE /v1/models: delete a model
export const DELETE = legacyRoute({ params: legacyModelDeleteSchema }, async ({ team, params }) => {
  const modelId = params.id ?? params.model_id;
  if (modelId === undefined) throw new AppError("bad_request", 'Missing "id" (the model id).');
  await deleteModel({ teamId: team.teamId, modelId });
  return Response.json({ status: "success" });
});
