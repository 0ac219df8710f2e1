// The engine's report as the page reads it (lib/ml/types.ts ModelReport); every part optional,
// so an older or partial report still renders what it has.
import { humanizeIdentifier } from "@/lib/client/format";
import type { StorySegmentsView } from "@/lib/client/story";
import type { FieldInsights } from "@/lib/ml/insights";

export interface LeaderboardRow {
  family?: string;
  validLoss?: number;
  metric?: number;
  rounds?: number;
  seconds?: number;
}

export interface FieldReportView {
  field: string;
  task?: "binary" | "multiclass" | "regression";
  classes?: string[];
  metrics?: Record<string, number>;
  confusion?: number[][];
  model?: { family?: string; rounds?: number };
  leaderboard?: LeaderboardRow[];
  candidatesTried?: number;
  validation?: string;
  rows?: { total?: number; withTarget?: number; train?: number; holdout?: number };
  secondsSpent?: number;
  skippedFields?: { name?: string; field?: string; reason?: string }[];
  /** Absent in models trained before the insights report existed. */
  insights?: FieldInsights;
  /** The rows behind the data story's cases; absent in models trained before it existed. */
  story?: StorySegmentsView;
}

export function findFieldReport(report: unknown, field: string): FieldReportView | null {
  if (!report || typeof report !== "object") return null;
  const fields = (report as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return null;
  const match = fields.find((f) => f && typeof f === "object" && (f as { field?: unknown }).field === field);
  return (match as FieldReportView | undefined) ?? null;
}

const METRIC_LABELS: Record<string, string> = {
  accuracy: "Accuracy",
  auc: "AUC",
  logloss: "Log loss",
  macroF1: "Macro F1",
  rmse: "RMSE",
  mae: "MAE",
  r2: "R²",
};

export function metricLabel(key: string): string {
  return METRIC_LABELS[key] ?? key;
}

export const FAMILY_LABELS: Record<string, string> = {
  gbdt: "Gradient-boosted trees",
  gbm: "Gradient-boosted trees",
  linear: "Linear model",
  logistic: "Logistic regression",
  forest: "Random forest",
  rf: "Random forest",
  random_forest: "Random forest",
  extra_trees: "Extra trees",
  knn: "k nearest neighbours",
  mlp: "Neural network (MLP)",
  ensemble: "Ensemble",
  constant: "Baseline (constant)",
};

/** A model family as people read it; an unknown one spelt out from its identifier, never the raw "extra_trees". */
export function familyLabel(family: string): string {
  return FAMILY_LABELS[family] ?? humanizeIdentifier(family);
}

/** The holdout statistics card's description; the counts there follow the default rule, not a saved threshold. */
export function statsDescription(saved: { threshold: number; positive_class: string } | undefined): string {
  const base = "Measured on a 20% holdout of rows the model never trained on.";
  if (!saved) return base;
  return `${base} These counts use the default rule (the more probable class); with the saved threshold (${saved.positive_class} above ${saved.threshold}) see Decision threshold below.`;
}
