// The fast TreeSHAP against the reference recursion (treeshap.ts) on random models of every kind,
// on hand-made trees that reach each of its paths (tables, polynomial leaves, reference trees), and
// the additivity every row's factors rely on (contributions + expected value = raw output).
import { describe, expect, it } from "vitest";
import { FastTreeShap } from "./fast-treeshap";
import { trainForest } from "./forest";
import { trainGbdt } from "./gbdt";
import { Rng } from "./random";
import { TreeEnsemble, type RawTree } from "./tree";
import type { FeatureMatrix, FeatureSpec, ShapResult } from "./types";

function randomData(n: number, numeric: number, seed: number): { x: FeatureMatrix; y: Float64Array; yc: Float64Array } {
  const rng = new Rng(seed);
  const features: FeatureSpec[] = [];
  const columns: Float64Array[] = [];
  for (let f = 0; f < numeric; f++) {
    features.push({ name: `n${f}`, kind: "numeric" });
    columns.push(Float64Array.from({ length: n }, () => (rng.next() < 0.08 ? NaN : rng.next() * 4 - 2)));
  }
  features.push({ name: "cat", kind: "categorical", categories: 7 });
  columns.push(Float64Array.from({ length: n }, () => (rng.next() < 0.05 ? NaN : rng.nextInt(7))));
  const y = new Float64Array(n);
  const yc = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = rng.next() - 0.5;
    for (let f = 0; f < numeric; f++) {
      const v = columns[f][i];
      s += Number.isNaN(v) ? 0.3 : Math.sin(v * (f + 1)) * (f % 3 === 0 ? 1 : 0.4);
    }
    s += [0, 1, -1, 0.5, 2, -0.5, 0][Number.isNaN(columns[numeric][i]) ? 6 : columns[numeric][i]];
    y[i] = s;
    yc[i] = s < -0.5 ? 0 : s < 0.8 ? 1 : 2;
  }
  return { x: { rowCount: n, features, columns }, y, yc };
}

/** Test rows: some training rows plus rows with values outside the training range, missing and unseen categories. */
function probeRows(x: FeatureMatrix, seed: number): FeatureMatrix {
  const rng = new Rng(seed);
  const n = 60;
  const columns = x.columns.map((col, f) =>
    Float64Array.from({ length: n }, (_, i) => {
      if (i < 30) return col[i * 7];
      const u = rng.next();
      if (u < 0.15) return NaN;
      if (x.features[f].kind === "categorical") return u < 0.3 ? 9 : u < 0.35 ? 2.5 : rng.nextInt(7);
      return rng.next() * 8 - 4;
    }),
  );
  return { rowCount: n, features: x.features, columns };
}

function expectSame(fast: ShapResult, ref: ShapResult): void {
  expect(fast.values.length).toBe(ref.values.length);
  let scale = 1e-12;
  for (const v of ref.values) scale = Math.max(scale, Math.abs(v));
  for (let i = 0; i < ref.values.length; i++) {
    if (Math.abs(fast.values[i] - ref.values[i]) > 1e-10 * scale) {
      throw new Error(`contribution ${i}: fast ${fast.values[i]}, reference ${ref.values[i]}`);
    }
  }
  for (let k = 0; k < ref.expected.length; k++) expect(fast.expected[k]).toBeCloseTo(ref.expected[k], 12);
}

/** Sum of contributions + expected value = raw prediction, for every row and output. */
function expectAdditive(m: TreeEnsemble, x: FeatureMatrix, shap: ShapResult): void {
  const raw = m.predictRaw(x);
  const K = m.outputs;
  const F = x.features.length;
  for (let r = 0; r < x.rowCount; r++) {
    for (let k = 0; k < K; k++) {
      let s = shap.expected[k];
      for (let f = 0; f < F; f++) s += shap.values[(r * K + k) * F + f];
      expect(Math.abs(s - raw[r * K + k])).toBeLessThan(1e-9 * Math.max(1, Math.abs(raw[r * K + k])));
    }
  }
}

