// The behaviours of issue 12 on real tables (a slice of the telco churn data, cars, a slice of
// superstore): values bound to the field the question names, questions back when a word fits
// several fields, "no such field", output requests, several measures, per-group scatters, shares,
// superlatives, and every filter in the text, the chart title and the table caption. Expected
// numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerChat, type ChatReply } from "./index";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";
import { askTurns } from "./testing/ask";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const telco = read("telco-slice.csv");
const cars = read("cars.csv");
const store = read("superstore-slice.csv");

const ask = askTurns;

function countBy<T>(rows: T[], key: (r: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return m;
}

function tableMap(reply: ChatReply, key: string): Map<string, number> {
  const tbl = reply.messages[1]?.table;
  expect(tbl, reply.messages[0].content).toBeTruthy();
  const valueCol = Object.keys(tbl![0]).find((k) => k !== key && k !== "rows")!;
  return new Map(tbl!.map((r) => [String(r[key]), Number(r[valueCol])]));
}

const meta = (reply: ChatReply) => reply.messages.find((m) => m.figures.length)?.figures[0].layout.meta as Record<string, unknown> | undefined;
const title = (reply: ChatReply) => (reply.messages.find((m) => m.figures.length)?.figures[0].layout.title as { text: string } | undefined)?.text ?? "";

describe("values bind to the field the question names", () => {
  const churned = countBy(
    telco.rows.filter((r) => r.Churn === "Yes"),
    (r) => r.Contract,
  );

  it.each(["How many customers have Churn = Yes, by Contract?", "How many customers churned by contract type?", "Number of churned customers by contract"])(
    "%s -> Churn = Yes, counted per Contract (not Partner = Yes, not a cross-tab)",
    async (q) => {
      const reply = await ask(telco.table, q);
      expect(reply.plan?.filters).toEqual([{ field: "Churn", op: "eq", values: ["Yes"] }]);
      expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Contract"]);
      expect(tableMap(reply, "Contract")).toEqual(churned);
      // Every filter and grouping in the first message, the chart title and the table caption.
      expect(reply.messages[0].content).toMatch(/Churn is "Yes"/);
      expect(title(reply)).toMatch(/Churn is "Yes"/);
      expect(reply.messages[1].content).toMatch(/Churn is "Yes"/);
      expect(reply.messages[0].content).toMatch(/Contract/);
    },
  );

  it("reads 'customers on a two-year contract' as Contract = Two year", async () => {
    const reply = await ask(telco.table, "average monthly charges for customers on a two-year contract");
    const xs = telco.rows.filter((r) => r.Contract === "Two year").map((r) => Number(r.MonthlyCharges));
    expect(reply.plan?.filters).toEqual([{ field: "Contract", op: "eq", values: ["Two year"] }]);
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBeCloseTo(xs.reduce((a, b) => a + b, 0) / xs.length, 2);
  });

  it("asks back when a value belongs to several fields and none is named, and gives no number", async () => {
    const reply = await ask(telco.table, "how many customers with Yes?");
    expect(reply.plan).toBeNull();
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0].table).toBeNull();
    expect(reply.messages[0].figures).toHaveLength(0);
    expect(reply.messages[0].content).toMatch(/\?$/);
    expect(reply.messages[0].content).toMatch(/Churn/);
    expect(reply.messages[0].content).toMatch(/Partner/);
    // The suggestions spell each reading out; answering one of them gives a number.
    expect(reply.suggestions.length).toBeGreaterThanOrEqual(2);
  });

  it("asks back when a word names several number fields equally", async () => {
    const genres = ["Drama", "Comedy", "Action"];
    const rows = Array.from({ length: 30 }, (_, i) => [genres[i % 3], (5 + (i % 10) * 0.37).toFixed(2), String(40 + i), String(90 + (i % 7))]);
    const movies = tableFromRows(["Genre", "IMDB Rating", "Rotten Tomatoes Rating", "Running Time"], rows);
    const reply = await ask(movies, "average rating by genre");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toMatch(/IMDB Rating/);
    expect(reply.messages[0].content).toMatch(/Rotten Tomatoes Rating/);
    // Named exactly, there is nothing to ask.
    const exact = await ask(movies, "average IMDB rating by genre");
    expect(exact.plan?.measure).toEqual({ agg: "mean", field: "IMDB Rating" });
  });
});

describe("days of the week and months of any year", () => {
  const dayOf = (r: Record<string, string>) => {
    const [m, d, y] = r["Order Date"].split("/").map(Number);
    return new Date(Date.UTC(y < 100 ? 2000 + y : y, m - 1, d));
  };
  const sum = (rows: Record<string, string>[]) => rows.reduce((s, r) => s + Number(r.Sales), 0);
  const value = (reply: ChatReply) => Number(Object.values(reply.messages[1].table![0])[0]);

  it("filters 'on weekends', 'on Mondays', 'excluding weekends' by the day of the week of the date field", async () => {
    const weekend = store.rows.filter((r) => [0, 6].includes(dayOf(r).getUTCDay()));
    const cases: [string, Record<string, string>[]][] = [
      ["total sales on weekends", weekend],
      ["total sales on saturdays and sundays", weekend],
      ["total sales on mondays", store.rows.filter((r) => dayOf(r).getUTCDay() === 1)],
      ["total sales excluding weekends", store.rows.filter((r) => ![0, 6].includes(dayOf(r).getUTCDay()))],
    ];
    for (const [q, rows] of cases) {
      const reply = await ask(store.table, q);
      expect(
        reply.plan?.filters.map((f) => f.field),
        q,
      ).toEqual(["Order Date"]);
      expect(value(reply), q).toBeCloseTo(sum(rows), 2);
    }
  });

  it("filters 'in March' (no year) by the month of any year, and 'in March or April' by either", async () => {
    const march = await ask(store.table, "total sales in march");
    expect(value(march)).toBeCloseTo(sum(store.rows.filter((r) => dayOf(r).getUTCMonth() === 2)), 2);
    const either = await ask(store.table, "total sales in march or april");
    expect(either.messages[0].content).toContain("March, April");
    expect(value(either)).toBeCloseTo(sum(store.rows.filter((r) => [2, 3].includes(dayOf(r).getUTCMonth()))), 2);
  });
});

describe("casual abbreviations", () => {
  it("reads 'ppl' as people, 'hrs' as hours and 'in mins' as a unit (not the minimum)", async () => {
    const jobs = ["Sales", "Tech", "Admin"];
    const rows = Array.from({ length: 30 }, (_, i) => [jobs[i % 3], String(20 + i), String(30 + (i % 7) * 3), String(90 + (i % 11))]);
    const people = tableFromRows(["occupation", "age", "hours_per_week", "commute_minutes"], rows);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const hrs = await ask(people, "avg hrs per week of ppl in sales");
    expect(hrs.plan?.measure).toEqual({ agg: "mean", field: "hours_per_week" });
    expect(hrs.plan?.filters).toEqual([{ field: "occupation", op: "eq", values: ["Sales"] }]);
    expect(Number(Object.values(hrs.messages[1].table![0])[0])).toBeCloseTo(mean(rows.filter((r) => r[0] === "Sales").map((r) => Number(r[2]))), 3);
    const ppl = await ask(people, "how many ppl work in tech");
    expect(ppl.plan?.measure.agg).toBe("count");
    expect(Number(Object.values(ppl.messages[1].table![0])[0])).toBe(10);
    const mins = await ask(people, "avg commute in mins");
    expect(mins.plan?.intent).toBe("aggregate");
    expect(mins.plan?.measure).toEqual({ agg: "mean", field: "commute_minutes" });
  });
});

describe("fields that do not exist", () => {
  it("says so, names the closest fields, and gives no number", async () => {
    const reply = await ask(telco.table, "What is the average usage by plan? Show a chart and a table.");
    expect(reply.plan).toBeNull();
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0].content).toMatch(/"usage"/);
    expect(reply.messages[0].content).toMatch(/closest fields are/);
    expect(reply.messages[0].figures).toHaveLength(0);
    expect(reply.messages[0].table).toBeNull();
  });

  it("says so when what a top-N ranks is not a field ('top 3 directors by ...')", async () => {
    for (const q of ["Top 3 directors by sales", "which 5 directors made the most profit"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan).toBeNull();
      expect(reply.messages[0].content).toMatch(/"directors"/);
    }
    const rows = await ask(store.table, "top 3 orders by sales");
    expect(rows.plan).not.toBeNull();
  });

  it("says so when one side of a relationship is not a field (no histogram of the other side)", async () => {
    for (const q of ["Is there a relationship between discount and profit?", "correlation of profit with discount", "Is discount related to profit?"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan).toBeNull();
      expect(reply.messages[0].content).toMatch(/"discount"/);
      expect(reply.messages[0].table ?? null).toBeNull();
    }
  });
});

describe("output requests", () => {
  it("keeps the chart when a chart and a table are asked for", async () => {
    const reply = await ask(telco.table, "What is the average monthly charge by contract? Show a chart and a table.");
    expect(reply.messages[1].figures).toHaveLength(1);
    expect(reply.messages[1].table!.length).toBe(3);
  });

  it("draws a pie when asked, and only the number when asked", async () => {
    expect(meta(await ask(telco.table, "Count of customers by contract as a pie"))?.chart).toBe("pie");
    const n = await ask(cars.table, "just the number: how many cars have more than 6 cylinders?");
    expect(n.messages.every((m) => m.figures.length === 0)).toBe(true);
    expect(Number(Object.values(n.messages[1].table![0])[0])).toBe(cars.rows.filter((r) => Number(r.Cylinders) > 6).length);
  });

  it("lists the rows when asked", async () => {
    const reply = await ask(cars.table, "list the cars with more than 200 horsepower");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.messages[1].table!.map((r) => r.Model).sort()).toEqual(
      cars.rows
        .filter((r) => Number(r.Horsepower) > 200)
        .map((r) => r.Model)
        .sort(),
    );
  });
});

