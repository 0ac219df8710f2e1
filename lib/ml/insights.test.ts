import { describe, expect, it } from "vitest";
import type { RawRow } from "../table/types";
import { Rng } from "./core/random";
import {
  computeInsights,
  countsAtThreshold,
  cumulativeGains,
  precisionRecall,
  rocPoints,
  scoreBucket,
  thinCurve,
  thresholdCounts,
  trapezoidArea,
  THRESHOLD_STEPS,
  type InsightsInput,
} from "./insights";
import { computeAuc } from "./metrics";
import { numberColumn, textColumn } from "./testing";

// Hand-checked: ranked 0.9 P, 0.8 P, 0.7 N, 0.6 P, 0.55 N, 0.3 N.
const LABELS = [1, 1, 0, 1, 0, 0];
const SCORES = [0.9, 0.8, 0.7, 0.6, 0.55, 0.3];

describe("classification curves on hand-checked fixtures", () => {
  it("ROC: the points and the AUC (8 of 9 positive-negative pairs ranked right)", () => {
    const roc = rocPoints(LABELS, SCORES)!;
    expect(roc.map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [0, 1 / 3],
      [0, 2 / 3],
      [1 / 3, 2 / 3],
      [1 / 3, 1],
      [2 / 3, 1],
      [1, 1],
    ]);
    expect(trapezoidArea(roc)).toBeCloseTo(8 / 9, 12);
    expect(trapezoidArea(roc)).toBeCloseTo(computeAuc(LABELS, SCORES), 12);
  });

  it("ROC with tied scores counts ties half, as computeAuc does", () => {
    const labels = [1, 0, 1, 0];
    const scores = [0.5, 0.5, 0.5, 0.1];
    expect(trapezoidArea(rocPoints(labels, scores)!)).toBeCloseTo(0.75, 12);
    const rng = new Rng(5);
    for (let trial = 0; trial < 20; trial++) {
      const n = 30 + rng.nextInt(200);
      const l = Array.from({ length: n }, () => (rng.next() < 0.3 ? 1 : 0));
      const s = Array.from({ length: n }, () => Math.round(rng.next() * 20) / 20); // many ties
      if (!l.includes(1) || !l.includes(0)) continue;
      expect(trapezoidArea(rocPoints(l, s)!)).toBeCloseTo(computeAuc(l, s), 10);
    }
  });

  it("precision-recall: points and average precision as scikit-learn computes it (11/12; 2/3 with ties)", () => {
    const pr = precisionRecall(LABELS, SCORES)!;
    expect(pr.averagePrecision).toBeCloseTo(11 / 12, 12);
    expect(pr.points.map((p) => [p.x, p.y])).toEqual([
      [0, 1],
      [1 / 3, 1],
      [2 / 3, 1],
      [2 / 3, 2 / 3],
      [1, 3 / 4],
      [1, 3 / 5],
      [1, 1 / 2],
    ]);
    expect(precisionRecall([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.1])!.averagePrecision).toBeCloseTo(2 / 3, 12);
    expect(precisionRecall([0, 0], [0.1, 0.2])).toBeNull();
  });

  it("cumulative gains: share of positives in the top rows; tied rows share their positives evenly", () => {
    expect(cumulativeGains(LABELS, SCORES, 6).map((p) => p.y)).toEqual([0, 0.333333, 0.666667, 0.666667, 1, 1, 1]);
    // One tied group of 3 rows holding 2 of the 2 positives: each row carries 2/3 of a positive.
    expect(cumulativeGains([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.1], 4).map((p) => p.y)).toEqual([0, 0.333333, 0.666667, 1, 1]);
    // Half a row counts half.
    expect(cumulativeGains([1, 0], [0.9, 0.1], 4).map((p) => p.y)).toEqual([0, 0.5, 1, 1, 1]);
  });

  it("thinning keeps both ends and the shape", () => {
    const points = Array.from({ length: 5001 }, (_, i) => ({ x: i / 5000, y: Math.sqrt(i / 5000) }));
    const thin = thinCurve(points, 200);
    expect(thin.length).toBeLessThanOrEqual(201);
    expect(thin[0]).toEqual(points[0]);
    expect(thin[thin.length - 1]).toEqual(points[points.length - 1]);
    expect(trapezoidArea(thin)).toBeCloseTo(2 / 3, 2);
  });
});

