// chat-p52: wide tables, long daily tables, coded categories, small designs (lib/chat/testing/probe52). Each
// general fix is tested on made-up rows, with other wordings than the probe's; expected numbers are counted here.
import { describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const ask = (table: ReturnType<typeof tableFromRows>, datasetName: string, q: string) =>
  answerChat({ table, datasetName, messages: [{ role: "user", content: q }] });

const inflationRows = Array.from({ length: 30 }, (_, i) => [String(1950 + i), String(2 + ((i * 7) % 11) * 0.5), String(100 + i * 3)]);
const inflation = tableFromRows(["year", "inflation_pct", "wages"], inflationRows);

describe("a table named in the singular after one number field is named after that series, not its rows", () => {
  it("'how many years had inflation above 5' over a table called inflation counts the years of inflation_pct", async () => {
    const want = inflationRows.filter((r) => Number(r[1]) > 5).length;
    expect(want).toBeGreaterThan(0);
    expect(firstNumber(tableOf(await ask(inflation, "inflation", "how many years had inflation above 5"))[0])).toBe(want);
  });
  it("the plural of a table's name stays its rows: 'how many flights' over flights with flight_minutes", async () => {
    const flights = tableFromRows(
      ["carrier", "flight_minutes"],
      Array.from({ length: 12 }, (_, i) => [["AA", "BB"][i % 2], String(60 + i)]),
    );
    expect(firstNumber(tableOf(await ask(flights, "flights", "how many flights"))[0])).toBe(12);
  });
});

const promoRows = Array.from({ length: 24 }, (_, i) => [String(2015 + (i % 4)), i % 3 === 0 ? "yes" : "no", String(10 + ((i * 5) % 17))]);
const promos = tableFromRows(["year", "promotion", "units"], promoRows);

describe("a yes/no field listed after a grouping said as a time grain is grouped too", () => {
  it("'mean units by year and promotion': two groupings, no condition", async () => {
    const reply = await ask(promos, "store", "mean units by year and promotion");
    const plan = reply.plan as unknown as { groupBy: { field: string }[]; filters: unknown[] };
    expect(plan.groupBy.map((g) => g.field).sort()).toEqual(["promotion", "year"]);
    expect(plan.filters).toEqual([]);
    const rows = tableOf(reply);
    const want = promoRows.filter((r) => r[0] === "2016" && r[1] === "yes").map((r) => Number(r[2]));
    const got = rows.find((r) => String(r.year) === "2016" && r.promotion === "yes");
    expect(got?.["Average of units"]).toBeCloseTo(want.reduce((s, x) => s + x, 0) / want.length);
  });
});

const memberRows = Array.from({ length: 40 }, (_, i) => [String(5001 + i), ["Basic", "Plus"][i % 2], String(1 + (i % 3)), String(20 + ((i * 13) % 30))]);
const members = tableFromRows(["member", "plan", "zone", "spend"], memberRows);

describe("the plural of a numbering field's name (one row each, from any start) counts the things numbered", () => {
  it("'number of members by plan' over member 5001..5040 counts rows, not a total of the numbers", async () => {
    const reply = await ask(members, "club", "number of members by plan");
    const plan = reply.plan as unknown as { measure: { agg: string } };
    expect(plan.measure.agg).toBe("count");
    const rows = tableOf(reply);
    expect(rows.find((r) => r.plan === "Basic")?.["Number of rows"]).toBe(memberRows.filter((r) => r[1] === "Basic").length);
  });
});

describe("a field's level followed by its number is that value, not a grouping", () => {
  it("'average spend for zone level 2' is one number over zone 2", async () => {
    const reply = await ask(members, "club", "average spend for zone level 2");
    const want = memberRows.filter((r) => r[2] === "2").map((r) => Number(r[3]));
    expect((reply.plan as unknown as { groupBy: unknown[] }).groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want.reduce((s, x) => s + x, 0) / want.length);
  });
  it("'average spend by zone level' still groups", async () => {
    const reply = await ask(members, "club", "average spend by zone level");
    expect((reply.plan as unknown as { groupBy: { field: string }[] }).groupBy.map((g) => g.field)).toEqual(["zone"]);
  });
});

const dayRows = Array.from({ length: 40 }, (_, i) => [
  String(2001 + Math.floor(i / 20)),
  String(1 + (i % 20)),
  i % 4 === 0 ? "yes" : "no",
  String(5 + ((i * 7) % 13)),
]);
const dayCounts = tableFromRows(["year", "day", "holiday", "incidents"], dayRows);

describe("'per day' over year and day-number fields asks for no year grouping", () => {
  it("'average incidents per day with and without a holiday': by holiday only", async () => {
    const reply = await ask(dayCounts, "incidents_log", "average incidents per day with and without a public holiday");
    expect((reply.plan as unknown as { groupBy: { field: string }[] }).groupBy.map((g) => g.field)).toEqual(["holiday"]);
    const want = dayRows.filter((r) => r[2] === "yes").map((r) => Number(r[3]));
    expect(tableOf(reply).find((r) => r.holiday === "yes")?.["Average of incidents"]).toBeCloseTo(want.reduce((s, x) => s + x, 0) / want.length);
  });
  it("'average incidents per day' is one number", async () => {
    const want = dayRows.map((r) => Number(r[3]));
    expect(firstNumber(tableOf(await ask(dayCounts, "incidents_log", "average incidents per day"))[0])).toBeCloseTo(
      want.reduce((s, x) => s + x, 0) / want.length,
    );
  });
});

const quoteRows = Array.from({ length: 60 }, (_, i) => {
  const d = new Date(Date.UTC(2021, 11, 1) + i * 86400000).toISOString().slice(0, 10);
  return [d, String(50 + ((i * 17) % 23) + i * 0.5), String(1000 + i)];
});
const quotes = tableFromRows(["date", "close", "volume"], quoteRows);

describe("a change within one period is its last value minus its first", () => {
  it("'how much did the share price change during 2022' (the close, stated)", async () => {
    const in2022 = quoteRows.filter((r) => r[0].startsWith("2022"));
    const want = Number(in2022[in2022.length - 1][1]) - Number(in2022[0][1]);
    const reply = await ask(quotes, "quotes", "how much did the share price change during 2022");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/close/);
  });
});

