// Exact TreeSHAP (Lundberg, Erion & Lee 2018, "Consistent individualized feature attribution for
// tree ensembles", Algorithm 2): polynomial-time Shapley values of the raw model output, using the
// training cover of each node as the background distribution. Same recursion as the reference
// implementation in the shap package, over the flat arrays of a TreeEnsemble. Models explain with
// fast-treeshap.ts; this recursion is its test oracle, and serves trees with paths too long for it.
import type { TreeEnsemble } from "./tree";
import type { ShapResult } from "./types";

/** Per-call scratch: the path stack of all recursion levels, struct-of-arrays. */
interface PathBuffers {
  feat: Int32Array;
  zero: Float64Array;
  one: Float64Array;
  weight: Float64Array;
}

/**
 * Contributions for `rows`. With `onlyOutput` (one output index per row), trees that add to other
 * outputs are skipped, which makes multiclass boosting K times cheaper when one class per row is
 * wanted; values of the other outputs are then left at 0.
 */
export function computeTreeShap(model: TreeEnsemble, columns: Float64Array[], rows: Int32Array, onlyOutput?: ArrayLike<number>): ShapResult {
  const F = model.features.length;
  const K = model.outputs;
  const values = new Float64Array(rows.length * K * F);
  const expected = expectedValues(model);
  const depth = maxDepth(model);
  const size = ((depth + 3) * (depth + 4)) / 2 + 4;
  ensureReciprocals(depth + 3);
  const path: PathBuffers = {
    feat: new Int32Array(size),
    zero: new Float64Array(size),
    one: new Float64Array(size),
    weight: new Float64Array(size),
  };
  const ctx: ShapContext = { model, columns, row: 0, phi: values, phiBase: 0, F, K, output: 0, path };
  for (let i = 0; i < rows.length; i++) {
    ctx.row = rows[i];
    ctx.phiBase = i * K * F;
    const want = onlyOutput ? onlyOutput[i] : -1;
    for (let t = 0; t < model.numTrees; t++) {
      ctx.output = model.treeOutput[t];
      if (want >= 0 && ctx.output >= 0 && ctx.output !== want) continue;
      recurse(ctx, model.treeRoot[t], 0, 0, 1, 1, -1);
    }
  }
  return { values, expected };
}

/** Scratch per model for computeTreeShapOfTree (path buffers sized by the model's depth). */
const treeScratch = new WeakMap<TreeEnsemble, PathBuffers>();

/** Adds tree t's contributions for one row to phi[phiBase + o * features + f] (every output of the tree). */
export function computeTreeShapOfTree(model: TreeEnsemble, columns: Float64Array[], row: number, t: number, phi: Float64Array, phiBase: number): void {
  let path = treeScratch.get(model);
  if (!path) {
    const depth = maxDepth(model);
    const size = ((depth + 3) * (depth + 4)) / 2 + 4;
    ensureReciprocals(depth + 3);
    path = { feat: new Int32Array(size), zero: new Float64Array(size), one: new Float64Array(size), weight: new Float64Array(size) };
    treeScratch.set(model, path);
  }
  const ctx: ShapContext = { model, columns, row, phi, phiBase, F: model.features.length, K: model.outputs, output: model.treeOutput[t], path };
  recurse(ctx, model.treeRoot[t], 0, 0, 1, 1, -1);
}

interface ShapContext {
  model: TreeEnsemble;
  columns: Float64Array[];
  row: number;
  phi: Float64Array;
  phiBase: number;
  F: number;
  K: number;
  output: number;
  path: PathBuffers;
}

/** Mean raw output per output under the training cover: base score + cover-weighted leaf means. */
export function expectedValues(model: TreeEnsemble): Float64Array {
  const K = model.outputs;
  const e = Float64Array.from(model.baseScore);
  const acc = new Float64Array(K);
  for (let t = 0; t < model.numTrees; t++) {
    acc.fill(0);
    const total = subtreeMean(model, model.treeRoot[t], model.treeOutput[t], acc, 1);
    if (total <= 0) continue;
    for (let k = 0; k < K; k++) e[k] += acc[k];
  }
  return e;
}

/** Adds weight * (cover-weighted mean leaf value) of the subtree into acc; returns weight. */
function subtreeMean(model: TreeEnsemble, node: number, output: number, acc: Float64Array, weight: number): number {
  if (model.nodeFeature[node] < 0) {
    const li = model.nodeLeft[node];
    if (output >= 0) acc[output] += weight * model.leafValues[li];
    else for (let k = 0; k < acc.length; k++) acc[k] += weight * model.leafValues[li + k];
    return weight;
  }
  const l = model.nodeLeft[node];
  const r = model.nodeRight[node];
  const cl = model.nodeCover[l];
  const cr = model.nodeCover[r];
  const s = cl + cr;
  const wl = s > 0 ? cl / s : 0.5;
  subtreeMean(model, l, output, acc, weight * wl);
  subtreeMean(model, r, output, acc, weight * (1 - wl));
  return weight;
}

function maxDepth(model: TreeEnsemble): number {
  let best = 0;
  const stackNode: number[] = [];
  const stackDepth: number[] = [];
  for (let t = 0; t < model.numTrees; t++) {
    stackNode.push(model.treeRoot[t]);
    stackDepth.push(0);
    while (stackNode.length > 0) {
      const n = stackNode.pop()!;
      const d = stackDepth.pop()!;
      if (d > best) best = d;
      if (model.nodeFeature[n] >= 0) {
        stackNode.push(model.nodeLeft[n], model.nodeRight[n]);
        stackDepth.push(d + 1, d + 1);
      }
    }
  }
  return best;
}

