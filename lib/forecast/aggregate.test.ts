import { describe, expect, it } from "vitest";
import { aggregateRows, choosePeriod, periodStart, type AggregateOptions } from "./aggregate";
import { DAY } from "./calendar";
import { ForecastError } from "./errors";
import { prepareSeries, type SeriesColumns } from "./prepare";

const t = (iso: string) => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);

function table(rows: [string | null, number, string?][], groups?: string[]): SeriesColumns {
  return {
    dates: Float64Array.from(rows, (r) => (r[0] === null ? NaN : t(r[0]))),
    values: Float64Array.from(rows, (r) => r[1]),
    groups: groups ? { codes: Int32Array.from(rows, (r) => (r[2] === undefined ? -1 : groups.indexOf(r[2]))), dictionary: groups } : null,
  };
}

const opts = (rule: AggregateOptions["rule"], frequency?: AggregateOptions["frequency"], groupField?: string): AggregateOptions => ({
  rule,
  frequency,
  dateField: "date",
  valueField: "sales",
  groupField,
  minPoints: 2,
});

/** The aggregated rows as [ISO date, value] (NaN kept). */
function rowsOf(columns: SeriesColumns): [string, number][] {
  return Array.from(columns.dates, (d, i) => [new Date(d).toISOString().slice(0, 10), columns.values[i]]);
}

// Mon 2024-01-01: 1 and 2; Tue 01-02: 5; Wed 01-03: no row; Thu 01-04: 3.
const daily = table([
  ["2024-01-02", 5],
  ["2024-01-01", 1],
  ["2024-01-04", 3],
  ["2024-01-01", 2],
]);

describe("aggregateRows per day", () => {
  it("sums the rows of each day and counts a day without rows as 0", () => {
    const out = aggregateRows(daily, opts("sum", "day"));
    expect(rowsOf(out.columns)).toEqual([
      ["2024-01-01", 3],
      ["2024-01-02", 5],
      ["2024-01-03", 0],
      ["2024-01-04", 3],
    ]);
    expect(out.emptyPeriods).toBe(1);
    expect(out.notes.join(" ")).toContain("1 day without rows counts as 0");
    expect(out.notes[0]).toContain("the sum of sales per day");
  });

  it("averages, counts, takes the min and max; mean/min/max leave empty days missing", () => {
    expect(rowsOf(aggregateRows(daily, opts("mean", "day")).columns).map((r) => r[1])).toEqual([1.5, 5, NaN, 3]);
    expect(rowsOf(aggregateRows(daily, opts("count", "day")).columns).map((r) => r[1])).toEqual([2, 1, 0, 1]);
    expect(rowsOf(aggregateRows(daily, opts("min", "day")).columns).map((r) => r[1])).toEqual([1, 5, NaN, 3]);
    expect(rowsOf(aggregateRows(daily, opts("max", "day")).columns).map((r) => r[1])).toEqual([2, 5, NaN, 3]);
    expect(aggregateRows(daily, opts("mean", "day")).notes.join(" ")).toContain("filled in like a missing value");
  });

  it("leaves rows without a value out, and a day with only such rows is missing (not 0) for sum", () => {
    const withMissing = table([
      ["2024-01-01", 4],
      ["2024-01-01", NaN],
      ["2024-01-02", NaN],
      ["2024-01-03", 6],
      [null, 100],
    ]);
    expect(rowsOf(aggregateRows(withMissing, opts("sum", "day")).columns).map((r) => r[1])).toEqual([4, NaN, 6]);
    // count: rows with a value, so the day whose only row lacks it counts 0.
    expect(rowsOf(aggregateRows(withMissing, opts("count", "day")).columns).map((r) => r[1])).toEqual([1, 0, 1]);
    const notes = aggregateRows(withMissing, opts("sum", "day")).notes.join(" ");
    expect(notes).toContain("2 rows with no sales value were left out of the sum");
    expect(notes).toContain("4 rows were combined");
  });
});

