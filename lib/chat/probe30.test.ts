// chat-p30: which one is highest / lowest, top-N, spread (lib/chat/testing/probe30), each fixed by its general
// cause and tested here with other wordings and tables than the probe's. Expected numbers come from the rows with
// plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";

const text = (reply: Awaited<ReturnType<typeof askTurns>>) => reply.messages.map((m) => m.content).join(" ");

/** Group means of `value` by `key`, ranked (desc: highest first). */
function rankedMeans(rows: string[][], key: number, value: number, desc: boolean): [string, number][] {
  const acc = new Map<string, [number, number]>();
  for (const r of rows) {
    const a = acc.get(r[key]) ?? [0, 0];
    acc.set(r[key], [a[0] + Number(r[value]), a[1] + 1]);
  }
  const out = [...acc.entries()].map(([k, [s, n]]) => [k, s / n] as [string, number]);
  return out.sort((x, y) => (desc ? y[1] - x[1] : x[1] - y[1]));
}

// A factory log: production lines (a `Line` field, also a chart word) with repeated output readings.
const lineRows: string[][] = [];
for (let i = 0; i < 40; i++) lineRows.push([`L${(i % 5) + 1}`, String(i % 7), String(((i * 37) % 23) * ((i % 5) + 1) + (i % 3))]);
const lines = tableFromRows(["Line", "shift", "output"], lineRows);

describe("the plural of a field named like a chart word, after a count, is that field ('top 3 plots' over Plot)", () => {
  it("top 2 lines by average output ranks the lines' means", async () => {
    const want = rankedMeans(lineRows, 0, 2, true).slice(0, 2);
    const reply = await askTurns(lines, "top 2 lines by average output");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Line"]);
    expect(tableOf(reply).map((r) => r.Line)).toEqual(want.map((w) => w[0]));
  });
  it("the 3 lowest lines by mean output", async () => {
    const want = rankedMeans(lineRows, 0, 2, false).slice(0, 3);
    const reply = await askTurns(lines, "bottom three lines by mean output");
    expect(tableOf(reply).map((r) => r.Line)).toEqual(want.map((w) => w[0]));
  });
  it("a line chart is still a chart", async () => {
    const reply = await askTurns(lines, "average output by shift as a line chart");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["shift"]);
    expect(reply.plan?.chart).toBe("line");
  });
});

/** Sample standard deviation of `value` per `key` (n - 1, as pandas). */
function groupStd(rows: string[][], key: number, value: number): Map<string, number> {
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r[key], [...(by.get(r[key]) ?? []), Number(r[value])]);
  const out = new Map<string, number>();
  for (const [k, v] of by) {
    const mean = v.reduce((s, x) => s + x, 0) / v.length;
    out.set(k, Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / (v.length - 1)));
  }
  return out;
}

describe("a standard deviation aggregate: said outright, or as a spread word beside a superlative", () => {
  const std = groupStd(lineRows, 0, 2);
  const ranked = [...std.entries()].sort((x, y) => y[1] - x[1]);
  it("standard deviation of output per line", async () => {
    const reply = await askTurns(lines, "standard deviation of output per line");
    expect(reply.plan?.measure).toMatchObject({ agg: "std", field: "output" });
    const got = new Map(tableOf(reply).map((r) => [r.Line as string, r["Standard deviation of output"] as number]));
    for (const [k, v] of std) expect(got.get(k)).toBeCloseTo(v, 3);
  });
  it("which line has the most variability in output", async () => {
    const reply = await askTurns(lines, "which line has the most variability in output");
    expect(reply.plan?.measure.agg).toBe("std");
    expect(tableOf(reply)[0].Line).toBe(ranked[0][0]);
    expect(text(reply)).toContain("standard deviation");
  });
  it("the least variable line by output: the smallest standard deviation", async () => {
    const reply = await askTurns(lines, "which line is the least variable in output");
    expect(tableOf(reply)[0].Line).toBe(ranked[ranked.length - 1][0]);
  });
  it("the spread of output without a superlative stays a distribution", async () => {
    const reply = await askTurns(lines, "show the spread of output");
    expect(reply.plan?.intent).toBe("distribution");
  });
});

// Lakes and their depth: one number per named row.
const lakeRows: string[][] = [
  ["Baikal", "1642"],
  ["Tanganyika", "1470"],
  ["Caspian", "1025"],
  ["Vostok", "900"],
  ["Malawi", "706"],
  ["Issyk-Kul", "668"],
  ["Superior", "406"],
];
const lakes = tableFromRows(["lake", "depth"], lakeRows);
const byDepth = [...lakeRows].sort((x, y) => Number(y[1]) - Number(x[1]));

