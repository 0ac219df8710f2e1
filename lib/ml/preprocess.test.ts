import { describe, expect, it } from "vitest";
import type { NumericColumn, Table } from "../table/types";
import { Preprocessor, TEXT_BUCKETS } from "./preprocess";
import { numberColumn, textColumn } from "./testing";

function allRows(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

function schemaOf(t: Table) {
  return t.columns.map((c) => ({ name: c.name, type: c.type }));
}

describe("Preprocessor", () => {
  const n = 30;
  const table: Table = {
    rowCount: n,
    columns: [
      numberColumn(
        "amount",
        Array.from({ length: n }, (_, i) => (i % 7 === 0 ? NaN : i * 1.5)),
      ),
      numberColumn(
        "when",
        Array.from({ length: n }, (_, i) => Date.UTC(2024, 0, 1 + i, i % 2 ? 13 : 0)),
        "date",
      ),
      textColumn(
        "color",
        Array.from({ length: n }, (_, i) => ["red", "green", null][i % 3]),
      ),
      textColumn(
        "note",
        Array.from({ length: n }, (_, i) => `order ${i} shipped late`),
        "string",
      ),
      textColumn(
        "customer",
        Array.from({ length: n }, (_, i) => `C-${1000 + i}`),
      ),
      numberColumn(
        "rowNumber",
        Array.from({ length: n }, (_, i) => i + 1),
        "integer",
      ),
      numberColumn("constant", new Array(n).fill(5)),
      numberColumn("empty", new Array(n).fill(NaN)),
      textColumn(
        "key",
        Array.from({ length: n }, (_, i) => `k${i}`),
        "id",
      ),
      textColumn(
        "target",
        Array.from({ length: n }, (_, i) => (i % 2 ? "a" : "b")),
      ),
    ],
  };
  const pre = Preprocessor.fit(table, allRows(n), new Set(["target"]), schemaOf(table));

  it("skips id, id-like, constant and all-missing fields, and the excluded target", () => {
    const skipped = Object.fromEntries(pre.skipped.map((s) => [s.field, s.reason]));
    expect(skipped.key).toBe("id field");
    expect(skipped.customer).toMatch(/id-like/);
    expect(skipped.rowNumber).toMatch(/id-like/);
    expect(skipped.constant).toBe("constant");
    expect(skipped.empty).toBe("all values missing");
    expect(pre.sources).not.toContain("target");
    expect(new Set(pre.sources)).toEqual(new Set(["amount", "when", "color", "note"]));
  });

  it("expands dates into parts, with the hour when times are present", () => {
    const names = pre.features.filter((f, i) => pre.sources[i] === "when").map((f) => f.name);
    expect(names).toEqual(["when.epoch", "when.year", "when.month", "when.dayOfWeek", "when.dayOfYear", "when.hour"]);
    const x = pre.transformTable(table);
    const col = (name: string) => x.columns[x.features.findIndex((f) => f.name === name)];
    // Row 1: 2024-01-02 13:00 UTC, a Tuesday.
    expect(col("when.year")[1]).toBe(2024);
    expect(col("when.month")[1]).toBe(1);
    expect(col("when.dayOfYear")[1]).toBe(2);
    expect(col("when.dayOfWeek")[1]).toBe(2);
    expect(col("when.hour")[1]).toBe(13);
  });

  it("hashes free text into token counts plus length", () => {
    const textFeatures = pre.features.filter((_, i) => pre.sources[i] === "note");
    expect(textFeatures.length).toBe(TEXT_BUCKETS + 2);
    const x = pre.transformRows([{ note: "late late order" }, { note: null }]);
    const idx = pre.features.map((f, i) => (pre.sources[i] === "note" && f.name.includes(".hash") ? i : -1)).filter((i) => i >= 0);
    let total = 0;
    for (const i of idx) total += x.columns[i][0];
    expect(total).toBe(3); // three tokens land in some buckets
    expect(x.columns[pre.features.findIndex((f) => f.name === "note.tokens")][0]).toBe(3);
    expect(x.columns[pre.features.findIndex((f) => f.name === "note.length")][0]).toBe("late late order".length);
    expect(x.columns[idx[0]][1]).toBeNaN();
  });

  it("maps categories to indices and unseen ones to missing, same for tables and rows", () => {
    const f = pre.features.findIndex((s) => s.name === "color");
    expect(pre.features[f].kind).toBe("categorical");
    const plan = pre.plans.find((p) => p.field === "color");
    if (plan?.kind !== "category") throw new Error("color should be categorical");
    const red = plan.categories.indexOf("red");
    const green = plan.categories.indexOf("green");
    expect(new Set([red, green])).toEqual(new Set([0, 1]));
    const x = pre.transformRows([{ color: "red" }, { color: " green " }, { color: "purple" }, {}]);
    expect(x.columns[f][0]).toBe(red);
    expect(x.columns[f][1]).toBe(green);
    expect(x.columns[f][2]).toBeNaN();
    expect(x.columns[f][3]).toBeNaN();
    // Repeated values are resolved once per request; each repetition still gets its own answer.
    const repeated = pre.transformRows([
      { color: "red" },
      { color: "NA" },
      { color: "red" },
      { color: null },
      { color: " green " },
      { color: "purple" },
      { color: "green" },
    ]);
    expect(Array.from(repeated.columns[f])).toEqual([red, NaN, red, NaN, green, NaN, green]);
    const fromTable = pre.transformTable(table, Int32Array.from([0, 1, 2]));
    expect(Array.from(fromTable.columns[f])).toEqual([red, green, NaN]);
  });

  it("parses numbers from client strings and survives a JSON round trip", () => {
    const again = new Preprocessor(JSON.parse(JSON.stringify(pre.toJSON())));
    const rows = [{ amount: "4.5", when: "2024-01-04T00:00:00Z", color: "green", note: "x" }];
    const a = pre.transformRows(rows);
    const b = again.transformRows(rows);
    expect(a.columns.map((c) => c[0])).toEqual(b.columns.map((c) => c[0]));
    expect(a.columns[pre.features.findIndex((s) => s.name === "amount")][0]).toBe(4.5);
  });
});

describe("derived features", () => {
  const n = 40;
  const table: Table = {
    rowCount: n,
    columns: [
      numberColumn(
        "w",
        Array.from({ length: n }, (_, i) => (i === 3 ? NaN : 1 + (i % 5))),
      ),
      numberColumn(
        "h",
        Array.from({ length: n }, (_, i) => (i % 4 === 0 ? 0 : 2 + (i % 3))),
      ),
      textColumn(
        "color",
        Array.from({ length: n }, (_, i) => ["red", "green"][i % 2]),
      ),
    ],
  };
  const base = Preprocessor.fit(table, allRows(n), new Set(), schemaOf(table));

  it("adds the product and the ratio of each pair of numeric fields, after the other features", () => {
    const pre = base.withDerived();
    expect(pre).not.toBe(base);
    expect(pre.hasDerived).toBe(true);
    expect(pre.features.map((f) => f.name)).toEqual(["w", "h", "color", "w*h", "w/h"]);
    expect(pre.otherSources).toEqual([null, null, null, "h", "h"]);
    const x = pre.transformTable(table);
    for (let i = 0; i < n; i++) {
      const w = x.columns[0][i];
      const h = x.columns[1][i];
      if (Number.isNaN(w)) {
        expect(x.columns[3][i]).toBeNaN();
        expect(x.columns[4][i]).toBeNaN();
        continue;
      }
      expect(x.columns[3][i]).toBe(w * h);
      // A zero divisor gives a missing value, not an infinity.
      if (h === 0) expect(x.columns[4][i]).toBeNaN();
      else expect(x.columns[4][i]).toBe(w / h);
    }
    // Client rows (values as strings) give the same features, and the recipe survives JSON.
    const again = new Preprocessor(JSON.parse(JSON.stringify(pre.toJSON())));
    const rows = Array.from({ length: n }, (_, i) => ({ w: String(x.columns[0][i]), h: x.columns[1][i] }));
    const fromRows = again.transformRows(rows);
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(x.columns[0][i])) continue;
      expect(fromRows.columns[3][i]).toBe(x.columns[3][i]);
      expect(Number.isNaN(fromRows.columns[4][i]) ? "NaN" : fromRows.columns[4][i]).toBe(Number.isNaN(x.columns[4][i]) ? "NaN" : x.columns[4][i]);
    }
  });

  it("keeps the chosen derived features only, and every other feature", () => {
    const pre = base.withDerived().keepDerived((f) => f === 4);
    expect(pre.features.map((f) => f.name)).toEqual(["w", "h", "color", "w/h"]);
    expect(pre.otherSources).toEqual([null, null, null, "h"]);
    expect(base.withDerived().keepDerived(() => false).hasDerived).toBe(false);
  });

  it("is the same recipe with fewer than two or too many numeric fields", () => {
    const one: Table = { rowCount: n, columns: [table.columns[0], table.columns[2]] };
    const pre = Preprocessor.fit(one, allRows(n), new Set(), schemaOf(one));
    expect(pre.withDerived()).toBe(pre);
    const many: Table = {
      rowCount: n,
      columns: Array.from({ length: 9 }, (_, k) =>
        numberColumn(
          `v${k}`,
          Array.from({ length: n }, (_, i) => i * (k + 1) + (i % 3)),
        ),
      ),
    };
    const wide = Preprocessor.fit(many, allRows(n), new Set(), schemaOf(many));
    expect(wide.withDerived()).toBe(wide);
  });
});

