// Random forests and extra-trees on the same bins and grower as boosting. Classification trees fit
// class frequencies (Gini impurity = summed variance of the class indicators), regression trees fit
// means (squared error); the ensemble averages leaf values, so raw outputs are probabilities/values.
import { BinMapper, validateMatrix } from "./binning";
import { TreeGrower, type GrowerConfig } from "./grower";
import { checkTargets, checkWeights, layoutOf, RoundTimer, toRawTree } from "./learner-common";
import { Rng } from "./random";
import { TreeEnsemble, type RawTree } from "./tree";
import type { FeatureMatrix, ForestParams, TrainForestOptions } from "./types";

export function trainForest(
  train: FeatureMatrix,
  y: Float64Array,
  params: ForestParams,
  options: TrainForestOptions = {},
): TreeEnsemble {
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
      link: "identity",
      features: train.features.map((f) => ({ ...f })),
      baseScore: new Float64Array(m),
      numRounds: trees.length,
      algorithm: extraTrees ? "extra_trees" : "random_forest",
    },
    trees,
  );
}

