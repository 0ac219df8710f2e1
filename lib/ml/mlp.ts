// A small multilayer perceptron for the ensemble (binary classification and regression): a learner
// unlike trees (smooth in the numbers, every field at once), cheap to serve.
//
// Inputs: each numeric feature through a quantile-normal transform (its training quantiles mapped to
// normal scores, linear in between, so that skewed fields and outliers do not dominate); missing =
// the median's score plus a missing indicator when the training rows lack it often enough. Each
// categorical feature one-hot over its most frequent levels (others, unseen and missing share one
// column). Rows are sparse (one active column per categorical feature), so the first layer costs
// the active columns only. Network: 1-2 hidden ReLU layers, one output (log-odds, or the
// standardised value), Adam on mini-batches with a decaying step, early stopping on the fit's
// validation rows (the best epoch's weights are kept; a refit runs that many epochs), float32 weights.
//
// Contributions (margin space): integrated gradients from the mean training input to the row (the
// midpoint rule over IG_STEPS points), summed per feature; what the finite sum misses of the row's
// margin minus the base (the margin at the mean input) is spread over the features in proportion to
// |their part|: an allocation that keeps rows summing to the margin, not the features' Shapley values.
import { decodeBase64, encodeBase64 } from "./core/codec";
import { yieldToEventLoop } from "./core/gbdt";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";

const QUANTILES = 128;
/** Probabilities are clipped to this distance from 0 and 1 before the normal scores (|z| <= 3.1). */
const P_CLIP = 0.001;
/** Levels of a categorical feature with their own column (the most frequent first). */
const MAX_LEVELS = 32;
/** A level needs at least this many training rows (and this share of them) for its own column. */
const MIN_LEVEL_ROWS = 10;
const MIN_LEVEL_SHARE = 0.0005;
/** A missing indicator when at least this share of the training rows lack the value. */
const MIN_MISSING_SHARE = 0.001;
const IG_STEPS = 16;
const PROB_CLIP = 1e-6;

export interface MlpParams {
  objective: "binary" | "regression";
  /** Hidden layer sizes (1 or 2 layers); default [64, 32]. */
  hidden?: number[];
  learningRate?: number;
  /** Multiplies the step after every epoch. */
  decay?: number;
  /** Decoupled weight decay (AdamW) of the weight matrices. */
  weightDecay?: number;
  batchSize?: number;
  /** Fixed epochs (a refit); without them, early stopping on `valid` (else DEFAULT_EPOCHS). */
  epochs?: number;
  maxEpochs?: number;
  /** Epochs without a better validation loss before stopping. */
  patience?: number;
  seed?: number;
  /** Absolute time (Date.now()) by which the fit stops, keeping the best weights so far. */
  deadlineMs?: number;
  /** Regression: fit log(y + offset) (offset as evaluate.ts's logTransformOf), predict exp(.) - offset. */
  logTarget?: boolean;
}

const DEFAULTS = { hidden: [64, 32], learningRate: 2e-3, decay: 0.96, weightDecay: 1e-5, maxEpochs: 80, patience: 6 };
const DEFAULT_EPOCHS = 20;

export type MlpInput =
  /** quantiles ascending; scores = their normal scores; column of the value, missing: column of the indicator. */
  | { type: "num"; feature: number; quantiles: number[]; scores: number[]; fill: number; column: number; missing?: number }
  /** columns[c] = the column of category c (the `other` column for rare ones). */
  | { type: "cat"; feature: number; columns: number[]; other: number };

export interface MlpModelJson {
  kind: "mlp";
  objective: "binary" | "regression";
  inputs: MlpInput[];
  /** Input columns (one-hot levels, scores, indicators). */
  width: number;
  hidden: number[];
  /** Every layer's weights then biases, in order, Float32 base64 (layer l: in x out row-major, then out). */
  params: string;
  /** Regression: value = mean + scale * output (with `offset`: exp(that) - offset); binary: 0 and 1. */
  mean: number;
  scale: number;
  offset?: number;
  /** Epochs of the kept weights (a refit runs about as many). */
  epochs: number;
  /** The mean training input (the baseline of the contributions), Float32 base64. */
  baseline: string;
}

interface Layers {
  /** Per layer: weights (in x out), biases (out), sizes. */
  w: Float32Array[];
  b: Float32Array[];
  sizes: number[];
}

