// The global GBDT of a training: trained once per group of backtest windows (each on the data
// before its windows' origins, so no backtest sees its future) and once on everything; its
// backtest forecasts join every series' search as an external candidate.
import { TreeEnsemble, yieldToEventLoop } from "../ml/core";
import type { Frequency } from "./calendar";
import {
  calendarFeatures,
  GbdtSeriesModel,
  predictSeries,
  stepScale,
  tailNeeded,
  trainGlobalGbdt,
  type GbdtLayout,
  type GbdtSeriesJson,
} from "./models/gbdt-global";
import type { ExternalCandidate } from "./search";
import type { BudgetPlan, ForecastReport, Prepared } from "./train";

/** Longest a single GBDT fit may run (a share of the budget; the fit lets the event loop run every 50 ms). */
const GBDT_FIT_MS = 10_000;

export async function trainGlobal(
  prepared: Prepared[],
  frequency: Frequency,
  H: number,
  plan: BudgetPlan,
  deadline: number,
  seed: number,
  external: ExternalCandidate[][],
  ensembles: Record<string, unknown>,
  checkAbort: () => void,
  shouldStop: () => boolean,
): Promise<ForecastReport["gbdt"]> {
  const t0 = Date.now();
  const allPeriods = [...new Set(prepared.flatMap((p) => p.periods))].sort((a, b) => a - b).slice(0, 2);
  const main = allPeriods[0] ?? 1;
  const layout: GbdtLayout = {
    horizon: H,
    lags: Math.max(8, Math.min(36, main > 1 ? 2 * main : 12)),
    periods: allPeriods,
    window: Math.max(3, Math.min(28, main > 1 ? main : 7)),
    frequency,
    calendar: calendarFeatures(frequency),
    seriesCount: prepared.length,
  };
  // Positions are relative to each series' fit window, whose first date is fitStart.
  const series = prepared.map((p) => ({ y: p.y.subarray(p.fitOffset), start: p.fitStart, periods: p.periods }));
  const starts = prepared.map((p) => p.fitStart);
  const scales = series.map((s) => stepScale(s.y, s.y.length));
  const G = Math.max(1, plan.gbdtTrainings);
  const perTraining = (deadline - Date.now()) / (G + 1);
  const groupOf = (k: number, K: number) => Math.min(G - 1, Math.floor((k * G) / Math.max(1, K)));
  const backtest: (TreeEnsemble | null)[] = [];
  const rmse: Float64Array[] = [];
  let rows = 0;
  let rounds = 0;
  for (let g = 0; g < G; g++) {
    checkAbort();
    // Cutoff of group g: each series' earliest origin among the windows the group serves.
    const cutoffs = prepared.map((p) => {
      const K = p.origins.length;
      const first = p.origins.findIndex((_, k) => groupOf(k, K) === g);
      return first >= 0 ? p.origins[first] : (p.origins[0] ?? 0);
    });
    const trained = await trainGlobalGbdt(series, cutoffs, scales, layout, {
      maxRows: plan.gbdtMaxRows,
      deadlineMs: Date.now() + Math.min(perTraining, GBDT_FIT_MS),
      seed: seed + g,
      learningRate: plan.gbdtLearningRate,
      shouldStop,
    });
    checkAbort();
    backtest.push(trained?.ensemble ?? null);
    rmse.push(trained?.stepRmse ?? new Float64Array(H).fill(1));
    await yieldToEventLoop();
  }
  checkAbort();
  const final = await trainGlobalGbdt(
    series,
    series.map((s) => s.y.length),
    scales,
    layout,
    {
      maxRows: plan.gbdtMaxRows,
      deadlineMs: Date.now() + Math.min(Math.max(deadline - Date.now(), perTraining), GBDT_FIT_MS),
      seed: seed + G,
      learningRate: plan.gbdtLearningRate,
      shouldStop,
    },
  );
  checkAbort();
  if (!final) return { skipped: "too little data for a gradient-boosting model" };
  rows = final.rows;
  rounds = final.rounds;
  const key = "global";
  ensembles[key] = final.ensemble.toJSON();
  const seconds = (Date.now() - t0) / 1000;
  let lastPause = Date.now();
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i];
    // Backtest forecasts of thousands of series take a while too: let the event loop in.
    if (Date.now() - lastPause >= 50) {
      await yieldToEventLoop();
      checkAbort();
      lastPause = Date.now();
    }
    const s = series[i];
    const K = p.origins.length;
    const forecasts: Float64Array[] = [];
    const spreads: Float64Array[] = [];
    let complete = true;
    for (let k = 0; k < K; k++) {
      const g = groupOf(k, K);
      const ens = backtest[g];
      if (!ens) {
        complete = false;
        break;
      }
      forecasts.push(predictSeries(ens, layout, s.y, 0, p.origins[k], H, scales[i], starts[i], i));
      spreads.push(Float64Array.from(rmse[g], (v) => v * scales[i]));
    }
    const need = tailNeeded(layout);
    const json: GbdtSeriesJson = {
      type: "gbdt-global",
      ensemble: key,
      layout,
      series: i,
      start: starts[i],
      tail: Array.from(s.y.subarray(Math.max(0, s.y.length - need))),
      n: s.y.length,
      scale: scales[i],
      stepRmse: Array.from(final.stepRmse),
    };
    if (complete) external[i].push({ id: "gbdt", final: new GbdtSeriesModel(json, final.ensemble), forecasts, spreads, seconds: seconds / prepared.length });
  }
  return { rows, rounds, seconds, trainings: G + 1 };
}
