// chat-p47: business questions of exports (lib/chat/testing/probe47): sales words over an "amount" field, growth from
// the period before as a percent, running totals. Made-up rows; expected numbers by plain loops, never the engine.
import { describe, expect, it } from "vitest";
import { checkPlanFields } from "./llm";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { describeTable } from "./columns";

// Three months of payments: amount exported as "$1,234.50" text.
const MONTHS = ["2024-01", "2024-02", "2024-03", "2024-04"];
const AMOUNTS = [[100, 200, 1200.5], [300, 50], [400, 400, 400, 100], [90]];
const payments = () => {
  const rows: string[][] = [];
  MONTHS.forEach((m, i) =>
    AMOUNTS[i].forEach((a, k) =>
      rows.push([
        `P${i}${k}`,
        `${m}-${String(k + 3).padStart(2, "0")}`,
        k % 2 ? "Card" : "Cash",
        `$${a.toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
      ]),
    ),
  );
  return tableFromRows(["payment_id", "paid_on", "method", "amount"], rows);
};
const monthTotals = AMOUNTS.map((xs) => xs.reduce((s, x) => s + x, 0));
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("sales words name the one money field of an export called amount or total", () => {
  it("'total sales' and 'turnover by method' are the total of amount, stated", async () => {
    const reply = await askTurns(payments(), "total sales");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(
      monthTotals.reduce((s, x) => s + x, 0),
      2,
    );
    expect(reply.assumptions?.join(" ")).toMatch(/"sales" as amount/);
    const by = await askTurns(payments(), "turnover by method");
    expect(tableOf(by).length).toBe(2);
  });
  it("a field named revenue keeps the word: no alias to amount", async () => {
    const t = tableFromRows(
      ["day", "amount", "revenue"],
      [
        ["2024-01-01", "1", "10"],
        ["2024-01-02", "2", "20"],
      ],
    );
    const reply = await askTurns(t, "total revenue");
    expect(reply.plan?.measure.field).toBe("revenue");
  });
});

describe("growth from the period before: 'month over month', 'YoY', 'monthly growth rate'", () => {
  it("'month-over-month growth in sales' is each month's percent change from the month before", async () => {
    const reply = await askTurns(payments(), "month-over-month growth in sales");
    const want = monthTotals.slice(1).map((v, i) => (100 * (v - monthTotals[i])) / monthTotals[i]);
    const got = tableOf(reply).map((r) => firstNumber(r));
    expect(got.length).toBe(3);
    got.forEach((v, i) => expect(v as number).toBeCloseTo(want[i], 3));
    expect(reply.plan?.measure.fromPreviousPercent).toBe(true);
    expect(reply.messages[0].content).toMatch(/%/);
    expect(reply.assumptions?.join(" ")).not.toMatch(/did not use/);
  });
  it("'month on month change in payments' is the difference in the count, not a percent", async () => {
    const reply = await askTurns(payments(), "month on month change in payments");
    const counts = AMOUNTS.map((xs) => xs.length);
    expect(tableOf(reply).map((r) => firstNumber(r))).toEqual(counts.slice(1).map((c, i) => c - counts[i]));
    expect(reply.plan?.measure.fromPreviousPercent).toBeUndefined();
  });
  it("'quarterly growth rate of amount' steps by quarter", async () => {
    const reply = await askTurns(payments(), "quarterly growth rate of amount");
    const q1 = monthTotals[0] + monthTotals[1] + monthTotals[2];
    expect(firstNumber(tableOf(reply)[0]) as number).toBeCloseTo((100 * (monthTotals[3] - q1)) / q1, 3);
  });
});

describe("running totals: 'cumulative', 'running total'", () => {
  it("'cumulative amount by month' adds each month to those before it", async () => {
    const reply = await askTurns(payments(), "cumulative amount by month");
    let run = 0;
    expect(tableOf(reply).map((r) => firstNumber(r))).toEqual(monthTotals.map((v) => (run += v)).map((v) => Number(v.toFixed(2))));
    expect(reply.plan?.measure.cumulative).toBe(true);
    expect(reply.messages[0].content).toMatch(/[Rr]unning total of amount/);
  });
  it("'running total of payments per month' counts", async () => {
    const reply = await askTurns(payments(), "running total of payments per month");
    let run = 0;
    expect(tableOf(reply).map((r) => firstNumber(r))).toEqual(AMOUNTS.map((xs) => (run += xs.length)));
  });
  it("a running total of an average is refused by the plan check; a percent step needs a step", () => {
    const fields = describeTable(payments());
    const base = {
      intent: "aggregate" as const,
      extraMeasures: [],
      groupBy: [{ field: "paid_on", bucket: "month" as const }],
      filters: [],
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "line" as const,
    };
    expect(checkPlanFields({ ...base, measure: { agg: "mean", field: "amount", cumulative: true } }, fields)).toContain("cumulative needs a sum or a count");
    expect(checkPlanFields({ ...base, measure: { agg: "sum", field: "amount", fromPreviousPercent: true } }, fields)).toContain(
      "fromPreviousPercent needs fromPrevious",
    );
  });
});