function layersOf(params: Float32Array, sizes: number[]): Layers {
  const w: Float32Array[] = [];
  const b: Float32Array[] = [];
  let o = 0;
  for (let l = 0; l + 1 < sizes.length; l++) {
    const n = sizes[l] * sizes[l + 1];
    w.push(params.subarray(o, o + n));
    o += n;
    b.push(params.subarray(o, o + sizes[l + 1]));
    o += sizes[l + 1];
  }
  return { w, b, sizes };
}

function paramCount(sizes: number[]): number {
  let n = 0;
  for (let l = 0; l + 1 < sizes.length; l++) n += sizes[l] * sizes[l + 1] + sizes[l + 1];
  return n;
}

function float32Of(text: string): Float32Array {
  const b = decodeBase64(text);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

function encodeFloat32(a: Float32Array): string {
  return encodeBase64(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

/** The sparse inputs of rows: `active` entries per row (column indices and values). */
interface Encoded {
  rows: number;
  active: number;
  idx: Int32Array;
  val: Float32Array;
}

function activeCount(inputs: MlpInput[]): number {
  let a = 0;
  for (const inp of inputs) a += inp.type === "num" && inp.missing !== undefined ? 2 : 1;
  return a;
}

function scoreOf(inp: Extract<MlpInput, { type: "num" }>, v: number): number {
  if (Number.isNaN(v)) return inp.fill;
  const q = inp.quantiles;
  const s = inp.scores;
  if (v <= q[0]) return s[0];
  const last = q.length - 1;
  if (v >= q[last]) return s[last];
  let lo = 0;
  let hi = last;
  // q[lo] < v <= q[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (q[mid] < v) lo = mid;
    else hi = mid;
  }
  const t = (v - q[lo]) / (q[hi] - q[lo]);
  return s[lo] + t * (s[hi] - s[lo]);
}

export function encodeRows(inputs: MlpInput[], x: FeatureMatrix, rows?: Int32Array): Encoded {
  const n = rows ? rows.length : x.rowCount;
  const A = activeCount(inputs);
  const idx = new Int32Array(n * A);
  const val = new Float32Array(n * A);
  let a = 0;
  for (const inp of inputs) {
    const col = x.columns[inp.feature];
    if (inp.type === "num") {
      for (let i = 0; i < n; i++) {
        const v = col[rows ? rows[i] : i];
        idx[i * A + a] = inp.column;
        val[i * A + a] = scoreOf(inp, v);
        if (inp.missing !== undefined) {
          idx[i * A + a + 1] = inp.missing;
          val[i * A + a + 1] = Number.isNaN(v) ? 1 : 0;
        }
      }
      a += inp.missing !== undefined ? 2 : 1;
    } else {
      for (let i = 0; i < n; i++) {
        const v = col[rows ? rows[i] : i];
        idx[i * A + a] = Number.isInteger(v) && v >= 0 && v < inp.columns.length ? inp.columns[v] : inp.other;
        val[i * A + a] = 1;
      }
      a += 1;
    }
  }
  return { rows: n, active: A, idx, val };
}

/** Forward pass of one row; acts[l] receives layer l's post-activation (l >= 1), returns the output. */
function forwardRow(L: Layers, enc: Encoded, r: number, acts: Float32Array[]): number {
  const { w, b, sizes } = L;
  const A = enc.active;
  const H = sizes[1];
  const h = acts[1];
  h.set(b[0]);
  const w0 = w[0];
  for (let a = 0; a < A; a++) {
    const v = enc.val[r * A + a];
    if (v === 0) continue;
    const o = enc.idx[r * A + a] * H;
    for (let k = 0; k < H; k++) h[k] += v * w0[o + k];
  }
  for (let k = 0; k < H; k++) if (h[k] < 0) h[k] = 0;
  return forwardFrom(L, 1, acts);
}

/** Layers after `from` (acts[from] holds its activations). */
function forwardFrom(L: Layers, from: number, acts: Float32Array[]): number {
  const { w, b, sizes } = L;
  const last = sizes.length - 1;
  for (let l = from; l < last; l++) {
    const inp = acts[l];
    const nIn = sizes[l];
    const nOut = sizes[l + 1];
    const wl = w[l];
    if (l + 1 === last) {
      let s = b[l][0];
      for (let j = 0; j < nIn; j++) s += inp[j] * wl[j];
      return s;
    }
    const out = acts[l + 1];
    out.set(b[l]);
    for (let j = 0; j < nIn; j++) {
      const v = inp[j];
      if (v === 0) continue;
      const o = j * nOut;
      for (let k = 0; k < nOut; k++) out[k] += v * wl[o + k];
    }
    for (let k = 0; k < nOut; k++) if (out[k] < 0) out[k] = 0;
  }
  return 0;
}

/**
 * Backward pass from d(loss)/d(output) = g through the layers above the first hidden one; deltas[l]
 * receives d/d(pre-activation of layer l) for l >= 1. Gradients are added to gw/gb when given.
 */
function backwardTo1(L: Layers, acts: Float32Array[], deltas: Float32Array[], g: number, gw: Float32Array[] | null, gb: Float32Array[] | null): void {
  const { w, sizes } = L;
  const last = sizes.length - 1;
  // Output layer: pre-activation gradient g.
  let upper = deltas[last];
  upper[0] = g;
  for (let l = last - 1; l >= 1; l--) {
    const nIn = sizes[l];
    const nOut = sizes[l + 1];
    const wl = w[l];
    const inp = acts[l];
    const d = deltas[l];
    if (gw && gb) {
      const gwl = gw[l];
      const gbl = gb[l];
      for (let k = 0; k < nOut; k++) gbl[k] += upper[k];
      for (let j = 0; j < nIn; j++) {
        const v = inp[j];
        if (v === 0) continue;
        const o = j * nOut;
        for (let k = 0; k < nOut; k++) gwl[o + k] += v * upper[k];
      }
    }
    for (let j = 0; j < nIn; j++) {
      if (inp[j] <= 0) {
        d[j] = 0;
        continue;
      }
      const o = j * nOut;
      let s = 0;
      for (let k = 0; k < nOut; k++) s += wl[o + k] * upper[k];
      d[j] = s;
    }
    upper = d;
  }
}

export class MlpModel {
  readonly json: MlpModelJson;
  private readonly layers: Layers;
  private readonly baseline: Float32Array;
  /** W1^T baseline + b1: the first layer's pre-activation at the baseline. */
  private readonly pre0: Float32Array;
  readonly base: number;

  constructor(json: MlpModelJson) {
    this.json = json;
    const sizes = [json.width, ...json.hidden, 1];
    this.layers = layersOf(float32Of(json.params), sizes);
    this.baseline = float32Of(json.baseline);
    const H = sizes[1];
    const pre0 = Float32Array.from(this.layers.b[0]);
    const w0 = this.layers.w[0];
    for (let j = 0; j < json.width; j++) {
      const v = this.baseline[j];
      if (v !== 0) for (let k = 0; k < H; k++) pre0[k] += v * w0[j * H + k];
    }
    this.pre0 = pre0;
    const acts = this.buffers();
    for (let k = 0; k < H; k++) acts[1][k] = Math.max(0, pre0[k]);
    this.base = this.toMargin(forwardFrom(this.layers, 1, acts));
  }

  get epochs(): number {
    return this.json.epochs;
  }

  /** Weights and biases (the serving size). */
  get size(): number {
    return paramCount([this.json.width, ...this.json.hidden, 1]);
  }

  /** Multiply-adds per row of a prediction. */
  get costPerRow(): number {
    const h = this.json.hidden;
    let c = activeCount(this.json.inputs) * h[0];
    for (let l = 0; l + 1 < h.length; l++) c += h[l] * h[l + 1];
    return c + h[h.length - 1];
  }

  private buffers(): Float32Array[] {
    return [new Float32Array(0), ...this.json.hidden.map((n) => new Float32Array(n)), new Float32Array(1)];
  }

  private toMargin(out: number): number {
    if (this.json.objective === "binary") return out;
    const v = this.json.mean + this.json.scale * out;
    return this.json.offset === undefined ? v : Math.exp(v) - this.json.offset;
  }

  /** d(margin)/d(output) at the output `out`. */
  private slope(out: number): number {
    if (this.json.objective === "binary") return 1;
    const { mean, scale, offset } = this.json;
    return offset === undefined ? scale : scale * Math.exp(mean + scale * out);
  }

  /** Margins: log-odds (binary) or values. */
  predictMargin(x: FeatureMatrix): Float64Array {
    const enc = encodeRows(this.json.inputs, x);
    const out = new Float64Array(enc.rows);
    const acts = this.buffers();
    for (let r = 0; r < enc.rows; r++) out[r] = this.toMargin(forwardRow(this.layers, enc, r, acts));
    return out;
  }

  /** Probabilities of class 1 (binary) or values. */
  predict(x: FeatureMatrix): Float64Array {
    const m = this.predictMargin(x);
    if (this.json.objective === "binary") for (let i = 0; i < m.length; i++) m[i] = sigmoid(m[i]);
    return m;
  }

  /** Per-feature contributions (rows x features) summing to the row's margin minus `base`. */
  contributions(x: FeatureMatrix): Float64Array {
    const F = x.features.length;
    const enc = encodeRows(this.json.inputs, x);
    const n = enc.rows;
    const A = enc.active;
    const { sizes, w } = this.layers;
    const H = sizes[1];
    const P = this.json.width;
    const w0 = w[0];
    // Feature of each input column.
    const featureOf = new Int32Array(P);
    for (const inp of this.json.inputs) {
      if (inp.type === "num") {
        featureOf[inp.column] = inp.feature;
        if (inp.missing !== undefined) featureOf[inp.missing] = inp.feature;
      } else {
        for (const c of inp.columns) featureOf[c] = inp.feature;
        featureOf[inp.other] = inp.feature;
      }
    }
    const acts = this.buffers();
    const deltas = this.buffers();
    const d1 = new Float32Array(H);
    const meanD = new Float64Array(H);
    const diff = new Float64Array(P);
    const out = new Float64Array(n * F);
    const used = new Set(this.json.inputs.map((i) => i.feature));
    for (let r = 0; r < n; r++) {
      // First-layer pre-activation along the path: pre0 + alpha * d1 (linear in alpha).
      for (let j = 0; j < P; j++) diff[j] = -this.baseline[j];
      for (let a = 0; a < A; a++) diff[enc.idx[r * A + a]] += enc.val[r * A + a];
      d1.fill(0);
      for (let j = 0; j < P; j++) {
        const v = diff[j];
        if (v !== 0) for (let k = 0; k < H; k++) d1[k] += v * w0[j * H + k];
      }
      meanD.fill(0);
      for (let s = 0; s < IG_STEPS; s++) {
        const alpha = (s + 0.5) / IG_STEPS;
        const h = acts[1];
        for (let k = 0; k < H; k++) h[k] = Math.max(0, this.pre0[k] + alpha * d1[k]);
        // The margin's gradient (through a log target's exp as well), averaged along the path.
        const slope = this.slope(forwardFrom(this.layers, 1, acts));
        backwardTo1(this.layers, acts, deltas, 1, null, null);
        const d = deltas[1];
        for (let k = 0; k < H; k++) meanD[k] += (slope * d[k]) / IG_STEPS;
      }
      // The row's margin as predictMargin computes it (so that rows sum to the served margin).
      const margin = this.toMargin(forwardRow(this.layers, enc, r, acts));
      const o = r * F;
      let total = 0;
      for (let j = 0; j < P; j++) {
        const v = diff[j];
        if (v === 0) continue;
        let g = 0;
        for (let k = 0; k < H; k++) g += w0[j * H + k] * meanD[k];
        const c = v * g;
        out[o + featureOf[j]] += c;
        total += c;
      }
      // What the midpoint sum misses, spread by |part| (equally when every part is 0).
      const rest = margin - this.base - total;
      let abs = 0;
      for (const f of used) abs += Math.abs(out[o + f]);
      for (const f of used) out[o + f] += abs > 0 ? (rest * Math.abs(out[o + f])) / abs : rest / used.size;
    }
    return out;
  }

  toJSON(): MlpModelJson {
    return this.json;
  }
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Inverse of the standard normal distribution function (Acklam's rational approximation). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Input columns fitted on the training rows. */
function fitInputs(x: FeatureMatrix, weights?: Float64Array): { inputs: MlpInput[]; width: number } {
  const n = x.rowCount;
  const inputs: MlpInput[] = [];
  let width = 0;
  x.features.forEach((spec, f) => {
    const col = x.columns[f];
    if (spec.kind === "categorical") {
      const C = spec.categories ?? 0;
      const counts = new Float64Array(C);
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (Number.isInteger(v) && v >= 0 && v < C) counts[v] += weights ? weights[i] : 1;
      }
      const min = Math.max(MIN_LEVEL_ROWS, MIN_LEVEL_SHARE * n);
      const levels = Array.from({ length: C }, (_, c) => c)
        .filter((c) => counts[c] >= min)
        .sort((p, q) => counts[q] - counts[p] || p - q)
        .slice(0, MAX_LEVELS);
      if (levels.length === 0) return;
      const other = width + levels.length;
      const columns = new Array<number>(C).fill(other);
      levels.forEach((c, i) => (columns[c] = width + i));
      inputs.push({ type: "cat", feature: f, columns, other });
      width = other + 1;
      return;
    }
    const s = col.filter((v) => !Number.isNaN(v)).sort();
    if (s.length === 0 || s[0] === s[s.length - 1]) return;
    // Quantiles at evenly spaced probabilities; a value repeated over several takes their mean probability.
    const quantiles: number[] = [];
    const probs: number[][] = [];
    for (let i = 0; i <= QUANTILES; i++) {
      const p = i / QUANTILES;
      const v = s[Math.round(p * (s.length - 1))];
      if (quantiles.length && quantiles[quantiles.length - 1] === v) probs[probs.length - 1].push(p);
      else {
        quantiles.push(v);
        probs.push([p]);
      }
    }
    const scores = probs.map((ps) => normalQuantile(Math.min(1 - P_CLIP, Math.max(P_CLIP, ps.reduce((t, p) => t + p, 0) / ps.length))));
    const missing = n - s.length;
    const inp: MlpInput = { type: "num", feature: f, quantiles, scores, fill: 0, column: width++ };
    inp.fill = scoreOf(inp, s[s.length >> 1]);
    if (missing >= Math.max(1, MIN_MISSING_SHARE * n)) inp.missing = width++;
    inputs.push(inp);
  });
  return { inputs, width };
}

export interface MlpFit {
  /** Runs a few mini-batches; false once the fit is over (epochs done, early stop or deadline). */
  step(): boolean;
  finish(): MlpModel;
}

/** The fit as steps of a few mini-batches (trainMlp runs them in a loop, trainMlpCooperatively between event-loop turns). */
export function startMlp(
  x: FeatureMatrix,
  y: Float64Array,
  params: MlpParams,
  weights?: Float64Array,
  valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array },
): MlpFit {
  const objective = params.objective;
  const hidden = (params.hidden ?? DEFAULTS.hidden).filter((h) => h > 0).slice(0, 2);
  if (hidden.length === 0) throw new Error("an MLP needs a hidden layer");
  const lr0 = params.learningRate ?? DEFAULTS.learningRate;
  const decay = params.decay ?? DEFAULTS.decay;
  const wd = params.weightDecay ?? DEFAULTS.weightDecay;
  const useValid = params.epochs === undefined && !!valid && valid.x.rowCount > 0;
  const maxEpochs = params.epochs ?? (useValid ? (params.maxEpochs ?? DEFAULTS.maxEpochs) : DEFAULT_EPOCHS);
  const patience = params.patience ?? DEFAULTS.patience;
  const rng = new Rng((params.seed ?? 0) + 97);
  const n = x.rowCount;
  const { inputs, width } = fitInputs(x, weights);
  const P = Math.max(1, width);
  const enc = encodeRows(inputs, x);
  const A = enc.active;
  // Target: 0/1 (binary) or standardised values.
  let sw = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    const wi = weights ? weights[i] : 1;
    sw += wi;
    sy += wi * y[i];
  }
  let offset: number | undefined;
  let forward = (v: number): number => v;
  if (objective === "regression" && params.logTarget && n > 0) {
    let lo = Infinity;
    for (const v of y) if (v < lo) lo = v;
    const off = lo > 0 ? 0 : 1 - lo;
    const floor = (lo + off) / 2;
    offset = off;
    forward = (v) => Math.log(Math.max(v + off, floor));
  }
  let mean = 0;
  let ss = 0;
  if (objective === "regression") {
    let sv = 0;
    for (let i = 0; i < n; i++) sv += (weights ? weights[i] : 1) * forward(y[i]);
    mean = sw > 0 ? sv / sw : 0;
    for (let i = 0; i < n; i++) ss += (weights ? weights[i] : 1) * (forward(y[i]) - mean) ** 2;
  }
  const scale = objective === "regression" ? Math.sqrt(ss / Math.max(sw, 1e-12)) || 1 : 1;
  const t = objective === "regression" ? Float32Array.from(y, (v) => (forward(v) - mean) / scale) : Float32Array.from(y);
  const prior = objective === "binary" && sw > 0 ? Math.min(1 - PROB_CLIP, Math.max(PROB_CLIP, sy / sw)) : 0.5;
  // Mean input (the contributions' baseline).
  const baseline = new Float32Array(P);
  for (let i = 0; i < n * A; i++) baseline[enc.idx[i]] += enc.val[i] / Math.max(1, n);
  // Weights: He-uniform on the (active) fan-in; the output layer small, its bias the prior.
  const sizes = [P, ...hidden, 1];
  const params32 = new Float32Array(paramCount(sizes));
  const L = layersOf(params32, sizes);
  for (let l = 0; l + 1 < sizes.length; l++) {
    const fanIn = l === 0 ? A : sizes[l];
    const lim = Math.sqrt(6 / Math.max(1, fanIn)) * (l + 2 === sizes.length ? 0.1 : 1);
    const wl = L.w[l];
    for (let i = 0; i < wl.length; i++) wl[i] = (2 * rng.next() - 1) * lim;
  }
  L.b[sizes.length - 2][0] = objective === "binary" ? Math.log(prior / (1 - prior)) : 0;
  const grads = new Float32Array(params32.length);
  const G = layersOf(grads, sizes);
  const m1 = new Float32Array(params32.length);
  const m2 = new Float32Array(params32.length);
  // Which parameters are weights (decayed) and not biases.
  const isWeight = new Uint8Array(params32.length);
  {
    let o = 0;
    for (let l = 0; l + 1 < sizes.length; l++) {
      isWeight.fill(1, o, o + sizes[l] * sizes[l + 1]);
      o += sizes[l] * sizes[l + 1] + sizes[l + 1];
    }
  }
  const batch = params.batchSize ?? Math.max(32, Math.min(256, Math.floor(n / 50)));
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const acts = [new Float32Array(0), ...hidden.map((h) => new Float32Array(h)), new Float32Array(1)];
  const deltas = [new Float32Array(0), ...hidden.map((h) => new Float32Array(h)), new Float32Array(1)];
  const H = hidden[0];
  const validEnc = useValid && valid ? encodeRows(inputs, valid.x) : null;
  const validT =
    useValid && valid ? (objective === "regression" ? Float32Array.from(valid.y, (v) => (forward(v) - mean) / scale) : Float32Array.from(valid.y)) : null;
  let best = { loss: Infinity, params: Float32Array.from(params32), epochs: 0 };
  let epoch = 0;
  let pos = n;
  let adamT = 0;
  let done = n === 0 || maxEpochs <= 0;
  const deadline = params.deadlineMs ?? Infinity;

  const validLoss = (): number => {
    if (!validEnc || !validT || !valid) return 0;
    let s = 0;
    let w = 0;
    for (let r = 0; r < validEnc.rows; r++) {
      const o = forwardRow(L, validEnc, r, acts);
      const wi = valid.weights ? valid.weights[r] : 1;
      s += wi * lossOf(objective, o, validT[r]);
      w += wi;
    }
    return w > 0 ? s / w : 0;
  };

  const endEpoch = (): void => {
    epoch++;
    if (useValid) {
      const loss = validLoss();
      if (loss < best.loss - 1e-7) best = { loss, params: Float32Array.from(params32), epochs: epoch };
      else if (epoch - best.epochs >= patience) done = true;
    } else best = { loss: 0, params: params32, epochs: epoch };
    if (epoch >= maxEpochs) done = true;
  };

  const runBatch = (from: number, to: number): void => {
    grads.fill(0);
    let bw = 0;
    for (let p = from; p < to; p++) {
      const r = order[p];
      const wi = weights ? weights[r] : 1;
      bw += wi;
      const o = forwardRow(L, enc, r, acts);
      const g = wi * gradOf(objective, o, t[r]);
      backwardTo1(L, acts, deltas, g, G.w, G.b);
      const d = deltas[1];
      const gb0 = G.b[0];
      for (let k = 0; k < H; k++) gb0[k] += d[k];
      const gw0 = G.w[0];
      for (let a = 0; a < A; a++) {
        const v = enc.val[r * A + a];
        if (v === 0) continue;
        const oo = enc.idx[r * A + a] * H;
        for (let k = 0; k < H; k++) gw0[oo + k] += v * d[k];
      }
    }
    // Adam (bias-corrected), decoupled weight decay, the step decaying by epoch.
    adamT++;
    const lr = lr0 * decay ** epoch;
    const c1 = 1 / (1 - 0.9 ** adamT);
    const c2 = 1 / (1 - 0.999 ** adamT);
    const inv = bw > 0 ? 1 / bw : 0;
    for (let i = 0; i < params32.length; i++) {
      const g = grads[i] * inv;
      m1[i] = 0.9 * m1[i] + 0.1 * g;
      m2[i] = 0.999 * m2[i] + 0.001 * g * g;
      let p = params32[i] - (lr * m1[i] * c1) / (Math.sqrt(m2[i] * c2) + 1e-8);
      if (isWeight[i]) p -= lr * wd * params32[i];
      params32[i] = p;
    }
  };

  return {
    step(): boolean {
      if (done) return false;
      if (Date.now() >= deadline) {
        // Out of time: the best epoch so far (or the weights as they are, before a first epoch ends).
        if (best.epochs === 0) best = { loss: Infinity, params: Float32Array.from(params32), epochs: epoch };
        done = true;
        return false;
      }
      for (let b = 0; b < 8 && !done; b++) {
        if (pos >= n) {
          // A new epoch: a fresh shuffle.
          for (let i = n - 1; i > 0; i--) {
            const j = rng.nextInt(i + 1);
            const tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
          }
          pos = 0;
        }
        const to = Math.min(n, pos + batch);
        runBatch(pos, to);
        pos = to;
        if (pos >= n) endEpoch();
      }
      return !done;
    },
    finish(): MlpModel {
      return new MlpModel({
        kind: "mlp",
        objective,
        inputs,
        width: P,
        hidden,
        params: encodeFloat32(best.params),
        mean,
        scale,
        ...(offset === undefined ? {} : { offset }),
        epochs: Math.max(1, best.epochs),
        baseline: encodeFloat32(baseline),
      });
    },
  };
}

function lossOf(objective: "binary" | "regression", o: number, t: number): number {
  if (objective === "regression") return 0.5 * (o - t) * (o - t);
  // Binary cross-entropy with logits, stable form.
  return Math.max(o, 0) - o * t + Math.log1p(Math.exp(-Math.abs(o)));
}

function gradOf(objective: "binary" | "regression", o: number, t: number): number {
  return objective === "regression" ? o - t : sigmoid(o) - t;
}

/** Fits an MLP (synchronously; `deadlineMs` bounds it). */
export function trainMlp(
  x: FeatureMatrix,
  y: Float64Array,
  params: MlpParams,
  weights?: Float64Array,
  valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array },
): MlpModel {
  const fit = startMlp(x, y, params, weights, valid);
  while (fit.step()) {}
  return fit.finish();
}

/** The same fit, letting the event loop run every `yieldMs` (timers, I/O, cancels); stops early when `shouldStop()`. */
export async function trainMlpCooperatively(
  x: FeatureMatrix,
  y: Float64Array,
  params: MlpParams,
  options: { weights?: Float64Array; valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array }; yieldMs?: number; shouldStop?: () => boolean } = {},
): Promise<MlpModel> {
  const yieldMs = options.yieldMs ?? 50;
  let last = Date.now();
  await yieldToEventLoop();
  const fit = startMlp(x, y, params, options.weights, options.valid);
  while (!options.shouldStop?.() && fit.step()) {
    if (Date.now() - last >= yieldMs) {
      await yieldToEventLoop();
      last = Date.now();
    }
  }
  return fit.finish();
}
