// chat-p37: what users count and compare (lib/chat/testing/probe37), each fixed by its general cause and tested
// here with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never from
// the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe37");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const oxboys = read("oxboys.csv");
const nile = read("nile.csv");
const spruce = read("spruce.csv");
const alfalfa = read("alfalfa.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe("'the first / last N <field>' keeps that many values from the start or end of the field", () => {
  it("'total flow over the first 5 years' is the total of the earliest five years, one number", async () => {
    const reply = await askTurns(nile.table, "total flow over the first 5 years");
    const years = nile.rows.map((r) => Number(r.year));
    const y0 = Math.min(...years);
    const want = sum(nile.rows.filter((r) => Number(r.year) < y0 + 5).map((r) => Number(r.flow)));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "year", op: "between", values: [y0, y0 + 4] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 0);
  });
  it("'mean height at the last two occasions' is the rows of the two largest occasions, stated", async () => {
    const reply = await askTurns(oxboys.table, "mean height at the last two occasions");
    const want = mean(oxboys.rows.filter((r) => Number(r.Occasion) >= 8).map((r) => Number(r.height)));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
    expect(reply.assumptions?.join(" ")).toContain("last two occasions");
  });
  it("'except the first 2 occasions' keeps the occasions after them", async () => {
    const reply = await askTurns(oxboys.table, "average height except the first 2 occasions");
    const want = mean(oxboys.rows.filter((r) => Number(r.Occasion) > 2).map((r) => Number(r.height)));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
  it("'top 3 occasions by average height' is still a ranking", async () => {
    const reply = await askTurns(oxboys.table, "top 3 occasions by average height");
    expect(reply.plan?.limit).toBe(3);
    expect(reply.plan?.filters).toEqual([]);
  });
});

describe("values listed and pooled ('A and B combined', 'together') are one group", () => {
  it("'total yield of Ladak and Ranger combined by block' groups by block only", async () => {
    const reply = await askTurns(alfalfa.table, "total yield of Ladak and Ranger together by block");
    const rows = alfalfa.rows.filter((r) => r.Variety === "Ladak" || r.Variety === "Ranger");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Block"]);
    const b1 = tableOf(reply).find((r) => Number(r.Block) === 1);
    expect(firstNumber({ v: Object.values(b1 ?? {}).find((v, i) => i > 0 && typeof v === "number") })).toBeCloseTo(
      sum(rows.filter((r) => r.Block === "1").map((r) => Number(r.Yield))),
      2,
    );
  });
  it("without a pooling word, 'Ladak and Ranger by block' still compares them side by side", async () => {
    const reply = await askTurns(alfalfa.table, "total yield of Ladak and Ranger by block");
    expect(reply.plan?.groupBy.map((g) => g.field).sort()).toEqual(["Block", "Variety"]);
  });
});

