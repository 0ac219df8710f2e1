// Chat exploration requests: validated and queued here; answered by lib/chat in a worker
// (lib/services/run-chat.ts). Stateless: the messages the client sends are the whole context.
import { z } from "zod";
import { db } from "@/lib/db";
import { notFound, validationError } from "@/lib/errors";
import { enqueueTask } from "@/lib/jobs/queue";
import type { ChatAnswer, chatRequestSchema } from "@/lib/schemas/chats";
import type { DataRow } from "@/lib/schemas/rows";
import { getOwnedProject } from "./projects";

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
      throw validationError([
        {
          loc: ["body", "project_id"],
          msg: "This project has no dataset. Set its datasetId (PUT /api/v1/projects/{id}) or send dataset_id.",
          type: "value_error",
        },
      ]);
    }
  }
  const dataset = await db.dataset.findFirst({ where: { id: datasetId!, teamId }, select: { id: true } });
  if (!dataset && projectId && !body.dataset_id) {
    // The project exists; the dataset it names was deleted since: a 404 would read as "no such project".
    throw validationError([
      {
        loc: ["body", "project_id"],
        msg: `This project's dataset "${datasetId}" was deleted. Set another datasetId (PUT /api/v1/projects/{id}) or send dataset_id.`,
        type: "value_error",
      },
    ]);
  }
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
  table: DataRow[] | null;
}

export async function getChat(options: { teamId: string; chatId: string; imageFormat: "png" | "plotly_json" }): Promise<ChatAnswer> {
  const chat = await db.chat.findFirst({
    where: { id: options.chatId, teamId: options.teamId },
    select: { id: true, messages: true, projectId: true, teamId: true },
  });
  if (!chat) throw notFound(`Chat "${options.chatId}"`);
  const project = chat.projectId ? await db.project.findFirst({ where: { id: chat.projectId }, select: { owner: true, org: true } }) : null;
  const owner = project?.owner || chat.teamId;
  const org = project?.org || chat.teamId;
  const stored = JSON.parse(chat.messages) as { messages: StoredChatMessage[]; suggestions?: string[]; assumptions?: string[] };
  const messages = stored.messages.map((m) => {
    const images = options.imageFormat === "plotly_json" ? m.figures.map((f) => JSON.stringify(f)) : m.png;
    return { role: m.role, content: m.content, images: images.length ? images : null, table: m.table && m.table.length ? m.table : null };
  });
  return { id: chat.id, owner, org, _owner: owner, _org: org, messages, suggestions: stored.suggestions ?? [], assumptions: stored.assumptions ?? [] };
}
