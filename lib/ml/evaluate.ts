// Fits one candidate configuration on the search folds and scores it on their validation rows.
// Runs in the main thread (threads: 1) or inside a search worker thread; plain data in, plain data out.
import { BinMapper, trainForest, trainGbdt } from "./core";
import type { FeatureMatrix, Objective } from "./core/types";
import { trainKnn, type KnnWeighting } from "./knn";
import { KnnLearner, LinearLearner, MlpLearner, LogTargetLearner, selectRows, TreeLearner, type Learner, type LearnerJson } from "./learner";
import { trainLinear } from "./linear";
import { computeAuc, computeLogLoss, computeRmse } from "./metrics";
import { trainMlp } from "./mlp";

export type CandidateConfig =
  | {
      family: "gbdt";
      learningRate: number;
      numLeaves: number;
      minDataInLeaf: number;
      lambdaL2: number;
      featureFraction: number;
      baggingFraction: number;
      /** Depth limit; with numLeaves = 2^maxDepth the trees grow level by level (XGBoost's shape). */
      maxDepth?: number;
      /** Value bins per numeric feature (default 255): coarser bins smooth the splits. */
      maxBins?: number;
      /** Random thresholds (one per feature and node) instead of the best ones: a smoother, more diverse learner. */
      extraTrees?: boolean;
      /** Categorical features with at most this many categories split one category against the rest (default 4). */
      maxCatToOnehot?: number;
      lambdaL1?: number;
      /** Added to the task's seed (bagging, feature sampling, random thresholds). */
      seedOffset?: number;
      /** Regression: fit log(y + offset) and predict exp(.) - offset (skewed positive targets such as prices). */
      targetTransform?: "log";
      /** Used for the refit: a fixed number of rounds instead of early stopping. */
      rounds?: number;
    }
  | {
      family: "random_forest" | "extra_trees";
      numTrees: number;
      maxFeatures: number;
      minDataInLeaf: number;
      /** Classification: average smoothed log-odds (a margin model, as members of ensembles need) instead of probabilities. */
      logitLeaves?: boolean;
    }
  /**
   * bins: numeric fields also as indicators of that many quantile bins (an additive model, linear.ts);
   * pairs: with bins, that many pairwise terms on a coarse grid of two fields (GA2M style).
   */
  | { family: "linear"; lambda: number; bins?: number; pairs?: number }
  /**
   * k nearest neighbours (knn.ts; binary and regression): k and the weighting are chosen on the
   * validation rows unless given (refits take the search fit's).
   */
  | { family: "knn"; k?: number; weighting?: KnnWeighting }
  /**
   * A small MLP (mlp.ts; binary and regression): early stopping on the validation rows unless
   * `epochs` is given (refits take the search fit's); at most `maxSeconds` of fitting.
   */
  | { family: "mlp"; hidden: number[]; learningRate: number; logTarget?: boolean; epochs?: number; maxSeconds?: number };

export interface Fold {
  train: FeatureMatrix;
  y: Float64Array;
  weights?: Float64Array;
  valid: FeatureMatrix;
  validY: Float64Array;
  validWeights?: Float64Array;
  /** Bins fitted once on `train`, shared by every tree candidate. */
  binMapper?: BinMapper;
}

export interface TaskSpec {
  objective: Objective;
  numClasses: number;
  seed: number;
}

export interface CandidateResult {
  config: CandidateConfig;
  /** Lower is better: 1 - AUC (binary), log loss (multiclass), RMSE (regression), averaged over folds. */
  loss: number;
  /** Reported metric for the leaderboard. */
  metric: number;
  /** Boosting rounds (or trees) actually used, averaged over folds. */
  rounds: number;
  seconds: number;
  /** Out-of-fold predictions on the validation rows of each fold, concatenated. */
  validPredictions: Float64Array;
  /** Model fitted on fold 0 (the one used for holdout statistics when there is a single fold). */
  learner: LearnerJson;
  /** With k folds, the models fitted on folds 1..k-1 as well (a k-fold bag of the non-holdout rows, bagging.ts). */
  foldLearners?: LearnerJson[];
  /** Serving size of that model: tree nodes (or linear weights), what predictions and explanations cost. */
  size: number;
}

const FOREST_MAX_LEAVES = 512;
const FOREST_MAX_DEPTH = 16;

