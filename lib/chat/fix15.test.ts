// chat-fix15: a second turn that states its own shape (a distribution, a histogram, the rows, a pie of
// its own grouping) does not inherit the earlier turn's aggregate or grouping (issue 12: "average age?"
// then "Show the distribution of age" answered the average again), while elliptical follow-ups still
// edit the earlier plan. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const telco = read("telco-slice.csv");
const store = read("superstore-slice.csv");
const cars = read("cars.csv");
const sets = { telco, store, cars };

const firsts = {
  telco: ["average tenure?", "count by contract", "top 3 payment methods by average monthly charges"],
  store: ["average profit?", "count by region", "top 3 states by total sales"],
  cars: ["average horsepower?", "count by origin", "top 3 origins by average mpg"],
};

describe("a distribution asked after a number is a distribution", () => {
  const cases: [keyof typeof sets, string, string, string][] = [];
  for (const [set, turns] of Object.entries(firsts) as [keyof typeof sets, string[]][]) {
    const asks =
      set === "telco"
        ? ([
            ["show the distribution of tenure", "tenure"],
            ["histogram of monthly charges", "MonthlyCharges"],
          ] as const)
        : set === "store"
          ? ([
              ["show the distribution of profit", "Profit"],
              ["histogram of sales", "Sales"],
            ] as const)
          : ([
              ["show the distribution of horsepower", "Horsepower"],
              ["histogram of weight", "Weight"],
            ] as const);
    for (const first of turns) for (const [second, field] of asks) cases.push([set, first, second, field]);
  }
  it.each(cases)("%s: %s | %s", async (set, first, second, field) => {
    const reply = await askTurns(sets[set].table, first, second);
    expect(reply.plan?.intent).toBe("distribution");
    expect(reply.plan?.x).toBe(field);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.limit).toBeNull();
    expect(reply.messages[1]?.figures[0]?.layout.meta).toMatchObject({ chart: "histogram" });
  });
  it("a distribution of another number after a number is not the two plotted together", async () => {
    const reply = await askTurns(telco.table, "average tenure?", "distribution of monthly charges");
    expect(reply.plan?.intent).toBe("distribution");
    expect(reply.plan?.x).toBe("MonthlyCharges");
  });
  it("'and the distribution?' keeps the number and the filter of the earlier turn", async () => {
    const reply = await askTurns(telco.table, "average tenure for women", "and the distribution?");
    expect(reply.plan?.intent).toBe("distribution");
    expect(reply.plan?.x).toBe("tenure");
    expect(reply.plan?.filters).toEqual([{ field: "gender", op: "eq", values: ["Female"] }]);
  });
});

describe("'list the rows' after a number lists the rows behind it", () => {
  it.each([
    ["telco", "top 3 payment methods by average monthly charges"],
    ["telco", "average tenure by contract"],
    ["cars", "top 3 origins by average mpg"],
    ["store", "top 3 states by total sales"],
    ["store", "average profit by region"],
  ] as const)("%s: %s | list the rows", async (set, first) => {
    const reply = await askTurns(sets[set].table, first, "list the rows");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.chart).toBe("table");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([]);
  });
  it("the rows keep the earlier filter", async () => {
    const reply = await askTurns(telco.table, "average tenure for women", "list the rows");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.filters).toEqual([{ field: "gender", op: "eq", values: ["Female"] }]);
  });
});

// (The earlier grouping is not kept next to the new one: a pie shows one grouping.)
describe("a number by a grouping as a pie after a ranking is that pie", () => {
  it.each([
    ["telco", "top 3 payment methods by average monthly charges", "monthly charges by contract as a pie", "MonthlyCharges", "Contract"],
    ["telco", "top 3 payment methods by average monthly charges", "tenure by gender as a pie", "tenure", "gender"],
    ["cars", "top 3 origins by average mpg", "mpg by cylinders as a pie", "MPG", "Cylinders"],
    ["store", "top 3 states by total sales", "sales by category as a pie", "Sales", "Category"],
    ["store", "top 3 regions by total profit", "profit by segment as a pie", "Profit", "Segment"],
  ] as const)("%s: %s | %s", async (set, first, second, measure, group) => {
    const reply = await askTurns(sets[set].table, first, second);
    expect(reply.plan?.measure.field).toBe(measure);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual([group]);
    expect(reply.plan?.chart).toBe("pie");
  });
});

describe("turns that say their own aggregate or grouping still do what they say", () => {
  it.each([
    ["average tenure?", "count by payment method", "count", null, ["PaymentMethod"]],
    ["count by contract", "count by payment method", "count", null, ["PaymentMethod"]],
    ["average tenure?", "median tenure instead", "median", "tenure", []],
    ["count by contract", "median tenure instead", "median", "tenure", ["Contract"]],
  ] as const)("%s | %s", async (first, second, agg, field, groups) => {
    const reply = await askTurns(telco.table, first, second);
    expect(reply.plan?.measure.agg).toBe(agg);
    expect(reply.plan?.measure.field).toBe(field);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(groups);
  });
});

describe("elliptical follow-ups still inherit", () => {
  it("average tenure? | and for women?", async () => {
    const reply = await askTurns(telco.table, "average tenure?", "and for women?");
    const women = telco.rows.filter((r) => r.gender === "Female").map((r) => Number(r.tenure));
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "tenure" });
    expect(reply.plan?.filters).toEqual([{ field: "gender", op: "eq", values: ["Female"] }]);
    expect(reply.messages[1].table?.[0]?.["Average of tenure"]).toBeCloseTo(women.reduce((s, v) => s + v, 0) / women.length, 3);
  });
  it("average tenure? | what about by internet service", async () => {
    const reply = await askTurns(telco.table, "average tenure?", "what about by internet service");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "tenure" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["InternetService"]);
  });
  it("top 3 states by total sales | only the top 2", async () => {
    const reply = await askTurns(store.table, "top 3 states by total sales", "only the top 2");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["State"]);
    expect(reply.plan?.limit).toBe(2);
  });
  it.each([
    ["average horsepower?", "Horsepower", []],
    ["top 3 origins by average mpg", "MPG", ["Origin"]],
  ] as const)("%s | and the max?", async (first, field, groups) => {
    const reply = await askTurns(cars.table, first, "and the max?");
    expect(reply.plan?.measure).toEqual({ agg: "max", field });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(groups);
  });
  it("a distribution then 'and for 8 cylinders?' keeps the distribution", async () => {
    const reply = await askTurns(cars.table, "distribution of horsepower", "and for 8 cylinders?");
    expect(reply.plan?.intent).toBe("distribution");
    expect(reply.plan?.x).toBe("Horsepower");
    expect(reply.plan?.filters).toEqual([{ field: "Cylinders", op: "eq", values: [8] }]);
  });
});
