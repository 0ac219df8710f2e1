import { apiV1Route } from "@/lib/http/route";
import { setThresholdRequestSchema } from "@/lib/schemas/model-versions";
import { setDecisionThreshold } from "@/lib/services/model-settings";

// PUT /api/v1/models/{model_id}/threshold: store (or with null, remove) the decision threshold of a two-class field (extension)
export const PUT = apiV1Route({ body: setThresholdRequestSchema }, async ({ team, params, body }) =>
  Response.json(await setDecisionThreshold({ teamId: team.teamId, modelId: params.modelId, request: body })),
);
