// The additive member (linear.ts with quantile bins) on a larger table whose outcome is a sum of
// non-linear shapes per field: it is fitted in the search, joins the served ensemble, and the
// ensemble's factors stay exact.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { decodeArtifact } from "./artifact";
import { Rng } from "./core/random";
import { FieldModel } from "./field-model";
import { EnsembleLearner, LinearLearner } from "./learner";
import { trainLinear } from "./linear";
import { ADDITIVE_BINS } from "./search";
import { loadModel, trainModel } from "./index";
import { numberColumn, textColumn } from "./testing";

/** logit = a hump in a + a step-free rise in b + a category effect: additive, not monotone in a. */
function additiveTable(n: number, seed: number): { table: Table; y: Float64Array } {
  const rng = new Rng(seed);
  const a: number[] = [];
  const b: number[] = [];
  const kind: string[] = [];
  const label: string[] = [];
  for (let i = 0; i < n; i++) {
    const va = rng.next() * 6 - 3;
    const vb = rng.next() * 4;
    const k = ["p", "q", "r", "s", "t"][rng.nextInt(5)];
    const logit = 2 - 1.5 * Math.abs(va) + Math.sqrt(vb) + { p: 0, q: 0.8, r: -0.8, s: 0.3, t: -0.3 }[k]!;
    a.push(va);
    b.push(vb);
    kind.push(k);
    label.push(rng.next() < 1 / (1 + Math.exp(-logit)) ? "yes" : "no");
  }
  return {
    table: { rowCount: n, columns: [numberColumn("a", a), numberColumn("b", b), textColumn("kind", kind), textColumn("label", label)] },
    y: Float64Array.from(label, (l) => (l === "yes" ? 1 : 0)),
  };
}

describe("the additive member", async () => {
  // 20,000 rows: the search fits on 12,800, with the portfolio of larger tables, whose first six
  // candidates include the additive model (at 60 s the first is fitted with and without derived features).
  const { table, y } = additiveTable(20_000, 3);
  const outcome = await trainModel({ table, predictFields: ["label"], budgetSeconds: 60, threads: 1, seed: 4, maxTrials: 6, oofFolds: 0 });
  const field = outcome.report.fields[0];

  it("is a search candidate on larger tables, close to boosting on an additive outcome", () => {
    const additive = field.leaderboard.filter((e) => e.params.family === "linear" && e.params.bins);
    expect(additive.length).toBe(1);
    expect(additive[0].metric).toBeGreaterThan(field.leaderboard[0].metric - 0.02);
  });

  it("serves predictions and exact factors through the artifact", () => {
    const model = loadModel(outcome.artifact);
    const preds = model.predictRows(
      [
        { a: 0, b: 3, kind: "q" },
        { a: 2.9, b: 0, kind: "r" },
        { a: null, b: 1, kind: "unseen" },
      ],
      { factors: true },
    );
    expect(preds[0].label.probabilities!.yes).toBeGreaterThan(0.9);
    expect(preds[1].label.probabilities!.yes).toBeLessThan(0.2);
    for (const p of preds) expect(Object.values(p.label.factors!).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
  });

  it("explains an ensemble with an additive member exactly: contributions sum to differences of log-odds", () => {
    const fm = new FieldModel(decodeArtifact(outcome.artifact).models[0]);
    const additive = trainLinear(
      fm.preprocessor.transformTable(
        table,
        Int32Array.from({ length: 4000 }, (_, i) => i),
      ),
      y.subarray(0, 4000),
      {
        objective: "binary",
        lambda: 1e-4,
        bins: ADDITIVE_BINS,
        pairs: 8,
      },
    );
    const ensemble = EnsembleLearner.fromMembers([
      { weight: 0.6, learner: fm.learner },
      { weight: 0.4, learner: new LinearLearner(additive) },
    ]);
    expect(additive.json.columns.some((col) => col.type === "pair")).toBe(true);
    const rows = Int32Array.from([0, 1, 2, 3, 4, 5]);
    const x = fm.preprocessor.transformTable(table, rows);
    const c = ensemble.contributions(x, rows, new Int32Array(rows.length));
    const p = ensemble.predict(x);
    const F = x.features.length;
    const logit = (q: number) => Math.log(q / (1 - q));
    const sum = (i: number) => c.subarray(i * F, i * F + F).reduce((s, v) => s + v, 0);
    for (let i = 1; i < rows.length; i++) expect(logit(p[i]) - logit(p[0])).toBeCloseTo(sum(i) - sum(0), 8);
  });
});
