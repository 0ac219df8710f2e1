// chat-p54 (business exports): durations asked as "how long does it take to <event>", "how long does <event noun>
// take", "how long do tickets stay open", and events named by their noun ("from application to decision", "days to
// pay" for a Paid Date). Made-up rows; expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const numbers = (text: string) => (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((s) => Number(s.replace(/,/g, "")));
const says = (text: string, x: number, tolerance = 0.006) =>
  expect(
    numbers(text).some((n) => Math.abs(n - x) < tolerance),
    `${x} in ${text}`,
  ).toBe(true);

// Applications: Applied On, Interview Date, Decision Date (three dates: the start is the one named as a start).
const appRows: string[][] = [];
for (let i = 0; i < 30; i++) {
  const applied = Date.UTC(2025, 1, 1) + ((i * 7) % 50) * DAY;
  appRows.push([`A${i}`, day(applied), day(applied + (3 + (i % 5)) * DAY), day(applied + (20 + ((i * 3) % 11)) * DAY), i % 2 ? "Yes" : "No"]);
}
const apps: Table = tableFromRows(["Application ID", "Applied On", "Interview Date", "Decision Date", "Remote"], appRows);
const daysBetween = (to: number, from: number) => appRows.map((r) => (Date.parse(r[to]) - Date.parse(r[from])) / DAY);

// Tickets: Opened At and Closed At timestamps, and a Status whose value "Open" must not be read for "opened".
const ticketRows: string[][] = [];
for (let i = 0; i < 24; i++) {
  const at = Date.UTC(2025, 2, 1, 9) + i * 13 * 3_600_000;
  ticketRows.push([`T${i}`, stamp(at), stamp(at + (5 + ((i * 17) % 70)) * 3_600_000), i % 4 ? "Closed" : "Open"]);
}
const tickets: Table = tableFromRows(["Ticket ID", "Opened At", "Closed At", "Status"], ticketRows);
const openDays = ticketRows.map((r) => (Date.parse(`${r[2].replace(" ", "T")}Z`) - Date.parse(`${r[1].replace(" ", "T")}Z`)) / DAY);

describe("durations asked with 'how long'", () => {
  it("'how long does it take to get an interview, on average?' is Interview Date minus Applied On, averaged", async () => {
    const reply = await askTurns(apps, "how long does it take to get an interview, on average?");
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Interview Date", minus: "Applied On", unit: "days" });
    expect(reply.plan?.measure?.agg).toBe("mean");
    says(reply.messages[0].content, mean(daysBetween(2, 1)));
  });

  it("'average days from application to decision' names Applied On by its event's noun", async () => {
    const reply = await askTurns(apps, "average days from application to decision");
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Decision Date", minus: "Applied On" });
    says(reply.messages[0].content, mean(daysBetween(3, 1)));
  });

  it("'how long does a decision take?' is the event's noun with 'take'", async () => {
    const reply = await askTurns(apps, "how long does a decision take?");
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Decision Date", minus: "Applied On" });
    says(reply.messages[0].content, mean(daysBetween(3, 1)));
  });

  it("'how long do tickets stay open on average?' runs from Opened At to Closed At", async () => {
    const reply = await askTurns(tickets, "how long do tickets stay open on average?");
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Closed At", minus: "Opened At" });
    expect(reply.plan?.filters ?? []).toEqual([]);
    says(reply.messages[0].content, mean(openDays));
  });

  it("'how many hours do tickets stay open' takes the unit it says", async () => {
    const reply = await askTurns(tickets, "how many hours do tickets stay open?");
    expect(reply.plan?.derived?.[0]).toMatchObject({ field: "Closed At", minus: "Opened At", unit: "hours" });
    says(reply.messages[0].content, mean(openDays) * 24);
  });
});

// Orders: a Carrier whose values are written in camel case ("FedEx"), said as one lowercase word.
const carriers = ["FedEx", "UPS", "PayPal Post"];
const orderRows: string[][] = [];
for (let i = 0; i < 30; i++) orderRows.push([`#${100 + i}`, carriers[i % 3], (4 + ((i * 7) % 13) / 2).toFixed(2)]);
const orders: Table = tableFromRows(["Order #", "Carrier", "Shipping Cost"], orderRows);

describe("values written in camel case", () => {
  it("'average shipping cost for fedex' filters Carrier = FedEx", async () => {
    const reply = await askTurns(orders, "average shipping cost for fedex");
    expect(reply.plan?.filters).toEqual([{ field: "Carrier", op: "eq", values: ["FedEx"] }]);
    says(reply.messages[0].content, mean(orderRows.filter((r) => r[1] === "FedEx").map((r) => Number(r[2]))));
  });

  it("a follow-up 'and FedEx?' replaces the carrier of the turn before", async () => {
    const reply = await askTurns(orders, "average shipping cost for UPS", "and FedEx?");
    expect(reply.plan?.filters).toEqual([{ field: "Carrier", op: "eq", values: ["FedEx"] }]);
  });
});

