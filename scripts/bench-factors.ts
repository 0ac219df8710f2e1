// npm run bench:factors [-- --rows 1000 --rounds 300 --leaves 31 --repeat 7 --trained 10]
// Predictions with factors (show_factors) on adult, through the serving path: the rows as a client
// sends them -> loadModel(artifact).predictRows(rows, {factors: true}). The model is the issue's
// reference shape: one boosted ensemble of 300 trees with 31 leaves (learning rate 0.1) on the bench
// split's 80%, wrapped in a real artifact. Compares the exact fast TreeSHAP (lib/ml/core/fast-treeshap.ts)
// with the reference recursion (lib/ml/core/treeshap.ts) on the same rows, checks that they agree,
// and that every row's contributions sum to the model's output. `--trained N` also explains the model
// that trainModel serves at budget N (an ensemble when the search chose one).
// `--against <commit>` also loads that commit's lib/ml/core/fast-treeshap.ts (git show into a temp
// dir, importing today's tree.ts and treeshap.ts) into a second copy of the model and times both
// through the serving path alternately, so that the speedup is measured under the same load.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadModel, trainModel } from "../lib/ml";
import type { Model } from "../lib/ml/types";
import { ARTIFACT_FORMAT, ARTIFACT_VERSION, decodeArtifact, encodeArtifact } from "../lib/ml/artifact";
import { trainGbdt, type TreeEnsemble } from "../lib/ml/core";
import { FieldModel } from "../lib/ml/field-model";
import { TreeLearner } from "../lib/ml/learner";
import { Preprocessor } from "../lib/ml/preprocess";
import { splitRows } from "../lib/ml/split";
import { encodeTarget } from "../lib/ml/target";
import type { Table } from "../lib/table/types";
import { DATA_DIR, loadCsvTable } from "./bench-ml";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ROWS = arg("rows", 1000);
const ROUNDS = arg("rounds", 300);
const LEAVES = arg("leaves", 31);
const REPEAT = arg("repeat", 7);
const TRAINED = arg("trained", 0);
const AGAINST = process.argv.includes("--against") ? process.argv[process.argv.indexOf("--against") + 1] : "";

type Plan = { explain(columns: Float64Array[], rows: Int32Array, onlyOutput?: ArrayLike<number>): unknown };
type PlanClass = new (model: TreeEnsemble) => Plan;

