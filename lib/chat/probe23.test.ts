// chat-probe23: conversations, fields that do not exist and casual wording over tables exported from R
// (lib/chat/testing/probe23), each fixed by its general cause and tested here with other wordings than the
// probe's. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe23");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const hills = read("hills.csv");
const road = read("road.csv");
const attitude = read("attitude.csv");

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const text = (reply: Awaited<ReturnType<typeof askTurns>>) => reply.messages.map((m) => m.content).join(" ");

describe("a field that names each row once, said without by/per/each, names the rows the aggregate runs over", () => {
  it("the mean climb of the races is one number, stated", async () => {
    const reply = await askTurns(hills.table, "mean climb of the races");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(hills.rows.map((r) => Number(r.climb))), 1);
    expect(text(reply)).toMatch(/"races" as the rows/);
  });
  it("total drivers across the states with fuel under 100", async () => {
    const reply = await askTurns(road.table, "total drivers across the states with fuel under 100");
    expect(reply.plan?.groupBy).toEqual([]);
    const want = sum(road.rows.filter((r) => Number(r.fuel) < 100).map((r) => Number(r.drivers)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("'by state', 'for each state' and 'which state' still group", async () => {
    for (const q of ["total drivers by state", "average fuel for each state", "which state has the highest fuel"]) {
      const reply = await askTurns(road.table, q);
      expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["state"]);
    }
  });
});

describe("'overall' between an aggregate word and its field", () => {
  it("the average overall complaints is the mean, not a histogram", async () => {
    const reply = await askTurns(attitude.table, "the average overall complaints");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "complaints" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(attitude.rows.map((r) => Number(r.complaints))), 3);
  });
});

const puromycin = read("puromycin.csv");

describe("follow-ups: 'how many is that?', 'remove that filter', a turn of words nothing reads", () => {
  it("'how many is that?' counts the rows the earlier answer ran over", async () => {
    const reply = await askTurns(road.table, "average deaths for states with fuel above 150", "how many is that?");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(road.rows.filter((r) => Number(r.fuel) > 150).length);
  });
  it("'remove that filter' after a count of filtered rows counts every row", async () => {
    const reply = await askTurns(puromycin.table, "how many samples have conc above 0.2", "remove that filter");
    expect(reply.plan?.filters).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(puromycin.rows.length);
  });
  it("'and the bonus?' after a number: no such field, no number", async () => {
    const reply = await askTurns(hills.table, "total climb", "and the bonus?");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].table ?? null).toBeNull();
    expect(text(reply)).toMatch(/"bonus"/);
  });
  it("'and for the men?' over a table without a sex field: no such field, no number", async () => {
    const reply = await askTurns(puromycin.table, "average rate", "and for the men?");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toMatch(/"men"/);
  });
  it("'and for untreated?' is still a follow-up filter", async () => {
    const reply = await askTurns(puromycin.table, "average rate", "and for untreated?");
    expect(reply.plan?.filters.map((f) => f.values)).toEqual([["untreated"]]);
  });
});

describe("a count by a field that names each row once", () => {
  it("'how many states r there' counts the rows, stated", async () => {
    const reply = await askTurns(road.table, "hw many states r there");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(road.rows.length);
  });
  it("'which state has the most highways': no such field, no number", async () => {
    const reply = await askTurns(road.table, "which state has the most highways");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toMatch(/"highways"/);
  });
  it("'number of rows per state' still groups", async () => {
    const reply = await askTurns(road.table, "number of rows per state");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["state"]);
  });
});

const milk = read("milk.csv");

describe("a time grain said as a grouping over a table with no date or time field", () => {
  it("'average protein per week' over Milk (a number field named Time) groups by Time, stated", async () => {
    const reply = await askTurns(milk.table, "average protein per week for lupins");
    expect(reply.plan?.groupBy).toEqual([{ field: "Time", bucket: null }]);
    const week1 = milk.rows.filter((r) => r.Diet === "lupins" && Number(r.Time) === 1).map((r) => Number(r.protein));
    const row = reply.messages[1].table?.find((r) => Number(r.Time) === 1);
    expect(firstNumber({ v: row?.["Average of protein"] })).toBeCloseTo(mean(week1), 3);
    expect(text(reply)).toMatch(/"week" as Time/);
  });
  it("'total deaths by year' over road (no time field at all): no such field, no number", async () => {
    const reply = await askTurns(road.table, "total deaths by year");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toMatch(/"year"/);
  });
  it("'fuel above 100 a month' is not a grain", async () => {
    const reply = await askTurns(road.table, "how many states have fuel above 100 a month");
    expect(reply.plan).not.toBeNull();
  });
});

describe("a one-word name clipped from two words ('population density' for popden)", () => {
  it("population density of Georgia is read as popden, stated", async () => {
    const reply = await askTurns(road.table, "population density of Georgia");
    expect(reply.plan?.measure.field).toBe("popden");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(Number(road.rows.find((r) => r.state === "Georgia")?.popden));
    expect(text(reply)).toMatch(/"population density" as popden/);
  });
  it("'top 3 states by population density' ranks popden", async () => {
    const reply = await askTurns(road.table, "top 3 states by population density");
    const want = [...road.rows]
      .sort((x, y) => Number(y.popden) - Number(x.popden))
      .slice(0, 3)
      .map((r) => r.state);
    expect(reply.messages[1].table?.map((r) => r.state)).toEqual(want);
  });
});

describe("the plural of a field's whole name counted: its different values", () => {
  it("'number of cows on barley' counts the cows, not their weekly rows", async () => {
    const reply = await askTurns(milk.table, "number of cows on barley");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "Cow" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(new Set(milk.rows.filter((r) => r.Diet === "barley").map((r) => r.Cow)).size);
  });
  it("'how many rows on barley' still counts rows", async () => {
    const reply = await askTurns(milk.table, "how many rows on barley");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
  });
});
