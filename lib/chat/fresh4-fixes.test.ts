// The misreadings of the fifth analytic set (fresh4, released for tuning in chat-fix5), each fixed by
// its general cause and tested here on the testing tables with other wordings. Expected numbers come
// from the CSV rows with plain loops, never from the engine.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { answerChat, type ChatReply } from "./index";
import { tableFromCsv } from "./testing/load-csv";

const dir = path.join(__dirname, "testing");
const read = (file: string) => {
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return { table: tableFromCsv(text), rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data };
};
const cars = read("cars.csv");

async function ask(table: typeof cars.table, ...turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const t of turns.slice(0, -1)) messages.push({ role: "user", content: t }, { role: "assistant", content: "ok" });
  messages.push({ role: "user", content: turns[turns.length - 1] });
  return answerChat({ table, messages });
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a negation before a field's name applies to the value bound to it", () => {
  it.each(["average mpg of cars not made in the usa", "how many cars were not made in japan"])("%s", async (q) => {
    const reply = await ask(cars.table, q);
    expect(reply.plan?.filters).toEqual([{ field: "Origin", op: "neq", values: [q.includes("japan") ? "Japan" : "USA"] }]);
  });
  it("the number is over the other origins", async () => {
    const reply = await ask(cars.table, "average mpg of cars not made in the usa");
    const want = mean(cars.rows.filter((r) => r.Origin !== "USA").map((r) => Number(r.MPG)));
    expect(reply.messages[1].table?.[0]["Average of MPG"]).toBeCloseTo(want, 3);
  });
});
