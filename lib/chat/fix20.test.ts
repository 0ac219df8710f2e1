// chat-fix20: leftovers of rounds 9-19 (issue 12). Expected numbers come from the CSV rows with
// plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const aids = read("probe15/Aids2.csv");
const birthwt = read("probe15/birthwt.csv");
const maxOf = (rows: Record<string, string>[], field: string) => Math.max(...rows.map((r) => Number(r[field])));

describe("a superlative of one (singular) row of a table whose rows have no name is that one number", () => {
  it.each([
    [aids, "how old is the oldest patient", "age"],
    [birthwt, "what was the heaviest baby's bwt", "bwt"],
  ] as const)("%#: %s", async (data, q, field) => {
    const reply = await askTurns(data.table, q);
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toEqual({ agg: "max", field });
    const table = reply.messages[1]?.table ?? [];
    expect(table).toHaveLength(1);
    expect(Object.values(table[0])).toContain(maxOf(data.rows, field));
  });
  it("a plural row noun still lists the rows ranked", async () => {
    const reply = await askTurns(aids.table, "show the 5 oldest patients");
    expect(reply.plan?.intent).toBe("rows");
  });
});

describe("the most frequent value of a whole-number field asked after 'which' is its mode, with its count", () => {
  const counts = new Map<string, number>();
  for (const r of birthwt.rows) counts.set(r.age, (counts.get(r.age) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const modes = [...counts].filter(([, n]) => n === top).map(([v]) => Number(v));
  it.each(["which mother's age occurs most often", "which age is most common"])("%s", async (q) => {
    const reply = await askTurns(birthwt.table, q);
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["age"]);
    const first = reply.messages[1]?.table?.[0] ?? {};
    expect(modes).toContain(first.age);
    expect(Object.values(first)).toContain(top);
    expect(reply.messages[0].content).toContain(`${first.age} has the highest`);
  });
});

describe("'and the max?' after a count by one field is the largest group, stated", () => {
  const counts = new Map<string, number>();
  for (const r of aids.rows) counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
  it.each([
    ["and the max?", Math.max(...counts.values()), "highest"],
    ["and the min?", Math.min(...counts.values()), "lowest"],
  ] as const)("count by state, then %s", async (q, n, word) => {
    const reply = await askTurns(aids.table, "count by state", q);
    const table = reply.messages[1]?.table ?? [];
    expect(table).toHaveLength(1);
    const state = [...counts].find(([, c]) => c === n)?.[0];
    expect(table[0].state).toBe(state);
    expect(Object.values(table[0])).toContain(n);
    expect(reply.messages[0].content).toContain(`${state} has the ${word}`);
  });
});

describe("'N largest <rows>' ranks by the one number field named after the row noun", () => {
  const loans = read("probe9/loans.csv");
  it.each([
    ["5 largest loans", true, 5],
    ["the 3 smallest loans", false, 3],
  ] as const)("%s", async (q, desc, n) => {
    const amounts = loans.rows.map((r) => Number(r.loan_amount)).sort((x, y) => (desc ? y - x : x - y));
    const reply = await askTurns(loans.table, q);
    expect(reply.plan?.y).toBe("loan_amount");
    const table = reply.messages[1]?.table ?? [];
    expect(table.map((r) => r.loan_amount)).toEqual(amounts.slice(0, n));
  });
});
