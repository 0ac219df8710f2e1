// Backtest statistics of a chosen model: accuracy over the rolling-origin windows and the
// coverage of its intervals. Coverage is cross-validated by window (each window judged with
// intervals calibrated on the other windows), so it is not flattered by the calibration itself.
import { calibrate, stepFactor } from "./intervals";
import type { BacktestWindow } from "./search";

export interface BacktestStats {
  count: number;
  windows: number;
  mae: number;
  rmse: number;
  /** Mean absolute percentage error (%), null when an actual value is 0. */
  mape: number | null;
  /** Mean absolute error relative to the in-sample seasonal naive error (below 1 beats it). */
  mase: number;
  /** Share of actual values inside the 80% / 95% intervals; null with a single window. */
  coverage80: number | null;
  coverage95: number | null;
}

export function backtestStats(windows: BacktestWindow[], scale: number): BacktestStats {
  let n = 0;
  let sa = 0;
  let ss = 0;
  let sp = 0;
  let zero = false;
  for (const w of windows) {
    for (let k = 0; k < w.actual.length; k++) {
      const e = w.actual[k] - w.forecast[k];
      n++;
      sa += Math.abs(e);
      ss += e * e;
      if (w.actual[k] === 0) zero = true;
      else sp += Math.abs(e / w.actual[k]);
    }
  }
  let covered80 = 0;
  let covered95 = 0;
  let judged = 0;
  if (windows.length >= 2) {
    const errors = windows.map((w) => w.actual.map((a, k) => a - w.forecast[k]));
    const spreads = windows.map((w) => w.spread);
    const origins = windows.map((w) => w.origin);
    windows.forEach((w, i) => {
      const cal = calibrate({ errors, spreads, origins }, { excludeWindow: i });
      for (let k = 0; k < w.actual.length; k++) {
        const e = Math.abs(errors[i][k]);
        const sd = w.spread[k] * stepFactor(cal, k);
        judged++;
        if (e <= cal.q80 * sd) covered80++;
        if (e <= cal.q95 * sd) covered95++;
      }
    });
  }
  return {
    count: n,
    windows: windows.length,
    mae: n ? sa / n : NaN,
    rmse: n ? Math.sqrt(ss / n) : NaN,
    mape: n && !zero ? (100 * sp) / n : null,
    mase: n ? sa / n / scale : NaN,
    coverage80: judged ? covered80 / judged : null,
    coverage95: judged ? covered95 / judged : null,
  };
}
