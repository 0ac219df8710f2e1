// Field type inference. It works on a profile of distinct values (text form -> count) so that the
// same rules serve a 10-row first append, a CSV preview and a 1M-row `reparse` without parsing every
// cell: parsers run once per distinct value.
import { dateOrderEvidence, decideDateOrders, markersReadAsValues } from "../table/reading";
import type { DateOrder, DateOrderBasis, FieldType, RawValue } from "../table/types";
import { isIdLikeName, isMissing, isMissingNumber, parseDate, parseNumber } from "../table/values";

export { isIdLikeName };

/** Distinct texts with their counts; a Map does, and so does the store's typed profile of stored columns. */
export interface DistinctValues {
  readonly size: number;
  keys(): Iterable<string>;
  [Symbol.iterator](): Iterator<[string, number]>;
}

export interface ValueProfile {
  /** Values seen, missing included. */
  total: number;
  missing: number;
  /** Canonical text of each non-missing value -> occurrences. */
  distinct: Map<string, number>;
  /** A non-missing value that was not a JS boolean was seen (all-boolean columns are categories). */
  sawNonBoolean: boolean;
  /** Missing-value spellings seen ("NA", "null"), counted among `missing`: some columns read them as values (reading.ts). */
  markers: Map<string, number>;
}

/** A profile whose distinct values may come from the store's typed profile of stored columns. */
export type StoredProfile = Omit<ValueProfile, "distinct"> & { distinct: DistinctValues };

export function createProfile(): ValueProfile {
  return { total: 0, missing: 0, distinct: new Map(), sawNonBoolean: false, markers: new Map() };
}

export function addToProfile(profile: ValueProfile, value: RawValue): void {
  profile.total++;
  if (isMissing(value)) {
    profile.missing++;
    if (typeof value === "string" && value.trim() !== "") profile.markers.set(value, (profile.markers.get(value) ?? 0) + 1);
    return;
  }
  if (typeof value !== "boolean") profile.sawNonBoolean = true;
  const text = typeof value === "string" ? value : String(value);
  profile.distinct.set(text, (profile.distinct.get(text) ?? 0) + 1);
}

