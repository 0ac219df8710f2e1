// chat-p61: movements and coordinates, a series with a policy flag, points of a surface (lib/chat/testing/probe61).
// Each general fix is tested on made-up rows, with other wordings than the probe's; expected numbers are counted
// from the rows here.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { compassReworded } from "./understand/compass";
import { buildTableLexicon, deltaBase } from "./understand/lexicon";
import { describeTable } from "./columns";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");

// Three drifting buoys (B1..B3), five fixes each. Fix i of buoy k: lat = 40 + k + 0.1 * i * (k - 2), lon = -60 - k + 0.2 * i
// (B1 drifts south, B2 holds its latitude, B3 drifts north; all drift east); dlat/dlon the step from the fix before
// (0 on the first fix); sst = 10 + k + i.
const buoyRows: string[][] = [];
for (let k = 1; k <= 3; k++)
  for (let i = 0; i < 5; i++) {
    const lat = 40 + k + 0.1 * i * (k - 2);
    const lon = -60 - k + 0.2 * i;
    const dlat = i ? 0.1 * (k - 2) : 0;
    const dlon = i ? 0.2 : 0;
    buoyRows.push([`B${k}`, lat.toFixed(2), lon.toFixed(2), dlat.toFixed(2), dlon.toFixed(2), String(10 + k + i)]);
  }
const buoys = tableFromRows(["buoy", "latitude", "longitude", "lat_change", "lon_change", "sst"], buoyRows);

describe("a step field is said as the change of the field it steps", () => {
  it("finds the stepped field at either end of the name, or glued to a 'd'", () => {
    const fields = describeTable(tableFromRows(["x", "dx", "delta_lat", "lon_change", "lat", "dose"], [["1", "1", "1", "1", "1", "1"]]));
    const of = (name: string) => deltaBase(fields.find((f) => f.name === name)!, fields);
    expect(of("dx")).toEqual(["x"]);
    expect(of("delta_lat")).toEqual(["lat"]);
    expect(of("lon_change")).toEqual(["lon"]);
    // ("dose" is no step of a field "ose".)
    expect(of("dose")).toBeNull();
  });

  it("'average change in latitude' is the mean of the step field, not of the latitude", async () => {
    const reply = await askTurns(buoys, "what's the mean change in latitude?");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "lat_change" });
    // Steps: B1 -0.1 x4, B2 0 x4, B3 +0.1 x4, and three first fixes of 0: a mean of 0.
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(0, 6);
  });

  it("'longitude change by buoy' totals each buoy's steps", async () => {
    const reply = await askTurns(buoys, "total longitude change by buoy");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "lon_change" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["buoy"]);
  });
});

describe("compass words over a table of positions", () => {
  it("an extreme is the highest or lowest value of the axis field", async () => {
    const north = await askTurns(buoys, "what is the most northerly latitude reached?");
    expect(north.plan?.measure).toMatchObject({ agg: "max", field: "latitude" });
    // B3 at fix 4: 43 + 0.4.
    expect(firstNumber(tableOf(north)[0])).toBeCloseTo(43.4, 6);
    const east = await askTurns(buoys, "the easternmost longitude");
    expect(east.plan?.measure).toMatchObject({ agg: "max", field: "longitude" });
  });

  it("'which buoy got furthest south' ranks the buoys by their lowest latitude", async () => {
    const text = compassReworded("which buoy got to the southernmost position?", buildTableLexicon(describeTable(buoys)));
    expect(text).toBe("which buoy got to the lowest latitude position?");
  });

  it("a movement is the sign of the step field", async () => {
    // Only B1 steps south: 4 fixes.
    const reply = await askTurns(buoys, "how many fixes were drifting southward?");
    expect(reply.plan?.filters).toEqual([{ field: "lat_change", op: "lt", values: [0] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(4);
  });

  it("'which buoy moved furthest north' is the buoy with the largest total northward step", async () => {
    const reply = await askTurns(buoys, "which buoy has moved farthest north?");
    expect(reply.plan?.measure).toMatchObject({ agg: "sum", field: "lat_change" });
    expect(Object.values(tableOf(reply)[0])).toContain("B3");
  });

  it("a table without a position field keeps the words", () => {
    const lex = buildTableLexicon(describeTable(tableFromRows(["store", "sales"], [["North", "1"]])));
    expect(compassReworded("sales of the northernmost store", lex)).toBe("sales of the northernmost store");
  });
});

describe("a series with a policy flag named after its start", () => {
  // Ten months; the levy applies from the seventh (after_levy 1). Trips of month i = 100 - i, the last four lower by 20.
  const rows: string[][] = [];
  for (let i = 1; i <= 10; i++) rows.push([`2020-${String(i).padStart(2, "0")}-01`, String(100 - i - (i >= 7 ? 20 : 0)), i >= 7 ? "1" : "0"]);
  const series = tableFromRows(["month", "car_trips", "after_levy"], rows);

  it("'before the levy' is the flag's no side", async () => {
    const reply = await askTurns(series, "average car trips prior to the levy");
    expect(reply.plan?.filters).toEqual([{ field: "after_levy", op: "eq", values: [0] }]);
    // Months 1..6: 99..94, mean 96.5.
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(96.5, 6);
  });

  it("'before and after the levy' compares both sides", async () => {
    const reply = await askTurns(series, "mean car trips before and after the levy");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["after_levy"]);
    expect(tableOf(reply)).toHaveLength(2);
  });

  it("the plural of a date field with one row a date names the rows", async () => {
    const reply = await askTurns(series, "what share of months were after the levy?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(40, 6);
  });
});

describe("points of a surface (x, y, z)", () => {
  const grid: string[][] = [];
  for (let x = 0; x < 4; x++) for (let y = 0; y < 3; y++) grid.push([String(x), String(y), String(100 + 10 * x - 5 * y)]);
  const surface = tableFromRows(["x", "y", "z"], grid);

  it("'elevation' and 'height' are z", async () => {
    const reply = await askTurns(surface, "mean altitude where x is above 1");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "z" });
    // x = 2, 3: z = 120, 115, 110, 130, 125, 120: mean 120.
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(120, 6);
  });
});

describe("tagged animals tracked over pings", () => {
  // Four tags, two species; tag k has k + 1 pings, depth of ping i of tag k = 10 * k + i.
  const rows: string[][] = [];
  for (let k = 1; k <= 4; k++) for (let i = 0; i <= k; i++) rows.push([`W${k}`, k <= 2 ? "Humpback" : "Minke", String(10 * k + i)]);
  const pings = tableFromRows(["tag", "species", "depth"], rows);

  it("'how many whales' counts the tags, also of one species", async () => {
    expect(firstNumber(tableOf(await askTurns(pings, "how many whales are in the data?"))[0])).toBe(4);
    expect(firstNumber(tableOf(await askTurns(pings, "how many Minke whales are there?"))[0])).toBe(2);
  });

  it("'average depth of Humpback whales' is over that species' pings, not per tag", async () => {
    const reply = await askTurns(pings, "average depth of Humpback whales");
    expect(reply.plan?.groupBy).toEqual([]);
    // Tag 1: 10, 11; tag 2: 20, 21, 22: mean 16.8.
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(16.8, 6);
  });

  it("a participle of recording after the field names nothing", async () => {
    const reply = await askTurns(pings, "the deepest depth observed for W3");
    expect(reply.plan?.filters).toEqual([{ field: "tag", op: "eq", values: ["W3"] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(33);
  });
});
