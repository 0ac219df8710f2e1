import { describe, expect, it } from "vitest";
import { trainForest, trainGbdt } from "./core";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import { fromMargins, MarginLoss, pruneEnsemble, selectEnsemble, toMargins } from "./ensemble";
import type { TaskSpec } from "./evaluate";
import { EnsembleLearner, LinearLearner, learnerFromJson, TreeLearner } from "./learner";
import { trainLinear } from "./linear";
import { computeAuc } from "./metrics";

const binary: TaskSpec = { objective: "binary", numClasses: 2, seed: 1 };

describe("MarginLoss", () => {
  it("computes the same AUC as computeAuc, ties included", () => {
    const rng = new Rng(3);
    for (const n of [2, 17, 500]) {
      const y = Float64Array.from({ length: n }, (_, i) => (i === 0 ? 1 : i === 1 ? 0 : rng.next() < 0.3 ? 1 : 0));
      // Few distinct scores: many ties.
      const s = Float64Array.from({ length: n }, () => Math.round(rng.next() * 8) / 2 - 2);
      expect(new MarginLoss(binary, y).auc(s)).toBeCloseTo(computeAuc(y, s), 12);
    }
  });

  it("turns probabilities into margins and back", () => {
    const p = Float64Array.from([0.1, 0.5, 0.9, 0, 1]);
    const back = fromMargins(binary, toMargins(binary, p));
    for (let i = 0; i < 3; i++) expect(back[i]).toBeCloseTo(p[i], 12);
    expect(Number.isFinite(toMargins(binary, p)[3])).toBe(true);
    const multi: TaskSpec = { objective: "multiclass", numClasses: 3, seed: 1 };
    const q = Float64Array.from([0.2, 0.3, 0.5, 0.6, 0.3, 0.1]);
    const back3 = fromMargins(multi, toMargins(multi, q));
    for (let i = 0; i < 6; i++) expect(back3[i]).toBeCloseTo(q[i], 12);
  });
});

