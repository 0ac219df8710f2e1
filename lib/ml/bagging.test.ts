// k-fold bagging of the served model: fold rows, the merge of k fits into one tree ensemble, and
// trainModel serving a bag as one compiled ensemble.
import { describe, expect, it } from "vitest";
import { decodeArtifact } from "./artifact";
import { BAG_FOLDS, bagFoldsFor, DEFAULT_BAG_FOLDS, bagRows, mergeBag } from "./bagging";
import { fitRows, type CandidateConfig, type TaskSpec } from "./evaluate";
import { loadModel, trainModel } from "./index";
import { LogTargetLearner, TreeLearner, type Learner } from "./learner";
import { Preprocessor } from "./preprocess";
import { encodeTarget } from "./target";
import type { Table } from "../table/types";
import { Rng } from "./core/random";
import { makeBinaryTable, makeRegressionTable, numberColumn, textColumn } from "./testing";

const gbdt: CandidateConfig = {
  family: "gbdt",
  learningRate: 0.1,
  numLeaves: 8,
  minDataInLeaf: 5,
  lambdaL2: 1,
  featureFraction: 0.8,
  baggingFraction: 0.8,
  rounds: 40,
};

function matrixOf(table: ReturnType<typeof makeBinaryTable>, field: string) {
  const schema = table.columns.map((c) => ({ name: c.name, type: c.type }));
  const target = encodeTarget(table, schema, field);
  const pre = Preprocessor.fit(table, target.rows, new Set([field]), schema);
  return { x: pre.transformTable(table, target.rows), y: Float64Array.from(target.rows, (r) => target.y[r]), objective: target.objective };
}

describe("bagFoldsFor", () => {
  it("is off unless asked for, and follows the request", () => {
    expect(bagFoldsFor(undefined, 1000)).toBe(DEFAULT_BAG_FOLDS);
    expect(bagFoldsFor(BAG_FOLDS, 1000)).toBe(BAG_FOLDS);
    expect(bagFoldsFor(0, 1000)).toBe(1);
    expect(bagFoldsFor(3, 50_000)).toBe(3);
    // Never more folds than half the rows.
    expect(bagFoldsFor(5, 6)).toBe(3);
  });
});

describe("bagRows", () => {
  it("leaves every row out of exactly one fit, and each fit sees every class", () => {
    const n = 103;
    const y = Float64Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 1 : 0));
    const sets = bagRows(n, 5, 9, y);
    expect(sets).toHaveLength(5);
    const inFits = new Int32Array(n);
    for (const rows of sets) {
      for (const r of rows) inFits[r]++;
      expect(new Set(Array.from(rows, (r) => y[r])).size).toBe(2);
      expect(rows.length).toBeGreaterThanOrEqual(Math.floor((n * 4) / 5));
    }
    expect(Array.from(inFits).every((c) => c === 4)).toBe(true);
  });
});

