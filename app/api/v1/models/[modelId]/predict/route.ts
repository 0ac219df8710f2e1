import { apiV1Route, jsonTextResponse } from "@/lib/http/route";
import { predictRequestBodySchema } from "@/lib/schemas/models";
import { predictRowsJson } from "@/lib/services/models";

// POST /api/v1/models/{model_id}/predict: predictions for rows (extension; same row shape as /v1/models)
export const POST = apiV1Route({ body: predictRequestBodySchema }, async ({ request, team, params, body }) => {
  const predictions = await predictRowsJson({
    teamId: team.teamId,
    modelId: params.modelId,
    rows: body.data,
    factors: body.show_factors || body.explain,
    threshold: body.threshold,
    signal: request.signal,
  });
  return jsonTextResponse(`{"predictions":${predictions}}`);
});
