// Random forests and extra-trees on the same bins and grower as boosting. Classification trees fit
// class frequencies (Gini impurity = summed variance of the class indicators), regression trees fit
// means (squared error); the ensemble averages leaf values, so raw outputs are probabilities/values.
// With logitLeaves, classification leaves hold smoothed log-odds / log-frequencies instead, and the
// forest is a margin model (average log-odds through a logit or softmax link).
import { BinMapper, validateMatrix } from "./binning";
import { TreeGrower, type BinnedTree, type GrowerConfig } from "./grower";
import { checkTargets, checkWeights, layoutOf, RoundTimer, toRawTree } from "./learner-common";
import { Rng } from "./random";
import { TreeEnsemble, type RawTree } from "./tree";
import type { FeatureMatrix, ForestParams, TrainForestOptions } from "./types";

export function trainForest(train: FeatureMatrix, y: Float64Array, params: ForestParams, options: TrainForestOptions = {}): TreeEnsemble {
  validateMatrix(train);
  const objective = params.objective;
  const numClasses = checkTargets(train, y, objective, params.numClasses);
  const n = train.rowCount;
  const F = train.features.length;
  const w = options.weights;
  checkWeights(w, n, "training");
  const seed = params.seed ?? 0;
  const rng = new Rng(seed);
  const mapper = options.binMapper ?? BinMapper.fit(train, params.maxBins ?? 255, seed);
  mapper.checkCompatible(train);
  const binned = mapper.transform(train);
  const layout = layoutOf(mapper);
  // Output channels: class indicators for multiclass, P(class 1) for binary, the value for regression.
  const m = objective === "multiclass" ? numClasses : 1;
  const classification = objective !== "regression";
  const extraTrees = params.extraTrees ?? false;
  const bootstrap = params.bootstrap ?? !extraTrees;
  const maxFeatures = params.maxFeatures ?? (classification ? Math.sqrt(F) / Math.max(1, F) : 1);
  if (!(maxFeatures > 0 && maxFeatures <= 1)) throw new Error(`maxFeatures must be a fraction in (0, 1], got ${maxFeatures}`);
  const numLeaves = params.numLeaves !== undefined && params.numLeaves > 0 ? Math.max(2, Math.floor(params.numLeaves)) : Infinity;
  const cfg: GrowerConfig = {
    numLeaves,
    maxDepth: params.maxDepth ?? -1,
    minDataInLeaf: Math.max(1, params.minDataInLeaf ?? 1),
    minSumHessian: 0,
    lambdaL2: 0,
    lambdaL1: 0,
    minGainToSplit: 1e-12,
    catSmooth: 10,
    catL2: 0,
    maxCatThreshold: 32,
    minDataPerGroup: 1,
    maxCatToOnehot: 4,
    leafMode: "mean",
    learningRate: 1,
    nodeFeatureFraction: maxFeatures,
    extraTrees,
    order: Number.isFinite(numLeaves) ? "best" : "depth",
    exactCounts: true,
  };
  const grower = new TreeGrower(layout, binned.bins, n, m, cfg);
  const numTrees = Math.max(1, Math.floor(params.numTrees ?? 100));
  const logitLeaves = classification && (params.logitLeaves ?? false);
  const prior = logitLeaves ? classPriors(y, w, m, objective === "binary") : null;
  const counts = new Int32Array(n);
  const grad = new Float64Array(n * m);
  const hess = new Float64Array(n);
  const rows = new Int32Array(n);
  const mask = new Uint8Array(F).fill(1);
  const trees: RawTree[] = [];
  const timer = new RoundTimer();

  for (let t = 0; t < numTrees; t++) {
    if (params.deadlineMs !== undefined && t > 0 && (Date.now() >= params.deadlineMs || timer.wouldMiss(params.deadlineMs))) break;
    timer.start();
    if (bootstrap) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[rng.nextInt(n)]++;
    } else counts.fill(1);
    let nr = 0;
    grad.fill(0);
    for (let r = 0; r < n; r++) {
      const c = counts[r];
      if (c === 0) continue;
      rows[nr++] = r;
      const wc = (w ? w[r] : 1) * c;
      hess[r] = wc;
      if (objective === "regression") grad[r] = wc * y[r];
      else if (objective === "binary") grad[r] = y[r] === 1 ? wc : 0;
      else grad[r * m + y[r]] = wc;
    }
    const bt = grower.grow(rows, nr, grad, hess, bootstrap ? counts : null, mask, rng);
    if (prior) toLogLeaves(bt, prior, objective === "binary");
    trees.push(toRawTree(bt, mapper, objective === "multiclass" ? -1 : 0, m));
    timer.stop();
    params.onRound?.(t);
  }
  // Averaging: scale every leaf by 1 / (number of trees actually grown).
  const scale = 1 / trees.length;
  for (const t of trees) for (let i = 0; i < t.leafValues.length; i++) t.leafValues[i] *= scale;
  return TreeEnsemble.fromTrees(
    {
      objective,
      numClasses,
      link: !logitLeaves ? "identity" : objective === "binary" ? "logit" : "softmax",
      features: train.features.map((f) => ({ ...f })),
      baseScore: new Float64Array(m),
      numRounds: trees.length,
      algorithm: extraTrees ? "extra_trees" : "random_forest",
    },
    trees,
  );
}

/** Pseudo-rows of the class prior added to every leaf before taking logs (pure leaves stay finite). */
const LEAF_SMOOTHING = 2;

/** Weighted class frequencies: P(class 1) for binary (one value), one per class for multiclass. */
function classPriors(y: Float64Array, w: Float64Array | undefined, m: number, binary: boolean): Float64Array {
  const k = binary ? 2 : m;
  const c = new Float64Array(k);
  let total = 0;
  for (let i = 0; i < y.length; i++) {
    const wi = w ? w[i] : 1;
    c[y[i]] += wi;
    total += wi;
  }
  for (let j = 0; j < k; j++) c[j] = total > 0 ? c[j] / total : 1 / k;
  return binary ? Float64Array.of(c[1]) : c;
}

/** Class frequencies of a grown tree's leaves -> smoothed log-odds (binary) or log-frequencies. */
function toLogLeaves(bt: BinnedTree, prior: Float64Array, binary: boolean): void {
  const m = binary ? 1 : prior.length;
  for (let node = 0; node < bt.numNodes; node++) {
    if (bt.feature[node] >= 0) continue;
    const l = bt.leafIndex[node];
    const n = bt.cover[node];
    const denom = n + LEAF_SMOOTHING;
    if (binary) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, (bt.leafValues[l] * n + LEAF_SMOOTHING * prior[0]) / denom));
      bt.leafValues[l] = Math.log(p / (1 - p));
    } else {
      for (let k = 0; k < m; k++) bt.leafValues[l * m + k] = Math.log(Math.max(1e-9, (bt.leafValues[l * m + k] * n + LEAF_SMOOTHING * prior[k]) / denom));
    }
  }
}
