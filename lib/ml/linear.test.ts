import { describe, expect, it } from "vitest";
import type { FeatureMatrix } from "./core/types";
import { Rng } from "./core/random";
import { LinearModel, trainLinear } from "./linear";
import { computeAuc } from "./metrics";

function matrix(cols: number[][], kinds: ("numeric" | "categorical")[] = [], categories: number[] = []): FeatureMatrix {
  return {
    rowCount: cols[0].length,
    features: cols.map((_, f) => ({ name: `f${f}`, kind: kinds[f] ?? "numeric", categories: categories[f] })),
    columns: cols.map((c) => Float64Array.from(c)),
  };
}

describe("linear models", () => {
  it("ridge regression recovers a linear function, one-hot categories included", () => {
    const rng = new Rng(3);
    const a: number[] = [];
    const c: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 400; i++) {
      a.push(rng.next() * 10);
      c.push(rng.nextInt(3));
      y.push(2 * a[i] + [0, 5, -5][c[i]] + 1);
    }
    const x = matrix([a, c], ["numeric", "categorical"], [0, 3]);
    const model = trainLinear(x, Float64Array.from(y), { objective: "regression", lambda: 1e-8, maxIterations: 500 });
    const p = model.predict(x);
    for (let i = 0; i < 20; i++) expect(p[i]).toBeCloseTo(y[i], 2);
    // Contributions + the model's mean prediction give the prediction back (additivity).
    const contrib = model.contributions(x, new Int32Array(400));
    let mean = 0;
    for (const v of p) mean += v / 400;
    const row = 7;
    expect(contrib[row * 2] + contrib[row * 2 + 1] + model.json.bias[0] * model.json.yStd + model.json.yMean).toBeCloseTo(p[row], 6);
    expect(mean).toBeGreaterThan(0);
  });

  it("logistic regression separates classes and treats missing values as the mean", () => {
    const rng = new Rng(5);
    const a: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 500; i++) {
      const v = rng.next() * 4 - 2;
      a.push(i % 50 === 0 ? NaN : v);
      y.push(rng.next() < 1 / (1 + Math.exp(-3 * v)) ? 1 : 0);
    }
    const x = matrix([a]);
    const model = trainLinear(x, Float64Array.from(y), { objective: "binary", lambda: 1e-3 });
    const p = model.predict(x);
    expect(computeAuc(y, p)).toBeGreaterThan(0.85);
    expect(model.predict(matrix([[2]]))[0]).toBeGreaterThan(0.9);
    expect(model.predict(matrix([[-2]]))[0]).toBeLessThan(0.1);
  });

  it("softmax regression gives rows of probabilities that sum to 1", () => {
    const a = Array.from({ length: 300 }, (_, i) => (i % 3) + (i % 7) * 0.01);
    const y = Float64Array.from(a, (v) => Math.floor(v));
    const x = matrix([a]);
    const model = trainLinear(x, y, { objective: "multiclass", numClasses: 3, lambda: 1e-4, maxIterations: 300 });
    const p = model.predict(x);
    for (let i = 0; i < 3; i++) expect(p[i * 3] + p[i * 3 + 1] + p[i * 3 + 2]).toBeCloseTo(1, 12);
    expect(p[0 * 3 + 0]).toBeGreaterThan(0.5);
    expect(p[2 * 3 + 2]).toBeGreaterThan(0.5);
  });

  it("one-hot logistic regression reproduces each category's rate, rare (clipped) categories and missing values included", () => {
    // The maximum-likelihood fit of a saturated one-hot model predicts each group's rate exactly:
    // a check of the sparse margins and gradients of indicator columns (their two values, clipping).
    const rng = new Rng(11);
    const rates = [0.1, 0.5, 0.8, 0.3, 0.65];
    const c: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const u = rng.next();
      // category 4 is rare (1%): its standardised indicator is clipped; 5% of values are missing.
      const cat = u < 0.05 ? NaN : u < 0.06 ? 4 : rng.nextInt(4);
      c.push(cat);
      const rate = cat !== cat ? 0.9 : rates[cat];
      y.push(rng.next() < rate ? 1 : 0);
    }
    const x = matrix([c], ["categorical"], [5]);
    const model = trainLinear(x, Float64Array.from(y), { objective: "binary", lambda: 1e-7, maxIterations: 1000 });
    const p = model.predict(x);
    for (const group of [0, 1, 2, 3, 4, NaN]) {
      const rows = c.map((v, i) => (Object.is(v, group) || v === group ? i : -1)).filter((i) => i >= 0);
      const rate = rows.reduce((s, i) => s + y[i], 0) / rows.length;
      expect(p[rows[0]]).toBeCloseTo(rate, 3);
    }
    expect(model.json.columns.some((col) => col.type === "cat" && col.category === 4)).toBe(true);
  });

  it("with bins, an additive model fits a shape that a line cannot, and contributions add up to the margin", () => {
    const rng = new Rng(7);
    const a: number[] = [];
    const b: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      a.push(i % 97 === 0 ? NaN : rng.next() * 6 - 3);
      b.push(rng.next());
      // P(1) high in the middle of a and rising with b: not monotone in a.
      const m = a[i] !== a[i] ? 0 : 2.5 - 2 * Math.abs(a[i]);
      y.push(rng.next() < 1 / (1 + Math.exp(-(m + 2 * b[i] - 1))) ? 1 : 0);
    }
    const x = matrix([a, b]);
    const yy = Float64Array.from(y);
    const line = trainLinear(x, yy, { objective: "binary", lambda: 1e-3 });
    const gam = trainLinear(x, yy, { objective: "binary", lambda: 1e-3, bins: 16 });
    expect(gam.json.columns.filter((col) => col.type === "bin" && col.feature === 0).length).toBeGreaterThanOrEqual(12);
    const aucLine = computeAuc(y, line.predict(x));
    const aucGam = computeAuc(y, gam.predict(x));
    expect(aucLine).toBeLessThan(0.72);
    expect(aucGam).toBeGreaterThan(aucLine + 0.1);
    // The shape in a: the middle above both ends.
    const at = (v: number) => gam.predict(matrix([[v], [0.5]]))[0];
    expect(at(0)).toBeGreaterThan(at(-2.8) + 0.4);
    expect(at(0)).toBeGreaterThan(at(2.8) + 0.4);
    // Exact explanation: per-field contributions + bias = the margin, row by row.
    const raw = gam.predictRaw(x);
    const contrib = gam.contributions(x, new Int32Array(x.rowCount));
    for (let i = 0; i < 50; i++) expect(contrib[i * 2] + contrib[i * 2 + 1] + gam.json.bias[0]).toBeCloseTo(raw[i], 10);
    // The artifact form (JSON; open bins have no bound) predicts the same.
    const back = new LinearModel(JSON.parse(JSON.stringify(gam.toJSON())));
    expect(Array.from(back.predict(x))).toEqual(Array.from(gam.predict(x)));
  });

  it("with pairs, the pair that interacts gets a grid: it fits what an additive model cannot, and factors still sum to the margin", () => {
    const rng = new Rng(11);
    const cols: number[][] = [[], [], [], []];
    const y: number[] = [];
    for (let i = 0; i < 6000; i++) {
      const a = i % 101 === 0 ? NaN : rng.next() * 2 - 1;
      const b = rng.next() * 2 - 1;
      const c = rng.nextInt(4);
      const d = rng.next();
      cols[0].push(a);
      cols[1].push(b);
      cols[2].push(c);
      cols[3].push(d);
      // The sign of a * b (an interaction, no main effect), plus an additive effect of c.
      const m = (a !== a ? 0 : a * b > 0 ? 2 : -2) + [0, 1, -1, 0.5][c];
      y.push(rng.next() < 1 / (1 + Math.exp(-m)) ? 1 : 0);
    }
    const x = matrix(cols, ["numeric", "numeric", "categorical", "numeric"], [0, 0, 4, 0]);
    const yy = Float64Array.from(y);
    const gam = trainLinear(x, yy, { objective: "binary", lambda: 1e-4, bins: 16 });
    const ga2m = trainLinear(x, yy, { objective: "binary", lambda: 1e-4, bins: 16, pairs: 1 });
    expect(gam.json.columns.some((col) => col.type === "pair")).toBe(false);
    const pairs = new Set(ga2m.json.columns.flatMap((col) => (col.type === "pair" ? [`${col.feature},${col.feature2}`] : [])));
    expect([...pairs]).toEqual(["0,1"]);
    expect(computeAuc(y, ga2m.predict(x))).toBeGreaterThan(computeAuc(y, gam.predict(x)) + 0.1);
    // Exact explanation: contributions + bias = the margin (the grid path of predictRaw against the
    // column-by-column one of contributions), each cell's term split equally between a and b.
    const raw = ga2m.predictRaw(x);
    const contrib = ga2m.contributions(x, new Int32Array(x.rowCount));
    for (let i = 0; i < 200; i++) expect(contrib.subarray(i * 4, i * 4 + 4).reduce((s, v) => s + v, 0) + ga2m.json.bias[0]).toBeCloseTo(raw[i], 10);
    const withoutPairs = new LinearModel({
      ...ga2m.json,
      columns: ga2m.json.columns.map((col) => col),
      weights: ga2m.json.weights.map((w, j) => (ga2m.json.columns[j].type === "pair" ? 0 : w)),
    });
    const mainOnly = withoutPairs.contributions(x, new Int32Array(x.rowCount));
    for (let i = 0; i < 200; i++) expect(contrib[i * 4] - mainOnly[i * 4]).toBeCloseTo(contrib[i * 4 + 1] - mainOnly[i * 4 + 1], 12);
    // The artifact form predicts the same; regression takes pairs too, multiclass fits none.
    const back = new LinearModel(JSON.parse(JSON.stringify(ga2m.toJSON())));
    expect(Array.from(back.predict(x))).toEqual(Array.from(ga2m.predict(x)));
    const reg = trainLinear(
      x,
      Float64Array.from(cols[0], (a, i) => (a !== a ? 0 : a * cols[1][i] > 0 ? 3 : -3)),
      { objective: "regression", lambda: 1e-4, bins: 16, pairs: 1 },
    );
    expect(reg.json.columns.some((col) => col.type === "pair" && col.feature === 0 && col.feature2 === 1)).toBe(true);
    const multi = trainLinear(x, Float64Array.from(cols[2]), { objective: "multiclass", numClasses: 4, lambda: 1e-4, bins: 16, pairs: 1 });
    expect(multi.json.columns.some((col) => col.type === "pair")).toBe(false);
  });
});
