import { describe, expect, it } from "vitest";
import { BinMapper } from "./binning";
import { trainGbdt } from "./gbdt";
import { createLayout, TreeGrower, type GrowerConfig } from "./grower";
import { layoutOf } from "./learner-common";
import { Rng } from "./random";
import { FLAG_CATEGORICAL, FLAG_DEFAULT_LEFT, TreeEnsemble } from "./tree";
import type { FeatureMatrix, FeatureSpec } from "./types";

function matrix(features: FeatureSpec[], cols: number[][] | Float64Array[]): FeatureMatrix {
  return { rowCount: cols[0].length, features, columns: cols.map((c) => Float64Array.from(c)) };
}
const num = (name: string): FeatureSpec => ({ name, kind: "numeric" });

/** Deterministic pseudo-random data set with n rows and uniform features in [0, 1). */
function randomColumns(n: number, f: number, seed: number): Float64Array[] {
  const rng = new Rng(seed);
  return Array.from({ length: f }, () => Float64Array.from({ length: n }, () => rng.next()));
}

describe("split finding", () => {
  it("finds the hand-known best split: feature 1 between 3 and 4", () => {
    // Feature 0 is noise; y jumps from 0 to 10 between x1 = 3 and x1 = 4.
    const x = matrix(
      [num("noise"), num("x")],
      [
        [5, 1, 4, 2, 6, 3],
        [1, 2, 3, 4, 5, 6],
      ],
    );
    const y = Float64Array.from([0, 0, 0, 10, 10, 10]);
    const m = trainGbdt(x, y, { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 1 });
    expect(m.numTrees).toBe(1);
    expect(m.nodeFeature[0]).toBe(1);
    expect(m.nodeThreshold[0]).toBe(3.5);
    expect(Array.from(m.predict(x))).toEqual([0, 0, 0, 10, 10, 10]);
    // Gain = sum of squared-gradient scores: 15^2/3 + 15^2/3 - 0 = 150.
    expect(m.featureImportance()[1]).toBeCloseTo(150, 9);
    expect(m.featureImportance()[0]).toBe(0);
  });

  it("respects minDataInLeaf", () => {
    const x = matrix([num("x")], [[1, 2, 3, 4, 5, 6]]);
    const y = Float64Array.from([0, 0, 0, 0, 0, 10]);
    const m = trainGbdt(x, y, { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 2 });
    // The best unconstrained split (5 | 1) is forbidden; 4 | 2 is the best allowed one.
    expect(m.nodeThreshold[0]).toBe(4.5);
  });
});

describe("histograms", () => {
  const cfg: GrowerConfig = {
    numLeaves: 4,
    maxDepth: -1,
    minDataInLeaf: 1,
    minSumHessian: 0,
    lambdaL2: 0,
    lambdaL1: 0,
    minGainToSplit: 0,
    catSmooth: 10,
    catL2: 10,
    maxCatThreshold: 32,
    minDataPerGroup: 1,
    maxCatToOnehot: 4,
    leafMode: "newton",
    learningRate: 1,
    nodeFeatureFraction: 1,
    extraTrees: false,
    order: "best",
    exactCounts: false,
  };
  const n = 200;
  const cols = randomColumns(n, 3, 5);
  cols.push(Float64Array.from({ length: n }, (_, i) => (i % 7 === 0 ? NaN : i % 5)));
  const x = matrix([num("a"), num("b"), num("c"), { name: "k", kind: "categorical", categories: 5 }], cols);
  const mapper = BinMapper.fit(x, 16);
  const bins = mapper.transform(x).bins;
  const rng = new Rng(3);
  const grad = Float64Array.from({ length: n }, () => rng.next() - 0.5);
  const hess = Float64Array.from({ length: n }, () => 0.1 + rng.next());
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const leftRows = all.filter((i) => cols[0][i] < 0.4);
  const rightRows = all.filter((i) => cols[0][i] >= 0.4);

  for (const exactCounts of [false, true]) {
    it(`parent minus smaller child equals the sibling built directly (exactCounts=${exactCounts})`, () => {
      const grower = new TreeGrower(layoutOf(mapper), bins, n, 1, { ...cfg, exactCounts });
      const mask = new Uint8Array(4).fill(1);
      const parent = grower.computeHistogram(all, n, grad, hess, null, mask);
      const left = grower.computeHistogram(leftRows, leftRows.length, grad, hess, null, mask);
      const right = grower.computeHistogram(rightRows, rightRows.length, grad, hess, null, mask);
      expect(parent.length).toBe(mapper.numBins.reduce((a, b) => a + b, 0) * grower.histogramStride);
      for (let i = 0; i < parent.length; i++) expect(parent[i] - left[i]).toBeCloseTo(right[i], 10);
      // Direct check of one bin: the missing bin of the categorical feature.
      const layout = createLayout(Int32Array.from(mapper.numBins), Uint8Array.from([0, 0, 0, 1]));
      const o = layout.offsets[3] * grower.histogramStride;
      let g = 0;
      for (let i = 0; i < n; i++) if (Number.isNaN(cols[3][i])) g += grad[i];
      expect(parent[o]).toBeCloseTo(g, 12);
    });
  }
});

