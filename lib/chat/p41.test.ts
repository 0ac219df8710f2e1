// chat-p41: nvBench and analyst phrasing over R tables with entities (lib/chat/testing/probe41). Each fix is tested
// here on a made-up table of patients measured at several visits, with other field names and wordings than the
// probe's; expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { describeTable } from "./columns";
import { executePlan } from "./execute";
import { checkPlanFields } from "./llm";
import { type AnalysisPlan, planSchema } from "./plan";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["Patient", "Arm", "Site", "Visit", "Level"];
const sites = ["Oslo", "Lyon", "Graz"];
// A fixed pseudo-random sequence: the same table every run.
let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
// 9 patients (3 per site), 4 to 7 visits each; patients 1-5 on Drug, 6-9 on Placebo.
const rows: string[][] = [];
for (let p = 1; p <= 9; p++) {
  const visits = 4 + (p % 4);
  for (let v = 1; v <= visits; v++)
    rows.push([String(p), p <= 5 ? "Drug" : "Placebo", sites[(p - 1) % 3], String(v), (10 + p * 1.5 + Math.round(next() * 800) / 100).toFixed(2)]);
}
const table: Table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));
/** Each value of `by` with the `agg` of Level over its rows (of those `keep` keeps). */
const perEntity = (by: string, agg: (xs: number[]) => number, keep: (r: string[]) => boolean = () => true) => {
  const m = new Map<string, number[]>();
  for (const r of rows.filter(keep)) m.set(r[col(by)], [...(m.get(r[col(by)]) ?? []), Number(r[col("Level")])]);
  return new Map([...m].map(([k, xs]) => [k, agg(xs)]));
};
const max = (xs: number[]) => Math.max(...xs);
const min = (xs: number[]) => Math.min(...xs);

describe("measure.each: an aggregate of per-entity aggregates (executor)", () => {
  const plan = (extra: Partial<AnalysisPlan>): AnalysisPlan =>
    planSchema.parse({ intent: "aggregate", measure: { agg: "mean", field: "Level", each: { field: "Patient", agg: "max" } }, chart: "none", ...extra });
  it("the average of each patient's maximum, over all rows and per arm", () => {
    const all = executePlan(table, plan({}));
    expect(all.kind).toBe("aggregate");
    if (all.kind !== "aggregate") return;
    expect(all.overall).toBeCloseTo(mean([...perEntity("Patient", max).values()]), 9);
    const byArm = executePlan(table, plan({ groupBy: [{ field: "Arm", bucket: null }], chart: "bar" }));
    if (byArm.kind !== "aggregate") throw new Error("aggregate expected");
    const drug = mean([...perEntity("Patient", max, (r) => r[col("Arm")] === "Drug").values()]);
    expect(byArm.rows.find((r) => r.keys[0] === "Drug")?.value).toBeCloseTo(drug, 9);
    expect(byArm.rows).toHaveLength(2);
  });
  it("the median of the rows per patient (a count per entity, no field)", () => {
    const r = executePlan(table, plan({ measure: { agg: "median", field: null, each: { field: "Patient", agg: "count" } } }));
    if (r.kind !== "aggregate") throw new Error("aggregate expected");
    const counts = [...perEntity("Patient", (xs) => xs.length).values()].sort((a, b) => a - b);
    expect(r.overall).toBe(counts[4]);
  });
  it("the filters apply before the per-entity values", () => {
    const r = executePlan(
      table,
      plan({ measure: { agg: "sum", field: "Level", each: { field: "Site", agg: "min" } }, filters: [{ field: "Visit", op: "lte", values: [2] }] }),
    );
    if (r.kind !== "aggregate") throw new Error("aggregate expected");
    const want = [...perEntity("Site", min, (r) => Number(r[col("Visit")]) <= 2).values()].reduce((s, x) => s + x, 0);
    expect(r.overall).toBeCloseTo(want, 9);
  });
  it("a plan whose entity is also its grouping is refused by the plan check", () => {
    const fields = describeTable(table);
    expect(checkPlanFields(plan({ groupBy: [{ field: "Patient", bucket: null }] }), fields).join(" ")).toMatch(/each/);
    expect(checkPlanFields(plan({}), fields)).toEqual([]);
  });
});

