// Field importance and the data story, both computed with the trained model (SHAP-style contributions).
import { emptyRecord } from "../table/rows";
import type { Column, RawRow, RawValue, Table } from "../table/types";
import { cellValue } from "../table/values";
import type { FeatureMatrix } from "./core/types";
import type { FieldModel } from "./field-model";
import { round } from "./stats";

export interface DataStoryCause {
  field: string;
  top_value: string;
  bottom_value: string;
}
export interface DataStoryOutcome {
  outcome: string;
  causes: DataStoryCause[];
  top_case: number;
  avg_case: number;
  bottom_case: number;
}
export interface DataStory {
  name: string;
  type: string;
  outcomes: DataStoryOutcome[];
}

/** Mean |contribution| per input field over the sample rows, normalised to sum 1. */
export function computeFieldImportance(model: FieldModel, x: FeatureMatrix, sampleRows: Int32Array, outputs: Int32Array): Float64Array {
  const G = model.json.inputFields.length;
  const c = model.fieldContributions(x, sampleRows, outputs);
  const imp = new Float64Array(G);
  for (let i = 0; i < sampleRows.length; i++) for (let g = 0; g < G; g++) imp[g] += Math.abs(c[i * G + g]);
  return normalise(imp);
}

export function normalise(v: Float64Array): Float64Array {
  let s = 0;
  for (const x of v) s += x;
  if (s > 0) for (let i = 0; i < v.length; i++) v[i] /= s;
  return v;
}

interface Group {
  label: string;
  /** A representative raw value to put into the typical row. */
  value: RawValue;
  rows: number[];
}

/**
 * Data story for one predict field. `sampleRows` index the table; `x` holds their features (same order);
 * `avgCases` is the outcome's average over the data (class frequency, or mean target for regression).
 */
export function buildDataStory(model: FieldModel, table: Table, sampleRows: Int32Array, x: FeatureMatrix, avgCases: number[]): DataStory {
  const { objective, classes, field, fieldType, inputFields } = model.json;
  const G = inputFields.length;
  const n = sampleRows.length;
  const local = Int32Array.from({ length: n }, (_, i) => i);
  const usable = new Set(model.preprocessor.plans.map((p) => p.field));
  const typical = buildTypicalRow(
    table,
    sampleRows,
    inputFields.filter((f) => usable.has(f)),
  );
  const outcomes: DataStoryOutcome[] = [];
  const outcomeCount = objective === "multiclass" ? classes.length : objective === "binary" ? 2 : 1;
  let binaryContrib: Float64Array | null = null;
  for (let o = 0; o < outcomeCount; o++) {
    let contrib: Float64Array;
    if (objective === "binary") {
      // One margin for both classes: class 0's contributions are the negatives of class 1's.
      binaryContrib ??= model.fieldContributions(x, local, new Int32Array(n));
      contrib = o === 1 ? binaryContrib : binaryContrib.map((v) => -v);
    } else {
      contrib = model.fieldContributions(x, local, new Int32Array(n).fill(o));
    }
    const imp = new Float64Array(G);
    for (let i = 0; i < n; i++) for (let g = 0; g < G; g++) imp[g] += Math.abs(contrib[i * G + g]);
    const order = Array.from({ length: G }, (_, g) => g)
      .filter((g) => imp[g] > 0 && usable.has(inputFields[g]))
      .sort((a, b) => imp[b] - imp[a]);
    const causes: DataStoryCause[] = [];
    const topRow: RawRow = { ...typical };
    const bottomRow: RawRow = { ...typical };
    for (const g of order) {
      if (causes.length >= 4) break;
      const column = table.columns.find((c) => c.name === inputFields[g]);
      if (!column) continue;
      const groups = groupRows(column, sampleRows);
      const minSize = Math.max(2, Math.floor(n * 0.01));
      let top: Group | null = null;
      let bottom: Group | null = null;
      let topMean = -Infinity;
      let bottomMean = Infinity;
      for (const grp of groups) {
        if (grp.rows.length < minSize) continue;
        let s = 0;
        for (const i of grp.rows) s += contrib[i * G + g];
        const mean = s / grp.rows.length;
        if (mean > topMean) {
          topMean = mean;
          top = grp;
        }
        if (mean < bottomMean) {
          bottomMean = mean;
          bottom = grp;
        }
      }
      if (!top || !bottom || top === bottom) continue;
      causes.push({ field: inputFields[g], top_value: top.label, bottom_value: bottom.label });
      topRow[inputFields[g]] = top.value;
      bottomRow[inputFields[g]] = bottom.value;
    }
    const [topPred, bottomPred] = model.predictRows([topRow, bottomRow], false);
    const caseValue = (p: typeof topPred): number => (objective === "regression" ? (p.value as number) : (p.probabilities?.[classes[o]] ?? 0));
    outcomes.push({
      outcome: objective === "regression" ? "high" : classes[o],
      causes,
      top_case: round(caseValue(topPred)),
      avg_case: round(avgCases[o]),
      bottom_case: round(caseValue(bottomPred)),
    });
  }
  return { name: field, type: fieldType, outcomes };
}

