// chat-p58: dates and time-like columns of several kinds (lib/chat/testing/probe58). Each general fix is tested on
// made-up rows, with other wordings than the probe's; expected numbers are counted from the rows here.
import { describe, expect, it } from "vitest";
import { describeTable, parseQuarterLabel } from "./columns";
import { answerChat } from "./index";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { attach } from "./understand/attach";
import { buildTableLexicon } from "./understand/lexicon";
import { readMentions } from "./understand/readers";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

describe("quarter labels are dates", () => {
  it("reads '1995 Q2', '1995-Q2', '1995Q2' and 'Q2 1995' as the first day of the quarter", () => {
    for (const label of ["1995 Q2", "1995-Q2", "1995q2", "Q2 1995"]) expect(parseQuarterLabel(label)).toBe(Date.UTC(1995, 3, 1));
    expect(parseQuarterLabel("1995 Q5")).toBeNaN();
    expect(parseQuarterLabel("Q2")).toBeNaN();
  });

  // Two shops, 2010 Q1 .. 2012 Q4; sales of quarter k (0-based over the years) = 10 + k, the second shop twice that.
  const rows: string[][] = [];
  for (let k = 0; k < 12; k++) {
    const label = `${2010 + Math.floor(k / 4)} Q${(k % 4) + 1}`;
    rows.push([label, "North", String(10 + k)], [label, "South", String(2 * (10 + k))]);
  }
  const shops = tableFromRows(["period", "shop", "sales"], rows);

  it("a column of quarter labels is a date column grouped by quarter", () => {
    const info = describeTable(shops).find((f) => f.name === "period")!;
    expect(info.role).toBe("date");
    expect(info.grain).toBe("quarter");
  });

  it("a year said of quarter labels filters the quarters of that year", async () => {
    // 2011: quarters k = 4..7, sales 14..17 and twice that.
    const reply = await askTurns(shops, "what were total sales in 2011?");
    expect(firstNumber(tableOf(reply)[0])).toBe(3 * (14 + 15 + 16 + 17));
  });

  it("grouping by the labels keeps one group per quarter, named as the data names it", async () => {
    const table = tableOf(await askTurns(shops, "North sales by period"));
    expect(table).toHaveLength(12);
    expect(Object.values(table[0])).toContain("2010 Q1");
  });
});

describe("several aggregates listed before one number", () => {
  // Three kilns, four firings each; temperature of firing i of kiln k = 900 + 10 * i + 100 * k.
  const kilnRows: string[][] = [];
  for (let k = 0; k < 3; k++) for (let i = 0; i < 4; i++) kilnRows.push([`K${k + 1}`, String(900 + 10 * i + 100 * k)]);
  const kilns = tableFromRows(["kiln", "temperature"], kilnRows);

  it("'min, max and average temperature per kiln' gives the three measures for each kiln", async () => {
    const table = tableOf(await askTurns(kilns, "min, max and average temperature per kiln"));
    expect(table).toHaveLength(3);
    const k2 = table.find((r) => Object.values(r).includes("K2"))!;
    const numbers = Object.values(k2).filter((v) => typeof v === "number");
    expect(numbers).toEqual(expect.arrayContaining([1000, 1030, 1015]));
  });

  it("'the mean and the maximum temperature for each kiln' gives both", async () => {
    const table = tableOf(await askTurns(kilns, "the mean and the maximum temperature for each kiln"));
    const k3 = table.find((r) => Object.values(r).includes("K3"))!;
    expect(Object.values(k3).filter((v) => typeof v === "number")).toEqual(expect.arrayContaining([1115, 1130]));
  });
});

describe("months of every year: seasons and month ranges without a year", () => {
  // A monthly series over three years (first-of-month dates); visits of month m (1-12) = 10 * m, the same each year.
  const monthRows: string[][] = [];
  for (let y = 2001; y <= 2003; y++) for (let m = 1; m <= 12; m++) monthRows.push([`${y}-${String(m).padStart(2, "0")}-01`, String(10 * m)]);
  const visits = tableFromRows(["period", "visits"], monthRows);
  const mean = (months: number[]) => (10 * months.reduce((s, m) => s + m, 0)) / months.length;

  it("'in winter' is December, January and February of every year", async () => {
    const reply = await askTurns(visits, "average visits in winter");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean([12, 1, 2]), 6);
  });
  it("'the summer months' are June to August; 'summer 2002' stays that one summer", async () => {
    expect(firstNumber(tableOf(await askTurns(visits, "average visits over the summer months"))[0])).toBeCloseTo(mean([6, 7, 8]), 6);
    expect(firstNumber(tableOf(await askTurns(visits, "total visits in summer 2002"))[0])).toBe(60 + 70 + 80);
  });
  it("'the third quarters' (plural) are July to September of every year", async () => {
    expect(firstNumber(tableOf(await askTurns(visits, "total visits in the third quarters"))[0])).toBe(3 * (70 + 80 + 90));
  });
  it("'between April and June' and 'from November to February' are those months of every year", async () => {
    expect(firstNumber(tableOf(await askTurns(visits, "average visits between April and June"))[0])).toBeCloseTo(mean([4, 5, 6]), 6);
    expect(firstNumber(tableOf(await askTurns(visits, "average visits from November to February"))[0])).toBeCloseTo(mean([11, 12, 1, 2]), 6);
  });
});

