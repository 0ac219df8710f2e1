// chat-probe13: real-world table shapes (lib/chat/testing/probe13: count columns, coded values, missing answers,
// one row per item, year/month columns), each fixed by its general cause and tested here with other wordings
// than the probe's. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe13");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
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

const vehicles = read("vehicles.csv");
const people = read("respondents.csv");
const mean = (xs: number[]) => sum(xs) / xs.length;

describe("a field named by a word without its vowels: hwy, cty, drv", () => {
  it.each([
    ["average highway mileage by manufacturer", "hwy"],
    ["median city fuel economy", "cty"],
  ])("%s", async (q, field) => {
    const reply = await askTurns(vehicles.table, q);
    expect(reply.plan?.measure.field).toBe(field);
  });
  it("count by drive", async () => {
    const reply = await askTurns(vehicles.table, "count of cars per drive");
    expect(reply.plan?.groupBy).toEqual([{ field: "drv", bucket: null }]);
  });
});

describe("short codes said in plain words (by the field's name): drive, units, sex, fuel", () => {
  it("front-wheel drive cars: drv = f", async () => {
    const reply = await askTurns(vehicles.table, "median highway mpg of front wheel drive cars");
    expect(reply.plan?.filters).toEqual([{ field: "drv", op: "eq", values: ["f"] }]);
  });
  it("not four-wheel drive: drv other than 4", async () => {
    const reply = await askTurns(vehicles.table, "how many cars are not four-wheel drive");
    expect(reply.plan?.filters).toEqual([{ field: "drv", op: "neq", values: ["4"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(vehicles.rows.filter((r) => r.drv !== "4").length);
  });
  it("premium fuel: fl = p", async () => {
    const reply = await askTurns(vehicles.table, "average displacement of cars that use premium fuel");
    expect(reply.plan?.filters).toEqual([{ field: "fl", op: "eq", values: ["p"] }]);
  });
  it("imperial units, women: units = I, sex = F", async () => {
    const reply = await askTurns(people.table, "average age of women answering in imperial units");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "units", op: "eq", values: ["I"] },
        { field: "sex", op: "eq", values: ["F"] },
      ]),
    );
    const want = mean(people.rows.filter((r) => r.units === "I" && r.sex === "F").map((r) => Number(r.age)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 3);
  });
});

describe("a word the values' first word abbreviates selects them ('automatic' for auto(l4), auto(av))", () => {
  it("how many automatic cars", async () => {
    const reply = await askTurns(vehicles.table, "how many automatic cars are there");
    expect(reply.plan?.filters[0]?.field).toBe("trans");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(vehicles.rows.filter((r) => r.trans.startsWith("auto")).length);
  });
});

describe("integer year and month fields beside a date", () => {
  it("'in 2021' is the year field, no question back", async () => {
    const reply = await askTurns(homes.table, "average listings in 2021");
    expect(reply.plan?.filters).toEqual([{ field: "year", op: "eq", values: [2021] }]);
    const want = mean(homes.rows.filter((r) => r.year === "2021").map((r) => Number(r.listings)));
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(want, 1);
  });
  it("'the worst month for sales' ranks the months, not the largest month number", async () => {
    const reply = await askTurns(homes.table, "the worst month for sales in El Paso");
    expect(reply.plan?.groupBy).toEqual([{ field: "month", bucket: null }]);
    expect(reply.plan?.sort).toEqual({ by: "value", order: "asc" });
  });
});

describe("empty cells: 'no pulse', 'didn't give their income', 'income missing'", () => {
  const empty = (field: string) => people.rows.filter((r) => r[field] === "").length;
  it.each([
    ["how many people did not provide their pulse", "pulse"],
    ["count of respondents with income missing", "income"],
    ["how many respondents have no smoke answer", "smoke"],
  ])("%s", async (q, field) => {
    const reply = await askTurns(people.table, q);
    expect(reply.plan?.filters).toEqual([{ field, op: "missing", values: [] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(empty(field));
  });
  it("a share of empty cells counts the empty rows over all rows", async () => {
    const reply = await askTurns(people.table, "what percentage of respondents have no income");
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo((100 * empty("income")) / people.rows.length, 2);
  });
  it("average age of those who didn't give their income, by sex", async () => {
    const reply = await askTurns(people.table, "average age of respondents who didn't give their income by sex");
    const rows = people.rows.filter((r) => r.income === "" && r.sex === "F");
    const f = reply.messages[1].table?.find((r) => r.sex === "F");
    expect(f?.["Average of age"]).toBeCloseTo(mean(rows.map((r) => Number(r.age))), 1);
  });
});

describe("a field whose whole name is an aggregate word, said twice", () => {
  it("median of median for each city", async () => {
    const reply = await askTurns(homes.table, "median of median for each city");
    expect(reply.plan?.measure).toEqual({ agg: "median", field: "median" });
  });
});

describe("a follow-up comparison with no field of its own is on the field the earlier turn compared", () => {
  it("how many cars have hwy above 30, and below 25?", async () => {
    const reply = await askTurns(vehicles.table, "how many cars have hwy above 30", "and below 25?");
    expect(reply.plan?.filters).toEqual([{ field: "hwy", op: "lt", values: [25] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(vehicles.rows.filter((r) => Number(r.hwy) < 25).length);
  });
});

describe("a five-letter typo of a longer value, when the word means nothing else", () => {
  it.each([
    ["how many subru cars", "subaru"],
    ["average hwy for nisan", "nissan"],
  ])("%s", async (q, value) => {
    const reply = await askTurns(vehicles.table, q);
    expect(reply.plan?.filters).toEqual([{ field: "manufacturer", op: "eq", values: [value] }]);
  });
});

describe("a one-word name abbreviating a word of a synonym group is named by the group ('engine size' for displ)", () => {
  it("average engine size by class", async () => {
    const reply = await askTurns(vehicles.table, "average engine size by class");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "displ" });
    expect(reply.plan?.groupBy).toEqual([{ field: "class", bucket: null }]);
  });
});

describe("band values of digits and signs typed as stored ('65-74', '75+')", () => {
  it.each(["65-74", "75+"])("controls in the %s band", async (band) => {
    const reply = await askTurns(screening.table, `how many controls in the ${band} band`);
    expect(reply.plan?.filters).toEqual([{ field: "age_band", op: "eq", values: [band] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sum(screening.rows.filter((r) => r.age_band === band).map((r) => Number(r.controls))));
  });
});

describe("an aggregate word that is a field's whole name, before another field, is the aggregate", () => {
  it("total controls by region (beside a `total` field)", async () => {
    const reply = await askTurns(screening.table, "total controls by region");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "controls" });
    expect(reply.plan?.extraMeasures ?? []).toEqual([]);
  });
});

describe("verbs of occurring name nothing ('which X occur most often')", () => {
  it("which cylinder counts appear most often", async () => {
    const reply = await askTurns(vehicles.table, "which cylinder counts appear most often");
    expect(reply.plan?.groupBy).toEqual([{ field: "cyl", bucket: null }]);
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
  });
});
