// Regularised linear models on standardised features: logistic (binary), softmax (multiclass) and
// ridge regression, fitted with L-BFGS. Cheap, smooth baselines that sometimes beat trees on small data.
import type { FeatureMatrix, Objective } from "./core/types";

/** Categoricals with at most this many categories are one-hot encoded; larger ones rely on other features. */
const MAX_ONE_HOT = 64;
/** Standardised values are clipped so that outliers cannot dominate the fit. */
const CLIP = 5;

type LinearColumn =
  | { type: "num"; feature: number; mean: number; std: number }
  | { type: "missing"; feature: number; mean: number; std: number }
  | { type: "cat"; feature: number; category: number; mean: number; std: number };

export interface LinearParams {
  objective: Objective;
  numClasses?: number;
  /** L2 strength on the mean loss. */
  lambda: number;
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

export class LinearModel {
  constructor(readonly json: LinearModelJson) {}

  get outputs(): number {
    return this.json.objective === "multiclass" ? this.json.numClasses : 1;
  }

  /** Raw margins (rows * outputs). */
  predictRaw(x: FeatureMatrix): Float64Array {
    const { columns, weights, bias } = this.json;
    const K = this.outputs;
    const p = columns.length;
    const n = x.rowCount;
    const out = new Float64Array(n * K);
    for (let o = 0; o < K; o++) for (let i = 0; i < n; i++) out[i * K + o] = bias[o];
    const z = new Float64Array(n);
    for (let j = 0; j < p; j++) {
      fillColumn(columns[j], x, z);
      for (let o = 0; o < K; o++) {
        const w = weights[o * p + j];
        if (w === 0) continue;
        for (let i = 0; i < n; i++) out[i * K + o] += w * z[i];
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
    else raw = v === col.category ? 1 : 0;
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

function describeColumns(x: FeatureMatrix, weights?: Float64Array): LinearColumn[] {
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
  const columns = describeColumns(x, weights);
  const p = columns.length;
  // Dense row-major design matrix of standardised features.
  const X = new Float64Array(n * p);
  const z = new Float64Array(n);
  for (let j = 0; j < p; j++) {
    fillColumn(columns[j], x, z);
    for (let i = 0; i < n; i++) X[i * p + j] = z[i];
  }
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

  const evaluate = (theta: Float64Array, grad: Float64Array): number => {
    // margins = X W^T + b
    for (let i = 0; i < n; i++) {
      const row = i * p;
      for (let o = 0; o < K; o++) {
        let m = theta[K * p + o];
        const wo = o * p;
        for (let j = 0; j < p; j++) m += X[row + j] * theta[wo + j];
        margins[i * K + o] = m;
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
    for (let i = 0; i < n; i++) {
      const row = i * p;
      for (let o = 0; o < K; o++) {
        const r = resid[i * K + o];
        if (r === 0) continue;
        const wo = o * p;
        for (let j = 0; j < p; j++) grad[wo + j] += r * X[row + j];
        grad[K * p + o] += r;
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
