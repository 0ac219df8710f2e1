// Probe8 (issue 12): unseen ML-style tables with snake_case / coded column names and CAPS values
// (lib/chat/testing/probe8). Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ChatReply } from "./index";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";
import { askTurns } from "./testing/ask";

const dir = path.join(__dirname, "testing", "probe8");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const housing = read("housing.csv");
const bikes = read("bikes.csv");

const ask = askTurns;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const oneNumber = (reply: ChatReply) => {
  const row = reply.messages.find((m) => m.table)?.table?.[0] ?? {};
  return Number(Object.entries(row).find(([k]) => k !== "rows")?.[1]);
};

describe("values typed exactly are not widened to the values one typo away", () => {
  it("'island' is ISLAND only, not INLAND too; the aggregate word before a name holding it is kept", async () => {
    const reply = await ask(housing.table, "median median_house_value for the island rows");
    expect(reply.plan?.filters).toEqual([{ field: "ocean_proximity", op: "eq", values: ["ISLAND"] }]);
    expect(reply.plan?.measure).toMatchObject({ agg: "median", field: "median_house_value" });
    const want = median(housing.rows.filter((r) => r.ocean_proximity === "ISLAND").map((r) => Number(r.median_house_value)));
    expect(oneNumber(reply)).toBeCloseTo(want, 2);
  });

  it("'not inland' excludes INLAND only", async () => {
    const reply = await ask(housing.table, "total population not inland");
    expect(reply.plan?.filters).toEqual([{ field: "ocean_proximity", op: "neq", values: ["INLAND"] }]);
  });
});

describe("an aggregate word that is also a word of field names", () => {
  it.each([
    ["max max_speed in waterfront", "max", "max_speed"],
    ["min min_temp by month", "min", "min_temp"],
    ["max avg_temp by zone", "max", "avg_temp"],
  ])("%s -> the %s of %s", async (q, agg, field) => {
    const reply = await ask(bikes.table, q);
    expect(reply.plan?.measure).toMatchObject({ agg, field });
  });

  it("'what about the median instead' switches the aggregate, not the measure to another field holding 'median'", async () => {
    const reply = await ask(housing.table, "average median_income by ocean_proximity", "what about the median instead");
    expect(reply.plan?.measure).toMatchObject({ agg: "median", field: "median_income" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["ocean_proximity"]);
  });

  it("'what about the min' after a median switches to the minimum of the same field", async () => {
    const reply = await ask(bikes.table, "median total_count by weather", "what about the min");
    expect(reply.plan?.measure).toMatchObject({ agg: "min", field: "total_count" });
  });
});

describe("a yes/no field with its no side said after it", () => {
  const bank = read("bank.csv");
  const credit = read("credit.csv");
  it.each([
    ["median balance where y is no", "y", "no"],
    ["average balance where y = no", "y", "no"],
  ])("%s -> %s is %s (the 'no' was a negation of nothing and the yes side was kept)", async (q, field, value) => {
    const reply = await ask(bank.table, q);
    expect(reply.plan?.filters).toEqual([{ field, op: "eq", values: [value] }]);
  });

  it("'only foreign_worker 0' after a grouping keeps the grouping and selects 0, every word used", async () => {
    const reply = await ask(credit.table, "average amt by housing_type", "what about the max instead", "only foreign_worker 0");
    expect(reply.plan?.filters).toEqual([{ field: "foreign_worker", op: "eq", values: [0] }]);
    expect(reply.plan?.measure).toMatchObject({ agg: "max", field: "amt" });
    expect(reply.assumptions ?? []).not.toContainEqual(expect.stringContaining("did not use"));
  });

  it("'y is yes' stays the yes side", async () => {
    const reply = await ask(bank.table, "median balance where y is yes");
    expect(reply.plan?.filters).toEqual([{ field: "y", op: "eq", values: ["yes"] }]);
  });
});

describe("'and for the others' after a filtered answer", () => {
  it.each(["and for the others", "what about the rest?", "and everyone else"])("%s -> the same measure over the other rows", async (turn) => {
    const reply = await ask(bikes.table, "average max_temp in the city", turn);
    expect(reply.plan?.filters).toEqual([{ field: "zone", op: "neq", values: ["CITY"] }]);
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "max_temp" });
    const xs = bikes.rows.filter((r) => r.zone !== "CITY").map((r) => Number(r.max_temp));
    expect(oneNumber(reply)).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 3);
  });

  it("'and the others?' on a table with an \"other\" value is still the other rows, not that value", async () => {
    const bank = read("bank.csv");
    const reply = await ask(bank.table, "average balance for management", "and the others?");
    expect(reply.plan?.filters).toEqual([{ field: "job", op: "neq", values: ["management"] }]);
  });

  it("after an exclusion, the others are the excluded rows", async () => {
    const reply = await ask(housing.table, "total population not inland", "and for the others");
    expect(reply.plan?.filters).toEqual([{ field: "ocean_proximity", op: "eq", values: ["INLAND"] }]);
  });
});

