// The insights report as trainModel produces it agrees with the holdout statistics of the same
// training: the same rows, the same model, the same decision rule.
import { describe, expect, it } from "vitest";
import { trainModel, type ClassStat, type RegressionStat } from "./index";
import { countsAtThreshold } from "./insights";
import { makeBinaryTable, makeRegressionTable, numberColumn, textColumn } from "./testing";

describe("insights from trainModel", () => {
  it("binary: counts at threshold 0.5 are the holdout stats; AUC as reported; examples and partial dependence present", async () => {
    const outcome = await trainModel({ table: makeBinaryTable(900, 5), predictFields: ["label"], budgetSeconds: 2, threads: 1, seed: 1, maxTrials: 3 });
    const field = outcome.report.fields[0];
    const insights = field.insights!;
    const stats = outcome.result.stats[0] as ClassStat[];
    expect(insights.holdoutRows).toBe(180);
    const yes = insights.thresholds!.byClass[1];
    expect(yes.class).toBe("yes");
    const at = countsAtThreshold(yes, 500);
    const yesStat = stats.find((s) => s.class_name === "yes")!;
    expect(at.tp).toBe(yesStat["true positives"]);
    expect(at.fp).toBe(yesStat["false positives"]);
    expect(at.fn).toBe(yesStat["false negatives"]);
    expect(insights.curves![1].auc).toBeCloseTo(field.metrics.auc, 4);
    expect(insights.examples.falsePositives!.length).toBeGreaterThan(0);
    expect(insights.examples.falsePositives![0].factors.length).toBeGreaterThan(0);
    expect(insights.partialDependence.map((p) => p.field)).toContain("x1");
    // P(yes) rises with x1 in the data, and the model's partial dependence says so.
    const x1 = insights.partialDependence.find((p) => p.field === "x1")!;
    expect(x1.average![x1.average!.length - 1]).toBeGreaterThan(x1.average![0] + 0.3);
    expect(insights.fieldStats.map((f) => f.field).sort()).toEqual(["color", "x1", "x2"]);
  });

  it("regression: the error by range of the target averages to the holdout MAE; ignored fields are marked unused", async () => {
    const table = makeRegressionTable(600, 4);
    table.columns.push(
      numberColumn(
        "noise",
        Array.from({ length: 600 }, (_, i) => i % 7),
      ),
    );
    table.columns.push(
      textColumn(
        "code",
        Array.from({ length: 600 }, (_, i) => `c${i}`),
        "id",
      ),
    );
    const outcome = await trainModel({ table, predictFields: ["y"], ignoreFields: ["noise"], budgetSeconds: 2, threads: 1, seed: 2, maxTrials: 3 });
    const insights = outcome.report.fields[0].insights!;
    const stat = outcome.result.stats[0][0] as RegressionStat;
    const ranges = insights.regression!.errorByRange;
    const n = ranges.reduce((s, r) => s + r.count, 0);
    expect(n).toBe(stat.count);
    expect(ranges.reduce((s, r) => s + r.mae * r.count, 0) / n).toBeCloseTo(stat.mae, 3);
    expect(insights.regression!.scatter.actual).toHaveLength(stat.count);
    expect(insights.fieldStats.find((f) => f.field === "noise")).toMatchObject({ used: false, reason: "ignored" });
    expect(insights.fieldStats.find((f) => f.field === "code")).toMatchObject({ used: false });
    expect(insights.partialDependence.map((p) => p.field)).not.toContain("noise");
    expect(insights.examples.overPredicted!.length + insights.examples.underPredicted!.length).toBeGreaterThan(0);
  });
});
