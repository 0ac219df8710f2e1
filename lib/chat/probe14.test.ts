// Probe14 (issue 12): nvBench-style chart requests over tables exported from R packages
// (lib/chat/testing/probe14). Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { countBy, readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe14");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const msleep = read("msleep.csv");
const cereal = read("UScereal.csv");
const ask = askTurns;

describe("a plural noun nothing reads, counted, over a table whose rows each have their own name", () => {
  it("'how many mammals are there in each order' counts the rows per order, stated", async () => {
    const reply = await ask(msleep.table, "How many mammals are there in each order? Show a bar chart.");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["order"]);
    const want = countBy(msleep.rows, "order");
    for (const row of tableOf(reply)) expect(Object.values(row)[1]).toBe(want.get(String(row.order)));
    expect(reply.assumptions?.join(" ")).toContain("mammals");
  });
  it("'the number of cereals for each mfr' counts the rows per mfr", async () => {
    const reply = await ask(cereal.table, "Show the number of cereals for each mfr in a bar chart");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["mfr"]);
  });
  it("'how many sequels are there' alone is still no such field (every row would be counted)", async () => {
    const reply = await ask(msleep.table, "how many sequels are there");
    expect(reply.plan).toBeNull();
  });
  it("'average number of oscars by genre' is not a count of rows", async () => {
    const reply = await ask(msleep.table, "average number of oscars by order");
    expect(reply.plan?.measure.agg ?? null).not.toBe("count");
  });
});

const air = read("airquality.csv");
const meanBy = (rows: Record<string, string>[], key: string, f: string) => {
  const acc = new Map<string, [number, number]>();
  for (const r of rows) {
    if (r[f] === "NA" || r[f] === "") continue;
    const [s, n] = acc.get(r[key]) ?? [0, 0];
    acc.set(r[key], [s + Number(r[f]), n + 1]);
  }
  return new Map([...acc].map(([k, [s, n]]) => [k, s / n]));
};

describe("a field named like a grain next to a date field", () => {
  it("'for each Month' typed as the field's name groups the Month field, not the Date's months", async () => {
    const reply = await ask(air.table, "What is the maximum Ozone for each Month? Show a bar chart.");
    expect(reply.plan?.groupBy.map((g) => [g.field, g.bucket ?? null])).toEqual([["Month", null]]);
  });
  it("'by month' in lower case stays the Date's grain", async () => {
    const reply = await ask(air.table, "average Temp by month");
    expect(reply.plan?.groupBy).toEqual([{ field: "Date", bucket: "month" }]);
  });
});

describe("a line asked for over a grouping by a number field", () => {
  it("'the average Temp for each Month in a line chart' is a line along Month, no time axis added", async () => {
    const reply = await ask(air.table, "Show the average Temp for each Month in a line chart.");
    expect(reply.plan?.groupBy.map((g) => [g.field, g.bucket ?? null])).toEqual([["Month", null]]);
    expect(reply.plan?.chart).toBe("line");
    const want = meanBy(air.rows, "Month", "Temp");
    const rows = tableOf(reply);
    expect(rows.length).toBe(5);
    for (const row of rows) expect(Number(Object.values(row)[1])).toBeCloseTo(want.get(String(row.Month)) ?? Number.NaN, 2);
  });
});

const midwest = read("midwest.csv");

