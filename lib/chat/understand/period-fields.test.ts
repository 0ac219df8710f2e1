// Wide tables with one column per period: a month or a year said in the question names that column.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { buildTableLexicon } from "./lexicon";
import { readMentions } from "./readers";

const MONTH_COLS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthly = tableFromRows(
  ["year", ...MONTH_COLS],
  Array.from({ length: 12 }, (_, i) => [String(1980 + i), ...MONTH_COLS.map((_, m) => String(10 + m + (i % 5)))]),
);
const byYear = tableFromRows(
  ["shop", "sales_2019", "sales_2020", "sales_2021"],
  ["Alpha", "Beta", "Gamma", "Delta"].map((s, i) => [s, String(100 + i), String(110 + i), String(120 + 2 * i)]),
);
const lexOf = (t: ReturnType<typeof tableFromRows>) => buildTableLexicon(describeTable(t));
const fieldsNamed = (q: string, t: ReturnType<typeof tableFromRows>) =>
  readMentions(q, lexOf(t)).mentions.flatMap((m) => (m.kind === "field" ? [m.fields.map((f) => f.name).join("|")] : []));
const dates = (q: string, t: ReturnType<typeof tableFromRows>) => readMentions(q, lexOf(t)).mentions.flatMap((m) => (m.kind === "date" ? [m.date] : []));

describe("month columns", () => {
  it("a month word names the month's column, not a date", () => {
    expect(fieldsNamed("in which year was December the warmest?", monthly)).toEqual(["year", "Dec"]);
    expect(dates("in which year was December the warmest?", monthly)).toEqual([]);
    expect(fieldsNamed("how many years had a January above 12", monthly)).toContain("Jan");
  });
  it("a month with its year: the column, and the year stays a date", () => {
    expect(fieldsNamed("value for August 1982", monthly)).toEqual(["Aug"]);
    expect(dates("value for August 1982", monthly).map((d) => [d.year, d.month])).toEqual([[1982, null]]);
  });
  it("a table without month columns keeps the month a date", () => {
    expect(dates("sales of Beta in March 2020", byYear).map((d) => d.month)).toEqual([3]);
  });
});

describe("year columns", () => {
  it("a year said apart from the columns' stem narrows the stem to that year's column", () => {
    expect(fieldsNamed("sales of the Beta shop in 2021", byYear)).toContain("sales_2021");
    expect(fieldsNamed("sales of the Beta shop in 2021", byYear)).not.toContain("sales_2019|sales_2020|sales_2021");
  });
  it("no year: the stem still names every year column", () => {
    expect(fieldsNamed("sales of the Beta shop", byYear)).toEqual(["sales_2019|sales_2020|sales_2021", "shop"]);
  });
});
