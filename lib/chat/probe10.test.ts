// Probe10 (issue 12): top-N said many ways, shares, negation, follow-ups on tables of probe7/probe8
// (lib/chat/testing/probe10). Expected numbers from the CSV rows with plain loops, never from the engine.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "./index";
import { askTurns } from "./testing/ask";
import { tableFromCsv } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe10");
const read = (file: string) => {
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return { table: tableFromCsv(text), rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
};
const orders = read("shop_orders.csv");
const ask = askTurns;

const oneNumber = (reply: ChatReply) => {
  const row = reply.messages.find((m) => m.table)?.table?.[0] ?? {};
  return Number(Object.entries(row).find(([k]) => k !== "rows")?.[1]);
};
const sum = (rows: Record<string, string>[], f: string) => rows.reduce((s, r) => s + Number(r[f]), 0);

describe("an aggregate word that is also a later word of the field's name", () => {
  it("'total order value' is the total of order_total ('total order' is not the field said backwards)", async () => {
    const reply = await ask(orders.table, "total order value");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "order_total" });
    expect(oneNumber(reply)).toBeCloseTo(sum(orders.rows, "order_total"), 1);
  });
  it("'total order total' is the total of order_total too", async () => {
    const reply = await ask(orders.table, "total order total");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "order_total" });
  });
});

describe("a yes/no field named by its event's noun", () => {
  it("'without returns' keeps the rows not returned", async () => {
    const reply = await ask(orders.table, "total order value without returns");
    expect(reply.plan?.filters).toEqual([{ field: "returned", op: "eq", values: ["false"] }]);
    const kept = orders.rows.filter((r) => r.returned === "false");
    expect(oneNumber(reply)).toBeCloseTo(sum(kept, "order_total"), 1);
  });
  it("'return' as the question's verb names no field", async () => {
    const reply = await ask(orders.table, "return the 5 largest orders");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});

describe("'no X' / 'without a X' for an amount that holds zeros", () => {
  it("'how many orders have no discount' counts the rows where discount_pct is 0", async () => {
    const reply = await ask(orders.table, "how many orders have no discount");
    expect(reply.plan?.filters).toEqual([{ field: "discount_pct", op: "eq", values: [0] }]);
    expect(oneNumber(reply)).toBe(orders.rows.filter((r) => Number(r.discount_pct) === 0).length);
  });
  it("'average order total without a discount' averages over those rows", async () => {
    const reply = await ask(orders.table, "average order total without a discount");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "order_total" });
    const kept = orders.rows.filter((r) => Number(r.discount_pct) === 0);
    expect(oneNumber(reply)).toBeCloseTo(sum(kept, "order_total") / kept.length, 1);
  });
});
