// Developer tool: the answer time of each turn of one conversation, asked as the web app asks it (each request
// carries the whole conversation so far, so a turn's time includes reading the turns before it), the median of a
// few runs after a warm-up run; with each answer's first words, to compare two versions of the engine.
//   npx tsx scripts/chat-bench/turn-times.ts [--runs 5] [dataset | path.csv] ["turn" ...]
// Without turns: twelve turns over telco, four of them pointing back at the answer before ("that contract", "those").
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { OWN_FILES } from "./own-set";

const TELCO_TURNS = [
  "churn rate by contract",
  "which contract has the highest?",
  "average monthly charges for that contract",
  "average tenure by internet service",
  "which one is highest?",
  "what is the churn rate for that internet service?",
  "number of customers by payment method",
  "which payment method is the most common?",
  "how many senior citizens use that payment method?",
  "average monthly charges by payment method",
  "top 2",
  "what is the average tenure of those?",
];

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--runs");
  const runs = at >= 0 ? Number(args.splice(at, 2)[1]) : 5;
  const [dataset = "telco", ...given] = args;
  const turns = given.length ? given : TELCO_TURNS;
  const file = OWN_FILES[dataset] ? path.join("/work/shared/datasets", OWN_FILES[dataset]) : dataset;
  const table = await loadDatasetTable(file);
  const datasetName = OWN_FILES[dataset] ? dataset : path.basename(dataset, ".csv");
  const times: number[][] = turns.map(() => []);
  let replies: ChatReply[] = [];
  // (The first run warms up the JIT and the table's lexicon; it is not counted.)
  for (let run = 0; run <= runs; run++) {
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    replies = [];
    for (const [k, turn] of turns.entries()) {
      messages.push({ role: "user", content: turn });
      const t0 = performance.now();
      const reply = await answerChat({ table, datasetName, messages: messages.slice() });
      if (run > 0) times[k].push(performance.now() - t0);
      messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
      replies.push(reply);
    }
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  let total = 0;
  for (const [k, turn] of turns.entries()) {
    const ms = median(times[k]);
    total += ms;
    const answer = (replies[k].messages[0]?.content ?? "").replace(/\s+/g, " ").slice(0, 150);
    console.log(`${String(k + 1).padStart(2)} ${ms.toFixed(1).padStart(7)} ms  ${turn}\n             => ${answer}`);
  }
  console.log(`total ${total.toFixed(1)} ms over ${turns.length} turns (median of ${runs} runs each)`);
  cleanUpDatasetTables();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
