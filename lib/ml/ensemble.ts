// Greedy ensemble selection with replacement (Caruana et al. 2004, "Ensemble selection from
// libraries of models"), as AutoGluon and auto-sklearn build their final models: starting from an
// empty ensemble, repeatedly add the candidate (again, possibly) whose addition gives the lowest
// validation loss of the averaged predictions; keep the best prefix. Weights = times chosen / steps.
//
// Members are averaged in margin space: log-odds for binary, class margins for multiclass, values
// for regression. The ensemble is then itself a margin model, so its exact contributions are the
// weighted sums of its members' (TreeSHAP is linear in the leaf values) and sum to its log-odds.
import type { TaskSpec } from "./evaluate";
import { computeLogLoss, computeRmse } from "./metrics";

export interface SelectionResult {
  /** Weight per candidate (0 for those not chosen); the weights sum to 1. */
  weights: number[];
  /** Selection loss of the ensemble on the validation rows (as scorePredictions: lower is better). */
  loss: number;
  /** Selection loss of the best single candidate. */
  bestSingleLoss: number;
  steps: number;
}

/** Probabilities clipped into (0, 1) turn into finite log-odds. */
const PROB_CLIP = 1e-12;

/** Log-odds of P(class 1) (binary) or log-probabilities (multiclass); values as they are (regression). */
export function toMargins(task: TaskSpec, predictions: Float64Array): Float64Array {
  if (task.objective === "regression") return predictions;
  const out = new Float64Array(predictions.length);
  if (task.objective === "binary") {
    for (let i = 0; i < out.length; i++) {
      const p = Math.min(1 - PROB_CLIP, Math.max(PROB_CLIP, predictions[i]));
      out[i] = Math.log(p / (1 - p));
    }
  } else for (let i = 0; i < out.length; i++) out[i] = Math.log(Math.max(PROB_CLIP, predictions[i]));
  return out;
}

/** Predictions (probabilities or values) from margins. */
export function fromMargins(task: TaskSpec, margins: Float64Array): Float64Array {
  if (task.objective === "regression") return margins;
  const out = new Float64Array(margins.length);
  if (task.objective === "binary") {
    for (let i = 0; i < out.length; i++) out[i] = 1 / (1 + Math.exp(-margins[i]));
    return out;
  }
  const K = task.numClasses;
  for (let r = 0; r < margins.length; r += K) {
    let m = -Infinity;
    for (let k = 0; k < K; k++) m = Math.max(m, margins[r + k]);
    let s = 0;
    for (let k = 0; k < K; k++) s += out[r + k] = Math.exp(margins[r + k] - m);
    for (let k = 0; k < K; k++) out[r + k] /= s;
  }
  return out;
}

/**
 * Selection loss of margins, the same as the search's (evaluate.ts scorePredictions): 1 - AUC plus a
 * hair of log loss (binary), log loss (multiclass), RMSE (regression). The AUC comes from sorted
 * positive and negative scores (typed-array sorts), fast enough for thousands of evaluations.
 */
export class MarginLoss {
  private readonly pos: Float64Array;
  private readonly neg: Float64Array;

  constructor(
    private readonly task: TaskSpec,
    private readonly y: Float64Array,
  ) {
    let p = 0;
    if (task.objective === "binary") for (const v of y) if (v === 1) p++;
    this.pos = new Float64Array(p);
    this.neg = new Float64Array(task.objective === "binary" ? y.length - p : 0);
  }

  loss(margins: Float64Array): number {
    const { task, y } = this;
    if (task.objective === "regression") return computeRmse(y, margins);
    const probs = fromMargins(task, margins);
    if (task.objective === "multiclass") return computeLogLoss(y, probs, task.numClasses);
    if (this.pos.length === 0 || this.neg.length === 0) return computeLogLoss(y, probs, 2);
    return 1 - this.auc(margins) + 1e-4 * computeLogLoss(y, probs, 2);
  }

  /** AUC of scores (ties count half): for each negative, the positives above it. */
  auc(scores: Float64Array): number {
    const { pos, neg, y } = this;
    let a = 0;
    let b = 0;
    for (let i = 0; i < y.length; i++) {
      if (y[i] === 1) pos[a++] = scores[i];
      else neg[b++] = scores[i];
    }
    pos.sort();
    neg.sort();
    let above = 0;
    let j = 0;
    let ties = 0;
    // Walk negatives in ascending order; j = first positive > current negative.
    let k = 0; // first positive >= current negative
    for (let i = 0; i < neg.length; i++) {
      const v = neg[i];
      while (k < pos.length && pos[k] < v) k++;
      if (j < k) j = k;
      while (j < pos.length && pos[j] <= v) j++;
      above += pos.length - j;
      ties += j - k;
    }
    return (above + ties / 2) / (pos.length * neg.length);
  }
}

/**
 * Greedy forward selection with replacement over candidates' validation margins (same rows and
 * order for all). Stops after `maxSteps`, or `patience` steps without improvement.
 */
