// Probe17 (issue 12): nvBench-style chart requests over tables exported from R packages
// (lib/chat/testing/probe17). Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { countBy, readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe17");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const chick = read("ChickWeight.csv");
const ask = askTurns;

describe("a numbering field named in the singular, said in the plural, names the things numbered", () => {
  it("'the number of chicks in each Diet at Time 0' counts the rows, not a total of Chick", async () => {
    const reply = await ask(chick.table, "Show the number of chicks in each Diet at Time 0 in a pie chart.");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Diet"]);
    const want = countBy(
      chick.rows.filter((r) => r.Time === "0"),
      "Diet",
    );
    const got = tableOf(reply);
    expect(got.length).toBe(want.size);
    for (const row of got) expect(Object.values(row)[1]).toBe(want.get(String(row.Diet)));
  });
  it("'the top 5 chicks by maximum weight' ranks the chicks by their maximum weight", async () => {
    const reply = await ask(chick.table, "Show the top 5 chicks by maximum weight in a bar chart.");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "weight" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Chick"]);
    const max = new Map<string, number>();
    for (const r of chick.rows) max.set(r.Chick, Math.max(max.get(r.Chick) ?? 0, Number(r.weight)));
    const top = [...max.values()].sort((a, b) => b - a).slice(0, 5);
    expect(tableOf(reply).map((row) => Object.values(row)[1])).toEqual(top);
  });
  it("'weight versus Time for chicks on Diet 4' plots weight against Time, the chicks not an axis", async () => {
    const reply = await ask(chick.table, "Show a scatter chart of weight versus Time for chicks on Diet 4.");
    const meta = reply.messages.find((m) => m.figures.length)?.figures[0].layout.meta as { x?: string; y?: string; color?: string | null };
    expect([meta.x, meta.y]).toEqual(["Time", "weight"]);
    expect(meta.color ?? null).toBeNull();
  });
});

describe("the values after a whole-number field's name ('Diet 1'): negation and the name said again", () => {
  it("'excluding Diet 1' keeps the rows of the other diets", async () => {
    const reply = await ask(chick.table, "Show the minimum weight for each Time, excluding Diet 1, in a line chart.");
    expect(reply.plan?.filters).toEqual([{ field: "Diet", op: "neq", values: [1] }]);
    const min = new Map<string, number>();
    for (const r of chick.rows) if (r.Diet !== "1") min.set(r.Time, Math.min(min.get(r.Time) ?? Number.POSITIVE_INFINITY, Number(r.weight)));
    for (const row of tableOf(reply)) expect(Object.values(row)[1]).toBe(min.get(String(row.Time)));
  });
  it("'for Diet 3 or Diet 4' keeps both diets", async () => {
    const reply = await ask(chick.table, "Show the maximum weight of each Time for Diet 3 or Diet 4 in a bar chart.");
    expect(reply.plan?.filters).toEqual([{ field: "Diet", op: "in", values: [3, 4] }]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Time"]);
  });
  it("'on Diet 1' is still the one diet", async () => {
    const reply = await ask(chick.table, "Show the minimum weight for each Time on Diet 1 in a line chart.");
    expect(reply.plan?.filters).toEqual([{ field: "Diet", op: "eq", values: [1] }]);
  });
});

const infert = read("infert.csv");

describe("a count for each value of a number field, with a chart of groups asked for", () => {
  it("'the number of women for each age in a line chart' is a line of counts per age, not a histogram", async () => {
    const reply = await ask(infert.table, "Show the number of women for each age in a line chart");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["age"]);
    expect(reply.plan?.chart).toBe("line");
    const want = countBy(infert.rows, "age");
    const got = tableOf(reply);
    expect(got.length).toBe(want.size);
    for (const row of got) expect(Object.values(row)[1]).toBe(want.get(String(row.age)));
  });
  it("without a chart word, 'how many women are of each age' stays a histogram", async () => {
    const reply = await ask(infert.table, "How many women are of each age?");
    expect(reply.plan?.chart).toBe("histogram");
  });
});

