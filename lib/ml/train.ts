// trainModel: per predict field, split off an honest holdout, search models within the budget,
// refit the winner, and compute statistics, importance and the data story.
import { availableParallelism } from "node:os";
import { emptyRecord } from "../table/rows";
import type { FieldType, Table } from "../table/types";
import { BinMapper } from "./core";
import type { FeatureMatrix } from "./core/types";
import { Rng } from "./core/random";
import { ARTIFACT_FORMAT, ARTIFACT_VERSION, encodeArtifact } from "./artifact";
import { TrainError } from "./errors";
import { assignFolds, bagConfig, baggable, bagFoldsFor, bagRows, mergeBag } from "./bagging";
import { pruneEnsemble, pruneTolerance, selectEnsemble, toMargins } from "./ensemble";
import {
  evaluateCandidate,
  fitCandidate,
  fitRows,
  sizeOf,
  suitsLogTarget,
  type CandidateConfig,
  type CandidateResult,
  type Fold,
  scorePredictions,
  type TaskSpec,
} from "./evaluate";
import { buildDataStory, computeFieldImportance, normalise, type DataStory } from "./explain";
import { allRows as allRowsOf, FieldModel, type FieldModelJson } from "./field-model";
import { computeInsights, DEFAULT_INSIGHTS_LIMITS } from "./insights";
import { EnsembleLearner, learnerFromJson, MlpLearner, selectRows, type Learner } from "./learner";
import { computeAuc, computeLogLoss, computeMacroAuc, computeAccuracy, computeMae, computeR2, computeRmse } from "./metrics";
import { Preprocessor } from "./preprocess";
import { buildPortfolio, evaluateConfigs, runRefits, runSearch, toSharedMatrix, warmSearchWorkers } from "./search";
import { splitRows, takeRows } from "./split";
import { computeClassStats, computeRegressionStat, round, type ClassStat, type RegressionStat } from "./stats";
import { encodeTarget, type TargetInfo } from "./target";
import type { ModelReport, FieldReport, TrainOutcome, TrainRequest } from "./types";

/** Below this many training rows the search scores candidates with k-fold cross-validation. */
const CV_MAX_ROWS = 3000;
const CV_FOLDS = 5;
/** Fewer rows with a known target than this cannot give a model and a holdout. */
export const MIN_ROWS = 3;
/** Share of a field's budget reserved for refitting before the first result tells the real cost. */
const SEARCH_SHARE = 0.6;
/** A refit on all rows is planned only when it costs at most this share of the field's budget. */
const REFIT_SHARE = 0.5;
/** The search reserves time for the best candidate's refit and this share of the second best's. */
const SECOND_REFIT_SHARE = 0.5;
/**
 * ... and at least this share of the budget: estimates from search times fall short on a busy
 * machine, and a member whose refit is cut short is served as fitted on 64% of the rows, which costs
 * more than the last few candidates of the search would have gained.
 */
const REFIT_MIN_SHARE = 0.1;
/**
 * A refit is tried when this share of its estimated cost fits before the refit deadline: estimates
 * from search times are pessimistic (there two candidates share the cores, with early stopping's
 * extra rounds), and a refit still running at the deadline is cut there (and discarded when cut
 * short), which keeps the reserve for the statistics, so a try costs only time that would go unused.
 */
const REFIT_TRY_SHARE = 0.5;
/**
 * Derived features (Preprocessor.withDerived: products and ratios of pairs of numeric fields) are
 * probed from this budget on: the first portfolio configuration is fitted with and without them
 * (each fit at most DERIVED_PROBE_SHARE of the budget) and they stay when they lower its validation
 * loss by more than DERIVED_MIN_GAIN (relative; a same-seed refit differs by less).
 */
const DERIVED_MIN_BUDGET = 30;
const DERIVED_PROBE_SHARE = 0.1;
const DERIVED_MIN_GAIN = 0.01;
/** Derived features kept: those with the most split gain in the probe fit. */
const DERIVED_KEEP = 16;
/** Candidates (best first) that ensemble selection may choose from. */
const ENSEMBLE_POOL = 24;
/**
 * A k-nearest-neighbours candidate on larger binary and regression tables (knn.ts), in the
 * ensemble's pool as the additive one is; `TrainRequest.knnMember` (BENCHMARKS.md).
 */
const KNN_MEMBER = false;
/**
 * A small MLP candidate on larger binary and regression tables (mlp.ts), in the ensemble's pool as
 * the additive one is, fitting for at most MLP_BUDGET_SHARE of the field's budget (at least
 * MLP_MIN_SECONDS); `TrainRequest.mlpMember` (BENCHMARKS.md).
 */
const MLP_MEMBER = false;
const MLP_BUDGET_SHARE = 0.2;
const MLP_MIN_SECONDS = 2;
/**
 * Out-of-fold ensemble selection (budgets >= OOF_MIN_BUDGET s with one search split, as AutoGluon's
 * weighted ensemble over k-fold predictions): candidates of the pool (the members chosen on the
 * search's validation rows first, then the best others) are fitted on OOF_FOLDS - 1 more folds of
 * the training part, and the ensemble is selected on their predictions for every training row (5x
 * the rows of one split). Only in time the search leaves unused (it ran dry, as adult's does at
 * 300 s on a quiet machine), with twice the refits' estimated time kept for them: reserving search
 * time for it did not pay (fixed work: +0.0001-0.0002 AUC on adult and bank-full; budget 60 under
 * load: fewer candidates, refits cut; BENCHMARKS.md).
 */
const OOF_MIN_BUDGET = 60;
export const OOF_FOLDS = 5;
/** The refits' estimated time is kept free of out-of-fold fits this many times over (estimates fall short under load). */
const OOF_REFIT_MARGIN = 2;
/** Candidates fitted on the other folds (each costs k - 1 fits): the first selection's members, then the best others. */
const OOF_POOL = 12;
/** Rows used by out-of-fold selection (evenly spaced when there are more). */
const MAX_OOF_SELECTION_ROWS = 50_000;
/**
 * Serving budget of an ensemble, in tree nodes (predictions and explanations cost in proportion):
 * ENSEMBLE_SIZE_FACTOR times the best single candidate, at least ENSEMBLE_MIN_SIZE (~1,600 trees of
 * 31 leaves, about 5x a typical single model), at most ENSEMBLE_MAX_SIZE (all trees stay compiled
 * for serving, core/tree-compile.ts), never less than the best candidate alone.
 */