describe("a field name said right before its value, after a count word", () => {
  const credit = read("credit.csv");
  it("'how many rows have housing_type RENT' is one count of RENT rows, not a count grouped by housing_type", async () => {
    const reply = await ask(credit.table, "how many rows have housing_type RENT");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "housing_type", op: "eq", values: ["RENT"] }]);
    expect(oneNumber(reply)).toBe(credit.rows.filter((r) => r.housing_type === "RENT").length);
    const own = await ask(credit.table, "how many rows have housing_type RENT", "what about OWN");
    expect(own.plan?.groupBy).toEqual([]);
    expect(oneNumber(own)).toBe(credit.rows.filter((r) => r.housing_type === "OWN").length);
  });
});

describe("rows counted are one number, not a listing", () => {
  const bank = read("bank.csv");
  it.each(["count of rows where y is yes", "how many records with y = yes"])("%s", async (q) => {
    const reply = await ask(bank.table, q);
    expect(reply.plan?.intent).toBe("aggregate");
    expect(oneNumber(reply)).toBe(bank.rows.filter((r) => r.y === "yes").length);
  });

  it("'what about single' after 'only married' replaces the value of the same field, still one count", async () => {
    const reply = await ask(bank.table, "count of rows where y is yes", "only married", "what about single");
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "y", op: "eq", values: ["yes"] },
        { field: "marital", op: "eq", values: ["single"] },
      ]),
    );
    expect(oneNumber(reply)).toBe(bank.rows.filter((r) => r.y === "yes" && r.marital === "single").length);
  });

  it("'show me the rows where y is yes' still lists them", async () => {
    const reply = await ask(bank.table, "show me the rows where y is yes");
    expect(reply.plan?.intent).toBe("rows");
  });
});

describe("a one-letter value alone in a follow-up", () => {
  // A small movies-like table: one-letter ratings are read as values only next to their field's name.
  const genres = ["Comedy", "Drama", "Action"];
  const ratings = ["PG-13", "R", "G", "PG"];
  const rows = Array.from({ length: 48 }, (_, i) => [`Film ${i}`, genres[i % 3], ratings[Math.floor(i / 3) % 4], String(1990 + (i % 20))]);
  const table = tableFromRows(["Title", "Major Genre", "Content Rating", "Year"], rows);
  const count = (g: string, r: string) => rows.filter((x) => x[1] === g && x[2] === r).length;

  it("'what about R' after 'only rated PG-13' replaces the rating, keeping the genre", async () => {
    const reply = await ask(table, "how many comedies are there", "only rated PG-13", "what about R");
    expect(reply.plan?.filters).toEqual([
      { field: "Major Genre", op: "eq", values: ["Comedy"] },
      { field: "Content Rating", op: "eq", values: ["R"] },
    ]);
    expect(oneNumber(reply)).toBe(count("Comedy", "R"));
  });
});

describe("a grain word that is a field's whole name, in a table without time fields", () => {
  const bank = read("bank.csv");
  it("'max pdays by month' groups by the month field (jan..dec), not a grain with nothing to bucket", async () => {
    const reply = await ask(bank.table, "max pdays by month");
    expect(reply.plan?.groupBy).toEqual([{ field: "month", bucket: null }]);
    expect(reply.plan?.measure).toMatchObject({ agg: "max", field: "pdays" });
  });
});

describe("a whole number said right after a field's name is a value it holds", () => {
  const bank = read("bank.csv");
  it("'how many rows have pdays of -1' counts pdays = -1 (a code among many distinct values)", async () => {
    const reply = await ask(bank.table, "how many rows have pdays of -1");
    expect(reply.plan?.filters).toEqual([{ field: "pdays", op: "eq", values: [-1] }]);
    expect(oneNumber(reply)).toBe(bank.rows.filter((r) => r.pdays === "-1").length);
  });
});

describe("a loose field span gives way to a field named exactly", () => {
  it("'average median_house_value where median_income above 5' is the average, the filter on median_income", async () => {
    const reply = await ask(housing.table, "average median_house_value where median_income above 5");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "median_house_value" });
    expect(reply.plan?.filters).toEqual([{ field: "median_income", op: "gt", values: [5] }]);
  });
});

describe("follow-ups that turn a filter to its other side", () => {
  const bank = read("bank.csv");
  it("'and for the others' after a comparison takes the rows on the other side of it", async () => {
    const reply = await ask(housing.table, "average median_house_value where median_income above 5", "and for the others");
    expect(reply.plan?.filters).toEqual([{ field: "median_income", op: "lte", values: [5] }]);
  });

  it("'what about no' after 'y is yes' turns the yes/no filter to its no side", async () => {
    const reply = await ask(bank.table, "average duration where y is yes", "what about no");
    expect(reply.plan?.filters).toEqual([{ field: "y", op: "eq", values: ["no"] }]);
    const xs = bank.rows.filter((r) => r.y === "no").map((r) => Number(r.duration));
    expect(oneNumber(reply)).toBeCloseTo(xs.reduce((s, x) => s + x, 0) / xs.length, 2);
  });
});