describe("a plural field name before values it holds ('plots 3 and 4') is the field, not a chart word", () => {
  it("'mean logSize for plots 3 and 4' averages those plots' rows", async () => {
    const reply = await askTurns(spruce.table, "mean logSize for plots 3 and 4");
    const want = mean(spruce.rows.filter((r) => r.plot === "3" || r.plot === "4").map((r) => Number(r.logSize)));
    expect(reply.plan?.filters).toEqual([{ field: "plot", op: "in", values: [3, 4] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
});

describe("'all X except X v' names the rows kept, not a grouping by X", () => {
  it("'average yield in every block except block 1' is one number", async () => {
    const reply = await askTurns(alfalfa.table, "average yield in every block except block 1");
    const want = mean(alfalfa.rows.filter((r) => r.Block !== "1").map((r) => Number(r.Yield)));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 3);
  });
  it("'by block for all blocks except block 1' keeps the grouping asked for", async () => {
    const reply = await askTurns(alfalfa.table, "average yield by block for all blocks except block 1");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Block"]);
    expect(tableOf(reply)).toHaveLength(5);
  });
});

describe("numbers listed with commas after a field's name ('plots 1, 3 and 4') are all its values", () => {
  it("'mean logSize in plots 1, 3 and 4' keeps the three plots", async () => {
    const reply = await askTurns(spruce.table, "mean logSize in plots 1, 3 and 4");
    const want = mean(spruce.rows.filter((r) => ["1", "3", "4"].includes(r.plot)).map((r) => Number(r.logSize)));
    expect(reply.plan?.filters).toEqual([{ field: "plot", op: "in", values: [1, 3, 4] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
});

describe("people nouns over the one field naming who was measured (Subject) count and name its values", () => {
  it("'how many boys were ever over 165 cm' counts the different subjects, stated", async () => {
    const reply = await askTurns(oxboys.table, "how many boys were over 165 cm");
    const want = new Set(oxboys.rows.filter((r) => Number(r.height) > 165).map((r) => r.Subject)).size;
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "Subject" });
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
    expect(reply.assumptions?.join(" ")).toContain('"boys" as Subject');
  });
  it("'how many subjects are there' counts the different subjects, not the rows", async () => {
    const reply = await askTurns(oxboys.table, "how many subjects are there");
    expect(firstNumber(tableOf(reply)[0])).toBe(new Set(oxboys.rows.map((r) => r.Subject)).size);
  });
  it("'average height of boy 7' is Subject 7", async () => {
    const reply = await askTurns(oxboys.table, "average height of boy 7");
    expect(reply.plan?.filters).toEqual([{ field: "Subject", op: "eq", values: [7] }]);
  });
});

describe("readings no plan computes are not shown as the answer without a word", () => {
  it("'mean height for 7' (a Subject and an Occasion) asks which field", async () => {
    const reply = await askTurns(oxboys.table, "mean height for 7");
    expect(reply.plan).toBeNull();
    const text = reply.messages.map((m) => m.content).join(" ");
    expect(text).toContain("Subject");
    expect(text).toContain("Occasion");
  });
  it("'average flow by quarter' over one row per year names the missing grain, no number", async () => {
    const reply = await askTurns(nile.table, "total flow by quarter");
    expect(reply.plan).toBeNull();
    expect(reply.messages.map((m) => m.content).join(" ")).toContain('"quarter"');
    const byYear = await askTurns(nile.table, "total flow by decade");
    expect(byYear.plan?.groupBy).toEqual([{ field: "year", bucket: "decade" }]);
  });
  // (chat-p41: the aggregate of per-group values is computed now, measure.each; lib/chat/p41.test.ts.)
  it("'mean of each block's lowest yield' is the mean of the blocks' minima", async () => {
    const reply = await askTurns(alfalfa.table, "mean of each block's lowest yield");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Yield", each: { field: "Block", agg: "min" } });
    const lows = new Map<string, number>();
    for (const r of alfalfa.rows) lows.set(r.Block, Math.min(lows.get(r.Block) ?? Infinity, Number(r.Yield)));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean([...lows.values()]), 2);
  });
  it("'the year after the highest flow' says it did not use 'year after'", async () => {
    const reply = await askTurns(nile.table, "flow in the year after the highest flow");
    expect(reply.assumptions?.join(" ")).toContain("year after");
  });
  it("'mean logSize at the last measurement by plot' says it did not use 'last measurement'", async () => {
    const reply = await askTurns(spruce.table, "mean logSize at the last measurement by plot");
    expect(reply.assumptions?.join(" ")).toContain("last measurement");
  });
});

describe("'how many <field> groups / levels' counts the field's different values", () => {
  it("'how many age values are there' is the number of different ages, not rows in ranges", async () => {
    const reply = await askTurns(oxboys.table, "how many age values are there");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "age" });
    expect(firstNumber(tableOf(reply)[0])).toBe(new Set(oxboys.rows.map((r) => r.age)).size);
  });
  it("not over a field of many values ('how many height groups')", async () => {
    const reply = await askTurns(oxboys.table, "how many height groups are there");
    expect(reply.plan?.measure.agg).not.toBe("distinct");
  });
});

describe("two decades said together are the years of both", () => {
  it("'average flow in the 1880s and 1890s' compares the two decades; 'together' pools them", async () => {
    const years = (lo: number, hi: number) => nile.rows.filter((r) => Number(r.year) >= lo && Number(r.year) <= hi).map((r) => Number(r.flow));
    const side = await askTurns(nile.table, "average flow in the 1880s and 1890s");
    expect(side.plan?.groupBy).toEqual([{ field: "year", bucket: "decade" }]);
    expect(tableOf(side)).toHaveLength(2);
    const pooled = await askTurns(nile.table, "average flow in the 1880s and 1890s together");
    expect(pooled.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(pooled)[0])).toBeCloseTo(mean(years(1880, 1899)), 2);
    expect(pooled.assumptions ?? []).not.toContain('I did not use "1880s"');
  });
});
