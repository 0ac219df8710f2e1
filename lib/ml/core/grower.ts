// The tree grower shared by boosting and forests, split the way LightGBM's serial tree learner is:
// row-partition.ts (rows per leaf), histogram-builder.ts (gradient sums per bin, kernels generated
// per bin layout), histogram-pool.ts (bounded leaf histograms; histogram subtraction for siblings),
// split-finder.ts (numeric thresholds with a learned missing direction, categorical partitions,
// extra-trees' random thresholds), and here the growth loop that composes them. Everything works
// on typed arrays and reuses buffers across trees.
import { CAT_WORDS, createLayout, thresholdL1, type BinLayout, type BinnedTree, type GrowerConfig } from "./grower-config";
import { HistogramBuilder } from "./histogram-builder";
import { HistogramPool } from "./histogram-pool";
import { Rng } from "./random";
import { RowPartition } from "./row-partition";
import { SplitFinder } from "./split-finder";

const EMPTY_F64 = new Float64Array(0);

/**
 * Grows one tree at a time, as LightGBM's serial tree learner: a row partition (which rows are in
 * which leaf), a histogram builder and a pool of leaf histograms (build the smaller child, subtract
 * it from the parent for the larger), and a split finder; this class is the growth loop composing
 * them (best-first with a max-heap on gain, or depth-first) and the record of the tree. Buffers are
 * sized once and reused across trees.
 */
export class TreeGrower {
  private readonly layout: BinLayout;
  private readonly cfg: GrowerConfig;
  private readonly m: number; // gradient channels
  private readonly S: number; // histogram stride per bin: m grads, hess, [count]
  private readonly maxLeaves: number;
  private readonly partition: RowPartition;
  private readonly histograms: HistogramBuilder;
  private readonly pool: HistogramPool;
  private readonly splits: SplitFinder;
  // Per-leaf state of the tree being grown.
  private readonly leafDepth: Int32Array;
  private readonly leafNode: Int32Array;
  private readonly leafOpen: Uint8Array;
  /** Histogram totals per leaf (stride values). */
  private readonly leafSum: Float64Array;
  private readonly tree: BinnedTree;
  private rng: Rng = new Rng(0);
  private numLeavesNow = 0;
  private numNodesNow = 0;

  constructor(layout: BinLayout, bins: Uint8Array, numRows: number, channels: number, cfg: GrowerConfig) {
    this.layout = layout;
    this.cfg = cfg;
    this.m = channels;
    const md = Math.max(1, cfg.minDataInLeaf);
    this.maxLeaves = Math.max(1, Math.min(cfg.numLeaves, Math.ceil(numRows / md) + 1));
    const L = this.maxLeaves;
    this.histograms = new HistogramBuilder(layout, bins, numRows, channels, cfg.exactCounts);
    this.S = this.histograms.stride;
    this.partition = new RowPartition(bins, layout.numFeatures, numRows, L);
    this.pool = new HistogramPool(this.histograms.size, L, cfg.order === "depth", cfg.maxHistogramSlots);
    this.splits = new SplitFinder(layout, cfg, channels, this.histograms.hasCount, L);
    this.leafDepth = new Int32Array(L);
    this.leafNode = new Int32Array(L);
    this.leafOpen = new Uint8Array(L);
    this.leafSum = new Float64Array(L * this.S);
    const N = 2 * L;
    this.tree = {
      numNodes: 0,
      feature: new Int32Array(N),
      binThreshold: new Int32Array(N),
      defaultLeft: new Uint8Array(N),
      isCategorical: new Uint8Array(N),
      catBits: new Uint32Array(N * CAT_WORDS),
      left: new Int32Array(N),
      right: new Int32Array(N),
      cover: new Float64Array(N),
      gain: new Float64Array(N),
      leafIndex: new Int32Array(N),
      numLeaves: 0,
      leafValues: new Float64Array(L * channels),
      leafStart: this.partition.leafStart,
      leafCount: this.partition.leafCount,
    };
  }

