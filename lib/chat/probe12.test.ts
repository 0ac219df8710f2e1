// chat-probe12: conversations over unseen tables (lib/chat/testing/probe12) and the probing rounds'
// leftovers, each fixed by its general cause and tested here on small tables with other wordings. Expected
// numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { tableFromRows } from "./testing/load-csv";
import { askTurns as ask } from "./testing/ask";

// A small members table with a date field and a number whose name ends in a relative period.
const header = ["member", "store", "start_date", "orders_last_month", "spend", "tier"];
const rows: string[][] = [];
for (let i = 0; i < 40; i++) {
  const store = ["Oslo", "Bergen", "Tromso"][i % 3];
  const month = (i % 12) + 1;
  rows.push([
    `m${i}`,
    store,
    `202${3 + (i % 2)}-${String(month).padStart(2, "0")}-1${i % 10}`,
    String((i * 7) % 13),
    String(10 + ((i * 37) % 90)),
    ["gold", "silver", "bronze"][(i * 5) % 3],
  ]);
}
const members = tableFromRows(header, rows);
const col = (name: string) => rows.map((r) => r[header.indexOf(name)]);

describe("a relative period said inside a field's name is the field, not a period", () => {
  it.each(["average orders last month by store", "total orders last month per store"])("%s", async (q) => {
    const reply = await ask(members, q);
    expect(reply.plan?.measure.field).toBe("orders_last_month");
    expect(reply.plan?.filters).toEqual([]);
  });
  it("a period said next to another field still filters", async () => {
    const reply = await ask(members, "total spend last month");
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["start_date"]);
  });
});

describe("'how many is that in total?' after a grouped answer is one number over its rows", () => {
  it.each([
    ["how many members per store", "how many is that altogether?", rows.length],
    ["total spend by tier", "and in total?", col("spend").reduce((s, x) => s + Number(x), 0)],
  ])("%s | %s", async (first, second, want) => {
    const reply = await ask(members, first, second);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.messages[0].content).toContain(want.toLocaleString("en-US"));
  });
  it("a turn naming a grouping of its own keeps it", async () => {
    const reply = await ask(members, "how many members per store", "how many in total by tier");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["tier"]);
  });
});

// People coded by initials, and plans named by their values.
const pHeader = ["id", "sex", "plan", "minutes"];
const pRows: string[][] = [];
for (let i = 0; i < 30; i++) pRows.push([String(i), i % 3 === 0 ? "M" : "F", ["basic", "plus", "pro"][i % 3 === 0 ? 2 : i % 2], String(20 + ((i * 13) % 50))]);
const people = tableFromRows(pHeader, pRows);
const avg = (xs: string[][]) => xs.reduce((s, r) => s + Number(r[3]), 0) / xs.length;

describe("a field of the letters F and M is read from 'women', 'female', 'men'", () => {
  it.each([
    ["average minutes for women", "F"],
    ["average minutes of the male ones", "M"],
  ])("%s", async (q, v) => {
    const reply = await ask(people, q);
    expect(reply.plan?.filters).toEqual([{ field: "sex", op: "eq", values: [v] }]);
  });
  it("as a follow-up: 'only the men'", async () => {
    const reply = await ask(people, "average minutes by plan", "only the men");
    expect(reply.plan?.filters).toEqual([{ field: "sex", op: "eq", values: ["M"] }]);
    const want = avg(pRows.filter((r) => r[1] === "M" && r[2] === "pro"));
    expect(reply.messages[1].table?.find((r) => r.plan === "pro")?.["Average of minutes"]).toBeCloseTo(want, 3);
  });
});

describe("'what about A or B' after a count is one number over both values, not a grouping", () => {
  it.each(["what about plus or pro", "and basic or plus?", "how about plan basic or pro"])("%s", async (q) => {
    const reply = await ask(people, "how many people are on basic", q);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters[0].op).toBe("in");
  });
  it("values joined by 'and' may still be compared side by side", async () => {
    const reply = await ask(people, "how many people are on basic", "what about plus and pro");
    expect(reply.plan?.filters[0].values).toEqual(["plus", "pro"]);
  });
});

describe("'which of them is lowest?' after a top N picks among the ranked groups", () => {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r[1], (totals.get(r[1]) ?? 0) + Number(r[4]));
  const ranked = [...totals].sort((x, y) => y[1] - x[1]);
  it.each([
    ["which of them is lowest?", ranked[1]],
    ["and which of these is the smallest", ranked[1]],
  ])("top 2 | %s", async (q, want) => {
    const reply = await ask(members, "total spend by store", "top 2", q);
    expect(reply.plan?.within).toEqual({ order: "desc", limit: 2 });
    expect(reply.messages[1].table?.[0].store).toBe(want[0]);
    expect(reply.messages[0].content).toContain("among the 2");
  });
  it("without a word pointing back, the lowest of all", async () => {
    const reply = await ask(members, "total spend by store", "top 2", "which store is lowest?");
    expect(reply.plan?.within).toBeUndefined();
  });
});

