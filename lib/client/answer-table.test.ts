import { describe, expect, it } from "vitest";
import { columnKind, fileNameFor, formatCell, tableColumns, toCsv } from "./answer-table";

describe("columnKind", () => {
  it("shows quantities with separators, and years, ids and codes without", () => {
    const rows = [
      { Year: 2014, "Order ID": 10234, Sales: 1234567.891, "Number of rows": 1500, Region: "West", postalCode: 90210 },
      { Year: 2015, "Order ID": 10235, Sales: 12.5, "Number of rows": 2, Region: "East", postalCode: 10001 },
    ];
    expect(columnKind(rows, "Year")).toBe("plain-number");
    expect(columnKind(rows, "Order ID")).toBe("plain-number");
    expect(columnKind(rows, "postalCode")).toBe("plain-number");
    expect(columnKind(rows, "Sales")).toBe("decimal");
    expect(columnKind(rows, "Number of rows")).toBe("number");
    expect(columnKind(rows, "Region")).toBe("text");
    expect(formatCell(2014, "plain-number")).toBe("2014");
    expect(formatCell(1234567.891, "number")).toBe("1,234,567.9");
    expect(formatCell(1500, "number")).toBe("1,500");
    expect(formatCell(null, "number")).toBe("");
  });

  it("reads a column with text in it as text, and an empty column as text", () => {
    expect(columnKind([{ a: 1 }, { a: "n/a" }], "a")).toBe("text");
    expect(columnKind([{ a: null }], "a")).toBe("text");
  });

  it("does not take a quantity named like a label for one when it has fractions", () => {
    expect(columnKind([{ "Year average": 12.5 }], "Year average")).toBe("decimal");
  });

  it("shows a column with fractions with the same decimals for values of a size, trailing zeros kept", () => {
    const totals = [28488.5, 21219.23, 17391, 12782.91];
    expect(
      columnKind(
        totals.map((v) => ({ v })),
        "v",
      ),
    ).toBe("decimal");
    expect(totals.map((v) => formatCell(v, "decimal"))).toEqual(["28,488.5", "21,219.2", "17,391.0", "12,782.9"]);
    expect([48.718, 8.1, 0, -4.455].map((v) => formatCell(v, "decimal"))).toEqual(["48.72", "8.10", "0.00", "-4.46"]);
    expect([0.5607, 0.0004].map((v) => formatCell(v, "decimal"))).toEqual(["0.561", "0.0004"]);
  });
});

describe("toCsv", () => {
  it("writes raw values in column order with a BOM, quotes what needs quoting and defuses formulas", () => {
    const rows = [{ Name: 'Smith, "J"', Sales: 1234.5678, Note: "=HYPERLINK(1)", Missing: null, Neg: -5 }];
    const csv = toCsv(rows, tableColumns(rows));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual(["Name,Sales,Note,Missing,Neg", '"Smith, ""J""",1234.5678,"\'=HYPERLINK(1)",,-5']);
  });
});

describe("fileNameFor", () => {
  it("makes a short file name from the question", () => {
    expect(fileNameFor("Average MonthlyCharges by PaymentMethod?")).toBe("average-monthlycharges-by-paymentmethod");
    expect(fileNameFor("Café sales — 2024")).toBe("cafe-sales-2024");
    expect(fileNameFor("???")).toBe("answer");
    expect(fileNameFor("x".repeat(100)).length).toBe(60);
  });
});
