// chat-probe19: count tables exported from R (lib/chat/testing/probe19), each fixed by its general cause and tested
// here with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe19");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const ucb = read("ucb_admissions.csv");
const ships = read("ships.csv");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("a frequency column (R's Freq, one row per combination): counting the things totals it", () => {
  it("how many women were rejected", async () => {
    const reply = await askTurns(ucb.table, "how many women were rejected");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Freq" });
    const want = sum(ucb.rows.filter((r) => r.Gender === "Female" && r.Admit === "Rejected").map((r) => Number(r.Freq)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("count by Gender: the total per group", async () => {
    const reply = await askTurns(ucb.table, "count by Gender");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Freq" });
  });
  it("how many rows ... still counts the rows", async () => {
    const reply = await askTurns(ucb.table, "how many rows have Admit Rejected");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
  });
  it("a table without a frequency column still counts rows", async () => {
    const reply = await askTurns(ships.table, "count of type A");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(ships.rows.filter((r) => r.type === "A").length);
  });
});

describe("'which <word> X has the most Y': the group is named after the question word with one word between", () => {
  const totals = (key: string) => {
    const m = new Map<string, number>();
    for (const r of ships.rows) m.set(r[key], (m.get(r[key]) ?? 0) + Number(r.incidents));
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  it("which vessel type saw the fewest incidents (a row noun between): the groups' totals", async () => {
    const reply = await askTurns(ships.table, "which vessel type saw the fewest incidents");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "incidents" });
    expect(reply.messages[1].table?.[0]?.type).toBe(totals("type").at(-1)?.[0]);
  });
  it("which operation period had the most incidents (an unread word between): the groups' totals", async () => {
    const reply = await askTurns(ships.table, "which operation period had the most incidents");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "incidents" });
    expect(String(reply.messages[1].table?.[0]?.period)).toBe(totals("period")[0][0]);
  });
});

describe("a share over a frequency table counts each row Freq times", () => {
  const titanic = read("titanic.csv");
  it("what percentage of women survived", async () => {
    const reply = await askTurns(titanic.table, "what percentage of women survived");
    expect(reply.plan?.measure.agg).toBe("rate");
    expect(reply.plan?.measure.weight).toBe("Freq");
    const women = titanic.rows.filter((r) => r.Sex === "Female");
    const want = (100 * sum(women.filter((r) => r.Survived === "Yes").map((r) => Number(r.Freq)))) / sum(women.map((r) => Number(r.Freq)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
  });
});

describe("the opposite word of a one-word yes/no field ('died' for Survived = No)", () => {
  const titanic = read("titanic.csv");
  it("how many men died", async () => {
    const reply = await askTurns(titanic.table, "how many men died");
    expect(reply.plan?.filters).toContainEqual(expect.objectContaining({ field: "Survived", op: "eq", values: ["No"] }));
    const want = sum(titanic.rows.filter((r) => r.Sex === "Male" && r.Survived === "No").map((r) => Number(r.Freq)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});

describe("an ordinal value said as a word ('third' for 3rd)", () => {
  const titanic = read("titanic.csv");
  it("how many third class children survived", async () => {
    const reply = await askTurns(titanic.table, "how many third class children survived");
    expect(reply.plan?.filters).toContainEqual(expect.objectContaining({ field: "Class", op: "eq", values: ["3rd"] }));
    const want = sum(titanic.rows.filter((r) => r.Class === "3rd" && r.Age === "Child" && r.Survived === "Yes").map((r) => Number(r.Freq)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});

describe("a plural noun nothing reads, counted over a frequency table, is the things each row stands for", () => {
  it("how many candidates outside department A", async () => {
    const reply = await askTurns(ucb.table, "how many candidates outside department A");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Freq" });
    const want = sum(ucb.rows.filter((r) => r.Dept !== "A").map((r) => Number(r.Freq)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("number of candidates by Gender", async () => {
    const reply = await askTurns(ucb.table, "number of candidates by Gender");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Freq" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Gender"]);
  });
});
