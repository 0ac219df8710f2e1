// chat-p35: category fields (lib/chat/testing/probe35): ordered levels, two values of one field compared, the
// rarest value, "how many <field>s are there" over number labels. Each general cause is tested here on made-up
// tables and other wordings than the probe's; expected numbers come from the rows with plain loops.
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

// Shirts with a size of S/M/L/XL and a rating Poor..Excellent; the CSV order says nothing of either order.
const shirtRows = [
  ["M", "Good", "20", "1"],
  ["XL", "Poor", "35", "2"],
  ["S", "Excellent", "15", "3"],
  ["L", "Fair", "28", "1"],
  ["M", "Very Good", "22", "2"],
  ["L", "Excellent", "30", "3"],
  ["S", "Fair", "12", "1"],
  ["XL", "Very Good", "40", "2"],
  ["M", "Poor", "18", "3"],
  ["L", "Good", "26", "1"],
];
const shirts = tableFromRows(["size", "rating", "price", "shop"], shirtRows);
const priceWhere = (keep: (r: string[]) => boolean) => mean(shirtRows.filter(keep).map((r) => Number(r[2])));

describe("a comparison around a value of a category with a known order selects the levels on that side, stated", () => {
  it("'rating of at least Very Good' is Very Good and Excellent", async () => {
    const reply = await askTurns(shirts, "average price of shirts with a rating of at least Very Good");
    expect(reply.plan?.filters).toEqual([{ field: "rating", op: "in", values: ["Very Good", "Excellent"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(
      priceWhere((r) => ["Very Good", "Excellent"].includes(r[1])),
      3,
    );
    expect((reply.assumptions ?? []).join(" ")).toMatch(/Poor < Fair < Good < Very Good < Excellent/);
  });
  it("'size L or bigger' and 'sizes below M' follow S < M < L < XL", async () => {
    const up = await askTurns(shirts, "how many shirts are size L or above");
    expect(up.plan?.filters).toEqual([{ field: "size", op: "in", values: ["L", "XL"] }]);
    expect(firstNumber(up.messages[1].table?.[0])).toBe(shirtRows.filter((r) => ["L", "XL"].includes(r[0])).length);
    const down = await askTurns(shirts, "average price for sizes below M");
    expect(down.plan?.filters).toEqual([{ field: "size", op: "eq", values: ["S"] }]);
  });
  it("'worse than Good' counts Poor and Fair", async () => {
    const reply = await askTurns(shirts, "how many shirts have a rating worse than Good");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(shirtRows.filter((r) => ["Poor", "Fair"].includes(r[1])).length);
  });
  it("a category of no known order keeps the value and says the comparison words were not used", async () => {
    const towns = tableFromRows(
      ["town", "sales"],
      [
        ["Oslo", "3"],
        ["Bergen", "5"],
        ["Tromso", "2"],
        ["Oslo", "4"],
      ],
    );
    const reply = await askTurns(towns, "total sales for towns above Bergen");
    expect((reply.assumptions ?? []).join(" ")).toMatch(/above/);
  });
});

describe("parts of one level ('Tenor 1', 'Tenor 2') and a range of single letters", () => {
  const choir = tableFromRows(
    ["height", "part"],
    [
      ["60", "Soprano 1"],
      ["62", "Soprano 2"],
      ["64", "Alto 1"],
      ["66", "Tenor 2"],
      ["70", "Bass 1"],
      ["72", "Bass 2"],
      ["68", "Tenor 1"],
    ],
  );
  it("'from Alto down' is the alto, tenor and bass parts", async () => {
    const reply = await askTurns(choir, "average height of the parts from Alto down");
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean([64, 66, 70, 72, 68]), 3);
  });
  it("'grade between B and D' over letters is B, C and D", async () => {
    const grades = tableFromRows(
      ["grade", "score"],
      ["A", "B", "C", "D", "E", "C"].map((g, i) => [g, String(10 + i)]),
    );
    const reply = await askTurns(grades, "how many rows have a grade between B and D");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(4);
  });
});

describe("two values of one field, each said with the field's name, compared", () => {
  const trials = tableFromRows(
    ["feed", "gain"],
    [
      ["K", "3.5"],
      ["K", "4.5"],
      ["L", "8.5"],
      ["L", "7.5"],
      ["M", "1.2"],
    ],
  );
  it("'is feed K better than feed L?' compares both by the one number's average", async () => {
    const reply = await askTurns(trials, "is feed K better than feed L?");
    expect(reply.plan?.groupBy).toEqual([{ field: "feed", bucket: null }]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "gain" });
    const rows = reply.messages[1].table ?? [];
    expect(rows.map((r) => [r.feed, firstNumber(r)]).sort()).toEqual([
      ["K", 4],
      ["L", 8],
    ]);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/better/);
  });
  it("'total gain of feed K and feed M' keeps both values", async () => {
    const reply = await askTurns(trials, "total gain of feed K and feed M");
    expect(reply.plan?.filters).toEqual([{ field: "feed", op: "in", values: ["K", "M"] }]);
  });
});

describe("the rarest value, and how many of a field's number labels there are", () => {
  const visits = tableFromRows(
    ["nurse", "ward", "minutes"],
    [
      ["1", "East", "10"],
      ["2", "West", "12"],
      ["3", "East", "9"],
      ["1", "North", "15"],
      ["2", "East", "11"],
      ["4", "West", "8"],
    ],
  );
  it("'the rarest ward' is the ward with the fewest rows", async () => {
    const reply = await askTurns(visits, "which is the rarest ward");
    expect(reply.messages[1].table?.[0]?.ward).toBe("North");
  });
  it("'how many nurses are there' over nurse numbers counts the different nurses", async () => {
    const reply = await askTurns(visits, "how many nurses are there");
    expect(reply.plan?.measure).toEqual({ agg: "distinct", field: "nurse" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(4);
  });
});

describe("the plural of a field named color is the field, not the series phrase 'color by'", () => {
  const paints = tableFromRows(
    ["color", "brand", "price"],
    [
      ["red", "A", "10"],
      ["blue", "A", "14"],
      ["green", "B", "9"],
      ["red", "B", "12"],
      ["blue", "B", "16"],
      ["green", "A", "7"],
    ],
  );
  it("'top 2 colors by average price for brand B' ranks the colors", async () => {
    const reply = await askTurns(paints, "top 2 colors by average price for brand B");
    expect(reply.plan?.groupBy).toEqual([{ field: "color", bucket: null }]);
    expect((reply.messages[1].table ?? []).map((r) => r.color)).toEqual(["blue", "red"]);
  });
});

describe("more wordings: a negated comparison, number labels set against each other, a plural name of two words", () => {
  it("'a rating no better than Fair' is Poor and Fair", async () => {
    const reply = await askTurns(shirts, "how many shirts have a rating no better than Fair");
    expect(reply.plan?.filters).toEqual([{ field: "rating", op: "in", values: ["Poor", "Fair"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(shirtRows.filter((r) => ["Poor", "Fair"].includes(r[1])).length);
  });
  it("'is shop 1 better than shop 3?' compares the two shops by the average price", async () => {
    const reply = await askTurns(shirts, "is shop 1 better than shop 3?");
    expect(reply.plan?.groupBy).toEqual([{ field: "shop", bucket: null }]);
    const rows = reply.messages[1].table ?? [];
    const shop = (s: string) => priceWhere((r) => r[3] === s);
    const avg = (r: Record<string, unknown>) => Object.entries(r).find(([k]) => /price/i.test(k))?.[1];
    expect(rows.map((r) => [r.shop, avg(r)]).sort()).toEqual([
      [1, shop("1")],
      [3, shop("3")],
    ]);
  });
  it("'how many shop ids are there' counts the different shops", async () => {
    const stores = tableFromRows(
      ["shop id", "sales"],
      ["11", "12", "11", "13", "12", "11", "13", "12"].map((s, i) => [s, String(i + 0.5)]),
    );
    const reply = await askTurns(stores, "how many shop ids are there");
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(3);
  });
});

describe("a share of one category within each value of another", () => {
  it("'share of each rating within each size' divides by each size's rows", async () => {
    const reply = await askTurns(shirts, "share of each rating within each size");
    expect(reply.plan?.measure).toEqual({ agg: "share", field: null, shareOf: "size" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["size", "rating"]);
    const rows = reply.messages[1].table ?? [];
    const ofSize = (s: string) => shirtRows.filter((r) => r[0] === s).length;
    const pair = (s: string, g: string) => (100 * shirtRows.filter((r) => r[0] === s && r[1] === g).length) / ofSize(s);
    for (const r of rows) expect(firstNumber(r)).toBeCloseTo(pair(String(r.size), String(r.rating)), 3);
    expect(rows.length).toBe(new Set(shirtRows.map((r) => `${r[0]}|${r[1]}`)).size);
  });
  it("a follow-up that no longer groups by that field first gets a plain share, labelled as one", async () => {
    const reply = await askTurns(shirts, "share of each rating within each size", "now by shop and rating");
    expect(reply.plan?.measure.shareOf).toBeUndefined();
    expect(JSON.stringify(reply.messages[1].table?.[0] ?? {})).not.toMatch(/within/);
  });
});
