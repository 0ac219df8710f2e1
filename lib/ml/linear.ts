// Regularised linear models on standardised features: logistic (binary), softmax (multiclass) and
// ridge regression, fitted with L-BFGS. Cheap, smooth baselines that sometimes beat trees on small data.
// With `bins`, numeric fields also get one indicator per quantile bin (core/binning.ts): an additive
// model (GAM-like) whose shape per field is a step function, a member that differs from trees.
import { BinMapper } from "./core/binning";
import type { FeatureMatrix, Objective } from "./core/types";

/** Categoricals with at most this many categories are one-hot encoded; larger ones rely on other features. */
const MAX_ONE_HOT = 64;
/** Standardised values are clipped so that outliers cannot dominate the fit. */
const CLIP = 5;

type LinearColumn =
  | { type: "num"; feature: number; mean: number; std: number }
  | { type: "missing"; feature: number; mean: number; std: number }
  | { type: "cat"; feature: number; category: number; mean: number; std: number }
  /** Indicator of lo < v <= hi (a bound left out is unbounded); missing values are 0. */
  | { type: "bin"; feature: number; lo?: number; hi?: number; mean: number; std: number };

export interface LinearParams {
  objective: Objective;
  numClasses?: number;
  /** L2 strength on the mean loss. */
  lambda: number;
  /** Numeric fields also get indicators of at most this many quantile bins (0/undefined: none). */
  bins?: number;
  maxIterations?: number;
  deadlineMs?: number;
}

export interface LinearModelJson {
  kind: "linear";
  objective: Objective;
  numClasses: number;
  columns: LinearColumn[];
  /** outputs * p, row-major. */
  weights: number[];
  bias: number[];
  /** Regression: target scale so the optimiser sees unit variance. */
  yMean: number;
  yStd: number;
}

/** A model's indicator columns by field, for predictions (their steps where they are 1) without a pass per column. */
interface PredictionPlan {
  /** Bias plus every indicator column at its value when 0, per output. */
  base: Float64Array;
  dense: { column: LinearColumn; w: Float64Array }[];
  fields: {
    feature: number;
    /** Bins sorted by lower bound (-Infinity when open), their upper bounds and steps (bins * outputs). */
    los: Float64Array;
    his: Float64Array;
    binDelta: Float64Array;
    /** Steps by category index (categories * outputs, 0 where no column), or null. */
    catDelta: Float64Array | null;
    missingDelta: Float64Array | null;
  }[];
}

function buildPlan(json: LinearModelJson): PredictionPlan {
  const { columns, weights, bias } = json;
  const K = json.objective === "multiclass" ? json.numClasses : 1;
  const p = columns.length;
  const base = Float64Array.from(bias);
  const dense: PredictionPlan["dense"] = [];
  const byField = new Map<number, { bins: { lo: number; hi: number; delta: Float64Array }[]; cats: Map<number, Float64Array>; missing: Float64Array | null }>();
  columns.forEach((column, j) => {
    const w = Float64Array.from({ length: K }, (_, o) => weights[o * p + j]);
    if (column.type === "num") {
      dense.push({ column, w });
      return;
    }
    const zero = clipped(0, column);
    const step = clipped(1, column) - zero;
    const delta = Float64Array.from(w, (wo) => wo * step);
    for (let o = 0; o < K; o++) base[o] += w[o] * zero;
    let f = byField.get(column.feature);
    if (!f) byField.set(column.feature, (f = { bins: [], cats: new Map(), missing: null }));
    if (column.type === "missing") f.missing = f.missing ? f.missing.map((v, o) => v + delta[o]) : delta;
    else if (column.type === "cat") f.cats.set(column.category, delta);
    else f.bins.push({ lo: column.lo ?? -Infinity, hi: column.hi ?? Infinity, delta });
  });
  const fields = [...byField.entries()].map(([feature, f]) => {
    f.bins.sort((a, b) => a.lo - b.lo);
    let catDelta: Float64Array | null = null;
    if (f.cats.size) {
      const size = Math.max(...f.cats.keys()) + 1;
      catDelta = new Float64Array(size * K);
      for (const [c, d] of f.cats) catDelta.set(d, c * K);
    }
    const binDelta = new Float64Array(f.bins.length * K);
    f.bins.forEach((b, i) => binDelta.set(b.delta, i * K));
    return {
      feature,
      los: Float64Array.from(f.bins, (b) => b.lo),
      his: Float64Array.from(f.bins, (b) => b.hi),
      binDelta,
      catDelta,
      missingDelta: f.missing,
    };
  });
  return { base, dense, fields };
}