describe("categorical splits", () => {
  it("finds the partition {1, 4, 6} of 8 categories", () => {
    const n = 400;
    const cat = Float64Array.from({ length: n }, (_, i) => i % 8);
    const y = Float64Array.from(cat, (c) => ([1, 4, 6].includes(c) ? 5 : -5));
    const x = matrix([{ name: "c", kind: "categorical", categories: 8 }], [cat]);
    const m = trainGbdt(x, y, { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 1, catL2: 0, catSmooth: 0 });
    expect(m.nodeFlags[0] & FLAG_CATEGORICAL).toBeTruthy();
    const left = [0, 1, 2, 3, 4, 5, 6, 7].filter((c) => m.goesLeft(0, c));
    expect([
      [1, 4, 6],
      [0, 2, 3, 5, 7],
    ]).toContainEqual(left);
    expect(Array.from(m.predict(matrix(x.features, [[1, 2, 4, 6, 7]])))).toEqual([5, -5, 5, 5, -5]);
  });

  it("sends unseen categories to the side of the pooled rare categories", () => {
    const cat = [...Array(30).fill(0), ...Array(30).fill(1), 2, 3, 4];
    const y = Float64Array.from(cat, (c) => (c === 0 ? 0 : 10));
    const x = matrix([{ name: "c", kind: "categorical", categories: 5 }], [cat]);
    const m = trainGbdt(x, y, { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 1 });
    const p = m.predict(matrix(x.features, [[0, 1, 2, 99]]));
    expect(p[0]).toBeCloseTo(0, 9);
    expect(p[3]).toBeCloseTo(p[2], 12);
  });
});

describe("learning simple functions", () => {
  const n = 2000;
  const cols = randomColumns(n, 3, 11);
  const x = matrix([num("a"), num("b"), num("c")], cols);
  const test = matrix(x.features, randomColumns(500, 3, 12));

  it("regression: y = 3a + sin(6b) reaches a small error", () => {
    const f = (c: Float64Array[], i: number) => 3 * c[0][i] + Math.sin(6 * c[1][i]);
    const y = Float64Array.from({ length: n }, (_, i) => f(cols, i));
    const m = trainGbdt(x, y, { objective: "regression", maxRounds: 200, numLeaves: 15 });
    const p = m.predict(test);
    let se = 0;
    for (let i = 0; i < 500; i++) se += (p[i] - f(test.columns, i)) ** 2;
    expect(Math.sqrt(se / 500)).toBeLessThan(0.1);
    const imp = m.featureImportance();
    expect(imp[2]).toBeLessThan(0.02 * (imp[0] + imp[1]));
  });

  it("binary: class = a + b > 1 is learned with high accuracy and calibrated probabilities", () => {
    const y = Float64Array.from({ length: n }, (_, i) => (cols[0][i] + cols[1][i] > 1 ? 1 : 0));
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 100 });
    const p = m.predict(test);
    let correct = 0;
    for (let i = 0; i < 500; i++) correct += (p[i] > 0.5 ? 1 : 0) === (test.columns[0][i] + test.columns[1][i] > 1 ? 1 : 0) ? 1 : 0;
    expect(correct / 500).toBeGreaterThan(0.95);
    const raw = m.predictRaw(test);
    expect(p[0]).toBeCloseTo(1 / (1 + Math.exp(-raw[0])), 12);
  });

  it("multiclass: class = which third a falls in; probabilities sum to 1", () => {
    const y = Float64Array.from({ length: n }, (_, i) => Math.min(2, Math.floor(cols[0][i] * 3)));
    const m = trainGbdt(x, y, { objective: "multiclass", numClasses: 3, maxRounds: 50 });
    expect(m.numTrees).toBe(150);
    expect(m.numRounds).toBe(50);
    const p = m.predict(test);
    expect(p.length).toBe(1500);
    let correct = 0;
    for (let i = 0; i < 500; i++) {
      expect(p[i * 3] + p[i * 3 + 1] + p[i * 3 + 2]).toBeCloseTo(1, 12);
      let best = 0;
      for (let k = 1; k < 3; k++) if (p[i * 3 + k] > p[i * 3 + best]) best = k;
      correct += best === Math.min(2, Math.floor(test.columns[0][i] * 3)) ? 1 : 0;
    }
    expect(correct / 500).toBeGreaterThan(0.95);
  });
});

