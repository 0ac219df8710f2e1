// A number an earlier turn ranked by ("top 5 rows by cargo_tonnes") is no grouping nor histogram of a later turn that
// names neither ("how many rows?"): that turn counts all rows. Made-up rows; the expected count is the row count.
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["vessel_code", "flag_state", "cargo_tonnes", "crew"];
const rows = Array.from({ length: 70 }, (_, i) => [
  `V-${700 + i}`,
  ["Malta", "Panama", "Liberia"][i % 3],
  String(1000 + ((i * 37) % 67) * 91),
  String(8 + (i % 13)),
]);
const ships = tableFromRows(header, rows);

describe("a ranking key of an earlier turn is not carried as a grouping", () => {
  it("'top 5 rows by cargo_tonnes' then 'how many rows?' counts every row once", async () => {
    const reply = await askTurns(ships, "top 5 rows by cargo_tonnes", "how many rows?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.chart).not.toBe("histogram");
    expect(reply.messages[0].content).toContain(String(rows.length));
  });
});
