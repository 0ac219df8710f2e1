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
