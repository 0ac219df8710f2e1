// chat-fix21 (issue 12): a filter whose field only a weak word names (a part of a synonym, "office" of "box
// office" on a field `end`) is never applied silently: the first message says how the word was read.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromCsv } from "./testing/load-csv";

const presidential = tableFromCsv(fs.readFileSync(path.join(__dirname, "testing", "probe19", "presidential.csv"), "utf8"));

describe("a filter on a field named only weakly states the reading", () => {
  it("'took office after 1980': the answer says which field 'office' was read as", async () => {
    const reply = await askTurns(presidential, "how many took office after 1980");
    // Either a question back or an answer that states the reading; never a bare number.
    if (!reply.plan) expect(reply.messages[0].content).toMatch(/start|end/);
    else {
      const field = reply.plan.filters[0]?.field;
      expect(reply.assumptions?.some((s) => s.includes('"office"') && s.includes(String(field)))).toBe(true);
      expect(reply.messages[0].content).toContain('"office"');
    }
  });
  it("a field said by its own name states no reading", async () => {
    const reply = await askTurns(presidential, "how many rows have end after 1980");
    expect(reply.plan?.filters[0]?.field).toBe("end");
    expect(reply.assumptions ?? []).toEqual([]);
  });
});