const ENSEMBLE_SIZE_FACTOR = 5;
const ENSEMBLE_MIN_SIZE = 100_000;
const ENSEMBLE_MAX_SIZE = 140_000;
/** Validation rows used by ensemble selection (evenly spaced when there are more), and values per candidate. */
const MAX_SELECTION_ROWS = 20_000;
const MAX_SELECTION_VALUES = 400_000;
/** Starting worker threads costs about a second (module loading): not worth it for tiny budgets. */
const MIN_BUDGET_FOR_THREADS = 5;
/** Fast TreeSHAP throughput (explainCost units per ms) assumed when sizing the explanation sample (a busy 2-core machine). */
const EXPLAIN_OPS_PER_MS = 50_000;
/**
 * The insights report (insights.ts) after the statistics: its per-field statistics pass over every
 * row with a target and sort at most 50,000 values per field (ms per row x input field, busy 2-core
 * machine: adult's ~49k rows x 14 fields took ~0.6 s), at most INSIGHTS_SHARE of the budget.
 */
const INSIGHTS_MS_PER_CELL = 0.0008;
/** Curves, examples and partial dependence's row conversions, whatever the data size (credit-g's 1,000 rows: ~0.3 s under load 12). */
const INSIGHTS_FIXED_MS = 150;
const INSIGHTS_SHARE = 0.15;
/**
 * Partial dependence predicts fields x grid values x rows with the served model; the rows are sized
 * from its cost (explanation cost / PREDICT_PER_EXPLAIN ~ one row's prediction, pessimistic) so that
 * it takes at most PDP_SHARE of the budget (PDP_MAX_MS), never fewer than PDP_MIN_ROWS rows.
 */
const PREDICT_PER_EXPLAIN = 20;
const PDP_SHARE = 0.05;
const PDP_MAX_MS = 1500;
const PDP_MIN_ROWS = 10;

export async function trainModel(req: TrainRequest): Promise<TrainOutcome> {
  const start = Date.now();
  validateRequest(req);
  const { table } = req;
  const schema = table.columns.map((c) => ({ name: c.name, type: c.type as FieldType }));
  const seed = req.seed ?? 42;
  const threads = Math.max(1, Math.floor(req.threads ?? availableParallelism()));
  const budgetMs = req.budgetSeconds * 1000;
  const exclude = new Set([...req.predictFields, ...(req.ignoreFields ?? [])]);
  // Load the search threads while the data is prepared.
  if (threads > 1 && req.budgetSeconds >= MIN_BUDGET_FOR_THREADS) void warmSearchWorkers(threads);
  const inputFields = schema.map((f) => f.name).filter((f) => !req.predictFields.includes(f));
  // Encode every target first so that request errors surface before any time is spent.
  const targets = req.predictFields.map((f) => encodeTarget(table, schema, f));
  for (const t of targets) {
    if (t.rows.length < MIN_ROWS) {
      throw new TrainError(
        "too_few_rows",
        `Predict field "${t.field}" has a value in ${t.rows.length} row(s); training needs at least ${MIN_ROWS}. Add rows and train again.`,
      );
    }
  }

  const progress = (fraction: number, message: string, secondsLeft: number): void => {
    req.onProgress?.({
      fraction: Math.min(0.99, Math.max(0, fraction)),
      elapsedSeconds: (Date.now() - start) / 1000,
      estimateSecondsLeft: Math.max(0, secondsLeft),
      message,
    });
  };
  progress(0, "Preparing data", req.budgetSeconds);

  const models: FieldModelJson[] = [];
  const stats: (ClassStat | RegressionStat)[][] = [];
  const stories: DataStory[] = [];
  const importances: Float64Array[] = [];
  const reports: FieldReport[] = [];
  for (let k = 0; k < targets.length; k++) {
    // Each field gets an equal share; time a field leaves unused passes to the next ones.
    const fieldEnd = start + (budgetMs * (k + 1)) / targets.length;
    const fieldStart = Date.now();
    const out = await trainField({
      req,
      table,
      schema,
      target: targets[k],
      exclude,
      inputFields,
      seed: seed + k,
      threads,
      fieldStart,
      fieldEnd,
      progress: (f, msg, left) =>
        progress(
          (k + f) / targets.length,
          targets.length > 1 ? `${targets[k].field}: ${msg}` : msg,
          left + ((targets.length - k - 1) * budgetMs) / targets.length / 1000,
        ),
    });
    models.push(out.model);
    stats.push(out.stats);
    stories.push(out.story);
    importances.push(out.importance);
    reports.push(out.report);
  }

  // One importance per dataset field: average of the per-field importances.
  const avg = new Float64Array(inputFields.length);
  for (const imp of importances) for (let g = 0; g < avg.length; g++) avg[g] += imp[g] / importances.length;
  normalise(avg);
  const fieldImportance = emptyRecord<number>(); // field names are data: "__proto__" is one too
  for (const f of schema) fieldImportance[f.name] = 0;
  inputFields.forEach((f, g) => {
    if (!exclude.has(f)) fieldImportance[f] = round(avg[g]);
  });
  fixRoundedSum(fieldImportance);

  const artifact = encodeArtifact({
    format: ARTIFACT_FORMAT,
    version: ARTIFACT_VERSION,
    createdAt: new Date().toISOString(),
    schema,
    predictFields: [...req.predictFields],
    models,
  });
  const report: ModelReport = { version: 1, budgetSeconds: req.budgetSeconds, secondsSpent: (Date.now() - start) / 1000, threads, fields: reports };
  req.onProgress?.({ fraction: 1, elapsedSeconds: (Date.now() - start) / 1000, estimateSecondsLeft: 0, message: "Done" });
  return { artifact, result: { stats, field_importance: fieldImportance, data_story: stories }, report };
}

function validateRequest(req: TrainRequest): void {
  const { table } = req;
  if (!table || !Array.isArray(table.columns)) throw new TrainError("bad_request", "No dataset table was given.");
  if (table.rowCount === 0 || table.columns.length === 0) throw new TrainError("empty_dataset", "The dataset is empty. Add rows and train again.");
  if (!Array.isArray(req.predictFields) || req.predictFields.length === 0) {
    throw new TrainError("no_predict_field", "Name at least one field to predict in predict_fields.");
  }
  if (!(req.budgetSeconds > 0) || !Number.isFinite(req.budgetSeconds)) {
    throw new TrainError("bad_request", `The training duration must be a positive number of seconds, got ${req.budgetSeconds}.`);
  }
  const names = new Set(table.columns.map((c) => c.name));
  for (const f of req.predictFields) if (!names.has(f)) throw unknownField(f, "predict", names);
  for (const f of req.ignoreFields ?? []) if (!names.has(f)) throw unknownField(f, "ignore", names);
  if (new Set(req.predictFields).size !== req.predictFields.length) throw new TrainError("bad_request", "predict_fields names a field more than once.");
  checkAborted(req.signal);
}

function unknownField(field: string, role: string, names: Set<string>): TrainError {
  const list = [...names]
    .slice(0, 20)
    .map((n) => `"${n}"`)
    .join(", ");
  return new TrainError(
    "unknown_field",
    `The ${role} field "${field}" is not in the dataset (field names are case sensitive). Fields: ${list}${names.size > 20 ? ", ..." : ""}.`,
  );
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new TrainError("aborted", "Training was cancelled.");
}

