// Classical decomposition (moving-average trend, mean seasonal index per position), as R's
// decompose(): used by Theta to seasonally adjust before smoothing.
import { centredMovingAverage } from "../models/ets";

/** Seasonal index per position t mod m, multiplicative (mean 1) or additive (mean 0). */
export function seasonalIndices(y: ArrayLike<number>, m: number, type: "multiplicative" | "additive"): Float64Array {
  const trend = centredMovingAverage(y, m);
  const sums = new Float64Array(m);
  const counts = new Float64Array(m);
  for (let t = 0; t < y.length; t++) {
    if (!Number.isFinite(trend[t])) continue;
    sums[t % m] += type === "multiplicative" ? y[t] / trend[t] : y[t] - trend[t];
    counts[t % m]++;
  }
  const idx = new Float64Array(m);
  for (let j = 0; j < m; j++) idx[j] = counts[j] ? sums[j] / counts[j] : type === "multiplicative" ? 1 : 0;
  let avg = 0;
  for (let j = 0; j < m; j++) avg += idx[j] / m;
  for (let j = 0; j < m; j++) idx[j] = type === "multiplicative" ? idx[j] / avg : idx[j] - avg;
  return idx;
}
