// The legacy prediction row shape written straight to JSON text: the schema echoed (missing
// values as ""), the prediction, `Probability <field> is <class>` keys and, with factors,
// `akkio_prediction_factor_<field>` keys. Building 10,000 row objects and then stringifying them
// costs more than the model's arithmetic, so rows are written as text.
import type { RowPrediction } from "@/lib/ml";
import type { FieldSchema, RawRow } from "@/lib/table/types";

export function predictionRowsJson(input: { schema: FieldSchema[]; predictFields: string[]; rows: RawRow[]; predictions: RowPrediction[]; factors: boolean }): string {
  const predictions = input.predictions;
  const predictFields = new Set(input.predictFields);
  const echoed = input.schema.filter((f) => !predictFields.has(f.name)).map((f) => ({ name: f.name, key: JSON.stringify(f.name) }));
  const probabilityKeys = new Map<string, string>();
  const probabilityKey = (field: string, cls: string) => {
    const id = `${field}\u0000${cls}`;
    let key = probabilityKeys.get(id);
    if (key === undefined) probabilityKeys.set(id, (key = JSON.stringify(`Probability ${field} is ${cls}`)));
    return key;
  };
  const factorKeys = new Map<string, string>();
  const parts: string[] = new Array(predictions.length);
  for (let i = 0; i < predictions.length; i++) {
    const row = input.rows[i];
    const prediction = predictions[i];
    let text = "{";
    for (const { name, key } of echoed) {
      const value = row[name];
      text += `${key}:${value === undefined || value === null ? '""' : typeof value === "boolean" ? `"${value}"` : jsonValue(value)},`;
    }
    for (const field of input.predictFields) {
      const p = prediction[field];
      text += `${JSON.stringify(field)}:${typeof p.value === "number" ? jsonValue(p.value) : JSON.stringify(String(p.value))},`;
      if (p.probabilities) {
        for (const cls in p.probabilities) text += `${probabilityKey(field, cls)}:${jsonValue(p.probabilities[cls])},`;
      }
    }
    if (input.factors) {
      const factors = prediction[input.predictFields[0]].factors ?? {};
      for (const name in factors) {
        let key = factorKeys.get(name);
        if (key === undefined) factorKeys.set(name, (key = JSON.stringify(`akkio_prediction_factor_${name}`)));
        text += `${key}:${jsonValue(factors[name])},`;
      }
    }
    parts[i] = text.length > 1 ? `${text.slice(0, -1)}}` : "{}";
  }
  return `[${parts.join(",")}]`;
}

/** A string or number as JSON (non-finite numbers become null, as JSON.stringify does). */
function jsonValue(value: string | number): string {
  return typeof value === "number" ? (Number.isFinite(value) ? String(value) : "null") : JSON.stringify(value);
}