describe("question types", () => {
  it("puts several measures in one chart", async () => {
    const reply = await ask(store.table, "Sales and profit by region");
    expect(reply.plan?.measure.field).toBe("Sales");
    expect(reply.plan?.extraMeasures.map((m) => m.field)).toEqual(["Profit"]);
    const sums = new Map<string, [number, number]>();
    for (const r of store.rows) {
      const s = sums.get(r.Region) ?? [0, 0];
      sums.set(r.Region, [s[0] + Number(r.Sales), s[1] + Number(r.Profit)]);
    }
    for (const row of reply.messages[1].table!) {
      const [sales, profit] = sums.get(String(row.Region))!;
      expect(Number(row["Total of Sales"])).toBeCloseTo(sales, 1);
      expect(Number(row["Total of Profit"])).toBeCloseTo(profit, 1);
    }
    expect(reply.messages[1].figures[0].data).toHaveLength(2);
  });

  it("plots per-group aggregates as one point per group", async () => {
    const reply = await ask(cars.table, "For each origin, plot average horsepower against average weight");
    expect(reply.plan?.chart).toBe("scatter");
    expect(reply.plan?.intent).toBe("aggregate");
    const points = reply.messages[1].figures[0].data[0] as { x: number[]; y: number[]; text: string[] };
    expect(points.text.sort()).toEqual(["Europe", "Japan", "USA"]);
  });

  it("computes the share of rows matching a condition over all rows (not 100%)", async () => {
    const reply = await ask(telco.table, "What percentage of customers use paperless billing?");
    const pct = (100 * telco.rows.filter((r) => r.PaperlessBilling === "Yes").length) / telco.rows.length;
    expect(reply.plan?.groupBy).toEqual([]);
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBeCloseTo(pct, 2);
  });

  it("gives a filtered share of a measure as its part of the total over all rows (not the bare sum)", async () => {
    const reply = await ask(store.table, "What percentage of sales comes from technology?");
    const all = store.rows.reduce((s, r) => s + Number(r.Sales), 0);
    const tech = store.rows.filter((r) => r.Category === "Technology").reduce((s, r) => s + Number(r.Sales), 0);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.measure.agg).toBe("share");
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBeCloseTo((100 * tech) / all, 2);
  });

  it("answers 'which ... has the highest ...' with the label first", async () => {
    const reply = await ask(store.table, "Which region has the highest total profit?");
    const sums = new Map<string, number>();
    for (const r of store.rows) sums.set(r.Region, (sums.get(r.Region) ?? 0) + Number(r.Profit));
    const best = [...sums].sort((a, b) => b[1] - a[1])[0][0];
    expect(reply.messages[0].content.startsWith(best)).toBe(true);
    expect(reply.messages[1].table![0].Region).toBe(best);
  });

  it("keeps both halves of an 'or' and applies 'not'", async () => {
    const or = await ask(cars.table, "How many cars have 4 or 6 cylinders?");
    expect(Number(Object.values(or.messages[1].table![0])[0])).toBe(cars.rows.filter((r) => r.Cylinders === "4" || r.Cylinders === "6").length);
    const not = await ask(cars.table, "average mpg of cars that are not from the USA");
    expect(not.plan?.filters).toEqual([{ field: "Origin", op: "neq", values: ["USA"] }]);
  });

  it("joins conditions on different fields with 'or' (values and yes/no fields)", async () => {
    const byValue = await ask(cars.table, "how many cars are from Japan or have 4 cylinders?");
    expect(byValue.plan?.filters).toEqual([{ field: "Origin", op: "eq", values: ["Japan"], or: [{ field: "Cylinders", op: "eq", values: [4] }] }]);
    expect(Number(Object.values(byValue.messages[1].table![0])[0])).toBe(cars.rows.filter((r) => r.Origin === "Japan" || r.Cylinders === "4").length);
    expect(byValue.messages[0].content).toMatch(/\(Origin is "Japan" or Cylinders is 4\)/);
    const byFlag = await ask(telco.table, "how many customers have tech support or phone service?");
    expect(byFlag.plan?.filters).toEqual([{ field: "TechSupport", op: "eq", values: ["Yes"], or: [{ field: "PhoneService", op: "eq", values: ["Yes"] }] }]);
    expect(Number(Object.values(byFlag.messages[1].table![0])[0])).toBe(telco.rows.filter((r) => r.TechSupport === "Yes" || r.PhoneService === "Yes").length);
    // "and" still means both.
    const both = await ask(telco.table, "how many customers have tech support and phone service?");
    expect(both.plan?.filters.some((f) => f.or)).toBe(false);
  });

  it("binds a comparison without its field to the field of the comparison it is joined to", async () => {
    const hp = (r: Record<string, string>) => Number(r.Horsepower);
    const between = await ask(cars.table, "how many cars have horsepower over 100 but under 150?");
    expect(between.plan?.filters).toEqual([
      { field: "Horsepower", op: "gt", values: [100] },
      { field: "Horsepower", op: "lt", values: [150] },
    ]);
    expect(Number(Object.values(between.messages[1].table![0])[0])).toBe(cars.rows.filter((r) => hp(r) > 100 && hp(r) < 150).length);
    // "and under 150" before its number is "and" + a strict comparison, not "150 and under".
    const strict = await ask(cars.table, "how many cars have more than 100 horsepower and less than 20 mpg?");
    expect(strict.plan?.filters).toEqual([
      { field: "Horsepower", op: "gt", values: [100] },
      { field: "MPG", op: "lt", values: [20] },
    ]);
    const postfix = await ask(cars.table, "how many cars have 20 mpg and under?");
    expect(postfix.plan?.filters).toEqual([{ field: "MPG", op: "lte", values: [20] }]);
  });

  it("reads 'last year' as the latest year in the data and says so", async () => {
    const reply = await ask(cars.table, "average mpg last year by origin");
    const latest = Math.max(...cars.rows.map((r) => Number(r.Year)));
    expect(reply.plan?.filters).toEqual([{ field: "Year", op: "eq", values: [latest] }]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Origin"]);
    expect(reply.messages[0].content).toContain(`I read "last year" as ${latest}, the latest in the data`);
  });

  it("reads the first word of a multi-word value as that value ('fiber' customers), not a word most values share", async () => {
    const reply = await ask(telco.table, "average monthly charges of fiber customers");
    expect(reply.plan?.filters).toEqual([{ field: "InternetService", op: "eq", values: ["Fiber optic"] }]);
    const store2 = await ask(store.table, "how many orders were not shipped standard class?");
    expect(store2.plan?.filters.map((f) => f.field)).toEqual(["Ship Mode"]);
  });

  it("reads 'married' as every 'Married-...' status (a value), not as the marital status field", async () => {
    const statuses = ["Married-civ-spouse", "Never-married", "Divorced", "Married-spouse-absent", "Separated", "Married-AF-spouse", "Widowed"];
    const rows = Array.from({ length: 70 }, (_, i) => [`p${i}`, statuses[i % 7], i % 2 ? "Male" : "Female"]);
    const people = tableFromRows(["name", "marital_status", "sex"], rows);
    const reply = await answerChat({ table: people, messages: [{ role: "user", content: "how many women are married?" }] });
    expect(reply.plan?.filters).toContainEqual({
      field: "marital_status",
      op: "in",
      values: ["Married-civ-spouse", "Married-spouse-absent", "Married-AF-spouse"],
    });
    expect(reply.plan?.groupBy).toEqual([]);
    const want = rows.filter((r) => r[1].startsWith("Married") && r[2] === "Female").length;
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBe(want);
  });

  it("reads 'years old' after a number or a range as the age field, not the field named before", async () => {
    const rows = Array.from({ length: 60 }, (_, i) => [`p${i}`, String(18 + i), String(20 + ((i * 7) % 40))]);
    const people = tableFromRows(["name", "age", "hours_per_week"], rows);
    const reply = await answerChat({ table: people, messages: [{ role: "user", content: "average hours per week for people between 25 and 35 years old" }] });
    expect(reply.plan?.filters).toEqual([{ field: "age", op: "between", values: [25, 35] }]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "hours_per_week" });
    expect(reply.plan?.extraMeasures ?? []).toEqual([]);
  });

  it("reads 'neither A nor B' as none of the listed values", async () => {
    const reply = await ask(cars.table, "how many cars are neither from Europe nor from Japan?");
    expect(reply.plan?.filters).toEqual([{ field: "Origin", op: "neq", values: ["Europe", "Japan"] }]);
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBe(cars.rows.filter((r) => r.Origin !== "Europe" && r.Origin !== "Japan").length);
    expect(reply.messages[0].content).toMatch(/Origin is none of "Europe", "Japan"/);
  });

  it("answers 'which year had the highest ...' with the year first, not a trend", async () => {
    const reply = await ask(cars.table, "which year had the lowest average mpg?");
    const sums = new Map<string, number[]>();
    for (const r of cars.rows) sums.set(r.Year, [...(sums.get(r.Year) ?? []), Number(r.MPG)]);
    const means = [...sums].map(([y, v]) => [y, v.reduce((a, b) => a + b, 0) / v.length] as const).sort((a, b) => a[1] - b[1]);
    expect(reply.messages[0].content.startsWith(means[0][0])).toBe(true);
    expect(reply.messages[0].content).not.toMatch(/From .* to .*: (up|down)/);
  });

  it("groups dates by weekday", async () => {
    const reply = await ask(store.table, "number of orders by day of the week");
    expect(reply.plan?.groupBy).toEqual([{ field: "Order Date", bucket: "weekday" }]);
    expect(reply.messages[1].table!.map((r) => r["Order Date"])).toEqual(expect.arrayContaining(["Monday", "Sunday"]));
  });
});