/** The standardised, clipped value of an indicator column whose indicator is `raw` (as fillColumn computes it). */
function clipped(raw: number, col: LinearColumn): number {
  const inv = col.std > 0 ? 1 / col.std : 0;
  const s = (raw - col.mean) * inv;
  return Math.min(CLIP, Math.max(-CLIP, s));
}

export class LinearModel {
  private plan?: PredictionPlan;
  constructor(readonly json: LinearModelJson) {}

  get outputs(): number {
    return this.json.objective === "multiclass" ? this.json.numClasses : 1;
  }

  /** Raw margins (rows * outputs). */
  predictRaw(x: FeatureMatrix): Float64Array {
    const plan = (this.plan ??= buildPlan(this.json));
    const K = this.outputs;
    const n = x.rowCount;
    const out = new Float64Array(n * K);
    for (let o = 0; o < K; o++) for (let i = 0; i < n; i++) out[i * K + o] = plan.base[o];
    const z = new Float64Array(n);
    for (const { column, w } of plan.dense) {
      fillColumn(column, x, z);
      for (let o = 0; o < K; o++) {
        const wo = w[o];
        if (wo === 0) continue;
        for (let i = 0; i < n; i++) out[i * K + o] += wo * z[i];
      }
    }
    // Indicator columns: each adds its step on the rows where it is 1 (at most one bin and one
    // category per field, found by binary search and lookup).
    for (const f of plan.fields) {
      const src = x.columns[f.feature];
      const { los, his, binDelta, catDelta, missingDelta } = f;
      const nb = los.length;
      for (let i = 0; i < n; i++) {
        const v = src[i];
        if (v !== v) {
          if (missingDelta) for (let o = 0; o < K; o++) out[i * K + o] += missingDelta[o];
        } else {
          if (nb > 0) {
            // The last bin whose lower bound is below v, if v is within its upper bound.
            let lo = 0;
            let hi = nb;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (los[mid] < v) lo = mid + 1;
              else hi = mid;
            }
            if (lo > 0 && v <= his[lo - 1]) for (let o = 0; o < K; o++) out[i * K + o] += binDelta[(lo - 1) * K + o];
          }
          if (catDelta && v >= 0 && v < catDelta.length / K && v === Math.floor(v)) for (let o = 0; o < K; o++) out[i * K + o] += catDelta[v * K + o];
        }
      }
    }
    return out;
  }

  /** Margins in the output's units: log-odds (binary), class margins (multiclass) or values (regression). */
  predictMargin(x: FeatureMatrix): Float64Array {
    const raw = this.predictRaw(x);
    if (this.json.objective === "regression") for (let i = 0; i < raw.length; i++) raw[i] = raw[i] * this.json.yStd + this.json.yMean;
    return raw;
  }

  /** Probabilities (binary: P(1) per row; multiclass: rows*k) or regression values. */
  predict(x: FeatureMatrix): Float64Array {
    const raw = this.predictRaw(x);
    return transformRaw(raw, x.rowCount, this.json.objective, this.json.numClasses, this.json.yMean, this.json.yStd);
  }

  /** Per-feature contributions w * (x - mean) on the raw scale for output `output`: rows * features. */
  contributions(x: FeatureMatrix, output: ArrayLike<number>): Float64Array {
    const { columns, weights } = this.json;
    const p = columns.length;
    const F = x.features.length;
    const n = x.rowCount;
    const K = this.outputs;
    const out = new Float64Array(n * F);
    const z = new Float64Array(n);
    const scale = this.json.objective === "regression" ? this.json.yStd : 1;
    for (let j = 0; j < p; j++) {
      const col = columns[j];
      fillColumn(col, x, z);
      for (let i = 0; i < n; i++) {
        const o = K === 1 ? 0 : output[i];
        out[i * F + col.feature] += weights[o * p + j] * z[i] * scale;
      }
    }
    return out;
  }

  toJSON(): LinearModelJson {
    return this.json;
  }
}

function fillColumn(col: LinearColumn, x: FeatureMatrix, z: Float64Array): void {
  const src = x.columns[col.feature];
  const n = x.rowCount;
  const inv = col.std > 0 ? 1 / col.std : 0;
  for (let i = 0; i < n; i++) {
    const v = src[i];
    let raw: number;
    if (col.type === "num") {
      if (v !== v) {
        z[i] = 0; // missing -> the mean
        continue;
      }
      raw = v;
    } else if (col.type === "missing") raw = v !== v ? 1 : 0;
    else if (col.type === "cat") raw = v === col.category ? 1 : 0;
    else raw = inBin(col, v) ? 1 : 0;
    let s = (raw - col.mean) * inv;
    if (s > CLIP) s = CLIP;
    else if (s < -CLIP) s = -CLIP;
    z[i] = s;
  }
}