/** Rounded shares may sum to 1 +- 1e-6; put the difference on the largest so that they sum to 1. */
function fixRoundedSum(imp: Record<string, number>): void {
  const keys = Object.keys(imp);
  const sum = keys.reduce((s, k) => s + imp[k], 0);
  if (sum <= 0) return;
  let top = keys[0];
  for (const k of keys) if (imp[k] > imp[top]) top = k;
  imp[top] = Number((imp[top] + (1 - sum)).toPrecision(8));
}

interface FieldJob {
  req: TrainRequest;
  table: Table;
  schema: { name: string; type: FieldType }[];
  target: TargetInfo;
  exclude: Set<string>;
  inputFields: string[];
  seed: number;
  threads: number;
  fieldStart: number;
  fieldEnd: number;
  progress: (fraction: number, message: string, secondsLeft: number) => void;
}

async function trainField(
  job: FieldJob,
): Promise<{ model: FieldModelJson; stats: (ClassStat | RegressionStat)[]; story: DataStory; importance: Float64Array; report: FieldReport }> {
  const { req, table, target, seed } = job;
  const isClass = target.objective !== "regression";
  const numClasses = isClass ? target.classes.length : 1;
  const task: TaskSpec = { objective: target.objective, numClasses, seed };
  const allRows = target.rows;
  const yAll = takeRows(target.y, allRows);
  const split = splitRows(allRows.length, 0.2, seed, isClass ? yAll : undefined);
  const restRows = gather(allRows, split.rest);
  const holdRows = gather(allRows, split.part);

  let pre = Preprocessor.fit(table, restRows, job.exclude, job.schema);
  if (pre.features.length === 0) {
    const why = pre.skipped.map((s) => `"${s.field}" (${s.reason})`).join(", ");
    throw new TrainError(
      "no_features",
      `No field can be used to predict "${target.field}"${why ? `: skipped ${why}` : ""}. Add informative fields, or stop ignoring some of the ignored ones.`,
    );
  }
  let xRest = pre.transformTable(table, restRows);
  const yRest = takeRows(target.y, restRows);
  const yHold = takeRows(target.y, holdRows);
  const weightsOf = (y: Float64Array): Float64Array | undefined => (req.extraAttention && isClass ? classWeights(y, numClasses) : undefined);
  const wRest = weightsOf(yRest);

  // Search folds: k-fold on small data (a single split would be too noisy), one split otherwise.
  let folds = buildFolds(xRest, yRest, wRest, isClass, seed, req.budgetSeconds);
  checkAborted(req.signal);
  const budgetMs = job.fieldEnd - job.fieldStart;
  // Products and ratios of numeric fields, when the first portfolio configuration fitted with them
  // beats the same fit without them on the search's validation rows (same rows and seed).
  let probed: CandidateResult | undefined;
  const derivedPre = budgetMs >= DERIVED_MIN_BUDGET * 1000 ? pre.withDerived() : pre;
  if (derivedPre !== pre) {
    const xDerived = derivedPre.transformTable(table, restRows);
    const foldsDerived = buildFolds(xDerived, yRest, wRest, isClass, seed, req.budgetSeconds);
    const probe = buildPortfolio(folds[0].train.rowCount, pre.features.length, { objective: target.objective })[0];
    const probeEnd = (): number => Date.now() + budgetMs * DERIVED_PROBE_SHARE;
    const without = evaluateCandidate(probe, task, folds, probeEnd());
    const withDerived = evaluateCandidate(probe, task, foldsDerived, probeEnd());
    // The probe on the features kept is the search's first candidate.
    probed = without;
    if (withDerived.loss < without.loss * (1 - DERIVED_MIN_GAIN)) {
      // Every derived feature makes every fit slower: only those the probe used most (split gain) stay.
      const gain = probeGain(withDerived);
      const base = pre.features.length;
      const ranked = Array.from({ length: derivedPre.features.length - base }, (_, i) => base + i)
        .filter((f) => gain !== null && gain[f] > 0)
        .sort((a, b) => gain![b] - gain![a]);
      if (gain === null || ranked.length <= DERIVED_KEEP) {
        pre = derivedPre;
        xRest = xDerived;
        folds = foldsDerived;
        probed = withDerived;
      } else {
        const kept = new Set(ranked.slice(0, DERIVED_KEEP));
        pre = derivedPre.keepDerived((f) => kept.has(f));
        xRest = pre.transformTable(table, restRows);
        folds = buildFolds(xRest, yRest, wRest, isClass, seed, req.budgetSeconds);
        probed = undefined;
      }
    }
    checkAborted(req.signal);
  }
  const xHold = pre.transformTable(table, holdRows);
  // Reserved after the refits: importance and data story (explainMs), then the insights report.
  const explainMs = Math.min(20_000, Math.max(200, budgetMs * 0.08));
  const insightsCells = allRows.length * job.inputFields.length;
  const insightsMs = Math.min(budgetMs * INSIGHTS_SHARE, INSIGHTS_FIXED_MS + insightsCells * INSIGHTS_MS_PER_CELL);
  const pdpMs = Math.min(PDP_MAX_MS, budgetMs * PDP_SHARE);
  const finalizeMs = explainMs + insightsMs + pdpMs;
  // Refit costs from the candidate's search time. One split: all rows are ~1.56x a search fit's rows
  // (early stopping's extra rounds roughly pay for the 15% more rounds). k-fold: a fit on the
  // non-holdout rows (statistics) and one on all rows, each ~1.3-1.6x one fold's fit.
  // With k-fold search and bagging, a boosting member's statistics model is its search fits' bag (no refit).
  const bagFolds = bagFoldsFor(req.bagFolds, allRows.length);
  const foldBagged = (r: CandidateResult): boolean => bagFolds > 1 && folds.length > 1 && baggable(r.config) && !!r.foldLearners;
  const statsRefitMs = (r: CandidateResult): number => (folds.length === 1 || foldBagged(r) ? 0 : (r.seconds * 1000 * 1.3) / folds.length + 50);
  const allRefitMs = (r: CandidateResult): number => r.seconds * 1000 * (folds.length === 1 ? 1.6 : 1.6 / folds.length) + 100;
  // Search until the time left covers the refits of an ensemble and the final statistics. Members
  // are mostly among the best candidates, so the reserve covers the refit of the best candidate so
  // far and half of the second's (a prior share of the budget until the first result), at most
  // REFIT_SHARE of the budget: a member whose refit does not fit in the end is served as fitted in
  // the search (estimates from search times are pessimistic: two candidates share the cores).
  const searchThreads = req.budgetSeconds < MIN_BUDGET_FOR_THREADS ? 1 : job.threads;
  // Out-of-fold selection: one search split over all of the training part (not a row sample).
  const oofK = Math.max(1, Math.floor(req.oofFolds ?? OOF_FOLDS));
  const oofOn =
    oofK > 1 &&
    req.budgetSeconds / req.predictFields.length >= OOF_MIN_BUDGET &&
    folds.length === 1 &&
    folds[0].train.rowCount + folds[0].valid.rowCount === xRest.rowCount;
  // A bagged member costs k fits on (k-1)/k of the rows, run on the search threads.
  const servedRefitMs = (r: CandidateResult): number =>
    bagFolds > 1 && baggable(r.config) ? (allRefitMs(r) * (bagFolds - 1)) / Math.min(searchThreads, bagFolds) : allRefitMs(r);
  const searchDeadline = (results: CandidateResult[]): number => {
    let refit = results.length === 0 ? budgetMs * (1 - SEARCH_SHARE) : 0;
    const top = results.length <= 2 ? [...results] : [...results].sort((a, b) => a.loss - b.loss).slice(0, 2);
    top.sort((a, b) => a.loss - b.loss);
    top.forEach((r, i) => (refit += (i === 0 ? 1 : SECOND_REFIT_SHARE) * Math.min(statsRefitMs(r) + servedRefitMs(r), budgetMs * REFIT_SHARE)));
    return job.fieldEnd - finalizeMs - Math.min(Math.max(refit, budgetMs * REFIT_MIN_SHARE), budgetMs * REFIT_SHARE);
  };
  const additive = req.additiveMember ?? true;
  const knn = (req.knnMember ?? KNN_MEMBER) && target.objective !== "multiclass";
  const mlp = (req.mlpMember ?? MLP_MEMBER) && target.objective !== "multiclass";
  const mlpSeconds = mlp ? Math.max(MLP_MIN_SECONDS, (MLP_BUDGET_SHARE * budgetMs) / 1000) : 0;
  let best: CandidateResult | null = null;
  let maxCategories = 0;
  for (const f of pre.features) if (f.kind === "categorical") maxCategories = Math.max(maxCategories, f.categories ?? 0);
  const results = await runSearch({
    task,
    folds,
    deadlineMs: searchDeadline,
    threads: searchThreads,
    maxTrials: req.maxTrials,
    rowCount: folds[0].train.rowCount,
    featureCount: pre.features.length,
    portfolio: {
      objective: target.objective,
      logTarget: !isClass && suitsLogTarget(yRest),
      maxCategories,
      additive,
      additivePairs: req.additivePairs,
      knn,
      mlpSeconds,
    },
    signal: req.signal,
    initial: probed ? [probed] : undefined,
    onTrial: (r, done) => {
      if (!best || r.loss < best.loss) best = r;
      const now = Date.now();
      job.progress(
        ((now - job.fieldStart) / budgetMs) * 0.95,
        `Tried ${done} model${done > 1 ? "s" : ""}; best so far: ${describeConfig(best.config)} (${metricName(task)} ${best.metric.toFixed(4)})`,
        (job.fieldEnd - now) / 1000,
      );
    },
  });
  checkAborted(req.signal);
  const searchEnd = Date.now();
  if (results.length === 0) throw new Error("the model search produced no candidate");
  const winner = results[0];

  // The final model: a weighted ensemble chosen greedily on the search's validation predictions of
  // every candidate (ensemble.ts), often the winner alone.
  const refitDeadline = job.fieldEnd - finalizeMs;
  const withLinear = (pool: CandidateResult[]): CandidateResult[] => withBestOthers(pool, results, additive, knn, mlp);
  let selection = chooseEnsemble(task, withLinear(results.slice(0, ENSEMBLE_POOL)), concatArrays(folds.map((f) => f.validY)), MAX_SELECTION_ROWS);
  let outOfFold: { folds: number; rows: number; candidates: number } | undefined;
  if (oofOn) {
    job.progress((Date.now() - job.fieldStart) / budgetMs, "Scoring the best models on every training row", (job.fieldEnd - Date.now()) / 1000);
    // The members, the best linear and additive candidates (cheap fits), then the best others.
    const pool = [...withLinear(selection.members.map((m) => m.result)), ...results].filter((r, i, all) => all.indexOf(r) === i).slice(0, OOF_POOL);
    // Time left for the refits: of the members chosen so far, or of the pool's three costliest
    // candidates (the new selection may choose others), at least the search's floor.
    const sum = (xs: number[]): number => xs.reduce((s, v) => s + v, 0);
    const refitMs = Math.max(
      sum(selection.members.map((m) => allRefitMs(m.result))),
      sum(
        pool
          .map(allRefitMs)
          .sort((a, b) => b - a)
          .slice(0, 3),
      ),
    );
    const refitReserve = Math.min(budgetMs * REFIT_SHARE, Math.max(budgetMs * REFIT_MIN_SHARE, refitMs / Math.max(1, searchThreads)));
    const oof = await outOfFoldResults({
      task,
      x: xRest,
      y: yRest,
      w: wRest,
      isClass,
      seed,
      k: oofK,
      fold0: folds[0],
      pool,
      deadlineMs: refitDeadline - OOF_REFIT_MARGIN * refitReserve,
      threads: searchThreads,
      signal: req.signal,
    });
    checkAborted(req.signal);
    if (oof && oof.results.length >= 2) {
      selection = chooseEnsemble(task, oof.results, oof.y, MAX_OOF_SELECTION_ROWS);
      outOfFold = { folds: oofK, rows: oof.y.length, candidates: oof.results.length };
    }
  }
  const members = selection.members;
  const memberConfigs = members.map((m) => withRounds(m.result, 1.15));
  const combine = (learners: Learner[]): Learner =>
    learners.length === 1 ? learners[0] : EnsembleLearner.fromMembers(learners.map((l, i) => ({ weight: members[i].weight, learner: l })));
  const fits = (ms: number): boolean => Date.now() + REFIT_TRY_SHARE * ms < refitDeadline;

  // Model for holdout statistics (never saw the holdout): with one search split, the members as
  // fitted there; with k-fold, bagged boosting members as the bag of their k search fits (free),
  // other members refitted on all non-holdout rows (their fold-0 fit when a refit does not fit in
  // time or is cut short).
  job.progress(
    (Date.now() - job.fieldStart) / budgetMs,
    members.length > 1 ? `Refitting an ensemble of ${members.length} models` : `Refitting ${describeConfig(winner.config)}`,
    (job.fieldEnd - Date.now()) / 1000,
  );
  // Bagging while the bagged ensemble stays within the serving budget.
  let bagK = bagFolds;
  const bagSize = (k: number): number => members.reduce((s, m) => s + (baggable(m.result.config) ? k : 1) * m.result.size, 0);
  while (bagK > 1 && bagSize(bagK) > selection.maxSize) bagK--;
  const bagged = members.map(() => 0);
  const statsMembers = members.map((m, i): Learner => {
    const foldBag = foldBagged(m.result) && bagK >= folds.length ? mergeBag([m.result.learner, ...m.result.foldLearners!].map(learnerFromJson)) : null;
    if (foldBag) {
      bagged[i] = folds.length;
      return foldBag;
    }
    if (folds.length > 1 && fits(statsRefitMs(m.result))) {
      const refit = fitCandidate(memberConfigs[i], task, xRest, yRest, wRest, refitDeadline);
      if (isComplete(refit, memberConfigs[i])) return refit;
    }
    return learnerFromJson(m.result.learner);
  });
  const statsLearner = combine(statsMembers);
  const holdPred = statsLearner.predict(xHold);

  // Served model: the members refitted on every row with a known target (more data, same recipe),
  // heaviest first while the budget allows, on the search threads (two at a time) when there are
  // several fits; a member not refitted is served as in the statistics model. Small tables: boosting
  // members are k-fold bags instead (bagging.ts), k fits merged into one tree ensemble, while the
  // bagged ensemble stays within the serving budget.
  const servedMembers = statsMembers.slice();
  const refitted = members.map(() => false);
  const refitLog: { planned?: number; got?: number; seconds: number }[] = [];
  if (allRows.length > restRows.length) {
    const bagSets = bagK > 1 ? bagRows(allRows.length, bagK, seed, isClass ? yAll : undefined) : [];
    interface ServedFit {
      member: number;
      config: CandidateConfig;
      subset?: Int32Array;
      cost: number;
    }
    const fitsOf = (i: number): ServedFit[] =>
      bagSets.length && baggable(members[i].result.config)
        ? bagSets.map((rows, j) => ({
            member: i,
            config: bagConfig(memberConfigs[i], j),
            subset: rows,
            cost: (allRefitMs(members[i].result) * (bagK - 1)) / bagK,
          }))
        : [];
    // Which fits fit: a list schedule over the threads, estimates as rough as a busy machine makes
    // them; a member whose bag does not fit gets one refit on all rows if that fits.
    const lanes = Math.max(1, searchThreads);
    const laneFree = new Array<number>(lanes).fill(Date.now());
    const chosen: ServedFit[] = [];
    const schedule = (jobs: ServedFit[]): boolean => {
      const trial = laneFree.slice();
      for (const job of jobs) {
        const lane = trial.indexOf(Math.min(...trial));
        if (trial[lane] + REFIT_TRY_SHARE * job.cost >= refitDeadline) return false;
        trial[lane] += job.cost;
      }
      laneFree.splice(0, lanes, ...trial);
      chosen.push(...jobs);
      return true;
    };
    members.forEach((m, i) => {
      const bag = fitsOf(i);
      if (bag.length && schedule(bag)) return;
      schedule([{ member: i, config: memberConfigs[i], cost: allRefitMs(m.result) }]);
    });
    const parallel = lanes > 1 && chosen.length > 1;
    // For the threads, the columns go straight into shared memory (no second copy kept).
    const xAll = chosen.length ? (parallel ? toSharedMatrix(pre.transformTable(table, allRows)) : pre.transformTable(table, allRows)) : null;
    const wAll = weightsOf(yAll);
    const t0 = Date.now();
    const bagFits = members.map((): Learner[] => []);
    const accept = (job: ServedFit, refit: Learner): void => {
      const c = job.config;
      refitLog.push({ planned: c.family === "gbdt" ? c.rounds : undefined, got: roundsOfLearner(refit), seconds: (Date.now() - t0) / 1000 });
      // A refit cut short by the deadline (a busy machine) is worse than the complete model we have.
      if (!isComplete(refit, c)) return;
      if (job.subset) bagFits[job.member].push(refit);
      else {
        servedMembers[job.member] = refit;
        refitted[job.member] = true;
      }
    };
    if (xAll && parallel) {
      const jsons = await runRefits({
        task,
        rows: { x: xAll, y: yAll, weights: wAll },
        jobs: chosen.map((j) => ({ config: j.config, deadlineMs: refitDeadline, subset: j.subset })),
        threads: lanes,
        signal: req.signal,
      });
      chosen.forEach((job, j) => {
        const json = jsons[j];
        if (json) accept(job, learnerFromJson(json));
      });
    } else if (xAll) {
      for (const job of chosen) {
        if (Date.now() + REFIT_TRY_SHARE * job.cost >= refitDeadline) continue;
        accept(job, fitRows(job.config, task, { x: xAll, y: yAll, weights: wAll }, refitDeadline, job.subset));
        checkAborted(req.signal);
      }
    }
    // The bag fits are bigger than the search's (more rows and rounds): while the served ensemble
    // exceeds the serving budget (all of it compiled), the biggest bag loses a fit. A bag needs at
    // least two complete fits (one fit on part of the rows is no better than the statistics model).
    const nodes = (i: number): number => (bagFits[i].length >= 2 ? bagFits[i].reduce((n, f) => n + sizeOf(f), 0) : sizeOf(servedMembers[i]));
    for (;;) {
      const sizes = members.map((_, i) => nodes(i));
      if (sizes.reduce((a, b) => a + b, 0) <= selection.maxSize) break;
      let biggest = -1;
      bagFits.forEach((fits, i) => {
        if (fits.length >= 2 && (biggest < 0 || sizes[i] > sizes[biggest])) biggest = i;
      });
      if (biggest < 0) break;
      bagFits[biggest].pop();
    }
    bagFits.forEach((fits, i) => {
      const merged = fits.length >= 2 ? mergeBag(fits) : null;
      if (!merged) return;
      servedMembers[i] = merged;
      refitted[i] = true;
      bagged[i] = fits.length;
    });
  }
  const finalLearner = refitted.some((r) => r) ? combine(servedMembers) : statsLearner;
  const refitAll = refitted.every((r) => r);
  checkAborted(req.signal);
  const refitEnd = Date.now();
  job.progress((Date.now() - job.fieldStart) / budgetMs, "Computing statistics and data story", (job.fieldEnd - Date.now()) / 1000);

  const fieldModelJson: FieldModelJson = {
    field: target.field,
    fieldIndex: target.fieldIndex,
    fieldType: target.fieldType,
    objective: target.objective,
    classes: target.classes,
    inputFields: job.inputFields,
    preprocessor: pre.toJSON(),
    learner: finalLearner.toJSON(),
  };
  const fieldModel = new FieldModel(fieldModelJson, finalLearner, pre);

  // Statistics on the holdout.
  const desc = { fieldIndex: target.fieldIndex, field: target.field, fieldType: target.fieldType };
  let fieldStats: (ClassStat | RegressionStat)[];
  const metrics: Record<string, number> = {};
  let confusion: number[][] | undefined;
  if (isClass) {
    const cs = computeClassStats(desc, target.classes, yHold, holdPred);
    fieldStats = cs.stats;
    confusion = target.classes.map((_, a) => target.classes.map((__, p) => cs.confusion[a * numClasses + p]));
    metrics.accuracy = round(computeAccuracy(yHold, cs.predicted));
    metrics.logloss = round(computeLogLoss(yHold, holdPred, numClasses));
    const auc = numClasses === 2 ? computeAuc(yHold, holdPred) : computeMacroAuc(yHold, holdPred, numClasses);
    if (!Number.isNaN(auc)) metrics.auc = round(auc);
    metrics.macroF1 = round(cs.stats.reduce((s, c) => s + c.f1, 0) / numClasses);
  } else {
    fieldStats = [computeRegressionStat(desc, yHold, holdPred)];
    metrics.rmse = round(computeRmse(yHold, holdPred));
    metrics.mae = round(computeMae(yHold, holdPred));
    metrics.r2 = round(computeR2(yHold, holdPred));
  }

  // Importance and data story on a sample of rows, explained with the served model.
  // Sample size from the model's explanation cost (not from timing, so that a seed gives the same
  // result), so that explaining stays within the finalize reserve.
  const passes = 1 + (target.objective === "multiclass" ? numClasses : 1);
  const perRowMs = (fieldModel.learner.explainCost() * passes) / EXPLAIN_OPS_PER_MS;
  const availableMs = Math.min(explainMs * 0.7, Math.max(0, job.fieldEnd - job.fieldStart) * 0.1);
  const sampleSize = Math.max(24, Math.min(1000, Math.floor(availableMs / Math.max(1e-4, perRowMs))));
  const sample = sampleRows(allRows, sampleSize, seed);
  const xSample = pre.transformTable(table, sample);
  const sampleProbs = isClass ? fieldModel.learner.predict(xSample) : null;
  const outputs = new Int32Array(sample.length);
  if (sampleProbs && target.objective === "multiclass") {
    for (let i = 0; i < sample.length; i++) {
      let b = 0;
      for (let c = 1; c < numClasses; c++) if (sampleProbs[i * numClasses + c] > sampleProbs[i * numClasses + b]) b = c;
      outputs[i] = b;
    }
  }
  const local = Int32Array.from({ length: sample.length }, (_, i) => i);
  const importance = computeFieldImportance(fieldModel, xSample, local, outputs);
  if (importance.every((v) => v === 0)) {
    // A model that ignores every field (e.g. constant prediction): spread evenly over usable fields.
    const usable = new Set(pre.plans.map((p) => p.field));
    job.inputFields.forEach((f, g) => (importance[g] = usable.has(f) ? 1 : 0));
    normalise(importance);
  }
  const avgCases = isClass ? target.classes.map((_, c) => countOf(yAll, c) / yAll.length) : [mean(yAll)];
  // The story's segments are drawn from more rows than are explained (predicting is far cheaper).
  const poolRows = sampleRows(allRows, STORY_POOL_ROWS, seed + 1);
  const pool = {
    rows: poolRows,
    x: poolRows === sample ? xSample : pre.transformTable(table, poolRows),
    sampled: poolRows.length < allRows.length,
  };
  const { story, segments: storySegments } = buildDataStory(fieldModel, table, sample, xSample, avgCases, target.y, pool);
  // The insights report: holdout rows scored and explained by the model that never saw them (the
  // served model may be a refit on every row), partial dependence by the served model.
  const insightsStart = Date.now();
  const holdoutModel = new FieldModel(fieldModelJson, statsLearner, pre);
  const used = new Set(pre.plans.map((p) => p.field));
  const insights = computeInsights({
    task: target.objective,
    field: target.field,
    classes: target.classes,
    table,
    inputFields: job.inputFields,
    importance,
    skipped: job.inputFields.filter((f) => !used.has(f)).map((f) => ({ field: f, reason: pre.skipped.find((s) => s.field === f)?.reason ?? "ignored" })),
    holdoutRows: holdRows,
    y: yHold,
    predictions: holdPred,
    dataRows: allRows,
    target: target.y,
    predict: (rows) => fieldModel.learner.predict(pre.transformRows(rows)),
    explain: (rows, outputs) => holdoutModel.fieldContributions(pre.transformRows(rows), allRowsOf(rows.length), outputs),
    seed,
    limits: { pdpRows: pdpRowsFor(fieldModel.learner, pdpMs) },
  });

  const report: FieldReport = {
    field: target.field,
    task: target.objective,
    classes: target.classes,
    metrics,
    confusion,
    model: {
      family: members.length > 1 ? "ensemble" : winner.config.family,
      params: refitAll || folds.length > 1 ? memberConfigs[0] : members[0].result.config,
      rounds: roundsOfLearner(finalLearner),
      ensemble:
        members.length > 1
          ? members.map((m, i) => ({
              weight: round(m.weight),
              family: m.result.config.family,
              params: refitted[i] || folds.length > 1 ? memberConfigs[i] : m.result.config,
              validLoss: round(m.result.loss),
              refitOnAllRows: refitted[i],
              bagged: bagged[i],
            }))
          : undefined,
      selection: {
        validLoss: round(selection.loss),
        bestSingleValidLoss: round(selection.bestSingleLoss),
        candidates: selection.candidates,
        ...(outOfFold ? { outOfFold } : {}),
      },
    },
    leaderboard: results.slice(0, 30).map((r) => ({
      family: r.config.family,
      params: r.config,
      validLoss: round(r.loss),
      metric: round(r.metric),
      rounds: r.rounds,
      seconds: round(r.seconds),
    })),
    candidatesTried: results.length,
    validation: folds.length === 1 ? "holdout" : `${folds.length}-fold`,
    rows: {
      total: table.rowCount,
      withTarget: allRows.length,
      train: restRows.length,
      holdout: holdRows.length,
      servedModel: refitAll ? allRows.length : folds.length === 1 ? folds[0].train.rowCount : restRows.length,
    },
    refitOnAllRows: refitAll,
    bagging: { folds: bagK, fits: bagged },
    refitAttempts: refitLog,
    extraAttention: !!req.extraAttention,
    insights,
    story: storySegments,
    skippedFields: pre.skipped,
    features: pre.features.length,
    secondsSpent: (Date.now() - job.fieldStart) / 1000,
    timings: {
      search: (searchEnd - job.fieldStart) / 1000,
      refit: (refitEnd - searchEnd) / 1000,
      explain: (insightsStart - refitEnd) / 1000,
      insights: (Date.now() - insightsStart) / 1000,
      explainRows: sample.length,
    },
  };
  return { model: fieldModelJson, stats: fieldStats, story, importance, report };
}

