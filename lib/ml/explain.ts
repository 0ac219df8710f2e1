// Field importance and the data story, both computed with the trained model (SHAP-style contributions).
import type { Column, Table } from "../table/types";
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
  /** Positions in the pool (not table rows) of the rows in this group. */
  rows: number[];
}

/** The real sample rows behind one side of an outcome's story: those meeting all its causes' values. */
export interface StorySegment {
  /** Pool rows that meet every condition. */
  rows: number;
  /** Their observed rate of the outcome (classification) or mean target (regression). */
  observed: number;
  /** The model's mean prediction over them (= top_case / bottom_case). */
  predicted: number;
}

/** Where an outcome's top and bottom cases come from (report.fields[].story; not part of the API's data_story). */
export interface StorySegments {
  /** Rows the segments were drawn from: every row with a known target, or a sample of them (`sampled`). */
  rows: number;
  sampled: boolean;
  outcomes: { outcome: string; top: StorySegment; bottom: StorySegment }[];
}

/**
 * Data story for one predict field. `sampleRows` index the table; `x` holds their features (same order);
 * `avgCases` is the outcome's average over the data (class frequency, or mean target for regression);
 * `target` is the target per table row (class index or value). `pool` (default: the sample) are the
 * rows the story's segments are drawn from, with their features: more rows than can be explained.
 *
 * The causes are the most important fields (mean |contribution| on the sample), in turn. Each side of
 * an outcome (top, bottom) is a segment of real pool rows that every cause narrows to the value
 * group (category, quantile range) where the model's mean prediction of the outcome over the segment's
 * rows is the highest (lowest), among groups that keep at least MIN_SEGMENT_SHARE of the pool. A field
 * whose values cannot narrow both sides that way is skipped, so the conditions of a side are always
 * met together by real rows (a short tenure with a large total charge is never one story).
 * top_case / bottom_case are the model's mean prediction over the segment's rows, not the prediction
 * for one synthetic row.
 */
export function buildDataStory(
  model: FieldModel,
  table: Table,
  sampleRows: Int32Array,
  x: FeatureMatrix,
  avgCases: number[],
  target: Float64Array,
  pool: { rows: Int32Array; x: FeatureMatrix; sampled: boolean } = { rows: sampleRows, x, sampled: true },
): { story: DataStory; segments: StorySegments } {
  const { objective, classes, field, fieldType, inputFields } = model.json;
  const G = inputFields.length;
  const n = sampleRows.length;
  const N = pool.rows.length;
  const local = Int32Array.from({ length: n }, (_, i) => i);
  const usable = new Set(model.preprocessor.plans.map((p) => p.field));
  const pred = N > 0 ? model.learner.predict(pool.x) : new Float64Array(0);
  const k = objective === "multiclass" ? classes.length : 1;
  const minSegment = Math.min(N, Math.max(3, Math.ceil(N * MIN_SEGMENT_SHARE)));
  const groupsOf = new Map<number, Group[]>();
  const fieldGroups = (g: number): Group[] | null => {
    if (!groupsOf.has(g)) {
      const column = table.columns.find((c) => c.name === inputFields[g]);
      groupsOf.set(g, column ? groupRows(column, pool.rows) : []);
    }
    const groups = groupsOf.get(g) ?? [];
    return groups.length > 1 ? groups : null;
  };
  const outcomes: DataStoryOutcome[] = [];
  const segments: StorySegments = { rows: N, sampled: pool.sampled, outcomes: [] };
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
    // The model's prediction of this outcome per pool row.
    const outcomePred = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      outcomePred[i] = objective === "regression" ? pred[i] : objective === "binary" ? (o === 1 ? pred[i] : 1 - pred[i]) : pred[i * k + o];
    }
    const causes: DataStoryCause[] = [];
    // Membership of each sample row in the top and bottom segments.
    const inTop = new Uint8Array(N).fill(1);
    const inBottom = new Uint8Array(N).fill(1);
    const pick = (groups: Group[], inSegment: Uint8Array, sign: 1 | -1): Group | null => {
      let best: Group | null = null;
      let bestMean = -Infinity;
      for (const grp of groups) {
        let s = 0;
        let m = 0;
        for (const i of grp.rows) {
          if (!inSegment[i]) continue;
          s += outcomePred[i];
          m++;
        }
        if (m < minSegment) continue;
        const mean = (sign * s) / m;
        if (mean > bestMean) {
          bestMean = mean;
          best = grp;
        }
      }
      return best;
    };
    const narrow = (inSegment: Uint8Array, grp: Group) => {
      const keep = new Uint8Array(N);
      for (const i of grp.rows) keep[i] = inSegment[i];
      inSegment.set(keep);
    };
    for (const g of order) {
      if (causes.length >= 4) break;
      const groups = fieldGroups(g);
      if (!groups) continue;
      const top = pick(groups, inTop, 1);
      const bottom = pick(groups, inBottom, -1);
      if (!top || !bottom || top === bottom) continue;
      causes.push({ field: inputFields[g], top_value: top.label, bottom_value: bottom.label });
      narrow(inTop, top);
      narrow(inBottom, bottom);
    }
    const segment = (inSegment: Uint8Array): StorySegment => {
      let rows = 0;
      let predicted = 0;
      let observed = 0;
      for (let i = 0; i < N; i++) {
        if (!inSegment[i]) continue;
        rows++;
        predicted += outcomePred[i];
        const t = target[pool.rows[i]];
        observed += objective === "regression" ? t : t === o ? 1 : 0;
      }
      return { rows, observed: rows ? round(observed / rows) : 0, predicted: rows ? round(predicted / rows) : 0 };
    };
    const top = segment(inTop);
    const bottom = segment(inBottom);
    const outcome = objective === "regression" ? "high" : classes[o];
    outcomes.push({ outcome, causes, top_case: top.predicted, avg_case: round(avgCases[o]), bottom_case: bottom.predicted });
    segments.outcomes.push({ outcome, top, bottom });
  }
  return { story: { name: field, type: fieldType, outcomes }, segments };
}

/** Smallest share of the pool rows a story segment keeps (at least 3 rows). */
export const MIN_SEGMENT_SHARE = 0.01;

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
    const groups: Group[] = [...map.entries()].map(([c, list]) => ({ label: column.dictionary[c].trim(), rows: list }));
    if (missing.length) groups.push({ label: "(missing)", rows: missing });
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
      groups.push({ label: fmt(v), rows: present.filter((p) => p.v === v).map((p) => p.i) });
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
      const lo = slice[0].v;
      const hi = slice[slice.length - 1].v;
      groups.push({
        label: lo === hi ? fmt(lo) : `${fmt(lo)} - ${fmt(hi)}`,
        rows: slice.map((p) => p.i),
      });
      start = end;
    }
  }
  if (missing.length) groups.push({ label: "(missing)", rows: missing });
  return groups;
}

function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(4)));
}
