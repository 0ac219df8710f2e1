import { describe, expect, it } from "vitest";
import { isMissing, isMissingNumber, parseDate, parseNumber } from "./values";

describe("value parsing", () => {
  it("reads numbers however clients send them", () => {
    expect(parseNumber("42")).toBe(42);
    expect(parseNumber(" -3.5e2 ")).toBe(-350);
    expect(parseNumber("1,234.5")).toBe(1234.5);
    expect(parseNumber(true)).toBe(1);
    expect(parseNumber("12abc")).toBeNaN();
    expect(parseNumber("")).toBeNaN();
  });

  it("reads money and percent as exports write them", () => {
    expect(parseNumber("$1,234.50")).toBe(1234.5);
    expect(parseNumber("-$12.30")).toBe(-12.3);
    expect(parseNumber("$-12.30")).toBe(-12.3);
    expect(parseNumber("€ 80")).toBe(80);
    expect(parseNumber("45.2%")).toBe(45.2);
    expect(parseNumber("5 %")).toBe(5);
    expect(parseNumber("$")).toBeNaN();
    expect(parseNumber("%")).toBeNaN();
    expect(parseNumber("$12%")).toBeNaN();
    expect(parseNumber("USD")).toBeNaN();
  });

  it("reads ISO, US and two-digit-year dates as UTC milliseconds; bare years are not dates", () => {
    expect(parseDate("2016-11-08")).toBe(Date.UTC(2016, 10, 8));
    expect(parseDate("2016-11-08 13:45")).toBe(Date.UTC(2016, 10, 8, 13, 45));
    expect(parseDate("11/8/2016")).toBe(Date.UTC(2016, 10, 8));
    expect(parseDate("12/30/17")).toBe(Date.UTC(2017, 11, 30));
    expect(parseDate("1/2/95")).toBe(Date.UTC(1995, 0, 2));
    expect(parseDate("2016-13-01")).toBeNaN();
    expect(parseDate("13/1/2016")).toBeNaN();
    expect(parseDate("2016")).toBeNaN();
  });

  it("treats common missing-value spellings as missing", () => {
    for (const v of [null, undefined, "", "  ", "NA", "n/a", "null", "?", NaN]) expect(isMissing(v as never)).toBe(true);
    expect(isMissing("0")).toBe(false);
  });

  it("keeps words that can be answers ('None', 'none', '-') as values, missing only where numbers are expected", () => {
    for (const v of ["None", "none", " NONE ", "-", "--"]) {
      expect(isMissing(v)).toBe(false);
      expect(isMissingNumber(v)).toBe(true);
    }
    for (const v of [null, "", "NA", "n/a", "null", "?"]) expect(isMissingNumber(v as never)).toBe(true);
    for (const v of ["0", "-1", "nonessential", "- 3"]) expect(isMissingNumber(v)).toBe(false);
  });
});
