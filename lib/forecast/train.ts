// trainForecast: a table's rows -> regular series -> per series a rolling-origin search over the
// statistical methods (and a global GBDT across all series) within the time budget -> forecasts
// with calibrated intervals, backtest statistics, what drives the series, and the artifact.
import { TreeEnsemble } from "../ml/core";
import { encodeForecastArtifact, type ArtifactSeries, type ForecastArtifact } from "./artifact";
import { dateAt, describeFrequency, seasonCandidates } from "./calendar";
import { ForecastError } from "./errors";
import { trainGlobal } from "./global-model";
import { buildStory, fieldImportance, summarise } from "./result";
import { CORE_METHODS as CORE, EXTRA_METHODS as EXTRA } from "./methods";
import type { Method } from "./models/types";
import { forecastPoints, MAX_HORIZON, reviveWithEnsembles, roundValue, type ForecastPoint } from "./model";
import { isAlive, runOnThread, sendEnsembles, warmSearchThreads, type SearchJob, type SerialisedSearch } from "./threads";
import { fillGaps, prepareSeries, type PreparedSeries, type PreparedTable, type PrepareOptions, type SeriesColumns } from "./prepare";
import { backtestOrigins, searchSeries, type CandidateReport, type ExternalCandidate, type SearchResult } from "./search";
import { findSeasonality, type SeasonFinding } from "./seasonality";
import { backtestStats, type BacktestStats } from "./stats";
import { describeSeries, type StoryOutcome } from "./story";

export interface ForecastTrainRequest {
  columns: SeriesColumns;
  dateField: string;
  valueField: string;
  groupField?: string;
  horizon: number;
  /** Combine the rows per period first (row-level tables): forecast.aggregate / forecast.frequency. */
  aggregate?: PrepareOptions["aggregate"];
  /** Seconds; the API uses 10, 60, 300 or 1800. */
  budgetSeconds: number;
  seed?: number;
  /** Threads for the per-series searches of tables with several series (default 1: none). */
  threads?: number;
  onProgress?: (p: { fraction: number; estimateSecondsLeft: number; message: string }) => void;
  /**
   * Called with each series' search (for studies of the selection; the candidates are empty for
   * series searched on a thread).
   */
  onSearch?: (info: { index: number; key: string | null; y: Float64Array; search: SearchResult }) => void;
  signal?: AbortSignal;
}

export interface ForecastStat {
  field: number;
  field_name: string;
  field_type: "forecast";
  /** The series (group value); absent on the overall object and for single-series tables. */
  group?: string;
  /** Series summarised (overall object only). */
  series?: number;
  count: number;
  windows: number;
  horizon: number;
  mae: number;
  rmse: number;
  mape: number | null;
  mase: number;
  coverage_80: number | null;
  coverage_95: number | null;
  model?: string;
}

export interface ForecastStory {
  name: string;
  type: "forecast";
  /** All sentences in one text. */
  summary: string;
  /** The same, one sentence per item: data notes, trend, cycles, the forecast, the method, its backtest. */
  sentences: string[];
  outcomes: StoryOutcome[];
  /** Per-series sentences (tables with several series; at most 100). */
  series?: { group: string; sentences: string[] }[];
}

export interface ForecastResult {
  stats: ForecastStat[][];
  field_importance: Record<string, number>;
  data_story: ForecastStory[];
  forecast: ForecastPoint[];
}

export interface ForecastSeriesReport {
  group: string | null;
  points: number;
  filled: number;
  periods: { period: number; cycle: string; strength: number; present: boolean }[];
  chosen: SearchResult["chosen"];
  method: string;
  leaderboard: CandidateReport[];
  calibration: { q80: number; q95: number; samples: number; windows: number };
  stats: BacktestStats;
  /** Skipped the search (out of time): seasonal naive / naive only. */
  fallback?: boolean;
}

export interface ForecastReport {
  kind: "forecast";
  version: 1;
  budgetSeconds: number;
  secondsSpent: number;
  /** Threads that searched series (1 = the worker's main thread only). */
  threads: number;
  horizon: number;
  dateField: string;
  valueField: string;
  groupField: string | null;
  frequency: string;
  /** How the rows were combined per period (forecast.aggregate); absent when they were not. */
  aggregate?: PreparedTable["aggregate"];
  notes: string[];
  plan: { methods: string[]; maxWindows: number; gbdt: boolean };
  gbdt?: { rows: number; rounds: number; seconds: number; trainings: number } | { skipped: string };
  series: ForecastSeriesReport[];
}