export function transformRaw(raw: Float64Array, n: number, objective: Objective, k: number, yMean = 0, yStd = 1): Float64Array {
  if (objective === "binary") {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = 1 / (1 + Math.exp(-raw[i]));
    return out;
  }
  if (objective === "regression") {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = raw[i] * yStd + yMean;
    return out;
  }
  const out = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    let m = -Infinity;
    for (let c = 0; c < k; c++) m = Math.max(m, raw[i * k + c]);
    let s = 0;
    for (let c = 0; c < k; c++) s += out[i * k + c] = Math.exp(raw[i * k + c] - m);
    for (let c = 0; c < k; c++) out[i * k + c] /= s;
  }
  return out;
}

function inBin(col: { lo?: number; hi?: number }, v: number): boolean {
  return v === v && (col.lo === undefined || v > col.lo) && (col.hi === undefined || v <= col.hi);
}

function describeColumns(x: FeatureMatrix, weights?: Float64Array, bins = 0): LinearColumn[] {
  const cols: LinearColumn[] = [];
  const n = x.rowCount;
  let wsum = 0;
  for (let i = 0; i < n; i++) wsum += weights ? weights[i] : 1;
  const stats = (get: (i: number) => number): { mean: number; std: number } => {
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const w = weights ? weights[i] : 1;
      const v = get(i);
      s += w * v;
      s2 += w * v * v;
    }
    const mean = s / wsum;
    return { mean, std: Math.sqrt(Math.max(0, s2 / wsum - mean * mean)) };
  };
  const binMapper = bins >= 2 ? BinMapper.fit(x, bins) : null;
  x.features.forEach((spec, f) => {
    const src = x.columns[f];
    if (spec.kind === "categorical") {
      const k = spec.categories ?? 0;
      if (k > MAX_ONE_HOT) return;
      for (let c = 0; c < k; c++) {
        const st = stats((i) => (src[i] === c ? 1 : 0));
        if (st.std > 1e-9) cols.push({ type: "cat", feature: f, category: c, ...st });
      }
      return;
    }
    let present = 0;
    let s = 0;
    let s2 = 0;
    let wp = 0;
    for (let i = 0; i < n; i++) {
      const v = src[i];
      if (v !== v) continue;
      const w = weights ? weights[i] : 1;
      present++;
      wp += w;
      s += w * v;
      s2 += w * v * v;
    }
    if (present > 0) {
      const mean = s / wp;
      const std = Math.sqrt(Math.max(0, s2 / wp - mean * mean));
      if (std > 1e-12) cols.push({ type: "num", feature: f, mean, std });
      const info = binMapper?.info[f];
      if (std > 1e-12 && info?.kind === "numeric" && info.bounds.length > 0) {
        const b = info.bounds;
        for (let k = 0; k <= b.length; k++) {
          const col = { feature: f, ...(k > 0 ? { lo: b[k - 1] } : {}), ...(k < b.length ? { hi: b[k] } : {}) };
          const st = stats((i) => (inBin(col, src[i]) ? 1 : 0));
          if (st.std > 1e-9) cols.push({ type: "bin", ...col, ...st });
        }
      }
    }
    if (present < n && present > 0) {
      const st = stats((i) => (src[i] !== src[i] ? 1 : 0));
      if (st.std > 1e-9) cols.push({ type: "missing", feature: f, ...st });
    }
  });
  return cols;
}

