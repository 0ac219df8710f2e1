// Developer tool: counts, over the released analytic sets and the probe folders, the wrong answers
// that show a number with no doubt stated (no assumption, or only routine notes) and the right
// answers that state a doubt about the reading. Lists both kinds, one line each, for diffs.
//   npx tsx scripts/chat-bench/honesty-count.ts [out.txt]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChatReply } from "../../lib/chat";
import { converse } from "./converse";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { type OwnSet, ownSetTables, ownTables, runOwn } from "./own-set";
import { type Expected, type OwnQuestion, scoreOwn, type Verdict } from "./score-own";

interface Row {
  set: string;
  id: string;
  turns: string[];
  verdict: Verdict;
  reply: ChatReply;
}

async function probeRows(dir: string, qName: string, eName: string): Promise<Row[]> {
  const qFile = path.join(dir, qName);
  if (!existsSync(qFile)) return [];
  const tablesFile = path.join(dir, "tables.json");
  const files: Record<string, string> = existsSync(tablesFile) ? JSON.parse(readFileSync(tablesFile, "utf8")) : {};
  const csvFor = (d: string) => files[d] ?? `${d}.csv`;
  const expected = JSON.parse(readFileSync(path.join(dir, eName), "utf8")) as Record<string, Expected>;
  const questions: OwnQuestion[] = readFileSync(qFile, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const out: Row[] = [];
  for (const q of questions) {
    const table = await loadDatasetTable(path.join(dir, csvFor(q.dataset)));
    const reply = await converse(table, path.basename(csvFor(q.dataset), ".csv"), q.turns);
    const verdict = scoreOwn(
      q,
      expected[q.id] ?? {},
      reply,
      table.columns.map((c) => c.name),
    );
    out.push({ set: `${path.basename(dir)}${qName === "questions.jsonl" ? "" : `/${qName}`}`, id: q.id, turns: q.turns, verdict, reply: reply });
  }
  return out;
}

const doubt = (v: Verdict) => v.flagged && !v.weaklyFlagged;

async function main() {
  const sets: OwnSet[] = ["own", "fresh", "fresh2", "fresh3", "fresh4", "fresh6"];
  const tables = await ownTables(ownSetTables(sets));
  const groups: Record<string, Row[]> = { released: [], probes: [] };
  for (const set of sets) {
    for (const o of await runOwn(tables, [], set)) groups.released.push({ set, id: o.q.id, turns: o.q.turns, verdict: o.verdict, reply: o.reply });
  }
  groups["probes, other question files"] = [];
  for (let n = 7; n <= 32; n++) {
    const dir = `lib/chat/testing/probe${n}`;
    groups.probes.push(...(await probeRows(dir, "questions.jsonl", "expected.json")));
    for (const [q, e] of [
      ["questions2.jsonl", "expected2.json"],
      ["questions3.jsonl", "expected3.json"],
      ["questions2.jsonl", "questions2-expected.json"],
    ]) {
      if (existsSync(path.join(dir, e))) groups["probes, other question files"].push(...(await probeRows(dir, q, e)));
    }
  }
  const lines: string[] = [];
  for (const [name, rows] of Object.entries(groups)) {
    const right = rows.filter((r) => r.verdict.right);
    const wrongNum = rows.filter((r) => !r.verdict.right && r.verdict.gaveNumber);
    const silent = wrongNum.filter((r) => !doubt(r.verdict));
    const doubted = right.filter((r) => doubt(r.verdict));
    console.log(
      `${name}: right ${right.length}/${rows.length}; wrong with a number ${wrongNum.length}, no doubt ${silent.length}; right with a doubt ${doubted.length}`,
    );
    for (const r of silent)
      lines.push(
        `SILENT\t${r.set}\t${r.id}\t${r.turns.join(" | ")}\t${r.verdict.why}\t=> ${(r.reply.messages[0]?.content ?? "").replace(/\s+/g, " ").slice(0, 300)}\t[${(r.reply.assumptions ?? []).join(" ; ")}]`,
      );
    for (const r of wrongNum.filter((x) => doubt(x.verdict)))
      lines.push(
        `FLAGGED\t${r.set}\t${r.id}\t${r.turns.join(" | ")}\t${r.verdict.why}\t=> ${(r.reply.messages[0]?.content ?? "").replace(/\s+/g, " ").slice(0, 300)}\t[${(r.reply.assumptions ?? []).join(" ; ")}]`,
      );
    for (const r of doubted) lines.push(`DOUBT\t${r.set}\t${r.id}\t${r.turns.join(" | ")}\t[${(r.reply.assumptions ?? []).join(" ; ")}]`);
  }
  if (process.argv[2]) writeFileSync(process.argv[2], `${lines.join("\n")}\n`);
  cleanUpDatasetTables();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
