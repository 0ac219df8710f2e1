// chat-p24: misspelt field and value names and distinct counts over R tables (lib/chat/testing/probe24), each fixed
// by its general cause and tested here with other wordings than the probe's. Expected numbers come from the CSV rows
// with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe24");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const shuttle = read("shuttle.csv");
const bacteria = read("bacteria.csv");
const npk = read("npk.csv");
const wafer = read("wafer.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const count = (rows: Record<string, unknown>[], keep: (r: Record<string, unknown>) => boolean) => rows.filter(keep).length;

describe("a field's name said next to one of its values is not the initials of a coded value", () => {
  it("magn Medium is magn = Medium, not error = MM (the initials of the two words)", async () => {
    const reply = await askTurns(shuttle.table, "how many rows have magn Medium");
    expect(reply.plan?.filters).toEqual([{ field: "magn", op: "eq", values: ["Medium"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(count(shuttle.rows, (r) => r.magn === "Medium"));
  });
});

describe("a misspelt value is read as the closest value and the answer says so", () => {
  it("a long value with a letter dropped (plcebo)", async () => {
    const reply = await askTurns(bacteria.table, "number of rows with trt plcebo and hilo hi");
    expect(reply.plan?.filters).toContainEqual({ field: "trt", op: "eq", values: ["placebo"] });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(count(bacteria.rows, (r) => r.trt === "placebo" && r.hilo === "hi"));
    expect(reply.assumptions?.join(" | ")).toContain('I read "plcebo" as trt "placebo"');
  });
  it("a four-letter value with two letters swapped (haed for head)", async () => {
    const reply = await askTurns(shuttle.table, "how many rows had a haed wind");
    expect(reply.plan?.filters).toEqual([{ field: "wind", op: "eq", values: ["head"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(count(shuttle.rows, (r) => r.wind === "head"));
    expect(reply.assumptions?.join(" | ")).toContain('as wind "head"');
  });
  it("a five-letter value with two letters swapped (xtsab for xstab)", async () => {
    const reply = await askTurns(shuttle.table, "how many rows with stability xtsab");
    expect(reply.plan?.filters).toEqual([{ field: "stability", op: "eq", values: ["xstab"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(count(shuttle.rows, (r) => r.stability === "xstab"));
    expect(reply.assumptions?.join(" | ")).toContain('as stability "xstab"');
  });
  it("a value typed right states no reading", async () => {
    const reply = await askTurns(shuttle.table, "how many rows had a head wind");
    expect(reply.assumptions ?? []).toEqual([]);
  });
});

describe("how many kinds / types / different X: the number of distinct values", () => {
  const distinct = (rows: Record<string, unknown>[], key: string) => new Set(rows.map((r) => r[key])).size;
  it("how many types of magn are there", async () => {
    const reply = await askTurns(shuttle.table, "how many types of magn are there");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "magn" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(distinct(shuttle.rows, "magn"));
  });
  it("number of kinds of error per wind", async () => {
    const reply = await askTurns(shuttle.table, "number of kinds of error per wind");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "error" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["wind"]);
  });
  it("how many different weeks: a plural time unit that is a field's name, counted as distinct, is that field", async () => {
    const reply = await askTurns(bacteria.table, "how many different weeks");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "week" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(distinct(bacteria.rows, "week"));
  });
});

describe("a short field name typed with one letter left out is that field, stated", () => {
  it("total yeld by blok", async () => {
    const reply = await askTurns(npk.table, "total yeld by blok");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "yield" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["block"]);
    expect(reply.assumptions).toContain('I read "blok" as block');
    const want = npk.rows.filter((r) => String(r.block) === "1").reduce((s, r) => s + Number(r.yield), 0);
    const got = reply.messages[1].table?.find((r) => String(r.block) === "1");
    expect(Number(got?.["Total of yield"])).toBeCloseTo(want, 6);
  });
  it("average wek: three letters only when the letter left out is doubled", async () => {
    const reply = await askTurns(bacteria.table, "average wek");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "week" });
    expect(reply.assumptions).toContain('I read "wek" as week');
  });
  it("a three-letter word one letter short of a name (win / wind) is not that field", async () => {
    const reply = await askTurns(shuttle.table, "how many win by magn");
    expect(JSON.stringify(reply.plan ?? {})).not.toContain("wind");
  });
});

describe("a number right after the name of a field of a few set levels that are not whole numbers is that level", () => {
  it("max current at voltage 1.2", async () => {
    const reply = await askTurns(wafer.table, "max current at voltage 1.2");
    expect(reply.plan?.filters).toEqual([{ field: "voltage", op: "eq", values: [1.2] }]);
    const want = Math.max(...wafer.rows.filter((r) => Number(r.voltage) === 1.2).map((r) => Number(r.current)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("a number the field does not hold is no filter on it", async () => {
    const reply = await askTurns(wafer.table, "max current at voltage 3");
    expect(reply.plan?.filters ?? []).not.toContainEqual(expect.objectContaining({ field: "voltage" }));
  });
});

describe("a vocabulary word typed without the space before a field's name is the two words", () => {
  it("averagecurrent by Site", async () => {
    const reply = await askTurns(wafer.table, "averagecurrent by Site");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "current" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Site"]);
  });
  it("maxyield", async () => {
    const reply = await askTurns(npk.table, "maxyield");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "yield" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(Math.max(...npk.rows.map((r) => Number(r.yield))));
  });
});

describe("a misspelt field name is the field, not a short code of it that the word happens to abbreviate", () => {
  it("count by stabilty groups by stability (its code 'stab' is not a filter)", async () => {
    const reply = await askTurns(shuttle.table, "number of rows by stabilty");
    expect(reply.plan?.filters ?? []).toEqual([]);
    expect(reply.plan?.groupBy?.map((g) => g.field)).toEqual(["stability"]);
  });
});
