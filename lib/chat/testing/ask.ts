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

/** The reply's (label, number) pairs: the label column and the first number column after it. */
export function labelledNumbers(reply: ChatReply, label: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of tableOf(reply)) {
    const value = Object.entries(r).find(([k, v]) => k !== label && k !== "rows" && typeof v === "number")?.[1];
    out.set(String(r[label]), value as number);
  }
  return out;
}
