// From table columns to regular series: group rows into series, check them (duplicates, length),
// detect the frequency, place values on the grid (averaging per step when timestamps are
// irregular), and fill gaps. Every problem a user can fix is a ForecastError naming the field.
import { dateAt, describeFrequency, stepIndex, bucketIndex, type Frequency, isoDate } from "./calendar";
import { ForecastError } from "./errors";
import { detectFrequency } from "./frequency";
import { aggregateRows, type AggregateRule, type LeftOutPeriod, type Period } from "./aggregate";

export interface SeriesColumns {
  /** Epoch ms (UTC) per row; NaN = missing. */
  dates: Float64Array;
  /** Value per row; NaN = missing. */
  values: Float64Array;
  /** Series of each row (dictionary codes, -1 = missing), or null for a single series. */
  groups: { codes: Int32Array; dictionary: string[] } | null;
}

export interface PrepareOptions {
  horizon: number;
  dateField: string;
  valueField: string;
  groupField?: string;
  /** Most series in one table (default 5,000). */
  maxSeries?: number;
  /** Most forecast points (series x horizon) one answer may hold (default 100,000). */
  maxForecastPoints?: number;
  /**
   * Combine the rows per period by this rule first (row-level tables, aggregate.ts); without it,
   * several rows at one time of a series are refused.
   */
  aggregate?: { rule: AggregateRule; frequency?: Period };
}

export interface PreparedSeries {
  /** The group value, or null for a table holding one series. */
  key: string | null;
  /** Date of the first step (epoch ms). */
  start: number;
  /** One value per step, gaps still NaN (see fillGaps). */
  values: Float64Array;
  /** Steps without an observed value (gaps and missing values). */
  missing: number;
  observed: number;
  /** Rows averaged into a shared step (irregular timestamps). */
  merged: number;
  /** The incomplete last period left out of the fit (aggregated tables; see aggregate.ts). */
  leftOut?: LeftOutPeriod;
}

export interface PreparedTable {
  frequency: Frequency;
  irregular: boolean;
  series: PreparedSeries[];
  notes: string[];
  /** How rows were combined per period (with PrepareOptions.aggregate). */
  aggregate?: { rule: AggregateRule; period: Period; detected: boolean; rows: number; emptyPeriods: number };
}

export const MAX_SERIES = 5_000;
export const MAX_FORECAST_POINTS = 100_000;
/** Largest share of missing steps a series may have. */
const MAX_MISSING_SHARE = 0.5;

export function minimumPoints(horizon: number): number {
  return Math.max(2 * horizon, 10);
}

