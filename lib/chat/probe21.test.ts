// chat-probe21: date questions over R time series (lib/chat/testing/probe21), each fixed by its general cause and
// tested here with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never
// from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe21");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const uk = read("ukdriverdeaths.csv");
const eu = read("eustockmarkets.csv");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("'X before/after <month year>' right after a number field: the date compares the time field", () => {
  it("total deaths after August 1980", async () => {
    const reply = await askTurns(uk.table, "total deaths after August 1980");
    expect(reply.plan?.filters).toEqual([{ field: "date", op: "gt", values: ["1980-08"] }]);
    const want = sum(uk.rows.filter((r) => String(r.date) >= "1980-09").map((r) => Number(r.deaths)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("mean CAC before 1994-03-15 (a full date)", async () => {
    const reply = await askTurns(eu.table, "mean CAC before 1994-03-15");
    const want = mean(eu.rows.filter((r) => String(r.date) < "1994-03-15").map((r) => Number(r.CAC)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 1);
  });
});

describe("warm/hot/cold/cool said of a temperature field: the superlative ranks the temperature", () => {
  const nottem = read("nottem.csv");
  it("which year was the coldest on average", async () => {
    const reply = await askTurns(nottem.table, "which year was the coldest on average");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "temp" });
    const byYear = new Map<string, number[]>();
    for (const r of nottem.rows) {
      const y = String(r.date).slice(0, 4);
      byYear.set(y, [...(byYear.get(y) ?? []), Number(r.temp)]);
    }
    const [year] = [...byYear].map(([y, xs]) => [y, mean(xs)] as const).sort((a, b) => a[1] - b[1])[0];
    expect(reply.messages[0].content).toMatch(new RegExp(`^${year} has the lowest`));
  });
});

describe("the month of the year: a bucket of its own (January..December over every year)", () => {
  const nottem = read("nottem.csv");
  const byCalendarMonth = (rows: Record<string, unknown>[], field: string) => {
    const m = new Map<number, number[]>();
    for (const r of rows) {
      const k = Number(String(r.date).slice(5, 7));
      m.set(k, [...(m.get(k) ?? []), Number(r[field])]);
    }
    return m;
  };
  it("which calendar month has the lowest average temp", async () => {
    const reply = await askTurns(nottem.table, "which calendar month has the lowest average temp");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "monthOfYear" }]);
    const means = [...byCalendarMonth(nottem.rows, "temp")].map(([k, xs]) => [k, mean(xs)] as const).sort((a, b) => a[1] - b[1]);
    const names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    expect(reply.messages[0].content).toMatch(new RegExp(`^${names[means[0][0] - 1]} has the lowest`));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(means[0][1], 2);
  });
  it("an average 'by month' of a series with one row per month is over the months of the year, stated", async () => {
    const reply = await askTurns(uk.table, "mean deaths for each month");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "monthOfYear" }]);
    expect(reply.messages[1].table).toHaveLength(12);
    expect(reply.messages[1].table?.[0]).toMatchObject({ date: "January" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(byCalendarMonth(uk.rows, "deaths").get(1)!), 2);
    expect(reply.assumptions?.join(" ")).toMatch(/month of the year/);
  });
  it("a total by month, or a trend, keeps the series", async () => {
    for (const q of ["total deaths by month", "trend of average deaths by month"]) {
      const reply = await askTurns(uk.table, q);
      expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "month" }]);
    }
  });
});

describe("a month and year said over a table split into year and month fields", () => {
  const air = read("airpassengers.csv");
  const total = (keep: (r: Record<string, unknown>) => boolean) => sum(air.rows.filter(keep).map((r) => Number(r.passengers)));
  it("passengers in July 1953: the year on year, the month on month", async () => {
    const reply = await askTurns(air.table, "total passengers in July 1953");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "year", op: "eq", values: [1953] },
        { field: "month", op: "eq", values: ["Jul"] },
      ]),
    );
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(total((r) => Number(r.year) === 1953 && r.month === "Jul"));
  });
  it("the second half of 1951 and Q2 1958: the months of the period", async () => {
    const h2 = await askTurns(air.table, "total passengers in the second half of 1951");
    expect(firstNumber(h2.messages[1].table?.[0])).toBe(
      total((r) => Number(r.year) === 1951 && ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].includes(String(r.month))),
    );
    const q2 = await askTurns(air.table, "total passengers in Q2 1958");
    expect(firstNumber(q2.messages[1].table?.[0])).toBe(total((r) => Number(r.year) === 1958 && ["Apr", "May", "Jun"].includes(String(r.month))));
  });
});

it("'the coldest month on record' (no average said) ranks the months of the series", async () => {
  const nottem = read("nottem.csv");
  const reply = await askTurns(nottem.table, "the coldest month on record");
  expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "month" }]);
});
