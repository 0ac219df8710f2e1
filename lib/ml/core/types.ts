// Contract between the tree learners (lib/ml/core) and the rest of the AutoML engine.
// Pure types only; implementations live in binning.ts, gbdt.ts, forest.ts, tree.ts, treeshap.ts.
import type { BinMapper } from "./binning";

/** One input feature of a FeatureMatrix. */
export interface FeatureSpec {
  name: string;
  kind: "numeric" | "categorical";
  /** Number of categories for a categorical feature (values are indices 0..categories-1). */
  categories?: number;
}

/**
 * Input features, already numeric. Column-oriented: one Float64Array per feature, each of length
 * rowCount. NaN = missing. Categorical values are category indices 0..k-1 (as floats); values
 * outside 0..k-1 or non-integers at prediction time are treated as unseen categories.
 */
export interface FeatureMatrix {
  rowCount: number;
  features: FeatureSpec[];
  columns: Float64Array[];
}

export type Objective = "binary" | "multiclass" | "regression";

export interface GbdtParams {
  objective: Objective;
  /** Required for multiclass (>= 3); 2 for binary (implied). */
  numClasses?: number;
  /** Shrinkage; default 0.1. */
  learningRate?: number;
  /** Max leaves per tree (leaf-wise growth); default 31. */
  numLeaves?: number;
  /** Max depth; <= 0 or undefined = unlimited. */
  maxDepth?: number;
  /** Min (unweighted) training rows per leaf; default 20. */
  minDataInLeaf?: number;
  /** Min sum of hessians per leaf; default 1e-3. */
  minSumHessian?: number;
  /** L2 regularisation on leaf values; default 0. */
  lambdaL2?: number;
  /** L1 regularisation on leaf values; default 0. */
  lambdaL1?: number;
  /** Min gain to make a split; default 0. */
  minGainToSplit?: number;
  /** Fraction of features sampled per tree; default 1. */
  featureFraction?: number;
  /** Fraction of rows sampled (without replacement) per round; default 1. */
  baggingFraction?: number;
  /** Max boosting rounds (trees per class); default 100. */
  maxRounds?: number;
  /** Stop when the validation loss has not improved for this many rounds (needs options.valid). */
  earlyStoppingRounds?: number;
  /** Max bins per numeric feature (excluding the missing bin), <= 255; default 255. */
  maxBins?: number;
  /** Categorical splits: smoothing added to hessians when ordering categories; default 10. */
  catSmooth?: number;
  /** Categorical splits: extra L2 for categorical splits; default 10. */
  catL2?: number;
  /** Categorical splits: max categories on the smaller side of a partition; default 32. */
  maxCatThreshold?: number;
  /** Categorical splits: min rows for a category to take part in ordered partitioning; default 10. */
  minDataPerGroup?: number;
  /** Categorical features with at most this many bins use one-vs-rest splits; default 4. */
  maxCatToOnehot?: number;
  /** Random thresholds (one per feature and node) instead of the best ones (LightGBM's extra_trees); default false. */
  extraTrees?: boolean;
  /** Seed for feature/row sampling; default 0. Same seed + same data => identical model. */
  seed?: number;
  /** Epoch ms: stop adding rounds when the next round would not finish before this time. */
  deadlineMs?: number;
  /** Called after each round with the 0-based round index and the validation loss (if any). */
  onRound?: (round: number, validLoss?: number) => void;
}

export interface TrainGbdtOptions {
  /** Per-row sample weights (e.g. class weights), length = train.rowCount. */
  weights?: Float64Array;
  /** Validation set for early stopping (loss reported to onRound). */
  valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array };
  /** Bins fitted once on the same training features; reusing them saves time across fits. */
  binMapper?: BinMapper;
}

export interface ForestParams {
  objective: Objective;
  numClasses?: number;
  /** Number of trees; default 100. */
  numTrees?: number;
  /** Extra-trees: random thresholds, no bootstrap (unless bootstrap is set). */
  extraTrees?: boolean;
  /** Bootstrap rows; default true for random forest, false for extra trees. */
  bootstrap?: boolean;
  /** Fraction of features considered per split; default sqrt(F)/F for classification, 1 for regression... see forest.ts. */
  maxFeatures?: number;
  /** Max depth; <= 0 or undefined = unlimited. */
  maxDepth?: number;
  /** Max leaves per tree; undefined = unlimited. */
  numLeaves?: number;
  /** Min (unweighted, bootstrap-counted) rows per leaf; default 1. */
  minDataInLeaf?: number;
  /** Max bins per numeric feature when binning here; default 255. */
  maxBins?: number;
  seed?: number;
  /**
   * Classification: leaves hold smoothed log-odds (binary) or log class frequencies (multiclass)
   * and the forest averages them with a logit/softmax link, so its raw output is a margin like
   * boosting's (exact TreeSHAP in log-odds; members of margin-space ensembles). Default false:
   * leaves hold class frequencies and the forest averages probabilities.
   */
  logitLeaves?: boolean;
  /** Epoch ms: stop adding trees when the next tree would not finish before this time. */
  deadlineMs?: number;
  /** Called after each tree with its 0-based index. */
  onRound?: (round: number) => void;
}

export interface TrainForestOptions {
  weights?: Float64Array;
  binMapper?: BinMapper;
}

/** TreeSHAP result for a set of rows. */
export interface ShapResult {
  /** rows * outputs * features, row-major: values[(r * outputs + o) * features + f]. */
  values: Float64Array;
  /** Expected raw output per output (the model's mean raw prediction over training cover). */
  expected: Float64Array;
}

/**
 * Binned features: row-major bytes, bins[r * numFeatures + f]. Bin 0 is always "missing";
 * value bins are 1..numBins[f]-1.
 */
export interface BinnedMatrix {
  rowCount: number;
  numFeatures: number;
  bins: Uint8Array;
}