describe("the event a date field dates, said as a verb next to a year, names that field", () => {
  const gym = tableFromRows(
    ["member_id", "club", "join_date", "fee"],
    Array.from({ length: 30 }, (_, i) => [String(100 + i), ["Leeds", "York"][i % 2], `202${2 + (i % 3)}-0${(i % 9) + 1}-15`, String(20 + i)]),
  );
  it.each([
    ["how many members joined in 2023", 2023],
    ["members who joined in 2024 by club", 2024],
  ])("%s", async (q, year) => {
    const reply = await ask(gym, q);
    expect(reply.plan?.filters).toEqual([{ field: "join_date", op: "eq", values: [String(year)] }]);
    expect(reply.plan?.groupBy.some((g) => g.field === "join_date")).toBe(false);
    expect(reply.assumptions?.join(" ") ?? "").not.toContain("did not use");
  });
});

describe("a number and a unit that one field's name states is that field's value ('60 month loans')", () => {
  const subs = tableFromRows(
    ["sub_id", "contract_months", "price", "region"],
    Array.from({ length: 24 }, (_, i) => [String(i), String([12, 24, 36][i % 3]), String(10 + ((i * 7) % 20)), ["N", "S"][i % 2]]),
  );
  it.each([
    ["how many 24 month subscriptions", 24],
    ["average price of 36 month subscriptions by region", 36],
  ])("%s", async (q, v) => {
    const reply = await ask(subs, q);
    expect(reply.plan?.filters).toEqual([{ field: "contract_months", op: "eq", values: [v] }]);
  });
  it("as a follow-up", async () => {
    const reply = await ask(subs, "average price by region", "only 12 month subscriptions");
    expect(reply.plan?.filters).toEqual([{ field: "contract_months", op: "eq", values: [12] }]);
  });
});

describe("'top 3 X by <yes/no field> rate' ranks X by that rate", () => {
  const loans = tableFromRows(
    ["loan", "branch", "lapsed"],
    Array.from({ length: 40 }, (_, i) => [String(i), ["A1", "B2", "C3", "D4"][i % 4], i % 4 === 0 || i % 7 === 0 ? "yes" : "no"]),
  );
  it.each(["top 2 branches by lapse rate", "the 3 branches with the highest lapsed rate"])("%s", async (q) => {
    const reply = await ask(loans, q);
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", field: "lapsed" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["branch"]);
  });
});

describe("a loose field word right before a field named outright is its modifier ('shipping cost')", () => {
  const parcels = tableFromRows(
    ["parcel_id", "ship_date", "delivery_days", "fee_usd", "courier"],
    Array.from({ length: 20 }, (_, i) => [`P${i}`, `2024-0${(i % 9) + 1}-10`, String(1 + (i % 6)), String(5 + i), ["Ace", "Bolt"][i % 2]]),
  );
  it.each([
    ["total shipping fee by courier", "sum"],
    ["average shipping fee", "mean"],
  ])("%s", async (q, agg) => {
    const reply = await ask(parcels, q);
    expect(reply.plan?.measure).toEqual({ agg, field: "fee_usd" });
    expect(reply.plan?.extraMeasures ?? []).toEqual([]);
  });
});

