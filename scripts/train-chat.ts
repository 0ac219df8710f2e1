// npm run train:chat: learns the weights of the chat engine's plan scoring function
// (lib/chat/understand/weights.json) from three open sets of questions with known answers:
// - the NLV corpus (a candidate is right when its chart has the reference chart type and fields),
// - nvbench-dev, all phrasings (right when its data and chart type match the gold, by the
//   benchmark's own rule),
// - our analytic question set (right when its answer matches the pandas truth, by the benchmark's
//   own rule; questions whose right answer is a question back or "no such field" are not
//   plan-ranking examples and are left out),
// - the released analytic sets fresh, fresh2, fresh3, fresh4, fresh6 and the probe folders
//   lib/chat/testing/probe7..probe38 (questions.jsonl, truth by pandas), scored by the same own-set
//   rule as their benches; TRAIN_DATA=old trains on the first three only (for comparison).
//   Ask-back / "no such field" truths are no ranking examples, but where the engine answers them
//   with a number they are wrong readings for the "am I sure" model. Never fresh5..fresh14 (held out).
// Only the tuning parts are used: every 5th item of each set (index % 5 == 4) is held out and only
// reported (the new sets have no such split: they are all tuning data). Learning: for each question, every candidate plan the generator makes is labelled
// right or wrong; the weights maximise the softmax probability of the right candidates (L2
// regularised, AdaGrad, a fixed shuffling seed). Follow-up questions are relabelled in a second round with the earlier
// turns answered by the first round's weights. Deterministic: the same data give the same weights.
import fs from "node:fs";
import path from "node:path";
import { describeTable } from "../lib/chat/columns";
import { getTableLexicon, renderPlan } from "../lib/chat";
import { detectStyle } from "../lib/chat/i18n";
import type { Candidate } from "../lib/chat/understand/candidates";
import { lastTurnCandidates } from "../lib/chat/understand";
import { SURE_INPUTS, sureFeature, sureInputs, sureProbability, type SureModel, type Weights } from "../lib/chat/understand/choose";
import type { Table } from "../lib/table/types";
import type { AnalysisPlan } from "../lib/chat/plan";
import { cleanUpDatasetTables, loadDatasetTable } from "./chat-bench/load-dataset";
import { CHART_FAMILY, NLV_DIR, NLV_FAMILY, nlvTables } from "./chat-bench/nlv";
import { loadNvCases, NV_DIR } from "./chat-bench/nvbench";
import { answerChat } from "../lib/chat";
import { loadOwnQuestions, type OwnSet, ownSetTables, ownTables, OWN_DIR } from "./chat-bench/own-set";
import { scoreOwn, type Expected, type OwnQuestion } from "./chat-bench/score-own";
import { scoreNv } from "./chat-bench/score-nvbench";
import Papa from "papaparse";
import { type SureCvRow, sureCvLine } from "./chat-bench/sure-cv";

const OUT = path.resolve(process.cwd(), "lib/chat/understand/weights.json");

type Source = "nlv" | "nvbench" | "own" | "fresh" | "probe";
const OLD_SOURCES: readonly Source[] = ["nlv", "nvbench", "own"];
const SOURCES: readonly Source[] = ["nlv", "nvbench", "own", "fresh", "probe"];
/** How much one question counts (nvbench asks each case up to 7 times; the analytic sets count more). */
const SOURCE_WEIGHT: Record<Source, number> = { nlv: 1, nvbench: 0.5, own: 1.5, fresh: 1.5, probe: 1 };
// TRAIN_SOURCE_WEIGHTS="fresh=3,probe=0.5" (development) changes them.
for (const part of (process.env.TRAIN_SOURCE_WEIGHTS ?? "").split(",").filter(Boolean)) {
  const [k, v] = part.split("=");
  if (k in SOURCE_WEIGHT) SOURCE_WEIGHT[k as Source] = Number(v);
}

interface Example {
  source: Source;
  id: string;
  heldOut: boolean;
  /** The table the question is about (cross-validation holds out whole tables). */
  group: string;
  /** Truth is a question back or "no such field", and the engine answers with a number: only a sure-model example (always a wrong reading). */
  sureOnly?: boolean;
  turns: string[];
  table: Table;
  datasetName: string;
  /** 2: right; 1: the data right but the chart kind not (nvbench cases whose phrasing names no chart); 0: wrong. */
  label: (c: Candidate) => number;
  /** Filled per round: feature vectors and labels of the last turn's candidates. */
  cands?: { feats: Map<string, number>; right: boolean; sig: string; plan: number; choices: number; notes: string[] }[];
}

const style = detectStyle("");

function render(table: Table, plan: AnalysisPlan, question: string) {
  const fields = describeTable(table);
  const r = renderPlan({ table, fields, plan, notes: [], question, style, units: new Map(), context: "", projectSuggestions: [] });
  return r.ok ? r.reply : null;
}

// --- NLV: the reference chart type and fields, from the plan alone ----------------------------------