describe("defaults and exclusions on ML-style names", () => {
  const bank = read("bank.csv");
  it("a statistic in a field's name does not add up: 'median_income by ocean_proximity' is the average, not the total", async () => {
    const reply = await ask(housing.table, "bottom 3 ocean_proximity by median_income");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "median_income" });
    // A plain amount still adds up.
    const pop = await ask(housing.table, "population by ocean_proximity");
    expect(pop.plan?.measure).toMatchObject({ agg: "sum", field: "population" });
  });

  it.each(["remove unknown", "leave out unknown"])("'%s' after a grouping excludes that value of the grouped field", async (turn) => {
    const reply = await ask(bank.table, "number of rows per poutcome", turn);
    expect(reply.plan?.filters).toEqual([{ field: "poutcome", op: "neq", values: ["unknown"] }]);
  });
});

describe("rows named by a noun of their own, values said with an article", () => {
  const bank = read("bank.csv");
  it.each([
    ["how many districts are inland", "INLAND"],
    ["what fraction of districts are near the ocean", "NEAR OCEAN"],
  ])("%s -> the rows where ocean_proximity is %s", async (q, value) => {
    const reply = await ask(housing.table, q);
    // A count filters the rows; a share states the condition in its measure.
    const said = [...(reply.plan?.filters ?? []), ...(reply.plan?.measure.condition ? [reply.plan.measure.condition] : [])];
    expect(said).toEqual([expect.objectContaining({ field: "ocean_proximity", values: [value] })]);
  });

  it("'how many clients have a loan' counts the rows with loan = yes", async () => {
    const reply = await ask(bank.table, "how many clients have a loan");
    expect(oneNumber(reply)).toBe(bank.rows.filter((r) => r.loan === "yes").length);
  });

  it("'how many pets are there' is still a field that does not exist (no condition on the rows)", async () => {
    const reply = await ask(bank.table, "how many pets are there");
    expect(reply.plan).toBeNull();
  });
});

describe("a value linked to the field before it by 'is' / '='", () => {
  const bank = read("bank.csv");
  it.each(["how many rows where y is no and loan is yes", "how many rows with y = no and loan = yes"])("%s binds each side to its own field", async (q) => {
    const reply = await ask(bank.table, q);
    expect(reply.plan?.filters).toEqual(
      expect.arrayContaining([
        { field: "y", op: "eq", values: ["no"] },
        { field: "loan", op: "eq", values: ["yes"] },
      ]),
    );
    expect(oneNumber(reply)).toBe(bank.rows.filter((r) => r.y === "no" && r.loan === "yes").length);
  });
});

describe("0/1 flags said with their stored side", () => {
  const credit = read("credit.csv");
  it("'how many rows with telephone 0' counts telephone = 0 ('telephone 0' is not a typo of the name)", async () => {
    const reply = await ask(credit.table, "how many rows with telephone 0");
    expect(reply.plan?.filters).toEqual([{ field: "telephone", op: "eq", values: [0] }]);
    expect(oneNumber(reply)).toBe(credit.rows.filter((r) => r.telephone === "0").length);
  });

  it("'average total_count for is_holiday 1' is one average over the holiday rows, every word used", async () => {
    const reply = await ask(bikes.table, "average total_count for is_holiday 1");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.filters).toEqual([{ field: "is_holiday", op: "eq", values: [1] }]);
    expect(reply.assumptions ?? []).toEqual([]);
  });
});

describe("a rate's condition said after 'by'", () => {
  const bank = read("bank.csv");
  it("'top 3 jobs by y yes rate' ranks jobs by the rate of y = yes (y is not a second grouping)", async () => {
    const reply = await ask(bank.table, "top 3 jobs by y yes rate");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["job"]);
    expect(reply.plan?.limit).toBe(3);
  });
});

describe("an adjective made of a word of some values", () => {
  it.each([
    ["how many rainy rows", ["LIGHT RAIN", "HEAVY RAIN"]],
    ["average total_count when it is misty", ["MIST"]],
  ])("%s -> weather %j, stated", async (q, values) => {
    const reply = await ask(bikes.table, q);
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "weather", values })]);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/I read "(rainy|misty)"/);
  });
});

describe("a yes/no field's two sides set against each other", () => {
  const bank = read("bank.csv");
  it("'avg duration for y=yes vs y=no' shows both sides (only the yes side was shown, unflagged)", async () => {
    const reply = await ask(bank.table, "avg duration for y=yes vs y=no");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["y"]);
    expect(reply.plan?.filters).toEqual([]);
  });
});