describe("missing values", () => {
  it("learns the side for missing values from the data", () => {
    // Missing rows behave like the high group (x > 5).
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 300; i++) {
      const v = i % 3 === 0 ? NaN : (i % 10) + 0.5;
      xs.push(v);
      ys.push(Number.isNaN(v) || v > 5 ? 1 : 0);
    }
    const x = matrix([num("x")], [xs]);
    const m = trainGbdt(x, Float64Array.from(ys), { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 1 });
    // Low values go left (x <= 5), so missing values must go right with the high ones.
    expect(m.nodeThreshold[0]).toBe(5);
    expect(m.nodeFlags[0] & FLAG_DEFAULT_LEFT).toBe(0);
    const p = m.predict(matrix(x.features, [[NaN, 1, 9]]));
    expect(p[0]).toBeCloseTo(1, 9);
    expect(p[1]).toBeCloseTo(0, 9);
    expect(p[2]).toBeCloseTo(1, 9);
  });

  it("splits missing against present values when that is what matters", () => {
    const xs = Array.from({ length: 100 }, (_, i) => (i < 40 ? NaN : i));
    const ys = Float64Array.from(xs, (v) => (Number.isNaN(v) ? 3 : -3));
    const x = matrix([num("x")], [xs]);
    const m = trainGbdt(x, ys, { objective: "regression", numLeaves: 2, maxRounds: 1, learningRate: 1, minDataInLeaf: 1 });
    const p = m.predict(matrix(x.features, [[NaN, 50, 1e9]]));
    expect(p[0]).toBeCloseTo(3, 9);
    expect(p[1]).toBeCloseTo(-3, 9);
    expect(p[2]).toBeCloseTo(-3, 9);
  });
});

describe("training controls", () => {
  const n = 3000;
  const cols = randomColumns(n, 5, 21);
  const x = matrix(["a", "b", "c", "d", "e"].map(num), cols);
  const y = Float64Array.from({ length: n }, (_, i) => (cols[0][i] + 0.3 * cols[1][i] > 0.65 ? 1 : 0));

  it("is deterministic for a seed, with bagging and feature sampling", () => {
    const params = { objective: "binary" as const, maxRounds: 20, baggingFraction: 0.7, featureFraction: 0.6, seed: 4 };
    const a = trainGbdt(x, y, params).predictRaw(x);
    const b = trainGbdt(x, y, params).predictRaw(x);
    const c = trainGbdt(x, y, { ...params, seed: 5 }).predictRaw(x);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
  });

  it("stops at the deadline", () => {
    const big = matrix(["a", "b", "c", "d", "e"].map(num), randomColumns(20000, 5, 1));
    const yb = Float64Array.from({ length: 20000 }, (_, i) => big.columns[0][i] * 10 + big.columns[1][i]);
    const start = Date.now();
    const m = trainGbdt(big, yb, { objective: "regression", maxRounds: 100000, numLeaves: 63, minDataInLeaf: 1, deadlineMs: start + 300 });
    const elapsed = Date.now() - start;
    expect(m.numRounds).toBeGreaterThan(0);
    expect(m.numRounds).toBeLessThan(100000);
    expect(elapsed).toBeLessThan(1500); // binning + one round of slack
    const none = trainGbdt(big, yb, { objective: "regression", maxRounds: 10, deadlineMs: Date.now() - 1 });
    expect(none.numRounds).toBe(0);
    expect(none.predict(big)[0]).toBeCloseTo(yb.reduce((s, v) => s + v, 0) / 20000, 9);
  });

  it("stops early on a validation set and keeps the best round", () => {
    const noisy = Float64Array.from(y, (v, i) => (i % 4 === 0 ? 1 - v : v));
    const losses: number[] = [];
    // Train on rows 1000.., validate on rows 0..999 (held out).
    const valid = {
      x: matrix(
        x.features,
        cols.map((c) => c.slice(0, 1000)),
      ),
      y: noisy.slice(0, 1000),
    };
    const xt = matrix(
      x.features,
      cols.map((c) => c.slice(1000)),
    );
    const m = trainGbdt(
      xt,
      noisy.slice(1000),
      { objective: "binary", maxRounds: 500, learningRate: 0.3, numLeaves: 63, minDataInLeaf: 2, earlyStoppingRounds: 10, onRound: (_r, l) => losses.push(l!) },
      { valid },
    );
    expect(losses.length).toBeLessThan(500);
    const best = losses.indexOf(Math.min(...losses));
    expect(m.numRounds).toBe(best + 1);
    expect(losses.length).toBe(best + 1 + 10);
  });

  it("uses sample weights", () => {
    // Two identical feature values with conflicting labels: the weights decide the leaf value.
    const xw = matrix([num("x")], [[0, 0, 0, 0]]);
    const yw = Float64Array.from([0, 0, 1, 1]);
    const m = trainGbdt(xw, yw, { objective: "binary", maxRounds: 0 }, { weights: Float64Array.from([1, 1, 3, 3]) });
    expect(m.predict(xw)[0]).toBeCloseTo(0.75, 9);
  });

  it("serializes to JSON and back with identical predictions", () => {
    const cat = Float64Array.from({ length: n }, (_, i) => (i * 7) % 13);
    const xc = matrix([...x.features, { name: "k", kind: "categorical", categories: 13 }], [...cols, cat]);
    const yc = Float64Array.from({ length: n }, (_, i) => (cat[i] % 3 === 0 ? 2 : y[i]));
    const m = trainGbdt(xc, yc, { objective: "multiclass", numClasses: 3, maxRounds: 10 });
    const back = TreeEnsemble.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
    expect(Array.from(back.predict(xc))).toEqual(Array.from(m.predict(xc)));
    expect(back.numRounds).toBe(10);
    expect(Array.from(back.featureImportance())).toEqual(Array.from(m.featureImportance()));
  });

  it("reuses a fitted BinMapper", () => {
    const mapper = BinMapper.fit(x, 255, 0);
    const a = trainGbdt(x, y, { objective: "binary", maxRounds: 5 }, { binMapper: mapper });
    const b = trainGbdt(x, y, { objective: "binary", maxRounds: 5 });
    expect(Array.from(a.predictRaw(x))).toEqual(Array.from(b.predictRaw(x)));
  });
});

