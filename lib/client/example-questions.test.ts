import fs from "node:fs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { exampleQuestions } from "../chat";
import { describeTable } from "../chat/columns";
import { fieldWords } from "../chat/pick";
import { tableFromCsv } from "../chat/testing/load-csv";
import { inferFieldType } from "../store/infer";
import { buildExampleQuestions, sampleTable } from "./example-questions";
import type { DataRow, DatasetField } from "./types";

const SHARED = process.env.SHARED_DATASETS_DIR ?? "/work/shared/datasets";
const IN_REPO = `${__dirname}/../chat/testing`;

/** A dataset as the browser sees it: the schema the server inferred, and the first rows of the preview API. */
function asBrowserSees(file: string, sample = 1000): { fields: DatasetField[]; rows: DataRow[]; csv: string } {
  const csv = fs.readFileSync(file, "utf8");
  const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true });
  const names = parsed.meta.fields ?? [];
  const fields = names.map(
    (name) =>
      ({
        name,
        type: inferFieldType(
          parsed.data.map((r) => r[name]),
          name,
        ),
      }) as DatasetField,
  );
  const rows = parsed.data.slice(0, sample).map((r) => {
    const row: DataRow = {};
    for (const f of fields) {
      const v = r[f.name];
      row[f.name] = v === "" ? null : f.type === "integer" || f.type === "float" ? Number(v) : v;
    }
    return row;
  });
  return { fields, rows, csv };
}

describe.each([
  ["cars", `${IN_REPO}/cars.csv`],
  ["a superstore slice", `${IN_REPO}/superstore-slice.csv`],
  // The shared data sets, where this machine has them.
  ["telco", `${SHARED}/telco.csv`],
  ["superstore", `${SHARED}/nlv/superstore.csv`],
])("example questions for %s", (_name, file) => {
  const available = fs.existsSync(file);
  it.skipIf(!available)("name the dataset's own fields and match what the engine builds from the whole table", async () => {
    const { fields, rows, csv } = asBrowserSees(file);
    const examples = await buildExampleQuestions(fields, rows);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    // Fields are said in words ("monthly charge" for MonthlyCharges): every word of some field's name, singular or not.
    const said = (q: string, name: string) => fieldWords(name).every((w) => q.toLowerCase().includes(w.toLowerCase().replace(/s$/, "")));
    for (const q of examples)
      expect(
        fields.some((f) => said(q, f.name)),
        q,
      ).toBe(true);
    const whole = exampleQuestions(describeTable(tableFromCsv(csv)));
    // A page of rows tells numbers from categories as the whole table does: mostly the same examples.
    const shared = examples.filter((q) => whole.includes(q));
    expect(shared.length).toBeGreaterThanOrEqual(Math.min(examples.length, whole.length) - 1);
  });
});

describe("sampleTable", () => {
  it("types columns by the schema, keeps missing values missing and ignores inherited keys", () => {
    const fields: DatasetField[] = [
      { name: "n", type: "integer" },
      { name: "when", type: "date" },
      { name: "c", type: "category" },
      { name: "constructor", type: "string" },
    ];
    const table = sampleTable(fields, [
      { n: 3, when: "2024-01-31T00:00:00.000Z", c: "a" },
      { n: null, when: null, c: null, constructor: "x" },
      { n: "7", when: "2024-02-01", c: "a" },
    ]);
    const [n, when, c, ctor] = table.columns;
    expect(table.rowCount).toBe(3);
    expect(n.kind === "number" && Array.from(n.values)).toEqual([3, NaN, 7]);
    expect(when.kind === "number" && when.values[0]).toBe(Date.UTC(2024, 0, 31));
    expect(c.kind === "text" && [Array.from(c.codes), c.dictionary]).toEqual([[0, -1, 0], ["a"]]);
    expect(ctor.kind === "text" && [Array.from(ctor.codes), ctor.dictionary]).toEqual([[-1, 0, -1], ["x"]]);
  });

  it("gives no examples without fields or rows", async () => {
    expect(await buildExampleQuestions([], [])).toEqual([]);
    expect(await buildExampleQuestions([{ name: "a", type: "integer" }], [])).toEqual([]);
  });
});

describe("sampleTable reads preview rows as the store did", () => {
  it("keeps NA in a field the schema says reads it as a value, and drops it elsewhere", () => {
    const fields: DatasetField[] = [
      { name: "region", type: "category", read_as_values: ["NA"] },
      { name: "level", type: "category" },
    ];
    const table = sampleTable(fields, [
      { region: "NA", level: "NA" },
      { region: "EU", level: "Low" },
    ]);
    const [region, level] = table.columns;
    expect(region.kind === "text" && Array.from(region.codes, (c) => (c < 0 ? null : region.dictionary[c]))).toEqual(["NA", "EU"]);
    expect(level.kind === "text" && Array.from(level.codes, (c) => (c < 0 ? null : level.dictionary[c]))).toEqual([null, "Low"]);
  });
});
