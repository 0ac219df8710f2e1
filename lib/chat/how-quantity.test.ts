// "how old", "how tall", "how heavy" ask for a quantity: over a table with a field for it the field answers;
// over a table without one the answer says there is no such field (it counted rows or averaged another
// field, saying only 'I did not use "tall"'). Made-up rows.
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const runners = tableFromRows(
  ["runner", "club", "finish_minutes"],
  Array.from({ length: 12 }, (_, i) => [`R${i}`, i % 2 ? "North" : "South", String(40 + ((i * 7) % 15))]),
);
const withAge = tableFromRows(
  ["runner", "club", "Age", "finish_minutes"],
  Array.from({ length: 12 }, (_, i) => [`R${i}`, i % 2 ? "North" : "South", String(20 + i), String(40 + ((i * 7) % 15))]),
);

describe("how <adjective> asks for a quantity", () => {
  it.each([
    ["how old are the runners?", "age"],
    ["how tall is each runner?", "height"],
    ["how heavy are runners of the North club on average?", "weight"],
    ["how fast is each club?", "speed"],
  ])("'%s' over a table without it says there is no %s field, with no number", async (q, noun) => {
    const reply = await askTurns(runners, q);
    const text = reply.messages[0].content;
    expect(text).toContain(`could not find "${noun}"`);
    expect(reply.plan).toBeNull();
  });

  it("the field named by the quantity answers when the table has it ('how old' over Age)", async () => {
    const reply = await askTurns(withAge, "how old are the runners of the North club on average?");
    const north = Array.from({ length: 12 }, (_, i) => i).filter((i) => i % 2);
    const mean = north.reduce((s, i) => s + 20 + i, 0) / north.length;
    expect(reply.plan?.intent === "aggregate" ? reply.plan.measure.field : null).toBe("Age");
    expect(reply.messages[0].content).toContain(String(mean));
  });

  it("'how many' and 'how long' are left to the readers of counts and durations", async () => {
    const reply = await askTurns(runners, "how many runners are in each club?");
    expect(reply.plan?.intent).toBe("aggregate");
  });
});

describe("a year said as a period over a table with no time field", () => {
  it("'in 2020', 'in 1994' say the table has no date or year, with no number", async () => {
    for (const q of ["total finish minutes in 2020", "how many runners ran in 1994?"]) {
      const reply = await askTurns(runners, q);
      expect(reply.messages[0].content, q).toContain('could not find "date or year');
      expect(reply.plan, q).toBeNull();
    }
  });

  it("a table with a year field reads the year as before", async () => {
    const races = tableFromRows(
      ["runner", "year", "finish_minutes"],
      Array.from({ length: 12 }, (_, i) => [`R${i}`, String(2018 + (i % 3)), String(40 + i)]),
    );
    const reply = await askTurns(races, "how many runners in 2020?");
    expect(reply.messages[0].content).toContain("4");
    expect(reply.plan).not.toBeNull();
  });
});

describe("a year that names a column of a wide table", () => {
  it("'total sales in 2020' over sales_2019 and sales_2020 is the 2020 column, not 'no date or year'", async () => {
    const wide = tableFromRows(
      ["region", "sales_2019", "sales_2020"],
      Array.from({ length: 5 }, (_, i) => [`R${i}`, String(100 + i), String(200 + i)]),
    );
    const reply = await askTurns(wide, "total sales in 2020");
    expect(reply.messages[0].content).not.toContain("date or year");
    expect(reply.messages[0].content).toContain("1,010");
  });
});
