// Developer tool: does every filter of an answer show where the user reads it? For each question of a
// probe folder (format of probe-own-run.ts), the last reply's plan filters must each be named (field and
// every value) in the first message, in the first figure's title and in the caption of the result table.
//   npx tsx scripts/chat-bench/probe-filter-mentions.ts lib/chat/testing/probe32 [id ...]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { answerChat } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ");

function titleOf(layout: Record<string, unknown>): string {
  const t = layout.title as string | { text?: string } | undefined;
  return typeof t === "string" ? t : (t?.text ?? "");
}

async function main() {
  const args = process.argv.slice(2);
  const dir = args[0];
  const only = args.slice(1);
  const tablesFile = path.join(dir, "tables.json");
  const files: Record<string, string> = existsSync(tablesFile) ? JSON.parse(readFileSync(tablesFile, "utf8")) : {};
  const questions = readFileSync(path.join(dir, "questions.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { id: string; dataset: string; turns: string[] });
  let checked = 0;
  let missing = 0;
  for (const q of questions) {
    if (only.length && !only.includes(q.id)) continue;
    const csv = files[q.dataset] ?? `${q.dataset}.csv`;
    const table = await loadDatasetTable(path.join(dir, csv));
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply: Awaited<ReturnType<typeof answerChat>> | null = null;
    for (const t of q.turns) {
      messages.push({ role: "user", content: t });
      reply = await answerChat({ table, datasetName: path.basename(csv, ".csv"), messages: messages.slice() });
      messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
    }
    const filters = reply?.plan?.filters ?? [];
    if (!reply || !filters.length) continue;
    checked++;
    const places: [string, string | null][] = [
      ["first message", reply.messages[0]?.content ?? ""],
      [
        "chart title",
        (() => {
          const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
          return fig ? titleOf(fig.layout) : null;
        })(),
      ],
      ["table caption", reply.messages.find((m) => m.table)?.content ?? null],
    ];
    const gaps: string[] = [];
    for (const f of filters) {
      const words = [f.field, ...((f as { values?: unknown[] }).values ?? []).map(String)];
      for (const [where, text] of places) {
        if (text === null) continue;
        const lost = words.filter((w) => !norm(text).includes(norm(w)));
        if (lost.length) gaps.push(`${where} lacks ${lost.join(", ")}`);
      }
    }
    if (gaps.length) {
      missing++;
      console.log(`- ${q.id} ${q.turns.join(" || ")}: ${gaps.join("; ")}`);
    }
  }
  console.log(`filters named everywhere in ${checked - missing}/${checked} filtered answers`);
  cleanUpDatasetTables();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
