// Turns table fields into numeric features for the learners, and applies the same recipe at prediction
// time. The recipe (plans) is plain JSON so it travels inside the model artifact.
import { fieldReader } from "../table/rows";
import type { Column, DateOrder, FieldType, RawRow, RawValue, Table } from "../table/types";
import { isIdLikeName, isMissing, parseDate, parseNumber } from "../table/values";
import type { FeatureMatrix, FeatureSpec } from "./core/types";

/** Categories kept per categorical feature; the tree bins hold 255 values incl. an "other" bin. */
const MAX_CATEGORIES = 254;
/** Above this many categories a frequency feature is added (trees split it like a number). */
const FREQUENCY_ENCODING_MIN_CATEGORIES = 32;
export const TEXT_BUCKETS = 32;

export type DatePart = "epoch" | "year" | "month" | "dayOfWeek" | "dayOfYear" | "hour";

export type FieldPlan =
  | { kind: "numeric"; field: string }
  /** dateOrder: how the field's slash dates were read in training, so request rows read the same way. */
  | { kind: "date"; field: string; parts: DatePart[]; dateOrder?: DateOrder }
  | { kind: "category"; field: string; categories: string[]; pooled: boolean; frequencies?: number[] }
  | { kind: "text"; field: string; buckets: number; categories?: string[]; pooled?: boolean }
  /**
   * Product or ratio of two numeric fields (withDerived): interactions that trees only approximate
   * with many splits (a volume from its sides, a price per area). After every other plan.
   */
  | { kind: "product" | "ratio"; field: string; other: string };

/** Derived features are considered when a table has this many numeric fields at most (pairs grow as the square). */
export const MAX_DERIVED_SOURCES = 8;

export interface SkippedField {
  field: string;
  reason: string;
}

export interface PreprocessorJson {
  plans: FieldPlan[];
  skipped: SkippedField[];
}

/** A field's values in whichever form the caller has them. */
type FieldSource =
  | { kind: "number"; values: Float64Array; isDate: boolean }
  | { kind: "text"; codes: Int32Array; dictionary: string[] }
  | { kind: "raw"; values: RawValue[] }
  | { kind: "absent" };

export function normalizeKey(text: string): string {
  return text.trim();
}

export class Preprocessor {
  readonly plans: FieldPlan[];
  readonly skipped: SkippedField[];
  readonly features: FeatureSpec[];
  /** Source dataset field of each feature (for importance and factors). */
  readonly sources: string[];
  /** Second source field of each derived feature (its contribution is shared by its two fields), else null. */
  readonly otherSources: (string | null)[];
  private readonly lookups: (Map<string, number> | null)[];

  constructor(json: PreprocessorJson) {
    this.plans = json.plans;
    this.skipped = json.skipped;
    this.features = [];
    this.sources = [];
    this.otherSources = [];
    this.lookups = [];
    for (const plan of this.plans) {
      for (const spec of describeFeatures(plan)) {
        this.features.push(spec);
        this.sources.push(plan.field);
        this.otherSources.push(plan.kind === "product" || plan.kind === "ratio" ? plan.other : null);
      }
      const cats = plan.kind === "category" ? plan.categories : plan.kind === "text" ? plan.categories : undefined;
      this.lookups.push(cats ? new Map(cats.map((c, i) => [normalizeKey(c), i])) : null);
    }
  }

  /** Fits plans on rows `rows` of the table for every field except `exclude`. */
  static fit(table: Table, rows: Int32Array, exclude: Set<string>, schema: { name: string; type: FieldType }[]): Preprocessor {
    const plans: FieldPlan[] = [];
    const skipped: SkippedField[] = [];
    for (const field of schema) {
      if (exclude.has(field.name)) continue;
      const column = table.columns.find((c) => c.name === field.name);
      if (!column) continue;
      const result = planField(column, field.type, rows);
      if ("reason" in result) skipped.push({ field: field.name, reason: result.reason });
      else plans.push(result);
    }
    return new Preprocessor({ plans, skipped });
  }

  /** Whether derived features (products and ratios of numeric fields) are among the plans. */
  get hasDerived(): boolean {
    return this.plans.some((p) => p.kind === "product" || p.kind === "ratio");
  }

