// Holdout statistics in the exact shapes of the public result (compatibility.md, "Training result").
import type { FieldType } from "../table/types";
import { argmaxRows, computeClassCounts, computeConfusion, computeMae, computeR2, computeRmse } from "./metrics";

export interface ClassStat {
  field: number;
  field_name: string;
  field_type: string;
  class: number;
  class_name: string;
  count: number;
  "true positives": number;
  "false positives": number;
  "false negatives": number;
  precision: number;
  recall: number;
  f1: number;
  frequency: number;
}

/** This project's own design for regression targets (the public specification shows none). */
export interface RegressionStat {
  field: number;
  field_name: string;
  field_type: string;
  count: number;
  mae: number;
  rmse: number;
  r2: number;
  mean: number;
  std: number;
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

export interface TargetDescription {
  fieldIndex: number;
  field: string;
  fieldType: FieldType;
}

export function computeClassStats(
  target: TargetDescription,
  classes: string[],
  y: Float64Array,
  probs: Float64Array,
): { stats: ClassStat[]; confusion: Int32Array; predicted: Int32Array } {
  const n = y.length;
  const k = classes.length;
  const predicted = argmaxRows(probs, n, k);
  const labels = Int32Array.from(y);
  const confusion = computeConfusion(labels, predicted, k);
  const stats = classes.map((name, c) => {
    const counts = computeClassCounts(confusion, k, c);
    let count = 0;
    for (let i = 0; i < n; i++) if (labels[i] === c) count++;
    return {
      field: target.fieldIndex,
      field_name: target.field,
      field_type: target.fieldType,
      class: c,
      class_name: name,
      count,
      "true positives": counts.truePositives,
      "false positives": counts.falsePositives,
      "false negatives": counts.falseNegatives,
      precision: round(counts.precision),
      recall: round(counts.recall),
      f1: round(counts.f1),
      frequency: round(n ? count / n : 0),
    };
  });
  return { stats, confusion, predicted };
}

export function computeRegressionStat(target: TargetDescription, y: Float64Array, pred: Float64Array): RegressionStat {
  const sorted = Float64Array.from(y).sort();
  const n = y.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += y[i];
  mean = n ? mean / n : NaN;
  let v = 0;
  for (let i = 0; i < n; i++) v += (y[i] - mean) ** 2;
  const q = (p: number): number => quantileOfSorted(sorted, p);
  return {
    field: target.fieldIndex,
    field_name: target.field,
    field_type: target.fieldType,
    count: n,
    mae: round(computeMae(y, pred)),
    rmse: round(computeRmse(y, pred)),
    r2: round(computeR2(y, pred)),
    mean: round(mean),
    std: round(n ? Math.sqrt(v / n) : NaN),
    min: round(q(0)),
    p25: round(q(0.25)),
    median: round(q(0.5)),
    p75: round(q(0.75)),
    max: round(q(1)),
  };
}

/**
 * The p-quantile of ascending values, interpolated between the two nearest ranks (as pandas, numpy and R's
 * default type 7 compute it), so the median of an even count is the mean of the two middle values; NaN if empty.
 */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (!n) return Number.NaN;
  const position = Math.min(1, Math.max(0, p)) * (n - 1);
  const below = Math.floor(position);
  const above = Math.min(n - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/** Six significant digits keep results readable without losing meaning. */
export function round(x: number): number {
  if (!Number.isFinite(x)) return 0;
  return Number(x.toPrecision(6));
}
