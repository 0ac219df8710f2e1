// chat-probe20: questions with several conditions over R tables (lib/chat/testing/probe20), each fixed by its general
// cause and tested here with other wordings than the probe's. Expected numbers come from the CSV rows with plain
// loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe20");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const swiss = read("swiss.csv");
const housing = read("housing.csv");
const nls = read("nlschools.csv");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("the plural of a field with one row per value is the rows, not a grouping", () => {
  it("mean fertility of provinces where education is above 15: one number, stated", async () => {
    const reply = await askTurns(swiss.table, "mean fertility of provinces where education is above 15");
    expect(reply.plan?.groupBy).toEqual([]);
    const want = mean(swiss.rows.filter((r) => Number(r.Education) > 15).map((r) => Number(r.Fertility)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
    expect(reply.messages[0].content).toContain('"provinces"');
  });
  it("total agriculture by province keeps the grouping", async () => {
    const reply = await askTurns(swiss.table, "total agriculture by province");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Province"]);
  });
  it("which province has the lowest education keeps the grouping", async () => {
    const reply = await askTurns(swiss.table, "which province has the lowest education");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Province"]);
  });
});

describe("a negated range is the rows outside it", () => {
  it("how many pupils have an SES that is not between 15 and 35", async () => {
    const reply = await askTurns(nls.table, "how many pupils have an SES that is not between 15 and 35");
    const want = nls.rows.filter((r) => Number(r.SES) < 15 || Number(r.SES) > 35).length;
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("average IQ excluding lang between 30 and 50 (the negation before the range's field)", async () => {
    const reply = await askTurns(nls.table, "average IQ excluding lang between 30 and 50");
    const want = mean(nls.rows.filter((r) => Number(r.lang) < 30 || Number(r.lang) > 50).map((r) => Number(r.IQ)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
  });
});

describe("an abbreviated field name said in full where the full word is also a grammar word", () => {
  it("number of residents with medium influence by type: Infl is Medium", async () => {
    const reply = await askTurns(housing.table, "number of residents with medium influence by type");
    expect(reply.plan?.filters).toEqual([{ field: "Infl", op: "eq", values: ["Medium"] }]);
    const want = sum(housing.rows.filter((r) => r.Infl === "Medium" && r.Type === "Tower").map((r) => Number(r.Freq)));
    expect(reply.messages[1].table?.find((r) => r.Type === "Tower")?.["Total of Freq"]).toBe(want);
  });
});

describe("two conditions on one field of which only one is kept: the other is named as not used", () => {
  it("towers with high contact and low contact", async () => {
    const reply = await askTurns(housing.table, "number of people in towers with high contact and low contact");
    expect(reply.plan?.filters.filter((f) => f.field === "Cont")).toHaveLength(1);
    expect(reply.assumptions?.join(" ")).toMatch(/did not use "(high|low)"/);
  });
});

describe("a plural naming a value no field here holds ('girls', 'women') is a condition said as not used", () => {
  it("how many boys have a lang above 45: counted over all rows, 'boys' named", async () => {
    const reply = await askTurns(nls.table, "how many boys have a lang above 45");
    expect(reply.assumptions?.join(" ")).toContain('did not use "boys"');
  });
  it("how many women have an IQ above 14: 'women' named", async () => {
    const reply = await askTurns(nls.table, "how many women have an IQ above 14");
    expect(reply.assumptions?.join(" ")).toContain('did not use "women"');
  });
});

describe("two number fields joined by 'or', then one comparison: either field meets it", () => {
  const biopsy = read("biopsy.csv");
  it("how many samples have either V4 or V5 above 7", async () => {
    const reply = await askTurns(biopsy.table, "how many samples have either V4 or V5 above 7");
    const want = biopsy.rows.filter((r) => Number(r.V4) > 7 || Number(r.V5) > 7).length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});

describe("a field said right after 'by' is the grouping, also a 0/1 field with a condition", () => {
  it("average IQ by COMB for pupils with SES above 30", async () => {
    const reply = await askTurns(nls.table, "average IQ by COMB for pupils with SES above 30");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["COMB"]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "IQ" });
  });
});

describe("'among' followed by a row noun and a condition restricts the rows, not a grouping", () => {
  it("lowest IQ among pupils with lang over 50", async () => {
    const reply = await askTurns(nls.table, "lowest IQ among pupils with lang over 50");
    const want = Math.min(...nls.rows.filter((r) => Number(r.lang) > 50).map((r) => Number(r.IQ)));
    expect(reply.plan?.intent).toBe("aggregate");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});

describe("two fields of a row compared with a factor ('more than twice')", () => {
  const ome = read("ome.csv");
  it("how many rows have Trials more than twice Correct", async () => {
    const reply = await askTurns(ome.table, "how many rows have Trials more than twice Correct");
    expect(reply.plan?.filters).toEqual([{ field: "Trials", op: "gt", values: [2], otherField: "Correct" }]);
    const want = ome.rows.filter((r) => Number(r.Trials) > 2 * Number(r.Correct)).length;
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringContaining("twice"));
  });
  it("N times: Trials over 3 times Correct", async () => {
    const reply = await askTurns(ome.table, "how many rows have Trials over 3 times Correct");
    expect(reply.plan?.filters).toEqual([{ field: "Trials", op: "gt", values: [3], otherField: "Correct" }]);
  });
});

describe("a number the field holds right after its name is that value, also over a field of halves", () => {
  it("how many pupils have an IQ of 11", async () => {
    const reply = await askTurns(nls.table, "how many pupils have an IQ of 11");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(nls.rows.filter((r) => Number(r.IQ) === 11).length);
  });
});

describe("people said with an age in months or years, over a table without a duration field, compare their age", () => {
  const ome = read("ome.csv");
  it("average Correct excluding children under 24 months: Age, with the unit named", async () => {
    const reply = await askTurns(ome.table, "average Correct excluding children under 24 months");
    expect(reply.plan?.filters).toEqual([{ field: "Age", op: "gte", values: [24] }]);
    expect(reply.assumptions?.join(" ")).toContain("Age");
  });
});

describe("two number fields joined by 'and', then one comparison: each field meets it", () => {
  const biopsy = read("biopsy.csv");
  it("how many benign samples have V3 and V4 above 2", async () => {
    const reply = await askTurns(biopsy.table, "how many benign samples have V3 and V4 above 2");
    const want = biopsy.rows.filter((r) => r.class === "benign" && Number(r.V3) > 2 && Number(r.V4) > 2).length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("how many provinces have both catholic and fertility over 70", async () => {
    const reply = await askTurns(swiss.table, "how many provinces have both catholic and fertility over 70");
    const want = swiss.rows.filter((r) => Number(r.Catholic) > 70 && Number(r.Fertility) > 70).length;
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
});
