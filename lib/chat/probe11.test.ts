// Probe11 (issue 12): analytic questions over real Spider tables of nvbench-dev (lib/chat/testing/probe11).
// Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerChat, type ChatReply } from "./index";
import type { Table } from "../table/types";
import { readCsvTableAndRows, tableFromCsv } from "./testing/load-csv";
import { withoutStorageWords } from "./understand/lexicon";

const dir = path.join(__dirname, "testing", "probe11");
const read = (file: string) => ({ ...readCsvTableAndRows(path.join(dir, file)), name: file.replace(/\.csv$/, "") });
/** A conversation over a table named as the probe runner names it (the file's name: "faculty" is the rows' noun). */
async function ask(data: { table: Table; name: string }, ...turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const t of turns.slice(0, -1)) messages.push({ role: "user", content: t }, { role: "assistant", content: "ok" });
  messages.push({ role: "user", content: turns[turns.length - 1] });
  return answerChat({ table: data.table, datasetName: data.name, messages });
}
const companies = read("companies.csv");

const oneNumber = (reply: ChatReply) => {
  const row = reply.messages.find((m) => m.table)?.table?.[0] ?? {};
  return Number(Object.entries(row).find(([k]) => k !== "rows")?.[1]);
};

describe("a number said with the scale its field's name states", () => {
  it("'sales between 100 and 200 billion' on Sales_billion compares 100..200", async () => {
    const reply = await ask(companies, "how many companies have sales between 100 and 200 billion");
    expect(reply.plan?.filters).toEqual([{ field: "Sales_billion", op: "between", values: [100, 200] }]);
    const n = companies.rows.filter((r) => Number(r.Sales_billion) >= 100 && Number(r.Sales_billion) <= 200).length;
    expect(oneNumber(reply)).toBe(n);
  });
  it("'profits above 20 billion' on Profits_billion compares with 20", async () => {
    const reply = await ask(companies, "how many companies have profits above 20 billion");
    expect(reply.plan?.filters).toEqual([{ field: "Profits_billion", op: "gt", values: [20] }]);
    expect(oneNumber(reply)).toBe(companies.rows.filter((r) => Number(r.Profits_billion) > 20).length);
  });
});

const faculty = read("faculty.csv");
const journalists = read("journalists.csv");

describe("one-letter codes of a Sex field said as words", () => {
  it("'how many women are on the faculty' counts Sex = F", async () => {
    const reply = await ask(faculty, "how many women are on the faculty");
    expect(reply.plan?.filters).toEqual([{ field: "Sex", op: "eq", values: ["F"] }]);
    expect(oneNumber(reply)).toBe(faculty.rows.filter((r) => r.Sex === "F").length);
  });
  it("'just the women' after a count by rank keeps Sex = F", async () => {
    const reply = await ask(faculty, "number of faculty by rank", "just the women");
    expect(reply.plan?.filters).toEqual([{ field: "Sex", op: "eq", values: ["F"] }]);
    expect(reply.plan?.groupBy).toEqual([{ field: "Rank", bucket: null }]);
  });
});

describe("demonyms of the nations of the UK", () => {
  it("'except the English ones' leaves England out", async () => {
    const reply = await ask(journalists, "average age of journalists except the English ones");
    expect(reply.plan?.filters).toEqual([{ field: "Nationality", op: "neq", values: ["England"] }]);
    const kept = journalists.rows.filter((r) => r.Nationality !== "England");
    expect(oneNumber(reply)).toBeCloseTo(kept.reduce((s, r) => s + Number(r.Age), 0) / kept.length, 2);
  });
});

describe("a follow-up value of the field a rate counts", () => {
  const wta = read("wta_matches.csv");
  it("'and on clay?' after 'what share of matches were on grass' is the share on clay", async () => {
    const reply = await ask(wta, "what share of matches were on grass", "and on clay?");
    expect(reply.plan?.measure.condition).toEqual({ field: "surface", op: "eq", values: ["Clay"] });
    expect(reply.plan?.filters).toEqual([]);
    expect(oneNumber(reply)).toBeCloseTo((100 * wta.rows.filter((r) => r.surface === "Clay").length) / wta.rows.length, 1);
  });
});

describe("people in a role over a table of things", () => {
  it("'average number of employees by industry' over companies is no such field, not a count of companies", async () => {
    const reply = await ask(companies, "average number of employees by industry");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain('"employees"');
  });
  it("'how many companies by industry' still counts the rows", async () => {
    const reply = await ask(companies, "how many companies are there by industry");
    expect(reply.plan?.measure.agg).toBe("count");
  });
});

describe("the row named by its name, not its id", () => {
  it("'which company has the highest market value' names the company, not its id", async () => {
    const reply = await ask(companies, "which company has the highest market value");
    const best = companies.rows.reduce((a, b) => (Number(b.Market_Value_billion) > Number(a.Market_Value_billion) ? b : a));
    expect(reply.messages[0].content.startsWith(best.name)).toBe(true);
  });
});