/** Median of numbers, most frequent value of text, per field over the sample rows. */
function buildTypicalRow(table: Table, rows: Int32Array, fields: string[]): RawRow {
  const row: RawRow = emptyRecord();
  for (const f of fields) {
    const column = table.columns.find((c) => c.name === f);
    if (!column) continue;
    if (column.kind === "number") {
      const vals: number[] = [];
      for (const r of rows) if (column.values[r] === column.values[r]) vals.push(column.values[r]);
      if (!vals.length) continue;
      vals.sort((a, b) => a - b);
      const m = vals[Math.floor(vals.length / 2)];
      row[f] = column.type === "date" ? new Date(m).toISOString() : m;
    } else {
      const counts = new Map<number, number>();
      for (const r of rows) if (column.codes[r] >= 0) counts.set(column.codes[r], (counts.get(column.codes[r]) ?? 0) + 1);
      let best = -1;
      let bestCount = 0;
      for (const [code, cnt] of counts) if (cnt > bestCount || (cnt === bestCount && code < best)) [best, bestCount] = [code, cnt];
      if (best >= 0) row[f] = column.dictionary[best];
    }
  }
  return row;
}

/** Categories as they are; numbers and dates in up to 5 quantile ranges; missing values as a group. */
function groupRows(column: Column, rows: Int32Array): Group[] {
  const missing: number[] = [];
  if (column.kind === "text") {
    const map = new Map<number, number[]>();
    rows.forEach((r, i) => {
      const c = column.codes[r];
      if (c < 0) missing.push(i);
      else {
        let list = map.get(c);
        if (!list) map.set(c, (list = []));
        list.push(i);
      }
    });
    const groups: Group[] = [...map.entries()].map(([c, list]) => ({ label: column.dictionary[c].trim(), value: column.dictionary[c], rows: list }));
    if (missing.length) groups.push({ label: "(missing)", value: null, rows: missing });
    return groups;
  }
  const present: { v: number; i: number }[] = [];
  rows.forEach((r, i) => {
    const v = column.values[r];
    if (v !== v) missing.push(i);
    else present.push({ v, i });
  });
  present.sort((a, b) => a.v - b.v);
  const groups: Group[] = [];
  const distinct = new Set(present.map((p) => p.v));
  const fmt = (v: number): string => (column.type === "date" ? new Date(v).toISOString().slice(0, 10) : formatNumber(v));
  if (distinct.size <= 5) {
    for (const v of [...distinct].sort((a, b) => a - b)) {
      groups.push({ label: fmt(v), value: cellValue(column, rows[present.find((p) => p.v === v)!.i]), rows: present.filter((p) => p.v === v).map((p) => p.i) });
    }
  } else {
    const parts = 5;
    let start = 0;
    for (let q = 1; q <= parts && start < present.length; q++) {
      let end = Math.round((q * present.length) / parts);
      // Keep equal values together so that ranges do not overlap.
      while (end < present.length && end > 0 && present[end].v === present[end - 1].v) end++;
      if (end <= start) continue;
      const slice = present.slice(start, end);
      const mid = slice[Math.floor(slice.length / 2)];
      const lo = slice[0].v;
      const hi = slice[slice.length - 1].v;
      groups.push({
        label: lo === hi ? fmt(lo) : `${fmt(lo)} - ${fmt(hi)}`,
        value: column.type === "date" ? new Date(mid.v).toISOString() : mid.v,
        rows: slice.map((p) => p.i),
      });
      start = end;
    }
  }
  if (missing.length) groups.push({ label: "(missing)", value: null, rows: missing });
  return groups;
}

function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(4)));
}
