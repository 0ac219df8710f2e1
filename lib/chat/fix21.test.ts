// chat-fix21 (issue 12): a filter whose field only a weak word names (a part of a synonym, "office" of "box
// office" on a field `end`) is never applied silently: the first message says how the word was read.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromCsv, tableFromRows } from "./testing/load-csv";

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
  it("a partial name word over a number field ('budget' for Production Budget) is stated too", async () => {
    const movies = tableFromRows(
      ["Title", "Production Budget", "Worldwide Gross"],
      [
        ["A", "10", "50"],
        ["B", "200", "300"],
        ["C", "150", "90"],
        ["D", "40", "20"],
      ],
    );
    const reply = await askTurns(movies, "how many have a budget over 100");
    expect(reply.plan?.filters[0]?.field).toBe("Production Budget");
    expect(reply.assumptions).toContain('I read "budget" as Production Budget');
  });
  it("a date field's one-word name is not an abbreviation ('end' is no 'earned', so 'office' names no field)", async () => {
    const reply = await askTurns(presidential, "how many took office after 1980");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("start");
    expect(reply.messages[0].content).toContain("end");
  });
  it("a synonym under a name's own words ('cost' for cty on probe13's vehicles) is stated too", async () => {
    const vehicles = tableFromCsv(fs.readFileSync(path.join(__dirname, "testing", "probe13", "vehicles.csv"), "utf8"));
    const reply = await askTurns(vehicles, "how many cars cost more than 20");
    if (reply.plan) for (const f of reply.plan.filters) expect(reply.assumptions?.some((s) => s.includes('"cost"') && s.includes(f.field))).toBe(true);
    else expect(reply.messages[0].content).toContain("cost");
  });
  it("a field said by its own name states no reading", async () => {
    const reply = await askTurns(presidential, "how many rows have end after 1980");
    expect(reply.plan?.filters[0]?.field).toBe("end");
    expect(reply.assumptions ?? []).toEqual([]);
  });
});