/** Fits a linear model; y = class index (classification) or value (regression). */
export function trainLinear(x: FeatureMatrix, y: Float64Array, params: LinearParams, weights?: Float64Array): LinearModel {
  const n = x.rowCount;
  const objective = params.objective;
  const k = objective === "multiclass" ? (params.numClasses ?? 0) : objective === "binary" ? 2 : 1;
  if (objective === "multiclass" && k < 3) throw new Error(`multiclass needs numClasses >= 3, got ${k}`);
  const K = objective === "multiclass" ? k : 1;
  const columns = describeColumns(x, weights, params.bins ?? 0);
  const p = columns.length;
  // Numeric columns: a dense row-major matrix of standardised values. Indicator columns (missing,
  // category, bin) take two standardised values, `off` or `off + step` when the indicator is 1, so
  // they are stored as the rows where it is 1: margins and gradients cost the ones, not n x p.
  const dense: number[] = [];
  const sparse: number[] = [];
  columns.forEach((c, j) => (c.type === "num" ? dense : sparse).push(j));
  const pd = dense.length;
  const X = new Float64Array(n * pd);
  const z = new Float64Array(n);
  dense.forEach((j, d) => {
    fillColumn(columns[j], x, z);
    for (let i = 0; i < n; i++) X[i * pd + d] = z[i];
  });
  const off = new Float64Array(sparse.length);
  const step = new Float64Array(sparse.length);
  const starts = new Int32Array(sparse.length + 1);
  const ones: Int32Array[] = [];
  sparse.forEach((j, s) => {
    fillColumn(columns[j], x, z);
    let count = 0;
    let zMin = n > 0 ? z[0] : 0;
    let zMax = zMin;
    for (let i = 0; i < n; i++) {
      if (z[i] < zMin) zMin = z[i];
      if (z[i] > zMax) zMax = z[i];
    }
    // The indicator is 1 where z is the larger of its two values (its mean is below 1).
    for (let i = 0; i < n; i++) if (z[i] === zMax && zMax !== zMin) count++;
    const rows = new Int32Array(count);
    for (let i = 0, c = 0; i < n; i++) if (z[i] === zMax && zMax !== zMin) rows[c++] = i;
    ones.push(rows);
    off[s] = zMin;
    step[s] = zMax - zMin;
    starts[s + 1] = starts[s] + count;
  });
  let wsum = 0;
  for (let i = 0; i < n; i++) wsum += weights ? weights[i] : 1;
  let yMean = 0;
  let yStd = 1;
  const target = new Float64Array(y);
  if (objective === "regression") {
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const w = weights ? weights[i] : 1;
      s += w * y[i];
      s2 += w * y[i] * y[i];
    }
    yMean = s / wsum;
    yStd = Math.sqrt(Math.max(0, s2 / wsum - yMean * yMean)) || 1;
    for (let i = 0; i < n; i++) target[i] = (y[i] - yMean) / yStd;
  }
  const dim = K * (p + 1); // weights then biases
  const lambda = params.lambda;
  const margins = new Float64Array(n * K);
  const resid = new Float64Array(n * K);
  const residSum = new Float64Array(K);

  const evaluate = (theta: Float64Array, grad: Float64Array): number => {
    // margins = X W^T + b: the bias plus every indicator column at its `off` value, then the
    // dense columns, then each indicator's step on the rows where it is 1.
    for (let o = 0; o < K; o++) {
      let base = theta[K * p + o];
      for (let s = 0; s < sparse.length; s++) base += off[s] * theta[o * p + sparse[s]];
      for (let i = 0; i < n; i++) margins[i * K + o] = base;
    }
    if (pd > 0) {
      for (let i = 0; i < n; i++) {
        const row = i * pd;
        for (let o = 0; o < K; o++) {
          const wo = o * p;
          let m = 0;
          for (let d = 0; d < pd; d++) m += X[row + d] * theta[wo + dense[d]];
          margins[i * K + o] += m;
        }
      }
    }
    for (let s = 0; s < sparse.length; s++) {
      const rows = ones[s];
      for (let o = 0; o < K; o++) {
        const v = step[s] * theta[o * p + sparse[s]];
        if (v === 0) continue;
        for (let t = 0; t < rows.length; t++) margins[rows[t] * K + o] += v;
      }
    }
    let loss = 0;
    for (let i = 0; i < n; i++) {
      const w = weights ? weights[i] : 1;
      if (objective === "binary") {
        const m = margins[i];
        const yi = target[i];
        // log(1 + e^m) - y m, computed stably
        loss += w * ((m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m))) - yi * m);
        resid[i] = w * (1 / (1 + Math.exp(-m)) - yi);
      } else if (objective === "regression") {
        const d = margins[i] - target[i];
        loss += 0.5 * w * d * d;
        resid[i] = w * d;
      } else {
        let mx = -Infinity;
        for (let o = 0; o < K; o++) mx = Math.max(mx, margins[i * K + o]);
        let s = 0;
        for (let o = 0; o < K; o++) s += Math.exp(margins[i * K + o] - mx);
        const lse = mx + Math.log(s);
        const yi = target[i];
        loss += w * (lse - margins[i * K + yi]);
        for (let o = 0; o < K; o++) resid[i * K + o] = w * (Math.exp(margins[i * K + o] - lse) - (o === yi ? 1 : 0));
      }
    }
    grad.fill(0);
    residSum.fill(0);
    for (let i = 0; i < n; i++) {
      const row = i * pd;
      for (let o = 0; o < K; o++) {
        const r = resid[i * K + o];
        residSum[o] += r;
        if (r === 0 || pd === 0) continue;
        const wo = o * p;
        for (let d = 0; d < pd; d++) grad[wo + dense[d]] += r * X[row + d];
      }
    }
    for (let o = 0; o < K; o++) {
      grad[K * p + o] = residSum[o];
      for (let s = 0; s < sparse.length; s++) {
        const rows = ones[s];
        let r1 = 0;
        for (let t = 0; t < rows.length; t++) r1 += resid[rows[t] * K + o];
        grad[o * p + sparse[s]] = off[s] * residSum[o] + step[s] * r1;
      }
    }
    let reg = 0;
    for (let t = 0; t < dim; t++) grad[t] /= wsum;
    for (let t = 0; t < K * p; t++) {
      reg += theta[t] * theta[t];
      grad[t] += lambda * theta[t];
    }
    return loss / wsum + 0.5 * lambda * reg;
  };

  const theta = minimizeLbfgs(evaluate, new Float64Array(dim), params.maxIterations ?? 200, params.deadlineMs);
  return new LinearModel({
    kind: "linear",
    objective,
    numClasses: objective === "regression" ? 1 : k,
    columns,
    weights: Array.from(theta.subarray(0, K * p)),
    bias: Array.from(theta.subarray(K * p)),
    yMean,
    yStd,
  });
}

