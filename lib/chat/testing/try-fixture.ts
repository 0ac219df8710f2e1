// Developer tool: ask questions of the unit-test fixture table from the shell.
import { makeOrders, ordersTable } from "./fixture";
import { answerChat } from "../index";

async function main() {
  const table = ordersTable(makeOrders(60));
  for (const q of process.argv.slice(2)) {
    const turns = q.split(" || ");
    const r = await answerChat({ table, datasetName: "orders", messages: turns.map((c) => ({ role: "user" as const, content: c })) });
    console.log(
      "Q:",
      q,
      "\n  plan:",
      JSON.stringify(r.plan),
      "\n  text:",
      r.messages[0].content.slice(0, 300),
      "\n  table:",
      JSON.stringify(r.messages[1]?.table?.slice(0, 3)),
    );
  }
}
void main();
