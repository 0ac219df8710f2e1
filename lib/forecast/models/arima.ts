// Seasonal ARIMA with automatic order selection (Hyndman & Khandakar 2008, as forecast::auto.arima):
// seasonal differencing when the STL seasonal strength exceeds 0.64, then first differences while the
// KPSS test rejects stationarity (5%); then a stepwise search over (p,q)(P,Q) and the constant by
// AICc. Coefficients are estimated by conditional sum of squares (CSS, R's fast approximation),
// with AR and MA polynomials parameterised through partial autocorrelations (tanh, Durbin-Levinson),
// so every fit is stationary and invertible by construction.
import { mstl } from "../decompose/stl";
import { minimizeBfgs } from "../math/optimize";
import { KPSS_CRITICAL_5, kpssStatistic, mean, variance } from "../math/stats";
import { minRootModulus } from "../math/roots";
import { armaExactLikelihood, type ExactLikelihood } from "./arma-likelihood";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

export interface ArimaOrder {
  p: number;
  d: number;
  q: number;
  P: number;
  D: number;
  Q: number;
  /** Seasonal period (1 = no seasonal part). */
  m: number;
  constant: boolean;
}

export interface ArimaJson extends ModelJson {
  type: "arima";
  order: ArimaOrder;
  /** Expanded AR coefficients a_1..a_P' of phi(B)Phi(B^m) written as 1 - sum a_i B^i. */
  ar: number[];
  /** Expanded MA coefficients b_1..b_Q' of theta(B)Theta(B^m) written as 1 + sum b_j B^j. */
  ma: number[];
  /** Mean of the differenced series (the drift when d + D = 1). */
  mu: number;
  sigma2: number;
  aicc: number;
  /** Tails needed to forecast: last values of y and of the centred differenced series x. */
  yTail: number[];
  xTail: number[];
  /** MA contribution to the forecast of steps 1..q (from the last residuals). */
  maTerms: number[];
  /** Unconstrained parameters (partial autocorrelations before tanh, scaled mean): refits start from them. */
  params?: number[];
}

export function orderName(o: ArimaOrder): string {
  const seasonal = o.m > 1 && (o.P || o.D || o.Q) ? `(${o.P},${o.D},${o.Q})[${o.m}]` : "";
  const c = o.constant ? (o.d + o.D === 1 ? " with drift" : o.d + o.D === 0 ? " with mean" : "") : "";
  return `ARIMA(${o.p},${o.d},${o.q})${seasonal}${c}`;
}

/** (1-B)^d (1-B^m)^D as coefficients delta_1.. of 1 - sum delta_j B^j. */
function differencingPolynomial(d: number, D: number, m: number): number[] {
  let poly = [1];
  const mul = (a: number[], b: number[]) => {
    const out = new Array(a.length + b.length - 1).fill(0);
    for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
    return out;
  };
  for (let i = 0; i < d; i++) poly = mul(poly, [1, -1]);
  const seasonal = new Array(m + 1).fill(0);
  seasonal[0] = 1;
  seasonal[m] = -1;
  for (let i = 0; i < D; i++) poly = mul(poly, seasonal);
  return poly.slice(1).map((c) => -c);
}

export function difference(y: ArrayLike<number>, d: number, D: number, m: number): Float64Array {
  let x = Float64Array.from(y);
  for (let i = 0; i < D; i++) {
    const out = new Float64Array(Math.max(0, x.length - m));
    for (let t = 0; t < out.length; t++) out[t] = x[t + m] - x[t];
    x = out;
  }
  for (let i = 0; i < d; i++) {
    const out = new Float64Array(Math.max(0, x.length - 1));
    for (let t = 0; t < out.length; t++) out[t] = x[t + 1] - x[t];
    x = out;
  }
  return x;
}

