// Developer tool: ask with project instructions/context: tsx try-project.ts <dataset> <instructions> <context> <question>...
import { loadCsvTable } from "./load-csv";
import { answerChat } from "../index";

async function main() {
  const [ds, chatInstructions, chatContext, ...questions] = process.argv.slice(2);
  const table = loadCsvTable(ds.includes("/") ? ds : `/work/shared/datasets/nlv/${ds}.csv`);
  for (const q of questions) {
    const r = await answerChat({ table, messages: [{ role: "user", content: q }], project: { chatInstructions, chatContext, chatSuggestions: "" } });
    console.log(
      "Q:",
      q,
      "\n  plan:",
      JSON.stringify(r.plan),
      "\n  0:",
      r.messages[0].content,
      "\n  1:",
      r.messages[1]?.content,
      JSON.stringify(r.messages[1]?.table?.slice(0, 2)),
    );
  }
}
void main();
