// chat-p43: timestamps and prices — time of day, weekdays, daily series (lib/chat/testing/probe43, made-up tables from a
// seeded generator), each fixed by its general cause and tested here with other wordings than the probe's. Expected
// numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe43");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const sensors = read("sensors.csv");
const elec = read("electricity.csv");
const beaver = read("beaver2.csv");
const sales = read("store_sales.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const present = (v: unknown) => v !== null && v !== undefined && v !== "";
// "2023-05-01T14:10" / "2023-01-02 18:30:00": hour and minute of the text.
const hourOf = (ts: unknown) => Number(String(ts).slice(11, 13));
const minuteOfDay = (ts: unknown) => hourOf(ts) * 60 + Number(String(ts).slice(14, 16));

describe("the hour of the day of a date field holding times", () => {
  it("'what time of day has the lowest average humidity' ranks the 24 hours of the day", async () => {
    const reply = await askTurns(sensors.table, "what time of day has the lowest average humidity");
    const by = new Map<number, number[]>();
    for (const r of sensors.rows) if (present(r.humidity)) by.set(hourOf(r.time), [...(by.get(hourOf(r.time)) ?? []), Number(r.humidity)]);
    const means = [...by].map(([h, xs]) => [h, mean(xs)] as const).sort((a, b) => a[1] - b[1]);
    const rows = tableOf(reply);
    expect(rows.length).toBe(24);
    expect(rows[0].time).toBe(`${String(means[0][0]).padStart(2, "0")}:00`);
    expect(firstNumber(rows[0])).toBeCloseTo(means[0][1], 3);
  });
  it("'hourly average demand' over half-hourly readings is one average per hour of the day", async () => {
    const reply = await askTurns(elec.table, "hourly average demand");
    expect(reply.plan?.groupBy).toEqual([{ field: "timestamp", bucket: "hourOfDay" }]);
    const seven = elec.rows.filter((r) => hourOf(r.timestamp) === 7).map((r) => Number(r.demand_mw));
    const row = tableOf(reply).find((r) => r.timestamp === "07:00");
    expect(firstNumber(row)).toBeCloseTo(mean(seven), 3);
  });
  it("'by hour' over dates without a time of day is said as not used", async () => {
    const reply = await askTurns(sales.table, "average customers by hour");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.assumptions?.join(" ")).toContain('"by hour"');
  });
});