describe("Preprocessor.fit: keys that repeat on a few rows", () => {
  it("skips a field named as an identifier when at least half of its values are distinct, and keeps one that repeats often", () => {
    const n = 200;
    const table: Table = {
      rowCount: n,
      columns: [
        // The lines of one order share its id: 100 distinct values over 200 rows.
        textColumn(
          "Order ID",
          Array.from({ length: n }, (_, i) => `CA-2016-${100000 + Math.floor(i / 2)}`),
        ),
        numberColumn(
          "store_id",
          Array.from({ length: n }, (_, i) => 5000 + Math.floor(i / 2)),
          "integer",
        ),
        // A product sold on many rows: 20 distinct values, an input like any category.
        textColumn(
          "Product ID",
          Array.from({ length: n }, (_, i) => `P-${i % 20}`),
        ),
        // Not named as an identifier: a category however many values it has.
        textColumn(
          "city",
          Array.from({ length: n }, (_, i) => `town ${Math.floor(i / 2)}`),
        ),
        numberColumn(
          "target",
          Array.from({ length: n }, (_, i) => i % 7),
        ),
      ],
    };
    const pre = Preprocessor.fit(table, allRows(n), new Set(["target"]), schemaOf(table));
    const skipped = Object.fromEntries(pre.skipped.map((s) => [s.field, s.reason]));
    expect(skipped["Order ID"]).toBe("identifier (most values distinct)");
    expect(skipped.store_id).toBe("identifier (most values distinct)");
    expect(new Set(pre.sources)).toEqual(new Set(["Product ID", "city"]));
  });
});

