// STL: Seasonal-Trend decomposition by Loess (Cleveland, Cleveland, McRae & Terpenning 1990),
// following the reference Fortran (stl.f, as in R's stats::stl) routine by routine, and MSTL
// (Bandara, Hyndman & Bergmeir 2021) for several seasonal periods. Internal arrays are 1-based
// like the Fortran, which keeps the index arithmetic checkable against the original.

export interface StlOptions {
  /** Seasonal smoothing span (odd, >= 7); "periodic" forces identical cycles. */
  seasonalWindow?: number | "periodic";
  trendWindow?: number;
  lowPassWindow?: number;
  robust?: boolean;
}

export interface StlResult {
  seasonal: Float64Array;
  trend: Float64Array;
  remainder: Float64Array;
}

const nextOdd = (x: number) => {
  const v = Math.round(x);
  return v % 2 === 0 ? v + 1 : v;
};

export function stl(y: ArrayLike<number>, period: number, options: StlOptions = {}): StlResult {
  const n = y.length;
  const np = Math.max(2, Math.round(period));
  if (n < 2 * np) throw new Error(`STL needs at least two periods (${2 * np} points), got ${n}`);
  const periodic = options.seasonalWindow === "periodic" || options.seasonalWindow === undefined;
  const ns = periodic ? 10 * n + 1 : nextOdd(Math.max(3, options.seasonalWindow as number));
  const isdeg = periodic ? 0 : 0;
  const nt = nextOdd(Math.max(3, options.trendWindow ?? Math.ceil((1.5 * np) / (1 - 1.5 / ns))));
  const nl = nextOdd(Math.max(3, options.lowPassWindow ?? np));
  const robust = options.robust ?? false;
  const ni = robust ? 1 : 2;
  const no = robust ? 15 : 0;
  const nsjump = Math.ceil(ns / 10);
  const ntjump = Math.ceil(nt / 10);
  const nljump = Math.ceil(nl / 10);

  const Y = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) Y[i + 1] = y[i];
  const rw = new Float64Array(n + 1);
  const season = new Float64Array(n + 1);
  const trend = new Float64Array(n + 1);
  const size = n + 2 * np + 1;
  const work = [0, 1, 2, 3, 4].map(() => new Float64Array(size));
  let userw = false;
  for (let k = 0; ; k++) {
    stlstp(Y, n, np, ns, nt, nl, isdeg, 1, 1, nsjump, ntjump, nljump, ni, userw, rw, season, trend, work);
    if (k + 1 > no) break;
    const fit = work[0];
    for (let i = 1; i <= n; i++) fit[i] = trend[i] + season[i];
    robustnessWeights(Y, n, fit, rw);
    userw = true;
  }
  const out: StlResult = { seasonal: new Float64Array(n), trend: new Float64Array(n), remainder: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    out.seasonal[i] = season[i + 1];
    out.trend[i] = trend[i + 1];
  }
  if (periodic) {
    // As R's stl(s.window = "periodic"): every cycle position gets its mean.
    const sums = new Float64Array(np);
    const counts = new Float64Array(np);
    for (let i = 0; i < n; i++) {
      sums[i % np] += out.seasonal[i];
      counts[i % np]++;
    }
    for (let i = 0; i < n; i++) out.seasonal[i] = sums[i % np] / counts[i % np];
  }
  for (let i = 0; i < n; i++) out.remainder[i] = y[i] - out.seasonal[i] - out.trend[i];
  return out;
}

function stlstp(
  y: Float64Array,
  n: number,
  np: number,
  ns: number,
  nt: number,
  nl: number,
  isdeg: number,
  itdeg: number,
  ildeg: number,
  nsjump: number,
  ntjump: number,
  nljump: number,
  ni: number,
  userw: boolean,
  rw: Float64Array,
  season: Float64Array,
  trend: Float64Array,
  work: Float64Array[],
) {
  const [w1, w2, w3, w4, w5] = work;
  for (let j = 0; j < ni; j++) {
    for (let i = 1; i <= n; i++) w1[i] = y[i] - trend[i];
    seasonalSmooth(w1, n, np, ns, isdeg, nsjump, userw, rw, w2, w3, w4, w5, season);
    lowPass(w2, n + 2 * np, np, w3, w1);
    loessSmooth(w3, n, nl, ildeg, nljump, false, w4, w1, w5);
    for (let i = 1; i <= n; i++) season[i] = w2[np + i] - w1[i];
    for (let i = 1; i <= n; i++) w1[i] = y[i] - season[i];
    loessSmooth(w1, n, nt, itdeg, ntjump, userw, rw, trend, w3);
  }
}