/** Partial autocorrelations (tanh of unconstrained values) -> AR coefficients by Durbin-Levinson. */
function pacfToCoefficients(u: Float64Array, from: number, count: number, out: Float64Array): void {
  const work = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const r = Math.tanh(u[from + k]);
    out[k] = r;
    for (let j = 0; j < k; j++) work[j] = out[j] - r * out[k - 1 - j];
    for (let j = 0; j < k; j++) out[j] = work[j];
  }
}

interface Expanded {
  ar: Float64Array;
  ma: Float64Array;
}

function expand(order: ArimaOrder, phi: Float64Array, theta: Float64Array, sphi: Float64Array, stheta: Float64Array): Expanded {
  const { m } = order;
  const pTotal = order.p + m * order.P;
  const qTotal = order.q + m * order.Q;
  // (1 - sum phi_i B^i)(1 - sum Phi_k B^{mk}) = 1 - sum ar_i B^i
  const arPoly = new Float64Array(pTotal + 1);
  arPoly[0] = 1;
  for (let i = 1; i <= order.p; i++) arPoly[i] = -phi[i - 1];
  if (order.P) {
    const base = Float64Array.from(arPoly);
    for (let k = 1; k <= order.P; k++) {
      for (let i = 0; i <= order.p; i++) arPoly[i + m * k] += base[i] * -sphi[k - 1];
    }
  }
  const maPoly = new Float64Array(qTotal + 1);
  maPoly[0] = 1;
  for (let j = 1; j <= order.q; j++) maPoly[j] = theta[j - 1];
  if (order.Q) {
    const base = Float64Array.from(maPoly);
    for (let k = 1; k <= order.Q; k++) {
      for (let j = 0; j <= order.q; j++) maPoly[j + m * k] += base[j] * stheta[k - 1];
    }
  }
  const ar = new Float64Array(pTotal);
  for (let i = 1; i <= pTotal; i++) ar[i - 1] = -arPoly[i];
  const ma = maPoly.slice(1);
  return { ar, ma };
}

function unpackParams(order: ArimaOrder, u: Float64Array) {
  let i = 0;
  const phi = new Float64Array(order.p);
  pacfToCoefficients(u, i, order.p, phi);
  i += order.p;
  const negTheta = new Float64Array(order.q);
  pacfToCoefficients(u, i, order.q, negTheta);
  i += order.q;
  const sphi = new Float64Array(order.P);
  pacfToCoefficients(u, i, order.P, sphi);
  i += order.P;
  const negSTheta = new Float64Array(order.Q);
  pacfToCoefficients(u, i, order.Q, negSTheta);
  i += order.Q;
  const theta = negTheta.map((v) => -v);
  const stheta = negSTheta.map((v) => -v);
  const mu = order.constant ? u[i] : 0;
  return { phi, theta, sphi, stheta, mu };
}

/** CSS residuals of x = w - mu; returns the sum of squares from t = ncond on. */
function cssResiduals(x: Float64Array, ar: Float64Array, ma: Float64Array, e: Float64Array): { sse: number; count: number } {
  const n = x.length;
  const p = ar.length;
  const q = ma.length;
  let sse = 0;
  let count = 0;
  for (let t = 0; t < n; t++) {
    if (t < p) {
      e[t] = 0;
      continue;
    }
    let v = x[t];
    for (let i = 0; i < p; i++) v -= ar[i] * x[t - 1 - i];
    const qq = Math.min(q, t);
    for (let j = 0; j < qq; j++) v -= ma[j] * e[t - 1 - j];
    e[t] = v;
    sse += v * v;
    count++;
  }
  return { sse, count };
}

export interface ArimaFit {
  model: ArimaModel;
  aicc: number;
}

const UNIT_ROOT_MARGIN = 1.01;

