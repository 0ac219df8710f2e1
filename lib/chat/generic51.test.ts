// chat-p51: a question word that matches fields or values only loosely (probe51). Made-up rows built here.
// - a generic word ending several fields' names ("by code", "total amount", "by type", "which name") asks back
//   naming them, never dropped nor picked on small differences;
// - a past form naming a date field, said with a time ("started in 2024", "shipped in April"), is the event's
//   date, not also the value spelt like it (plan "Starter", status "Shipped"); without a time the value stays;
// - "in May" at the end of a question is the month.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = [
  "order_id",
  "order_date",
  "ship_date",
  "status",
  "plan",
  "store_code",
  "region_code",
  "promo_code",
  "item_amount",
  "tax_amount",
  "loan_type",
  "rate_type",
  "agent_name",
  "customer_name",
];
const rows: string[][] = [];
const statuses = ["Shipped", "Delivered", "Returned", "Open"];
const plans = ["Starter", "Pro"];
for (let i = 0; i < 48; i++) {
  const month = String((i % 12) + 1).padStart(2, "0");
  const shipMonth = String(((i + 1) % 12) + 1).padStart(2, "0");
  rows.push([
    `O${i}`,
    `${2023 + (i % 2)}-${month}-05`,
    `${2023 + (i % 2)}-${shipMonth}-07`,
    statuses[i % 4],
    plans[i % 3 === 0 ? 0 : 1],
    `S${i % 3}`,
    ["EU", "US"][i % 2],
    ["A10", "B20", "C30"][i % 3],
    String(10 + i),
    String(2 + (i % 5)),
    ["Home", "Auto"][i % 2],
    ["Fixed", "Variable"][Math.floor(i / 2) % 2],
    ["Ann", "Bob", "Cy"][i % 3],
    ["Acme", "Globex"][Math.floor(i / 3) % 2],
  ]);
}
const table = tableFromRows(header, rows);
const text = (r: Awaited<ReturnType<typeof askTurns>>) => r.messages.map((m) => m.content).join(" ");
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("a generic word ending several fields' names asks back naming them", () => {
  it.each([
    ["count orders by code", ["store_code", "region_code", "promo_code"]],
    ["total amount by store code", ["item_amount", "tax_amount"]],
    ["what's the average amount for each plan?", ["item_amount", "tax_amount"]],
    ["average item amount by type", ["loan_type", "rate_type"]],
    ["which name appears on the most orders?", ["agent_name", "customer_name"]],
  ])("%s", async (question, fields) => {
    const reply = await askTurns(table, question);
    expect(reply.plan).toBeNull();
    for (const f of fields) expect(text(reply)).toContain(f);
  });
  it("a field named in full stays a plain answer: 'total tax amount by store code'", async () => {
    const reply = await askTurns(table, "total tax amount by store code");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "tax_amount" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["store_code"]);
  });
});

describe("a past form naming a date field, said with a time, is the event's date", () => {
  it("'how many orders shipped in April' counts ship dates in April, every status", async () => {
    const reply = await askTurns(table, "how many orders shipped in April");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[2].slice(5, 7) === "04").length);
    expect(reply.plan?.filters.some((f) => f.field === "status")).toBe(false);
  });
  it("'how many subscriptions started in 2024' over start_date and plan Starter: no plan filter", async () => {
    const t = tableFromRows(
      ["subscription_id", "start_date", "plan"],
      rows.map((r) => [r[0], r[1], r[4]]),
    );
    const reply = await askTurns(t, "how many subscriptions started in 2024");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[1].startsWith("2024")).length);
    expect(reply.plan?.filters.some((f) => f.field === "plan")).toBe(false);
  });
  it("without a time the value stays: 'how many orders were shipped' is status Shipped", async () => {
    const reply = await askTurns(table, "how many orders were shipped");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[3] === "Shipped").length);
  });
  it("'in May' at the end of the question is the month", async () => {
    const reply = await askTurns(table, "how many orders were placed in May");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[1].slice(5, 7) === "05").length);
  });
});

