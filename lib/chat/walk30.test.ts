// chat-walk30: misreads a browser walk found in conversations over superstore and telco (issue 12). Tested on
// made-up tables with other field names and wordings than the walk's; expected numbers come from the rows with
// plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

// A fixed pseudo-random sequence: the same tables every run.
let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];

const shopHeader = ["Sold On", "Zone", "Line", "Model Name", "Channel", "Revenue", "Margin"];
const zones = ["North", "South", "East", "West"];
const lines = ["Hardware", "Garden", "Kitchen"];
const channels = ["Store", "Web", "Phone"];
const items = Array.from(
  { length: 300 },
  (_, i) => `${["Acme", "Bolt", "Crest", "Dyna"][i % 4]} ${["Drill", "Hose", "Kettle", "Saw", "Rake"][i % 5]} ${i + 1}`,
);
const shopRows: string[][] = Array.from({ length: 480 }, (_, i) => {
  const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(next() * 730) * 86400000).toISOString().slice(0, 10);
  const revenue = (5 + next() * 900).toFixed(2);
  const margin = ((next() - 0.3) * 0.4 * Number(revenue)).toFixed(2);
  return [day, pick(zones), lines[i % 3], pick(items), pick(channels), revenue, margin];
});
const shop: Table = tableFromRows(shopHeader, shopRows);
const sc = (name: string) => shopHeader.indexOf(name);

const subHeader = ["Plan", "Billing", "Visits", "Quit"];
const subRows: string[][] = Array.from({ length: 300 }, () => {
  const billing = pick(["Card", "Invoice", "Wallet"]);
  return [pick(["Basic", "Plus", "Max"]), billing, String(Math.floor(next() * 73)), next() < (billing === "Invoice" ? 0.5 : 0.2) ? "Yes" : "No"];
});
const subs: Table = tableFromRows(subHeader, subRows);

const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));

describe("a new measure and a new grouping said without follow-up words replace the earlier ones", () => {
  const turns = ["total revenue by zone", "which is highest?", "only for hardware"];
  it("'margin by month' after revenue by zone for one line: the margin by month, the line kept and said", async () => {
    const reply = await askTurns(shop, ...turns, "margin by month");
    expect(reply.plan?.measure.field).toBe("Margin");
    expect(reply.plan?.groupBy).toEqual([{ field: "Sold On", bucket: "month" }]);
    expect(reply.plan?.filters).toEqual([{ field: "Line", op: "eq", values: ["Hardware"] }]);
    const march = shopRows.filter((r) => r[sc("Line")] === "Hardware" && r[sc("Sold On")].startsWith("2022-03")).map((r) => Number(r[sc("Margin")]));
    const total = march.reduce((s, x) => s + x, 0);
    // (The aggregate chosen for a margin is said: "you did not say how to combine Margin, so I used the average".)
    const want = reply.plan?.measure.agg === "mean" ? total / march.length : total;
    if (reply.plan?.measure.agg !== "sum") expect(reply.messages[0].content).toMatch(/average/);
    expect(firstNumber(tableOf(reply).find((r) => r["Sold On"] === "2022-03"))).toBeCloseTo(want, 2);
    expect(reply.messages[0].content).toMatch(/Hardware/);
    expect(reply.messages[0].content).not.toMatch(/did not use/);
  });
  it("'top 10 models by revenue' next ranks the models by their total revenue, not the month x zone groups", async () => {
    const reply = await askTurns(shop, ...turns, "margin by month", "top 10 models by revenue");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "Revenue" });
    expect(reply.plan?.groupBy).toEqual([{ field: "Model Name", bucket: null }]);
    expect(reply.plan?.limit).toBe(10);
    const kept = (reply.plan?.filters ?? []).length > 0;
    const totals = new Map<string, number>();
    for (const r of shopRows)
      if (!kept || r[sc("Line")] === "Hardware") totals.set(r[sc("Model Name")], (totals.get(r[sc("Model Name")]) ?? 0) + Number(r[sc("Revenue")]));
    const top = [...totals].sort((x, y) => y[1] - x[1])[0];
    expect(tableOf(reply)[0]["Model Name"]).toBe(top[0]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(top[1], 2);
  });
});

describe("a field said after 'by' that is also the rate's field: the reading using every field named now", () => {
  it("'number of customers by visits and quit' after a rate of Quit by billing and plan counts rows by Visits x Quit", async () => {
    const reply = await askTurns(subs, "quit rate by billing and plan", "number of customers by visits and quit");
    expect(reply.plan?.measure).toMatchObject({ agg: "count", field: null });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Visits", "Quit"]);
    expect(tableOf(reply).length).toBeGreaterThan(20);
    for (const row of tableOf(reply).slice(0, 5))
      expect(row["Number of rows"]).toBe(subRows.filter((r) => r[2] === String(row.Visits) && r[3] === row.Quit).length);
    expect(reply.messages[0].content).not.toMatch(/did not use/);
  });
});

describe("a scalar question after a grouped answer, and an output request", () => {
  const in2023 = shopRows.filter((r) => r[sc("Sold On")].startsWith("2023"));
  it("'total revenue in 2023' after margin by zone is one number, not split by zone", async () => {
    const reply = await askTurns(shop, "margin by zone", "total revenue in 2023");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "Revenue" });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(
      in2023.reduce((s, r) => s + Number(r[sc("Revenue")]), 0),
      2,
    );
  });
  it("'chart and table' after revenue by zone in 2023 shows the same data again", async () => {
    const reply = await askTurns(shop, "margin by zone", "total revenue by zone in 2023", "chart and table");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "Revenue" });
    expect(reply.plan?.groupBy).toEqual([{ field: "Zone", bucket: null }]);
    const north = in2023.filter((r) => r[sc("Zone")] === "North").reduce((s, r) => s + Number(r[sc("Revenue")]), 0);
    expect(firstNumber(tableOf(reply).find((r) => r.Zone === "North"))).toBeCloseTo(north, 2);
  });
});

describe("the other reading named is never a rate split by the field it is a rate of", () => {
  it("'quit rate by plan' after 'how many customers quit' names no rate of Quit by Plan and Quit", async () => {
    const reply = await askTurns(subs, "how many customers quit", "quit rate by plan");
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", field: "Quit" });
    expect(reply.plan?.groupBy).toEqual([{ field: "Plan", bucket: null }]);
    expect(reply.messages[0].content).not.toMatch(/by Plan and Quit|by Quit and Plan/);
  });
});

describe("rows whose measure is blank are left out of a sum or an average, and the first message says how many", () => {
  const header = ["Desk", "Amount"];
  const rows = Array.from({ length: 40 }, (_, i) => [["A", "B", "C"][i % 3], i % 7 === 0 ? "" : String(10 + i)]);
  const blanks = rows.filter((r) => r[1] === "").length;
  it("'average amount by desk' says the blank rows were left out, and averages the others", async () => {
    const reply = await askTurns(tableFromRows(header, rows), "average amount by desk");
    expect(reply.messages[0].content).toContain(`${blanks} rows with no value of Amount left out`);
    const a = rows.filter((r) => r[0] === "A" && r[1] !== "").map((r) => Number(r[1]));
    expect(firstNumber(tableOf(reply).find((r) => r.Desk === "A"))).toBeCloseTo(a.reduce((s, x) => s + x, 0) / a.length, 6);
  });
  it("a count of the rows leaves none out and says nothing of it", async () => {
    const reply = await askTurns(tableFromRows(header, rows), "number of rows by desk");
    expect(reply.messages[0].content).not.toMatch(/left out/);
  });
});
