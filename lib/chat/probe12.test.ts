// chat-probe12: conversations over unseen tables (lib/chat/testing/probe12) and the probing rounds'
// leftovers, each fixed by its general cause and tested here on small tables with other wordings. Expected
// numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { tableFromRows } from "./testing/load-csv";
import { askTurns as ask } from "./testing/ask";

// A small members table with a date field and a number whose name ends in a relative period.
const header = ["member", "store", "signup_date", "orders_last_month", "spend", "tier"];
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
    expect(reply.plan?.filters.map((f) => f.field)).toEqual(["signup_date"]);
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
