// Probe14 (issue 12): nvBench-style chart requests over tables exported from R packages
// (lib/chat/testing/probe14). Expected numbers from the CSV rows with plain loops, never from the engine.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "./index";
import { askTurns } from "./testing/ask";
import { tableFromCsv } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe14");
const read = (file: string) => {
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return { table: tableFromCsv(text), rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
};
const msleep = read("msleep.csv");
const cereal = read("UScereal.csv");
const ask = askTurns;

const tableOf = (reply: ChatReply) => reply.messages.find((m) => m.table)?.table ?? [];
const countBy = (rows: Record<string, string>[], f: string) => {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[f], (out.get(r[f]) ?? 0) + 1);
  return out;
};

describe("a plural noun nothing reads, counted, over a table whose rows each have their own name", () => {
  it("'how many mammals are there in each order' counts the rows per order, stated", async () => {
    const reply = await ask(msleep.table, "How many mammals are there in each order? Show a bar chart.");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["order"]);
    const want = countBy(msleep.rows, "order");
    for (const row of tableOf(reply)) expect(Object.values(row)[1]).toBe(want.get(String(row.order)));
    expect(reply.assumptions?.join(" ")).toContain("mammals");
  });
  it("'the number of cereals for each mfr' counts the rows per mfr", async () => {
    const reply = await ask(cereal.table, "Show the number of cereals for each mfr in a bar chart");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["mfr"]);
  });
  it("'how many sequels are there' alone is still no such field (every row would be counted)", async () => {
    const reply = await ask(msleep.table, "how many sequels are there");
    expect(reply.plan).toBeNull();
  });
  it("'average number of oscars by genre' is not a count of rows", async () => {
    const reply = await ask(msleep.table, "average number of oscars by order");
    expect(reply.plan?.measure.agg ?? null).not.toBe("count");
  });
});