function planFields(plan: AnalysisPlan): { family: string; fields: string[] } | null {
  if (plan.intent === "distribution") return { family: "histogram", fields: [plan.x!] };
  if (plan.intent === "relationship")
    return { family: CHART_FAMILY[plan.chart], fields: [...new Set([plan.x!, plan.y!, ...plan.groupBy.map((g) => g.field)])].sort() };
  if (plan.intent !== "aggregate" || plan.groupBy.length === 0 || plan.extraMeasures?.length || plan.chart === "pie" || plan.chart === "table") return null;
  return {
    family: CHART_FAMILY[plan.chart],
    fields: [...new Set([...plan.groupBy.map((g) => g.field), ...(plan.measure.field ? [plan.measure.field] : [])])].sort(),
  };
}

function nlvExamples(): Example[] {
  const specs = JSON.parse(fs.readFileSync(path.join(NLV_DIR, "vl-specs.json"), "utf8")) as Record<string, { encoding: Record<string, { field?: string }> }>;
  const tables = nlvTables();
  const corpus = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(NLV_DIR, "nlv-corpus.csv"), "utf8"), { header: true, skipEmptyLines: true }).data;
  return corpus.map((row, index) => {
    const dataset = row.dataset.toLowerCase();
    const spec =
      specs[`${row.dataset.charAt(0).toUpperCase()}${row.dataset.slice(1).toLowerCase()}-${row.visId}`] ??
      Object.entries(specs).find(([k]) => k.toLowerCase() === `${dataset}-${row.visId}`.toLowerCase())?.[1];
    const fields = [
      ...new Set(
        Object.values(spec!.encoding)
          .map((e) => e.field)
          .filter((f): f is string => Boolean(f)),
      ),
    ].sort();
    const family = NLV_FAMILY[row.visId];
    return {
      source: "nlv" as const,
      id: `nlv-${index}`,
      heldOut: index % 5 === 4,
      turns: row["Utterance Set"]
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean),
      table: tables[dataset],
      datasetName: dataset,
      group: dataset,
      label: (c: Candidate) => {
        // As the benchmark reads it: the first figure of the rendered answer (a number's context chart too).
        const table = tables[dataset];
        const quick = planFields(c.plan);
        if (quick && (quick.family !== family || quick.fields.length !== fields.length || !quick.fields.every((f, i) => f === fields[i]))) return 0;
        const reply = render(table, c.plan, "");
        const meta = reply?.messages.find((m) => m.figures.length)?.figures[0].layout.meta as
          | { chart: string; x: string | null; y: string | null; color: string | null; facet: string | null }
          | undefined;
        if (!meta) return 0;
        const got = [...new Set([meta.x, meta.y, meta.color, meta.facet].filter((f): f is string => Boolean(f)))].sort();
        return CHART_FAMILY[meta.chart] === family && got.length === fields.length && got.every((f, i) => f === fields[i]) ? 2 : 0;
      },
    };
  });
}

async function nvExamples(): Promise<Example[]> {
  const out: Example[] = [];
  const cases = loadNvCases();
  for (let index = 0; index < cases.length; index++) {
    const c = cases[index];
    const table = await loadDatasetTable(path.join(NV_DIR, c.table));
    [c.question, ...c.paraphrases].forEach((q, p) => {
      out.push({
        source: "nvbench",
        id: `${c.id}/${p}`,
        heldOut: index % 5 === 4,
        turns: [q],
        table,
        datasetName: path.basename(c.table, ".csv").split("__").pop() ?? "",
        group: `nvbench/${c.table}`,
        label: (cand) => {
          const reply = render(table, cand.plan, q);
          if (!reply) return 0;
          const v = scoreNv(c, reply);
          return v.dataRight ? (v.chartRight ? 2 : 1) : 0;
        },
      });
    });
  }
  return out;
}

/** Examples from questions scored by the own-set rule (scripts/chat-bench/score-own.ts), as their benches score them. */
async function ownRuleExamples(
  source: Source,
  prefix: string,
  items: { q: OwnQuestion; heldOut: boolean }[],
  expected: Record<string, Expected>,
  tableOf: (dataset: string) => Promise<{ table: Table; datasetName: string; group: string }>,
): Promise<Example[]> {
  const out: Example[] = [];
  for (const { q, heldOut } of items) {
    const { table, datasetName, group } = await tableOf(q.dataset);
    const fieldNames = table.columns.map((x) => x.name);
    const exp = expected[q.id] ?? {};
    let sureOnly = false;
    if (q.kind === "clarify" || q.kind === "no-field") {
      // Not a ranking example; a sure-model example only where the engine answers it with a number.
      const messages: { role: "user" | "assistant"; content: string }[] = [];
      let reply = null;
      for (const t of q.turns) {
        messages.push({ role: "user", content: t });
        reply = await answerChat({ table, datasetName, messages: messages.slice() });
        messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
      }
      const v = scoreOwn(q, exp, reply!, fieldNames);
      if (v.right || !v.gaveNumber) continue;
      sureOnly = true;
    }
    out.push({
      source,
      id: `${prefix}${q.id}`,
      heldOut,
      group,
      sureOnly,
      turns: q.turns,
      table,
      datasetName,
      label: (cand: Candidate) => {
        const reply = render(table, cand.plan, q.turns[q.turns.length - 1]);
        return reply && scoreOwn(q, exp, reply, fieldNames).right ? 2 : 0;
      },
    });
  }
  return out;
}

