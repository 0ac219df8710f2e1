// Developer tool: the "am I sure" model (lib/chat/understand/choose.ts, SureModel) measured OUT OF SAMPLE.
// Every question of the released analytic sets (own, fresh, fresh2, fresh3, fresh4, fresh6) and of the probe
// folders (questions.jsonl and their other question files) is answered twice by the engine as shipped: once
// with the sure model forced to doubt and once forced to be sure, recording the model's inputs at the last
// turn (sureInputs, the same feature extraction train-chat.ts uses). Then, leaving one set / probe folder out
// at a time, a logistic model is refitted on the other folders' answers and judged on the left-out one:
// wrong answers with a number (flagged / unflagged: no doubt, or routine notes only) and right answers with a
// doubt, at fixed thresholds and at the threshold chosen on the other folders. The shipped model (fitted on all
// of these questions) is printed on the same rows for comparison (in sample).
//   npx tsx scripts/chat-bench/sure-cv.ts            (answers the questions, ~3 min; rows kept in SURE_CV_ROWS)
//   SURE_CV_REUSE=1 npx tsx scripts/chat-bench/sure-cv.ts   (refits only, from the kept rows)
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { SURE_INPUTS, type SureModel, sureFeature, sureProbability, WEIGHTS } from "../../lib/chat/understand/choose";
import type { Table } from "../../lib/table/types";
import { converse } from "./converse";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { loadOwnQuestions, type OwnSet, ownSetTables, ownTables } from "./own-set";
import { type Expected, type OwnQuestion, scoreOwn, type Verdict } from "./score-own";

export interface SureCvRow {
  group: string;
  id: string;
  /** The sure model's inputs at the last turn (null: the last turn never reached the sure decision). */
  x: number[] | null;
  /** The best reading's plan features the sure model may weigh (choose.ts sureFeature), at the last turn. */
  keys: string[];
  right: boolean;
  /** Right when the sure model doubts (must equal `right`: a doubt never makes a right answer wrong). */
  rightWhenSure: boolean;
  gaveNumber: boolean;
  /** A doubt is stated when the sure model doubts / when it does not (other notes). */
  doubtOn: boolean;
  doubtOff: boolean;
}

/** SURE_CV_DROP=name,name: inputs left out of the refit (set to 0), to compare sets of inputs. */
const DROP = new Set((process.env.SURE_CV_DROP ?? "").split(",").filter(Boolean));
const masked = (x: number[]) => x.map((v, k) => (DROP.has(SURE_INPUTS[k]) ? 0 : v));

const ROWS_FILE = process.env.SURE_CV_ROWS ?? "/tmp/sure-cv-rows.json";
const doubt = (v: Verdict) => v.flagged && !v.weaklyFlagged;

function readJsonl(file: string): OwnQuestion[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OwnQuestion);
}

/** The conversation as converse.ts has it, the sure model's inputs recorded per turn. */
async function converseSeen(table: Table, datasetName: string, turns: string[], seen: unknown[][]) {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  let reply: ChatReply | null = null;
  for (const t of turns) {
    messages.push({ role: "user", content: t });
    seen.push([]);
    reply = await answerChat({ table, datasetName, messages: messages.slice() });
    messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
  }
  return reply!;
}

/** Answers one question with the sure model forced to doubt, then forced to be sure. */
async function answerBoth(group: string, q: OwnQuestion, exp: Expected, table: Table, datasetName: string): Promise<SureCvRow> {
  const shipped = WEIGHTS.sure!;
  const seen: { x: number[]; keys: string[] }[][] = [];
  const fields = table.columns.map((c) => c.name);
  WEIGHTS.sure = {
    weights: shipped.weights,
    threshold: 2,
    observe: (x, feats) => seen[seen.length - 1].push({ x, keys: [...feats.keys()].filter(sureFeature) }),
  };
  const on = scoreOwn(q, exp, await converseSeen(table, datasetName, q.turns, seen), fields);
  WEIGHTS.sure = { weights: shipped.weights, threshold: -1 };
  const off = scoreOwn(q, exp, await converse(table, datasetName, q.turns), fields);
  WEIGHTS.sure = shipped;
  // The last answer reads the earlier turns again (as many decisions as the answer before it): one more is the last turn's.
  const last = seen[seen.length - 1];
  const before = seen.length > 1 ? seen[seen.length - 2].length : 0;
  return {
    group,
    id: q.id,
    x: last.length > before ? last[last.length - 1].x : null,
    keys: last.length > before ? last[last.length - 1].keys : [],
    right: off.right,
    rightWhenSure: on.right,
    gaveNumber: off.gaveNumber,
    doubtOn: doubt(on),
    doubtOff: doubt(off),
  };
}