describe("counts by decision threshold", () => {
  it("puts a score on a bucket edge where the prediction rule (p > t) puts it", () => {
    expect(scoreBucket(0)).toBe(0);
    expect(scoreBucket(0.001)).toBe(0); // not above 0.001
    expect(scoreBucket(0.0010001)).toBe(1);
    expect(scoreBucket(0.3)).toBe(299); // 0.3 > 0.3 is false
    expect(scoreBucket(0.30000000000000004)).toBe(300);
    expect(scoreBucket(0.7)).toBe(699);
    expect(scoreBucket(1)).toBe(THRESHOLD_STEPS - 1);
  });

  it("gives exactly the confusion counts of `p > j/1000` for every j, including scores on the grid", () => {
    const rng = new Rng(11);
    const n = 3000;
    const labels = Array.from({ length: n }, () => (rng.next() < 0.35 ? 1 : 0));
    const scores = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? rng.nextInt(1001) / 1000 : rng.next()));
    const counts = thresholdCounts("yes", labels, scores);
    for (let j = 1; j < THRESHOLD_STEPS; j += 7) {
      const t = j / THRESHOLD_STEPS;
      const expected = { tp: 0, fp: 0, fn: 0, tn: 0 };
      for (let i = 0; i < n; i++) {
        const flagged = scores[i] > t;
        if (labels[i] === 1) flagged ? expected.tp++ : expected.fn++;
        else flagged ? expected.fp++ : expected.tn++;
      }
      expect(countsAtThreshold(counts, j)).toEqual(expected);
    }
  });
});

/** A table with a number x (1..n), a category c (a/b alternating), an id, and a target. */
function smallTable(n: number, target: (i: number) => number | string) {
  const x = Array.from({ length: n }, (_, i) => i + 1);
  const c = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "a" : "b"));
  const t = Array.from({ length: n }, (_, i) => target(i));
  const targetColumn = typeof t[0] === "number" ? numberColumn("y", t as number[]) : textColumn("y", t as string[]);
  return {
    rowCount: n,
    columns: [
      numberColumn("x", x),
      textColumn("c", c),
      textColumn(
        "id",
        x.map((v) => `r${v}`),
        "id",
      ),
      targetColumn,
    ],
  };
}

const linear = (rows: RawRow[]) => Float64Array.from(rows, (r) => 2 * Number(r.x) + (r.c === "a" ? 1 : 0));

function regressionInput(n: number): InsightsInput {
  const table = smallTable(n, (i) => 2 * (i + 1) + (i % 2 === 0 ? 1 : 0) + (i % 5 === 0 ? 3 : 0));
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const targetColumn = table.columns[3] as { values: Float64Array };
  const rawRows = Array.from(all, (r) => ({ x: r + 1, c: r % 2 === 0 ? "a" : "b" }));
  return {
    task: "regression",
    field: "y",
    classes: [],
    table,
    inputFields: ["x", "c", "id"],
    importance: [0.7, 0.3, 0],
    skipped: [{ field: "id", reason: "identifier" }],
    holdoutRows: all,
    y: Float64Array.from(all, (r) => targetColumn.values[r]),
    predictions: linear(rawRows),
    dataRows: all,
    target: targetColumn.values,
    predict: linear,
    explain: (rows) => Float64Array.from(rows.flatMap((r) => [2 * Number(r.x) - 11, r.c === "a" ? 0.5 : -0.5, 0])),
    seed: 1,
  };
}

describe("computeInsights: regression", () => {
  const insights = computeInsights(regressionInput(10));

  it("partial dependence is the average prediction with the field set to each grid value", () => {
    const [x, c] = insights.partialDependence;
    expect(x.field).toBe("x");
    expect(x.kind).toBe("number");
    expect(x.rows).toBe(10);
    // 2 v + 0.5: half of the rows have c = "a".
    x.values.forEach((v, i) => expect(x.average![i]).toBeCloseTo(2 * (v as number) + 0.5, 10));
    expect(x.values[0]).toBe(1);
    expect(x.values[x.values.length - 1]).toBe(10);
    expect(c).toMatchObject({ field: "c", kind: "category", values: ["a", "b"], average: [12, 11] });
    // The unused id field gets no partial dependence.
    expect(insights.partialDependence).toHaveLength(2);
  });

  it("reports errors by range of the target, residuals by field and the largest misses with factors", () => {
    const r = insights.regression!;
    expect(r.errorByRange.reduce((s, g) => s + g.count, 0)).toBe(10);
    expect(r.scatter).toMatchObject({ sampled: false });
    expect(r.scatter.actual).toHaveLength(10);
    // Predictions miss the +3 of rows 0 and 5: both are under-predicted by 3, nothing is over-predicted.
    expect(insights.examples.overPredicted).toEqual([]);
    const under = insights.examples.underPredicted!;
    expect(under.map((e) => e.actual)).toEqual([6, 15]);
    expect(under[0]).toMatchObject({ predicted: 3, row: { x: 1, c: "a", id: "r1" } });
    expect(under[0].factors[0]).toEqual({ field: "x", contribution: -9 });
    const byC = r.residualsByField.find((f) => f.field === "c")!;
    expect(byC.groups.map((g) => g.label).sort()).toEqual(["a", "b"]);
    // Residuals (prediction - actual) are -3 in rows 0 (c = a) and 5 (c = b), 0 elsewhere.
    expect(byC.groups.find((g) => g.label === "a")).toEqual({ label: "a", count: 5, meanResidual: -0.6, mae: 0.6 });
  });

  it("per-field statistics: distribution, missing values, top values and the target by value", () => {
    const x = insights.fieldStats.find((f) => f.field === "x")!;
    // Quartiles as pandas computes them (interpolated): the median of 1..10 is 5.5, not the upper middle 6.
    expect(x).toMatchObject({ type: "float", used: true, count: 10, missing: 0, distinct: 10, min: 1, max: 10, mean: 5.5, median: 5.5, p25: 3.25, p75: 7.75 });
    const c = insights.fieldStats.find((f) => f.field === "c")!;
    expect(c.top).toEqual([
      { value: "a", count: 5 },
      { value: "b", count: 5 },
    ]);
    // Targets of rows 0, 2, 4, 6, 8: 6, 7, 11, 15, 19.
    expect(c.byValue!.find((g) => g.label === "a")!.mean).toBeCloseTo(58 / 5, 10);
    const id = insights.fieldStats.find((f) => f.field === "id")!;
    expect(id).toMatchObject({ used: false, reason: "identifier", distinct: 10 });
    expect(id.byValue).toBeUndefined();
  });
});

