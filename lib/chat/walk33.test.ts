// ui-walk33: over an orders export with blank regions, "total Amount by Region" said "Over all groups: 439,837"
// under four groups adding up to 429,285 (the 14 rows with no Region were in the figure but in no group). A made-up
// table with other names; expected numbers come from the rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["Ticket", "Desk", "Cost"];
const desks = ["Alpha", "Beta", "Gamma", ""];
const rows: string[][] = Array.from({ length: 90 }, (_, i) => [
  `T-${i + 1}`,
  desks[i % 4 === 3 && i % 3 === 0 ? 3 : i % 3],
  (1 + ((i * 7) % 11) + 0.25).toFixed(2),
]);
const table = tableFromRows(header, rows);
const blankDesk = rows.filter((r) => r[1] === "");
const total = rows.reduce((s, r) => s + Number(r[2]), 0);

describe("a total by a field some rows leave blank says which rows are in the total but in no group", () => {
  it("'total cost by desk': the groups, and an overall that names the rows with no Desk", async () => {
    expect(blankDesk.length).toBeGreaterThan(0);
    const reply = await askTurns(table, "total cost by desk");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "Cost" });
    const groups = tableOf(reply);
    expect(groups.map((g) => g.Desk).sort()).toEqual(["Alpha", "Beta", "Gamma"]);
    const text = reply.messages[0].content;
    expect(text).toContain(`Over all rows: ${total.toLocaleString("en-US")}, including ${blankDesk.length} rows with no Desk (in no group).`);
    expect(text).not.toContain("Over all groups");
  });
  it("'number of tickets by desk' counts them the same way", async () => {
    const reply = await askTurns(table, "number of tickets by desk");
    expect(reply.messages[0].content).toContain(`Over all rows: ${rows.length}, including ${blankDesk.length} rows with no Desk (in no group).`);
  });
  it("a grouping without blanks keeps 'Over all groups'", async () => {
    const reply = await askTurns(table, "total cost by ticket");
    expect(reply.messages[0].content).not.toMatch(/rows with no/);
  });
});