describe("fast TreeSHAP equals the reference recursion", () => {
  const { x, y, yc } = randomData(1500, 6, 1);
  const probe = probeRows(x, 2);
  const yb = Float64Array.from(y, (v) => (v > 0 ? 1 : 0));

  const models: [string, () => TreeEnsemble][] = [
    ["binary boosting, 31 leaves", () => trainGbdt(x, yb, { objective: "binary", maxRounds: 40, numLeaves: 31, minDataInLeaf: 5 })],
    [
      "regression boosting with depth limit and sampling",
      () => trainGbdt(x, y, { objective: "regression", maxRounds: 30, numLeaves: 16, maxDepth: 5, featureFraction: 0.7, baggingFraction: 0.8, seed: 3 }),
    ],
    ["multiclass boosting", () => trainGbdt(x, yc, { objective: "multiclass", numClasses: 3, maxRounds: 12, numLeaves: 12 })],
    [
      "multiclass random forest (leaf vectors), deep",
      () => trainForest(x, yc, { objective: "multiclass", numClasses: 3, numTrees: 6, seed: 4, minDataInLeaf: 2 }),
    ],
    ["regression extra trees", () => trainForest(x, y, { objective: "regression", numTrees: 6, extraTrees: true, seed: 5, minDataInLeaf: 3 })],
  ];
  for (const [name, make] of models) {
    it(name, () => {
      const m = make();
      const fast = m.shap(probe);
      expectSame(fast, m.shapReference(probe));
      expectAdditive(m, probe, fast);
    });
  }

  it("gives the same values for one output per row (multiclass) and for a subset of rows", () => {
    const m = trainGbdt(x, yc, { objective: "multiclass", numClasses: 3, maxRounds: 8, numLeaves: 10 });
    const rows = [5, 0, 59, 31, 31, 2];
    const want = [2, 0, 1, 1, 2, 0];
    expectSame(m.shap(probe, rows, want), m.shapReference(probe, rows, want));
    expectSame(m.shap(probe, rows), m.shapReference(probe, rows));
  });

  it("rows grouped by decision pattern equal rows explained one by one, with and without decision tables", () => {
    // Repeated rows and rows that differ only where no tree splits make patterns repeat.
    const rows = Int32Array.from({ length: 150 }, (_, i) => (i < 60 ? i : (i * 13) % 60));
    const cases: [string, TreeEnsemble][] = [
      ["binary", trainGbdt(x, yb, { objective: "binary", maxRounds: 25, numLeaves: 31, minDataInLeaf: 5 })],
      // More than 32 internal nodes per tree: patterns of several words.
      ["deep forest", trainForest(x, yc, { objective: "multiclass", numClasses: 3, numTrees: 4, seed: 6, minDataInLeaf: 2 })],
      ["multiclass boosting", trainGbdt(x, yc, { objective: "multiclass", numClasses: 3, maxRounds: 6, numLeaves: 20 })],
    ];
    for (const [name, m] of cases) {
      const want = Int32Array.from(rows, (r) => r % 3);
      const onlyOutput = m.outputs > 1 ? want : undefined;
      const ref = m.shapReference(probe, rows, onlyOutput);
      const full = new FastTreeShap(m);
      expect(full.lutValues, name).toBeGreaterThan(0);
      const noLut = new FastTreeShap(m, { lutValues: 0 });
      expect(noLut.lutValues).toBe(0);
      const someLut = new FastTreeShap(m, { lutValues: Math.round(full.lutValues / 2) });
      expect(someLut.lutValues).toBeGreaterThan(0);
      expect(someLut.lutValues).toBeLessThan(full.lutValues);
      for (const plan of [full, noLut, someLut]) {
        for (const patternRows of [1, 1e9]) {
          const got = plan.explain(probe.columns, rows, onlyOutput, patternRows);
          try {
            expectSame(got, ref);
          } catch (e) {
            throw new Error(`${name}, ${plan.lutValues} table entries, patterns from ${patternRows} rows: ${(e as Error).message}`);
          }
        }
      }
    }
  });

  it("without tables (every leaf on the polynomial path), with a tiny table budget, and with sibling-leaf pairs", () => {
    const m = trainGbdt(x, yb, { objective: "binary", maxRounds: 15, numLeaves: 40, minDataInLeaf: 3 });
    const ref = m.shapReference(probe);
    const none = new FastTreeShap(m, { tableFeatures: 0 });
    expect(none.tableValues).toBe(0);
    expect(none.polyLeaves).toBeGreaterThan(100);
    expectSame(
      none.explain(
        probe.columns,
        Int32Array.from({ length: probe.rowCount }, (_, i) => i),
      ),
      ref,
    );
    const some = new FastTreeShap(m, { tableValues: 2000 });
    expect(some.tableValues).toBeLessThanOrEqual(2000);
    expect(some.polyLeaves).toBeGreaterThan(0);
    expectSame(
      some.explain(
        probe.columns,
        Int32Array.from({ length: probe.rowCount }, (_, i) => i),
      ),
      ref,
    );
    // The default budget explains sibling leaves as pairs; a smaller one pairs only some of them.
    const full = new FastTreeShap(m);
    expect(full.pairs).toBeGreaterThan(100);
    const mixed = new FastTreeShap(m, { tableValues: Math.round(full.tableValues * 0.7) });
    expect(mixed.pairs).toBeGreaterThan(0);
    expect(mixed.pairs).toBeLessThan(full.pairs);
    expectSame(
      mixed.explain(
        probe.columns,
        Int32Array.from({ length: probe.rowCount }, (_, i) => i),
      ),
      ref,
    );
  });
});

