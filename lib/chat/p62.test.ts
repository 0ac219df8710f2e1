// chat-p62 (business exports: an expense tool's claims, a CRM's opportunities): money thresholds over a plain Amount
// beside a qualified one ("Reimbursed Amount"), and the words managers use for that amount ("spend", "expenses",
// "claimed"). Made-up rows; expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const numbers = (text: string) => (text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []).map((s) => Number(s.replace(/,/g, "")));
const says = (text: string, x: number, tolerance = 0.006) =>
  expect(
    numbers(text).some((n) => Math.abs(n - x) < tolerance),
    `${x} in ${text}`,
  ).toBe(true);
const money = (x: number) => `$${x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Claims: Amount and Reimbursed Amount (money as text), Reimbursed % (a percentage as text).
const people = ["Ana", "Ben", "Cleo", "Dev"];
const departments = ["Sales", "Finance"];
const categories = ["Travel", "Meals", "Lodging"];
const claimRows: string[][] = [];
const amounts: number[] = [];
const reimbursed: number[] = [];
for (let i = 0; i < 40; i++) {
  const amount = 20 + ((i * 137) % 1400) + (i % 7) * 0.25;
  const pct = [100, 80, 50, 0][i % 4];
  amounts.push(amount);
  reimbursed.push((amount * pct) / 100);
  claimRows.push([`C${i}`, people[i % 4], departments[i % 2], categories[i % 3], money(amount), `${pct}%`, money((amount * pct) / 100)]);
}
const claims: Table = tableFromRows(["Claim ID", "Employee", "Department", "Category", "Amount", "Reimbursed %", "Reimbursed Amount"], claimRows);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe("a money threshold over a plain Amount beside a qualified one", () => {
  it("'how many claims are over $500?' counts Amount above 500, stated, without a question back", async () => {
    const reply = await askTurns(claims, "how many claims are over $500?");
    expect(reply.plan?.filters?.[0]).toMatchObject({ field: "Amount" });
    says(reply.messages[0].content, amounts.filter((a) => a > 500).length);
    expect(reply.assumptions?.join(" ")).toContain("Amount");
  });

  it("'total spend on claims above $1,000' adds up Amount over Amount above 1000", async () => {
    const reply = await askTurns(claims, "total spend on claims above $1,000");
    says(reply.messages[0].content, sum(amounts.filter((a) => a > 1000)), 1);
  });

  it("'what percentage of meal claims are under $50?' leaves the percentage field out of the choice", async () => {
    const reply = await askTurns(claims, "what percentage of meal claims are under $50?");
    expect(reply.messages[0].content).toContain("where Amount is below 50");
    const meals = amounts.filter((_, i) => i % 3 === 1);
    says(reply.messages[0].content, (100 * meals.filter((a) => a < 50).length) / meals.length, 0.06);
  });

  it("a threshold said without money over two qualified amounts still asks", async () => {
    const two: Table = tableFromRows(
      ["Claim ID", "Claimed Amount", "Reimbursed Amount"],
      claimRows.map((r) => [r[0], r[4], r[6]]),
    );
    const reply = await askTurns(two, "how many claims are over $500?");
    expect(reply.messages[0].content).toMatch(/which field/i);
  });
});

describe("spend, expenses and claimed name the plain amount of an export", () => {
  it("'total expenses by department' adds up Amount by Department", async () => {
    const reply = await askTurns(claims, "total expenses by department");
    expect(reply.plan?.measure).toMatchObject({ field: "Amount", agg: "sum" });
    const sales = sum(amounts.filter((_, i) => i % 2 === 0));
    says(JSON.stringify(reply.messages.find((m) => m.table)?.table), sales, 0.02);
    void reimbursed;
  });

  it("'top 3 employees by total claimed' ranks by the total of Amount", async () => {
    const reply = await askTurns(claims, "top 3 employees by total claimed");
    expect(reply.plan?.measure).toMatchObject({ field: "Amount", agg: "sum" });
  });
});

// Opportunities: Stage with two "Closed ..." values beside open stages.
const stages = ["Prospecting", "Proposal", "Negotiation", "Closed Won", "Closed Lost"];
const owners = ["Ria", "Sol", "Tao"];
const dealRows: string[][] = [];
for (let i = 0; i < 45; i++)
  dealRows.push([`O${i}`, owners[(i * i + (i % 4 === 0 ? 1 : 0)) % 3], stages[(i * 7) % 5], money(1000 + ((i * 911) % 9000)), i % 2 ? "Acme Cloud" : "Zenith"]);
const deals: Table = tableFromRows(["Opportunity ID", "Owner", "Stage", "Amount", "Competitor"], dealRows);
const count = (keep: (r: string[]) => boolean) => dealRows.filter(keep).length;
const closed = (r: string[]) => r[2].startsWith("Closed");

describe("the last word of values sharing their first word names its value ('won' for Closed Won)", () => {
  it("'how many deals did Ria win?' counts Ria's Closed Won rows", async () => {
    const reply = await askTurns(deals, "how many deals did Ria win?");
    expect(reply.plan?.filters).toContainEqual({ field: "Stage", op: "eq", values: ["Closed Won"] });
    says(
      reply.messages[0].content,
      count((r) => r[1] === "Ria" && r[2] === "Closed Won"),
    );
  });

  it("'how many lost deals' is Closed Lost, not every row", async () => {
    const reply = await askTurns(deals, "how many lost deals");
    expect(reply.plan?.filters).toContainEqual({ field: "Stage", op: "eq", values: ["Closed Lost"] });
    says(
      reply.messages[0].content,
      count((r) => r[2] === "Closed Lost"),
    );
  });

  it("a word shared by the values ('closed') is no tail", async () => {
    const reply = await askTurns(deals, "how many lost deals against Zenith");
    says(
      reply.messages[0].content,
      count((r) => r[2] === "Closed Lost" && r[4] === "Zenith"),
    );
  });
});

describe("'open' over a status field with closed values is none of them", () => {
  it("'how many open deals' counts the rows in no Closed value, stated", async () => {
    const reply = await askTurns(deals, "how many open deals");
    const stage = reply.plan?.filters?.find((f) => f.field === "Stage");
    expect(stage?.op).toBe("neq");
    expect([...(stage?.values ?? [])].sort()).toEqual(["Closed Lost", "Closed Won"]);
    says(
      reply.messages[0].content,
      count((r) => !closed(r)),
    );
    expect(reply.assumptions?.join(" ")).toContain('read "open"');
  });

  it("'which owner has the most open deals?' groups the open rows by Owner", async () => {
    const reply = await askTurns(deals, "which owner has the most open deals?");
    const byOwner = owners.map((o) => count((r) => r[1] === o && !closed(r)));
    const best = owners[byOwner.indexOf(Math.max(...byOwner))];
    expect(reply.messages[0].content, reply.messages[0].content).toMatch(new RegExp(`^${best} has the highest`));
  });

  it("a status field with a value 'Open' keeps it as the value", async () => {
    const tickets: Table = tableFromRows(
      ["Ticket", "Status"],
      Array.from({ length: 12 }, (_, i) => [`T${i}`, ["Open", "Closed", "Closed - Duplicate"][i % 3]]),
    );
    const reply = await askTurns(tickets, "how many open tickets");
    expect(reply.plan?.filters).toContainEqual({ field: "Status", op: "eq", values: ["Open"] });
  });
});

describe("the base form of a dated event's verb counts rows outside a question about time", () => {
  const rows = Array.from({ length: 30 }, (_, i) => [`C${i}`, ["Ann", "Bo"][i % 3 === 0 ? 0 : 1], `2025-0${1 + (i % 6)}-1${i % 9}`]);
  const submitted: Table = tableFromRows(["Claim ID", "Employee", "Submitted"], rows);

  it("'how many claims did Ann submit?' is one count, not a weekly series by Submitted", async () => {
    const reply = await askTurns(submitted, "how many claims did Ann submit?");
    expect(reply.plan?.groupBy ?? []).toEqual([]);
    says(reply.messages[0].content, rows.filter((r) => r[1] === "Ann").length);
  });

  it("'how many claims did Ann submit each month?' still groups by Submitted", async () => {
    const reply = await askTurns(submitted, "how many claims did Ann submit each month?");
    expect(reply.plan?.groupBy?.[0]).toMatchObject({ field: "Submitted", bucket: "month" });
  });
});