  /**
   * The same recipe plus the product and the ratio of every pair of numeric fields, when there are
   * 2 to MAX_DERIVED_SOURCES of them (else the same recipe). Whether they pay is for the caller to
   * measure (train.ts tries both on the search split).
   */
  withDerived(): Preprocessor {
    const numeric = this.plans.filter((p) => p.kind === "numeric").map((p) => p.field);
    if (this.hasDerived || numeric.length < 2 || numeric.length > MAX_DERIVED_SOURCES) return this;
    const derived: FieldPlan[] = [];
    for (let a = 0; a < numeric.length; a++) {
      for (let b = a + 1; b < numeric.length; b++) {
        derived.push({ kind: "product", field: numeric[a], other: numeric[b] }, { kind: "ratio", field: numeric[a], other: numeric[b] });
      }
    }
    return new Preprocessor({ plans: [...this.plans, ...derived], skipped: this.skipped });
  }

  /** The same recipe with only the derived features (by feature index) for which `keep` is true. */
  keepDerived(keep: (feature: number) => boolean): Preprocessor {
    let feature = 0;
    const plans: FieldPlan[] = [];
    for (const plan of this.plans) {
      const count = describeFeatures(plan).length;
      if (!(plan.kind === "product" || plan.kind === "ratio") || keep(feature)) plans.push(plan);
      feature += count;
    }
    return new Preprocessor({ plans, skipped: this.skipped });
  }

  toJSON(): PreprocessorJson {
    return { plans: this.plans, skipped: this.skipped };
  }

  /** Features of rows `rows` (default all) of a table. Missing fields become missing features. */
  transformTable(table: Table, rows?: Int32Array): FeatureMatrix {
    const n = rows ? rows.length : table.rowCount;
    return this.build(n, rows ?? null, (field) => {
      const c = table.columns.find((col) => col.name === field);
      if (!c) return { kind: "absent" };
      if (c.kind === "number") return { kind: "number", values: c.values, isDate: c.type === "date" };
      return { kind: "text", codes: c.codes, dictionary: c.dictionary };
    });
  }

  /** Features of client rows; any field may be absent or hold strings, numbers, booleans or null. */
  transformRows(rows: RawRow[]): FeatureMatrix {
    return this.build(rows.length, null, (field) => {
      const read = fieldReader<RawValue>(field); // own properties only: a field may be named "constructor"
      return { kind: "raw", values: rows.map(read) };
    });
  }

  private build(n: number, rows: Int32Array | null, getSource: (field: string) => FieldSource): FeatureMatrix {
    const columns: Float64Array[] = [];
    const numericColumn = new Map<string, Float64Array>();
    this.plans.forEach((plan, p) => {
      if (plan.kind === "product" || plan.kind === "ratio") {
        columns.push(derive(plan.kind, numericColumn.get(plan.field), numericColumn.get(plan.other), n));
        return;
      }
      const src = getSource(plan.field);
      if (plan.kind === "numeric") {
        const [col] = encodeField(plan, src, n, rows, this.lookups[p]);
        numericColumn.set(plan.field, col);
        columns.push(col);
        return;
      }
      for (const col of encodeField(plan, src, n, rows, this.lookups[p])) columns.push(col);
    });
    return { rowCount: n, features: this.features, columns };
  }
}

/** a * b or a / b per row; missing (NaN) when a value is missing or the divisor is 0. */
function derive(kind: "product" | "ratio", a: Float64Array | undefined, b: Float64Array | undefined, n: number): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  if (!a || !b) return out;
  for (let i = 0; i < n; i++) {
    const v = kind === "product" ? a[i] * b[i] : b[i] !== 0 ? a[i] / b[i] : Number.NaN;
    out[i] = Number.isFinite(v) ? v : Number.NaN;
  }
  return out;
}

