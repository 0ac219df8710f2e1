// Exponential smoothing state-space models (Hyndman, Koehler, Ord & Snyder 2008): error A/M,
// trend N/A/Ad, season N/A/M, fitted by maximum likelihood over smoothing parameters and initial
// states together (as R's forecast::ets), the form chosen by AICc. The recursions follow the
// innovations form of forecast's etscalc.c; seasonal states live in a ring buffer indexed by t mod m.
import { minimizeNelderMead } from "../math/optimize";
import { linearTrend, mean } from "../math/stats";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

export type ErrorType = "A" | "M";
export type TrendType = "N" | "A" | "Ad";
export type SeasonType = "N" | "A" | "M";

export interface EtsForm {
  error: ErrorType;
  trend: TrendType;
  season: SeasonType;
}

export interface EtsParams {
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
}

export interface EtsJson extends ModelJson {
  type: "ets";
  form: EtsForm;
  m: number;
  params: EtsParams;
  /** State after the last observation: level, trend, and the seasonal ring (index = time mod m). */
  level: number;
  slope: number;
  seasonal: number[];
  /** Time index of the first forecast step (n), so the ring lines up. */
  n: number;
  sigma2: number;
  aicc: number;
  /** The optimiser's solution (smoothing parameters, initial states): refits start from it. */
  optimum?: number[];
}

const BOUNDS = { alpha: [1e-4, 0.9999], beta: [1e-4, 0.9999], gamma: [1e-4, 0.9999], phi: [0.8, 0.98] } as const;
/** Seasonal ETS with period above this is slow to fit and poorly identified: STL handles it. */
export const ETS_MAX_PERIOD = 24;

export function formName(form: EtsForm): string {
  return `ETS(${form.error},${form.trend},${form.season})`;
}

/** Number of free parameters (smoothing + initial states), without sigma. */
function parameterCount(form: EtsForm, m: number): number {
  let k = 1 + 1; // alpha, l0
  if (form.trend !== "N") k += 2; // beta, b0
  if (form.trend === "Ad") k += 1;
  if (form.season !== "N") k += 1 + (m - 1);
  return k;
}

interface Layout {
  form: EtsForm;
  m: number;
  hasTrend: boolean;
  damped: boolean;
  seasonal: boolean;
}

interface Unpacked extends EtsParams {
  l0: number;
  b0: number;
  /** init[j] = seasonal index used at time j (j < m). */
  init: Float64Array;
}

function unpack(layout: Layout, x: Float64Array, init: Float64Array): Unpacked {
  let i = 0;
  const alpha = x[i++];
  const beta = layout.hasTrend ? x[i++] : 0;
  const gamma = layout.seasonal ? x[i++] : 0;
  const phi = layout.damped ? x[i++] : 1;
  const l0 = x[i++];
  const b0 = layout.hasTrend ? x[i++] : 0;
  if (layout.seasonal) {
    const m = layout.m;
    let sum = 0;
    for (let j = 1; j < m; j++) {
      init[j] = x[i++];
      sum += init[j];
    }
    init[0] = layout.form.season === "A" ? -sum : m - sum;
  }
  return { alpha, beta, gamma, phi, l0, b0, init };
}

function inBounds(layout: Layout, p: Unpacked): boolean {
  if (!(p.alpha >= BOUNDS.alpha[0] && p.alpha <= BOUNDS.alpha[1])) return false;
  if (layout.hasTrend && !(p.beta >= BOUNDS.beta[0] && p.beta <= p.alpha)) return false;
  if (layout.seasonal && !(p.gamma >= BOUNDS.gamma[0] && p.gamma <= 1 - p.alpha)) return false;
  if (layout.damped && !(p.phi >= BOUNDS.phi[0] && p.phi <= BOUNDS.phi[1])) return false;
  if (layout.form.season === "M") {
    for (let j = 0; j < layout.m; j++) if (!(p.init[j] > 1e-3)) return false;
  }
  return true;
}

interface FilterOut {
  /** n log(SSE) (+ 2 sum log|yhat| for multiplicative errors): -2 log-likelihood up to constants. */
  lik: number;
  sse: number;
  level: number;
  slope: number;
  ring: Float64Array;
}

