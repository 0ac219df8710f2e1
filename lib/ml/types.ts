// Public types of the AutoML engine (the API of lib/ml/index.ts).
import type { FieldType, RawRow, Table } from "../table/types";
import type { CandidateConfig } from "./evaluate";
import type { DataStory } from "./explain";
import type { DecisionThreshold } from "./field-model";
import type { StorySegments } from "./explain";
import type { FieldInsights } from "./insights";
import type { SkippedField } from "./preprocess";
import type { ClassStat, RegressionStat } from "./stats";

export interface TrainProgress {
  fraction: number;
  elapsedSeconds: number;
  estimateSecondsLeft: number;
  message: string;
}

export interface TrainRequest {
  /** All fields of the dataset. */
  table: Table;
  /** One model per predict field, all in one artifact. */
  predictFields: string[];
  ignoreFields?: string[];
  /** Any positive number of seconds; the API uses 1, 10, 60, 300, 1800. */
  budgetSeconds: number;
  /** Class weights that raise the recall of rare classes. */
  extraAttention?: boolean;
  seed?: number;
  /** Default os.availableParallelism(); 1 = no worker threads at all. */
  threads?: number;
  onProgress?: (p: TrainProgress) => void;
  signal?: AbortSignal;
  /** Stop the search after this many candidates (reproducible tests and benchmarks). */
  maxTrials?: number;
  /**
   * k-fold bagging of the served boosting members (bagging.ts): k fits, each on (k-1)/k of the rows,
   * averaged, merged into one tree ensemble. 0 or 1 = off (the default: the gain measured on small
   * tables was within the noise, and a bag costs k times the nodes of every prediction).
   */
  bagFolds?: number;
  /**
   * Folds of the out-of-fold ensemble selection at budgets >= 60 s with one search split (train.ts,
   * default 5); 0 or 1 = select on the search's validation rows only (experiments).
   */
  oofFolds?: number;
  /**
   * The additive member (default true): a linear model on one-hot categories and quantile bins of
   * the numbers in the portfolio of larger tables, and the best candidate of every family in the
   * ensemble's pool; false = the plain linear model and the best candidates only (experiments).
   */
  additiveMember?: boolean;
  /**
   * Pairwise terms of the additive member (default 0 = none, search.ts ADDITIVE_PAIRS; experiments): the
   * field pairs whose residuals after the additive fit gain most from a cell-wise correction on an 8 x 8 grid.
   */
  additivePairs?: number;
  /**
   * A k-nearest-neighbours candidate (knn.ts) on larger binary and regression tables, always in the
   * ensemble's pool (default off, train.ts KNN_MEMBER; BENCHMARKS.md).
   */
  knnMember?: boolean;
  /**
   * A small MLP candidate (mlp.ts) on larger binary and regression tables, always in the ensemble's
   * pool (default off, train.ts MLP_MEMBER; BENCHMARKS.md).
   */
  mlpMember?: boolean;
}

export interface LeaderboardEntry {
  family: CandidateConfig["family"];
  params: CandidateConfig;
  /** Selection loss on the search validation rows (lower is better). */
  validLoss: number;
  /** AUC (binary), log loss (multiclass) or RMSE (regression) on the search validation rows. */
  metric: number;
  rounds: number;
  seconds: number;
}

export interface FieldReport {
  field: string;
  task: "binary" | "multiclass" | "regression";
  classes: string[];
  /** Holdout metrics: accuracy, logloss, auc, macroF1 (classification) or rmse, mae, r2 (regression). */
  metrics: Record<string, number>;
  /** confusion[actual][predicted] on the holdout (classification). */
  confusion?: number[][];
  /**
   * The served model: one candidate, or "ensemble" (a weighted average of candidates' margins chosen
   * by greedy selection on the search's validation rows; `ensemble` lists the members, heaviest
   * first, and `params` are the heaviest member's). `rounds`: boosting rounds (all members' trees).
   */
  model: {
    family: CandidateConfig["family"] | "ensemble";
    params: CandidateConfig;
    rounds?: number;
    ensemble?: { weight: number; family: CandidateConfig["family"]; params: CandidateConfig; validLoss: number; refitOnAllRows: boolean; bagged: number }[];
    /** Validation loss of the selected ensemble and of the best single candidate, and how many candidates were eligible. */
    selection?: {
      validLoss: number;
      bestSingleValidLoss: number;
      candidates: number;
      /** Selected on out-of-fold predictions for every training row: the folds, rows and candidates scored on them. */
      outOfFold?: { folds: number; rows: number; candidates: number };
    };
  };
  leaderboard: LeaderboardEntry[];
  candidatesTried: number;
  validation: string;
  rows: { total: number; withTarget: number; train: number; holdout: number; servedModel: number };
  refitOnAllRows: boolean;
  /**
   * k-fold bagging of the served model: the folds used (1 = off; fewer than asked when the bagged
   * ensemble would exceed the serving budget) and per member (ensemble order; one entry for a single
   * model) the fits averaged, 0 = not bagged (refitted on all rows or served as in the statistics).
   */
  bagging: { folds: number; fits: number[] };
  /** Refits on all rows that were tried: planned and fitted rounds (a refit cut short is discarded). */
  refitAttempts: { planned?: number; got?: number; seconds: number }[];
  extraAttention: boolean;
  /** The insights report (lib/ml/insights.ts): threshold counts, curves, examples, partial dependence, field stats. */
  insights?: FieldInsights;
  /** The real sample rows behind each data-story outcome's top and bottom case: how many, their observed rate, the model's mean. */
  story?: StorySegments;
  skippedFields: SkippedField[];
  features: number;
  secondsSpent: number;
  /** Seconds per phase (search, refits + holdout scoring, importance + data story + insights; insights alone) and rows explained. */
  timings: { search: number; refit: number; explain: number; insights?: number; explainRows: number };
}

export interface ModelReport {
  version: 1;
  budgetSeconds: number;
  secondsSpent: number;
  threads: number;
  fields: FieldReport[];
}

export type { ClassStat, RegressionStat, DataStory };

export interface TrainResult {
  /** One inner array per predict field: class stats, or one regression stat. */
  stats: (ClassStat | RegressionStat)[][];
  field_importance: Record<string, number>;
  data_story: DataStory[];
}

export interface TrainOutcome {
  artifact: Uint8Array;
  result: TrainResult;
  report: ModelReport;
}

export type RowPrediction = Record<
  string,
  {
    value: string | number;
    probabilities?: Record<string, number>;
    factors?: Record<string, number>;
  }
>;

export interface PredictOptions {
  factors?: boolean;
  /** Decision thresholds of two-class fields, by predicted field name (see DecisionThreshold). */
  thresholds?: Record<string, DecisionThreshold>;
}

export interface Model {
  schema: { name: string; type: FieldType }[];
  predictFields: string[];
  /** Each predicted field's task and classes (class-index order). */
  readonly fields: { name: string; objective: "binary" | "multiclass" | "regression"; classes: string[] }[];
  predictRows(rows: RawRow[], options?: PredictOptions): RowPrediction[];
  predictTable(table: Table, options?: PredictOptions): RowPrediction[];
  /**
   * Optimizes the model for serving in the background (between other work, a few ms at a time):
   * trees compiled at load take over from the array traversal once V8 has made them faster.
   * Predictions are correct and never slower before it finishes. Tells whether compiled trees
   * now serve predictions.
   */
  warmUp(): Promise<{ seconds: number; compiled: boolean }>;
}