  /**
   * Grows one tree. `rows` holds the row ids to use (it is reordered in place: on return each
   * leaf's rows are contiguous, see leafStart/leafCount). grad is n*m row-major (m = channels),
   * hess n, counts (bootstrap multiplicities) optional. featureMask selects the tree's features.
   * The returned tree's arrays are reused by the next call.
   */
  grow(rows: Int32Array, numRows: number, grad: Float64Array, hess: Float64Array, counts: Int32Array | null, featureMask: Uint8Array, rng: Rng): BinnedTree {
    return this.growTree(rows, numRows, grad, hess, counts, featureMask, rng, null, false);
  }

  /**
   * Boosting variant of grow: gh holds gradient and hessian interleaved per row (gh[2r], gh[2r+1]),
   * which the histogram kernel reads directly (no copy). Needs a grower without exact counts.
   * allRowsInOrder: the caller promises rows[i] === i for all n rows (saves a check per tree).
   */
  growInterleaved(rows: Int32Array, numRows: number, gh: Float64Array, featureMask: Uint8Array, rng: Rng, allRowsInOrder = false): BinnedTree {
    if (!this.histograms.acceptsInterleaved) throw new Error("growInterleaved needs a single-channel grower without exact counts");
    if (gh.length !== 2 * this.partition.numRows) throw new Error(`gh has length ${gh.length}, expected ${2 * this.partition.numRows}`);
    return this.growTree(rows, numRows, EMPTY_F64, EMPTY_F64, null, featureMask, rng, gh, allRowsInOrder);
  }

  /**
   * Histogram of the given rows (a fresh copy), with the same kernels as tree growth. Layout per
   * bin: channels, hessian, and the count when exact counts are kept. Used by tests and diagnostics.
   */
  computeHistogram(
    rows: Int32Array,
    numRows: number,
    grad: Float64Array,
    hess: Float64Array,
    counts: Int32Array | null,
    featureMask: Uint8Array,
  ): Float64Array {
    this.setInputs(rows, numRows, grad, hess, counts, featureMask, null, false);
    const hist = this.pool.scratch();
    this.histograms.build(hist, rows, 0, numRows, this.partition.isWholeInOrder(0));
    return hist.slice();
  }

  /** Values per histogram bin: channels + hessian (+ count). */
  get histogramStride(): number {
    return this.S;
  }

  private setInputs(
    rows: Int32Array,
    numRows: number,
    grad: Float64Array,
    hess: Float64Array,
    counts: Int32Array | null,
    featureMask: Uint8Array,
    gh: Float64Array | null,
    allRowsInOrder: boolean,
  ): void {
    if (featureMask.length !== this.layout.numFeatures) {
      throw new Error(`feature mask has length ${featureMask.length}, expected ${this.layout.numFeatures}`);
    }
    this.partition.reset(rows, numRows, allRowsInOrder);
    this.histograms.setInputs(rows, numRows, grad, hess, counts, featureMask, gh);
  }

  private growTree(
    rows: Int32Array,
    numRows: number,
    grad: Float64Array,
    hess: Float64Array,
    counts: Int32Array | null,
    featureMask: Uint8Array,
    rng: Rng,
    gh: Float64Array | null,
    allRowsInOrder: boolean,
  ): BinnedTree {
    this.setInputs(rows, numRows, grad, hess, counts, featureMask, gh, allRowsInOrder);
    this.rng = rng;
    this.pool.reset();
    this.leafOpen.fill(0);
    this.numLeavesNow = 1;
    this.numNodesNow = 1;
    const t = this.tree;
    t.feature[0] = -1;
    this.leafDepth[0] = 0;
    this.leafNode[0] = 0;
    this.pool.clear(0);
    const root = this.pool.attach(0, this.pool.acquire(-1, -1, 1, this.splits.bestGain));
    this.histograms.build(root, rows, 0, numRows, this.partition.isWholeInOrder(0));
    this.histograms.sumInto(root, this.leafSum, 0);
    this.prepareLeaf(0);

    const order = this.cfg.order;
    const gain = this.splits.bestGain;
    // Open leaves: a max-heap on gain (best-first) or a stack (depth-first).
    const open: number[] = [];
    if (this.leafOpen[0]) open.push(0);
    while (open.length > 0 && this.numLeavesNow < this.maxLeaves) {
      const leaf = order === "best" ? heapPop(open, gain) : open.pop()!;
      this.leafOpen[leaf] = 0;
      const right = this.splitLeaf(leaf);
      for (const l of [leaf, right]) {
        if (this.leafOpen[l]) {
          if (order === "best") heapPush(open, l, gain);
          else open.push(l);
        }
      }
    }
    this.setLeafValues();
    return t;
  }