describe("assumptions are stated", () => {
  it("says how it read losses, durations without a unit and a yes/no field against its other side", async () => {
    const loss = await ask(store.table, "which region has the biggest losses");
    expect(loss.plan?.measure.field).toBe("Profit");
    expect(loss.plan?.sort?.order).toBe("asc");
    expect(loss.messages[0].content).toContain('I read "losses" as the lowest Profit');
    const unit = await ask(telco.table, "how many customers with tenure over 5 years");
    expect(unit.plan?.filters).toEqual([{ field: "tenure", op: "gt", values: [60] }]);
    expect(unit.messages[0].content).toContain("does not say which unit tenure is in");
    expect(unit.messages[0].content).toContain("so I took them as months");
  });

  it("compares hours with a running time in minutes ('longer than 2 hours' is over 120), stated; a field named in hours is compared as it is", async () => {
    const genres = ["Drama", "Comedy", "Action"];
    const rows = Array.from({ length: 40 }, (_, i) => [genres[i % 3], String(80 + i * 3)]);
    const movies = tableFromRows(["Genre", "Running Time"], rows);
    const want = rows.filter((r) => r[0] === "Drama" && Number(r[1]) > 120).length;
    expect(want).toBeGreaterThan(0);
    const reply = await ask(movies, "how many dramas longer than 2 hours");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "Running Time", op: "gt", values: [120] },
        { field: "Genre", op: "eq", values: ["Drama"] },
      ]),
    );
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": want });
    expect(reply.messages[0].content).toContain("so I took them as minutes and compared with 120");
    expect(reply.messages[0].content).not.toContain('did not use "hours"');
    const people = tableFromRows(
      ["Job", "Hours Per Week"],
      rows.map((r, i) => [r[0], String(20 + (i % 30))]),
    );
    const hours = await ask(people, "how many rows with hours per week over 30 hours");
    expect(hours.plan?.filters).toEqual([{ field: "Hours Per Week", op: "gt", values: [30] }]);
  });

  it("reads 'revenue per month' on a table of charges as the monthly charges, stated", async () => {
    const reply = await ask(telco.table, "revenue per month");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "MonthlyCharges" });
    expect(reply.assumptions?.join(" ")).toContain('I read "revenue" as MonthlyCharges');
  });

  it("reads 'which customer spent the most?' as the customers' total Sales, not their number of rows", async () => {
    const names = ["Ann Lee", "Bo Chan", "Cy Diaz", "Di Eze", "Ed Fox"];
    const rows = Array.from({ length: 60 }, (_, i) => [names[i % 5], ["East", "West"][i % 2], String(10 + ((i * 37) % 90))]);
    const orders = tableFromRows(["Customer Name", "Region", "Sales"], rows);
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(r[0], (sums.get(r[0]) ?? 0) + Number(r[2]));
    const top = [...sums].sort((x, y) => y[1] - x[1])[0];
    const reply = await ask(orders, "which customer spent the most?");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(reply.messages[1].table?.[0]["Customer Name"]).toBe(top[0]);
  });

  it("reads 'how many customers left?' as the churned customers (Churn = Yes), stated", async () => {
    const reply = await ask(telco.table, "how many customers left?");
    expect(reply.plan?.filters).toEqual([{ field: "Churn", op: "eq", values: ["Yes"] }]);
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": telco.rows.filter((r) => r.Churn === "Yes").length });
    expect(reply.assumptions?.join(" ")).toContain('I read "customers left" as Churn');
  });

  it("answers 'just the number' after a grouping with the one number over all the rows; a ranked answer keeps its groups", async () => {
    const reply = await ask(store.table, "profit by region", "just the number");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.chart).toBe("none");
    const total = store.rows.reduce((s, r) => s + Number(r.Profit), 0);
    expect(Number(reply.messages[1].table?.[0]["Total of Profit"])).toBeCloseTo(total, 2);
    const top = await ask(store.table, "top 3 states by sales", "just the number");
    expect(top.plan?.groupBy.map((g) => g.field)).toEqual(["State"]);
  });

  it("reads 'what was the profit?' after a grouped, filtered number as that number instead, not a scatter (probe6)", async () => {
    const reply = await ask(store.table, "total sales by region in 2017", "what was the profit?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toMatchObject({ field: "Profit", agg: "sum" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["Order Date"]);
  });

  it("draws 'horizontal bars' sideways, asked at once or as a follow-up; vertical otherwise (probe6)", async () => {
    for (const turns of [["total sales by category as horizontal bars"], ["total sales by category", "as horizontal bars"]]) {
      const reply = await ask(store.table, ...turns);
      const trace = reply.messages.find((m) => m.figures.length)?.figures[0].data[0] as Record<string, unknown>;
      expect(trace.orientation).toBe("h");
      expect(trace.y).toEqual(reply.messages[1].table?.map((r) => r.Category));
    }
    const plain = await ask(store.table, "total sales by category as a bar chart");
    const plainTrace = (plain.messages.find((m) => m.figures.length)?.figures[0].data[0] ?? { type: "none" }) as Record<string, unknown>;
    expect(plainTrace.type).toBe("bar");
    expect(plainTrace.orientation).toBeUndefined();
  });

  it("reads a 'how many' question after a grouped average as a new count, without the earlier filter (probe6)", async () => {
    const reply = await ask(store.table, "average profit by category in the west", "how many orders were shipped first class?");
    expect(["count", "distinct"]).toContain(reply.plan?.measure.agg);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["Ship Mode"]);
    expect(reply.plan?.groupBy).toEqual([]);
    // The carried reading is named.
    expect(reply.assumptions?.join(" ")).toContain("West");
  });

  it("answers 'give me just the number' after a grouping with one number too, whichever reading won (probe6)", async () => {
    const reply = await ask(store.table, "total sales by region", "give me just the number");
    expect(reply.plan?.groupBy).toEqual([]);
    const total = store.rows.reduce((s, r) => s + Number(r.Sales), 0);
    expect(Number(reply.messages[1].table?.[0]["Total of Sales"])).toBeCloseTo(total, 2);
  });

  it("reads 'and by senior citizen?' after a grouping as a grouping by the yes/no field, not its yes side", async () => {
    const reply = await ask(telco.table, "average monthly charges by contract", "and by senior citizen?");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toContain("SeniorCitizen");
  });

  it("keeps the grouping when a follow-up names the rows by a word that partly matches an identifier ('only for fiber optic customers')", async () => {
    const reply = await ask(telco.table, "average monthly charges by contract", "only for fiber optic customers");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Contract"]);
    expect(reply.plan?.filters).toEqual([{ field: "InternetService", op: "eq", values: ["Fiber optic"] }]);
  });

  it("does not carry an earlier turn's filter into a new complete question, and names that reading", async () => {
    const reply = await ask(telco.table, "how many churned customers by contract", "average monthly charges by payment method");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["PaymentMethod"]);
    expect(reply.messages[0].content).toContain("it could also mean");
    const follow = await ask(telco.table, "how many churned customers by contract", "and the average monthly charges by payment method for those?");
    expect(follow.plan?.filters.map((f) => f.field)).toContain("Churn");
  });

  it("names the other reading of 'and by X?' (add or replace the grouping) unless 'too'/'also' decides", async () => {
    const bare = await ask(telco.table, "churn rate by internet service", "and by contract?");
    const fields = (bare.plan?.groupBy ?? []).map((g) => g.field);
    expect(fields).toContain("Contract");
    expect(bare.messages[0].content).toContain("it could also mean");
    const too = await ask(telco.table, "churn rate by internet service", "and by contract too");
    expect((too.plan?.groupBy ?? []).map((g) => g.field).sort()).toEqual(["Contract", "InternetService"]);
  });

  it("reads a whole new question after a grouped one as replacing it, without a doubt about keeping the old grouping", async () => {
    const reply = await ask(telco.table, "churn rate by internet service", "Total monthly charges by contract as a pie");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Contract"]);
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "MonthlyCharges" });
    expect(reply.messages[0].content).not.toContain("it could also mean");
  });

  it("puts the row's name, the ranking field and the filtered fields first in a rows table", async () => {
    const reply = await ask(store.table, "list all orders in the West with their Profit");
    const table = reply.messages.find((m) => m.table)?.table ?? [];
    expect(table.length).toBeGreaterThan(0);
    expect(Object.keys(table[0]).slice(0, 3)).toEqual(["Order ID", "Profit", "Region"]);
    expect(Object.keys(table[0])).toHaveLength(18);
  });

  it("asked first, 'compare them' or 'which is best?' name nothing of the table: no number, the help instead", async () => {
    for (const q of ["compare them", "which is best?"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan, q).toBeNull();
      expect(reply.messages[0].content, q).toContain("could not match");
    }
    // After a question they point back to it.
    const follow = await ask(store.table, "total sales by region", "which is best?");
    expect(follow.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
    // A pronoun with a count asked is still a count of the rows.
    expect((await ask(store.table, "how many of them are there")).plan?.measure.agg).toBe("count");
  });

  it("groups by a category field named after 'by' even when it has hundreds of values ('sales by city')", async () => {
    for (const [q, field, measure] of [
      ["sales by city", "City", "Sales"],
      ["total profit by customer name", "Customer Name", "Profit"],
    ] as const) {
      const reply = await ask(store.table, q);
      expect(
        reply.plan?.groupBy.map((g) => g.field),
        q,
      ).toEqual([field]);
      expect(reply.plan?.measure.field, q).toBe(measure);
      expect(reply.messages[0].content, q).toMatch(/\d+ groups/);
    }
  });

  it("never drops a number it cannot read in silence", async () => {
    const reply = await ask(cars.table, "how many cars in their 30s");
    expect(reply.messages[0].content).toContain('"30s"');
  });

  it("says when a superlative could not be used to rank the rows", async () => {
    const reply = await ask(store.table, "List the 5 order lines with the biggest blorfs");
    // Either a stated doubt or, better, no answer: "blorfs" is no field.
    if (reply.plan) {
      expect(reply.messages[0].content).toMatch(/not sure I read the question right|did not use "blorfs"/);
      expect(reply.assumptions?.length).toBeGreaterThan(0);
    } else expect(reply.messages[0].content).toMatch(/could not find "blorfs"/);
  });

  it("says which aggregate it chose when the question names none", async () => {
    const reply = await ask(store.table, "sales by region");
    expect(reply.assumptions?.length).toBeGreaterThan(0);
    expect(reply.messages[0].content).toMatch(/Assumptions: .*Sales/);
  });
});

