// chat-honest: general causes of wrong answers shown without a doubt (issue 12), each on a made-up table of its
// own. Expected numbers come from the rows with plain loops.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

// Monthly rainfall over three years (36 rows): a month is one row, a year twelve.
const rainRows: string[][] = [];
for (let y = 2001; y <= 2003; y++)
  for (let m = 1; m <= 12; m++) rainRows.push([`${y}-${String(m).padStart(2, "0")}-01`, String(((y * 7 + m * 13) % 50) + 40 + (y === 2002 ? 30 : 0))]);
const rain = tableFromRows(["date", "rainfall"], rainRows);
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("periods counted over rows finer than the period are the different periods, not the rows", () => {
  it("'how many years of data' over monthly rows is the number of years", async () => {
    const reply = await askTurns(rain, "how many years of data are in the table");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "date", bucket: "year" });
    expect(firstNumber(tableOf(reply)[0])).toBe(new Set(rainRows.map((r) => r[0].slice(0, 4))).size);
  });
  it("'in how many years was rainfall above 85' counts the years among those rows", async () => {
    const reply = await askTurns(rain, "in how many years was rainfall above 85");
    const years = new Set(rainRows.filter((r) => Number(r[1]) > 85).map((r) => r[0].slice(0, 4)));
    expect(firstNumber(tableOf(reply)[0])).toBe(years.size);
  });
  it("'how many months had rainfall above 85' over monthly rows still counts the rows", async () => {
    const reply = await askTurns(rain, "how many months had rainfall above 85");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(firstNumber(tableOf(reply)[0])).toBe(rainRows.filter((r) => Number(r[1]) > 85).length);
  });
});

// Daily temperatures over two months: each month's rows are its days.
const tempRows: string[][] = [];
for (const [month, base] of [
  ["2020-01", 3],
  ["2020-02", 1],
  ["2020-03", 8],
] as const)
  for (let d = 1; d <= 5; d++) tempRows.push([`${month}-0${d}`, String(base + ((d * 3) % 4))]);
const temps = tableFromRows(["day", "temp"], tempRows);

describe("a superlative the grouped reading dropped ranks the groups", () => {
  it("'coldest month on record' puts the coldest month first", async () => {
    const reply = await askTurns(temps, "coldest month on record");
    const mean = (m: string) => {
      const xs = tempRows.filter((r) => r[0].startsWith(m)).map((r) => Number(r[1]));
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    };
    const coldest = ["2020-01", "2020-02", "2020-03"].sort((x, y) => mean(x) - mean(y))[0];
    expect(String(Object.values(tableOf(reply)[0] ?? {})[0])).toBe(coldest);
    expect(reply.plan?.sort).toEqual({ by: "value", order: "asc" });
  });
});

// Seedlings measured three times each: a seedling is several rows.
const growth = tableFromRows(
  ["seedling", "week", "height"],
  [
    ["S1", "1", "4"],
    ["S1", "2", "9"],
    ["S1", "3", "30"],
    ["S2", "1", "12"],
    ["S2", "2", "14"],
    ["S2", "3", "16"],
    ["S3", "1", "2"],
    ["S3", "2", "6"],
    ["S3", "3", "11"],
  ],
);
const plants = tableFromRows(
  ["plant", "height"],
  [
    ["P1", "12"],
    ["P2", "30"],
    ["P3", "7"],
  ],
);

describe("groups ranked by a defaulted average name their single highest row as the other reading", () => {
  it("'which seedling was the tallest' says it could also mean each seedling's maximum", async () => {
    const reply = await askTurns(growth, "which seedling was the tallest");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "height" });
    expect(reply.assumptions?.join(" ")).toContain("maximum of height by seedling");
  });
  it("'which seedling had the lowest height' names each seedling's minimum", async () => {
    const reply = await askTurns(growth, "which seedling had the lowest height");
    expect(reply.assumptions?.join(" ")).toContain("minimum of height");
  });
  it("a said aggregate ('highest average height') names no other reading", async () => {
    const reply = await askTurns(growth, "which seedling has the highest average height");
    expect(reply.assumptions?.join(" ") ?? "").not.toContain("maximum of height");
  });
  it("one row a plant: no other reading", async () => {
    const reply = await askTurns(plants, "which plant is the tallest");
    expect(reply.assumptions?.join(" ") ?? "").not.toContain("maximum of height");
  });
});