/** Limited-memory BFGS with a backtracking (Armijo) line search. */
export function minimizeLbfgs(
  evaluate: (x: Float64Array, grad: Float64Array) => number,
  x0: Float64Array,
  maxIterations: number,
  deadlineMs?: number,
  memory = 8,
): Float64Array {
  const dim = x0.length;
  let x = new Float64Array(x0);
  let g = new Float64Array(dim);
  let f = evaluate(x, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const rho: number[] = [];
  const dir = new Float64Array(dim);
  const alpha = new Float64Array(memory);
  for (let iter = 0; iter < maxIterations; iter++) {
    if (deadlineMs !== undefined && Date.now() > deadlineMs) break;
    // Two-loop recursion: dir = -H g
    for (let t = 0; t < dim; t++) dir[t] = -g[t];
    for (let m = S.length - 1; m >= 0; m--) {
      alpha[m] = rho[m] * dot(S[m], dir);
      axpy(-alpha[m], Y[m], dir);
    }
    if (S.length > 0) {
      const last = S.length - 1;
      const gamma = dot(S[last], Y[last]) / dot(Y[last], Y[last]);
      for (let t = 0; t < dim; t++) dir[t] *= gamma;
    }
    for (let m = 0; m < S.length; m++) {
      const beta = rho[m] * dot(Y[m], dir);
      axpy(alpha[m] - beta, S[m], dir);
    }
    let slope = dot(g, dir);
    if (slope >= 0) {
      // Not a descent direction: restart from steepest descent.
      for (let t = 0; t < dim; t++) dir[t] = -g[t];
      slope = dot(g, dir);
      S.length = 0;
      Y.length = 0;
      rho.length = 0;
    }
    let step = S.length === 0 ? Math.min(1, 1 / Math.sqrt(Math.max(1e-12, -slope))) : 1;
    const xNew = new Float64Array(dim);
    const gNew = new Float64Array(dim);
    let fNew = Infinity;
    for (let ls = 0; ls < 30; ls++) {
      for (let t = 0; t < dim; t++) xNew[t] = x[t] + step * dir[t];
      fNew = evaluate(xNew, gNew);
      if (fNew <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew < f)) break;
    const s = new Float64Array(dim);
    const yv = new Float64Array(dim);
    for (let t = 0; t < dim; t++) {
      s[t] = xNew[t] - x[t];
      yv[t] = gNew[t] - g[t];
    }
    const sy = dot(s, yv);
    if (sy > 1e-12) {
      S.push(s);
      Y.push(yv);
      rho.push(1 / sy);
      if (S.length > memory) {
        S.shift();
        Y.shift();
        rho.shift();
      }
    }
    const improvement = f - fNew;
    x = xNew;
    g = gNew;
    f = fNew;
    if (improvement < 1e-9 * Math.max(1, Math.abs(f))) break;
    let gmax = 0;
    for (let t = 0; t < dim; t++) gmax = Math.max(gmax, Math.abs(g[t]));
    if (gmax < 1e-6) break;
  }
  return x;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function axpy(a: number, x: Float64Array, y: Float64Array): void {
  for (let i = 0; i < x.length; i++) y[i] += a * x[i];
}