function readJsonl(file: string): OwnQuestion[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OwnQuestion);
}

async function ownExamples(): Promise<Example[]> {
  const { questions, expected } = loadOwnQuestions();
  const tables = await ownTables();
  // Training-only examples (train.jsonl, truth by the same pandas script): never part of the benchmark.
  const extra = readJsonl(path.join(OWN_DIR, "train.jsonl"));
  const extraExpected = JSON.parse(fs.readFileSync(path.join(OWN_DIR, "train-expected.json"), "utf8")) as Record<string, Expected>;
  Object.assign(expected, extraExpected);
  return ownRuleExamples(
    "own",
    "",
    [...questions.map((q, index) => ({ q, heldOut: index % 5 === 4 })), ...extra.map((q) => ({ q, heldOut: false }))],
    expected,
    async (d) => ({ table: tables[d], datasetName: d, group: d }),
  );
}

/** The released analytic sets (measured held out once, then opened for tuning). Never fresh5..fresh14. */
const RELEASED: readonly OwnSet[] = ["fresh", "fresh2", "fresh3", "fresh4", "fresh6"];

async function freshExamples(): Promise<Example[]> {
  const tables = await ownTables(ownSetTables(RELEASED));
  const out: Example[] = [];
  for (const set of RELEASED) {
    const { questions, expected } = loadOwnQuestions(set);
    out.push(
      ...(await ownRuleExamples(
        "fresh",
        `${set}/`,
        questions.map((q) => ({ q, heldOut: false })),
        expected,
        async (d) => ({ table: tables[d], datasetName: d, group: d }),
      )),
    );
  }
  return out;
}

/** The probe folders scored by scripts/chat-bench/probe-own-run.ts (their questions.jsonl, as /tmp/probes.sh runs them). */
const PROBE_DIRS = [7, 8, 9, 10, 11, 12, 13, 15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38].map((n) => `probe${n}`);

async function probeExamples(): Promise<Example[]> {
  const out: Example[] = [];
  for (const name of PROBE_DIRS) {
    const dir = path.resolve(process.cwd(), "lib/chat/testing", name);
    if (!fs.existsSync(path.join(dir, "questions.jsonl"))) continue;
    const tablesFile = path.join(dir, "tables.json");
    const files: Record<string, string> = fs.existsSync(tablesFile) ? JSON.parse(fs.readFileSync(tablesFile, "utf8")) : {};
    const expected = JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")) as Record<string, Expected>;
    const loaded = new Map<string, Table>();
    out.push(
      ...(await ownRuleExamples(
        "probe",
        `${name}/`,
        readJsonl(path.join(dir, "questions.jsonl")).map((q) => ({ q, heldOut: false })),
        expected,
        async (d) => {
          const csv = files[d] ?? `${d}.csv`;
          let table = loaded.get(csv);
          if (!table) {
            table = await loadDatasetTable(path.join(dir, csv));
            loaded.set(csv, table);
          }
          return { table, datasetName: path.basename(csv, ".csv"), group: `${name}/${csv}` };
        },
      )),
    );
  }
  return out;
}

// Labels by example and plan, kept between runs when TRAIN_CACHE names a file (development only:
// delete it after changing the executor, the answer text or the scoring rules).
const labelCache: Map<string, number> = new Map(
  process.env.TRAIN_CACHE && fs.existsSync(process.env.TRAIN_CACHE) ? (JSON.parse(fs.readFileSync(process.env.TRAIN_CACHE, "utf8")) as [string, number][]) : [],
);

function featurize(examples: Example[], w: Weights, onlyMultiTurn: boolean) {
  for (const ex of examples) {
    if (onlyMultiTurn && ex.turns.length < 2 && !ex.turns[0].includes("|")) continue;
    const fields = describeTable(ex.table);
    const lex = getTableLexicon(ex.table, fields, "", ex.datasetName);
    const got = lastTurnCandidates(ex.turns, lex, ex.table.rowCount, w);
    const levels = (got?.candidates ?? []).slice(0, 600).map((c) => {
      const planText = JSON.stringify(c.plan);
      const key = `${ex.id}\u0000${planText}`;
      let level = labelCache.get(key);
      if (typeof level !== "number") {
        level = ex.label(c);
        labelCache.set(key, level);
      }
      return { c, level, plan: hashText(planText) };
    });
    // The best reading available is the target (data and chart right, else the data right).
    const top = Math.max(0, ...levels.map((l) => l.level));
    ex.cands = levels.map(({ c, level, plan }) => ({
      feats: c.feats,
      right: top > 0 && level === top,
      sig: c.sig,
      plan,
      choices: c.choices.length,
      notes: c.notes,
    }));
  }
}

/** FNV-1a: tells plans apart without keeping their text. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Folds of whole tables (cross-validation by table): the tables, largest first (then by name), each
 * go to the fold with the fewest examples so far. NLV and the own sets share superstore, cars and
 * movies, so those tables are held out together.
 */