/**
 * Greedy ensemble selection (ensemble.ts) over the pool's predictions (best first) for the rows
 * whose targets are `y`: the search's validation rows, or every training row (out-of-fold); at most
 * `maxRows` of them, evenly spaced. Members come heaviest first; a single member has weight 1.
 */
function chooseEnsemble(
  task: TaskSpec,
  pool: CandidateResult[],
  y: Float64Array,
  maxRows: number,
): { members: { result: CandidateResult; weight: number }[]; loss: number; bestSingleLoss: number; candidates: number; maxSize: number } {
  // Serving budget in tree nodes.
  const maxSize = Math.max(pool[0].size, Math.min(ENSEMBLE_MAX_SIZE, Math.max(ENSEMBLE_MIN_SIZE, ENSEMBLE_SIZE_FACTOR * pool[0].size)));
  if (pool.length === 1) return { members: [{ result: pool[0], weight: 1 }], loss: pool[0].loss, bestSingleLoss: pool[0].loss, candidates: 1, maxSize };
  const K = task.objective === "multiclass" ? task.numClasses : 1;
  const n = y.length;
  // Many classes: fewer rows, so that every candidate's margins stay small (rows x classes).
  const step = Math.max(1, n / Math.min(maxRows, Math.floor(MAX_SELECTION_VALUES / K)));
  const take = Math.min(n, Math.floor(n / step));
  const rows = Int32Array.from({ length: take }, (_, i) => Math.floor(i * step));
  const ySel = Float64Array.from(rows, (r) => y[r]);
  const margins = pool.map((r) => {
    const p = r.validPredictions;
    const sub = new Float64Array(take * K);
    for (let i = 0; i < take; i++) for (let k = 0; k < K; k++) sub[i * K + k] = p[rows[i] * K + k];
    return toMargins(task, sub);
  });
  const sel = selectEnsemble(task, ySel, margins);
  // Members whose share of the gain is within the validation noise are not worth their serving cost.
  const pruned = pruneEnsemble(
    task,
    ySel,
    margins,
    sel.weights,
    pool.map((r) => r.size),
    pruneTolerance(task, sel.loss, ySel.length),
    maxSize,
  );
  const members = pool.map((result, i) => ({ result, weight: pruned.weights[i] })).filter((m) => m.weight > 0);
  members.sort((a, b) => b.weight - a.weight || a.result.loss - b.result.loss);
  return { members, loss: pruned.loss, bestSingleLoss: sel.bestSingleLoss, candidates: pool.length, maxSize };
}