/** Loess estimate at xs from y[nleft..nright] (1-based). Returns NaN when all weights vanish. */
function loessEstimate(
  y: Float64Array,
  yOffset: number,
  n: number,
  len: number,
  ideg: number,
  xs: number,
  nleft: number,
  nright: number,
  w: Float64Array,
  userw: boolean,
  rw: Float64Array,
  rwOffset: number,
): number {
  const range = n - 1;
  let h = Math.max(xs - nleft, nright - xs);
  if (len > n) h += Math.floor((len - n) / 2);
  const h9 = 0.999 * h;
  const h1 = 0.001 * h;
  let a = 0;
  for (let j = nleft; j <= nright; j++) {
    w[j] = 0;
    const r = Math.abs(j - xs);
    if (r <= h9) {
      if (r <= h1) w[j] = 1;
      else {
        const q = r / h;
        const c = 1 - q * q * q;
        w[j] = c * c * c;
      }
      if (userw) w[j] *= rw[rwOffset + j];
      a += w[j];
    }
  }
  if (a <= 0) return NaN;
  for (let j = nleft; j <= nright; j++) w[j] /= a;
  if (h > 0 && ideg > 0) {
    let aa = 0;
    for (let j = nleft; j <= nright; j++) aa += w[j] * j;
    let b = xs - aa;
    let c = 0;
    for (let j = nleft; j <= nright; j++) c += w[j] * (j - aa) * (j - aa);
    if (Math.sqrt(c) > 0.001 * range) {
      b /= c;
      for (let j = nleft; j <= nright; j++) w[j] = w[j] * (b * (j - aa) + 1);
    }
  }
  let ys = 0;
  for (let j = nleft; j <= nright; j++) ys += w[j] * y[yOffset + j];
  return ys;
}

/** Loess smoothing of y[1..n] into ys[1..n], evaluated every njump points and interpolated between. */
function loessSmooth(
  y: Float64Array,
  n: number,
  len: number,
  ideg: number,
  njump: number,
  userw: boolean,
  rw: Float64Array,
  ys: Float64Array,
  res: Float64Array,
  yOffset = 0,
  ysOffset = 0,
  rwOffset = 0,
) {
  if (n < 2) {
    ys[ysOffset + 1] = y[yOffset + 1];
    return;
  }
  const newnj = Math.min(njump, n - 1);
  let nleft = 1;
  let nright = n;
  const est = (i: number) => {
    const v = loessEstimate(y, yOffset, n, len, ideg, i, nleft, nright, res, userw, rw, rwOffset);
    ys[ysOffset + i] = Number.isNaN(v) ? y[yOffset + i] : v;
  };
  if (len >= n) {
    nleft = 1;
    nright = n;
    for (let i = 1; i <= n; i += newnj) est(i);
  } else if (newnj === 1) {
    const nsh = Math.floor((len + 1) / 2);
    nleft = 1;
    nright = len;
    for (let i = 1; i <= n; i++) {
      if (i > nsh && nright !== n) {
        nleft++;
        nright++;
      }
      est(i);
    }
  } else {
    const nsh = Math.floor((len + 1) / 2);
    for (let i = 1; i <= n; i += newnj) {
      if (i < nsh) {
        nleft = 1;
        nright = len;
      } else if (i >= n - nsh + 1) {
        nleft = n - len + 1;
        nright = n;
      } else {
        nleft = i - nsh + 1;
        nright = len + i - nsh;
      }
      est(i);
    }
  }
  if (newnj !== 1) {
    for (let i = 1; i <= n - newnj; i += newnj) {
      const delta = (ys[ysOffset + i + newnj] - ys[ysOffset + i]) / newnj;
      for (let j = i + 1; j <= i + newnj - 1; j++) ys[ysOffset + j] = ys[ysOffset + i] + delta * (j - i);
    }
    const k = Math.floor((n - 1) / newnj) * newnj + 1;
    if (k !== n) {
      est(n);
      if (k !== n - 1) {
        const delta = (ys[ysOffset + n] - ys[ysOffset + k]) / (n - k);
        for (let j = k + 1; j <= n - 1; j++) ys[ysOffset + j] = ys[ysOffset + k] + delta * (j - k);
      }
    }
  }
}

