import path from "node:path";
import { answerChat } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "../../scripts/chat-bench/load-dataset";
const [file, ...qs] = process.argv.slice(2);
(async () => {
  const table = await loadDatasetTable(path.join("/work/shared/datasets", file));
  for (const q of qs) {
    const reply = await answerChat({ table, datasetName: path.basename(file, ".csv"), messages: [{ role: "user", content: q }] });
    const m = reply.messages;
    console.log(`Q: ${q}\n  A: ${m[0].content.slice(0, 400)}`);
    for (const x of m) if (x.table) console.log(`  T: ${JSON.stringify(x.table.slice(0, 5)).slice(0, 300)}${x.table.length > 5 ? ` (${x.table.length} rows)` : ""}`);
  }
  cleanUpDatasetTables();
})();
