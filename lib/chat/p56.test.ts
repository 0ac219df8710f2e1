// chat-p56: measurement tables as exported from R (lib/chat/testing/probe56). Each general fix is tested on
// made-up rows, with other wordings than the probe's; expected numbers are counted from the rows here.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const notes = (r: { assumptions?: string[] }) => (r.assumptions ?? []).join(" | ");

const fundRows = Array.from({ length: 30 }, (_, i) => [
  `2001-${String((i % 12) + 1).padStart(2, "0")}-01`.replace("2001", String(2001 + Math.floor(i / 12))),
  String(Math.round((0.01 + ((i * 0.0047) % 0.12)) * 10000) / 10000),
  String(Math.round((0.03 + ((i * 0.0023) % 0.07)) * 10000) / 10000),
]);
const funds = tableFromRows(["month", "deposit_rate", "loan_rate"], fundRows);

describe("a percent over a rate stored as a fraction", () => {
  it("'deposit rate over 8%' compares with 0.08 and says so", async () => {
    const want = fundRows.filter((r) => Number(r[1]) > 0.08).length;
    expect(want).toBeGreaterThan(0);
    const reply = await askTurns(funds, "how many months had a deposit rate over 8%?");
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
    expect(notes(reply)).toContain("0.08");
  });
  it("a percent over a field in 0-100 is compared as it is", async () => {
    const scores = tableFromRows(
      ["pupil", "score_pct"],
      Array.from({ length: 20 }, (_, i) => [`P${i}`, String(40 + i * 3)]),
    );
    expect(firstNumber(tableOf(await askTurns(scores, "how many pupils scored above 70%?"))[0])).toBe(9);
  });
});

const lots = ["L1", "L2", "L3"];
const assayRows = Array.from({ length: 18 }, (_, i) => [lots[i % 3], String(1 + ((i * 5) % 11) / 2)]);
const assays = tableFromRows(["lot", "potency"], assayRows);
const sd = (xs: number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

describe("'sd' is the standard deviation, and a value 'SD' stays a value", () => {
  it("'sd of potency per lot' is the standard deviation per lot", async () => {
    const rows = tableOf(await askTurns(assays, "sd of potency per lot"));
    const l2 = assayRows.filter((r) => r[0] === "L2").map((r) => Number(r[1]));
    expect(firstNumber(rows.find((r) => r.lot === "L2"))).toBeCloseTo(sd(l2), 3);
  });
  it("'sales in SD' over a state field holding SD filters the state", async () => {
    const st = tableFromRows(
      ["state", "sales"],
      [
        ["SD", "4"],
        ["ND", "5"],
        ["SD", "6"],
        ["MN", "7"],
      ],
    );
    expect(firstNumber(tableOf(await askTurns(st, "total sales in SD"))[0])).toBe(10);
  });
});

const sampleRows = Array.from({ length: 24 }, (_, i) => [
  String((i % 4) + 1),
  String([0, 2, 4, 8, 12, 24][Math.floor(i / 4)]),
  String(50 - Math.floor(i / 4) * 7 + (i % 4)),
]);
const samples = tableFromRows(["patient", "hours", "level"], sampleRows);

describe("'over time' without a date follows a number field named as elapsed time", () => {
  it("'how does the level evolve over time' is the average level per hours value", async () => {
    const rows = tableOf(await askTurns(samples, "how does the level evolve over time"));
    expect(rows).toHaveLength(6);
    const at8 = sampleRows.filter((r) => r[1] === "8").map((r) => Number(r[2]));
    expect(firstNumber(Object.fromEntries(Object.entries(rows.find((r) => r.hours === 8) ?? {}).filter(([k]) => k !== "hours")))).toBeCloseTo(
      at8.reduce((s, x) => s + x, 0) / at8.length,
      6,
    );
  });
});

describe("a duration compares the duration field, not the measure named before it", () => {
  it("'mean level after 4 hours' keeps the rows past 4 hours and says the unit was not checked", async () => {
    const later = sampleRows.filter((r) => Number(r[1]) > 4).map((r) => Number(r[2]));
    const reply = await askTurns(samples, "mean level after 4 hours");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(later.reduce((s, x) => s + x, 0) / later.length, 6);
    expect(notes(reply)).toContain("4 hours");
  });
});

describe("'at N hours' with no comparison is the elapsed-time field's value", () => {
  it("'average level at 8 hours' keeps the rows where Time = 8, and says the unit was not checked", async () => {
    const at8 = sampleRows.filter((r) => r[1] === "8").map((r) => Number(r[2]));
    const timed = tableFromRows(["patient", "Time", "level"], sampleRows);
    const reply = await askTurns(timed, "average level at 8 hours");
    expect(tableOf(reply)).toHaveLength(1);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(at8.reduce((s, x) => s + x, 0) / at8.length, 6);
    expect(notes(reply)).toContain("8 hours");
  });
});