// 1 / i for small integers: the path algebra divides by (depth + 1), (i + 1) and (depth - i) in its
// innermost loops, and a multiplication costs a fraction of a division.
let RECIPROCAL = new Float64Array(0);

function ensureReciprocals(size: number): void {
  if (RECIPROCAL.length >= size) return;
  RECIPROCAL = Float64Array.from({ length: Math.max(size, 64) }, (_, i) => (i === 0 ? 0 : 1 / i));
}

function extendPath(p: PathBuffers, o: number, depth: number, zero: number, one: number, feature: number): void {
  const weight = p.weight;
  p.feat[o + depth] = feature;
  p.zero[o + depth] = zero;
  p.one[o + depth] = one;
  weight[o + depth] = depth === 0 ? 1 : 0;
  const inv = RECIPROCAL[depth + 1];
  for (let i = depth - 1; i >= 0; i--) {
    const w = weight[o + i];
    weight[o + i + 1] += one * w * (i + 1) * inv;
    weight[o + i] = zero * w * (depth - i) * inv;
  }
}

function unwindPath(p: PathBuffers, o: number, depth: number, index: number): void {
  const weight = p.weight;
  const one = p.one[o + index];
  const zero = p.zero[o + index];
  const d1 = depth + 1;
  let nextOne = weight[o + depth];
  if (one !== 0) {
    const invOne = 1 / one;
    for (let i = depth - 1; i >= 0; i--) {
      const tmp = weight[o + i];
      const w = nextOne * d1 * RECIPROCAL[i + 1] * invOne;
      weight[o + i] = w;
      nextOne = tmp - w * zero * (depth - i) * RECIPROCAL[d1];
    }
  } else {
    const invZero = 1 / zero;
    for (let i = depth - 1; i >= 0; i--) weight[o + i] = weight[o + i] * d1 * invZero * RECIPROCAL[depth - i];
  }
  const feat = p.feat;
  const zeros = p.zero;
  const ones = p.one;
  for (let i = index; i < depth; i++) {
    feat[o + i] = feat[o + i + 1];
    zeros[o + i] = zeros[o + i + 1];
    ones[o + i] = ones[o + i + 1];
  }
}

function unwoundPathSum(p: PathBuffers, o: number, depth: number, index: number): number {
  const weight = p.weight;
  const one = p.one[o + index];
  const zero = p.zero[o + index];
  const d1 = depth + 1;
  let total = 0;
  if (one !== 0) {
    const invOne = 1 / one;
    const zeroOverD1 = zero * RECIPROCAL[d1];
    let nextOne = weight[o + depth];
    for (let i = depth - 1; i >= 0; i--) {
      const tmp = nextOne * d1 * RECIPROCAL[i + 1] * invOne;
      total += tmp;
      nextOne = weight[o + i] - tmp * zeroOverD1 * (depth - i);
    }
  } else if (zero !== 0) {
    const scale = d1 / zero;
    for (let i = depth - 1; i >= 0; i--) total += weight[o + i] * scale * RECIPROCAL[depth - i];
  }
  return total;
}

/**
 * One level of the recursion. `parentOffset` is where the parent's path segment starts; this level
 * copies it to parentOffset + depth + 1 (depth = the parent's unique depth), as the reference does.
 */
function recurse(ctx: ShapContext, node: number, parentOffset: number, depthIn: number, parentZero: number, parentOne: number, parentFeature: number): void {
  const p = ctx.path;
  const model = ctx.model;
  let depth = depthIn;
  // Each level works on a fresh copy of the parent's path, placed right after it (as the reference does).
  const o = parentOffset + depth + 1;
  for (let i = 0; i < depth; i++) {
    p.feat[o + i] = p.feat[parentOffset + i];
    p.zero[o + i] = p.zero[parentOffset + i];
    p.one[o + i] = p.one[parentOffset + i];
    p.weight[o + i] = p.weight[parentOffset + i];
  }
  extendPath(p, o, depth, parentZero, parentOne, parentFeature);

  const f = model.nodeFeature[node];
  if (f < 0) {
    const li = model.nodeLeft[node];
    const F = ctx.F;
    for (let i = 1; i <= depth; i++) {
      const w = unwoundPathSum(p, o, depth, i);
      const scale = w * (p.one[o + i] - p.zero[o + i]);
      const feat = p.feat[o + i];
      if (ctx.output >= 0) ctx.phi[ctx.phiBase + ctx.output * F + feat] += scale * model.leafValues[li];
      else for (let k = 0; k < ctx.K; k++) ctx.phi[ctx.phiBase + k * F + feat] += scale * model.leafValues[li + k];
    }
    return;
  }

  const left = model.nodeLeft[node];
  const right = model.nodeRight[node];
  const goLeft = model.goesLeft(node, ctx.columns[f][ctx.row]);
  const hot = goLeft ? left : right;
  const cold = goLeft ? right : left;
  const cover = model.nodeCover[left] + model.nodeCover[right];
  const hotZero = cover > 0 ? model.nodeCover[hot] / cover : 0.5;
  const coldZero = cover > 0 ? model.nodeCover[cold] / cover : 0.5;
  let incomingZero = 1;
  let incomingOne = 1;

  // A feature already on the path is undone first, so each feature appears once.
  let index = 0;
  for (; index <= depth; index++) if (p.feat[o + index] === f) break;
  if (index !== depth + 1) {
    incomingZero = p.zero[o + index];
    incomingOne = p.one[o + index];
    unwindPath(p, o, depth, index);
    depth -= 1;
  }
  recurse(ctx, hot, o, depth + 1, hotZero * incomingZero, incomingOne, f);
  recurse(ctx, cold, o, depth + 1, coldZero * incomingZero, 0, f);
}
