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

const airmiles = read("airmiles.csv");
const wool = read("woolyrnq.csv");
const phones = read("worldphones.csv");

describe("the first / last value of a series is its earliest / latest period, stated", () => {
  it("'the earliest airmiles number' is the value of the first year", async () => {
    const reply = await askTurns(airmiles.table, "the earliest airmiles number");
    const first = airmiles.rows.reduce((b, r) => (num(r.year) < num(b.year) ? r : b));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "year", op: "eq", values: [num(first.year)] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(num(first.airmiles));
    expect(reply.messages[0].content).toContain("the earliest in the data");
  });
  it("'the last monthly woolyrnq reading' over quarterly rows is the last row's value, not a grouping", async () => {
    const reply = await askTurns(wool.table, "the last monthly woolyrnq reading");
    const last = wool.rows.reduce((b, r) => (String(r.date) > String(b.date) ? r : b));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(num(last.woolyrnq));
    expect(reply.messages[0].content).toContain("the latest in the data");
  });
  it("'Asia in the final year' over a column per region is Asia's value in the latest year", async () => {
    const reply = await askTurns(phones.table, "Asia in the final year");
    const last = phones.rows.reduce((b, r) => (num(r.Year) > num(b.Year) ? r : b));
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(num(last.Asia));
  });
});

const lynx = read("lynx.csv");

describe("'how many years of data' is the number of different years, not of rows", () => {
  it("over quarterly rows, 'how many years of records do we have' counts the years", async () => {
    const reply = await askTurns(wool.table, "how many years of records do we have");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "date", bucket: "year" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(new Set(wool.rows.map((r) => String(r.date).slice(0, 4))).size);
  });
  it("'how many years does the lynx history span' counts the years, the series only says whose", async () => {
    const reply = await askTurns(lynx.table, "how many years does the lynx history span");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "year" });
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(new Set(lynx.rows.map((r) => r.year)).size);
  });
});

describe("the biggest jump / drop from the period before ranks each period's change from the one before", () => {
  const steps = (rows: Record<string, unknown>[], key: string, value: string) => {
    const sorted = [...rows].sort((p, q) => (String(p[key]) < String(q[key]) ? -1 : 1));
    return sorted.slice(1).map((r, i) => ({ key: r[key], step: num(r[value]) - num(sorted[i][value]) }));
  };
  it("'which year had the largest rise in lynx from the year before' is the year of the largest step up", async () => {
    const reply = await askTurns(lynx.table, "which year had the largest rise in lynx from the year before");
    const best = steps(lynx.rows, "year", "lynx").reduce((b, s) => (s.step > b.step ? s : b));
    expect(reply.plan?.measure.fromPrevious).toBe(true);
    const top = reply.messages[1].table?.[0] ?? {};
    expect(top.year).toBe(num(best.key));
    expect(Object.values(top)).toContain(best.step);
    expect(reply.messages[0].content).toContain("the change from the period before");
  });
  it("'the biggest decline in woolyrnq compared with the previous quarter' is the quarter of the largest step down", async () => {
    const reply = await askTurns(wool.table, "the biggest decline in woolyrnq compared with the previous quarter");
    const worst = steps(wool.rows, "date", "woolyrnq").reduce((b, s) => (s.step < b.step ? s : b));
    const top = reply.messages[1].table?.[0] ?? {};
    expect(Object.values(top)).toContain(worst.step);
    expect(reply.assumptions?.some((s) => s.includes("did not use"))).toBe(false);
  });
  it("a plain superlative over the years is no step", async () => {
    const reply = await askTurns(lynx.table, "which year had the most lynx");
    expect(reply.plan?.measure.fromPrevious).toBeUndefined();
  });
});