describe("a date's event said as a past form", () => {
  it("'tickets opened per month' counts every ticket by Opened At, not only Status Open ones", async () => {
    const reply = await askTurns(tickets, "tickets opened per month");
    expect(reply.plan?.groupBy?.[0]).toMatchObject({ field: "Opened At", bucket: "month" });
    expect(reply.plan?.filters ?? []).toEqual([]);
  });

  it("'how many open tickets' is still the value Open", async () => {
    const reply = await askTurns(tickets, "how many open tickets are there?");
    expect(reply.plan?.filters).toEqual([{ field: "Status", op: "eq", values: ["Open"] }]);
    says(reply.messages[0].content, ticketRows.filter((r) => r[3] === "Open").length);
  });
});

describe("a date field named by its event's past form, outside a question about time", () => {
  it("'how many people applied for Remote yes?' counts rows (no grouping by Applied On)", async () => {
    const reply = await askTurns(apps, "how many people applied for Remote yes?");
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    says(reply.messages[0].content, appRows.filter((r) => r[4] === "Yes").length);
  });

  it("'how many applied ...' then 'how many of them ...' keeps the first turn's condition", async () => {
    const reply = await askTurns(apps, "how many applied for remote yes?", "how many of them had a decision after 2025-03-01?");
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    expect(reply.plan?.filters?.some((f) => f.field === "Remote")).toBe(true);
  });

  it("'how many people applied each month' still groups by Applied On", async () => {
    const reply = await askTurns(apps, "how many people applied each month");
    expect(reply.plan?.groupBy?.[0]).toMatchObject({ field: "Applied On", bucket: "month" });
  });
});

// Invoices: one money field named "Total Due" (money as text), a Subtotal, and a Paid? flag.
const invoiceRows: string[][] = [];
for (let i = 0; i < 24; i++) {
  const sub = 100 + ((i * 37) % 400);
  invoiceRows.push([`INV-${i}`, i % 3 ? "East" : "West", `$${sub.toFixed(2)}`, `$${(sub * 1.1).toFixed(2)}`, i % 4 ? "Yes" : "No"]);
}
const invoices: Table = tableFromRows(["Invoice #", "Region", "Subtotal", "Total Due", "Paid?"], invoiceRows);
const due = invoiceRows.map((r) => Number(r[3].slice(1)));

describe("the one money field of an invoice export", () => {
  it("'average invoice amount' is the mean of Total Due, stated as read", async () => {
    const reply = await askTurns(invoices, "what's the average invoice amount");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Total Due" });
    says(reply.messages[0].content, mean(due), 0.1);
    expect(reply.messages[0].content).toMatch(/I read "invoice amount" as Total Due/);
  });

  it("'top 2 regions by total billed' ranks the sum of Total Due", async () => {
    const reply = await askTurns(invoices, "top 2 regions by total billed");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Total Due" });
  });

  it("'how many invoices are outstanding' counts Paid? = No (words.json flagOpposites)", async () => {
    const reply = await askTurns(invoices, "how many invoices are outstanding?");
    expect(reply.plan?.filters).toEqual([{ field: "Paid?", op: "eq", values: ["No"] }]);
    says(reply.messages[0].content, invoiceRows.filter((r) => r[4] === "No").length);
  });

  it("'total due on unpaid invoices' filters Paid? = No", async () => {
    const reply = await askTurns(invoices, "total due on unpaid invoices");
    expect(reply.plan?.filters).toEqual([{ field: "Paid?", op: "eq", values: ["No"] }]);
    says(
      reply.messages[0].content,
      due.filter((_, i) => invoiceRows[i][4] === "No").reduce((s, x) => s + x, 0),
    );
  });
});

describe("plural values and amounts that add up", () => {
  const items = ["Hoodie", "Mug", "Cap"];
  const rows = Array.from({ length: 18 }, (_, i) => [`#${i}`, items[i % 3], String(1 + (i % 4)), `$${(10 + i).toFixed(2)}`, i % 2 ? "Card" : "PayPal"]);
  const shop: Table = tableFromRows(["Order #", "Item", "Qty", "Subtotal", "Payment Method"], rows);

  it("'average qty of hoodies' filters Item = Hoodie (the lemma 'hoody' is no value)", async () => {
    const reply = await askTurns(shop, "average qty of hoodies");
    expect(reply.plan?.filters).toEqual([{ field: "Item", op: "eq", values: ["Hoodie"] }]);
  });

  it("'subtotal by payment method' adds the subtotals up", async () => {
    const reply = await askTurns(shop, "subtotal by payment method");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Subtotal" });
  });
});

describe("an aggregate said right after its field", () => {
  it("'how much shipping cost in total?' is the sum, not a histogram", async () => {
    const reply = await askTurns(orders, "how much shipping cost in total?");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Shipping Cost" });
    says(
      reply.messages[0].content,
      orderRows.reduce((s, r) => s + Number(r[2]), 0),
      0.6,
    );
  });

  it("'shipping cost on average' is the mean", async () => {
    const reply = await askTurns(orders, "shipping cost on average");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Shipping Cost" });
  });
});

describe("a past form over a date some rows lack", () => {
  it("'which agent closed the most tickets' does not silently count every ticket", async () => {
    const rows = ticketRows.map((r, i) => [r[0], r[1], i % 3 ? r[2] : "", ["Ana", "Ben", "Cy"][i % 3]]);
    const reply = await askTurns(tableFromRows(["Ticket ID", "Opened At", "Closed At", "agent"], rows), "which agent closed the most tickets?");
    const text = reply.messages[0].content;
    expect(JSON.stringify(reply.plan).includes("Closed At") || /"closed"/.test(text), text).toBe(true);
  });
});