/** Adds `count` occurrences of one non-missing text value (used when profiling stored, encoded columns). */
export function addTextToProfile(profile: ValueProfile, text: string, count: number): void {
  profile.total += count;
  profile.sawNonBoolean = true;
  profile.distinct.set(text, (profile.distinct.get(text) ?? 0) + count);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Codes such as "7590-VHVEG", "CUST00123", hashes: letters and digits, no spaces.
const CODE_RE = /^(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9_\-:.#/]{5,}$/;
const LEADING_ZERO_RE = /^\s*[+-]?0\d/;
const BOOLEAN_WORDS = new Set(["true", "false", "yes", "no", "y", "n", "t", "f"]);

/**
 * The field type for a profile. Rules, in order (non-missing values only):
 * none -> unknown; all JS booleans -> category; all numbers -> integer/float (id when the name is
 * id-like and every value is a distinct integer; numbers written with a leading zero, such as zip
 * codes, are codes and stay text); all dates -> date; text: unique per row with an
 * id-like name or code-like values -> id; long values or mostly distinct values with spaces ->
 * string (free text); mostly distinct short values over many rows -> id when unique, else string;
 * otherwise category.
 */
export function inferFromProfile(
  profile: Omit<ValueProfile, "distinct" | "markers"> & { distinct: DistinctValues },
  name?: string,
  dateOrder: DateOrder = "month_first",
): FieldType {
  const nonMissing = profile.total - profile.missing;
  if (nonMissing === 0) return "unknown";
  if (!profile.sawNonBoolean) return "category";
  const distinctCount = profile.distinct.size;
  const unique = distinctCount === nonMissing;

  // "none" and "-" are missing in a field of numbers or dates (and labels in text): the field is
  // numeric (or dates) when every other value is, and at least one value is a real number (or date).
  let noValue = 0;
  let noValueDistinct = 0;
  for (const [text, count] of profile.distinct) {
    if (isMissingNumber(text)) {
      noValue += count;
      noValueDistinct++;
    }
  }
  const measured = nonMissing - noValue;
  const measuredUnique = distinctCount - noValueDistinct === measured;

  let allNumbers = measured > 0;
  let allIntegers = true;
  for (const text of profile.distinct.keys()) {
    if (!allNumbers) break;
    if (noValue > 0 && isMissingNumber(text)) continue;
    const n = parseNumber(text);
    // A leading zero ("02134", "007") would not survive storage as a number: such codes stay text.
    if (Number.isNaN(n) || LEADING_ZERO_RE.test(text)) {
      allNumbers = false;
      break;
    }
    if (!Number.isInteger(n)) allIntegers = false;
  }
  if (allNumbers) {
    if (allIntegers && measuredUnique && measured >= 2 && isIdLikeName(name)) return "id";
    return allIntegers ? "integer" : "float";
  }

  let allDates = measured > 0;
  for (const text of profile.distinct.keys()) {
    if (!allDates) break;
    if (noValue > 0 && isMissingNumber(text)) continue;
    if (Number.isNaN(parseDate(text, dateOrder))) {
      allDates = false;
      break;
    }
  }
  if (allDates) return "date";

  let lengthSum = 0;
  let withSpaces = 0;
  let codeLike = 0;
  let booleanWords = 0;
  for (const [text, count] of profile.distinct) {
    const t = text.trim();
    lengthSum += t.length * count;
    if (/\s/.test(t)) withSpaces += count;
    if (UUID_RE.test(t) || CODE_RE.test(t)) codeLike += count;
    if (BOOLEAN_WORDS.has(t.toLowerCase())) booleanWords += count;
  }
  if (booleanWords === nonMissing) return "category";
  const avgLength = lengthSum / nonMissing;
  const spaceShare = withSpaces / nonMissing;
  const distinctShare = distinctCount / nonMissing;

  if (unique && nonMissing >= 2 && (isIdLikeName(name) || codeLike / nonMissing >= 0.9)) return "id";
  if (avgLength >= 40 && spaceShare >= 0.3) return "string";
  if (avgLength >= 15 && spaceShare >= 0.5 && distinctShare > 0.5 && nonMissing >= 10) return "string";
  if (nonMissing >= 50 && distinctShare > 0.9) {
    if (spaceShare >= 0.3) return "string";
    return unique ? "id" : "string";
  }
  return "category";
}

/** A field's reading as inferred: its type, plus the reading.ts decisions that apply to it. */
export interface InferredField {
  type: FieldType;
  dateOrder?: DateOrder;
  dateOrderBasis?: DateOrderBasis;
  readAsValues?: string[];
}

/**
 * Types and readings of fields inferred together (the columns of one batch of rows), so that a date
 * column whose own values cannot tell day from month takes the order the other columns show.
 * `requested` is the order a client stated; `otherEvidence` the orders that fields already in the
 * schema showed by their values.
 */
export function inferFields(
  profiles: readonly { profile: StoredProfile; name: string }[],
  requested?: DateOrder,
  otherEvidence: readonly DateOrder[] = [],
): InferredField[] {
  // Evidence only from columns whose every value reads as a date in some order.
  const evidence = profiles.map(({ profile }) => {
    const texts: string[] = [];
    for (const t of profile.distinct.keys()) {
      if (isMissingNumber(t)) continue;
      // The first text that is no date in either order ends the look (ids, words: at once).
      if (Number.isNaN(parseDate(t)) && Number.isNaN(parseDate(t, "day_first"))) return null;
      texts.push(t);
    }
    return texts.length ? dateOrderEvidence(texts) : null;
  });
  const orders = decideDateOrders(evidence, requested, otherEvidence);
  return profiles.map(({ profile, name }, i) => {
    const choice = orders[i];
    const type = inferFromProfile(profile, name, choice?.order);
    const out: InferredField = { type };
    if (type === "date" && choice) {
      out.dateOrder = choice.order;
      out.dateOrderBasis = choice.basis;
    }
    if (type === "category" || type === "id" || type === "string") {
      const kept = markersReadAsValues(profile.markers.keys(), profile.distinct.keys());
      if (kept.length) out.readAsValues = kept;
    }
    return out;
  });
}

/**
 * The field type for a column of raw values as clients send them (strings, numbers, booleans,
 * null), also when every value arrives as a string. `name` helps recognise ids (customerID, uuid).
 */
export function inferFieldType(values: RawValue[], name?: string): FieldType {
  const profile = createProfile();
  for (const v of values) addToProfile(profile, v);
  // As the store infers it: slash dates in the order their values show (24/01/2022 is a date).
  return inferFields([{ profile, name: name ?? "" }])[0].type;
}
