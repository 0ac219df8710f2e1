// Histogram gradient boosting in the LightGBM style: leaf-wise trees on byte bins, shrinkage,
// L1/L2 regularisation, feature and row subsampling, native categorical splits, learned missing
// directions, early stopping on a validation set, and a wall-clock deadline.
import { BinMapper, validateMatrix } from "./binning";
import { findBinnedLeaf, TreeGrower, type BinnedTree, type GrowerConfig } from "./grower";
import { checkTargets, checkWeights, layoutOf, RoundTimer, toRawTree } from "./learner-common";
import { Rng } from "./random";
import { TreeEnsemble, type RawTree } from "./tree";
import type { FeatureMatrix, GbdtParams, Objective, TrainGbdtOptions } from "./types";

const PROB_EPS = 1e-15;

export function trainGbdt(train: FeatureMatrix, y: Float64Array, params: GbdtParams, options: TrainGbdtOptions = {}): TreeEnsemble {
  const booster = startBoosting(train, y, params, options);
  while (booster.step());
  return booster.finish();
}

/**
 * trainGbdt that lets the event loop run between boosting rounds (every `yieldMs`, default 50 ms), so
 * timers and I/O (a worker's heartbeat, a cancel) get through during a long fit, and stops boosting
 * early, as at the deadline, once `shouldStop` answers true. Same model as trainGbdt otherwise.
 */
export async function trainGbdtCooperatively(
  train: FeatureMatrix,
  y: Float64Array,
  params: GbdtParams,
  options: TrainGbdtOptions & { yieldMs?: number; shouldStop?: () => boolean } = {},
): Promise<TreeEnsemble> {
  const yieldMs = options.yieldMs ?? 50;
  let last = Date.now();
  // Binning alone can take a while on many rows: let the loop run before the first round too.
  await yieldToEventLoop();
  const booster = startBoosting(train, y, params, options);
  while (!options.shouldStop?.() && booster.step()) {
    if (Date.now() - last >= yieldMs) {
      await yieldToEventLoop();
      last = Date.now();
    }
  }
  return booster.finish();
}

