// Shared vocabulary of the tree grower and its parts (row partition, histograms, split finder):
// the bin layout, the grower's settings and the tree it grows over bins.

/** Bin layout of a binned training set (see binning.ts: bin 0 = missing). */
export interface BinLayout {
  numFeatures: number;
  numBins: Int32Array;
  /** Offset of each feature's first bin in a histogram. */
  offsets: Int32Array;
  totalBins: number;
  isCategorical: Uint8Array;
}

export interface GrowerConfig {
  numLeaves: number;
  /** <= 0: unlimited. */
  maxDepth: number;
  minDataInLeaf: number;
  minSumHessian: number;
  lambdaL2: number;
  lambdaL1: number;
  minGainToSplit: number;
  catSmooth: number;
  catL2: number;
  maxCatThreshold: number;
  minDataPerGroup: number;
  maxCatToOnehot: number;
  /** newton: -T(G)/(H+l2) * learningRate (boosting); mean: G/H per channel (forests). */
  leafMode: "newton" | "mean";
  learningRate: number;
  /** Fraction of the tree's features considered at each node (forests); 1 = all. */
  nodeFeatureFraction: number;
  /** Extra-trees: one random threshold per feature instead of the best one. */
  extraTrees: boolean;
  /** best: pick the leaf with the largest gain next; depth: depth-first (bounded memory for huge trees). */
  order: "best" | "depth";
  /**
   * Keep an exact row-count channel in histograms (needed for bootstrap multiplicities). Without it,
   * counts inside a leaf are estimated from hessians as LightGBM does, saving a third of the work.
   */
  exactCounts: boolean;
  /** Cap on pooled histograms (>= 4); leaves whose histogram was evicted rebuild it from rows. */
  maxHistogramSlots?: number;
}

export function createLayout(numBins: Int32Array, isCategorical: Uint8Array): BinLayout {
  const F = numBins.length;
  const offsets = new Int32Array(F);
  let total = 0;
  for (let f = 0; f < F; f++) {
    offsets[f] = total;
    total += numBins[f];
  }
  return { numFeatures: F, numBins, offsets, totalBins: total, isCategorical };
}

/** A tree over bins, as grown; converted to raw thresholds by the learners. */
export interface BinnedTree {
  numNodes: number;
  feature: Int32Array;
  /** Numeric: left iff 1 <= bin <= threshold (bin 0 = missing follows defaultLeft). */
  binThreshold: Int32Array;
  defaultLeft: Uint8Array;
  isCategorical: Uint8Array;
  /** 8 words (256 bits) per node: bins going left for categorical nodes. */
  catBits: Uint32Array;
  left: Int32Array;
  right: Int32Array;
  cover: Float64Array;
  gain: Float64Array;
  /** Leaf index of leaf nodes (-1 for internal). */
  leafIndex: Int32Array;
  numLeaves: number;
  /** width values per leaf. */
  leafValues: Float64Array;
  /** Rows of each leaf: rows[leafStart[l] .. leafStart[l] + leafCount[l]) in the grower's row buffer. */
  leafStart: Int32Array;
  leafCount: Int32Array;
}

/** Words of a categorical split's bitset (256 bins). */
export const CAT_WORDS = 8;

/** Soft thresholding for L1 regularisation. */
export function thresholdL1(g: number, l1: number): number {
  if (l1 <= 0) return g;
  if (g > l1) return g - l1;
  if (g < -l1) return g + l1;
  return 0;
}
