// Frequency detection from timestamps (epoch ms, UTC). The step is the smallest spacing that is
// common among consecutive timestamps (so gaps, being multiples of it, do not mislead), read as
// calendar months when it is about a month or longer. Timestamps that are not on the grid the
// step defines make the series irregular; those are resampled by averaging per step (stated in
// the data story). Daily and longer steps tolerate +-2 h (local midnights across a daylight
// saving change, written with their offset).
import { DAY, HOUR, isWeekend, monthIndex, stepIndex, timeOfDay, type Frequency, MINUTE, WEEK } from "./calendar";

export interface DetectedFrequency {
  frequency: Frequency;
  /** Timestamps are not all on the grid: values must be averaged per step. */
  irregular: boolean;
  /** How many timestamps were moved to the grid by the daylight-saving tolerance. */
  snapped: number;
}

const SNAP_MS = 2 * HOUR;
const NICE_STEPS = [
  1000,
  5000,
  10_000,
  15_000,
  30_000,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  WEEK,
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The grid step of fixed-length spacings: the smallest spacing that recurs (>= 5% of spacings,
 * at least twice) when nearly all spacings (>= 90%) are whole multiples of it, else their
 * greatest common divisor when that is not absurdly small; otherwise the data is irregular and
 * the step is the "nice" length (1, 5, 10, 15, 30 minutes, hours, days...) nearest the median.
 */
function baseSpacing(diffs: number[]): { step: number; regular: boolean } {
  const counts = new Map<number, number>();
  for (const d of diffs) counts.set(d, (counts.get(d) ?? 0) + 1);
  const sorted = [...diffs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const multiples = (step: number) => diffs.filter((d) => d % step === 0).length / diffs.length;
  const minCount = Math.max(2, Math.ceil(diffs.length * 0.05));
  let frequent = Infinity;
  for (const [d, c] of counts) if ((c >= minCount || counts.size === 1) && d < frequent) frequent = d;
  if (Number.isFinite(frequent) && multiples(frequent) >= 0.9) return { step: frequent, regular: multiples(frequent) === 1 };
  // A common divisor is a grid only if that grid is at least half full.
  const g = diffs.reduce((a, d) => gcd(a, d), 0);
  const span = diffs.reduce((a, d) => a + d, 0);
  if (g >= 1000 && span / g <= 2 * diffs.length) return { step: g, regular: true };
  const nice = NICE_STEPS.reduce((best, s) => (Math.abs(Math.log(s / median)) < Math.abs(Math.log(best / median)) ? s : best), NICE_STEPS[0]);
  return { step: nice, regular: false };
}

function snapToDay(t: number, anchorTime: number): number {
  const tod = timeOfDay(t);
  let delta = tod - anchorTime;
  if (delta > DAY / 2) delta -= DAY;
  if (delta < -DAY / 2) delta += DAY;
  return Math.abs(delta) <= SNAP_MS ? t - delta : t;
}

/**
 * Detects the frequency shared by several series (each: sorted, distinct timestamps). Returns
 * null when there are fewer than two timestamps in every series.
 */
export function detectFrequency(series: Float64Array[]): DetectedFrequency | null {
  const diffs: number[] = [];
  for (const ts of series) for (let i = 1; i < ts.length; i++) diffs.push(ts[i] - ts[i - 1]);
  if (!diffs.length) return null;
  const sortedDiffs = [...diffs].sort((a, b) => a - b);
  const median = sortedDiffs[Math.floor(sortedDiffs.length / 2)];

  if (median >= 27 * DAY) {
    // Calendar months: the step is the greatest common divisor of the month distances (gaps are multiples of it).
    const monthDiffs: number[] = [];
    for (const ts of series) for (let i = 1; i < ts.length; i++) monthDiffs.push(monthIndex(ts[i]) - monthIndex(ts[i - 1]));
    const months = Math.max(
      1,
      monthDiffs.filter((d) => d > 0).reduce((a, d) => gcd(a, d), 0),
    );
    const all = series.flatMap((ts) => Array.from(ts));
    const first = all[0];
    const d0 = new Date(first);
    const tod = timeOfDay(first);
    const isMonthEnd = (t: number) => new Date(t + DAY).getUTCDate() === 1;
    const allEnds = all.every(isMonthEnd);
    const sameDay = all.every((t) => new Date(t).getUTCDate() === d0.getUTCDate() && timeOfDay(t) === tod);
    const frequency: Frequency = allEnds
      ? { unit: "month", months, anchor: "end", day: 31, timeOfDay: tod }
      : { unit: "month", months, anchor: "day", day: sameDay ? d0.getUTCDate() : 1, timeOfDay: sameDay ? tod : 0 };
    let irregular = monthDiffs.some((d) => d <= 0) || !(allEnds ? all.every((t) => timeOfDay(t) === tod) : sameDay);
    if (!irregular) {
      for (const ts of series) {
        for (let i = 1; i < ts.length; i++) {
          const k = stepIndex(frequency, ts[0], ts[i]);
          if (!Number.isInteger(k) || k <= 0) irregular = true;
        }
      }
    }
    return { frequency, irregular, snapped: 0 };
  }

  const days = Math.round(median / DAY);
  if (days >= 1 && Math.abs(median - days * DAY) <= SNAP_MS) {
    // Daily or longer: snap to whole days around the first timestamp's time of day.
    const anchor = timeOfDay(series.find((s) => s.length)![0]);
    let snapped = 0;
    for (const ts of series) {
      for (let i = 0; i < ts.length; i++) {
        const v = snapToDay(ts[i], anchor);
        if (v !== ts[i]) {
          ts[i] = v;
          snapped++;
        }
      }
    }
    // Spacings again after snapping: the step in whole days.
    const dayDiffs: number[] = [];
    for (const ts of series) for (let i = 1; i < ts.length; i++) dayDiffs.push(Math.round((ts[i] - ts[i - 1]) / DAY) * DAY);
    const { step, regular } = baseSpacing(dayDiffs);
    const dayStep = Math.max(1, Math.round(step / DAY)) * DAY;
    if (dayStep === DAY) {
      // Business days: no weekend dates at all, and Friday -> Monday jumps are common.
      let weekend = false;
      let fridayJumps = 0;
      let total = 0;
      for (const ts of series) {
        for (let i = 0; i < ts.length; i++) {
          if (isWeekend(ts[i])) weekend = true;
          if (i > 0) {
            total++;
            if (ts[i] - ts[i - 1] === 3 * DAY && new Date(ts[i]).getUTCDay() === 1) fridayJumps++;
          }
        }
      }
      if (!weekend && total >= 10 && fridayJumps >= Math.max(2, 0.1 * total)) {
        const frequency: Frequency = { unit: "weekday", timeOfDay: anchor };
        let irregular = false;
        for (const ts of series) for (const t of ts) if (!Number.isInteger(stepIndex(frequency, ts[0], t))) irregular = true;
        return { frequency, irregular, snapped };
      }
    }
    const frequency: Frequency = { unit: "fixed", ms: dayStep };
    let irregular = !regular;
    for (const ts of series) for (const t of ts) if ((t - ts[0]) % dayStep !== 0) irregular = true;
    return { frequency, irregular, snapped };
  }

  const { step, regular } = baseSpacing(diffs);
  const frequency: Frequency = { unit: "fixed", ms: step };
  let irregular = !regular;
  for (const ts of series) for (const t of ts) if ((t - ts[0]) % step !== 0) irregular = true;
  return { frequency, irregular, snapped: 0 };
}
