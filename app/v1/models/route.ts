import { jsonTextResponse, legacyRoute } from "@/lib/http/route";
import { AppError } from "@/lib/errors";
import { deleteModel, listModels, parseDataParam, predictRowsJson } from "@/lib/services/models";
import { trainSynchronously } from "@/lib/services/legacy-training";
import { parseLegacyThreshold } from "@/lib/services/decision-thresholds";

const truthy = (v: unknown) => v === true || v === "true" || v === "1";

// GET /v1/models: the team's models
export const GET = legacyRoute(async ({ team }) => {
  const models = await listModels(team.teamId);
  return Response.json({
    status: "success",
    models: models.map((m) => ({ id: m.id, name: m.name, created_at: m.created_at, predict_fields: m.predict_fields, ignored_fields: m.ignored_fields })),
  });
});

// POST /v1/models: train synchronously (dataset_id + predict_fields) or predict (id/model_id + data)
export const POST = legacyRoute(async ({ request, team, params }) => {
  const modelId = params.id ?? params.model_id;
  if (modelId !== undefined) {
    if (typeof modelId !== "string" || !modelId.trim()) throw new AppError("bad_request", '"id" must be a model id (string).');
    const predictions = await predictRowsJson({
      teamId: team.teamId,
      modelId: modelId.trim(),
      rows: parseDataParam(params.data),
      factors: truthy(params.show_factors) || truthy(params.explain),
      threshold: parseLegacyThreshold(params.threshold),
      signal: request.signal,
    }).catch((error: unknown) => {
      // The /api/v1 422 items read well as one legacy message.
      if (error instanceof AppError && error.code === "validation") throw new AppError("bad_request", (error.issues ?? []).map((i) => i.msg).join(" "));
      throw error;
    });
    return jsonTextResponse(`{"status":"success","predictions":${predictions}}`);
  }
  if (params.dataset_id !== undefined) {
    return Response.json(await trainSynchronously(team.teamId, params, request.signal));
  }
  throw new AppError("bad_request", 'Send "id" (a model id) with "data" to predict, or "dataset_id" with "predict_fields" to train.');
});

// DELETE /v1/models: delete a model
export const DELETE = legacyRoute(async ({ team, params }) => {
  const modelId = params.id ?? params.model_id;
  if (typeof modelId !== "string" || !modelId.trim()) throw new AppError("bad_request", 'Missing "id" (the model id).');
  await deleteModel({ teamId: team.teamId, modelId: modelId.trim() });
  return Response.json({ status: "success" });
});
