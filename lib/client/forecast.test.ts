import { describe, expect, it } from "vitest";
import { aggregateSummary, forecastCsv, forecastedQuantity } from "./forecast";

describe("forecastCsv", () => {
  const point = { date: "2024-01-01T00:00:00.000Z", value: 10.5, lower_80: 9, upper_80: 12, lower_95: 8, upper_95: 13 };
  it("writes one line per point, with the group column only when there are series", () => {
    expect(forecastCsv([point], null, "sales")).toBe("\uFEFFdate,sales,lower_80,upper_80,lower_95,upper_95\r\n2024-01-01,10.5,9,12,8,13");
    expect(forecastCsv([{ ...point, group: 'North, "big"' }], "store", "sales")).toBe(
      '\uFEFFdate,store,sales,lower_80,upper_80,lower_95,upper_95\r\n2024-01-01,"North, ""big""",10.5,9,12,8,13',
    );
  });
  it("writes days for series on midnight UTC, full timestamps as soon as one point has a time of day", () => {
    const month = (m: number) => ({ ...point, date: `2024-${String(m).padStart(2, "0")}-01T00:00:00.000Z` });
    expect(
      forecastCsv([month(1), month(2)], null, "sales")
        .split("\r\n")
        .slice(1, 3),
    ).toEqual(["2024-01-01,10.5,9,12,8,13", "2024-02-01,10.5,9,12,8,13"]);
    const hourly = [
      { ...point, date: "2024-01-01T00:00:00.000Z" },
      { ...point, date: "2024-01-01T01:00:00.000Z" },
    ];
    expect(forecastCsv(hourly, null, "sales").split("\r\n").slice(1, 3)).toEqual([
      "2024-01-01T00:00:00.000Z,10.5,9,12,8,13",
      "2024-01-01T01:00:00.000Z,10.5,9,12,8,13",
    ]);
  });
});

describe("forecastedQuantity and aggregateSummary", () => {
  const aggregate = { rule: "sum" as const, period: "month", detected: false, rows: 5899, emptyPeriods: 0 };
  it("name what is forecast when rows were combined", () => {
    expect(forecastedQuantity({ dateField: "Order Date" }, "Sales")).toBe("Sales");
    expect(forecastedQuantity({ dateField: "Order Date", aggregate }, "Sales")).toBe("sum of Sales per month");
    expect(forecastedQuantity({ dateField: "Order Date", aggregate: { ...aggregate, rule: "count", period: "week" } }, "Order Date")).toBe("rows per week");
    expect(forecastedQuantity({ dateField: "Order Date", aggregate: { ...aggregate, rule: "mean" } }, "Sales")).toBe("average of Sales per month");
  });
  it("state the rule, the period and the empty periods", () => {
    expect(aggregateSummary({})).toBeNull();
    expect(aggregateSummary({ aggregate })).toBe("5,899 rows combined per month (UTC) by sum");
    expect(aggregateSummary({ aggregate: { ...aggregate, period: "week", detected: true, emptyPeriods: 2 } })).toBe(
      "5,899 rows combined per week (Monday to Sunday, UTC) by sum, the week detected from the dates; 2 weeks without rows count as 0",
    );
    expect(aggregateSummary({ aggregate: { ...aggregate, rule: "mean", emptyPeriods: 1 } })).toBe(
      "5,899 rows combined per month (UTC) by mean; 1 month without rows filled in",
    );
  });
});
