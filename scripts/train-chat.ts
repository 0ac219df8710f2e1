// npm run train:chat: learns the weights of the chat engine's plan scoring function
// (lib/chat/understand/weights.json) from three open sets of questions with known answers:
// - the NLV corpus (a candidate is right when its chart has the reference chart type and fields),
// - nvbench-dev, all phrasings (right when its data and chart type match the gold, by the
//   benchmark's own rule),
// - our analytic question set (right when its answer matches the pandas truth, by the benchmark's
//   own rule; questions whose right answer is a question back or "no such field" are not
//   plan-ranking examples and are left out).
// Only the tuning parts are used: every 5th item of each set (index % 5 == 4) is held out and only
// reported. Learning: for each question, every candidate plan the generator makes is labelled
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
import { SURE_INPUTS, sureInputs, sureProbability, type SureModel, type Weights } from "../lib/chat/understand/choose";
import type { Table } from "../lib/table/types";
import type { AnalysisPlan } from "../lib/chat/plan";
import { cleanUpDatasetTables, loadDatasetTable } from "./chat-bench/load-dataset";
import { CHART_FAMILY, NLV_DIR, NLV_FAMILY, nlvTables } from "./chat-bench/nlv";
import { loadNvCases, NV_DIR } from "./chat-bench/nvbench";
import { loadOwnQuestions, ownTables, OWN_DIR } from "./chat-bench/own-set";
import { scoreOwn, type Expected, type OwnQuestion } from "./chat-bench/score-own";
import { scoreNv } from "./chat-bench/score-nvbench";
import Papa from "papaparse";

const OUT = path.resolve(process.cwd(), "lib/chat/understand/weights.json");

