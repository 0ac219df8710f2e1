import { apiV1Route } from "@/lib/http/route";
import { listModels } from "@/lib/services/models";

// GET /api/v1/models: the team's models (extension)
export const GET = apiV1Route({}, async ({ team }) => Response.json({ models: await listModels(team.teamId) }));