function describeFeatures(plan: FieldPlan): FeatureSpec[] {
  switch (plan.kind) {
    case "product":
      return [{ name: `${plan.field}*${plan.other}`, kind: "numeric" }];
    case "ratio":
      return [{ name: `${plan.field}/${plan.other}`, kind: "numeric" }];
    case "numeric":
      return [{ name: plan.field, kind: "numeric" }];
    case "date":
      return plan.parts.map((part) => ({ name: `${plan.field}.${part}`, kind: "numeric" as const }));
    case "category": {
      const specs: FeatureSpec[] = [{ name: plan.field, kind: "categorical", categories: plan.categories.length + (plan.pooled ? 1 : 0) }];
      if (plan.frequencies) specs.push({ name: `${plan.field}.frequency`, kind: "numeric" });
      return specs;
    }
    case "text": {
      const specs: FeatureSpec[] = [];
      if (plan.categories) specs.push({ name: plan.field, kind: "categorical", categories: plan.categories.length + (plan.pooled ? 1 : 0) });
      specs.push({ name: `${plan.field}.length`, kind: "numeric" }, { name: `${plan.field}.tokens`, kind: "numeric" });
      for (let b = 0; b < plan.buckets; b++) specs.push({ name: `${plan.field}.hash${b}`, kind: "numeric" });
      return specs;
    }
  }
}

// ---------- fitting ----------

const KEY_REASON = "identifier (most values distinct)";

/**
 * A key such as "Order ID" that repeats on a few rows each (the lines of one order): named as an
 * identifier and with at least half of its values distinct, it says which rows belong together, not
 * anything that holds for new rows, so it is not an input ("Product ID" over many sales stays one).
 */
function isKey(field: string, distinct: number, present: number): boolean {
  return present >= 20 && distinct * 2 >= present && isIdLikeName(field);
}

function planField(column: Column, type: FieldType, rows: Int32Array): FieldPlan | SkippedField {
  const field = column.name;
  if (type === "id") return { field, reason: "id field" };
  if (type === "unknown") return { field, reason: "unknown type" };
  if (type === "integer" || type === "float" || type === "date") {
    const values = numericValuesOf(column, rows, type === "date");
    let present = 0;
    let first = NaN;
    let varies = false;
    const seen = new Set<number>();
    let allInt = true;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v !== v) continue;
      if (present === 0) first = v;
      else if (v !== first) varies = true;
      present++;
      if (seen.size <= values.length) seen.add(v);
      if (v !== Math.floor(v)) allInt = false;
    }
    if (present === 0) return { field, reason: "all values missing" };
    if (!varies && present === values.length) return { field, reason: "constant" };
    if (type === "integer" && allInt && present >= 20 && seen.size === present) {
      // Unique integers packed into a narrow range look like row numbers or keys, not measurements.
      let min = Infinity;
      let max = -Infinity;
      for (const v of seen) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
      if (max - min + 1 <= 2 * present || /(^|[_\s])id$|^id[_\s]|Id$|ID$/.test(field)) return { field, reason: "id-like (unique per row)" };
    }
    if (type === "integer" && allInt && isKey(field, seen.size, present)) return { field, reason: KEY_REASON };
    if (type === "date") {
      const parts: DatePart[] = ["epoch", "year", "month", "dayOfWeek", "dayOfYear"];
      let hasTime = false;
      for (let i = 0; i < values.length && !hasTime; i++) {
        const v = values[i];
        if (v === v && v % 86_400_000 !== 0) hasTime = true;
      }
      if (hasTime) parts.push("hour");
      const plan: FieldPlan = { kind: "date", field, parts };
      if (column.kind === "number" && column.dateOrder === "day_first") plan.dateOrder = column.dateOrder;
      return plan;
    }
    return { kind: "numeric", field };
  }
  // category / string: count texts on the fit rows.
  const counts = new Map<string, { text: string; count: number }>();
  let present = 0;
  let tokenTotal = 0;
  const texts = textValuesOf(column, rows);
  for (const t of texts) {
    if (t === null) continue;
    present++;
    const key = normalizeKey(t);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { text: t, count: 1 });
    if (type === "string") tokenTotal += tokenize(t).length;
  }
  if (present === 0) return { field, reason: "all values missing" };
  if (counts.size === 1 && present === texts.length) return { field, reason: "constant" };
  const avgTokens = present ? tokenTotal / present : 0;
  if (present >= 20 && counts.size === present && (type === "category" || avgTokens <= 1.2)) {
    return { field, reason: "id-like (unique per row)" };
  }
  if (isKey(field, counts.size, present)) return { field, reason: KEY_REASON };
  const ranked = [...counts.values()].sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1));
  const kept = ranked.slice(0, MAX_CATEGORIES);
  const pooled = kept.length < ranked.length;
  if (type === "category" || (type === "string" && avgTokens <= 1.5)) {
    const plan: FieldPlan = { kind: "category", field, categories: kept.map((e) => e.text), pooled };
    if (counts.size > FREQUENCY_ENCODING_MIN_CATEGORIES) plan.frequencies = kept.map((e) => e.count / texts.length);
    return plan;
  }
  // Free text: hashed token counts, plus the value itself as a category when values repeat.
  const plan: FieldPlan = { kind: "text", field, buckets: TEXT_BUCKETS };
  if (counts.size <= MAX_CATEGORIES && counts.size <= present / 2) {
    plan.categories = kept.map((e) => e.text);
    plan.pooled = false;
  }
  return plan;
}

