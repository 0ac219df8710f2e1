// chat-honest3 (issue 12): rises and falls between consecutive periods. "in how many years did X go up from the
// year before" counts the periods whose value is above the one before them; step words ("go up", "increase",
// "from the year before") that no part of the chosen plan uses are named as not used, never a silent number.
// Made-up tables; expected numbers from the rows with plain loops.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

// One row a year: a wavy level.
const levelRows: string[][] = [];
for (let y = 1950; y < 1980; y++) levelRows.push([String(y), String(100 + ((y * 37) % 23) - ((y * 11) % 7))]);
const levels = tableFromRows(["year", "level"], levelRows);
const steps = (rows: string[][], sign: 1 | -1) => rows.slice(1).filter((r, i) => sign * (Number(r[1]) - Number(rows[i][1])) > 0).length;

// Monthly sales over four years (48 rows): a year is twelve rows.
const salesRows: string[][] = [];
for (let y = 2001; y <= 2004; y++)
  for (let m = 1; m <= 12; m++) salesRows.push([`${y}-${String(m).padStart(2, "0")}-01`, String(((y * 13 + m * 29) % 40) + 50)]);
const sales = tableFromRows(["date", "sales"], salesRows);

describe("rises and falls between consecutive periods, counted", () => {
  it("'in how many years did the level go up from the year before' counts the years above the one before", async () => {
    const reply = await askTurns(levels, "in how many years did the level go up from the year before");
    expect(reply.plan?.having?.measure.fromPrevious).toBe(true);
    expect(firstNumber(tableOf(reply)[0])).toBe(steps(levelRows, 1));
    expect(reply.assumptions?.join(" ")).toMatch(/change from the period before/);
  });

  it("'how many years did the level drop' counts the falls", async () => {
    const reply = await askTurns(levels, "how many years did the level drop");
    expect(firstNumber(tableOf(reply)[0])).toBe(steps(levelRows, -1));
  });

  it("over monthly rows, 'in how many months did sales go up' counts the months above the month before", async () => {
    const reply = await askTurns(sales, "in how many months did sales go up");
    expect(firstNumber(tableOf(reply)[0])).toBe(steps(salesRows, 1));
  });

  it("over monthly rows, 'in how many years did sales increase' compares each year's total with the year before", async () => {
    const reply = await askTurns(sales, "in how many years did sales increase");
    const totals = new Map<string, number>();
    for (const [d, v] of salesRows) totals.set(d.slice(0, 4), (totals.get(d.slice(0, 4)) ?? 0) + Number(v));
    const t = [...totals.values()];
    expect(firstNumber(tableOf(reply)[0])).toBe(t.slice(1).filter((v, i) => v > t[i]).length);
  });
});

// Sales by region and year: a rise per region is not one count of periods.
const regionRows: string[][] = [];
for (const region of ["North", "South", "East"])
  for (let y = 2010; y < 2016; y++) regionRows.push([region, String(y), String(((region.length * 17 + y * 5) % 30) + 10)]);
const regions = tableFromRows(["region", "year", "revenue"], regionRows);

describe("step words no part of the plan uses are named", () => {
  it("'count the regions where revenue went up' (a rise per region) says it did not use the words", async () => {
    const reply = await askTurns(regions, "count the regions where revenue went up");
    expect(reply.plan).not.toBeNull();
    expect(reply.assumptions?.join(" ")).toMatch(/did not use "went up"/);
  });

  it("over a table without time, 'how many shops saw their sales go up from the year before' says so", async () => {
    const shops = tableFromRows(
      ["shop", "sales"],
      ["A", "B", "C", "D", "E"].map((s, i) => [s, String(10 + i * 3)]),
    );
    const reply = await askTurns(shops, "how many shops saw their sales go up from the year before");
    expect(reply.plan).not.toBeNull();
    expect(reply.assumptions?.join(" ")).toMatch(/did not use "go up from the year before"/);
  });

  it("a step verb before a comparison is the comparison ('when did the level rise above 110')", async () => {
    const reply = await askTurns(levels, "how many years did the level rise above 110");
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not use/);
    expect(firstNumber(tableOf(reply)[0])).toBe(levelRows.filter((r) => Number(r[1]) > 110).length);
  });

  it("a change compared ('grew by more than 5') is no filter on the level: the verb is named, no rise counted", async () => {
    const reply = await askTurns(levels, "in how many years did the level grow by more than 5");
    expect(reply.plan?.having?.measure.fromPrevious).toBeUndefined();
    expect(reply.assumptions?.join(" ")).toMatch(/did not use "grow"/);
  });

  it("a command opening the turn is no step ('drop the filter' after a filtered average)", async () => {
    const reply = await askTurns(regions, "average revenue for the North region", "drop the filter");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not use/);
  });

  it("an increase shown over time uses the words ('how did revenue increase over the years')", async () => {
    const reply = await askTurns(regions, "how did revenue increase over the years");
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not use/);
  });
});

// Islands and their areas: one row an island, named.
const islandRows = Array.from({ length: 20 }, (_, i) => [
  `Isle${String.fromCharCode(65 + i)}${String.fromCharCode(97 + i)}n`,
  String(((i * 53) % 37) * 10 + 13),
]);
const islands = tableFromRows(["name", "area"], islandRows);

describe("a difference word no part of the plan uses is named", () => {
  it("'the difference in area between the largest and the smallest island' answered by rows says so", async () => {
    const reply = await askTurns(islands, "what is the difference in area between the largest and the smallest island");
    const areas = islandRows.map((r) => Number(r[1]));
    const range = Math.max(...areas) - Math.min(...areas);
    // (Either the range itself, or an answer that says it did not use the word.)
    expect(tableOf(reply).length === 1 && firstNumber(tableOf(reply)[0]) === range ? "range" : (reply.assumptions?.join(" ") ?? "")).toMatch(
      /range|did not use "difference"/,
    );
  });

  it("two values compared side by side use it ('difference in revenue between North and South')", async () => {
    const reply = await askTurns(regions, "what is the difference in average revenue between North and South");
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not use "difference"/);
  });
});
