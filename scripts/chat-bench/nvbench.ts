// nvbench-dev (143 cases over 65 tables; /work/shared/datasets/nvbench-dev) against lib/chat.
// Each case is asked in its first phrasing (`question`) and in each paraphrase, as a one-turn
// conversation over the case's table loaded as the product ingests it. Held-out part: every 5th
// case (index % 5 == 4) is never looked at while tuning or training.
import fs from "node:fs";
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { loadDatasetTable } from "./load-dataset";
import { scoreNv, type NvCase, type NvVerdict } from "./score-nvbench";

export const NV_DIR = fs.existsSync(path.resolve(process.cwd(), "../shared/datasets/nvbench-dev/cases.jsonl"))
  ? path.resolve(process.cwd(), "../shared/datasets/nvbench-dev")
  : "/work/shared/datasets/nvbench-dev";

export interface NvOutcome {
  c: NvCase;
  index: number;
  heldOut: boolean;
  phrasing: number; // 0 = question, 1.. = paraphrases
  text: string;
  verdict: NvVerdict;
  reply: ChatReply;
}

export function loadNvCases(): NvCase[] {
  return fs
    .readFileSync(path.join(NV_DIR, "cases.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as NvCase);
}

export async function runNv(times: number[]): Promise<NvOutcome[]> {
  const cases = loadNvCases();
  const out: NvOutcome[] = [];
  for (let index = 0; index < cases.length; index++) {
    const c = cases[index];
    const table = await loadDatasetTable(path.join(NV_DIR, c.table));
    const datasetName = path.basename(c.table, ".csv").split("__").pop();
    const phrasings = [c.question, ...c.paraphrases];
    for (let p = 0; p < phrasings.length; p++) {
      const t0 = performance.now();
      const reply = await answerChat({ table, datasetName, messages: [{ role: "user", content: phrasings[p] }] });
      times.push(performance.now() - t0);
      out.push({ c, index, heldOut: index % 5 === 4, phrasing: p, text: phrasings[p], verdict: scoreNv(c, reply), reply });
    }
  }
  return out;
}

export function reportNv(outcomes: NvOutcome[]): string[] {
  const pct = (xs: NvOutcome[], key: "dataRight" | "chartRight") => (xs.length ? (100 * xs.filter((o) => o.verdict[key]).length) / xs.length : NaN);
  const rows: [string, NvOutcome[]][] = [
    ["first phrasing", outcomes.filter((o) => o.phrasing === 0)],
    ["  tuning", outcomes.filter((o) => o.phrasing === 0 && !o.heldOut)],
    ["  held-out", outcomes.filter((o) => o.phrasing === 0 && o.heldOut)],
    ["all phrasings", outcomes],
    ["  tuning", outcomes.filter((o) => !o.heldOut)],
    ["  held-out", outcomes.filter((o) => o.heldOut)],
  ];
  const lines = [
    `nvbench-dev: ${new Set(outcomes.map((o) => o.c.id)).size} cases, ${outcomes.length} phrasings`,
    `  ${"".padEnd(16)} ${"n".padStart(4)} ${"data".padStart(7)} ${"chart".padStart(7)}`,
  ];
  for (const [name, xs] of rows)
    lines.push(
      `  ${name.padEnd(16)} ${String(xs.length).padStart(4)} ${pct(xs, "dataRight").toFixed(1).padStart(6)}% ${pct(xs, "chartRight").toFixed(1).padStart(6)}%`,
    );
  return lines;
}