/** The probe folders with questions (as /tmp/probes.sh and honesty-count.ts run them); never fresh5.., never held-out sets. */
function probeFolders(): string[] {
  const root = path.resolve(process.cwd(), "lib/chat/testing");
  return readdirSync(root)
    .filter((d) => /^probe\d+$/.test(d) && Number(d.slice(5)) >= 7 && existsSync(path.join(root, d, "questions.jsonl")))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
    .map((d) => path.join(root, d));
}

async function buildRows(): Promise<SureCvRow[]> {
  const rows: SureCvRow[] = [];
  const sets: OwnSet[] = ["own", "fresh", "fresh2", "fresh3", "fresh4", "fresh6"];
  const tables = await ownTables(ownSetTables(sets));
  for (const set of sets) {
    const { questions, expected } = loadOwnQuestions(set);
    for (const q of questions) rows.push(await answerBoth(set, q, expected[q.id] ?? {}, tables[q.dataset], q.dataset));
  }
  for (const dir of probeFolders()) {
    const tablesFile = path.join(dir, "tables.json");
    const files: Record<string, string> = existsSync(tablesFile) ? JSON.parse(readFileSync(tablesFile, "utf8")) : {};
    const loaded = new Map<string, Table>();
    for (const [qName, eName] of [
      ["questions.jsonl", "expected.json"],
      ["questions2.jsonl", "expected2.json"],
      ["questions3.jsonl", "expected3.json"],
      ["questions2.jsonl", "questions2-expected.json"],
    ]) {
      if (!existsSync(path.join(dir, qName)) || !existsSync(path.join(dir, eName))) continue;
      const expected = JSON.parse(readFileSync(path.join(dir, eName), "utf8")) as Record<string, Expected>;
      for (const q of readJsonl(path.join(dir, qName))) {
        const csv = files[q.dataset] ?? `${q.dataset}.csv`;
        let table = loaded.get(csv);
        if (!table) {
          table = await loadDatasetTable(path.join(dir, csv));
          loaded.set(csv, table);
        }
        rows.push(await answerBoth(path.basename(dir), { ...q, id: `${qName}/${q.id}` }, expected[q.id] ?? {}, table, path.basename(csv, ".csv")));
      }
    }
  }
  return rows;
}

/** Logistic regression of "the answer is right" on the sure inputs (as train-chat.ts fitLogistic: gradient descent, a little L2). */
export function fitSureRows(
  rows: SureCvRow[],
  l2 = Number(process.env.SURE_CV_L2 ?? 0.001),
  wrongWeight = Number(process.env.SURE_CV_WRONG_WEIGHT ?? 1),
): number[] {
  const fit = rows.filter((r) => r.x && (r.right || r.gaveNumber));
  const d = SURE_INPUTS.length;
  const wt = new Array<number>(d).fill(0);
  for (let it = 0; it < 3000; it++) {
    const g = new Array<number>(d).fill(0);
    let n = 0;
    for (const r of fit) {
      const x = masked(r.x!);
      const p = sureProbability(x, { weights: wt, threshold: 0 });
      const weight = r.right ? 1 : wrongWeight;
      const err = (p - (r.right ? 1 : 0)) * weight;
      for (let k = 0; k < d; k++) g[k] += err * (x[k] ?? 0);
      n += weight;
    }
    for (let k = 0; k < d; k++) wt[k] -= 0.5 * (g[k] / n + (k === 0 ? 0 : l2 * wt[k]));
  }
  return wt.map((v) => Math.round(v * 10000) / 10000);
}

/** Whether the answer states a doubt under a sure model. */
const doubted = (r: SureCvRow, m: SureModel) => (r.x && sureProbability(r.x, m, r.keys) < m.threshold ? r.doubtOn : r.doubtOff);

interface Count {
  wrongNum: number;
  flagged: number;
  unflagged: number;
  right: number;
  rightDoubt: number;
  n: number;
}

function count(rows: SureCvRow[], modelOf: (r: SureCvRow) => SureModel): Count {
  const c: Count = { wrongNum: 0, flagged: 0, unflagged: 0, right: 0, rightDoubt: 0, n: rows.length };
  for (const r of rows) {
    const d = doubted(r, modelOf(r));
    if (r.right) {
      c.right++;
      if (d) c.rightDoubt++;
    } else if (r.gaveNumber) {
      c.wrongNum++;
      if (d) c.flagged++;
      else c.unflagged++;
    }
  }
  return c;
}