describe("degenerate inputs", () => {
  it("handles a constant feature and an all-missing feature", () => {
    const x = matrix([num("const"), num("missing"), num("x")], [Array(50).fill(7), Array(50).fill(NaN), Array.from({ length: 50 }, (_, i) => i)]);
    const y = Float64Array.from({ length: 50 }, (_, i) => (i < 25 ? 0 : 1));
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 10, minDataInLeaf: 5 });
    const imp = m.featureImportance();
    expect(imp[0]).toBe(0);
    expect(imp[1]).toBe(0);
    expect(imp[2]).toBeGreaterThan(0);
    expect(m.predict(x)[0]).toBeLessThan(0.5);
    expect(m.predict(x)[49]).toBeGreaterThan(0.5);
  });

  it("trains on a single row and on a single class", () => {
    const one = trainGbdt(matrix([num("x")], [[3]]), Float64Array.from([4.5]), { objective: "regression", maxRounds: 5 });
    expect(one.predict(matrix([num("x")], [[100]]))[0]).toBeCloseTo(4.5, 12);
    const single = trainGbdt(matrix([num("x")], [[1, 2, 3]]), Float64Array.from([1, 1, 1]), { objective: "binary", maxRounds: 5 });
    expect(single.predict(matrix([num("x")], [[2]]))[0]).toBeGreaterThan(0.99);
  });

  it("rejects bad shapes and labels with clear messages", () => {
    const x = matrix([num("x")], [[1, 2, 3]]);
    expect(() => trainGbdt(x, Float64Array.from([0, 1]), { objective: "binary" })).toThrow(/y has length 2, expected rowCount 3/);
    expect(() => trainGbdt(x, Float64Array.from([0, 1, 2]), { objective: "binary" })).toThrow(/class label at row 2 is 2/);
    expect(() => trainGbdt(x, Float64Array.from([0, 1, 2]), { objective: "multiclass" })).toThrow(/numClasses/);
    expect(() => trainGbdt(x, Float64Array.from([0, 1, 1]), { objective: "binary" }, { weights: new Float64Array(2) })).toThrow(
      /weights have length 2, expected 3/,
    );
    const m = trainGbdt(x, Float64Array.from([0, 1, 1]), { objective: "binary", maxRounds: 1, minDataInLeaf: 1 });
    expect(() => m.predict(matrix([num("a"), num("b")], [[1], [2]]))).toThrow(/expects 1 features, got 2/);
  });
});