/** Default cap on boosting rounds; early stopping usually ends far sooner. */
export const MAX_ROUNDS = 3000;

export function fitCandidate(
  config: CandidateConfig,
  task: TaskSpec,
  train: FeatureMatrix,
  y: Float64Array,
  weights: Float64Array | undefined,
  deadlineMs: number,
  options: { valid?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array }; binMapper?: BinMapper } = {},
): Learner {
  const { objective, numClasses, seed } = task;
  const nc = objective === "regression" ? undefined : numClasses;
  switch (config.family) {
    case "gbdt": {
      const log = config.targetTransform === "log" && objective === "regression" ? logTransformOf(y) : null;
      const valid = options.valid && log ? { ...options.valid, y: Float64Array.from(options.valid.y, log.forward) } : options.valid;
      const ensemble = trainGbdt(
        train,
        log ? Float64Array.from(y, log.forward) : y,
        {
          objective,
          numClasses: nc,
          learningRate: config.learningRate,
          numLeaves: config.numLeaves,
          minDataInLeaf: Math.max(1, Math.min(config.minDataInLeaf, Math.floor(train.rowCount / 4))),
          lambdaL2: config.lambdaL2,
          featureFraction: config.featureFraction,
          baggingFraction: config.baggingFraction,
          maxDepth: config.maxDepth,
          maxBins: config.maxBins,
          extraTrees: config.extraTrees,
          maxCatToOnehot: config.maxCatToOnehot,
          lambdaL1: config.lambdaL1,
          maxRounds: config.rounds ?? MAX_ROUNDS,
          earlyStoppingRounds: valid ? earlyStoppingRounds(config.learningRate) : undefined,
          seed: seed + (config.seedOffset ?? 0),
          deadlineMs,
        },
        // Other binnings fit their own bins (the shared ones have 255 per feature).
        { weights, valid, binMapper: config.maxBins === undefined || config.maxBins === 255 ? options.binMapper : undefined },
      );
      return log ? new LogTargetLearner(ensemble, log.offset) : new TreeLearner(ensemble);
    }
    case "random_forest":
    case "extra_trees": {
      const ensemble = trainForest(
        train,
        y,
        {
          objective,
          numClasses: nc,
          numTrees: config.numTrees,
          extraTrees: config.family === "extra_trees",
          maxFeatures: config.maxFeatures,
          minDataInLeaf: config.minDataInLeaf,
          // Bounded trees keep the model small, prediction fast and TreeSHAP (leaves * depth^2) affordable.
          numLeaves: FOREST_MAX_LEAVES,
          maxDepth: FOREST_MAX_DEPTH,
          logitLeaves: config.logitLeaves,
          seed,
          deadlineMs,
        },
        { weights, binMapper: options.binMapper },
      );
      return new TreeLearner(ensemble);
    }
    case "linear":
      return new LinearLearner(
        trainLinear(train, y, { objective, numClasses: nc, lambda: config.lambda, bins: config.bins, pairs: config.pairs, deadlineMs }, weights),
      );
    case "knn":
      if (objective === "multiclass") throw new Error("the k-nearest-neighbours member is for binary and regression tasks");
      return new KnnLearner(trainKnn(train, y, { objective, k: config.k, weighting: config.weighting, seed }, weights, options.valid));
    case "mlp": {
      if (objective === "multiclass") throw new Error("the MLP member is for binary and regression tasks");
      const capMs = config.maxSeconds === undefined ? Infinity : Date.now() + config.maxSeconds * 1000;
      const params = {
        objective,
        hidden: config.hidden,
        learningRate: config.learningRate,
        logTarget: config.logTarget,
        epochs: config.epochs,
        seed,
        deadlineMs: Math.min(deadlineMs, capMs),
      };
      return new MlpLearner(trainMlp(train, y, params, weights, options.valid));
    }
  }
}

/** fitCandidate on all of `rows`, or on the rows `subset` of them (a k-fold bag's fit). */
export function fitRows(
  config: CandidateConfig,
  task: TaskSpec,
  rows: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array },
  deadlineMs: number,
  subset?: Int32Array,
): Learner {
  if (!subset) return fitCandidate(config, task, rows.x, rows.y, rows.weights, deadlineMs);
  const pick = (v: Float64Array): Float64Array => Float64Array.from(subset, (i) => v[i]);
  return fitCandidate(config, task, selectRows(rows.x, subset), pick(rows.y), rows.weights ? pick(rows.weights) : undefined, deadlineMs);
}

