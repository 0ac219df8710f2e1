// The threshold control's arithmetic, from the counts the training stored (lib/ml/insights.ts
// ThresholdCounts): exact confusion counts at every threshold step, in O(1) per move of the slider.
import type { ThresholdCounts } from "@/lib/ml/insights";
import { formatNumber, formatPercent } from "./format";

export interface ThresholdMetrics {
  /** The threshold step j: rows with P(positive) > j / steps are flagged. */
  step: number;
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
  /** Share of rows flagged as the positive class. */
  flagged: number | null;
}

export interface ThresholdTable {
  steps: number;
  positives: number;
  negatives: number;
  /** flaggedPositives[j] = positives with a score above j / steps (suffix sums). */
  flaggedPositives: Int32Array;
  flaggedNegatives: Int32Array;
}

export function buildThresholdTable(counts: ThresholdCounts): ThresholdTable {
  const steps = counts.positives.length;
  const flaggedPositives = new Int32Array(steps + 1);
  const flaggedNegatives = new Int32Array(steps + 1);
  for (let b = steps - 1; b >= 0; b--) {
    flaggedPositives[b] = flaggedPositives[b + 1] + (counts.positives[b] ?? 0);
    flaggedNegatives[b] = flaggedNegatives[b + 1] + (counts.negatives[b] ?? 0);
  }
  return { steps, positives: flaggedPositives[0], negatives: flaggedNegatives[0], flaggedPositives, flaggedNegatives };
}

/** The largest step whose threshold is at most `threshold` (metrics are exact on steps). */
export function stepOf(table: ThresholdTable, threshold: number): number {
  const j = Math.floor(threshold * table.steps + 1e-9);
  return Math.max(1, Math.min(table.steps - 1, j));
}

export function metricsAt(table: ThresholdTable, step: number): ThresholdMetrics {
  const j = Math.max(0, Math.min(table.steps, step));
  const tp = table.flaggedPositives[j];
  const fp = table.flaggedNegatives[j];
  const fn = table.positives - tp;
  const tn = table.negatives - fp;
  const n = table.positives + table.negatives;
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  const recall = table.positives > 0 ? tp / table.positives : null;
  const f1 =
    precision !== null && recall !== null && precision + recall > 0
      ? (2 * precision * recall) / (precision + recall)
      : precision === null || recall === null
        ? null
        : 0;
  return { step: j, threshold: j / table.steps, tp, fp, fn, tn, precision, recall, f1, accuracy: n ? (tp + tn) / n : null, flagged: n ? (tp + fp) / n : null };
}

/** The step with the highest F1 on the holdout (the lowest such step on ties), or null without positives. */
export function bestF1Step(table: ThresholdTable): number | null {
  let best: number | null = null;
  let bestF1 = -1;
  for (let j = 1; j < table.steps; j++) {
    const f1 = metricsAt(table, j).f1;
    if (f1 !== null && f1 > bestF1 + 1e-12) {
      bestF1 = f1;
      best = j;
    }
  }
  return best;
}

/**
 * Expected whole-row counts when scoring `rows` rows like the holdout ones at this threshold: the
 * flagged total is rounded as the percentage beside it, then each side is split by largest remainder,
 * so the figures the page shows always add up (flagged = true positives + false alarms; the four cells
 * sum to `rows`).
 */
export function expectedCounts(m: ThresholdMetrics, rows: number) {
  const n = m.tp + m.fp + m.fn + m.tn;
  if (!n) return null;
  const total = Math.max(0, Math.round(rows));
  // The flagged total is the flagged share of the rows, rounded as the percentage next to it is;
  // each side is then split into whole rows that add up to it.
  const flagged = Math.round(((m.tp + m.fp) * total) / n);
  const [tp, fp] = apportion([m.tp, m.fp], flagged);
  const [fn] = apportion([m.fn, m.tn], total - flagged);
  return { flagged, truePositives: tp, falsePositives: fp, missed: fn };
}

/**
 * The "Scoring N rows" box's text as a row count: a whole number from 1 up to 10^12 (commas allowed),
 * or null while the box holds anything else (empty while the user types a new number).
 */
export function rowsToScore(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (!trimmed) return null;
  const n = Math.round(Number(trimmed));
  return Number.isFinite(n) && n >= 1 ? Math.min(1e12, n) : null;
}

/** Whole numbers proportional to `weights` that sum to `target` (largest remainder). */
function apportion(weights: number[], target: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!sum) return weights.map((_, i) => (i === 0 ? target : 0));
  const exact = weights.map((w) => (w * target) / sum);
  const whole = exact.map(Math.floor);
  let left = target - whole.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - whole[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    whole[i]++;
    left--;
  }
  return whole;
}

/**
 * The classes and confusion matrix reordered so that `positiveIndex` comes first (rows and columns
 * alike); the others keep their order. Two classes then read "positive, negative", as the
 * decision-threshold card shows them.
 */
export function positiveFirst(classes: string[], matrix: number[][], positiveIndex: number): { classes: string[]; matrix: number[][] } {
  if (positiveIndex <= 0 || positiveIndex >= classes.length) return { classes, matrix };
  const order = [positiveIndex, ...classes.map((_, i) => i).filter((i) => i !== positiveIndex)];
  return { classes: order.map((i) => classes[i]), matrix: order.map((i) => order.map((j) => matrix[i]?.[j] ?? 0)) };
}

/** The positive class of a two-class field: the saved threshold's class when it is one of them, else the second class (the default rule's). */
export function positiveClassIndex(classes: string[], savedPositive: string | undefined): number {
  if (classes.length !== 2) return 0;
  const saved = savedPositive === undefined ? -1 : classes.indexOf(savedPositive);
  return saved >= 0 ? saved : 1;
}

/**
 * What a single prediction owes to a saved threshold: the positive class whenever its probability is
 * above it, so "Yes" may come with No at 56% and Yes at 44% (threshold 0.4). Null when no saved
 * threshold applies (none, or for a class the answer does not have).
 */
export function savedThresholdNote(
  predicted: unknown,
  probabilities: { label: string; value: number }[],
  saved: { threshold: number; positive_class: string } | undefined,
): string | null {
  if (!saved || probabilities.length !== 2) return null;
  const positive = probabilities.find((p) => p.label === saved.positive_class);
  if (!positive) return null;
  const top = probabilities[0].value >= probabilities[1].value ? probabilities[0] : probabilities[1];
  const rule = `the saved threshold predicts ${saved.positive_class} when its probability is above ${formatNumber(saved.threshold)} (here ${formatPercent(positive.value, 0)})`;
  if (String(predicted) !== top.label) return `${String(predicted)} although ${top.label} is more probable: ${rule}.`;
  return `${rule[0].toUpperCase()}${rule.slice(1)}.`;
}

/**
 * What a predictions table should say about saved thresholds: a row reads "Yes" with a probability
 * of Yes of 40% when the saved threshold is 0.35, which looks wrong unless the table says why.
 * One sentence per predicted field whose saved class is among the result's probability columns.
 */
export function batchThresholdNotes(thresholds: Record<string, { threshold: number; positive_class: string }>, columns: string[]): string[] {
  const present = new Set(columns);
  return Object.entries(thresholds)
    .filter(([field, saved]) => present.has(field) && present.has(`Probability ${field} is ${saved.positive_class}`))
    .map(
      ([field, saved]) =>
        `${field} is ${saved.positive_class} when its probability is above ${formatNumber(saved.threshold)} (the saved threshold), even where the other class is more probable.`,
    );
}