describe("a value spelt like a grammar word", () => {
  it("'counties in OH or IN' keeps both states (IN typed in capitals is the value, not 'in')", async () => {
    const reply = await ask(midwest.table, "For counties in OH or IN, what is the average poptotal of each state? Show a bar chart.");
    expect(reply.plan?.filters).toEqual([{ field: "state", op: "in", values: ["OH", "IN"] }]);
    const want = meanBy(
      midwest.rows.filter((r) => r.state === "OH" || r.state === "IN"),
      "state",
      "poptotal",
    );
    const rows = tableOf(reply);
    expect(rows.length).toBe(2);
    for (const row of rows) expect(Number(Object.values(row)[1])).toBeCloseTo(want.get(String(row.state)) ?? Number.NaN, 1);
  });
  it("'in' in lower case stays the preposition", async () => {
    const reply = await ask(midwest.table, "average poptotal in each state");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});

describe("a number right after the name of a field of a few whole numbers", () => {
  it("'cereals on shelf 1 or 2' keeps those shelves (no grouping by shelf)", async () => {
    const reply = await ask(cereal.table, "Show the average sodium for each mfr for cereals on shelf 1 or 2 in a bar chart.");
    expect(reply.plan?.filters).toEqual([{ field: "shelf", op: "in", values: [1, 2] }]);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["mfr"]);
    const want = meanBy(
      cereal.rows.filter((r) => r.shelf === "1" || r.shelf === "2"),
      "mfr",
      "sodium",
    );
    for (const row of tableOf(reply)) expect(Number(Object.values(row)[1])).toBeCloseTo(want.get(String(row.mfr)) ?? Number.NaN, 1);
  });
});

describe("two comparisons of one field joined by 'or'", () => {
  it("'Temp below 70 or above 90' keeps the rows on either side", async () => {
    const reply = await ask(air.table, "average Wind by Month where Temp is below 70 or above 90");
    expect(reply.plan?.filters).toEqual([{ field: "Temp", op: "lt", values: [70], or: [{ field: "Temp", op: "gt", values: [90] }] }]);
    const kept = air.rows.filter((r) => Number(r.Temp) < 70 || Number(r.Temp) > 90);
    const want = meanBy(kept, "Month", "Wind");
    for (const row of tableOf(reply)) expect(Number(Object.values(row)[1])).toBeCloseTo(want.get(String(row.Month)) ?? Number.NaN, 2);
  });
});

describe("a plural time unit that is a calendar-position field's whole name", () => {
  it("'the number of days with Temp above 85 for each Month' counts rows, not the total of Day", async () => {
    const reply = await ask(air.table, "Show the number of days with Temp above 85 for each Month in a bar chart.");
    expect(reply.plan?.measure.agg).toBe("count");
    const want = countBy(
      air.rows.filter((r) => Number(r.Temp) > 85),
      "Month",
    );
    const rows = tableOf(reply);
    expect(rows.length).toBe(want.size);
    for (const row of rows) expect(Object.values(row)[1]).toBe(want.get(String(row.Month)));
  });
  it("'average Ozone by Day' in the singular stays the Day field", async () => {
    const reply = await ask(air.table, "average Ozone by Day");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Day"]);
  });
});

const econ = read("economics.csv");

describe("a time grain right after a sort word", () => {
  it("'order by year in descending order' sorts the years, not the averages", async () => {
    const reply = await ask(econ.table, "Plot the average unemploy by year in a bar chart, and order by year in descending order.");
    expect(reply.plan?.sort).toEqual({ by: "key", order: "desc" });
    const years = tableOf(reply).map((r) => String(Object.values(r)[0]));
    expect(years[0]).toBe("2015");
    expect(years[years.length - 1]).toBe("1967");
  });
  it("'order by Date asc' sorts the dates", async () => {
    const reply = await ask(air.table, "Show the Date and Temp of days in July with a Temp of at least 90 in a bar chart, order by Date asc.");
    expect(reply.plan?.sort).toEqual({ by: "key", order: "asc" });
  });
});

describe("a year with a temporal comparison said after it", () => {
  it("'for each year in 2010 or later' keeps the dates from 2010, not psavert >= 2010", async () => {
    const reply = await ask(econ.table, "Show the minimum psavert for each year in 2010 or later, in a bar chart.");
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["date"]);
    const years = tableOf(reply).map((r) => String(Object.values(r)[0]));
    expect(years).toEqual(["2010", "2011", "2012", "2013", "2014", "2015"]);
  });
});

describe("a line over a date field holding one row per date", () => {
  it("'Plot the unemploy over date' draws every monthly value, not yearly averages", async () => {
    const reply = await ask(econ.table, "Plot the unemploy over date in a line chart.");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "day" }]);
    const rows = tableOf(reply);
    expect(rows.length).toBe(econ.rows.length);
    expect(Number(Object.values(rows[0])[1])).toBe(Number(econ.rows[0].unemploy));
  });
});

describe("'from the X table' names the data, not an output", () => {
  it("'Count and group by mfr from the cereal table' draws the counts", async () => {
    const reply = await ask(cereal.table, "Count and group by mfr from the cereal table, and rank in ascending by the Y-axis please.");
    expect(reply.plan?.chart).toBe("bar");
  });
  it("'as a table' still asks for a table", async () => {
    const reply = await ask(cereal.table, "count by mfr as a table");
    expect(reply.plan?.chart).toBe("table");
  });
});

describe("a one-letter value linked to its field's name by 'is'", () => {
  it("'cereals whose mfr is K' keeps manufacturer K's rows", async () => {
    const reply = await ask(cereal.table, "Show the name and sugars of cereals whose mfr is K, with a bar chart, order by sugars desc.");
    expect(reply.plan?.filters).toEqual([{ field: "mfr", op: "eq", values: ["K"] }]);
    expect(tableOf(reply).length).toBe(cereal.rows.filter((r) => r.mfr === "K").length);
  });
});
