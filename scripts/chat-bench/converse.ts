// One probe conversation as a user has it: each turn answered by the engine, its messages kept as the
// assistant's turns the way the browser sends them (lib/client/chat-exchanges.ts buildRequestMessages:
// every message with text, in order), and the last turn's reply returned (probe-own-run, honesty-count).
import { answerChat, type ChatReply } from "../../lib/chat";
import type { Table } from "../../lib/table/types";

export async function converse(table: Table, datasetName: string, turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  let reply: ChatReply | null = null;
  for (const t of turns) {
    messages.push({ role: "user", content: t });
    reply = await answerChat({ table, datasetName, messages: messages.slice() });
    for (const m of reply.messages) if (m.content.trim() !== "") messages.push({ role: "assistant", content: m.content });
  }
  if (!reply) throw new Error("a conversation needs at least one turn");
  return reply;
}
