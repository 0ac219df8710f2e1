// chat-p48: binding words to the right field and value (lib/chat/testing/probe48). Each general fix is tested on
// made-up rows, with other wordings than the probe's; expected numbers are counted from the rows here.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const notes = (r: { assumptions?: string[] }) => (r.assumptions ?? []).join(" | ");

const cities = ["Lima", "Quito", "Bogota", "Santiago"];
const tripRows = Array.from({ length: 40 }, (_, i) => {
  const from = cities[i % 4];
  const to = cities[(i + (i % 6 === 0 ? 2 : 1)) % 4];
  return [`T${i}`, from, to, String(100 + ((i * 37) % 90)), i % 5 === 0 ? "Cancelled" : "Flown"];
});
const trips = tableFromRows(["trip_id", "origin_city", "destination_city", "seats", "status"], tripRows);

describe("a value held by two route fields takes the side the words before it say", () => {
  it("'out of Lima', 'leaving Lima': the origin; 'landing in Lima', 'bound for Lima': the destination", async () => {
    const out = tripRows.filter((r) => r[1] === "Lima").length;
    const into = tripRows.filter((r) => r[2] === "Lima").length;
    expect(out).not.toBe(into);
    for (const q of ["number of trips out of Lima", "how many trips leaving Lima"]) expect(firstNumber(tableOf(await askTurns(trips, q))[0])).toBe(out);
    for (const q of ["number of trips landing in Lima", "how many trips bound for Lima"]) expect(firstNumber(tableOf(await askTurns(trips, q))[0])).toBe(into);
  });
  it("the cue wins over the other side named elsewhere: 'which destination has the most trips departing from Quito'", async () => {
    const reply = await askTurns(trips, "which destination has the most trips departing from Quito");
    const plan = reply.plan as unknown as { filters: { field: string; values: unknown[] }[] };
    expect(plan.filters).toEqual([expect.objectContaining({ field: "origin_city", values: ["Quito"] })]);
  });
});

const states = ["Ohio", "Utah", "Iowa"];
const orderRows = Array.from({ length: 30 }, (_, i) => [
  `O${i}`,
  states[i % 3],
  states[(i + (i % 4 === 0 ? 1 : 0)) % 3],
  ["Toys", "Books", "Other"][i % 3 === 0 && i % 2 === 0 ? 2 : i % 2],
  String(10 + i),
]);
const orders = tableFromRows(["order_id", "billing_state", "shipping_state", "category", "amount"], orderRows);

describe("billing and shipping: 'sent to' and 'invoiced to' pick the side", () => {
  it("counts by the side said", async () => {
    expect(firstNumber(tableOf(await askTurns(orders, "how many orders were sent to Utah"))[0])).toBe(orderRows.filter((r) => r[2] === "Utah").length);
    const billed = orderRows.filter((r) => r[1] === "Utah").reduce((s, r) => s + Number(r[4]), 0);
    expect(firstNumber(tableOf(await askTurns(orders, "total amount invoiced to Utah"))[0])).toBe(billed);
  });
});

describe("a value that is a grammar word, said next to its own field's name, is that value", () => {
  it("'the Other category' filters category = Other (not a count by every category)", async () => {
    const reply = await askTurns(orders, "number of orders in the Other category");
    expect(tableOf(reply)).toHaveLength(1);
    expect(firstNumber(tableOf(reply)[0])).toBe(orderRows.filter((r) => r[3] === "Other").length);
  });
});

describe("synonyms of a field's words", () => {
  const rows = Array.from({ length: 24 }, (_, i) => [
    ["Pier", "Ridge"][i % 2],
    String((i * 1.3) % 7),
    i % 3 === 0 ? "Yes" : "No",
    ["Gold", "Basic"][i % 3 === 0 ? 0 : 1],
    ["Annual", "Monthly"][i % 2],
  ]);
  const t = tableFromRows(["site", "precip_mm", "rain", "plan_level", "contract"], rows);
  it("'precip_mm' is said 'precipitation' / 'rainfall' (its name without the unit), before a yes/no 'rain'", async () => {
    const reply = await askTurns(t, "total rainfall by site");
    const pier = rows.filter((r) => r[0] === "Pier").reduce((s, r) => s + Number(r[1]), 0);
    const row = tableOf(reply).find((r) => r.site === "Pier");
    expect(firstNumber(row)).toBeCloseTo(pier, 6);
  });
  it("a word of a field's own name ('plan' in plan_level) is that field's, not a general synonym's (contract)", async () => {
    const reply = await askTurns(t, "how many rows are on the gold plan");
    expect(tableOf(reply)).toHaveLength(1);
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[3] === "Gold").length);
    expect(notes(reply)).not.toMatch(/as contract/);
  });
});

describe("the verb of an agent field names it, and the word it shares with other fields", () => {
  const teams = ["Hawks", "Owls", "Bears"];
  const rows = Array.from({ length: 30 }, (_, i) => {
    const home = teams[i % 3];
    const away = teams[(i + 1) % 3];
    return [`M${i}`, home, away, i % 4 === 0 ? away : home];
  });
  const matches = tableFromRows(["match_id", "home_club", "away_club", "winner"], rows);
  it("'which club won the most matches' groups by winner (not a question back between home_club and away_club)", async () => {
    const reply = await askTurns(matches, "which club won the most matches");
    const wins = new Map<string, number>();
    for (const r of rows) wins.set(r[3], (wins.get(r[3]) ?? 0) + 1);
    const top = [...wins].sort((a, b) => b[1] - a[1])[0];
    expect(tableOf(reply)[0]).toMatchObject({ winner: top[0] });
    expect(notes(reply)).toMatch(/as winner/);
  });
});
