// Developer tool: every generated example question, in every language, must parse to a plan.
import { loadCsvTable } from "./load-csv";
import { answerChat, exampleQuestions } from "../index";
import { describeTable } from "../columns";

async function main() {
  const table = loadCsvTable("/work/shared/datasets/nlv/superstore.csv");
  for (const lang of ["en", "fr", "es", "de"] as const) {
    for (const q of exampleQuestions(describeTable(table), lang)) {
      const r = await answerChat({ table, messages: [{ role: "user", content: q }] });
      console.log(
        lang,
        r.plan ? `${r.plan.intent}/${r.plan.chart}` : "NO PLAN",
        "|",
        q,
        "|",
        r.plan ? JSON.stringify([r.plan.measure, r.plan.groupBy.map((g) => g.field), r.plan.x, r.plan.y]) : "",
      );
    }
  }
}
void main();
