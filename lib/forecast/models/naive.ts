// Benchmarks every forecast must beat: the last value (naive), the value one season ago
// (seasonal naive), and the line from the first to the last value (random walk with drift).
import { sqrt } from "../math/util";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

export interface NaiveJson extends ModelJson {
  type: "naive";
  /** Last `period` values, oldest first. */
  last: number[];
  period: number;
  drift: number;
  sigma: number;
}

export class NaiveModel implements FittedModel {
  constructor(readonly json: NaiveJson) {}

  get name(): string {
    const { period, drift } = this.json;
    if (period > 1) return `seasonal naive (period ${period})`;
    return drift !== 0 ? "random walk with drift" : "naive (last value)";
  }

  forecast(h: number): Float64Array {
    const { last, period, drift } = this.json;
    const out = new Float64Array(h);
    for (let k = 1; k <= h; k++) out[k - 1] = last[(k - 1) % period] + drift * k;
    return out;
  }

  spread(h: number): Float64Array {
    const { period, sigma } = this.json;
    const out = new Float64Array(h);
    for (let k = 1; k <= h; k++) out[k - 1] = sigma * sqrt(Math.floor((k - 1) / period) + 1);
    return out;
  }

  toJSON(): NaiveJson {
    return this.json;
  }
}

export function fitNaive(y: Float64Array, period: number, withDrift: boolean): NaiveModel {
  const n = y.length;
  const p = Math.max(1, Math.min(period, n));
  const drift = withDrift && n > 1 ? (y[n - 1] - y[0]) / (n - 1) : 0;
  let ss = 0;
  let c = 0;
  for (let t = p; t < n; t++) {
    const e = y[t] - y[t - p] - drift * p;
    ss += e * e;
    c++;
  }
  const sigma = c > 1 ? Math.sqrt(ss / (c - (withDrift ? 1 : 0))) : 0;
  return new NaiveModel({ type: "naive", last: Array.from(y.subarray(n - p)), period: p, drift, sigma });
}

export const naiveMethod: Method = {
  id: "naive",
  cost: 0.1,
  applies: (s) => s.y.length >= 2,
  fit: (s: SeriesInput) => fitNaive(s.y, 1, false),
  refit: (s: SeriesInput) => fitNaive(s.y, 1, false),
};

export const seasonalNaiveMethod: Method = {
  id: "snaive",
  cost: 0.1,
  applies: (s) => s.periods.length > 0 && s.y.length > s.periods[0],
  fit: (s: SeriesInput) => fitNaive(s.y, s.periods[0], false),
  refit: (s: SeriesInput, t) => fitNaive(s.y, (t as NaiveModel).json.period, false),
};

export const driftMethod: Method = {
  id: "drift",
  cost: 0.1,
  applies: (s) => s.y.length >= 3,
  fit: (s: SeriesInput) => fitNaive(s.y, 1, true),
  refit: (s: SeriesInput) => fitNaive(s.y, 1, true),
};

export function reviveNaive(json: NaiveJson): NaiveModel {
  return new NaiveModel(json);
}
