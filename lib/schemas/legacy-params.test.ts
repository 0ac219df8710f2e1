import { describe, expect, it } from "vitest";
import { legacyRows } from "./legacy-params";

describe("legacy rows sent as JSON text", () => {
  it("refuses a number beyond a double's range and names where it is", () => {
    const result = legacyRows("data").safeParse('[{"a": 1}, {"a": 2, "b c": -1e400}]');
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.message).toMatch(/^data: Number out of range at \[1\]\["b c"\]: /);
    expect(issue?.path).toEqual([1, "b c"]);
  });

  it("keeps large numbers that fit and exponents that are not numbers", () => {
    const rows = legacyRows("data").parse('[{"a": 1e300, "b": "1e400"}]');
    expect(rows).toEqual([{ a: 1e300, b: "1e400" }]);
  });

  it("reads deeply nested text without overflowing the stack (then refuses the nesting as a row value)", () => {
    const deep = `[{"a": ${"[".repeat(50_000)}1e400${"]".repeat(50_000)}}]`;
    const result = legacyRows("data").safeParse(deep);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Number out of range/);
  });
});
