// chat-p22: which item is highest/lowest, top and bottom N, over rows and groups (lib/chat/testing/probe22), each
// fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from the
// CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe22");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const chick = read("chickwts.csv");

const text = (reply: Awaited<ReturnType<typeof askTurns>>) => reply.messages.map((m) => m.content).join(" ");

describe("a superlative that names a number the table lacks ('cheapest' with no price) is not a count of rows", () => {
  it("the cheapest feed: no number, the word is named", async () => {
    const reply = await askTurns(chick.table, "the cheapest feed");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toContain("cheapest");
  });
  it("a superlative whose number exists still ranks by it ('which feed is the heaviest')", async () => {
    const reply = await askTurns(chick.table, "which feed is the lightest");
    expect(reply.plan?.measure.field).toBe("weight");
  });
  it("a superlative without its number but with another number named still ranks by that ('the most expensive feed by weight')", async () => {
    const reply = await askTurns(chick.table, "the most expensive feed by weight");
    expect(reply.plan).not.toBeNull();
  });
});

const cpus = read("cpus.csv");

describe("a one-word name run together from the starts of two words ('max channels' for chmax), stated", () => {
  it("average maximum memory -> mmax, with the reading stated", async () => {
    const reply = await askTurns(cpus.table, "average maximum memory");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "mmax" });
    expect((reply.assumptions ?? []).join(" ")).toContain("mmax");
    const want = cpus.rows.reduce((s, r) => s + Number(r.mmax), 0) / cpus.rows.length;
    expect(Object.values(reply.messages[1].table?.[0] ?? {})[0]).toBeCloseTo(want, 2);
  });
  it("the 4 machines with the highest estimated performance -> ranked by estperf", async () => {
    const reply = await askTurns(cpus.table, "the 4 machines with the highest estimated performance");
    const want = cpus.rows
      .map((r) => Number(r.estperf))
      .sort((a, b) => b - a)
      .slice(0, 4);
    expect((reply.messages[1].table ?? []).map((r) => r.estperf)).toEqual(want);
  });
  it("one word alone is not read as a run-together name ('channels' alone names no field)", async () => {
    const reply = await askTurns(cpus.table, "average channels");
    expect(reply.plan).toBeNull();
  });
});

describe("a size superlative over groups with no number named ('which tree was the biggest') counts rows and says so", () => {
  it("which feed is the largest: the counts, with the reading stated", async () => {
    const reply = await askTurns(chick.table, "which feed is the largest");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect((reply.assumptions ?? []).join(" ")).toContain('"largest" as number of rows');
  });
  it("which feed has the most rows: a count asked for, no note", async () => {
    const reply = await askTurns(chick.table, "which feed has the most rows");
    expect((reply.assumptions ?? []).join(" ")).not.toContain("as number of rows");
  });
});

describe("ties at the top are all named, not the first one alone", () => {
  it("rows: which row has the largest cach names every machine at the maximum", async () => {
    const reply = await askTurns(cpus.table, "which row has the largest cach");
    const max = Math.max(...cpus.rows.map((r) => Number(r.cach)));
    const tied = cpus.rows.filter((r) => Number(r.cach) === max).map((r) => r.name);
    expect(tied.length).toBeGreaterThan(1);
    for (const name of tied) expect(reply.messages[0].content).toContain(name);
    expect(reply.messages[0].content).toContain(`${tied.length} tie for the highest cach`);
  });
  it("groups: three feeds sharing the highest count are all named", async () => {
    const counts = new Map<string, number>();
    for (const r of chick.rows) if (!["soybean", "horsebean", "meatmeal"].includes(r.feed)) counts.set(r.feed, (counts.get(r.feed) ?? 0) + 1);
    const max = Math.max(...counts.values());
    const tied = [...counts].filter(([, n]) => n === max).map(([f]) => f);
    const reply = await askTurns(chick.table, "number of rows by feed for feeds other than soybean, horsebean and meatmeal, most first");
    expect(reply.messages[0].content).toContain(`${tied.length} tie for the highest number of rows (${max})`);
    for (const f of tied) expect(reply.messages[0].content).toContain(f);
  });
});

const fgl = read("fgl.csv");

describe("a field named by a chemical symbol (Na, Ba, Fe) is named by the element's word, stated", () => {
  it("which type has the highest average iron -> Fe by type, the reading stated", async () => {
    const reply = await askTurns(fgl.table, "which type has the highest average iron");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Fe" });
    expect((reply.assumptions ?? []).join(" ")).toContain('"iron" as Fe');
    const sums = new Map<string, [number, number]>();
    for (const r of fgl.rows) {
      const s = sums.get(r.type) ?? [0, 0];
      sums.set(r.type, [s[0] + Number(r.Fe), s[1] + 1]);
    }
    const best = [...sums].map(([k, [s, n]]) => [k, s / n] as const).sort((a, b) => b[1] - a[1])[0];
    expect(reply.messages[0].content.startsWith(`${best[0]} has the highest`)).toBe(true);
  });
  it("average magnesium -> Mg", async () => {
    const reply = await askTurns(fgl.table, "average magnesium");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Mg" });
  });
});

const plants = read("plantgrowth.csv");

describe("a word that a short code value abbreviates ('control' for ctrl) reads as that value, stated", () => {
  it("average weight of control plants -> group = ctrl, the reading stated", async () => {
    const reply = await askTurns(plants.table, "average weight of control plants");
    expect(reply.plan?.filters).toEqual([{ field: "group", op: "eq", values: ["ctrl"] }]);
    expect((reply.assumptions ?? []).join(" ")).toContain('"control" as group "ctrl"');
    const ws = plants.rows.filter((r) => r.group === "ctrl").map((r) => Number(r.weight));
    expect(Object.values(reply.messages[1].table?.[0] ?? {})[0]).toBeCloseTo(ws.reduce((s, x) => s + x, 0) / ws.length, 3);
  });
});