describe("one aggregate per value of a number field, in a scatter", () => {
  it("'the average parity for each age, show in a scatter chart' plots one point per age", async () => {
    const reply = await ask(infert.table, "What is the average parity for each age, show in a scatter chart.");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "parity" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["age"]);
    const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
    if (!fig) throw new Error("no figure");
    expect((fig.layout.meta as { chart?: string }).chart).toBe("scatter");
    const trace = fig.data[0] as { mode?: string; x: number[]; y: number[] };
    expect(trace.mode).toBe("markers");
    const sum = new Map<number, [number, number]>();
    for (const r of infert.rows) {
      const s = sum.get(Number(r.age)) ?? [0, 0];
      sum.set(Number(r.age), [s[0] + Number(r.parity), s[1] + 1]);
    }
    expect(trace.x.length).toBe(sum.size);
    trace.x.forEach((x, i) => expect(trace.y[i]).toBeCloseTo(sum.get(Number(x))![0] / sum.get(Number(x))![1], 6));
  });
});

describe("values listed with 'or' right after their field's name keep rows, they do not split the answer", () => {
  it("'for women whose education is 0-5yrs or 12+ yrs' filters, the bars stay one per parity", async () => {
    const reply = await ask(infert.table, "Show the maximum age for each parity, for women whose education is 0-5yrs or 12+ yrs, in a bar chart.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["parity"]);
    expect(reply.plan?.filters).toEqual([{ field: "education", op: "in", values: ["0-5yrs", "12+ yrs"] }]);
    const max = new Map<string, number>();
    for (const r of infert.rows) if (r.education === "0-5yrs" || r.education === "12+ yrs") max.set(r.parity, Math.max(max.get(r.parity) ?? 0, Number(r.age)));
    const got = tableOf(reply);
    expect(got.length).toBe(max.size);
    for (const row of got) expect(Object.values(row)[1]).toBe(max.get(String(row.parity)));
  });
  it("'compare ... for 0-5yrs or 12+ yrs education' is still a comparison of the two", async () => {
    const reply = await ask(infert.table, "Compare the average age of education 0-5yrs or 12+ yrs");
    expect(reply.plan?.groupBy.map((g) => g.field)).toContain("education");
  });
});

const econ = read("economics_long.csv");

describe("a negated comparison keeps the rows on the other side", () => {
  it("'excluding years before 2005' keeps 2005 on", async () => {
    const reply = await ask(econ.table, "Show the average value01 for each year for the variable psavert, excluding years before 2005, in a line chart.");
    const date = reply.plan?.filters.find((f) => f.field === "date");
    expect(date?.op).toBe("gte");
    const years = tableOf(reply).map((r) => Number(r.date));
    const want = new Set(econ.rows.filter((r) => r.variable === "psavert" && Number(r.date.slice(0, 4)) >= 2005).map((r) => Number(r.date.slice(0, 4))));
    expect(years.sort()).toEqual([...want].sort());
  });
  it("'excluding weight below 100' keeps the weights of 100 and more", async () => {
    const reply = await ask(chick.table, "Show the average weight for each Diet, excluding weight below 100, in a bar chart.");
    expect(reply.plan?.filters).toEqual([{ field: "weight", op: "gte", values: [100] }]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Diet"]);
  });
  it("'with weight below 100' is still below", async () => {
    const reply = await ask(chick.table, "Show the average weight for each Diet with weight below 100 in a bar chart.");
    expect(reply.plan?.filters).toEqual([{ field: "weight", op: "lt", values: [100] }]);
  });
});

describe("'over Time' over a table without dates and a number field named Time", () => {
  it("'the average weight over Time in a line chart, for chicks on Diet 1' is a line per Time value", async () => {
    const reply = await ask(chick.table, "Plot the average weight over Time in a line chart, for chicks on Diet 1.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Time"]);
    expect(reply.plan?.chart).toBe("line");
    const sum = new Map<string, [number, number]>();
    for (const r of chick.rows)
      if (r.Diet === "1") {
        const s = sum.get(r.Time) ?? [0, 0];
        sum.set(r.Time, [s[0] + Number(r.weight), s[1] + 1]);
      }
    const got = tableOf(reply);
    expect(got.length).toBe(sum.size);
    for (const row of got) expect(Object.values(row)[1]).toBeCloseTo(sum.get(String(row.Time))![0] / sum.get(String(row.Time))![1], 3);
  });
});
