// chat-p27: the top of a filtered set, second highest, per-group maxima (lib/chat/testing/probe27), each fixed by
// its general cause and tested here with other wordings and tables than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { executePlan, type RowsResult } from "./execute";
import { answerChat } from "./index";
import { planSchema } from "./plan";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";

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

describe("'which <row noun> has the largest <number>' over rows with no name is the one row at the top", () => {
  const trees = read("probe27", "trees.csv");
  it("which tree has the smallest volume: one row, the smallest", async () => {
    const min = Math.min(...trees.rows.map((r) => Number(r.Volume)));
    // The data set's name says what a row is ("trees").
    const reply = await answerChat({ table: trees.table, datasetName: "trees", messages: [{ role: "user", content: "which tree has the smallest volume" }] });
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.limit).toBe(1);
    expect(reply.messages.find((m) => m.table)?.table?.map((r) => r.Volume)).toEqual([min]);
  });
  it("plural 'which trees' still lists them all", async () => {
    const reply = await answerChat({ table: trees.table, datasetName: "trees", messages: [{ role: "user", content: "which trees have the largest volume" }] });
    expect(reply.plan?.limit ?? null).toBeNull();
  });
  it("rows tied with the top one are shown with it", () => {
    const table = tableFromRows(
      ["v", "w"],
      [
        ["5", "1"],
        ["9", "2"],
        ["9", "3"],
        ["7", "4"],
      ],
    );
    const plan = planSchema.parse({ intent: "rows", y: "v", sort: { by: "value", order: "desc" }, limit: 1, chart: "table" });
    const r = executePlan(table, plan) as RowsResult;
    expect(r.indices).toEqual([1, 2]);
  });
});
