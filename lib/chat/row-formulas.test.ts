// Two fields of the same row combined or compared: "qty times unit price", "wins / games", "paid after the due date",
// "on or after 2024-06-01", and the share of rows where one field exceeds another. Made-up invoices; the expected
// numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { describeTable } from "./columns";
import { addDerivedColumns, readDifferences } from "./derive";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const customers = ["Acme", "Globex", "Initech"];
interface Invoice {
  customer: string;
  qty: number;
  price: number;
  budget: number;
  due: number;
  paid: number;
}
const invoices: Invoice[] = [];
for (let i = 0; i < 90; i++) {
  const due = Date.UTC(2024, 0, 1) + Math.floor(next() * 200) * DAY;
  invoices.push({
    customer: customers[i % 3],
    qty: 1 + Math.floor(next() * 12),
    price: Math.round(5 + next() * 60),
    budget: Math.round(50 + next() * 500),
    due,
    // Some paid on the due day itself: "after" excludes them, "on or before" includes them.
    paid: due + (Math.floor(next() * 9) - 4) * DAY,
  });
}
// One row with a price of 0: a ratio over it is missing, not infinite.
invoices[5].price = 0;
const table = tableFromRows(
  ["Invoice", "Customer", "Qty", "Unit Price", "Budget", "Due Date", "Paid Date"],
  invoices.map((r, i) => [`INV${100 + i}`, r.customer, String(r.qty), String(r.price), String(r.budget), day(r.due), day(r.paid)]),
);
const numbersIn = (text: string) => (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((s) => Number(s.replace(/,/g, "")));
const says = (text: string, x: number, tolerance = 0.5) =>
  expect(
    numbersIn(text).some((n) => Math.abs(n - x) <= tolerance),
    `${x} in ${text}`,
  ).toBe(true);

describe("two number fields of a row combined", () => {
  it("reads 'A times B', 'A * B' and 'A x B' as a product column", async () => {
    const total = invoices.reduce((s, r) => s + r.qty * r.price, 0);
    for (const q of ["total of qty times unit price", "sum of Qty * Unit Price", "what is the total qty x unit price?"]) {
      const reply = await askTurns(table, q);
      const text = reply.messages[0].content;
      expect(text, q).toContain("Qty times Unit Price");
      says(text, total);
    }
  });

  it("names the formula by its label: 'revenue (qty x unit price) by customer' is the product per customer", async () => {
    const reply = await askTurns(table, "total revenue (qty x unit price) by customer");
    const text = reply.messages[0].content;
    const per = customers.map((c) => invoices.filter((r) => r.customer === c).reduce((s, r) => s + r.qty * r.price, 0));
    expect(text).toContain("Qty times Unit Price");
    expect(text).not.toContain('did not use "revenue"');
    says(text, Math.max(...per));
    says(text, Math.min(...per));
  });

  it("divides, leaving a row that divides by zero out", async () => {
    const ratios = invoices.filter((r) => r.price !== 0).map((r) => r.qty / r.price);
    const reply = await askTurns(table, "average Qty / Unit Price");
    const text = reply.messages[0].content;
    expect(text).toContain("Qty divided by Unit Price");
    says(text, ratios.reduce((s, x) => s + x, 0) / ratios.length, 0.005);
  });

  it("adds with 'plus'; never combines two dates other than by subtracting", () => {
    const fields = describeTable(table);
    const plus = readDifferences(["average Qty plus Budget"], fields);
    expect(plus.derived.map((d) => [d.name, d.op])).toEqual([["Qty plus Budget", "plus"]]);
    const dates = readDifferences(["average Due Date times Paid Date"], fields);
    expect(dates.derived).toEqual([]);
    // A stored plan asking for a product of dates adds no column (nothing to show rather than nonsense).
    const added = addDerivedColumns(table, [{ name: "x", field: "Due Date", minus: "Paid Date", op: "times" }]);
    expect(added.columns.length).toBe(table.columns.length);
  });
});

describe("two fields of a row compared", () => {
  it("counts invoices paid after the due date (same day is not after)", async () => {
    const late = invoices.filter((r) => r.paid > r.due).length;
    const reply = await askTurns(table, "how many invoices were paid after the due date?");
    const text = reply.messages[0].content;
    expect(text).toContain("Paid Date is after Due Date");
    says(text, late, 0);
  });

  it("reads 'on or before' as including the same day, per group", async () => {
    const reply = await askTurns(table, "invoices paid on or before the due date, by customer");
    const text = reply.messages[0].content;
    const onTime = invoices.filter((r) => r.paid <= r.due);
    expect(text).toContain("Paid Date is on or before Due Date");
    says(text, onTime.length, 0);
  });

  it("takes the share over all rows, not over the rows already matching (two numbers and two dates)", async () => {
    const over = invoices.filter((r) => r.price > r.qty).length / invoices.length;
    const reply = await askTurns(table, "share of invoices where Unit Price exceeds Qty");
    says(reply.messages[0].content, 100 * over, 0.1);
    const late = invoices.filter((r) => r.paid > r.due).length / invoices.length;
    const dates = await askTurns(table, "what share of invoices were paid after the due date?");
    says(dates.messages[0].content, 100 * late, 0.1);
  });

  it("reads 'on or after <date>' as including that day, said as a date", async () => {
    const from = Date.UTC(2024, 3, 1);
    const reply = await askTurns(table, "how many invoices with a due date on or after 2024-04-01?");
    const text = reply.messages[0].content;
    expect(text).toContain("Due Date is on or after 2024-04-01");
    says(text, invoices.filter((r) => r.due >= from).length, 0);
  });
});
