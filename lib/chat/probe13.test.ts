// chat-probe13: real-world table shapes (lib/chat/testing/probe13: count columns, coded values, missing answers,
// one row per item, year/month columns), each fixed by its general cause and tested here with other wordings
// than the probe's. Expected numbers come from the CSV rows with plain loops, never from the engine.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromCsv } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe13");
const read = (file: string) => {
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return { table: tableFromCsv(text), rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
};
const screening = read("screening.csv");
const homes = read("home_sales.csv");

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("a column of counts: 'how many cases' is its total, and its default aggregate is the sum", () => {
  it("how many controls are there", async () => {
    const reply = await askTurns(screening.table, "how many controls are there");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "controls" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sum(screening.rows.map((r) => Number(r.controls))));
  });
  it("how many sales in Lubbock (a count column with a filter)", async () => {
    const reply = await askTurns(homes.table, "how many sales in Lubbock");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "sales" });
    const want = sum(homes.rows.filter((r) => r.city === "Lubbock").map((r) => Number(r.sales)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
  });
  it("controls by smoking: the total per group", async () => {
    const reply = await askTurns(screening.table, "controls by smoking");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "controls" });
  });
  it("a count of rows with a condition on the count column stays a count", async () => {
    const reply = await askTurns(screening.table, "how many rows have more than 5 cases");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
  });
});
