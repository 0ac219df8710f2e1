// chat-p34: measures said in other words, derived measures and conditions on measures (lib/chat/testing/probe34),
// each fixed by its general cause and tested here on a made-up table (made-up-birds.csv: Bwt and Lwt, body and
// liver weights) with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const birds = readCsvTableAndRows(path.join(__dirname, "testing", "probe34", "made-up-birds.csv"));
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a short name gluing an initial to an abbreviation ('Lwt'): the initial's word and the abbreviation's word", () => {
  it("'liver weight' is Lwt, and the answer says how it read it", async () => {
    const reply = await askTurns(birds.table, "mean liver weight by species");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "Lwt" });
    expect(reply.assumptions?.join(" ")).toContain('"liver weight" as Lwt');
  });
  it("'weight' alone is either weight: asked back", async () => {
    const reply = await askTurns(birds.table, "what is the average weight");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("Bwt");
    expect(reply.messages[0].content).toContain("Lwt");
  });
});

describe("a weight word compared with a number inside one field's range only is that field", () => {
  it("'weigh more than 30' is Bwt (30 is beyond every liver weight)", async () => {
    const reply = await askTurns(birds.table, "how many birds weigh more than 30");
    expect(reply.plan?.filters).toEqual([{ field: "Bwt", op: "gt", values: [30] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(birds.rows.filter((r) => num(r.Bwt) > 30).length);
    expect(reply.assumptions?.join(" ")).toContain("as Bwt");
  });
  it("'weighs less than 1.2' is Lwt (1.2 is below every body weight)", async () => {
    const reply = await askTurns(birds.table, "average body weight of birds whose liver weighs less than 1.2");
    expect(reply.plan?.filters).toEqual([{ field: "Lwt", op: "lt", values: [1.2] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(birds.rows.filter((r) => num(r.Lwt) < 1.2).map((r) => num(r.Bwt))), 3);
  });
});

describe("a weight adjective over two weight fields", () => {
  it("beside a word of one field's initial ('the heaviest liver') is that field", async () => {
    const reply = await askTurns(birds.table, "the heaviest liver of species B");
    expect(reply.plan?.measure).toMatchObject({ agg: "max", field: "Lwt" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(Math.max(...birds.rows.filter((r) => r.Species === "B").map((r) => num(r.Lwt))));
  });
  it("alone ('which bird is the heaviest') is either: asked back, not the first field", async () => {
    const reply = await askTurns(birds.table, "which bird is the heaviest");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("Lwt");
  });
});

const leaves = readCsvTableAndRows(path.join(__dirname, "testing", "probe34", "made-up-leaves.csv"));

describe("a field said with a qualifying noun, and a number linked to its field by 'was'", () => {
  it("'average stem length' is the average of len (the noun between is said as unused), not bins of len", async () => {
    const reply = await askTurns(leaves.table, "average stem length");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "len" });
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(leaves.rows.map((r) => num(r.len))), 3);
    expect(reply.assumptions?.join(" ")).toContain('"stem"');
  });
  it("'when light was 2' is light = 2, and 'the longest' over len ranks by len", async () => {
    const reply = await askTurns(leaves.table, "the longest stem when light was 2");
    expect(reply.plan?.filters).toEqual([{ field: "light", op: "eq", values: [2] }]);
    expect(reply.plan?.y).toBe("len");
    expect(reply.plan?.sort?.order).toBe("desc");
    expect(reply.messages[1].table?.[0]?.len).toBe(Math.max(...leaves.rows.filter((r) => r.light === "2").map((r) => num(r.len))));
  });
});

const planets = readCsvTableAndRows(path.join(__dirname, "testing", "probe34", "made-up-planets.csv"));
const ratioOf = (r: Record<string, string>) => num(r.mass) / num(r.radius);

describe("one number field over another, said in words ('mass for its radius', 'mass to radius ratio')", () => {
  it("ranked over rows that each have their own name: one group per row, the top one", async () => {
    const reply = await askTurns(planets.table, "which planet has the largest mass for its radius");
    const best = [...planets.rows].sort((p, q) => ratioOf(q) - ratioOf(p))[0];
    expect(reply.plan?.groupBy).toEqual([{ field: "planet", bucket: null }]);
    expect(reply.plan?.measure).toMatchObject({ field: "mass", per: { agg: "sum", field: "radius" } });
    expect(reply.messages[1].table?.[0]?.planet).toBe(best.planet);
    expect(num(firstNumber(reply.messages[1].table?.[0]))).toBeCloseTo(ratioOf(best), 3);
    expect(reply.assumptions?.join(" ")).toContain("one row");
  });
  it("'the smallest mass relative to radius' ranks upwards", async () => {
    const reply = await askTurns(planets.table, "which planet has the smallest mass relative to radius");
    const low = [...planets.rows].sort((p, q) => ratioOf(p) - ratioOf(q))[0];
    expect(reply.messages[1].table?.[0]?.planet).toBe(low.planet);
  });
  it("'mass to radius ratio of each planet': every row's own ratio", async () => {
    const reply = await askTurns(planets.table, "mass to radius ratio of each planet");
    const table = reply.messages[1].table ?? [];
    expect(table).toHaveLength(planets.rows.length);
    for (const r of planets.rows) expect(num(firstNumber(table.find((t) => t.planet === r.planet)))).toBeCloseTo(ratioOf(r), 3);
  });
  it("over no row label ('ratio of len to light'): the ratio of the totals, its formula stated", async () => {
    const reply = await askTurns(leaves.table, "ratio of len to light");
    expect(reply.plan?.groupBy).toEqual([]);
    const total = (k: string) => leaves.rows.reduce((s, r) => s + num(r[k]), 0);
    expect(num(firstNumber(reply.messages[1].table?.[0]))).toBeCloseTo(total("len") / total("light"), 3);
    expect(reply.assumptions?.join(" ")).toContain("total of len / total of light");
  });
});

const regions = readCsvTableAndRows(path.join(__dirname, "testing", "probe34", "made-up-regions.csv"));

describe("a short lower-case name said by the initials of the words it stands for", () => {
  it("'growth rate' is gr ('rate' ends a measure's name though a grammar word elsewhere), stated", async () => {
    const reply = await askTurns(regions.table, "mean growth rate of regions with pop over 4");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "gr" });
    expect(reply.plan?.filters).toEqual([{ field: "pop", op: "gt", values: [4] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(regions.rows.filter((r) => num(r.pop) > 4).map((r) => num(r.gr))), 3);
    expect(reply.assumptions?.join(" ")).toContain('"growth rate" as gr');
  });
  it("'household income' is hpi (one letter between the initials stands for a word left unsaid)", async () => {
    const reply = await askTurns(regions.table, "which region has the highest household income");
    expect(reply.messages[1].table?.[0]?.region).toBe("Central");
    expect(reply.assumptions?.join(" ")).toContain('"household income" as hpi');
  });
});

const shifts = readCsvTableAndRows(path.join(__dirname, "testing", "probe34", "made-up-shifts.csv"));

describe("a yes/no question of change over one value of a category compares every value", () => {
  it("'did output go down on the Night shift' shows each shift's average, not the night's alone", async () => {
    const reply = await askTurns(shifts.table, "did output go down on the Night shift");
    expect(reply.plan?.groupBy).toEqual([{ field: "Shift", bucket: null }]);
    expect(reply.plan?.filters).toEqual([]);
    const night = reply.messages[1].table?.find((r) => r.Shift === "Night");
    expect(num(firstNumber(night))).toBeCloseTo(mean(shifts.rows.filter((r) => r.Shift === "Night").map((r) => num(r.Output))), 3);
    expect(reply.assumptions?.join(" ")).toContain("every value of Shift");
  });
  it("'did output drop on Night shifts': 'drop' in a yes/no question is the change, not an exclusion of Night", async () => {
    const reply = await askTurns(shifts.table, "did output drop on Night shifts");
    expect(reply.plan?.groupBy).toEqual([{ field: "Shift", bucket: null }]);
    expect(reply.plan?.filters).toEqual([]);
  });
});
