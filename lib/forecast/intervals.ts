// Prediction intervals calibrated on backtest errors. Each model states the shape of its
// uncertainty (sd per step, from its own equations); out-of-sample errors decide the scale. With
// r = error / model sd over all backtest windows and steps, the interval is forecast +- q * sd,
// where q blends the empirical quantile of |r| (split-conformal, finite-sample corrected) with
// the normal quantile times the RMS of r. Few windows lean on the normal form, many on the
// empirical quantile; a prior pulls the RMS towards the model's own scale when evidence is thin.
import { normalQuantile } from "./math/stats";

export interface Calibration {
  /** Multipliers of the model sd for the 80% and 95% intervals. */
  q80: number;
  q95: number;
  /** Normalised errors the calibration saw. */
  samples: number;
  windows: number;
}

export interface BacktestErrors {
  /** errors[w][k]: actual - forecast at step k of window w. */
  errors: Float64Array[];
  spreads: Float64Array[];
}

const PRIOR_WINDOWS = 1;

export function calibrate(data: BacktestErrors, options: { excludeWindow?: number } = {}): Calibration {
  const r: number[] = [];
  let windows = 0;
  data.errors.forEach((err, w) => {
    if (w === options.excludeWindow) return;
    windows++;
    const s = data.spreads[w];
    for (let k = 0; k < err.length; k++) {
      const sd = s[k];
      if (sd > 0 && Number.isFinite(err[k])) r.push(err[k] / sd);
    }
  });
  const z80 = normalQuantile(0.9);
  const z95 = normalQuantile(0.975);
  if (r.length === 0) return { q80: z80, q95: z95, samples: 0, windows: 0 };
  let ss = 0;
  for (const v of r) ss += v * v;
  const rms2 = ss / r.length;
  const scale = Math.sqrt((windows * rms2 + PRIOR_WINDOWS * 1) / (windows + PRIOR_WINDOWS));
  const abs = r.map(Math.abs).sort((a, b) => a - b);
  const conformal = (p: number) => {
    const rank = Math.min(abs.length, Math.ceil((abs.length + 1) * p));
    return abs[rank - 1];
  };
  // Weight of the empirical quantiles: errors within a window are correlated, so the evidence
  // grows with the number of windows more than with the number of points.
  const w = windows / (windows + 4);
  const q80 = w * Math.max(conformal(0.8), 1e-9) + (1 - w) * scale * z80;
  const q95 = Math.max(q80 * (z95 / z80) * 0.9, w * Math.max(conformal(0.95), 1e-9) + (1 - w) * scale * z95);
  return { q80, q95, samples: r.length, windows };
}
