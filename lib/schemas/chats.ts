// Chat exploration: the request body of POST /api/v1/chat-explore/new.
import { z } from "zod";

const MAX_MESSAGES = 200;
const MAX_CONTENT = 20_000;

export const chatMessageSchema = z.looseObject({
  role: z.enum(["user", "assistant"], { message: 'role must be "user" or "assistant"' }),
  content: z.string({ message: "content must be a string" }).max(MAX_CONTENT, `content must be at most ${MAX_CONTENT} characters`),
});

export const chatRequestSchema = z
  .looseObject({
    project_id: z.string({ message: "project_id must be a string" }).min(1).optional(),
    dataset_id: z.string({ message: "dataset_id must be a string" }).min(1).optional(),
    messages: z.array(chatMessageSchema, { message: "messages must be an array of {role, content}" })
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
  });