describe("'the average of each patient's maximum level' reads the per-entity values first", () => {
  const overall = (agg: (xs: number[]) => number, outer: (xs: number[]) => number) => outer([...perEntity("Patient", agg).values()]);
  it("possessive: 'what is the average of each patient's highest level'", async () => {
    const reply = await askTurns(table, "what is the average of each patient's highest level");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Level", each: { field: "Patient", agg: "max" } });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(overall(max, mean), 2);
    expect(reply.messages[0].content).toContain("average of the maximum of Level per Patient");
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringMatching(/did not use|used the average/));
  });
  it("plural possessive: 'mean of the patients' lowest levels'", async () => {
    const reply = await askTurns(table, "mean of the patients' lowest levels");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Level", each: { field: "Patient", agg: "min" } });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(overall(min, mean), 2);
  });
  it("entity after the measure: 'the median of the peak Level for every patient'", async () => {
    const reply = await askTurns(table, "the median of the peak Level for every patient");
    const per = [...perEntity("Patient", max).values()].sort((a, b) => a - b);
    expect(reply.plan?.measure.each).toEqual({ field: "Patient", agg: "max" });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(per[4], 2);
  });
  it("with a grouping: 'average of each patient's maximum level by arm'", async () => {
    const reply = await askTurns(table, "average of each patient's maximum level by arm");
    expect(reply.plan?.groupBy).toEqual([{ field: "Arm", bucket: null }]);
    const placebo = mean([...perEntity("Patient", max, (r) => r[col("Arm")] === "Placebo").values()]);
    expect(firstNumber(tableOf(reply).find((r) => r.Arm === "Placebo"))).toBeCloseTo(placebo, 2);
  });
  it("'the lowest of each patient's maximum level' ranks the patients by their maximum", async () => {
    const reply = await askTurns(table, "the lowest of each patient's maximum level");
    const per = [...perEntity("Patient", max)].sort((a, b) => a[1] - b[1]);
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "Level" });
    expect(String(tableOf(reply)[0]?.Patient)).toBe(per[0][0]);
    expect(firstNumber({ v: tableOf(reply)[0]?.["Maximum of Level"] })).toBeCloseTo(per[0][1], 2);
  });
  it("not without 'of' and an entity said one by one: 'average level per patient' stays each patient's average", async () => {
    const reply = await askTurns(table, "average level per patient");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Level" });
    expect(reply.plan?.groupBy).toEqual([{ field: "Patient", bucket: null }]);
  });
});

describe("'which one is smallest of those' ranks the per-entity values just asked for", () => {
  it("'for each site, the largest level; which site has the smallest of those'", async () => {
    const reply = await askTurns(table, "for each site, the largest level; which site has the smallest of those");
    const per = [...perEntity("Site", max)].sort((a, b) => a[1] - b[1]);
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "Level" });
    expect(tableOf(reply)[0]?.Site).toBe(per[0][0]);
    expect(reply.messages[0].content).toMatch(new RegExp(`^${per[0][0]} has the lowest maximum`));
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringMatching(/used the average/));
  });
});

describe("firstLast: the change from the first to the last row by the field that orders them", () => {
  // The same rows, last visit first: the order comes from Visit, not from the rows' order.
  const reversed = tableFromRows(header, [...rows].reverse());
  const change = (keep: (r: string[]) => boolean) => {
    const byVisit = rows.filter(keep).sort((a, b) => Number(a[col("Visit")]) - Number(b[col("Visit")]));
    return Number(byVisit[byVisit.length - 1][col("Level")]) - Number(byVisit[0][col("Level")]);
  };
  const changes = [...new Set(rows.map((r) => r[col("Patient")]))].map((p) => [p, change((r) => r[col("Patient")] === p)] as const);
  it("the executor takes the rows in the order field's order, per group", () => {
    const plan = planSchema.parse({
      intent: "aggregate",
      measure: { agg: "firstLast", field: "Level", by: "Visit" },
      groupBy: [{ field: "Patient", bucket: null }],
      chart: "bar",
    });
    const r = executePlan(reversed, plan);
    if (r.kind !== "aggregate") throw new Error("aggregate expected");
    for (const [p, want] of changes) expect(r.rows.find((x) => String(x.keys[0]) === p)?.value).toBeCloseTo(want, 9);
    expect(checkPlanFields({ ...plan, measure: { agg: "firstLast", field: "Level" } }, describeTable(reversed)).join(" ")).toMatch(/orders the rows/);
  });
  it("'how much did the level change from the first to the last visit for each patient'", async () => {
    const reply = await askTurns(reversed, "how much did the level change from the first to the last visit for each patient");
    expect(reply.plan?.measure).toEqual({ agg: "firstLast", field: "Level", by: "Visit" });
    const got = (p: string) => tableOf(reply).find((x) => String(x.Patient) === p)?.["Change in Level from the first to the last Visit"];
    for (const [p, want] of changes) expect(got(p)).toBeCloseTo(want, 2);
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringMatching(/did not use/));
  });
  it("'which patient rose the most between the first and last visit' ranks them, the measure stated", async () => {
    const reply = await askTurns(reversed, "which patient rose the most between the first and last visit");
    const best = [...changes].sort((a, b) => b[1] - a[1])[0];
    expect(String(tableOf(reply)[0]?.Patient)).toBe(best[0]);
    expect(reply.assumptions?.join(" ")).toContain('I read "rose" as the change in Level');
  });
  it("'which patient fell the most ...' ranks the largest drop first", async () => {
    const reply = await askTurns(reversed, "which patient fell the most from the first to the last visit");
    const worst = [...changes].sort((a, b) => a[1] - b[1])[0];
    expect(String(tableOf(reply)[0]?.Patient)).toBe(worst[0]);
  });
  it("one patient: 'how much did level change from the first to the last visit for patient 4' is one number", async () => {
    const reply = await askTurns(reversed, "how much did level change from the first to the last visit for patient 4");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(
      change((r) => r[col("Patient")] === "4"),
      2,
    );
  });
});

