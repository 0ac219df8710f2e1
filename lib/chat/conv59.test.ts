// chat-probe59: follow-up turns (lib/chat/testing/probe59), each fixed by its general cause and tested here on
// made-up rows with other wordings than the probe's. Expected numbers come from the rows with plain loops.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

// A seeded-looking small export: each row one visit day of a channel on a device.
const header = ["day", "channel", "device", "visits", "sales", "lot"];
const rows: string[][] = [];
const channels = ["Direct", "Search", "Referral"];
for (let i = 0; i < 36; i++) {
  const year = 2021 + (i % 3);
  const month = String(1 + (i % 12)).padStart(2, "0");
  rows.push([
    `${year}-${month}-0${1 + (i % 9)}`,
    channels[i % 3],
    i % 2 ? "Phone" : "Laptop",
    String(40 + ((i * 37) % 61)),
    String(100 + ((i * 53) % 97)),
    String(1 + (i % 4)),
  ]);
}
const table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const total = (pick: (r: string[]) => boolean, field: string) => rows.filter(pick).reduce((s, r) => s + Number(r[col(field)]), 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

// Customer accounts: one row per customer, a yes/no churn field.
const accountHeader = ["account_id", "Plan", "Charges", "Months", "Churn"];
const accounts: string[][] = Array.from({ length: 24 }, (_, i) => [
  `AC-${1000 + i * 7}`,
  ["Basic", "Plus", "Max"][i % 3],
  String(20 + ((i * 29) % 83) + i / 100),
  String(1 + ((i * 11) % 60)),
  i % 4 === 0 ? "Yes" : "No",
]);
const accountTable = tableFromRows(accountHeader, accounts);

describe("a count after a listing counts the rows, not groups of the field the listing ranked by", () => {
  it("'top 3 accounts by Charges' then 'how many accounts?' is one number over every account", async () => {
    const reply = await askTurns(accountTable, "top 3 accounts by Charges", "how many accounts?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(accounts.length);
  });
});

describe("'its' and 'it' point at the one group the previous answer named", () => {
  const byChannel = (field: string) => new Map(channels.map((c) => [c, total((r) => r[col("channel")] === c, field)]));
  const top = [...byChannel("sales").entries()].sort((x, y) => y[1] - x[1])[0][0];
  it("'which channel made the most sales?' then 'and its total visits?'", async () => {
    const reply = await askTurns(table, "which channel made the most sales?", "and its total visits?");
    expect(reply.plan?.filters).toEqual([{ field: "channel", op: "eq", values: [top] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(byChannel("visits").get(top));
  });
  it("a number group said with its field: 'which lot has the lowest average sales?' then 'how many days does it have?'", async () => {
    const lots = [1, 2, 3, 4].map((l) => {
      const mine = rows.filter((r) => Number(r[col("lot")]) === l);
      return { l, mean: mine.reduce((s, r) => s + Number(r[col("sales")]), 0) / mine.length, n: mine.length };
    });
    const low = lots.sort((x, y) => x.mean - y.mean)[0];
    const reply = await askTurns(table, "which lot has the lowest average sales?", "how many days does it have?");
    expect(reply.plan?.filters).toEqual([{ field: "lot", op: "eq", values: [low.l] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(low.n);
  });
  it("not 'show it as a pie' (the whole answer, drawn again)", async () => {
    const reply = await askTurns(table, "which channel made the most sales?", "show it as a pie");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});

describe("a field after 'sorted by' orders the groups; it is no grouping", () => {
  it("'show me the channels sorted by sales' groups by channel alone", async () => {
    const reply = await askTurns(table, "show me the channels sorted by sales");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["channel"]);
    expect(reply.plan?.measure.field).toBe("sales");
  });
  it("'show all film titles and their scores': titles on a few rows each are still listed row by row", async () => {
    const films = tableFromRows(
      ["Film_Title", "Score"],
      Array.from({ length: 30 }, (_, i) => [`Film ${String.fromCharCode(65 + (i % 11))}`, String(4 + ((i * 7) % 6))]),
    );
    const reply = await askTurns(films, "show all film titles and their scores as a bar chart ordered by score desc");
    expect(reply.plan?.intent).toBe("rows");
    expect(tableOf(reply)).toHaveLength(30);
  });
  it("'show me all channels sorted by sales': a field of a few values on many rows is grouped, not listed row by row", async () => {
    const reply = await askTurns(table, "show me all channels sorted by sales");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["channel"]);
  });
});

describe("'as a share of the total' after a total per group: each group's part of that total", () => {
  it("'visits by device' then 'as a share of the total'", async () => {
    const reply = await askTurns(table, "visits by device", "as a share of the total");
    const all = total(() => true, "visits");
    const phone = (100 * total((r) => r[col("device")] === "Phone", "visits")) / all;
    expect(reply.plan?.measure).toMatchObject({ agg: "share", field: "visits" });
    const row = tableOf(reply).find((r) => r.device === "Phone");
    expect(firstNumber(row)).toBeCloseTo(phone, 2);
  });
});

describe("'now for all years' drops the year's filter; the years are no grouping", () => {
  it("'total sales in 2022' then 'and 2023?' then 'now for all years'", async () => {
    const reply = await askTurns(table, "total sales in 2022", "and 2023?", "now for all years");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(total(() => true, "sales"));
  });
});

describe("'those who stayed' are the no side of a churn field", () => {
  it("'average Months of customers who churned' then 'and for those who stayed?'", async () => {
    const reply = await askTurns(accountTable, "average Months of customers who churned", "and for those who stayed?");
    const stayed = accounts.filter((r) => r[4] === "No");
    expect(reply.plan?.filters).toEqual([{ field: "Churn", op: "eq", values: ["No"] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(stayed.reduce((s, r) => s + Number(r[3]), 0) / stayed.length, 2);
  });
});

describe("a second round of follow-ups (probe59 questions2)", () => {
  it("'remove the device filter' drops that filter only; the device is no new grouping", async () => {
    const reply = await askTurns(table, "total sales by channel", "only on phones", "and only in 2022", "remove the device filter");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["channel"]);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["day"]);
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not use/);
  });
  it("'I meant the average, not the total' takes the average", async () => {
    const reply = await askTurns(accountTable, "total Charges for the Plus plan", "I meant the average, not the total");
    const plus = accounts.filter((r) => r[1] === "Plus");
    expect(reply.plan?.measure.agg).toBe("mean");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(plus.reduce((s, r) => s + Number(r[2]), 0) / plus.length, 2);
  });
  it("'how many accounts churned?' after a listing counts the churned accounts", async () => {
    const reply = await askTurns(accountTable, "top 3 accounts by Charges", "how many accounts churned?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(firstNumber(tableOf(reply)[0])).toBe(accounts.filter((r) => r[4] === "Yes").length);
  });
  it("'overall' after a filtered split: one number over every row", async () => {
    const reply = await askTurns(table, "sales by channel on laptops", "what's the total number of visits overall?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(total(() => true, "visits"));
  });
  it("'how does that compare to Max?' after a number for one plan: both plans side by side", async () => {
    const reply = await askTurns(accountTable, "average Charges for the Plus plan", "how does that compare to Max?");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Plan"]);
    const got = new Map(tableOf(reply).map((r) => [r.Plan, firstNumber(r)]));
    for (const plan of ["Plus", "Max"]) {
      const mine = accounts.filter((r) => r[1] === plan);
      expect(got.get(plan)).toBeCloseTo(mine.reduce((s, r) => s + Number(r[2]), 0) / mine.length, 2);
    }
    expect(got.size).toBe(2);
  });
});

describe("a share word after a count of filtered rows per group is the share within each group", () => {
  it("'how many accounts pay more than 60, by plan?' then 'as a share of each plan instead'", async () => {
    const reply = await askTurns(accountTable, "how many accounts pay more than 60, by plan?", "as a share of each plan instead");
    for (const plan of ["Basic", "Plus", "Max"]) {
      const mine = accounts.filter((r) => r[1] === plan);
      const row = tableOf(reply).find((r) => r.Plan === plan);
      expect(firstNumber(row)).toBeCloseTo((100 * mine.filter((r) => Number(r[2]) > 60).length) / mine.length, 2);
    }
  });
});
