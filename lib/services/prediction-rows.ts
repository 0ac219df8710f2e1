// The legacy prediction row shape: the schema echoed (missing values as ""), the prediction,
// `Probability <field> is <class>` keys and, with factors, `akkio_prediction_factor_<field>` keys.
import type { RowPrediction } from "@/lib/ml";
import { emptyRecord, fieldReader } from "@/lib/table/rows";
import type { FieldSchema, RawRow, RawValue } from "@/lib/table/types";

type OutputRow = Record<string, string | number | null>;

export function predictionRows(input: {
  schema: FieldSchema[];
  predictFields: string[];
  rows: RawRow[];
  predictions: RowPrediction[];
  factors: boolean;
}): OutputRow[] {
  const predictFields = new Set(input.predictFields);
  const echoed = input.schema.filter((f) => !predictFields.has(f.name)).map((f) => f.name);
  // Field names may be "constructor" or "__proto__": read own properties, write prototype-free rows.
  const readers = echoed.map((name) => fieldReader<RawValue>(name));
  // Key strings built once per request, not once per row.
  const probabilityKeys = new Map<string, Map<string, string>>(input.predictFields.map((f) => [f, new Map<string, string>()]));
  const factorKeys = new Map<string, string>();
  return input.predictions.map((prediction, i) => {
    const row = input.rows[i];
    const out: OutputRow = emptyRecord();
    for (let e = 0; e < echoed.length; e++) {
      const name = echoed[e];
      const value = readers[e](row);
      out[name] = value === undefined || value === null ? "" : typeof value === "boolean" ? String(value) : value;
    }
    for (const field of input.predictFields) {
      const p = prediction[field];
      out[field] = typeof p.value === "number" ? p.value : String(p.value);
      if (p.probabilities) {
        const keys = probabilityKeys.get(field)!;
        for (const cls in p.probabilities) {
          let key = keys.get(cls);
          if (key === undefined) keys.set(cls, (key = `Probability ${field} is ${cls}`));
          out[key] = p.probabilities[cls];
        }
      }
    }
    if (input.factors) {
      const factors = prediction[input.predictFields[0]].factors ?? {};
      for (const name in factors) {
        let key = factorKeys.get(name);
        if (key === undefined) factorKeys.set(name, (key = `akkio_prediction_factor_${name}`));
        out[key] = factors[name];
      }
    }
    return out;
  });
}

/** The rows as the JSON text of an array. */
export function predictionRowsJson(input: Parameters<typeof predictionRows>[0]): string {
  return JSON.stringify(predictionRows(input));
}