describe("a time of day compares the time of each row, not a number field", () => {
  it("'max demand before 7:30 am' keeps the readings before 07:30 of every day", async () => {
    const reply = await askTurns(elec.table, "max demand before 7:30 am");
    const want = Math.max(...elec.rows.filter((r) => minuteOfDay(r.timestamp) < 7 * 60 + 30).map((r) => Number(r.demand_mw)));
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
  it("'humidity of device A from 22:00 to 23:30' is a range of times of day", async () => {
    const reply = await askTurns(sensors.table, "average humidity of device A between 22:00 and 23:30");
    const xs = sensors.rows
      .filter((r) => r.device === "A" && present(r.humidity) && minuteOfDay(r.time) >= 22 * 60 && minuteOfDay(r.time) <= 23 * 60 + 30)
      .map((r) => Number(r.humidity));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(xs), 3);
  });
  it("'after 10 pm' over a number field of hhmm times (beaver2's time) compares 2200", async () => {
    const reply = await askTurns(beaver.table, "how many readings after 10 pm");
    expect(reply.plan?.filters).toEqual([{ field: "time", op: "gt", values: [2200] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(beaver.rows.filter((r) => Number(r.time) > 2200).length);
  });
});

// Monday = 0 ... Sunday = 6 of a "YYYY-MM-DD..." text.
const dayOfWeek = (ts: unknown) => (new Date(`${String(ts).slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7;

describe("'on weekdays' is Monday to Friday, 'by weekday' the days of the week", () => {
  it("'total customers on weekends' then 'what about business days?' swaps the days", async () => {
    const reply = await askTurns(sales.table, "total customers on weekends", "what about business days?");
    const want = sales.rows.filter((r) => dayOfWeek(r.date) < 5).reduce((s, r) => s + Number(r.customers), 0);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
  it("'average sales per store during the week days' filters Monday to Friday and groups by store", async () => {
    const reply = await askTurns(sales.table, "average sales per store during the week days");
    const xs = sales.rows.filter((r) => r.store === "Riverside" && dayOfWeek(r.date) < 5).map((r) => Number(r.sales));
    const row = tableOf(reply).find((r) => r.store === "Riverside");
    expect(firstNumber(row)).toBeCloseTo(mean(xs), 2);
  });
  it("'average sales by weekday' still groups by the day of the week", async () => {
    const reply = await askTurns(sales.table, "average sales by weekday");
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "weekday" }]);
  });
});

describe("'the last / first N days' and weeks are whole days counted from the end (start) of the data", () => {
  const lastDay = sales.rows.map((r) => String(r.date)).sort()[sales.rows.length - 1];
  const daysBefore = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  it("'total sales of Downtown in the past 14 days' is one number over the latest 14 days", async () => {
    const reply = await askTurns(sales.table, "total sales of Downtown in the past 14 days");
    const from = daysBefore(lastDay, 13);
    const want = sales.rows.filter((r) => r.store === "Downtown" && String(r.date) >= from).reduce((s, r) => s + Number(r.sales), 0);
    expect(tableOf(reply).length).toBe(1);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(want, 2);
    expect(reply.assumptions?.join(" ")).toContain(`${from} to ${lastDay}`);
  });
  it("'max demand in the first 2 weeks' over half-hourly readings keeps the first 14 days", async () => {
    const first = elec.rows
      .map((r) => String(r.timestamp))
      .sort()[0]
      .slice(0, 10);
    const end = daysBefore(first, -14);
    const reply = await askTurns(elec.table, "max demand in the first 2 weeks");
    const want = Math.max(...elec.rows.filter((r) => String(r.timestamp) < end).map((r) => Number(r.demand_mw)));
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
});

describe("'when was the highest X' is the row holding it, with its time", () => {
  it("'when was the minimum demand' over half-hourly readings shows that reading's time", async () => {
    const reply = await askTurns(elec.table, "when was the minimum demand");
    const low = elec.rows.reduce((b, r) => (Number(r.demand_mw) < Number(b.demand_mw) ? r : b));
    const row = tableOf(reply)[0];
    expect(tableOf(reply).length).toBe(1);
    expect(row.demand_mw).toBe(Number(low.demand_mw));
    expect(Date.parse(String(row.timestamp))).toBe(Date.parse(`${String(low.timestamp).replace(" ", "T")}Z`));
    expect(reply.assumptions?.join(" ")).toContain('"when"');
  });
  it("'what was the peak demand' (no time asked) stays one number", async () => {
    const reply = await askTurns(elec.table, "what was the peak demand");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.max(...elec.rows.map((r) => Number(r.demand_mw))));
  });
});

const stocks = read("stocks.csv");

describe("price columns said the way traders say them", () => {
  it("'lowest closing price of GLOBX in May' is the minimum of close", async () => {
    const reply = await askTurns(stocks.table, "lowest closing price of GLOBX in May");
    const want = Math.min(...stocks.rows.filter((r) => r.ticker === "GLOBX" && String(r.date).slice(5, 7) === "05").map((r) => Number(r.close)));
    expect(reply.plan?.measure).toEqual({ agg: "min", field: "close" });
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
  it("'total trading volume of ACME' is the total of volume", async () => {
    const reply = await askTurns(stocks.table, "total trading volume of ACME");
    const want = stocks.rows.filter((r) => r.ticker === "ACME").reduce((s, r) => s + Number(r.volume), 0);
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
});