function tableFolds(examples: Example[], k = 5): (e: Example) => number {
  const size = new Map<string, number>();
  for (const e of examples) size.set(e.group, (size.get(e.group) ?? 0) + 1);
  const load = new Array<number>(k).fill(0);
  const fold = new Map<string, number>();
  for (const [g, n] of [...size].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const f = load.indexOf(Math.min(...load));
    fold.set(g, f);
    load[f] += n;
  }
  return (e) => fold.get(e.group)!;
}

interface SureRow {
  x: number[];
  right: boolean;
  weight: number;
  source: Source;
  fold: number;
  sureOnly: boolean;
  /** The released set or probe folder the question comes from (the source for NLV and nvbench). */
  folder: string;
  /** The best reading's plan features the sure model may weigh (choose.ts sureFeature). */
  keys: string[];
}

/**
 * Out-of-fold rankings: every tuning example (of any source) ranked by weights trained, on the
 * examples `trainOn` accepts, without its table's fold; one sure-model row per example.
 */
function outOfFold(examples: Example[], epochs: number, trainOn: (e: Example) => boolean): SureRow[] {
  const foldOf = tableFolds(examples.filter((e) => !e.heldOut));
  const rows: SureRow[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const wf = train(
      examples.map((e) => ({ ...e, heldOut: e.heldOut || !trainOn(e) || foldOf(e) === fold })),
      epochs,
    );
    for (const e of examples) {
      if (e.heldOut || foldOf(e) !== fold || !e.cands?.length) continue;
      const cands = e.cands;
      const scores = cands.map((c) => score(c.feats, wf));
      let best = 0;
      for (let k = 1; k < scores.length; k++) if (scores[k] > scores[best]) best = k;
      let second: number | null = null;
      for (let k = 0; k < scores.length; k++) if (cands[k].plan !== cands[best].plan && (second === null || scores[k] > second)) second = scores[k];
      const b = cands[best];
      rows.push({
        x: sureInputs(scores, best, second, b.feats, b.choices, b.notes),
        right: b.right && !e.sureOnly,
        weight: SOURCE_WEIGHT[e.source],
        source: e.source,
        fold,
        sureOnly: Boolean(e.sureOnly),
        folder: e.source === "own" ? "own" : e.source === "fresh" || e.source === "probe" ? e.id.split("/")[0] : e.source,
        keys: [...b.feats.keys()].filter(sureFeature),
      });
    }
  }
  return rows;
}

/**
 * Logistic regression of "the best reading is right", plain gradient descent with a little L2: the dense inputs
 * (SURE_INPUTS) and, unless TRAIN_SURE_FEATURES=0, the best reading's plan features (present or not) that at
 * least SURE_MIN_ROWS rows have (choose.ts sureFeature: not the role/cue ones). Out of sample by folder
 * (TRAIN_SURE_CV) the plan features raise the wrong readings doubted at the same share of right ones doubted.
 */
