import { describe, expect, it } from "vitest";
import { countsAtThreshold, thresholdCounts } from "../ml/insights";
import { Rng } from "../ml/core/random";
import { bestF1Step, buildThresholdTable, expectedCounts, metricsAt, stepOf } from "./threshold-math";

describe("threshold control arithmetic", () => {
  const rng = new Rng(2);
  const labels = Array.from({ length: 500 }, () => (rng.next() < 0.3 ? 1 : 0));
  const scores = labels.map((l) => Math.min(1, Math.max(0, l * 0.35 + rng.next() * 0.65)));
  const counts = thresholdCounts("yes", labels, scores);
  const table = buildThresholdTable(counts);

  it("agrees with the counts the engine computes, at every step", () => {
    for (let j = 1; j < 1000; j += 13) {
      const m = metricsAt(table, j);
      expect({ tp: m.tp, fp: m.fp, fn: m.fn, tn: m.tn }).toEqual(countsAtThreshold(counts, j));
    }
  });

  it("maps thresholds to steps without floating-point slips", () => {
    expect(stepOf(table, 0.3)).toBe(300);
    expect(stepOf(table, 0.015)).toBe(15);
    expect(stepOf(table, 0.57)).toBe(570);
    expect(stepOf(table, 0.12345)).toBe(123);
    expect(stepOf(table, 0)).toBe(1);
    expect(stepOf(table, 1)).toBe(999);
  });

  it("computes precision, recall and F1 by hand on a tiny table", () => {
    // Scores: yes 0.9, yes 0.6, no 0.7, no 0.2; at 0.5: tp 2, fp 1, fn 0, tn 1.
    const t = buildThresholdTable(thresholdCounts("yes", [1, 1, 0, 0], [0.9, 0.6, 0.7, 0.2]));
    const m = metricsAt(t, 500);
    expect(m).toMatchObject({ tp: 2, fp: 1, fn: 0, tn: 1, precision: 2 / 3, recall: 1, accuracy: 0.75, flagged: 0.75 });
    expect(m.f1).toBeCloseTo(0.8, 12);
    // At 0.8 only the 0.9 row is flagged: precision 1, recall 0.5, F1 2/3. The best F1 is 0.8, first reached at 0.2.
    expect(metricsAt(t, 800)).toMatchObject({ tp: 1, fp: 0, precision: 1, recall: 0.5 });
    expect(bestF1Step(t)).toBe(200);
    expect(expectedCounts(m, 1000)).toEqual({ flagged: 750, truePositives: 500, falsePositives: 250, missed: 0 });
    // Nothing flagged: precision is undefined, not 0.
    expect(metricsAt(t, 999).precision).toBeNull();
  });
});
