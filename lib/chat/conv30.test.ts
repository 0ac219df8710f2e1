// chat-conv30: conversations that point at the previous answer's result (issue 12, probe42 over the shared
// tables). Tested on a made-up animal shelter table with other field names and wordings than the probe's; expected
// numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["Species", "Shelter", "Weight", "Fee", "Adopted"];
const species = ["Dog", "Cat", "Rabbit", "Parrot", "Lizard"];
const shelters = ["Northgate", "Riverside", "Hillcrest"];
let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
// Species counts differ (Dog most, Lizard fewest); weights differ by species; fees by shelter.
const rows: string[][] = [];
species.forEach((s, k) => {
  for (let i = 0; i < 60 - k * 10; i++) {
    const shelter = shelters[Math.floor(next() * 3)];
    const weight = ((5 - k) * 4 + next() * 3).toFixed(1);
    const fee = String(50 + shelters.indexOf(shelter) * 30 + Math.round(next() * 20));
    rows.push([s, shelter, weight, fee, next() < 0.5 ? "Yes" : "No"]);
  }
});
const table: Table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));
const by = (field: string, value: string) => rows.filter((r) => r[col(field)] === value);
const meanOf = (rs: string[][], field: string) => mean(rs.map((r) => Number(r[col(field)])));

/** The group with the highest (lowest) mean of `field` over `group`, from the rows. */
function argBest(group: string, field: string, dir: 1 | -1): string {
  const values = [...new Set(rows.map((r) => r[col(group)]))];
  return values.reduce((a, b) => (dir * (meanOf(by(group, b), field) - meanOf(by(group, a), field)) > 0 ? b : a));
}

describe("'that <field>' / 'those' after a ranking is the group(s) the previous answer named", () => {
  it("'how many animals are in that species?' after the heaviest species counts that species' rows, said", async () => {
    const top = argBest("Species", "Weight", 1);
    const reply = await askTurns(table, "average weight by species", "which one is highest?", "how many animals are in that species?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(by("Species", top).length);
    expect(reply.messages[0].content).toContain(`I read "that species" as Species "${top}", from the previous answer`);
  });
  it("'and the average weight for those?' after the shelter with the lowest fee is that shelter's average", async () => {
    const low = argBest("Shelter", "Fee", -1);
    const reply = await askTurns(table, "average fee by shelter", "which shelter has the lowest?", "and the average weight for those?");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "Shelter", values: [low] })]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(meanOf(by("Shelter", low), "Weight"), 2);
  });
  it("'what is the average fee of those?' after a top 2 keeps the two groups shown, each with its average", async () => {
    const counts = species.map((s) => [s, by("Species", s).length] as const).sort((a, b) => b[1] - a[1]);
    const two = counts.slice(0, 2).map((c) => c[0]);
    const reply = await askTurns(table, "number of animals by species", "show the top 2 of them", "what is the average fee of those?");
    const shown = tableOf(reply);
    expect(shown.map((r) => r.Species).sort()).toEqual([...two].sort());
    for (const s of two) expect(firstNumber(shown.find((r) => r.Species === s))).toBeCloseTo(meanOf(by("Species", s), "Fee"), 2);
  });
  it("'those who were adopted' are rows meeting a condition, not the groups named before", async () => {
    const reply = await askTurns(table, "average fee by species", "which is highest?", "what about those who were adopted?");
    expect(reply.plan?.filters.some((f) => f.field === "Species")).toBe(false);
    expect(reply.messages[0].content).not.toContain("from the previous answer");
  });
  it("'which of them is lightest?' after a top 3 still ranks among the three, no group is put in its place", async () => {
    const reply = await askTurns(table, "number of animals by species", "top 3", "which of them is lightest?");
    expect(reply.messages[0].content).not.toContain("from the previous answer");
  });
});

