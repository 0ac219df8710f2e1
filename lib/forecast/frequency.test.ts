import { describe, expect, it } from "vitest";
import { dateAt, DAY, describeFrequency, HOUR, MINUTE, seasonCandidates } from "./calendar";
import { ForecastError } from "./errors";
import { detectFrequency } from "./frequency";
import { fillGaps, prepareSeries, type SeriesColumns } from "./prepare";
import { utc } from "./testing";

const single = (dates: number[], values?: number[]): SeriesColumns => ({
  dates: Float64Array.from(dates),
  values: Float64Array.from(values ?? dates.map((_, i) => i + 1)),
  groups: null,
});
const opts = { horizon: 2, dateField: "date", valueField: "value" };

describe("detectFrequency", () => {
  it("reads calendar months, quarters and years, anchored on the day or the month end", () => {
    const monthly = detectFrequency([Float64Array.from([utc(2020, 1), utc(2020, 2), utc(2020, 3), utc(2020, 5)])]);
    expect(monthly).toEqual({ frequency: { unit: "month", months: 1, anchor: "day", day: 1, timeOfDay: 0 }, irregular: false, snapped: 0 });
    const ends = detectFrequency([Float64Array.from([utc(2021, 1, 31), utc(2021, 2, 28), utc(2021, 3, 31), utc(2021, 4, 30)])]);
    expect(ends?.frequency).toMatchObject({ unit: "month", months: 1, anchor: "end" });
    expect(dateAt(ends!.frequency, utc(2021, 1, 31), 13)).toBe(utc(2022, 2, 28));
    const quarterly = detectFrequency([Float64Array.from([utc(1960, 1), utc(1960, 4), utc(1960, 7), utc(1960, 10), utc(1961, 1)])]);
    expect(quarterly?.frequency).toMatchObject({ unit: "month", months: 3 });
    expect(describeFrequency(quarterly!.frequency).adjective).toBe("quarterly");
    const yearly = detectFrequency([Float64Array.from([utc(1871, 1), utc(1872, 1), utc(1874, 1)])]);
    expect(yearly?.frequency).toMatchObject({ unit: "month", months: 12 });
  });

  it("reads fixed steps from 10 minutes to weeks, ignoring gaps (UTC, no daylight saving)", () => {
    const base = utc(1990, 1, 1, 8, 40);
    // 10-minute readings with one reading missing (a 20-minute step), as the beaver series.
    const tenMinutes = [0, 1, 2, 3, 5, 6, 7].map((k) => base + k * 10 * MINUTE);
    expect(detectFrequency([Float64Array.from(tenMinutes)])).toEqual({ frequency: { unit: "fixed", ms: 10 * MINUTE }, irregular: false, snapped: 0 });
    expect(describeFrequency({ unit: "fixed", ms: 10 * MINUTE }).adjective).toBe("10-minute");
    const hourly = [0, 1, 2, 5, 6, 7, 8].map((k) => base + k * HOUR);
    expect(detectFrequency([Float64Array.from(hourly)])?.frequency).toEqual({ unit: "fixed", ms: HOUR });
    const daily = Array.from({ length: 30 }, (_, k) => utc(2023, 3, 1) + k * DAY);
    expect(detectFrequency([Float64Array.from(daily)])?.frequency).toEqual({ unit: "fixed", ms: DAY });
    const weekly = Array.from({ length: 10 }, (_, k) => utc(2023, 1, 2) + k * 7 * DAY);
    expect(detectFrequency([Float64Array.from(weekly)])?.frequency).toEqual({ unit: "fixed", ms: 7 * DAY });
  });

  it("moves local midnights written across a daylight-saving change back to whole days", () => {
    // Europe/Berlin midnights around 2021-03-28 written as UTC instants: 23:00Z, then 22:00Z.
    const dates = [utc(2021, 3, 25, 23), utc(2021, 3, 26, 23), utc(2021, 3, 27, 23), utc(2021, 3, 28, 22), utc(2021, 3, 29, 22), utc(2021, 3, 30, 22)];
    const found = detectFrequency([Float64Array.from(dates)]);
    expect(found?.frequency).toEqual({ unit: "fixed", ms: DAY });
    expect(found?.irregular).toBe(false);
    expect(found?.snapped).toBe(3);
  });

  it("recognises business days (no weekends) and counts steps over weekends", () => {
    const dates: number[] = [];
    for (let t = utc(2024, 1, 1); dates.length < 30; t += DAY) {
      const wd = new Date(t).getUTCDay();
      if (wd !== 0 && wd !== 6) dates.push(t);
    }
    const found = detectFrequency([Float64Array.from(dates)]);
    expect(found?.frequency).toEqual({ unit: "weekday", timeOfDay: 0 });
    // Friday 2024-01-05 + 1 business day = Monday 2024-01-08.
    expect(dateAt(found!.frequency, utc(2024, 1, 5), 1)).toBe(utc(2024, 1, 8));
    expect(seasonCandidates(found!.frequency)[0].period).toBe(5);
  });

  it("flags timestamps off any grid as irregular", () => {
    const dates = [0, 7, 19, 31, 40, 52, 67, 70].map((m) => utc(2024, 5, 1, 12) + m * MINUTE);
    expect(detectFrequency([Float64Array.from(dates)])?.irregular).toBe(true);
  });

  it("offers the calendar's cycles as seasonal periods", () => {
    expect(seasonCandidates({ unit: "fixed", ms: 30 * MINUTE }).map((c) => c.period)).toEqual([48, 336]);
    expect(seasonCandidates({ unit: "fixed", ms: DAY }).map((c) => c.period)).toEqual([7, 365]);
    expect(seasonCandidates({ unit: "month", months: 1, anchor: "day", day: 1, timeOfDay: 0 }).map((c) => c.period)).toEqual([12]);
    expect(seasonCandidates({ unit: "month", months: 12, anchor: "day", day: 1, timeOfDay: 0 })).toEqual([]);
  });
});

