// Developer tool: run a probe set in the analytic set's format (questions.jsonl + expected.json from
// pandas, tables as <dataset>.csv in the same folder) and score it with the own-set rule.
//   npx tsx scripts/chat-bench/probe-own-run.ts lib/chat/testing/probe8[/questions2.jsonl] [-v] [id ...]
// (a folder: its questions.jsonl and expected.json; a file x.jsonl: x-expected.json next to it)
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { type Expected, type OwnQuestion, scoreOwn } from "./score-own";

async function main() {
  const [arg, ...rest] = process.argv.slice(2);
  const file = arg.endsWith(".jsonl") ? arg : path.join(arg, "questions.jsonl");
  const dir = path.dirname(file);
  const expectedFile = arg.endsWith(".jsonl") ? arg.replace(/\.jsonl$/, "-expected.json") : path.join(dir, "expected.json");
  const verbose = rest.includes("-v");
  const only = rest.filter((a) => a !== "-v");
  const questions: OwnQuestion[] = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const expected = JSON.parse(readFileSync(expectedFile, "utf8")) as Record<string, Expected>;
  let n = 0;
  let right = 0;
  let wrongNumber = 0;
  let unflagged = 0;
  const byType = new Map<string, [number, number]>();
  for (const q of questions) {
    if (only.length && !only.includes(q.id)) continue;
    const table = await loadDatasetTable(path.join(dir, `${q.dataset}.csv`));
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply: ChatReply | null = null;
    for (const t of q.turns) {
      messages.push({ role: "user", content: t });
      reply = await answerChat({ table, datasetName: q.dataset, messages: messages.slice() });
      messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
    }
    const v = scoreOwn(
      q,
      expected[q.id] ?? {},
      reply!,
      table.columns.map((c) => c.name),
    );
    n++;
    if (v.right) right++;
    else if (v.gaveNumber) {
      wrongNumber++;
      if (!v.flagged || v.weaklyFlagged) unflagged++;
    }
    const t = byType.get(q.type) ?? [0, 0];
    byType.set(q.type, [t[0] + (v.right ? 1 : 0), t[1] + 1]);
    const mark = v.right ? "ok   " : v.gaveNumber ? (v.flagged && !v.weaklyFlagged ? "WRONG" : "WRONG!") : "none ";
    console.log(`${mark.padEnd(6)} ${q.id} [${q.type}] ${q.turns.join(" || ")}${v.right ? "" : `  (${v.why})`}`);
    if (verbose || !v.right) {
      console.log(`       > ${(reply!.messages[0]?.content ?? "").slice(0, 300).replace(/\s+/g, " ")}`);
      if (reply!.assumptions?.length) console.log(`       assumptions: ${JSON.stringify(reply!.assumptions)}`);
    }
  }
  console.log(
    `\nright ${right}/${n} (${((100 * right) / n).toFixed(1)}%); wrong with a number ${wrongNumber}, of which unflagged or routine-note only ${unflagged}`,
  );
  for (const [t, [r, k]] of [...byType].sort()) console.log(`  ${t.padEnd(18)} ${r}/${k}`);
  cleanUpDatasetTables();
}

void main();
