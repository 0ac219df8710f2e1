import { apiV1Route } from "@/lib/http/route";
import { cancelTraining } from "@/lib/services/task-status";

// POST /api/v1/models/train/{task_id}/cancel (extension): stops a queued or running training; the
// task ends FAILED with a cancellation message, as clients of the specification expect of a task
// that will not succeed. 409 when it has already finished.
export const POST = apiV1Route({}, async ({ team, params }) => Response.json(await cancelTraining({ teamId: team.teamId, taskId: params.taskId })));
