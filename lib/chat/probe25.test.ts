// chat-p25: misspelt question words (aggregates, "how many", "what") over R tables (lib/chat/testing/probe25), tested
// here with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never from
// the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";
import { correctWord } from "./understand/vocabulary";

const dir = path.join(__dirname, "testing", "probe25");
const mortality = readCsvTableAndRows(path.join(dir, "mortality.csv"));

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const sumBy = (rows: Record<string, string>[], key: string, value: string) => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + Number(r[value]));
  return m;
};

describe("a short question word with a letter dropped, two letters swapped or one added is read as the word", () => {
  it("ttal is total (a sum, not the default average)", async () => {
    const reply = await askTurns(mortality.table, "ttal Rate per Sex");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Rate" });
    const want = sumBy(mortality.rows, "Sex", "Rate");
    const table = reply.messages[1].table ?? [];
    expect(table.length).toBe(want.size);
    for (const row of table) expect(Number(row["Total of Rate"])).toBeCloseTo(want.get(String(row.Sex)) ?? Number.NaN, 6);
  });
  it("summ is sum", async () => {
    const reply = await askTurns(mortality.table, "summ of SE where Cause is Suicide");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "SE" });
    const want = mortality.rows.filter((r) => r.Cause === "Suicide").reduce((s, r) => s + Number(r.SE), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 6);
  });
  it("medan is median", async () => {
    const reply = await askTurns(mortality.table, "wht is the medan Rate");
    expect(reply.plan?.measure).toEqual({ agg: "median", field: "Rate" });
  });
  it("hw mny diffrent is a distinct count, not a count per value", async () => {
    const reply = await askTurns(mortality.table, "hw mny diffrent causes");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "Cause" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(new Set(mortality.rows.map((r) => r.Cause)).size);
  });
  it("a field whose name is such a form stays the field", async () => {
    const table = tableFromRows(
      ["totl", "grp"],
      [
        ["1", "a"],
        ["2", "b"],
        ["5", "a"],
      ],
    );
    const reply = await askTurns(table, "average totl by grp");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "totl" });
  });
  it("real words one letter from a question word are not typos", () => {
    expect(correctWord("totl")).toBe("total");
    expect(correctWord("uniqe")).toBe("unique");
    for (const w of ["media", "man", "may", "sumo", "sums", "umber"]) expect(correctWord(w)).toBeNull();
  });
});

describe("a comparison typed with 'then' for 'than' or a short word misspelt is still a comparison", () => {
  const rows = (keep: (rate: number) => boolean) => mortality.rows.filter((r) => keep(Number(r.Rate))).length;
  it("more then 200 is above 200", async () => {
    const reply = await askTurns(mortality.table, "how many rows have a Rate more then 200");
    expect(reply.plan?.filters).toEqual([{ field: "Rate", op: "gt", values: [200] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(rows((v) => v > 200));
  });
  it("lesser than 20 is below 20", async () => {
    const reply = await askTurns(mortality.table, "number of rows where Rate is lesser than 20");
    expect(reply.plan?.filters).toEqual([{ field: "Rate", op: "lt", values: [20] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(rows((v) => v < 20));
  });
  it("undr, abve and thn are under, above and than", async () => {
    for (const [q, op] of [
      ["count rows with Rate undr 20", "lt"],
      ["count rows with Rate abve 20", "gt"],
      ["count rows with Rate bigger thn 20", "gt"],
    ] as const) {
      const reply = await askTurns(mortality.table, q);
      expect(reply.plan?.filters, q).toEqual([{ field: "Rate", op, values: [20] }]);
    }
  });
  it("blow is a word, not below", () => {
    expect(correctWord("blow")).toBeNull();
    expect(correctWord("belw")).toBe("below");
  });
});

describe("a misspelt most or least is the superlative", () => {
  const minn38 = readCsvTableAndRows(path.join(dir, "minn38.csv"));
  const totals = sumBy(minn38.rows, "phs", "f");
  const ranked = [...totals.entries()].sort((x, y) => x[1] - y[1]);
  it("leats total is the lowest total", async () => {
    const reply = await askTurns(minn38.table, "which phs has the leats total f");
    expect(reply.messages[0].content).toContain(`${ranked[0][0]} has the lowest total of f`);
  });
  it("msot total is the highest total", async () => {
    const reply = await askTurns(minn38.table, "which phs has the msot total f");
    expect(reply.messages[0].content).toContain(`${ranked[ranked.length - 1][0]} has the highest total of f`);
  });
  it("last and lest stay words", () => {
    expect(correctWord("last")).toBeNull();
    expect(correctWord("lest")).toBeNull();
  });
});

describe("a field named like a binning word ('group') followed by a number it holds is that value", () => {
  const sleep = readCsvTableAndRows(path.join(dir, "sleep.csv"));
  it("total extra in group 2 is group = 2, not bins of width 2", async () => {
    const reply = await askTurns(sleep.table, "total extra in group 2");
    expect(reply.plan?.filters).toEqual([{ field: "group", op: "eq", values: [2] }]);
    const want = sleep.rows.filter((r) => r.group === "2").reduce((t, r) => t + Number(r.extra), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 6);
  });
  it("a number the field does not hold is still a bin width ('extra in group 5' has no group 5)", async () => {
    const reply = await askTurns(sleep.table, "histogram of extra in group 5");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});
