// chat-p26: one-period questions, "or" lists, distinct counts and top-N periods over series (lib/chat/testing/probe26),
// each fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe26");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const wine = read("wineind.csv");
const gas = read("gas.csv");
const lake = read("lakehuron.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);

describe("a season of one year is its three months, not the whole year", () => {
  it("spring 1990 over a date column: March to May 1990", async () => {
    const reply = await askTurns(wine.table, "total sales in spring 1990");
    expect(reply.plan?.filters).toEqual([{ field: "date", op: "between", values: ["1990-03", "1990-05"] }]);
    const want = wine.rows.filter((r) => ["1990-03", "1990-04", "1990-05"].includes(String(r.date).slice(0, 7))).reduce((s, r) => s + num(r.sales), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("the autumn of 1980 over separate year and month columns: Sep, Oct, Nov of 1980", async () => {
    const reply = await askTurns(gas.table, "total gas in the autumn of 1980");
    expect(reply.plan?.filters).toContainEqual({ field: "month", op: "in", values: ["Sep", "Oct", "Nov"] });
    const want = gas.rows.filter((r) => num(r.year) === 1980 && ["Sep", "Oct", "Nov"].includes(String(r.month))).reduce((s, r) => s + num(r.gas), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("'fall' without a year is no date", async () => {
    const reply = await askTurns(wine.table, "did sales fall in 1990");
    expect(JSON.stringify(reply.plan?.filters ?? [])).not.toContain("1990-09");
  });
});

describe("years counted out over a date column are years, not days", () => {
  it("the 4 years with the lowest total sales", async () => {
    const reply = await askTurns(wine.table, "the 4 years with the lowest total sales");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "year" }]);
    const totals = new Map<string, number>();
    for (const r of wine.rows) totals.set(String(r.date).slice(0, 4), (totals.get(String(r.date).slice(0, 4)) ?? 0) + num(r.sales));
    const lowest = [...totals.entries()].sort((x, y) => x[1] - y[1])[0];
    expect(String(Object.values(reply.messages[1].table?.[0] ?? {})[0])).toBe(lowest[0]);
  });
});

describe("'how many years' over a yearly series with one row a year counts the rows", () => {
  it("how many years had a level below 577", async () => {
    const reply = await askTurns(lake.table, "how many years had a level below 577");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(lake.rows.filter((r) => num(r.level) < 577).length);
  });
});

describe("months without a year over a month field of its own filter that field", () => {
  it("average gas in March or April: those months of every year", async () => {
    const reply = await askTurns(gas.table, "average gas in March or April");
    expect(reply.plan?.filters).toEqual([{ field: "month", op: "in", values: ["Mar", "Apr"] }]);
    const kept = gas.rows.filter((r) => r.month === "Mar" || r.month === "Apr");
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(kept.reduce((s, r) => s + num(r.gas), 0) / kept.length, 2);
  });
  it("not in December: the other months", async () => {
    const reply = await askTurns(gas.table, "total gas not in December");
    expect(reply.plan?.filters).toEqual([{ field: "month", op: "neq", values: ["Dec"] }]);
  });
});

describe("numbers right after the name of a whole-number id field of many values are its values", () => {
  const sitka = read("sitka.csv");
  it("minimum size of tree 7 or 8 (79 trees)", async () => {
    const reply = await askTurns(sitka.table, "minimum size of tree 7 or 8");
    expect(reply.plan?.filters).toEqual([{ field: "tree", op: "in", values: [7, 8] }]);
    const sizes = sitka.rows.filter((r) => num(r.tree) === 7 || num(r.tree) === 8).map((r) => num(r.size));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(Math.min(...sizes));
  });
});

describe("'how many different years' over a date column counts the years, not the days", () => {
  it("one number: the years in the data (chat-p29: the count itself, no longer one group per year)", async () => {
    const reply = await askTurns(wine.table, "how many distinct years does the data cover");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "date", bucket: "year" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(new Set(wine.rows.map((r) => String(r.date).slice(0, 4))).size);
  });
});

describe("a year said after the last of several months is every month's", () => {
  it("May or June 1985 over a date column: the two months of 1985", async () => {
    const reply = await askTurns(wine.table, "total sales in May or June 1985");
    expect(reply.plan?.filters).toEqual([{ field: "date", op: "between", values: ["1985-05", "1985-06"] }]);
    const want = wine.rows.filter((r) => ["1985-05", "1985-06"].includes(String(r.date).slice(0, 7))).reduce((s, r) => s + num(r.sales), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("February or October 1960 over split year/month columns", async () => {
    const reply = await askTurns(gas.table, "total gas in February or October 1960");
    const want = gas.rows.filter((r) => num(r.year) === 1960 && (r.month === "Feb" || r.month === "Oct")).reduce((s, r) => s + num(r.gas), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});
