// k-fold bagging of the served models (as AutoGluon bags its final models): a member is fitted k
// times, each fit on the rows outside one of k folds of every row with a target, and its k fits are
// averaged. Averaging fits that saw different rows lowers the variance that a single refit keeps
// (on credit-g and telco the gain was within the noise: off by default). The k tree sets merge into one TreeEnsemble (leaf values scaled by 1/k,
// TreeEnsemble.combine), so a bagged model predicts through one compiled ensemble like a single
// model and its exact contributions are still TreeSHAP's.
import { TreeEnsemble } from "./core";
import type { CandidateConfig } from "./evaluate";
import { type Learner, LogTargetLearner, TreeLearner } from "./learner";
import { shuffleIndices } from "./split";

/** The usual number of fits per bagged member (what the bench and tests ask for). */
export const BAG_FOLDS = 5;
/**
 * Off unless asked for (TrainRequest.bagFolds): measured on credit-g and telco (5 seeds each,
 * BENCHMARKS.md), the gain was within the noise (+0.0003 mean AUC at fixed work, -0.0007 to +0.0026
 * at budget 10) while a bag of k fits costs k times the nodes of every prediction and explanation.
 */
export const DEFAULT_BAG_FOLDS = 1;

/** Folds to bag with: the request's choice (0 or 1 = off), else DEFAULT_BAG_FOLDS; never more than half the rows. */
export function bagFoldsFor(requested: number | undefined, rows: number): number {
  const k = requested ?? DEFAULT_BAG_FOLDS;
  // Every fold needs rows to leave out and rows to fit on.
  return Math.max(1, Math.min(Math.floor(k), Math.floor(rows / 2)));
}

/** Bagging pays for families whose fits vary with their rows: boosting (forests already average bootstrap fits; linear models barely vary). */
export function baggable(config: CandidateConfig): boolean {
  return config.family === "gbdt";
}

/**
 * Fold of each of n rows (0..k-1), shuffled by seed; with strata (classes), rows of each class are
 * dealt round-robin so that every fold sees every class.
 */
export function assignFolds(n: number, k: number, seed: number, strata?: ArrayLike<number>): Int32Array {
  const order = shuffleIndices(n, seed + 7);
  const assign = new Int32Array(n);
  if (strata) {
    const sorted = Array.from(order).sort((a, b) => strata[a] - strata[b]);
    sorted.forEach((r, i) => (assign[r] = i % k));
  } else {
    order.forEach((r, i) => (assign[r] = i % k));
  }
  return assign;
}

/** The training rows of each of k bag fits: every row outside fold j. */
export function bagRows(n: number, k: number, seed: number, strata?: ArrayLike<number>): Int32Array[] {
  const assign = assignFolds(n, k, seed + 101, strata);
  return Array.from({ length: k }, (_, j) => {
    const rows: number[] = [];
    for (let i = 0; i < n; i++) if (assign[i] !== j) rows.push(i);
    return Int32Array.from(rows);
  });
}

/** Fit j's configuration: its own seed for row and feature sampling, so that the fits differ beyond their rows. */
export function bagConfig(config: CandidateConfig, j: number): CandidateConfig {
  if (config.family !== "gbdt") return config;
  return { ...config, seedOffset: (config.seedOffset ?? 0) + 7919 * (j + 1) };
}

/**
 * The average of a member's bag fits as one learner: trees merged into one ensemble with leaf
 * values scaled by 1/k (log-target fits: averaged in log space, a geometric mean, when they share
 * their offset). Null when the fits cannot be merged.
 */
export function mergeBag(fits: Learner[]): Learner | null {
  if (fits.length === 0) return null;
  if (fits.length === 1) return fits[0];
  const w = 1 / fits.length;
  if (fits.every((f) => f instanceof TreeLearner)) {
    const trees = fits.map((f) => (f as TreeLearner).ensemble);
    return new TreeLearner(
      TreeEnsemble.combine(
        trees.map((e) => ({ weight: w, ensemble: e })),
        trees[0].algorithm,
      ),
    );
  }
  if (fits.every((f) => f instanceof LogTargetLearner && f.offset === (fits[0] as LogTargetLearner).offset)) {
    const logs = fits as LogTargetLearner[];
    const merged = TreeEnsemble.combine(
      logs.map((f) => ({ weight: w, ensemble: f.ensemble })),
      logs[0].ensemble.algorithm,
    );
    return new LogTargetLearner(merged, logs[0].offset);
  }
  return null;
}
