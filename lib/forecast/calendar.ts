// Time steps of a regular series in UTC: fixed lengths (seconds to weeks), weekdays (Monday to
// Friday, for business data) and calendar months (months, quarters, years), where a step is not a
// fixed number of milliseconds. All arithmetic is in UTC, so there is no daylight-saving shift.

export type Frequency =
  | { unit: "fixed"; ms: number }
  | { unit: "weekday"; timeOfDay: number }
  | { unit: "month"; months: number; anchor: "day" | "end"; day: number; timeOfDay: number };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function monthIndex(t: number): number {
  const d = new Date(t);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

export function timeOfDay(t: number): number {
  return ((t % DAY) + DAY) % DAY;
}

export function isWeekend(t: number): boolean {
  const wd = new Date(t).getUTCDay();
  return wd === 0 || wd === 6;
}

/** Weekdays from the Monday-based week count: index of a weekday date in a Monday..Friday calendar. */
function weekdayNumber(t: number): number {
  const days = Math.floor(t / DAY); // 1970-01-01 was a Thursday
  const shifted = days + 3; // days since Monday 1969-12-29
  const weeks = Math.floor(shifted / 7);
  const dow = shifted - weeks * 7; // 0 = Monday
  return weeks * 5 + Math.min(dow, 5);
}

function fromWeekdayNumber(n: number, tod: number): number {
  const weeks = Math.floor(n / 5);
  const dow = n - weeks * 5;
  return (weeks * 7 + dow - 3) * DAY + tod;
}

/** The date of step i of a series whose step 0 is at `start`. */
export function dateAt(freq: Frequency, start: number, i: number): number {
  switch (freq.unit) {
    case "fixed":
      return start + i * freq.ms;
    case "weekday":
      return fromWeekdayNumber(weekdayNumber(start) + i, freq.timeOfDay);
    case "month": {
      const mi = monthIndex(start) + i * freq.months;
      const year = Math.floor(mi / 12);
      const month = mi - year * 12;
      const last = daysInMonth(year, month);
      const day = freq.anchor === "end" ? last : Math.min(freq.day, last);
      return Date.UTC(year, month, day) + freq.timeOfDay;
    }
  }
}

/** Step index of t relative to `start` (may be fractional or NaN when t is off the grid). */
export function stepIndex(freq: Frequency, start: number, t: number): number {
  switch (freq.unit) {
    case "fixed":
      return (t - start) / freq.ms;
    case "weekday":
      if (isWeekend(t) || timeOfDay(t) !== freq.timeOfDay) return NaN;
      return weekdayNumber(t) - weekdayNumber(start);
    case "month": {
      const mi = monthIndex(t) - monthIndex(start);
      return dateAt(freq, start, mi / freq.months) === t ? mi / freq.months : NaN;
    }
  }
}

/** The bucket (step index, floor) that t falls in, for resampling irregular timestamps. */
export function bucketIndex(freq: Frequency, start: number, t: number): number {
  switch (freq.unit) {
    case "fixed":
      return Math.floor((t - start) / freq.ms + 1e-9);
    case "weekday":
      return weekdayNumber(t - freq.timeOfDay) - weekdayNumber(start - freq.timeOfDay);
    case "month":
      return Math.floor((monthIndex(t) - monthIndex(start)) / freq.months);
  }
}

export interface FrequencyDescription {
  /** "monthly", "10-minute", "every 2 days" */
  adjective: string;
  /** "month", "10 minutes", "2 days": one step. */
  step: string;
}

const NICE_FIXED: [number, string, string][] = [
  [WEEK, "weekly", "week"],
  [DAY, "daily", "day"],
  [HOUR, "hourly", "hour"],
  [MINUTE, "minutely", "minute"],
  [1000, "every second", "second"],
];

export function describeFrequency(freq: Frequency): FrequencyDescription {
  if (freq.unit === "weekday") return { adjective: "business-daily (Monday to Friday)", step: "business day" };
  if (freq.unit === "month") {
    if (freq.months === 1) return { adjective: "monthly", step: "month" };
    if (freq.months === 3) return { adjective: "quarterly", step: "quarter" };
    if (freq.months === 12) return { adjective: "yearly", step: "year" };
    if (freq.months % 12 === 0) return { adjective: `every ${freq.months / 12} years`, step: `${freq.months / 12} years` };
    return { adjective: `every ${freq.months} months`, step: `${freq.months} months` };
  }
  for (const [ms, adjective, unit] of NICE_FIXED) {
    if (freq.ms === ms) return { adjective, step: unit };
    if (freq.ms % ms === 0) {
      const k = freq.ms / ms;
      return { adjective: ms >= DAY ? `every ${k} ${unit}s` : `${k}-${unit}`, step: `${k} ${unit}s` };
    }
  }
  return { adjective: `every ${freq.ms} ms`, step: `${freq.ms} ms` };
}

/** A seasonal cycle the calendar suggests, e.g. 12 steps = a year of months. */
export interface SeasonCandidate {
  period: number;
  /** "year", "week", "day" */
  cycle: string;
  /** The name of a position in the cycle for a date: "July", "Saturday", "14:00". */
  label: (t: number) => string;
}

const pad = (v: number) => String(v).padStart(2, "0");
const clock = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
const monthName = (t: number) => MONTH_NAMES[new Date(t).getUTCMonth()];
const weekdayName = (t: number) => WEEKDAY_NAMES[new Date(t).getUTCDay()];

/** Seasonal cycles worth testing for a frequency (shortest first). */
export function seasonCandidates(freq: Frequency): SeasonCandidate[] {
  if (freq.unit === "month") {
    const out: SeasonCandidate[] = [];
    if (12 % freq.months === 0 && freq.months < 12) {
      out.push({
        period: 12 / freq.months,
        cycle: "year",
        label: freq.months === 3 ? (t) => `Q${Math.floor(new Date(t).getUTCMonth() / 3) + 1}` : freq.months === 1 ? monthName : (t) => monthName(t),
      });
    }
    return out;
  }
  if (freq.unit === "weekday") {
    return [
      { period: 5, cycle: "week", label: weekdayName },
      { period: 261, cycle: "year", label: monthName },
    ];
  }
  const ms = freq.ms;
  const out: SeasonCandidate[] = [];
  if (ms < DAY && DAY % ms === 0 && DAY / ms >= 2) out.push({ period: DAY / ms, cycle: "day", label: clock });
  if (ms < WEEK && WEEK % ms === 0 && WEEK / ms >= 2)
    out.push({ period: WEEK / ms, cycle: "week", label: ms < DAY ? (t) => `${weekdayName(t)} ${clock(t)}` : weekdayName });
  if (ms === DAY) out.push({ period: 365, cycle: "year", label: monthName });
  if (ms === WEEK) out.push({ period: 52, cycle: "year", label: monthName });
  return out;
}

/** ISO 8601 text of a step's date. */
export function isoDate(t: number): string {
  return new Date(t).toISOString();
}