describe("over a table with one number, a plain superlative ranks by it ('which island is the largest')", () => {
  it("which lake is the biggest", async () => {
    const reply = await askTurns(lakes, "which lake is the biggest");
    expect(tableOf(reply)[0].lake).toBe(byDepth[0][0]);
    expect(Object.values(tableOf(reply)[0])).toContain(Number(byDepth[0][1]));
    expect(text(reply)).toContain(byDepth[0][0]);
  });
  it("the 3 smallest lakes", async () => {
    const reply = await askTurns(lakes, "the 3 smallest lakes");
    expect(tableOf(reply).map((r) => r.lake)).toEqual(
      byDepth
        .slice(-3)
        .reverse()
        .map((r) => r[0]),
    );
  });
  it("the smallest lake with a depth above 800: the number in the filter still leaves the superlative", async () => {
    const want = byDepth.filter((r) => Number(r[1]) > 800).slice(-1)[0];
    const reply = await askTurns(lakes, "which is the smallest lake with a depth above 800");
    expect(tableOf(reply)[0].lake).toBe(want[0]);
  });
  it("which lake is the third largest: the row ranked 3, named first", async () => {
    const reply = await askTurns(lakes, "which lake is the third largest");
    expect(tableOf(reply)).toHaveLength(1);
    expect(tableOf(reply)[0].lake).toBe(byDepth[2][0]);
    expect(text(reply)).toContain(`${byDepth[2][0]} is number 3 by the highest`);
  });
  it("with two numbers the superlative still asks which", async () => {
    const two = tableFromRows(
      ["lake", "depth", "area"],
      lakeRows.map((r, i) => [...r, String(1000 * (i + 1))]),
    );
    const reply = await askTurns(two, "which lake is the biggest");
    expect(reply.plan?.y ?? null).not.toBe("depth");
  });
});

describe("the n-th row by one number over a table of named rows ('which island is the second biggest')", () => {
  const peakRows = Array.from({ length: 70 }, (_, i) => [`Peak ${i + 1}`, String(1000 + ((i * 53) % 70) * 37)]);
  const peaks = tableFromRows(["peak", "height"], peakRows);
  const ranked = [...peakRows].sort((x, y) => Number(y[1]) - Number(x[1]));
  it("which peak is the second highest", async () => {
    const reply = await askTurns(peaks, "which peak is the second highest");
    expect(reply.plan?.intent).toBe("rows");
    expect(tableOf(reply)).toEqual([{ peak: ranked[1][0], height: Number(ranked[1][1]) }]);
    expect(text(reply)).toContain(`${ranked[1][0]} is number 2 by the highest height`);
  });
});

describe("a follow-up's superlative turns the earlier ranking its way", () => {
  const mammals = readCsvTableAndRows(path.join(__dirname, "testing", "probe30", "mammals.csv"));
  it("which animal has the lowest body, then 'and the highest brain?'", async () => {
    const top = [...mammals.rows].sort((x, y) => Number(y.brain) - Number(x.brain))[0];
    const reply = await askTurns(mammals.table, "which animal has the lowest body", "and the highest brain?");
    expect(reply.plan?.sort?.order).toBe("desc");
    expect(tableOf(reply)[0].animal).toBe(top.animal);
  });
});

describe("'range of X per group' is each group's maximum minus its minimum", () => {
  it("range of output per line", async () => {
    const by = new Map<string, number[]>();
    for (const r of lineRows) by.set(r[0], [...(by.get(r[0]) ?? []), Number(r[2])]);
    const reply = await askTurns(lines, "range of output per line");
    expect(reply.plan?.measure).toMatchObject({ agg: "range", field: "output" });
    const got = new Map(tableOf(reply).map((r) => [r.Line as string, r["Range of output"] as number]));
    for (const [k, v] of by) expect(got.get(k)).toBe(Math.max(...v) - Math.min(...v));
  });
  it("'the range of output' alone stays a distribution; asked as a value ('what is the range of output') it is max - min (chat-p45)", async () => {
    const alone = await askTurns(lines, "the range of output");
    expect(alone.plan?.measure.agg).not.toBe("range");
    const asked = await askTurns(lines, "what is the range of output");
    const xs = lineRows.map((r) => Number(r[2]));
    expect(asked.plan?.measure).toMatchObject({ agg: "range", field: "output" });
    expect(Object.values(tableOf(asked)[0]).find((v) => typeof v === "number")).toBe(Math.max(...xs) - Math.min(...xs));
  });
});

describe("an ordinal before a superlative is its rank, never the missing word an ask-back names", () => {
  it("which animal has the third largest brain weight: 'weight' is left unread, 'third' is the rank", async () => {
    const mammals = readCsvTableAndRows(path.join(__dirname, "testing", "probe30", "mammals.csv"));
    const third = [...mammals.rows].sort((x, y) => Number(y.brain) - Number(x.brain))[2];
    const reply = await askTurns(mammals.table, "which animal has the third largest brain weight");
    expect(text(reply)).not.toContain('find "third"');
    expect(text(reply)).toContain(`${third.animal} is number 3 by the highest`);
  });
});