/**
 * Runs the model over y. Returns lik = Infinity when the recursion leaves the admissible range
 * (non-positive one-step forecasts with multiplicative parts).
 */
function filter(layout: Layout, p: Unpacked, y: Float64Array, ring: Float64Array, fitted?: Float64Array): FilterOut {
  const { form, m } = layout;
  const n = y.length;
  let l = p.l0;
  let b = p.b0;
  if (layout.seasonal) ring.set(p.init);
  const multError = form.error === "M";
  let sse = 0;
  let logSum = 0;
  const phi = p.phi;
  const ab = layout.hasTrend ? p.beta / p.alpha : 0;
  for (let t = 0; t < n; t++) {
    const phib = layout.hasTrend ? phi * b : 0;
    const q = l + phib;
    const si = layout.seasonal ? t % m : 0;
    const s = layout.seasonal ? ring[si] : 0;
    const yhat = form.season === "A" ? q + s : form.season === "M" ? q * s : q;
    if (fitted) fitted[t] = yhat;
    const yt = y[t];
    let e: number;
    if (multError) {
      if (!(yhat > 1e-10) || !Number.isFinite(yhat)) return { lik: Infinity, sse: Infinity, level: l, slope: b, ring };
      e = (yt - yhat) / yhat;
      logSum += Math.log(yhat);
    } else e = yt - yhat;
    sse += e * e;
    // Level
    const pv = form.season === "A" ? yt - s : form.season === "M" ? yt / s : yt;
    const newL = q + p.alpha * (pv - q);
    if (layout.hasTrend) b = phib + ab * (newL - l - phib);
    if (layout.seasonal) {
      const tv = form.season === "A" ? yt - q : yt / q;
      ring[si] = s + p.gamma * (tv - s);
    }
    l = newL;
    if (!Number.isFinite(l)) return { lik: Infinity, sse: Infinity, level: l, slope: b, ring };
  }
  if (!(sse > 0)) sse = 1e-300;
  const lik = n * Math.log(sse) + (multError ? 2 * logSum : 0);
  return { lik, sse, level: l, slope: b, ring };
}

/** Initial states as R's initstate: classical decomposition of the first 3 seasons (or a Fourier fit), then a line. */
function initialStates(y: Float64Array, form: EtsForm, m: number): { l0: number; b0: number; init: Float64Array } {
  const n = y.length;
  const init = new Float64Array(Math.max(1, m));
  let adjusted = y;
  if (form.season !== "N") {
    const seasonal = initialSeasonal(y, m, form.season);
    for (let j = 0; j < m; j++) init[j] = seasonal[j];
    if (form.season === "M") {
      for (let j = 0; j < m; j++) init[j] = Math.max(init[j], 1e-2);
      const s = init.reduce((a, v) => a + v, 0);
      for (let j = 0; j < m; j++) init[j] *= m / s;
    } else {
      const s = mean(init);
      for (let j = 0; j < m; j++) init[j] -= s;
    }
    adjusted = new Float64Array(n);
    for (let t = 0; t < n; t++) adjusted[t] = form.season === "A" ? y[t] - init[t % m] : y[t] / init[t % m];
  }
  const maxn = Math.min(Math.max(10, 2 * m), n);
  const head = adjusted.subarray(0, maxn);
  if (form.trend === "N") return { l0: mean(head), b0: 0, init };
  const [a, slope] = linearTrend(head);
  // The line's value one step before the first observation.
  let l0 = a - slope;
  let b0 = slope;
  if (Math.abs(l0 + b0) < 1e-8) {
    l0 *= 1 + 1e-3;
    b0 *= 1 + 1e-3;
  }
  return { l0, b0, init };
}

