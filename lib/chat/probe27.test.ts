// chat-p27: the top of a filtered set, second highest, per-group maxima (lib/chat/testing/probe27), each fixed by
// its general cause and tested here with other wordings and tables than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const read = (folder: string, file: string) => readCsvTableAndRows(path.join(__dirname, "testing", folder, file));
const chick = read("probe22", "chickwts.csv");
const rabbit = read("probe27", "rabbit.csv");

const text = (reply: Awaited<ReturnType<typeof askTurns>>) => reply.messages.map((m) => m.content).join(" ");

/** Group means of `value` by `key`, ranked (desc: highest first). */
function rankedMeans(rows: Record<string, unknown>[], key: string, value: string, desc: boolean): [string, number][] {
  const acc = new Map<string, [number, number]>();
  for (const r of rows) {
    const k = String(r[key]);
    const a = acc.get(k) ?? [0, 0];
    acc.set(k, [a[0] + Number(r[value]), a[1] + 1]);
  }
  const out = [...acc.entries()].map(([k, [s, n]]) => [k, s / n] as [string, number]);
  return out.sort((x, y) => (desc ? y[1] - x[1] : x[1] - y[1]));
}

describe("'second / third highest' over groups picks the group that far down the ranking, and says so", () => {
  it("which feed has the third highest average weight", async () => {
    const want = rankedMeans(chick.rows, "feed", "weight", true)[2];
    const reply = await askTurns(chick.table, "which feed has the third highest average weight");
    expect(reply.plan?.within).toEqual({ order: "desc", limit: 3 });
    expect(reply.plan?.limit).toBe(1);
    expect(text(reply)).toContain(`${want[0]} is number 3 by the highest`);
    expect(text(reply)).not.toContain('did not use "third"');
  });
  it("the 2nd lowest mean BPchange by dose", async () => {
    const want = rankedMeans(rabbit.rows, "Dose", "BPchange", false)[1];
    const reply = await askTurns(rabbit.table, "which dose has the 2nd lowest average BPchange");
    expect(reply.plan?.within).toEqual({ order: "asc", limit: 2 });
    expect(text(reply)).toContain(`${want[0]} is number 2 by the lowest`);
  });
  it("without an ordinal the highest group is still the first", async () => {
    const reply = await askTurns(chick.table, "which feed has the highest average weight");
    expect(reply.plan?.within).toBeUndefined();
  });
});

describe("'second / third largest <number>' is the value of the row ranked that far", () => {
  it("the 2nd heaviest chick weight", async () => {
    const sorted = chick.rows.map((r) => Number(r.weight)).sort((x, y) => y - x);
    const reply = await askTurns(chick.table, "what is the second heaviest weight");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.within).toEqual({ order: "desc", limit: 2 });
    expect(text(reply)).toContain(`Number 2 from the highest weight: ${sorted[1]}`);
  });
  it("the third lowest BPchange in the MDL treatment", async () => {
    const sorted = rabbit.rows
      .filter((r) => r.Treatment === "MDL")
      .map((r) => Number(r.BPchange))
      .sort((x, y) => x - y);
    const reply = await askTurns(rabbit.table, "third lowest BPchange for MDL");
    expect(reply.plan?.within).toEqual({ order: "asc", limit: 3 });
    expect(text(reply)).toContain(`Number 3 from the lowest BPchange: ${sorted[2]}`);
  });
});