/** Smooths each cycle-subseries and extends it by one value at each end (season has n + 2 np entries). */
function seasonalSmooth(
  y: Float64Array,
  n: number,
  np: number,
  ns: number,
  isdeg: number,
  nsjump: number,
  userw: boolean,
  rw: Float64Array,
  season: Float64Array,
  work1: Float64Array,
  work2: Float64Array,
  work3: Float64Array,
  work4: Float64Array,
) {
  for (let j = 1; j <= np; j++) {
    const k = Math.floor((n - j) / np) + 1;
    for (let i = 1; i <= k; i++) work1[i] = y[(i - 1) * np + j];
    if (userw) for (let i = 1; i <= k; i++) work3[i] = rw[(i - 1) * np + j];
    // Smoothed values at 1..k go to work2[2..k+1].
    loessSmooth(work1, k, ns, isdeg, nsjump, userw, work3, work2, work4, 0, 1, 0);
    const nright = Math.min(ns, k);
    let v = loessEstimate(work1, 0, k, ns, isdeg, 0, 1, nright, work4, userw, work3, 0);
    work2[1] = Number.isNaN(v) ? work2[2] : v;
    const nleft = Math.max(1, k - ns + 1);
    v = loessEstimate(work1, 0, k, ns, isdeg, k + 1, nleft, k, work4, userw, work3, 0);
    work2[k + 2] = Number.isNaN(v) ? work2[k + 1] : v;
    for (let m = 1; m <= k + 2; m++) season[(m - 1) * np + j] = work2[m];
  }
}

function movingAverage(x: Float64Array, n: number, len: number, ave: Float64Array) {
  const newn = n - len + 1;
  const flen = len;
  let v = 0;
  for (let i = 1; i <= len; i++) v += x[i];
  ave[1] = v / flen;
  if (newn > 1) {
    let k = len;
    let m = 0;
    for (let j = 2; j <= newn; j++) {
      k++;
      m++;
      v = v - x[m] + x[k];
      ave[j] = v / flen;
    }
  }
}

/** Moving averages of lengths np, np and 3: n values of `trend` from n + 2 np of x. */
function lowPass(x: Float64Array, n: number, np: number, trend: Float64Array, work: Float64Array) {
  movingAverage(x, n, np, trend);
  movingAverage(trend, n - np + 1, np, work);
  movingAverage(work, n - 2 * np + 2, 3, trend);
}

function robustnessWeights(y: Float64Array, n: number, fit: Float64Array, rw: Float64Array) {
  const r = new Float64Array(n);
  for (let i = 1; i <= n; i++) r[i - 1] = Math.abs(y[i] - fit[i]);
  const sorted = Float64Array.from(r).sort();
  const mid1 = Math.floor((n + 1) / 2) - 1;
  const mid2 = Math.floor(n / 2);
  const cmad = 3 * (sorted[mid1] + sorted[mid2]);
  const c9 = 0.999 * cmad;
  const c1 = 0.001 * cmad;
  for (let i = 1; i <= n; i++) {
    const v = r[i - 1];
    if (v <= c1) rw[i] = 1;
    else if (v <= c9) {
      const q = v / cmad;
      rw[i] = (1 - q * q) * (1 - q * q);
    } else rw[i] = 0;
  }
}

export interface MstlResult {
  trend: Float64Array;
  /** One component per period, in the order of `periods`. */
  seasonals: Float64Array[];
  remainder: Float64Array;
  periods: number[];
}

/**
 * MSTL: iterated STL, one seasonal component per period (shortest first), each estimated on the
 * series minus the others. Seasonal windows 11, 15, ... as forecast::mstl. Periods without two
 * full cycles in the data are dropped.
 */
export function mstl(y: ArrayLike<number>, periods: number[], options: { iterations?: number; robust?: boolean } = {}): MstlResult {
  const n = y.length;
  const usable = [...new Set(periods.map((p) => Math.round(p)))].filter((p) => p > 1 && n >= 2 * p).sort((a, b) => a - b);
  const seasonals: Float64Array[] = usable.map(() => new Float64Array(n));
  const deseason = Float64Array.from(y);
  let trend: Float64Array = new Float64Array(n);
  if (usable.length === 0) {
    trend = smoothTrend(deseason);
  } else {
    const iterations = usable.length === 1 ? 1 : (options.iterations ?? 2);
    for (let it = 0; it < iterations; it++) {
      for (let k = 0; k < usable.length; k++) {
        for (let i = 0; i < n; i++) deseason[i] += seasonals[k][i];
        const fit = stl(deseason, usable[k], { seasonalWindow: 7 + 4 * (k + 1), robust: options.robust });
        seasonals[k] = fit.seasonal;
        trend = fit.trend;
        for (let i = 0; i < n; i++) deseason[i] -= seasonals[k][i];
      }
    }
  }
  const remainder = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (const c of seasonals) s += c[i];
    remainder[i] = y[i] - trend[i] - s;
  }
  return { trend, seasonals, remainder, periods: usable };
}

/** A loess trend (span ~ a third of the series) for series without seasonality. */
export function smoothTrend(y: ArrayLike<number>): Float64Array {
  const n = y.length;
  const Y = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) Y[i + 1] = y[i];
  const out = new Float64Array(n + 1);
  const res = new Float64Array(n + 1);
  const len = nextOdd(Math.max(5, Math.floor(n / 3)));
  loessSmooth(Y, n, len, 1, Math.ceil(len / 10), false, new Float64Array(n + 1), out, res);
  return out.subarray(1);
}
