// The executor's building blocks: selection-based median, weekday buckets, top rows without a full sort.
import { describe, expect, it } from "vitest";
import { bucketLabel, bucketStart, executePlan, median } from "./execute";
import { tableFromRows } from "./testing/load-csv";

describe("median", () => {
  it("matches the sorted middle for odd and even sizes, with duplicates", () => {
    let seed = 3;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let n = 1; n < 60; n++) {
      const xs = Array.from({ length: n }, () => Math.floor(rand() * 10));
      const s = xs.slice().sort((a, b) => a - b);
      const want = n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
      expect(median(xs)).toBe(want);
    }
    expect(median([])).toBeNaN();
  });
});

describe("weekday buckets", () => {
  it("number Monday 0 to Sunday 6 and name them", () => {
    expect(bucketStart(Date.UTC(2024, 0, 1), "weekday")).toBe(0); // a Monday
    expect(bucketStart(Date.UTC(2024, 0, 7, 13), "weekday")).toBe(6); // a Sunday afternoon
    expect(bucketLabel(3, "weekday")).toBe("Thursday");
  });
});

describe("rows", () => {
  it("keeps the top rows in order without sorting them all", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`r${i}`, String((i * 7919) % 1000)]);
    const table = tableFromRows(["name", "value"], rows);
    const plan = {
      intent: "rows",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      filters: [],
      x: null,
      y: "value",
      sort: { by: "value", order: "desc" },
      limit: 5,
      binWidth: null,
      binCount: null,
      chart: "table",
    } as const;
    const result = executePlan(table, JSON.parse(JSON.stringify(plan)));
    if (result.kind !== "rows") throw new Error("rows expected");
    const values = result.indices.map((i) => (i * 7919) % 1000);
    expect(values).toEqual([999, 998, 997, 996, 995]);
  });
});

describe("filters", () => {
  it("neq with several values keeps the rows holding none of them (text, numbers)", () => {
    const table = tableFromRows(
      ["kind", "n"],
      [
        ["a", "1"],
        ["b", "2"],
        ["c", "3"],
        ["a", "4"],
        ["d", "2"],
      ],
    );
    const base = {
      intent: "aggregate",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "none",
    } as const;
    const count = (filters: unknown[]) => {
      const r = executePlan(table, JSON.parse(JSON.stringify({ ...base, filters })));
      if (r.kind !== "aggregate") throw new Error("aggregate expected");
      return r.filteredRows;
    };
    expect(count([{ field: "kind", op: "neq", values: ["a", "b"] }])).toBe(2);
    expect(count([{ field: "n", op: "neq", values: [2, 3] }])).toBe(2);
    expect(count([{ field: "n", op: "neq", values: [2] }])).toBe(3);
  });
});

describe("ratios (measure.per)", () => {
  const rows = [
    ["A", "East", "10", "100", "2"],
    ["A", "East", "5", "50", "1"],
    ["B", "West", "-4", "40", "4"],
    ["C", "West", "8", "20", "1"],
  ];
  const table = tableFromRows(["Order", "Region", "Profit", "Sales", "Quantity"], rows);
  const base = { intent: "aggregate" as const, extraMeasures: [], filters: [], x: null, y: null, sort: null, limit: null, binWidth: null, binCount: null };

  it("divides each group's total by the denominator's aggregate of the same rows, and overall", () => {
    const r = executePlan(table, {
      ...base,
      measure: { agg: "sum", field: "Profit", per: { agg: "sum", field: "Sales", percent: true } },
      groupBy: [{ field: "Region", bucket: null }],
      chart: "bar",
    });
    if (r.kind !== "aggregate") throw new Error(r.kind);
    expect(r.rows.map((x) => [x.labels[0], x.value])).toEqual([
      ["East", 10],
      ["West", (100 * 4) / 60],
    ]);
    expect(r.overall).toBeCloseTo((100 * 19) / 210, 10);
  });

  it("divides by the distinct values of a field ('sales per order')", () => {
    const r = executePlan(table, { ...base, measure: { agg: "sum", field: "Sales", per: { agg: "distinct", field: "Order" } }, groupBy: [], chart: "none" });
    if (r.kind !== "aggregate") throw new Error(r.kind);
    expect(r.overall).toBe(210 / 3);
  });
});

describe("having", () => {
  it("keeps only the groups whose aggregate passes, for a grouping and for a distinct count", () => {
    const table = tableFromRows(
      ["state", "sales"],
      [
        ["a", "60"],
        ["a", "50"],
        ["b", "90"],
        ["c", "20"],
        ["c", "30"],
        ["c", "70"],
      ],
    );
    const base = {
      intent: "aggregate",
      extraMeasures: [],
      filters: [],
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "none",
      having: { measure: { agg: "sum", field: "sales" }, op: "gt", values: [100] },
    } as const;
    // Totals: a 110, b 90, c 120; no single row is above 100.
    const grouped = executePlan(
      table,
      JSON.parse(JSON.stringify({ ...base, measure: { agg: "sum", field: "sales" }, groupBy: [{ field: "state", bucket: null }] })),
    );
    if (grouped.kind !== "aggregate") throw new Error("aggregate expected");
    expect(grouped.rows.map((r) => [r.keys[0], r.value])).toEqual([
      ["c", 120],
      ["a", 110],
    ]);
    expect(grouped.having).toEqual({ field: "state", matched: 2, groups: 3 });
    const distinct = executePlan(table, JSON.parse(JSON.stringify({ ...base, measure: { agg: "distinct", field: "state" }, groupBy: [] })));
    if (distinct.kind !== "aggregate") throw new Error("aggregate expected");
    expect(distinct.overall).toBe(2);
    const mean = executePlan(
      table,
      JSON.parse(
        JSON.stringify({
          ...base,
          measure: { agg: "distinct", field: "state" },
          groupBy: [],
          having: { measure: { agg: "mean", field: "sales" }, op: "lt", values: [56] },
        }),
      ),
    );
    if (mean.kind !== "aggregate") throw new Error("aggregate expected");
    // Means: a 55, b 90, c 40.
    expect(mean.overall).toBe(2);
  });
});

describe("two fields of a row compared", () => {
  it("keeps the rows where field op factor x otherField, missing values failing", () => {
    const table = tableFromRows(
      ["gross", "budget"],
      [
        ["5", "10"],
        ["20", "10"],
        ["", "10"],
        ["9", "20"],
      ],
    );
    const base = {
      intent: "aggregate",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "none",
    } as const;
    const count = (op: string, factor: number) => {
      const r = executePlan(table, JSON.parse(JSON.stringify({ ...base, filters: [{ field: "gross", op, values: [factor], otherField: "budget" }] })));
      if (r.kind !== "aggregate") throw new Error("aggregate expected");
      return r.filteredRows;
    };
    expect(count("lt", 1)).toBe(2);
    expect(count("gt", 1)).toBe(1);
    expect(count("gt", 0.4)).toBe(3);
  });
});
