// chat-p38: visualisation requests in nvBench phrasing over new schemas (lib/chat/testing/probe38), each fixed by
// its general cause and tested here with other wordings and tables than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe38");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const flight = read("flight.csv");
const gun = read("gun.csv");

const meta = (reply: Awaited<ReturnType<typeof askTurns>>) =>
  reply.messages.find((m) => m.figures.length)?.figures[0].layout.meta as { chart?: string; x?: string | null; color?: string | null } | undefined;

describe("'as a stacked/grouped bar by Z': Z is the colour, the other grouping the x axis", () => {
  it("'stacked bars by airline_name' of a count per origin colours by airline_name", async () => {
    const reply = await askTurns(flight.table, "Show how many flights leave from each origin as stacked bars by airline_name.");
    expect(meta(reply)?.chart).toBe("stackedBar");
    expect(meta(reply)?.x).toBe("origin");
    expect(meta(reply)?.color).toBe("airline_name");
    const want = new Map<string, number>();
    for (const r of flight.rows) want.set(`${r.origin}|${r.airline_name}`, (want.get(`${r.origin}|${r.airline_name}`) ?? 0) + 1);
    const got = tableOf(reply);
    expect(got.length).toBe(want.size);
    for (const r of got) expect(Object.values(r).find((v) => typeof v === "number")).toBe(want.get(`${r.origin}|${r.airline_name}`));
  });
  it("'a grouped bar chart by Physique' of the average rounds per Method colours by Physique", async () => {
    const reply = await askTurns(gun.table, "Plot the average rounds for each Method as a grouped bar chart by Physique.");
    expect(meta(reply)?.chart).toBe("groupedBar");
    expect(meta(reply)?.x).toBe("Method");
    expect(meta(reply)?.color).toBe("Physique");
  });
});
