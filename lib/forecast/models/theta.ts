// The Theta method (Assimakopoulos & Nikolopoulos 2000) in Hyndman & Billah's form (2003), as
// forecast::thetaf: simple exponential smoothing plus half the slope of the least-squares line,
// on data seasonally adjusted by classical multiplicative decomposition when the lag-m
// autocorrelation is significant at 90%. Winner of the M3 competition and a strong M4 benchmark.
import { seasonalIndices } from "../decompose/classical";
import { isSeasonalByAcf, linearTrend } from "../math/stats";
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