/** One turn of the event loop (timers and I/O run), for long fits that must not hold it. */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** The boosting state after binning: step() runs one round (false once there is nothing more to do), finish() builds the model. */
function startBoosting(train: FeatureMatrix, y: Float64Array, params: GbdtParams, options: TrainGbdtOptions): { step(): boolean; finish(): TreeEnsemble } {
  validateMatrix(train);
  const objective = params.objective;
  const numClasses = checkTargets(train, y, objective, params.numClasses);
  const K = objective === "multiclass" ? numClasses : 1;
  const n = train.rowCount;
  const F = train.features.length;
  checkWeights(options.weights, n, "training");
  const seed = params.seed ?? 0;
  const rng = new Rng(seed);
  const mapper = options.binMapper ?? BinMapper.fit(train, params.maxBins ?? 255, seed);
  mapper.checkCompatible(train);
  const binned = mapper.transform(train);
  const layout = layoutOf(mapper);

  const valid = options.valid;
  let validBins: Uint8Array | null = null;
  let validScores: Float64Array | null = null;
  if (valid) {
    validateMatrix(valid.x);
    checkTargets(valid.x, valid.y, objective, params.numClasses);
    checkWeights(valid.weights, valid.x.rowCount, "validation");
    validBins = mapper.transform(valid.x).bins;
  }

  const cfg: GrowerConfig = {
    numLeaves: Math.max(2, Math.floor(params.numLeaves ?? 31)),
    maxDepth: params.maxDepth ?? -1,
    minDataInLeaf: Math.max(1, params.minDataInLeaf ?? 20),
    minSumHessian: params.minSumHessian ?? 1e-3,
    lambdaL2: params.lambdaL2 ?? 0,
    lambdaL1: params.lambdaL1 ?? 0,
    minGainToSplit: params.minGainToSplit ?? 0,
    catSmooth: params.catSmooth ?? 10,
    catL2: params.catL2 ?? 10,
    maxCatThreshold: params.maxCatThreshold ?? 32,
    minDataPerGroup: params.minDataPerGroup ?? 10,
    maxCatToOnehot: params.maxCatToOnehot ?? 4,
    leafMode: "newton",
    learningRate: params.learningRate ?? 0.1,
    nodeFeatureFraction: 1,
    extraTrees: params.extraTrees ?? false,
    order: "best",
    exactCounts: false,
  };
  const maxRounds = Math.max(0, Math.floor(params.maxRounds ?? 100));
  const featureFraction = clampFraction(params.featureFraction ?? 1, "featureFraction");
  const baggingFraction = clampFraction(params.baggingFraction ?? 1, "baggingFraction");
  const grower = new TreeGrower(layout, binned.bins, n, 1, cfg);

  const w = options.weights;
  const baseScore = initialScores(y, w, objective, K);
  const scores = new Float64Array(n * K);
  for (let r = 0; r < n; r++) for (let k = 0; k < K; k++) scores[r * K + k] = baseScore[k];
  if (valid) {
    const vn = valid.x.rowCount;
    validScores = new Float64Array(vn * K);
    for (let r = 0; r < vn; r++) for (let k = 0; k < K; k++) validScores[r * K + k] = baseScore[k];
  }

  // Gradient and hessian of each output, interleaved per row as the histogram kernel reads them.
  const gh: Float64Array[] = [];
  for (let k = 0; k < K; k++) gh.push(new Float64Array(2 * n));
  const allRows = Int32Array.from({ length: n }, (_, i) => i);
  const rowBuf = new Int32Array(n);
  const inBag = new Uint8Array(n);
  const featureMask = new Uint8Array(F);
  const trees: RawTree[] = [];
  const timer = new RoundTimer();
  const earlyStopping = valid && params.earlyStoppingRounds !== undefined && params.earlyStoppingRounds > 0 ? params.earlyStoppingRounds : 0;
  let bestLoss = Infinity;
  let bestRound = -1;
  let rounds = 0;

  // Binary: exp(-score) per row, kept up to date by multiplying with exp(-leaf value) when a tree is
  // added (31 exps per tree instead of one per row and round); recomputed exactly every 64 rounds.
  const negExp = objective === "binary" ? new Float64Array(n) : null;

  let round = 0;
  let stopped = false;
  const step = (): boolean => {
    if (stopped || round >= maxRounds) return false;
    if (params.deadlineMs !== undefined && (Date.now() >= params.deadlineMs || (round > 0 && timer.wouldMiss(params.deadlineMs)))) {
      stopped = true;
      return false;
    }
    timer.start();
    if (negExp) {
      if ((round & 63) === 0) for (let r = 0; r < n; r++) negExp[r] = Math.exp(-scores[r]);
      binaryGradients(y, w, negExp, gh[0]);
    } else computeGradients(objective, K, y, w, scores, gh);
    // Row bagging (without replacement) and feature sampling, fresh every round.
    let bagRows: Int32Array = allRows;
    if (baggingFraction < 1) {
      bagRows = rng.sampleIndices(n, Math.max(1, Math.round(n * baggingFraction)));
      inBag.fill(0);
      for (let i = 0; i < bagRows.length; i++) inBag[bagRows[i]] = 1;
    }
    sampleFeatures(featureMask, featureFraction, rng);
    for (let k = 0; k < K; k++) {
      rowBuf.set(bagRows);
      const bt = grower.growInterleaved(rowBuf, bagRows.length, gh[k], featureMask, rng, bagRows === allRows);
      addTreeToScores(bt, rowBuf, scores, K, k, negExp);
      if (baggingFraction < 1) addTreeToOutOfBag(bt, binned.bins, F, inBag, scores, K, k, negExp);
      if (validBins && validScores) addTreeToRows(bt, validBins, F, valid!.x.rowCount, validScores, K, k);
      trees.push(toRawTree(bt, mapper, objective === "multiclass" ? k : 0, 1));
    }
    rounds = round + 1;
    timer.stop();
    let validLoss: number | undefined;
    if (valid && validScores) {
      validLoss = computeLoss(objective, K, valid.y, valid.weights, validScores);
      if (validLoss < bestLoss - 1e-12) {
        bestLoss = validLoss;
        bestRound = round;
      }
    }
    params.onRound?.(round, validLoss);
    if (earlyStopping > 0 && round - bestRound >= earlyStopping) stopped = true;
    round++;
    return !stopped;
  };
  const finish = (): TreeEnsemble => {
    // With early stopping, keep the rounds up to the best validation loss.
    const keep = earlyStopping > 0 && bestRound >= 0 ? bestRound + 1 : rounds;
    return TreeEnsemble.fromTrees(
      {
        objective,
        numClasses,
        link: objective === "binary" ? "logit" : objective === "multiclass" ? "softmax" : "identity",
        features: train.features.map((f) => ({ ...f })),
        baseScore,
        numRounds: keep,
        algorithm: "gbdt",
      },
      trees.slice(0, keep * K),
    );
  };
  return { step, finish };
}

