// Row-level tables (orders, tickets, sign-ups: several rows per day) -> one value per period and
// series, by a rule the request states (forecast.aggregate): sum, mean, count, min or max of the
// rows in each period. Periods are UTC calendar periods: hours, days, weeks starting on Monday,
// months, quarters (January, April, July, October) and years. Each series spans from the period
// of its first row to the period of its last; a period without rows is 0 for sum and count and a
// missing value for mean, min and max (filled in later like any gap). The result is a regular
// table (one row per series and period) for prepareSeries, with the sentences the data story says.
import { DAY, HOUR, MINUTE, bucketIndex, dateAt, monthIndex, type Frequency, isoDate } from "./calendar";
import { ForecastError } from "./errors";
import type { SeriesColumns } from "./prepare";

export const AGGREGATE_RULES = ["sum", "mean", "count", "min", "max"] as const;
export type AggregateRule = (typeof AGGREGATE_RULES)[number];
export const PERIODS = ["hour", "day", "week", "month", "quarter", "year"] as const;
export type Period = (typeof PERIODS)[number];

export interface AggregateOptions {
  rule: AggregateRule;
  /** The period; default: chosen from the dates (choosePeriod). */
  frequency?: Period;
  dateField: string;
  valueField: string;
  groupField?: string;
  /** Periods a series needs (minimumPoints(horizon)): the detection does not coarsen below it. */
  minPoints: number;
}

export interface AggregatedTable {
  columns: SeriesColumns;
  frequency: Frequency;
  period: Period;
  /** The period was chosen from the dates (no forecast.frequency). */
  detected: boolean;
  rows: number;
  /** Periods without rows (0 for sum/count, missing for mean/min/max). */
  emptyPeriods: number;
  notes: string[];
  /** Incomplete last periods left out of the fit, with their partial value (for the chart beside the forecast). */
  leftOut: LeftOutPeriod[];
}

/** A sum or count over part of a series' last period, left out of the fit and forecast instead. */
export interface LeftOutPeriod {
  /** The series' group value, or null for a table holding one series. */
  group: string | null;
  /** Start of the period (epoch ms). */
  date: number;
  /** The sum or count of the rows the period has. */
  value: number;
  /** "December 2024 has rows up to 22 December only (22 of 31 days)". */
  note: string;
}

/** Shortest length of each period (for comparisons with the spacing of the dates). */
const NOMINAL: Record<Period, number> = { hour: HOUR, day: DAY, week: 7 * DAY, month: 28 * DAY, quarter: 90 * DAY, year: 365 * DAY };
/** Most periods (over all series) a table may be combined into. */
export const MAX_PERIODS = 5_000_000;
/** The detection takes the finest period in which at least this share of periods holds a row. */
export const DETECT_MIN_FILLED = 0.75;

/** The engine's frequency of a period (step 0 = the period's start). */
export function periodFrequency(period: Period): Frequency {
  switch (period) {
    case "hour":
      return { unit: "fixed", ms: HOUR };
    case "day":
      return { unit: "fixed", ms: DAY };
    case "week":
      return { unit: "fixed", ms: 7 * DAY };
    case "month":
      return { unit: "month", months: 1, anchor: "day", day: 1, timeOfDay: 0 };
    case "quarter":
      return { unit: "month", months: 3, anchor: "day", day: 1, timeOfDay: 0 };
    case "year":
      return { unit: "month", months: 12, anchor: "day", day: 1, timeOfDay: 0 };
  }
}

/** Start (epoch ms, UTC) of the period holding t; weeks start on Monday 00:00 UTC. */
export function periodStart(period: Period, t: number): number {
  switch (period) {
    case "hour":
      return Math.floor(t / HOUR) * HOUR;
    case "day":
      return Math.floor(t / DAY) * DAY;
    case "week": {
      // 1970-01-05 was a Monday.
      const monday = 4 * DAY;
      return Math.floor((t - monday) / (7 * DAY)) * 7 * DAY + monday;
    }
    default: {
      const months = period === "month" ? 1 : period === "quarter" ? 3 : 12;
      const m = monthIndex(t);
      const aligned = m - (((m % months) + months) % months);
      return Date.UTC(Math.floor(aligned / 12), aligned % 12, 1);
    }
  }
}

