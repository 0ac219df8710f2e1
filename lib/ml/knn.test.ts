// The k-nearest-neighbours member: exact search, k chosen on validation rows, rows of contributions
// summing to the margin (alone and in an ensemble), the artifact round trip, and trainModel with it.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { trainGbdt } from "./core";
import { decodeBase64 } from "./core/codec";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import { knnCoordinates, trainKnn } from "./knn";
import { EnsembleLearner, KnnLearner, learnerFromJson, TreeLearner } from "./learner";
import { computeRmse } from "./metrics";
import { loadModel, trainModel } from "./index";
import { labelledTable } from "./testing";

/** a, b numeric (b with missing values), kind categorical; y smooth in a and b plus a category shift. */
function matrix(n: number, seed: number): { x: FeatureMatrix; y: Float64Array; yBin: Float64Array } {
  const rng = new Rng(seed);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const kind = new Float64Array(n);
  const noise = new Float64Array(n);
  const y = new Float64Array(n);
  const yBin = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a[i] = rng.next() * 6 - 3;
    b[i] = rng.next() < 0.1 ? Number.NaN : rng.next() * 4;
    kind[i] = rng.nextInt(4);
    noise[i] = rng.next();
    y[i] = Math.sin(a[i]) * 3 + (Number.isNaN(b[i]) ? 2 : (b[i] - 2) ** 2) + [0, 1, -1, 0.5][kind[i]] + (rng.next() - 0.5);
    yBin[i] = rng.next() < 1 / (1 + Math.exp(-(y[i] - 2))) ? 1 : 0;
  }
  return {
    x: {
      rowCount: n,
      features: [
        { name: "a", kind: "numeric" },
        { name: "b", kind: "numeric" },
        { name: "kind", kind: "categorical", categories: 4 },
        { name: "noise", kind: "numeric" },
      ],
      columns: [a, b, kind, noise],
    },
    y,
    yBin,
  };
}

describe("k nearest neighbours", () => {
  const train = matrix(3000, 1);
  const valid = matrix(800, 2);
  const test = matrix(500, 3);

  it("finds the exact nearest reference rows (the k-d tree against brute force)", () => {
    const model = trainKnn(train.x, train.y, { objective: "regression", k: 7, seed: 1 });
    const D = model.dimCount;
    const b = decodeBase64(model.json.refs);
    const refs = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    const nb = model.neighbours(test.x, 7);
    const q = new Float64Array(D);
    for (let r = 0; r < 100; r++) {
      knnCoordinates(model.json.dims, test.x, r, q);
      const all = Array.from({ length: model.rowCount }, (_, i) => {
        let s = 0;
        for (let d = 0; d < D; d++) s += (refs[i * D + d] - q[d]) ** 2;
        return s;
      }).sort((u, v) => u - v);
      for (let j = 0; j < 7; j++) expect(nb.dist[r * 7 + j]).toBeCloseTo(all[j], 9);
    }
  });

  it("chooses k on the validation rows and predicts a smooth target far better than its mean", () => {
    const model = trainKnn(train.x, train.y, { objective: "regression", seed: 1 }, undefined, { x: valid.x, y: valid.y });
    expect([5, 10, 15, 25, 35, 50, 75, 100]).toContain(model.json.k);
    const mean = train.y.reduce((s, v) => s + v, 0) / train.y.length;
    const rmse = computeRmse(test.y, model.predict(test.x));
    expect(rmse).toBeLessThan(0.5 * computeRmse(test.y, new Float64Array(test.y.length).fill(mean)));
    // The noise column has no relevance: it is not a coordinate.
    expect(model.json.dims.some((d) => d.feature === 3)).toBe(false);
  });

  it("keeps at most the reference cap, a seeded sample", () => {
    const a = trainKnn(train.x, train.y, { objective: "regression", k: 5, maxRefs: 1000, seed: 4 });
    const b = trainKnn(train.x, train.y, { objective: "regression", k: 5, maxRefs: 1000, seed: 4 });
    expect(a.rowCount).toBe(1000);
    expect(a.json.refs).toBe(b.json.refs);
  });

  it("explains rows so that they sum to the margin, alone and in an ensemble with trees", () => {
    const knn = new KnnLearner(trainKnn(train.x, train.yBin, { objective: "binary", seed: 1 }, undefined, { x: valid.x, y: valid.yBin }));
    const rows = Int32Array.from({ length: 50 }, (_, i) => i);
    const F = test.x.features.length;
    const logit = (p: number) => Math.log(p / (1 - p));
    const sum = (c: Float64Array, i: number) => c.subarray(i * F, i * F + F).reduce((s, v) => s + v, 0);
    const alone = knn.contributions(test.x, rows, new Int32Array(rows.length));
    const p = knn.predict(test.x);
    for (const i of rows) expect(sum(alone, i)).toBeCloseTo(logit(p[i]) - knn.model.base, 10);
    // Only fields it measures distance on get a share.
    const measured = new Set(knn.model.json.dims.map((d) => d.feature));
    for (let f = 0; f < F; f++) if (!measured.has(f)) expect(rows.every((i) => alone[i * F + f] === 0)).toBe(true);
    const trees = new TreeLearner(trainGbdt(train.x, train.yBin, { objective: "binary", maxRounds: 30, numLeaves: 8 }));
    const ensemble = EnsembleLearner.fromMembers([
      { weight: 0.7, learner: trees },
      { weight: 0.3, learner: knn },
    ]);
    const c = ensemble.contributions(test.x, rows, new Int32Array(rows.length));
    const q = ensemble.predict(test.x);
    for (let i = 1; i < rows.length; i++) expect(sum(c, i) - sum(c, 0)).toBeCloseTo(logit(q[i]) - logit(q[0]), 8);
    // The artifact form predicts the same.
    const loaded = learnerFromJson(JSON.parse(JSON.stringify(ensemble.toJSON())));
    expect(Array.from(loaded.predict(test.x))).toEqual(Array.from(q));
  });
});

const table = (n: number, seed: number): Table => labelledTable(matrix(n, seed));

describe("trainModel with the k-nearest-neighbours member", async () => {
  // 20,000 rows (12,800 search rows): the portfolio of larger tables, where the candidate follows the additive one.
  const outcome = await trainModel({
    table: table(20_000, 5),
    predictFields: ["label"],
    budgetSeconds: 1000,
    threads: 1,
    seed: 2,
    maxTrials: 5,
    oofFolds: 0,
    knnMember: true,
  });
  const field = outcome.report.fields[0];

  it("is a search candidate when asked for, not otherwise", async () => {
    expect(field.leaderboard.filter((e) => e.params.family === "knn").length).toBe(1);
    const off = await trainModel({ table: table(20_000, 5), predictFields: ["label"], budgetSeconds: 1000, threads: 1, seed: 2, maxTrials: 5, oofFolds: 0 });
    expect(off.report.fields[0].leaderboard.some((e) => e.params.family === "knn")).toBe(false);
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
