// The table's time fields as the readings ask for them: dates and year-like numbers, by field or by name.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { buildTableLexicon, isTimeName, timeFields } from "./lexicon";

const rows = Array.from({ length: 30 }, (_, i) => [`2020-0${1 + (i % 9)}-1${i % 10}`, String(1990 + i), ["A", "B"][i % 2], String(10 + i * 2.5)]);
const lex = buildTableLexicon(describeTable(tableFromRows(["Order Date", "Year", "Segment", "Sales"], rows)));

describe("time fields", () => {
  it("are the dates and the year-like numbers", () => {
    expect(timeFields(lex).map((f) => f.name)).toEqual(["Order Date", "Year"]);
    expect(isTimeName(lex, "Year")).toBe(true);
    expect(isTimeName(lex, "Order Date")).toBe(true);
    expect(isTimeName(lex, "Sales")).toBe(false);
    // (A name the table does not have is no time field.)
    expect(isTimeName(lex, "Ship Date")).toBe(false);
  });
});
