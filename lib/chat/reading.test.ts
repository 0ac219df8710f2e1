// The chat reads the table as the store does (table/reading.ts): "NA" in a column of region codes is
// North America, counted as a region rather than as blanks, and an answer over slash dates whose
// order nothing in the data shows says how it read them. Made-up rows; expected numbers by plain loops.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const REGIONS = ["NA", "EU", "AS", "NA", "AF", "SA", "OC", "NA"];

describe("NA as a region code", () => {
  const rows = Array.from({ length: 40 }, (_, i) => [REGIONS[i % REGIONS.length], String(10 + (i % 9)), i % 5 === 0 ? "NA" : String(i)]);
  const table = tableFromRows(["region", "orders", "score"], rows);

  it("counts NA rows as a region of their own", async () => {
    const reply = await askTurns(table, "number of rows by region");
    const got = new Map(tableOf(reply).map((r) => [String(r.region), Object.values(r).find((v) => typeof v === "number")]));
    const want = rows.filter((r) => r[0] === "NA").length;
    expect(got.get("NA")).toBe(want);
    expect(got.has("null")).toBe(false);
  });

  it("NA in a numeric column stays a blank", () => {
    const score = table.columns.find((c) => c.name === "score")!;
    expect(score.kind === "number" && Array.from(score.values).filter(Number.isNaN).length).toBe(8);
  });
});

describe("slash dates of unknown order", () => {
  const months = ["01", "02", "03", "04", "05", "06"];
  const rows = Array.from({ length: 36 }, (_, i) => [`${months[i % 6]}/0${1 + (i % 9)}/2021`, String(5 + (i % 7))]);

  it("the answer says the dates were read month first and what that means", async () => {
    const reply = await askTurns(tableFromRows(["ordered", "amount"], rows), "total amount by month of ordered");
    expect(reply.assumptions?.join(" ")).toContain("the dates in ordered are read month first (03/04/2021 = 4 March 2021)");
  });

  it("says nothing when another date column shows the order", async () => {
    const withEvidence = rows.map((r, i) => [...r, `${13 + (i % 10)}/0${1 + (i % 9)}/2021`]);
    const table = tableFromRows(["ordered", "amount", "shipped"], withEvidence);
    const ordered = table.columns[0];
    expect(ordered.kind === "number" && [ordered.dateOrder, ordered.dateOrderBasis]).toEqual(["day_first", "other_columns"]);
    const reply = await askTurns(table, "total amount by month of ordered");
    expect(reply.assumptions?.join(" ") ?? "").not.toContain("month first");
  });
});
