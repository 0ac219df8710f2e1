import { describe, expect, it } from "vitest";
import { seasonalSeries } from "../testing";
import { akaikeWeights, etsAicWeightedMethod, WeightedModel } from "./ets-weighted";
import { reviveModel } from "./registry";
import type { FittedModel } from "./types";

/** A member with a constant forecast and spread. */
const constant = (value: number, sd: number): FittedModel => ({
  name: `constant ${value}`,
  forecast: (h) => new Float64Array(h).fill(value),
  spread: (h) => new Float64Array(h).fill(sd),
  toJSON: () => ({ type: "naive", kind: "mean", value }),
});

describe("Akaike weights", () => {
  it("exp(-(AICc - min) / 2), normalised", () => {
    // raw 1, e^-1 = 0.367879, e^-5 = 0.006738; sum 1.374617; 1 / 1.374617 = 0.727475
    const w = akaikeWeights([100, 102, 110]);
    expect(w[0]).toBeCloseTo(0.727475, 5);
    expect(w[1]).toBeCloseTo(0.267623, 5);
    expect(w[2]).toBeCloseTo(0.004902, 5);
  });

  it("gives a failed fit (non-finite AICc) no weight", () => {
    expect(akaikeWeights([Infinity, 50, Number.NaN])).toEqual([0, 1, 0]);
  });
});

describe("Akaike-weighted model", () => {
  it("forecasts the weighted mean, with the sd of the mixture", () => {
    const model = WeightedModel.of([constant(10, 1), constant(20, 2)], [0.75, 0.25]);
    expect(Array.from(model.forecast(2))).toEqual([12.5, 12.5]);
    // 0.75 (1 + 2.5^2) + 0.25 (4 + 7.5^2) = 5.4375 + 15.0625 = 20.5
    expect(model.spread(1)[0]).toBeCloseTo(Math.sqrt(20.5), 10);
  });

  it("fits the ETS forms of a seasonal series, refits them on a shorter stretch, and survives JSON", () => {
    const y = seasonalSeries(72, { trend: 0.5, amplitude: 10, noise: 1, seed: 3 });
    const series = { y, periods: [12], positive: true };
    const model = etsAicWeightedMethod.fit(series) as WeightedModel;
    const weights = model.json.weights;
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // A trending seasonal series: the forms without a trend or a season carry (almost) no weight.
    expect(model.members.every((m) => /ETS\(.,A/.test(m.name) && !/,N\)$/.test(m.name))).toBe(true);
    const f = model.forecast(12);
    // Next year's mean is about a year of trend (12 x 0.5) above the last year's mean.
    const lastYear = y.slice(60).reduce((a, b) => a + b, 0) / 12;
    const nextYear = f.reduce((a, b) => a + b, 0) / 12;
    expect(nextYear - lastYear).toBeGreaterThan(4);
    expect(nextYear - lastYear).toBeLessThan(8);
    const refit = etsAicWeightedMethod.refit({ ...series, y: y.slice(0, 60) }, model) as WeightedModel;
    expect(refit.members.length).toBeLessThanOrEqual(model.members.length);
    expect(Array.from(reviveModel(JSON.parse(JSON.stringify(model.toJSON()))).forecast(3))).toEqual(Array.from(f.slice(0, 3)));
  });
});
