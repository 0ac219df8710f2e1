import { describe, expect, it } from "vitest";
import { inferFieldType, isIdLikeName } from "./infer";

describe("inferFieldType", () => {
  it("finds integers and floats when every value arrives as a string", () => {
    expect(inferFieldType(["1", "2", " 42 ", "-7", "1,234"])).toBe("integer");
    expect(inferFieldType(["1.5", "2", "3e2", ".5"])).toBe("float");
    expect(inferFieldType([1, 2, 3])).toBe("integer");
    expect(inferFieldType([1, 2.25, null])).toBe("float");
  });

  it("treats blanks and NA spellings as missing, not as text", () => {
    expect(inferFieldType(["29.85", " ", "", "NA", "56.95", null])).toBe("float");
    expect(inferFieldType(["3", "?", "4"])).toBe("integer");
  });

  it("reads 'none' and dashes as missing among numbers and dates, and as labels among words", () => {
    expect(inferFieldType(["12", "none", "-", "7", "--"])).toBe("integer");
    expect(inferFieldType(["2024-01-02", "None", "2024-03-04"])).toBe("date");
    expect(inferFieldType(["1", "2", "none"], "user_id")).toBe("id");
    expect(inferFieldType(["None", "Low", "High", "None"])).toBe("category");
    expect(inferFieldType(["none", "-", "none"])).toBe("category");
  });

  it("finds dates in ISO, date-time and US forms, but not bare years", () => {
    expect(inferFieldType(["2024-01-31", "2023-12-01", null])).toBe("date");
    expect(inferFieldType(["2024-01-31T10:00:00Z", "2024-02-01 08:30"])).toBe("date");
    expect(inferFieldType(["1/31/2024", "12/1/2023"])).toBe("date");
    expect(inferFieldType(["1999", "2004"])).toBe("integer");
  });

  it("finds ids from the name or from code-like unique values", () => {
    expect(inferFieldType(["7590-VHVEG", "5575-GNVDE", "3668-QPYBK"], "customerID")).toBe("id");
    expect(inferFieldType(["7590-VHVEG", "5575-GNVDE", "3668-QPYBK"])).toBe("id");
    expect(inferFieldType(["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"], "ref")).toBe("id");
    expect(inferFieldType(["1", "2", "3", "4"], "user_id")).toBe("id");
    // Not unique: a repeated code is a category, whatever the name says.
    expect(inferFieldType(["A1B2C", "A1B2C", "Z9Y8X"], "orderId")).toBe("category");
    // Integers without an id-like name stay numbers.
    expect(inferFieldType(["1", "2", "3", "4"], "count")).toBe("integer");
  });

  it("recognises id-like names without catching ordinary words", () => {
    for (const name of ["id", "ID", "uuid", "customerID", "userId", "order_id", "row-key"]) expect(isIdLikeName(name)).toBe(true);
    for (const name of ["valid", "PAID", "monkey", "grid", "humidity"]) expect(isIdLikeName(name)).toBe(false);
  });

  it("finds categories: few distinct short values, and booleans", () => {
    expect(inferFieldType(["red", "green", "red", "blue", "green", "red"])).toBe("category");
    expect(inferFieldType(["Electronic check", "Mailed check", "Bank transfer (automatic)", "Mailed check"])).toBe("category");
    expect(inferFieldType([true, false, true, null])).toBe("category");
    expect(inferFieldType(["true", "false", "TRUE"])).toBe("category");
    expect(inferFieldType(["Yes", "No"])).toBe("category");
  });

  it("finds free text: long values with spaces, or many distinct phrases", () => {
    expect(inferFieldType(["The service was quick and the staff were friendly to us.", "Terrible experience, I waited for an hour and nobody came."])).toBe(
      "string",
    );
    const titles = Array.from({ length: 60 }, (_, i) => `movie title number ${i}`);
    expect(inferFieldType(titles)).toBe("string");
  });

  it("calls a column with no values unknown", () => {
    expect(inferFieldType([null, "", "NA", undefined])).toBe("unknown");
    expect(inferFieldType([])).toBe("unknown");
  });

  it("keeps codes with leading zeros as text, but not 0 or 0.5", () => {
    expect(inferFieldType(["02134", "90210", "10001", "02134"])).toBe("category");
    expect(inferFieldType(["0", "0.5", "12"])).toBe("float");
    expect(inferFieldType(["0", "3", "12"])).toBe("integer");
  });

  it("keeps mixed numbers and words as text", () => {
    expect(inferFieldType(["1", "2", "many", "1"])).toBe("category");
  });
});
