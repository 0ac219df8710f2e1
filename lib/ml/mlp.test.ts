// The MLP member: it learns a smooth target, keeps the best epoch, stops at its deadline and lets the
// event loop run (cooperative fit), its rows of contributions sum to the margin (alone, with a log
// target and in an ensemble with trees), the artifact round trip, and trainModel with it.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { trainGbdt } from "./core";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import { EnsembleLearner, learnerFromJson, MlpLearner, TreeLearner } from "./learner";
import { computeAuc, computeRmse } from "./metrics";
import { normalQuantile, trainMlp, trainMlpCooperatively } from "./mlp";
import { loadModel, trainModel } from "./index";
import { labelledTable } from "./testing";

/** a, b numeric (b with missing values), kind categorical, flat constant; y smooth in a and b plus a category shift. */
function matrix(n: number, seed: number): { x: FeatureMatrix; y: Float64Array; yBin: Float64Array; yPos: Float64Array } {
  const rng = new Rng(seed);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const kind = new Float64Array(n);
  const flat = new Float64Array(n).fill(7);
  const y = new Float64Array(n);
  const yBin = new Float64Array(n);
  const yPos = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = rng.next() * 6 - 3;
    b[i] = rng.next() < 0.1 ? Number.NaN : rng.next() * 4;
    kind[i] = rng.nextInt(4);
    y[i] = Math.sin(a[i]) * 3 + (Number.isNaN(b[i]) ? 2 : (b[i] - 2) ** 2) + [0, 1, -1, 0.5][kind[i]] + (rng.next() - 0.5);
    yBin[i] = rng.next() < 1 / (1 + Math.exp(-(y[i] - 2))) ? 1 : 0;
    yPos[i] = Math.exp(y[i] / 3);
  }
  return {
    x: {
      rowCount: n,
      features: [
        { name: "a", kind: "numeric" },
        { name: "b", kind: "numeric" },
        { name: "kind", kind: "categorical", categories: 4 },
        { name: "flat", kind: "numeric" },
      ],
      columns: [a, b, kind, flat],
    },
    y,
    yBin,
    yPos,
  };
}

