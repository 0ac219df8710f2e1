import { z } from "zod";
import { apiV1Route } from "@/lib/http/route";
import { getChat } from "@/lib/services/chats";

const querySchema = z.looseObject({
  image_format: z.enum(["png", "plotly_json"], { message: 'image_format must be "plotly_json" (or "png", the default)' }).optional(),
});

// GET /api/v1/chat-explore/chats/{chat_id}: the answer messages; images as Base64 PNG or Plotly JSON
export const GET = apiV1Route({ query: querySchema }, async ({ team, params, query }) =>
  Response.json(await getChat({ teamId: team.teamId, chatId: params.chatId, imageFormat: query.image_format ?? "png" })),
);
