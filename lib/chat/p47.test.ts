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

// Ads by day over two quarters of one year and campaigns of made-up numbers.
const ADS = [
  ["2024-01-10", "A", 1000, 20, 2, 30.5, 100],
  ["2024-02-10", "A", 2000, 30, 3, 40, 150],
  ["2024-04-10", "A", 1500, 10, 1, 12, 40],
  ["2024-01-12", "B", 4000, 8, 0, 9, 0],
  ["2024-05-12", "B", 3000, 12, 2, 15.5, 90],
  ["2024-06-01", "B", 500, 5, 1, 4, 60],
] as const;
const ads = () =>
  tableFromRows(
    ["day", "campaign", "impressions", "clicks", "conversions", "spend", "revenue"],
    ADS.map((r) => r.map(String)),
  );
const sumWhere = (k: number, campaign?: string, months?: number[]) =>
  ADS.filter((r) => (!campaign || r[1] === campaign) && (!months || months.includes(Number(r[0].slice(5, 7))))).reduce((s, r) => s + Number(r[k]), 0);

describe("marketing ratios said by their names: the total over the total, stated", () => {
  it("'CTR by campaign' is clicks over impressions in percent; 'ROAS' revenue over spend", async () => {
    const ctr = await askTurns(ads(), "CTR by campaign");
    for (const row of tableOf(ctr))
      expect(firstNumber(row) as number).toBeCloseTo((100 * sumWhere(3, String(row.campaign))) / sumWhere(2, String(row.campaign)), 3);
    const roas = await askTurns(ads(), "ROAS for campaign A");
    expect(firstNumber(tableOf(roas)[0]) as number).toBeCloseTo(sumWhere(6, "A") / sumWhere(5, "A"), 3);
  });
  it("'spend per conversion' and 'cost per acquisition' are spend over conversions; 'cost per click' over clicks", async () => {
    const per = await askTurns(ads(), "spend per conversion by campaign");
    for (const row of tableOf(per)) expect(firstNumber(row) as number).toBeCloseTo(sumWhere(5, String(row.campaign)) / sumWhere(4, String(row.campaign)), 3);
    const cpa = await askTurns(ads(), "overall cost per acquisition");
    expect(firstNumber(tableOf(cpa)[0]) as number).toBeCloseTo(sumWhere(5) / sumWhere(4), 3);
    expect(cpa.assumptions?.join(" ")).toMatch(/"cost per acquisition" as/);
  });
});

describe("two periods said together are side by side", () => {
  it("'spend in Q1 and Q2' groups by quarter over the six months", async () => {
    const reply = await askTurns(ads(), "spend in Q1 and Q2");
    expect(tableOf(reply).map((r) => [r.day, firstNumber(r)])).toEqual([
      ["2024 Q1", sumWhere(5, undefined, [1, 2, 3])],
      ["2024 Q2", sumWhere(5, undefined, [4, 5, 6])],
    ]);
  });
  it("'this month vs last month': the latest month and the one before it, said so", async () => {
    const reply = await askTurns(ads(), "clicks this month vs last month");
    expect(tableOf(reply).map((r) => r.day)).toEqual(["2024-05", "2024-06"]);
    expect(reply.assumptions?.join(" ")).toMatch(/"last month" as 2024-05, the one before the latest/);
  });
  it("'percent change in payments from January to March 2024' is a change of the count of rows", async () => {
    const reply = await askTurns(payments(), "what was the percent change in the number of payments between 2024-01 and 2024-03");
    const row = tableOf(reply)[0] ?? {};
    expect(row["% change"] as number).toBeCloseTo((100 * (AMOUNTS[2].length - AMOUNTS[0].length)) / AMOUNTS[0].length, 3);
  });
});

describe("the rows' noun after 'average' and a verb of placing", () => {
  it("'average payments per method' is the mean number of rows per method", async () => {
    const reply = await askTurns(payments(), "average payments per method");
    const n = AMOUNTS.flat().length;
    expect(firstNumber(tableOf(reply)[0]) as number).toBeCloseTo(n / 2, 6);
  });
  it("'how many methods were placed more than 5 times' reads no field in 'placed'", async () => {
    const reply = await askTurns(payments(), "how many methods placed more than 5 payments");
    expect(reply.plan).not.toBeNull();
  });
});

describe("steps and running totals within each group of a second grouping", () => {
  it("'month over month change in amount by method': each method's months stepped on their own", async () => {
    const reply = await askTurns(payments(), "month over month change in amount by method");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["paid_on", "method"]);
    const byMethod = new Map<string, Map<string, number>>();
    MONTHS.forEach((m, i) =>
      AMOUNTS[i].forEach((a, k) => {
        const method = k % 2 ? "Card" : "Cash";
        const months = byMethod.get(method) ?? new Map<string, number>();
        months.set(m, (months.get(m) ?? 0) + a);
        byMethod.set(method, months);
      }),
    );
    const want: [string, string, number][] = [];
    for (const [method, months] of byMethod) {
      const list = [...months.entries()].sort();
      list.slice(1).forEach(([m, v], i) => want.push([m, method, Number((v - list[i][1]).toFixed(2))]));
    }
    const got = tableOf(reply).map((r) => [r.paid_on, r.method, firstNumber(r)]);
    expect(got.sort()).toEqual(want.sort());
  });
  it("'running total of amount per month by method': each method's total adds up on its own", async () => {
    const reply = await askTurns(payments(), "running total of amount per month by method");
    expect(reply.plan?.measure.cumulative).toBe(true);
    const cash = tableOf(reply).filter((r) => r.method === "Cash");
    const want = AMOUNTS.flatMap((xs) => xs.filter((_, k) => k % 2 === 0)).reduce((s, x) => s + x, 0);
    expect(firstNumber(cash.at(-1)) as number).toBeCloseTo(want, 2);
  });
});

describe("words of a step or a running total no reading uses are named", () => {
  it("'cumulative average amount by month' (a running total of an average is none) says it did not use the word", async () => {
    const reply = await askTurns(payments(), "cumulative average amount by month");
    expect(reply.plan?.measure.cumulative).toBeUndefined();
    expect(reply.assumptions?.join(" ")).toMatch(/did not use "cumulative"/);
  });
});
