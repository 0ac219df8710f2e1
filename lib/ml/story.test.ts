import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { Rng } from "./core/random";
import type { DataStoryCause } from "./explain";
import { trainModel } from "./index";
import { numberColumn, textColumn } from "./testing";

/**
 * Telco-like: total = tenure x monthly, so a short tenure never goes with a large total. Churn falls
 * with tenure and rises with the monthly charge, which makes a large total raise churn once tenure is
 * known: a story that sets each field to its own most churn-raising range describes customers that do
 * not exist (tenure 1-7 with a total of 4,693-6,046 on telco).
 */
function correlatedTable(n: number, seed: number): Table {
  const rng = new Rng(seed);
  const tenure: number[] = [];
  const monthly: number[] = [];
  const total: number[] = [];
  const plan: string[] = [];
  const churn: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = 1 + rng.nextInt(72);
    const m = 20 + rng.next() * 100;
    const p = ["basic", "plus", "max"][rng.nextInt(3)];
    tenure.push(t);
    monthly.push(Math.round(m * 100) / 100);
    total.push(Math.round(t * m * (0.95 + rng.next() * 0.1) * 100) / 100);
    plan.push(p);
    const logit = 1.2 - 0.09 * t + 0.045 * (m - 70) + (p === "basic" ? 0.4 : 0);
    churn.push(rng.next() < 1 / (1 + Math.exp(-logit)) ? "Yes" : "No");
  }
  return {
    rowCount: n,
    columns: [numberColumn("tenure", tenure, "integer"), numberColumn("TotalCharges", total), textColumn("Plan", plan), textColumn("Churn", churn)],
  };
}

/** Rows of the table whose values meet every cause's value (top or bottom) together. */
function rowsMeeting(table: Table, causes: DataStoryCause[], side: "top_value" | "bottom_value"): number {
  let count = 0;
  for (let r = 0; r < table.rowCount; r++) {
    const ok = causes.every((c) => {
      const column = table.columns.find((col) => col.name === c.field)!;
      const label = c[side];
      if (column.kind === "text") return column.dictionary[column.codes[r]] === label;
      const v = column.values[r];
      const range = /^(-?[\d.]+) - (-?[\d.]+)$/.exec(label);
      return range ? v >= Number(range[1]) && v <= Number(range[2]) : v === Number(label);
    });
    if (ok) count++;
  }
  return count;
}

describe("data story on correlated fields", async () => {
  const table = correlatedTable(3000, 5);
  const outcome = await trainModel({ table, predictFields: ["Churn"], budgetSeconds: 4, threads: 1, seed: 3, maxTrials: 3 });
  const story = outcome.result.data_story[0];
  const segments = outcome.report.fields[0].story!;

  it("describes, on each side of each outcome, conditions that real rows meet together", () => {
    // (The typical-row story failed here: "No" top was tenure 60 - 72 with TotalCharges 24.08 - 788.1, no row.)
    for (const o of story.outcomes) {
      expect(o.causes[0].field).toBe("tenure");
      for (const side of ["top_value", "bottom_value"] as const) {
        const met = rowsMeeting(table, o.causes, side);
        expect(met, `${o.outcome} ${side}: ${o.causes.map((c) => `${c.field}=${c[side]}`).join(", ")}`).toBeGreaterThanOrEqual(0.01 * table.rowCount);
      }
    }
  });

  it("gives as top and bottom case the model's mean over those rows, with their count and observed rate", () => {
    expect(segments.outcomes.map((s) => s.outcome)).toEqual(story.outcomes.map((o) => o.outcome));
    // Every row has a target and 3,000 rows are under the pool's cap: the segments are the table's rows.
    expect(segments.rows).toBe(table.rowCount);
    story.outcomes.forEach((o, i) => {
      const s = segments.outcomes[i];
      expect(s.top.rows).toBe(rowsMeeting(table, o.causes, "top_value"));
      expect(s.bottom.rows).toBe(rowsMeeting(table, o.causes, "bottom_value"));
      expect(o.top_case).toBe(s.top.predicted);
      expect(o.bottom_case).toBe(s.bottom.predicted);
      for (const side of [s.top, s.bottom]) {
        expect(side.rows).toBeGreaterThanOrEqual(3);
        expect(side.rows).toBeLessThanOrEqual(segments.rows);
        expect(side.observed).toBeGreaterThanOrEqual(0);
        expect(side.observed).toBeLessThanOrEqual(1);
        // The model's estimate for real rows stays near what those rows show (no extrapolated row).
        expect(Math.abs(side.predicted - side.observed)).toBeLessThan(0.25);
      }
      expect(o.top_case).toBeGreaterThan(o.bottom_case);
    });
  });
});
