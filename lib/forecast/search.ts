// Model search for one series: every applicable method forecasts from several origins near the
// end of the history (rolling origin, refitted each time), scored by the mean absolute error
// scaled by the seasonal naive in-sample error (MASE). The winner is the best single method or
// the mean/median of the best few, whichever backtests better; the winner is refitted on the
// whole series, and its intervals are calibrated on its own backtest errors.
import { calibrate, type Calibration } from "./intervals";
import { maseScale } from "./math/stats";
import { combineArrays, EnsembleModel } from "./models/ensemble";
import type { FittedModel, Method, SeriesInput } from "./models/types";

/** A candidate fitted elsewhere (the global GBDT): its backtest forecasts at the search's origins. */
export interface ExternalCandidate {
  id: string;
  final: FittedModel;
  forecasts: Float64Array[];
  spreads: Float64Array[];
  seconds: number;
}

export interface SearchOptions {
  horizon: number;
  /** Backtest origins (from backtestOrigins); computed here when absent. */
  origins?: number[];
  external?: ExternalCandidate[];
  /** Epoch ms by which the search must be done (the final refit included). */
  deadline: number;
  methods: Method[];
  maxOrigins: number;
  /** Steps between backtest origins (default: half the horizon). */
  originStep?: number;
  /** Largest ensemble considered. */
  maxEnsemble: number;
  /**
   * A single method is chosen over the best average only when its backtest score is lower by this
   * share (default 5%): averages of a few methods forecast new data more reliably than the
   * backtest winner alone (M3/M4), whose lead on a handful of windows is partly luck.
   */
  singlePenalty?: number;
  signal?: AbortSignal;
  /** Called between fits so that the event loop (heartbeats, cancellation) keeps running. */
  pause?: () => Promise<void>;
  now?: () => number;
}

export interface CandidateReport {
  id: string;
  /** MASE over all backtest windows (lower is better); null when it did not finish. */
  score: number | null;
  seconds: number;
  error?: string;
}

export interface BacktestWindow {
  /** Index of the first forecast step in the series (the origin). */
  origin: number;
  forecast: Float64Array;
  actual: Float64Array;
  spread: Float64Array;
}

export interface SearchResult {
  model: FittedModel;
  chosen: { ids: string[]; combine: "single" | "mean" | "median"; score: number };
  leaderboard: CandidateReport[];
  /** The chosen model's backtest windows (for statistics and the chart). */
  windows: BacktestWindow[];
  calibration: Calibration;
  /** MASE denominator: in-sample mean absolute seasonal difference. */
  scale: number;
  period: number;
  /** Every candidate that completed, with its model fitted on the whole series (best first). */
  candidates: { id: string; model: FittedModel; score: number; forecasts: Float64Array[]; spreads: Float64Array[] }[];
  origins: number[];
}

interface Candidate {
  method: Method;
  /** Fitted on the whole series: the model that forecasts if this candidate wins. */
  final: FittedModel;
  forecasts: Float64Array[];
  spreads: Float64Array[];
  score: number;
  seconds: number;
}

/** The shortest history a backtest origin may have: two seasons (or 8 points), less for tiny series. */
export function minimumTrain(n: number, horizon: number, period: number): number {
  return Math.min(Math.max(8, 2 * period + 2), Math.max(4, n - horizon));
}

/**
 * Backtest origins (number of known values at each, ascending): windows of `horizon` steps whose
 * origins spread over the last `span` steps before n - horizon, span = max(2 horizons, spanShare of
 * the series), at most maxWindows of them, evenly spaced.
 */
export function backtestOrigins(n: number, horizon: number, period: number, plan: { maxWindows: number; spanShare: number }): number[] {
  const minTrain = minimumTrain(n, horizon, period);
  const room = n - horizon - minTrain + 1;
  const span = Math.min(Math.max(2 * horizon, Math.ceil(plan.spanShare * n)), Math.max(1, room));
  const step = Math.max(1, Math.round(span / Math.max(1, plan.maxWindows)));
  return chooseOrigins(n, horizon, plan.maxWindows, minTrain, step, span);
}

export function chooseOrigins(n: number, horizon: number, maxOrigins: number, minTrain: number, originStep?: number, span = Infinity): number[] {
  const step = Math.max(1, Math.round(originStep ?? horizon / 2));
  const origins: number[] = [];
  for (let k = 0; k < maxOrigins; k++) {
    const o = n - horizon - k * step;
    if (o < minTrain || k * step >= span) break;
    origins.push(o);
  }
  if (origins.length === 0) {
    // Short series: one window with a shorter horizon rather than none.
    const o = Math.max(2, Math.min(n - 1, Math.max(minTrain, Math.ceil(n / 2))));
    if (o < n) origins.push(o);
  }
  return origins.reverse();
}

function scoreOf(forecasts: Float64Array[], actuals: Float64Array[], scale: number): number {
  let s = 0;
  let c = 0;
  forecasts.forEach((f, w) => {
    const a = actuals[w];
    for (let k = 0; k < a.length; k++) {
      s += Math.abs(a[k] - f[k]);
      c++;
    }
  });
  return c ? s / c / scale : Infinity;
}

function finite(x: Float64Array): boolean {
  for (let i = 0; i < x.length; i++) if (!Number.isFinite(x[i])) return false;
  return true;
}

