import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { loadModel, trainModel, TrainError, type ClassStat, type RegressionStat } from "./index";
import { makeBinaryTable, makeRegressionTable, numberColumn, textColumn } from "./testing";

const CLASS_STAT_KEYS = [
  "class",
  "class_name",
  "count",
  "f1",
  "false negatives",
  "false positives",
  "field",
  "field_name",
  "field_type",
  "frequency",
  "precision",
  "recall",
  "true positives",
].sort();

async function expectTrainError(p: Promise<unknown>, code: string): Promise<TrainError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TrainError);
    expect((e as TrainError).code).toBe(code);
    expect((e as TrainError).message.length).toBeGreaterThan(20);
    return e as TrainError;
  }
  throw new Error(`expected a TrainError ${code}`);
}

describe("trainModel: binary classification", async () => {
  const table = makeBinaryTable(1200, 7);
  const progress: number[] = [];
  const outcome = await trainModel({
    table,
    predictFields: ["label"],
    budgetSeconds: 3,
    threads: 1,
    seed: 3,
    maxTrials: 4,
    onProgress: (p) => progress.push(p.fraction),
  });

  it("returns stats in the exact public shape, on a 20% holdout", () => {
    expect(outcome.result.stats).toHaveLength(1);
    const stats = outcome.result.stats[0] as ClassStat[];
    expect(stats.map((s) => s.class_name).sort()).toEqual(["no", "yes"]);
    for (const s of stats) {
      expect(Object.keys(s).sort()).toEqual(CLASS_STAT_KEYS);
      expect(s.field).toBe(3);
      expect(s.field_name).toBe("label");
      expect(s.field_type).toBe("category");
    }
    const total = stats.reduce((a, s) => a + s.count, 0);
    expect(total).toBe(240);
    expect(stats.reduce((a, s) => a + s.frequency, 0)).toBeCloseTo(1, 5);
    // The two one-vs-rest views of a binary confusion matrix mirror each other.
    expect(stats[0]["false positives"]).toBe(stats[1]["false negatives"]);
    expect(outcome.report.fields[0].metrics.auc).toBeGreaterThan(0.8);
  });

  it("gives every field an importance, the target 0, summing to 1, noise lowest", () => {
    const imp = outcome.result.field_importance;
    expect(Object.keys(imp).sort()).toEqual(["color", "label", "x1", "x2"]);
    expect(imp.label).toBe(0);
    expect(Object.values(imp).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    for (const v of Object.values(imp)) expect(v).toBeGreaterThanOrEqual(0);
    expect(imp.x1).toBeGreaterThan(imp.x2);
    expect(imp.color).toBeGreaterThan(imp.x2);
  });

  it("tells a data story per class with causes and cases", () => {
    const story = outcome.result.data_story;
    expect(story).toHaveLength(1);
    expect(story[0]).toMatchObject({ name: "label", type: "category" });
    expect(story[0].outcomes.map((o) => o.outcome).sort()).toEqual(["no", "yes"]);
    const yes = story[0].outcomes.find((o) => o.outcome === "yes")!;
    expect(Object.keys(yes).sort()).toEqual(["avg_case", "bottom_case", "causes", "outcome", "top_case"]);
    expect(yes.causes.length).toBeGreaterThan(0);
    expect(yes.causes.length).toBeLessThanOrEqual(4);
    for (const c of yes.causes) expect(Object.keys(c).sort()).toEqual(["bottom_value", "field", "top_value"]);
    expect(yes.causes[0].field).toBe("x1");
    const color = yes.causes.find((c) => c.field === "color");
    if (color) expect(color.top_value).toBe("red");
    expect(yes.top_case).toBeGreaterThan(yes.avg_case);
    expect(yes.bottom_case).toBeLessThan(yes.avg_case);
  });

  it("round-trips through the artifact and predicts rows and tables alike", () => {
    const model = loadModel(outcome.artifact);
    expect(model.predictFields).toEqual(["label"]);
    expect(model.schema.map((s) => s.name)).toEqual(["x1", "x2", "color", "label"]);
    const fromTable = model.predictTable(table);
    const rows = [0, 1, 2].map((i) => ({
      x1: String((table.columns[0] as { values: Float64Array }).values[i]),
      x2: (table.columns[1] as { values: Float64Array }).values[i],
      color: (table.columns[2] as { dictionary: string[]; codes: Int32Array }).dictionary[(table.columns[2] as { codes: Int32Array }).codes[i]],
    }));
    const fromRows = model.predictRows(rows);
    for (let i = 0; i < 3; i++) {
      expect(fromRows[i].label.value).toBe(fromTable[i].label.value);
      expect(fromRows[i].label.probabilities!.yes).toBeCloseTo(fromTable[i].label.probabilities!.yes, 12);
      expect(fromRows[i].label.probabilities!.yes + fromRows[i].label.probabilities!.no).toBeCloseTo(1, 12);
    }
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it("explains single rows with factors that are shares of the prediction", () => {
    const model = loadModel(outcome.artifact);
    const [p] = model.predictRows([{ x1: 1.5, x2: 0.3, color: "red" }], { factors: true });
    const factors = p.label.factors!;
    expect(Object.keys(factors).sort()).toEqual(["color", "x1", "x2"]);
    const sum = Object.values(factors).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(factors.x1).toBeGreaterThan(factors.x2);
    expect(p.label.probabilities!.yes).toBeGreaterThan(0.8);
  });

  it("handles unseen categories, missing and extra fields at prediction time", () => {
    const model = loadModel(outcome.artifact);
    expect(model.predictRows([])).toEqual([]);
    const preds = model.predictRows([{ x1: 0, color: "purple" }, { color: null }, { x1: "not a number", other: 5 }], { factors: true });
    for (const p of preds) {
      expect(["yes", "no"]).toContain(p.label.value);
      expect(p.label.probabilities!.yes).toBeGreaterThanOrEqual(0);
      expect(p.label.probabilities!.yes).toBeLessThanOrEqual(1);
    }
  });
});

describe("trainModel: other tasks", () => {
  it("regression: stats with error measures and the target distribution", async () => {
    const table = makeRegressionTable(600);
    const out = await trainModel({ table, predictFields: ["y"], budgetSeconds: 3, threads: 1, maxTrials: 3 });
    const [s] = out.result.stats[0] as RegressionStat[];
    expect(Object.keys(s).sort()).toEqual(
      ["count", "field", "field_name", "field_type", "mae", "max", "mean", "median", "min", "p25", "p75", "r2", "rmse", "std"].sort(),
    );
    expect(s).toMatchObject({ field: 2, field_name: "y", field_type: "float", count: 120 });
    expect(s.r2).toBeGreaterThan(0.95);
    expect(out.result.data_story[0].outcomes).toHaveLength(1);
    expect(out.result.data_story[0].outcomes[0].outcome).toBe("high");
    const [p] = loadModel(out.artifact).predictRows([{ x1: 5, group: "a" }]);
    expect(p.y.value as number).toBeGreaterThan(13);
    expect(p.y.value as number).toBeLessThan(17);
    expect(p.y.probabilities).toBeUndefined();
  });

  it("multiclass: probabilities over every class", async () => {
    const n = 450;
    const x = Array.from({ length: n }, (_, i) => (i * 7919) % 300);
    const table: Table = {
      rowCount: n,
      columns: [
        numberColumn("x", x),
        textColumn(
          "kind",
          x.map((v) => (v < 100 ? "low" : v < 200 ? "mid" : "high")),
        ),
      ],
    };
    const out = await trainModel({ table, predictFields: ["kind"], budgetSeconds: 3, threads: 1, maxTrials: 2 });
    expect(out.result.stats[0]).toHaveLength(3);
    expect(out.result.data_story[0].outcomes).toHaveLength(3);
    const [p] = loadModel(out.artifact).predictRows([{ x: 250 }]);
    expect(p.kind.value).toBe("high");
    const probs = Object.values(p.kind.probabilities!);
    expect(probs).toHaveLength(3);
    expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it("is deterministic for a seed", async () => {
    const table = makeBinaryTable(500, 11);
    const run = () => trainModel({ table, predictFields: ["label"], budgetSeconds: 10, threads: 1, seed: 9, maxTrials: 3 });
    const [a, b] = [await run(), await run()];
    expect(a.result).toEqual(b.result);
    const pa = loadModel(a.artifact).predictTable(table);
    const pb = loadModel(b.artifact).predictTable(table);
    expect(pa).toEqual(pb);
  });

  it("respects a 1 second budget", async () => {
    const table = makeBinaryTable(3000, 12);
    const t0 = Date.now();
    const out = await trainModel({ table, predictFields: ["label"], budgetSeconds: 1, threads: 1 });
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(out.report.fields[0].candidatesTried).toBeGreaterThan(0);
  });

  it("extra attention raises the recall of a rare class", async () => {
    const table = makeBinaryTable(3000, 13, 0.08);
    const recall = async (extraAttention: boolean) => {
      const out = await trainModel({ table, predictFields: ["label"], budgetSeconds: 5, threads: 1, maxTrials: 2, extraAttention, seed: 1 });
      return (out.result.stats[0] as ClassStat[]).find((s) => s.class_name === "yes")!.recall;
    };
    const plain = await recall(false);
    const weighted = await recall(true);
    expect(weighted).toBeGreaterThan(plain + 0.05);
  });

  it("trains with constant and all-missing columns next to useful ones", async () => {
    const base = makeBinaryTable(300, 14);
    const table: Table = {
      rowCount: 300,
      columns: [...base.columns, numberColumn("flat", new Array(300).fill(1)), textColumn("blank", new Array(300).fill(null))],
    };
    const out = await trainModel({ table, predictFields: ["label"], budgetSeconds: 2, threads: 1, maxTrials: 2 });
    expect(out.result.field_importance.flat).toBe(0);
    expect(out.result.field_importance.blank).toBe(0);
    expect(out.report.fields[0].skippedFields.map((s) => s.field).sort()).toEqual(["blank", "flat"]);
  });

  it("honours ignoreFields and trains several predict fields into one artifact", async () => {
    const base = makeBinaryTable(300, 15);
    const table: Table = {
      rowCount: 300,
      columns: [
        ...base.columns,
        numberColumn(
          "score",
          Array.from({ length: 300 }, (_, i) => i % 17),
        ),
      ],
    };
    const out = await trainModel({ table, predictFields: ["label", "score"], ignoreFields: ["x2"], budgetSeconds: 2, threads: 1, maxTrials: 1 });
    expect(out.result.stats).toHaveLength(2);
    expect(out.result.field_importance.x2).toBe(0);
    expect(out.result.field_importance.label).toBe(0);
    expect(out.result.field_importance.score).toBe(0);
    const [p] = loadModel(out.artifact).predictRows([{ x1: 1, color: "red" }]);
    expect(Object.keys(p).sort()).toEqual(["label", "score"]);
  });
});

describe("trainModel: errors that say what to fix", () => {
  const table = makeBinaryTable(50, 16);
  it("rejects unknown fields, empty data and untrainable targets", async () => {
    await expectTrainError(trainModel({ table, predictFields: ["nope"], budgetSeconds: 1, threads: 1 }), "unknown_field");
    await expectTrainError(trainModel({ table, predictFields: ["label"], ignoreFields: ["nah"], budgetSeconds: 1, threads: 1 }), "unknown_field");
    await expectTrainError(
      trainModel({ table: { rowCount: 0, columns: table.columns.map((c) => ({ ...c })) }, predictFields: ["label"], budgetSeconds: 1, threads: 1 }),
      "empty_dataset",
    );
    const one: Table = { rowCount: 4, columns: [numberColumn("a", [1, 2, 3, 4]), textColumn("t", ["x", "x", "x", null])] };
    await expectTrainError(trainModel({ table: one, predictFields: ["t"], budgetSeconds: 1, threads: 1 }), "single_class");
    const none: Table = { rowCount: 3, columns: [numberColumn("a", [1, 2, 3]), textColumn("t", [null, null, null])] };
    await expectTrainError(trainModel({ table: none, predictFields: ["t"], budgetSeconds: 1, threads: 1 }), "target_all_missing");
    const single: Table = { rowCount: 1, columns: [numberColumn("a", [1]), numberColumn("t", [2.5])] };
    const err = await expectTrainError(
      trainModel({
        table: { ...single, columns: [numberColumn("a", [1, 2]), numberColumn("t", [2.5, NaN])], rowCount: 2 },
        predictFields: ["t"],
        budgetSeconds: 1,
        threads: 1,
      }),
      "single_class",
    );
    expect(err.message).toContain("t");
    const tiny: Table = { rowCount: 2, columns: [numberColumn("a", [1, 2]), textColumn("t", ["x", "y"])] };
    await expectTrainError(trainModel({ table: tiny, predictFields: ["t"], budgetSeconds: 1, threads: 1 }), "too_few_rows");
    const ids: Table = { rowCount: 3, columns: [textColumn("k", ["a", "b", "c"], "id"), textColumn("t", ["x", "y", "x"])] };
    await expectTrainError(trainModel({ table: ids, predictFields: ["k"], budgetSeconds: 1, threads: 1 }), "bad_target_type");
    await expectTrainError(trainModel({ table: ids, predictFields: ["t"], budgetSeconds: 1, threads: 1 }), "no_features");
  });

  it("stops when the signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expectTrainError(trainModel({ table, predictFields: ["label"], budgetSeconds: 1, threads: 1, signal: controller.signal }), "aborted");
  });
});

describe("trainModel: derived features", async () => {
  // The target is the product of two fields (an area): the product feature explains it at once.
  const n = 1500;
  const w = Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % 97) / 10);
  const h = Array.from({ length: n }, (_, i) => 1 + ((i * 104729) % 89) / 10);
  const noise = Array.from({ length: n }, (_, i) => ((i * 31) % 17) / 17);
  const table: Table = {
    rowCount: n,
    columns: [
      numberColumn("w", w),
      numberColumn("h", h),
      numberColumn("noise", noise),
      numberColumn(
        "area",
        w.map((v, i) => v * h[i] + noise[i] * 0.01),
      ),
    ],
  };
  // A budget well above the 30 s threshold: each probe fit may take a tenth of it, so a loaded machine
  // (the whole suite runs test files in parallel) does not cut the probe with derived features short.
  const outcome = await trainModel({ table, predictFields: ["area"], budgetSeconds: 300, threads: 1, seed: 2, maxTrials: 3 });
  const model = loadModel(outcome.artifact);

  it("keeps products and ratios of numeric fields when they pay on the validation rows", () => {
    // 3 fields + 3 pairs x (product, ratio).
    expect(outcome.report.fields[0].features).toBe(9);
    const [p] = model.predictRows([{ w: 3, h: 4, noise: 0.5 }]);
    expect(p.area.value as number).toBeCloseTo(12, 0);
  });

  it("explains with the source fields only, the derived features' share split between them", () => {
    const [p] = model.predictRows([{ w: 9, h: 2, noise: 0.1 }], { factors: true });
    const factors = p.area.factors!;
    expect(Object.keys(factors).sort()).toEqual(["h", "noise", "w"]);
    expect(Object.values(factors).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(factors.noise).toBeLessThan(factors.w);
    expect(factors.noise).toBeLessThan(factors.h);
  });
});