describe("no silent wrong number (issue 12): words the reading does not honour", () => {
  it("ranks the groups named after 'which' by their usual aggregate, and names the per-row extreme reading", async () => {
    const reply = await ask(store.table, "Which region made the least profit?");
    const sums = new Map<string, number>();
    for (const r of store.rows) sums.set(r.Region, (sums.get(r.Region) ?? 0) + Number(r.Profit));
    const worst = [...sums].sort((a, b) => a[1] - b[1])[0];
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Profit" });
    expect(reply.messages[1].table![0].Region).toBe(worst[0]);
    expect(reply.messages[0].content).toContain("it could also mean: minimum of Profit by Region");
  });

  it("ranks the groups named as the thing ranked ('the most profitable state', 'the state with the highest sales') by their usual aggregate", async () => {
    for (const [q, measure] of [
      ["the most profitable state", "Profit"],
      ["the state with the highest sales", "Sales"],
    ]) {
      const reply = await ask(store.table, q);
      const sums = new Map<string, number>();
      for (const r of store.rows) sums.set(r.State, (sums.get(r.State) ?? 0) + Number(r[measure]));
      const top = [...sums].sort((a, b) => b[1] - a[1])[0];
      expect(reply.plan?.measure, q).toEqual({ agg: "sum", field: measure });
      expect(reply.messages[1].table![0].State, q).toBe(top[0]);
    }
    // Said per group, the extreme of each group is what was asked.
    const perState = await ask(store.table, "highest sales per state");
    expect(perState.plan?.measure).toEqual({ agg: "max", field: "Sales" });
  });

  it("ranks the periods asked for ('which 3 months had the lowest profit', 'which year had the most profit') by their totals, at that grain", async () => {
    const byMonth = new Map<string, number>();
    const byYear = new Map<string, number>();
    for (const r of store.rows) {
      const [m, , y] = r["Order Date"].split("/");
      const month = `20${y}-${m.padStart(2, "0")}`;
      byMonth.set(month, (byMonth.get(month) ?? 0) + Number(r.Profit));
      byYear.set(`20${y}`, (byYear.get(`20${y}`) ?? 0) + Number(r.Profit));
    }
    const months = await ask(store.table, "which 3 months had the lowest profit?");
    expect(months.plan?.measure).toEqual({ agg: "sum", field: "Profit" });
    expect(months.plan?.groupBy).toEqual([{ field: "Order Date", bucket: "month" }]);
    const worst = [...byMonth].sort((a, b) => a[1] - b[1]).slice(0, 3);
    expect([...tableMap(months, "Order Date").keys()]).toEqual(worst.map(([k]) => k));
    const year = await ask(store.table, "which year had the most profit");
    expect(year.plan?.measure).toEqual({ agg: "sum", field: "Profit" });
    expect(year.plan?.groupBy).toEqual([{ field: "Order Date", bucket: "year" }]);
    const best = [...byYear].sort((a, b) => b[1] - a[1])[0];
    expect(year.messages[1].table![0]["Order Date"]).toBe(best[0]);
  });

  it("reads a number 'per' one row ('monthly charges per customer') as its average, not its total", async () => {
    const reply = await ask(telco.table, "monthly charges per customer by contract");
    const by = new Map<string, number[]>();
    for (const r of telco.rows) by.set(r.Contract, [...(by.get(r.Contract) ?? []), Number(r.MonthlyCharges)]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "MonthlyCharges" });
    const got = tableMap(reply, "Contract");
    for (const [k, xs] of by) expect(got.get(k)).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 2);
    // "per order" when an order spans several rows (Order ID) is not the average of one row.
    const perOrder = await ask(store.table, "sales per order");
    expect(perOrder.plan?.measure.agg).not.toBe("mean");
  });

  it("compares values said with 'vs' side by side (grouped), not as one number over both", async () => {
    const reply = await ask(cars.table, "number of cars from Japan vs Europe");
    const n = countBy(cars.rows, (r) => r.Origin);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Origin"]);
    expect(tableMap(reply, "Origin")).toEqual(
      new Map([
        ["Japan", n.get("Japan")],
        ["Europe", n.get("Europe")],
      ]),
    );
    expect(reply.assumptions?.length).toBeGreaterThan(0);
  });

  it("compares two values set against each other with 'than' side by side ('is mpg higher for european cars than for american cars')", async () => {
    for (const q of ["is mpg higher for european cars than for american cars?", "do japanese cars get more mpg than european ones"]) {
      const reply = await ask(cars.table, q);
      const mean = (o: string) => {
        const xs = cars.rows.filter((r) => r.Origin === o).map((r) => Number(r.MPG));
        return xs.reduce((s, x) => s + x, 0) / xs.length;
      };
      expect(
        reply.plan?.groupBy.map((g) => g.field),
        q,
      ).toEqual(["Origin"]);
      const got = tableMap(reply, "Origin");
      const want = q.startsWith("is") ? ["Europe", "USA"] : ["Japan", "Europe"];
      expect([...got.keys()].sort(), q).toEqual(want.sort());
      for (const o of want) expect(got.get(o)).toBeCloseTo(mean(o), 2);
    }
    // A few more words between the value and "than" ("fiber customers more likely to churn than dsl customers").
    const rate = await ask(telco.table, "are fiber customers more likely to churn than dsl customers");
    expect(rate.plan?.measure.field).toBe("Churn");
    expect(rate.plan?.groupBy.map((g) => g.field)).toEqual(["InternetService"]);
    const rates = tableMap(rate, "InternetService");
    for (const v of ["Fiber optic", "DSL"]) {
      const xs = telco.rows.filter((r) => r.InternetService === v);
      expect(rates.get(v)).toBeCloseTo((100 * xs.filter((r) => r.Churn === "Yes").length) / xs.length, 2);
    }
    // "other than" excludes a value, it compares nothing.
    const other = await ask(cars.table, "average mpg of cars other than japanese ones");
    expect(other.plan?.groupBy).toEqual([]);
    expect(other.plan?.filters).toEqual([{ field: "Origin", op: "neq", values: ["Japan"] }]);
  });

  it("compares values listed after 'compare' side by side, not as one number over both", async () => {
    const reply = await ask(store.table, "Compare sales between Furniture and Technology");
    const sums = new Map<string, number>();
    for (const r of store.rows) if (r.Category !== "Office Supplies") sums.set(r.Category, (sums.get(r.Category) ?? 0) + Number(r.Sales));
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Category"]);
    const got = tableMap(reply, "Category");
    for (const [k, v] of sums) expect(got.get(k)).toBeCloseTo(v, 2);
    expect(got.size).toBe(2);
  });

  it("groups by a field said with 'each' inside its words when the best reading only filtered on it", async () => {
    const years = [2001, 2002, 2002, 2003, 2003, 2003, 2007, 1999];
    const movies = tableFromRows(
      ["Title", "Release Year", "Gross"],
      years.map((y, i) => [`m${i}`, String(y), String(10 * (i + 1))]),
    );
    const reply = await ask(movies, "number of movies released each year between 2000 and 2005");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Release Year"]);
    expect(reply.plan?.filters).toEqual([{ field: "Release Year", op: "between", values: [2000, 2005] }]);
    expect(tableMap(reply, "Release Year")).toEqual(
      new Map([
        ["2001", 1],
        ["2002", 2],
        ["2003", 3],
      ]),
    );
  });

  it("answers 'as a share of each X instead' with the share, not the count it replaces", async () => {
    const reply = await ask(telco.table, "how many customers churned, by contract?", "as a share of each contract instead");
    expect(reply.plan?.measure.agg).toBe("rate");
    const month = telco.rows.filter((r) => r.Contract === "Month-to-month");
    const pct = (100 * month.filter((r) => r.Churn === "Yes").length) / month.length;
    expect(tableMap(reply, "Contract").get("Month-to-month")).toBeCloseTo(pct, 3);
  });

  it("says so when a field said with 'by' is only used as a filter, in the text, the caption and the chart title", async () => {
    const reply = await ask(telco.table, "count of customers by gender", "and by senior citizen?");
    const shown = [...(reply.plan?.groupBy.map((g) => g.field) ?? []), ...(reply.plan?.filters.map((f) => f.field) ?? [])];
    expect(shown).toContain("SeniorCitizen");
    if (!reply.plan?.groupBy.some((g) => g.field === "SeniorCitizen")) {
      expect(reply.assumptions?.length).toBeGreaterThan(0);
      expect(reply.messages[1].content).toContain("Not sure of the reading:");
      expect(title(reply)).toContain("(reading not certain)");
    }
  });

  it("states a grouping by a measured number (one group per value)", async () => {
    const reply = await ask(cars.table, "average mpg by weight");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Weight"]);
    const distinct = new Set(cars.rows.map((r) => r.Weight)).size;
    expect(distinct).toBeGreaterThan(50);
    expect(reply.messages[0].content).toContain(`Weight has ${distinct} different values`);
    expect(title(reply)).toContain("(reading not certain)");
  });

  it("says so when a number is followed by a word that names no field ('more than 3 items')", async () => {
    const reply = await ask(store.table, "total profit for orders with more than 3 items");
    const field = reply.plan?.filters[0]?.field;
    expect(field).toBeTruthy();
    if (field !== "Quantity") expect(reply.messages[0].content).toContain(`"more than 3 items" names no field, so I applied it to ${field}`);
  });

  it("answers 'what's the highest X?' with that one number, naming the ranked rows as the other reading", async () => {
    const reply = await ask(cars.table, "what's the highest weight?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "Weight" });
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBe(Math.max(...cars.rows.map((r) => Number(r.Weight))));
    const rows = await ask(cars.table, "show the cars with the highest weight");
    expect(rows.plan?.intent).toBe("rows");
  });

  it("counts the field said right before 'rate' ('churn rate for senior citizens': churn among seniors)", async () => {
    const reply = await ask(telco.table, "churn rate for senior citizens");
    const seniors = telco.rows.filter((r) => r.SeniorCitizen === "1");
    const pct = (100 * seniors.filter((r) => r.Churn === "Yes").length) / seniors.length;
    expect(reply.plan?.measure.field).toBe("Churn");
    expect(reply.plan?.filters).toEqual([{ field: "SeniorCitizen", op: "eq", values: [1] }]);
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBeCloseTo(pct, 3);
  });

  it("reads 'how likely', 'the chance', 'the odds' as the share of rows matching a condition", async () => {
    const monthly = telco.rows.filter((r) => r.Contract === "Month-to-month");
    const pct = (100 * monthly.filter((r) => r.Churn === "Yes").length) / monthly.length;
    for (const q of [
      "how likely are month-to-month customers to churn",
      "what is the chance that a month-to-month customer churned",
      "the odds of churn for month-to-month customers",
    ]) {
      const reply = await ask(telco.table, q);
      expect(reply.plan?.measure, q).toMatchObject({ agg: "rate", field: "Churn", value: "Yes" });
      expect(reply.plan?.filters, q).toEqual([{ field: "Contract", op: "eq", values: ["Month-to-month"] }]);
      expect(Number(Object.values(reply.messages[1].table![0])[0]), q).toBeCloseTo(pct, 3);
    }
  });

  it("takes a share over the rows said after 'for' or 'among' ('percentage shipped late for the furniture category')", async () => {
    const furniture = store.rows.filter((r) => r.Category === "Furniture");
    const pct = (100 * furniture.filter((r) => r["Ship Status"] === "Shipped Late").length) / furniture.length;
    for (const q of ["percentage shipped late for the furniture category", "share of order lines shipped late among furniture"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan?.measure.field, q).toBe("Ship Status");
      expect(reply.plan?.filters, q).toEqual([{ field: "Category", op: "eq", values: ["Furniture"] }]);
      expect(Number(Object.values(reply.messages[1].table![0])[0]), q).toBeCloseTo(pct, 3);
    }
  });

  it("keeps a yes/no field said as the rows wanted ('for seniors', 'only for senior citizens') a filter of a rate, not one more grouping", async () => {
    const rateBy = (rows: typeof telco.rows) => {
      const m = new Map<string, [number, number]>();
      for (const r of rows) {
        const [y, n] = m.get(r.PaymentMethod) ?? [0, 0];
        m.set(r.PaymentMethod, [y + (r.Churn === "Yes" ? 1 : 0), n + 1]);
      }
      return new Map([...m].map(([k, [y, n]]) => [k, (100 * y) / n]));
    };
    const cases: [string[], typeof telco.rows, string][] = [
      [["churn rate by payment method for seniors"], telco.rows.filter((r) => r.SeniorCitizen === "1"), "SeniorCitizen"],
      [["churn rate by payment method", "only for senior citizens"], telco.rows.filter((r) => r.SeniorCitizen === "1"), "SeniorCitizen"],
    ];
    for (const [turns, rows, field] of cases) {
      const reply = await ask(telco.table, ...turns);
      expect(reply.plan?.measure.field, turns.join(" | ")).toBe("Churn");
      expect(
        reply.plan?.groupBy.map((g) => g.field),
        turns.join(" | "),
      ).toEqual(["PaymentMethod"]);
      expect(
        reply.plan?.filters.map((f) => f.field),
        turns.join(" | "),
      ).toEqual([field]);
      const got = tableMap(reply, "PaymentMethod");
      for (const [k, v] of rateBy(rows)) expect(got.get(k)).toBeCloseTo(v, 2);
    }
  });

  it("groups by a yes/no field said on both of its sides ('seniors and non-seniors', 'with and without a partner'), not two filters no row meets", async () => {
    const meanBy = (key: string, measure: string) => {
      const m = new Map<string, number[]>();
      for (const r of telco.rows) m.set(r[key], [...(m.get(r[key]) ?? []), Number(r[measure])]);
      return new Map([...m].map(([k, xs]) => [k, xs.reduce((s, x) => s + x, 0) / xs.length]));
    };
    const cases: [string, string, string][] = [
      ["average monthly charges of seniors and non-seniors", "SeniorCitizen", "MonthlyCharges"],
      ["average tenure of churned and non churned customers", "Churn", "tenure"],
      ["average monthly charges for customers with and without a partner", "Partner", "MonthlyCharges"],
      // The other side said as a negation of the same rows.
      ["average tenure of customers who churned vs those who didnt", "Churn", "tenure"],
      ["average monthly charges of customers who churned compared to those who did not", "Churn", "MonthlyCharges"],
    ];
    for (const [q, key, measure] of cases) {
      const reply = await ask(telco.table, q);
      expect(
        reply.plan?.groupBy.map((g) => g.field),
        q,
      ).toEqual([key]);
      expect(reply.plan?.filters, q).toEqual([]);
      const got = tableMap(reply, key);
      for (const [k, v] of meanBy(key, measure)) expect(got.get(k), q).toBeCloseTo(v, 2);
    }
  });

  it("says so when a value of a text field follows a comparison word ('more than 2 years' as Contract = Two year)", async () => {
    const reply = await ask(telco.table, "customers with more than 2 years");
    if (reply.plan?.filters.some((f) => f.field === "Contract"))
      expect(reply.messages[0].content).toContain('I read "more than 2 years" as a value of Contract, not as a comparison with a number');
    const plain = await ask(telco.table, "how many customers on a two year contract");
    expect(plain.plan?.filters).toEqual([{ field: "Contract", op: "eq", values: ["Two year"] }]);
    expect(plain.assumptions ?? []).toEqual([]);
  });

  it("says a field is missing when an unknown word sits after 'average top' (no count of rows in its place)", async () => {
    const reply = await ask(cars.table, "what's the average top speed by origin");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].table ?? null).toBeNull();
    expect(reply.messages[0].content).toContain('"speed"');
  });

  it("answers 'how did X change from A to B' over time, not with one total over the range", async () => {
    const reply = await ask(store.table, "How did profit change from 2015 to 2017?");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Order Date"]);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["Order Date"]);
  });

  it("reads 'customers who left' as the churn flag (a general synonym of churn)", async () => {
    const reply = await ask(telco.table, "average tenure of customers who left");
    expect(reply.plan?.filters).toEqual([{ field: "Churn", op: "eq", values: ["Yes"] }]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "tenure" });
  });

  it("reads 'without <field>' as the field's 'No' value when the field has no yes ('without internet service')", async () => {
    const reply = await ask(telco.table, "how many customers are without internet service?");
    expect(reply.plan?.filters).toEqual([{ field: "InternetService", op: "eq", values: ["No"] }]);
    expect(Number(Object.values(reply.messages[1].table![0])[0])).toBe(telco.rows.filter((r) => r.InternetService === "No").length);
  });

  it("says so when a negated field ('customers without internet') is grouped by rather than filtered", async () => {
    const reply = await ask(telco.table, "average monthly charges for customers without internet");
    const grouped = reply.plan?.groupBy.some((g) => g.field === "InternetService");
    const filtered = reply.plan?.filters.some((f) => f.field === "InternetService");
    expect(grouped || filtered).toBe(true);
    if (grouped && !filtered) expect(reply.messages[0].content).toContain('I did not use "without internet"');
  });

  it("names an 'or' between two conditions it joined with 'and', and no such note when it kept the 'or'", async () => {
    const reply = await ask(cars.table, "how many cars weigh over 4000 lbs or have more than 200 hp?");
    const either = cars.rows.filter((r) => Number(r.Weight) > 4000 || Number(r.Horsepower) > 200).length;
    const got = Number(Object.values(reply.messages[1]?.table?.[0] ?? {})[0]);
    if (got !== either) expect(reply.messages[0].content).toContain('I did not use "or"');
    const kept = await ask(cars.table, "how many cars are from japan or have 4 cylinders");
    expect(kept.plan?.filters[0].or?.length).toBe(1);
    expect(kept.assumptions ?? []).toEqual([]);
  });

  it("keeps routine notes out of the caption (no doubt, no mark)", async () => {
    const reply = await ask(store.table, "sales by region");
    expect(reply.assumptions?.length).toBeGreaterThan(0);
    expect(reply.messages[1].content).not.toContain("Not sure of the reading");
    expect(title(reply)).not.toContain("(reading not certain)");
  });
});

