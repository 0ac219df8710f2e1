// chat-p57: field names with a horizon glued to a code (tsy10y, rate7y, ret_12m) and monthly series
// (lib/chat/testing/probe57). Each general fix is tested on made-up rows, with other wordings than the probe's;
// expected numbers are computed from the rows here.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { horizonPattern, numberedName } from "./understand/numbered-fields";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("numberedName", () => {
  it("reads a number glued to a period unit, with the code around it", () => {
    expect(numberedName("tcm10y")).toEqual({ field: "tcm10y", horizon: { base: "month", count: 120 }, stem: ["tcm"] });
    expect(numberedName("yield_3m")?.horizon).toEqual({ base: "month", count: 3 });
    expect(numberedName("lag1d")?.horizon).toEqual({ base: "day", count: 1 });
    expect(numberedName("rate_10_yr")).toEqual({ field: "rate_10_yr", horizon: { base: "month", count: 120 }, stem: ["rate"] });
    expect(numberedName("Return2W")?.horizon).toEqual({ base: "day", count: 14 });
  });
  it("a number that no period unit follows is no horizon", () => {
    for (const name of ["pm2_5", "pm10", "co2", "h2o", "no2", "q1_sales", "sales_2019", "pop2010", "x1y2z"]) expect(numberedName(name)).toBeNull();
  });
  it("the pattern says the horizon in any unit that divides it", () => {
    const re = new RegExp(`^(?:${horizonPattern(numberedName("ret_12m")!)})$`, "i");
    for (const said of ["12-month", "12m", "1-year", "one year", "12 months return", "1 yr returns"]) expect(re.test(said)).toBe(true);
    for (const said of ["3-month", "12 days", "2 years"]) expect(re.test(said)).toBe(false);
  });
});

const months = Array.from({ length: 48 }, (_, i) => `${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`);
const r2 = months.map((_, i) => Math.round((2 + Math.sin(i / 5) + i * 0.03) * 100) / 100);
const r7 = months.map((_, i) => Math.round((3 + Math.cos(i / 7) + i * 0.02) * 100) / 100);
const rates = tableFromRows(
  ["month", "rate2y", "rate7y"],
  months.map((m, i) => [m, String(r2[i]), String(r7[i])]),
);

describe("a horizon said names the field of that horizon", () => {
  it("'the seven-year' is rate7y, averaged per year", async () => {
    const reply = await askTurns(rates, "what was the average seven-year rate in 2012?");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(r7.slice(24, 36)), 3);
  });
  it("'2y' glued is rate2y", async () => {
    const reply = await askTurns(rates, "max 2y rate");
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.max(...r2));
  });
  it("a horizon no field has is no field, not a row count", async () => {
    const reply = await askTurns(rates, "average 5-year rate");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("5 year");
  });
  it("the code alone asks which horizon", async () => {
    const reply = await askTurns(rates, "how many months was the rate below 3?");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("rate2y");
    expect(reply.messages[0].content).toContain("rate7y");
  });
  it("'the last 12 months' stays a span of time", async () => {
    const yields = tableFromRows(
      ["month", "yld_12m", "yld_2y"],
      months.map((m, i) => [m, String(r2[i]), String(r7[i])]),
    );
    const reply = await askTurns(yields, "average yld_2y over the last 12 months");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(r7.slice(36)), 3);
  });
  it("'1-year' is the 12-month field", async () => {
    const funds = tableFromRows(
      ["fund", "ret_3m", "ret_12m"],
      Array.from({ length: 10 }, (_, i) => [`F${i}`, String(i - 3), String(i * 2 - 5)]),
    );
    const reply = await askTurns(funds, "how many funds had a negative one-year return?");
    expect(firstNumber(tableOf(reply)[0])).toBe(3);
  });
  it("a series noun no field holds, after a horizon, is part of its name", async () => {
    const reply = await askTurns(rates, "lowest 7 year treasury yield");
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.min(...r7));
  });
});

describe("two horizons in a difference", () => {
  it("'the 7-year minus the 2-year' is a column of differences", async () => {
    const reply = await askTurns(rates, "largest 7-year minus 2-year spread");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(Math.max(...r7.map((v, i) => v - r2[i])), 3);
  });
  it("'the gap between the 2y and the 7y rate' is the first minus the second", async () => {
    const reply = await askTurns(rates, "average gap between the 2y and the 7y rate");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(r2.map((v, i) => v - r7[i])), 3);
  });
});

describe("when and which row of a monthly series", () => {
  const level = tableFromRows(
    ["month", "level"],
    months.map((m, i) => [m, String(r2[i])]),
  );
  const top = months[r2.indexOf(Math.max(...r2))];
  it("'when did level peak' names the month of the highest value", async () => {
    const reply = await askTurns(level, "when did level peak?");
    expect(reply.messages[0].content).toContain(top);
  });
  it("'when was level at its highest' names it too", async () => {
    const reply = await askTurns(level, "when was level at its highest");
    expect(reply.messages[0].content).toContain(top);
  });
  it("'the latest 7-year rate' is the last row's value, not the last 7 years", async () => {
    const reply = await askTurns(rates, "the latest 7-year rate");
    expect(tableOf(reply)[0].rate7y).toBe(r7[r7.length - 1]);
  });
});

describe("codes glued to numbers", () => {
  const air = tableFromRows(
    ["day", "pm2_5", "pm10", "o3"],
    Array.from({ length: 12 }, (_, i) => [`2023-01-${String(i + 1).padStart(2, "0")}`, String(5 + i), String(20 + i * 2), String(40 + (i % 5))]),
  );
  it("'PM 2.5' said apart is pm2_5", async () => {
    expect(firstNumber(tableOf(await askTurns(air, "max PM 2.5"))[0])).toBe(16);
  });
  it("'ozone' is o3", async () => {
    expect(firstNumber(tableOf(await askTurns(air, "highest ozone"))[0])).toBe(44);
  });
});

describe("two series over time", () => {
  it("'plot the 2-year and 7-year rates over time' draws both along the months", async () => {
    const reply = await askTurns(rates, "plot the 2-year and 7-year rates over time");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["month"]);
    expect([reply.plan?.measure.field, ...(reply.plan?.extraMeasures ?? []).map((m) => m.field)].sort()).toEqual(["rate2y", "rate7y"]);
  });
});