describe("prepareSeries", () => {
  it("places values on the grid, leaves gaps for filling and says so", () => {
    const dates = [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => utc(2020, 1, 1) + k * DAY);
    const prepared = prepareSeries(single(dates), opts);
    expect(prepared.series).toHaveLength(1);
    const s = prepared.series[0];
    expect(s.start).toBe(utc(2020, 1, 1));
    expect(s.values.length).toBe(12);
    expect(Number.isNaN(s.values[3])).toBe(true);
    expect(s.missing).toBe(1);
    expect(prepared.notes[0]).toBe("The data is daily.");
    expect(fillGaps(s.values, 1)).toBe(1);
    expect(s.values[3]).toBeCloseTo(3.5, 10);
  });

  it("names duplicated timestamps per series", () => {
    const dates = Array.from({ length: 12 }, (_, k) => utc(2020, 1 + k));
    dates[5] = dates[4];
    const run = () => prepareSeries(single(dates), opts);
    expect(run).toThrow(ForecastError);
    expect(run).toThrow(/more than one row for 2020-05-01T00:00:00.000Z/);
    expect(run).toThrow(/group_field/);
  });

  it("needs 2 x horizon (and 10) points in every series", () => {
    const dates = Array.from({ length: 15 }, (_, k) => utc(2020, 1 + k));
    expect(() => prepareSeries(single(dates), { ...opts, horizon: 8 })).toThrow(/has 15 points.*at least 16 points per series/);
    expect(() => prepareSeries(single(dates.slice(0, 9)), { ...opts, horizon: 1 })).toThrow(/at least 10 points/);
    try {
      prepareSeries(single(dates), { ...opts, horizon: 8 });
    } catch (error) {
      expect((error as ForecastError).field).toBe("horizon");
    }
  });

  it("splits a table into one series per group and checks each", () => {
    const dates: number[] = [];
    const codes: number[] = [];
    const values: number[] = [];
    for (let g = 0; g < 3; g++)
      for (let k = 0; k < 12; k++) {
        dates.push(utc(2021, 1 + k));
        codes.push(g);
        values.push(10 * (g + 1) + k);
      }
    const columns: SeriesColumns = {
      dates: Float64Array.from(dates),
      values: Float64Array.from(values),
      groups: { codes: Int32Array.from(codes), dictionary: ["north", "south", "east"] },
    };
    const prepared = prepareSeries(columns, { ...opts, groupField: "store" });
    expect(prepared.series.map((s) => s.key)).toEqual(["north", "south", "east"]);
    expect(Array.from(prepared.series[2].values.subarray(0, 3))).toEqual([30, 31, 32]);
    // A duplicate in one series only is reported with that series' name.
    columns.dates[13] = columns.dates[12];
    expect(() => prepareSeries(columns, { ...opts, groupField: "store" })).toThrow(/Series store = "south" has more than one row/);
  });

  it("averages irregular timestamps per step and refuses series that are mostly gaps", () => {
    const minutes = [0, 5, 61, 65, 119, 180, 245, 300, 360, 421, 480, 545, 600];
    const prepared = prepareSeries(single(minutes.map((m) => utc(2024, 1, 1) + m * MINUTE)), opts);
    expect(prepared.irregular).toBe(true);
    expect(prepared.frequency).toEqual({ unit: "fixed", ms: HOUR });
    expect(prepared.series[0].values[0]).toBe(1.5); // rows 1 and 2 share the 00:00 hour
    expect(prepared.notes.join(" ")).toMatch(/averaged per hour/);
    const sparse = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 40, 80].map((k) => utc(2020, 1, 1) + k * DAY);
    expect(() => prepareSeries(single(sparse), opts)).toThrow(/has a value for only 15%/);
  });

  it("drops missing values at the ends and counts rows without a date", () => {
    const dates = Array.from({ length: 14 }, (_, k) => utc(2020, 1 + k));
    const values = dates.map((_, k) => k);
    values[0] = NaN;
    values[13] = NaN;
    const columns = single([...dates, NaN], [...values, 5]);
    const prepared = prepareSeries(columns, opts);
    expect(prepared.series[0].start).toBe(utc(2020, 2));
    expect(prepared.series[0].values.length).toBe(12);
    expect(prepared.notes.join(" ")).toMatch(/1 row without a date value was left out/);
  });
});
