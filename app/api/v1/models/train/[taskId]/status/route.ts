import { apiV1Route } from "@/lib/http/route";
import { getTrainingStatus } from "@/lib/services/task-status";

// GET /api/v1/models/train/{task_id}/status: PENDING, IN_PROGRESS (+estimate), SUCCEEDED (+location) or FAILED (+error)
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(await getTrainingStatus({ teamId: team.teamId, taskId: params.taskId })));
