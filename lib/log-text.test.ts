import { describe, expect, it } from "vitest";
import { clipForLog, describeErrorForLog, LOG_LINE_MAX } from "./log-text";

describe("log text", () => {
  it("never carries a whole value longer than 200 characters", () => {
    const value = "v".repeat(10_000);
    expect(clipForLog(value)).not.toContain("v".repeat(LOG_LINE_MAX + 1));
    expect(clipForLog(value)).toContain("(9800 more characters)");
    expect(clipForLog("short")).toBe("short");
    const error = new Error(`Invalid value "${value}" for field "${"f".repeat(300)}"\n  argument: ${"x".repeat(5_000)}`);
    const logged = describeErrorForLog(error);
    for (const run of [value, "f".repeat(300), "x".repeat(5_000)]) expect(logged).not.toContain(run.slice(0, LOG_LINE_MAX + 1));
    expect(logged).toContain("at "); // the stack stays
    expect(describeErrorForLog("plain")).toBe("plain");
  });
});
