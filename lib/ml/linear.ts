// Regularised linear models on standardised features: logistic (binary), softmax (multiclass) and
// ridge regression, fitted with L-BFGS. Cheap, smooth baselines that sometimes beat trees on small data.
// With `bins`, numeric fields also get one indicator per quantile bin (core/binning.ts): an additive
// model (GAM-like) whose shape per field is a step function, a member that differs from trees.
// With `pairs` as well, the few field pairs whose residuals after that fit gain most from a cell-wise
// correction get indicators of the cells of a coarse 2-D grid (GA2M / EBM style), fitted jointly.
import { BinMapper } from "./core/binning";
import type { BinnedMatrix, FeatureMatrix, Objective } from "./core/types";

/** Categoricals with at most this many categories are one-hot encoded; larger ones rely on other features. */
const MAX_ONE_HOT = 64;
/** Standardised values are clipped so that outliers cannot dominate the fit. */
const CLIP = 5;
/** Value bins per field of the 2-D grids of pairwise terms (plus the missing bin). */
export const PAIR_BINS = 8;
/** L2 strength of pair cells (many small cells overfit at the main effects' 1e-4). */
export const PAIR_LAMBDA = 0.1;
/** Pairs are chosen among at most this many fields (those with the largest main effects). */
const MAX_PAIR_FIELDS = 24;
/** A grid cell gets an indicator column when at least this many training rows fall in it. */
const MIN_PAIR_CELL_ROWS = 10;
/** Hessian smoothing of a cell's gain when pairs are ranked (keeps small cells from dominating). */
const PAIR_GAIN_SMOOTHING = 10;

type LinearColumn =
  | { type: "num"; feature: number; mean: number; std: number }
  | { type: "missing"; feature: number; mean: number; std: number }
  | { type: "cat"; feature: number; category: number; mean: number; std: number }
  /** Indicator of lo < v <= hi (a bound left out is unbounded); missing values are 0. */
  | { type: "bin"; feature: number; lo?: number; hi?: number; mean: number; std: number }
  /** Indicator of one cell of a pair's grid: `feature` in bin `binA` and `feature2` in bin `binB` of the model's `pairBins`. */
  | { type: "pair"; feature: number; feature2: number; binA: number; binB: number; mean: number; std: number };

export interface LinearParams {
  objective: Objective;
  numClasses?: number;
  /** L2 strength on the mean loss. */
  lambda: number;
  /** Numeric fields also get indicators of at most this many quantile bins (0/undefined: none). */
  bins?: number;
  /** With bins: this many pairwise terms on a coarse grid (0/undefined: none; not for multiclass). */
  pairs?: number;
  /** L2 strength of the pair cells' weights (default PAIR_LAMBDA). */
  pairLambda?: number;
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
  /** The bins of the pairwise terms' grids (BinMapper JSON), when the model has pair columns. */
  pairBins?: unknown;
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
    /** binDelta and catDelta as one view per bin / category. */
    binSteps: Float64Array[];
    catSteps: Float64Array[];
    /** Sum of the field's indicator columns at 0 (w * standardised 0), per output: its share of `base`. */
    zeroSum: Float64Array;
  }[];
  /** Pairwise terms: steps by grid cell (binA * binsB + binB, cells * outputs). */
  pairs: { a: number; b: number; binsB: number; cellDelta: Float64Array; zeroSum: Float64Array }[];
  pairBins: BinMapper | null;
}

