import { describe, expect, it } from "vitest";
import { forecastCsv } from "./forecast";

describe("forecastCsv", () => {
  const point = { date: "2024-01-01T00:00:00.000Z", value: 10.5, lower_80: 9, upper_80: 12, lower_95: 8, upper_95: 13 };
  it("writes one line per point, with the group column only when there are series", () => {
    expect(forecastCsv([point], null, "sales")).toBe("date,sales,lower_80,upper_80,lower_95,upper_95\n2024-01-01,10.5,9,12,8,13\n");
    expect(forecastCsv([{ ...point, group: 'North, "big"' }], "store", "sales")).toBe(
      'date,store,sales,lower_80,upper_80,lower_95,upper_95\n2024-01-01,"North, ""big""",10.5,9,12,8,13\n',
    );
  });
  it("writes days for series on midnight UTC, full timestamps as soon as one point has a time of day", () => {
    const month = (m: number) => ({ ...point, date: `2024-${String(m).padStart(2, "0")}-01T00:00:00.000Z` });
    expect(
      forecastCsv([month(1), month(2)], null, "sales")
        .split("\n")
        .slice(1, 3),
    ).toEqual(["2024-01-01,10.5,9,12,8,13", "2024-02-01,10.5,9,12,8,13"]);
    const hourly = [
      { ...point, date: "2024-01-01T00:00:00.000Z" },
      { ...point, date: "2024-01-01T01:00:00.000Z" },
    ];
    expect(forecastCsv(hourly, null, "sales").split("\n").slice(1, 3)).toEqual([
      "2024-01-01T00:00:00.000Z,10.5,9,12,8,13",
      "2024-01-01T01:00:00.000Z,10.5,9,12,8,13",
    ]);
  });
});