/** Smallest root modulus of the AR and MA polynomials, non-seasonal and seasonal (in B^m) factors. */
function unitRootDistance(order: ArimaOrder, pr: { phi: Float64Array; theta: Float64Array; sphi: Float64Array; stheta: Float64Array }): number {
  let min = Infinity;
  if (order.p) min = Math.min(min, minRootModulus([1, ...Array.from(pr.phi, (v) => -v)]));
  if (order.q) min = Math.min(min, minRootModulus([1, ...pr.theta]));
  if (order.P) min = Math.min(min, Math.pow(minRootModulus([1, ...Array.from(pr.sphi, (v) => -v)]), 1 / order.m));
  if (order.Q) min = Math.min(min, Math.pow(minRootModulus([1, ...pr.stheta]), 1 / order.m));
  return min;
}

export interface ArimaFitOptions {
  /** The differenced series, when the caller has it already. */
  w?: Float64Array;
  /** "css": conditional sum of squares only; "ml": exact likelihood from the CSS estimates (default). */
  method?: "css" | "ml";
  /**
   * CSS only: score the AICc on residuals from this index on. Models whose AICc are compared must
   * share that window, or those conditioning on more initial values look better only because
   * their sum of squares skips the hard start.
   */
  compareFrom?: number;
  /** Unconstrained parameters to start from (a refit of a known model): skips the CSS stage. */
  start?: number[];
}

/** Fits one order (CSS, then exact maximum likelihood); null when the series is too short for it. */
export function fitArimaOrder(y: Float64Array, order: ArimaOrder, options: ArimaFitOptions = {}): ArimaModel | null {
  const wd = options.w ?? difference(y, order.d, order.D, order.m);
  const N = wd.length;
  const nParams = order.p + order.q + order.P + order.Q + (order.constant ? 1 : 0);
  const ncond = order.p + order.m * order.P;
  const method = options.method ?? "ml";
  const from = Math.max(ncond, options.compareFrom ?? ncond);
  if (N - from < nParams + 3 || N < nParams + 4) return null;
  const x = new Float64Array(N);
  const e = new Float64Array(N);
  const wMean = mean(wd);
  const scale = Math.sqrt(variance(wd)) || 1;
  const setX = (mu: number) => {
    for (let t = 0; t < N; t++) x[t] = wd[t] - mu;
  };
  const cssObjective = (u: Float64Array) => {
    const pr = unpackParams(order, u);
    const { ar, ma } = expand(order, pr.phi, pr.theta, pr.sphi, pr.stheta);
    setX(order.constant ? wMean + pr.mu * scale : 0);
    const { sse, count } = cssResiduals(x, ar, ma, e);
    if (!(sse > 0) || !Number.isFinite(sse)) return Infinity;
    return 0.5 * Math.log(sse / count);
  };
  const warm = options.start && options.start.length === nParams ? Float64Array.from(options.start) : null;
  let fit =
    warm && method === "ml"
      ? { x: warm, value: 0, evaluations: 0 }
      : minimizeBfgs(cssObjective, warm ?? new Float64Array(nParams), { maxIterations: 60, tolerance: 1e-9 });
  if (!Number.isFinite(fit.value)) return null;
  let exact: ExactLikelihood | null = null;
  if (method === "ml") {
    const mlObjective = (u: Float64Array) => {
      const pr = unpackParams(order, u);
      const { ar, ma } = expand(order, pr.phi, pr.theta, pr.sphi, pr.stheta);
      setX(order.constant ? wMean + pr.mu * scale : 0);
      const lik = armaExactLikelihood(x, ar, ma);
      if (!lik || !(lik.ssq > 0)) return Infinity;
      return 0.5 * (Math.log(lik.ssq / lik.n) + lik.sumLog / lik.n);
    };
    const ml = minimizeBfgs(mlObjective, fit.x, { maxIterations: 60, tolerance: 1e-9 });
    if (Number.isFinite(ml.value)) fit = ml;
    else return null;
  }
  const pr = unpackParams(order, fit.x);
  const { ar, ma } = expand(order, pr.phi, pr.theta, pr.sphi, pr.stheta);
  const mu = order.constant ? wMean + pr.mu * scale : 0;
  setX(mu);
  const k = nParams + 1;
  const nearUnitRoot = unitRootDistance(order, pr) < UNIT_ROOT_MARGIN;
  let sigma2: number;
  let aicc: number;
  let maTerms: Float64Array;
  if (method === "ml") {
    exact = armaExactLikelihood(x, ar, ma);
    if (!exact) return null;
    sigma2 = exact.ssq / N;
    const m2ll = N * (Math.log(2 * Math.PI * sigma2) + 1) + exact.sumLog;
    aicc = m2ll + 2 * k + (N - k - 1 > 0 ? (2 * k * (k + 1)) / (N - k - 1) : Infinity);
    maTerms = exact.maTerms;
  } else {
    const { sse, count } = cssResiduals(x, ar, ma, e);
    sigma2 = sse / count;
    let windowSse = 0;
    for (let t = from; t < N; t++) windowSse += e[t] * e[t];
    const nw = N - from;
    const m2ll = nw * (Math.log(windowSse / nw) + 1 + Math.log(2 * Math.PI));
    aicc = m2ll + 2 * k + (nw - k - 1 > 0 ? (2 * k * (k + 1)) / (nw - k - 1) : Infinity);
    maTerms = new Float64Array(ma.length);
    for (let h = 1; h <= ma.length; h++) {
      let c = 0;
      for (let j = h; j <= ma.length; j++) if (N - 1 + h - j >= 0) c += ma[j - 1] * e[N - 1 + h - j];
      maTerms[h - 1] = c;
    }
  }
  // As auto.arima: a fit with a root this close to the unit circle is kept but never chosen.
  if (nearUnitRoot) aicc = Infinity;
  const tailLen = order.d + order.m * order.D;
  const model = new ArimaModel({
    type: "arima",
    order,
    ar: Array.from(ar),
    ma: Array.from(ma),
    mu,
    sigma2,
    aicc,
    yTail: Array.from(y.subarray(y.length - tailLen)),
    xTail: Array.from(x.subarray(Math.max(0, N - ar.length))),
    maTerms: Array.from(maTerms),
    params: Array.from(fit.x),
  });
  return model;
}

