// chat-p46: nvBench-style chart requests over new Spider-style tables (lib/chat/testing/probe46), each fixed by its
// general cause and tested here on made-up rows with other wordings than the probe's. Expected numbers come from the
// rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, labelledNumbers as pairs, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

/** A small table from rows of strings, and the rows as records for the expected answers. */
function made(header: string[], rows: (string | number)[][]) {
  const text = rows.map((r) => r.map(String));
  return { table: tableFromRows(header, text), rows: text.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

function countBy(rows: Record<string, string>[], f: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[f], (out.get(r[f]) ?? 0) + 1);
  return out;
}

const AIRLINES = ["Delta", "United", "Alaska", "Delta", "Delta", "United", "JetBlue", "Alaska", "Delta", "United", "Delta", "JetBlue"];
const flights = made(
  ["Flight_ID", "Flight_Number", "Airline", "Origin", "Distance"],
  AIRLINES.map((airline, i) => [i + 1, 1000 + ((i * 7919) % 8000), airline, ["SEA", "JFK", "ATL"][i % 3], 300 + ((i * 137) % 2200)]),
);

describe("'the number of flights' counts flights, not a Flight_Number field said with its words turned round", () => {
  it("'order by the number of flights' ranks the count per airline", async () => {
    const reply = await askTurns(
      flights.table,
      "How many flights does each airline run? Show a bar chart, and order by the number of flights in descending order.",
    );
    expect(reply.plan?.measure).toMatchObject({ agg: "count", field: null });
    const want = countBy(flights.rows, "Airline");
    expect(pairs(reply, "Airline")).toEqual(want);
    const counts = tableOf(reply).map((r) => Number(Object.values(r).find((v) => typeof v === "number")));
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });
  it("'the number of flights for each origin' is a count too", async () => {
    const reply = await askTurns(flights.table, "Draw a bar chart of the number of flights for each origin.");
    expect(reply.plan?.measure).toMatchObject({ agg: "count", field: null });
    expect(pairs(reply, "Origin")).toEqual(countBy(flights.rows, "Origin"));
  });
  it("'the flight number' is still the field", async () => {
    const reply = await askTurns(flights.table, "what is the largest flight number for each airline?");
    expect(reply.plan?.measure).toMatchObject({ agg: "max", field: "Flight_Number" });
  });
});

const books = made(
  ["Book_ID", "Title", "publish_year", "Pages"],
  Array.from({ length: 14 }, (_, i) => [i + 1, `Book ${String.fromCharCode(65 + i)}`, 2010 + ((i * 5) % 6), 120 + ((i * 53) % 400)]),
);

describe("'the number of books published in each year': the grouping word inside the field's words groups by it", () => {
  it("counts the books per publish_year in a line chart", async () => {
    const reply = await askTurns(
      books.table,
      "Show the number of books published in each year with a line chart, and sort by publish_year in ascending order.",
    );
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["publish_year"]);
    expect(reply.plan?.measure).toMatchObject({ agg: "count", field: null });
    expect(pairs(reply, "publish_year")).toEqual(countBy(books.rows, "publish_year"));
  });
});

const members = made(
  ["Member_ID", "Name", "Gender", "Level"],
  Array.from({ length: 15 }, (_, i) => [i + 1, `Member ${i + 1}`, i % 3 === 0 ? "F" : "M", ["Gold", "Silver"][i % 2]]),
);

describe("'the proportion of male and female members': the values named are the groups, not a 100% rate", () => {
  it("shares out the rows by Gender in a pie", async () => {
    const reply = await askTurns(members.table, "What is the proportion of male and female members? Return a pie chart.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Gender"]);
    const got = pairs(reply, "Gender");
    const want = countBy(members.rows, "Gender");
    const total = members.rows.length;
    for (const [g, n] of want) expect([n, (100 * n) / total].some((v) => Math.abs((got.get(g) ?? NaN) - v) < 0.01)).toBe(true);
  });
  it("'the share of gold members' is still a rate", async () => {
    const reply = await askTurns(members.table, "what share of members are Gold?");
    expect(reply.plan?.measure.agg).toBe("rate");
  });
});

const visits = made(
  ["Visit_ID", "Clinic", "Visit_Start", "Length_Minutes", "Charge"],
  Array.from({ length: 16 }, (_, i) => [
    i + 1,
    ["North", "South", "East"][i % 3],
    `${2019 + (i % 3)}-${String(1 + ((i * 5) % 12)).padStart(2, "0")}-${String(1 + ((i * 7) % 27)).padStart(2, "0")} 09:30:00`,
    [15, 30, 45, 60][i % 4],
    40 + ((i * 37) % 200),
  ]),
);