describe("aggregateRows per week, month, quarter, year", () => {
  it("weeks start on Monday (UTC)", () => {
    // Sun 2023-12-31 belongs to the week of Mon 12-25; Mon 01-01 and Sun 01-07 share a week; 01-15 has no row.
    const rows = table([
      ["2023-12-31T23:59:00Z", 10],
      ["2024-01-01", 1],
      ["2024-01-07T12:00:00Z", 2],
      ["2024-01-08", 4],
      ["2024-01-22", 8],
    ]);
    const out = aggregateRows(rows, opts("sum", "week"));
    expect(rowsOf(out.columns)).toEqual([
      ["2023-12-25", 10],
      ["2024-01-01", 3],
      ["2024-01-08", 4],
      ["2024-01-15", 0],
      ["2024-01-22", 8],
    ]);
    expect(out.notes[0]).toContain("weeks start on Monday");
    expect(new Date(periodStart("week", t("2024-03-03"))).toISOString().slice(0, 10)).toBe("2024-02-26");
  });

  it("months are UTC calendar months, a month without rows is 0 for sum", () => {
    const rows = table([
      ["2024-01-31T23:30:00Z", 1],
      ["2024-02-01", 2],
      ["2024-02-29T12:00:00Z", 3],
      ["2024-04-15", 4],
      ["2024-04-01", 5],
    ]);
    expect(rowsOf(aggregateRows(rows, opts("sum", "month")).columns)).toEqual([
      ["2024-01-01", 1],
      ["2024-02-01", 5],
      ["2024-03-01", 0],
      ["2024-04-01", 9],
    ]);
    expect(rowsOf(aggregateRows(rows, opts("mean", "month")).columns).map((r) => r[1])).toEqual([1, 2.5, NaN, 4.5]);
    expect(rowsOf(aggregateRows(rows, opts("count", "quarter")).columns)).toEqual([
      ["2024-01-01", 3],
      ["2024-04-01", 2],
    ]);
    expect(
      rowsOf(aggregateRows(table([...Array.from({ length: 3 }, (_, k) => [`${2020 + 2 * k}-06-30`, k + 1] as [string, number])]), opts("sum", "year")).columns),
    ).toEqual([
      ["2020-01-01", 1],
      ["2021-01-01", 0],
      ["2022-01-01", 2],
      ["2023-01-01", 0],
      ["2024-01-01", 3],
    ]);
  });

  it("buckets each group separately, each from its first period to its last; rows without a group are left out", () => {
    const rows = table(
      [
        ["2024-01-05", 1, "east"],
        ["2024-01-20", 2, "east"],
        ["2024-03-02", 3, "east"],
        ["2024-02-10", 10, "west"],
        ["2024-02-11", 20, "west"],
        ["2024-03-31", 30, "west"],
        ["2024-01-01", 99],
      ],
      ["east", "west"],
    );
    const out = aggregateRows(rows, opts("sum", "month", "region"));
    const got = rowsOf(out.columns).map((r, i) => [out.columns.groups!.dictionary[out.columns.groups!.codes[i]], ...r]);
    expect(got).toEqual([
      ["east", "2024-01-01", 3],
      ["east", "2024-02-01", 0],
      ["east", "2024-03-01", 3],
      ["west", "2024-02-01", 30],
      ["west", "2024-03-01", 30],
    ]);
    expect(out.notes[0]).toContain("per month and region");
  });

  it("says when the last period holds only its first part", () => {
    const rows = table(Array.from({ length: 40 }, (_, k) => [new Date(t("2024-01-01") + k * DAY).toISOString(), 1] as [string, number]));
    // The last row is 2024-02-09: February is mostly still to come.
    expect(aggregateRows(rows, opts("sum", "month")).notes.join(" ")).toContain("February 2024 has rows up to 9 February only (9 of 29 days)");
    expect(aggregateRows(rows, opts("sum", "day")).notes.join(" ")).not.toContain("has rows up to");
  });
});

