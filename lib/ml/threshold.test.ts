// Decision thresholds at prediction time: the rule is exactly "P(positive class) > threshold", the
// probabilities never change, and without a threshold predictions are what they always were.
import { describe, expect, it } from "vitest";
import { loadModel, trainModel } from "./index";
import { makeBinaryTable, makeRegressionTable } from "./testing";
import { cellValue } from "../table/values";

describe("decision thresholds", async () => {
  const table = makeBinaryTable(600, 9);
  const outcome = await trainModel({ table, predictFields: ["label"], budgetSeconds: 2, threads: 1, seed: 4, maxTrials: 2 });
  const model = loadModel(outcome.artifact);
  const rows = Array.from({ length: 200 }, (_, r) => Object.fromEntries(table.columns.filter((c) => c.name !== "label").map((c) => [c.name, cellValue(c, r)])));
  const plain = model.predictRows(rows);

  it("describes each predicted field's task and classes", () => {
    expect(model.fields).toEqual([{ name: "label", objective: "binary", classes: ["no", "yes"] }]);
  });

  it("predicts the positive class exactly when its probability is above the threshold", () => {
    for (const t of [0.05, 0.3, 0.5, 0.77, 0.95]) {
      const yes = model.predictRows(rows, { thresholds: { label: { threshold: t, positiveClass: "yes" } } });
      const no = model.predictRows(rows, { thresholds: { label: { threshold: t, positiveClass: "no" } } });
      yes.forEach((p, i) => {
        const probs = plain[i].label.probabilities!;
        expect(p.label.probabilities).toEqual(probs);
        expect(p.label.value).toBe(probs.yes > t ? "yes" : "no");
        expect(no[i].label.value).toBe(probs.no > t ? "no" : "yes");
      });
    }
    const strict = model.predictRows(rows, { thresholds: { label: { threshold: 0.9, positiveClass: "yes" } } }).filter((p) => p.label.value === "yes").length;
    const loose = model.predictRows(rows, { thresholds: { label: { threshold: 0.1, positiveClass: "yes" } } }).filter((p) => p.label.value === "yes").length;
    expect(strict).toBeLessThan(loose);
  });

  it("without a threshold, or with one for an unknown class or field, predictions are unchanged", () => {
    expect(model.predictRows(rows, { thresholds: {} })).toEqual(plain);
    expect(model.predictRows(rows, { thresholds: { label: { threshold: 0.2, positiveClass: "maybe" } } })).toEqual(plain);
    expect(model.predictRows(rows, { thresholds: { other: { threshold: 0.2, positiveClass: "yes" } } })).toEqual(plain);
    plain.forEach((p) => expect(p.label.value).toBe(p.label.probabilities!.yes > 0.5 ? "yes" : "no"));
  });

  it("regression fields ignore thresholds", async () => {
    const reg = makeRegressionTable(300, 3);
    const out = await trainModel({ table: reg, predictFields: ["y"], budgetSeconds: 1, threads: 1, seed: 1, maxTrials: 1 });
    const m = loadModel(out.artifact);
    const r = [{ x1: 3, group: "a" }];
    expect(m.predictRows(r, { thresholds: { y: { threshold: 0.5, positiveClass: "a" } } })).toEqual(m.predictRows(r));
  });
});
