import { describe, expect, it } from "vitest";
import { prepareSeries } from "./prepare";
import { monthlyDates } from "./testing";

function columns(n: number) {
  return { dates: monthlyDates(2020, 1, n), values: Float64Array.from({ length: n }, (_, i) => 100 + i), groups: null };
}
const options = (horizon: number) => ({ horizon, dateField: "month", valueField: "sales" });

describe("a series too short for the horizon", () => {
  it("names the horizon that would fit when lowering it can help", () => {
    expect(() => prepareSeries(columns(30), options(18))).toThrow(/has 30 points.*needs at least 36 points.*lower forecast\.horizon to at most 15\./);
  });

  it("does not suggest a lower horizon below the 10-point floor", () => {
    let message = "";
    try {
      prepareSeries(columns(5), options(2));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/has 5 points.*add history \(every series needs at least 10 points, whatever the horizon\)\.$/);
    expect(message).not.toMatch(/lower forecast\.horizon/);
  });
});
