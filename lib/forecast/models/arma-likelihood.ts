// Exact Gaussian likelihood of a zero-mean ARMA(p, q) series by the innovations algorithm applied
// to the transformed process of Brockwell & Davis (Time Series: Theory and Methods, §5.3 and
// §8.7): W_t = X_t for t <= m = max(p, q), W_t = phi(B) X_t afterwards, whose autocovariances are
// known in closed form and vanish beyond lag q. The one-step predictors and their relative
// variances r_t give  -2 log L = n log(2 pi s2) + sum log r_t + n  with s2 = (1/n) sum e_t^2 / r_t.
// After start-up the recursion converges (r_t -> 1, theta_{t,j} -> theta_j); from then on it runs
// as plain CSS-like residual arithmetic, which keeps long series cheap.

/** Autocovariances gamma(0..maxLag) of ARMA with unit innovation variance (phi: AR, theta: MA). */
export function armaAutocovariances(phi: Float64Array, theta: Float64Array, maxLag: number): Float64Array {
  const p = phi.length;
  const q = theta.length;
  const th = (j: number) => (j === 0 ? 1 : j <= q ? theta[j - 1] : 0);
  const psi = new Float64Array(q + 1);
  for (let j = 0; j <= q; j++) {
    let v = th(j);
    for (let k = 1; k <= Math.min(j, p); k++) v += phi[k - 1] * psi[j - k];
    psi[j] = v;
  }
  const rhs = (k: number) => {
    let s = 0;
    for (let j = k; j <= q; j++) s += th(j) * psi[j - k];
    return s;
  };
  const out = new Float64Array(Math.max(maxLag, p) + 1);
  if (p === 0) {
    for (let k = 0; k <= maxLag && k <= q; k++) out[k] = rhs(k);
    return out.subarray(0, maxLag + 1);
  }
  // (p+1) x (p+1) system: gamma(k) - sum_j phi_j gamma(|k-j|) = rhs(k), k = 0..p.
  const size = p + 1;
  const A = new Float64Array(size * size);
  const b = new Float64Array(size);
  for (let k = 0; k <= p; k++) {
    A[k * size + k] += 1;
    for (let j = 1; j <= p; j++) A[k * size + Math.abs(k - j)] -= phi[j - 1];
    b[k] = rhs(k);
  }
  const g = solveLinear(A, b, size);
  if (!g) return out.fill(NaN).subarray(0, maxLag + 1);
  for (let k = 0; k <= p; k++) out[k] = g[k];
  for (let k = p + 1; k < out.length; k++) {
    let v = k <= q ? rhs(k) : 0;
    for (let j = 1; j <= p; j++) v += phi[j - 1] * out[k - j];
    out[k] = v;
  }
  return out.subarray(0, maxLag + 1);
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solveLinear(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[piv * n + c])) piv = r;
    if (Math.abs(a[piv * n + c]) < 1e-12) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) {
        const t = a[c * n + k];
        a[c * n + k] = a[piv * n + k];
        a[piv * n + k] = t;
      }
      const t = x[c];
      x[c] = x[piv];
      x[piv] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / a[c * n + c];
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      x[r] -= f * x[c];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let v = x[r];
    for (let k = r + 1; k < n; k++) v -= a[r * n + k] * x[k];
    x[r] = v / a[r * n + r];
  }
  return x;
}

export interface ExactLikelihood {
  /** sum e_t^2 / r_t */
  ssq: number;
  /** sum log r_t */
  sumLog: number;
  n: number;
  /** One-step prediction errors e_t = x_t - xhat_t. */
  residuals: Float64Array;
  /**
   * The MA part of the h-step forecast from the end of x, h = 1..q (B&D 5.3.12):
   * sum_{j=h..q} theta_{n+h-1, j} e_{n+h-j}. Differs from the converged theta_j while the
   * recursion has not converged (short series, long seasonal MA).
   */
  maTerms: Float64Array;
}

/**
 * Innovations-algorithm likelihood of x (zero mean). Returns null when the parameters give a
 * non-stationary or degenerate model.
 */