describe("fourth probing round", () => {
  const orderDate = (r: Record<string, string>) => {
    const [m, , y] = r["Order Date"].split("/").map(Number);
    return { year: 2000 + y, month: m };
  };
  const salesWhere = (keep: (d: { year: number; month: number }) => boolean) =>
    store.rows.filter((r) => keep(orderDate(r))).reduce((s, r) => s + Number(r.Sales), 0);

  it.each([
    ["total sales in the first half of 2017", (d: { year: number; month: number }) => d.year === 2017 && d.month <= 6],
    ["total sales in the second half of 2016", (d: { year: number; month: number }) => d.year === 2016 && d.month >= 7],
    ["sales in H2 2017", (d: { year: number; month: number }) => d.year === 2017 && d.month >= 7],
  ])("reads a half year as its six months: %s", async (q, keep) => {
    const reply = await ask(store.table, q);
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(reply.plan?.filters).toHaveLength(1);
    expect(reply.plan?.filters[0].field).toBe("Order Date");
    const tbl = reply.messages[1]?.table;
    expect(Number(Object.values(tbl![0])[0])).toBeCloseTo(salesWhere(keep), 1);
  });

  it("still compares values listed after 'with' when a comparison is asked for", async () => {
    const reply = await ask(telco.table, "compare churn rate for customers with dsl and fiber optic");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["InternetService"]);
  });

  it("keeps values listed after 'with' a filter, not one more grouping ('for customers with fiber optic or dsl')", async () => {
    const reply = await ask(telco.table, "average tenure per gender for customers with fiber optic or dsl");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["gender"]);
    expect(reply.plan?.filters).toEqual([{ field: "InternetService", op: "in", values: ["Fiber optic", "DSL"] }]);
  });
});

describe("a count question of its own in a conversation", () => {
  it("says a field is missing when its only condition is an unknown word, not the previous answer again", async () => {
    const reply = await ask(telco.table, "churn by contract", "how many customers have a pet");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toMatch(/could not find "pet"/);
  });

  it("says so too when rows are asked for with an unknown condition ('show customers with a pet')", async () => {
    const reply = await ask(telco.table, "churn by contract", "show customers with a pet");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toMatch(/could not find "pet"/);
  });

  it("still answers a follow-up that points back ('how many of those have fiber optic')", async () => {
    const reply = await ask(telco.table, "customers by contract", "how many of those have fiber optic");
    expect(reply.plan?.filters).toEqual([{ field: "InternetService", op: "eq", values: ["Fiber optic"] }]);
  });
});

describe("'how many' after a share in a conversation", () => {
  it("does not keep the condition of the earlier rate as a filter ('how many customers are seniors' after a churn rate)", async () => {
    const reply = await ask(telco.table, "churn rate by payment method", "how many customers are seniors");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.filters).toEqual([{ field: "SeniorCitizen", op: "eq", values: [1] }]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["PaymentMethod"]);
  });

  it("groups only by the grouping a new count question names ('how many ... by contract' after a rate by internet service)", async () => {
    const reply = await ask(telco.table, "churn rate by internet service", "how many senior citizens churned by contract");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Contract"]);
  });

  it("counts after 'churn rate by contract', with the churn condition said once", async () => {
    const reply = await ask(telco.table, "churn rate by contract", "how many senior citizens churned");
    expect(reply.plan?.measure.agg).toBe("count");
    const filters = reply.plan?.filters.map((f) => JSON.stringify(f)) ?? [];
    expect(new Set(filters).size).toBe(filters.length);
    expect(reply.plan?.filters).toContainEqual({ field: "Churn", op: "eq", values: ["Yes"] });
  });

  it("counts the rows asked for instead of keeping the earlier rate (no 100% bars of a rate over the very rows filtered)", async () => {
    const reply = await ask(telco.table, "what share of customers churned", "average tenure by contract", "how many senior citizens churned");
    expect(reply.plan?.measure.agg).toBe("count");
    const expected = telco.rows.filter((r) => r.SeniorCitizen === "1" && r.Churn === "Yes").length;
    const tbl = reply.messages[1]?.table;
    const total = tbl!.reduce((s, r) => s + Number(r["Number of rows"]), 0);
    expect(total).toBe(expected);
  });
});

describe("rows named by their label (a model, a title)", () => {
  it("shows the row of 'the fiat 128' when everything about it is asked, not a count of one", async () => {
    const reply = await ask(cars.table, "show me everything about the fiat 128");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.filters).toEqual([{ field: "Model", op: "eq", values: ["fiat 128"] }]);
    expect(reply.messages[0].content).not.toMatch(/did not use/);
    expect(reply.messages[1]?.table?.[0]).toMatchObject({ Model: "fiat 128", Horsepower: 49 });
  });

  it("answers a number of one named row ('the fiat 128's horsepower')", async () => {
    const reply = await ask(cars.table, "what is the horsepower of the fiat 128");
    expect(reply.plan?.filters).toEqual([{ field: "Model", op: "eq", values: ["fiat 128"] }]);
    const want = Number(cars.rows.find((r) => r.Model === "fiat 128")!.Horsepower);
    expect(Number(Object.values(reply.messages[1]!.table![0]).find((v) => typeof v === "number"))).toBe(want);
  });
});

describe("a free-text field with one value per row (titles)", () => {
  const genres = ["Drama", "Comedy", "Action"];
  const rows = Array.from({ length: 90 }, (_, i) => [`Zorblax ${i + 1}`, genres[i % 3], String(1000 + 10 * i)]);
  rows.push(["Titanic", "Drama", "200000"], ["The Number 23", "Action", "32000"]);
  const base = tableFromRows(["Title", "Genre", "Budget"], rows);
  const table: typeof base = { ...base, columns: base.columns.map((c) => (c.kind === "text" && c.name === "Title" ? { ...c, type: "string" as const } : c)) };

  it.each([
    ["Titanic's budget", "Titanic"],
    ["what was the budget of zorblax 17", "Zorblax 17"],
  ])("filters to the row a title names: %s", async (q, title) => {
    const reply = await ask(table, q);
    expect(reply.plan?.filters).toEqual([{ field: "Title", op: "eq", values: [title] }]);
    const want = Number(rows.find((r) => r[0] === title)![2]);
    expect(Number(Object.values(reply.messages[1]!.table![0]).find((v) => typeof v === "number"))).toBe(want);
  });

  it("does not read a title made only of words the question uses otherwise ('the number of ...')", async () => {
    const reply = await ask(table, "the number of titles by genre");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});

describe("unflagged wrong numbers of fresh2/fresh3 (chat-fix2): the general causes", () => {
  it("keeps a yes/no field named before a value bound to the next field ('a partner but no dependents')", async () => {
    const reply = await ask(telco.table, "how many customers have a partner but no dependents?");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "Dependents", op: "eq", values: ["No"] },
        { field: "Partner", op: "eq", values: ["Yes"] },
      ]),
    );
    const want = telco.rows.filter((r) => r.Partner === "Yes" && r.Dependents === "No").length;
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(want);
  });

  it("compares the age of people said right before the comparison, not the field named earlier", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [String(20 + i), String(i % 4 === 0 ? 100 * i : 0), String(30 + (i % 20))]);
    const people = tableFromRows(["age", "capital_loss", "hours_per_week"], rows);
    const reply = await ask(people, "total capital loss of people over 60");
    expect(reply.plan?.filters).toEqual([{ field: "age", op: "gt", values: [60] }]);
    const range = await ask(people, "average hours per week of people between 30 and 40");
    expect(range.plan?.filters).toEqual([{ field: "age", op: "between", values: [30, 40] }]);
  });

  it("reads a value stored in the plural as that value, not the output word ('sales of tables')", async () => {
    const reply = await ask(store.table, "total sales of tables");
    expect(reply.plan?.filters).toEqual([{ field: "Sub-Category", op: "eq", values: ["Tables"] }]);
    const asTable = await ask(store.table, "total sales by region as a table");
    expect(asTable.plan?.filters).toEqual([]);
  });

  it("counts the distinct values of a number field when the words say so", async () => {
    const reply = await ask(cars.table, "how many distinct cylinder counts are there");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "Cylinders" });
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(new Set(cars.rows.map((r) => r.Cylinders)).size);
  });

  it("reads 'from 1980' alone as that year, and 'from 1980 on' as a start", async () => {
    const one = await ask(cars.table, "avg acceleration for cars from 1980");
    expect(one.plan?.filters).toEqual([{ field: "Year", op: "eq", values: [80] }]);
    const on = await ask(cars.table, "avg acceleration for cars from 1980 onwards");
    expect(on.plan?.filters).toEqual([{ field: "Year", op: "gte", values: [80] }]);
  });

  it("reads a list of values with articles ('a masters or a doctorate') and 'neither R nor PG-13'", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [["Masters", "Doctorate", "Bachelors"][i % 3], ["R", "PG-13", "PG", "G"][i % 4], String(20 + i)]);
    const people = tableFromRows(["education", "rating", "age"], rows);
    const list = await ask(people, "average age by education for people with a masters or a doctorate");
    expect(list.plan?.filters).toEqual([{ field: "education", op: "in", values: ["Masters", "Doctorate"] }]);
    const nor = await ask(people, "how many are neither R nor PG-13");
    expect(nor.plan?.filters).toEqual([{ field: "rating", op: "neq", values: ["R", "PG-13"] }]);
  });

  it("answers 'the lowest mpg in the data' with one number ('the data' is the whole table, not its rows)", async () => {
    const reply = await ask(cars.table, "what's the lowest mpg in the data?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.measure).toEqual({ agg: "min", field: "MPG" });
  });
});

