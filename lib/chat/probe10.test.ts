// Probe10 (issue 12): top-N said many ways, shares, negation, follow-ups on tables of probe7/probe8
// (lib/chat/testing/probe10). Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "./index";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe10");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
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

describe("a time unit counted after a share word is the rows, not a grouping per day", () => {
  const bikes = read("bikes.csv");
  it("'proportion of days with heavy rain' is one share over the rows, not a per-day breakdown", async () => {
    const reply = await ask(bikes.table, "proportion of days with heavy rain");
    expect(reply.plan?.groupBy).toEqual([]);
    const want = (100 * bikes.rows.filter((r) => r.weather === "HEAVY RAIN").length) / bikes.rows.length;
    expect(oneNumber(reply)).toBeCloseTo(want, 2);
    // Several rows (zones) per day: the answer says rows were counted, not distinct days.
    expect(reply.messages.map((m) => m.content).join(" ")).toContain("several rows per obs_date");
  });
  it("'sales per day' still groups by day", async () => {
    const reply = await ask(bikes.table, "average total count per day");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["obs_date"]);
  });
});

describe("'most recent' / 'newest' / 'oldest' rows rank by the date field", () => {
  const byTs = (f: string, dir: 1 | -1) => [...orders.rows].sort((a, b) => dir * (Date.parse(a[f]) - Date.parse(b[f])));
  const ids = (reply: ChatReply) => (reply.messages.find((m) => m.table)?.table ?? []).map((r) => r.order_id);
  it("'10 most recent orders' are the 10 latest by order_ts", async () => {
    const reply = await ask(orders.table, "10 most recent orders");
    expect(reply.plan?.y).toBe("order_ts");
    expect(ids(reply)).toEqual(
      byTs("order_ts", -1)
        .slice(0, 10)
        .map((r) => r.order_id),
    );
  });
  it("'the 5 oldest orders' are the 5 earliest; 'the 3 earliest shipped orders' rank by ship_ts", async () => {
    const oldest = await ask(orders.table, "the 5 oldest orders");
    expect(ids(oldest)).toEqual(
      byTs("order_ts", 1)
        .slice(0, 5)
        .map((r) => r.order_id),
    );
    const shipped = await ask(orders.table, "the 3 earliest shipped orders");
    expect(shipped.plan?.y).toBe("ship_ts");
    expect(ids(shipped)).toEqual(
      byTs("ship_ts", 1)
        .slice(0, 3)
        .map((r) => r.order_id),
    );
  });
});
