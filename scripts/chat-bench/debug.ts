// Developer tool: how the engine reads a question.
//   npx tsx scripts/chat-bench/debug.ts <superstore|cars|movies|telco|adult|diamonds|bank-full|california|credit-g|path.csv> "question" ["follow-up" ...]
// Prints the mentions and attachments of the last turn, the top candidates with their scores and
// the features that decided, and the answer.
import path from "node:path";
import { answerChat } from "../../lib/chat";
import { describeTable } from "../../lib/chat/columns";
import { getTableLexicon } from "../../lib/chat";
import { attach } from "../../lib/chat/understand/attach";
import { WEIGHTS } from "../../lib/chat/understand/choose";
import { understand } from "../../lib/chat/understand";
import { readMentions } from "../../lib/chat/understand/readers";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { OWN_FILES } from "./own-set";

async function main() {
  const [dataset, ...turns] = process.argv.slice(2);
  const file = OWN_FILES[dataset] ? path.join("/work/shared/datasets", OWN_FILES[dataset]) : dataset;
  const table = await loadDatasetTable(file);
  const fields = describeTable(table);
  const datasetName = OWN_FILES[dataset] ? dataset : (path.basename(dataset, ".csv").split("__").pop() ?? "");
  const lex = getTableLexicon(table, fields, "", datasetName);
  const last = turns[turns.length - 1];
  const reading = readMentions(last, lex);
  console.log("mentions:");
  for (const m of reading.mentions)
    console.log(
      `  ${m.kind.padEnd(7)} ${JSON.stringify(m.text).padEnd(24)} ${m.kind === "field" ? m.fields.map((f) => `${f.name}:${f.score.toFixed(2)}`).join(" ") : m.kind === "value" ? m.values.map((v) => `${v.field}=${v.value}`).join(" ") : m.kind === "word" ? m.hits.map((h) => `${h.category}:${h.key}`).join(" ") : m.kind === "number" ? m.value : m.kind === "date" ? JSON.stringify(m.date) : ""}`,
    );
  const a = attach(reading, lex, 0);
  console.log("refs:");
  for (const r of a.refs)
    console.log(
      `  ${r.text}: ${r.cands.map((c) => c.name).join("|")} ${Object.entries(r)
        .filter(([k, v]) => v === true && k !== "partial")
        .map(([k]) => k)
        .join(",")}${r.agg ? ` agg=${r.agg}` : ""}`,
    );
  console.log("filters:");
  for (const f of a.filters)
    console.log(`  [${f.kind}] "${f.text}" ${f.options.map((o) => `${JSON.stringify(o.filter)}(${o.how})`).join(" | ")} refs=${f.refs.join(",")}`);
  const flags = Object.entries(a)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  console.log(
    `cues: ${flags.join(", ")} chart=${a.chart} bucket=${a.bucket} limit=${JSON.stringify(a.limit)} sort=${JSON.stringify(a.sort)} sup=${a.superlative} unknown=${JSON.stringify(a.unknown)}`,
  );
  const u = understand(turns, lex, table.rowCount);
  console.log(`decision: ${u.kind}`);
  const ranked = "ranked" in u ? u.ranked : [];
  for (const c of ranked.slice(0, Number(process.env.TOP ?? 6))) {
    const top = [...c.feats]
      .map(([n, v]) => [n, v * (WEIGHTS.weights[n] ?? 0)] as const)
      .filter(([, v]) => v !== 0)
      .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]))
      .slice(0, 8);
    console.log(`  ${c.score.toFixed(2).padStart(7)} ${c.sig}  ${top.map(([n, v]) => `${n}=${v.toFixed(2)}`).join(" ")}`);
  }
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  let reply = null;
  for (const t of turns) {
    messages.push({ role: "user", content: t });
    reply = await answerChat({ table, datasetName, messages: messages.slice() });
    messages.push({ role: "assistant", content: reply.messages[0].content });
  }
  console.log("\nanswer:");
  for (const m of reply!.messages)
    console.log(
      `  > ${m.content}${m.table ? `\n    table: ${JSON.stringify(m.table.slice(0, 6))}${m.table.length > 6 ? ` ... (${m.table.length} rows)` : ""}` : ""}${m.figures.length ? `\n    figure: ${JSON.stringify(m.figures[0].layout.meta)} "${(m.figures[0].layout.title as { text: string }).text}"` : ""}`,
    );
  console.log(`  plan: ${JSON.stringify(reply!.plan)}`);
  console.log(`  assumptions: ${JSON.stringify(reply!.assumptions ?? [])}`);
  console.log(`  suggestions: ${JSON.stringify(reply!.suggestions)}`);
  cleanUpDatasetTables();
}

void main();