/**
 * The pool plus the best linear and the best additive candidate when they are not in it: members
 * unlike trees, cheap to serve and to explain, which a pool of the best candidates (nearly all
 * boosting on larger tables) leaves out although they may lower the ensemble's loss. With `knn`,
 * also the best k-nearest-neighbours candidate, for the same reason.
 */
function withBestOthers(pool: CandidateResult[], results: CandidateResult[], additive: boolean, knn: boolean, mlp: boolean): CandidateResult[] {
  const out = [...pool];
  if (additive) {
    for (const bins of [false, true]) {
      const best = results.find((r) => r.config.family === "linear" && !!r.config.bins === bins);
      if (best && !out.includes(best)) out.push(best);
    }
  }
  const bestKnn = knn ? results.find((r) => r.config.family === "knn") : undefined;
  if (bestKnn && !out.includes(bestKnn)) out.push(bestKnn);
  const bestMlp = mlp ? results.find((r) => r.config.family === "mlp") : undefined;
  if (bestMlp && !out.includes(bestMlp)) out.push(bestMlp);
  return out;
}

/** Split gain per feature of a boosting candidate's fitted model (null for other learners). */
function probeGain(result: CandidateResult): Float64Array | null {
  const learner = learnerFromJson(result.learner);
  const ensemble = (learner as { ensemble?: { featureImportance(): Float64Array } }).ensemble;
  return ensemble ? ensemble.featureImportance() : null;
}