/** The counts of one line for a model chosen per row (train-chat.ts TRAIN_SURE_CV prints them too). */
export function sureCvLine(rows: SureCvRow[], modelOf: (r: SureCvRow) => SureModel): string {
  return line(count(rows, modelOf));
}

const line = (c: Count) =>
  `wrong with a number ${c.wrongNum}: flagged ${c.flagged}, UNFLAGGED ${c.unflagged}; right ${c.right}/${c.n}, with a doubt ${c.rightDoubt} (${((100 * c.rightDoubt) / Math.max(1, c.right)).toFixed(1)}%)`;

/** The largest threshold whose doubts fall on at most `share` of the right answers (as train-chat.ts chooses). */
function chooseThreshold(rows: SureCvRow[], weights: number[], share: number): number {
  const right = rows.filter((r) => r.right && r.x);
  let chosen = 0;
  for (let t = 0.3; t <= 0.951; t += 0.025) {
    const m = { weights, threshold: t };
    if (right.filter((r) => sureProbability(r.x!, m) < t).length <= share * right.length) chosen = Math.round(t * 1000) / 1000;
  }
  return chosen;
}

async function main() {
  let rows: SureCvRow[];
  if (process.env.SURE_CV_REUSE && existsSync(ROWS_FILE)) rows = JSON.parse(readFileSync(ROWS_FILE, "utf8")) as SureCvRow[];
  else {
    const t0 = performance.now();
    rows = await buildRows();
    writeFileSync(ROWS_FILE, JSON.stringify(rows));
    console.log(`${rows.length} questions answered twice in ${((performance.now() - t0) / 1000).toFixed(0)} s (rows in ${ROWS_FILE})`);
    cleanUpDatasetTables();
  }
  const changed = rows.filter((r) => r.right !== r.rightWhenSure);
  console.log(
    `answers whose rightness depends on the doubt: ${changed.length}${changed.length ? ` (${changed.map((r) => `${r.group}/${r.id}`).join(", ")})` : ""}`,
  );
  const groups = [...new Set(rows.map((r) => r.group))];
  const shipped = WEIGHTS.sure!;
  console.log(`${rows.length} questions in ${groups.length} folders; ${rows.filter((r) => r.x).length} reach the sure decision at their last turn`);
  console.log(`shipped sure model (in sample: fitted on these folders), threshold ${shipped.threshold}: ${line(count(rows, () => shipped))}`);
  for (const t of [0.6, 0.7, 0.75, 0.8, 0.85])
    console.log(`  shipped weights, P(right) < ${t}: ${line(count(rows, () => ({ weights: shipped.weights, threshold: t })))}`);
  // Leave one folder out: weights (and a threshold) fitted on the other folders.
  const share = Number(process.env.SURE_CV_SHARE ?? 0.125);
  const fitted = new Map<string, { weights: number[]; chosen: number }>();
  for (const g of groups) {
    const train = rows.filter((r) => r.group !== g);
    const weights = fitSureRows(train);
    fitted.set(g, { weights, chosen: chooseThreshold(train, weights, share) });
  }
  console.log(`OUT OF SAMPLE (refitted leaving each of the ${groups.length} folders out, counted on it):`);
  const t0 = shipped.threshold;
  for (const t of [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]) {
    console.log(
      `  P(right) < ${t.toFixed(2)}${t === t0 ? " (shipped threshold)" : ""}: ${line(count(rows, (r) => ({ weights: fitted.get(r.group)!.weights, threshold: t })))}`,
    );
  }
  const chosen = [...new Set([...fitted.values()].map((f) => f.chosen))].sort();
  console.log(
    `  threshold chosen on the other folders (right answers doubted by the model <= ${share}; ${chosen.join("/")}): ${line(count(rows, (r) => ({ weights: fitted.get(r.group)!.weights, threshold: fitted.get(r.group)!.chosen })))}`,
  );
  const all = fitSureRows(rows);
  console.log(`fitted on all folders: ${SURE_INPUTS.map((n, k) => `${n} ${all[k]}`).join(", ")}; chosen threshold ${chooseThreshold(rows, all, share)}`);
  if (process.env.SURE_CV_LIST) {
    const list = rows
      .filter((r) => !r.right && r.gaveNumber && !doubted(r, { weights: fitted.get(r.group)!.weights, threshold: t0 }))
      .map(
        (r) =>
          `${r.group}\t${r.id}\tP=${r.x ? sureProbability(r.x, { weights: fitted.get(r.group)!.weights, threshold: 0 }).toFixed(2) : "-"}\tx=${JSON.stringify(r.x)}`,
      );
    writeFileSync(process.env.SURE_CV_LIST, `${list.join("\n")}\n`);
  }
}

if (process.argv[1]?.endsWith("sure-cv.ts"))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
