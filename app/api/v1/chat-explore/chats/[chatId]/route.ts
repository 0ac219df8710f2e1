import { apiV1Route } from "@/lib/http/route";
import { chatQuerySchema } from "@/lib/schemas/chats";
import { getChat } from "@/lib/services/chats";

// GET /api/v1/chat-explore/chats/{chat_id}: the answer messages; images as Base64 PNG or Plotly JSON
export const GET = apiV1Route({ query: chatQuerySchema }, async ({ team, params, query }) =>
  Response.json(await getChat({ teamId: team.teamId, chatId: params.chatId, imageFormat: query.image_format ?? "png" })),
);
