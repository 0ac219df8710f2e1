import { describe, expect, it } from "vitest";
import { trainForest } from "./forest";
import { Rng } from "./random";
import { TreeEnsemble } from "./tree";
import type { FeatureMatrix, FeatureSpec } from "./types";

const num = (name: string): FeatureSpec => ({ name, kind: "numeric" });

function data(n: number, seed: number): FeatureMatrix {
  const rng = new Rng(seed);
  return {
    rowCount: n,
    features: [num("a"), num("b"), num("c")],
    columns: Array.from({ length: 3 }, () => Float64Array.from({ length: n }, () => rng.next())),
  };
}

describe("random forest and extra trees", () => {
  const x = data(1500, 1);
  const test = data(400, 2);
  const label = (m: FeatureMatrix, i: number) => (m.columns[0][i] + m.columns[1][i] > 1 ? 1 : 0);
  const y = Float64Array.from({ length: 1500 }, (_, i) => label(x, i));

  for (const extraTrees of [false, true]) {
    it(`${extraTrees ? "extra trees" : "random forest"}: binary probabilities in [0, 1] and accurate`, () => {
      const m = trainForest(x, y, { objective: "binary", numTrees: 30, extraTrees, seed: 3 });
      expect(m.algorithm).toBe(extraTrees ? "extra_trees" : "random_forest");
      const p = m.predict(test);
      let correct = 0;
      for (let i = 0; i < 400; i++) {
        expect(p[i]).toBeGreaterThanOrEqual(0);
        expect(p[i]).toBeLessThanOrEqual(1);
        correct += (p[i] > 0.5 ? 1 : 0) === label(test, i) ? 1 : 0;
      }
      expect(correct / 400).toBeGreaterThan(0.93);
    });
  }

  it("fully grown single tree without bootstrap reproduces the training labels", () => {
    const m = trainForest(x, y, { objective: "binary", numTrees: 1, bootstrap: false, maxFeatures: 1 });
    expect(Array.from(m.predict(x))).toEqual(Array.from(y));
  });

  it("multiclass: leaf vectors are class frequencies that sum to 1", () => {
    const yk = Float64Array.from({ length: 1500 }, (_, i) => Math.min(2, Math.floor(x.columns[2][i] * 3)));
    const m = trainForest(x, yk, { objective: "multiclass", numClasses: 3, numTrees: 20, minDataInLeaf: 5, seed: 1 });
    const p = m.predict(test);
    let correct = 0;
    for (let i = 0; i < 400; i++) {
      expect(p[3 * i] + p[3 * i + 1] + p[3 * i + 2]).toBeCloseTo(1, 12);
      let best = 0;
      for (let k = 1; k < 3; k++) if (p[3 * i + k] > p[3 * i + best]) best = k;
      correct += best === Math.min(2, Math.floor(test.columns[2][i] * 3)) ? 1 : 0;
    }
    expect(correct / 400).toBeGreaterThan(0.9);
  });

  it("regression with leaf limits and depth limits", () => {
    const yr = Float64Array.from({ length: 1500 }, (_, i) => 5 * x.columns[0][i]);
    const m = trainForest(x, yr, { objective: "regression", numTrees: 10, numLeaves: 8, seed: 2 });
    for (let t = 0; t < m.numTrees; t++) {
      let leaves = 0;
      const end = t + 1 < m.numTrees ? m.treeRoot[t + 1] : m.nodeFeature.length;
      for (let nd = m.treeRoot[t]; nd < end; nd++) if (m.nodeFeature[nd] < 0) leaves++;
      expect(leaves).toBeLessThanOrEqual(8);
    }
    const shallow = trainForest(x, yr, { objective: "regression", numTrees: 3, maxDepth: 2, seed: 2 });
    expect(shallow.nodeFeature.length).toBeLessThanOrEqual(3 * 7);
    const p = m.predict(test);
    let se = 0;
    for (let i = 0; i < 400; i++) se += (p[i] - 5 * test.columns[0][i]) ** 2;
    expect(Math.sqrt(se / 400)).toBeLessThan(0.5);
  });

  it("is deterministic for a seed, respects the deadline, and round-trips through JSON", () => {
    const a = trainForest(x, y, { objective: "binary", numTrees: 5, seed: 9 });
    const b = trainForest(x, y, { objective: "binary", numTrees: 5, seed: 9 });
    expect(Array.from(a.predictRaw(test))).toEqual(Array.from(b.predictRaw(test)));
    const back = TreeEnsemble.fromJSON(JSON.parse(JSON.stringify(a.toJSON())));
    expect(Array.from(back.predict(test))).toEqual(Array.from(a.predict(test)));
    const start = Date.now();
    const c = trainForest(x, y, { objective: "binary", numTrees: 100000, deadlineMs: start + 200 });
    expect(Date.now() - start).toBeLessThan(1500);
    expect(c.numTrees).toBeGreaterThan(0);
    expect(c.numTrees).toBeLessThan(100000);
    // Averaging uses the number of trees actually grown: probabilities stay in [0, 1].
    const p = c.predict(test);
    for (let i = 0; i < 400; i++) expect(p[i]).toBeLessThanOrEqual(1 + 1e-12);
  });
});