/** The FastTreeShap class of `commit`, importing the current tree.ts, treeshap.ts and types.ts. */
async function loadAgainst(commit: string): Promise<{ hash: string; Plan: PlanClass }> {
  const hash = execFileSync("git", ["rev-parse", "--short", commit]).toString().trim();
  const src = execFileSync("git", ["show", `${hash}:lib/ml/core/fast-treeshap.ts`]).toString();
  const core = join(import.meta.dirname, "../lib/ml/core");
  const dir = mkdtempSync(join(tmpdir(), "bench-factors-"));
  try {
    const file = join(dir, "fast-treeshap.ts");
    writeFileSync(
      file,
      src.replace(/from "\.\/([^"]+)"/g, (_, m: string) => `from "${join(core, m)}"`),
    );
    const mod = (await import(pathToFileURL(file).href)) as { FastTreeShap: PlanClass };
    return { hash, Plan: mod.FastTreeShap };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes `e` explain with `plan` (the bench's way to serve another commit's implementation). */
function servePlan(e: TreeEnsemble, plan: Plan): void {
  (e as unknown as { fastShap: Plan }).fastShap = plan;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeMs(f: () => void): { wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  return { wall: performance.now() - t, cpu: process.cpuUsage(c).user / 1000 };
}

function subTable(table: Table, rows: Int32Array): Table {
  return {
    rowCount: rows.length,
    columns: table.columns.map((c) =>
      c.kind === "number" ? { ...c, values: Float64Array.from(rows, (r) => c.values[r]) } : { ...c, codes: Int32Array.from(rows, (r) => c.codes[r]) },
    ),
  };
}

async function main(): Promise<void> {
  const commit = (() => {
    try {
      return execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
    } catch {
      return "?";
    }
  })();
  const { table, rows } = loadCsvTable(join(DATA_DIR, "adult.csv"));
  const schema = table.columns.map((c) => ({ name: c.name, type: c.type }));
  const target = encodeTarget(table, schema, "class");
  const split = splitRows(
    target.rows.length,
    0.2,
    1,
    Float64Array.from(target.rows, (r) => target.y[r]),
  );
  const trainIdx = Int32Array.from(split.rest, (i) => target.rows[i]);
  const testIdx = Int32Array.from(split.part, (i) => target.rows[i]).subarray(0, ROWS);
  // The rows as a client sends them (strings from the CSV, without the target).
  const clientRows = Array.from(testIdx, (r) => {
    const { class: _target, ...rest } = rows[r];
    return rest;
  });
  console.log(`bench:factors commit ${commit}: adult, ${clientRows.length} rows with factors, median of ${REPEAT} runs (wall; CPU in brackets)`);

  const pre = Preprocessor.fit(table, trainIdx, new Set(["class"]), schema);
  const x = pre.transformTable(table, trainIdx);
  const y = Float64Array.from(trainIdx, (r) => target.y[r]);
  const ensemble = trainGbdt(x, y, { objective: "binary", maxRounds: ROUNDS, numLeaves: LEAVES, learningRate: 0.1, minDataInLeaf: 20 });
  const artifact = encodeArtifact({
    format: ARTIFACT_FORMAT,
    version: ARTIFACT_VERSION,
    createdAt: new Date().toISOString(),
    schema,
    predictFields: ["class"],
    models: [
      {
        field: "class",
        fieldIndex: target.fieldIndex,
        fieldType: target.fieldType,
        objective: target.objective,
        classes: target.classes,
        inputFields: schema.map((f) => f.name).filter((f) => f !== "class"),
        preprocessor: pre.toJSON(),
        learner: new TreeLearner(ensemble).toJSON(),
      },
    ],
  });
  await explainModel(`GBDT ${ensemble.numTrees} trees, ${LEAVES} leaves`, artifact, clientRows, true);
  if (AGAINST) await compareAgainst(AGAINST, artifact, clientRows);

  if (TRAINED > 0) {
    const t0 = Date.now();
    const outcome = await trainModel({ table: subTable(table, trainIdx), predictFields: ["class"], budgetSeconds: TRAINED, seed: 1 });
    const f = outcome.report.fields[0];
    const members = f.model.ensemble?.map((m) => `${m.weight} ${m.family}`).join(" + ") ?? f.model.family;
    console.log(`\ntrainModel budget ${TRAINED} s (${((Date.now() - t0) / 1000).toFixed(1)} s): served ${members}`);
    await explainModel(`served model @${TRAINED}s`, outcome.artifact, clientRows, false);
  }
}

const SINGLE_ROWS = 300;

/** Median wall time of one-row calls with factors (rows in turn), after a few untimed ones. */
function singleRowMs(model: Model, clientRows: Record<string, string>[]): number {
  for (let i = 0; i < 20; i++) model.predictRows([clientRows[i % clientRows.length]], { factors: true });
  const ts: number[] = [];
  for (let i = 0; i < SINGLE_ROWS; i++) {
    const row = clientRows[i % clientRows.length];
    const t = performance.now();
    model.predictRows([row], { factors: true });
    ts.push(performance.now() - t);
  }
  return median(ts);
}

/** Times predictions with and without factors through loadModel, and checks the factors. */
async function explainModel(label: string, artifact: Uint8Array, clientRows: Record<string, string>[], compareReference: boolean): Promise<void> {
  const model = loadModel(artifact);
  await model.warmUp();
  const plain: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < REPEAT; i++) plain.push(timeMs(() => model.predictRows(clientRows)));
  // The first call with factors builds the per-leaf tables of the model (once per loaded model).
  const first = timeMs(() => model.predictRows(clientRows, { factors: true }));
  const withFactors: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < REPEAT; i++) withFactors.push(timeMs(() => model.predictRows(clientRows, { factors: true })));
  const fmt = (ts: { wall: number; cpu: number }[]): string => `${median(ts.map((t) => t.wall)).toFixed(1)} ms [${median(ts.map((t) => t.cpu)).toFixed(0)}]`;
  console.log(`${label}:`);
  console.log(`  predictions without factors: ${fmt(plain)}`);
  console.log(`  with factors, first call (builds the tables): ${first.wall.toFixed(1)} ms [${first.cpu.toFixed(0)}]`);
  console.log(
    `  with factors: ${fmt(withFactors)} (${Math.round(clientRows.length / (median(withFactors.map((t) => t.wall)) / 1000)).toLocaleString()} rows/s)`,
  );
  console.log(`  single rows with factors: ${singleRowMs(model, clientRows).toFixed(3)} ms per call (median of ${SINGLE_ROWS})`);

  // Exactness: contributions + expected value = raw output, per row (every tree ensemble of the field model).
  // Through the artifact decoder, so that the check reads exactly what the server reads.
  const fm = new FieldModel(decodeArtifact(artifact).models[0]);
  const xRows = fm.preprocessor.transformRows(clientRows);
  const trees = treeEnsembles(fm);
  let worst = 0;
  for (const e of trees) {
    const rowsIdx = Int32Array.from({ length: xRows.rowCount }, (_, i) => i);
    const shap = e.shap(xRows, rowsIdx);
    const raw = e.predictRaw(xRows);
    const F = xRows.features.length;
    for (let r = 0; r < xRows.rowCount; r++) {
      let s = shap.expected[0];
      for (let f = 0; f < F; f++) s += shap.values[r * F + f];
      worst = Math.max(worst, Math.abs(s - raw[r]));
    }
    if (compareReference) {
      const fast: { wall: number; cpu: number }[] = [];
      const ref: { wall: number; cpu: number }[] = [];
      let diff = 0;
      let result = e.shap(xRows, rowsIdx);
      for (let i = 0; i < REPEAT; i++) fast.push(timeMs(() => (result = e.shap(xRows, rowsIdx))));
      let reference = e.shapReference(xRows, rowsIdx);
      for (let i = 0; i < Math.min(3, REPEAT); i++) ref.push(timeMs(() => (reference = e.shapReference(xRows, rowsIdx))));
      for (let i = 0; i < result.values.length; i++) diff = Math.max(diff, Math.abs(result.values[i] - reference.values[i]));
      // The ratio on CPU time as well: on a shared machine the wall clock includes waiting for a core.
      const ratio = (k: "wall" | "cpu"): string => (median(ref.map((t) => t[k])) / median(fast.map((t) => t[k]))).toFixed(1);
      console.log(
        `  TreeSHAP alone on ${xRows.rowCount} rows: fast ${fmt(fast)}, reference recursion ${fmt(ref)} ` +
          `(${ratio("wall")}x wall, ${ratio("cpu")}x CPU); max |fast - reference| = ${diff.toExponential(1)}; table values ${e.shapPlan.tableValues.toLocaleString()}`,
      );
    }
  }
  console.log(`  max |sum of contributions + expected - raw output| = ${worst.toExponential(1)} over ${trees.length} tree ensemble(s)`);
}