function numericValuesOf(column: Column, rows: Int32Array, isDate: boolean): Float64Array {
  const out = new Float64Array(rows.length);
  if (column.kind === "number") {
    for (let i = 0; i < rows.length; i++) out[i] = column.values[rows[i]];
  } else {
    const parsed = column.dictionary.map((d) => (isDate ? parseDate(d) : parseNumber(d)));
    for (let i = 0; i < rows.length; i++) {
      const c = column.codes[rows[i]];
      out[i] = c < 0 ? NaN : parsed[c];
    }
  }
  return out;
}

function textValuesOf(column: Column, rows: Int32Array): (string | null)[] {
  const out: (string | null)[] = new Array(rows.length);
  if (column.kind === "text") {
    // The table holds values as the store read them: a missing spelling still in the dictionary is a value (table/reading.ts).
    for (let i = 0; i < rows.length; i++) {
      const c = column.codes[rows[i]];
      out[i] = c < 0 ? null : column.dictionary[c];
    }
  } else {
    for (let i = 0; i < rows.length; i++) {
      const v = column.values[rows[i]];
      out[i] = v !== v ? null : column.type === "date" ? new Date(v).toISOString() : String(v);
    }
  }
  return out;
}

// ---------- encoding ----------

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** FNV-1a hash of a token, reduced to a bucket. */
function hashBucket(token: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % buckets;
}

function encodeField(plan: FieldPlan, src: FieldSource, n: number, rows: Int32Array | null, lookup: Map<string, number> | null): Float64Array[] {
  switch (plan.kind) {
    case "product":
    case "ratio":
      return []; // built from the numeric columns (Preprocessor.build)
    case "numeric":
      return [numbersFrom(src, n, rows, false)];
    case "date":
      return encodeDate(plan.parts, numbersFrom(src, n, rows, true, plan.dateOrder));
    case "category": {
      const idx = categoriesFrom(src, n, rows, lookup!, plan.categories.length, plan.pooled);
      const out = [idx];
      if (plan.frequencies) {
        const freq = new Float64Array(n);
        const f = plan.frequencies;
        for (let i = 0; i < n; i++) {
          const c = idx[i];
          // Unseen or pooled categories are rare by definition: frequency 0.
          freq[i] = c === c && c < f.length ? f[c] : c === c ? 0 : NaN;
        }
        out.push(freq);
      }
      return out;
    }
    case "text": {
      const out: Float64Array[] = [];
      if (plan.categories) out.push(categoriesFrom(src, n, rows, lookup!, plan.categories.length, false));
      const texts = textsFrom(src, n, rows);
      const length = new Float64Array(n);
      const tokens = new Float64Array(n);
      const hashed = Array.from({ length: plan.buckets }, () => new Float64Array(n));
      for (let i = 0; i < n; i++) {
        const t = texts[i];
        if (t === null) {
          length[i] = NaN;
          tokens[i] = NaN;
          for (const h of hashed) h[i] = NaN;
          continue;
        }
        length[i] = t.length;
        const toks = tokenize(t);
        tokens[i] = toks.length;
        for (const tok of toks) hashed[hashBucket(tok, plan.buckets)][i]++;
      }
      out.push(length, tokens, ...hashed);
      return out;
    }
  }
}

