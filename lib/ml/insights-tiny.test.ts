// Tiny data still gives a report (with a note), never a crash: a class may be missing from a
// two-row holdout, a field may be constant, everything may be missing.
import { describe, expect, it } from "vitest";
import { trainModel } from "./index";
import { numberColumn, textColumn } from "./testing";

/** Every number in the report is finite (JSON would silently turn NaN into null). */
function expectFinite(value: unknown, path = "insights"): void {
  if (typeof value === "number") expect(Number.isFinite(value), path).toBe(true);
  else if (Array.isArray(value)) value.forEach((v, i) => expectFinite(v, `${path}[${i}]`));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) expectFinite(v, `${path}.${k}`);
}

describe("insights on tiny and degenerate data", () => {
  it("trains on 8 rows and reports honestly", async () => {
    const table = {
      rowCount: 8,
      columns: [
        numberColumn("x", [1, 2, 3, 4, 5, 6, 7, 8]),
        textColumn("constant", Array(8).fill("same")),
        numberColumn("empty", Array(8).fill(NaN)),
        textColumn("y", ["a", "b", "a", "b", "a", "b", "a", "b"]),
      ],
    };
    const out = await trainModel({ table, predictFields: ["y"], budgetSeconds: 1, threads: 1, seed: 1, maxTrials: 2 });
    const insights = out.report.fields[0].insights!;
    expect(insights.holdoutRows).toBeLessThan(5);
    expect(insights.notes.join(" ")).toMatch(/rough/);
    expectFinite(insights);
    expect(insights.fieldStats.find((f) => f.field === "empty")).toMatchObject({ missing: 8, distinct: 0 });
  });

  it("a regression target with a single holdout value", async () => {
    const table = { rowCount: 6, columns: [numberColumn("x", [1, 2, 3, 4, 5, 6]), numberColumn("y", [2, 4, 6, 8, 10, 12])] };
    const out = await trainModel({ table, predictFields: ["y"], budgetSeconds: 1, threads: 1, seed: 1, maxTrials: 1 });
    const insights = out.report.fields[0].insights!;
    expect(insights.regression!.errorByRange.reduce((s, r) => s + r.count, 0)).toBe(insights.holdoutRows);
    expectFinite(insights);
  });
});