export interface ForecastTrainOutcome {
  artifact: Uint8Array;
  result: ForecastResult;
  report: ForecastReport;
}

export interface BudgetPlan {
  methods: Method[];
  maxWindows: number;
  spanShare: number;
  maxEnsemble: number;
  /** Most recent values the per-series methods see. */
  maxFitLength: number;
  gbdt: boolean;
  gbdtMaxRows: number;
  /** GBDT trainings for the backtest windows (plus one on all data). */
  gbdtTrainings: number;
  gbdtLearningRate: number;
}

// Fit windows and GBDT rows are capped so that no single synchronous fit blocks the worker's event
// loop (heartbeats) for long: ETS/ARIMA on 10,000 recent values take seconds, not minutes.
export function planFor(budgetSeconds: number): BudgetPlan {
  if (budgetSeconds <= 15)
    return {
      methods: CORE,
      maxWindows: 12,
      spanShare: 0.5,
      maxEnsemble: 4,
      maxFitLength: 2_000,
      gbdt: true,
      gbdtMaxRows: 30_000,
      gbdtTrainings: 1,
      gbdtLearningRate: 0.1,
    };
  if (budgetSeconds <= 90)
    return {
      methods: [...CORE, ...EXTRA],
      maxWindows: 20,
      spanShare: 0.5,
      maxEnsemble: 4,
      maxFitLength: 4_000,
      gbdt: true,
      gbdtMaxRows: 200_000,
      gbdtTrainings: 3,
      gbdtLearningRate: 0.05,
    };
  if (budgetSeconds <= 400)
    return {
      methods: [...CORE, ...EXTRA],
      maxWindows: 30,
      spanShare: 0.5,
      maxEnsemble: 4,
      maxFitLength: 8_000,
      gbdt: true,
      gbdtMaxRows: 400_000,
      gbdtTrainings: 4,
      gbdtLearningRate: 0.05,
    };
  return {
    methods: [...CORE, ...EXTRA],
    maxWindows: 40,
    spanShare: 0.5,
    maxEnsemble: 4,
    maxFitLength: 10_000,
    gbdt: true,
    gbdtMaxRows: 600_000,
    gbdtTrainings: 5,
    gbdtLearningRate: 0.03,
  };
}

