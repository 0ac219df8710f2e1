// chat-p44: survey and wide tables, ordinal answers (lib/chat/testing/probe44, made-up tables from a seeded generator),
// each fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe44");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const survey = read("satisfaction_survey.csv");
const school = read("school_results.csv");
const catalogue = read("product_catalogue.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a value of an ordered answer scale followed by 'or better' / 'or below' is a range on the scale", () => {
  it("'how many people rated neutral or better' counts Neutral, Satisfied and Very satisfied", async () => {
    const reply = await askTurns(survey.table, "how many people rated neutral or better");
    const want = survey.rows.filter((r) => ["Neutral", "Satisfied", "Very satisfied"].includes(String(r.satisfaction))).length;
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
    expect((reply.assumptions ?? []).join(" ")).not.toMatch(/did not use/);
  });
  it("'average nps of respondents who were dissatisfied or worse' averages over both low levels", async () => {
    const reply = await askTurns(survey.table, "average nps of respondents who were dissatisfied or worse");
    const xs = survey.rows.filter((r) => ["Dissatisfied", "Very dissatisfied"].includes(String(r.satisfaction))).map((r) => Number(r.nps));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(xs), 3);
  });
  it("grade letters run from F up to A: 'grade D or lower' is D, E and F; 'B or above' is A and B", async () => {
    const low = await askTurns(school.table, "number of results with grade D or lower");
    expect(firstNumber(tableOf(low)[0])).toBe(school.rows.filter((r) => ["D", "E", "F"].includes(String(r.grade))).length);
    const high = await askTurns(school.table, "average attendance of results graded B or above");
    const xs = school.rows.filter((r) => ["A", "B"].includes(String(r.grade))).map((r) => Number(r.attendance_pct));
    expect(firstNumber(tableOf(high)[0])).toBeCloseTo(mean(xs), 3);
  });
  it("sizes: 'products in size L or larger' are L and XL (the empty sizes are on no scale and left out)", async () => {
    const reply = await askTurns(catalogue.table, "count of rows with size L or larger");
    expect(firstNumber(tableOf(reply)[0])).toBe(catalogue.rows.filter((r) => ["L", "XL"].includes(String(r.size))).length);
  });
  it("a field whose values lie on no scale keeps the equality and says it did not use the words", async () => {
    const reply = await askTurns(survey.table, "how many respondents are on the Standard plan or better");
    expect(reply.plan?.filters.some((f) => f.op === "in")).toBe(false);
  });
});

describe("groups of a field on an ordered scale come in the scale's order when no order is asked for", () => {
  it("'respondents per satisfaction level' runs from Very dissatisfied to Very satisfied", async () => {
    const reply = await askTurns(survey.table, "respondents per satisfaction level");
    expect(tableOf(reply).map((r) => r.satisfaction)).toEqual(["Very dissatisfied", "Dissatisfied", "Neutral", "Satisfied", "Very satisfied"]);
  });
  it("age bands run by their first number ('65+' last), grade letters A first", async () => {
    const ages = await askTurns(survey.table, "median nps for each age band");
    const bands = [...new Set(survey.rows.map((r) => String(r.age_band)))].sort((x, y) => Number.parseInt(x, 10) - Number.parseInt(y, 10));
    expect(tableOf(ages).map((r) => r.age_band)).toEqual(bands);
    const grades = await askTurns(school.table, "average attendance by grade");
    expect(tableOf(grades).map((r) => r.grade)).toEqual(["A", "B", "C", "D", "E", "F"]);
  });
  it("an order asked for still wins: 'largest first' is by count", async () => {
    const reply = await askTurns(survey.table, "count by satisfaction, largest first");
    const counts = tableOf(reply).map((r) => Number(firstNumber(r)));
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });
});

describe("a yes/no field named without its leading word, its opposite said before it", () => {
  it("'average price of out of stock items' is in_stock = No; 'in stock' stays Yes", async () => {
    const out = await askTurns(catalogue.table, "average price of out of stock items");
    const no = catalogue.rows.filter((r) => r.in_stock === "No").map((r) => Number(r.price));
    expect(firstNumber(tableOf(out)[0])).toBeCloseTo(mean(no), 2);
    const inStock = await askTurns(catalogue.table, "average price of items in stock");
    const yes = catalogue.rows.filter((r) => r.in_stock === "Yes").map((r) => Number(r.price));
    expect(firstNumber(tableOf(inStock)[0])).toBeCloseTo(mean(yes), 2);
  });
});