function fitLogistic(rows: SureRow[], useFeatures = process.env.TRAIN_SURE_FEATURES !== "0"): { weights: number[]; features?: Record<string, number> } {
  const d = SURE_INPUTS.length;
  const count = new Map<string, number>();
  if (useFeatures) for (const r of rows) for (const k of r.keys) count.set(k, (count.get(k) ?? 0) + 1);
  const names = [...count]
    .filter(([, n]) => n >= SURE_MIN_ROWS)
    .map(([k]) => k)
    .sort();
  const index = new Map(names.map((k, i) => [k, d + i]));
  const sparse = rows.map((r) => r.keys.map((k) => index.get(k)).filter((i): i is number => i !== undefined));
  const wt = new Array<number>(d + names.length).fill(0);
  for (let it = 0; it < 3000; it++) {
    const g = new Array<number>(wt.length).fill(0);
    let n = 0;
    rows.forEach((r, j) => {
      let s = 0;
      for (let k = 0; k < d; k++) s += wt[k] * r.x[k];
      for (const i of sparse[j]) s += wt[i];
      const p = 1 / (1 + Math.exp(-s));
      const err = (p - (r.right ? 1 : 0)) * r.weight;
      for (let k = 0; k < d; k++) g[k] += err * r.x[k];
      for (const i of sparse[j]) g[i] += err;
      n += r.weight;
    });
    for (let k = 0; k < wt.length; k++) wt[k] -= 0.5 * (g[k] / n + (k === 0 ? 0 : 0.001 * wt[k]));
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  const features: Record<string, number> = {};
  names.forEach((k, i) => {
    if (Math.abs(wt[d + i]) >= 1e-4) features[k] = round(wt[d + i]);
  });
  return { weights: wt.slice(0, d).map(round), ...(names.length ? { features } : {}) };
}

/** A plan feature weighs in the sure model when at least this many fitted rows have it. */
const SURE_MIN_ROWS = Number(process.env.SURE_MIN_ROWS ?? 30);

/**
 * The share of right answers that may state a needless doubt (SURE_RIGHT_SHARE), counted on the
 * analytic sets (own, fresh, probes: numbers computed over a table, as users ask). Chosen by the curve
 * out of sample by folder (TRAIN_SURE_CV, BENCHMARKS.md "Calibrating doubt out of sample"): 0.17 gives
 * P(right) < 0.8, which leaves about half as many wrong readings undoubted as 0.7 did before the plan
 * features, for about 4 points more right answers with a doubt (0.125 gave 0.7).
 */
const SURE_SHARE = Number(process.env.SURE_RIGHT_SHARE ?? 0.17);
const ANALYTIC: readonly Source[] = ["own", "fresh", "probe"];
const THRESHOLDS = Array.from({ length: 14 }, (_, i) => Math.round((0.3 + 0.05 * i) * 100) / 100);

/** The largest threshold that flags at most SURE_SHARE of the right answers of the analytic sets. */
function chooseThreshold(ps: { p: number; right: boolean; source: Source }[]): number {
  const right = ps.filter((r) => r.right && ANALYTIC.includes(r.source));
  let chosen = 0;
  for (const t of THRESHOLDS) if (right.filter((r) => r.p < t).length <= SURE_SHARE * right.length) chosen = t;
  return chosen;
}

function sureLine(ps: { p: number; right: boolean; source: Source }[], t: number): string {
  const wrong = ps.filter((r) => !r.right);
  const right = ps.filter((r) => r.right);
  const bySource = SOURCES.filter((src) => ps.some((r) => r.source === src))
    .map((src) => `${src} ${wrong.filter((r) => r.source === src && r.p < t).length}/${wrong.filter((r) => r.source === src).length}`)
    .join(", ");
  return `flags ${wrong.filter((r) => r.p < t).length} of ${wrong.length} wrong (${bySource}) and ${right.filter((r) => r.p < t).length} of ${right.length} right`;
}

/**
 * The "am I sure" model (choose.ts, SureModel): the tuning questions are ranked by weights that
 * never saw their table (5 folds of whole tables), so the signs of doubt are measured as they look
 * on unseen tables; a logistic regression of "the best reading is right" on them, and the threshold
 * that flags as many wrong answers as possible while flagging at most SURE_RIGHT_SHARE of the right ones.
 */
function fitSure(examples: Example[], epochs: number, rankOn: (e: Example) => boolean): SureModel {
  const rows = outOfFold(examples, epochs, rankOn);
  const model: SureModel = { ...fitLogistic(rows), threshold: 0 };
  const ps = rows.map((r) => ({ p: sureProbability(r.x, model, r.keys), right: r.right, source: r.source }));
  const nRight = ps.filter((r) => r.right).length;
  // Calibration check: the mean predicted probability should be close to the share of right answers.
  console.log(
    `  sure model: mean P(right) ${(ps.reduce((s, r) => s + r.p, 0) / ps.length).toFixed(3)}, share right ${(nRight / ps.length).toFixed(3)} (unweighted)`,
  );
  console.log(
    `  sure model (out-of-fold by table, ${ps.length} tuning questions, ${ps.length - nRight} wrong): ${SURE_INPUTS.map((n, k) => `${n} ${model.weights[k]}`).join(", ")}`,
  );
  for (const t of THRESHOLDS) console.log(`    P(right) < ${t.toFixed(2)}: ${sureLine(ps, t)}`);
  model.threshold = chooseThreshold(ps);
  console.log(`  answers with P(right) < ${model.threshold} state their doubt`);
  return model;
}

/**
 * TRAIN_SURE_CV: leave one released set / probe folder out of the sure model's fit (weights and threshold, as
 * fitSure fits them) and judge it on that folder: its engine answers (rows written by scripts/chat-bench/sure-cv.ts:
 * wrong with a number flagged / unflagged, right with a doubt) and its ranked readings (the best candidate of the
 * out-of-fold ranking, before the engine's later rules: wrong / right readings doubted). Once with every input of
 * choose.ts SURE_INPUTS and the plan features, once with the first eight inputs only (the model before chat-honest2).
 */
function sureCv(rows: SureRow[], engineRowsFile: string) {
  const engine = JSON.parse(fs.readFileSync(engineRowsFile, "utf8")) as SureCvRow[];
  const folders = [...new Set(engine.map((r) => r.group))];
  for (const [inputs, useFeatures] of [
    [SURE_INPUTS.length, true],
    [8, false],
  ] as const) {
    const cut = (x: number[]) => x.map((v, k) => (k < inputs ? v : 0));
    const cutRows = rows.map((r) => ({ ...r, x: cut(r.x) }));
    const models = new Map<string, SureModel>();
    for (const g of folders) {
      const fit = cutRows.filter((r) => r.folder !== g);
      const model: SureModel = { ...fitLogistic(fit, useFeatures), threshold: 0 };
      model.threshold = chooseThreshold(fit.map((r) => ({ p: sureProbability(r.x, model, r.keys), right: r.right, source: r.source })));
      models.set(g, model);
    }
    console.log(
      `sure model with ${inputs} inputs${useFeatures ? " and the plan features" : ""} refitted leaving each of ${models.size} folders out (${rows.length} rows), judged on that folder:`,
    );
    for (const t of [null, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85]) {
      const modelOf = (g: string): SureModel => ({ ...models.get(g)!, threshold: t ?? models.get(g)!.threshold });
      const held = cutRows.filter((r) => models.has(r.folder));
      const wrong = held.filter((r) => !r.right);
      const right = held.filter((r) => r.right);
      const doubts = (xs: SureRow[]) => xs.filter((r) => sureProbability(r.x, modelOf(r.folder), r.keys) < modelOf(r.folder).threshold).length;
      console.log(
        `  ${t === null ? `threshold chosen on the other folders (${[...new Set([...models.values()].map((m) => m.threshold))].join("/")})` : `P(right) < ${t}`}: engine answers: ${sureCvLine(engine, (r) => modelOf(r.group))}; ranked readings: wrong doubted ${doubts(wrong)}/${wrong.length}, right doubted ${doubts(right)}/${right.length}`,
      );
    }
  }
}

/**
 * TRAIN_CV: cross-validation by table for the old training data (NLV, nvbench, own) and the new
 * (those and the released fresh sets and probes): out-of-fold right % by source, and the sure model
 * fitted (weights and threshold) on the other folds' rows, judged on the held-out fold's.
 */
function crossValidate(examples: Example[], epochs: number) {
  const oldOnly = (source: Source, sureOnly: boolean) => OLD_SOURCES.includes(source) && !sureOnly;
  const rowsBy = new Map<string, SureRow[]>();
  for (const [name, rankOld, sureOld] of [
    ["ranking and sure model on the old data", true, true],
    ["ranking on the old data, sure model on the new (as shipped)", true, false],
    ["ranking and sure model on the new data", false, false],
  ] as const) {
    const key = rankOld ? "old" : "new";
    if (process.env.TRAIN_CV !== "1" && process.env.TRAIN_CV !== key) continue;
    let rows = rowsBy.get(key);
    if (!rows) {
      rows = outOfFold(examples, epochs, (e) => !rankOld || oldOnly(e.source, Boolean(e.sureOnly)));
      rowsBy.set(key, rows);
      console.log(`cross-validated by table, ranking trained on the ${key} data:`);
      for (const src of SOURCES) {
        const xs = rows.filter((r) => r.source === src && !r.sureOnly);
        if (xs.length) console.log(`  ranking ${src.padEnd(8)} ${((100 * xs.filter((r) => r.right).length) / xs.length).toFixed(1)}% of ${xs.length}`);
      }
    }
    console.log(`  ${name}:`);
    const ps: { p: number; right: boolean; source: Source; t: number }[] = [];
    for (let fold = 0; fold < 5; fold++) {
      const fit = rows.filter((r) => r.fold !== fold && (!sureOld || oldOnly(r.source, r.sureOnly)));
      const model: SureModel = { ...fitLogistic(fit), threshold: 0 };
      const t = chooseThreshold(fit.map((r) => ({ p: sureProbability(r.x, model, r.keys), right: r.right, source: r.source })));
      for (const r of rows) if (r.fold === fold) ps.push({ p: sureProbability(r.x, model, r.keys), right: r.right, source: r.source, t });
    }
    for (const t of THRESHOLDS.filter((x) => x >= 0.6)) {
      const by = (group: Source[]) => {
        const part = ps.filter((r) => group.includes(r.source));
        const wrong = part.filter((r) => !r.right);
        const right = part.filter((r) => r.right);
        return `${group.join("+")} ${wrong.filter((r) => r.p < t).length}/${wrong.length} wrong, ${right.filter((r) => r.p < t).length}/${right.length} right`;
      };
      console.log(`    P(right) < ${t.toFixed(2)}: ${by(["probe"])}; ${by(["fresh", "own"])}; ${by(["nlv", "nvbench"])}`);
    }
    const thresholds = [...new Set(ps.map((r) => r.t))].join("/");
    const flagged = ps.map((r) => ({ ...r, p: r.p < r.t ? 0 : 1 }));
    console.log(`    threshold chosen in each fold (${thresholds}): ${sureLine(flagged, 0.5)}`);
    for (const group of [["probe"], ["fresh"], ["own"], ["nlv", "nvbench"]] as Source[][]) {
      const part = flagged.filter((r) => group.includes(r.source));
      console.log(`      ${group.join("+").padEnd(12)} ${sureLine(part, 0.5)}`);
    }
  }
}

function score(feats: Map<string, number>, w: Map<string, number>): number {
  let s = 0;
  for (const [k, v] of feats) s += (w.get(k) ?? 0) * v;
  return s;
}

/**
 * Softmax ranking with L2 regularisation: for each question, the probability of a candidate is
 * exp(score) over all candidates; the loss is -log of the probability of the right ones, plus
 * lambda * |w|^2. AdaGrad steps, a fixed shuffling seed, a fixed number of epochs.
 */
function train(examples: Example[], epochs: number): Map<string, number> {
  const lambda = Number(process.env.TRAIN_L2 ?? 0.002);
  const lr = Number(process.env.TRAIN_LR ?? 0.3);
  const index = new Map<string, number>();
  const names: string[] = [];
  const id = (k: string) => {
    let i = index.get(k);
    if (i === undefined) {
      i = names.length;
      names.push(k);
      index.set(k, i);
    }
    return i;
  };
  type Sparse = { idx: Int32Array; val: Float64Array; right: boolean };
  const usable: { cands: Sparse[]; weight: number }[] = [];
  for (const e of examples) {
    if (e.heldOut || e.sureOnly || !e.cands || !e.cands.some((c) => c.right) || !e.cands.some((c) => !c.right)) continue;
    const cands = e.cands.map((c) => {
      const entries = [...c.feats].filter(([, v]) => v !== 0);
      return { idx: Int32Array.from(entries.map(([k]) => id(k))), val: Float64Array.from(entries.map(([, v]) => v)), right: c.right };
    });
    usable.push({ cands, weight: SOURCE_WEIGHT[e.source] });
  }
  const w = new Float64Array(names.length);
  const g2 = new Float64Array(names.length).fill(1e-8);
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const order = usable.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const ex of order) {
      const scores = ex.cands.map((c) => {
        let s = 0;
        for (let k = 0; k < c.idx.length; k++) s += w[c.idx[k]] * c.val[k];
        return s;
      });
      const max = Math.max(...scores);
      const p = scores.map((s) => Math.exp(s - max));
      const z = p.reduce((a, b) => a + b, 0);
      const zr = p.reduce((a, b, i) => a + (ex.cands[i].right ? b : 0), 0);
      const grad = new Map<number, number>();
      ex.cands.forEach((c, i) => {
        const coef = p[i] / z - (c.right ? p[i] / zr : 0);
        if (Math.abs(coef) < 1e-9) return;
        for (let k = 0; k < c.idx.length; k++) grad.set(c.idx[k], (grad.get(c.idx[k]) ?? 0) + coef * c.val[k] * ex.weight);
      });
      for (const [k, gk] of grad) {
        const g = gk + lambda * w[k];
        g2[k] += g * g;
        w[k] -= (lr * g) / Math.sqrt(g2[k]);
      }
    }
  }
  const out = new Map<string, number>();
  names.forEach((n, i) => out.set(n, w[i]));
  return out;
}

