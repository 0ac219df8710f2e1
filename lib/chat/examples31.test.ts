// Example questions (empty chat) and follow-up suggestions (after each answer) over the five shared
// tables and three made-up ones: every one is asked through the engine, as the web chat asks it (a
// suggestion as the next turn of the conversation), and must be answered without a question back,
// without "no such field", without a doubt about the reading, with a plan that uses the fields it names.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { ownTables } from "../../scripts/chat-bench/own-set";
import { describeTable } from "./columns";
import { exampleItems } from "./examples";
import { t } from "./i18n";
import { answerChat, type ChatReply } from "./index";
import { suggestionsFor } from "./suggest";

const SHARED = ["superstore", "cars", "movies", "telco", "adult"];
const haveShared = fs.existsSync("/work/shared/datasets/telco.csv") || fs.existsSync("../shared/datasets/telco.csv");

/** A conversation as the chat sends it, with the dataset's name (as the service passes it). */
async function ask(table: Table, datasetName: string, ...turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const q of turns.slice(0, -1)) messages.push({ role: "user", content: q }, { role: "assistant", content: "ok" });
  messages.push({ role: "user", content: turns[turns.length - 1] });
  return answerChat({ table, datasetName, messages });
}

// The doubts an answer can state (answer.ts DOUBT_KINDS), as the English catalogue words them.
const DOUBTS = [
  "assumeUnsure",
  "assumeAlternative",
  "assumeIgnored",
  "assumeNotGrouped",
  "assumeGuess",
  "assumeUnitUnknown",
  "assumeUnitMonths",
  "assumeUnitMinutes",
  "assumeManyGroups",
  "assumeBinnedGroups",
  "assumeCmpValue",
  "assumeMisnamed",
].map((key) => {
  const hole = "\u0001";
  const text = t("en", key, new Proxy({}, { get: () => hole }) as Record<string, string>);
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(hole, ".*")}$`);
});

function planFields(reply: ChatReply): string[] {
  const p = reply.plan!;
  return [p.measure.field, p.measure.condition?.field, p.x, p.y, ...p.groupBy.map((g) => g.field), ...p.filters.map((f) => f.field)].filter(
    (x): x is string => typeof x === "string",
  );
}

function expectSure(reply: ChatReply, q: string): boolean {
  expect.soft(reply.plan, `${q}: ${reply.messages[0]?.content}`).not.toBeNull();
  const doubts = (reply.assumptions ?? []).filter((a) => DOUBTS.some((d) => d.test(a)));
  expect.soft(doubts, q).toEqual([]);
  return reply.plan !== null;
}

/** A made-up table from columns of values (numbers, or text), one row per index. */
function made(columns: Record<string, (i: number) => number | string | null>, rows: number): Table {
  return {
    rowCount: rows,
    columns: Object.entries(columns).map(([name, at]) => {
      const values = Array.from({ length: rows }, (_, i) => at(i));
      if (values.every((v) => v === null || typeof v === "number")) {
        const date = /date/.test(name);
        return {
          name,
          type: date ? "date" : "float",
          kind: "number",
          values: Float64Array.from(values as (number | null)[], (v) => (v === null ? NaN : v)),
        } as Table["columns"][number];
      }
      const dictionary: string[] = [];
      const index = new Map<string, number>();
      const codes = Int32Array.from(values, (v) => {
        if (v === null) return -1;
        const s = String(v);
        if (!index.has(s)) index.set(s, dictionary.push(s) - 1);
        return index.get(s)!;
      });
      const kind = dictionary.length > 50 ? "string" : "category";
      return { name, type: kind, kind: "text", codes, dictionary } as Table["columns"][number];
    }),
  };
}

// A small deterministic generator (no Math.random: the tables are the same on every run).
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const pick = <T>(r: () => number, xs: T[]) => xs[Math.floor(r() * xs.length)];

function employees(): Table {
  const r = rng(7);
  const dept = Array.from({ length: 400 }, () => pick(r, ["Sales", "Engineering", "Support", "Finance", "Marketing"]));
  const level = Array.from({ length: 400 }, () => pick(r, ["Junior", "Mid", "Senior"]));
  const salary = level.map((l) => (l === "Junior" ? 40000 : l === "Mid" ? 60000 : 85000) + Math.round(r() * 20000));
  return made(
    {
      employee_id: (i) => `E${1000 + i}`,
      department: (i) => dept[i],
      job_level: (i) => level[i],
      hire_date: (i) => Date.UTC(2015 + (i % 9), i % 12, 1 + (i % 27)),
      salary: (i) => salary[i],
      age: () => 22 + Math.floor(r() * 40),
      remote: () => pick(r, ["Yes", "No"]),
      left_company: (i) => (level[i] === "Junior" ? (r() < 0.4 ? "Yes" : "No") : r() < 0.1 ? "Yes" : "No"),
    },
    400,
  );
}

function shopSales(): Table {
  const r = rng(11);
  return made(
    {
      invoice_no: (i) => `INV-${20000 + Math.floor(i / 2)}`,
      sale_date: (i) => Date.UTC(2023, 0, 1) + (i % 300) * 86_400_000,
      store: () => pick(r, ["Downtown", "Airport", "Harbour", "Mall", "Station", "Campus"]),
      product_category: () => pick(r, ["Books", "Toys", "Games", "Stationery", "Music", "Gifts", "Cards", "Posters"]),
      payment_type: () => pick(r, ["Cash", "Card", "Voucher"]),
      units: () => 1 + Math.floor(r() * 6),
      revenue: () => Math.round(r() * 20000) / 100,
      discount_pct: () => pick(r, [0, 5, 10, 15, 20]),
    },
    600,
  );
}

function patients(): Table {
  const r = rng(23);
  const ward = Array.from({ length: 300 }, () => pick(r, ["Cardiology", "Oncology", "Maternity", "Surgery"]));
  return made(
    {
      patient_id: (i) => 5000 + i,
      name: (i) => `Patient ${i} ${pick(r, ["Smith", "Jones", "Lee", "Brown"])}`,
      ward: (i) => ward[i],
      blood_type: () => pick(r, ["A", "B", "AB", "O"]),
      length_of_stay: () => 1 + Math.floor(r() * 20) + Math.round(r() * 10) / 10,
      bill_amount: () => Math.round(1000 + r() * 9000),
      readmitted: (i) => (ward[i] === "Surgery" ? (r() < 0.35 ? "True" : "False") : r() < 0.1 ? "True" : "False"),
      notes: (i) => `Seen on day ${i} by doctor ${pick(r, ["A", "B", "C"])}; follow-up ${pick(r, ["needed", "not needed"])}`,
    },
    300,
  );
}

const MADE: [string, Table][] = [
  ["employees", employees()],
  ["shop sales", shopSales()],
  ["patients", patients()],
];

/** The first label of the answer's table row with the highest value, as the engine passes it (topGroup). */
function topLabel(reply: ChatReply): string | undefined {
  const p = reply.plan!;
  if (p.intent !== "aggregate" || p.groupBy.length !== 1) return undefined;
  const rows = reply.messages.find((m) => m.table)?.table ?? [];
  if (rows.length < 2) return undefined;
  const key = Object.keys(rows[0])[0];
  const val = Object.keys(rows[0])[1];
  let best = rows[0];
  for (const r of rows) if (Number(r[val]) > Number(best[val])) best = r;
  return typeof best[key] === "string" ? (best[key] as string) : undefined;
}

async function checkTable(name: string, table: Table) {
  const fields = describeTable(table);
  const examples = exampleItems(fields, "en", 7, name);
  expect(examples.length, name).toBeGreaterThanOrEqual(4);
  for (const e of examples) {
    const reply = await ask(table, name, e.text);
    if (!expectSure(reply, `${name}: ${e.text}`)) continue;
    const used = planFields(reply);
    for (const f of e.fields) expect.soft(used, `${name}: ${e.text}: ${f}`).toContain(f);
    const planned = suggestionsFor(reply.plan!, fields, undefined, topLabel(reply));
    expect.soft(reply.suggestions, `${name}: ${e.text}`).toEqual(planned.map((s) => s.text));
    for (const s of planned) {
      // Clicked after the answer: the next turn of the same conversation.
      const next = await ask(table, name, e.text, s.text);
      const q = `${name}: ${e.text} -> ${s.text}`;
      if (!expectSure(next, q)) continue;
      expect
        .soft(
          next.plan!.groupBy.map((g) => g.field),
          q,
        )
        .toEqual(s.expect.groupBy);
      expect.soft(next.plan!.measure, q).toMatchObject(s.expect.measure);
      expect.soft(next.plan!.filters.length, q).toBe(s.expect.filters);
      if (s.expect.limit) expect.soft(next.plan!.limit, q).toBe(s.expect.limit);
      if (s.expect.chart) expect.soft(next.plan!.chart, q).toBe(s.expect.chart);
      if (s.expect.intent) expect.soft(next.plan!.intent, q).toBe(s.expect.intent);
    }
  }
  return examples.map((e) => e.text);
}

describe("example questions and their follow-ups, asked through the engine", () => {
  it.skipIf(!haveShared)(
    "over the five shared tables",
    async () => {
      const tables = await ownTables(SHARED);
      for (const name of SHARED) await checkTable(name, tables[name]);
    },
    240_000,
  );

  it.each(MADE)("over a made-up %s table", async (name, table) => {
    await checkTable(name, table);
  });

  it("pick the fields a person would ask about", async () => {
    const employeesEx = exampleItems(describeTable(employees()), "en", 7, "employees").map((e) => e.text);
    expect(employeesEx[0]).toBe("What share of employees have left company, by job level?");
    expect(employeesEx.some((q) => q.includes("average salary"))).toBe(true);
    expect(employeesEx.some((q) => /by month|by year/.test(q))).toBe(true);
    const patientEx = exampleItems(describeTable(patients()), "en", 7, "patients").map((e) => e.text);
    // No id, no free text, no name among the fields asked about.
    expect(patientEx.join(" ")).not.toMatch(/patient id|notes|\bname\b/);
    expect(patientEx[0]).toBe("What share of patients were readmitted, by ward?");
  });
});

describe.skipIf(!haveShared)("on the shared tables", () => {
  it("telco asks about churn by contract, not sub-options of a service", async () => {
    const { telco } = await ownTables(["telco"]);
    const qs = exampleItems(describeTable(telco), "en", 7, "telco").map((e) => e.text);
    expect(qs[0]).toBe("What is the churn rate by contract?");
    expect(qs.join(" ")).not.toMatch(/multiple lines|gender|customer ID|=/);
    expect(qs.some((q) => q.startsWith("How many customers"))).toBe(true);
  });

  it("superstore measures sales, not a forecast", async () => {
    const { superstore } = await ownTables(["superstore"]);
    const qs = exampleItems(describeTable(superstore), "en", 7, "superstore").map((e) => e.text);
    expect(qs.join(" ")).not.toMatch(/forecast/i);
    expect(qs).toContain("Show the total sales by month as a line");
  });
});
