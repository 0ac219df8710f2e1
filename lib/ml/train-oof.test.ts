// Out-of-fold ensemble selection (train.ts, budgets >= 60 s with one search split): the folds that
// complete the search split, the fits of fixed configurations on them, and the report of a training.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { BinMapper } from "./core";
import { Rng } from "./core/random";
import type { Fold } from "./evaluate";
import { trainModel } from "./index";
import { evaluateConfigs } from "./search";
import { splitRows } from "./split";
import { numberColumn, textColumn } from "./testing";
import { outOfFoldSplits } from "./train";

function table(n: number, seed: number): Table {
  const rng = new Rng(seed);
  const a: number[] = [];
  const b: number[] = [];
  const label: string[] = [];
  for (let i = 0; i < n; i++) {
    const va = rng.next() * 4 - 2;
    const vb = rng.next() * 4 - 2;
    a.push(va);
    b.push(vb);
    label.push(rng.next() < 1 / (1 + Math.exp(-(1.2 * va - vb + (va * vb > 0 ? 0.8 : -0.8)))) ? "yes" : "no");
  }
  return { rowCount: n, columns: [numberColumn("a", a), numberColumn("b", b), textColumn("label", label)] };
}

describe("outOfFoldSplits", () => {
  it("completes the search split into a k-fold partition, stratified, each fold fitted on the other rows", () => {
    const n = 1003;
    const y = Float64Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 1 : 0));
    const seed = 5;
    const splits = outOfFoldSplits(n, 5, seed, y);
    expect(splits).toHaveLength(4);
    // Fold 0 is the search's split (train.ts: splitRows(n, 0.2, seed + 1, strata)).
    const fold0 = splitRows(n, 0.2, seed + 1, y).part;
    const seen = new Int32Array(n);
    for (const r of fold0) seen[r]++;
    for (const s of splits) {
      expect(s.train.length + s.valid.length).toBe(n);
      const inValid = new Set(s.valid);
      for (const r of s.train) expect(inValid.has(r)).toBe(false);
      for (const r of s.valid) seen[r]++;
      // Each part is about a fifth of the rows, with its share of the rare class.
      expect(Math.abs(s.valid.length - n / 5)).toBeLessThan(4);
      const pos = Array.from(s.valid).filter((r) => y[r] === 1).length;
      expect(Math.abs(pos - s.valid.length / 7)).toBeLessThan(3);
    }
    // Every row is a validation row exactly once over the k folds.
    expect(Array.from(seen).every((c) => c === 1)).toBe(true);
  });
});

describe("evaluateConfigs", () => {
  const data = table(2000, 3);
  const features = [
    { name: "a", kind: "numeric" as const },
    { name: "b", kind: "numeric" as const },
  ];
  const x = {
    rowCount: data.rowCount,
    features,
    columns: [(data.columns[0] as { values: Float64Array }).values, (data.columns[1] as { values: Float64Array }).values],
  };
  const codes = (data.columns[2] as { codes: Int32Array; dictionary: string[] }).codes;
  const yes = (data.columns[2] as { dictionary: string[] }).dictionary.indexOf("yes");
  const y = Float64Array.from(codes, (c) => (c === yes ? 1 : 0));
  const pick = (idx: Int32Array) => ({ rowCount: idx.length, features, columns: x.columns.map((c) => Float64Array.from(idx, (i) => c[i])) });
  const folds: Fold[] = outOfFoldSplits(2000, 3, 1, y).map((s) => {
    const train = pick(s.train);
    return {
      train,
      y: Float64Array.from(s.train, (i) => y[i]),
      valid: pick(s.valid),
      validY: Float64Array.from(s.valid, (i) => y[i]),
      binMapper: BinMapper.fit(train, 255, 1),
    };
  });
  const task = { objective: "binary" as const, numClasses: 2, seed: 1 };
  const config = { family: "gbdt" as const, learningRate: 0.1, numLeaves: 8, minDataInLeaf: 20, lambdaL2: 1, featureFraction: 1, baggingFraction: 1 };

  it("fits each configuration on every fold, in order, and skips those whose cost does not fit before the deadline", async () => {
    const out = await evaluateConfigs({
      task,
      folds,
      jobs: [
        { config, costMs: 10 },
        { config: { family: "linear", lambda: 0.01 }, costMs: 10 },
        { config, costMs: 3_600_000 },
      ],
      deadlineMs: Date.now() + 60_000,
      threads: 1,
    });
    expect(out[0]!.validPredictions.length).toBe(folds.reduce((s, f) => s + f.validY.length, 0));
    expect(out[0]!.metric).toBeGreaterThan(0.7);
    expect(out[1]!.config.family).toBe("linear");
    expect(out[2]).toBeNull();
  });
});

describe("trainModel with out-of-fold selection", () => {
  const data = table(5000, 8);
  // Fixed work, not time: 4 candidates, and a budget so large that no deadline (search, out-of-fold
  // fits, refits) is reached on any machine: out-of-fold selection runs at budgets >= 60 s once the
  // search has run dry (here: after its 4 trials), so every pool candidate must get its 4 fold fits
  // whatever the load (at 60 s a loaded machine got 3 of 4 within the time left).
  const train = (oofFolds?: number) => trainModel({ table: data, predictFields: ["label"], budgetSeconds: 1000, threads: 1, seed: 2, maxTrials: 4, oofFolds });

  it("selects on every training row (one search split), with every candidate fitted on the other folds, or on the search's validation rows when asked", async () => {
    const [on, off] = [await train(), await train(0)];
    const sel = on.report.fields[0].model.selection!;
    expect(on.report.fields[0].validation).toBe("holdout");
    // 4,000 training rows: the search validated on 800 of them; out-of-fold selection sees all.
    expect(sel.outOfFold).toEqual({ folds: 5, rows: 4000, candidates: 4 });
    expect(sel.validLoss).toBeLessThanOrEqual(sel.bestSingleValidLoss);
    expect(off.report.fields[0].model.selection!.outOfFold).toBeUndefined();
    expect(on.report.fields[0].metrics.auc).toBeGreaterThan(0.75);
  }, 600_000); // a guard against a hang, not a budget: the work is fixed
});