function report(examples: Example[], w: Map<string, number>, label: string) {
  const lines: string[] = [];
  for (const source of SOURCES) {
    for (const held of [false, true]) {
      const xs = examples.filter((e) => e.source === source && e.heldOut === held && !e.sureOnly);
      if (!xs.length) continue;
      let right = 0;
      let covered = 0;
      for (const e of xs) {
        if (!e.cands || !e.cands.length) continue;
        if (e.cands.some((c) => c.right)) covered++;
        let best = e.cands[0];
        let bs = -Infinity;
        for (const c of e.cands) {
          const s = score(c.feats, w);
          if (s > bs) {
            bs = s;
            best = c;
          }
        }
        if (best.right) right++;
      }
      lines.push(
        `  ${label} ${source.padEnd(8)} ${held ? "held-out" : "tuning  "} n=${String(xs.length).padStart(4)}  top-1 right ${((100 * right) / Math.max(1, xs.length)).toFixed(1).padStart(5)}%  (a right candidate exists for ${((100 * covered) / Math.max(1, xs.length)).toFixed(1)}%)`,
      );
    }
  }
  console.log(lines.join("\n"));
}

/** How sure the scoring is of its best reading (softmax probability), against whether it was right. */
function calibrate(examples: Example[], w: Map<string, number>): number {
  const rows: { p: number; right: boolean }[] = [];
  for (const e of examples) {
    if (e.heldOut || e.sureOnly || !e.cands || e.cands.length < 2) continue;
    const scores = e.cands.map((c) => score(c.feats, w));
    const max = Math.max(...scores);
    const z = scores.reduce((a, s) => a + Math.exp(s - max), 0);
    const best = scores.indexOf(max);
    rows.push({ p: 1 / z, right: e.cands[best].right });
  }
  const wrong = rows.filter((r) => !r.right).length;
  let chosen = 0.3;
  for (const tau of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const caught = rows.filter((r) => !r.right && r.p < tau).length;
    const noisy = rows.filter((r) => r.right && r.p < tau).length;
    console.log(`  confidence < ${tau}: flags ${caught} of ${wrong} wrong top answers (tuning), and ${noisy} of ${rows.length - wrong} right ones`);
    // The largest threshold that flags at most 10% of the right answers (fitted on data the weights
    // were trained on, so the real share of wrong answers caught is lower).
    if (noisy <= 0.1 * (rows.length - wrong)) chosen = tau;
  }
  return chosen;
}

