import { describe, expect, it } from "vitest";
import { mstl, stl } from "./decompose/stl";
import { armaExactLikelihood } from "./models/arma-likelihood";
import { fitArimaOrder, fitAutoArima } from "./models/arima";
import { fitEtsForm, fitAutoEts } from "./models/ets";
import { fitNaive, seasonalNaiveMethod } from "./models/naive";
import { reviveModel } from "./models/registry";
import { fitTheta } from "./models/theta";
import { makeRandom } from "./testing";

describe("seasonal naive", () => {
  it("repeats the last season, with a spread that grows once per season", () => {
    const y = Float64Array.from({ length: 24 }, (_, t) => (t % 12) * 10 + Math.floor(t / 12));
    const model = seasonalNaiveMethod.fit({ y, periods: [12], positive: true });
    expect(Array.from(model.forecast(14))).toEqual([1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101, 111, 1, 11]);
    // In-sample seasonal differences are all exactly 1: sigma = 1.
    const spread = model.spread(13);
    expect(spread[0]).toBeCloseTo(1, 10);
    expect(spread[11]).toBeCloseTo(1, 10);
    expect(spread[12]).toBeCloseTo(Math.SQRT2, 10);
    expect(Array.from(reviveModel(JSON.parse(JSON.stringify(model.toJSON()))).forecast(3))).toEqual([1, 11, 21]);
  });

  it("drift extends the line from the first to the last value", () => {
    const model = fitNaive(Float64Array.from([2, 4, 5, 8]), 1, true);
    expect(Array.from(model.forecast(2))).toEqual([10, 12]);
  });
});

describe("ETS", () => {
  it("simple exponential smoothing by hand: the recursion and the flat forecast", () => {
    const y = Float64Array.from([10, 12, 11, 13, 12, 14, 13, 15, 14, 16]);
    const model = fitEtsForm(y, { error: "A", trend: "N", season: "N" }, 1)!;
    const { alpha } = model.json.params;
    // Replay the level recursion from the fitted initial level: l_t = l_{t-1} + alpha (y_t - l_{t-1}).
    const l0 = model.json.optimum![1];
    let level = l0;
    for (const v of y) level += alpha * (v - level);
    expect(model.json.level).toBeCloseTo(level, 8);
    expect(Array.from(model.forecast(3))).toEqual([level, level, level]);
  });

  it("recovers the smoothing parameter of a simulated ETS(A,N,N) series", () => {
    const rnd = makeRandom(7);
    const alpha = 0.3;
    let level = 50;
    const y = new Float64Array(400);
    for (let t = 0; t < y.length; t++) {
      const e = rnd.normal();
      y[t] = level + e;
      level += alpha * e;
    }
    const model = fitEtsForm(y, { error: "A", trend: "N", season: "N" }, 1)!;
    expect(model.json.params.alpha).toBeGreaterThan(0.2);
    expect(model.json.params.alpha).toBeLessThan(0.4);
    expect(Math.sqrt(model.json.sigma2)).toBeCloseTo(1, 1);
  });

  it("picks a seasonal form by AICc for a seasonal series and forecasts its pattern", () => {
    const rnd = makeRandom(3);
    const y = Float64Array.from({ length: 96 }, (_, t) => 200 + 2 * t + 30 * Math.sin((2 * Math.PI * t) / 12) + rnd.normal());
    const model = fitAutoEts(y, 12, { positive: true })!;
    expect(model.json.form.season).not.toBe("N");
    const f = model.forecast(12);
    for (let k = 0; k < 12; k++) expect(Math.abs(f[k] - (200 + 2 * (96 + k) + 30 * Math.sin((2 * Math.PI * (96 + k)) / 12)))).toBeLessThan(6);
  });
});