/** A chain tree: node i splits feature features[i] at 0 (right child is a leaf), covers halving down the chain. */
function chainTree(features: number[], zeroCoverAt = -1): RawTree {
  const d = features.length;
  const n = 2 * d + 1;
  const t: RawTree = {
    output: 0,
    feature: new Int32Array(n).fill(-1),
    threshold: new Float64Array(n),
    flags: new Uint8Array(n),
    left: new Int32Array(n),
    right: new Int32Array(n).fill(-1),
    catBits: new Array(n).fill(null),
    catSize: new Int32Array(n),
    cover: new Float64Array(n),
    gain: new Float64Array(n),
    leafValues: new Float64Array(d + 1),
  };
  // Internal node i at index 2i, its right leaf at 2i + 1, the chain continues at 2i + 2.
  let cover = 2 ** (d + 1);
  for (let i = 0; i < d; i++) {
    const node = 2 * i;
    t.feature[node] = features[i];
    t.threshold[node] = (i % 3) * 0.3 - 0.2;
    t.flags[node] = i % 2;
    t.left[node] = 2 * i + 2;
    t.right[node] = 2 * i + 1;
    t.cover[node] = cover;
    t.cover[2 * i + 1] = i === zeroCoverAt ? 0 : cover / 2;
    t.left[2 * i + 1] = i;
    t.leafValues[i] = Math.sin(i + 1) * 3;
    cover = i === zeroCoverAt ? cover : cover / 2;
  }
  t.cover[2 * d] = cover;
  t.left[2 * d] = d;
  t.leafValues[d] = 1.5;
  return t;
}

describe("fast TreeSHAP on hand-made trees", () => {
  const F = 40;
  const features: FeatureSpec[] = Array.from({ length: F }, (_, f) => ({ name: `f${f}`, kind: "numeric" }));
  const rng = new Rng(9);
  const n = 40;
  const x: FeatureMatrix = {
    rowCount: n,
    features,
    columns: Array.from({ length: F }, () => Float64Array.from({ length: n }, () => (rng.next() < 0.1 ? NaN : rng.next() * 2 - 1))),
  };
  const ensemble = (trees: RawTree[]): TreeEnsemble =>
    TreeEnsemble.fromTrees(
      { objective: "regression", numClasses: 1, link: "identity", features, baseScore: Float64Array.from([0.25]), numRounds: trees.length, algorithm: "test" },
      trees,
    );

  it("repeated features on a path, a zero cover, 14 and 35 distinct features (tables, polynomials, reference)", () => {
    const repeated = chainTree([0, 1, 0, 2, 1, 0, 3]);
    const zeroCover = chainTree([4, 5, 6, 7], 2);
    const deep = chainTree(Array.from({ length: 14 }, (_, i) => (i * 3) % 17));
    const veryDeep = chainTree(Array.from({ length: 35 }, (_, i) => i));
    const m = ensemble([repeated, zeroCover, deep, veryDeep]);
    const plan = new FastTreeShap(m);
    expect(plan.referenceTrees).toBe(1);
    expect(plan.polyLeaves).toBeGreaterThan(0);
    expect(plan.tableValues).toBeGreaterThan(0);
    const all = Int32Array.from({ length: n }, (_, i) => i);
    const fast = plan.explain(x.columns, all);
    expectSame(fast, m.shapReference(x));
    expectAdditive(m, x, fast);
  });
});
