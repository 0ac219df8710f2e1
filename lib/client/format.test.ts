import { describe, expect, it } from "vitest";
import { columnDecimals, columnNumberFormatter, formatCount, formatFixed, formatTimestamp, formatValue, humanizeIdentifier } from "./format";

describe("formatTimestamp", () => {
  it("shows the day alone for midnight UTC, day and time otherwise", () => {
    expect(formatTimestamp("1949-01-01T00:00:00.000Z")).toBe("1949-01-01");
    expect(formatTimestamp("2024-01-12T00:00:00Z")).toBe("2024-01-12");
    expect(formatTimestamp("2024-01-12T06:30:00.000Z")).toBe("2024-01-12 06:30");
    expect(formatTimestamp("2024-01-12T06:30:15.000Z")).toBe("2024-01-12 06:30:15");
    expect(formatTimestamp("2024-01-12T00:00:00.250Z")).toBe("2024-01-12 00:00");
  });
  it("leaves other text alone", () => {
    for (const text of ["Yes", "2024-01-12", "2024-01-12T06:30:00+02:00", "1,889.5", ""]) expect(formatTimestamp(text)).toBe(text);
  });
});

describe("formatCount", () => {
  it("says one row, not one rows, and separates thousands", () => {
    expect(formatCount(1, "field")).toBe("1 field");
    expect(formatCount(0, "row")).toBe("0 rows");
    expect(formatCount(48842, "row")).toBe("48,842 rows");
    expect(formatCount(undefined, "row")).toBe("— rows");
  });
});

describe("columnDecimals and formatFixed", () => {
  it("give a column of numbers one number of decimals, from its largest value", () => {
    const column = [1.161, 0.5607, 0.3566, 0.269, 0.2666, -0.222];
    const decimals = columnDecimals(column);
    expect(decimals).toBe(2);
    expect(column.map((x) => formatFixed(x, decimals, true))).toEqual(["+1.16", "+0.56", "+0.36", "+0.27", "+0.27", "-0.22"]);
    expect(columnDecimals([-0.9281, 0.195])).toBe(3);
    expect(columnDecimals([1234.5, -12])).toBe(0);
    expect(formatFixed(1234.5, 0, true)).toBe("+1,235");
    expect(columnDecimals([0.00012])).toBe(4);
    expect(columnDecimals([0, Number.NaN])).toBe(0);
  });
  it("shows a value that rounds to zero as a plain 0", () => {
    expect(formatFixed(-0.0004, 2, true)).toBe("0.00");
    expect(formatFixed(0.0004, 2, true)).toBe("0.00");
    expect(formatFixed(Number.NaN, 2)).toBe("—");
  });
});

describe("humanizeIdentifier", () => {
  it("turns an engine's identifier into words", () => {
    expect(humanizeIdentifier("extra_trees")).toBe("Extra trees");
    expect(humanizeIdentifier("random_forest")).toBe("Random forest");
    expect(humanizeIdentifier("randomForest")).toBe("Random forest");
    expect(humanizeIdentifier("gbdt")).toBe("Gbdt");
    expect(humanizeIdentifier("")).toBe("");
  });
});

describe("formatValue", () => {
  it("shows a row's numbers like the figures next to them (the diamonds walk read 'Actual 16098 · Predicted 5,279')", () => {
    expect(formatValue(16098)).toBe("16,098");
    expect(formatValue(13781.3)).toBe("13,781.3");
    expect(formatValue(0.5)).toBe("0.5");
    expect(formatValue("Yes")).toBe("Yes");
    expect(formatValue("16098")).toBe("16098"); // a text value (a code) is kept as written
    expect(formatValue(null)).toBe("(missing)");
  });
});

describe("columnNumberFormatter", () => {
  it("writes out trailing zeros up to the column's decimals, never more than formatNumber rounds to", () => {
    const probs = columnNumberFormatter([0.9574, 0.962, 0.038, 0.3751]);
    expect([0.9574, 0.962, 0.038, 0.3751].map(probs)).toEqual(["0.9574", "0.9620", "0.0380", "0.3751"]);
    const charges = columnNumberFormatter([29.85, 1889.5, 108.15, 1, 1889.567]);
    expect([29.85, 1889.5, 108.15, 1, 1889.567].map(charges)).toEqual(["29.85", "1,889.50", "108.15", "1.00", "1,889.6"]);
    // A value with exactly the column's decimals keeps them all: money stays to the cent.
    const amounts = columnNumberFormatter([864, 716.1, 711.48, 1099.89, 12345.67]);
    expect([864, 716.1, 711.48, 1099.89, 12345.67].map(amounts)).toEqual(["864.00", "716.10", "711.48", "1,099.89", "12,345.67"]);
    // Whole numbers stay whole; text and missing values are skipped.
    const counts = columnNumberFormatter([3, 1200, null, "x"]);
    expect([3, 1200].map(counts)).toEqual(["3", "1,200"]);
  });
});