  private setLeafValues(): void {
    const t = this.tree;
    const m = this.m;
    const S = this.S;
    const cfg = this.cfg;
    t.numNodes = this.numNodesNow;
    t.numLeaves = this.numLeavesNow;
    for (let l = 0; l < this.numLeavesNow; l++) {
      const node = this.leafNode[l];
      t.feature[node] = -1;
      t.leafIndex[node] = l;
      t.cover[node] = this.leafN(l);
      t.gain[node] = 0;
      const h = this.leafSum[l * S + m];
      for (let j = 0; j < m; j++) {
        const g = this.leafSum[l * S + j];
        t.leafValues[l * m + j] = cfg.leafMode === "newton" ? (-thresholdL1(g, cfg.lambdaL1) / (h + cfg.lambdaL2)) * cfg.learningRate : h > 0 ? g / h : 0;
      }
    }
  }

  /** Rows (or bootstrap-weighted rows) in a leaf. */
  private leafN(leaf: number): number {
    return this.histograms.hasCount ? this.leafSum[leaf * this.S + this.m + 1] : this.partition.leafCount[leaf];
  }

  /** Cheap pre-check (no histogram needed): enough rows and hessian, depth below the limit. */
  private mayBeSplit(leaf: number): boolean {
    const cfg = this.cfg;
    return (
      (cfg.maxDepth <= 0 || this.leafDepth[leaf] < cfg.maxDepth) &&
      this.leafN(leaf) >= 2 * cfg.minDataInLeaf &&
      this.leafSum[leaf * this.S + this.m] >= 2 * cfg.minSumHessian
    );
  }

  /** Decides whether a fresh leaf may be split, finds its best split, and frees its histogram if not. */
  private prepareLeaf(leaf: number): void {
    const splits = this.splits;
    splits.clear(leaf);
    const nf = this.histograms.numFeatList;
    if (this.mayBeSplit(leaf) && nf > 0) {
      splits.find(leaf, this.pool.get(leaf)!, this.leafSum, leaf * this.S, this.leafN(leaf), this.histograms.featList, nf, this.rng);
    }
    if (splits.bestGain[leaf] > this.cfg.minGainToSplit && splits.bestFeature[leaf] >= 0) this.leafOpen[leaf] = 1;
    else {
      this.leafOpen[leaf] = 0;
      this.pool.release(leaf);
    }
  }