// Shop sales a month over two years: "sales" holds whole numbers up to the thousands, 2019 among them.
const shopRows: string[][] = [];
for (const shop of ["North", "South"])
  for (const year of [2019, 2020])
    for (let month = 1; month <= 6; month++)
      shopRows.push([
        shop,
        String(year),
        String(month),
        String(shop === "North" && year === 2020 && month === 3 ? 2019 : 1000 + month * 150 + (year - 2019) * 40 + (shop === "North" ? 7 : 0)),
      ]);
const shops = tableFromRows(["shop", "year", "month", "sales"], shopRows);

describe("a year the time field spans, said before another field's name, is that year", () => {
  it("'in which month of 2019 did North sell the most' filters the year, not sales = 2019", async () => {
    const reply = await askTurns(shops, "in which month of 2019 did North sell the most");
    expect(reply.plan?.filters).toContainEqual({ field: "year", op: "eq", values: [2019] });
    expect(reply.plan?.filters.some((f) => f.field === "sales")).toBe(false);
    const rows = shopRows.filter((r) => r[0] === "North" && r[1] === "2019");
    const top = rows.reduce((b, r) => (Number(r[3]) > Number(b[3]) ? r : b));
    expect(Object.values(tableOf(reply)[0] ?? {})[0]).toBe(Number(top[2]));
  });
  it("a number that is no year of the data still binds to the field after 'of' ('of 1450 sales')", async () => {
    const reply = await askTurns(shops, "how many months had a total of 1450 sales");
    expect(reply.plan?.filters).toContainEqual({ field: "sales", op: "eq", values: [1450] });
  });
});

// A yearly count of a town's population (thousands): the rows in time order.
const townRows = [
  ["1930", "21.4"],
  ["1940", "33.9"],
  ["1950", "40.2"],
  ["1960", "62.7"],
  ["1970", "95.1"],
  ["1980", "130.6"],
  ["1990", "121.3"],
  ["2000", "150.8"],
  ["2010", "142.5"],
];
const town = tableFromRows(["year", "population"], townRows);

describe("time order said of one number is the first or last row by the time field", () => {
  it("'when did the population first go above 100' is the earliest year with population above 100", async () => {
    const reply = await askTurns(town, "when did the population first go above 100");
    const first = townRows.find((r) => Number(r[1]) > 100)!;
    expect(tableOf(reply)[0]).toEqual({ year: Number(first[0]), population: Number(first[1]) });
    expect(reply.assumptions?.join(" ")).toContain('I read "first" as the first row by year');
    expect(reply.messages[0].content).toContain("sorted by year, smallest first");
  });
  it("'what was the latest population' is the last row's, not the largest", async () => {
    const reply = await askTurns(town, "what was the latest population");
    const last = townRows[townRows.length - 1];
    expect(tableOf(reply)[0]).toEqual({ year: Number(last[0]), population: Number(last[1]) });
  });
  it("'the last 2 years' stays a period, and 'the highest population' the largest", async () => {
    const period = await askTurns(town, "average population in the last 2 years");
    expect(period.plan?.intent).toBe("aggregate");
    const top = await askTurns(town, "what was the highest population");
    expect(firstNumber(tableOf(top)[0])).toBe(Math.max(...townRows.map((r) => Number(r[1]))));
  });
});

// Parcels weighed at two depots.
const parcelRows = [
  ["A", "2.4"],
  ["A", "7.9"],
  ["A", "1.3"],
  ["B", "5.6"],
  ["B", "0.8"],
  ["B", "3.1"],
  ["B", "9.2"],
];
const parcels = tableFromRows(["depot", "weight"], parcelRows);

describe("a superlative with no number over sorted rows is one row", () => {
  it("'lightest parcel in depot B' is its lightest parcel", async () => {
    const reply = await askTurns(parcels, "lightest parcel in depot B");
    const lightest = Math.min(...parcelRows.filter((r) => r[0] === "B").map((r) => Number(r[1])));
    expect(tableOf(reply).length).toBe(1);
    expect(tableOf(reply)[0]?.weight).toBe(lightest);
  });
  it("'and in A?' after it keeps the one row", async () => {
    const reply = await askTurns(parcels, "lightest parcel in depot B", "and in A?");
    expect(tableOf(reply)).toEqual([{ weight: Math.min(...parcelRows.filter((r) => r[0] === "A").map((r) => Number(r[1]))), depot: "A" }]);
  });
  it("an order said from one end to the other lists every row", async () => {
    const reply = await askTurns(parcels, "list the parcels sorted from the heaviest to the lightest");
    expect(tableOf(reply).length).toBe(parcelRows.length);
  });
});
