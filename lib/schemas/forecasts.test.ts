import { describe, expect, it } from "vitest";
import { AGGREGATE_RULES, PERIODS } from "@/lib/forecast/aggregate";
import { MAX_HORIZON } from "@/lib/forecast/model";
import { FORECAST_AGGREGATES, FORECAST_FREQUENCIES, MAX_FORECAST_HORIZON, forecastSpecSchema } from "./forecasts";

describe("forecast schemas", () => {
  it("allow the horizons the engine forecasts", () => {
    expect(MAX_FORECAST_HORIZON).toBe(MAX_HORIZON);
  });

  it("allow the aggregate rules and periods the engine knows", () => {
    expect([...FORECAST_AGGREGATES]).toEqual([...AGGREGATE_RULES]);
    expect([...FORECAST_FREQUENCIES]).toEqual([...PERIODS]);
  });

  it("name the allowed rules when one is unknown", () => {
    const parsed = forecastSpecSchema.safeParse({ date_field: "d", horizon: 3, aggregate: "median" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('forecast.aggregate must be one of "sum", "mean", "count", "min", "max"');
  });
});