  /** Splits `leaf` by its best split; the left child keeps the leaf id. Returns the right child's id. */
  private splitLeaf(leaf: number): number {
    const t = this.tree;
    const S = this.S;
    const sp = this.splits;
    const f = sp.bestFeature[leaf];
    const node = this.leafNode[leaf];
    const isCat = this.layout.isCategorical[f] === 1;
    const bin = sp.bestBin[leaf];
    const defLeft = sp.bestDefaultLeft[leaf];
    const cb = leaf * CAT_WORDS;
    // Record the split in the tree.
    const ln = this.numNodesNow;
    const rn = ln + 1;
    this.numNodesNow += 2;
    t.feature[node] = f;
    t.binThreshold[node] = bin;
    t.defaultLeft[node] = defLeft;
    t.isCategorical[node] = isCat ? 1 : 0;
    for (let w = 0; w < CAT_WORDS; w++) t.catBits[node * CAT_WORDS + w] = sp.bestCat[cb + w];
    t.left[node] = ln;
    t.right[node] = rn;
    t.cover[node] = this.leafN(leaf);
    t.gain[node] = sp.bestGain[leaf];
    t.leafIndex[node] = -1;
    t.feature[ln] = -1;
    t.feature[rn] = -1;

    const right = this.numLeavesNow++;
    const part = this.partition;
    const nl = isCat ? part.splitCategorical(leaf, right, f, sp.bestCat, cb) : part.splitNumeric(leaf, right, f, bin, defLeft === 1);
    const nr = part.leafCount[right];
    const depth = this.leafDepth[leaf] + 1;
    this.leafDepth[right] = depth;
    this.leafNode[right] = rn;
    this.leafDepth[leaf] = depth;
    this.leafNode[leaf] = ln;
    // Child sums from the split statistics.
    for (let k = 0; k < S; k++) {
      const lsum = sp.bestLeftSum[leaf * S + k];
      this.leafSum[right * S + k] = this.leafSum[leaf * S + k] - lsum;
      this.leafSum[leaf * S + k] = lsum;
    }
    const pool = this.pool;
    pool.clear(right);

    // No histograms when neither child can be split (leaf budget used up, too few rows, max depth):
    // they would only serve to find splits that are never made.
    if (this.numLeavesNow >= this.maxLeaves || (!this.mayBeSplit(leaf) && !this.mayBeSplit(right))) {
      pool.release(leaf);
      sp.clear(leaf);
      sp.clear(right);
      this.leafOpen[leaf] = 0;
      this.leafOpen[right] = 0;
      return right;
    }
    // Histograms: build the smaller child, subtract for the larger (when the parent's is still pooled).
    const hb = this.histograms;
    const gain = sp.bestGain;
    const parentSlot = pool.detach(leaf);
    if (parentSlot >= 0) {
      const smallIsLeft = nl <= nr;
      const small = smallIsLeft ? leaf : right;
      const large = smallIsLeft ? right : leaf;
      const sh = pool.attach(small, pool.acquire(leaf, right, this.numLeavesNow, gain));
      hb.build(sh, part.rows, part.leafStart[small], part.leafCount[small], false);
      const ph = pool.attach(large, parentSlot);
      const size = pool.histSize;
      for (let i = 0; i < size; i++) ph[i] -= sh[i];
    } else {
      const lh = pool.attach(leaf, pool.acquire(leaf, right, this.numLeavesNow, gain));
      hb.build(lh, part.rows, part.leafStart[leaf], part.leafCount[leaf], false);
      const rh = pool.attach(right, pool.acquire(leaf, right, this.numLeavesNow, gain));
      hb.build(rh, part.rows, part.leafStart[right], part.leafCount[right], false);
    }
    this.prepareLeaf(leaf);
    this.prepareLeaf(right);
    return right;
  }
}

/** Max-heap of leaf ids keyed by gain; ties go to the smaller leaf id (deterministic). */
function heapPush(heap: number[], leaf: number, key: Float64Array): void {
  heap.push(leaf);
  let i = heap.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!before(heap[i], heap[p], key)) break;
    const t = heap[i];
    heap[i] = heap[p];
    heap[p] = t;
    i = p;
  }
}

function heapPop(heap: number[], key: Float64Array): number {
  const top = heap[0];
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let b = i;
      if (l < heap.length && before(heap[l], heap[b], key)) b = l;
      if (r < heap.length && before(heap[r], heap[b], key)) b = r;
      if (b === i) break;
      const t = heap[i];
      heap[i] = heap[b];
      heap[b] = t;
      i = b;
    }
  }
  return top;
}

function before(a: number, b: number, key: Float64Array): boolean {
  return key[a] > key[b] || (key[a] === key[b] && a < b);
}

/** Leaf (node index) reached by row r of row-major bins. */
export function findBinnedLeaf(t: BinnedTree, bins: Uint8Array, F: number, r: number): number {
  let node = 0;
  while (t.feature[node] >= 0) {
    const f = t.feature[node];
    const b = bins[r * F + f];
    let goLeft: boolean;
    if (t.isCategorical[node]) goLeft = ((t.catBits[node * CAT_WORDS + (b >>> 5)] >>> (b & 31)) & 1) === 1;
    else goLeft = b === 0 ? t.defaultLeft[node] === 1 : b <= t.binThreshold[node];
    node = goLeft ? t.left[node] : t.right[node];
  }
  return node;
}

export { CAT_WORDS, createLayout, thresholdL1, type BinLayout, type BinnedTree, type GrowerConfig };
