// chat-probe15: analytic questions over tables exported from R packages (lib/chat/testing/probe15: MASS::Aids2,
// MASS::birthwt, MASS::Insurance, datasets::warpbreaks), each fixed by its general cause and tested here with
// other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe15");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const insurance = read("Insurance.csv");
const warp = read("warpbreaks.csv");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("one row per group (no two rows share District x Group x Age): a plural whole-number column counts things", () => {
  it("Holders by District is the total per district, not the average", async () => {
    const reply = await askTurns(insurance.table, "Holders by District");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Holders" });
  });
  it("number of holders with Group >2l is their total", async () => {
    const reply = await askTurns(insurance.table, "number of holders with Group >2l");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Holders" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sum(insurance.rows.filter((r) => r.Group === ">2l").map((r) => Number(r.Holders))));
  });
  it("'total number of Holders' is the column's total, not a histogram of it", async () => {
    const reply = await askTurns(insurance.table, "total number of Holders");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Holders" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sum(insurance.rows.map((r) => Number(r.Holders))));
  });
  it("a table with repeated groups (warpbreaks: 9 runs per wool x tension) keeps the average", async () => {
    const reply = await askTurns(warp.table, "breaks by wool");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "breaks" });
  });
});

const births = read("birthwt.csv");
const mean = (xs: number[]) => sum(xs) / xs.length;

describe("a follow-up that states its own condition on a number field keeps the measure", () => {
  it("average lwt where ht = 1, then 'and where ht = 0?'", async () => {
    const reply = await askTurns(births.table, "average lwt where ht = 1", "and where ht = 0?");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "lwt" });
    expect(reply.plan?.filters).toEqual([{ field: "ht", op: "eq", values: [0] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(births.rows.filter((r) => r.ht === "0").map((r) => Number(r.lwt))), 3);
  });
});

describe("a band noun after a field's name ('age group') names that field's bands, even beside a field called Group", () => {
  it("total Holders for each age group: by Age alone", async () => {
    const reply = await askTurns(insurance.table, "total Holders for each age group");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Age"]);
  });
  it("Claims by car group: Group (no field called car)", async () => {
    const reply = await askTurns(insurance.table, "Claims by car group");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Group"]);
  });
});

describe("a plural noun that is a field's name is the field, not the verb 'group by'", () => {
  it("the 3 car groups by total Holders: ranked by Group", async () => {
    const reply = await askTurns(insurance.table, "the 3 biggest car groups by total Holders");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Group"]);
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Holders" });
  });
});

const aids = read("Aids2.csv");

describe("the rows named as mothers, babies, births", () => {
  it("number of babies by race: a count of rows per race", async () => {
    const reply = await askTurns(births.table, "number of babies by race");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["race"]);
  });
  it("how many births had a bwt under 2500", async () => {
    const reply = await askTurns(births.table, "how many births had a bwt under 2500");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(births.rows.filter((r) => Number(r.bwt) < 2500).length);
  });
});

describe("a share 'among <rows> with <condition>': that condition selects the rows, the other is counted", () => {
  it("percentage of patients with status D among patients with sex F", async () => {
    const reply = await askTurns(aids.table, "percentage of patients with status D among patients with sex F");
    expect(reply.plan?.filters).toEqual([{ field: "sex", op: "eq", values: ["F"] }]);
    const women = aids.rows.filter((r) => r.sex === "F");
    const want = (100 * women.filter((r) => r.status === "D").length) / women.length;
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 1);
  });
});

describe("a superlative word is not read as a short field name's consonants ('lowest' is not lwt)", () => {
  it("which race has the lowest mean age: mean age by race, no lwt", async () => {
    const reply = await askTurns(births.table, "which race has the lowest mean age");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "age" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["race"]);
  });
});