describe("Preprocessor and the store's reading (table/reading.ts)", () => {
  const n = 24;
  const regions = ["EU", "NA", "AS", "NA", "AF", "SA"];
  const days = Array.from({ length: n }, (_, i) => Date.UTC(2021, i % 12, 3));
  const table: Table = {
    rowCount: n,
    columns: [
      // "NA" kept in the dictionary: the store read it as North America, not as missing.
      textColumn(
        "region",
        Array.from({ length: n }, (_, i) => regions[i % regions.length]),
      ),
      { ...(numberColumn("ordered", days, "date") as NumericColumn), dateOrder: "day_first" },
    ],
  };
  const pre = Preprocessor.fit(table, allRows(n), new Set(), schemaOf(table));

  it("learns a kept NA as a category and reads NA in a request row as that category", () => {
    const plan = pre.plans.find((p) => p.field === "region");
    if (plan?.kind !== "category") throw new Error("region should be categorical");
    expect(plan.categories).toContain("NA");
    const f = pre.features.findIndex((s) => s.name === "region");
    const fromRows = pre.transformRows([{ region: "NA" }, { region: "EU" }, { region: null }, { region: "" }]);
    expect(fromRows.columns[f][0]).toBe(plan.categories.indexOf("NA"));
    expect(fromRows.columns[f][1]).toBe(plan.categories.indexOf("EU"));
    expect(fromRows.columns[f][2]).toBeNaN();
    expect(fromRows.columns[f][3]).toBeNaN();
    expect(pre.transformTable(table).columns[f][1]).toBe(plan.categories.indexOf("NA"));
  });

  it("reads a request's slash dates in the order the field was trained with, also after a JSON round trip", () => {
    const again = new Preprocessor(JSON.parse(JSON.stringify(pre.toJSON())));
    const epoch = again.features.findIndex((s) => s.name.startsWith("ordered") && s.name.includes("epoch"));
    expect(epoch).toBeGreaterThanOrEqual(0);
    const x = again.transformRows([{ ordered: "03/04/2021" }, { ordered: "2021-04-03" }]);
    expect(x.columns[epoch][0]).toBe(Date.UTC(2021, 3, 3));
    expect(x.columns[epoch][1]).toBe(Date.UTC(2021, 3, 3));
  });
});
