// chat-fix29: four misreads found by the session's browser walk and probe38 (issue 12), tested on a made-up
// help-desk table with other field names and wordings than the walk's; expected numbers come from the rows
// with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["Ticket ID", "Client Name", "Plan", "Channel", "Member", "Dropout", "Spend", "Weeks"];
const plans = ["Bronze", "Silver", "Gold"];
const clients = ["Avery", "Blake", "Casey", "Drew", "Ellis", "Flynn", "Gray", "Harper", "Indy", "Jules", "Kai", "Lane"];
let seed = 11;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
// Phone is the big channel with few dropouts, Chat the small one with many: the count and the share of
// dropouts rank the channels differently.
const rows: string[][] = Array.from({ length: 300 }, (_, i) => {
  const u = next();
  const channel = u < 0.6 ? "Phone" : u < 0.85 ? "Email" : "Chat";
  const dropout = next() < (channel === "Phone" ? 0.2 : channel === "Email" ? 0.3 : 0.6) ? "Yes" : "No";
  // A ticket has a few lines; its plan is the ticket's own (the same on each of its lines).
  const n = Math.floor(i / 3) + (i % 5 === 0 ? 1 : 0);
  return [
    `T-${100 + n}`,
    clients[Math.floor(next() * clients.length)],
    plans[(n * 7) % 3],
    channel,
    next() < 0.4 ? "Yes" : "No",
    dropout,
    (10 + Math.round(next() * 9000) / 100).toFixed(2),
    String(1 + Math.floor(next() * 30)),
  ];
});
const table: Table = tableFromRows(header, rows);
const col = (name: string) => header.indexOf(name);
const firstNumber = (row: Record<string, unknown> | undefined) => Number(Object.values(row ?? {}).find((v) => typeof v === "number"));
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("the value No of a yes/no field named in the question is the field's value, not a negation", () => {
  const count = (v: string) => rows.filter((r) => r[col("Member")] === v).length;
  it("'not Member No' is Member = Yes; 'Member No', 'where Member is No' are Member = No", async () => {
    const notNo = await askTurns(table, "how many rows are not Member No?");
    expect(firstNumber(tableOf(notNo)[0])).toBe(count("Yes"));
    expect(notNo.plan?.filters).toEqual([{ field: "Member", op: "eq", values: ["Yes"] }]);
    for (const q of ["how many rows with Member No?", "how many rows where Member is No?"]) {
      const reply = await askTurns(table, q);
      expect(firstNumber(tableOf(reply)[0]), q).toBe(count("No"));
    }
  });
  it("'average Spend for people who are not Member No' averages the Yes side", async () => {
    const reply = await askTurns(table, "average Spend for people who are not Member No");
    const want = mean(rows.filter((r) => r[col("Member")] === "Yes").map((r) => Number(r[col("Spend")])));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 3);
  });
});

describe("the highest / lowest of a yes/no field by group ranks the groups by the share of Yes", () => {
  const share = new Map<string, number>();
  for (const c of ["Phone", "Email", "Chat"]) {
    const g = rows.filter((r) => r[col("Channel")] === c);
    share.set(c, g.filter((r) => r[col("Dropout")] === "Yes").length / g.length);
  }
  const ranked = [...share].sort((a, b) => b[1] - a[1]);
  const mostYes = [...share.keys()].sort(
    (a, b) =>
      rows.filter((r) => r[col("Channel")] === b && r[col("Dropout")] === "Yes").length -
      rows.filter((r) => r[col("Channel")] === a && r[col("Dropout")] === "Yes").length,
  )[0];
  it("the table's channels rank differently by count and by share (the test can fail)", () => {
    expect(mostYes).not.toBe(ranked[0][0]);
  });
  it("'which channel has the highest dropout?' as a first turn and after another question", async () => {
    for (const turns of [["which channel has the highest dropout?"], ["what's the average spend by plan?", "which channel has the highest dropout?"]]) {
      const reply = await askTurns(table, ...turns);
      expect(reply.plan?.measure.agg, turns.join(" / ")).toBe("rate");
      const top = tableOf(reply)[0];
      expect(top?.Channel, turns.join(" / ")).toBe(ranked[0][0]);
    }
  });
  it("'which channel has the lowest dropout' ranks upwards; 'the most dropout rows' stays a count", async () => {
    const low = await askTurns(table, "which channel has the lowest dropout");
    expect(low.plan?.measure.agg).toBe("rate");
    expect(tableOf(low)[0]?.Channel).toBe(ranked[ranked.length - 1][0]);
    const rowsCount = await askTurns(table, "which channel has the most dropout rows?");
    expect(rowsCount.plan?.measure.agg).toBe("count");
  });
});

