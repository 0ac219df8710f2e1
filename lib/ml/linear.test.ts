import { describe, expect, it } from "vitest";
import type { FeatureMatrix } from "./core/types";
import { Rng } from "./core/random";
import { trainLinear } from "./linear";
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
});
