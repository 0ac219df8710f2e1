import { describe, expect, it } from "vitest";
import { trainForest } from "./forest";
import { trainGbdt } from "./gbdt";
import { Rng } from "./random";
import { TreeEnsemble } from "./tree";
import { coverageColumns } from "./tree-compile";
import type { FeatureMatrix, FeatureSpec } from "./types";

// Data with every kind of split: numeric with missing values on both default sides, a small
// categorical feature (one bitset word) and a large one (several words), plus rows at prediction
// time with unseen and invalid categories.
function data(n: number, seed: number): { x: FeatureMatrix; score: Float64Array } {
  const rng = new Rng(seed);
  const features: FeatureSpec[] = [
    { name: "a", kind: "numeric" },
    { name: "b", kind: "numeric" },
    { name: "small", kind: "categorical", categories: 6 },
    { name: "large", kind: "categorical", categories: 90 },
  ];
  const cols = features.map(() => new Float64Array(n));
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = rng.next();
    const b = rng.next() * 10 - 5;
    const small = Math.floor(rng.next() * 6);
    const large = Math.floor(rng.next() * 90);
    cols[0][i] = rng.next() < 0.15 ? NaN : a;
    cols[1][i] = rng.next() < 0.1 ? NaN : b;
    cols[2][i] = rng.next() < 0.05 ? NaN : small;
    cols[3][i] = large;
    score[i] = (a > 0.5 ? 1 : 0) + (b > 1 ? 0.8 : 0) + ([1, 4].includes(small) ? 1 : 0) + (large % 7 === 0 ? 1.2 : 0) + (Number.isNaN(cols[0][i]) ? 0.7 : 0);
  }
  return { x: { rowCount: n, features, columns: cols }, score };
}

/** Rows the model never saw: unseen category codes, negative, fractional and missing values. */
function oddRows(x: FeatureMatrix): FeatureMatrix {
  const odd = [
    [0.2, NaN, 7, 95],
    [NaN, 2, -1, 3.5],
    [0.9, -9, 2.5, NaN],
    [Infinity, -Infinity, 1e9, 89],
  ];
  return { rowCount: odd.length, features: x.features, columns: x.features.map((_, f) => Float64Array.from(odd, (r) => r[f])) };
}

/** Raw scores through the compiled trees only (whatever the warm-up decided). */
function compiledRaw(model: TreeEnsemble, x: FeatureMatrix): Float64Array {
  const out = new Float64Array(x.rowCount * model.outputs);
  for (let r = 0; r < x.rowCount; r++) for (let k = 0; k < model.outputs; k++) out[r * model.outputs + k] = model.baseScore[k];
  model.addTrees(x.columns, 0, x.rowCount, 0, model.numTrees, out, true);
  return out;
}

/** Predictions of a fresh copy served by compiled trees must equal the array traversal bit for bit. */
function expectSameServed(model: TreeEnsemble, xs: FeatureMatrix[]) {
  const served = TreeEnsemble.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
  served.prepareForServing();
  for (const x of xs) expect(Array.from(compiledRaw(served, x))).toEqual(Array.from(model.predictRaw(x)));
}

describe("compiled trees", () => {
  const { x, score } = data(3000, 5);
  const test = data(1000, 6).x;

  it("binary boosting: same predictions as the array traversal, including missing and unseen values", () => {
    const y = Float64Array.from(score, (s) => (s > 1.6 ? 1 : 0));
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 60, numLeaves: 15, minDataInLeaf: 5 });
    expect(m.nodeFlags.some((f) => (f & 2) !== 0)).toBe(true); // categorical splits exist
    expect(m.nodeFlags.some((f) => f === 1)).toBe(true); // and numeric default-left ones
    expectSameServed(m, [test, oddRows(x)]);
  });

  it("multiclass boosting (one tree per class and round) and regression", () => {
    const yk = Float64Array.from(score, (s) => (s < 1 ? 0 : s < 2 ? 1 : 2));
    expectSameServed(trainGbdt(x, yk, { objective: "multiclass", numClasses: 3, maxRounds: 20, numLeaves: 8 }), [test, oddRows(x)]);
    expectSameServed(trainGbdt(x, score, { objective: "regression", maxRounds: 40, numLeaves: 31 }), [test, oddRows(x)]);
  });

  it("forests (leaf vectors for multiclass), with trees too big to compile left to the arrays", () => {
    const yk = Float64Array.from(score, (s) => (s < 1 ? 0 : s < 2 ? 1 : 2));
    expectSameServed(trainForest(x, yk, { objective: "multiclass", numClasses: 3, numTrees: 8, minDataInLeaf: 5, seed: 2 }), [test, oddRows(x)]);
    // Fully grown regression trees on 3,000 rows have more nodes than a compiled function may hold
    // (2,000): they keep the array traversal, the others are compiled.
    const noisy = Float64Array.from(score, (s, i) => s + Math.sin(i * 12.9898) * 0.5);
    const big = trainForest(x, noisy, { objective: "regression", numTrees: 6, minDataInLeaf: 1, seed: 3 });
    const sizes = Array.from({ length: big.numTrees }, (_, t) => (t + 1 < big.numTrees ? big.treeRoot[t + 1] : big.nodeFeature.length) - big.treeRoot[t]);
    expect(Math.max(...sizes)).toBeGreaterThan(2000);
    expectSameServed(big, [test, oddRows(x)]);
    expectSameServed(trainForest(x, score, { objective: "regression", numTrees: 10, minDataInLeaf: 20, extraTrees: true, seed: 3 }), [test]);
  });

  it("warm-up coverage rows reach every leaf of every tree", () => {
    const y = Float64Array.from(score, (s) => (s > 1.6 ? 1 : 0));
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 20, numLeaves: 15, minDataInLeaf: 5 });
    for (let t = 0; t < m.numTrees; t++) {
      const end = t + 1 < m.numTrees ? m.treeRoot[t + 1] : m.nodeFeature.length;
      const leaves = new Set<number>();
      for (let n = m.treeRoot[t]; n < end; n++) if (m.nodeFeature[n] < 0) leaves.add(n);
      const columns = coverageColumns(m, x.features.length, t, t + 1);
      const reached = new Set(Array.from({ length: columns[0].length }, (_, r) => m.findLeaf(columns, r, t)));
      expect(reached).toEqual(leaves);
    }
  });

  it("the warm-up ends (compiled trees in use, or given up on) and predictions stay the same", () => {
    const y = Float64Array.from(score, (s) => (s > 1.6 ? 1 : 0));
    const model = trainGbdt(x, y, { objective: "binary", maxRounds: 80, numLeaves: 15, minDataInLeaf: 5 });
    const served = TreeEnsemble.fromJSON(model.toJSON());
    served.prepareForServing();
    expect(served.servesCompiled).toBe(false); // never before the warm-up has shown it is faster
    let steps = 0;
    while (!served.warmUpStep()) steps++;
    expect(steps).toBeGreaterThan(0);
    expect(Array.from(served.predict(test))).toEqual(Array.from(model.predict(test)));
  });
});
