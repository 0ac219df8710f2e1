// Chat exploration: the question (POST /api/v1/chat-explore/new) and the answer (GET .../chats/{chat_id}).
import { z } from "zod";
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES, MAX_CHAT_TEXT_BYTES, utf8Length } from "./chat-limits";
import { rowSchema } from "./rows";

const MAX_MESSAGES = MAX_CHAT_MESSAGES;
const MAX_CONTENT = MAX_CHAT_MESSAGE_CHARS;

export const chatMessageSchema = z.looseObject({
  role: z.enum(["user", "assistant"], { message: 'role must be "user" or "assistant"' }),
  content: z.string({ message: "content must be a string" }).max(MAX_CONTENT, `content must be at most ${MAX_CONTENT} characters`),
});

export const chatRequestSchema = z
  .looseObject({
    project_id: z.string({ message: "project_id must be a string" }).min(1).optional(),
    dataset_id: z.string({ message: "dataset_id must be a string" }).min(1).optional(),
    messages: z
      .array(chatMessageSchema, { message: "messages must be an array of {role, content}" })
      .min(1, "messages must hold at least one user message")
      .max(MAX_MESSAGES, `at most ${MAX_MESSAGES} messages`),
  })
  .superRefine((body, ctx) => {
    if (!body.project_id && !body.dataset_id) {
      ctx.addIssue({ code: "custom", path: ["project_id"], message: "Send project_id or dataset_id." });
    }
    const last = body.messages[body.messages.length - 1];
    if (last && last.role !== "user") {
      ctx.addIssue({ code: "custom", path: ["messages", body.messages.length - 1, "role"], message: "The last message must be the user's question." });
    }
    if (last && last.role === "user" && last.content.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["messages", body.messages.length - 1, "content"], message: "The question is empty." });
    }
    let bytes = 0;
    for (const m of body.messages) bytes += utf8Length(m.content);
    if (bytes > MAX_CHAT_TEXT_BYTES) {
      ctx.addIssue({
        code: "custom",
        path: ["messages"],
        message: `The messages hold ${bytes} bytes of text; the limit is ${MAX_CHAT_TEXT_BYTES} bytes (32 KB) per request. Send fewer or shorter messages (earlier turns can be left out).`,
      });
    }
  });

/** Query of GET /api/v1/chat-explore/chats/{chat_id}. */
export const chatQuerySchema = z.looseObject({
  image_format: z.enum(["png", "plotly_json"], { message: 'image_format must be "plotly_json" (or "png", the default)' }).optional(),
});

export const chatAnswerMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  images: z
    .array(z.string())
    .nullable()
    .meta({ description: "Base64 PNG by default; string-serialized Plotly JSON ({data, layout}) with image_format=plotly_json." }),
  table: z.array(rowSchema).nullable().meta({ description: "Rows of the computed table: column name to value." }),
});

export const chatSchema = z
  .object({
    id: z.string().meta({ description: "The chat id (extension)." }),
    owner: z.string(),
    org: z.string(),
    _owner: z.string().meta({ description: "Same as owner (recorded responses of the public service carry both spellings)." }),
    _org: z.string().meta({ description: "Same as org." }),
    messages: z.array(chatAnswerMessageSchema).meta({
      description:
        "Only the new assistant messages: messages[0] states the interpretation; messages[1] carries the chart and/or the table. A plain text answer may be a single message.",
    }),
    suggestions: z.array(z.string()).meta({ description: "Follow-up questions the data can answer (extension)." }),
    assumptions: z.array(z.string()).meta({
      description:
        "What the answer assumed where the question left something open, each also stated in messages[0]'s text (extension; empty for answers stored before it existed).",
    }),
  })
  .meta({ id: "Chat" });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatAnswerMessage = z.infer<typeof chatAnswerMessageSchema>;
export type ChatAnswer = z.infer<typeof chatSchema>;
