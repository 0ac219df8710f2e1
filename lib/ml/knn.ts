// k-nearest-neighbours member for the ensemble (binary classification and regression): a learner
// unlike trees and additive models, smooth in the numbers (diamonds' carat and sides), exact search.
//
// Coordinates: each numeric feature robust-scaled ((x - median) / (IQR / 1.349), clipped at +-5;
// missing = the median, plus a missing indicator when >= 1% of the rows lack it); each categorical
// feature as its smoothed target mean (rows of one category coincide, as with one-hot; categories
// with alike outcomes lie close). Every coordinate is then weighted by its relevance, the correlation
// ratio of the target over the feature's quantile bins or categories (eta, bias-corrected), and only
// the most relevant ones are kept (at most MAX_DIMS). The reference rows (at most MAX_REFS, a seeded
// sample) sit in a k-d tree with bounding boxes; queries are exact (box bounds, partial distances).
// k and the weighting (uniform or inverse distance) are chosen on the validation rows of the fit.
//
// Contributions (margin space): kNN has no exact TreeSHAP. The member's deviation from its base
// (the prior's margin) is split over the fields it measures distance on, in proportion to how far
// each field's own value moves the target (|the row's bin or category mean margin - base|): an
// allocation that keeps rows summing to the margin, not the fields' Shapley values.
import { decodeBase64, decodeFloat64, encodeBase64, encodeTyped } from "./core/codec";
import { trainGbdt } from "./core/gbdt";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import { computeAuc, computeRmse } from "./metrics";

/** Reference rows kept (a seeded sample above this): the artifact holds them. */
export const KNN_MAX_REFS = 20_000;
/** Coordinates kept, the most relevant first. */
const MAX_DIMS = 12;
/** A coordinate is kept when its relevance is at least this share of the best one. */
const MIN_RELEVANCE_SHARE = 0.1;
/** Largest k tried on the validation rows. */
const K_MAX = 100;
const K_CHOICES = [5, 10, 15, 25, 35, 50, 75, 100];
const CLIP = 5;
const QUANTILE_BINS = 16;
/** Prior rows in the smoothed means (category target means, group margins, predictions). */
const SMOOTH = 10;
const PRED_SMOOTH = 1;
const LEAF_SIZE = 16;
const PROB_CLIP = 1e-4;
/** Rows and rounds of the boosting fit whose split gains weight the coordinates. */
const RELEVANCE_ROWS = 10_000;
const RELEVANCE_ROUNDS = 60;

export type KnnWeighting = "uniform" | "distance";

export interface KnnParams {
  objective: "binary" | "regression";
  /** Fixed k and weighting (a refit); else chosen on `valid`, else the defaults (k 25, distance). */
  k?: number;
  weighting?: KnnWeighting;
  maxRefs?: number;
  seed?: number;
}

export type KnnDim =
  | { type: "num"; feature: number; center: number; scale: number; weight: number }
  | { type: "missing"; feature: number; weight: number }
  | { type: "cat"; feature: number; means: number[]; prior: number; center: number; scale: number; weight: number };

/** A field's own effect on the target, in margin space minus the base: by quantile bin (numbers) or category. */
interface KnnEffect {
  feature: number;
  /** Upper bounds of the bins (numbers); the last bin is open. */
  edges?: number[];
  values: number[];
  /** Missing values (numbers) or unseen categories. */
  other: number;
}

export interface KnnModelJson {
  kind: "knn";
  objective: "binary" | "regression";
  k: number;
  weighting: KnnWeighting;
  dims: KnnDim[];
  /** Reference coordinates, rows x dims row-major, Float32 base64, in k-d tree order. */
  refs: string;
  /** Targets of the reference rows (0/1 or values), Float64 base64, same order. */
  targets: string;
  /** Sample weights of the reference rows, when not all 1. */
  refWeights?: string;
  /** Mean target (probability of class 1 or mean value); base = its margin. */
  prior: number;
  effects: KnnEffect[];
}

interface KdTree {
  /** Per node: first and end row (tree order), children (-1 for leaves), bounding box. */
  start: Int32Array;
  end: Int32Array;
  left: Int32Array;
  right: Int32Array;
  lo: Float64Array;
  hi: Float64Array;
}

