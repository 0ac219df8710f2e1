// Developer tool: run a probe list ("id | table | turn || turn | note" lines) and print each answer.
//   npx tsx scripts/chat-bench/probe-run.ts lib/chat/testing/probe4-notes.md [id ...]
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerChat } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { OWN_FILES } from "./own-set";

async function main() {
  const [file, ...only] = process.argv.slice(2);
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => /^p\d+ \| /.test(l));
  const tables = new Map<string, Awaited<ReturnType<typeof loadDatasetTable>>>();
  for (const line of lines) {
    const [id, ds, turnsText] = line.split(" | ");
    if (only.length && !only.includes(id)) continue;
    if (!tables.has(ds)) tables.set(ds, await loadDatasetTable(path.join("/work/shared/datasets", OWN_FILES[ds])));
    const table = tables.get(ds)!;
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply = null;
    for (const t of turnsText.split(" || ")) {
      messages.push({ role: "user", content: t });
      reply = await answerChat({ table, datasetName: ds, messages: messages.slice() });
      messages.push({ role: "assistant", content: reply.messages[0].content });
    }
    const m = reply!.messages;
    const tab = m.find((x) => x.table)?.table;
    const fig = m.find((x) => x.figures.length)?.figures[0];
    console.log(`== ${id} [${ds}] ${turnsText}`);
    console.log(`  > ${m[0].content.slice(0, 400)}`);
    if (tab) console.log(`  table: ${JSON.stringify(tab.slice(0, 6))}${tab.length > 6 ? ` ... (${tab.length})` : ""}`);
    if (fig) console.log(`  fig: ${JSON.stringify(fig.layout.meta)}`);
    console.log(`  assumptions: ${JSON.stringify(reply!.assumptions ?? [])}`);
  }
  cleanUpDatasetTables();
}

void main();
