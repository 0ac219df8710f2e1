// chat-p29: time series tables — per-period questions of dated data (lib/chat/testing/probe29), each fixed by its
// general cause and tested here with other wordings than the probe's. Expected numbers come from the CSV rows with
// plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe29");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const uspop = read("uspop.csv");
const nhtemp = read("nhtemp.csv");
const ukgas = read("ukgas.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a series named by a short prefix glued to its noun is said by the noun or its synonym", () => {
  it("'population' is uspop, 'temperature' is nhtemp, 'gas' is UKgas", async () => {
    const pop = await askTurns(uspop.table, "highest population");
    expect(pop.plan?.measure).toEqual({ agg: "max", field: "uspop" });
    expect(firstNumber(pop.messages[1].table?.[0])).toBe(Math.max(...uspop.rows.map((r) => num(r.uspop))));
    const temp = await askTurns(nhtemp.table, "mean temperature after 1960");
    expect(temp.plan?.measure).toEqual({ agg: "mean", field: "nhtemp" });
    const want = mean(nhtemp.rows.filter((r) => num(r.year) > 1960).map((r) => num(r.nhtemp)));
    expect(firstNumber(temp.messages[1].table?.[0])).toBeCloseTo(want, 3);
    const gas = await askTurns(ukgas.table, "total gas in 1982");
    expect(gas.plan?.measure).toEqual({ agg: "sum", field: "UKgas" });
  });
});

const usacc = read("usaccdeaths.csv");
const yearTotal = (year: string) => usacc.rows.filter((r) => String(r.date).startsWith(year)).reduce((s, r) => s + num(r.USAccDeaths), 0);
const valueIn = (t: typeof uspop, field: string, year: number) => num(t.rows.find((r) => num(r.year) === year)?.[field]);

describe("a change between two periods is one difference and its percent", () => {
  it("'how much did the population increase from 1850 to 1900' is the 1900 value minus the 1850 one", async () => {
    const reply = await askTurns(uspop.table, "how much did the population increase from 1850 to 1900");
    expect(reply.plan?.change).toMatchObject({ field: "year", from: 1850, to: 1900 });
    expect(reply.plan?.groupBy).toEqual([]);
    const want = valueIn(uspop, "uspop", 1900) - valueIn(uspop, "uspop", 1850);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 6);
  });
  it("'percentage increase in deaths from 1976 to 1978' over a monthly table leads with the percent of the yearly totals", async () => {
    const reply = await askTurns(usacc.table, "percentage increase in deaths from 1976 to 1978");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "USAccDeaths" });
    const want = (100 * (yearTotal("1978") - yearTotal("1976"))) / yearTotal("1976");
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
  });
  it("'was it colder in 1920 than in 1930' sets 1920 against 1930 and says yes or no", async () => {
    const reply = await askTurns(nhtemp.table, "was it colder in 1920 than in 1930");
    expect(reply.plan?.change).toMatchObject({ field: "year", from: 1930, to: 1920, than: "lt" });
    const diff = valueIn(nhtemp, "nhtemp", 1920) - valueIn(nhtemp, "nhtemp", 1930);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(diff, 6);
    expect(reply.messages[0].content.startsWith(diff < 0 ? "Yes." : "No.")).toBe(true);
    expect(reply.assumptions?.some((s) => s.includes("did not use"))).toBe(false);
  });
  it("two years without a word of change or 'than' stay a filter of the years", async () => {
    const reply = await askTurns(usacc.table, "total deaths between 1974 and 1975");
    expect(reply.plan?.change).toBeUndefined();
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(yearTotal("1974") + yearTotal("1975"));
  });
});

describe("superlatives of a series", () => {
  it("a data set named like its one series ('ukgas' over UKgas) does not make the series' name the rows' noun", async () => {
    const reply = await answerChat({ table: ukgas.table, datasetName: "ukgas", messages: [{ role: "user", content: "lowest ukgas year" }] });
    expect(reply.plan?.measure.field).toBe("UKgas");
  });
  it("'which month was the deadliest' over a deaths series ranks the deaths, not the rows", async () => {
    const reply = await askTurns(usacc.table, "which month was the deadliest");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "USAccDeaths" });
    const best = [...usacc.rows].sort((x, y) => num(y.USAccDeaths) - num(x.USAccDeaths))[0];
    expect(String(tableOf(reply)[0].date)).toBe(String(best.date).slice(0, 7));
  });
});

describe("periods of a dated table counted or averaged over, as one number", () => {
  it("'how many distinct quarters are there' over a monthly date field counts the quarters", async () => {
    const reply = await askTurns(usacc.table, "how many distinct quarters are there");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "date", bucket: "quarter" });
    const quarters = new Set(usacc.rows.map((r) => `${String(r.date).slice(0, 4)}-${Math.floor((Number(String(r.date).slice(5, 7)) - 1) / 3)}`));
    expect(firstNumber(tableOf(reply)[0])).toBe(quarters.size);
  });
  it("'average deaths a year' over monthly rows is the yearly total averaged, said, with the other reading named", async () => {
    const reply = await askTurns(usacc.table, "average yearly deaths");
    expect(reply.plan?.groupBy).toEqual([]);
    const years = ["1973", "1974", "1975", "1976", "1977", "1978"];
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(years.reduce((s, y) => s + yearTotal(y), 0) / years.length, 2);
    expect(reply.messages[0].content).toContain("yearly");
    expect(reply.messages[0].content).toContain("could also mean");
  });
  it("'average deaths by year' still lists the years", async () => {
    const reply = await askTurns(usacc.table, "average deaths by year");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "year" }]);
  });
});

describe("'average X per year' over finer rows keeps the years listed and names the one number", () => {
  it("the listing, with the average yearly total as the other reading", async () => {
    const reply = await askTurns(usacc.table, "mean deaths per year");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "year" }]);
    expect(reply.messages[0].content).toContain("could also mean: total of USAccDeaths / number of distinct values of date (per year)");
  });
});
