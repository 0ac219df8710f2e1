// Developer tool: run a probe set in the analytic set's format (questions.jsonl with `kind`, expected.json
// from its truth.py, tables.json naming the CSV of each dataset key) and score it with the own-set rule
// (scripts/chat-bench/score-own.ts). Prints each verdict, the failures' answers and a summary by type.
//   npx tsx scripts/chat-bench/probe-own-run.ts lib/chat/testing/probe7[/questions2.jsonl] [-v] [id ...]
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { type Expected, type OwnQuestion, scoreOwn } from "./score-own";

async function main() {
  const args = process.argv.slice(2);
  // A directory (questions.jsonl + expected.json) or one of its question files (questions2.jsonl + expected2.json).
  const qFile = args[0].endsWith(".jsonl") ? args[0] : path.join(args[0], "questions.jsonl");
  const dir = path.dirname(qFile);
  const eFile = path.join(
    dir,
    path
      .basename(qFile)
      .replace("questions", "expected")
      .replace(/\.jsonl$/, ".json"),
  );
  const verbose = args.includes("-v");
  const only = args.slice(1).filter((a) => a !== "-v");
  const files = JSON.parse(readFileSync(path.join(dir, "tables.json"), "utf8")) as Record<string, string>;
  const expected = JSON.parse(readFileSync(eFile, "utf8")) as Record<string, Expected>;
  const questions: OwnQuestion[] = readFileSync(qFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const byType = new Map<string, [number, number]>();
  let right = 0;
  let n = 0;
  let wrongNumber = 0;
  let unflagged = 0;
  for (const q of questions) {
    if (only.length && !only.includes(q.id)) continue;
    const table = await loadDatasetTable(path.join(dir, files[q.dataset]));
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply: ChatReply | null = null;
    for (const t of q.turns) {
      messages.push({ role: "user", content: t });
      reply = await answerChat({ table, datasetName: path.basename(files[q.dataset], ".csv"), messages: messages.slice() });
      messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
    }
    const r = reply!;
    const v = scoreOwn(
      q,
      expected[q.id] ?? {},
      r,
      table.columns.map((c) => c.name),
    );
    n++;
    if (v.right) right++;
    else if (v.gaveNumber) {
      wrongNumber++;
      if (!v.flagged) unflagged++;
    }
    const t = byType.get(q.type) ?? [0, 0];
    byType.set(q.type, [t[0] + (v.right ? 1 : 0), t[1] + 1]);
    const mark = v.right ? "+" : v.gaveNumber ? (v.flagged ? "-f" : "-U") : "-";
    console.log(`${mark.padEnd(2)} ${q.id} [${q.type}] ${q.turns.join(" || ")}${v.right ? "" : `  (${v.why})`}`);
    if (verbose || !v.right) {
      const fig = r.messages.find((m) => m.figures.length)?.figures[0];
      const tab = r.messages.find((x) => x.table)?.table;
      console.log(`     > ${r.messages[0]?.content.slice(0, 400).replace(/\n/g, " ")}`);
      if (tab) console.log(`     table: ${JSON.stringify(tab.slice(0, 3))}${tab.length > 3 ? ` ... (${tab.length})` : ""}`);
      if (fig) console.log(`     meta: ${JSON.stringify(fig.layout.meta)}`);
      if (r.assumptions?.length) console.log(`     assumptions: ${r.assumptions.join(" | ")}`);
    }
  }
  console.log(`right ${right}/${n} (${((100 * right) / n).toFixed(1)}%); wrong with a number ${wrongNumber}, unflagged ${unflagged}`);
  console.log(
    [...byType.entries()]
      .sort()
      .map(([k, [a, b]]) => `${k} ${a}/${b}`)
      .join(", "),
  );
  cleanUpDatasetTables();
}

void main();
