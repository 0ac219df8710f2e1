// The Theta method (Assimakopoulos & Nikolopoulos 2000) in Hyndman & Billah's form (2003), as
// forecast::thetaf: simple exponential smoothing plus half the slope of the least-squares line,
// on data seasonally adjusted by classical multiplicative decomposition when the lag-m
// autocorrelation is significant at 90%. Winner of the M3 competition and a strong M4 benchmark.
import { seasonalIndices } from "../decompose/classical";
import { minimizeNelderMead } from "../math/optimize";
import { isSeasonalByAcf, linearTrend, variance } from "../math/stats";
import { fitEtsForm } from "./ets";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

export interface ThetaJson extends ModelJson {
  type: "theta";
  level: number;
  alpha: number;
  n: number;
  halfSlope: number;
  sigma: number;
  /** Seasonal indices by position (t mod period), or empty. */
  seasonal: number[];
  multiplicative: boolean;
}

export class ThetaModel implements FittedModel {
  constructor(readonly json: ThetaJson) {}

  get name(): string {
    return this.json.seasonal.length ? `Theta (seasonally adjusted, period ${this.json.seasonal.length})` : "Theta";
  }

  forecast(h: number): Float64Array {
    const { level, alpha, n, halfSlope, seasonal, multiplicative } = this.json;
    const out = new Float64Array(h);
    const tail = (1 - Math.pow(1 - alpha, n)) / alpha;
    for (let k = 0; k < h; k++) {
      let v = level + halfSlope * (k + tail);
      if (seasonal.length) {
        const s = seasonal[(n + k) % seasonal.length];
        v = multiplicative ? v * s : v + s;
      }
      out[k] = v;
    }
    return out;
  }

  spread(h: number): Float64Array {
    const { alpha, sigma, seasonal, multiplicative, n } = this.json;
    const out = new Float64Array(h);
    for (let k = 0; k < h; k++) {
      const sd = sigma * Math.sqrt(1 + k * alpha * alpha);
      out[k] = seasonal.length && multiplicative ? sd * seasonal[(n + k) % seasonal.length] : sd;
    }
    return out;
  }

  toJSON(): ThetaJson {
    return this.json;
  }
}

/** `forceSeasonal`: skip the seasonality test (a refit of a model that found seasonality). */
export function fitTheta(y: Float64Array, m: number, positive: boolean, forceSeasonal?: boolean): ThetaModel {
  const n = y.length;
  let seasonal: Float64Array | null = null;
  let adjusted = y;
  const multiplicative = positive;
  if (m > 1 && n > 2 * m && (forceSeasonal ?? isSeasonalByAcf(y, m))) {
    seasonal = seasonalIndices(y, m, multiplicative ? "multiplicative" : "additive");
    if (multiplicative && seasonal.some((s) => Math.abs(s) < 1e-4)) seasonal = null;
    else {
      adjusted = new Float64Array(n);
      for (let t = 0; t < n; t++) adjusted[t] = multiplicative ? y[t] / seasonal![t % m] : y[t] - seasonal![t % m];
    }
  }
  const ses = fitEtsForm(adjusted, { error: "A", trend: "N", season: "N" }, 1);
  if (!ses) throw new Error("Theta: simple exponential smoothing failed");
  const alpha = Math.max(1e-10, ses.json.params.alpha);
  const [, slope] = linearTrend(adjusted);
  return new ThetaModel({
    type: "theta",
    level: ses.json.level,
    alpha,
    n,
    halfSlope: slope / 2,
    sigma: Math.sqrt(ses.json.sigma2),
    seasonal: seasonal ? Array.from(seasonal) : [],
    multiplicative,
  });
}

export const thetaMethod: Method = {
  id: "theta",
  cost: 1,
  applies: (s) => s.y.length >= 6,
  fit: (s: SeriesInput) => fitTheta(s.y, s.periods.find((p) => s.y.length > 2 * p) ?? 1, s.positive),
  refit(s: SeriesInput, template) {
    const period = (template as ThetaModel).json.seasonal.length;
    return fitTheta(s.y, period > 1 && s.y.length > 2 * period ? period : 1, s.positive, period > 1);
  },
};

export function reviveTheta(json: ThetaJson): ThetaModel {
  return new ThetaModel(json);
}

// The optimised Theta methods of Fiorucci et al. (2016, "Models for optimising the Theta method and
// their relationship to state space models"), as forecTheta::otm / dotm, in their state-space form
// on the (seasonally adjusted) series x, t = 1..n:
//   mu_t = l_{t-1} + (1 - 1/theta) ((1-alpha)^(t-1) A + (1 - (1-alpha)^t) / alpha B),  l_t = alpha x_t + (1-alpha) l_{t-1}
// with A + B t the least-squares line of the whole series (OTM) or of x_1..x_{t-1}, updated each step
// (DOTM: every in-sample forecast uses only the past). Theta = 2 is the classical method; here theta
// (>= 1), alpha and l_0 minimise the in-sample one-step squared error, so the trend's weight is fitted.
// Step h after n values: l_n + (1 - 1/theta)((1-alpha)^n A + (h - 1 + (1 - (1-alpha)^(n+1))/alpha) B).
export interface DynamicThetaJson extends ModelJson {
  type: "theta-dyn";
  dynamic: boolean;
  theta: number;
  alpha: number;
  n: number;
  level: number;
  A: number;
  B: number;
  sigma: number;
  seasonal: number[];
  multiplicative: boolean;
}

export class DynamicThetaModel implements FittedModel {
  constructor(readonly json: DynamicThetaJson) {}