describe("'over the year of Visit_Start': a period word said of a date field is its grain", () => {
  it("counts the visits per year, not per month", async () => {
    const reply = await askTurns(visits.table, "Show the trend of the number of visits over the year of Visit_Start with a line chart.");
    expect(reply.plan?.groupBy).toEqual([{ field: "Visit_Start", bucket: "year" }]);
    expect(pairs(reply, "Visit_Start")).toEqual(
      countBy(
        visits.rows.map((r) => ({ ...r, y: r.Visit_Start.slice(0, 4) })),
        "y",
      ),
    );
  });
});

describe("'with a length of at least 30 minutes': the field named before the comparison and by its unit is one filter", () => {
  it("filters on Length_Minutes and groups by Clinic alone", async () => {
    const reply = await askTurns(visits.table, "What is the highest charge of visits in each clinic with a length of at least 30 minutes? Bar chart.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Clinic"]);
    expect(reply.plan?.filters).toEqual([{ field: "Length_Minutes", op: "gte", values: [30] }]);
    const want = new Map<string, number>();
    for (const r of visits.rows) if (Number(r.Length_Minutes) >= 30) want.set(r.Clinic, Math.max(want.get(r.Clinic) ?? -Infinity, Number(r.Charge)));
    expect(pairs(reply, "Clinic")).toEqual(want);
  });
});

const pupils = made(
  ["PupilID", "Lname", "Fname", "Age", "House"],
  Array.from({ length: 12 }, (_, i) => [i + 1, `Surname${i}`, ["Ann", "Bo", "Cy", "Di"][i % 4], 10 + ((i * 3) % 7), ["Red", "Blue"][i % 2]]),
);

describe("'first names' over Fname and Lname, and 'what are the X and Y of ...' as the rows", () => {
  it("reads 'first names' as Fname and lists each pupil's age, oldest first", async () => {
    const reply = await askTurns(
      pupils.table,
      "What are the first names and ages of pupils in the Red house, show by a bar chart, and rank by age from high to low.",
    );
    expect(reply.plan).toMatchObject({ intent: "rows", x: "Fname", y: "Age", sort: { by: "value", order: "desc" } });
    const want = pupils.rows.filter((r) => r.House === "Red").map((r) => Number(r.Age));
    expect(tableOf(reply).map((r) => r.Age)).toEqual(want.sort((x, y) => y - x));
  });
  it("reads 'last name' as Lname", async () => {
    const reply = await askTurns(pupils.table, "show the last name and age of each pupil in a bar chart");
    expect([reply.plan?.x, ...(reply.plan?.groupBy.map((g) => g.field) ?? [])]).toContain("Lname");
  });
});

/** The table with the text field `name` typed as ingestion types free text (not a category). */
function asText(table: Table, name: string): Table {
  return { ...table, columns: table.columns.map((c) => (c.name === name && c.kind === "text" ? { ...c, type: "string" as const } : c)) };
}

const movies = made(
  ["movie_id", "title", "loan_duration", "rental_rate", "length"],
  Array.from({ length: 64 }, (_, i) => [
    i + 1,
    `MOVIE ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`,
    3 + (i % 5),
    [0.99, 2.99, 4.99][i % 3],
    80 + ((i * 29) % 110),
  ]),
);
const QUESTION = "What are the titles and rental rates of movies longer than 120 minutes? Draw a bar chart, and rank by title in descending.";
const longTitles = (rows: Record<string, string>[]) =>
  rows
    .filter((r) => Number(r.length) > 120)
    .map((r) => r.title)
    .sort()
    .reverse();

describe("'longer than 120 minutes' compares the field the unit names, and rows ordered by their label", () => {
  it("filters on length (said 'minutes'), not on loan_duration, and sorts the rows by title", async () => {
    const reply = await askTurns(movies.table, QUESTION);
    expect(reply.plan?.filters).toEqual([{ field: "length", op: "gt", values: [120] }]);
    expect(reply.plan).toMatchObject({ intent: "rows", x: "title", y: "rental_rate", sort: { by: "key", order: "desc" } });
    expect(tableOf(reply).map((r) => r.title)).toEqual(longTitles(movies.rows));
  });
  it("sorts by title where the title is free text, one per row", async () => {
    const reply = await askTurns(asText(movies.table, "title"), QUESTION);
    expect(reply.plan).toMatchObject({ intent: "rows", x: "title", y: "rental_rate", sort: { by: "key", order: "desc" } });
    expect(tableOf(reply).map((r) => r.title)).toEqual(longTitles(movies.rows));
  });
});

