// chat-p40: business tables as companies export them (probe40, issue 12). Tested on made-up tables with other
// field names and wordings than the probe's; expected numbers come from the rows with plain loops, never from the
// engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

// A fixed pseudo-random sequence: the same tables every run.
let seed = 40;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));

// A shop's daily export: money as "$1,234.50", a percent as "12.5%", visits per day and store.
const shopHeader = ["day", "store", "visits", "Net Sales", "margin_pct"];
const stores = ["Downtown", "Airport", "Harbor"];
const shopRows: string[][] = Array.from({ length: 120 }, (_, i) => {
  const net = 800 + Math.round(next() * 250000) / 100;
  return [
    `2025-${String(1 + (Math.floor(i / 3) % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
    stores[i % 3],
    String(20 + Math.floor(next() * 200)),
    `$${net.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    `${(5 + Math.round(next() * 300) / 10).toFixed(1)}%`,
  ];
});
const shop: Table = tableFromRows(shopHeader, shopRows);
const money = (s: string) => Number(s.replace(/[$,]/g, ""));

describe("money and percent written as text are numbers", () => {
  it("'$1,234.50' cells are a number field: 'average net sales by store'", async () => {
    expect(shop.columns.find((c) => c.name === "Net Sales")?.kind).toBe("number");
    const reply = await askTurns(shop, "average net sales by store");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "Net Sales" });
    for (const row of tableOf(reply)) {
      const want = mean(shopRows.filter((r) => r[1] === row.store).map((r) => money(r[3])));
      expect(firstNumber(row)).toBeCloseTo(want, 2);
    }
  });
  it("'12.5%' cells are read as the number written: 'average margin for Harbor'", async () => {
    const reply = await askTurns(shop, "average margin_pct for Harbor");
    const want = mean(shopRows.filter((r) => r[1] === "Harbor").map((r) => Number(r[4].replace("%", ""))));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
  });
});

describe("web counts add up by default", () => {
  it("'visits by store' is the total of visits, not their average", async () => {
    const reply = await askTurns(shop, "visits by store");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "visits" });
    const siteHeader = ["date", "channel", "sessions", "conversions"];
    const siteRows = Array.from({ length: 60 }, (_, i) => [
      `2025-03-${String(1 + (i % 30)).padStart(2, "0")}`,
      i % 2 ? "email" : "search",
      String(10 + i),
      String(i % 5),
    ]);
    const site = tableFromRows(siteHeader, siteRows);
    for (const [q, field] of [
      ["sessions by channel", "sessions"],
      ["conversions per channel", "conversions"],
    ]) {
      const r = await askTurns(site, q);
      expect(r.plan?.measure).toMatchObject({ agg: "sum", field });
      const col = siteHeader.indexOf(field);
      for (const row of tableOf(r)) expect(firstNumber(row)).toBe(sum(siteRows.filter((x) => x[1] === row.channel).map((x) => Number(x[col]))));
    }
  });
});

// Stays: one row per stay, booked on one day and checked out some days later.
const stayHeader = ["Booking Date", "Checkout Date", "Hotel", "Amount"];
const stayRows: string[][] = Array.from({ length: 90 }, (_, i) => {
  const booked = new Date(Date.UTC(2024, 9, 1) + i * 5 * 86_400_000);
  const out = new Date(booked.getTime() + (1 + (i % 9)) * 86_400_000 * 4);
  return [booked.toISOString().slice(0, 10), out.toISOString().slice(0, 10), i % 2 ? "Lakeside" : "Summit", String(100 + ((i * 37) % 400))];
});
const stays: Table = tableFromRows(stayHeader, stayRows);

describe("a period said of a table with a start date and a later date is about the start, stated as read", () => {
  it("'total amount in 2025' over Booking Date and Checkout Date filters Booking Date and says so", async () => {
    const reply = await askTurns(stays, "total amount in 2025");
    const want = sum(stayRows.filter((r) => r[0].startsWith("2025")).map((r) => Number(r[3])));
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
    expect(reply.assumptions?.join(" ")).toMatch(/Booking Date/);
  });
  it("two date fields neither of which names a start still ask back", async () => {
    const other = tableFromRows(
      ["Inspection Date", "Checkout Date", "Hotel", "Amount"],
      stayRows.map((r) => [...r]),
    );
    const reply = await askTurns(other, "total amount in 2025");
    expect(reply.plan).toBeFalsy();
  });
});

describe("a field the last answer replaced is not carried into the next turn", () => {
  it("'visits by month | and net sales? | show it as a line' is net sales by month, no second grouping", async () => {
    const reply = await askTurns(shop, "visits by month", "and net sales?", "show it as a line");
    expect(reply.plan?.measure.field).toBe("Net Sales");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["day"]);
    const shown = tableOf(reply);
    const jan = sum(shopRows.filter((r) => r[0].startsWith("2025-01")).map((r) => money(r[3])));
    expect(firstNumber(shown.find((r) => String(r.day).startsWith("2025-01")))).toBeCloseTo(jan, 2);
  });
});

// Subscriptions: TRUE/FALSE and Yes/No flags named by the event ("Exited", "Returned").
const subHeader = ["Account", "Plan", "Exited", "Returned", "Seats"];
const plans = ["Basic", "Pro", "Team"];
const subRows: string[][] = Array.from({ length: 150 }, (_, i) => [
  `A-${1000 + i}`,
  plans[i % 3],
  next() < 0.2 + (i % 3) * 0.1 ? "TRUE" : "FALSE",
  next() < 0.1 ? "Yes" : "No",
  String(1 + Math.floor(next() * 20)),
]);
const subs: Table = tableFromRows(subHeader, subRows);
const pct = (rs: string[][], col: number, yes: string) => (100 * rs.filter((r) => r[col] === yes).length) / rs.length;