/** Adds a tree's leaf values to the scores of the rows left out of its bag (row bagging). */
function addTreeToOutOfBag(
  bt: BinnedTree,
  bins: Uint8Array,
  F: number,
  inBag: Uint8Array,
  scores: Float64Array,
  K: number,
  k: number,
  negExp: Float64Array | null,
): void {
  const n = inBag.length;
  for (let r = 0; r < n; r++) {
    if (inBag[r]) continue;
    const leaf = findBinnedLeaf(bt, bins, F, r);
    const v = bt.leafValues[bt.leafIndex[leaf]];
    scores[r * K + k] += v;
    if (negExp) negExp[r] *= Math.exp(-v);
  }
}

/** Adds a tree's leaf values to the scores of `count` binned rows (the validation set). */
function addTreeToRows(bt: BinnedTree, bins: Uint8Array, F: number, count: number, scores: Float64Array, K: number, k: number): void {
  for (let r = 0; r < count; r++) {
    const leaf = findBinnedLeaf(bt, bins, F, r);
    scores[r * K + k] += bt.leafValues[bt.leafIndex[leaf]];
  }
}

function clampFraction(v: number, name: string): number {
  if (!(v > 0 && v <= 1)) throw new Error(`${name} must be in (0, 1], got ${v}`);
  return v;
}

function sampleFeatures(mask: Uint8Array, fraction: number, rng: Rng): void {
  const F = mask.length;
  if (fraction >= 1) {
    mask.fill(1);
    return;
  }
  mask.fill(0);
  const pick = rng.sampleIndices(F, Math.max(1, Math.round(F * fraction)));
  for (let i = 0; i < pick.length; i++) mask[pick[i]] = 1;
}

/** Boost from the average: log-odds of the prior, log class priors, or the mean target. */
function initialScores(y: Float64Array, w: Float64Array | undefined, objective: Objective, K: number): Float64Array {
  const n = y.length;
  const base = new Float64Array(K);
  let sw = 0;
  if (objective === "regression") {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const wi = w ? w[i] : 1;
      s += wi * y[i];
      sw += wi;
    }
    base[0] = sw > 0 ? s / sw : 0;
    return base;
  }
  const cls = new Float64Array(objective === "binary" ? 2 : K);
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    cls[y[i]] += wi;
    sw += wi;
  }
  if (objective === "binary") {
    const p = Math.min(1 - 1e-7, Math.max(1e-7, sw > 0 ? cls[1] / sw : 0.5));
    base[0] = Math.log(p / (1 - p));
  } else {
    for (let k = 0; k < K; k++) base[k] = Math.log(Math.max(1e-7, sw > 0 ? cls[k] / sw : 1 / K));
  }
  return base;
}