describe("a turn pointing back is read from the answer just before it, however many turns came first", () => {
  // One conversation of nine turns (beyond the eight read again): three turns point back, each after other questions.
  const turns = [
    "average weight by species",
    "which one is highest?",
    "how many animals are in that species?",
    "average fee by shelter",
    "which shelter has the lowest?",
    "and the average weight for those?",
    "number of animals by species",
    "show the top 2 of them",
    "what is the average fee of those?",
  ];
  it("each of the three is the group(s) its previous answer named", async () => {
    const top = argBest("Species", "Weight", 1);
    const third = await askTurns(table, ...turns.slice(0, 3));
    expect(firstNumber(tableOf(third)[0])).toBe(by("Species", top).length);
    expect(third.messages[0].content).toContain(`I read "that species" as Species "${top}", from the previous answer`);
    const low = argBest("Shelter", "Fee", -1);
    const sixth = await askTurns(table, ...turns.slice(0, 6));
    expect(sixth.plan?.filters).toEqual([expect.objectContaining({ field: "Shelter", values: [low] })]);
    expect(firstNumber(tableOf(sixth)[0])).toBeCloseTo(meanOf(by("Shelter", low), "Weight"), 2);
    const two = species
      .map((s) => [s, by("Species", s).length] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map((c) => c[0]);
    const ninth = await askTurns(table, ...turns);
    const shown = tableOf(ninth);
    expect(shown.map((r) => r.Species).sort()).toEqual([...two].sort());
    for (const s of two) expect(firstNumber(shown.find((r) => r.Species === s))).toBeCloseTo(meanOf(by("Species", s), "Fee"), 2);
    expect(ninth.messages[0].content).toContain("from the previous answer");
  });
});

describe("an amount per period of each row's thing is averaged when no aggregate is said", () => {
  const plans = ["Lite", "Pro", "Team"];
  const members = Array.from({ length: 90 }, (_, i) => [plans[i % 3], (10 + (i % 3) * 15 + (i % 7)).toFixed(2), String(i % 5)]);
  const people = tableFromRows(["Plan", "MonthlyPayment", "Logins"], members);
  it("'show monthly payment by plan' over members (no time field) is the average payment of each plan, said", async () => {
    const reply = await askTurns(people, "show monthly payment by plan");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "MonthlyPayment" });
    const pro = members.filter((r) => r[0] === "Pro").map((r) => Number(r[1]));
    expect(firstNumber(tableOf(reply).find((r) => r.Plan === "Pro"))).toBeCloseTo(mean(pro), 2);
    expect(reply.messages[0].content).toMatch(/so I used the average/);
  });
  it("over a table with a date field the rows are periods: 'show monthly sales by region' is the total", async () => {
    const months = Array.from({ length: 24 }, (_, i) => [`2020-${String((i % 12) + 1).padStart(2, "0")}-01`, i < 12 ? "East" : "West", String(100 + i)]);
    const series = tableFromRows(["Month", "Region", "MonthlySales"], months);
    const reply = await askTurns(series, "show monthly sales by region");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "MonthlySales" });
  });
});

describe("a share asked of the previous answer's rows takes the condition said now", () => {
  const north = by("Shelter", "Northgate");
  it("'what share of those are cats?' after the animals of one shelter is the share of cats in that shelter", async () => {
    const reply = await askTurns(table, "how many animals are in Northgate?", "what share of those are cats?");
    const want = (100 * north.filter((r) => r[col("Species")] === "Cat").length) / north.length;
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
  it("a share asked first keeps its condition when a later turn adds rows: 'share of cats' then 'in Northgate?'", async () => {
    const reply = await askTurns(table, "what share of the animals are cats?", "and in Northgate?");
    const want = (100 * north.filter((r) => r[col("Species")] === "Cat").length) / north.length;
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
  it("'what share of those were adopted?' is the adopted share of that shelter", async () => {
    const reply = await askTurns(table, "how many animals are in Northgate?", "what share of those were adopted?");
    const want = (100 * north.filter((r) => r[col("Adopted")] === "Yes").length) / north.length;
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
});

describe("a turn opening with an aggregate word and a number of its own asks that number", () => {
  it("'average weight for the Northgate shelter' after a rate by shelter is that shelter's average weight, not the rate", async () => {
    const reply = await askTurns(table, "which shelter has the lowest adopted rate?", "average weight for the Northgate shelter");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Weight" });
    expect(reply.plan?.groupBy).toEqual([]);
  });
});
