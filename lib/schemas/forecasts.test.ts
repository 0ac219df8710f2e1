import { describe, expect, it } from "vitest";
import { MAX_HORIZON } from "@/lib/forecast/model";
import { MAX_FORECAST_HORIZON } from "./forecasts";

describe("forecast schemas", () => {
  it("allow the horizons the engine forecasts", () => {
    expect(MAX_FORECAST_HORIZON).toBe(MAX_HORIZON);
  });
});