function toWeights(w: Map<string, number>, margin: number, confidence = 0): Weights {
  const weights: Record<string, number> = {};
  for (const [k, v] of [...w].sort((a, b) => a[0].localeCompare(b[0]))) if (Math.abs(v) >= 1e-4) weights[k] = Math.round(v * 10000) / 10000;
  return { weights, margin, confidence };
}

async function main() {
  const epochs = Number(process.env.TRAIN_EPOCHS ?? 40);
  const margin = 0.001;
  // TRAIN_DATA=old: the three sets of the first passes only (NLV, nvbench, own), for comparison.
  const old = process.env.TRAIN_DATA === "old" && !process.env.TRAIN_CV;
  const all = [...nlvExamples(), ...(await nvExamples()), ...(await ownExamples())];
  if (!old) all.push(...(await freshExamples()), ...(await probeExamples()));
  const examples = old ? all.filter((e) => !e.sureOnly) : all;
  console.log(
    `${examples.length} examples (${examples.filter((e) => !e.heldOut).length} for training; ${SOURCES.map((s) => `${s} ${examples.filter((e) => e.source === s).length}`).join(", ")}; ${examples.filter((e) => e.sureOnly).length} only for the sure model)`,
  );
  const zero: Weights = { weights: {}, margin, confidence: 0 };
  let t0 = performance.now();
  featurize(examples, zero, false);
  console.log(`candidates labelled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (process.env.TRAIN_CACHE) fs.writeFileSync(process.env.TRAIN_CACHE, JSON.stringify([...labelCache]));
  if (process.env.TRAIN_CV) {
    // Development: cross-validation by table (old and new training data); no weights are written.
    crossValidate(examples, epochs);
    cleanUpDatasetTables();
    return;
  }
  // The ranking weights learn from the old data unless TRAIN_RANKING=all: with the released fresh sets
  // and the probes as well, the table-held-out figures rise but the released bench lines fell by more
  // than the allowed 0.5 point (BENCHMARKS.md, "Training on more tables"). The sure model learns from all.
  const rankAll = process.env.TRAIN_RANKING === "all";
  const rankOn = (e: Example) => rankAll || (OLD_SOURCES.includes(e.source) && !e.sureOnly);
  const rankSet = examples.map((e) => (rankOn(e) ? e : { ...e, heldOut: true }));
  let kept: Weights | null = null;
  let w: Map<string, number>;
  if (process.env.TRAIN_SURE_ONLY) {
    // Keep the ranking weights of weights.json; refit only the sure model.
    const current = JSON.parse(fs.readFileSync(OUT, "utf8")) as Weights;
    kept = { weights: current.weights, margin: current.margin, confidence: current.confidence };
    w = new Map(Object.entries(current.weights));
    featurize(examples, kept, true);
  } else {
    w = train(rankSet, epochs);
    report(examples, w, "round 1");
    // Round 2: earlier turns answered with round-1 weights, then relearn on everything.
    t0 = performance.now();
    featurize(examples, toWeights(w, margin), true);
    w = train(rankSet, epochs);
  }
  report(examples, w, kept ? "kept" : "round 2");
  if (process.env.TRAIN_SURE_CV) {
    // Development: the sure model refitted leaving each released set / probe folder out (as fitSure fits
    // it: weights and threshold), judged on the engine's answers of that folder (scripts/chat-bench/sure-cv.ts
    // writes them); no weights are written.
    const rows = outOfFold(examples, epochs, rankOn);
    if (process.env.TRAIN_SURE_DUMP) fs.writeFileSync(process.env.TRAIN_SURE_DUMP, JSON.stringify(rows));
    sureCv(rows, process.env.TRAIN_SURE_CV);
    cleanUpDatasetTables();
    return;
  }
  const confidence = kept ? kept.confidence : calibrate(rankSet, w);
  const sure = fitSure(examples, epochs, rankOn);
  const out = {
    _doc: `Weights of the plan scoring function, learned by scripts/train-chat.ts (npm run train:chat) from the tuning parts of the NLV corpus, nvbench-dev and lib/chat/testing/analytic${rankAll ? ", the released fresh sets and the probe folders" : ""}; the sure model also from ${old ? "those" : "the released fresh sets and the probe folders"}; do not edit by hand.`,
    ...(kept ? { weights: kept.weights, margin: kept.margin, confidence: kept.confidence } : toWeights(w, margin, confidence)),
    sure,
  };
  fs.writeFileSync(OUT, JSON.stringify(out, null, 1) + "\n");
  console.log(`${Object.keys(out.weights).length} weights written to ${path.relative(process.cwd(), OUT)}`);
  if (process.env.TRAIN_MISSES) {
    const misses = examples
      .filter((e) => !e.heldOut && e.cands && !e.cands.some((c) => c.right))
      .map(
        (e) =>
          `${e.source}\t${e.id}\t${e.turns.join(" | ")}\t${e
            .cands!.slice(0, 3)
            .map((c) => c.sig)
            .join(" ; ")}`,
      );
    fs.writeFileSync(process.env.TRAIN_MISSES, misses.join("\n") + "\n");
    console.log(`${misses.length} tuning questions without a right candidate written to ${process.env.TRAIN_MISSES}`);
  }
  if (process.env.TRAIN_CACHE) fs.writeFileSync(process.env.TRAIN_CACHE, JSON.stringify([...labelCache]));
  cleanUpDatasetTables();
}

void main();
