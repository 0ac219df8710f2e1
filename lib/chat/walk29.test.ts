// chat-walk29: conversations over the shared tables as a new user types them (probe39, issue 12). Tested on a
// made-up table of shipments with other field names and wordings than the probe's; expected numbers come from the
// rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";

const header = ["Carrier", "Lane", "Delivered", "Weight", "Cost", "Days", "Shipped"];
const carriers = ["Falcon", "Heron", "Osprey", "Kestrel"];
const lanes = ["Coastal", "Inland", "Mountain"];
// A fixed pseudo-random sequence: the same table every run.
let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const rows: string[][] = Array.from({ length: 200 }, (_, i) => [
  carriers[i % 4],
  lanes[Math.floor(next() * 3)],
  next() < 0.7 ? "Yes" : "No",
  (1 + Math.round(next() * 400) / 10).toFixed(1),
  (10 + (i % 4) * 7 + Math.round(next() * 900) / 100).toFixed(2),
  String(1 + Math.floor(next() * 9)),
  `${2021 + (i % 3)}-${String(1 + (i % 12)).padStart(2, "0")}-15`,
]);
const table: Table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));

describe("a corrected aggregate stays corrected in the turns after it", () => {
  it("'total cost by carrier | top 2 | no, I meant the average | chart and table' shows the top 2 average costs", async () => {
    const reply = await askTurns(table, "total cost by carrier", "top 2", "no, I meant the average", "chart and table");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "Cost" });
    const byCarrier = carriers.map((c) => [c, mean(rows.filter((r) => r[col("Carrier")] === c).map((r) => Number(r[col("Cost")])))] as const);
    const best = [...byCarrier].sort((a, b) => b[1] - a[1])[0];
    const shown = tableOf(reply);
    expect(shown).toHaveLength(2);
    expect(shown[0].Carrier).toBe(best[0]);
    expect(firstNumber(shown[0])).toBeCloseTo(best[1], 2);
  });
});

describe("'and those who didn't?' after a number for a condition is that number for the condition's other side", () => {
  const costOf = (delivered: string) => mean(rows.filter((r) => r[col("Delivered")] === delivered).map((r) => Number(r[col("Cost")])));
  it.each(["and those that weren't?", "what about the ones that were not"])("'%s'", async (turn) => {
    const first = await askTurns(table, "average cost of shipments that were delivered");
    expect(firstNumber(tableOf(first)[0])).toBeCloseTo(costOf("Yes"), 2);
    const reply = await askTurns(table, "average cost of shipments that were delivered", turn);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(costOf("No"), 2);
  });
});

