// Small statistics kernels over typed arrays: moments, quantiles, the normal quantile function,
// autocorrelations, the KPSS unit-root statistic and Guerrero's Box-Cox parameter.

export function mean(x: ArrayLike<number>, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i];
  return to > from ? s / (to - from) : NaN;
}

export function variance(x: ArrayLike<number>, from = 0, to = x.length): number {
  const n = to - from;
  if (n < 2) return 0;
  const m = mean(x, from, to);
  let s = 0;
  for (let i = from; i < to; i++) s += (x[i] - m) * (x[i] - m);
  return s / (n - 1);
}

/** Linear-interpolated quantile (type 7, as R's default) of finite values. */
export function quantile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).filter(Number.isFinite).sort();
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function median(values: ArrayLike<number>): number {
  return quantile(values, 0.5);
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let q: number;
  if (p < low) {
    q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) {
    q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Sample autocorrelations r_1..r_maxLag (biased estimator, as R's acf). */
export function autocorrelations(x: ArrayLike<number>, maxLag: number): Float64Array {
  const n = x.length;
  const m = mean(x);
  let c0 = 0;
  for (let i = 0; i < n; i++) c0 += (x[i] - m) * (x[i] - m);
  const out = new Float64Array(maxLag + 1);
  out[0] = 1;
  if (c0 <= 0) return out;
  for (let k = 1; k <= maxLag && k < n; k++) {
    let s = 0;
    for (let i = k; i < n; i++) s += (x[i] - m) * (x[i - k] - m);
    out[k] = s / c0;
  }
  return out;
}

/**
 * The classical seasonality test (as used by the Theta method in the M3/M4 competitions): the
 * autocorrelation at lag m is significant at the given one-sided level, with Bartlett's variance.
 */
export function isSeasonalByAcf(x: ArrayLike<number>, m: number, z = 1.645): boolean {
  if (m < 2 || x.length < 3 * m) return false;
  const r = autocorrelations(x, m);
  let s = 1;
  for (let k = 1; k < m; k++) s += 2 * r[k] * r[k];
  return Math.abs(r[m]) > z * Math.sqrt(s / x.length);
}

/**
 * KPSS statistic for level stationarity with the Newey-West long-run variance, lag truncation
 * trunc(3 sqrt(n) / 13) as forecast::ndiffs passes to urca::ur.kpss. Above 0.463 rejects
 * stationarity at 5%.
 */
export function kpssStatistic(x: ArrayLike<number>): number {
  const n = x.length;
  if (n < 4) return 0;
  const m = mean(x);
  const e = new Float64Array(n);
  for (let i = 0; i < n; i++) e[i] = x[i] - m;
  let partial = 0;
  let eta = 0;
  for (let i = 0; i < n; i++) {
    partial += e[i];
    eta += partial * partial;
  }
  eta /= n * n;
  const lags = Math.trunc((3 * Math.sqrt(n)) / 13);
  let s2 = 0;
  for (let i = 0; i < n; i++) s2 += e[i] * e[i];
  s2 /= n;
  for (let l = 1; l <= lags; l++) {
    let cov = 0;
    for (let i = l; i < n; i++) cov += e[i] * e[i - l];
    s2 += (2 * (1 - l / (lags + 1)) * cov) / n;
  }
  return s2 > 0 ? eta / s2 : 0;
}

export const KPSS_CRITICAL_5 = 0.463;

export function boxCox(y: number, lambda: number): number {
  return lambda === 0 ? Math.log(y) : (Math.pow(y, lambda) - 1) / lambda;
}

export function invBoxCox(z: number, lambda: number): number {
  if (lambda === 0) return Math.exp(z);
  const base = lambda * z + 1;
  // Outside the transform's range the back-transform does not exist: the series' floor (0).
  return base <= 0 ? 0 : Math.pow(base, 1 / lambda);
}

/**
 * Guerrero's (1993) Box-Cox parameter in [-1, 2] (as forecast::BoxCox.lambda): the lambda that
 * makes sd/mean^(1-lambda) most constant across subseries of one period each.
 */
export function guerreroLambda(x: ArrayLike<number>, period: number): number {
  const m = Math.max(2, period);
  const groups = Math.floor(x.length / m);
  if (groups < 2) return 1;
  const means = new Float64Array(groups);
  const sds = new Float64Array(groups);
  const offset = x.length - groups * m;
  for (let g = 0; g < groups; g++) {
    const from = offset + g * m;
    means[g] = mean(x, from, from + m);
    sds[g] = Math.sqrt(variance(x, from, from + m));
    if (!(means[g] > 0)) return 1;
  }
  const cv = (lambda: number) => {
    const r = new Float64Array(groups);
    for (let g = 0; g < groups; g++) r[g] = sds[g] / Math.pow(means[g], 1 - lambda);
    const mu = mean(r);
    return mu > 0 ? Math.sqrt(variance(r)) / mu : Infinity;
  };
  // Golden-section search on [-1, 2].
  let a = -1;
  let b = 2;
  const phi = (Math.sqrt(5) - 1) / 2;
  let c = b - phi * (b - a);
  let d = a + phi * (b - a);
  let fc = cv(c);
  let fd = cv(d);
  for (let i = 0; i < 60; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - phi * (b - a);
      fc = cv(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + phi * (b - a);
      fd = cv(d);
    }
  }
  return (a + b) / 2;
}

/** Least-squares line through (i, x[i]): [intercept, slope]. */
export function linearTrend(x: ArrayLike<number>): [number, number] {
  const n = x.length;
  if (n < 2) return [n ? x[0] : 0, 0];
  const tm = (n - 1) / 2;
  const xm = mean(x);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - tm) * (x[i] - xm);
    sxx += (i - tm) * (i - tm);
  }
  const slope = sxy / sxx;
  return [xm - slope * tm, slope];
}

/**
 * The MASE denominator: mean absolute difference between each value and the value one season
 * earlier (lag 1 without seasonality). Falls back to lag 1, then to the mean level, so that it is
 * never 0 for a series that moves at all.
 */
export function maseScale(x: ArrayLike<number>, period: number): number {
  const lagged = (lag: number) => {
    let s = 0;
    let c = 0;
    for (let i = lag; i < x.length; i++) {
      const d = Math.abs(x[i] - x[i - lag]);
      if (Number.isFinite(d)) {
        s += d;
        c++;
      }
    }
    return c ? s / c : 0;
  };
  const m = period > 1 && x.length > period ? period : 1;
  let scale = lagged(m);
  if (!(scale > 0) && m > 1) scale = lagged(1);
  if (!(scale > 0)) scale = Math.abs(mean(x)) * 0.01;
  return scale > 0 ? scale : 1;
}
