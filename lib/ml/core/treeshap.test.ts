import { describe, expect, it } from "vitest";
import { trainForest } from "./forest";
import { trainGbdt } from "./gbdt";
import { Rng } from "./random";
import { TreeEnsemble, type RawTree } from "./tree";
import type { FeatureMatrix, FeatureSpec } from "./types";

const num = (name: string): FeatureSpec => ({ name, kind: "numeric" });

function data(n: number, seed: number): { x: FeatureMatrix; cols: Float64Array[] } {
  const rng = new Rng(seed);
  const cols = Array.from({ length: 4 }, () => Float64Array.from({ length: n }, () => rng.next()));
  // Some missing values and a categorical column.
  for (let i = 0; i < n; i += 9) cols[1][i] = NaN;
  cols[3] = Float64Array.from({ length: n }, (_, i) => (i * 5) % 6);
  return { x: { rowCount: n, features: [num("a"), num("b"), num("c"), { name: "k", kind: "categorical", categories: 6 }], columns: cols }, cols };
}

/** Sum of contributions + expected value must equal the raw prediction, row by row and output by output. */
function expectAdditive(m: TreeEnsemble, x: FeatureMatrix, rows: number[]): void {
  const { values, expected } = m.shap(x, rows);
  const raw = m.predictRaw(x);
  const K = m.outputs;
  const F = x.features.length;
  rows.forEach((r, i) => {
    for (let k = 0; k < K; k++) {
      let s = expected[k];
      for (let f = 0; f < F; f++) s += values[(i * K + k) * F + f];
      expect(s).toBeCloseTo(raw[r * K + k], 9);
    }
  });
}

describe("TreeSHAP", () => {
  it("matches a hand-computed 2-feature example", () => {
    // Root: x0 <= 0.5 (cover 100). Left (cover 40): x1 <= 0.5 -> leaf 2 (cover 10) / leaf 4 (cover 30).
    // Right: leaf 10 (cover 60). For x = (0, 1): f = 4, E[f] = 0.4 * 3.5 + 0.6 * 10 = 7.4.
    // v({x0}) = 3.5, v({x1}) = 0.4 * 4 + 0.6 * 10 = 7.6, so phi0 = ((3.5 - 7.4) + (4 - 7.6)) / 2 = -3.75
    // and phi1 = ((7.6 - 7.4) + (4 - 3.5)) / 2 = 0.35.
    const tree: RawTree = {
      output: 0,
      feature: Int32Array.from([0, 1, -1, -1, -1]),
      threshold: Float64Array.from([0.5, 0.5, 0, 0, 0]),
      flags: new Uint8Array(5),
      left: Int32Array.from([1, 3, 2, 0, 1]),
      right: Int32Array.from([2, 4, -1, -1, -1]),
      catBits: [null, null, null, null, null],
      catSize: new Int32Array(5),
      cover: Float64Array.from([100, 40, 60, 10, 30]),
      gain: new Float64Array(5),
      leafValues: Float64Array.from([2, 4, 10]),
    };
    const m = TreeEnsemble.fromTrees(
      {
        objective: "regression",
        numClasses: 1,
        link: "identity",
        features: [num("x0"), num("x1")],
        baseScore: new Float64Array(1),
        numRounds: 1,
        algorithm: "test",
      },
      [tree],
    );
    const x: FeatureMatrix = { rowCount: 1, features: m.features, columns: [Float64Array.from([0]), Float64Array.from([1])] };
    expect(m.predictRaw(x)[0]).toBe(4);
    const { values, expected } = m.shap(x);
    expect(expected[0]).toBeCloseTo(7.4, 12);
    expect(values[0]).toBeCloseTo(-3.75, 12);
    expect(values[1]).toBeCloseTo(0.35, 12);
  });

  it("is additive for binary boosting (log-odds), including missing and categorical values", () => {
    const { x, cols } = data(600, 1);
    const y = Float64Array.from({ length: 600 }, (_, i) => (cols[0][i] > 0.5 ? 1 : 0) ^ (cols[3][i] === 2 ? 1 : 0));
    const m = trainGbdt(x, y, { objective: "binary", maxRounds: 20, numLeaves: 8, minDataInLeaf: 5 });
    expectAdditive(m, x, [0, 9, 17, 300, 599]);
  });

  it("is additive for multiclass boosting (per-class margins)", () => {
    const { x, cols } = data(600, 2);
    const y = Float64Array.from({ length: 600 }, (_, i) => Math.min(2, Math.floor(cols[0][i] * 3)));
    const m = trainGbdt(x, y, { objective: "multiclass", numClasses: 3, maxRounds: 10, numLeaves: 6 });
    expectAdditive(m, x, [1, 2, 3, 450]);
  });

  it("is additive for forests with per-class leaf vectors and for regression", () => {
    const { x, cols } = data(300, 3);
    const y = Float64Array.from({ length: 300 }, (_, i) => Math.min(2, Math.floor(cols[2][i] * 3)));
    const rf = trainForest(x, y, { objective: "multiclass", numClasses: 3, numTrees: 5, maxDepth: 6, seed: 1 });
    expectAdditive(rf, x, [0, 5, 99]);
    const yr = Float64Array.from({ length: 300 }, (_, i) => cols[0][i] * 4 + (Number.isNaN(cols[1][i]) ? 2 : 0));
    const et = trainForest(x, yr, { objective: "regression", numTrees: 5, extraTrees: true, minDataInLeaf: 3, seed: 2 });
    expectAdditive(et, x, [0, 9, 18, 200]);
  });

  it("gives irrelevant features zero contributions", () => {
    const { x, cols } = data(400, 4);
    const y = Float64Array.from({ length: 400 }, (_, i) => cols[0][i] * 10);
    const m = trainGbdt(x, y, { objective: "regression", maxRounds: 20, numLeaves: 4, featureFraction: 1 });
    const { values } = m.shap(x, [7]);
    const imp = m.featureImportance();
    for (let f = 0; f < 4; f++) if (imp[f] === 0) expect(values[f]).toBe(0);
    expect(Math.abs(values[0])).toBeGreaterThan(0);
  });

  it("rejects rows out of range", () => {
    const { x, cols } = data(50, 5);
    const m = trainGbdt(x, cols[0], { objective: "regression", maxRounds: 2, minDataInLeaf: 1 });
    expect(() => m.shap(x, [50])).toThrow(/row 50 out of range 0..49/);
  });
});

describe("TreeSHAP for one output per row", () => {
  it("equals the full computation for the requested output", () => {
    const { x, cols } = data(300, 6);
    const y = Float64Array.from({ length: 300 }, (_, i) => Math.min(2, Math.floor(cols[0][i] * 3)));
    const m = trainGbdt(x, y, { objective: "multiclass", numClasses: 3, maxRounds: 5, numLeaves: 4 });
    const rows = [3, 4, 5];
    const want = [2, 0, 1];
    const full = m.shap(x, rows);
    const part = m.shap(x, rows, want);
    const F = 4;
    rows.forEach((_, i) => {
      for (let f = 0; f < F; f++) expect(part.values[(i * 3 + want[i]) * F + f]).toBeCloseTo(full.values[(i * 3 + want[i]) * F + f], 12);
    });
    expect(() => m.shap(x, rows, [1])).toThrow(/length 1, expected 3/);
  });
});
