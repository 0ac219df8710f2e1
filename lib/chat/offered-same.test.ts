// An unsure answer's "it could also mean: ..." names another reading: for "top N <rows> by <number>", never the same
// N rows listed in no order.
import { describe, expect, it } from "vitest";
import { describeTable } from "./columns";
import { getTableLexicon } from "./index";
import type { AnalysisPlan } from "./plan";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { attach } from "./understand/attach";
import { offerReadings, unrankedRowsOf } from "./understand/offered";
import { readMentions } from "./understand/readers";

const header = ["vessel_code", "flag_state", "cargo_tonnes", "crew"];
const rows = Array.from({ length: 60 }, (_, i) => [
  `V-${700 + i}`,
  ["Malta", "Panama", "Liberia"][i % 3],
  String(1000 + ((i * 37) % 59) * 91),
  String(8 + (i % 13)),
]);
const ships = tableFromRows(header, rows);
const lex = getTableLexicon(ships, describeTable(ships), "", "ships");
const atomsOf = (q: string) => attach(readMentions(q, lex), lex, 0);

const base: AnalysisPlan = {
  intent: "rows",
  measure: { agg: "count", field: null },
  extraMeasures: [],
  groupBy: [],
  filters: [],
  x: null,
  y: "cargo_tonnes",
  sort: { by: "value", order: "desc" },
  limit: 3,
  binWidth: null,
  binCount: null,
  chart: "table",
};
const unranked: AnalysisPlan = { ...base, y: null, sort: null };

describe("no runner-up that is the answer itself", () => {
  it("drops the same rows unranked as the other reading of a ranking question", () => {
    const a = atomsOf("top 3 vessels by cargo tonnes");
    expect(unrankedRowsOf(unranked, base, a)).toBe(true);
    expect(offerReadings([`alternative:${JSON.stringify(unranked)}`], base, [], a, lex, () => true)).toEqual([]);
    // (Without a ranking word the unranked rows stay another reading.)
    expect(unrankedRowsOf(unranked, base, atomsOf("3 vessels with cargo tonnes"))).toBe(false);
    // (A different count of rows is another reading too.)
    expect(unrankedRowsOf({ ...unranked, limit: 5 }, base, a)).toBe(false);
  });

  it("answers 'top 5 rows by cargo_tonnes' with the largest first and no 'could also mean: rows'", async () => {
    const reply = await askTurns(ships, "top 5 rows by cargo_tonnes");
    const want = [...rows].sort((p, q) => Number(q[2]) - Number(p[2]))[0][0];
    expect(reply.messages[0].content).toContain(want);
    expect(reply.messages.map((m) => m.content).join(" ")).not.toMatch(/could also mean: rows\b/);
  });
});
