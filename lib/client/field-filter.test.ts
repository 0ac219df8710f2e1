import { describe, expect, it } from "vitest";
import { filterFieldNames } from "./field-filter";

const names = ["MonthlyCharges", "TotalCharges", "tenure", "Contract", "PaymentMethod", "monthly_usage"];

describe("filterFieldNames", () => {
  it("keeps every field for an empty or blank filter", () => {
    expect(filterFieldNames(names, "")).toEqual(names);
    expect(filterFieldNames(names, "   ")).toEqual(names);
  });

  it("matches part of a name in any case, keeping the table's order", () => {
    expect(filterFieldNames(names, "charges")).toEqual(["MonthlyCharges", "TotalCharges"]);
    expect(filterFieldNames(names, "MONTHLY")).toEqual(["MonthlyCharges", "monthly_usage"]);
  });

  it("needs every word of the filter, in any order", () => {
    expect(filterFieldNames(names, "charges monthly")).toEqual(["MonthlyCharges"]);
    expect(filterFieldNames(names, "charges zzz")).toEqual([]);
  });

  it("always shows the fields already chosen", () => {
    expect(filterFieldNames(names, "charges", ["tenure"])).toEqual(["MonthlyCharges", "TotalCharges", "tenure"]);
  });
});
