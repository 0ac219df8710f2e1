import { describe, expect, it } from "vitest";
import { countsAtThreshold, thresholdCounts } from "../ml/insights";
import { Rng } from "../ml/core/random";
import {
  batchThresholdNotes,
  bestF1Step,
  buildThresholdTable,
  expectedCounts,
  metricsAt,
  positiveClassIndex,
  positiveFirst,
  rowsToScore,
  savedThresholdNote,
  stepOf,
} from "./threshold-math";

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
    // Scaled counts are whole rows that add up, even where rounding each one alone would not.
    expect(expectedCounts(m, 1)).toEqual({ flagged: 1, truePositives: 1, falsePositives: 0, missed: 0 });
    // Nothing flagged: precision is undefined, not 0.
    expect(metricsAt(t, 999).precision).toBeNull();
  });

  it("scales the confusion cells to whole rows that add up (the telco walk: 265 = 258 + 6 before)", () => {
    // 364 true positives, 9 false alarms, 671 missed, 365 true negatives over 1,409 holdout rows:
    // rounded one by one per 1,000 rows they read 265 flagged = 258 + 6.
    const m = { ...metricsAt(table, 500), tp: 364, fp: 9, fn: 671, tn: 365 };
    for (const rows of [1, 7, 1000, 7043, 123_457]) {
      const e = expectedCounts(m, rows)!;
      expect(e.flagged).toBe(e.truePositives + e.falsePositives);
      expect(Number.isInteger(e.truePositives) && Number.isInteger(e.falsePositives) && Number.isInteger(e.missed)).toBe(true);
      expect(e.flagged + e.missed).toBeLessThanOrEqual(rows);
      expect(Math.abs(e.truePositives - (364 * rows) / 1409)).toBeLessThan(1);
      expect(Math.abs(e.falsePositives - (9 * rows) / 1409)).toBeLessThan(1);
    }
    // The flagged total is the flagged share rounded (26.5% of 1,000 = 265), split into 259 + 6.
    expect(expectedCounts(m, 1000)).toEqual({ flagged: 265, truePositives: 259, falsePositives: 6, missed: 476 });
    // 65 of 120 holdout rows flagged (54.2%): about 542 of 1,000, not 541 (the sum of cells rounded down).
    const half = { ...m, tp: 26, fp: 39, fn: 2, tn: 53 };
    expect(expectedCounts(half, 1000)?.flagged).toBe(542);
  });
});

describe("confusion matrix order", () => {
  it("puts the positive class first in rows and columns alike", () => {
    // Actual no: 934 right, 101 called yes; actual yes: 185 missed, 189 caught.
    const { classes, matrix } = positiveFirst(
      ["no", "yes"],
      [
        [934, 101],
        [185, 189],
      ],
      1,
    );
    expect(classes).toEqual(["yes", "no"]);
    expect(matrix).toEqual([
      [189, 185],
      [101, 934],
    ]);
  });

  it("keeps the other classes in their order and leaves the first class first alone", () => {
    const m = [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ];
    expect(positiveFirst(["a", "b", "c"], m, 2)).toEqual({
      classes: ["c", "a", "b"],
      matrix: [
        [9, 7, 8],
        [3, 1, 2],
        [6, 4, 5],
      ],
    });
    expect(positiveFirst(["a", "b", "c"], m, 0)).toEqual({ classes: ["a", "b", "c"], matrix: m });
  });

  it("takes the saved threshold's class as positive, else the second class", () => {
    expect(positiveClassIndex(["no", "yes"], undefined)).toBe(1);
    expect(positiveClassIndex(["no", "yes"], "no")).toBe(0);
    expect(positiveClassIndex(["no", "yes"], "maybe")).toBe(1);
    expect(positiveClassIndex(["a", "b", "c"], "b")).toBe(0);
  });
});

describe("rowsToScore", () => {
  it("reads the box's text as a whole number of rows, or null while it holds none", () => {
    expect(rowsToScore("5000")).toBe(5000);
    expect(rowsToScore(" 2,500 ")).toBe(2500);
    expect(rowsToScore("12.6")).toBe(13);
    expect(rowsToScore("1e15")).toBe(1e12);
    // Empty (cleared to type another number), zero, negative or not a number: no count yet.
    for (const text of ["", "  ", "0", "-3", "abc"]) expect(rowsToScore(text)).toBeNull();
  });
});

describe("savedThresholdNote", () => {
  const saved = { threshold: 0.4, positive_class: "Yes" };
  it("says why the less probable class is predicted under a saved threshold", () => {
    const probabilities = [
      { label: "No", value: 0.56 },
      { label: "Yes", value: 0.44 },
    ];
    expect(savedThresholdNote("Yes", probabilities, saved)).toBe(
      "Yes although No is more probable: the saved threshold predicts Yes when its probability is above 0.4 (here 44%).",
    );
  });
  it("names the rule when the class shown is also the more probable one", () => {
    const probabilities = [
      { label: "No", value: 0.8 },
      { label: "Yes", value: 0.2 },
    ];
    expect(savedThresholdNote("No", probabilities, saved)).toBe("The saved threshold predicts Yes when its probability is above 0.4 (here 20%).");
  });
  it("says nothing without a saved threshold, or one for a class the answer does not have", () => {
    const probabilities = [
      { label: "a", value: 0.7 },
      { label: "b", value: 0.3 },
    ];
    expect(savedThresholdNote("a", probabilities, undefined)).toBeNull();
    expect(savedThresholdNote("a", probabilities, saved)).toBeNull();
  });
});

describe("batchThresholdNotes", () => {
  const columns = ["Churn", "Probability Churn is No", "Probability Churn is Yes", "tenure"];
  it("says which saved threshold decided a predictions table's class", () => {
    expect(batchThresholdNotes({ Churn: { threshold: 0.35, positive_class: "Yes" } }, columns)).toEqual([
      "Churn is Yes when its probability is above 0.35 (the saved threshold), even where the other class is more probable.",
    ]);
  });
  it("says nothing without a saved threshold, or when the saved class is not among the results", () => {
    expect(batchThresholdNotes({}, columns)).toEqual([]);
    expect(batchThresholdNotes({ Churn: { threshold: 0.35, positive_class: "Maybe" } }, columns)).toEqual([]);
    expect(batchThresholdNotes({ Plan: { threshold: 0.35, positive_class: "Yes" } }, columns)).toEqual([]);
  });
});