export function selectEnsemble(
  task: TaskSpec,
  y: Float64Array,
  margins: Float64Array[],
  options: { maxSteps?: number; patience?: number } = {},
): SelectionResult {
  const m = margins.length;
  if (m === 0) throw new Error("ensemble selection needs at least one candidate");
  const n = margins[0].length;
  for (const c of margins) if (c.length !== n) throw new Error(`candidate margins have length ${c.length}, expected ${n}`);
  const maxSteps = options.maxSteps ?? 50;
  const patience = options.patience ?? 12;
  const scorer = new MarginLoss(task, y);
  const sum = new Float64Array(n);
  const trial = new Float64Array(n);
  const counts = new Array<number>(m).fill(0);
  let best = Infinity;
  let bestCounts = counts.slice();
  let bestSingle = Infinity;
  let sinceBest = 0;
  let step = 0;
  for (step = 1; step <= maxSteps; step++) {
    let pick = -1;
    let pickLoss = Infinity;
    const inv = 1 / step;
    for (let j = 0; j < m; j++) {
      const c = margins[j];
      for (let i = 0; i < n; i++) trial[i] = (sum[i] + c[i]) * inv;
      const l = scorer.loss(trial);
      if (step === 1 && l < bestSingle) bestSingle = l;
      // Ties go to the earlier candidate (candidates come best first).
      if (l < pickLoss) {
        pickLoss = l;
        pick = j;
      }
    }
    counts[pick]++;
    const c = margins[pick];
    for (let i = 0; i < n; i++) sum[i] += c[i];
    if (pickLoss < best - 1e-12) {
      best = pickLoss;
      bestCounts = counts.slice();
      sinceBest = 0;
    } else if (++sinceBest >= patience) break;
  }
  const total = bestCounts.reduce((a, b) => a + b, 0);
  return { weights: bestCounts.map((c) => c / total), loss: best, bestSingleLoss: bestSingle, steps: Math.min(step, maxSteps) };
}

/**
 * Drops members that do not earn their keep. First, costliest first: a member goes when, without
 * it (the others' weights reselected), the validation loss rises by no more than `tolerance`
 * (gains that small are within the noise of the validation rows, while every member adds to the
 * time of each prediction and explanation). Then, while the members' total cost exceeds `maxCost`,
 * the member whose removal hurts least per unit of cost saved goes. Returns the new weights (0 = dropped).
 */
export function pruneEnsemble(
  task: TaskSpec,
  y: Float64Array,
  margins: Float64Array[],
  weights: number[],
  costs: number[],
  tolerance: number,
  maxCost = Infinity,
): { weights: number[]; loss: number } {
  const scorer = new MarginLoss(task, y);
  let current = weights.slice();
  let loss = scorer.loss(averageMargins(margins, current));
  // Without member `drop`: the others' weights scaled up (one evaluation); the weights are reselected
  // once a member has gone, kept when that does not make the loss worse.
  const without = (drop: number): { weights: number[]; loss: number } => {
    const rest = 1 - current[drop];
    const w = current.map((v, i) => (i === drop || rest <= 0 ? 0 : v / rest));
    return { weights: w, loss: scorer.loss(averageMargins(margins, w)) };
  };
  const reselect = (next: { weights: number[]; loss: number }): { weights: number[]; loss: number } => {
    const keep = membersOf(next.weights).sort((a, b) => a - b);
    const sel = selectEnsemble(
      task,
      y,
      keep.map((i) => margins[i]),
    );
    if (sel.loss > next.loss) return next;
    const w = current.map(() => 0);
    keep.forEach((i, j) => (w[i] = sel.weights[j]));
    return { weights: w, loss: sel.loss };
  };
  const membersOf = (w: number[]): number[] => w.map((_, i) => i).filter((i) => w[i] > 0);
  for (;;) {
    const members = membersOf(current);
    if (members.length <= 1) break;
    members.sort((a, b) => costs[b] - costs[a] || current[a] - current[b] || a - b);
    let removed = false;
    for (const drop of members) {
      const next = without(drop);
      if (next.loss <= loss + tolerance) {
        ({ weights: current, loss } = reselect(next));
        removed = true;
        break;
      }
    }
    if (!removed) break;
  }
  for (;;) {
    const members = membersOf(current);
    const total = members.reduce((s, i) => s + costs[i], 0);
    if (members.length <= 1 || total <= maxCost) break;
    // The drop that brings the ensemble within the budget at the least loss, if one does; else the
    // drop that loses least per node saved.
    let best: { weights: number[]; loss: number } | null = null;
    let bestKey = Infinity;
    let fitting = false;
    for (const drop of members.sort((a, b) => a - b)) {
      const next = without(drop);
      const fits = total - costs[drop] <= maxCost;
      const key = fits ? next.loss : (next.loss - loss) / Math.max(1, costs[drop]);
      if ((fits && !fitting) || (fits === fitting && key < bestKey)) {
        fitting = fits;
        bestKey = key;
        best = next;
      }
    }
    ({ weights: current, loss } = reselect(best!));
  }
  // Never worse than the best single candidate that fits the budget on its own.
  let single = -1;
  let singleLoss = Infinity;
  margins.forEach((m, i) => {
    if (costs[i] > maxCost && costs[i] > Math.min(...costs)) return;
    const l = scorer.loss(m);
    if (l < singleLoss) {
      singleLoss = l;
      single = i;
    }
  });
  if (single >= 0 && singleLoss < loss) {
    current = current.map((_, i) => (i === single ? 1 : 0));
    loss = singleLoss;
  }
  return { weights: current, loss };
}

/** Weighted average of margins (weights summing to 1). */
export function averageMargins(margins: Float64Array[], weights: number[]): Float64Array {
  const out = new Float64Array(margins[0].length);
  margins.forEach((m, j) => {
    const w = weights[j];
    if (w > 0) for (let i = 0; i < out.length; i++) out[i] += w * m[i];
  });
  return out;
}

/**
 * A validation-loss rise too small to trust on n rows: absolute for 1 - AUC, relative to the loss
 * for log loss and RMSE; it shrinks as the square root of the rows, like the noise of the estimate
 * (a fraction of it: members are compared on the same rows, which cancels much of the noise).
 */
export function pruneTolerance(task: TaskSpec, loss: number, n: number): number {
  const noise = 1 / Math.sqrt(Math.max(1, n));
  return task.objective === "binary" ? 0.01 * noise : 0.02 * noise * Math.abs(loss);
}