describe("computeInsights: binary classification", () => {
  const n = 400;
  const rng = new Rng(3);
  const labelOf: number[] = [];
  const table = smallTable(n, (i) => {
    const yes = rng.next() < (i + 1) / n;
    labelOf.push(yes ? 1 : 0);
    return yes ? "yes" : "no";
  });
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const prob = (rows: RawRow[]) => Float64Array.from(rows, (r) => Number(r.x) / (n + 1));
  const rawRows = Array.from(all, (r) => ({ x: r + 1, c: r % 2 === 0 ? "a" : "b" }));
  const explained: RawRow[][] = [];
  const insights = computeInsights({
    task: "binary",
    field: "y",
    classes: ["no", "yes"],
    table,
    inputFields: ["x", "c", "id"],
    importance: [0.9, 0.1, 0],
    holdoutRows: all,
    y: Float64Array.from(labelOf),
    predictions: prob(rawRows),
    dataRows: all,
    target: Float64Array.from(labelOf),
    predict: prob,
    explain: (rows) => {
      explained.push(rows);
      return Float64Array.from(rows.flatMap((r) => [Number(r.x) / 100 - 2, 0.1, 0]));
    },
    seed: 2,
  });

  it("threshold counts for both classes cover every holdout row and match the curves' class sizes", () => {
    const t = insights.thresholds!;
    expect(t.byClass.map((c) => c.class)).toEqual(["no", "yes"]);
    const yes = t.byClass[1];
    const positives = labelOf.filter((v) => v === 1).length;
    expect(yes.positives.reduce((a, b) => a + b, 0)).toBe(positives);
    expect(yes.negatives.reduce((a, b) => a + b, 0)).toBe(n - positives);
    // At 0.5, rows with x > 200.5 are flagged "yes".
    const at = countsAtThreshold(yes, 500);
    expect(at.tp + at.fp).toBe(200);
    // Taking "no" as the positive class mirrors the counts: "no" when P(no) = 1 - p > 0.5.
    const no = countsAtThreshold(t.byClass[0], 500);
    expect(no.tp).toBe(at.tn);
    expect(insights.curves![1].auc).toBeCloseTo(computeAuc(labelOf, prob(rawRows)), 5);
    expect(insights.curves![0].auc).toBeCloseTo(insights.curves![1].auc!, 5);
  });

  it("worst false positives and negatives are the most confident mistakes, with factors", () => {
    const fp = insights.examples.falsePositives!;
    const fn = insights.examples.falseNegatives!;
    expect(fp).toHaveLength(8);
    expect(fp.every((e) => e.actual === "no")).toBe(true);
    expect(fn.every((e) => e.actual === "yes")).toBe(true);
    for (let i = 1; i < fp.length; i++) expect(fp[i].score).toBeLessThanOrEqual(fp[i - 1].score);
    for (let i = 1; i < fn.length; i++) expect(fn[i].score).toBeGreaterThanOrEqual(fn[i - 1].score);
    const highestNo = Math.max(...labelOf.map((v, i) => (v === 0 ? i + 1 : 0)));
    expect(fp[0].row.x).toBe(highestNo);
    expect(fp[0].factors[0].field).toBe("x");
    // Explained rows are the holdout rows themselves (raw values from the table).
    expect(explained[0][0]).toMatchObject({ x: highestNo, id: `r${highestNo}` });
  });

  it("partial dependence follows the model; per-field target rates use the second class", () => {
    const x = insights.partialDependence.find((p) => p.field === "x")!;
    x.values.forEach((v, i) => expect(x.average![i]).toBeCloseTo((v as number) / (n + 1), 6));
    expect(insights.rateClasses).toEqual(["yes"]);
    const c = insights.fieldStats.find((f) => f.field === "c")!;
    const aRate = labelOf.filter((v, i) => i % 2 === 0 && v === 1).length / (n / 2);
    expect(c.byValue!.find((g) => g.label === "a")!.rates![0]).toBeCloseTo(aRate, 5);
  });
});