/** Seasonal indices for times 0..m-1 from a classical decomposition of the first seasons. */
function initialSeasonal(y: Float64Array, m: number, type: "A" | "M"): Float64Array {
  const n = Math.min(y.length, 3 * m);
  const out = new Float64Array(m);
  if (y.length < 3 * m) {
    // Short series: detrend with a line, average per season.
    const [a, slope] = linearTrend(y);
    const sums = new Float64Array(m);
    const counts = new Float64Array(m);
    for (let t = 0; t < y.length; t++) {
      const trend = a + slope * t;
      sums[t % m] += type === "A" ? y[t] - trend : y[t] / trend;
      counts[t % m]++;
    }
    for (let j = 0; j < m; j++) out[j] = counts[j] ? sums[j] / counts[j] : type === "A" ? 0 : 1;
    return out;
  }
  const trend = centredMovingAverage(y.subarray(0, n), m);
  const sums = new Float64Array(m);
  const counts = new Float64Array(m);
  for (let t = 0; t < n; t++) {
    if (!Number.isFinite(trend[t])) continue;
    sums[t % m] += type === "A" ? y[t] - trend[t] : y[t] / trend[t];
    counts[t % m]++;
  }
  for (let j = 0; j < m; j++) out[j] = counts[j] ? sums[j] / counts[j] : type === "A" ? 0 : 1;
  return out;
}

/** The 2 x m moving average of classical decomposition (NaN where it is not defined). */
export function centredMovingAverage(y: ArrayLike<number>, m: number): Float64Array {
  const n = y.length;
  const out = new Float64Array(n).fill(NaN);
  const half = Math.floor(m / 2);
  for (let t = half; t < n - half; t++) {
    let s = 0;
    if (m % 2 === 0) {
      s += 0.5 * y[t - half] + 0.5 * y[t + half];
      for (let k = -half + 1; k <= half - 1; k++) s += y[t + k];
    } else for (let k = -half; k <= half; k++) s += y[t + k];
    out[t] = s / m;
  }
  return out;
}

export interface EtsFitOptions {
  maxEvaluations?: number;
  tolerance?: number;
  /** A previous optimum of the same form (for example on a longer stretch of the series) to start from. */
  start?: Float64Array;
  /** First optimise the smoothing parameters alone with heuristic initial states, then everything (default true: as good, 2-3x faster). */
  twoStage?: boolean;
}