describe("ARIMA", () => {
  it("the exact likelihood of an AR(1) matches its closed form", () => {
    const x = Float64Array.from([0.5, -0.3, 1.2, 0.8, -0.1, 0.4, -0.9, 0.2]);
    const phi = 0.6;
    const lik = armaExactLikelihood(x, Float64Array.of(phi), new Float64Array(0))!;
    // x_1 ~ N(0, 1/(1-phi^2)); x_t | x_{t-1} ~ N(phi x_{t-1}, 1): r_0 = 1/(1-phi^2), r_t = 1.
    let ssq = x[0] * x[0] * (1 - phi * phi);
    for (let t = 1; t < x.length; t++) ssq += (x[t] - phi * x[t - 1]) ** 2;
    expect(lik.ssq).toBeCloseTo(ssq, 10);
    expect(lik.sumLog).toBeCloseTo(Math.log(1 / (1 - phi * phi)), 10);
  });

  it("the exact likelihood of an MA(1) matches the Gaussian density of its covariance matrix", () => {
    const x = Float64Array.from([0.3, -1.1, 0.7]);
    const theta = 0.5;
    const lik = armaExactLikelihood(x, new Float64Array(0), Float64Array.of(theta))!;
    // Covariance: 1 + theta^2 on the diagonal, theta next to it. det and quadratic form by hand.
    const a = 1 + theta * theta;
    const b = theta;
    const det = a * (a * a - b * b) - b * (b * a);
    const inv = [
      [(a * a - b * b) / det, (-b * a) / det, (b * b) / det],
      [(-b * a) / det, (a * a) / det, (-a * b) / det],
      [(b * b) / det, (-a * b) / det, (a * a - b * b) / det],
    ];
    let quad = 0;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) quad += x[i] * inv[i][j] * x[j];
    expect(lik.ssq).toBeCloseTo(quad, 10);
    expect(lik.sumLog).toBeCloseTo(Math.log(det), 10);
  });

  it("estimates a simulated AR(1) and selects a low order", () => {
    const rnd = makeRandom(11);
    const y = new Float64Array(300);
    for (let t = 1; t < y.length; t++) y[t] = 0.7 * y[t - 1] + rnd.normal();
    const fit = fitArimaOrder(y, { p: 1, d: 0, q: 0, P: 0, D: 0, Q: 0, m: 1, constant: true })!;
    expect(fit.json.ar[0]).toBeGreaterThan(0.6);
    expect(fit.json.ar[0]).toBeLessThan(0.8);
    const auto = fitAutoArima(y, 1)!;
    expect(auto.json.order.d).toBe(0);
    expect(auto.json.order.p + auto.json.order.q).toBeLessThanOrEqual(3);
    // Forecasts decay towards the mean.
    const f = auto.forecast(50);
    expect(Math.abs(f[49] - auto.json.mu)).toBeLessThan(Math.abs(f[0] - auto.json.mu) + 1e-9);
  });
});

describe("Theta, STL and MSTL", () => {
  it("Theta's forecast is the SES level plus half the linear slope", () => {
    const y = Float64Array.from({ length: 40 }, (_, t) => 5 + 0.5 * t);
    const model = fitTheta(y, 1, true);
    expect(model.json.halfSlope).toBeCloseTo(0.25, 8);
    const f = model.forecast(2);
    expect(f[1] - f[0]).toBeCloseTo(0.25, 8);
  });

  it("STL and MSTL recover known seasonal patterns", () => {
    const n = 24 * 7 * 4;
    const daily = (t: number) => 10 * Math.sin((2 * Math.PI * t) / 24);
    const weekly = (t: number) => (Math.floor(t / 24) % 7 >= 5 ? -8 : 3);
    const y = Float64Array.from({ length: n }, (_, t) => 100 + 0.01 * t + daily(t) + weekly(t));
    const one = stl(
      y.map((v, t) => v - weekly(t)),
      24,
      { seasonalWindow: 11 },
    );
    for (let t = 48; t < 72; t++) expect(one.seasonal[t]).toBeCloseTo(daily(t), 0);
    const both = mstl(y, [24, 168]);
    expect(both.periods).toEqual([24, 168]);
    // Daily + weekly together (the weekly pattern centred on its mean) are recovered to within
    // about a tenth of their combined range of ~31.
    const weeklyMean = (3 * 5 - 8 * 2) / 7;
    let total = 0;
    for (let t = 168; t < n - 168; t++) total += Math.abs(both.seasonals[0][t] + both.seasonals[1][t] - daily(t) - (weekly(t) - weeklyMean));
    expect(total / (n - 336)).toBeLessThan(1.5);
  });
});