const plural = (n: number, word: string, words = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : words}`;

function seriesLabel(options: PrepareOptions, key: string | null): string {
  return key === null ? "The series" : `Series ${options.groupField} = "${key}"`;
}

interface RawSeries {
  key: string | null;
  times: Float64Array;
  values: Float64Array;
}

/** Rows of each series, sorted by time. */
function splitSeries(columns: SeriesColumns, options: PrepareOptions, notes: string[] | null): RawSeries[] {
  const n = columns.dates.length;
  const groups = columns.groups;
  const count = groups ? groups.dictionary.length : 1;
  const buckets: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(columns.dates[i])) continue;
    const g = groups ? groups.codes[i] : 0;
    if (g >= 0) buckets[g].push(i);
  }
  if (notes) rowsLeftOut(columns, options, notes);
  const out: RawSeries[] = [];
  buckets.forEach((rows, g) => {
    if (!rows.length) return;
    rows.sort((a, b) => columns.dates[a] - columns.dates[b]);
    out.push({
      key: groups ? groups.dictionary[g] : null,
      times: Float64Array.from(rows, (r) => columns.dates[r]),
      values: Float64Array.from(rows, (r) => columns.values[r]),
    });
  });
  return out;
}

/** Notes on rows without a date or a group value (left out). */
function rowsLeftOut(columns: SeriesColumns, options: PrepareOptions, notes: string[]): void {
  let noDate = 0;
  let noGroup = 0;
  for (let i = 0; i < columns.dates.length; i++) {
    if (!Number.isFinite(columns.dates[i])) noDate++;
    else if (columns.groups && columns.groups.codes[i] < 0) noGroup++;
  }
  if (noDate) notes.push(`${plural(noDate, "row")} without a ${options.dateField} value ${noDate === 1 ? "was" : "were"} left out.`);
  if (noGroup) notes.push(`${plural(noGroup, "row")} without a ${options.groupField} value ${noGroup === 1 ? "was" : "were"} left out.`);
}

function checkDuplicates(series: RawSeries[], options: PrepareOptions): void {
  const problems: string[] = [];
  let total = 0;
  for (const s of series) {
    const dupes: number[] = [];
    for (let i = 1; i < s.times.length; i++) if (s.times[i] === s.times[i - 1] && dupes[dupes.length - 1] !== s.times[i]) dupes.push(s.times[i]);
    if (!dupes.length) continue;
    total += dupes.length;
    if (problems.length < 3) {
      const shown = dupes.slice(0, 3).map(isoDate).join(", ");
      problems.push(
        `${seriesLabel(options, s.key)} has more than one row for ${shown}${dupes.length > 3 ? ` and ${dupes.length - 3} more ${options.dateField} values` : ""}`,
      );
    }
  }
  if (!total) return;
  const combine = `combine the rows per period with forecast.aggregate ("sum", "mean", "count", "min" or "max"; forecast.frequency "day", "week", "month", ... optional)`;
  const remedy = options.groupField
    ? `Each ${options.dateField} may appear once per series: ${combine}.`
    : `Each ${options.dateField} may appear once per series: ${combine}, or, if the table holds several series (per store, per product), name the field that tells them apart as forecast.group_field.`;
  throw new ForecastError("duplicate_timestamps", `Duplicated timestamps: ${problems.join("; ")}. ${remedy}`, "date_field");
}

function checkLengths(series: RawSeries[], options: PrepareOptions): void {
  const need = minimumPoints(options.horizon);
  const short: string[] = [];
  let count = 0;
  let shortest = Number.POSITIVE_INFINITY;
  for (const s of series) {
    let observed = 0;
    for (let i = 0; i < s.values.length; i++) if (Number.isFinite(s.values[i])) observed++;
    if (observed >= need) continue;
    count++;
    shortest = Math.min(shortest, observed);
    if (short.length < 5) short.push(`${seriesLabel(options, s.key)} has ${plural(observed, "point")} with a ${options.valueField} value`);
  }
  if (!count) return;
  const more = count > short.length ? ` (${count - short.length} more series are too short too)` : "";
  // A lower horizon helps only when the shortest series has the 10-point floor; say the horizon that fits.
  const fitting = Math.floor(shortest / 2);
  const remedy =
    shortest >= minimumPoints(1)
      ? `add history or lower forecast.horizon to at most ${fitting}`
      : `add history (every series needs at least ${minimumPoints(1)} points, whatever the horizon)`;
  throw new ForecastError(
    "too_short",
    `${short.join("; ")}${more}. A forecast of ${plural(options.horizon, "step")} needs at least ${need} points per series (2 x horizon, and at least 10): ${remedy}${options.aggregate ? " (or combine the rows per a finer forecast.frequency)" : ""}.`,
    "horizon",
  );
}

/** Groups, checks and grids the rows. Gaps stay NaN; fillGaps fills them once periods are known. */
export function prepareSeries(columns: SeriesColumns, options: PrepareOptions): PreparedTable {
  const notes: string[] = [];
  let aggregated: ReturnType<typeof aggregateRows> | null = null;
  if (options.aggregate) {
    rowsLeftOut(columns, options, notes);
    aggregated = aggregateRows(columns, {
      ...options.aggregate,
      dateField: options.dateField,
      valueField: options.valueField,
      groupField: options.groupField,
      minPoints: minimumPoints(options.horizon),
    });
    notes.push(...aggregated.notes);
  }
  const raw = aggregated ? splitSeries(aggregated.columns, options, null) : splitSeries(columns, options, notes);
  if (!raw.length) {
    throw new ForecastError(
      "too_short",
      `No row has a ${options.dateField} value${options.groupField ? ` and a ${options.groupField} value` : ""}: there is nothing to forecast.`,
      "date_field",
    );
  }
  const maxSeries = options.maxSeries ?? MAX_SERIES;
  if (raw.length > maxSeries) {
    throw new ForecastError(
      "too_large",
      `forecast.group_field "${options.groupField}" splits the table into ${raw.length.toLocaleString("en-US")} series; at most ${maxSeries.toLocaleString("en-US")} are supported. Use a coarser field, or filter the dataset.`,
      "group_field",
    );
  }
  const maxPoints = options.maxForecastPoints ?? MAX_FORECAST_POINTS;
  if (raw.length * options.horizon > maxPoints) {
    throw new ForecastError(
      "too_large",
      `${raw.length} series x horizon ${options.horizon} = ${(raw.length * options.horizon).toLocaleString("en-US")} forecast points; at most ${maxPoints.toLocaleString("en-US")} are supported. Lower forecast.horizon or use fewer series.`,
      "horizon",
    );
  }
  checkDuplicates(raw, options);
  checkLengths(raw, options);

  const detected = aggregated ? { frequency: aggregated.frequency, irregular: false, snapped: 0 } : detectFrequency(raw.map((s) => s.times));
  if (!detected)
    throw new ForecastError("too_short", `Every series has a single ${options.dateField} value: a series needs several points in time.`, "date_field");
  const { frequency, irregular } = detected;
  const desc = describeFrequency(frequency);
  if (!aggregated) notes.unshift(`The data is ${desc.adjective}.`);
  if (detected.snapped)
    notes.push(
      `${plural(detected.snapped, "timestamp")} off the daily grid by up to 2 hours (daylight saving time) ${detected.snapped === 1 ? "was" : "were"} moved to it.`,
    );

  let merged = 0;
  const series: PreparedSeries[] = raw.map((s) => {
    const start = irregular ? bucketStart(frequency, s.times[0]) : s.times[0];
    const index = (t: number) => (irregular ? bucketIndex(frequency, start, t) : stepIndex(frequency, start, t));
    const last = index(s.times[s.times.length - 1]);
    const length = last + 1;
    const observedCount = s.values.reduce((c, v) => c + (Number.isFinite(v) ? 1 : 0), 0);
    if (!Number.isInteger(length) || length > Math.max(10 * observedCount, 1000) || length > 5_000_000) {
      throw new ForecastError(
        "too_sparse",
        `${seriesLabel(options, s.key)} spans ${Number.isFinite(length) ? plural(length, desc.step, `${desc.step}s`) : "an unknown number of steps"} but has only ${plural(observedCount, "value")}: the timestamps are too far apart for a ${desc.adjective} series. ${options.aggregate ? "Use a coarser forecast.frequency." : "Aggregate to a coarser frequency first."}`,
        "date_field",
      );
    }
    const sums = new Float64Array(length);
    const counts = new Float64Array(length);
    for (let i = 0; i < s.times.length; i++) {
      const v = s.values[i];
      if (!Number.isFinite(v)) continue;
      const k = index(s.times[i]);
      sums[k] += v;
      counts[k]++;
    }
    const values = new Float64Array(length);
    let observed = 0;
    for (let k = 0; k < length; k++) {
      if (counts[k] > 1) merged += counts[k] - 1;
      values[k] = counts[k] ? sums[k] / counts[k] : NaN;
      if (counts[k]) observed++;
    }
    // Missing values at either end are not gaps: the series starts and ends with a value.
    let from = 0;
    while (from < length && !Number.isFinite(values[from])) from++;
    let to = length;
    while (to > from && !Number.isFinite(values[to - 1])) to--;
    const trimmed = values.slice(from, to);
    const missing = trimmed.length - observed;
    if (trimmed.length > 0 && missing / trimmed.length > MAX_MISSING_SHARE) {
      throw new ForecastError(
        "too_sparse",
        `${seriesLabel(options, s.key)} has a value for only ${Math.round((100 * observed) / trimmed.length)}% of its ${trimmed.length.toLocaleString("en-US")} ${desc.step} steps; at most half may be missing. ${options.aggregate ? "Use a coarser forecast.frequency" : "Aggregate to a coarser frequency"}, or add the missing values.`,
        "date_field",
      );
    }
    const leftOut = aggregated?.leftOut.find((p) => p.group === s.key);
    return { key: s.key, start: dateAt(frequency, start, from), values: trimmed, missing, observed, merged: 0, ...(leftOut ? { leftOut } : {}) };
  });
  if (irregular)
    notes.push(
      `The timestamps are not evenly spaced: values were averaged per ${desc.step}${merged ? ` (${plural(merged, "row")} shared a step with another)` : ""}.`,
    );
  const aggregate = aggregated
    ? { rule: options.aggregate!.rule, period: aggregated.period, detected: aggregated.detected, rows: aggregated.rows, emptyPeriods: aggregated.emptyPeriods }
    : undefined;
  return { frequency, irregular, series, notes, ...(aggregate ? { aggregate } : {}) };
}

function bucketStart(freq: Frequency, t: number): number {
  if (freq.unit === "month") {
    const d = new Date(t);
    const m = d.getUTCFullYear() * 12 + d.getUTCMonth();
    const aligned = m - (((m % freq.months) + freq.months) % freq.months);
    return Date.UTC(Math.floor(aligned / 12), aligned % 12, 1);
  }
  if (freq.unit === "weekday") return t - (((t % 86_400_000) + 86_400_000) % 86_400_000) + freq.timeOfDay;
  return Math.floor(t / freq.ms) * freq.ms;
}

/**
 * Fills NaN steps: linear interpolation between the neighbours, then, when a seasonal period is
 * known and the series holds two cycles, the seasonal pattern is put back (the average deviation
 * from the interpolated line at that position of the cycle). Returns the number of steps filled.
 */
export function fillGaps(values: Float64Array, period: number): number {
  const n = values.length;
  const missing: number[] = [];
  for (let i = 0; i < n; i++) if (!Number.isFinite(values[i])) missing.push(i);
  if (!missing.length) return 0;
  const linear = Float64Array.from(values);
  let prev = -1;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(values[i])) continue;
    if (prev >= 0 && i - prev > 1) for (let k = prev + 1; k < i; k++) linear[k] = values[prev] + ((values[i] - values[prev]) * (k - prev)) / (i - prev);
    prev = i;
  }
  if (period > 1 && n >= 2 * period) {
    // Seasonal deviation per position, estimated from observed steps against a centred moving average.
    const smooth = movingAverage(linear, period);
    const sums = new Float64Array(period);
    const counts = new Float64Array(period);
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(values[i]) || !Number.isFinite(smooth[i])) continue;
      sums[i % period] += values[i] - smooth[i];
      counts[i % period]++;
    }
    const dev = (i: number) => (counts[i % period] ? sums[i % period] / counts[i % period] : 0);
    // The gap's endpoints carry their own deviation: interpolate the seasonally adjusted values.
    let p = -1;
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(values[i])) continue;
      if (p >= 0 && i - p > 1) {
        const a = values[p] - dev(p);
        const b = values[i] - dev(i);
        for (let k = p + 1; k < i; k++) linear[k] = a + ((b - a) * (k - p)) / (i - p) + dev(k);
      }
      p = i;
    }
  }
  for (const i of missing) values[i] = linear[i];
  return missing.length;
}

function movingAverage(x: Float64Array, window: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n).fill(NaN);
  const half = Math.floor(window / 2);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += x[i];
    if (i >= window) sum -= x[i - window];
    if (i >= window - 1) out[i - half] = sum / window;
  }
  return out;
}