/** Index of the period holding t, counted from the period starting at `start` (the calendar's bucket of t). */
function periodNumber(period: Period, start: number, t: number): number {
  return bucketIndex(periodFrequency(period), start, t);
}

/** The label of a period in the data story: "2017-12", "2017-Q4", "2017", "week of 2017-12-25". */
export function periodLabel(period: Period, start: number): string {
  const iso = isoDate(start);
  switch (period) {
    case "hour":
      return `${iso.slice(0, 13)}:00`;
    case "day":
      return iso.slice(0, 10);
    case "week":
      return `the week of ${iso.slice(0, 10)}`;
    case "month":
      return iso.slice(0, 7);
    case "quarter":
      return `${iso.slice(0, 4)}-Q${Math.floor(new Date(start).getUTCMonth() / 3) + 1}`;
    case "year":
      return iso.slice(0, 4);
  }
}

const plural = (n: number, word: string, words = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : words}`;

/** Row indexes per series (rows without a date or group left out), each sorted by date. */
function seriesRows(columns: SeriesColumns): number[][] {
  const count = columns.groups ? columns.groups.dictionary.length : 1;
  const rows: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < columns.dates.length; i++) {
    if (!Number.isFinite(columns.dates[i])) continue;
    const g = columns.groups ? columns.groups.codes[i] : 0;
    if (g >= 0) rows[g].push(i);
  }
  for (const r of rows) r.sort((a, b) => columns.dates[a] - columns.dates[b]);
  return rows;
}

/** Median spacing between consecutive distinct dates within the series (NaN without any). */
export function typicalSpacing(columns: SeriesColumns, rows = seriesRows(columns)): number {
  return median(rows.flatMap((r) => spacings(columns, r)));
}

function spacings(columns: SeriesColumns, r: number[]): number[] {
  const gaps: number[] = [];
  for (let k = 1; k < r.length; k++) {
    const gap = columns.dates[r[k]] - columns.dates[r[k - 1]];
    if (gap > 0) gaps.push(gap);
  }
  return gaps;
}

function median(values: number[]): number {
  if (!values.length) return NaN;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

/**
 * The coarsest period whose starts hold every date (dates all on the 1st of a month at 00:00 UTC:
 * "month"); "hour" when some date is off the hour. Finer periods cannot tell such dates apart.
 */
export function dateResolution(columns: SeriesColumns): Period {
  let coarsest = PERIODS.length - 1;
  for (let i = 0; i < columns.dates.length && coarsest > 0; i++) {
    const d = columns.dates[i];
    if (!Number.isFinite(d)) continue;
    while (coarsest > 0 && periodStart(PERIODS[coarsest], d) !== d) coarsest--;
  }
  return PERIODS[coarsest];
}

/**
 * Why a period is finer than the data, or null when it is not: finer than the dates' resolution
 * (dates written per month cannot be split per day), or shorter than a quarter of the typical
 * spacing of consecutive dates (weekly dates per day: 6 of 7 days without a row).
 */
export function finerThanData(period: Period, spacing: number, resolution: Period): string | null {
  if (period === "year") return null;
  if (PERIODS.indexOf(period) < PERIODS.indexOf(resolution))
    return `every date is the start of a ${resolution}${resolution === "week" ? " (a Monday)" : ""}, so the dates do not tell ${period}s apart`;
  if (Number.isFinite(spacing) && NOMINAL[period] < spacing / 4)
    return `consecutive dates are typically ${describeSpan(spacing)} apart, so most ${period}s would have no row`;
  return null;
}

/** Periods per series from first to last row, and how many of them hold a row. */
function coverage(period: Period, columns: SeriesColumns, rows: number[][]): { periods: number; filled: number; longest: number } {
  let periods = 0;
  let filled = 0;
  let longest = 0;
  for (const r of rows) {
    if (!r.length) continue;
    const start = periodStart(period, columns.dates[r[0]]);
    const length = periodNumber(period, start, columns.dates[r[r.length - 1]]) + 1;
    periods += length;
    longest = Math.max(longest, length);
    let last = -1;
    for (const i of r) {
      const k = periodNumber(period, start, columns.dates[i]);
      if (k !== last) filled++;
      last = k;
    }
  }
  return { periods, filled, longest };
}

/**
 * The period when the request names none: among the periods not finer than the data
 * (finerThanData), the finest in which at least 75% of the periods (from each series' first row to its
 * last) hold a row; coarser periods are not taken when the longest series would have fewer than
 * `minPoints` of them. Without such a period, the coarsest that still leaves `minPoints`.
 */
export function choosePeriod(columns: SeriesColumns, minPoints: number, rows = seriesRows(columns)): Period {
  const spacing = typicalSpacing(columns, rows);
  const resolution = dateResolution(columns);
  let fallback: Period | null = null;
  for (const period of PERIODS) {
    if (finerThanData(period, spacing, resolution)) continue;
    const c = coverage(period, columns, rows);
    if (c.longest < minPoints) return fallback ?? period;
    fallback = period;
    if (c.filled >= DETECT_MIN_FILLED * c.periods) return period;
  }
  return fallback ?? "year";
}

const RULE_WORDS: Record<AggregateRule, string> = {
  sum: "the sum",
  mean: "the average",
  count: "the count of rows",
  min: "the smallest value",
  max: "the largest value",
};

/** Combines the rows of each series per period by the rule. Throws a ForecastError a user can fix. */
export function aggregateRows(columns: SeriesColumns, options: AggregateOptions): AggregatedTable {
  const { rule } = options;
  if (!AGGREGATE_RULES.includes(rule))
    throw new ForecastError("bad_request", `forecast.aggregate must be one of ${AGGREGATE_RULES.join(", ")} (got "${rule}").`, "aggregate");
  if (options.frequency !== undefined && !PERIODS.includes(options.frequency))
    throw new ForecastError("bad_request", `forecast.frequency must be one of ${PERIODS.join(", ")} (got "${options.frequency}").`, "frequency");
  const rows = seriesRows(columns);
  const dated = rows.reduce((n, r) => n + r.length, 0);
  if (!dated) {
    throw new ForecastError(
      "too_short",
      `No row has a ${options.dateField} value${options.groupField ? ` and a ${options.groupField} value` : ""}: there is nothing to forecast.`,
      "date_field",
    );
  }
  const spacing = typicalSpacing(columns, rows);
  let period: Period;
  if (options.frequency) {
    period = options.frequency;
    const resolution = dateResolution(columns);
    const why = finerThanData(period, spacing, resolution);
    if (why) {
      const allowed = PERIODS.filter((p) => !finerThanData(p, spacing, resolution));
      throw new ForecastError(
        "bad_request",
        `forecast.frequency "${period}" is finer than the data: ${why}. Use ${allowed.slice(0, 3).join(", ")}${allowed.length > 3 ? " or coarser" : ""}, or leave forecast.frequency out to choose it from the dates.`,
        "frequency",
      );
    }
  } else {
    period = choosePeriod(columns, options.minPoints, rows);
  }
  const frequency = periodFrequency(period);
  const total = coverage(period, columns, rows).periods;
  if (total > MAX_PERIODS)
    throw new ForecastError(
      "too_large",
      `Combining the rows per ${period} gives ${total.toLocaleString("en-US")} periods over all series; at most ${MAX_PERIODS.toLocaleString("en-US")} are supported. Use a coarser forecast.frequency, or fewer series.`,
      "frequency",
    );

  const outDates: number[] = [];
  const outValues: number[] = [];
  const outCodes: number[] = [];
  let emptyPeriods = 0;
  let valueless = 0;
  let missingValues = 0;
  const partials: PartialPeriod[] = [];
  const leftOut: LeftOutPeriod[] = [];
  rows.forEach((r, g) => {
    if (!r.length) return;
    const start = periodStart(period, columns.dates[r[0]]);
    let length = periodNumber(period, start, columns.dates[r[r.length - 1]]) + 1;
    const acc = new Float64Array(length).fill(rule === "min" ? Infinity : rule === "max" ? -Infinity : 0);
    const counts = new Float64Array(length);
    const seen = new Uint8Array(length);
    for (const i of r) {
      const k = periodNumber(period, start, columns.dates[i]);
      seen[k] = 1;
      const v = columns.values[i];
      if (!Number.isFinite(v)) {
        missingValues++;
        continue;
      }
      counts[k]++;
      if (rule === "min") acc[k] = Math.min(acc[k], v);
      else if (rule === "max") acc[k] = Math.max(acc[k], v);
      else acc[k] += v;
    }
    // A sum or count over part of the last period reads low, and models leaning on the last values
    // (naive, ETS level, ARIMA) would carry that drop into the whole forecast: the period is left
    // out, so the forecast starts with it; kept (and said) when the series would become too short.
    const ownGaps = spacings(columns, r);
    const ownSpacing = ownGaps.length >= 3 ? median(ownGaps) : spacing;
    const partial = incompleteLastPeriod(period, columns.dates[r[r.length - 1]], ownSpacing, weekdayOccupancy(period, columns, r, ownSpacing));
    if (partial) {
      const additive = rule === "sum" || rule === "count";
      let kept = 0;
      for (let k = 0; k < length - 1; k++) if (rule === "count" || counts[k] || (rule === "sum" && !seen[k])) kept++;
      const action = !additive ? "noted" : kept >= options.minPoints ? "dropped" : "kept";
      partials.push({ ...partial, group: g, action });
      if (action === "dropped") {
        length--;
        leftOut.push({
          group: columns.groups ? columns.groups.dictionary[g] : null,
          date: dateAt(frequency, start, length),
          value: rule === "count" ? counts[length] : acc[length],
          note: describePartial(period, { ...partial, group: g, action }).text,
        });
      }
    }
    for (let k = 0; k < length; k++) {
      let value: number;
      if (!seen[k]) emptyPeriods++;
      if (rule === "count") value = counts[k];
      else if (!counts[k]) {
        // No row: a sum is 0; rows whose values are all missing: unknown, filled in like a gap.
        if (seen[k]) valueless++;
        value = rule === "sum" && !seen[k] ? 0 : NaN;
      } else value = rule === "mean" ? acc[k] / counts[k] : acc[k];
      outDates.push(dateAt(frequency, start, k));
      outValues.push(value);
      outCodes.push(g);
    }
  });

  const per = `${period}${options.groupField ? ` and ${options.groupField}` : ""}`;
  const what =
    rule === "count"
      ? `${RULE_WORDS.count}${options.valueField === options.dateField ? "" : ` where ${options.valueField} has a value`}`
      : `${RULE_WORDS[rule]} of ${options.valueField}`;
  const calendar =
    period === "week"
      ? " (weeks start on Monday, UTC)"
      : period === "quarter"
        ? " (calendar quarters, UTC)"
        : period === "hour"
          ? " (UTC)"
          : ` (UTC calendar ${period}s)`;
  const how = options.frequency
    ? ""
    : ` The ${period} was chosen from the dates: the finest period in which at least ${Math.round(DETECT_MIN_FILLED * 100)}% of the periods have a row (set forecast.frequency to choose another).`;
  const notes = [`${plural(dated, "row")} ${dated === 1 ? "was" : "were"} combined per ${per}${calendar}: the forecast is of ${what} per ${period}.${how}`];
  if (emptyPeriods) {
    notes.push(
      rule === "sum" || rule === "count"
        ? `${plural(emptyPeriods, `${period} without rows`, `${period}s without rows`)} count${emptyPeriods === 1 ? "s" : ""} as 0.`
        : `${plural(emptyPeriods, `${period} without rows`, `${period}s without rows`)} ${emptyPeriods === 1 ? "has" : "have"} no ${rule === "mean" ? "average" : rule}: filled in like a missing value.`,
    );
  }
  if (missingValues && rule !== "count")
    notes.push(
      `${plural(missingValues, "row")} with no ${options.valueField} value ${missingValues === 1 ? "was" : "were"} left out of the ${rule}${valueless ? ` (${plural(valueless, period)} with only such rows ${valueless === 1 ? "is" : "are"} filled in like a missing value)` : ""}.`,
    );
  notes.push(...partialNotes(partials, period, rule, options, rows.filter((r) => r.length).length, columns.groups?.dictionary ?? null));
  const groups = columns.groups;
  return {
    columns: {
      dates: Float64Array.from(outDates),
      values: Float64Array.from(outValues),
      groups: groups ? { codes: Int32Array.from(outCodes), dictionary: groups.dictionary } : null,
    },
    frequency,
    period,
    detected: !options.frequency,
    rows: dated,
    emptyPeriods,
    notes,
    leftOut,
  };
}

/**
 * Share of a period left without rows beyond which the period counts as incomplete. Calendar months
 * already differ by up to 3 days in 31 (9.7%), a difference every model sees month to month, so a
 * shortfall within a tenth of the period is not worth losing a point over; a daily table whose rows
 * stop a day or two before the month ends keeps its month.
 */
export const PARTIAL_SHARE = 0.1;

interface PartialPeriod {
  group: number;
  /** Start and end of the series' last period, its last row, and the time the rows cover (the last row + its spacing). */
  start: number;
  end: number;
  last: number;
  covered: number;
  /** dropped: left out (sum, count); kept: a sum or count the series cannot spare; noted: mean, min, max. */
  action: "dropped" | "kept" | "noted";
}

/**
 * The last period of a series when it is clearly incomplete, judged against the typical spacing of
 * the series' dates: a row stands for the stretch up to the next one (a daily row, its whole day),
 * so the rows cover up to the last row + the spacing. The period is incomplete when what is left
 * of it after that exceeds PARTIAL_SHARE of its length: daily rows up to 22 December leave 9 of 31
 * days (29%); up to 29 December, 2 days (6.5%, kept); weekly rows whose next row would fall in
 * the next period leave nothing due.
 */
function incompleteLastPeriod(period: Period, last: number, spacing: number, weekdays: Float64Array | null): Omit<PartialPeriod, "group" | "action"> | null {
  if (!Number.isFinite(spacing)) return null;
  const start = periodStart(period, last);
  const end = dateAt(periodFrequency(period), start, 1);
  const covered = Math.min(end, last + spacing);
  if (end - covered <= PARTIAL_SHARE * (end - start)) return null;
  if (weekdays && dueShare(weekdays, start, end, covered) <= PARTIAL_SHARE) return null;
  return { start, end, last, covered };
}

/**
 * How often each weekday (0 = Sunday, UTC) holds a row, for series with about a row a day or more
 * whose last period spans days: a table of business days has no rows on Saturdays and Sundays, so
 * a month whose rows stop on its last Friday lacks no row that was due. Null when the series is too
 * short to tell (under 3 weeks) or its rows are further apart than a day.
 */
export function weekdayOccupancy(period: Period, columns: SeriesColumns, r: number[], spacing: number): Float64Array | null {
  if (period === "hour" || period === "day" || !(spacing <= DAY) || r.length < 2) return null;
  const first = Math.floor(columns.dates[r[0]] / DAY);
  const lastDay = Math.floor(columns.dates[r[r.length - 1]] / DAY);
  if (lastDay - first < 21) return null;
  const withRows = new Float64Array(7);
  let previous = Number.NaN;
  for (const i of r) {
    const day = Math.floor(columns.dates[i] / DAY);
    if (day === previous) continue;
    previous = day;
    withRows[(day + 4) % 7]++; // 1 January 1970 was a Thursday
  }
  const occupancy = new Float64Array(7);
  for (let w = 0; w < 7; w++) {
    // Days of weekday w from the first day to the last.
    const offset = (w - ((first + 4) % 7) + 7) % 7;
    const days = first + offset > lastDay ? 0 : Math.floor((lastDay - first - offset) / 7) + 1;
    occupancy[w] = days ? Math.min(1, withRows[w] / days) : 0;
  }
  return occupancy;
}

/** The share of the rows a period is due (by weekday) that fall after `covered`: whole days only. */
function dueShare(weekdays: Float64Array, start: number, end: number, covered: number): number {
  let due = 0;
  let after = 0;
  for (let day = Math.floor(start / DAY); day * DAY < end; day++) {
    const weight = weekdays[(day + 4) % 7];
    due += weight;
    if (day * DAY >= covered) after += weight;
  }
  return due > 0 ? after / due : 1;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "December 2024 has rows up to 22 December only (22 of 31 days)": the period, its last row and the share covered. */
function describePartial(period: Period, p: PartialPeriod): { name: string; text: string } {
  const d = new Date(p.last);
  const dayMonth = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  const name = period === "month" ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : periodLabel(period, p.start);
  const upTo = period === "hour" || period === "day" ? isoDate(p.last).slice(11, 16) : dayMonth;
  const unit = period === "hour" ? MINUTE : period === "day" ? HOUR : DAY;
  const unitWord = period === "hour" ? "minutes" : period === "day" ? "hours" : "days";
  // Days (hours, minutes) up to and including the last row's: a row at 22 December 20:00 counts 22 days.
  const covered = Math.floor((p.last - p.start) / unit) + 1;
  const whole = Math.round((p.end - p.start) / unit);
  const capital = name.charAt(0).toUpperCase() + name.slice(1);
  return { name, text: `${capital} has rows up to ${upTo} only (${covered} of ${whole} ${unitWord})` };
}

/** The notes on incomplete last periods, one sentence per distinct period and cut-off (a few at most). */
function partialNotes(
  partials: PartialPeriod[],
  period: Period,
  rule: AggregateRule,
  options: AggregateOptions,
  seriesCount: number,
  dictionary: string[] | null,
): string[] {
  const byText = new Map<string, { name: string; action: PartialPeriod["action"]; groups: number[] }>();
  for (const p of partials) {
    const { name, text } = describePartial(period, p);
    const key = `${p.action}|${text}`;
    const entry = byText.get(key) ?? { name, action: p.action, groups: [] };
    entry.groups.push(p.group);
    byText.set(key, entry);
  }
  const shown = [...byText.entries()].slice(0, 3);
  const notes = shown.map(([key, { name, action, groups }]) => {
    const text = key.slice(key.indexOf("|") + 1);
    const several = dictionary !== null && groups.length > 1;
    const which =
      dictionary === null
        ? ""
        : groups.length === seriesCount && seriesCount > 1
          ? ` for every ${options.groupField}`
          : ` for ${options.groupField} ${groups
              .slice(0, 5)
              .map((g) => `"${dictionary[g]}"`)
              .join(", ")}${groups.length > 5 ? ` and ${groups.length - 5} more` : ""}`;
    if (action === "dropped")
      return `${text}${which}: left out of the fit, as its ${rule} covers part of the ${period}; ${several ? "their forecasts start" : "the forecast starts"} with ${name}.`;
    if (action === "kept")
      return `${text}${which}: its ${rule} covers part of the ${period} and reads low, but it was kept, as leaving it out would leave fewer than ${options.minPoints} ${period}s.`;
    return `${text}${which}: its ${rule === "mean" ? "average" : rule === "min" ? "smallest value" : "largest value"} is of those rows.`;
  });
  const rest = byText.size - shown.length;
  if (rest > 0) {
    const more = [...byText.values()].slice(3).reduce((n, e) => n + e.groups.length, 0);
    notes.push(`${plural(more, "more series", "more series")} ${more === 1 ? "ends" : "end"} with a part-${period} likewise.`);
  }
  return notes;
}

function describeSpan(ms: number): string {
  const days = ms / DAY;
  if (days >= 300) return `${Math.round(days / 365.25)} year${Math.round(days / 365.25) === 1 ? "" : "s"}`;
  if (days >= 27) return `${Math.round(days / 30.44)} month${Math.round(days / 30.44) === 1 ? "" : "s"}`;
  if (days >= 1) return `${Math.round(days)} day${Math.round(days) === 1 ? "" : "s"}`;
  const hours = ms / HOUR;
  if (hours >= 1) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? "" : "s"}`;
  return `${Math.round(ms / 60_000)} minutes`;
}