function computeGradients(objective: Objective, K: number, y: Float64Array, w: Float64Array | undefined, scores: Float64Array, gh: Float64Array[]): void {
  const n = y.length;
  if (objective === "regression") {
    const a = gh[0];
    for (let i = 0; i < n; i++) {
      const wi = w ? w[i] : 1;
      a[2 * i] = (scores[i] - y[i]) * wi;
      a[2 * i + 1] = wi;
    }
  } else if (objective === "binary") {
    const a = gh[0];
    for (let i = 0; i < n; i++) {
      const wi = w ? w[i] : 1;
      const p = 1 / (1 + Math.exp(-scores[i]));
      a[2 * i] = (p - y[i]) * wi;
      a[2 * i + 1] = Math.max(p * (1 - p), 1e-16) * wi;
    }
  } else {
    // Softmax; the K/(K-1) factor on the hessian follows LightGBM.
    const factor = K / (K - 1);
    for (let i = 0; i < n; i++) {
      const wi = w ? w[i] : 1;
      const o = i * K;
      let mx = -Infinity;
      for (let k = 0; k < K; k++) if (scores[o + k] > mx) mx = scores[o + k];
      let s = 0;
      for (let k = 0; k < K; k++) s += Math.exp(scores[o + k] - mx);
      for (let k = 0; k < K; k++) {
        const p = Math.exp(scores[o + k] - mx) / s;
        gh[k][2 * i] = (p - (y[i] === k ? 1 : 0)) * wi;
        gh[k][2 * i + 1] = Math.max(factor * p * (1 - p), 1e-16) * wi;
      }
    }
  }
}

/** Weighted mean loss: logloss, multiclass logloss, or squared error. */
export function computeLoss(objective: Objective, K: number, y: Float64Array, w: Float64Array | undefined, scores: Float64Array): number {
  const n = y.length;
  let s = 0;
  let sw = 0;
  for (let i = 0; i < n; i++) {
    const wi = w ? w[i] : 1;
    sw += wi;
    if (objective === "regression") {
      const d = y[i] - scores[i];
      s += wi * d * d;
    } else if (objective === "binary") {
      const p = 1 / (1 + Math.exp(-scores[i]));
      s -= wi * Math.log(Math.max(PROB_EPS, y[i] === 1 ? p : 1 - p));
    } else {
      const o = i * K;
      let mx = -Infinity;
      for (let k = 0; k < K; k++) if (scores[o + k] > mx) mx = scores[o + k];
      let z = 0;
      for (let k = 0; k < K; k++) z += Math.exp(scores[o + k] - mx);
      s -= wi * (scores[o + y[i]] - mx - Math.log(z));
    }
  }
  return sw > 0 ? s / sw : 0;
}

/** Binary logloss gradients from exp(-score): p = 1 / (1 + exp(-score)). */
function binaryGradients(y: Float64Array, w: Float64Array | undefined, negExp: Float64Array, a: Float64Array): void {
  const n = y.length;
  if (w) {
    for (let i = 0; i < n; i++) {
      const wi = w[i];
      const p = 1 / (1 + negExp[i]);
      a[2 * i] = (p - y[i]) * wi;
      a[2 * i + 1] = Math.max(p * (1 - p), 1e-16) * wi;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + negExp[i]);
      a[2 * i] = p - y[i];
      a[2 * i + 1] = Math.max(p * (1 - p), 1e-16);
    }
  }
}

/**
 * In-bag rows of each leaf are contiguous in the grower's row buffer: add the leaf value directly
 * (and multiply exp(-score) by exp(-value) when it is tracked).
 */
function addTreeToScores(bt: BinnedTree, rows: Int32Array, scores: Float64Array, K: number, k: number, negExp: Float64Array | null): void {
  for (let l = 0; l < bt.numLeaves; l++) {
    const v = bt.leafValues[l];
    const s = bt.leafStart[l];
    const e = s + bt.leafCount[l];
    if (negExp) {
      const f = Math.exp(-v);
      for (let i = s; i < e; i++) {
        const r = rows[i];
        scores[r] += v;
        negExp[r] *= f;
      }
    } else for (let i = s; i < e; i++) scores[rows[i] * K + k] += v;
  }
}
