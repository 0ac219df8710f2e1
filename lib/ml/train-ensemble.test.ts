// trainModel's final model as an ensemble: chosen on the search's validation rows, served as one
// artifact, explained by exact contributions in margin space; models from before ensembles still load.
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { Rng } from "./core/random";
import { decodeArtifact } from "./artifact";
import { FieldModel } from "./field-model";
import { loadModel, trainModel } from "./index";
import { LinearLearner, TreeLearner, type LearnerJson } from "./learner";
import { numberColumn, textColumn } from "./testing";

/** P(yes) = logistic(smooth linear part + a step interaction): linear models and trees each get half of it. */
function mixedTable(n: number, seed: number): Table {
  const rng = new Rng(seed);
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const kind: string[] = [];
  const label: string[] = [];
  for (let i = 0; i < n; i++) {
    const va = rng.next() * 6 - 3;
    const vb = rng.next() * 6 - 3;
    const vc = rng.next();
    const k = ["p", "q", "r", "s"][rng.nextInt(4)];
    const logit = 0.9 * va - 0.7 * vb + (vc > 0.5 && k !== "s" ? 1.6 : -0.8) + (k === "q" ? 0.6 : 0);
    a.push(va);
    b.push(vb);
    c.push(vc);
    kind.push(k);
    label.push(rng.next() < 1 / (1 + Math.exp(-logit)) ? "yes" : "no");
  }
  return { rowCount: n, columns: [numberColumn("a", a), numberColumn("b", b), numberColumn("c", c), textColumn("kind", kind), textColumn("label", label)] };
}

function learnerJson(artifact: Uint8Array): LearnerJson {
  return decodeArtifact(artifact).models[0].learner;
}

