import { describe, expect, it } from "vitest";
import { dateOrderEvidence, decideDateOrders, markersReadAsValues, readingNote } from "./reading";
import { parseDate } from "./values";

describe("missing spellings that are values (rule 1)", () => {
  it("keeps NA beside other 2-letter upper-case codes: continents, countries", () => {
    expect(markersReadAsValues(["NA"], ["EU", "AS", "AF", "SA", "OC"])).toEqual(["NA"]);
    expect(markersReadAsValues(["NA"], ["ZA", "BW", "ZM", "ZW"])).toEqual(["NA"]);
    expect(markersReadAsValues([" NA "], ["EU", "AS", "AF"])).toEqual(["NA"]);
  });

  it("reads NA as missing among numbers, words, free text, codes of another length or too few codes", () => {
    expect(markersReadAsValues(["NA"], ["12", "7", "3.5"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["Low", "High", "Medium"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["a long comment", "another one", "third"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["A", "B", "C"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["USA", "GBR", "FRA"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["OK", "KO"])).toEqual([]);
    expect(markersReadAsValues(["NA"], ["EU", "AS", "Africa"])).toEqual([]);
  });

  it("never keeps spellings that are no code: N/A, null, nan, ?", () => {
    expect(markersReadAsValues(["N/A", "null", "nan", "?", "NA"], ["EU", "AS", "AF"])).toEqual(["NA"]);
    expect(markersReadAsValues(["N/A", "null"], ["EU", "AS", "AF"])).toEqual([]);
  });
});

describe("slash-date order (rule 2)", () => {
  it("parses a slash date in the order given; month first by default", () => {
    expect(parseDate("03/04/2021")).toBe(Date.UTC(2021, 2, 4));
    expect(parseDate("03/04/2021", "day_first")).toBe(Date.UTC(2021, 3, 3));
    expect(parseDate("24/01/2022", "day_first")).toBe(Date.UTC(2022, 0, 24));
    expect(parseDate("24/01/2022")).toBeNaN();
    expect(parseDate("2022-01-24", "day_first")).toBe(Date.UTC(2022, 0, 24));
  });

  it("counts the dates that read only one way", () => {
    expect(dateOrderEvidence(["03/04/2021", "24/01/2022", "2022-01-01", "x"])).toEqual({ slashDates: 2, dayFirstOnly: 1, monthFirstOnly: 0 });
    expect(dateOrderEvidence(["01/24/2022"])).toEqual({ slashDates: 1, dayFirstOnly: 0, monthFirstOnly: 1 });
  });

  it("decides per column: own values, then the client, then the other columns, else month first assumed", () => {
    const dayFirst = dateOrderEvidence(["24/01/2022", "03/04/2021"]);
    const ambiguous = dateOrderEvidence(["03/04/2021", "05/06/2021"]);
    const monthFirst = dateOrderEvidence(["01/24/2022"]);
    expect(decideDateOrders([dayFirst, ambiguous, null])).toEqual([
      { order: "day_first", basis: "values" },
      { order: "day_first", basis: "other_columns" },
      null,
    ]);
    expect(decideDateOrders([ambiguous])).toEqual([{ order: "month_first", basis: "assumed" }]);
    expect(decideDateOrders([ambiguous], "day_first")).toEqual([{ order: "day_first", basis: "client" }]);
    // The client's word does not override what a column's own values show.
    expect(decideDateOrders([monthFirst, ambiguous], "day_first")).toEqual([
      { order: "month_first", basis: "values" },
      { order: "day_first", basis: "client" },
    ]);
    // Columns that disagree show nothing for the others.
    expect(decideDateOrders([dayFirst, monthFirst, ambiguous])[2]).toEqual({ order: "month_first", basis: "assumed" });
    // Fields already in the schema count as other columns.
    expect(decideDateOrders([ambiguous], undefined, ["day_first"])).toEqual([{ order: "day_first", basis: "other_columns" }]);
    // A column that reads both ways in different rows has no single order.
    expect(decideDateOrders([dateOrderEvidence(["24/01/2022", "01/24/2022"])])).toEqual([null]);
  });

  it("says in plain words when the order was not shown by the field's own dates", () => {
    expect(readingNote({ type: "date", dateOrder: "month_first", dateOrderBasis: "assumed" })).toMatch(
      /^Dates read month first \(03\/04\/2021 = 4 March 2021\), by default: no date in the file has a day above 12/,
    );
    expect(readingNote({ type: "date", dateOrder: "day_first", dateOrderBasis: "other_columns" })).toMatch(
      /^Dates read day first \(03\/04\/2021 = 3 April 2021\), as another date column/,
    );
    expect(readingNote({ type: "date", dateOrder: "day_first", dateOrderBasis: "values" })).toBeNull();
    expect(readingNote({ type: "category", readAsValues: ["NA"] })).toMatch(/^"NA" is read as a value, not as missing/);
    expect(readingNote({ type: "category" })).toBeNull();
  });
});