/** Rows every day from `from` to `to` (inclusive), `perDay` rows of value 1 each, optionally in a group. */
function dailyRows(from: string, to: string, perDay = 2, group?: string): [string, number, string?][] {
  const out: [string, number, string?][] = [];
  for (let d = t(from); d <= t(to); d += DAY) for (let k = 0; k < perDay; k++) out.push([new Date(d).toISOString(), 1, group]);
  return out;
}

describe("an incomplete last period", () => {
  // An orders table whose rows stop on 22 December 2024: December holds 22 of its 31 days.
  const stopped = table(dailyRows("2023-01-01", "2024-12-22"));

  it("sum and count: leaves the partial month out of the series, so the forecast starts with it, and says so", () => {
    for (const rule of ["sum", "count"] as const) {
      const out = aggregateRows(stopped, { ...opts(rule, "month"), minPoints: 10 });
      const got = rowsOf(out.columns);
      expect(got).toHaveLength(23);
      expect(got[got.length - 1]).toEqual(["2024-11-01", 60]);
      expect(out.notes.join(" ")).toContain(
        `December 2024 has rows up to 22 December only (22 of 31 days): left out of the fit, as its ${rule} covers part of the month; the forecast starts with December 2024.`,
      );
    }
  });

  it("keeps a full last month, and a daily table ending a day or two before the month's end", () => {
    for (const to of ["2024-12-31", "2024-12-30", "2024-12-29"]) {
      const out = aggregateRows(table(dailyRows("2023-01-01", to)), { ...opts("sum", "month"), minPoints: 10 });
      expect(rowsOf(out.columns)).toHaveLength(24);
      expect(out.notes.join(" ")).not.toContain("has rows up to");
    }
    // February has 28 days: rows up to the 26th leave 2 (7%), kept.
    expect(rowsOf(aggregateRows(table(dailyRows("2023-01-01", "2023-02-26")), opts("sum", "month")).columns)).toHaveLength(2);
  });

  it("judges against the spacing of the rows: weekly rows whose next row falls in the next month fill it", () => {
    // Mondays up to 2024-12-30: the next row (2025-01-06) is January's. Up to 2024-12-16: two Mondays were due.
    const mondays = (to: string) =>
      table(
        Array.from({ length: 105 }, (_, k) => [new Date(t("2023-01-02") + 7 * k * DAY).toISOString(), 1] as [string, number]).filter(
          (r) => r[0].slice(0, 10) <= to,
        ),
      );
    expect(rowsOf(aggregateRows(mondays("2024-12-30"), opts("sum", "month")).columns).pop()).toEqual(["2024-12-01", 5]);
    const cut = aggregateRows(mondays("2024-12-16"), opts("sum", "month"));
    expect(rowsOf(cut.columns).pop()).toEqual(["2024-11-01", 4]);
    expect(cut.notes.join(" ")).toContain("December 2024 has rows up to 16 December only (16 of 31 days)");
  });

  it("judges a table of business days by the weekdays it holds: no Saturday or Sunday row is due", () => {
    const weekdaysOnly = (to: string) => table(dailyRows("2023-01-02", to, 1).filter(([d]) => ![0, 6].includes(new Date(d).getUTCDay())));
    // Up to Friday 27 December 2024: 4 of 31 days are left (13%), but only Monday 30 and Tuesday 31 were due (2 of 22 weekdays).
    const friday = aggregateRows(weekdaysOnly("2024-12-27"), { ...opts("sum", "month"), minPoints: 10 });
    expect(rowsOf(friday.columns).pop()).toEqual(["2024-12-01", 20]);
    expect(friday.notes.join(" ")).not.toContain("has rows up to");
    // Up to Friday 20 December: 7 of 22 weekdays were due, left out as before.
    const early = aggregateRows(weekdaysOnly("2024-12-20"), { ...opts("sum", "month"), minPoints: 10 });
    expect(rowsOf(early.columns).pop()).toEqual(["2024-11-01", 21]);
    expect(early.notes.join(" ")).toContain("December 2024 has rows up to 20 December only (20 of 31 days): left out of the fit");
    // Rows every day up to Friday 27 December: the weekend was due too, so the month is still partial.
    expect(aggregateRows(table(dailyRows("2023-01-02", "2024-12-27", 1)), { ...opts("sum", "month"), minPoints: 10 }).notes.join(" ")).toContain(
      "December 2024 has rows up to 27 December only",
    );
  });

  it("mean, min and max keep the period and say it is partial", () => {
    const out = aggregateRows(stopped, { ...opts("mean", "month"), minPoints: 10 });
    expect(rowsOf(out.columns)).toHaveLength(24);
    expect(out.notes.join(" ")).toContain("December 2024 has rows up to 22 December only (22 of 31 days): its average is of those rows.");
  });

  it("keeps the partial period, saying so, when leaving it out would leave the series too short", () => {
    const out = aggregateRows(table(dailyRows("2024-03-01", "2024-12-22")), { ...opts("sum", "month"), minPoints: 10 });
    expect(rowsOf(out.columns)).toHaveLength(10);
    expect(out.notes.join(" ")).toContain(
      "December 2024 has rows up to 22 December only (22 of 31 days): its sum covers part of the month and reads low, but it was kept, as leaving it out would leave fewer than 10 months.",
    );
  });

  it("judges each series by its own last period", () => {
    const rows = table([...dailyRows("2023-01-01", "2024-12-31", 1, "east"), ...dailyRows("2023-01-01", "2024-12-22", 1, "west")], ["east", "west"]);
    const out = aggregateRows(rows, { ...opts("sum", "month", "region"), minPoints: 10 });
    const last = (g: number) => {
      const dates = rowsOf(out.columns).filter((_, i) => out.columns.groups!.codes[i] === g);
      return [dates.length, dates[dates.length - 1][0]];
    };
    expect(last(0)).toEqual([24, "2024-12-01"]);
    expect(last(1)).toEqual([23, "2024-11-01"]);
    expect(out.leftOut).toEqual([{ group: "west", date: t("2024-12-01"), value: 22, note: "December 2024 has rows up to 22 December only (22 of 31 days)" }]);
    expect(out.notes.join(" ")).toContain(
      'December 2024 has rows up to 22 December only (22 of 31 days) for region "west": left out of the fit, as its sum covers part of the month; the forecast starts with December 2024.',
    );
  });
});

