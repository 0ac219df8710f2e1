// chat-f6b: general causes behind fresh6 failures (quakes, txhousing, Cars93, mpg), each tested here on another
// table or wording than the fresh6 question. Expected numbers come from the rows with plain loops.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows, tableFromRows } from "./testing/load-csv";

const cars = readCsvTableAndRows(path.join(__dirname, "testing", "cars.csv"));
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

const wellRows = [
  ["W1", "120", "3"],
  ["W2", "45", "1"],
  ["W3", "300", "7"],
  ["W4", "80", "2"],
  ["W5", "210", "5"],
  ["W6", "60", "2"],
];
const wells = tableFromRows(["well", "depth_m", "yield"], wellRows);

describe("'deeper' and 'shallowest' name a depth field", () => {
  it("'deeper than 100' is depth above 100", async () => {
    const reply = await askTurns(wells, "how many wells are deeper than 100 m");
    expect(reply.plan?.filters).toEqual([{ field: "depth_m", op: "gt", values: [100] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(wellRows.filter((r) => Number(r[1]) > 100).length);
  });
  it("'shallower than 70' is depth below 70", async () => {
    const reply = await askTurns(wells, "average yield of wells shallower than 70");
    expect(reply.plan?.filters).toEqual([{ field: "depth_m", op: "lt", values: [70] }]);
  });
  it("'the shallowest well' ranks by depth, smallest first", async () => {
    const reply = await askTurns(wells, "which well is the shallowest");
    expect(JSON.stringify(reply.messages[1].table?.[0])).toContain("W2");
  });
});

describe("a negation before a comparative adjective turns the comparison", () => {
  it("'not heavier than 3000' is Weight at most 3000", async () => {
    const reply = await askTurns(cars.table, "how many cars are not heavier than 3000");
    expect(reply.plan?.filters).toEqual([{ field: "Weight", op: "lte", values: [3000] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(cars.rows.filter((r) => Number(r.Weight) <= 3000).length);
  });
});

const carRows = [
  ["audi", "a4", "31"],
  ["audi", "a6", "45"],
  ["lexus", "es", "40"],
  ["lexus", "gx", "52"],
  ["lexus", "rx", "48"],
  ["kia", "rio", "16"],
];
const dealers = tableFromRows(["brand", "model", "price"], carRows);
const avgPrice = (brand: string) => {
  const xs = carRows.filter((r) => r[0] === brand).map((r) => Number(r[2]));
  return xs.reduce((s, x) => s + x, 0) / xs.length;
};

describe("the plural of a value the singular rule keeps ('audis', 'lexuses') is that value", () => {
  it("'audis'", async () => {
    const reply = await askTurns(dealers, "how many audis are there");
    expect(reply.plan?.filters).toEqual([{ field: "brand", op: "eq", values: ["audi"] }]);
  });
  it("'lexuses'", async () => {
    const reply = await askTurns(dealers, "average price of lexuses");
    expect(reply.plan?.filters).toEqual([{ field: "brand", op: "eq", values: ["lexus"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(avgPrice("lexus"), 3);
  });
});

const shopRows = [
  ["north", "12", "3"],
  ["south", "0", "5"],
  ["east", "", "2"],
  ["west", "4", ""],
  ["centre", "", "0"],
  ["harbour", "7", "1"],
];
const shops = tableFromRows(["shop", "complaints", "staff"], shopRows);

describe("a number field that holds zeros and empty cells: 'missing X' and 'no X value' are the empty cells", () => {
  it("'missing complaints' is complaints empty", async () => {
    const reply = await askTurns(shops, "how many shops have missing complaints");
    expect(reply.plan?.filters).toEqual([{ field: "complaints", op: "missing", values: [] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(shopRows.filter((r) => r[1] === "").length);
  });
  it("'no complaints value' is complaints empty", async () => {
    const reply = await askTurns(shops, "number of shops with no complaints value");
    expect(reply.plan?.filters).toEqual([{ field: "complaints", op: "missing", values: [] }]);
  });
  it("'no complaints' stays complaints = 0", async () => {
    const reply = await askTurns(shops, "how many shops have no complaints");
    expect(reply.plan?.filters).toEqual([{ field: "complaints", op: "eq", values: [0] }]);
  });
});

const hotelRows = [
  ["Alder", "60", "80", "120"],
  ["Birch", "90", "95", "100"],
  ["Cedar", "40", "150", "400"],
  ["Dogwood", "70", "75", "85"],
];
const hotels = tableFromRows(["hotel", "low_price", "price", "high_price"], hotelRows);

describe("a price adjective over several price fields ranks by the one named 'price' alone", () => {
  it("'the 2 priciest hotels' sorts by price", async () => {
    const reply = await askTurns(hotels, "the 2 priciest hotels");
    expect(reply.plan?.measure?.field).toBe("price");
    expect(JSON.stringify(reply.messages[1].table?.[0])).toContain("Cedar");
  });
  it("'cheapest hotel?' is answered by price, not asked back between low_price and high_price", async () => {
    const reply = await askTurns(hotels, "cheapest hotel?");
    expect(JSON.stringify(reply.messages[1].table?.[0])).toContain("Dogwood");
  });
});

describe("a number said as the grouping but counted in ranges says so when its values are few", () => {
  const rows = Array.from({ length: 60 }, (_, i) => [`r${i}`, (1 + (i % 12) * 0.3).toFixed(1), String(100 + i * 7)]);
  const ratings = tableFromRows(["id", "rating", "votes"], rows);
  it("'count of rows by rating' flags the ranges (12 values)", async () => {
    const reply = await askTurns(ratings, "count of rows by rating");
    if (reply.plan?.intent === "distribution") expect(reply.messages[0].content).toMatch(/12 different values/);
    else expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["rating"]);
  });
});

describe("'deep' after a range names a depth field", () => {
  it("'between 50 and 150 m deep' is a range of depth", async () => {
    const pits = tableFromRows(
      ["pit", "width", "depth", "length"],
      [
        ["p1", "60", "120", "90"],
        ["p2", "140", "45", "200"],
        ["p3", "80", "300", "55"],
        ["p4", "100", "80", "130"],
      ],
    );
    const reply = await askTurns(pits, "how many pits between 50 and 150 m deep");
    expect(reply.plan?.filters).toEqual([{ field: "depth", op: "between", values: [50, 150] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(2);
  });
});

describe("a negation before a yes/no field named in two words, also over one verb nothing reads", () => {
  const flatRows = [
    ["f1", "Yes", "800"],
    ["f2", "No", "650"],
    ["f3", "Yes", "900"],
    ["f4", "No", "700"],
    ["f5", "No", "720"],
  ];
  const flats = tableFromRows(["unit", "Roof.terrace.avail", "rent"], flatRows);
  it("'do not have a roof terrace'", async () => {
    const reply = await askTurns(flats, "how many units do not have a roof terrace");
    expect(reply.plan?.filters).toEqual([{ field: "Roof.terrace.avail", op: "eq", values: ["No"] }]);
  });
  it("'don't offer a roof terrace' (a verb nothing reads)", async () => {
    const reply = await askTurns(flats, "how many units don't offer a roof terrace");
    expect(reply.plan?.filters).toEqual([{ field: "Roof.terrace.avail", op: "eq", values: ["No"] }]);
  });
});
