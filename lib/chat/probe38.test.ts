// chat-p38: visualisation requests in nvBench phrasing over new schemas (lib/chat/testing/probe38), each fixed by
// its general cause and tested here with other wordings and tables than the probe's. Expected numbers come from
// the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe38");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const flight = read("flight.csv");
const gun = read("gun.csv");
const employee = read("employee.csv");

const meta = (reply: Awaited<ReturnType<typeof askTurns>>) =>
  reply.messages.find((m) => m.figures.length)?.figures[0].layout.meta as { chart?: string; x?: string | null; color?: string | null } | undefined;

/** The table with `name` as the ingestion types an identifier column: text labels (so it is never summed). */
function withIdColumn(table: Table, name: string): Table {
  return {
    ...table,
    columns: table.columns.map((c) => {
      if (c.name !== name || c.kind !== "number") return c;
      const dictionary: string[] = [];
      const codes = Int32Array.from(c.values, (v) => {
        if (Number.isNaN(v)) return -1;
        const k = dictionary.indexOf(String(v));
        if (k >= 0) return k;
        dictionary.push(String(v));
        return dictionary.length - 1;
      });
      return { name: c.name, type: "id" as const, kind: "text" as const, codes, dictionary };
    }),
  };
}

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

describe("'the relationship between an identifier and a number' is a scatter of the raw pairs", () => {
  const table = withIdColumn(employee.table, "employee_id");
  it("plots salary against employee_id, one point a row", async () => {
    const reply = await askTurns(table, "Visualize the relationship between employee_id and salary.");
    expect(reply.plan?.intent).toBe("relationship");
    const fig = reply.messages.find((m) => m.figures.length)?.figures[0];
    expect(String(meta(reply)?.chart)).toMatch(/^scatter/);
    const pairs = (fig?.data ?? []).flatMap((tr) => (tr.x as number[]).map((x, i) => `${x},${(tr.y as number[])[i]}`)).sort();
    expect(pairs).toEqual(employee.rows.map((r) => `${Number(r.employee_id)},${Number(r.salary)}`).sort());
  });
  it("an identifier is still no measure: 'average employee_id by city' is not summed or averaged", async () => {
    const reply = await askTurns(table, "average employee_id by city");
    expect(reply.plan?.measure.field ?? null).not.toBe("employee_id");
  });
});

describe("'bin the date into year(s)' without 'interval' is a grouping by year", () => {
  it("'bin hire_date into year' counts the employees hired each year", async () => {
    const reply = await askTurns(employee.table, "Show the number of employees by hire_date in a line chart, bin hire_date into year.");
    expect(reply.plan?.groupBy).toEqual([{ field: "hire_date", bucket: "year" }]);
    const want = new Map<string, number>();
    for (const r of employee.rows) want.set(r.hire_date.slice(0, 4), (want.get(r.hire_date.slice(0, 4)) ?? 0) + 1);
    expect(tableOf(reply).length).toBe(want.size);
  });
  it("'binned into months' groups the total salary by month", async () => {
    const reply = await askTurns(employee.table, "A line chart of the total salary over hire_date, binned into months.");
    expect(reply.plan?.groupBy).toEqual([{ field: "hire_date", bucket: "month" }]);
  });
});

describe("'group by attribute Z' after another grouping: Z is the colour", () => {
  it("the average rounds for each Physique, group by attribute Method: x Physique, colour Method", async () => {
    const reply = await askTurns(gun.table, "What is the average rounds for each Physique, and group by attribute Method in a bar chart?");
    expect(meta(reply)?.x).toBe("Physique");
    expect(meta(reply)?.color).toBe("Method");
  });
});

describe("'the number of rows with each N, ranked by ...' over a whole-number field is one bar per value, not bins", () => {
  const pima = read("pima_te.csv");
  it("'with each npreg, ranked by npreg in descending order' counts each npreg value, largest npreg first", async () => {
    const reply = await askTurns(pima.table, "Show the total number of patients with each npreg, ranked by npreg in descending order.");
    const want = new Map<number, number>();
    for (const r of pima.rows) want.set(Number(r.npreg), (want.get(Number(r.npreg)) ?? 0) + 1);
    const keys = [...want.keys()].sort((x, y) => y - x);
    const got = tableOf(reply);
    expect(reply.plan?.intent).toBe("aggregate");
    expect(got.map((r) => r.npreg)).toEqual(keys);
    expect(got.map((r) => Object.values(r).find((v, i) => i > 0 && typeof v === "number"))).toEqual(keys.map((k) => want.get(k)));
  });
  it("without an order or a chart of groups, 'how many patients have each npreg' stays a histogram", async () => {
    const reply = await askTurns(pima.table, "how many patients have each npreg");
    expect(reply.plan?.intent).toBe("distribution");
  });
});

describe("'the distribution of a name and a number in a bar chart' is each name's number, not a histogram", () => {
  it("'distribution of emp_name and salary in a bar chart' charts each employee's salary", async () => {
    const reply = await askTurns(employee.table, "Show me about the distribution of emp_name and salary in a bar chart.");
    expect(meta(reply)?.x).toBe("emp_name");
    const got = new Map(tableOf(reply).map((r) => [r.emp_name, Object.values(r).find((v) => typeof v === "number")]));
    expect(got.size).toBe(employee.rows.length);
    for (const r of employee.rows) expect(got.get(r.emp_name)).toBe(Number(r.salary));
  });
  it("'the distribution of salary in a bar chart' (no other field) stays a histogram", async () => {
    const reply = await askTurns(employee.table, "Show the distribution of salary in a bar chart.");
    expect(reply.plan?.intent).toBe("distribution");
  });
});

describe("'How many Subject have ...' (a numbering said in the singular after 'how many') counts, never sums the numbers", () => {
  const ergo = read("ergo_stool.csv");
  it("'How many Subject have effort greater than 12 in each Type' is no total of Subject numbers", async () => {
    const reply = await askTurns(ergo.table, "How many Subject have effort greater than 12 in each Type? Return a pie.");
    expect(reply.plan?.measure.agg).not.toBe("sum");
    const want = new Map<string, number>();
    for (const r of ergo.rows) if (Number(r.effort) > 12) want.set(r.Type, (want.get(r.Type) ?? 0) + 1);
    const got = tableOf(reply);
    expect(got.length).toBe(want.size);
    for (const r of got) expect(Object.values(r).find((v) => typeof v === "number")).toBe(want.get(String(r.Type)));
  });
});
