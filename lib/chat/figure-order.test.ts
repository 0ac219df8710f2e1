// Figures drawn from answers whose rows are in another order than the chart's axis, and pies of
// measures that are not parts of a whole. Expected values are computed here from the rows.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["order_date", "region", "sales", "returned"];
const rows: string[][] = [];
for (let i = 0; i < 96; i++) {
  const month = 1 + (i % 12);
  const year = 2020 + Math.floor(i / 48);
  // Sales rise and fall over the year so that value order and time order differ.
  const sales = 100 + ((month * 37) % 11) * 20 + (i % 4) * 3;
  rows.push([
    `${year}-${String(month).padStart(2, "0")}-${String(1 + (i % 27)).padStart(2, "0")}`,
    ["North", "South", "East"][i % 3],
    String(sales),
    i % 5 === 0 ? "yes" : "no",
  ]);
}
const table = tableFromRows(header, rows);

const firstFigure = (reply: Awaited<ReturnType<typeof askTurns>>) => reply.messages.find((m) => m.figures.length)?.figures[0];

const isAscending = (xs: unknown[]) => xs.every((x, i) => i === 0 || String(xs[i - 1]) <= String(x));

describe("a line is drawn in time order whatever order the answer's rows are in", () => {
  it("one line: rows sorted by value, points by month", async () => {
    const reply = await askTurns(table, "total sales by month, highest first, as a line");
    const trace = firstFigure(reply)?.data[0];
    expect(trace?.type).toBe("scatter");
    const table0 = tableOf(reply);
    // The table keeps the order asked for (by value) ...
    const values = table0.map((r) => Number(r["Total of sales"]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(isAscending(table0.map((r) => r.order_date))).toBe(false);
    // ... the line goes left to right, with each month's value from the table.
    const xs = (trace?.x ?? []) as string[];
    expect(isAscending(xs)).toBe(true);
    const byMonth = new Map(table0.map((r) => [String(r.order_date), Number(r["Total of sales"])]));
    expect(((trace?.y ?? []) as number[]).map(Number)).toEqual(xs.map((x) => byMonth.get(x.slice(0, 7))));
  });
  it("one line per region: every series in time order", async () => {
    const reply = await askTurns(table, "total sales by month and region, highest first, as lines");
    const data = firstFigure(reply)?.data ?? [];
    expect(data.length).toBe(3);
    for (const trace of data) expect(isAscending(trace.x as string[])).toBe(true);
  });
});

describe("a pie says each slice's value unless the slices are parts of a whole", () => {
  const returnRate = (region: string) => {
    const mine = rows.filter((r) => r[1] === region);
    return (100 * mine.filter((r) => r[3] === "yes").length) / mine.length;
  };
  it("a rate per region: the slices read the rates, not their share of the rates' sum", async () => {
    const reply = await askTurns(table, "rate of returned = yes by region as a pie");
    const trace = firstFigure(reply)?.data[0];
    expect(trace?.type).toBe("pie");
    expect(trace?.textinfo).toBe("label+text");
    const labels = trace?.labels as string[];
    expect(trace?.text).toEqual(labels.map((l) => `${returnRate(l).toFixed(1)}%`));
  });
  it("totals per region keep the percentage of the whole", async () => {
    const reply = await askTurns(table, "total sales by region as a pie");
    const trace = firstFigure(reply)?.data[0];
    expect(trace?.type).toBe("pie");
    expect(trace?.textinfo).toBe("label+percent");
  });
});
