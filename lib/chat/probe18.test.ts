// Probe18 (issue 12): analytic questions over tables exported from R packages (lib/chat/testing/probe18).
// Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "./index";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe18");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const quine = read("quine.csv");
const crabs = read("crabs.csv");
const mtcars = read("mtcars.csv");
const pima = read("Pima.tr.csv");
const ask = askTurns;

const tableOf = (reply: ChatReply) => reply.messages.find((m) => m.table)?.table ?? [];
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a plural time unit naming a number field that counts, not numbers, days is that field", () => {
  it("'average Days by Age' (Days 0..81, days absent) averages Days", async () => {
    const reply = await ask(quine.table, "average Days by Age");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Days" });
    const f0 = mean(quine.rows.filter((r) => r.Age === "F0").map((r) => Number(r.Days)));
    const row = tableOf(reply).find((r) => r.Age === "F0");
    expect(Number(Object.values(row ?? {})[1])).toBeCloseTo(f0, 2);
  });
  it("'total days for students not in F3' adds up Days", async () => {
    const reply = await ask(quine.table, "total days for students not in F3");
    const want = quine.rows.filter((r) => r.Age !== "F3").reduce((s, r) => s + Number(r.Days), 0);
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Days" });
    expect(Object.values(tableOf(reply)[0])[0]).toBe(want);
  });
});

describe("a name of two to four capitals is read as the initials of words said in a row", () => {
  it("'largest body depth among males' is the maximum of BD", async () => {
    const reply = await ask(crabs.table, "largest body depth among males");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "BD" });
  });
  it("'average carapace width of females' is the mean of CW for sex F", async () => {
    const reply = await ask(crabs.table, "average carapace width of females");
    const want = mean(crabs.rows.filter((r) => r.sex === "F").map((r) => Number(r.CW)));
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "CW" });
    expect(Number(Object.values(tableOf(reply)[0])[0])).toBeCloseTo(want, 2);
  });
});

describe("common abbreviations of field names and casual words for a sex coded F/M", () => {
  it("'which model is the lightest' ranks the models by wt", async () => {
    const reply = await ask(mtcars.table, "which model is the lightest");
    let best = mtcars.rows[0];
    for (const r of mtcars.rows) if (Number(r.wt) < Number(best.wt)) best = r;
    expect(reply.plan?.measure.field).toBe("wt");
    expect(JSON.stringify(tableOf(reply)[0])).toContain(best.model);
  });
  it("'median blood pressure' is the median of bp", async () => {
    const reply = await ask(pima.table, "median blood pressure");
    expect(reply.plan?.measure).toEqual({ agg: "median", field: "bp" });
  });
  it("'average RW for the girls' filters sex F", async () => {
    const reply = await ask(crabs.table, "average RW for the girls");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "sex", values: ["F"] })]);
  });
});

describe("the plural of a category field's name after values of other fields names the rows they pick", () => {
  const co2 = read("CO2.csv");
  it("'mean uptake for chilled Quebec plants' is one number, not a table by Plant", async () => {
    const reply = await ask(co2.table, "mean uptake for chilled Quebec plants");
    const want = mean(co2.rows.filter((r) => r.Treatment === "chilled" && r.Type === "Quebec").map((r) => Number(r.uptake)));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(Number(Object.values(tableOf(reply)[0])[0])).toBeCloseTo(want, 2);
  });
  it("'mean uptake by plants' still groups by Plant", async () => {
    const reply = await ask(co2.table, "mean uptake by plants");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Plant"]);
  });
});

describe("unknown words said in a row are named whole when no field matches", () => {
  it("'average test score by Sex' says it cannot find \"test score\", with no number", async () => {
    const reply = await ask(quine.table, "average test score by Sex");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain('could not find "test score"');
  });
});

describe("more nouns for the rows", () => {
  it("'how many pupils missed more than 30 days' counts the rows with Days above 30", async () => {
    const reply = await ask(quine.table, "how many pupils missed more than 30 days");
    const want = quine.rows.filter((r) => Number(r.Days) > 30).length;
    expect(reply.plan?.measure.agg).toBe("count");
    expect(Object.values(tableOf(reply)[0])[0]).toBe(want);
  });
});

describe("a count field named n + the start of the thing counted", () => {
  it("'average number of pregnancies by type' averages npreg", async () => {
    const reply = await ask(pima.table, "average number of pregnancies by type");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "npreg" });
    const yes = mean(pima.rows.filter((r) => r.type === "Yes").map((r) => Number(r.npreg)));
    const row = tableOf(reply).find((r) => r.type === "Yes");
    expect(Number(Object.values(row ?? {})[1])).toBeCloseTo(yes, 2);
  });
});

describe("a coded value of two to four capitals is read as the initials of words said in a row", () => {
  it("'how many students are slow learners and male' counts Lrn SL and Sex M", async () => {
    const reply = await ask(quine.table, "how many students are slow learners and male");
    const want = quine.rows.filter((r) => r.Lrn === "SL" && r.Sex === "M").length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(Object.values(tableOf(reply)[0])[0]).toBe(want);
  });
});