describe("a yes/no condition said again in a later turn with its other side replaces the earlier one", () => {
  const costOf = (delivered: string) => mean(rows.filter((r) => r[col("Delivered")] === delivered).map((r) => Number(r[col("Cost")])));
  it("'average cost of shipments that were delivered | shipments that were not delivered'", async () => {
    const reply = await askTurns(table, "average cost of shipments that were delivered", "shipments that were not delivered");
    expect(reply.plan?.filters).toEqual([{ field: "Delivered", op: "eq", values: ["No"] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(costOf("No"), 2);
  });
});

describe("a grouping said now by the field an earlier turn kept to one value shows every value", () => {
  const sumBy = (keep: (r: string[]) => boolean) => rows.filter(keep).reduce((s, r) => s + Number(r[col("Weight")]), 0);
  it("'total weight in 2021 | and in 2022? | show weight by year as a line' draws every year, naming the 2022 reading", async () => {
    const reply = await askTurns(table, "total weight in 2021", "and in 2022?", "show weight by year as a line");
    const shown = tableOf(reply);
    expect(shown).toHaveLength(3);
    const y2023 = shown.find((r) => String(Object.values(r)[0]).startsWith("2023"));
    expect(firstNumber(y2023)).toBeCloseTo(
      sumBy((r) => r[col("Shipped")].startsWith("2023")),
      1,
    );
    expect(reply.messages[0].content).toMatch(/2022/);
  });
  it("'total weight in 2021 | and by month' keeps its year (the grain differs from the filter's)", async () => {
    const reply = await askTurns(table, "total weight in 2021", "and by month");
    const total = tableOf(reply).reduce((s, r) => s + firstNumber(r), 0);
    expect(total).toBeCloseTo(
      sumBy((r) => r[col("Shipped")].startsWith("2021")),
      1,
    );
  });
});

describe("'which <field> had the most?' after a grouping by it kept to some rows ranks the groups on screen", () => {
  // Boats by build year (a year as a plain number) and yard; Delta's busiest year is not the busiest overall.
  const yards = ["Alpha", "Delta", "Gamma"];
  const boatRows: string[][] = Array.from({ length: 90 }, (_, i) => {
    const yard = yards[i % 3];
    const k = Math.floor(i / 3);
    const year = yard === "Delta" && k < 12 ? 2004 : 2001 + (k % 3);
    return [`boat ${i}`, String(year), yard];
  });
  const boats = tableFromRows(["Boat", "Year", "Yard"], boatRows);
  const countsOf = (keep: (r: string[]) => boolean) => {
    const m = new Map<string, number>();
    for (const r of boatRows.filter(keep)) m.set(r[1], (m.get(r[1]) ?? 0) + 1);
    return [...m].sort((x, y) => y[1] - x[1]);
  };
  it("'how many boats per year? | only Delta | which year had the most?' ranks Delta's years", async () => {
    const delta = countsOf((r) => r[2] === "Delta");
    expect(delta[0][1]).toBeGreaterThan(delta[1][1]);
    expect(countsOf(() => true)[0][1]).toBeGreaterThan(countsOf(() => true).find((c) => c[0] === delta[0][0])![1]);
    const reply = await askTurns(boats, "how many boats per year?", "only Delta", "which year had the most?");
    expect(reply.plan?.filters).toEqual([{ field: "Yard", op: "eq", values: ["Delta"] }]);
    expect(String(tableOf(reply)[0].Year)).toBe(delta[0][0]);
    expect(Object.entries(tableOf(reply)[0]).find(([key]) => key !== "Year")?.[1]).toBe(delta[0][1]);
  });
});

describe("'which <field> is the least <adjective of a number>?' after that number by that field, kept to some rows, ranks the groups on screen", () => {
  // The superstore slice of the walks (lib/chat/testing): where the turn read with all earlier turns plotted Profit
  // against Sales.
  const slice = readCsvTableAndRows(path.join(__dirname, "testing", "superstore-slice.csv"));
  it("'what are total sales per ship mode? | and profit? | only consumer segment | which ship mode is the least profitable?'", async () => {
    const totals = new Map<string, number>();
    for (const r of slice.rows.filter((x) => x.Segment === "Consumer")) totals.set(r["Ship Mode"], (totals.get(r["Ship Mode"]) ?? 0) + Number(r.Profit));
    const low = [...totals].sort((x, y) => x[1] - y[1])[0];
    const reply = await askTurns(
      slice.table,
      "what are total sales per ship mode?",
      "and profit?",
      "only consumer segment",
      "which ship mode is the least profitable?",
    );
    expect(reply.plan?.groupBy).toEqual([{ field: "Ship Mode", bucket: null }]);
    expect(tableOf(reply)[0]["Ship Mode"]).toBe(low[0]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(low[1], 2);
  });
});

describe("a question for the row a number of its own ranks first is a new question", () => {
  it("'what is the heaviest record?' after an average cost by lane for one carrier lists the heaviest rows", async () => {
    const heaviest = Math.max(...rows.map((r) => Number(r[col("Weight")])));
    const reply = await askTurns(table, "average cost per lane", "show it as a bar chart", "only Osprey", "what is the heaviest record?");
    expect(reply.plan?.intent).toBe("rows");
    expect(Number(tableOf(reply)[0].Weight)).toBeCloseTo(heaviest, 5);
    expect(reply.messages[0].content).toMatch(/Osprey/);
  });
});
