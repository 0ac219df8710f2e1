// Chat exploration requests: validated and queued here; answered by lib/chat in a worker
// (lib/services/run-chat.ts). Stateless: the messages the client sends are the whole context.
import { z } from "zod";
import { db } from "@/lib/db";
import { notFound, validationError } from "@/lib/errors";
import { enqueueTask } from "@/lib/jobs/queue";
import { getOwnedProject } from "./projects";
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES, MAX_CHAT_TEXT_BYTES, utf8Length } from "./chat-limits";

export { MAX_CHAT_TEXT_BYTES };

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

export const chatTaskPayloadSchema = z.object({
  datasetId: z.string(),
  projectId: z.string().nullable(),
  messages: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string() })),
});
export type ChatTaskPayload = z.infer<typeof chatTaskPayloadSchema>;

export async function submitChat(teamId: string, body: z.infer<typeof chatRequestSchema>) {
  let datasetId = body.dataset_id ?? null;
  let projectId: string | null = null;
  if (body.project_id) {
    const project = await getOwnedProject(teamId, body.project_id);
    projectId = project.id;
    datasetId = body.dataset_id ?? project.datasetId;
    if (!datasetId) {
      throw validationError([{ loc: ["body", "project_id"], msg: "This project has no dataset. Set its datasetId (PUT /api/v1/projects/{id}) or send dataset_id.", type: "value_error" }]);
    }
  }
  const dataset = await db.dataset.findFirst({ where: { id: datasetId!, teamId }, select: { id: true } });
  if (!dataset) throw notFound(`Dataset "${datasetId}"`);
  const payload: ChatTaskPayload = {
    datasetId: dataset.id,
    projectId,
    messages: body.messages.map((m) => ({ role: m.role, content: m.content })),
  };
  const task = await enqueueTask({ teamId, kind: "chat", payload });
  return { taskId: task.id };
}

export interface StoredChatMessage {
  role: "assistant" | "user";
  content: string;
  figures: unknown[];
  png: string[];
  table: Record<string, unknown>[] | null;
}

export async function getChat(options: { teamId: string; chatId: string; imageFormat: "png" | "plotly_json" }) {
  const chat = await db.chat.findFirst({ where: { id: options.chatId, teamId: options.teamId }, select: { id: true, messages: true, projectId: true, teamId: true } });
  if (!chat) throw notFound(`Chat "${options.chatId}"`);
  const project = chat.projectId ? await db.project.findFirst({ where: { id: chat.projectId }, select: { owner: true, org: true } }) : null;
  const owner = project?.owner || chat.teamId;
  const org = project?.org || chat.teamId;
  const stored = JSON.parse(chat.messages) as { messages: StoredChatMessage[]; suggestions?: string[] };
  const messages = stored.messages.map((m) => {
    const images = options.imageFormat === "plotly_json" ? m.figures.map((f) => JSON.stringify(f)) : m.png;
    return { role: m.role, content: m.content, images: images.length ? images : null, table: m.table && m.table.length ? m.table : null };
  });
  return { id: chat.id, owner, org, _owner: owner, _org: org, messages, suggestions: stored.suggestions ?? [] };
}
