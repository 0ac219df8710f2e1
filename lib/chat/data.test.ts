// Question forms on real tables (the cars data set and a slice of superstore): expected numbers
// are computed here from the parsed CSV rows with plain loops.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type ChatReply } from "./index";
import { tableFromCsv } from "./testing/load-csv";
import { askTurns } from "./testing/ask";

const dir = path.join(__dirname, "testing");
const carsText = fs.readFileSync(path.join(dir, "cars.csv"), "utf8");
const storeText = fs.readFileSync(path.join(dir, "superstore-slice.csv"), "utf8");
const cars = tableFromCsv(carsText);
const store = tableFromCsv(storeText);
const carRows = Papa.parse<Record<string, string>>(carsText, { header: true, skipEmptyLines: true }).data;
const storeRows = Papa.parse<Record<string, string>>(storeText, { header: true, skipEmptyLines: true }).data;

const ask = askTurns;

function meta(reply: ChatReply) {
  return reply.messages[1]?.figures[0]?.layout.meta as
    | { chart: string; x: string | null; y: string | null; color: string | null; facet: string | null }
    | undefined;
}

describe("cars", () => {
  it("counts rows, not models, for 'number of models by origin'", async () => {
    const reply = await ask(cars, "number of models by origin");
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Origin"]);
    const usa = carRows.filter((r) => r.Origin === "USA").length;
    expect(reply.messages[1].table!.find((r) => r.Origin === "USA")!["Number of rows"]).toBe(usa);
  });

  it("answers a filtered count with the number and a context chart", async () => {
    const reply = await ask(cars, "Are there any American 5 cylinder cars?");
    const n = carRows.filter((r) => r.Origin === "USA" && r.Cylinders === "5").length;
    expect(reply.plan?.chart).toBe("none");
    expect(reply.messages[1].table).toEqual([{ "Number of rows": n }]);
    expect(meta(reply)).toMatchObject({ chart: "stackedBar", x: "Cylinders", color: "Origin" });
    const more = await ask(cars, "how many cars have more than 6 cylinders?");
    expect(more.messages[1].table).toEqual([{ "Number of rows": carRows.filter((r) => Number(r.Cylinders) > 6).length }]);
  });

  it("reads full years against a two-digit year column", async () => {
    const reply = await ask(cars, "average weight by year between 1974 and 1980");
    const years = new Set(reply.messages[1].table!.map((r) => r.Year));
    expect([...years].sort()).toEqual([74, 75, 76, 77, 78, 79, 80]);
    const w74 = carRows.filter((r) => r.Year === "74").map((r) => Number(r.Weight));
    expect(Number(reply.messages[1].table!.find((r) => r.Year === 74)!["Average of Weight"])).toBeCloseTo(w74.reduce((a, b) => a + b, 0) / w74.length, 2);
    expect(reply.plan?.chart).toBe("line");
  });

  it("bins with the bin width asked for", async () => {
    const reply = await ask(cars, "histogram of weight with a bin size of 500");
    expect(reply.plan?.binWidth).toBe(500);
    for (const b of reply.messages[1].table!) {
      const lo = Number(b["Weight ≥"]);
      expect(lo % 500).toBe(0);
      expect(b.count).toBe(carRows.filter((r) => Number(r.Weight) >= lo && Number(r.Weight) < lo + 500).length);
    }
  });

  it("colours, facets and follows up on scatter plots", async () => {
    expect(meta(await ask(cars, "scatterplot of mpg vs displacement colored by origin"))).toMatchObject({ chart: "scatterColor", color: "Origin" });
    expect(meta(await ask(cars, "acceleration by weight scatterplot, small multiples by origin"))).toMatchObject({ chart: "scatterFaceted", facet: "Origin" });
    expect(meta(await ask(cars, "show weight and acceleration in a scatter plot", "add origin to the legend"))).toMatchObject({
      chart: "scatterColor",
      color: "Origin",
    });
  });

  it("treats a discrete number as a category next to a measure", async () => {
    const reply = await ask(cars, "average mpg per number of cylinders");
    expect(meta(reply)).toMatchObject({ chart: "bar", x: "Cylinders", y: "MPG" });
    const four = carRows.filter((r) => r.Cylinders === "4").map((r) => Number(r.MPG));
    expect(Number(reply.messages[1].table!.find((r) => r.Cylinders === 4)!["Average of MPG"])).toBeCloseTo(four.reduce((a, b) => a + b, 0) / four.length, 2);
  });
});

describe("superstore slice", () => {
  const parseDay = (s: string) => {
    const [m, d, y] = s.split("/").map(Number);
    return { y: 2000 + y, m, d };
  };

  it("reads M/D/YY dates and filters a month range", async () => {
    const reply = await ask(store, "total sales between Jan 2016 and Jun 2016 by month");
    const expected = new Map<string, number>();
    for (const r of storeRows) {
      const { y, m } = parseDay(r["Order Date"]);
      if (y !== 2016 || m > 6) continue;
      const key = `2016-${String(m).padStart(2, "0")}`;
      expected.set(key, (expected.get(key) ?? 0) + Number(r.Sales));
    }
    const tbl = reply.messages[1].table!;
    expect(tbl.map((r) => r["Order Date"]).sort()).toEqual([...expected.keys()].sort());
    for (const r of tbl) expect(Number(r["Total of Sales"])).toBeCloseTo(expected.get(String(r["Order Date"]))!, 1);
    expect(meta(reply)?.chart).toBe("line");
  });

  it("computes a rate of one value within groups", async () => {
    const reply = await ask(store, "percentage of orders that are Furniture by region");
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", field: "Category", value: "Furniture" });
    for (const row of reply.messages[1].table!) {
      const inRegion = storeRows.filter((r) => r.Region === row.Region);
      const pct = (100 * inRegion.filter((r) => r.Category === "Furniture").length) / inRegion.length;
      expect(Number(Object.entries(row).find(([k]) => k.startsWith("%"))![1])).toBeCloseTo(pct, 2);
    }
  });

  it("draws one line per category over time, one bar per state sorted", async () => {
    expect(meta(await ask(store, "total sales over time for each category"))).toMatchObject({
      chart: "multiLine",
      x: "Order Date",
      y: "Sales",
      color: "Category",
    });
    const bars = await ask(store, "average profit by state");
    const ys = bars.messages[1].figures[0].data[0].y as number[];
    expect(ys).toEqual(ys.slice().sort((a, b) => b - a));
    expect(new Set(storeRows.map((r) => r.State)).size).toBe(
      bars.messages[1].table!.length + (bars.messages[0].content.match(/(\d+) more groups/)?.[1] ? Number(RegExp.$1) : 0),
    );
  });
});
