import { apiV1Route } from "@/lib/http/route";
import { activateModelVersion, parseVersionParam } from "@/lib/services/model-versions";

// POST /api/v1/models/{model_id}/versions/{version}/activate: make a version the one predictions use (extension)
export const POST = apiV1Route({}, async ({ team, params }) =>
  Response.json(await activateModelVersion({ teamId: team.teamId, modelId: params.modelId, version: parseVersionParam(params.version) })),
);
