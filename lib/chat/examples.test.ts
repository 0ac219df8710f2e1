// Example questions (empty chat, help message) and follow-up suggestions (after each answer) are
// built from the table's own fields: every one of them must be answered by the engine, with the
// fields it names.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeTable } from "./columns";
import { exampleItems } from "./examples";
import { answerChat, exampleQuestions, getTableLexicon, topGroup } from "./index";
import { executePlan } from "./execute";
import { suggestionsFor } from "./suggest";
import { tableFromCsv } from "./testing/load-csv";
import { ordersTable, makeOrders } from "./testing/fixture";
import type { Table } from "../table/types";

const dir = path.join(__dirname, "testing");
const tables: Record<string, Table> = {
  orders: ordersTable(makeOrders(60)),
  cars: tableFromCsv(fs.readFileSync(path.join(dir, "cars.csv"), "utf8")),
  superstore: tableFromCsv(fs.readFileSync(path.join(dir, "superstore-slice.csv"), "utf8")),
  telco: tableFromCsv(fs.readFileSync(path.join(dir, "telco-slice.csv"), "utf8")),
};

const ask = (table: Table, q: string) => answerChat({ table, messages: [{ role: "user", content: q }] });

describe("example questions", () => {
  for (const [name, table] of Object.entries(tables)) {
    it(`are built from ${name}'s fields and answered with them`, async () => {
      const fields = describeTable(table);
      const examples = exampleItems(fields);
      expect(examples.length).toBeGreaterThanOrEqual(3);
      for (const e of examples) {
        const reply = await ask(table, e.text);
        expect(reply.plan, e.text).not.toBeNull();
        const used = [
          reply.plan!.measure.field,
          reply.plan!.measure.condition?.field,
          reply.plan!.x,
          reply.plan!.y,
          ...reply.plan!.groupBy.map((g) => g.field),
          ...reply.plan!.filters.map((f) => f.field),
        ];
        for (const n of e.fields) expect(used, `${e.text}: ${n}`).toContain(n);
      }
    });
  }

  it("are written in the answer language", () => {
    const fields = describeTable(tables.orders);
    expect(exampleQuestions(fields, "fr")[0]).toMatch(/^Moyenne de/);
    expect(exampleQuestions(fields, "de")[0]).toMatch(/^Durchschnitt von/);
  });
});

describe("follow-up suggestions", () => {
  const questions: [string, string][] = [
    ["superstore", "total sales by region"],
    ["superstore", "average profit by segment in the West"],
    ["superstore", "how many rows are in the East"],
    ["cars", "average mpg by origin"],
    ["cars", "horsepower vs weight"],
    ["cars", "distribution of weight"],
    ["telco", "number of customers by contract"],
    ["telco", "How many customers have Churn = Yes, by Contract?"],
    ["orders", "median sales by category"],
  ];
  it.each(questions)("on %s after %s: 2-4 suggestions, each answered as meant", async (name, q) => {
    const table = tables[name];
    const reply = await ask(table, q);
    expect(reply.suggestions.length, q).toBeGreaterThanOrEqual(1);
    expect(reply.suggestions.length).toBeLessThanOrEqual(4);
    const fields = describeTable(table);
    const planned = suggestionsFor(reply.plan!, fields, getTableLexicon(table, fields, ""), topGroup(executePlan(table, reply.plan!)));
    expect(planned.map((s) => s.text)).toEqual(reply.suggestions);
    for (const s of planned) {
      const answer = await ask(table, s.text);
      expect(answer.plan, s.text).not.toBeNull();
      expect(
        answer.plan!.groupBy.map((g) => g.field),
        s.text,
      ).toEqual(s.expect.groupBy);
      expect(answer.plan!.measure, s.text).toMatchObject(s.expect.measure);
      expect(answer.plan!.filters.length, s.text).toBe(s.expect.filters);
      if (s.expect.limit) expect(answer.plan!.limit, s.text).toBe(s.expect.limit);
    }
  });

  it("puts the project's suggestions first", async () => {
    const reply = await answerChat({
      table: tables.orders,
      messages: [{ role: "user", content: "total sales by region" }],
      project: { chatInstructions: "", chatContext: "", chatSuggestions: "Sales by month\nTop customers" },
    });
    expect(reply.suggestions.slice(0, 2)).toEqual(["Sales by month", "Top customers"]);
    expect(reply.suggestions.length).toBeGreaterThan(2);
  });
});