const orders = made(
  ["Order_ID", "Store_No", "Region", "Driver", "Amount"],
  Array.from({ length: 60 }, (_, i) => [
    i + 1,
    1 + ((i * 7) % 20),
    ["North", "South", "West"][i % 3],
    ["Ana", "Ben", "Cho", "Dev"][i % 4],
    20 + ((i * 53) % 300),
  ]),
);

describe("'for each store no': whole numbers named as a code that repeat over rows are a key to group by", () => {
  it("totals the amount per Store_No, ordered by it", async () => {
    const reply = await askTurns(orders.table, "For each store no, what is the total amount? Show a bar chart, and list by store no from low to high.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Store_No"]);
    const want = new Map<string, number>();
    for (const r of orders.rows) want.set(r.Store_No, (want.get(r.Store_No) ?? 0) + Number(r.Amount));
    expect(pairs(reply, "Store_No")).toEqual(want);
    const keys = tableOf(reply).map((r) => Number(r.Store_No));
    expect(keys).toEqual([...keys].sort((x, y) => x - y));
  });
});

describe("'sort the bars by region name': the name of a field of labels is that field, sorted on", () => {
  it("averages per Region alone (not per Driver), sorted by region Z to A", async () => {
    const named = made(
      ["Region", "Name", "Amount"],
      orders.rows.map((r) => [r.Region, r.Driver, r.Amount]),
    );
    const reply = await askTurns(named.table, "Show the average amount for each region with a bar chart, sort the bars by region name in descending.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
    expect(tableOf(reply).map((r) => r.Region)).toEqual(["West", "South", "North"]);
  });
});

describe("'for premium members' names the members, not their Member_ID key", () => {
  it("counts the orders per Region for the filtered rows, with no grouping by Member_ID", async () => {
    const tiers = made(
      ["Order_ID", "Member_ID", "Region", "Membership_Level", "Amount"],
      orders.rows.map((r, i) => [r.Order_ID, r.Store_No, r.Region, i % 3 === 0 ? "Premium" : "Basic", r.Amount]),
    );
    const reply = await askTurns(tiers.table, "how many orders per region for premium members, show a bar chart sorted by count descending");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
  });
});

describe("a pie of 'the proportion of the number of X for each Y where ...': parts of the rows kept, not rates", () => {
  it("shares out the orders under 150 by Region", async () => {
    const reply = await askTurns(
      orders.table,
      "Give me a pie chart about the proportion of the number of orders for each region where amount is less than 150",
    );
    expect(reply.plan?.measure.agg).not.toBe("rate");
    const kept = orders.rows.filter((r) => Number(r.Amount) < 150);
    const got = pairs(reply, "Region");
    for (const [region, n] of countBy(kept, "Region"))
      expect([n, (100 * n) / kept.length].some((v) => Math.abs((got.get(region) ?? NaN) - v) < 0.01)).toBe(true);
  });
  it("'the default rate for each region in a pie' keeps the rate said outright", async () => {
    const reply = await askTurns(orders.table, "show the rate of amount above 150 for each region in a pie chart");
    expect(reply.plan?.measure.agg).toBe("rate");
  });
});

describe("a line asked for over days of the week is a line", () => {
  it("draws the count per weekday as a line", async () => {
    const reply = await askTurns(visits.table, "What is the number of visits on each day of the week? Show a line chart");
    expect(reply.plan?.groupBy).toEqual([{ field: "Visit_Start", bucket: "weekday" }]);
    const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
    expect((fig?.layout.meta as { chart?: string } | undefined)?.chart).toBe("line");
  });
});

describe("a grouping word that is one of a field's own words ('miles per gallon') groups nothing", () => {
  it("does not group by MPG", async () => {
    const cars = made(
      ["Name", "Cylinders", "MPG", "Weight"],
      Array.from({ length: 40 }, (_, i) => [`car ${i}`, [4, 6, 8][i % 3], 12 + ((i * 7) % 30) + 0.5, 1800 + ((i * 97) % 2500)]),
    );
    const reply = await askTurns(cars.table, "how is the number of cylinders related to miles per gallon");
    expect(reply.plan?.groupBy.map((g) => g.field) ?? []).not.toContain("MPG");
  });
});
