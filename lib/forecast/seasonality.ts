// Which seasonal cycles a series really has. Candidates come from the calendar (12 for monthly
// data, 7 and 365 for daily, 24 and 168 for hourly...); each needs two full cycles of history.
// A cycle counts when MSTL gives it a clear share of the variation (seasonal strength, Wang,
// Smith & Hyndman 2006) and the detrended series repeats itself at that lag (autocorrelation
// significant at 95%, Bartlett's variance).
import type { SeasonCandidate } from "./calendar";
import { mstl } from "./decompose/stl";
import { autocorrelations, variance } from "./math/stats";

export interface SeasonFinding {
  period: number;
  cycle: string;
  /** 0..1: 1 - var(remainder) / var(seasonal + remainder). */
  strength: number;
  /** Autocorrelation of the detrended series at the period's lag. */
  acf: number;
  present: boolean;
}

export const MIN_STRENGTH = 0.3;

export function findSeasonality(y: Float64Array, candidates: SeasonCandidate[], options: { maxLength?: number } = {}): SeasonFinding[] {
  // Long series: the most recent part is enough to see the cycles (and keeps STL cheap).
  const maxLength = options.maxLength ?? 20_000;
  const x = y.length > maxLength ? y.subarray(y.length - maxLength) : y;
  const usable = candidates.filter((c) => x.length >= 2 * c.period + 2 && c.period >= 2);
  if (!usable.length) return [];
  const fit = mstl(
    x,
    usable.map((c) => c.period),
  );
  const detrended = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) detrended[i] = x[i] - fit.trend[i];
  const maxLag = Math.max(...fit.periods);
  const r = autocorrelations(detrended, Math.min(maxLag, x.length - 1));
  const vr = variance(fit.remainder);
  return fit.periods.map((period, k) => {
    const candidate = usable.find((c) => c.period === period)!;
    const sr = new Float64Array(x.length);
    for (let i = 0; i < x.length; i++) sr[i] = fit.seasonals[k][i] + fit.remainder[i];
    const v = variance(sr);
    const strength = v > 0 ? Math.max(0, Math.min(1, 1 - vr / v)) : 0;
    let bartlett = 1;
    for (let j = 1; j < period; j++) bartlett += 2 * r[j] * r[j];
    const acf = r[period] ?? 0;
    const significant = acf > 1.645 * Math.sqrt(bartlett / x.length);
    return { period, cycle: candidate.cycle, strength, acf, present: strength >= MIN_STRENGTH && significant };
  });
}
