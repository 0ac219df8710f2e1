import { apiV1Route } from "@/lib/http/route";
import { deleteModelVersion, parseVersionParam } from "@/lib/services/model-versions";

// DELETE /api/v1/models/{model_id}/versions/{version}: delete a version that is not active, with its artifact (extension)
export const DELETE = apiV1Route({}, async ({ team, params }) =>
  Response.json(await deleteModelVersion({ teamId: team.teamId, modelId: params.modelId, version: parseVersionParam(params.version) })),
);