function buildPlan(json: LinearModelJson): PredictionPlan {
  const { columns, weights, bias } = json;
  const K = json.objective === "multiclass" ? json.numClasses : 1;
  const p = columns.length;
  const base = Float64Array.from(bias);
  const dense: PredictionPlan["dense"] = [];
  const byField = new Map<
    number,
    { bins: { lo: number; hi: number; delta: Float64Array }[]; cats: Map<number, Float64Array>; missing: Float64Array | null; zeroSum: Float64Array }
  >();
  const pairBins = json.pairBins ? BinMapper.fromJSON(json.pairBins) : null;
  const byPair = new Map<string, PredictionPlan["pairs"][number]>();
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
    if (column.type === "pair") {
      if (!pairBins) throw new Error("a linear model with pair columns needs pairBins");
      const key = `${column.feature},${column.feature2}`;
      let pair = byPair.get(key);
      if (!pair) {
        const binsB = pairBins.numBins[column.feature2];
        pair = {
          a: column.feature,
          b: column.feature2,
          binsB,
          cellDelta: new Float64Array(pairBins.numBins[column.feature] * binsB * K),
          zeroSum: new Float64Array(K),
        };
        byPair.set(key, pair);
      }
      for (let o = 0; o < K; o++) pair.zeroSum[o] += w[o] * zero;
      const cell = column.binA * pair.binsB + column.binB;
      for (let o = 0; o < K; o++) pair.cellDelta[cell * K + o] += delta[o];
      return;
    }
    let f = byField.get(column.feature);
    if (!f) byField.set(column.feature, (f = { bins: [], cats: new Map(), missing: null, zeroSum: new Float64Array(K) }));
    for (let o = 0; o < K; o++) f.zeroSum[o] += w[o] * zero;
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
      zeroSum: f.zeroSum,
      binSteps: Array.from({ length: f.bins.length }, (_, i) => binDelta.subarray(i * K, i * K + K)),
      catSteps: catDelta ? Array.from({ length: catDelta.length / K }, (_, c) => (catDelta as Float64Array).subarray(c * K, c * K + K)) : [],
    };
  });
  return { base, dense, fields, pairs: [...byPair.values()], pairBins };
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
    // Indicator columns: each adds its step on the rows where it is 1 (at most one per field: the
    // missing indicator, a bin found by binary search, or a category).
    for (const f of plan.fields) {
      const src = x.columns[f.feature];
      for (let i = 0; i < n; i++) {
        const step = stepOf(f, src[i], K);
        if (step) for (let o = 0; o < K; o++) out[i * K + o] += step[o];
      }
    }
    if (plan.pairs.length && plan.pairBins) {
      const { bins } = plan.pairBins.transform(x);
      const F = x.features.length;
      for (const { a, b, binsB, cellDelta } of plan.pairs) {
        for (let i = 0; i < n; i++) {
          const cell = bins[i * F + a] * binsB + bins[i * F + b];
          for (let o = 0; o < K; o++) out[i * K + o] += cellDelta[cell * K + o];
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

  /**
   * Per-feature contributions w * (x - mean) on the raw scale for output `output`: rows * features.
   * A field's indicator columns add up to their sum at 0 plus the step of the one that is 1 (the
   * prediction plan's terms); a pair cell's term is split equally between its two fields.
   */
  contributions(x: FeatureMatrix, output: ArrayLike<number>): Float64Array {
    const plan = (this.plan ??= buildPlan(this.json));
    const F = x.features.length;
    const n = x.rowCount;
    const K = this.outputs;
    const out = new Float64Array(n * F);
    const z = new Float64Array(n);
    const scale = this.json.objective === "regression" ? this.json.yStd : 1;
    const outputOf = (i: number): number => (K === 1 ? 0 : output[i]);
    for (const { column, w } of plan.dense) {
      fillColumn(column, x, z);
      for (let i = 0; i < n; i++) out[i * F + column.feature] += w[outputOf(i)] * z[i] * scale;
    }
    for (const f of plan.fields) {
      const src = x.columns[f.feature];
      for (let i = 0; i < n; i++) {
        const o = outputOf(i);
        const step = stepOf(f, src[i], K);
        out[i * F + f.feature] += (f.zeroSum[o] + (step ? step[o] : 0)) * scale;
      }
    }
    if (plan.pairs.length && plan.pairBins) {
      const { bins } = plan.pairBins.transform(x);
      for (const { a, b, binsB, cellDelta, zeroSum } of plan.pairs) {
        for (let i = 0; i < n; i++) {
          const o = outputOf(i);
          const half = 0.5 * (zeroSum[o] + cellDelta[(bins[i * F + a] * binsB + bins[i * F + b]) * K + o]) * scale;
          out[i * F + a] += half;
          out[i * F + b] += half;
        }
      }
    }
    return out;
  }

  toJSON(): LinearModelJson {
    return this.json;
  }
}

/** The steps (per output) that a field's indicator columns add for value v: missing, its bin or its category; null if none. */
function stepOf(f: PredictionPlan["fields"][number], v: number, K: number): Float64Array | null {
  if (v !== v) return f.missingDelta;
  const { los, his, catDelta } = f;
  const nb = los.length;
  if (nb > 0) {
    // The last bin whose lower bound is below v, if v is within its upper bound.
    let lo = 0;
    let hi = nb;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (los[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && v <= his[lo - 1]) return f.binSteps[lo - 1];
  }
  if (catDelta && v >= 0 && v < catDelta.length / K && v === Math.floor(v)) return f.catSteps[v];
  return null;
}

function fillColumn(col: LinearColumn, x: FeatureMatrix, z: Float64Array, binned?: BinnedMatrix): void {
  const src = x.columns[col.feature];
  const n = x.rowCount;
  const inv = col.std > 0 ? 1 / col.std : 0;
  if (col.type === "pair") {
    if (!binned) throw new Error("pair columns need the binned matrix");
    const F = binned.numFeatures;
    const bins = binned.bins;
    const zero = clipped(0, col);
    const one = clipped(1, col);
    for (let i = 0; i < n; i++) z[i] = bins[i * F + col.feature] === col.binA && bins[i * F + col.feature2] === col.binB ? one : zero;
    return;
  }
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
  let columns = describeColumns(x, weights, params.bins ?? 0);
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
  const fit = {
    objective,
    K,
    lambda: params.lambda,
    pairLambda: params.pairLambda ?? PAIR_LAMBDA,
    maxIterations: params.maxIterations ?? 200,
    deadlineMs: params.deadlineMs,
  };
  let { theta, margins } = fitColumns(x, target, weights, wsum, columns, fit);
  let pairBins: BinMapper | undefined;
  const pairCount = Math.max(0, Math.floor(params.pairs ?? 0));
  if (pairCount > 0 && K === 1 && (params.bins ?? 0) > 0 && n > 0 && !(params.deadlineMs !== undefined && Date.now() > params.deadlineMs)) {
    // Pairwise terms: rank field pairs by the gain of a cell-wise correction of the additive fit's
    // residuals on a coarse grid, then refit with the top pairs' cells (warm start from the additive fit).
    pairBins = BinMapper.fit(x, PAIR_BINS);
    const binned = pairBins.transform(x);
    const pairs = choosePairs(columns, theta, margins, target, weights, objective, pairBins, binned, pairCount);
    const pairColumns = describePairColumns(pairs, pairBins, binned, weights, wsum);
    if (pairColumns.length) {
      const p = columns.length;
      const start = new Float64Array(p + pairColumns.length + 1);
      start.set(theta.subarray(0, p));
      start[start.length - 1] = theta[p];
      columns = [...columns, ...pairColumns];
      ({ theta, margins } = fitColumns(x, target, weights, wsum, columns, fit, binned, start));
    } else pairBins = undefined;
  }
  const p = columns.length;
  return new LinearModel({
    kind: "linear",
    objective,
    numClasses: objective === "regression" ? 1 : k,
    columns,
    weights: Array.from(theta.subarray(0, K * p)),
    bias: Array.from(theta.subarray(K * p)),
    yMean,
    yStd,
    ...(pairBins ? { pairBins: pairBins.toJSON() } : {}),
  });
}

/**
 * The `count` field pairs (among the fields with the largest main effects) whose grid cells gain most
 * over the better of their two margins when fitted to the residuals of the model `theta` (one output):
 * sum over cells of G^2 / (H + s), G and H the cell's gradient and hessian sums.
 */
function choosePairs(
  columns: LinearColumn[],
  theta: Float64Array,
  margins: Float64Array,
  target: Float64Array,
  weights: Float64Array | undefined,
  objective: Objective,
  pairBins: BinMapper,
  binned: BinnedMatrix,
  count: number,
): [number, number][] {
  const n = margins.length;
  const F = binned.numFeatures;
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i] : 1;
    if (objective === "binary") {
      const pr = 1 / (1 + Math.exp(-margins[i]));
      g[i] = w * (pr - target[i]);
      h[i] = w * Math.max(pr * (1 - pr), 1e-6);
    } else {
      g[i] = w * (margins[i] - target[i]);
      h[i] = w;
    }
  }
  // Main effect of a field: the squared weights of its (standardised) columns.
  const effect = new Float64Array(F);
  columns.forEach((c, j) => (effect[c.feature] += theta[j] * theta[j]));
  const fields = Array.from({ length: F }, (_, f) => f)
    .filter((f) => pairBins.numBins[f] > 2 && effect[f] > 0)
    .sort((a, b) => effect[b] - effect[a] || a - b)
    .slice(0, MAX_PAIR_FIELDS);
  const gainOf = (G: Float64Array, H: Float64Array): number => {
    let s = 0;
    for (let c = 0; c < G.length; c++) s += (G[c] * G[c]) / (H[c] + PAIR_GAIN_SMOOTHING);
    return s;
  };
  const ranked: { a: number; b: number; gain: number }[] = [];
  const bins = binned.bins;
  for (let u = 0; u < fields.length; u++) {
    for (let v = u + 1; v < fields.length; v++) {
      const a = Math.min(fields[u], fields[v]);
      const b = Math.max(fields[u], fields[v]);
      const na = pairBins.numBins[a];
      const nb = pairBins.numBins[b];
      const G = new Float64Array(na * nb);
      const H = new Float64Array(na * nb);
      for (let i = 0; i < n; i++) {
        const cell = bins[i * F + a] * nb + bins[i * F + b];
        G[cell] += g[i];
        H[cell] += h[i];
      }
      const Ga = new Float64Array(na);
      const Ha = new Float64Array(na);
      const Gb = new Float64Array(nb);
      const Hb = new Float64Array(nb);
      for (let ca = 0; ca < na; ca++)
        for (let cb = 0; cb < nb; cb++) {
          const c = ca * nb + cb;
          Ga[ca] += G[c];
          Ha[ca] += H[c];
          Gb[cb] += G[c];
          Hb[cb] += H[c];
        }
      const gain = gainOf(G, H) - Math.max(gainOf(Ga, Ha), gainOf(Gb, Hb));
      if (gain > 0) ranked.push({ a, b, gain });
    }
  }
  ranked.sort((p, q) => q.gain - p.gain || p.a - q.a || p.b - q.b);
  return ranked.slice(0, count).map((r) => [r.a, r.b]);
}

/** Indicator columns of the cells of each pair's grid that hold enough rows (not every row). */
function describePairColumns(
  pairs: [number, number][],
  pairBins: BinMapper,
  binned: BinnedMatrix,
  weights: Float64Array | undefined,
  wsum: number,
): LinearColumn[] {
  const cols: LinearColumn[] = [];
  const n = binned.rowCount;
  const F = binned.numFeatures;
  const bins = binned.bins;
  for (const [a, b] of pairs) {
    const na = pairBins.numBins[a];
    const nb = pairBins.numBins[b];
    const rows = new Float64Array(na * nb);
    const wts = new Float64Array(na * nb);
    for (let i = 0; i < n; i++) {
      const cell = bins[i * F + a] * nb + bins[i * F + b];
      rows[cell]++;
      wts[cell] += weights ? weights[i] : 1;
    }
    for (let c = 0; c < na * nb; c++) {
      if (rows[c] < MIN_PAIR_CELL_ROWS || rows[c] >= n) continue;
      // Mean and std of a 0/1 indicator with weighted share q.
      const q = wts[c] / wsum;
      const std = Math.sqrt(Math.max(0, q - q * q));
      if (std > 1e-9) cols.push({ type: "pair", feature: a, feature2: b, binA: Math.floor(c / nb), binB: c % nb, mean: q, std });
    }
  }
  return cols;
}

/** L-BFGS fit of the columns' weights and biases (weights then biases); margins on the standardised scale. */
function fitColumns(
  x: FeatureMatrix,
  target: Float64Array,
  weights: Float64Array | undefined,
  wsum: number,
  columns: LinearColumn[],
  fit: { objective: Objective; K: number; lambda: number; pairLambda?: number; maxIterations: number; deadlineMs?: number },
  binned?: BinnedMatrix,
  start?: Float64Array,
): { theta: Float64Array; margins: Float64Array } {
  const { objective, K } = fit;
  const n = x.rowCount;
  const p = columns.length;
  // L2 per column: pair cells take their own (stronger) penalty.
  const lambdas = Float64Array.from(columns, (c) => (c.type === "pair" ? (fit.pairLambda ?? fit.lambda) : fit.lambda));
  // Numeric columns: a dense row-major matrix of standardised values. Indicator columns (missing,
  // category, bin, pair cell) take two standardised values, `off` or `off + step` when the indicator
  // is 1, so they are stored as the rows where it is 1: margins and gradients cost the ones, not n x p.
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
  const ones: Int32Array[] = [];
  sparse.forEach((j, s) => {
    fillColumn(columns[j], x, z, binned);
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
  });
  const dim = K * (p + 1); // weights then biases
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
      const l = lambdas[t % p];
      reg += l * theta[t] * theta[t];
      grad[t] += l * theta[t];
    }
    return loss / wsum + 0.5 * reg;
  };

  const theta = minimizeLbfgs(evaluate, start ?? new Float64Array(dim), fit.maxIterations, fit.deadlineMs);
  evaluate(theta, new Float64Array(dim));
  return { theta, margins: Float64Array.from(margins) };
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
