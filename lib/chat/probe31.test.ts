// chat-p31: questions typed quickly by a user who sees the table (lib/chat/testing/probe31), each fixed by its general
// cause and tested here with other wordings than the probe's. Expected numbers come from the CSV rows with plain
// loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe31");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const epil = read("epil.csv");
const rats = read("RatPupWeight.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a yes/no question comparing an aggregate with a number tests that number, it filters no rows", () => {
  it("'is the median y for progabide below 5': the median of every progabide row, and yes or no first", async () => {
    const reply = await askTurns(epil.table, "is the median y for progabide below 5");
    expect(reply.plan?.filters).toEqual([{ field: "trt", op: "eq", values: ["progabide"] }]);
    const xs = epil.rows
      .filter((r) => r.trt === "progabide")
      .map((r) => num(r.y))
      .sort((a, b) => a - b);
    const median = xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(median);
    expect(reply.messages[0].content.startsWith(median < 5 ? "Yes" : "No")).toBe(true);
  });
  it("the comparison after the rows' conditions ('the average weight of the low group over 6')", async () => {
    const reply = await askTurns(rats.table, "was the average weight of the low group over 6");
    expect(reply.plan?.filters).toEqual([{ field: "Treatment", op: "eq", values: ["Low"] }]);
    const want = mean(rats.rows.filter((r) => r.Treatment === "Low").map((r) => num(r.weight)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
    expect(reply.messages[0].content.startsWith(want > 6 ? "Yes" : "No")).toBe(true);
  });
  it("no field took the comparison ('is the total y in period 3 more than 500')", async () => {
    const reply = await askTurns(epil.table, "is the total y in period 3 more than 500");
    expect(reply.plan?.filters).toEqual([{ field: "period", op: "eq", values: [3] }]);
    const want = epil.rows.filter((r) => r.period === "3").reduce((s, r) => s + num(r.y), 0);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
    expect(reply.messages[0].content.startsWith(want > 500 ? "Yes" : "No")).toBe(true);
  });
  it("'does the total y exceed 2000' (the opener 'does' as typed)", async () => {
    const reply = await askTurns(epil.table, "does the total y exceed 2000");
    expect(reply.plan?.filters).toEqual([]);
    const want = epil.rows.reduce((s, r) => s + num(r.y), 0);
    expect(firstNumber(reply.messages[1]?.table?.[0])).toBe(want);
    expect(reply.messages[0].content.startsWith(want > 2000 ? "Yes" : "No")).toBe(true);
  });
  it("without the question's opener the comparison stays a filter ('average y above 10')", async () => {
    const reply = await askTurns(epil.table, "average y above 10");
    expect(reply.plan?.filters).toEqual([{ field: "y", op: "gt", values: [10] }]);
  });
});

const immer = read("immer.csv");

describe("a one-letter value right after its field's short name said in full", () => {
  it("'location m' is Loc = M (M is also a variety), 'variety s' is Var = S", async () => {
    const loc = await askTurns(immer.table, "total y1 at location m");
    expect(loc.plan?.filters).toEqual([{ field: "Loc", op: "eq", values: ["M"] }]);
    expect(firstNumber(loc.messages[1].table?.[0])).toBeCloseTo(
      immer.rows.filter((r) => r.Loc === "M").reduce((s, r) => s + num(r.Y1), 0),
      3,
    );
    const variety = await askTurns(immer.table, "median y2 of variety s");
    expect(variety.plan?.filters).toEqual([{ field: "Var", op: "eq", values: ["S"] }]);
  });
});

describe("an ordinal word before a field of a few whole numbers is one of its values", () => {
  it("'the second period' is period 2, 'not the last period' every period but 4, each stated", async () => {
    const second = await askTurns(epil.table, "total y in the second period");
    expect(second.plan?.filters).toEqual([{ field: "period", op: "eq", values: [2] }]);
    expect(firstNumber(second.messages[1].table?.[0])).toBe(epil.rows.filter((r) => r.period === "2").reduce((s, r) => s + num(r.y), 0));
    expect((second.assumptions ?? []).join(" ")).toContain("second period");
    const last = await askTurns(epil.table, "how many rows are not from the last period");
    const periods = epil.rows.map((r) => num(r.period));
    const max = Math.max(...periods);
    expect(last.plan?.filters).toEqual([{ field: "period", op: "neq", values: [max] }]);
    expect(firstNumber(last.messages[1].table?.[0])).toBe(periods.filter((p) => p !== max).length);
  });
});

describe("a yes/no question comparing two fields with an aggregate word compares the two aggregates", () => {
  it("'is y1 lower than y2 on average': both averages over every row, and yes or no first", async () => {
    const reply = await askTurns(immer.table, "is y1 lower than y2 on average");
    expect(reply.plan?.filters).toEqual([]);
    expect([reply.plan?.measure, ...(reply.plan?.extraMeasures ?? [])]).toEqual([
      { agg: "mean", field: "Y1" },
      { agg: "mean", field: "Y2" },
    ]);
    const y1 = mean(immer.rows.map((r) => num(r.Y1)));
    const y2 = mean(immer.rows.map((r) => num(r.Y2)));
    expect(reply.messages[0].content.startsWith(y1 < y2 ? "Yes" : "No")).toBe(true);
  });
});

describe("asked whether there are any rows with a condition: their number, not the rows listed", () => {
  it("'is there any row where y is above 60'", async () => {
    const reply = await askTurns(epil.table, "is there any row where y is above 60");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(epil.rows.filter((r) => num(r.y) > 60).length);
  });
});

describe("'treated' / 'untreated' with one field holding a control value (placebo, Control)", () => {
  it("'the treated pups' are the rows other than Control, 'the untreated ones' Control, each stated", async () => {
    const treated = await askTurns(rats.table, "median weight of treated pups");
    expect(treated.plan?.filters).toEqual([{ field: "Treatment", op: "neq", values: ["Control"] }]);
    expect((treated.assumptions ?? []).join(" ")).toContain("treated");
    const untreated = await askTurns(epil.table, "how many untreated rows in period 2");
    expect(untreated.plan?.filters).toContainEqual({ field: "trt", op: "eq", values: ["placebo"] });
    expect(firstNumber(untreated.messages[1].table?.[0])).toBe(epil.rows.filter((r) => r.trt === "placebo" && r.period === "2").length);
  });
});

const env = read("environmental.csv");

describe("'les than' / 'mor than' typed quickly are comparisons", () => {
  it("'les than 60' is below 60 and 'mor than 85' above 85", async () => {
    const less = await askTurns(env.table, "count rows with ozone les than 60");
    expect(less.plan?.filters).toEqual([{ field: "ozone", op: "lt", values: [60] }]);
    expect(firstNumber(less.messages[1].table?.[0])).toBe(env.rows.filter((r) => num(r.ozone) < 60).length);
    const more = await askTurns(env.table, "median wind when temperature mor than 85");
    expect(more.plan?.filters).toEqual([{ field: "temperature", op: "gt", values: [85] }]);
  });
});

describe("a yes/no test of an aggregate over a grouping keeps the groups that pass, said as such", () => {
  it("'is the average weight by sex above 6': the sexes whose average passes, no row filter", async () => {
    const reply = await askTurns(rats.table, "is the average weight by sex above 6");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.having).toEqual({ measure: { agg: "mean", field: "weight" }, op: "gt", values: [6] });
    const passing = ["Male", "Female"].filter((s) => mean(rats.rows.filter((r) => r.sex === s).map((r) => num(r.weight))) > 6);
    expect((reply.messages[1].table ?? []).map((r) => r.sex).sort()).toEqual(passing.sort());
  });
});

describe("'everyone but X', 'all but X' exclude X", () => {
  it("'total y for everyone but placebo' and 'for all but the control group'", async () => {
    const epilReply = await askTurns(epil.table, "total y for everyone but placebo");
    expect(epilReply.plan?.filters).toEqual([{ field: "trt", op: "neq", values: ["placebo"] }]);
    expect(firstNumber(epilReply.messages[1].table?.[0])).toBe(epil.rows.filter((r) => r.trt !== "placebo").reduce((s, r) => s + num(r.y), 0));
    const ratReply = await askTurns(rats.table, "avg weight for all but the control group");
    expect(ratReply.plan?.filters).toEqual([{ field: "Treatment", op: "neq", values: ["Control"] }]);
  });
});