describe("rates of a yes/no field named by its event", () => {
  it.each(["churn rate by plan", "attrition rate per plan"])("'%s' is the share of Exited TRUE in each plan, stated", async (q) => {
    const reply = await askTurns(subs, q);
    for (const row of tableOf(reply))
      expect(firstNumber(row)).toBeCloseTo(
        pct(
          subRows.filter((r) => r[1] === row.Plan),
          2,
          "TRUE",
        ),
        2,
      );
    expect(tableOf(reply)).toHaveLength(3);
    expect(reply.assumptions?.join(" ")).toMatch(/Exited/);
  });
  it("'what is the return rate?' is the share of Returned Yes", async () => {
    const reply = await askTurns(subs, "what is the return rate?");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(pct(subRows, 3, "Yes"), 2);
  });
});

describe("a quarter said without a year is its three months", () => {
  it("'total visits in Q3' over one year of days is July to September", async () => {
    const reply = await askTurns(shop, "total visits in Q3");
    const want = sum(shopRows.filter((r) => ["07", "08", "09"].includes(r[0].slice(5, 7))).map((r) => Number(r[2])));
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
});

describe("'conversion rate' is the converted total over the visits' total", () => {
  const header = ["week", "campaign", "visits", "orders"];
  const rows = Array.from({ length: 40 }, (_, i) => [String(1 + (i % 10)), i % 2 ? "spring" : "launch", String(100 + i * 7), String(i % 6)]);
  const t = tableFromRows(header, rows);
  it("'conversion rate by campaign' = 100 x sum(orders) / sum(visits) in each campaign, stated; 'total orders by campaign' stays a total", async () => {
    const reply = await askTurns(t, "conversion rate by campaign");
    for (const row of tableOf(reply)) {
      const mine = rows.filter((r) => r[1] === row.campaign);
      expect(firstNumber(row)).toBeCloseTo((100 * sum(mine.map((r) => Number(r[3])))) / sum(mine.map((r) => Number(r[2]))), 2);
    }
    expect(reply.assumptions?.join(" ")).toMatch(/conversion rate/);
    expect(reply.assumptions?.join(" ")).not.toMatch(/did not use/);
    const total = await askTurns(t, "total orders by campaign");
    expect(total.plan?.measure).toMatchObject({ agg: "sum", field: "orders" });
    expect(total.plan?.measure.per).toBeUndefined();
  });
});

describe("a loss is read on the field named for profit, not on one a synonym reaches", () => {
  const header = ["Deal", "Region", "Revenue", "Profit"];
  const rows = Array.from({ length: 60 }, (_, i) => [`D${i}`, i % 2 ? "North" : "South", String(500 + i * 13), String(((i * 37) % 90) - 30)]);
  const t = tableFromRows(header, rows);
  it("'number of deals with a loss' counts Profit below 0", async () => {
    const reply = await askTurns(t, "number of deals with a loss");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => Number(r[3]) < 0).length);
  });
  it("'which region lost the most money?' ranks the total Profit upwards", async () => {
    const reply = await askTurns(t, "which region lost the most money?");
    expect(reply.plan?.measure.field).toBe("Profit");
    const total = (reg: string) => sum(rows.filter((r) => r[1] === reg).map((r) => Number(r[3])));
    expect(tableOf(reply)[0].Region).toBe(total("North") < total("South") ? "North" : "South");
  });
});

describe("'worst' of a rate of an unwanted event is its highest", () => {
  it("'average bounce rate by landing page | which is worst?' names the page with the highest bounce rate", async () => {
    const header = ["landing_page", "bounce_rate", "visits"];
    const pages = ["home", "pricing", "blog", "docs"];
    const rows = Array.from({ length: 40 }, (_, i) => [pages[i % 4], `${(30 + ((i * 17) % 40)).toFixed(1)}%`, String(50 + i)]);
    const t = tableFromRows(header, rows);
    const reply = await askTurns(t, "average bounce rate by landing page", "which is worst?");
    const avg = (p: string) => mean(rows.filter((r) => r[0] === p).map((r) => Number(r[1].replace("%", ""))));
    const worst = [...pages].sort((a, b) => avg(b) - avg(a))[0];
    expect(tableOf(reply)[0].landing_page).toBe(worst);
  });
});

describe("'did not leave' is the other side of a churn field", () => {
  it("'average seats of accounts that did not leave' over Exited TRUE/FALSE is the FALSE rows' average, stated", async () => {
    const reply = await askTurns(subs, "average seats of accounts that did not leave");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(subRows.filter((r) => r[2] === "FALSE").map((r) => Number(r[4]))), 2);
    expect(reply.assumptions?.join(" ")).toMatch(/Exited/);
  });
});

describe("'staff' names the rows of a table of people", () => {
  it("'what percentage of staff are remote?' is the share of Remote Yes", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [`E${i}`, i % 3 ? "Ops" : "Dev", i % 4 === 0 ? "Yes" : "No"]);
    const t = tableFromRows(["Employee", "Team", "Remote"], rows);
    const reply = await askTurns(t, "what percentage of staff are remote?");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(pct(rows, 2, "Yes"), 2);
  });
});