/**
 * log(y + offset) with offset 0 for positive targets, else 1 - min(y) (so the smallest value maps to
 * log 1). Values below the training minimum (validation rows) are clamped halfway to it.
 */
export function logTransformOf(y: Float64Array): { offset: number; forward: (v: number) => number } {
  let lo = Infinity;
  for (const v of y) if (v < lo) lo = v;
  const offset = lo > 0 ? 0 : 1 - lo;
  const floor = (lo + offset) / 2;
  return { offset, forward: (v: number) => Math.log(Math.max(v + offset, floor)) };
}

/** True when a log-target variant is worth a try: every target non-negative and skewed to the right (mean > 1.1 x median). */
export function suitsLogTarget(y: Float64Array): boolean {
  if (y.length < 20) return false;
  const s = Float64Array.from(y).sort();
  if (s[0] < 0) return false;
  const median = s[s.length >> 1];
  let mean = 0;
  for (const v of s) mean += v / s.length;
  return mean > median * 1.1;
}

function earlyStoppingRounds(learningRate: number): number {
  // Slow learners plateau longer before they improve again.
  return Math.round(Math.min(100, Math.max(20, 3 / learningRate)));
}

export function roundsOf(learner: Learner): number {
  if (learner instanceof MlpLearner) return learner.model.epochs;
  return learner instanceof TreeLearner || learner instanceof LogTargetLearner ? learner.ensemble.numRounds : 0;
}

export function evaluateCandidate(config: CandidateConfig, task: TaskSpec, folds: Fold[], deadlineMs: number): CandidateResult {
  const start = Date.now();
  const preds: Float64Array[] = [];
  const ys: Float64Array[] = [];
  let rounds = 0;
  let first: Learner | null = null;
  const others: LearnerJson[] = [];
  for (const fold of folds) {
    const learner = fitCandidate(config, task, fold.train, fold.y, fold.weights, deadlineMs, {
      valid: { x: fold.valid, y: fold.validY, weights: fold.validWeights },
      binMapper: fold.binMapper,
    });
    if (first) others.push(learner.toJSON());
    first ??= learner;
    rounds += roundsOf(learner);
    preds.push(learner.predict(fold.valid));
    ys.push(fold.validY);
  }
  const validPredictions = concat(preds);
  const validY = concat(ys);
  const { loss, metric } = scorePredictions(task, validY, validPredictions);
  return {
    config,
    loss,
    metric,
    rounds: rounds / folds.length,
    seconds: (Date.now() - start) / 1000,
    validPredictions,
    learner: first!.toJSON(),
    foldLearners: others.length ? others : undefined,
    size: sizeOf(first!),
  };
}

/** Tree nodes of a learner (linear models: their weights), a proxy for prediction and explanation cost. */
export function sizeOf(learner: Learner): number {
  if (learner instanceof TreeLearner || learner instanceof LogTargetLearner) return learner.ensemble.nodeFeature.length;
  if (learner instanceof LinearLearner) return learner.model.json.weights.length;
  // A reference row counts as a node (a query visits a few hundred of them, a tree's row one path).
  if (learner instanceof KnnLearner) return learner.model.rowCount;
  if (learner instanceof MlpLearner) return learner.model.size;
  return 0;
}

/** Selection loss (lower is better) and the headline metric. */
export function scorePredictions(task: TaskSpec, y: Float64Array, pred: Float64Array): { loss: number; metric: number } {
  if (task.objective === "binary") {
    const auc = computeAuc(y, pred);
    if (Number.isNaN(auc)) {
      const ll = computeLogLoss(y, pred, 2);
      return { loss: ll, metric: ll };
    }
    // A hair of log loss breaks AUC ties in favour of better calibrated models.
    return { loss: 1 - auc + 1e-4 * computeLogLoss(y, pred, 2), metric: auc };
  }
  if (task.objective === "multiclass") {
    const ll = computeLogLoss(y, pred, task.numClasses);
    return { loss: ll, metric: ll };
  }
  const rmse = computeRmse(y, pred);
  return { loss: rmse, metric: rmse };
}

function concat(parts: Float64Array[]): Float64Array {
  if (parts.length === 1) return parts[0];
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