export class KnnModel {
  readonly json: KnnModelJson;
  private readonly refs: Float32Array;
  private readonly targets: Float64Array;
  private readonly refWeights: Float64Array | null;
  private readonly tree: KdTree;
  readonly rowCount: number;

  constructor(json: KnnModelJson) {
    this.json = json;
    const b = decodeBase64(json.refs);
    this.refs = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    this.targets = decodeFloat64(json.targets);
    this.refWeights = json.refWeights ? decodeFloat64(json.refWeights) : null;
    this.rowCount = this.targets.length;
    this.tree = buildTree(this.refs, this.rowCount, json.dims.length, false).tree;
  }

  get base(): number {
    return marginOf(this.json.objective, this.json.prior);
  }

  get dimCount(): number {
    return this.json.dims.length;
  }

  /** Probabilities of class 1 (binary) or values. */
  predict(x: FeatureMatrix): Float64Array {
    const { k, weighting } = this.json;
    const nb = this.neighbours(x, k);
    return this.fromNeighbours(nb, k, k, weighting);
  }

  /** Margins: log-odds (binary) or values. */
  predictMargin(x: FeatureMatrix): Float64Array {
    const p = this.predict(x);
    if (this.json.objective === "binary") for (let i = 0; i < p.length; i++) p[i] = marginOf("binary", p[i]);
    return p;
  }

  /** Per-feature contributions (rows x features) summing to the row's margin minus `base`. */
  contributions(x: FeatureMatrix): Float64Array {
    const F = x.features.length;
    const n = x.rowCount;
    const margin = this.predictMargin(x);
    const base = this.base;
    const out = new Float64Array(n * F);
    const effects = this.json.effects;
    const share = new Float64Array(effects.length);
    for (let r = 0; r < n; r++) {
      let total = 0;
      for (let e = 0; e < effects.length; e++) total += share[e] = Math.abs(effectOf(effects[e], x.columns[effects[e].feature][r]));
      const d = margin[r] - base;
      for (let e = 0; e < effects.length; e++) {
        out[r * F + effects[e].feature] += total > 0 ? (d * share[e]) / total : d / effects.length;
      }
    }
    return out;
  }

  /** The k nearest reference rows of each row: squared distances and indices (rows x k, nearest first). */
  neighbours(x: FeatureMatrix, k: number): { dist: Float64Array; idx: Int32Array; k: number } {
    const D = this.json.dims.length;
    const kk = Math.min(k, this.rowCount);
    const dist = new Float64Array(x.rowCount * kk);
    const idx = new Int32Array(x.rowCount * kk);
    const q = new Float64Array(D);
    const bestD = new Float64Array(kk);
    const bestI = new Int32Array(kk);
    const stack = new Int32Array(256);
    const stackD = new Float64Array(256);
    for (let r = 0; r < x.rowCount; r++) {
      knnCoordinates(this.json.dims, x, r, q);
      searchTree(this.tree, this.refs, D, q, kk, bestD, bestI, stack, stackD);
      dist.set(bestD, r * kk);
      idx.set(bestI, r * kk);
    }
    return { dist, idx, k: kk };
  }

  /** Predictions from the first `k` of `stride` neighbours per row. */
  fromNeighbours(nb: { dist: Float64Array; idx: Int32Array }, stride: number, k: number, weighting: KnnWeighting): Float64Array {
    const n = nb.idx.length / stride;
    const kk = Math.min(k, stride);
    const out = new Float64Array(n);
    const prior = this.json.prior;
    const binary = this.json.objective === "binary";
    for (let r = 0; r < n; r++) {
      const o = r * stride;
      // Inverse distance, softened by a share of the k-th distance (duplicates do not take over).
      const soft = 0.05 * Math.sqrt(nb.dist[o + kk - 1]) + 1e-9;
      let sw = 0;
      let sy = 0;
      for (let j = 0; j < kk; j++) {
        const i = nb.idx[o + j];
        let w = weighting === "distance" ? 1 / (Math.sqrt(nb.dist[o + j]) + soft) : 1;
        if (this.refWeights) w *= this.refWeights[i];
        sw += w;
        sy += w * this.targets[i];
      }
      if (binary) {
        // Weights rescaled to sum k, then a prior row or so of smoothing (no 0 or 1 probabilities).
        const scale = sw > 0 ? kk / sw : 0;
        const p = (sy * scale + PRED_SMOOTH * prior) / (kk + PRED_SMOOTH);
        out[r] = Math.min(1 - PROB_CLIP, Math.max(PROB_CLIP, p));
      } else out[r] = sw > 0 ? sy / sw : prior;
    }
    return out;
  }