describe("aggregate requests a user can get wrong", () => {
  it("refuses a frequency finer than the dates, naming the field", () => {
    const monthly = table(Array.from({ length: 24 }, (_, k) => [`${2020 + Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}-01`, k]));
    let error: unknown;
    try {
      aggregateRows(monthly, opts("sum", "day"));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ForecastError);
    expect((error as ForecastError).field).toBe("frequency");
    expect((error as ForecastError).message).toMatch(/"day" is finer than the data: every date is the start of a month.*Use month, quarter, year/);
    expect(() => aggregateRows(monthly, opts("sum", "week"))).toThrow(ForecastError);
    expect(() => aggregateRows(monthly, opts("sum", "month"))).not.toThrow();
    expect(() => aggregateRows(daily, opts("sum", "hour"))).toThrow(/start of a day/);
    // Weekly dates on Sundays (not period starts): refused per day by their spacing, taken per week.
    const sundays = table(Array.from({ length: 20 }, (_, k) => [new Date(t("2024-01-07") + 7 * k * DAY).toISOString(), k] as [string, number]));
    expect(() => aggregateRows(sundays, opts("sum", "day"))).toThrow(
      /typically 7 days apart, so most days would have no row. Use week, month, quarter or coarser/,
    );
    expect(aggregateRows(sundays, opts("sum", "week")).columns.values.length).toBe(20);
  });

  it("refuses more periods than a table may hold", () => {
    // Rows every 30 minutes for a day, and one 600 years later: per hour, 5.3 million hours.
    const wide = table([
      ...Array.from({ length: 48 }, (_, k) => [new Date(t("1500-01-01") + k * 1_800_000).toISOString(), 1] as [string, number]),
      ["2100-01-01T00:30:00Z", 2],
    ]);
    expect(() => aggregateRows(wide, opts("sum", "hour"))).toThrow(
      /gives 5,259,\d{3} periods over all series; at most 5,000,000 are supported. Use a coarser forecast.frequency/,
    );
    // Per year: 1500 to 2099; 2100, whose one row comes at 00:30 on 1 January (rows half an hour apart), is left out as partial.
    expect(aggregateRows(wide, opts("sum", "year")).columns.values.length).toBe(600);
  });

  it("refuses an unknown rule or frequency", () => {
    expect(() => aggregateRows(daily, opts("median" as never, "day"))).toThrow(/forecast.aggregate must be one of sum, mean, count, min, max/);
    expect(() => aggregateRows(daily, opts("sum", "fortnight" as never))).toThrow(/forecast.frequency must be one of hour, day/);
  });
});