describe("fresh2/fresh3 misreadings (chat-fix2): negation, people, units", () => {
  it("reads 'outside' as a negation ('outside the central region')", async () => {
    const reply = await ask(store.table, "total profit from furniture outside the central region");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "Category", op: "eq", values: ["Furniture"] },
        { field: "Region", op: "neq", values: ["Central"] },
      ]),
    );
  });

  it("reads 'someone' as a person (not an unknown field) in a likelihood", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [["Doctorate", "Bachelors", "HS-grad"][i % 3], i % 2 ? ">50K" : "<=50K"]);
    const people = tableFromRows(["education", "class"], rows);
    const reply = await ask(people, "how likely is someone with a doctorate to be over 50k");
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", field: "class" });
    expect(reply.plan?.filters).toEqual([{ field: "education", op: "eq", values: ["Doctorate"] }]);
  });

  it("takes the word after a compared number naming the same field as its unit ('longer than 150 minutes, how many?')", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`Film ${i}`, String(90 + 3 * i)]);
    const films = tableFromRows(["Title", "Running Time"], rows);
    const reply = await ask(films, "movies longer than 150 minutes, how many?");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(rows.filter((r) => Number(r[1]) > 150).length);
  });
});

describe("durations after a comparison word (chat-fix2)", () => {
  it("reads 'over 2 years' as a compared duration, not the 'Two year' contract, and counts the customers", async () => {
    const reply = await ask(telco.table, "how many customers have tenure over 2 years");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(reply.plan?.filters).toEqual([{ field: "tenure", op: "gt", values: [24] }]);
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(telco.rows.filter((r) => Number(r.tenure) > 24).length);
  });
});

describe("people, 'or older' and units of measure (chat-fix2)", () => {
  const rows = Array.from({ length: 60 }, (_, i) => [
    String(20 + i),
    ["Husband", "Wife", "Own-child"][i % 3],
    String(30 + (i % 25)),
    String(i % 5 === 0 ? 1000 * i : 0),
  ]);
  const people = tableFromRows(["age", "relationship", "hours_per_week", "capital_gain"], rows);

  it("reads 'aged 65 or older' as at least 65 and 'still' as no content word", async () => {
    const reply = await ask(people, "how many people aged 65 or older still work more than 40 hours?");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "age", op: "gte", values: [65] },
        { field: "hours_per_week", op: "gt", values: [40] },
      ]),
    );
    expect(reply.messages[0].content).not.toMatch(/did not use/);
  });

  it("compares the age of 'husbands over 50'", async () => {
    const reply = await ask(people, "average capital gain for husbands over 50");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "age", op: "gt", values: [50] },
        { field: "relationship", op: "eq", values: ["Husband"] },
      ]),
    );
  });

  it("joins two conditions with 'or' across a unit of measure ('over 4000 lbs or have more than 200 hp')", async () => {
    const reply = await ask(cars.table, "how many cars weigh over 4000 lbs or have more than 200 hp?");
    expect(reply.plan?.filters).toEqual([{ field: "Weight", op: "gt", values: [4000], or: [{ field: "Horsepower", op: "gt", values: [200] }] }]);
    const want = cars.rows.filter((r) => Number(r.Weight) > 4000 || Number(r.Horsepower) > 200).length;
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(want);
  });
});

describe("follow-ups and unknown measures (chat-fix2)", () => {
  it("reads 'and among senior citizens?' after a count as the yes side of the yes/no field, not a grouping", async () => {
    const reply = await ask(telco.table, "how many customers churned", "and among senior citizens?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual(expect.arrayContaining([{ field: "SeniorCitizen", op: "eq", values: [1] }]));
    const want = telco.rows.filter((r) => r.Churn === "Yes" && r.SeniorCitizen === "1").length;
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(want);
  });

  it("says 'no such field' for an unknown word after an aggregate word ('average customer satisfaction score by contract')", async () => {
    const reply = await ask(telco.table, "average customer satisfaction score by contract");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toMatch(/could not find "satisfaction( score)?"/);
  });
});

describe("things counted after a number (chat-fix2)", () => {
  it("compares the quantity field for 'more than 5 items', not the field named earlier", async () => {
    const reply = await ask(store.table, "Sales for order lines with more than 5 items");
    expect(reply.plan?.filters).toEqual([{ field: "Quantity", op: "gt", values: [5] }]);
    expect(reply.plan?.measure.field).toBe("Sales");
  });
});

describe("ratios said in words (chat-fix2)", () => {
  const sum = (rows: typeof store.rows, f: string) => rows.reduce((s, r) => s + Number(r[f]), 0);

  it("computes 'profit margin' as total Profit / total Sales and states the formula", async () => {
    const reply = await ask(store.table, "profit margin by region");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Profit", per: { agg: "sum", field: "Sales", percent: true } });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
    const west = store.rows.filter((r) => r.Region === "West");
    expect(tableMap(reply, "Region").get("West")).toBeCloseTo((100 * sum(west, "Profit")) / sum(west, "Sales"), 3);
    expect(reply.messages[0].content).toContain('I read "profit margin" as total of Profit / total of Sales (%)');
  });

  it("computes 'sales per order' over the distinct orders, and 'profit per item' over the quantity, saying so", async () => {
    // 200 order lines of 80 orders.
    const lines = Array.from({ length: 200 }, (_, i) => [`O-${i % 80}`, String(10 + (i % 13)), String(1 + (i % 4))]);
    const orders = tableFromRows(["Order ID", "Sales", "Quantity"], lines);
    const perOrder = await ask(orders, "sales per order");
    expect(perOrder.plan?.measure).toEqual({ agg: "sum", field: "Sales", per: { agg: "distinct", field: "Order ID" } });
    const total = lines.reduce((s, r) => s + Number(r[1]), 0);
    expect(Number(Object.values(perOrder.messages[1]!.table![0])[0])).toBeCloseTo(total / 80, 2);
    expect(perOrder.messages[0].content).toContain('I read "sales per order" as total of Sales / number of distinct values of Order ID');
    const perItem = await ask(store.table, "profit per item");
    expect(perItem.plan?.measure).toEqual({ agg: "sum", field: "Profit", per: { agg: "sum", field: "Quantity" } });
    expect(perItem.messages[0].content).toContain('I read "profit per item" as total of Profit / total of Quantity');
  });

  it("keeps 'average quantity per order line' a plain average of the rows", async () => {
    const reply = await ask(store.table, "average quantity per order line");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Quantity" });
  });
});

describe("probe misreadings (chat-fix2)", () => {
  it("reads 'high earners' / 'low income' as the sides of a field of two amount brackets", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [String(20 + i), i % 4 === 0 ? ">50K" : "<=50K", i % 2 ? "Male" : "Female"]);
    const people = tableFromRows(["age", "class", "sex"], rows);
    const high = await ask(people, "average age of high earners by sex");
    expect(high.plan?.filters).toEqual([{ field: "class", op: "eq", values: [">50K"] }]);
    const low = await ask(people, "how many low income people are there");
    expect(low.plan?.filters).toEqual([{ field: "class", op: "eq", values: ["<=50K"] }]);
  });

  it("reads 'how much did we sell' as the total of Sales, not a row count", async () => {
    const reply = await ask(store.table, "how much did we sell");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
  });

  it("says 'no such field' for 'how many orders were returned' without a return field, alone and after another question", async () => {
    for (const turns of [["how many orders were returned"], ["sales by region", "how many orders were returned"]]) {
      const reply = await ask(store.table, ...turns);
      expect(reply.plan).toBeNull();
      expect(reply.messages[0].content).toContain('could not find "returned"');
    }
  });

  it("says 'no such field' for an unknown condition on the rows even with a grouping ('customers with a pet by gender')", async () => {
    for (const turns of [["how many customers with a pet by gender"], ["churn rate by contract", "how many customers with a pet by gender"]]) {
      const reply = await ask(telco.table, ...turns);
      expect(reply.plan).toBeNull();
      expect(reply.messages[0].content).toContain('could not find "pet"');
    }
  });

  it("says 'no such field' for an unknown word right before a comparison that names no field ('a discount over 20%')", async () => {
    for (const q of ["how many orders had a discount over 20%?", "orders where the discount is over 20%"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan, q).toBeNull();
      expect(reply.messages[0].content, q).toContain('could not find "discount"');
    }
  });
});

describe("a loss as a condition (chat-fix2)", () => {
  it("reads 'orders with a loss' as Profit below 0, and 'the biggest losses' still as a ranking", async () => {
    const reply = await ask(store.table, "orders with a loss in the Central region - how many?");
    expect(reply.plan?.filters).toEqual(expect.arrayContaining([{ field: "Profit", op: "lt", values: [0] }]));
    const want = store.rows.filter((r) => r.Region === "Central" && Number(r.Profit) < 0).length;
    expect(Number(Object.values(reply.messages[1]!.table![0])[0])).toBe(want);
    const rank = await ask(store.table, "which region has the biggest losses");
    expect(rank.plan?.filters).toEqual([]);
    expect(rank.plan?.measure.field).toBe("Profit");
  });
});

describe("'separate panels by' (chat-fix2)", () => {
  it("reads 'separate panels by sex' as small multiples, not the marital status 'Separated'", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => [
      String(20 + i),
      String(30 + (i % 17)),
      ["Separated", "Married", "Divorced"][i % 3],
      i % 2 ? "Male" : "Female",
    ]);
    const people = tableFromRows(["age", "hours_per_week", "marital_status", "sex"], rows);
    const reply = await ask(people, "age vs hours per week, separate panels by sex");
    expect(reply.plan?.filters).toEqual([]);
    expect(meta(reply)?.facet).toBe("sex");
  });
});

