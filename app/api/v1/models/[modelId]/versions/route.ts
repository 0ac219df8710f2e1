import { apiV1Route } from "@/lib/http/route";
import { listModelVersions } from "@/lib/services/model-versions";

// GET /api/v1/models/{model_id}/versions: the model's versions with their holdout metrics, the active one marked (extension)
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(await listModelVersions({ teamId: team.teamId, modelId: params.modelId })));
