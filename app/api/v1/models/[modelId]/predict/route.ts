import { apiV1Route } from "@/lib/http/route";
import { predictRequestSchema, predictRows } from "@/lib/services/models";

// POST /api/v1/models/{model_id}/predict: predictions for rows (extension; same row shape as /v1/models)
export const POST = apiV1Route({ body: predictRequestSchema }, async ({ team, params, body }) => {
  const predictions = await predictRows({ teamId: team.teamId, modelId: params.modelId, rows: body.data, factors: body.show_factors });
  return Response.json({ predictions });
});