describe("a day of the week and a year on one date field are both kept", () => {
  it("'mean volume on fridays in 2022'", async () => {
    const want = quoteRows.filter((r) => r[0].startsWith("2022") && new Date(`${r[0]}T00:00:00Z`).getUTCDay() === 5).map((r) => Number(r[2]));
    expect(want.length).toBeGreaterThan(0);
    const reply = await ask(quotes, "quotes", "mean volume on fridays in 2022");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want.reduce((s, x) => s + x, 0) / want.length);
  });
});

describe("a sign said as a comparison after the number field", () => {
  const weatherRows = Array.from({ length: 30 }, (_, i) => [`2020-01-${String(i + 1).padStart(2, "0")}`, String(((i * 7) % 15) - 6), String(i % 4)]);
  const weather = tableFromRows(["day", "temp_c", "snow_cm"], weatherRows);
  it("'how many days had a temp_c below zero', 'average snow when temp_c was below zero'", async () => {
    const cold = weatherRows.filter((r) => Number(r[1]) < 0);
    expect(firstNumber(tableOf(await ask(weather, "weather", "how many days had a temp_c below zero"))[0])).toBe(cold.length);
    const snow = cold.map((r) => Number(r[2]));
    expect(firstNumber(tableOf(await ask(weather, "weather", "average snow when temp_c was below zero"))[0])).toBeCloseTo(
      snow.reduce((s, x) => s + x, 0) / snow.length,
    );
  });
});