describe("'how many tickets / clients' over a Ticket ID / Client Name whose values repeat counts its different values", () => {
  const distinct = (name: string, keep: (r: string[]) => boolean = () => true) => new Set(rows.filter(keep).map((r) => r[col(name)])).size;
  it("the table's ids repeat (the test can fail)", () => {
    expect(distinct("Ticket ID")).toBeLessThan(rows.length);
  });
  it("'how many tickets are there?', 'how many clients', 'the number of tickets by plan'", async () => {
    const tickets = await askTurns(table, "how many tickets are there?");
    expect(tickets.plan?.measure).toMatchObject({ agg: "distinct", field: "Ticket ID" });
    expect(firstNumber(tableOf(tickets)[0])).toBe(distinct("Ticket ID"));
    const people = await askTurns(table, "how many clients?");
    expect(firstNumber(tableOf(people)[0])).toBe(distinct("Client Name"));
    const byPlan = await askTurns(table, "number of tickets by plan");
    expect(byPlan.plan?.measure).toMatchObject({ agg: "distinct", field: "Ticket ID" });
    for (const row of tableOf(byPlan)) {
      const plan = String(row.Plan);
      expect(firstNumber(row), plan).toBe(distinct("Ticket ID", (r) => r[col("Plan")] === plan));
    }
  });
  it("'how many tickets by channel' (a channel varies within one ticket) counts the lines", async () => {
    const reply = await askTurns(table, "how many tickets by channel");
    expect(reply.plan?.measure.agg).toBe("count");
  });
  it("'how many rows / records per plan' stays a count of rows", async () => {
    for (const q of ["how many rows per plan", "how many records per plan"]) {
      const reply = await askTurns(table, q);
      expect(reply.plan?.measure.agg, q).toBe("count");
    }
  });
});

describe("a pie of averages is drawn when asked in the turn, never carried to a later one", () => {
  it("'average spend by plan as a pie' is a pie; 'and by channel?' after it draws bars", async () => {
    const asked = await askTurns(table, "average spend by plan as a pie");
    expect(asked.plan?.chart).toBe("pie");
    const later = await askTurns(table, "average spend by plan as a pie", "and by channel?");
    expect(later.plan?.groupBy.map((g) => g.field)).toContain("Channel");
    expect(later.plan?.chart).not.toBe("pie");
  });
});

describe("'how many products were ordered' over order lines counts the lines; 'how many products' the products", () => {
  // Order lines: an order has two lines; a product (with its one kind) is on lines of several orders.
  const kinds = ["Tools", "Parts", "Art"];
  const lines: string[][] = Array.from({ length: 200 }, (_, i) => {
    const p = (i * 7 + Math.floor(i / 11)) % 60;
    return [`O-${300 + Math.floor(i / 2)}`, `Item ${String(p).padStart(2, "0")}`, kinds[p % 3], String(1 + (i % 4))];
  });
  const orders = tableFromRows(["Order ID", "Product Name", "Kind", "Quantity"], lines);
  it("by kind: the lines when 'were ordered' says so, the different products otherwise", async () => {
    const ordered = await askTurns(orders, "how many products were ordered by kind?");
    expect(ordered.plan?.measure.agg).toBe("count");
    expect(firstNumber(tableOf(ordered).find((r) => r.Kind === "Tools"))).toBe(lines.filter((r) => r[2] === "Tools").length);
    const plain = await askTurns(orders, "how many products by kind?");
    expect(plain.plan?.measure).toMatchObject({ agg: "distinct", field: "Product Name" });
    expect(firstNumber(tableOf(plain).find((r) => r.Kind === "Tools"))).toBe(new Set(lines.filter((r) => r[2] === "Tools").map((r) => r[1])).size);
  });
});