describe("a threshold on each group's aggregate (having)", () => {
  const totals = (key: string, value: string) => {
    const m = new Map<string, number>();
    for (const r of store.rows) m.set(r[key], (m.get(r[key]) ?? 0) + Number(r[value]));
    return m;
  };
  const means = (key: string, value: string) => {
    const sum = totals(key, value);
    const n = countBy(store.rows, (r) => r[key]);
    return new Map([...sum].map(([k, v]) => [k, v / n.get(k)!]));
  };

  it("'how many states have more than 5k in sales': no single line reaches it, each State's total is compared", async () => {
    expect(Math.max(...store.rows.map((r) => Number(r.Sales)))).toBeLessThan(5000);
    const want = [...totals("State", "Sales").values()].filter((v) => v > 5000).length;
    expect(want).toBeGreaterThan(0);
    const reply = await ask(store.table, "how many states have more than 5k in sales");
    expect(reply.plan?.having).toEqual({ measure: { agg: "sum", field: "Sales" }, op: "gt", values: [5000] });
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of distinct values of State": want });
    expect(reply.assumptions?.join(" ")).toMatch(/total of Sales of each State/);
  });

  it("'regions with average profit above 12': the regions whose average passes, with their averages", async () => {
    const want = new Map([...means("Region", "Profit")].filter(([, v]) => v > 12));
    expect(want.size).toBeGreaterThan(0);
    expect(want.size).toBeLessThan(4);
    const reply = await ask(store.table, "regions with average profit above 12");
    const got = tableMap(reply, "Region");
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [k, v] of want) expect(got.get(k)).toBeCloseTo(v, 1);
    expect(title(reply)).toMatch(/only the values of Region whose average of Profit is above 12/);
  });

  it("'how many states have total sales over 5k' counts the states that pass", async () => {
    const want = [...totals("State", "Sales").values()].filter((v) => v > 5000).length;
    const reply = await ask(store.table, "how many states have total sales over 5k");
    expect(reply.plan).toMatchObject({ measure: { agg: "distinct", field: "State" }, groupBy: [] });
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of distinct values of State": want });
  });

  it("'total sales by state' | 'only those with more than 5k': the follow-up keeps the states whose total passes", async () => {
    const want = new Map([...totals("State", "Sales")].filter(([, v]) => v > 5000));
    const reply = await ask(store.table, "total sales by state", "only those with more than 5k");
    expect(reply.plan?.having).toEqual({ measure: { agg: "sum", field: "Sales" }, op: "gt", values: [5000] });
    const got = tableMap(reply, "State");
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    expect(reply.assumptions?.join(" ")).not.toMatch(/did not use/);
  });

  it("a condition said of rows stays a row filter even when no row passes it", async () => {
    const reply = await ask(store.table, "total sales by region for orders with quantity more than 1000");
    expect(reply.plan?.having).toBeUndefined();
  });

  it("a threshold on single rows stays a row filter", async () => {
    const reply = await ask(store.table, "sales by region for orders with profit above 30");
    expect(reply.plan?.having).toBeUndefined();
    expect(reply.plan?.filters).toEqual([{ field: "Profit", op: "gt", values: [30] }]);
  });
});

describe("comparison words nothing used are named", () => {
  it("'less than a year' is one year compared with the duration field, in the unit its values suggest, stated", async () => {
    const reply = await ask(telco.table, "how many customers have been here less than a year");
    expect(reply.plan?.filters).toEqual([{ field: "tenure", op: "lt", values: [12] }]);
    expect(reply.assumptions?.join(" ")).toMatch(/does not say which unit tenure is in.*took them as months/);
  });

  it("'less than a week' on a field whose name states its unit is converted ('Days to Ship' < 7)", async () => {
    const reply = await ask(store.table, "how many orders took less than a week to ship");
    expect(reply.plan?.filters).toEqual([{ field: "Days to Ship", op: "lt", values: [7] }]);
  });

  it("'more than two years' read as a value: the comparison words are named as not used", async () => {
    const reply = await ask(telco.table, "how many customers have been here for more than two years");
    const compared = reply.plan?.filters.some((f) => ["gt", "gte"].includes(f.op));
    if (!compared) expect(reply.assumptions?.join(" ")).toMatch(/did not use "more than"/);
  });
});

describe("yes/no questions that compare show every side", () => {
  const rateBy = (key: string) => {
    const all = countBy(telco.rows, (r) => r[key]);
    const yes = countBy(
      telco.rows.filter((r) => r.Churn === "Yes"),
      (r) => r[key],
    );
    return new Map([...all].map(([k, n]) => [k, (100 * (yes.get(k) ?? 0)) / n]));
  };

  it("'are people with partners less likely to churn?': the churn rate of both sides of Partner", async () => {
    const reply = await ask(telco.table, "are people with partners less likely to churn?");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Partner"]);
    expect(reply.plan?.filters).toEqual([]);
    const got = tableMap(reply, "Partner");
    for (const [k, v] of rateBy("Partner")) expect(got.get(k)).toBeCloseTo(v, 1);
    expect(reply.assumptions?.join(" ")).toMatch(/every value of Partner/);
  });

  it("'do seniors churn more than others?': a churn rate per side, not the count of churned seniors", async () => {
    const reply = await ask(telco.table, "do seniors churn more than others?");
    expect(reply.plan).toMatchObject({ measure: { agg: "rate", field: "Churn" }, groupBy: [{ field: "SeniorCitizen" }], filters: [] });
    const got = tableMap(reply, "SeniorCitizen");
    for (const [k, v] of rateBy("SeniorCitizen")) expect(got.get(k)).toBeCloseTo(v, 1);
  });

  it("'is the monthly charge higher for seniors?': the average per side, not a histogram of one side", async () => {
    const reply = await ask(telco.table, "is the monthly charge higher for seniors?");
    expect(reply.plan).toMatchObject({ intent: "aggregate", measure: { agg: "mean", field: "MonthlyCharges" }, groupBy: [{ field: "SeniorCitizen" }] });
  });

  it("a question that does not compare keeps its one side", async () => {
    const reply = await ask(telco.table, "churn rate for customers with a partner");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "Partner", op: "eq", values: ["Yes"] }]);
  });
});

describe("a condition between two fields of a row", () => {
  it("'cars with an acceleration higher than their mpg' compares the two fields row by row", async () => {
    const want = cars.rows.filter((r) => r.Acceleration !== "" && r.MPG !== "" && Number(r.Acceleration) > Number(r.MPG)).length;
    expect(want).toBeGreaterThan(0);
    const reply = await ask(cars.table, "how many cars have an acceleration higher than their mpg");
    expect(reply.plan?.filters).toEqual([{ field: "Acceleration", op: "gt", values: [1], otherField: "MPG" }]);
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": want });
    expect(reply.messages[0].content).toMatch(/Acceleration is above MPG/);
  });

  it("'movies that made less than they cost': the money-in field against the budget, stated as a guess", async () => {
    const rows = [
      ["A", "100", "50"],
      ["B", "20", "80"],
      ["C", "30", "40"],
      ["D", "90", "10"],
    ];
    const table = tableFromRows(["Title", "Worldwide Gross", "Production Budget"], rows);
    const reply = await ask(table, "how many movies made less than they cost");
    expect(reply.plan?.filters).toEqual([{ field: "Worldwide Gross", op: "lt", values: [1], otherField: "Production Budget" }]);
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": 2 });
  });
});

describe("'made in' before a period", () => {
  it("'made in the 70s' / 'made in 1975' filter the year; 'made in' is not Origin there", async () => {
    const seventies = cars.rows.filter((r) => Number(r.Year) >= 70 && Number(r.Year) <= 79 && r.Cylinders === "6");
    const want = seventies.reduce((s, r) => s + Number(r.Weight), 0) / seventies.length;
    const reply = await ask(cars.table, "avg weight of cars with 6 cylinders made in the 70s");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.messages[1].table?.[0]["Average of Weight"]).toBeCloseTo(want, 0);
    const year = await ask(cars.table, "how many cars made in 1975");
    expect(year.plan?.groupBy).toEqual([]);
    expect(year.plan?.filters).toEqual([{ field: "Year", op: "eq", values: [75] }]);
    const place = await ask(cars.table, "average mpg of cars made in japan");
    expect(place.plan?.filters).toEqual([{ field: "Origin", op: "eq", values: ["Japan"] }]);
  });
});

describe("a word naming several values of one field", () => {
  it("'how many hondas': the Model values whose first word is honda, stated", async () => {
    const want = cars.rows.filter((r) => r.Model.split(" ")[0] === "honda").length;
    expect(want).toBeGreaterThan(1);
    const reply = await ask(cars.table, "how many hondas");
    expect(reply.plan?.filters[0]).toMatchObject({ field: "Model", op: "in" });
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": want });
    expect(reply.assumptions?.join(" ")).toMatch(/"hondas" as the \d+ values of Model/);
  });

  it("'government jobs': the values holding a common abbreviation of the word (gov), and not a word most values share", async () => {
    const kinds = ["State-gov", "Federal-gov", "Private", "Self-emp-inc", "Local-gov", "Never-worked", "Without-pay"];
    const rows = Array.from({ length: 70 }, (_, i) => [
      kinds[i % kinds.length],
      String(20 + (i % 40)),
      ["Shipped Late", "Shipped Early"][i % 2],
      ["Sales", "Tech-support", "Craft-repair"][i % 3],
    ]);
    const table = tableFromRows(["workclass", "age", "status", "occupation"], rows);
    const reply = await ask(table, "how many people have government jobs");
    expect(reply.plan?.filters).toEqual([{ field: "workclass", op: "in", values: ["State-gov", "Federal-gov", "Local-gov"] }]);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.messages[1].table?.[0]).toMatchObject({ "Number of rows": 30 });
    const shared = await ask(table, "how many shipped");
    expect(shared.plan?.filters ?? []).toEqual([]);
    const income = await ask(table, "average age by income");
    expect(income.plan?.filters ?? []).toEqual([]);
  });
});

describe("speed words on a field that holds a time", () => {
  it("'fastest accelerating car' is the lowest Acceleration (seconds), 'slowest' the highest, stated", async () => {
    const accel = cars.rows.map((r) => Number(r.Acceleration)).filter((v) => !Number.isNaN(v));
    const fast = await ask(cars.table, "fastest accelerating car");
    expect(fast.plan?.sort).toEqual({ by: "value", order: "asc" });
    expect(Number(fast.messages[1].table?.[0].Acceleration)).toBe(Math.min(...accel));
    expect(fast.assumptions?.join(" ")).toMatch(/Acceleration is a time/);
    const slow = await ask(cars.table, "slowest car by acceleration");
    expect(slow.plan?.sort).toEqual({ by: "value", order: "desc" });
  });

  it("reads 'the most expensive movie to make' as the highest budget ('the most' read apart from its adjective)", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`Film ${i}`, String(((i * 7) % 30) * 1e6 + 5e5), String(1990 + (i % 20))]);
    const movies = tableFromRows(["Title", "Production Budget", "Release Year"], rows);
    const reply = await ask(movies, "what was the most expensive movie to make");
    expect(reply.plan?.sort).toEqual({ by: "value", order: "desc" });
    expect(reply.plan?.y).toBe("Production Budget");
    const top = rows.reduce((a, b) => (Number(b[1]) > Number(a[1]) ? b : a));
    expect(reply.messages[1].table?.[0].Title).toBe(top[0]);
  });

  it("reads a misspelt superlative as that superlative ('the heavyest car' is the heaviest, not a histogram of Weight)", async () => {
    const weights = cars.rows.map((r) => Number(r.Weight)).filter((v) => !Number.isNaN(v));
    const reply = await ask(cars.table, "whats the heavyest car");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.sort).toEqual({ by: "value", order: "desc" });
    expect(Number(reply.messages[1].table?.[0].Weight)).toBe(Math.max(...weights));
  });

  it("'what's the mpg of the lightest car?' is the lightest car's row, not MPG plotted against Weight", async () => {
    const light = cars.rows.reduce((x, y) => (Number(y.Weight) < Number(x.Weight) ? y : x));
    const reply = await ask(cars.table, "what's the mpg of the lightest car?");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.sort).toEqual({ by: "value", order: "asc" });
    expect(reply.messages[1].table?.[0].MPG).toBe(Number(light.MPG));
  });

  it("leaves the order alone on a field that is not a time ('the fastest' on Horsepower)", async () => {
    const reply = await ask(cars.table, "car with the highest horsepower");
    expect(reply.plan?.sort).toEqual({ by: "value", order: "desc" });
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/is a time/);
  });
});

