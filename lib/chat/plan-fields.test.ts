// The fields a plan touches: every part of the plan that names a field, and the selections the checks use.
import { describe, expect, it } from "vitest";
import { analysisPlanSchema } from "./plan";
import { MAIN_PARTS, planFields, planFieldUses, planMeasures, SHOWN_PARTS } from "./plan-fields";

const plan = analysisPlanSchema.parse({
  intent: "aggregate",
  measure: { agg: "mean", field: "Sales", each: { field: "Customer", agg: "sum" }, per: { agg: "distinct", field: "Order" } },
  extraMeasures: [{ agg: "rate", field: null, condition: { field: "Profit", op: "lt", values: [0], or: [{ field: "Discount", op: "gt", values: [0.5] }] } }],
  groupBy: [{ field: "Region", bucket: null }],
  filters: [
    { field: "Segment", op: "eq", values: ["Consumer"], and: [{ field: "Ship Mode", op: "eq", values: ["First"] }] },
    { field: "Revenue", op: "gt", values: [1], otherField: "Cost" },
  ],
  chart: "bar",
  having: { measure: { agg: "sum", field: "Quantity", weight: "Freq" }, op: "gt", values: [10] },
  change: { field: "Year", from: 2016, to: 2017 },
  derived: [{ name: "Margin", field: "Revenue", minus: "Cost" }],
});

describe("planFields", () => {
  it("lists every field the plan touches, with the part naming it", () => {
    const uses = planFieldUses(plan);
    const part = (field: string) => uses.filter((u) => u.field === field).map((u) => u.part);
    expect(part("Region")).toEqual(["groupBy"]);
    expect(part("Sales")).toEqual(["measure"]);
    expect(part("Customer")).toEqual(["each"]);
    expect(part("Segment")).toEqual(["filter"]);
    // The other fields of a condition, a ratio, a having condition, a change and a derived number.
    for (const f of ["Order", "Profit", "Discount", "Ship Mode", "Quantity", "Freq", "Year"]) expect(part(f)).toEqual(["other"]);
    expect(part("Cost")).toEqual(["other", "other"]);
    expect(part("Revenue")).toEqual(["filter", "other"]);
    expect(planFields(plan)).toEqual(
      new Set(["Region", "Sales", "Customer", "Order", "Profit", "Discount", "Quantity", "Freq", "Segment", "Ship Mode", "Revenue", "Cost", "Year"]),
    );
  });

  it("selects the parts an answer shows (no filters) and the main ones", () => {
    expect(planFields(plan, SHOWN_PARTS)).toEqual(new Set(["Region", "Sales", "Customer"]));
    expect(planFields(plan, MAIN_PARTS)).toEqual(new Set(["Region", "Sales", "Segment", "Revenue"]));
    const scatter = analysisPlanSchema.parse({
      intent: "relationship",
      x: "Age",
      y: "Income",
      chart: "scatter",
      filters: [{ field: "Sex", op: "eq", values: ["F"] }],
    });
    expect(planFields(scatter, SHOWN_PARTS)).toEqual(new Set(["Age", "Income"]));
    expect(planFields(scatter, ["x", "filter"])).toEqual(new Set(["Age", "Sex"]));
    // A count names no field of its own.
    expect(planFields(analysisPlanSchema.parse({ intent: "aggregate", chart: "none" }))).toEqual(new Set());
  });

  it("gives the measures with the having condition's", () => {
    expect(planMeasures(plan).map((m) => m.field)).toEqual(["Sales", null, "Quantity"]);
  });
});