export class ArimaModel implements FittedModel {
  constructor(readonly json: ArimaJson) {}

  get name(): string {
    return orderName(this.json.order);
  }

  get aicc(): number {
    return this.json.aicc;
  }

  forecast(h: number): Float64Array {
    const { ar, mu, xTail, maTerms, yTail, order } = this.json;
    const p = ar.length;
    // x history followed by forecasts.
    const xs = new Float64Array(xTail.length + h);
    xs.set(xTail);
    const w = new Float64Array(h);
    for (let k = 0; k < h; k++) {
      const tx = xTail.length + k;
      let v = k < maTerms.length ? maTerms[k] : 0;
      for (let i = 0; i < p; i++) {
        const idx = tx - 1 - i;
        if (idx >= 0) v += ar[i] * xs[idx];
      }
      xs[tx] = v;
      w[k] = v + mu;
    }
    const delta = differencingPolynomial(order.d, order.D, order.m);
    if (!delta.length) return w;
    const ys = new Float64Array(yTail.length + h);
    ys.set(yTail);
    for (let k = 0; k < h; k++) {
      const t = yTail.length + k;
      let v = w[k];
      for (let j = 0; j < delta.length; j++) v += delta[j] * ys[t - 1 - j];
      ys[t] = v;
    }
    return ys.slice(yTail.length);
  }

  /** sd of the h-step error from the psi weights of the integrated model. */
  spread(h: number): Float64Array {
    const { ar, ma, sigma2, order } = this.json;
    const delta = differencingPolynomial(order.d, order.D, order.m);
    // Full AR polynomial: (1 - sum ar B^i)(1 - sum delta B^j) = 1 - sum A_i B^i
    const a = [1, ...ar.map((v) => -v)];
    const dd = [1, ...delta.map((v) => -v)];
    const full = new Array(a.length + dd.length - 1).fill(0);
    for (let i = 0; i < a.length; i++) for (let j = 0; j < dd.length; j++) full[i + j] += a[i] * dd[j];
    const A = full.slice(1).map((v) => -v);
    const psi = new Float64Array(h);
    psi[0] = 1;
    for (let j = 1; j < h; j++) {
      let v = j - 1 < ma.length ? ma[j - 1] : 0;
      for (let i = 1; i <= Math.min(j, A.length); i++) v += A[i - 1] * psi[j - i];
      psi[j] = v;
    }
    const out = new Float64Array(h);
    let acc = 0;
    for (let k = 0; k < h; k++) {
      acc += psi[k] * psi[k];
      out[k] = Math.sqrt(sigma2 * acc);
    }
    return out;
  }

