// chat-derive31: measures computed from two fields of the same row (differences, durations between dates). Tested
// on made-up tables (shipments with two dates, repair jobs with two timestamps, daily prices with high and low);
// expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { describeTable } from "./columns";
import { readDifferences } from "./derive";
import { executePlan } from "./execute";
import { checkPlanFields } from "./llm";
import { type AnalysisPlan, planSchema } from "./plan";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

let seed = 7;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const DAY = 86_400_000;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const numbers = (reply: { messages: { content: string }[] }) =>
  (reply.messages[0].content.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((s) => Number(s.replace(/,/g, "")));
const near = (reply: { messages: { content: string }[] }, x: number, digits = 2) =>
  expect(
    numbers(reply).some((n) => Math.abs(n - x) < 0.5 * 10 ** -digits + 1e-9),
    `${x} in ${reply.messages[0].content}`,
  ).toBe(true);

// Shipments: Dispatched and Delivered dates, a Carrier, a Weight.
const carriers = ["Falcon", "Heron", "Osprey"];
const shipRows: string[][] = [];
for (let i = 0; i < 60; i++) {
  const sent = Date.UTC(2025, 0, 1) + Math.floor(next() * 200) * DAY;
  const carrier = carriers[i % 3];
  const days = 1 + Math.floor(next() * (carrier === "Heron" ? 9 : 5));
  shipRows.push([`S${100 + i}`, day(sent), day(sent + days * DAY), carrier, (1 + next() * 20).toFixed(1)]);
}
const shipHeader = ["Shipment", "Dispatched", "Delivered", "Carrier", "Weight"];
const shipments: Table = tableFromRows(shipHeader, shipRows);
const transit = shipRows.map((r) => (Date.parse(r[2]) - Date.parse(r[1])) / DAY);

// Repair jobs: reported_at and fixed_at timestamps.
const jobRows: string[][] = [];
for (let i = 0; i < 40; i++) {
  const at = Date.UTC(2025, 2, 1, 8) + Math.floor(next() * 2000) * 3_600_000;
  const hours = 2 + Math.floor(next() * 60);
  jobRows.push([String(i + 1), stamp(at), stamp(at + hours * 3_600_000), i % 2 ? "Plumbing" : "Electric"]);
}
const jobs: Table = tableFromRows(["job_id", "reported_at", "fixed_at", "trade"], jobRows);
const jobHours = jobRows.map((r) => (Date.parse(`${r[2].replace(" ", "T")}Z`) - Date.parse(`${r[1].replace(" ", "T")}Z`)) / 3_600_000);

// Daily prices: High and Low.
const priceRows: string[][] = [];
for (let i = 0; i < 30; i++) {
  const low = 40 + next() * 10;
  priceRows.push([day(Date.UTC(2024, 5, 1) + i * DAY), (low + next() * 6).toFixed(2), low.toFixed(2), i % 2 ? "North" : "South"]);
}
const prices: Table = tableFromRows(["Day", "High", "Low", "Market"], priceRows);
const spread = priceRows.map((r) => Number(r[1]) - Number(r[2]));

describe("durations between two date fields", () => {
  it("'average days to deliver' is Delivered minus Dispatched in days, stated as read", async () => {
    const reply = await askTurns(shipments, "average days to deliver");
    near(reply, mean(transit));
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Delivered", minus: "Dispatched", unit: "days" });
    expect(reply.messages[0].content).toMatch(/I read "days to deliver" as Delivered minus Dispatched in days/);
  });

  it("per group and ranked: 'which carrier has the longest average days to deliver'", async () => {
    const reply = await askTurns(shipments, "which carrier has the longest average days to deliver?");
    const byCarrier = carriers.map((c) => mean(transit.filter((_, i) => shipRows[i][3] === c)));
    const best = carriers[byCarrier.indexOf(Math.max(...byCarrier))];
    expect(reply.messages[0].content.startsWith(best)).toBe(true);
    near(reply, Math.max(...byCarrier));
  });

  it("a filter on it: 'how many shipments took more than 4 days to deliver'", async () => {
    const reply = await askTurns(shipments, "how many shipments took more than 4 days to deliver?");
    near(reply, transit.filter((d) => d > 4).length, 0);
    const longer = await askTurns(shipments, "how many shipments took longer than 3 days to deliver?");
    near(longer, transit.filter((d) => d > 3).length, 0);
  });

  it("'time between dispatched and delivered' takes the later date first, whichever order is said", async () => {
    const reply = await askTurns(shipments, "median time between delivered and dispatched");
    const sorted = [...transit].sort((a, b) => a - b);
    near(reply, (sorted[29] + sorted[30]) / 2);
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Delivered", minus: "Dispatched" });
  });

  it("hours when the question says hours: 'average hours to fix by trade'", async () => {
    const reply = await askTurns(jobs, "average hours to fix by trade");
    const rows = tableOf(reply);
    for (const trade of ["Plumbing", "Electric"]) {
      const want = mean(jobHours.filter((_, i) => jobRows[i][3] === trade));
      const row = rows.find((r) => r.trade === trade);
      expect(Number(Object.values(row ?? {}).find((v) => typeof v === "number" && v !== row?.rows))).toBeCloseTo(want, 2);
    }
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "fixed_at", minus: "reported_at", unit: "hours" });
  });
});

