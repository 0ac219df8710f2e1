import { describe, expect, it } from "vitest";
import type { RowPrediction } from "@/lib/ml";
import type { FieldSchema, RawRow } from "@/lib/table/types";
import { predictionRowsJson } from "./prediction-rows";

// The row shape built as objects, the obvious way: the text writer must produce the same JSON.
function reference(schema: FieldSchema[], predictFields: string[], rows: RawRow[], predictions: RowPrediction[], factors: boolean) {
  return predictions.map((prediction, i) => {
    const out: Record<string, unknown> = {};
    for (const field of schema) {
      if (predictFields.includes(field.name)) continue;
      const value = rows[i][field.name];
      out[field.name] = value === undefined || value === null ? "" : typeof value === "boolean" ? String(value) : value;
    }
    for (const field of predictFields) {
      const p = prediction[field];
      out[field] = typeof p.value === "number" ? p.value : String(p.value);
      for (const [cls, prob] of Object.entries(p.probabilities ?? {})) out[`Probability ${field} is ${cls}`] = prob;
    }
    if (factors) for (const [name, share] of Object.entries(prediction[predictFields[0]].factors ?? {})) out[`akkio_prediction_factor_${name}`] = share;
    return out;
  });
}

describe("prediction rows as JSON text", () => {
  const schema: FieldSchema[] = [
    { name: 'odd "name"\\ é', type: "string" },
    { name: "n", type: "float" },
    { name: "flag", type: "category" },
    { name: "y", type: "category" },
    { name: "amount", type: "float" },
  ];
  const rows: RawRow[] = [{ 'odd "name"\\ é': "line\nbreak \u2028", n: -0.5, flag: true }, { n: null, flag: false }, {}];
  const predictions: RowPrediction[] = [
    { y: { value: "yes", probabilities: { yes: 0.75, 'n"o': 0.25 }, factors: { n: 0.6, flag: 0.4 } }, amount: { value: 12.5 } },
    { y: { value: 'n"o', probabilities: { yes: 1e-12, 'n"o': 1 }, factors: {} }, amount: { value: Number.NaN } },
    { y: { value: "yes", probabilities: { yes: 0.5, 'n"o': 0.5 } }, amount: { value: -3 } },
  ];

  it("matches the object shape exactly, with and without factors", () => {
    for (const factors of [false, true]) {
      const text = predictionRowsJson({ schema, predictFields: ["y", "amount"], rows, predictions, factors });
      const expected = reference(schema, ["y", "amount"], rows, predictions, factors);
      expect(text).toBe(JSON.stringify(expected));
    }
  });

  it("writes an empty array for no rows", () => {
    expect(predictionRowsJson({ schema, predictFields: ["y"], rows: [], predictions: [], factors: true })).toBe("[]");
  });
});