describe("choosePeriod (no forecast.frequency)", () => {
  it("keeps days when most days have rows, and coarsens sparse days to weeks", () => {
    const dense: [string, number][] = [];
    const sparse: [string, number][] = [];
    for (let k = 0; k < 120; k++) {
      const day = new Date(t("2024-01-01") + k * DAY).toISOString();
      if (k % 7 !== 3) dense.push([day, 1], [day, 2]); // 6 of 7 days
      if (k % 3 === 0) sparse.push([day, 1]); // every third day
    }
    expect(choosePeriod(table(dense), 10)).toBe("day");
    expect(choosePeriod(table(sparse), 10)).toBe("week");
    // Monthly dates are never read per day or week.
    expect(choosePeriod(table(Array.from({ length: 30 }, (_, k) => [`${2020 + Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}-15`, k])), 10)).toBe(
      "month",
    );
  });

  it("does not coarsen below the points a series needs", () => {
    // Every third day over 40 days: weeks would fill, but 6 weeks are fewer than the 10 points needed.
    const rows = table(Array.from({ length: 14 }, (_, k) => [new Date(t("2024-01-01") + 3 * k * DAY).toISOString(), 1] as [string, number]));
    expect(choosePeriod(rows, 10)).toBe("day");
    expect(aggregateRows(rows, { ...opts("sum"), minPoints: 10 }).notes[0]).toContain("The day was chosen from the dates");
  });
});

describe("prepareSeries with an aggregate rule", () => {
  // Two rows on most days of 2024-01..2024-12: duplicates that a forecast without a rule refuses.
  const rows: [string, number][] = [];
  for (let k = 0; k < 366; k++) {
    const day = new Date(t("2024-01-01") + k * DAY).toISOString();
    rows.push([day, 1], [day, 2]);
  }
  const columns = table(rows);
  const base = { horizon: 3, dateField: "Order Date", valueField: "Sales" };

  it("without a rule, duplicates are refused with a message that names forecast.aggregate", () => {
    expect(() => prepareSeries(columns, base)).toThrow(/forecast\.aggregate \("sum", "mean", "count", "min" or "max"/);
  });

  it("with sum per month, gives a monthly series of the sums and states the rule", () => {
    const out = prepareSeries(columns, { ...base, aggregate: { rule: "sum", frequency: "month" } });
    expect(out.frequency).toEqual({ unit: "month", months: 1, anchor: "day", day: 1, timeOfDay: 0 });
    expect(out.series).toHaveLength(1);
    const s = out.series[0];
    expect(new Date(s.start).toISOString()).toBe("2024-01-01T00:00:00.000Z");
    expect(Array.from(s.values)).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((d) => 3 * d));
    expect(out.aggregate).toEqual({ rule: "sum", period: "month", detected: false, rows: 732, emptyPeriods: 0 });
    expect(out.notes[0]).toBe("732 rows were combined per month (UTC calendar months): the forecast is of the sum of Sales per month.");
  });

  it("detects days when every day has rows", () => {
    const out = prepareSeries(columns, { ...base, aggregate: { rule: "mean" } });
    expect(out.aggregate?.period).toBe("day");
    expect(out.series[0].values.length).toBe(366);
    expect(out.series[0].values[0]).toBe(1.5);
  });
});