describe("'3 customers with the most orders': a count per group, ranked, not rows in no order", () => {
  const orders = tableFromRows(
    ["order_id", "client", "amount"],
    Array.from({ length: 60 }, (_, i) => [`O${i}`, `K${[1, 1, 1, 2, 2, 3, 4, 4, 4, 4, 5, 6][i % 12]}`, String(10 + i)]),
  );
  const counts = new Map<string, number>();
  for (let i = 0; i < 60; i++) {
    const k = `K${[1, 1, 1, 2, 2, 3, 4, 4, 4, 4, 5, 6][i % 12]}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const top = [...counts].sort((x, y) => y[1] - x[1]);
  it.each(["2 clients with the most orders", "the 2 clients with the most rows"])("%s", async (q) => {
    const reply = await ask(orders, q);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["client"]);
    expect(reply.plan?.limit).toBe(2);
    expect(reply.messages[1].table?.map((r) => r.client)).toEqual(top.slice(0, 2).map((x) => x[0]));
    expect(reply.assumptions?.join(" ") ?? "").not.toContain('"2"');
  });
});

describe("values listed with 'and' that are every value of their field are compared side by side", () => {
  const risk = tableFromRows(
    ["id", "rating", "amount"],
    Array.from({ length: 20 }, (_, i) => [String(i), i % 3 === 0 ? "low" : "high", String(100 + i * 10)]),
  );
  it("average amount for high and low", async () => {
    const reply = await ask(risk, "average amount for high and low");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["rating"]);
    expect(reply.plan?.filters).toEqual([]);
  });
  it("with 'or' it stays one number over both", async () => {
    const reply = await ask(risk, "average amount for high or low");
    expect(reply.plan?.groupBy).toEqual([]);
  });
});

describe("people counted by their identifier when two may share a name", () => {
  // Two pupils named "Ann Lee" with different ids, each with two rows (terms).
  const pupils = tableFromRows(
    ["pupil_id", "pupil", "form", "score"],
    [
      ["P1", "Ann Lee", "A", "50"],
      ["P1", "Ann Lee", "A", "60"],
      ["P2", "Ann Lee", "A", "70"],
      ["P2", "Ann Lee", "A", "65"],
      ["P3", "Bo Chen", "B", "55"],
      ["P3", "Bo Chen", "B", "58"],
    ],
  );
  it("how many pupils in each form", async () => {
    const reply = await ask(pupils, "how many pupils in each form");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "pupil_id" });
    expect(reply.messages[1].table?.find((r) => r.form === "A")).toMatchObject({ "Number of distinct values of pupil_id": 2 });
  });
});

describe("'how many days had X' over several rows per day counts the days", () => {
  // Two sites per day; snow on both sites on 01-02, on one site on 01-04.
  const weather = tableFromRows(
    ["obs_date", "site", "sky"],
    [
      ["2024-01-01", "N", "sun"],
      ["2024-01-01", "S", "sun"],
      ["2024-01-02", "N", "snow"],
      ["2024-01-02", "S", "snow"],
      ["2024-01-03", "N", "sun"],
      ["2024-01-03", "S", "rain"],
      ["2024-01-04", "N", "snow"],
      ["2024-01-04", "S", "sun"],
    ],
  );
  it("how many days had snow", async () => {
    const reply = await ask(weather, "how many days had snow");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "obs_date" });
    expect(reply.messages[0].content).toContain("is 2.");
  });
});

describe("a nightly or daily rate is a price (vocabulary)", () => {
  const stays = tableFromRows(
    ["stay_id", "hotel", "room_price", "nights"],
    Array.from({ length: 12 }, (_, i) => [String(i), ["Alpha", "Beta"][i % 2], String(80 + i * 5), String(1 + (i % 4))]),
  );
  it.each(["average daily rate by hotel", "mean rate per night by hotel"])("%s", async (q) => {
    const reply = await ask(stays, q);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "room_price" });
  });
});

describe("a yes/no field named by a past form is also named by its noun in -ance ('insured': 'insurance')", () => {
  const classes = tableFromRows(
    ["session", "attended", "fee"],
    Array.from({ length: 10 }, (_, i) => [String(i), i % 3 === 0 ? "no" : "yes", String(10 + i)]),
  );
  it.each([
    ["total fee without attendance", "no"],
    ["how many sessions with attendance", "yes"],
  ])("%s", async (q, v) => {
    const reply = await ask(classes, q);
    expect(reply.plan?.filters).toEqual([{ field: "attended", op: "eq", values: [v] }]);
  });
});

describe("'drop', 'omit', 'take out' a value exclude it", () => {
  it.each(["drop the Bergen store", "omit Bergen", "take out Bergen"])("how many members per store | %s", async (q) => {
    const reply = await ask(members, "how many members per store", q);
    expect(reply.plan?.filters).toEqual([{ field: "store", op: "neq", values: ["Bergen"] }]);
  });
  it("'drop the filter' still removes the filter", async () => {
    const reply = await ask(members, "how many members in Oslo by tier", "drop the filter");
    expect(reply.plan?.filters).toEqual([]);
  });
});

describe("'just for A and B' after a grouping keeps the grouping and filters to both values", () => {
  it.each(["just for Oslo and Bergen", "only Oslo and Bergen"])("total spend by tier | %s", async (q) => {
    const reply = await ask(members, "total spend by tier", q);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["tier"]);
    expect(reply.plan?.filters).toEqual([{ field: "store", op: "in", values: ["Oslo", "Bergen"] }]);
  });
});

describe("'worst' and 'best' rank an unwanted event's rate the other way", () => {
  // Default rates: X1 5 of 10, Y2 3 of 10, Z3 1 of 10.
  const yes: Record<string, number> = { X1: 5, Y2: 3, Z3: 1 };
  const accounts = tableFromRows(
    ["acct", "branch", "defaulted"],
    Array.from({ length: 30 }, (_, i) => {
      const b = ["X1", "Y2", "Z3"][i % 3];
      return [String(i), b, Math.floor(i / 3) < yes[b] ? "yes" : "no"];
    }),
  );
  it.each([
    ["which branch has the worst default rate", "X1"],
    ["which branch has the best default rate", "Z3"],
  ])("%s", async (q, want) => {
    const reply = await ask(accounts, q);
    expect(reply.messages[1].table?.[0].branch).toBe(want);
  });
});