  toJSON(): KnnModelJson {
    return this.json;
  }
}

function marginOf(objective: "binary" | "regression", p: number): number {
  if (objective === "regression") return p;
  const q = Math.min(1 - PROB_CLIP, Math.max(PROB_CLIP, p));
  return Math.log(q / (1 - q));
}

function effectOf(e: KnnEffect, v: number): number {
  if (Number.isNaN(v)) return e.other;
  if (e.edges) {
    let lo = 0;
    let hi = e.edges.length;
    // First bin whose upper bound is >= v (the last is open).
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (e.edges[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return e.values[lo];
  }
  return Number.isInteger(v) && v >= 0 && v < e.values.length ? e.values[v] : e.other;
}

export function knnCoordinates(dims: KnnDim[], x: FeatureMatrix, r: number, out: Float64Array): void {
  for (let d = 0; d < dims.length; d++) {
    const dim = dims[d];
    const v = x.columns[dim.feature][r];
    let s: number;
    if (dim.type === "missing") s = Number.isNaN(v) ? 1 : 0;
    else if (dim.type === "num") s = Number.isNaN(v) ? 0 : Math.min(CLIP, Math.max(-CLIP, (v - dim.center) / dim.scale));
    else {
      const m = Number.isInteger(v) && v >= 0 && v < dim.means.length ? dim.means[v] : dim.prior;
      s = Math.min(CLIP, Math.max(-CLIP, (m - dim.center) / dim.scale));
    }
    out[d] = dim.weight * s;
  }
}

// ---------- k-d tree ----------

/** Builds the tree; with `reorder`, returns the permutation that puts rows in tree order (leaves contiguous). */
function buildTree(points: Float32Array, n: number, D: number, reorder: boolean): { tree: KdTree; order: Int32Array } {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const maxNodes = Math.max(1, 2 * Math.ceil(n / (LEAF_SIZE / 2)) + 1);
  const start = new Int32Array(maxNodes);
  const end = new Int32Array(maxNodes);
  const left = new Int32Array(maxNodes).fill(-1);
  const right = new Int32Array(maxNodes).fill(-1);
  const lo = new Float64Array(maxNodes * D);
  const hi = new Float64Array(maxNodes * D);
  let nodes = 0;
  const at = (i: number, d: number): number => points[(reorder ? order[i] : i) * D + d];
  // Rows of a built tree are already in tree order: the same splits are recomputed (deterministic).
  const build = (s: number, e: number): number => {
    const node = nodes++;
    start[node] = s;
    end[node] = e;
    let bestDim = -1;
    let bestSpread = 0;
    for (let d = 0; d < D; d++) {
      let mn = Infinity;
      let mx = -Infinity;
      for (let i = s; i < e; i++) {
        const v = at(i, d);
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
      lo[node * D + d] = mn;
      hi[node * D + d] = mx;
      if (mx - mn > bestSpread) {
        bestSpread = mx - mn;
        bestDim = d;
      }
    }
    if (e - s <= LEAF_SIZE || bestDim < 0) return node;
    const mid = (s + e) >> 1;
    if (reorder) {
      // Partial sort of order[s..e) on the split dimension (quickselect of the median).
      quickselect(order, s, e, mid, (i) => points[i * D + bestDim]);
    }
    left[node] = build(s, mid);
    right[node] = build(mid, e);
    return node;
  };
  if (n > 0) build(0, n);
  return { tree: { start, end, left, right, lo: lo.subarray(0, nodes * D), hi: hi.subarray(0, nodes * D) }, order };
}

function quickselect(a: Int32Array, s: number, e: number, k: number, key: (i: number) => number): void {
  let l = s;
  let r = e - 1;
  while (l < r) {
    const pivot = key(a[(l + r) >> 1]);
    let i = l;
    let j = r;
    while (i <= j) {
      while (key(a[i]) < pivot) i++;
      while (key(a[j]) > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) r = j;
    else if (k >= i) l = i;
    else break;
  }
}

/**
 * Exact k nearest rows of q (squared distances), nearest first, into bestD/bestI: depth-first, the
 * nearer child first, subtrees whose bounding box lies farther than the k-th best skipped; in leaves,
 * a row's distance stops accumulating once it exceeds the k-th best (coordinates most relevant first).
 */
function searchTree(
  tree: KdTree,
  refs: Float32Array,
  D: number,
  q: Float64Array,
  k: number,
  bestD: Float64Array,
  bestI: Int32Array,
  stack: Int32Array,
  stackD: Float64Array,
): void {
  bestD.fill(Infinity);
  bestI.fill(-1);
  let worst = Infinity;
  let sp = 0;
  stack[sp] = 0;
  stackD[sp++] = 0;
  const { start, end, left, right, lo, hi } = tree;
  while (sp > 0) {
    sp--;
    const node = stack[sp];
    if (stackD[sp] >= worst) continue;
    const l = left[node];
    if (l < 0) {
      for (let i = start[node]; i < end[node]; i++) {
        const o = i * D;
        let s = 0;
        for (let d = 0; d < D && s < worst; d++) {
          const t = refs[o + d] - q[d];
          s += t * t;
        }
        if (s < worst) {
          // Insertion into the sorted k best.
          let j = k - 1;
          while (j > 0 && bestD[j - 1] > s) {
            bestD[j] = bestD[j - 1];
            bestI[j] = bestI[j - 1];
            j--;
          }
          bestD[j] = s;
          bestI[j] = i;
          worst = bestD[k - 1];
        }
      }
      continue;
    }
    const r = right[node];
    const dl = boxDistance(lo, hi, l, D, q);
    const dr = boxDistance(lo, hi, r, D, q);
    // Push the farther child first so that the nearer one is searched first.
    if (dl <= dr) {
      if (dr < worst) (stack[sp] = r), (stackD[sp++] = dr);
      if (dl < worst) (stack[sp] = l), (stackD[sp++] = dl);
    } else {
      if (dl < worst) (stack[sp] = l), (stackD[sp++] = dl);
      if (dr < worst) (stack[sp] = r), (stackD[sp++] = dr);
    }
  }
}

function boxDistance(lo: Float64Array, hi: Float64Array, node: number, D: number, q: Float64Array): number {
  let s = 0;
  const o = node * D;
  for (let d = 0; d < D; d++) {
    const v = q[d];
    const a = lo[o + d];
    if (v < a) {
      s += (a - v) * (a - v);
      continue;
    }
    const b = hi[o + d];
    if (v > b) s += (v - b) * (v - b);
  }
  return s;
}

// ---------- fitting ----------

/** Correlation ratio of y over groups (bias-corrected eta), and the groups' smoothed means. */
function groupStats(
  groups: Int32Array,
  G: number,
  y: Float64Array,
  w: Float64Array | undefined,
  prior: number,
): { eta: number; means: number[]; counts: number[] } {
  const sw = new Float64Array(G);
  const sy = new Float64Array(G);
  let total = 0;
  let n = 0;
  for (let i = 0; i < y.length; i++) {
    const wi = w ? w[i] : 1;
    sw[groups[i]] += wi;
    sy[groups[i]] += wi * y[i];
    total += wi * (y[i] - prior) * (y[i] - prior);
    n += wi;
  }
  let between = 0;
  let used = 0;
  const means: number[] = [];
  const counts: number[] = [];
  for (let g = 0; g < G; g++) {
    counts.push(sw[g]);
    if (sw[g] > 0) {
      const m = sy[g] / sw[g];
      between += sw[g] * (m - prior) * (m - prior);
      used++;
    }
    means.push((sy[g] + SMOOTH * prior) / (sw[g] + SMOOTH));
  }
  const eta2 = total > 0 ? between / total - (used - 1) / Math.max(1, n) : 0;
  return { eta: Math.sqrt(Math.max(0, eta2)), means, counts };
}

function quantileEdges(values: Float64Array, bins: number): number[] {
  const s = values.filter((v) => !Number.isNaN(v)).sort();
  const edges: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = s[Math.min(s.length - 1, Math.floor((b * s.length) / bins))];
    if (s.length && (edges.length === 0 || v > edges[edges.length - 1])) edges.push(v);
  }
  return edges;
}

function binOf(edges: number[], v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function trainKnn(
  x: FeatureMatrix,
  y: Float64Array,
  params: KnnParams,
  weights?: Float64Array,
  valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array },
): KnnModel {
  const { objective } = params;
  const n = x.rowCount;
  let sw = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    const wi = weights ? weights[i] : 1;
    sw += wi;
    sy += wi * y[i];
  }
  const prior = sw > 0 ? sy / sw : 0;
  const base = marginOf(objective, prior);
  const toMargin = (m: number): number => marginOf(objective, m) - base;
  // Candidate coordinates with their relevance.
  const cands: { dim: KnnDim; relevance: number; effect?: KnnEffect }[] = [];
  const groups = new Int32Array(n);
  x.features.forEach((spec, f) => {
    const col = x.columns[f];
    if (spec.kind === "categorical") {
      const C = spec.categories ?? 0;
      if (C < 2) return;
      for (let i = 0; i < n; i++) {
        const v = col[i];
        groups[i] = Number.isInteger(v) && v >= 0 && v < C ? v : C;
      }
      const st = groupStats(groups, C + 1, y, weights, prior);
      const means = st.means.slice(0, C);
      const enc = Float64Array.from(groups, (g) => (g < C ? means[g] : prior));
      const { center, scale } = meanStd(enc);
      if (!(scale > 0)) return;
      cands.push({
        dim: { type: "cat", feature: f, means, prior, center, scale, weight: 0 },
        relevance: st.eta,
        effect: { feature: f, values: means.map(toMargin), other: toMargin(st.means[C]) },
      });
      return;
    }
    const edges = quantileEdges(col, QUANTILE_BINS);
    if (edges.length === 0) return;
    let missing = 0;
    for (let i = 0; i < n; i++) {
      const v = col[i];
      if (Number.isNaN(v)) missing++;
      groups[i] = Number.isNaN(v) ? edges.length + 1 : binOf(edges, v);
    }
    const st = groupStats(groups, edges.length + 2, y, weights, prior);
    const { center, scale } = robustScale(col);
    if (!(scale > 0)) return;
    const effect: KnnEffect = { feature: f, edges, values: st.means.slice(0, edges.length + 1).map(toMargin), other: toMargin(st.means[edges.length + 1]) };
    cands.push({ dim: { type: "num", feature: f, center, scale, weight: 0 }, relevance: st.eta, effect });
    if (missing >= 0.01 * n && missing < n) {
      for (let i = 0; i < n; i++) groups[i] = Number.isNaN(col[i]) ? 1 : 0;
      const ms = groupStats(groups, 2, y, weights, prior);
      cands.push({ dim: { type: "missing", feature: f, weight: 0 }, relevance: ms.eta });
    }
  });
  // Relevance: each feature's share of the split gain of a small boosting fit (on a sample), which
  // sees features in combination (the marginal eta above underrates a diamond's colour next to its
  // size and counts carat, x, y and z four times). A coordinate's weight is the square root of its
  // share, so that its part of the squared distance follows its gain.
  const gain = relevanceOf(x, y, objective, weights, params.seed ?? 0);
  for (const c of cands) c.relevance = Math.sqrt(gain[c.dim.feature]);
  cands.sort((a, b) => b.relevance - a.relevance);
  const top = cands.length ? cands[0].relevance : 0;
  const kept = cands.filter((c, i) => i < MAX_DIMS && c.relevance > 0 && c.relevance >= MIN_RELEVANCE_SHARE * top);
  const dims = kept.map((c) => ({ ...c.dim, weight: c.relevance }));
  const keptFeatures = new Set(dims.map((d) => d.feature));
  const effects = cands.filter((c) => c.effect && keptFeatures.has(c.dim.feature)).map((c) => c.effect!);
  // Reference rows: a seeded sample above the cap, in k-d tree order.
  const maxRefs = params.maxRefs ?? KNN_MAX_REFS;
  const pick = n > maxRefs ? new Rng((params.seed ?? 0) + 71).sampleIndices(n, maxRefs) : Int32Array.from({ length: n }, (_, i) => i);
  const D = dims.length;
  const m = pick.length;
  const raw = new Float32Array(m * D);
  const q = new Float64Array(D);
  for (let i = 0; i < m; i++) {
    knnCoordinates(dims, x, pick[i], q);
    for (let d = 0; d < D; d++) raw[i * D + d] = q[d];
  }
  const { order } = buildTree(raw, m, D, true);
  const refs = new Float32Array(m * D);
  const targets = new Float64Array(m);
  const refWeights = weights ? new Float64Array(m) : null;
  for (let i = 0; i < m; i++) {
    const src = order[i];
    refs.set(raw.subarray(src * D, src * D + D), i * D);
    targets[i] = y[pick[src]];
    if (refWeights && weights) refWeights[i] = weights[pick[src]];
  }
  const json: KnnModelJson = {
    kind: "knn",
    objective,
    k: Math.max(1, Math.min(params.k ?? 25, m)),
    weighting: params.weighting ?? "distance",
    dims,
    refs: encodeBase64(new Uint8Array(refs.buffer)),
    targets: encodeTyped(targets),
    refWeights: refWeights ? encodeTyped(refWeights) : undefined,
    prior,
    effects,
  };
  let model = new KnnModel(json);
  if (valid && params.k === undefined && valid.x.rowCount > 0 && m > 0) {
    // k and the weighting that score best on the validation rows (one search for the largest k).
    const kMax = Math.min(K_MAX, m);
    const nb = model.neighbours(valid.x, kMax);
    let best = { loss: Infinity, k: json.k, weighting: json.weighting };
    for (const k of K_CHOICES.filter((c) => c <= kMax).concat(kMax < K_CHOICES[0] ? [kMax] : [])) {
      for (const weighting of ["uniform", "distance"] as const) {
        const p = model.fromNeighbours(nb, nb.k, k, weighting);
        const loss = objective === "binary" ? 1 - computeAuc(valid.y, p, valid.weights) : computeRmse(valid.y, p);
        if (loss < best.loss - 1e-12) best = { loss, k, weighting };
      }
    }
    model = new KnnModel({ ...json, k: best.k, weighting: best.weighting });
  }
  return model;
}

/** Split-gain share per feature of a small boosting fit on at most RELEVANCE_ROWS rows. */
function relevanceOf(x: FeatureMatrix, y: Float64Array, objective: "binary" | "regression", weights: Float64Array | undefined, seed: number): Float64Array {
  const n = x.rowCount;
  const rows = n > RELEVANCE_ROWS ? new Rng(seed + 73).sampleIndices(n, RELEVANCE_ROWS) : null;
  const xs = rows ? { rowCount: rows.length, features: x.features, columns: x.columns.map((c) => Float64Array.from(rows, (r) => c[r])) } : x;
  const ys = rows ? Float64Array.from(rows, (r) => y[r]) : y;
  const ws = rows && weights ? Float64Array.from(rows, (r) => weights[r]) : weights;
  const ensemble = trainGbdt(
    xs,
    ys,
    { objective, learningRate: 0.15, numLeaves: 15, minDataInLeaf: 20, lambdaL2: 1, maxRounds: RELEVANCE_ROUNDS, seed },
    { weights: ws },
  );
  const gain = ensemble.featureImportance();
  let total = 0;
  for (const g of gain) total += g;
  for (let f = 0; f < gain.length; f++) gain[f] = total > 0 ? gain[f] / total : 0;
  return gain;
}

function meanStd(v: Float64Array): { center: number; scale: number } {
  let s = 0;
  for (const x of v) s += x;
  const mean = s / Math.max(1, v.length);
  let ss = 0;
  for (const x of v) ss += (x - mean) * (x - mean);
  return { center: mean, scale: Math.sqrt(ss / Math.max(1, v.length)) };
}

/** Median and IQR / 1.349 (the standard deviation of a normal), the standard deviation when the IQR is 0. */
function robustScale(col: Float64Array): { center: number; scale: number } {
  const s = col.filter((v) => !Number.isNaN(v)).sort();
  if (s.length === 0) return { center: 0, scale: 0 };
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const iqr = q(0.75) - q(0.25);
  if (iqr > 0) return { center: q(0.5), scale: iqr / 1.349 };
  return { center: q(0.5), scale: meanStd(s).scale };
}
