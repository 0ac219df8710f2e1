// A turn naming its own measure and grouping ("average crew by home_port as a table") after a split ("split by
// hull_type") asks a whole question: the split is not kept under the new grouping. Made-up rows.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const header = ["vessel_code", "flag_state", "hull_type", "home_port", "crew"];
const rows = Array.from({ length: 48 }, (_, i) => [
  `V-${700 + i}`,
  ["Malta", "Panama", "Liberia"][i % 3],
  ["Single", "Double"][i % 2],
  ["Rotterdam", "Busan", "Santos", "Durban"][i % 4],
  String(8 + ((i * 7) % 13)),
]);
const ships = tableFromRows(header, rows);

describe("a whole new question after a split", () => {
  it("'average crew by home_port as a table' after 'split by hull_type' groups by home_port only", async () => {
    const reply = await askTurns(ships, "average crew by flag_state", "split by hull_type", "average crew by home_port as a table");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["home_port"]);
    expect(tableOf(reply).length).toBe(4);
  });
});