describe("trainModel serves an ensemble when candidates complement each other", async () => {
  const table = mixedTable(4000, 3);
  const outcome = await trainModel({ table, predictFields: ["label"], budgetSeconds: 20, threads: 1, seed: 5, maxTrials: 10 });
  const field = outcome.report.fields[0];

  it("reports the members, their weights and the selection", () => {
    expect(field.model.family).toBe("ensemble");
    const members = field.model.ensemble!;
    expect(members.length).toBeGreaterThan(1);
    expect(members.reduce((s, m) => s + m.weight, 0)).toBeCloseTo(1, 5);
    for (let i = 1; i < members.length; i++) expect(members[i].weight).toBeLessThanOrEqual(members[i - 1].weight);
    expect(field.model.selection!.validLoss).toBeLessThanOrEqual(field.model.selection!.bestSingleValidLoss);
    expect(learnerJson(outcome.artifact).kind).toBe("ensemble");
  });

  it("predicts probabilities from the ensemble's log-odds, and its factors are shares summing to 1", () => {
    const model = loadModel(outcome.artifact);
    const rows = [
      { a: 2, b: -1, c: 0.9, kind: "p" },
      { a: -2, b: 2, c: 0.1, kind: "s" },
      { a: null, b: 0, c: 0.7, kind: "unseen" },
    ];
    const preds = model.predictRows(rows, { factors: true });
    expect(preds[0].label.probabilities!.yes).toBeGreaterThan(0.9);
    expect(preds[1].label.probabilities!.yes).toBeLessThan(0.1);
    for (const p of preds) {
      expect(p.label.probabilities!.yes + p.label.probabilities!.no).toBeCloseTo(1, 12);
      const f = p.label.factors!;
      expect(Object.keys(f).sort()).toEqual(["a", "b", "c", "kind"]);
      expect(Object.values(f).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
    }
  });

  it("explains exactly: field contributions sum to the difference of two rows' log-odds", () => {
    const fm = new FieldModel(decodeArtifact(outcome.artifact).models[0]);
    const x = fm.preprocessor.transformTable(table, Int32Array.from([0, 1, 2, 3, 4]));
    const rows = Int32Array.from([0, 1, 2, 3, 4]);
    const c = fm.fieldContributions(x, rows, new Int32Array(5));
    const p = fm.learner.predict(x);
    const logit = (q: number) => Math.log(q / (1 - q));
    const G = fm.json.inputFields.length;
    const sum = (i: number) => {
      let s = 0;
      for (let g = 0; g < G; g++) s += c[i * G + g];
      return s;
    };
    for (let i = 1; i < 5; i++) expect(logit(p[i]) - logit(p[0])).toBeCloseTo(sum(i) - sum(0), 8);
  });

  it("its insights report comes from the ensemble: worst holdout rows with factors, partial dependence", () => {
    const insights = field.insights!;
    expect(insights.holdoutRows).toBe(800);
    const fp = insights.examples.falsePositives!;
    expect(fp.length).toBeGreaterThan(0);
    expect(fp[0].score).toBeGreaterThan(0.5);
    expect(fp[0].factors.length).toBeGreaterThan(0);
    // P(yes) rises with a (0.9 per unit of log-odds over [-3, 3]) and falls with b.
    const a = insights.partialDependence.find((p) => p.field === "a")!;
    const b = insights.partialDependence.find((p) => p.field === "b")!;
    expect(a.rows).toBeGreaterThanOrEqual(10);
    expect(a.average![a.average!.length - 1]).toBeGreaterThan(a.average![0] + 0.4);
    expect(b.average![b.average!.length - 1]).toBeLessThan(b.average![0] - 0.3);
    expect(field.timings.insights).toBeGreaterThanOrEqual(0);
  });

  it("keeps honest holdout statistics and an importance per field", () => {
    expect(field.metrics.auc).toBeGreaterThan(0.8);
    expect(field.rows.holdout).toBe(800);
    const imp = outcome.result.field_importance;
    expect(Object.values(imp).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 6);
    expect(imp.a).toBeGreaterThan(0.1);
    expect(imp.label).toBe(0);
  });
});

describe("trainModel with ensembles: budgets, determinism, cancellation", () => {
  it("is deterministic for a seed", async () => {
    const table = mixedTable(4000, 4);
    const run = () => trainModel({ table, predictFields: ["label"], budgetSeconds: 30, threads: 1, seed: 2, maxTrials: 5 });
    const [a, b] = [await run(), await run()];
    expect(a.result).toEqual(b.result);
    expect(a.report.fields[0].model.ensemble).toEqual(b.report.fields[0].model.ensemble);
    expect(loadModel(a.artifact).predictTable(table)).toEqual(loadModel(b.artifact).predictTable(table));
  });

  it("ends by the deadline, refits included", async () => {
    const table = mixedTable(20_000, 6);
    const t0 = Date.now();
    const out = await trainModel({ table, predictFields: ["label"], budgetSeconds: 3, threads: 1, seed: 1 });
    // The budget plus the slack of a busy machine (one round or tree past an estimate).
    expect(Date.now() - t0).toBeLessThan(3000 + 1500);
    expect(out.report.fields[0].candidatesTried).toBeGreaterThan(0);
  });

  it("stops when cancelled during the search", async () => {
    const table = mixedTable(20_000, 7);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const t0 = Date.now();
    await expect(trainModel({ table, predictFields: ["label"], budgetSeconds: 30, threads: 1, signal: controller.signal })).rejects.toMatchObject({
      code: "aborted",
    });
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

describe("regression ensembles", () => {
  it("may include log-target members; predictions stay positive and factors are shares", async () => {
    // Price-like target: multiplicative effects, long right tail.
    const rng = new Rng(11);
    const n = 4000;
    const size: number[] = [];
    const grade: string[] = [];
    const price: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = 0.2 + rng.next() * 2.5;
      const g = ["A", "B", "C"][rng.nextInt(3)];
      size.push(s);
      grade.push(g);
      price.push(Math.round(400 * Math.exp(1.7 * s) * (g === "A" ? 1.6 : g === "B" ? 1.2 : 1) * Math.exp((rng.next() - 0.5) * 0.3)));
    }
    const table: Table = { rowCount: n, columns: [numberColumn("size", size), textColumn("grade", grade), numberColumn("price", price, "integer")] };
    const out = await trainModel({ table, predictFields: ["price"], budgetSeconds: 30, threads: 1, seed: 3, maxTrials: 8 });
    const f = out.report.fields[0];
    const params = [f.model.params, ...(f.model.ensemble ?? []).map((m) => m.params)];
    expect(f.leaderboard.some((r) => r.params.family === "gbdt" && r.params.targetTransform === "log")).toBe(true);
    expect(f.metrics.r2).toBeGreaterThan(0.95);
    const model = loadModel(out.artifact);
    const preds = model.predictRows(
      [
        { size: 0.3, grade: "C" },
        { size: 2.6, grade: "A" },
      ],
      { factors: true },
    );
    expect(preds[0].price.value as number).toBeGreaterThan(0);
    expect(preds[1].price.value as number).toBeGreaterThan(preds[0].price.value as number);
    for (const p of preds) expect(Object.values(p.price.factors!).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
    expect(params.length).toBeGreaterThan(0);
  });
});

describe("artifacts from before ensembles", () => {
  it("load and predict with a two-model blend learner", async () => {
    const table = mixedTable(600, 9);
    const out = await trainModel({ table, predictFields: ["label"], budgetSeconds: 5, threads: 1, seed: 1, maxTrials: 2 });
    const json = JSON.parse(gunzipSync(out.artifact).toString("utf8"));
    const fm = new FieldModel(json.models[0]);
    const x = fm.preprocessor.transformTable(table);
    const y = Float64Array.from({ length: table.rowCount }, (_, i) => ((table.columns[4] as { codes: Int32Array }).codes[i] === 0 ? 1 : 0));
    const { trainGbdt } = await import("./core");
    const { trainLinear } = await import("./linear");
    const blend: LearnerJson = {
      kind: "blend",
      members: [
        { weight: 0.7, learner: new TreeLearner(trainGbdt(x, y, { objective: "binary", maxRounds: 10 })).toJSON() },
        { weight: 0.3, learner: new LinearLearner(trainLinear(x, y, { objective: "binary", lambda: 0.01 })).toJSON() },
      ],
    };
    json.models[0].learner = blend;
    const model = loadModel(new Uint8Array(gzipSync(Buffer.from(JSON.stringify(json)))));
    const [p] = model.predictRows([{ a: 1, b: 0, c: 0.2, kind: "p" }], { factors: true });
    expect(p.label.probabilities!.yes + p.label.probabilities!.no).toBeCloseTo(1, 12);
    expect(Object.values(p.label.factors!).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
  });
});