export function armaExactLikelihood(x: Float64Array, phi: Float64Array, theta: Float64Array): ExactLikelihood | null {
  const n = x.length;
  const p = phi.length;
  const q = theta.length;
  const m = Math.max(p, q);
  const residuals = new Float64Array(n);
  if (m === 0) {
    let ssq = 0;
    for (let t = 0; t < n; t++) {
      ssq += x[t] * x[t];
      residuals[t] = x[t];
    }
    return { ssq, sumLog: 0, n, residuals, maTerms: new Float64Array(0) };
  }
  const gamma = armaAutocovariances(phi, theta, m + 1);
  if (!(gamma[0] > 0) || !Number.isFinite(gamma[0])) return null;
  const th = (j: number) => (j === 0 ? 1 : j <= q ? theta[j - 1] : 0);
  const g = (h: number) => gamma[Math.abs(h)];
  // kappa(i, j), 1-based, for the transformed process W.
  const kappa = (i: number, j: number): number => {
    if (i > j) {
      const t = i;
      i = j;
      j = t;
    }
    if (j <= m) return g(j - i);
    if (i <= m) {
      if (j > 2 * m) return 0;
      let v = g(j - i);
      for (let r = 1; r <= p; r++) v -= phi[r - 1] * g(r - (j - i));
      return v;
    }
    const h = j - i;
    if (h > q) return 0;
    let v = 0;
    for (let r = 0; r + h <= q; r++) v += th(r) * th(r + h);
    return v;
  };
  // thetaRows[t][j-1] = theta_{t, j}; v[t] = relative variance of the (t+1)-th prediction error.
  const width = Math.max(m, 1);
  const rows: Float64Array[] = [];
  const v = new Float64Array(n);
  const xhat = new Float64Array(n);
  let ssq = 0;
  let sumLog = 0;
  let converged = false;
  v[0] = kappa(1, 1);
  if (!(v[0] > 0)) return null;
  rows.push(new Float64Array(width));
  const steps = n + q;
  const vAll = new Float64Array(steps + 1);
  vAll[0] = v[0];
  for (let t = 0; t < steps; t++) {
    // Prediction of x_t (0-based) from x_0..x_{t-1}: uses theta_{t, j} and v[t].
    if (t > 0 && !converged) {
      const row = new Float64Array(width);
      const nn = t; // theta_{nn, .}
      const kFrom = nn >= m ? Math.max(0, nn - q) : 0;
      for (let k = kFrom; k < nn; k++) {
        let s = kappa(nn + 1, k + 1);
        const jFrom = Math.max(kFrom, k - (k >= m ? q : k));
        for (let j = jFrom; j < k; j++) {
          const a = k - j;
          const bIdx = nn - j;
          if (a > width || bIdx > width) continue;
          s -= rows[k][a - 1] * row[bIdx - 1] * vAll[j];
        }
        const idx = nn - k;
        if (idx <= width) row[idx - 1] = s / vAll[k];
      }
      let vv = kappa(nn + 1, nn + 1);
      for (let j = kFrom; j < nn; j++) {
        const idx = nn - j;
        if (idx <= width) vv -= row[idx - 1] * row[idx - 1] * vAll[j];
      }
      if (!(vv > 0)) return null;
      vAll[t] = vv;
      rows.push(row);
      if (nn >= m && Math.abs(vv - 1) < 1e-9) {
        let same = true;
        for (let j = 1; j <= q; j++) if (Math.abs(row[j - 1] - th(j)) > 1e-9) same = false;
        converged = same;
      }
    } else if (t > 0) {
      vAll[t] = 1;
      rows.push(rows[rows.length - 1]);
    }
    if (t >= n) continue;
    v[t] = vAll[t];
    const row = rows[t];
    let pred = 0;
    if (t < m) {
      for (let j = 1; j <= t; j++) pred += row[j - 1] * (x[t - j] - xhat[t - j]);
    } else {
      for (let r = 1; r <= p; r++) pred += phi[r - 1] * x[t - r];
      for (let j = 1; j <= q; j++) pred += (converged ? th(j) : row[j - 1]) * (x[t - j] - xhat[t - j]);
    }
    xhat[t] = pred;
    const e = x[t] - pred;
    residuals[t] = e;
    ssq += (e * e) / v[t];
    sumLog += Math.log(v[t]);
  }
  const maTerms = new Float64Array(q);
  for (let h = 1; h <= q; h++) {
    const row = rows[n + h - 1];
    if (!row) break;
    let c = 0;
    for (let j = h; j <= q; j++) {
      const idx = n + h - 1 - j;
      if (idx >= 0) c += (converged && n + h - 1 >= m ? th(j) : row[j - 1]) * residuals[idx];
    }
    maTerms[h - 1] = c;
  }
  return { ssq, sumLog, n, residuals, maTerms };
}
