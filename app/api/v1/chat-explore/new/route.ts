import { apiV1Route } from "@/lib/http/route";
import { chatRequestSchema } from "@/lib/schemas/chats";
import { submitChat } from "@/lib/services/chats";

// POST /api/v1/chat-explore/new: queue an answer to the conversation; answers 201 {task_id}
export const POST = apiV1Route({ body: chatRequestSchema }, async ({ team, body }) => {
  const { taskId } = await submitChat(team.teamId, body);
  return Response.json({ task_id: taskId }, { status: 201 });
});
