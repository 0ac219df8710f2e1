// chat-p28: series tables with several numeric columns and dotted / joined names (lib/chat/testing/probe28),
// each fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe28");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const bj = read("bjsales.csv");
const longley = read("longley.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a comparison said before a field's name compares that field with the number after it", () => {
  it("'before time 40' is time below 40, not time 40", async () => {
    const reply = await askTurns(bj.table, "mean BJsales.lead before time 40");
    expect(reply.plan?.filters).toEqual([{ field: "time", op: "lt", values: [40] }]);
    const want = mean(bj.rows.filter((r) => num(r.time) < 40).map((r) => num(r["BJsales.lead"])));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
  });
  it("'above unemployed 300' over a yearly table", async () => {
    const reply = await askTurns(longley.table, "how many years had above Unemployed 300");
    expect(reply.plan?.filters).toEqual([{ field: "Unemployed", op: "gt", values: [300] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(longley.rows.filter((r) => num(r.Unemployed) > 300).length);
  });
});

const deaths = read("deaths.csv");

describe("a grain word before a field's own name is the grain, not the initial of another field", () => {
  it("'monthly deaths' beside deaths, mdeaths and fdeaths is deaths; 'male deaths' stays mdeaths", async () => {
    const monthly = await askTurns(deaths.table, "mean monthly deaths in 1977");
    expect(monthly.plan?.measure.field).toBe("deaths");
    const male = await askTurns(deaths.table, "mean male deaths in 1977");
    expect(male.plan?.measure.field).toBe("mdeaths");
  });
  it("the average of the months of a monthly series is one number", async () => {
    const reply = await askTurns(deaths.table, "what was the median monthly deaths in 1979");
    expect(reply.plan?.groupBy).toEqual([]);
    const xs = deaths.rows
      .filter((r) => String(r.date).startsWith("1979"))
      .map((r) => num(r.deaths))
      .sort((x, y) => x - y);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe((xs[5] + xs[6]) / 2);
  });
});

describe("a count's noun run together after one letter adds up like the noun alone", () => {
  it("'male deaths in 1975' over mdeaths is the year's total", async () => {
    const reply = await askTurns(deaths.table, "male deaths in 1975");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "mdeaths" });
    const want = deaths.rows.filter((r) => String(r.date).startsWith("1975")).reduce((s, r) => s + num(r.mdeaths), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});

describe("a number field named by an '-ed' word is also named by its noun in -ment", () => {
  it("'unemployment' is Unemployed", async () => {
    const reply = await askTurns(longley.table, "total unemployment after 1955");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Unemployed" });
    const want = longley.rows.filter((r) => num(r.Year) > 1955).reduce((s, r) => s + num(r.Unemployed), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 6);
  });
});

const presidents = read("presidents.csv");

describe("a quarter of a year over a year field and a quarter field of its own", () => {
  it("'the second quarter of 1972' is year 1972 and quarter Q2", async () => {
    const reply = await askTurns(presidents.table, "approval in the second quarter of 1972");
    expect(reply.plan?.filters).toEqual([
      { field: "year", op: "eq", values: [1972] },
      { field: "quarter", op: "eq", values: ["Q2"] },
    ]);
    const row = presidents.rows.find((r) => num(r.year) === 1972 && r.quarter === "Q2");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(num(row?.approval));
  });
});
