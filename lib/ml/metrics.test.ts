import { describe, expect, it } from "vitest";
import {
  argmaxRows,
  computeAccuracy,
  computeAuc,
  computeClassCounts,
  computeConfusion,
  computeLogLoss,
  computeMacroAuc,
  computeMae,
  computeR2,
  computeRmse,
} from "./metrics";

describe("metrics", () => {
  it("AUC counts pairs, ties count half", () => {
    // Positives 0.8, 0.4; negatives 0.4, 0.1. Pairs: (0.8>0.4) 1, (0.8>0.1) 1, (0.4=0.4) 0.5, (0.4>0.1) 1 => 3.5/4.
    expect(computeAuc([1, 1, 0, 0], [0.8, 0.4, 0.4, 0.1])).toBeCloseTo(0.875, 12);
    expect(computeAuc([1, 0], [0.9, 0.1])).toBe(1);
    expect(computeAuc([1, 0], [0.1, 0.9])).toBe(0);
    expect(computeAuc([1, 1], [0.1, 0.9])).toBeNaN();
  });

  it("macro AUC averages one-vs-rest AUCs", () => {
    // 3 classes, perfectly ranked for each class.
    const probs = Float64Array.from([0.8, 0.1, 0.1, 0.1, 0.8, 0.1, 0.1, 0.1, 0.8]);
    expect(computeMacroAuc([0, 1, 2], probs, 3)).toBe(1);
  });

  it("precision, recall and F1 from a confusion matrix", () => {
    const labels = [0, 0, 0, 1, 1, 2];
    const pred = [0, 1, 0, 1, 0, 2];
    const m = computeConfusion(labels, pred, 3);
    expect(Array.from(m)).toEqual([2, 1, 0, 1, 1, 0, 0, 0, 1]);
    const c0 = computeClassCounts(m, 3, 0);
    expect(c0).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 1 });
    expect(c0.precision).toBeCloseTo(2 / 3, 12);
    expect(c0.recall).toBeCloseTo(2 / 3, 12);
    expect(c0.f1).toBeCloseTo(2 / 3, 12);
    const c1 = computeClassCounts(m, 3, 1);
    expect(c1.precision).toBeCloseTo(0.5, 12);
    expect(c1.recall).toBeCloseTo(0.5, 12);
    expect(computeAccuracy(labels, pred)).toBeCloseTo(4 / 6, 12);
  });

  it("regression metrics", () => {
    const y = [1, 2, 3, 4];
    const p = [1, 2, 3, 6];
    expect(computeRmse(y, p)).toBeCloseTo(1, 12); // sqrt(4/4)
    expect(computeMae(y, p)).toBeCloseTo(0.5, 12);
    // mean 2.5, SStot = 5, SSres = 4 => R2 = 0.2
    expect(computeR2(y, p)).toBeCloseTo(0.2, 12);
    expect(computeR2(y, y)).toBe(1);
  });

  it("log loss and argmax", () => {
    expect(computeLogLoss([1, 0], [0.5, 0.5], 2)).toBeCloseTo(Math.log(2), 12);
    expect(computeLogLoss([2], Float64Array.from([0.25, 0.25, 0.5]), 3)).toBeCloseTo(Math.log(2), 12);
    expect(Array.from(argmaxRows(Float64Array.from([0.7, 0.2]), 2, 2))).toEqual([1, 0]);
    expect(Array.from(argmaxRows(Float64Array.from([0.1, 0.6, 0.3]), 1, 3))).toEqual([1]);
  });
});