describe("casual words for real tables' columns (vocab)", () => {
  const flights = read("flights.csv");
  it("'fare' names price", async () => {
    const reply = await ask(flights, "what's the average fare");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "price" });
  });
  it("'the 2 most experienced journalists' ranks by Years_working", async () => {
    const reply = await ask(journalists, "2 most experienced journalists");
    const table = reply.messages.find((m) => m.table)?.table ?? [];
    const want = [...journalists.rows].sort((a, b) => Number(b.Years_working) - Number(a.Years_working)).slice(0, 2);
    expect(table.map((r) => r.Name)).toEqual(want.map((r) => r.Name));
  });
  it("'which 3 destinations are the furthest away' ranks destinations by distance", async () => {
    const reply = await ask(flights, "which 3 destinations are the furthest away");
    expect(reply.plan?.measure.field).toBe("distance");
    expect(reply.plan?.limit).toBe(3);
  });
});

describe("the noun several fields start with names its name field", () => {
  const wta = read("wta_matches.csv");
  const countBy = (f: string, rows: Record<string, string>[]) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(r[f], (m.get(r[f]) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  it("'the two tournaments with the most matches' counts by tourney_name", async () => {
    const reply = await ask(wta, "the two tournaments with the most matches");
    expect(reply.plan?.groupBy).toEqual([{ field: "tourney_name", bucket: null }]);
    const table = reply.messages.find((m) => m.table)?.table ?? [];
    expect(table.map((r) => r.tourney_name)).toEqual(
      countBy("tourney_name", wta.rows)
        .slice(0, 2)
        .map((e) => e[0]),
    );
  });
  it("'which player won the most matches' counts by winner_name, and 'on clay?' keeps that reading", async () => {
    const reply = await ask(wta, "which player won the most matches");
    expect(reply.plan?.groupBy).toEqual([{ field: "winner_name", bucket: null }]);
    expect(reply.messages[0].content.startsWith(countBy("winner_name", wta.rows)[0][0])).toBe(true);
    const clay = await ask(wta, "which player won the most matches", "on clay?");
    const table = clay.messages.find((m) => m.table)?.table ?? [];
    expect(table[0]?.winner_name).toBe(
      countBy(
        "winner_name",
        wta.rows.filter((r) => r.surface === "Clay"),
      )[0][0],
    );
  });
});

describe("follow-ups that change a comparison or a ranking", () => {
  it("'and above 15?' after 'profits above 20 billion' compares Profits_billion with 15, and names no unused words", async () => {
    const reply = await ask(companies, "how many companies have profits above 20 billion", "and above 15?");
    expect(reply.plan?.filters).toEqual([{ field: "Profits_billion", op: "gt", values: [15] }]);
    expect(oneNumber(reply)).toBe(companies.rows.filter((r) => Number(r.Profits_billion) > 15).length);
    expect(reply.messages[0].content).not.toContain("did not use");
  });
  it("'now the cheapest 2' after a top 3 shows the 2 lowest", async () => {
    const flights = read("flights.csv");
    const reply = await ask(flights, "average price by destination", "top 3", "now the cheapest 2");
    expect(reply.plan?.limit).toBe(2);
    expect(reply.plan?.sort?.order).toBe("asc");
  });
});

describe("a value held by both ends of a route", () => {
  const flights = read("flights.csv");
  const mean = (rows: Record<string, string>[]) => rows.reduce((s, r) => s + Number(r.price), 0) / rows.length;
  it("'flights from Los Angeles' is the origin", async () => {
    const reply = await ask(flights, "average ticket price of flights from Los Angeles");
    expect(reply.plan?.filters).toEqual([{ field: "origin", op: "eq", values: ["Los Angeles"] }]);
    expect(oneNumber(reply)).toBeCloseTo(mean(flights.rows.filter((r) => r.origin === "Los Angeles")), 2);
  });
  it("'flights to Chicago' (an origin too) is the destination", async () => {
    const reply = await ask(flights, "how many flights go to Chicago");
    expect(reply.plan?.filters).toEqual([{ field: "destination", op: "eq", values: ["Chicago"] }]);
  });
  it("'flights that don't leave from Los Angeles': the negation over one verb", async () => {
    const reply = await ask(flights, "average price of flights that don't leave from Los Angeles");
    expect(reply.plan?.filters).toEqual([{ field: "origin", op: "neq", values: ["Los Angeles"] }]);
    expect(oneNumber(reply)).toBeCloseTo(mean(flights.rows.filter((r) => r.origin !== "Los Angeles")), 2);
  });
});

describe("a date field counted over, then its period", () => {
  const customers = read("customers.csv");
  const year = (s: string) => Number(s.slice(0, 4));
  it("'how many customers were born before 1995' is one number", async () => {
    const reply = await ask(customers, "how many customers were born before 1995");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(oneNumber(reply)).toBe(customers.rows.filter((r) => year(r.date_of_birth) < 1995).length);
  });
  it("'how many customers joined in 2016' is one number on date_became_customer", async () => {
    const reply = await ask(customers, "how many customers joined in 2016");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["date_became_customer"]);
    expect(oneNumber(reply)).toBe(customers.rows.filter((r) => year(r.date_became_customer) === 2016).length);
  });
  it("'only customers who joined in 2017' as a follow-up filters date_became_customer", async () => {
    const reply = await ask(customers, "average amount outstanding by customer status", "only customers who joined in 2017");
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["date_became_customer"]);
    expect(reply.plan?.groupBy).toEqual([{ field: "customer_status_code", bucket: null }]);
  });
});