describe("'by decade' groups the time field ten years a group", () => {
  it("'total lynx per decade' over a year-like number field: one group per decade, labelled 1820s", async () => {
    const reply = await askTurns(lynx.table, "total lynx per decade");
    expect(reply.plan?.groupBy).toEqual([{ field: "year", bucket: "decade" }]);
    const want = new Map<string, number>();
    for (const r of lynx.rows) {
      const d = `${Math.floor(num(r.year) / 10) * 10}s`;
      want.set(d, (want.get(d) ?? 0) + num(r.lynx));
    }
    const got = reply.messages[1].table ?? [];
    expect(got.length).toBe(want.size);
    for (const row of got) expect(firstNumber(row)).toBe(want.get(String(row.year)));
  });
  it("'highest sunspot number by decade' over a date field", async () => {
    const reply = await answerChat({
      table: sunspots.table,
      datasetName: "sunspot_month",
      messages: [{ role: "user", content: "highest sunspot number by decade" }],
    });
    expect(reply.plan?.groupBy).toEqual([{ field: "date", bucket: "decade" }]);
    const want = new Map<string, number>();
    for (const r of sunspots.rows) {
      const d = `${Math.floor(Number(String(r.date).slice(0, 4)) / 10) * 10}s`;
      want.set(d, Math.max(want.get(d) ?? -Infinity, num(r["sunspot.month"])));
    }
    const got = reply.messages[1].table ?? [];
    expect(got.length).toBe(want.size);
    for (const row of got) expect(firstNumber(row)).toBe(want.get(String(row.date)));
  });
});

describe("'when did X first exceed N' is the earliest year of the rows that pass; 'average quarterly X' over quarterly rows one number", () => {
  it("'what year did lynx last go over 5000' is the latest such year, stated", async () => {
    const reply = await askTurns(lynx.table, "what year did lynx last go over 5000");
    const want = Math.max(...lynx.rows.filter((r) => num(r.lynx) > 5000).map((r) => num(r.year)));
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "year" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(want);
    expect(reply.messages[0].content).toContain("the latest year of the rows that match");
  });
  it("a year found as a maximum or a minimum is written as a year (1905, not 1,905); other numbers keep their separators", async () => {
    const last = await askTurns(lynx.table, "in what year did lynx last go above 5000");
    const year = Math.max(...lynx.rows.filter((r) => num(r.lynx) > 5000).map((r) => num(r.year)));
    expect(last.messages[0].content).toContain(`is ${year}.`);
    const first = await askTurns(lynx.table, "the earliest year with more than 6000 lynx, when was it?");
    expect(first.messages[0].content).not.toMatch(/\b1,\d{3}\b/);
    const total = await askTurns(lynx.table, "total lynx");
    const sum = lynx.rows.reduce((a, r) => a + num(r.lynx), 0);
    expect(total.messages[0].content).toContain(sum.toLocaleString("en-US"));
  });
  it("'mean quarterly woolyrnq after 1990' over rows one a quarter is the average of those rows", async () => {
    const reply = await askTurns(wool.table, "mean quarterly woolyrnq after 1990");
    const kept = wool.rows.filter((r) => Number(String(r.date).slice(0, 4)) > 1990).map((r) => num(r.woolyrnq));
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(kept.reduce((s, x) => s + x, 0) / kept.length, 3);
  });
});

describe("'zero' before a number field is the rows where it is 0, however many values the field has", () => {
  it("'in how many months were there zero sunspots' counts the months at 0", async () => {
    const reply = await answerChat({
      table: sunspots.table,
      datasetName: "sunspot_month",
      messages: [{ role: "user", content: "in how many months were there zero sunspots" }],
    });
    expect(reply.plan?.filters).toEqual([{ field: "sunspot.month", op: "eq", values: [0] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sunspots.rows.filter((r) => num(r["sunspot.month"]) === 0).length);
  });
});

describe("a superlative ranking a period said as its noun ranks the periods", () => {
  it("'the highest woolyrnq quarter' puts the highest quarter first", async () => {
    const reply = await askTurns(wool.table, "the highest woolyrnq quarter");
    const top = wool.rows.reduce((b, r) => (num(r.woolyrnq) > num(b.woolyrnq) ? r : b));
    expect(reply.plan?.sort).toEqual({ by: "value", order: "desc" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(num(top.woolyrnq));
  });
});
