// chat-p32: values several fields share, and the filter a user did not mean (lib/chat/testing/probe32), each
// fixed by its general cause and tested here with other wordings than the probe's. Expected numbers come from the
// CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe32");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const occ = read("occupational_status.csv");
const va = read("va.csv");
const genotype = read("genotype.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sumFreq = (rows: Record<string, string>[]) => rows.reduce((s, r) => s + num(r.Freq), 0);

describe("'from' before the name of a field of a few codes and one of its values is that value", () => {
  it("'from origin 5' is origin = 5, not origin 5 and above", async () => {
    const reply = await askTurns(occ.table, "how many people came from origin 5");
    expect(reply.plan?.filters).toEqual([{ field: "origin", op: "eq", values: [5] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sumFreq(occ.rows.filter((r) => r.origin === "5")));
  });
  it("'from age 60' over a field of many ages stays a start", async () => {
    const reply = await askTurns(va.table, "how many patients from age 60");
    expect(reply.plan?.filters).toEqual([{ field: "age", op: "gte", values: [60] }]);
  });
});

describe("a noun of kinds between a field's name and its value ('cell type 2', 'litters of type J')", () => {
  it("a number: 'patients of cell type 2'", async () => {
    const reply = await askTurns(va.table, "how many patients of cell type 2");
    expect(reply.plan?.filters).toEqual([{ field: "cell", op: "eq", values: [2] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(va.rows.filter((r) => r.cell === "2").length);
  });
  it("one letter shared by two fields: 'litters of type J' is Litter", async () => {
    const reply = await askTurns(genotype.table, "average weight for litters of type J");
    expect(reply.plan?.filters).toEqual([{ field: "Litter", op: "eq", values: ["J"] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(mean(genotype.rows.filter((r) => r.Litter === "J").map((r) => num(r.Wt))), 3);
  });
});

describe("a noun of kinds between a field's name and its value is neither a bin nor an article", () => {
  it("'cell group 3' is cell = 3, not bins of 3", async () => {
    const reply = await askTurns(va.table, "how many patients in cell group 3");
    expect(reply.plan?.filters).toEqual([{ field: "cell", op: "eq", values: [3] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(va.rows.filter((r) => r.cell === "3").length);
  });
  it("'litter type A': the capital A is Litter's value", async () => {
    const reply = await askTurns(genotype.table, "average weight for litter type A");
    expect(reply.plan?.filters).toEqual([{ field: "Litter", op: "eq", values: ["A"] }]);
  });
});

describe("a field's name across a comma binds the next value, not the one before the comma", () => {
  it("'litter B, mother A' is Litter B and Mother A", async () => {
    const reply = await askTurns(genotype.table, "litter B, mother A: average weight");
    expect(reply.plan?.filters).toEqual([
      { field: "Litter", op: "eq", values: ["B"] },
      { field: "Mother", op: "eq", values: ["A"] },
    ]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBeCloseTo(
      mean(genotype.rows.filter((r) => r.Litter === "B" && r.Mother === "A").map((r) => num(r.Wt))),
      3,
    );
  });
});

describe("a context chart beside one filtered number says it is not the answer", () => {
  it("the chart's title names the filter the answer has, the caption gives table and chart apart", async () => {
    const reply = await askTurns(genotype.table, "how many rats have mother I");
    const title = (reply.messages[1].figures[0]?.layout.title as { text?: string } | undefined)?.text;
    expect(title).toContain('Mother is "I"');
    expect(reply.messages[1].content).toMatch(/^Table: .*Mother is "I".* Chart: .*by Mother/);
  });
});

describe("a capital letter ending the question is a value, not an article", () => {
  it("'average weight for genotype I' asks which field, Litter or Mother", async () => {
    const reply = await askTurns(genotype.table, "average weight for genotype I");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain('"Litter"');
    expect(reply.messages[0].content).toContain('"Mother"');
  });
  it("the article before a noun stays an article", async () => {
    const reply = await askTurns(genotype.table, "what is the average weight of a litter");
    expect(reply.plan?.filters ?? []).toEqual([]);
  });
});

describe("a whole number ending the question, held by fields of a few codes, with no field named", () => {
  it("'how many are at 6?' asks origin or destination", async () => {
    const reply = await askTurns(occ.table, "how many are at 6?");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain('"origin"');
    expect(reply.messages[0].content).toContain('"destination"');
  });
  it("a bare follow-up number still swaps the earlier value", async () => {
    const reply = await askTurns(occ.table, "how many people with destination 2", "what about 3?");
    expect(reply.plan?.filters).toEqual([{ field: "destination", op: "eq", values: [3] }]);
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(sumFreq(occ.rows.filter((r) => r.destination === "3")));
  });
  it("a bare follow-up capital letter still swaps the earlier value", async () => {
    const reply = await askTurns(genotype.table, "average weight for litter I", "what about J?");
    expect(reply.plan?.filters).toEqual([{ field: "Litter", op: "eq", values: ["J"] }]);
  });
});

const farms = read("farms.csv");

describe("a value said right after another field's name is its own field's, and the answer says so", () => {
  it("'farms with manure M2' counts Mois = M2 rows, not the distinct Manure values", async () => {
    const reply = await askTurns(farms.table, "how many farms with manure M2");
    expect(reply.plan?.filters).toEqual([{ field: "Mois", op: "eq", values: ["M2"] }]);
    expect(reply.plan?.measure).toEqual({ agg: "count", field: null });
    expect(firstNumber(reply.messages[1].table?.[0])).toBe(farms.rows.filter((r) => r.Mois === "M2").length);
    expect(reply.assumptions?.join(" ")).toContain('"M2" is a value of Mois, not of Manure');
  });
});