function concatArrays(parts: Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function isComplete(learner: Learner, config: CandidateConfig): boolean {
  const rounds = roundsOfLearner(learner);
  if (rounds === undefined) return true;
  const planned =
    config.family === "gbdt"
      ? config.rounds
      : config.family === "random_forest" || config.family === "extra_trees"
        ? config.numTrees
        : config.family === "mlp"
          ? config.epochs
          : undefined;
  // Planned = 1.15 x the early-stopping optimum; the loss curve is flat near the optimum, so a refit
  // with >= 75% of the plan (~86% of the optimum) on more rows is still at least as good.
  return planned === undefined || rounds >= 0.75 * planned;
}

function roundsOfLearner(l: Learner): number | undefined {
  if (l instanceof MlpLearner) return l.model.epochs;
  const e = (l as { ensemble?: { numRounds: number } }).ensemble;
  return e?.numRounds;
}

function withRounds(winner: CandidateResult, scale: number): CandidateConfig {
  // k-nearest neighbours: the refit keeps the k and weighting chosen on the search's validation rows.
  if (winner.config.family === "knn" && winner.learner.kind === "knn") {
    return { ...winner.config, k: winner.learner.model.k, weighting: winner.learner.model.weighting };
  }
  // An MLP: the epochs of the search fit's kept weights, a few more on more rows (no time cap: the refit deadline rules).
  if (winner.config.family === "mlp") {
    const { maxSeconds: _cap, ...config } = winner.config;
    return { ...config, epochs: Math.max(1, Math.round(winner.rounds * scale)) };
  }
  if (winner.config.family !== "gbdt") return winner.config;
  // More rows than in the search fit: a few more rounds, as is usual when refitting without early stopping.
  return { ...winner.config, rounds: Math.max(1, Math.round(winner.rounds * scale)) };
}

export function describeConfig(c: CandidateConfig): string {
  switch (c.family) {
    case "gbdt":
      return `gradient boosting (${c.numLeaves} leaves, learning rate ${c.learningRate})`;
    case "random_forest":
      return `random forest (${c.numTrees} trees)`;
    case "extra_trees":
      return `extra trees (${c.numTrees} trees)`;
    case "linear":
      return c.bins ? `additive model (${c.bins} bins per number${c.pairs ? `, ${c.pairs} pairs` : ""}, L2 ${c.lambda})` : `linear model (L2 ${c.lambda})`;
    case "knn":
      return c.k ? `k nearest neighbours (k ${c.k})` : "k nearest neighbours";
    case "mlp":
      return `neural network (${c.hidden.join(" x ")} units${c.logTarget ? ", log target" : ""}${c.epochs ? `, ${c.epochs} epochs` : ""})`;
  }
}

function metricName(task: TaskSpec): string {
  return task.objective === "binary" ? "AUC" : task.objective === "multiclass" ? "log loss" : "RMSE";
}

/** Inverse class frequency, tempered by a square root and normalised to mean weight 1. */
export function classWeights(y: Float64Array, k: number): Float64Array {
  const counts = new Float64Array(k);
  for (const v of y) counts[v]++;
  const n = y.length;
  const perClass = Array.from(counts, (c) => (c > 0 ? Math.sqrt(n / (k * c)) : 0));
  const w = new Float64Array(n);
  let s = 0;
  for (let i = 0; i < n; i++) s += w[i] = perClass[y[i]];
  const scale = n / s;
  for (let i = 0; i < n; i++) w[i] *= scale;
  return w;
}

function makeFold(x: FeatureMatrix, y: Float64Array, w: Float64Array | undefined, seed: number, trainIdx: Int32Array, validIdx: Int32Array): Fold {
  const train = selectRows(x, trainIdx);
  return {
    train,
    y: takeRows(y, trainIdx),
    weights: w ? takeRows(w, trainIdx) : undefined,
    valid: selectRows(x, validIdx),
    validY: takeRows(y, validIdx),
    validWeights: w ? takeRows(w, validIdx) : undefined,
    binMapper: BinMapper.fit(train, 255, seed),
  };
}

/** The search's train/validation split of the training part's n rows (big data: one split). */
function searchSplit(n: number, seed: number, strata?: Float64Array): { rest: Int32Array; part: Int32Array } {
  return splitRows(n, 0.2, seed + 1, strata);
}

/**
 * The k - 1 folds that complete the search split (fold 0) into a k-fold partition of the training
 * part: the search's training rows dealt into k - 1 validation parts (stratified), each fitted on every
 * other row, fold 0's validation rows included, so every fit sees as many rows as the search's.
 */
export function outOfFoldSplits(n: number, k: number, seed: number, strata?: Float64Array): { train: Int32Array; valid: Int32Array }[] {
  const { rest } = searchSplit(n, seed, strata);
  const assign = assignFolds(rest.length, k - 1, seed + 13, strata ? Float64Array.from(rest, (r) => strata[r]) : undefined);
  return Array.from({ length: k - 1 }, (_, j) => {
    const out = new Uint8Array(n);
    let m = 0;
    for (let i = 0; i < rest.length; i++) if (assign[i] === j) (out[rest[i]] = 1), m++;
    const valid = new Int32Array(m);
    const train = new Int32Array(n - m);
    let a = 0;
    let b = 0;
    for (let r = 0; r < n; r++) {
      if (out[r]) valid[a++] = r;
      else train[b++] = r;
    }
    return { train, valid };
  });
}

/**
 * Out-of-fold predictions of the pool's candidates for every training row: fold 0 is the search's
 * split (its predictions are there already), the k - 1 other folds are fitted now, while time allows
 * (members of the first selection come first in the pool). Each result carries its predictions on
 * all rows (fold 0's validation rows, then the other folds'), its out-of-fold loss, and its rounds
 * averaged over the k fits; best first. Null when the pool gets no complete fit.
 */
async function outOfFoldResults(o: {
  task: TaskSpec;
  x: FeatureMatrix;
  y: Float64Array;
  w: Float64Array | undefined;
  isClass: boolean;
  seed: number;
  k: number;
  fold0: Fold;
  pool: CandidateResult[];
  deadlineMs: number;
  threads: number;
  signal?: AbortSignal;
}): Promise<{ results: CandidateResult[]; y: Float64Array } | null> {
  // The k - 1 fits of a candidate run one after the other on one thread.
  const jobs = o.pool.map((r) => ({ config: r.config, costMs: r.seconds * 1000 * (o.k - 1) }));
  if (!jobs.some((j) => Date.now() + j.costMs < o.deadlineMs)) return null;
  const splits = outOfFoldSplits(o.x.rowCount, o.k, o.seed, o.isClass ? o.y : undefined);
  const folds = splits.map((s) => makeFold(o.x, o.y, o.w, o.seed, s.train, s.valid));
  const evaluated = await evaluateConfigs({
    task: o.task,
    folds,
    jobs,
    deadlineMs: o.deadlineMs,
    threads: o.threads,
    signal: o.signal,
  });
  const y = concatArrays([o.fold0.validY, ...folds.map((f) => f.validY)]);
  const results: CandidateResult[] = [];
  o.pool.forEach((r, i) => {
    const e = evaluated[i];
    if (!e) return;
    const validPredictions = concatArrays([r.validPredictions, e.validPredictions]);
    const { loss, metric } = scorePredictions(o.task, y, validPredictions);
    results.push({ ...r, loss, metric, rounds: (r.rounds + (o.k - 1) * e.rounds) / o.k, validPredictions, seconds: r.seconds + e.seconds });
  });
  results.sort((a, b) => a.loss - b.loss);
  return results.length ? { results, y } : null;
}

function buildFolds(x: FeatureMatrix, y: Float64Array, w: Float64Array | undefined, isClass: boolean, seed: number, budgetSeconds: number): Fold[] {
  const n = x.rowCount;
  const strata = isClass ? y : undefined;
  const make = (trainIdx: Int32Array, validIdx: Int32Array): Fold => makeFold(x, y, w, seed, trainIdx, validIdx);
  if (n < 10) {
    const all = Int32Array.from({ length: n }, (_, i) => i);
    return [make(all, all)];
  }
  if (n < CV_MAX_ROWS) {
    const folds = Math.min(CV_FOLDS, Math.max(2, Math.floor(n / 5)));
    const assign = assignFolds(n, folds, seed, strata);
    const out: Fold[] = [];
    for (let f = 0; f < folds; f++) {
      const tr: number[] = [];
      const va: number[] = [];
      for (let i = 0; i < n; i++) (assign[i] === f ? va : tr).push(i);
      out.push(make(Int32Array.from(tr), Int32Array.from(va)));
    }
    return out;
  }
  const { rest, part } = searchSplit(n, seed, strata);
  // Cost-frugal: on big data, search on a row sample whose size grows with the budget.
  const cap = Math.max(50_000, Math.round(budgetSeconds * 5000));
  const train = rest.length > cap ? Int32Array.from(new Rng(seed + 2).sampleIndices(rest.length, cap), (i) => rest[i]) : rest;
  const valid = part.length > 50_000 ? Int32Array.from(new Rng(seed + 3).sampleIndices(part.length, 50_000), (i) => part[i]) : part;
  return [make(train, valid)];
}

/** Rows per grid value of partial dependence that the served model predicts within `ms` (cost-based: same seed, same report). */
function pdpRowsFor(learner: Learner, ms: number): number {
  const { pdpFields, pdpGrid, pdpRows } = DEFAULT_INSIGHTS_LIMITS;
  const rowMs = learner.explainCost() / PREDICT_PER_EXPLAIN / EXPLAIN_OPS_PER_MS;
  return Math.max(PDP_MIN_ROWS, Math.min(pdpRows, Math.floor(ms / (pdpFields * pdpGrid * Math.max(1e-6, rowMs)))));
}

function gather(base: Int32Array, idx: Int32Array): Int32Array {
  const out = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) out[i] = base[idx[i]];
  return out;
}

/** Most rows the data story's segments are drawn from (counted and predicted, not explained). */
const STORY_POOL_ROWS = 20_000;

function sampleRows(rows: Int32Array, size: number, seed: number): Int32Array {
  if (rows.length <= size) return rows;
  const idx = new Rng(seed + 11).sampleIndices(rows.length, size);
  return gather(rows, idx);
}

function countOf(y: Float64Array, c: number): number {
  let s = 0;
  for (const v of y) if (v === c) s++;
  return s;
}

function mean(y: Float64Array): number {
  let s = 0;
  for (const v of y) s += v;
  return y.length ? s / y.length : 0;
}