describe("two conditions on different numbers", () => {
  // Months with male and female counts of a table named after its rows ("admissions").
  const admissionRows = Array.from({ length: 24 }, (_, i) => [
    `2019-${String((i % 12) + 1).padStart(2, "0")}-01`.replace("2019", String(2019 + Math.floor(i / 12))),
    String(100 + ((i * 37) % 90)),
    String(50 + ((i * 53) % 70)),
  ]);
  const admissions = tableFromRows(["month", "male", "female"], admissionRows);

  it("'more than 150 male admissions or more than 100 female admissions' is one either-or condition", async () => {
    const want = admissionRows.filter((r) => Number(r[1]) > 150 || Number(r[2]) > 100).length;
    const reply = await answerChat({
      table: admissions,
      datasetName: "admissions",
      messages: [{ role: "user", content: "how many months had more than 150 male admissions or more than 100 female admissions" }],
    });
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });

  it("'revenue above 70 with cost below 60': each comparison keeps the field right before it", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`W${i}`, String(50 + ((i * 7) % 40)), String(40 + ((i * 11) % 35))]);
    const want = rows.filter((r) => Number(r[1]) > 70 && Number(r[2]) < 60).length;
    expect(want).toBeGreaterThan(0);
    const reply = await askTurns(tableFromRows(["week", "revenue", "cost"], rows), "how many weeks had revenue above 70 with cost below 60?");
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
  });
});

describe("periods counted over several rows a period", () => {
  it("'in how many quarters were North sales above 15' counts the quarters, not rows per quarter", async () => {
    const rows: string[][] = [];
    for (let k = 0; k < 8; k++) {
      const label = `${2010 + Math.floor(k / 4)} Q${(k % 4) + 1}`;
      rows.push([label, "North", String(10 + k)], [label, "South", String(30 + k)]);
    }
    const reply = await askTurns(tableFromRows(["quarter", "shop", "sales"], rows), "in how many quarters were North sales above 15?");
    // North sales 10..17: above 15 in two quarters.
    expect(tableOf(reply)).toHaveLength(1);
    expect(firstNumber(tableOf(reply)[0])).toBe(2);
  });
});

describe("an order said from one end of a field", () => {
  // Four oven settings; drying minutes fall as the setting rises.
  const rows = [120, 140, 160, 180].flatMap((t, k) => [0, 1, 2].map((j) => [String(t), String(90 - 15 * k + j)]));
  const ovens = tableFromRows(["setting", "minutes"], rows);
  const keys = (reply: Awaited<ReturnType<typeof askTurns>>) => tableOf(reply).map((r) => r.setting);

  it("'from the highest setting down' sorts the groups by the setting, not by their number", async () => {
    expect(keys(await askTurns(ovens, "average minutes for each setting, from the highest setting down"))).toEqual([180, 160, 140, 120]);
  });
  it("'from the lowest setting to the highest' sorts them up", async () => {
    expect(keys(await askTurns(ovens, "mean minutes per setting from the lowest setting to the highest"))).toEqual([120, 140, 160, 180]);
  });
});

describe("a field's whole name is not half of another's initials", () => {
  it("'the fewest male births' over male and female is male, not 'fe(west) male' = female", async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [String(2000 + i), String(500 - ((i * 37) % 120)), String(480 + ((i * 23) % 90))]);
    const reply = await askTurns(tableFromRows(["year", "male", "female"], rows), "which year had the fewest male births?");
    expect(reply.plan?.intent === "aggregate" ? reply.plan.measure.field : null).toBe("male");
  });
});

describe("a word after a comparison that says which of the fields the word before may mean", () => {
  it("'price greater than 700 (in USD)' over three prices: USD says which price is compared, and is used up by it", () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`P${i}`, String(500 + 40 * i), String(450 + 35 * i), String(400 + 30 * i), String(1 + (i % 5))]);
    const lex = buildTableLexicon(describeTable(tableFromRows(["entry_name", "price_in_dollars", "price_in_euros", "price_in_pounds", "capacity"], rows)));
    const a = attach(readMentions("the name and capacity of products with price greater than 700 (in USD)", lex), lex, 0);
    const usd = a.refs.find((r) => r.text.toLowerCase() === "usd");
    expect(a.filters.map((f) => f.options.map((o) => JSON.stringify(o.filter)))).toEqual([['{"field":"price_in_dollars","op":"gt","values":[700]}']]);
    expect(usd && a.filters[0].refs.includes(usd.id)).toBe(true);
  });
});

describe("things counted per period are not the periods", () => {
  it("'how many climbs were there in each year' over Climb_Date counts the climbs of each year", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`C${i}`, `${2015 + (i % 4)}-0${1 + (i % 9)}-1${i % 10}`]);
    const reply = await askTurns(tableFromRows(["climber", "Climb_Date"], rows), "How many climbs were there in each year?");
    expect(tableOf(reply)).toHaveLength(4);
  });
});
