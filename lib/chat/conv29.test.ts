// chat-conv29: a later turn that is a whole new question is not read as a follow-up of the earlier one
// (issue 12, found by a browser walk over telco). Tested on a made-up subscriptions table with other field
// names and wordings than the walk's; expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["Tier", "Area", "Billing", "Senior", "Fee", "Months", "Churn"];
const tiers = ["Basic", "Plus", "Max"];
const areas = ["North", "South", "East", "West", "Central"];
const billings = ["Card", "Invoice", "Wallet"];
// A fixed pseudo-random sequence: the same table every run.
let seed = 7;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const rows: string[][] = Array.from({ length: 240 }, (_, i) => {
  const tier = tiers[i % 3];
  const billing = billings[Math.floor(next() * 3)];
  const fee = (20 + (i % 3) * 25 + Math.round(next() * 1500) / 100).toFixed(2);
  const churn = next() < (billing === "Invoice" ? 0.55 : 0.2) ? "Yes" : "No";
  return [tier, areas[Math.floor(next() * 5)], billing, next() < 0.2 ? "1" : "0", fee, String(1 + Math.floor(next() * 60)), churn];
});
const table: Table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));

describe("a turn naming a number and a grouping of its own is a new question, not merged with the earlier one", () => {
  it("'show fee by area as a chart and table' after a churn rate by tier (as a pie) answers the fee by area only", async () => {
    const reply = await askTurns(table, "what is the churn rate by tier?", "as a pie", "show fee by area as a chart and table");
    expect(reply.plan?.measure.field).toBe("Fee");
    expect(reply.plan?.groupBy).toEqual([{ field: "Area", bucket: null }]);
    expect(reply.plan?.chart).not.toBe("pie");
    const north = rows.filter((r) => r[col("Area")] === "North").map((r) => Number(r[col("Fee")]));
    const want = reply.plan?.measure.agg === "mean" ? mean(north) : north.reduce((s, x) => s + x, 0);
    expect(firstNumber(tableOf(reply).find((r) => r.Area === "North"))).toBeCloseTo(want, 2);
    expect(reply.messages[0].content).not.toMatch(/Tier|did not use/);
  });
  it("'top 3 areas by months' after a total by tier shown as a pie ranks the months by area, not as a pie", async () => {
    const reply = await askTurns(table, "total fee by tier", "as a pie", "top 3 areas by months");
    expect(reply.plan?.measure.field).toBe("Months");
    expect(reply.plan?.groupBy).toEqual([{ field: "Area", bucket: null }]);
    expect(reply.plan?.limit).toBe(3);
    expect(reply.plan?.chart).not.toBe("pie");
  });
});

describe("a question word opening a turn that asks for its own number starts a new question", () => {
  it("'what's the average fee for customers who churned?' after a rate by tier is one number, not grouped by tier", async () => {
    const reply = await askTurns(table, "what is the churn rate by tier?", "what's the average fee for customers who churned?");
    expect(reply.plan?.groupBy).toEqual([]);
    const want = mean(rows.filter((r) => r[col("Churn")] === "Yes").map((r) => Number(r[col("Fee")])));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
  it("'which billing has the highest churn?' after the average fee of churned customers groups by billing alone", async () => {
    const reply = await askTurns(
      table,
      "what is the churn rate by tier?",
      "what's the average fee for customers who churned?",
      "which billing has the highest churn?",
    );
    expect(reply.plan?.groupBy).toEqual([{ field: "Billing", bucket: null }]);
    expect(reply.plan?.measure.field).not.toBe("Fee");
    expect(reply.messages[0].content).toMatch(/Invoice/);
  });
});

describe("the other reading named for a new question is a reading of that turn, not the earlier question", () => {
  it("'how many seniors' after an average fee by tier counts the seniors and names no fee-by-tier reading", async () => {
    const reply = await askTurns(table, "average fee by tier", "how many seniors");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[col("Senior")] === "1").length);
    expect(reply.messages[0].content).not.toMatch(/Fee|Tier/);
  });
});

describe("a pie carried from an earlier turn is kept only for numbers that add up", () => {
  it("'now average months' after a total by tier shown as a pie draws bars; a pie asked for in the turn stays", async () => {
    const carried = await askTurns(table, "total fee by tier", "as a pie", "now average months");
    expect(carried.plan?.measure).toEqual({ agg: "mean", field: "Months" });
    expect(carried.plan?.chart).toBe("bar");
    const kept = await askTurns(table, "total fee by tier", "as a pie", "now total months");
    expect(kept.plan?.chart).toBe("pie");
    const asked = await askTurns(table, "total fee by tier", "average months by tier as a pie");
    expect(asked.plan?.chart).toBe("pie");
  });
});
