// A conversation for the chat tests: the earlier turns with a placeholder answer (the engine reads
// the questions, not its own earlier text), then the last turn, answered.
import type { Table } from "../../table/types";
import { answerChat, type ChatReply } from "../index";

export async function askTurns(table: Table, ...turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const t of turns.slice(0, -1)) messages.push({ role: "user", content: t }, { role: "assistant", content: "ok" });
  messages.push({ role: "user", content: turns[turns.length - 1] });
  return answerChat({ table, messages });
}

/** The table of the reply's first message that has one (the chart-and-table message). */
export function tableOf(reply: ChatReply): Record<string, unknown>[] {
  return reply.messages.find((m) => m.table)?.table ?? [];
}