describe("'at the first / last measurement' is the rows at the order field's smallest / largest value", () => {
  it("'mean level at the first measurement by arm' keeps Visit 1, stated", async () => {
    const reply = await askTurns(table, "mean level at the first measurement by arm");
    expect(reply.plan?.filters).toEqual([{ field: "Visit", op: "eq", values: [1] }]);
    const drug = mean(rows.filter((r) => r[col("Visit")] === "1" && r[col("Arm")] === "Drug").map((r) => Number(r[col("Level")])));
    expect(firstNumber({ v: tableOf(reply).find((r) => r.Arm === "Drug")?.["Average of Level"] })).toBeCloseTo(drug, 2);
    expect(reply.assumptions?.join(" ")).toContain('I read "first measurement" as Visit "1"');
  });
  it("'average level at the last measurement visit': the order field after the noun is no second number", async () => {
    const last = Math.max(...rows.map((r) => Number(r[col("Visit")])));
    const reply = await askTurns(table, "average level at the last measurement visit");
    expect(reply.plan?.extraMeasures).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "Visit", op: "eq", values: [last] }]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(rows.filter((r) => Number(r[col("Visit")]) === last).map((r) => Number(r[col("Level")]))), 2);
  });
});

describe("'the lowest number / amount of <field>' is the field's own lowest value", () => {
  it("'for each site, the lowest amount of level; which site has the highest of those'", async () => {
    const reply = await askTurns(table, "for each site, the lowest amount of level; which site has the highest of those");
    const per = [...perEntity("Site", min)].sort((a, b) => b[1] - a[1]);
    expect(reply.plan?.measure).toEqual({ agg: "min", field: "Level" });
    expect(tableOf(reply)[0]?.Site).toBe(per[0][0]);
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringMatching(/did not use/));
  });
});

describe("a field named in the question that the answer uses nowhere is said as not used", () => {
  const yearly = tableFromRows(
    ["year", "rainfall"],
    Array.from({ length: 30 }, (_, i) => [String(1950 + i), String(600 + ((i * 37) % 23) * 10)]),
  );
  it("'in how many years did the rainfall go up from the year before' names 'rainfall' as not used", async () => {
    const reply = await askTurns(yearly, "in how many years did the rainfall go up from the year before");
    const plan = reply.plan;
    const usesRainfall =
      !!plan &&
      (plan.measure.field === "rainfall" ||
        plan.having?.measure.field === "rainfall" ||
        plan.filters.some((f) => f.field === "rainfall") ||
        plan.groupBy.some((g) => g.field === "rainfall"));
    if (!usesRainfall) expect(reply.assumptions?.join(" ")).toContain('did not use "rainfall"');
  });
});

describe("'how many visits per patient on average' is the rows per entity, averaged", () => {
  it("'on average, how many measurements does each patient have' over patients with 4 to 7 visits", async () => {
    const reply = await askTurns(table, "on average, how many measurements does each patient have");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: null, each: { field: "Patient", agg: "count" } });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean([...perEntity("Patient", (xs) => xs.length).values()]), 2);
  });
  it("without an average word it stays the count per patient", async () => {
    const reply = await askTurns(table, "how many measurements does each patient have");
    expect(reply.plan?.groupBy).toEqual([{ field: "Patient", bucket: null }]);
  });
});