describe("selectEnsemble", () => {
  // Two noisy views of the same signal with independent noise: their average beats either alone;
  // a third candidate is pure noise and must not be chosen.
  const n = 3000;
  const rng = new Rng(5);
  const signal = Float64Array.from({ length: n }, () => rng.next() * 4 - 2);
  const y = Float64Array.from(signal, (s) => (rng.next() < 1 / (1 + Math.exp(-2 * s)) ? 1 : 0));
  const a = Float64Array.from(signal, (s) => s + (rng.next() - 0.5) * 3);
  const b = Float64Array.from(signal, (s) => s + (rng.next() - 0.5) * 3);
  const noise = Float64Array.from(signal, () => rng.next() * 4 - 2);

  it("combines complementary candidates, ignores useless ones, weights sum to 1", () => {
    const r = selectEnsemble(binary, y, [a, noise, b]);
    expect(r.weights[1]).toBe(0);
    expect(r.weights[0]).toBeGreaterThan(0.25);
    expect(r.weights[2]).toBeGreaterThan(0.25);
    expect(r.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
    expect(r.loss).toBeLessThan(r.bestSingleLoss - 0.005);
  });

  it("gives a useless candidate little or no weight, and is deterministic", () => {
    const r = selectEnsemble(binary, y, [a, noise]);
    // Validation noise can make a sliver of anything look useful; never more than a sliver.
    expect(r.weights[1]).toBeLessThan(0.1);
    expect(r.loss).toBeLessThanOrEqual(r.bestSingleLoss);
    expect(selectEnsemble(binary, y, [a, a])).toMatchObject({ weights: [1, 0] });
    expect(selectEnsemble(binary, y, [a, noise, b])).toEqual(selectEnsemble(binary, y, [a, noise, b]));
  });

  it("prunes members within the noise, keeps a serving budget, and never ends worse than the best single member that fits", () => {
    const sel = selectEnsemble(binary, y, [a, noise, b]);
    // Tolerance 0: only members that do not help at all go; b and a help each other.
    const kept = pruneEnsemble(binary, y, [a, noise, b], sel.weights, [1, 1, 1], 0);
    expect(kept.weights[1]).toBe(0);
    expect(kept.weights[0]).toBeGreaterThan(0);
    expect(kept.weights[2]).toBeGreaterThan(0);
    // A huge tolerance: a single member is enough.
    const one = pruneEnsemble(binary, y, [a, noise, b], sel.weights, [1, 1, 1], 1);
    expect(one.weights.filter((w) => w > 0)).toHaveLength(1);
    // Budget for one member only: a and b cost 10 each, the budget 12.
    const budget = pruneEnsemble(binary, y, [a, noise, b], sel.weights, [10, 1, 10], 0, 12);
    expect(budget.weights[0] === 0 || budget.weights[2] === 0).toBe(true);
    expect(budget.loss).toBeLessThanOrEqual(Math.min(new MarginLoss(binary, y).loss(a), new MarginLoss(binary, y).loss(b)) + 1e-12);
  });

  it("minimises RMSE for regression", () => {
    const task: TaskSpec = { objective: "regression", numClasses: 1, seed: 1 };
    const target = Float64Array.from(signal, (s) => 3 * s);
    const under = Float64Array.from(target, (v) => v * 0.5);
    const over = Float64Array.from(target, (v) => v * 1.5);
    const r = selectEnsemble(task, target, [under, over]);
    expect(r.weights[0]).toBeCloseTo(0.5, 1);
    expect(r.loss).toBeLessThan(1e-9);
  });
});

describe("EnsembleLearner", () => {
  const n = 800;
  const rng = new Rng(8);
  const x: FeatureMatrix = {
    rowCount: n,
    features: [
      { name: "a", kind: "numeric" },
      { name: "b", kind: "numeric" },
      { name: "c", kind: "categorical", categories: 4 },
    ],
    columns: [
      Float64Array.from({ length: n }, () => (rng.next() < 0.05 ? NaN : rng.next() * 2 - 1)),
      Float64Array.from({ length: n }, () => rng.next()),
      Float64Array.from({ length: n }, () => rng.nextInt(4)),
    ],
  };
  const y = Float64Array.from({ length: n }, (_, i) =>
    (x.columns[0][i] || 0) + x.columns[1][i] * 0.5 + (x.columns[2][i] === 2 ? 0.7 : 0) + rng.next() - 0.9 > 0 ? 1 : 0,
  );
  const gbdt = new TreeLearner(trainGbdt(x, y, { objective: "binary", maxRounds: 20, numLeaves: 8 }));
  const forest = new TreeLearner(trainForest(x, y, { objective: "binary", numTrees: 10, logitLeaves: true, seed: 2, minDataInLeaf: 5 }));
  const linear = new LinearLearner(trainLinear(x, y, { objective: "binary", lambda: 1e-2 }));
  const members = [
    { weight: 0.5, learner: gbdt },
    { weight: 0.3, learner: forest },
    { weight: 0.2, learner: linear },
  ];
  const ensemble = EnsembleLearner.fromMembers(members);

  it("predicts the link of the weighted average of the members' log-odds", () => {
    const p = ensemble.predict(x);
    const margins = members.map((m) => toMargins(binary, m.learner.predict(x)));
    for (let i = 0; i < n; i += 37) {
      const m = 0.5 * margins[0][i] + 0.3 * margins[1][i] + 0.2 * margins[2][i];
      expect(p[i]).toBeCloseTo(1 / (1 + Math.exp(-m)), 10);
    }
  });

  it("has contributions equal to the weighted sums of the members', summing to its log-odds", () => {
    const rows = Int32Array.from([0, 5, 99, 400]);
    const out = new Int32Array(rows.length);
    const c = ensemble.contributions(x, rows, out);
    const parts = members.map((m) => m.learner.contributions(x, rows, out));
    for (let i = 0; i < c.length; i++) expect(c[i]).toBeCloseTo(0.5 * parts[0][i] + 0.3 * parts[1][i] + 0.2 * parts[2][i], 10);
    // Margin = constant + sum of contributions: differences between rows match.
    const margin = toMargins(binary, ensemble.predict(x));
    const sumOf = (i: number): number => c[i * 3] + c[i * 3 + 1] + c[i * 3 + 2];
    for (let i = 1; i < rows.length; i++) expect(margin[rows[i]] - margin[rows[0]]).toBeCloseTo(sumOf(i) - sumOf(0), 8);
  });

  it("round-trips through JSON and rejects probability forests", () => {
    const back = learnerFromJson(JSON.parse(JSON.stringify(ensemble.toJSON())));
    expect(Array.from(back.predict(x))).toEqual(Array.from(ensemble.predict(x)));
    const probabilityForest = new TreeLearner(trainForest(x, y, { objective: "binary", numTrees: 3, seed: 2 }));
    expect(() => EnsembleLearner.fromMembers([{ weight: 1, learner: probabilityForest }])).toThrow(/margins/);
  });
});
