import { apiV1Route } from "@/lib/http/route";
import { getTrainingResult } from "@/lib/services/models";

// GET /api/v1/models/train/{task_id}/result: the training result of a SUCCEEDED task
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(await getTrainingResult({ teamId: team.teamId, taskId: params.taskId })));
