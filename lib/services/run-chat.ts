// What a worker does with a chat task: answer with lib/chat over the dataset, render each Plotly
// figure to PNG in the warm browser, store the chat. Runs only in worker processes.
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { answerChat } from "@/lib/chat";
import { PlotlyPngRenderer } from "@/lib/render/plotly-png";
import type { Table } from "@/lib/table/types";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";
import { chatTaskPayloadSchema, type StoredChatMessage } from "./chats";
import { datasetStore, isStorageUnavailable, withStorageRetry } from "./storage";

// Tables by dataset version: follow-up questions on the same data skip the load.
const tableCache = new Map<string, { version: string; table: Table }>();
const TABLE_CACHE_SIZE = 4;

async function loadTable(datasetId: string): Promise<Table> {
  const store = datasetStore();
  const info = await store.info(datasetId);
  const cached = tableCache.get(datasetId);
  if (cached && cached.version === info.version) return cached.table;
  const table = await store.read(datasetId);
  tableCache.delete(datasetId);
  tableCache.set(datasetId, { version: info.version, table });
  while (tableCache.size > TABLE_CACHE_SIZE) tableCache.delete(tableCache.keys().next().value as string);
  return table;
}

export async function runChatTask(task: { id: string; teamId: string; payload: unknown }, context: TaskContext): Promise<string> {
  const payload = chatTaskPayloadSchema.parse(task.payload);
  const dataset = await db.dataset.findFirst({ where: { id: payload.datasetId, teamId: task.teamId }, select: { id: true, name: true } });
  if (!dataset) throw new UserFacingTaskError(`Dataset "${payload.datasetId}" no longer exists.`);
  const project = payload.projectId
    ? await db.project.findFirst({
        where: { id: payload.projectId, teamId: task.teamId },
        select: { chatInstructions: true, chatContext: true, chatSuggestions: true },
      })
    : null;
  const table = await withStorageRetry(() => loadTable(dataset.id), { waitMs: 20_000, signal: context.signal }).catch((error) => {
    if (isStorageUnavailable(error)) throw new UserFacingTaskError(`${error.message.replace(/ Nothing was changed;.*$/, "")} Ask again in a minute.`);
    throw error;
  });
  context.progress(0.3, 1, "Analysing");
  const env = getEnv();
  const llm = env.LLM_BASE_URL && env.LLM_MODEL ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY ?? "", model: env.LLM_MODEL } : null;
  const reply = await answerChat({ table, datasetName: dataset.name, messages: payload.messages, project, llm });
  context.progress(0.7, 1, "Rendering charts");
  const renderer = PlotlyPngRenderer.shared();
  const messages: StoredChatMessage[] = [];
  for (const message of reply.messages) {
    const png: string[] = [];
    for (const figure of message.figures) {
      try {
        png.push((await renderer.render(figure as { data: unknown[]; layout?: Record<string, unknown> })).toString("base64"));
      } catch (error) {
        // The answer (text, table, Plotly JSON) stays useful without the PNG; the operator sees why.
        console.error(`[chat ${task.id}] PNG rendering failed:`, error instanceof Error ? error.message : error);
      }
    }
    messages.push({ role: "assistant", content: message.content, figures: message.figures, png, table: message.table });
  }
  const stored = JSON.stringify({ messages, suggestions: reply.suggestions, assumptions: reply.assumptions ?? [], plan: reply.plan });
  // Upsert: a retried task (its first worker died after writing) must not collide with itself.
  const chat = await db.chat.upsert({
    where: { taskId: task.id },
    create: { teamId: task.teamId, projectId: payload.projectId, datasetId: dataset.id, taskId: task.id, messages: stored },
    update: { messages: stored },
    select: { id: true },
  });
  return chat.id;
}