describe("two periods or two values said as a list are both kept (chat-probe4)", () => {
  it("'sales in 2017 vs 2016', 'profit in 2016 and 2017': both years side by side; '2016 or 2017' both years together", async () => {
    const byYear = new Map<string, number>();
    for (const r of store.rows) {
      const y = `20${r["Order Date"].split("/")[2]}`;
      byYear.set(y, (byYear.get(y) ?? 0) + Number(r.Sales));
    }
    for (const q of ["sales in 2017 vs 2016", "sales in 2016 and 2017"]) {
      const reply = await ask(store.table, q);
      expect(reply.plan?.groupBy, q).toEqual([{ field: "Order Date", bucket: "year" }]);
      const got = tableMap(reply, "Order Date");
      for (const y of ["2016", "2017"]) expect(got.get(y), q).toBeCloseTo(byYear.get(y)!, 2);
    }
    const either = await ask(store.table, "how many orders in 2016 or 2017");
    expect(either.plan?.filters).toEqual([{ field: "Order Date", op: "in", values: ["2016", "2017"] }]);
    expect(either.plan?.groupBy).toEqual([]);
  });

  it("one-letter values each said with the rows' noun ('PG movies vs R movies') keep both values, side by side", async () => {
    const genres = ["PG", "R", "G"];
    const rows = Array.from({ length: 30 }, (_, i) => [`Film ${i}`, genres[i % 3], String(1e6 * (1 + i))]);
    const movies = tableFromRows(["Title", "Content Rating", "Worldwide Gross"], rows);
    const reply = await ask(movies, "average gross for pg movies vs r movies");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Content Rating"]);
    const got = tableMap(reply, "Content Rating");
    expect([...got.keys()].sort()).toEqual(["PG", "R"]);
    const mean = (k: string) => {
      const xs = rows.filter((r) => r[1] === k).map((r) => Number(r[2]));
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    };
    expect(got.get("R")).toBeCloseTo(mean("R"), 2);
  });
});

describe("'after' a value in a ranking leaves it out (chat-probe4)", () => {
  it("'which region has the most orders after the West?' ranks the other regions", async () => {
    const counts = countBy(
      store.rows.filter((r) => r.Region !== "West"),
      (r) => r.Region,
    );
    const top = [...counts].sort((x, y) => y[1] - x[1])[0];
    const reply = await ask(store.table, "which region has the most orders after the West?");
    expect(reply.plan?.filters).toEqual([{ field: "Region", op: "neq", values: ["West"] }]);
    expect(reply.messages[1].table?.[0].Region).toBe(top[0]);
  });
});

describe("a number of times is a count per group (having)", () => {
  it("'top 2 regions by average profit with at least N orders': the groups' own measure over the groups with enough rows", async () => {
    const counts = countBy(store.rows, (r) => r.Region);
    const sorted = [...counts.values()].sort((x, y) => x - y);
    const n = sorted[1]; // at least this many rows: the smallest region is left out
    const sums = new Map<string, number[]>();
    for (const r of store.rows) sums.set(r.Region, [...(sums.get(r.Region) ?? []), Number(r.Profit)]);
    const want = [...sums]
      .filter(([k]) => (counts.get(k) ?? 0) >= n)
      .map(([k, xs]) => [k, xs.reduce((s, x) => s + x, 0) / xs.length] as const)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 2);
    const reply = await ask(store.table, `top 2 regions by average profit with at least ${n} orders`);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    expect(reply.plan?.having).toEqual({ measure: { agg: "count", field: null }, op: "gte", values: [n] });
    const got = tableMap(reply, "Region");
    expect([...got.keys()]).toEqual(want.map(([k]) => k));
    for (const [k, v] of want) expect(got.get(k)).toBeCloseTo(v, 2);
  });

  it("'which customers bought more than 2 times': the customers with more than 2 rows, and 'how many' counts them", async () => {
    const counts = countBy(store.rows, (r) => r["Customer Name"]);
    const want = new Map([...counts].filter(([, n]) => n > 2));
    expect(want.size).toBeGreaterThan(0);
    const reply = await ask(store.table, "which customers bought more than 2 times");
    expect(reply.plan?.having).toEqual({ measure: { agg: "count", field: null }, op: "gt", values: [2] });
    expect(tableMap(reply, "Customer Name")).toEqual(want);
    expect(reply.assumptions?.join(" ")).not.toMatch(/did not use/);
    const many = await ask(store.table, "how many customers ordered more than 2 times");
    expect(many.messages[1].table?.[0]).toMatchObject({ "Number of distinct values of Customer Name": want.size });
  });
});

describe("tables with unfamiliar schemas (probe5: snake_case, CamelCase, codes, yes/no columns)", () => {
  const emp = read("probe5/employees.csv");
  const weekday = (iso: string) => ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][new Date(`${iso}T00:00:00Z`).getUTCDay()];

  it("'bin the hire date by weekday' groups the named date field, not the table's first date field (Date_of_Birth)", async () => {
    const reply = await ask(emp.table, "Bin the hire date by weekday and count the number of employees in a bar chart");
    expect(reply.plan?.groupBy).toEqual([{ field: "hire_date", bucket: "weekday" }]);
    expect(tableMap(reply, "hire_date")).toEqual(countBy(emp.rows, (r) => weekday(r.hire_date)));
  });

  it("a yes/no field named as a question ('is_returned', 'is_manager') is said without its 'is': 'returned orders', 'only managers'", async () => {
    const orders = read("probe5/sales_orders.csv");
    const returned = await ask(orders.table, "returned orders per region");
    expect(returned.plan?.filters).toEqual([{ field: "is_returned", op: "eq", values: ["yes"] }]);
    expect(tableMap(returned, "region")).toEqual(
      countBy(
        orders.rows.filter((r) => r.is_returned === "yes"),
        (r) => r.region,
      ),
    );
    const managers = await ask(emp.table, "avg salary by dept", "only managers");
    expect(managers.plan?.filters).toEqual([{ field: "is_manager", op: "eq", values: ["Y"] }]);
    expect(managers.plan?.groupBy.map((g) => g.field)).toEqual(["dept_name"]);
  });

  it("'employees hired in each year': the past form of a date field's event ('hire_date') names that date field", async () => {
    // (Without EMP_ID: read from a CSV here it is a plain number, where an upload types it as an identifier.)
    const cols = ["emp_name", "Date_of_Birth", "hire_date", "dept_name", "salary"];
    const people = tableFromRows(
      cols,
      emp.rows.map((r) => cols.map((c) => r[c])),
    );
    const reply = await ask(people, "Show the number of employees hired in each year in a line chart.");
    expect(reply.plan?.groupBy).toEqual([{ field: "hire_date", bucket: "year" }]);
    expect(tableMap(reply, "hire_date")).toEqual(countBy(emp.rows, (r) => r.hire_date.slice(0, 4)));
    expect(reply.assumptions?.join(" ")).not.toMatch(/did not use/);
  });

  it("'how many employees were hired by dept': the event's past form names its date field only in a question about time", async () => {
    const reply = await ask(emp.table, "how many employees were hired by dept");
    expect(reply.plan?.groupBy).toEqual([{ field: "dept_name", bucket: null }]);
  });

  it("'the name and salary of all employees ..., sort by salary descending' on a table called employees: emp_name's salaries ranked, not a histogram", async () => {
    const reply = await answerChat({
      table: emp.table,
      datasetName: "employees",
      messages: [{ role: "user", content: "Show the name and salary of all employees in a bar chart, sort by salary descending" }],
    });
    expect(reply.plan).toMatchObject({ intent: "rows", x: "emp_name", y: "salary", sort: { by: "value", order: "desc" }, chart: "bar" });
    const got = reply.messages[1].table!.map((r) => Number(r.salary));
    const want = emp.rows.map((r) => Number(r.salary)).sort((x, y) => y - x);
    expect(got).toEqual(want.slice(0, got.length));
  });

  it("'min battery level per sensor' over a table called sensor_readings: grouped by SensorCode, not the rows", async () => {
    const sensors = read("probe5/sensor_readings.csv");
    const reply = await answerChat({
      table: sensors.table,
      datasetName: "sensor_readings",
      messages: [{ role: "user", content: "min battery level per sensor" }],
    });
    expect(reply.plan?.measure).toEqual({ agg: "min", field: "BatteryLevel" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["SensorCode"]);
    const want = new Map<string, number>();
    for (const r of sensors.rows) want.set(r.SensorCode, Math.min(want.get(r.SensorCode) ?? Infinity, Number(r.BatteryLevel)));
    expect(tableMap(reply, "SensorCode")).toEqual(want);
  });

  it("'how many grad courses per dept code': an unknown word that starts one category value names it (Level \"Graduate\"), stated", async () => {
    const courses = read("probe5/courses.csv");
    const reply = await ask(courses.table, "how many grad courses per dept code");
    expect(reply.plan?.filters).toEqual([{ field: "Level", op: "eq", values: ["Graduate"] }]);
    expect(tableMap(reply, "DeptCode")).toEqual(
      countBy(
        courses.rows.filter((r) => r.Level === "Graduate"),
        (r) => r.DeptCode,
      ),
    );
    expect(reply.assumptions).toContain('I read "grad" as Level "Graduate"');
  });

  it("'avg sal by dept': a three-letter abbreviation of one field's name word names it, stated", async () => {
    const reply = await ask(emp.table, "avg sal by dept");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "salary" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["dept_name"]);
    expect(reply.assumptions?.join(" ")).toMatch(/"sal" as salary/);
  });

  it("'entries submitted in each year': a verb sharing its stem with a date field's event noun names it (Submission_Date)", async () => {
    const films = read("probe5/film_entries.csv");
    const cols = ["Film_Title", "Festival_Year", "Genre", "Submission_Date"]; // (Entry_ID: see the hire_date case)
    const table = tableFromRows(
      cols,
      films.rows.map((r) => cols.map((c) => r[c])),
    );
    const reply = await ask(table, "Show the number of entries submitted in each year in a line chart");
    expect(reply.plan?.groupBy).toEqual([{ field: "Submission_Date", bucket: "year" }]);
    expect(tableMap(reply, "Submission_Date")).toEqual(countBy(films.rows, (r) => r.Submission_Date.slice(0, 4)));
  });

  it("'avg temp by location': an abbreviation of one field's name word names that field (TemperatureC)", async () => {
    const sensors = read("probe5/sensor_readings.csv");
    const reply = await ask(sensors.table, "avg temp by location");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "TemperatureC" });
    const sums = new Map<string, number[]>();
    for (const r of sensors.rows) sums.set(r.Location, [...(sums.get(r.Location) ?? []), Number(r.TemperatureC)]);
    const got = tableMap(reply, "Location");
    for (const [k, xs] of sums) expect(got.get(k)).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 2);
  });
});

describe("a field's whole name typed as it is written", () => {
  it("reads a number field whose name joins two words ('TotalCharges') by that name, never as its first word ('total')", async () => {
    const joined = telco.table.columns.filter((c) => c.kind === "number" && /[a-z][A-Z]/.test(c.name));
    expect(joined.map((c) => c.name)).toEqual(expect.arrayContaining(["MonthlyCharges", "TotalCharges"]));
    for (const column of joined) {
      const reply = await ask(telco.table, `average ${column.name} by Contract`);
      expect(reply.plan?.measure.field, `average ${column.name} by Contract`).toBe(column.name);
      expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Contract"]);
    }
  });
});