describe("histogram pool", () => {
  it("grows the same tree when histograms must be evicted and rebuilt", () => {
    const n = 600;
    const cols = randomColumns(n, 4, 8);
    const x = matrix(["a", "b", "c", "d"].map(num), cols);
    const mapper = BinMapper.fit(x, 32);
    const bins = mapper.transform(x).bins;
    const grad = Float64Array.from({ length: n }, (_, i) => Math.sin(cols[0][i] * 9) + cols[1][i] - 0.5);
    const hess = new Float64Array(n).fill(1);
    const base: GrowerConfig = {
      numLeaves: 24,
      maxDepth: -1,
      minDataInLeaf: 5,
      minSumHessian: 0,
      lambdaL2: 1,
      lambdaL1: 0,
      minGainToSplit: 0,
      catSmooth: 10,
      catL2: 10,
      maxCatThreshold: 32,
      minDataPerGroup: 1,
      maxCatToOnehot: 4,
      leafMode: "newton",
      learningRate: 1,
      nodeFeatureFraction: 1,
      extraTrees: false,
      order: "best",
      exactCounts: false,
    };
    const grow = (cfg: GrowerConfig) => {
      const t = new TreeGrower(layoutOf(mapper), bins, n, 1, cfg).grow(
        Int32Array.from({ length: n }, (_, i) => i),
        n,
        grad,
        hess,
        null,
        new Uint8Array(4).fill(1),
        new Rng(1),
      );
      return {
        nodes: t.numNodes,
        feature: Array.from(t.feature.subarray(0, t.numNodes)),
        bin: Array.from(t.binThreshold.subarray(0, t.numNodes)),
        values: Array.from(t.leafValues.subarray(0, t.numLeaves)),
      };
    };
    const full = grow(base);
    const tight = grow({ ...base, maxHistogramSlots: 4 });
    expect(full.nodes).toBe(2 * 24 - 1);
    expect(tight.feature).toEqual(full.feature);
    expect(tight.bin).toEqual(full.bin);
    tight.values.forEach((v, i) => expect(v).toBeCloseTo(full.values[i], 9));
  });
});

describe("prediction kernel", () => {
  it("agrees with node-by-node traversal for missing, unseen, negative and fractional categories", () => {
    const n = 400;
    const cat = Float64Array.from({ length: n }, (_, i) => (i % 11 === 0 ? NaN : i % 9));
    const xs = Float64Array.from({ length: n }, (_, i) => (i % 13 === 0 ? NaN : (i * 37) % 101));
    const y = Float64Array.from({ length: n }, (_, i) => (cat[i] % 3 === 0 || Number.isNaN(cat[i]) ? 1 : 0) ^ (xs[i] > 50 ? 1 : 0));
    const x = matrix([{ name: "c", kind: "categorical", categories: 9 }, num("x")], [cat, xs]);
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 15, numLeaves: 6, minDataInLeaf: 3, minDataPerGroup: 1 });
    const probe = matrix(x.features, [
      [NaN, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100, -1, 1.5, 3],
      [10, 20, 30, 40, 50, 60, 70, 80, 90, NaN, 5, 55, 45, 65, NaN],
    ]);
    const raw = m.predictRaw(probe);
    for (let r = 0; r < probe.rowCount; r++) {
      let s = m.baseScore[0];
      for (let t = 0; t < m.numTrees; t++) s += m.leafValues[m.nodeLeft[m.findLeaf(probe.columns, r, t)]];
      expect(raw[r]).toBeCloseTo(s, 12);
    }
  });
});

describe("wide data", () => {
  it("handles more than 65535 histogram bins in total", () => {
    const n = 300;
    const F = 280;
    const cols = randomColumns(n, F, 31);
    const x = matrix(
      Array.from({ length: F }, (_, f) => num(`f${f}`)),
      cols,
    );
    const y = Float64Array.from({ length: n }, (_, i) => (cols[F - 1][i] > 0.5 ? 10 : 0));
    const m = trainGbdt(x, y, { objective: "regression", maxRounds: 1, numLeaves: 2, learningRate: 1, minDataInLeaf: 5 });
    expect(BinMapper.fit(x).numBins.reduce((a, b) => a + b, 0)).toBeGreaterThan(65535);
    expect(m.nodeFeature[0]).toBe(F - 1);
    expect(m.nodeThreshold[0]).toBeGreaterThan(0.45);
    expect(m.nodeThreshold[0]).toBeLessThan(0.55);
  });
});