/** Fits one form; null when the series is too short for it or no admissible fit exists. */
export function fitEtsForm(y: Float64Array, form: EtsForm, m: number, options: EtsFitOptions = {}): EtsModel | null {
  const seasonal = form.season !== "N";
  const period = seasonal ? m : 1;
  const layout: Layout = { form, m: period, hasTrend: form.trend !== "N", damped: form.trend === "Ad", seasonal };
  const k = parameterCount(form, period);
  const n = y.length;
  if (n <= k + 2) return null;
  if (seasonal && n < 2 * m + 2) return null;
  const { l0, b0, init } = initialStates(y, form, period);
  const smoothing: number[] = [];
  const smoothingSteps: number[] = [];
  const alpha0 = BOUNDS.alpha[0] + (0.2 * (BOUNDS.alpha[1] - BOUNDS.alpha[0])) / period;
  smoothing.push(alpha0);
  smoothingSteps.push(0.1);
  if (layout.hasTrend) {
    smoothing.push(BOUNDS.beta[0] + 0.1 * (alpha0 - BOUNDS.beta[0]));
    smoothingSteps.push(0.02);
  }
  if (seasonal) {
    smoothing.push(BOUNDS.gamma[0] + 0.05 * (1 - alpha0 - BOUNDS.gamma[0]));
    smoothingSteps.push(0.05);
  }
  if (layout.damped) {
    smoothing.push(BOUNDS.phi[0] + 0.99 * (BOUNDS.phi[1] - BOUNDS.phi[0]));
    smoothingSteps.push(-0.05);
  }
  let spreadY = 0;
  for (let t = 1; t < n; t++) spreadY += Math.abs(y[t] - y[t - 1]);
  spreadY = Math.max(spreadY / Math.max(1, n - 1), 1e-8);
  const states: number[] = [l0];
  const stateSteps: number[] = [spreadY];
  if (layout.hasTrend) {
    states.push(b0);
    stateSteps.push(Math.max(Math.abs(b0) * 0.2, spreadY * 0.05));
  }
  if (seasonal) {
    for (let j = 1; j < period; j++) {
      states.push(init[j]);
      stateSteps.push(form.season === "A" ? spreadY * 0.5 : 0.02);
    }
  }
  const ring = new Float64Array(period);
  const scratch = new Float64Array(period);
  const full = new Float64Array(smoothing.length + states.length);
  const objective = (x: Float64Array) => {
    const p = unpack(layout, x, scratch);
    if (!inBounds(layout, p)) return Infinity;
    return filter(layout, p, y, ring).lik;
  };
  const tolerance = options.tolerance ?? 1e-6;
  let x0: Float64Array;
  let steps: number[];
  if (options.start && options.start.length === full.length) {
    x0 = Float64Array.from(options.start);
    // Near the optimum already: small steps.
    steps = [...smoothingSteps.map((v) => v * 0.3), ...stateSteps.map((v) => v * 0.3)];
  } else {
    let smooth: Float64Array = Float64Array.from(smoothing);
    if ((options.twoStage ?? true) && states.length > 1) {
      const fixed = Float64Array.from(states);
      const partial = (z: Float64Array) => {
        full.set(z, 0);
        full.set(fixed, z.length);
        return objective(full);
      };
      smooth = minimizeNelderMead(partial, smooth, { step: smoothingSteps, maxEvaluations: 300, tolerance: 1e-6, restarts: 0 }).x;
    }
    x0 = Float64Array.from([...smooth, ...states]);
    steps = [...smoothingSteps, ...stateSteps];
  }
  const result = minimizeNelderMead(objective, x0, { step: steps, maxEvaluations: options.maxEvaluations ?? 150 * x0.length + 300, tolerance, restarts: 1 });
  if (!Number.isFinite(result.value)) return null;
  const finalInit = new Float64Array(period);
  const p = unpack(layout, result.x, finalInit);
  const out = filter(layout, p, y, ring);
  if (!Number.isFinite(out.lik)) return null;
  const kk = k + 1;
  const aicc = out.lik + 2 * kk + (n - kk - 1 > 0 ? (2 * kk * (kk + 1)) / (n - kk - 1) : Infinity);
  const sigma2 = out.sse / Math.max(1, n - k);
  const model = new EtsModel({
    type: "ets",
    form,
    m: period,
    params: { alpha: p.alpha, beta: p.beta, gamma: p.gamma, phi: p.phi },
    level: out.level,
    slope: out.slope,
    seasonal: Array.from(out.ring),
    n,
    sigma2,
    aicc,
    optimum: Array.from(result.x),
  });
  return model;
}

export class EtsModel implements FittedModel {
  constructor(readonly json: EtsJson) {}

  get name(): string {
    return formName(this.json.form);
  }

  get aicc(): number {
    return this.json.aicc;
  }

  forecast(h: number): Float64Array {
    const { form, m, params, level, slope, seasonal, n } = this.json;
    const out = new Float64Array(h);
    let phiSum = 0;
    let phiPow = 1;
    for (let k = 1; k <= h; k++) {
      if (form.trend === "Ad") {
        phiPow *= params.phi;
        phiSum += phiPow;
      } else phiSum = k;
      const base = form.trend === "N" ? level : level + phiSum * slope;
      const s = form.season === "N" ? 0 : seasonal[(n + k - 1) % m];
      out[k - 1] = form.season === "A" ? base + s : form.season === "M" ? base * s : base;
    }
    return out;
  }

  /**
   * Class-1 variance multipliers (Hyndman et al. 2008, ch. 6): c_j = alpha + beta phi_j + gamma [j mod m = 0];
   * multiplicative errors scale the relative sd by the forecast.
   */
  spread(h: number): Float64Array {
    const { form, m, params, sigma2 } = this.json;
    const out = new Float64Array(h);
    const sigma = Math.sqrt(sigma2);
    const f = form.error === "M" ? this.forecast(h) : null;
    let acc = 0;
    let phiJ = 0;
    let phiPow = 1;
    for (let k = 1; k <= h; k++) {
      const j = k - 1;
      if (j >= 1) {
        if (form.trend === "Ad") {
          phiPow *= params.phi;
          phiJ += phiPow;
        } else phiJ = j;
        const c = params.alpha + (form.trend === "N" ? 0 : params.beta * phiJ) + (form.season !== "N" && j % m === 0 ? params.gamma : 0);
        acc += c * c;
      }
      const sd = sigma * Math.sqrt(1 + acc);
      out[k - 1] = f ? sd * Math.abs(f[k - 1]) : sd;
    }
    return out;
  }

