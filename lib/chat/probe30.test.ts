// chat-p30: which one is highest / lowest, top-N, spread (lib/chat/testing/probe30), each fixed by its general
// cause and tested here with other wordings and tables than the probe's. Expected numbers come from the rows with
// plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

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
for (let i = 0; i < 40; i++) lineRows.push([`L${(i % 5) + 1}`, String(i % 7), String(((i * 37) % 23) + (i % 5) * 3)]);
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