function numbersFrom(src: FieldSource, n: number, rows: Int32Array | null, isDate: boolean, dateOrder?: DateOrder): Float64Array {
  const out = new Float64Array(n);
  switch (src.kind) {
    case "absent":
      out.fill(NaN);
      break;
    case "number":
      if (!rows && src.values.length === n) out.set(src.values);
      else for (let i = 0; i < n; i++) out[i] = src.values[rows ? rows[i] : i];
      break;
    case "text": {
      const parsed = src.dictionary.map((d) => (isDate ? parseDate(d, dateOrder) : parseNumber(d)));
      for (let i = 0; i < n; i++) {
        const c = src.codes[rows ? rows[i] : i];
        out[i] = c < 0 ? NaN : parsed[c];
      }
      break;
    }
    case "raw":
      for (let i = 0; i < n; i++) {
        const v = src.values[i];
        if (isDate) out[i] = typeof v === "number" ? v : parseDate(v, dateOrder);
        else out[i] = parseNumber(v);
      }
      break;
  }
  return out;
}

/** A request value as text, or null when missing. */
function rawText(value: RawValue): string | null {
  return isMissing(value) ? null : typeof value === "string" ? value : String(value);
}

function textsFrom(src: FieldSource, n: number, rows: Int32Array | null): (string | null)[] {
  const out: (string | null)[] = new Array(n).fill(null);
  switch (src.kind) {
    case "absent":
      break;
    case "number":
      for (let i = 0; i < n; i++) {
        const v = src.values[rows ? rows[i] : i];
        out[i] = v !== v ? null : src.isDate ? new Date(v).toISOString() : String(v);
      }
      break;
    case "text":
      for (let i = 0; i < n; i++) {
        const c = src.codes[rows ? rows[i] : i];
        out[i] = c < 0 ? null : src.dictionary[c];
      }
      break;
    case "raw":
      for (let i = 0; i < n; i++) {
        const v = src.values[i];
        out[i] = rawText(v);
      }
      break;
  }
  return out;
}

function categoriesFrom(src: FieldSource, n: number, rows: Int32Array | null, lookup: Map<string, number>, kept: number, pooled: boolean): Float64Array {
  const out = new Float64Array(n);
  // Values never seen in training are missing; seen-but-rare ones (pooled) share the "other" index.
  // A missing spelling ("NA") is a category only where training learned it as one (table/reading.ts).
  const resolve = (t: string | null): number => {
    if (t === null) return NaN;
    const idx = lookup.get(normalizeKey(t));
    return idx !== undefined ? idx : NaN;
  };
  void kept;
  void pooled;
  if (src.kind === "text") {
    const map = new Float64Array(src.dictionary.length);
    for (let d = 0; d < map.length; d++) map[d] = resolve(src.dictionary[d]);
    for (let i = 0; i < n; i++) {
      const c = src.codes[rows ? rows[i] : i];
      out[i] = c < 0 ? NaN : map[c];
    }
    return out;
  }
  if (src.kind === "raw") {
    // Request rows repeat a few category values: resolve each distinct value once.
    const resolved = new Map<RawValue, number>();
    for (let i = 0; i < n; i++) {
      const v = src.values[i];
      let c = resolved.get(v);
      if (c === undefined) {
        c = resolve(v === null || v === undefined || (typeof v === "number" && Number.isNaN(v)) ? null : String(v));
        resolved.set(v, c);
      }
      out[i] = c;
    }
    return out;
  }
  const texts = textsFrom(src, n, rows);
  for (let i = 0; i < n; i++) out[i] = resolve(texts[i]);
  return out;
}

function encodeDate(parts: DatePart[], epoch: Float64Array): Float64Array[] {
  const n = epoch.length;
  const out = parts.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const t = epoch[i];
    if (t !== t) {
      for (const o of out) o[i] = NaN;
      continue;
    }
    const d = new Date(t);
    parts.forEach((part, p) => {
      let v: number;
      switch (part) {
        case "epoch":
          v = t;
          break;
        case "year":
          v = d.getUTCFullYear();
          break;
        case "month":
          v = d.getUTCMonth() + 1;
          break;
        case "dayOfWeek":
          v = d.getUTCDay();
          break;
        case "dayOfYear":
          v = Math.floor((t - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
          break;
        case "hour":
          v = d.getUTCHours();
          break;
      }
      out[p][i] = v;
    });
  }
  return out;
}
