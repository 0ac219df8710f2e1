// chat-p29: time series tables — per-period questions of dated data (lib/chat/testing/probe29), each fixed by its
// general cause and tested here with other wordings than the probe's. Expected numbers come from the CSV rows with
// plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe29");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const uspop = read("uspop.csv");
const nhtemp = read("nhtemp.csv");
const ukgas = read("ukgas.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a series named by a short prefix glued to its noun is said by the noun or its synonym", () => {
  it("'population' is uspop, 'temperature' is nhtemp, 'gas' is UKgas", async () => {
    const pop = await askTurns(uspop.table, "highest population");
    expect(pop.plan?.measure).toEqual({ agg: "max", field: "uspop" });
    expect(firstNumber(pop.messages[1].table?.[0])).toBe(Math.max(...uspop.rows.map((r) => num(r.uspop))));
    const temp = await askTurns(nhtemp.table, "mean temperature after 1960");
    expect(temp.plan?.measure).toEqual({ agg: "mean", field: "nhtemp" });
    const want = mean(nhtemp.rows.filter((r) => num(r.year) > 1960).map((r) => num(r.nhtemp)));
    expect(firstNumber(temp.messages[1].table?.[0])).toBeCloseTo(want, 3);
    const gas = await askTurns(ukgas.table, "total gas in 1982");
    expect(gas.plan?.measure).toEqual({ agg: "sum", field: "UKgas" });
  });
});
