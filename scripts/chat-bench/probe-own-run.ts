// Developer tool: run a probe set in the analytic set's format and score it with the own-set rule
// (scripts/chat-bench/score-own.ts). Prints each verdict, the failures' answers and a summary by type.
//   npx tsx scripts/chat-bench/probe-own-run.ts lib/chat/testing/probe7[/questions2.jsonl] [-v] [id ...]
// A folder means its questions.jsonl and expected.json; a question file x.jsonl has its truth in
// x-expected.json or, for questionsN.jsonl, expectedN.json next to it. Tables: tables.json in the
// folder naming the CSV of each dataset key (probe7), else <dataset>.csv in the folder (probe8).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { converse } from "./converse";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { type Expected, type OwnQuestion, scoreOwn } from "./score-own";

function expectedFileFor(qFile: string): string {
  const dashed = qFile.replace(/\.jsonl$/, "-expected.json");
  if (existsSync(dashed)) return dashed;
  return path.join(
    path.dirname(qFile),
    path
      .basename(qFile)
      .replace("questions", "expected")
      .replace(/\.jsonl$/, ".json"),
  );
}

async function main() {
  const args = process.argv.slice(2);
  const qFile = args[0].endsWith(".jsonl") ? args[0] : path.join(args[0], "questions.jsonl");
  const dir = path.dirname(qFile);
  const verbose = args.includes("-v");
  const only = args.slice(1).filter((a) => a !== "-v");
  const tablesFile = path.join(dir, "tables.json");
  const files: Record<string, string> = existsSync(tablesFile) ? JSON.parse(readFileSync(tablesFile, "utf8")) : {};
  const csvFor = (dataset: string) => files[dataset] ?? `${dataset}.csv`;
  const expected = JSON.parse(readFileSync(expectedFileFor(qFile), "utf8")) as Record<string, Expected>;
  const questions: OwnQuestion[] = readFileSync(qFile, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const byType = new Map<string, [number, number]>();
  let right = 0;
  let n = 0;
  let wrongNumber = 0;
  let unflagged = 0;
  for (const q of questions) {
    if (only.length && !only.includes(q.id)) continue;
    // (path.resolve: tables.json may name a shared data set by an absolute path.)
    const table = await loadDatasetTable(path.resolve(dir, csvFor(q.dataset)));
    const r = await converse(table, path.basename(csvFor(q.dataset), ".csv"), q.turns);
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
      if (!v.flagged || v.weaklyFlagged) unflagged++;
    }
    const t = byType.get(q.type) ?? [0, 0];
    byType.set(q.type, [t[0] + (v.right ? 1 : 0), t[1] + 1]);
    // "-U": a wrong number with no doubt stated, or only a routine note.
    const mark = v.right ? "+" : v.gaveNumber ? (v.flagged && !v.weaklyFlagged ? "-f" : "-U") : "-";
    console.log(`${mark.padEnd(2)} ${q.id} [${q.type}] ${q.turns.join(" || ")}${v.right ? "" : `  (${v.why})`}`);
    if (verbose || !v.right) {
      const fig = r.messages.find((m) => m.figures.length)?.figures[0];
      const tab = r.messages.find((x) => x.table)?.table;
      console.log(`     > ${(r.messages[0]?.content ?? "").slice(0, 400).replace(/\s+/g, " ")}`);
      if (tab) console.log(`     table: ${JSON.stringify(tab.slice(0, 3))}${tab.length > 3 ? ` ... (${tab.length})` : ""}`);
      if (fig) console.log(`     meta: ${JSON.stringify(fig.layout.meta)}`);
      if (r.assumptions?.length) console.log(`     assumptions: ${r.assumptions.join(" | ")}`);
    }
  }
  console.log(
    `right ${right}/${n} (${((100 * right) / n).toFixed(1)}%); wrong with a number ${wrongNumber}, of which unflagged or routine-note only ${unflagged}`,
  );
  console.log(
    [...byType.entries()]
      .sort()
      .map(([k, [a, b]]) => `${k} ${a}/${b}`)
      .join(", "),
  );
  cleanUpDatasetTables();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