/** This commit's and `commit`'s fast TreeSHAP through the serving path, run alternately. */
async function compareAgainst(commit: string, artifact: Uint8Array, clientRows: Record<string, string>[]): Promise<void> {
  const { hash, Plan } = await loadAgainst(commit);
  const current = loadModel(artifact);
  const old = loadModel(artifact);
  await current.warmUp();
  await old.warmUp();
  for (const fm of (old as unknown as { models: FieldModel[] }).models) for (const e of treeEnsembles(fm)) servePlan(e, new Plan(e));
  const oldEnsemble = treeEnsembles((old as unknown as { models: FieldModel[] }).models[0])[0];
  const newEnsemble = treeEnsembles((current as unknown as { models: FieldModel[] }).models[0])[0];
  const fm = new FieldModel(decodeArtifact(artifact).models[0]);
  const xRows = fm.preprocessor.transformRows(clientRows);
  const rowsIdx = Int32Array.from({ length: xRows.rowCount }, (_, i) => i);
  current.predictRows(clientRows, { factors: true });
  old.predictRows(clientRows, { factors: true });
  const serving = { now: [] as { wall: number; cpu: number }[], old: [] as { wall: number; cpu: number }[] };
  const alone = { now: [] as { wall: number; cpu: number }[], old: [] as { wall: number; cpu: number }[] };
  for (let i = 0; i < 2 * REPEAT; i++) {
    // Alternating which goes first, so that neither always runs right after the other's garbage.
    for (const which of i % 2 === 0 ? (["now", "old"] as const) : (["old", "now"] as const)) {
      const m = which === "now" ? current : old;
      serving[which].push(timeMs(() => m.predictRows(clientRows, { factors: true })));
      const e = which === "now" ? newEnsemble : oldEnsemble;
      alone[which].push(timeMs(() => e.shap(xRows, rowsIdx)));
    }
  }
  const a = newEnsemble.shap(xRows, rowsIdx).values;
  const b = oldEnsemble.shap(xRows, rowsIdx).values;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i] - b[i]));
  const med = (ts: { wall: number; cpu: number }[], k: "wall" | "cpu"): number => median(ts.map((t) => t[k]));
  const line = (label: string, r: typeof serving): string =>
    `  ${label}: this commit ${med(r.now, "wall").toFixed(1)} ms [${med(r.now, "cpu").toFixed(0)}], ${hash} ${med(r.old, "wall").toFixed(1)} ms [${med(r.old, "cpu").toFixed(0)}] ` +
    `(${(med(r.old, "wall") / med(r.now, "wall")).toFixed(2)}x wall, ${(med(r.old, "cpu") / med(r.now, "cpu")).toFixed(2)}x CPU)`;
  console.log(`against ${hash}, ${2 * REPEAT} alternating runs each (median wall; CPU in brackets):`);
  console.log(line("with factors (serving path)", serving));
  console.log(line("TreeSHAP alone", alone));
  console.log(`  max |this commit - ${hash}| = ${diff.toExponential(1)}`);
  const single = { now: [] as number[], old: [] as number[] };
  for (let i = 0; i < 6; i++) {
    single.now.push(singleRowMs(current, clientRows));
    single.old.push(singleRowMs(old, clientRows));
  }
  console.log(`  single rows with factors: this commit ${median(single.now).toFixed(3)} ms, ${hash} ${median(single.old).toFixed(3)} ms per call`);
}

function treeEnsembles(fm: FieldModel): TreeEnsemble[] {
  const out: TreeEnsemble[] = [];
  const visit = (l: unknown): void => {
    // TreeLearner and LogTargetLearner (ensemble), EnsembleLearner (merged trees, log members), BlendLearner (members).
    const any = l as { ensemble?: TreeEnsemble; trees?: TreeEnsemble | null; members?: { learner: unknown }[]; log?: { learner: unknown }[] };
    if (any.ensemble) out.push(any.ensemble);
    if (any.trees) out.push(any.trees);
    for (const m of [...(any.members ?? []), ...(any.log ?? [])]) visit(m.learner);
  };
  visit(fm.learner);
  return out;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
