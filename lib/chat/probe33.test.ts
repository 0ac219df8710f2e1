// chat-p33: dated series — first / last value, jumps between periods, decades, years of data (lib/chat/testing/probe33),
// each fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from the
// CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe33");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const sunspots = read("sunspot_month.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

describe("a data set named like its series does not make the series' words the rows' noun", () => {
  it("'sunspot' over sunspot_month holding sunspot.month is the series", async () => {
    const reply = await answerChat({
      table: sunspots.table,
      datasetName: "sunspot_month",
      messages: [{ role: "user", content: "median sunspot number in 1850" }],
    });
    expect(reply.plan?.measure).toEqual({ agg: "median", field: "sunspot.month" });
    const want = median(sunspots.rows.filter((r) => String(r.date).startsWith("1850")).map((r) => num(r["sunspot.month"])));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 6);
  });
});