  toJSON(): EtsJson {
    return this.json;
  }
}

/** The forms R's ets() considers by default (no multiplicative trend; no additive error with multiplicative season). */
export function candidateForms(options: { seasonal: boolean; positive: boolean; damped?: boolean }): EtsForm[] {
  const forms: EtsForm[] = [];
  const errors: ErrorType[] = options.positive ? ["A", "M"] : ["A"];
  const trends: TrendType[] = options.damped === false ? ["N", "A"] : ["N", "A", "Ad"];
  // Seasonal forms first when the series is seasonal: under a deadline they matter most.
  const seasons: SeasonType[] = options.seasonal ? (options.positive ? ["A", "M", "N"] : ["A", "N"]) : ["N"];
  for (const season of seasons)
    for (const error of errors)
      for (const trend of trends) {
        if (error === "A" && season === "M") continue;
        forms.push({ error, trend, season });
      }
  return forms;
}

/**
 * The form with the lowest AICc among the candidates (all fitted on the same data). Past the
 * deadline, the forms not yet tried are skipped (the cheapest, most common ones come first).
 */
export function fitAutoEts(
  y: Float64Array,
  m: number,
  options: { positive: boolean; seasonal?: boolean; forms?: EtsForm[]; deadline?: number },
): EtsModel | null {
  const seasonal = (options.seasonal ?? true) && m > 1 && m <= ETS_MAX_PERIOD && y.length >= 2 * m + 2;
  const forms = options.forms ?? candidateForms({ seasonal, positive: options.positive });
  let best: EtsModel | null = null;
  for (const form of forms) {
    if (best && options.deadline !== undefined && Date.now() > options.deadline) break;
    const model = fitEtsForm(y, form, m);
    if (model && (!best || model.aicc < best.aicc)) best = model;
  }
  return best;
}

/** Automatic ETS on the series' main period (seasonal forms only when seasonality was found). */
export const autoEtsMethod: Method = {
  id: "ets",
  cost: 15,
  applies: (s) => s.y.length >= 8,
  fit(s: SeriesInput) {
    const m = s.periods.find((p) => p <= ETS_MAX_PERIOD) ?? 1;
    const model = fitAutoEts(s.y, m, { positive: s.positive, seasonal: m > 1, deadline: s.deadline });
    if (!model) throw new Error("no admissible ETS model");
    return model;
  },
  refit: (s, template) => refitEts(s, template as EtsModel),
};

function refitEts(s: SeriesInput, template: EtsModel): EtsModel {
  const { form, m } = template.json;
  // From the usual starting point, not from the optimum on the whole series: starting there would
  // carry what the later data taught into the backtest of an earlier stretch (optimistic scores).
  const model = fitEtsForm(s.y, form, m);
  if (!model) throw new Error(`${formName(form)} cannot be fitted to ${s.y.length} points`);
  return model;
}

/** Damped-trend ETS alone: a robust default for trending series (Gardner & McKenzie). */
export const dampedEtsMethod: Method = {
  id: "ets-damped",
  cost: 3,
  applies: (s) => s.y.length >= 10,
  fit(s: SeriesInput) {
    const m = s.periods.find((p) => p <= ETS_MAX_PERIOD) ?? 1;
    const seasonal = m > 1 && s.y.length >= 2 * m + 2;
    const forms: EtsForm[] = [{ error: "A", trend: "Ad", season: seasonal ? "A" : "N" }];
    if (s.positive && seasonal) forms.push({ error: "M", trend: "Ad", season: "M" });
    const model = fitAutoEts(s.y, m, { positive: s.positive, seasonal, forms, deadline: s.deadline });
    if (!model) throw new Error("no admissible damped ETS model");
    return model;
  },
  refit: (s, template) => refitEts(s, template as EtsModel),
};

export function reviveEts(json: EtsJson): EtsModel {
  return new EtsModel(json);
}