export interface Prepared {
  key: string | null;
  start: number;
  /** Date of the first value the methods fit (later than start for very long series). */
  fitStart: number;
  /** The whole filled series (artifact, story) and the stretch the methods fit. */
  y: Float64Array;
  fitOffset: number;
  filledIdx: number[];
  observed: number;
  periods: number[];
  findings: SeasonFinding[];
  positive: boolean;
  nonNegative: boolean;
  origins: number[];
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The plan's methods named by a job (tight jobs name a subset). */
function methodsFor(ids: string[], methods: Method[]): Method[] {
  return ids.map((id) => methods.find((m) => m.id === id)!).filter(Boolean);
}
const CHART_HISTORY = 5_000;
/** Series decomposed for the data story and field_importance (the rest are alike in kind). */
const STORY_SERIES = 200;

export async function trainForecast(req: ForecastTrainRequest): Promise<ForecastTrainOutcome> {
  const started = Date.now();
  const budgetMs = req.budgetSeconds * 1000;
  // The search stops early enough to assemble the result (a decomposition per series) in time.
  const rowsGuess = req.columns.dates.length;
  const deadline = started + budgetMs * 0.88 - Math.min(0.25 * budgetMs, rowsGuess * 0.01);
  const H = req.horizon;
  if (!Number.isInteger(H) || H < 1 || H > MAX_HORIZON)
    throw new ForecastError("bad_request", `forecast.horizon must be a whole number from 1 to ${MAX_HORIZON}.`, "horizon");
  const progress = (fraction: number, message: string) =>
    req.onProgress?.({ fraction: Math.min(0.99, Math.max(0, fraction)), estimateSecondsLeft: Math.max(0, (deadline - Date.now()) / 1000), message });
  const checkAbort = () => {
    if (req.signal?.aborted) throw req.signal.reason instanceof Error ? req.signal.reason : new ForecastError("aborted", "The training was cancelled.");
  };
  progress(0, "Reading the series");
  const prepOptions: PrepareOptions = {
    horizon: H,
    dateField: req.dateField,
    valueField: req.valueField,
    groupField: req.groupField,
    ...(req.aggregate ? { aggregate: req.aggregate } : {}),
  };
  const table = prepareSeries(req.columns, prepOptions);
  const plan = planFor(req.budgetSeconds);
  const seasons = seasonCandidates(table.frequency);
  // Threads only pay for several series and a budget that covers loading them (about a second).
  const threadCount = table.series.length > 1 && req.budgetSeconds >= 5 ? Math.min(Math.max(1, Math.floor(req.threads ?? 1)), table.series.length) : 1;
  const threadsReady = threadCount > 1 ? warmSearchThreads(threadCount - 1) : Promise.resolve([]);
  const notes = [...table.notes];

  // Seasonality on a linearly filled copy, then the gaps filled with the seasonal pattern.
  const prepared: Prepared[] = [];
  let filledTotal = 0;
  for (const s of table.series) {
    checkAbort();
    const linear = Float64Array.from(s.values);
    fillGaps(linear, 1);
    const findings = findSeasonality(
      linear,
      seasons.filter((c) => c.period * 2 + 2 <= Math.min(linear.length, plan.maxFitLength)),
    );
    const periods = findings.filter((f) => f.present).map((f) => f.period);
    const y = Float64Array.from(s.values);
    const filledIdx: number[] = [];
    for (let i = 0; i < y.length; i++) if (!Number.isFinite(y[i])) filledIdx.push(i);
    filledTotal += fillGaps(y, periods[0] ?? 1);
    const fitOffset = Math.max(0, y.length - plan.maxFitLength);
    const fitLength = y.length - fitOffset;
    let positive = true;
    let nonNegative = true;
    for (let i = 0; i < y.length; i++) {
      if (!(y[i] > 0)) positive = false;
      if (!(y[i] >= 0)) nonNegative = false;
    }
    prepared.push({
      key: s.key,
      start: s.start,
      fitStart: dateAt(table.frequency, s.start, fitOffset),
      y,
      fitOffset,
      filledIdx,
      observed: s.observed,
      periods,
      findings,
      positive,
      nonNegative,
      origins: backtestOrigins(fitLength, H, periods[0] ?? 1, plan),
    });
    if (prepared.length % 50 === 0) await pause();
  }
  if (filledTotal) {
    const step = describeFrequency(table.frequency).step;
    notes.push(
      `${filledTotal.toLocaleString("en-US")} missing ${step}${filledTotal === 1 ? " was" : "s were"} filled in (interpolated, with the seasonal pattern where there is one) before modelling.`,
    );
  }

  // The global GBDT across all series (its backtest forecasts join each series' search).
  progress(0.05, "Training the gradient-boosting model across series");
  const external: ExternalCandidate[][] = prepared.map(() => []);
  const ensembles: Record<string, unknown> = {};
  let gbdtReport: ForecastReport["gbdt"] = undefined;
  if (plan.gbdt) {
    const share = prepared.length > 1 ? 0.4 : 0.12;
    const gbdtDeadline = Date.now() + (deadline - Date.now()) * share;
    try {
      gbdtReport = await trainGlobal(prepared, table.frequency, H, plan, gbdtDeadline, req.seed ?? 42, external, ensembles, checkAbort, () =>
        Boolean(req.signal?.aborted),
      );
    } catch (error) {
      if (error instanceof ForecastError && error.code === "aborted") throw error;
      if (req.signal?.aborted) throw error;
      gbdtReport = { skipped: error instanceof Error ? error.message : String(error) };
    }
  } else gbdtReport = { skipped: "not in this budget's plan" };

  // Per-series searches share what is left of the budget, on the main thread and any search threads.
  const results: { search: SearchResult; fallback: boolean }[] = new Array(prepared.length);
  // Threads still loading after a few seconds are not waited for (this training runs without them).
  const threads = (
    await Promise.race([threadsReady, new Promise<[]>((resolve) => setTimeout(() => resolve([]), Math.min(5_000, Math.max(0, deadline - Date.now()) / 4)))])
  ).filter(isAlive);
  if (threads.length) sendEnsembles(threads, ensembles);
  const ensembleMap = new Map(Object.entries(ensembles).map(([k, v]) => [k, TreeEnsemble.fromJSON(v)]));
  const lanes = 1 + threads.length;
  let next = 0;
  let finished = 0;
  const jobFor = (i: number): SearchJob & { tight: boolean } => {
    const p = prepared[i];
    const remaining = prepared.length - i;
    // Each lane takes about ceil(remaining / lanes) of the series still to do.
    const seriesDeadline = Date.now() + Math.max(0, deadline - Date.now()) / Math.ceil(remaining / lanes);
    const tight = seriesDeadline - Date.now() < 30;
    return {
      input: { y: p.y.subarray(p.fitOffset), periods: p.periods, positive: p.positive },
      options: {
        horizon: H,
        origins: p.origins,
        deadline: seriesDeadline,
        methodIds: (tight ? plan.methods.filter((m) => m.cost <= 0.1) : plan.methods).map((m) => m.id),
        maxOrigins: plan.maxWindows,
        maxEnsemble: plan.maxEnsemble,
      },
      external: external[i].map((e) => ({ id: e.id, model: e.final.toJSON(), forecasts: e.forecasts, spreads: e.spreads, seconds: e.seconds })),
      tight,
    };
  };
  const inline = async (i: number, job: SearchJob & { tight: boolean }): Promise<SearchResult> =>
    searchSeries(job.input, { ...job.options, methods: methodsFor(job.options.methodIds, plan.methods), external: external[i], signal: req.signal, pause });
  const revive = (r: SerialisedSearch): SearchResult => ({ ...r, model: reviveWithEnsembles(r.model, ensembleMap), candidates: [] });
  const lane = async (worker: (typeof threads)[number] | null) => {
    while (next < prepared.length) {
      checkAbort();
      const i = next++;
      const job = jobFor(i);
      let search: SearchResult;
      try {
        search = worker && isAlive(worker) ? revive(await runOnThread(worker, job)) : await inline(i, job);
      } catch (error) {
        if (req.signal?.aborted) throw error;
        try {
          // A thread that failed: this series is searched here instead.
          search = worker
            ? await inline(i, job)
            : (() => {
                throw error;
              })();
        } catch (inner) {
          if (req.signal?.aborted) throw inner;
          const p = prepared[i];
          throw new ForecastError(
            "bad_request",
            `${p.key === null ? "The series" : `Series "${p.key}"`} could not be modelled: ${inner instanceof Error ? inner.message : String(inner)}.`,
          );
        }
      }
      results[i] = { search, fallback: job.tight };
      req.onSearch?.({ index: i, key: prepared[i].key, y: job.input.y, search });
      finished++;
      progress(0.1 + (0.85 * finished) / prepared.length, prepared.length > 1 ? `Series ${finished} of ${prepared.length}` : "Backtesting the candidates");
      if (!worker && finished % 10 === 0) await pause();
    }
  };
  await Promise.all([lane(null), ...threads.map((w) => lane(w))]);

  // Assemble forecasts, statistics, stories and the artifact.
  progress(0.96, "Writing the result");
  const freqDesc = describeFrequency(table.frequency);
  const artifactSeries: ArtifactSeries[] = [];
  const forecast: ForecastPoint[] = [];
  const seriesStats: ForecastStat[] = [];
  const reports: ForecastSeriesReport[] = [];
  const shareSums: Record<string, number> = {};
  let storyCount = 0;
  const storySeries: { group: string; sentences: string[] }[] = [];
  let mainStory: ReturnType<typeof describeSeries> | null = null;
  let mainIndex = 0;
  prepared.forEach((p, i) => {
    if (p.observed > prepared[mainIndex].observed) mainIndex = i;
  });
  const base = { field: 0, field_name: req.valueField, field_type: "forecast" as const };
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i];
    const { search, fallback } = results[i];
    const stats = backtestStats(search.windows, search.scale);
    const offset = p.fitOffset;
    const histFrom = Math.max(0, p.y.length - CHART_HISTORY);
    const entry: ArtifactSeries = {
      key: p.key,
      start: p.start,
      n: p.y.length,
      history: Array.from(p.y.subarray(histFrom), roundValue),
      filled: p.filledIdx.filter((k) => k >= histFrom).map((k) => k - histFrom),
      model: search.model.toJSON(),
      method: search.model.name,
      calibration: {
        q80: search.calibration.q80,
        q95: search.calibration.q95,
        ...(search.calibration.steps ? { steps: search.calibration.steps.map(roundValue) } : {}),
      },
      nonNegative: p.nonNegative,
      windows: search.windows.map((w) => ({ origin: w.origin + offset, forecast: Array.from(w.forecast, roundValue) })),
      stats,
      ...leftOutOf(table.series[i]),
    };
    artifactSeries.push(entry);
    const points = forecastPoints(entry, search.model, { frequency: table.frequency, groupField: req.groupField ?? null }, H);
    forecast.push(...points);
    seriesStats.push({
      ...base,
      ...(p.key !== null ? { group: p.key } : {}),
      count: stats.count,
      windows: stats.windows,
      horizon: H,
      mae: roundValue(stats.mae),
      rmse: roundValue(stats.rmse),
      mape: stats.mape === null ? null : roundValue(stats.mape),
      mase: roundValue(stats.mase),
      coverage_80: stats.coverage80 === null ? null : roundValue(stats.coverage80),
      coverage_95: stats.coverage95 === null ? null : roundValue(stats.coverage95),
      model: search.model.name,
    });
    reports.push({
      group: p.key,
      points: p.y.length,
      filled: p.filledIdx.length,
      periods: p.findings.map((f) => ({ period: f.period, cycle: f.cycle, strength: roundValue(f.strength), present: f.present })),
      chosen: search.chosen,
      method: search.model.name,
      leaderboard: search.leaderboard.map((c) => ({ ...c, score: c.score === null ? null : roundValue(c.score), seconds: roundValue(c.seconds) })),
      calibration: search.calibration,
      stats,
      ...(fallback ? { fallback: true } : {}),
    });
    // Decompositions (for the story and the shares) of at most STORY_SERIES series, evenly spread.
    const storyStep = Math.max(1, Math.ceil(prepared.length / STORY_SERIES));
    if (i !== mainIndex && i % storyStep !== 0) continue;
    const story = describeSeries({
      y: p.y.subarray(offset),
      start: p.fitStart,
      frequency: table.frequency,
      seasons,
      periods: p.periods,
      forecast: Float64Array.from(points, (pt) => pt.value),
      valueField: req.valueField,
      dateField: req.dateField,
    });
    storyCount++;
    for (const [k, v] of Object.entries(story.shares)) shareSums[k] = (shareSums[k] ?? 0) + v;
    if (i === mainIndex) mainStory = story;
    if (p.key !== null && storySeries.length < 100) storySeries.push({ group: p.key, sentences: story.sentences });
  }

  for (const k of Object.keys(shareSums)) shareSums[k] /= Math.max(1, storyCount);
  const overall = summarise(seriesStats, base, H);
  const importance = fieldImportance(shareSums, prepared, req.groupField);
  const story = buildStory(mainStory!, prepared, results, req, overall, importance, notes, storySeries);
  const artifact: ForecastArtifact = {
    format: "tabula-forecast",
    version: 1,
    createdAt: new Date().toISOString(),
    valueField: req.valueField,
    dateField: req.dateField,
    groupField: req.groupField ?? null,
    frequency: table.frequency,
    horizon: H,
    ensembles,
    series: artifactSeries,
  };
  const report: ForecastReport = {
    kind: "forecast",
    version: 1,
    budgetSeconds: req.budgetSeconds,
    secondsSpent: (Date.now() - started) / 1000,
    threads: lanes,
    horizon: H,
    dateField: req.dateField,
    valueField: req.valueField,
    groupField: req.groupField ?? null,
    frequency: freqDesc.adjective,
    ...(table.aggregate ? { aggregate: table.aggregate } : {}),
    notes,
    plan: { methods: plan.methods.map((m) => m.id), maxWindows: plan.maxWindows, gbdt: plan.gbdt },
    gbdt: gbdtReport,
    series: reports,
  };
  req.onProgress?.({ fraction: 1, estimateSecondsLeft: 0, message: "Done" });
  return {
    artifact: encodeForecastArtifact(artifact),
    result: { stats: [[...(prepared.length > 1 ? seriesStats : []), overall]], field_importance: importance, data_story: [story], forecast },
    report,
  };
}

/** The artifact's record of a series' incomplete last period (aggregated tables only). */
function leftOutOf(series: PreparedSeries): Pick<ArtifactSeries, "leftOut"> {
  const p = series.leftOut;
  return p ? { leftOut: { date: p.date, value: roundValue(p.value), note: p.note } } : {};
}
