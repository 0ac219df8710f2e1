import { describe, expect, it } from "vitest";
import { splitSuggestions } from "./suggestions";

describe("splitSuggestions", () => {
  it("reads lines and drops bullets and blanks", () => {
    expect(splitSuggestions("- Sales by region\n\n2. Top 5 products\n* Sales by region\nProfit over time")).toEqual([
      "Sales by region",
      "Top 5 products",
      "Profit over time",
    ]);
  });
  it("reads a JSON array", () => {
    expect(splitSuggestions('["a", " b ", 3]')).toEqual(["a", "b"]);
  });
  it("gives nothing for empty text", () => {
    expect(splitSuggestions("  ")).toEqual([]);
    expect(splitSuggestions(null)).toEqual([]);
  });
});