describe("MLP member", () => {
  const train = matrix(3000, 1);
  const valid = matrix(800, 2);
  const test = matrix(500, 3);
  const F = test.x.features.length;
  const rows = Int32Array.from({ length: 60 }, (_, i) => i);
  const sum = (c: Float64Array, i: number) => c.subarray(i * F, i * F + F).reduce((s, v) => s + v, 0);

  it("has normal scores for its inputs", () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 8);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it("predicts a smooth target far better than its mean, with early stopping on the validation rows", () => {
    const model = trainMlp(train.x, train.y, { objective: "regression", seed: 1 }, undefined, { x: valid.x, y: valid.y });
    const mean = train.y.reduce((s, v) => s + v, 0) / train.y.length;
    const rmse = computeRmse(test.y, model.predict(test.x));
    expect(rmse).toBeLessThan(0.35 * computeRmse(test.y, new Float64Array(test.y.length).fill(mean)));
    expect(model.epochs).toBeGreaterThan(1);
    expect(model.epochs).toBeLessThanOrEqual(80);
    // Seeded: the same fit again gives the same weights; a refit runs exactly the epochs asked for.
    const again = trainMlp(train.x, train.y, { objective: "regression", seed: 1 }, undefined, { x: valid.x, y: valid.y });
    expect(again.json.params).toBe(model.json.params);
    expect(trainMlp(train.x, train.y, { objective: "regression", seed: 1, epochs: 3 }).epochs).toBe(3);
    // The constant field is no input.
    expect(model.json.inputs.some((inp) => inp.feature === 3)).toBe(false);
  });

  it("stops at its deadline with a usable model", () => {
    const model = trainMlp(train.x, train.yBin, { objective: "binary", seed: 1, deadlineMs: Date.now() - 1 }, undefined, { x: valid.x, y: valid.yBin });
    const p = model.predict(test.x);
    expect(p.every((v) => v > 0 && v < 1)).toBe(true);
  });

  it("lets the event loop run during a cooperative fit and stops when told", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let steps = 0;
    const model = await trainMlpCooperatively(
      train.x,
      train.y,
      { objective: "regression", seed: 1, epochs: 40 },
      { yieldMs: 0, shouldStop: () => ++steps > 30 },
    );
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
    // 30 steps of 8 mini-batches of 60 rows: 2 of the 40 epochs over 3,000 rows.
    expect(model.epochs).toBeLessThan(40);
  });

  it("explains rows so that they sum to the margin, alone, with a log target and in an ensemble with trees", () => {
    const mlp = new MlpLearner(trainMlp(train.x, train.yBin, { objective: "binary", seed: 1 }, undefined, { x: valid.x, y: valid.yBin }));
    expect(computeAuc(test.yBin, mlp.predict(test.x))).toBeGreaterThan(0.75);
    const logit = (p: number) => Math.log(p / (1 - p));
    const alone = mlp.contributions(test.x, rows, new Int32Array(rows.length));
    const p = mlp.predict(test.x);
    for (const i of rows) expect(sum(alone, i)).toBeCloseTo(logit(p[i]) - mlp.model.base, 9);
    // The constant field gets nothing; the others move with the row.
    expect(rows.every((i) => alone[i * F + 3] === 0)).toBe(true);
    expect(rows.some((i) => Math.abs(alone[i * F]) > 0.05)).toBe(true);
    const trees = new TreeLearner(trainGbdt(train.x, train.yBin, { objective: "binary", maxRounds: 30, numLeaves: 8 }));
    const ensemble = EnsembleLearner.fromMembers([
      { weight: 0.7, learner: trees },
      { weight: 0.3, learner: mlp },
    ]);
    const c = ensemble.contributions(test.x, rows, new Int32Array(rows.length));
    const q = ensemble.predict(test.x);
    for (let i = 1; i < rows.length; i++) expect(sum(c, i) - sum(c, 0)).toBeCloseTo(logit(q[i]) - logit(q[0]), 8);
    const loaded = learnerFromJson(JSON.parse(JSON.stringify(ensemble.toJSON())));
    expect(Array.from(loaded.predict(test.x))).toEqual(Array.from(q));

    const log = new MlpLearner(trainMlp(train.x, train.yPos, { objective: "regression", logTarget: true, seed: 2 }, undefined, { x: valid.x, y: valid.yPos }));
    expect(log.model.json.offset).toBe(0);
    const v = log.predict(test.x);
    expect(v.every((u) => u > 0)).toBe(true);
    const cl = log.contributions(test.x, rows, new Int32Array(rows.length));
    for (const i of rows) expect(sum(cl, i)).toBeCloseTo(v[i] - log.model.base, 8);
  });
});

const table = (n: number, seed: number): Table => labelledTable(matrix(n, seed));

describe("trainModel with the MLP member", async () => {
  // 20,000 rows (12,800 search rows): the portfolio of larger tables, where the candidate follows the additive one.
  const request = { table: table(20_000, 5), predictFields: ["label"], budgetSeconds: 1000, threads: 1, seed: 2, maxTrials: 5, oofFolds: 0 };
  const outcome = await trainModel({ ...request, mlpMember: true });
  const field = outcome.report.fields[0];

  it("is a search candidate when asked for, not otherwise", async () => {
    expect(field.leaderboard.filter((e) => e.params.family === "mlp").length).toBe(1);
    const off = await trainModel(request);
    expect(off.report.fields[0].leaderboard.some((e) => e.params.family === "mlp")).toBe(false);
  });

  it("serves predictions with factors through the artifact", () => {
    const model = loadModel(outcome.artifact);
    const preds = model.predictRows(
      [
        { a: 1.5, b: 3.5, kind: "q" },
        { a: -1.5, b: 2, kind: "r" },
        { a: 0, b: null, kind: "unseen" },
      ],
      { factors: true },
    );
    expect(preds[0].label.probabilities!.yes).toBeGreaterThan(preds[1].label.probabilities!.yes);
    for (const p of preds) expect(Object.values(p.label.factors!).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
  });
});
