import { describe, expect, it } from "vitest";
import { formatCount, formatTimestamp } from "./format";

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