describe("mergeBag", () => {
  const task = (objective: TaskSpec["objective"]): TaskSpec => ({ objective, numClasses: objective === "regression" ? 1 : 2, seed: 3 });

  it("merges k boosting fits into one tree ensemble that predicts their average margin, compiled or not", () => {
    const { x, y, objective } = matrixOf(makeBinaryTable(600, 4), "label");
    const sets = bagRows(x.rowCount, 4, 1, y);
    const fits = sets.map((rows, j) => fitRows({ ...gbdt, seedOffset: j }, task(objective), { x, y }, Date.now() + 60_000, rows)) as TreeLearner[];
    const merged = mergeBag(fits) as TreeLearner;
    expect(merged).toBeInstanceOf(TreeLearner);
    expect(merged.ensemble.numTrees).toBe(fits.reduce((s, f) => s + f.ensemble.numTrees, 0));
    const raws = fits.map((f) => f.ensemble.predictRaw(x));
    const mean = Float64Array.from(raws[0], (_, i) => raws.reduce((s, r) => s + r[i], 0) / raws.length);
    const got = merged.ensemble.predictRaw(x);
    for (let i = 0; i < got.length; i++) expect(got[i]).toBeCloseTo(mean[i], 10);
    // The fits differ (rows and seeds): the average is not any one of them.
    expect(raws[0].some((v, i) => Math.abs(v - raws[1][i]) > 1e-6)).toBe(true);
    const before = merged.predict(x);
    merged.prepareForServing();
    for (let k = 0; k < 50 && !merged.warmUpStep(); k++);
    expect(merged.servesCompiled()).toBe(true);
    const after = merged.predict(x);
    for (let i = 0; i < after.length; i++) expect(after[i]).toBeCloseTo(before[i], 12);
  });

  it("averages log-target fits in log space (one learner), and keeps contributions additive", () => {
    const { x, y, objective } = matrixOf(makeRegressionTable(500, 6), "y");
    let lo = Infinity;
    for (const v of y) lo = Math.min(lo, v);
    const shifted = Float64Array.from(y, (v) => v - lo + 1); // positive: every fit has offset 0
    const sets = bagRows(x.rowCount, 3, 2);
    const fits = sets.map((rows) => fitRows({ ...gbdt, targetTransform: "log" }, task(objective), { x, y: shifted }, Date.now() + 60_000, rows));
    const merged = mergeBag(fits) as LogTargetLearner;
    expect(merged).toBeInstanceOf(LogTargetLearner);
    const logs = fits.map((f) => (f as LogTargetLearner).ensemble.predictRaw(x));
    const got = merged.predict(x);
    for (let i = 0; i < 20; i++) expect(Math.log(got[i] + merged.offset)).toBeCloseTo(logs.reduce((s, l) => s + l[i], 0) / logs.length, 9);
    const rows = Int32Array.from({ length: 10 }, (_, i) => i);
    const c = merged.contributions(x, rows, new Int32Array(10));
    const F = x.features.length;
    const base = Math.exp(merged.ensemble.shap(x, rows).expected[0]) - merged.offset;
    for (let i = 0; i < 10; i++) {
      let s = base;
      for (let f = 0; f < F; f++) s += c[i * F + f];
      expect(s).toBeCloseTo(got[i], 6);
    }
  });

  it("gives up on fits that cannot merge (tree and log-target fits)", () => {
    const { x, y } = matrixOf(makeRegressionTable(300, 6), "y");
    const shifted = Float64Array.from(y, (v) => Math.abs(v) + 1);
    const a: Learner = fitRows(gbdt, task("regression"), { x, y: shifted }, Date.now() + 60_000);
    const b: Learner = fitRows({ ...gbdt, targetTransform: "log" }, task("regression"), { x, y: shifted }, Date.now() + 60_000);
    expect(mergeBag([a, b])).toBeNull();
    expect(mergeBag([a])).toBe(a);
  });
});

/** P(yes) from a step interaction (x1 > 0 xor x2 > 0.5) that a linear model cannot fit: boosting wins. */
function interactionTable(n: number, seed: number): Table {
  const rng = new Rng(seed);
  const x1: number[] = [];
  const x2: number[] = [];
  const label: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = rng.next() * 2 - 1;
    const b = rng.next();
    x1.push(a);
    x2.push(b);
    const logit = a > 0 !== b > 0.5 ? 1.5 : -1.5;
    label.push(rng.next() < 1 / (1 + Math.exp(-logit)) ? "yes" : "no");
  }
  return { rowCount: n, columns: [numberColumn("x1", x1), numberColumn("x2", x2), textColumn("label", label)] };
}

describe("trainModel bags the served model of a small table", async () => {
  const table = interactionTable(1200, 11);
  const train = (bagFolds?: number) => trainModel({ table, predictFields: ["label"], budgetSeconds: 20, threads: 1, seed: 3, maxTrials: 4, bagFolds });
  const [bagged, plain] = await Promise.all([train(BAG_FOLDS), train()]);

  it("reports the folds and the fits of each member, and serves one tree ensemble", () => {
    const f = bagged.report.fields[0];
    expect(f.bagging.folds).toBe(BAG_FOLDS);
    expect(f.bagging.fits.some((k) => k >= 2)).toBe(true);
    if (f.model.ensemble) f.model.ensemble.forEach((m, i) => expect(m.bagged).toBe(f.bagging.fits[i]));
    const kind = decodeArtifact(bagged.artifact).models[0].learner.kind;
    expect(["trees", "ensemble"]).toContain(kind);
    expect(plain.report.fields[0].bagging).toEqual({ folds: 1, fits: plain.report.fields[0].bagging.fits.map(() => 0) });
  });

  it("predicts the same before and after warm-up (compiled trees)", async () => {
    const model = loadModel(bagged.artifact);
    const x1 = table.columns[0] as { values: Float64Array };
    const x2 = table.columns[1] as { values: Float64Array };
    const rows = Array.from({ length: 50 }, (_, i) => ({ x1: x1.values[i], x2: x2.values[i] }));
    const before = model.predictRows(rows);
    await model.warmUp();
    const after = model.predictRows(rows);
    after.forEach((p, i) => expect(p.label.probabilities!.yes).toBeCloseTo(before[i].label.probabilities!.yes, 12));
  });
});
