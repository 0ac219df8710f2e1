// chat-text32: a part of a free-text field ("reviews that mention delivery", "products with kettle in the name",
// "whose name starts with S") is a substring condition, not an equality with the one value holding the word
// (probe44 v12, l03). Made-up table lib/chat/testing/text32/reviews.csv; expected numbers from the rows with plain loops.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeTable } from "./columns";
import { checkPlanFields } from "./llm";
import type { AnalysisPlan } from "./plan";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const shop = readCsvTableAndRows(path.join(__dirname, "testing", "text32", "reviews.csv"));
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const has = (v: unknown, part: string) =>
  String(v ?? "")
    .toLowerCase()
    .includes(part);

describe("a part of a free-text field is a substring condition", () => {
  it("'how many reviews mention delivery' counts every review holding the word, in any case", async () => {
    const reply = await askTurns(shop.table, "how many reviews mention delivery");
    expect(firstNumber(tableOf(reply)[0])).toBe(shop.rows.filter((r) => has(r.review, "delivery")).length);
    expect(reply.plan?.filters).toEqual([{ field: "review", op: "contains", values: ["delivery"] }]);
    expect(reply.messages.map((m) => m.content).join(" ")).toMatch(/review contains "delivery"/);
  });
  it("in text of several words a part starts a word: 'mention rice' is not 'Not worth the price'", async () => {
    const reply = await askTurns(shop.table, "how many reviews mention rice");
    expect(shop.rows.some((r) => has(r.review, "rice"))).toBe(true);
    expect(firstNumber(tableOf(reply)[0])).toBe(0);
  });
  it("'average rating of products with kettle in the name' averages over the names holding the word", async () => {
    const reply = await askTurns(shop.table, "average rating of products with kettle in the name");
    const xs = shop.rows.filter((r) => has(r.product_name, "kettle")).map((r) => Number(r.rating));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 3);
  });
  it("'how many products whose name starts with blue' keeps the names that begin with it", async () => {
    const reply = await askTurns(shop.table, "how many products whose name starts with blue");
    expect(firstNumber(tableOf(reply)[0])).toBe(shop.rows.filter((r) => String(r.product_name).toLowerCase().startsWith("blue")).length);
  });
  it("'contain the most' is no part of a text", async () => {
    const reply = await askTurns(shop.table, "which department contains the most products");
    expect(reply.plan?.filters.some((f) => f.op === "contains")).toBeFalsy();
  });
  it("a model's plan may search text fields only", () => {
    const plan = { intent: "aggregate", measure: { agg: "count", field: null }, groupBy: [], filters: [{ field: "rating", op: "contains", values: ["4"] }] };
    expect(checkPlanFields(plan as unknown as AnalysisPlan, describeTable(shop.table)).length).toBeGreaterThan(0);
    const ok = { ...plan, filters: [{ field: "review", op: "contains", values: ["late"] }] };
    expect(checkPlanFields(ok as unknown as AnalysisPlan, describeTable(shop.table))).toEqual([]);
  });
});