  toJSON(): ArimaJson {
    return this.json;
  }
}

/** Seasonal strength of STL (Wang, Smith & Hyndman 2006): 1 - var(remainder) / var(seasonal + remainder). */
export function seasonalStrength(y: Float64Array, m: number): number {
  if (m < 2 || y.length < 2 * m + 1) return 0;
  const fit = mstl(y, [m]);
  if (!fit.seasonals.length) return 0;
  const s = fit.seasonals[0];
  const sr = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) sr[i] = s[i] + fit.remainder[i];
  const v = variance(sr);
  return v > 0 ? Math.max(0, Math.min(1, 1 - variance(fit.remainder) / v)) : 0;
}

function isConstant(x: Float64Array): boolean {
  for (let i = 1; i < x.length; i++) if (x[i] !== x[0]) return false;
  return true;
}

/** Differencing orders: D by seasonal strength (> 0.64), then d by repeated KPSS tests (at most 2). */
export function chooseDifferencing(y: Float64Array, m: number): { d: number; D: number } {
  let D = 0;
  if (m > 1 && y.length >= 2 * m + 3 && seasonalStrength(y, m) > 0.64) D = 1;
  let x = D ? difference(y, 0, 1, m) : y;
  let d = 0;
  while (d < 2 && x.length > 10 && !isConstant(x) && kpssStatistic(x) > KPSS_CRITICAL_5) {
    x = difference(x, 1, 0, 1);
    d++;
  }
  return { d, D };
}

export interface AutoArimaOptions {
  /** Stepwise search (fast) or all orders with p + q + P + Q <= 5. */
  stepwise?: boolean;
  maxModels?: number;
  deadline?: number;
  /** Search with CSS instead of exact likelihood (default: for series over 150 points or periods over 12, as auto.arima). */
  approximate?: boolean;
}

