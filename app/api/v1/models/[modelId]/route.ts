import { apiV1Route } from "@/lib/http/route";
import { deleteModel, getModelDetails } from "@/lib/services/models";

// GET /api/v1/models/{model_id}: a model's training result again, with its settings and report (extension)
export const GET = apiV1Route({}, async ({ team, params }) => {
  const details = await getModelDetails({ teamId: team.teamId, modelId: params.modelId });
  return Response.json({ ...details.result, model: { ...details, result: undefined } });
});

// DELETE /api/v1/models/{model_id}: delete a model (extension)
export const DELETE = apiV1Route({}, async ({ team, params }) => {
  await deleteModel({ teamId: team.teamId, modelId: params.modelId });
  return Response.json({});
});