describe("a field of country names is the country", () => {
  it("'which country is home to the most companies' counts by Headquarters", async () => {
    const reply = await ask(companies, "which country is home to the most companies");
    expect(reply.plan?.groupBy).toEqual([{ field: "Headquarters", bucket: null }]);
    expect(reply.messages[0].content.startsWith("USA")).toBe(true);
  });
});

describe("a verb of the agent a name field names", () => {
  const wta = read("wta_matches.csv");
  it("in the passive it is the event, not the agent: 'how many matches were won by ...' counts no names", async () => {
    const reply = await ask(wta, "how many matches were won by players not from the USA");
    expect(reply.plan?.measure.agg ?? "count").not.toBe("distinct");
  });
  it("a value of winner_ioc and loser_ioc goes with the winner named elsewhere", async () => {
    const reply = await ask(wta, "which winner from the USA won the most matches");
    expect(reply.plan?.filters).toEqual([{ field: "winner_ioc", op: "eq", values: ["USA"] }]);
  });
});

describe("a plural naming the field of one value per row, after a share word", () => {
  const csv =
    "School_ID,School,Location,Boys_or_Girls\n1,St Aloysius' College,Milsons Point,Boys\n2,Barker College,Hornsby,Girls\n3,Cranbrook School,Bellevue Hill,Boys\n4,Knox Grammar School,Wahroonga,Boys\n";
  const school = { table: tableFromCsv(csv), name: "school" };
  it("'what share of schools are boys' is one share over the rows, not one per school", async () => {
    const reply = await ask(school, "what share of schools are boys");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(oneNumber(reply)).toBeCloseTo(75, 1);
  });
});

describe("a power after a unit in a field's name", () => {
  it("'Area_km_2' is said 'area'", () => {
    expect(withoutStorageWords(["area", "km", "2"])).toEqual(["area"]);
    expect(withoutStorageWords(["top", "2"])).toBeNull();
  });
});

describe("a unit between the number and the field compared", () => {
  const csv = "Name,Phone_ID,Memory_in_G,Carrier,Price\nA,1,32,Sprint,899\nB,2,16,Sprint,640\nC,3,64,TMobile,699\nD,4,128,Sprint,1000\nE,5,128,TMobile,480\n";
  const phones = { table: tableFromCsv(csv), name: "phone" };
  it("'phones with more than 32 GB of memory' compares Memory_in_G, not the price named before", async () => {
    const reply = await ask(phones, "average price of phones with more than 32 GB of memory");
    expect(reply.plan?.filters).toEqual([{ field: "Memory_in_G", op: "gt", values: [32] }]);
    expect(oneNumber(reply)).toBeCloseTo((699 + 1000 + 480) / 3, 1);
  });
});

describe("a field named with 'a'/'an' right after a value", () => {
  const csv =
    "Musical_ID,Name,Award,Result\n1,Phantom,Tony Award,Nominated\n2,Les Mis,Tony Award,Nominated\n3,West Side Story,Tony Award,Won\n4,Rent,Drama Desk Award,Nominated\n5,Chicago,Drama Desk Award,Won\n6,Cats,Drama Desk Award,Won\n";
  const musicals = { table: tableFromCsv(csv), name: "musical" };
  it("'how many musicals won an award' counts the rows that won, not by award", async () => {
    const reply = await ask(musicals, "how many musicals won an award");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(oneNumber(reply)).toBe(3);
  });
});

describe("found on other nvbench tables", () => {
  it("'which record company has the most orchestras' counts rows by Record_Company (Orchestra holds one name per row)", async () => {
    const csv =
      "Orchestra_ID,Orchestra,Record_Company,Year_of_Founded\n1,London Symphony,Decca,1904\n2,Berlin Phil,DG,1882\n3,Vienna Phil,Decca,1842\n4,Chicago Symphony,RCA,1891\n5,Detroit Symphony,Decca,1887\n";
    const reply = await ask({ table: tableFromCsv(csv), name: "orchestra" }, "which record company has the most orchestras");
    expect(reply.plan?.groupBy).toEqual([{ field: "Record_Company", bucket: null }]);
    expect(reply.messages[0].content.startsWith("Decca")).toBe(true);
  });
  it("'average high estimate by year excluding 1995' leaves 1995 out of a year field", async () => {
    const csv = "Estimation_ID,High_Estimate,Year\n1,100,1994\n2,200,1995\n3,300,1995\n4,400,1996\n";
    const reply = await ask({ table: tableFromCsv(csv), name: "film_market_estimation" }, "average high estimate by year excluding 1995");
    expect(reply.plan?.filters).toEqual([{ field: "Year", op: "neq", values: [1995] }]);
  });
});
