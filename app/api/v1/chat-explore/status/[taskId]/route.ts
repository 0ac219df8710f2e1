import { apiV1Route } from "@/lib/http/route";
import { getChatStatus } from "@/lib/services/task-status";

// GET /api/v1/chat-explore/status/{task_id}: task status; SUCCEEDED carries the chat location
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(await getChatStatus({ teamId: team.teamId, taskId: params.taskId })));