  get name(): string {
    const { theta, seasonal, dynamic } = this.json;
    return `${dynamic ? "Dynamic optimised" : "Optimised"} Theta (theta ${theta.toFixed(2)}${seasonal.length ? `, seasonally adjusted, period ${seasonal.length}` : ""})`;
  }

  forecast(h: number): Float64Array {
    const { theta, alpha, n, level, A, B, seasonal, multiplicative } = this.json;
    const out = new Float64Array(h);
    const decay = Math.pow(1 - alpha, n);
    const tail = (1 - Math.pow(1 - alpha, n + 1)) / alpha;
    for (let k = 0; k < h; k++) {
      let v = level + (1 - 1 / theta) * (decay * A + (k + tail) * B);
      if (seasonal.length) {
        const s = seasonal[(n + k) % seasonal.length];
        v = multiplicative ? v * s : v + s;
      }
      out[k] = v;
    }
    return out;
  }

  spread(h: number): Float64Array {
    const { alpha, sigma, seasonal, multiplicative, n } = this.json;
    const out = new Float64Array(h);
    for (let k = 0; k < h; k++) {
      const sd = sigma * Math.sqrt(1 + k * alpha * alpha);
      out[k] = seasonal.length && multiplicative ? sd * seasonal[(n + k) % seasonal.length] : sd;
    }
    return out;
  }

  toJSON(): DynamicThetaJson {
    return this.json;
  }
}

const THETA_MAX = 20;

/**
 * The recursions over x (t = 1..n): one-step SSE and the final states. `line`: the fixed line
 * (OTM); without it the line of the values so far (DOTM: A_1 = x_1, B_1 = 0; errors from t = 2).
 */
export function thetaRun(
  x: ArrayLike<number>,
  alpha: number,
  theta: number,
  level0: number,
  line?: { A: number; B: number },
): { sse: number; level: number; A: number; B: number } {
  const w = 1 - 1 / theta;
  let level = level0;
  let A = line ? line.A : x[0];
  let B = line ? line.B : 0;
  let mean = x[0];
  let sse = 0;
  let decay = 1; // (1 - alpha)^(t - 1)
  for (let t = 1; t <= x.length; t++) {
    const y = x[t - 1];
    if (line || t > 1) {
      const mu = level + w * (decay * A + ((1 - decay * (1 - alpha)) / alpha) * B);
      sse += (y - mu) * (y - mu);
    }
    level = alpha * y + (1 - alpha) * level;
    decay *= 1 - alpha;
    if (!line && t > 1) {
      B = ((t - 2) / (t + 1)) * B + ((6 / (t + 1)) * (y - mean)) / t;
      mean = ((t - 1) * mean + y) / t;
      A = mean - ((t + 1) * B) / 2;
    }
  }
  return { sse, level, A, B };
}

export function fitOptimisedTheta(y: Float64Array, m: number, positive: boolean, dynamic: boolean, forceSeasonal?: boolean): DynamicThetaModel {
  const n = y.length;
  let seasonal: Float64Array | null = null;
  let x = y;
  if (m > 1 && n > 2 * m && (forceSeasonal ?? isSeasonalByAcf(y, m))) {
    seasonal = seasonalIndices(y, m, positive ? "multiplicative" : "additive");
    if (positive && seasonal.some((s) => Math.abs(s) < 1e-4)) seasonal = null;
    else {
      x = new Float64Array(n);
      for (let t = 0; t < n; t++) x[t] = positive ? y[t] / seasonal![t % m] : y[t] - seasonal![t % m];
    }
  }
  // linearTrend indexes 0..n-1; the recursions index 1..n.
  const [a, b] = linearTrend(x);
  const line = dynamic ? undefined : { A: a - b, B: b };
  const objective = (p: Float64Array) => {
    const [alpha, theta, level0] = p;
    if (!(alpha >= 1e-4 && alpha <= 0.9999 && theta >= 1 && theta <= THETA_MAX)) return Infinity;
    return thetaRun(x, alpha, theta, level0, line).sse;
  };
  const scale = Math.max(1e-8, Math.sqrt(variance(x)));
  const result = minimizeNelderMead(objective, [0.5, 2, x[0]], { step: [0.2, 0.5, 0.5 * scale], maxEvaluations: 1500 });
  if (!Number.isFinite(result.value)) throw new Error("optimised Theta: no admissible fit");
  const [alpha, theta, level0] = result.x;
  const run = thetaRun(x, alpha, theta, level0, line);
  return new DynamicThetaModel({
    type: "theta-dyn",
    dynamic,
    theta,
    alpha,
    n,
    level: run.level,
    A: run.A,
    B: run.B,
    sigma: Math.sqrt(run.sse / Math.max(1, n - 4)),
    seasonal: seasonal ? Array.from(seasonal) : [],
    multiplicative: positive,
  });
}

function thetaMethodOf(id: string, dynamic: boolean): Method {
  return {
    id,
    cost: 1,
    applies: (s) => s.y.length >= 8,
    fit: (s: SeriesInput) => fitOptimisedTheta(s.y, s.periods.find((p) => s.y.length > 2 * p) ?? 1, s.positive, dynamic),
    refit(s: SeriesInput, template) {
      const period = (template as DynamicThetaModel).json.seasonal.length;
      return fitOptimisedTheta(s.y, period > 1 && s.y.length > 2 * period ? period : 1, s.positive, dynamic, period > 1);
    },
  };
}

export const optimisedThetaMethod = thetaMethodOf("theta-opt", false);
export const dynamicThetaMethod = thetaMethodOf("theta-dyn", true);

export function reviveDynamicTheta(json: DynamicThetaJson): DynamicThetaModel {
  return new DynamicThetaModel(json);
}