export async function searchSeries(series: SeriesInput, options: SearchOptions): Promise<SearchResult> {
  const now = options.now ?? Date.now;
  const y = series.y;
  const n = y.length;
  const period = series.periods[0] ?? 1;
  const scale = maseScale(y, period);
  const origins = options.origins ?? chooseOrigins(n, options.horizon, options.maxOrigins, minimumTrain(n, options.horizon, period), options.originStep);
  const actuals = origins.map((o) => y.slice(o, Math.min(n, o + options.horizon)));
  const candidates: Candidate[] = [];
  const leaderboard: CandidateReport[] = [];
  // A little time is kept for assembling the result.
  const searchEnd = options.deadline - Math.min(500, (options.deadline - now()) * 0.05);

  // Milliseconds per unit of Method.cost, learnt from the methods that finished: a method whose
  // estimated time no longer fits is skipped rather than started and abandoned.
  let msPerCost = NaN;
  for (const method of options.methods) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
    if (!method.applies(series)) continue;
    const left = searchEnd - now();
    if (candidates.length > 0 && (left <= 0 || (Number.isFinite(msPerCost) && msPerCost * method.cost > left))) {
      leaderboard.push({ id: method.id, score: null, seconds: 0, error: "skipped: not enough time left in the budget" });
      continue;
    }
    const t0 = now();
    const forecasts: Float64Array[] = [];
    const spreads: Float64Array[] = [];
    let failure: string | undefined;
    let final: FittedModel | null = null;
    try {
      final = method.fit({ ...series, deadline: searchEnd });
      if (!finite(final.forecast(options.horizon))) throw new Error("non-finite forecast");
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (options.pause) await options.pause();
    for (let w = 0; w < origins.length && final && !failure; w++) {
      const h = actuals[w].length;
      const input: SeriesInput = { ...series, y: y.slice(0, origins[w]) };
      try {
        let model: FittedModel;
        try {
          model = method.refit(input, final);
        } catch (error) {
          // The structure needs more data than this origin has: judge what the method would pick here.
          if (!method.applies(input)) throw error;
          model = method.fit(input);
        }
        const f = model.forecast(h);
        if (!finite(f)) throw new Error("non-finite forecast");
        forecasts.push(f);
        spreads.push(model.spread(h));
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      if (options.pause) await options.pause();
      if (!failure && now() > searchEnd && w < origins.length - 1 && candidates.length > 0) failure = "out of time";
    }
    const seconds = (now() - t0) / 1000;
    if (failure || !final) {
      leaderboard.push({ id: method.id, score: null, seconds, error: failure });
      continue;
    }
    const score = scoreOf(forecasts, actuals, scale);
    candidates.push({ method, final, forecasts, spreads, score, seconds });
    leaderboard.push({ id: method.id, score, seconds });
    if (method.cost >= 1) {
      const unit = (seconds * 1000) / method.cost;
      msPerCost = Number.isFinite(msPerCost) ? Math.max(unit, 0.5 * msPerCost + 0.5 * unit) : unit;
    }
  }
  for (const ext of options.external ?? []) {
    if (ext.forecasts.length !== origins.length || !finite(ext.final.forecast(options.horizon))) continue;
    const score = scoreOf(ext.forecasts, actuals, scale);
    if (!Number.isFinite(score)) continue;
    candidates.push({
      method: { id: ext.id, cost: 0, applies: () => true, fit: () => ext.final, refit: () => ext.final },
      final: ext.final,
      forecasts: ext.forecasts,
      spreads: ext.spreads,
      score,
      seconds: ext.seconds,
    });
    leaderboard.push({ id: ext.id, score, seconds: ext.seconds });
  }
  if (!candidates.length) throw new Error("no forecasting method could be fitted to this series");

  // Singles and combinations of the best few, by backtest MASE.
  candidates.sort((a, b) => a.score - b.score);
  type Option = { members: Candidate[]; combine: "single" | "mean" | "median"; score: number; forecasts: Float64Array[]; spreads: Float64Array[] };
  const optionsList: Option[] = [
    { members: [candidates[0]], combine: "single", score: candidates[0].score, forecasts: candidates[0].forecasts, spreads: candidates[0].spreads },
  ];
  for (let k = 2; k <= Math.min(options.maxEnsemble, candidates.length); k++) {
    const members = candidates.slice(0, k);
    for (const combine of ["mean"] as const) {
      const forecasts = origins.map((_, w) =>
        combineArrays(
          members.map((c) => c.forecasts[w]),
          combine,
        ),
      );
      const spreads = origins.map((_, w) =>
        combineArrays(
          members.map((c) => c.spreads[w]),
          "mean",
        ),
      );
      optionsList.push({ members, combine, score: scoreOf(forecasts, actuals, scale), forecasts, spreads });
    }
  }
  const penalty = 1 + (options.singlePenalty ?? 0.05);
  const ranked = (o: Option) => (o.combine === "single" ? o.score * penalty : o.score);
  optionsList.sort((a, b) => ranked(a) - ranked(b));
  const chosen = optionsList[0];
  const model =
    chosen.members.length === 1
      ? chosen.members[0].final
      : EnsembleModel.of(
          chosen.combine === "median" ? "median" : "mean",
          chosen.members.map((c) => c.final),
        );

  const windows: BacktestWindow[] = origins.map((origin, w) => ({ origin, forecast: chosen.forecasts[w], actual: actuals[w], spread: chosen.spreads[w] }));
  const calibration = calibrate({ errors: windows.map((w) => w.actual.map((a, k) => a - w.forecast[k])), spreads: windows.map((w) => w.spread), origins });
  return {
    model,
    chosen: { ids: chosen.members.map((m) => m.method.id), combine: chosen.combine, score: chosen.score },
    leaderboard,
    windows,
    calibration,
    scale,
    period,
    candidates: candidates.map((c) => ({ id: c.method.id, model: c.final, score: c.score, forecasts: c.forecasts, spreads: c.spreads })),
    origins,
  };
}
