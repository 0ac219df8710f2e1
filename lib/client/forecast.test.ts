import { describe, expect, it } from "vitest";
import { aggregateSummary, forecastCsv, forecastedQuantity, forecastTableCells } from "./forecast";

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

describe("forecastTableCells", () => {
  it("writes every figure of the table with the same decimals (26,581.0 under 26,442.6, not 26,581)", () => {
    const cells = forecastTableCells([
      { date: "2025-01-01T00:00:00.000Z", value: 20521.064, lower_80: 14599.499, upper_80: 26442.628, lower_95: 11765.743, upper_95: 29276.384 },
      { date: "2025-02-01T00:00:00.000Z", value: 20610.157, lower_80: 14639.3, upper_80: 26581.015, lower_95: 11781.954, upper_95: 29438.361 },
    ]);
    expect(cells).toEqual([
      { date: "2025-01-01", value: "20,521.1", interval80: "14,599.5 – 26,442.6", interval95: "11,765.7 – 29,276.4" },
      { date: "2025-02-01", value: "20,610.2", interval80: "14,639.3 – 26,581.0", interval95: "11,782.0 – 29,438.4" },
    ]);
  });
  it("keeps the time of day of sub-daily steps", () => {
    const [cell] = forecastTableCells([{ date: "2025-01-01T06:00:00.000Z", value: 2, lower_80: 1, upper_80: 3, lower_95: 0, upper_95: 4 }]);
    expect(cell).toEqual({ date: "2025-01-01 06:00", value: "2", interval80: "1 – 3", interval95: "0 – 4" });
  });
});
