// Developer tool: ask questions of one of the NLV data sets from the shell.
// npx tsx lib/chat/testing/try-cli.ts cars "average mpg by origin" "a || follow-up"
import { loadCsvTable } from "./load-csv";
import { answerChat } from "../index";

async function main() {
  const ds = process.argv[2];
  const table = loadCsvTable(ds.includes("/") ? ds : `/work/shared/datasets/nlv/${ds}.csv`);
  for (const q of process.argv.slice(3)) {
    const turns = q.split(" || ");
    const r = await answerChat({ table, datasetName: ds, messages: turns.map((c) => ({ role: "user" as const, content: c })) });
    console.log("Q:", q);
    console.log("  plan:", JSON.stringify(r.plan));
    console.log("  text:", r.messages[0].content.slice(0, 500));
    if (r.messages[1])
      console.log(
        "  table:",
        JSON.stringify(r.messages[1].table?.slice(0, 3)),
        "fig:",
        r.messages[1].figures.length,
        JSON.stringify(r.messages[1].figures[0]?.layout?.title),
      );
  }
}
void main();