describe("differences of two number fields", () => {
  it("'the largest daily range (High - Low)': the day with the largest difference", async () => {
    const reply = await askTurns(prices, "which day had the largest daily range (High - Low)?");
    const top = spread.indexOf(Math.max(...spread));
    expect(reply.messages[0].content.startsWith(priceRows[top][0])).toBe(true);
    near(reply, spread[top]);
  });

  it("'average High minus Low by market'", async () => {
    const reply = await askTurns(prices, "average High minus Low by market");
    const rows = tableOf(reply);
    for (const market of ["North", "South"]) {
      const want = mean(spread.filter((_, i) => priceRows[i][3] === market));
      const row = rows.find((r) => r.Market === market);
      expect(Number(row?.["Average of High minus Low"])).toBeCloseTo(want, 2);
    }
  });

  it("'how much higher is the High than the Low on average'", async () => {
    const reply = await askTurns(prices, "how much higher is the High than the Low on average?");
    near(reply, mean(spread));
  });

  it("a field name alone is no difference: 'average High'", () => {
    expect(readDifferences(["average High", "High vs Low"], describeTable(prices)).derived).toEqual([]);
  });
});

// Monthly trade: Export and Import counts (singular names, asked in the plural).
const tradeRows: string[][] = [];
for (let i = 0; i < 36; i++) tradeRows.push([day(Date.UTC(2023, i, 1)), String(100 + Math.floor(next() * 50)), String(90 + Math.floor(next() * 70))]);
const trade: Table = tableFromRows(["Month", "Export", "Import"], tradeRows);

describe("two fields compared over the rows of a period", () => {
  it("'how many more exports than imports were there in 2024': the total of Export minus Import", async () => {
    const reply = await askTurns(trade, "how many more exports than imports were there in 2024?");
    const in2024 = tradeRows.filter((r) => r[0].startsWith("2024"));
    near(
      reply,
      in2024.reduce((sum, r) => sum + Number(r[1]) - Number(r[2]), 0),
      0,
    );
    expect(reply.messages[0].content).toMatch(/Export minus Import/);
  });
});

describe("the plan's derived columns", () => {
  it("execute and check a derived measure from a plan alone (as the language model sends it)", () => {
    const plan: AnalysisPlan = planSchema.parse({
      intent: "aggregate",
      measure: { agg: "max", field: "gap" },
      derived: [{ name: "gap", field: "High", minus: "Low" }],
      chart: "none",
    });
    expect(checkPlanFields(plan, describeTable(prices))).toEqual([]);
    const result = executePlan(prices, plan);
    expect(result.kind === "aggregate" ? result.overall : null).toBeCloseTo(Math.max(...spread), 6);
    const bad = planSchema.parse({ ...plan, derived: [{ name: "gap", field: "High", minus: "Day" }] });
    expect(checkPlanFields(bad, describeTable(prices)).length).toBeGreaterThan(0);
  });
});
