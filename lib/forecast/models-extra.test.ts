import { describe, expect, it } from "vitest";
import { boxCox, guerreroLambda, invBoxCox } from "./math/stats";
import { fitEtsForm } from "./models/ets";
import { reviveModel } from "./models/registry";
import { fitOptimisedTheta, thetaRun } from "./models/theta";
import { type BoxCoxModel, boxCoxMethod } from "./models/transform";
import type { Method } from "./models/types";

// AirPassengers (R's datasets), monthly 1949-1960.
const AIR = [
  112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199,
  199, 184, 162, 146, 166, 171, 180, 193, 181, 183, 218, 230, 242, 209, 191, 172, 194, 196, 196, 236, 235, 229, 243, 264, 272, 237, 211, 180, 201, 204, 188,
  235, 227, 234, 264, 302, 293, 259, 229, 203, 229, 242, 233, 267, 269, 270, 315, 364, 347, 312, 274, 237, 278, 284, 277, 317, 313, 318, 374, 413, 405, 355,
  306, 271, 306, 315, 301, 356, 348, 355, 422, 465, 467, 404, 347, 305, 336, 340, 318, 362, 348, 363, 435, 491, 505, 404, 359, 310, 337, 360, 342, 406, 396,
  420, 472, 548, 559, 463, 407, 362, 405, 417, 391, 419, 461, 472, 535, 622, 606, 508, 461, 390, 432,
];
const SMALL = [12, 15, 14, 18, 21, 19, 24, 27, 25, 30, 33, 31, 36, 40, 38, 44];

describe("Box-Cox transformed methods", () => {
  it("Guerrero's lambda matches forecast::BoxCox.lambda", () => {
    // R: BoxCox.lambda(AirPassengers) = -0.2947156; BoxCox.lambda(ts(x, frequency = 4)) = 0.7006686; BoxCox.lambda(x) = 0.585041.
    expect(guerreroLambda(AIR, 12)).toBeCloseTo(-0.2947, 3);
    expect(guerreroLambda(SMALL, 4)).toBeCloseTo(0.7007, 3);
    expect(guerreroLambda(SMALL, 1)).toBeCloseTo(0.585, 3);
    for (const lambda of [-0.5, 0, 0.585, 1.5]) expect(invBoxCox(boxCox(37, lambda), lambda)).toBeCloseTo(37, 10);
  });

  it("ETS(A,A,N) on Box-Cox values forecasts as forecast::ets(x, 'AAN', lambda = BoxCox.lambda(x))", () => {
    const aan: Method = {
      id: "aan",
      cost: 1,
      applies: () => true,
      fit: (s) => fitEtsForm(s.y, { error: "A", trend: "A", season: "N" }, 1)!,
      refit: (s) => fitEtsForm(s.y, { error: "A", trend: "A", season: "N" }, 1)!,
    };
    const method = boxCoxMethod(aan);
    expect(method.id).toBe("aan-bc");
    const model = method.fit({ y: Float64Array.from(SMALL), periods: [], positive: true });
    // R 4.x forecast 8.20: 45.67558 48.29161 50.96782 (back-transformed medians).
    const f = model.forecast(3);
    const r = [45.67558, 48.29161, 50.96782];
    for (let k = 0; k < 3; k++) expect(Math.abs(f[k] - r[k]) / r[k]).toBeLessThan(2e-3);
    // Delta method: the spread is the inner sd times dy/dz = y^(1 - lambda); it grows with the step.
    const s = model.spread(3);
    expect(s[0]).toBeGreaterThan(0);
    expect(s[2]).toBeGreaterThan(s[0]);
    const revived = reviveModel(JSON.parse(JSON.stringify(model.toJSON())));
    expect(Array.from(revived.forecast(3))).toEqual(Array.from(f));
    // The refit keeps the lambda chosen on the whole history.
    const refit = method.refit({ y: Float64Array.from(SMALL.slice(0, 12)), periods: [], positive: true }, model);
    expect((refit as BoxCoxModel).json.lambda).toBe((model as BoxCoxModel).json.lambda);
  });

  it("stands aside when lambda is the log or the plain method already in the pool", () => {
    const y = Float64Array.from({ length: 60 }, (_, t) => 100 * Math.exp(0.03 * t) * (1 + 0.1 * Math.sin(t)));
    const method = boxCoxMethod({ id: "x", cost: 1, applies: () => true, fit: () => fail(), refit: () => fail() });
    expect(Math.abs(guerreroLambda(y, 1))).toBeLessThan(0.1);
    expect(() => method.fit({ y, periods: [], positive: true })).toThrow(/log method/);
  });
});

function fail(): never {
  throw new Error("inner method must not be fitted");
}

describe("optimised Theta (OTM, DOTM)", () => {
  it("the OTM recursion by hand", () => {
    // x = 1, 3, 2; line A + B t = 0.5 + 0.5 t; alpha 0.5, theta 2 (weight 1/2), l_0 = 1.
    // mu_1 = 1 + (0.5 + 0.5) / 2 = 1.5, l_1 = 1; mu_2 = 1 + (0.25 + 0.75) / 2 = 1.5, l_2 = 2;
    // mu_3 = 2 + (0.125 + 0.875) / 2 = 2.5, l_3 = 2. Errors -0.5, 1.5, -0.5.
    const run = thetaRun([1, 3, 2], 0.5, 2, 1, { A: 0.5, B: 0.5 });
    expect(run.sse).toBeCloseTo(2.75, 12);
    expect(run.level).toBeCloseTo(2, 12);
  });

  it("DOTM's line is the least-squares line of the values so far", () => {
    // Through (1, 1), (2, 3), (3, 2): slope 0.5, intercept 1.
    const run = thetaRun([1, 3, 2], 0.5, 2, 1);
    expect(run.B).toBeCloseTo(0.5, 12);
    expect(run.A).toBeCloseTo(1, 12);
  });

  it("fits at least as well as the classical theta = 2, forecasts by its formula, survives JSON", () => {
    const y = Float64Array.from(SMALL);
    for (const dynamic of [false, true]) {
      const model = fitOptimisedTheta(y, 1, true, dynamic);
      const { theta, alpha, A, B, level, n } = model.json;
      expect(theta).toBeGreaterThanOrEqual(1);
      const line = dynamic ? undefined : { A, B };
      let classical = Infinity;
      for (let al = 0.01; al < 1; al += 0.01) for (let l0 = 0; l0 < 30; l0 += 0.25) classical = Math.min(classical, thetaRun(y, al, 2, l0, line).sse);
      expect(model.json.sigma ** 2 * (n - 4)).toBeLessThanOrEqual(classical + 1e-6);
      const f = model.forecast(2);
      const w = 1 - 1 / theta;
      expect(f[1]).toBeCloseTo(level + w * ((1 - alpha) ** n * A + (1 + (1 - (1 - alpha) ** (n + 1)) / alpha) * B), 10);
      expect(Array.from(reviveModel(JSON.parse(JSON.stringify(model.toJSON()))).forecast(4))).toEqual(Array.from(model.forecast(4)));
    }
  });
});