describe("loose words that must not be dropped or misread", () => {
  const tickets = tableFromRows(
    ["ticket_id", "status", "rate_type", "interest_rate", "reopen_count"],
    Array.from({ length: 30 }, (_, i) => [`T${i}`, ["Open", "Closed"][i % 2], ["Fixed", "Variable"][i % 3 === 0 ? 1 : 0], String(3 + (i % 7)), String(i % 4)]),
  );
  const trows = Array.from({ length: 30 }, (_, i) => ({ rate_type: i % 3 === 0 ? "Variable" : "Fixed", interest_rate: 3 + (i % 7), reopen_count: i % 4 }));
  it("'how many tickets per team' with no team field says the table has no such field", async () => {
    const reply = await askTurns(tickets, "how many tickets per team?");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toMatch(/team/);
  });
  it("'reopened more than once' is a count above 1", async () => {
    const reply = await askTurns(tickets, "how many tickets were reopened more than once?");
    expect(firstNumber(tableOf(reply)[0])).toBe(trows.filter((r) => r.reopen_count > 1).length);
  });
  it("'average rate' is the one number field ending in rate, not a share of rate_type", async () => {
    const reply = await askTurns(tickets, "average rate for variable loans");
    const v = trows.filter((r) => r.rate_type === "Variable");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(v.reduce((s, r) => s + r.interest_rate, 0) / v.length, 6);
  });
});

describe("numbers of few values, values named with their field, verbs of -al nouns", () => {
  const subs = tableFromRows(
    ["subscription_id", "start_date", "next_renewal_date", "queue_code", "seats", "rating"],
    Array.from({ length: 40 }, (_, i) => [
      `S${i}`,
      `2024-${String((i % 12) + 1).padStart(2, "0")}-03`,
      `2025-${String((i % 3) + 1).padStart(2, "0")}-03`,
      ["Q1", "Q2", "Q3", "Q4"][i % 4],
      String(1 + (i % 5)),
      ["3.5", "4", "4.5"][i % 3],
    ]),
  );
  it("a count by a whole number of 5 values states no doubt (its histogram shows the same counts)", async () => {
    const reply = await askTurns(subs, "number of subscriptions by seats");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["seats"]);
    expect(reply.assumptions ?? []).toEqual([]);
  });
  it("a measured number of 3 values grouped is not said to be 'each its own group'", async () => {
    const reply = await askTurns(subs, "average seats by rating");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["rating"]);
    expect(text(reply)).not.toMatch(/its own group/);
  });
  it("'in queue Q2' is the value Q2 of queue_code, not the second quarter", async () => {
    const reply = await askTurns(subs, "how many subscriptions are in queue Q2?");
    expect(firstNumber(tableOf(reply)[0])).toBe(10);
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "queue_code", values: ["Q2"] })]);
  });
  it("'renew in January 2025' is next_renewal_date (the verb of renewal)", async () => {
    const reply = await askTurns(subs, "how many subscriptions renew in January 2025?");
    expect(firstNumber(tableOf(reply)[0])).toBe(14);
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["next_renewal_date"]);
  });
});

describe("a generic word before 'per'", () => {
  it("'total amount per ship city' asks which amount (a loose span 'amount per ship' for shipping_amount does not hide it)", async () => {
    const t = tableFromRows(
      ["order_id", "ship_city", "item_amount", "shipping_amount"],
      Array.from({ length: 20 }, (_, i) => [`O${i}`, ["York", "Leeds"][i % 2], String(10 + i), String(3 + (i % 3))]),
    );
    const reply = await askTurns(t, "show total amount per ship city");
    expect(reply.plan).toBeNull();
    expect(text(reply)).toContain("item_amount");
    expect(text(reply)).toContain("shipping_amount");
  });
});
