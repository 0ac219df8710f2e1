// chat-f6a: fresh6's cross tables with R's glued field names (agegp, ncases), fixed by their general causes and
// tested here on another made-up cross table and other wordings. Expected numbers come from the rows with plain loops.
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

// One row per income group x education group x region, counts of visits and refusals in each.
const header = ["incgp", "edugp", "regiongrp", "nvisits", "nrefusals"];
const rows: string[][] = [];
let k = 0;
for (const inc of ["low", "mid", "high"])
  for (const edu of ["primary", "secondary", "tertiary"])
    for (const region of ["north", "south"]) {
      k++;
      rows.push([inc, edu, region, String((k * 7) % 11), String((k * 5) % 4)]);
    }
const table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const sum = (rs: string[][], field: string) => rs.reduce((s, r) => s + Number(r[col(field)]), 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("a stem glued to 'gp' or 'grp' is the stem's group; 'n' glued to a plural noun counts it", () => {
  it("'total visits by education group': education starts the stem edu, visits is nvisits", async () => {
    const reply = await askTurns(table, "total visits by education group");
    expect(reply.plan?.groupBy?.map((g) => g.field)).toEqual(["edugp"]);
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "nvisits" });
    const got = new Map(reply.messages[1].table?.map((r) => [r.edugp, firstNumber(r)]));
    for (const edu of ["primary", "secondary", "tertiary"])
      expect(got.get(edu)).toBe(
        sum(
          rows.filter((r) => r[1] === edu),
          "nvisits",
        ),
      );
  });
  it("'which income group has the fewest refusals'", async () => {
    const reply = await askTurns(table, "which income group has the fewest refusals");
    const totals = ["low", "mid", "high"].map(
      (inc) =>
        [
          inc,
          sum(
            rows.filter((r) => r[0] === inc),
            "nrefusals",
          ),
        ] as const,
    );
    const least = Math.min(...totals.map((t) => t[1]));
    expect(totals.filter((t) => t[1] === least).map((t) => t[0])).toContain(reply.messages[1].table?.[0]?.incgp);
  });
});

describe("a count column of a cross table is a quantity, not a grouping of its few whole numbers", () => {
  it("'what share of all visits are in the south region' is the share of the visits' total", async () => {
    const reply = await askTurns(table, "what share of all visits are in the south region");
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    const want =
      (100 *
        sum(
          rows.filter((r) => r[2] === "south"),
          "nvisits",
        )) /
      sum(rows, "nvisits");
    expect(Number(firstNumber(reply.messages[1].table?.[0]))).toBeCloseTo(want, 3);
  });
});

describe("a one-word category named by a verb is said by its -ing form and its doer", () => {
  const h = ["Sex", "Commute", "Pulse"];
  const rs: string[][] = [];
  for (let i = 0; i < 24; i++) rs.push([i % 2 ? "Male" : "Female", ["Never", "Some", "Daily"][i % 3], String(60 + ((i * 7) % 25))]);
  const t = tableFromRows(h, rs);
  it("'which commuting group has the highest average pulse' groups by Commute and says the reading", async () => {
    const reply = await askTurns(t, "which commuting group has the highest average pulse");
    expect(reply.plan?.groupBy?.map((g) => g.field)).toEqual(["Commute"]);
    const means = ["Never", "Some", "Daily"].map((d) => {
      const ps = rs.filter((r) => r[1] === d).map((r) => Number(r[2]));
      return [d, ps.reduce((s, x) => s + x, 0) / ps.length] as const;
    });
    const best = means.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(reply.messages[1].table?.[0]?.Commute).toBe(best[0]);
    expect((reply.assumptions ?? []).join(" ")).toContain('"commuting"');
  });
  it("'daily commuters' is Commute = Daily", async () => {
    const reply = await askTurns(t, "how many daily commuters");
    expect(reply.plan?.filters).toEqual([{ field: "Commute", op: "eq", values: ["Daily"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(rs.filter((r) => r[1] === "Daily").length);
  });
});

describe("a word right after a category's name that one short value of it starts is that value", () => {
  const h = ["Group", "Train", "Score"];
  const rs: string[][] = [];
  for (let i = 0; i < 30; i++) rs.push([i % 2 ? "A" : "B", ["Freq", "Week", "Rare"][i % 3], String(50 + ((i * 13) % 40))]);
  const t = tableFromRows(h, rs);
  it("'train weekly' is Train = Week, a filter (not a grouping by Train), stated", async () => {
    const reply = await askTurns(t, "average score of people who train weekly");
    expect(reply.plan?.filters).toEqual([{ field: "Train", op: "eq", values: ["Week"] }]);
    const ps = rs.filter((r) => r[1] === "Week").map((r) => Number(r[2]));
    expect(Number(firstNumber(reply.messages[1].table?.[0]))).toBeCloseTo(ps.reduce((s, x) => s + x, 0) / ps.length, 6);
    expect((reply.assumptions ?? []).join(" ")).toContain('"weekly"');
  });
  it("'how many of group A train frequently' counts Train = Freq: 'frequently' is no count word there", async () => {
    const reply = await askTurns(t, "how many of group A train frequently");
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(rs.filter((r) => r[0] === "A" && r[1] === "Freq").length);
  });
});

describe("a row noun after 'among' is the rows a superlative's value is taken over, not the rows it ranks", () => {
  const h = ["Team", "Weight", "Height"];
  const rs: string[][] = [];
  for (let i = 0; i < 20; i++) rs.push([["Red", "Blue"][i % 2], String(60 + ((i * 17) % 35)), String(160 + ((i * 11) % 30))]);
  const t = tableFromRows(h, rs);
  it("'heaviest weight among players on team Blue' is the one largest weight", async () => {
    const reply = await askTurns(t, "heaviest weight among players on team Blue");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toMatchObject({ agg: "max", field: "Weight" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(Math.max(...rs.filter((r) => r[0] === "Blue").map((r) => Number(r[1]))));
  });
});

describe("'non' before a category's name is its one value saying it never happens", () => {
  const h = ["Sex", "Drive", "Age"];
  const rs: string[][] = [];
  for (let i = 0; i < 24; i++) rs.push([i % 2 ? "M" : "F", ["Never", "Daily", "Weekly"][i % 3], String(20 + ((i * 7) % 40))]);
  const t = tableFromRows(h, rs);
  it("'average age of non drivers' is Drive = Never", async () => {
    const reply = await askTurns(t, "average age of non drivers");
    expect(reply.plan?.filters).toEqual([{ field: "Drive", op: "eq", values: ["Never"] }]);
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    const ages = rs.filter((r) => r[1] === "Never").map((r) => Number(r[2]));
    expect(Number(firstNumber(reply.messages[1].table?.[0]))).toBeCloseTo(ages.reduce((s, x) => s + x, 0) / ages.length, 6);
  });
});
