// Prediction intervals calibrated on backtest errors, per horizon step. Each model states the shape
// of its uncertainty (sd per step, from its own equations); out-of-sample errors decide the scale.
// With r = error / model sd over the backtest windows:
// 1. per step k, the RMS of r tells whether the model's shape grows too slowly or too fast with the
//    horizon; a power law in k fitted to those RMS (shrunk towards flat with few windows) gives a
//    step factor f_k (geometric mean 1), so early and late steps are calibrated separately;
// 2. over all windows and steps, r / f_k is pooled: the interval is forecast +- q * f_k * sd, where
//    q blends the empirical quantile of |r / f| (split-conformal, finite-sample corrected) with the
//    normal quantile times its RMS. Few windows lean on the normal form, many on the empirical
//    quantile; a prior pulls the RMS towards the model's own scale when evidence is thin.
import { normalQuantile } from "./math/stats";

export interface Calibration {
  /** Multipliers of the model sd for the 80% and 95% intervals. */
  q80: number;
  q95: number;
  /** Per-step factors f_k (k = 0 .. horizon-1); later steps use the last. Absent = all 1. */
  steps?: number[];
  /** Normalised errors the calibration saw. */
  samples: number;
  windows: number;
}

export interface BacktestErrors {
  /** errors[w][k]: actual - forecast at step k of window w. */
  errors: Float64Array[];
  spreads: Float64Array[];
  /**
   * Origins of the windows (ascending): overlapping windows share most of their errors, so the
   * evidence they carry is that of (last - first) / horizon + 1 windows, not of their count.
   */
  origins?: number[];
}

const PRIOR_WINDOWS = 1;

/** The factor of step k (0-based) of a calibration. */
export function stepFactor(cal: Pick<Calibration, "steps">, k: number): number {
  const steps = cal.steps;
  if (!steps || !steps.length) return 1;
  return steps[Math.min(k, steps.length - 1)];
}

/**
 * Per-step factors: log RMS_k = a + b log(k + 1) by least squares (steps weighted by their
 * counts), b shrunk by windows / (windows + 4), normalised to geometric mean 1.
 */
function stepFactors(byStep: number[][], windows: number): number[] | undefined {
  const H = byStep.length;
  const xs: number[] = [];
  const ys: number[] = [];
  const ws: number[] = [];
  byStep.forEach((values, k) => {
    if (values.length < 2) return;
    const rms = Math.sqrt(values.reduce((a, v) => a + v * v, 0) / values.length);
    if (!(rms > 0)) return;
    xs.push(Math.log(k + 1));
    ys.push(Math.log(rms));
    ws.push(values.length);
  });
  if (xs.length < 3 || windows < 3) return undefined;
  const sw = ws.reduce((a, v) => a + v, 0);
  const mx = xs.reduce((a, v, i) => a + v * ws[i], 0) / sw;
  const my = ys.reduce((a, v, i) => a + v * ws[i], 0) / sw;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += ws[i] * (x - mx) * (ys[i] - my);
    sxx += ws[i] * (x - mx) * (x - mx);
  });
  if (!(sxx > 0)) return undefined;
  const slope = (sxy / sxx) * (windows / (windows + 4));
  const logs = Array.from({ length: H }, (_, k) => slope * Math.log(k + 1));
  const centre = logs.reduce((a, v) => a + v, 0) / H;
  return logs.map((v) => Math.exp(v - centre));
}

export function calibrate(data: BacktestErrors, options: { excludeWindow?: number } = {}): Calibration {
  const byStep: number[][] = [];
  let windows = 0;
  data.errors.forEach((err, w) => {
    if (w === options.excludeWindow) return;
    windows++;
    const s = data.spreads[w];
    for (let k = 0; k < err.length; k++) {
      const sd = s[k];
      if (!(sd > 0) || !Number.isFinite(err[k])) continue;
      (byStep[k] ??= []).push(err[k] / sd);
    }
  });
  for (let k = 0; k < byStep.length; k++) byStep[k] ??= [];
  const H = byStep.length;
  const origins = data.origins?.filter((_, w) => w !== options.excludeWindow);
  const evidence = origins && origins.length && H > 0 ? Math.min(windows, (origins[origins.length - 1] - origins[0]) / H + 1) : windows;
  const steps = stepFactors(byStep, evidence);
  const r: number[] = [];
  byStep.forEach((values, k) => {
    const f = steps ? steps[k] : 1;
    for (const v of values) r.push(v / f);
  });
  const z80 = normalQuantile(0.9);
  const z95 = normalQuantile(0.975);
  if (r.length === 0) return { q80: z80, q95: z95, samples: 0, windows: 0 };
  let ss = 0;
  for (const v of r) ss += v * v;
  const rms2 = ss / r.length;
  const scale = Math.sqrt((evidence * rms2 + PRIOR_WINDOWS * 1) / (evidence + PRIOR_WINDOWS));
  const abs = r.map(Math.abs).sort((a, b) => a - b);
  const conformal = (p: number) => {
    const rank = Math.min(abs.length, Math.ceil((abs.length + 1) * p));
    return abs[rank - 1];
  };
  // Weight of the empirical quantiles: errors within a window are correlated, so the evidence
  // grows with the number of windows more than with the number of points.
  const w = evidence / (evidence + 4);
  const q80 = w * Math.max(conformal(0.8), 1e-9) + (1 - w) * scale * z80;
  const q95 = Math.max(q80 * (z95 / z80) * 0.9, w * Math.max(conformal(0.95), 1e-9) + (1 - w) * scale * z95);
  return { q80, q95, ...(steps ? { steps } : {}), samples: r.length, windows };
}
