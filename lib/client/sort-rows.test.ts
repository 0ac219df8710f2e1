import { describe, expect, it } from "vitest";
import { sortRows } from "./sort-rows";

const rows = [
  { v: 10, s: "item 10" },
  { v: null, s: "" },
  { v: 2, s: "item 2" },
  { v: "9.5", s: "Item 1" },
];

describe("sortRows", () => {
  it("sorts numbers by value (numeric strings too) and keeps blanks last both ways", () => {
    expect(sortRows(rows, { column: "v", direction: "asc" }).map((r) => r.v)).toEqual([2, "9.5", 10, null]);
    expect(sortRows(rows, { column: "v", direction: "desc" }).map((r) => r.v)).toEqual([10, "9.5", 2, null]);
  });
  it("sorts text in natural order", () => {
    expect(sortRows(rows, { column: "s", direction: "asc" }).map((r) => r.s)).toEqual(["Item 1", "item 2", "item 10", ""]);
  });
  it("leaves the order alone without a sort", () => {
    expect(sortRows(rows, null)).toBe(rows);
  });
});