export function fitAutoArima(y: Float64Array, period: number, options: AutoArimaOptions = {}): ArimaModel | null {
  const m = period > 1 && y.length >= 2 * period + 4 ? period : 1;
  const { d, D } = chooseDifferencing(y, m);
  const w = difference(y, d, D, m);
  if (w.length < 8) return null;
  const allowConstant = d + D <= 1;
  // Order limits as auto.arima: no more than a third of the series per lag polynomial.
  const n = y.length;
  const maxP = Math.min(5, Math.floor(n / 3));
  const maxQ = Math.min(5, Math.floor(n / 3));
  const maxSP = m > 1 ? Math.min(2, Math.floor(n / 3 / m)) : 0;
  const maxSQ = m > 1 ? Math.min(2, Math.floor(n / 3 / m)) : 0;
  // As auto.arima: exact likelihood during the search for short series with short periods; the
  // CSS approximation otherwise (then every order is scored on the residuals after the longest
  // AR conditioning) and exact likelihood for the final refit of the winner only.
  const approximate = options.approximate ?? (n > 150 || m > 12);
  const compareFrom = Math.min(maxP + m * maxSP, Math.max(0, w.length - 12));
  const fitOptions: ArimaFitOptions = approximate ? { w, method: "css", compareFrom } : { w, method: "ml" };
  const cache = new Map<string, ArimaModel | null>();
  let best: ArimaModel | null = null;
  const tryOrder = (p: number, q: number, P: number, Q: number, constant: boolean): boolean => {
    if (p < 0 || q < 0 || P < 0 || Q < 0 || p > maxP || q > maxQ || P > maxSP || Q > maxSQ) return false;
    if (constant && !allowConstant) return false;
    const key = `${p},${q},${P},${Q},${constant}`;
    if (cache.has(key)) return false;
    if (options.deadline && Date.now() > options.deadline && best) return false;
    const model = fitArimaOrder(y, { p, d, q, P, D, Q, m, constant }, fitOptions);
    cache.set(key, model);
    if (model && Number.isFinite(model.aicc) && (!best || model.aicc < best.aicc - 1e-9)) {
      best = model;
      return true;
    }
    return false;
  };
  const finish = (model: ArimaModel | null): ArimaModel | null => {
    if (!model || !approximate) return model;
    return fitArimaOrder(y, model.json.order, { w, method: "ml" }) ?? model;
  };
  const stepwise = options.stepwise ?? true;
  const maxModels = options.maxModels ?? 94;
  if (!stepwise) {
    for (let p = 0; p <= maxP; p++)
      for (let q = 0; q <= maxQ; q++)
        for (let P = 0; P <= maxSP; P++)
          for (let Q = 0; Q <= maxSQ; Q++) {
            if (p + q + P + Q > 5) continue;
            for (const c of allowConstant ? [true, false] : [false]) tryOrder(p, q, P, Q, c);
          }
    return finish(best);
  }
  const seasonal = m > 1;
  tryOrder(2, 2, seasonal ? 1 : 0, seasonal ? 1 : 0, allowConstant);
  tryOrder(0, 0, 0, 0, allowConstant);
  tryOrder(1, 0, seasonal ? 1 : 0, 0, allowConstant);
  tryOrder(0, 1, 0, seasonal ? 1 : 0, allowConstant);
  if (allowConstant) tryOrder(0, 0, 0, 0, false);
  let improved = true;
  while (improved && cache.size < maxModels && best) {
    improved = false;
    const { p, q, P, Q, constant } = (best as ArimaModel).json.order;
    const moves: [number, number, number, number, boolean][] = [
      [p, q, P - 1, Q, constant],
      [p, q, P, Q - 1, constant],
      [p, q, P + 1, Q, constant],
      [p, q, P, Q + 1, constant],
      [p, q, P - 1, Q - 1, constant],
      [p, q, P - 1, Q + 1, constant],
      [p, q, P + 1, Q - 1, constant],
      [p, q, P + 1, Q + 1, constant],
      [p - 1, q, P, Q, constant],
      [p, q - 1, P, Q, constant],
      [p + 1, q, P, Q, constant],
      [p, q + 1, P, Q, constant],
      [p - 1, q - 1, P, Q, constant],
      [p - 1, q + 1, P, Q, constant],
      [p + 1, q - 1, P, Q, constant],
      [p + 1, q + 1, P, Q, constant],
      [p, q, P, Q, !constant],
    ];
    for (const mv of moves) {
      if (tryOrder(...mv)) {
        improved = true;
        break;
      }
    }
  }
  return finish(best);
}

export const autoArimaMethod: Method = {
  id: "arima",
  cost: 10,
  applies: (s) => s.y.length >= 10,
  fit(s: SeriesInput) {
    const m = s.periods.find((p) => p <= 52) ?? 1;
    const model = fitAutoArima(s.y, m, { deadline: s.deadline });
    if (!model) throw new Error("no ARIMA model could be fitted");
    return model;
  },
  refit(s: SeriesInput, template) {
    // Estimated from scratch (as the fit on the whole series was), for an honest backtest.
    const { order } = (template as ArimaModel).json;
    const model = fitArimaOrder(s.y, order, { method: s.y.length > 150 || order.m > 12 ? "css" : "ml" });
    if (!model) throw new Error(`${template.name} cannot be fitted to ${s.y.length} points`);
    return model;
  },
};

export function reviveArima(json: ArimaJson): ArimaModel {
  return new ArimaModel(json);
}
