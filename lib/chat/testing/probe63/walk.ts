import { answerChat } from "../../../../lib/chat";
import { loadDatasetTable, cleanUpDatasetTables } from "../../../../scripts/chat-bench/load-dataset";
async function main() {
  const table = await loadDatasetTable(process.argv[2]);
  const turns = process.argv.slice(3);
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const t of turns) {
    messages.push({ role: "user", content: t });
    const reply = await answerChat({ table, datasetName: "telco", messages: messages.slice() });
    console.log(`## ${t}`);
    for (const m of reply.messages) {
      console.log("  > " + m.content.slice(0, 500).replace(/\n/g, " / "));
      if (m.table) console.log("    table: " + JSON.stringify(m.table.slice(0, 4)));
      for (const f of m.figures) console.log("    fig meta: " + JSON.stringify(f.layout.meta));
    }
    if (reply.assumptions?.length) console.log("  assumptions: " + JSON.stringify(reply.assumptions));
    for (const m of reply.messages) if (m.content.trim() !== "") messages.push({ role: "assistant", content: m.content });
  }
  cleanUpDatasetTables();
}
main();