describe("computeInsights: multiclass and size bounds", () => {
  it("multiclass: one-vs-rest curves per class, no thresholds, misclassified rows, and says so", () => {
    const n = 90;
    const classes = ["a", "b", "c"];
    const table = smallTable(n, (i) => classes[i % 3]);
    const all = Int32Array.from({ length: n }, (_, i) => i);
    const probs = (rows: RawRow[]) => {
      const out = new Float64Array(rows.length * 3);
      rows.forEach((r, i) => {
        const guess = (Number(r.x) + (Number(r.x) % 10 === 0 ? 1 : 0) - 1) % 3; // every 10th row wrong
        for (let c = 0; c < 3; c++) out[i * 3 + c] = c === guess ? 0.8 : 0.1;
      });
      return out;
    };
    const y = Float64Array.from(all, (i) => i % 3);
    const insights = computeInsights({
      task: "multiclass",
      field: "y",
      classes,
      table,
      inputFields: ["x", "c"],
      importance: [1, 0],
      holdoutRows: all,
      y,
      predictions: probs(Array.from(all, (r) => ({ x: r + 1 }))),
      dataRows: all,
      target: y,
      predict: probs,
      explain: (rows) => new Float64Array(rows.length * 2).fill(0.25),
      seed: 4,
    });
    expect(insights.thresholds).toBeUndefined();
    expect(insights.curves!.map((c) => c.class)).toEqual(["a", "b", "c"]);
    expect(insights.notes.join(" ")).toMatch(/one-vs-rest/);
    const wrong = insights.examples.misclassified!;
    expect(wrong).toHaveLength(8);
    for (const e of wrong) {
      expect(e.predicted).not.toBe(e.actual);
      expect(e.actualProbability).toBeCloseTo(0.1, 10);
    }
    expect(insights.partialDependence[0].byClass!.map((c) => c.class)).toEqual(["a", "b", "c"]);
  });

  it("stays bounded for a large holdout with many fields and long texts", () => {
    const n = 30_000;
    const rng = new Rng(9);
    const columns = [];
    const fields: string[] = [];
    const texts = Array.from({ length: 5000 }, (_, i) => `value ${i} ${"long text ".repeat(30)}`);
    for (let f = 0; f < 80; f++) {
      const name = `f${f}`;
      fields.push(name);
      columns.push(
        f % 2 === 0
          ? numberColumn(
              name,
              Array.from({ length: n }, () => rng.next()),
            )
          : textColumn(
              name,
              Array.from({ length: n }, () => texts[rng.nextInt(5000)]),
            ),
      );
    }
    const labels = Array.from({ length: n }, () => (rng.next() < 0.2 ? 1 : 0));
    columns.push(
      textColumn(
        "y",
        labels.map((v) => (v ? "yes" : "no")),
      ),
    );
    const all = Int32Array.from({ length: n }, (_, i) => i);
    const scores = Float64Array.from(labels, (v) => Math.min(1, Math.max(0, 0.3 * v + rng.next() * 0.7)));
    const started = performance.now();
    const insights = computeInsights({
      task: "binary",
      field: "y",
      classes: ["no", "yes"],
      table: { rowCount: n, columns },
      inputFields: fields,
      importance: fields.map((_, g) => 1 / (g + 1)),
      holdoutRows: all,
      y: Float64Array.from(labels),
      predictions: scores,
      dataRows: all,
      target: Float64Array.from(labels),
      predict: (rows) => Float64Array.from(rows, () => 0.5),
      explain: (rows) => new Float64Array(rows.length * fields.length).fill(0.01),
      seed: 1,
    });
    const size = JSON.stringify(insights).length;
    expect(size).toBeLessThan(400_000);
    expect(insights.curves![1].roc.length).toBeLessThanOrEqual(301);
    expect(insights.fieldStats.length).toBeLessThanOrEqual(60);
    expect(performance.now() - started).toBeLessThan(20_000); // ~1-2 s; generous for a shared, busy machine
    // Long texts are clipped in example rows and top values.
    expect(String(insights.examples.falsePositives![0].row.f1).length).toBeLessThanOrEqual(120);
  });
});