interface Example {
  source: "nlv" | "nvbench" | "own";
  id: string;
  heldOut: boolean;
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

async function ownExamples(): Promise<Example[]> {
  const { questions, expected } = loadOwnQuestions();
  const tables = await ownTables();
  // Training-only examples (train.jsonl, truth by the same pandas script): never part of the benchmark.
  const extra = fs
    .readFileSync(path.join(OWN_DIR, "train.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OwnQuestion);
  const extraExpected = JSON.parse(fs.readFileSync(path.join(OWN_DIR, "train-expected.json"), "utf8")) as Record<string, Expected>;
  Object.assign(expected, extraExpected);
  return [...questions.map((q, index) => ({ q, index, heldOut: index % 5 === 4 })), ...extra.map((q) => ({ q, index: -1, heldOut: false }))]
    .filter(({ q }) => q.kind !== "clarify" && q.kind !== "no-field")
    .map(({ q, heldOut }) => {
      const table = tables[q.dataset];
      return {
        source: "own" as const,
        id: q.id,
        heldOut,
        turns: q.turns,
        table,
        datasetName: q.dataset,
        label: (cand: Candidate) => {
          const reply = render(table, cand.plan, q.turns[q.turns.length - 1]);
          return reply &&
            scoreOwn(
              q,
              expected[q.id] ?? {},
              reply,
              table.columns.map((x) => x.name),
            ).right
            ? 2
            : 0;
        },
      };
    });
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
 * The "am I sure" model (choose.ts, SureModel): the tuning questions are ranked by 5-fold
 * cross-validated weights (each fifth by weights that never saw it), so the signs of doubt are
 * measured as they look on unseen questions; a logistic regression of "the best reading is right"
 * on them, and the threshold that flags as many wrong answers as possible while flagging at most
 * SURE_RIGHT_SHARE of the right ones.
 */
function fitSure(examples: Example[], epochs: number): SureModel {
  const tuning = examples.filter((e) => !e.heldOut && e.cands && e.cands.length > 0);
  const rows: { x: number[]; right: boolean; weight: number; source: string }[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const inFold = (_e: Example, i: number) => i % 5 === fold;
    const wf = train(
      tuning.map((e, i) => ({ ...e, heldOut: inFold(e, i) })),
      epochs,
    );
    tuning.forEach((e, i) => {
      if (!inFold(e, i)) return;
      const cands = e.cands!;
      const scores = cands.map((c) => score(c.feats, wf));
      let best = 0;
      for (let k = 1; k < scores.length; k++) if (scores[k] > scores[best]) best = k;
      let second: number | null = null;
      for (let k = 0; k < scores.length; k++) if (cands[k].plan !== cands[best].plan && (second === null || scores[k] > second)) second = scores[k];
      const b = cands[best];
      rows.push({
        x: sureInputs(scores, best, second, b.feats, b.choices, b.notes),
        right: b.right,
        weight: e.source === "nvbench" ? 0.5 : e.source === "own" ? 1.5 : 1,
        source: e.source,
      });
    });
  }
  // Logistic regression, plain gradient descent with a little L2 (8 inputs, ~1,300 rows).
  const d = SURE_INPUTS.length;
  const wt = new Array<number>(d).fill(0);
  for (let it = 0; it < 3000; it++) {
    const g = new Array<number>(d).fill(0);
    let n = 0;
    for (const r of rows) {
      const p = sureProbability(r.x, { weights: wt, threshold: 0 });
      const err = (p - (r.right ? 1 : 0)) * r.weight;
      for (let k = 0; k < d; k++) g[k] += err * r.x[k];
      n += r.weight;
    }
    for (let k = 0; k < d; k++) wt[k] -= 0.5 * (g[k] / n + (k === 0 ? 0 : 0.001 * wt[k]));
  }
  const model: SureModel = { weights: wt.map((v) => Math.round(v * 10000) / 10000), threshold: 0 };
  const ps = rows.map((r) => ({ p: sureProbability(r.x, model), right: r.right, source: r.source }));
  const nRight = ps.filter((r) => r.right).length;
  // Calibration check: the mean predicted probability should be close to the share of right answers.
  console.log(
    `  sure model: mean P(right) ${(ps.reduce((s, r) => s + r.p, 0) / ps.length).toFixed(3)}, share right ${(nRight / ps.length).toFixed(3)} (unweighted)`,
  );
  const nWrong = ps.length - nRight;
  console.log(
    `  sure model (out-of-fold, ${ps.length} tuning questions, ${nWrong} wrong): ${SURE_INPUTS.map((n, k) => `${n} ${model.weights[k]}`).join(", ")}`,
  );
  const share = Number(process.env.SURE_RIGHT_SHARE ?? 0.1);
  for (let t = 0.3; t <= 0.951; t += 0.05) {
    const caught = ps.filter((r) => !r.right && r.p < t).length;
    const noisy = ps.filter((r) => r.right && r.p < t).length;
    const bySource = ["nlv", "nvbench", "own"]
      .map((src) => `${src} ${ps.filter((r) => r.source === src && !r.right && r.p < t).length}/${ps.filter((r) => r.source === src && !r.right).length}`)
      .join(", ");
    console.log(`    P(right) < ${t.toFixed(2)}: flags ${caught} of ${nWrong} wrong (${bySource}) and ${noisy} of ${nRight} right`);
    if (noisy <= share * nRight) model.threshold = Math.round(t * 100) / 100;
  }
  console.log(`  answers with P(right) < ${model.threshold} state their doubt`);
  return model;
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
    if (e.heldOut || !e.cands || !e.cands.some((c) => c.right) || !e.cands.some((c) => !c.right)) continue;
    const cands = e.cands.map((c) => {
      const entries = [...c.feats].filter(([, v]) => v !== 0);
      return { idx: Int32Array.from(entries.map(([k]) => id(k))), val: Float64Array.from(entries.map(([, v]) => v)), right: c.right };
    });
    // nvbench asks each case up to 7 times (paraphrases): each phrasing counts for less.
    usable.push({ cands, weight: e.source === "nvbench" ? 0.5 : e.source === "own" ? 1.5 : 1 });
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
  for (const source of ["nlv", "nvbench", "own"] as const) {
    for (const held of [false, true]) {
      const xs = examples.filter((e) => e.source === source && e.heldOut === held);
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
    if (e.heldOut || !e.cands || e.cands.length < 2) continue;
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
  const examples = [...nlvExamples(), ...(await nvExamples()), ...(await ownExamples())];
  console.log(`${examples.length} examples (${examples.filter((e) => !e.heldOut).length} for training)`);
  const zero: Weights = { weights: {}, margin, confidence: 0 };
  let t0 = performance.now();
  featurize(examples, zero, false);
  console.log(`candidates labelled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (process.env.TRAIN_CV) {
    // Development: 5-fold cross-validation inside the tuning parts (the held-out parts stay unseen);
    // the failures of each fold's unseen fifth are written to TRAIN_CV for study.
    const tuning = examples.filter((e) => !e.heldOut);
    const lines: string[] = [];
    const right: Record<string, [number, number]> = {};
    for (let fold = 0; fold < 5; fold++) {
      const inFold = (e: Example, i: number) => i % 5 === fold;
      const trainSet = tuning.map((e, i) => ({ ...e, heldOut: inFold(e, i) }));
      const wf = train(trainSet, epochs);
      tuning.forEach((e, i) => {
        if (!inFold(e, i) || !e.cands?.length) return;
        let best = e.cands[0];
        let bs = -Infinity;
        for (const c of e.cands) {
          const sc = score(c.feats, wf);
          if (sc > bs) {
            bs = sc;
            best = c;
          }
        }
        const r = (right[e.source] ??= [0, 0]);
        r[1]++;
        if (best.right) r[0]++;
        else
          lines.push(
            `${e.source}\t${e.id}\t${e.cands.some((c) => c.right) ? "ranked" : "no candidate"}\tgot ${best.sig}\twant ${e.cands
              .filter((c) => c.right)
              .map((c) => c.sig)
              .slice(0, 2)
              .join(" ; ")}\t${e.turns.join(" | ")}`,
          );
      });
    }
    for (const [src, [r, n]] of Object.entries(right)) console.log(`  cross-validated ${src}: ${((100 * r) / n).toFixed(1)}% of ${n}`);
    fs.writeFileSync(process.env.TRAIN_CV, lines.join("\n") + "\n");
    return;
  }
  let w = train(examples, epochs);
  report(examples, w, "round 1");
  // Round 2: earlier turns answered with round-1 weights, then relearn on everything.
  t0 = performance.now();
  featurize(examples, toWeights(w, margin), true);
  w = train(examples, epochs);
  report(examples, w, "round 2");
  const confidence = calibrate(examples, w);
  const sure = fitSure(examples, epochs);
  const out = {
    _doc: "Weights of the plan scoring function, learned by scripts/train-chat.ts (npm run train:chat) from the tuning parts of the NLV corpus, nvbench-dev and lib/chat/testing/analytic; do not edit by hand.",
    ...toWeights(w, margin, confidence),
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
