// Which fields a person would ask about first, and how they would say them: shared by the example
// questions (empty chat) and the follow-up suggestions. Browser-safe (the web app builds examples
// from a page of rows): only FieldInfo, no Node imports, no engine.
import type { FieldInfo } from "./columns";
import { isTimeField } from "./columns";
import grammar from "./vocab/grammar.json";

/** Words of a field's name as said: "MonthlyCharges" "monthly charges", "hours_per_week" "hours per week", "MPG" stays "MPG". */
export function fieldWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_.]+/)
    .filter(Boolean)
    .map((w) => (w.length >= 2 && w === w.toUpperCase() && /[A-Z]/.test(w) ? w : w.toLowerCase()));
}

export function fieldPhrase(name: string): string {
  return fieldWords(name).join(" ");
}

function lowerWords(name: string): string[] {
  return fieldWords(name).map((w) => w.toLowerCase());
}

// Name words of amounts of money or goods, in the order a person reaches for them.
const MONEY = [
  "sales",
  "revenue",
  "revenues",
  "charges",
  "charge",
  "price",
  "amount",
  "income",
  "salary",
  "gross",
  "spend",
  "fare",
  "payment",
  "cost",
  "profit",
  "budget",
  "value",
  "fee",
  "balance",
  "earnings",
  "wage",
];
// Amounts that add up over rows (a total reads well); other numbers are averaged.
const ADDITIVE = new Set<string>(grammar.pick.additive);
const NOT_ADDITIVE = new Set<string>(grammar.pick.notAdditive);
// Fields computed from others or standing for something else: not what a person asks about first.
const DERIVED = new Set<string>(grammar.pick.derived);
// Names of an outcome a table is often about.
const OUTCOME = new Set<string>(grammar.pick.outcome);
const YES = new Set<string>(grammar.pick.yes);
const NO = new Set<string>(grammar.pick.no);

function present(f: FieldInfo): number {
  let n = 0;
  if (f.codes) for (const c of f.codes) c >= 0 && n++;
  else if (f.numbers) for (const x of f.numbers) !Number.isNaN(x) && n++;
  return n;
}

/** Ids, codes, one value per row: nothing to group by or to measure. */
export function isIdLike(f: FieldInfo): boolean {
  const ws = lowerWords(f.name);
  if (ws.some((w) => w === "id" || w === "uuid" || w === "key")) return true;
  const n = present(f);
  return f.role !== "number" && n >= 20 && f.distinct >= 0.9 * n;
}

/** An abbreviation or a technical name ("fnlwgt", "education_num"): a word of four letters or more without a vowel, or a derived word. */
function technical(f: FieldInfo): boolean {
  const ws = lowerWords(f.name);
  return ws.some((w) => (w.length >= 4 && !/[aeiouy]/.test(w)) || DERIVED.has(w));
}

/** "No phone service" in MultipleLines: a sub-option whose values name another field. */
function subOption(f: FieldInfo, fields: FieldInfo[]): boolean {
  const values = f.dictionary.map((v) => v.toLowerCase());
  return fields.some((o) => {
    if (o === f) return false;
    const p = lowerWords(o.name).join(" ");
    return p.includes(" ") && values.some((v) => v.includes(p));
  });
}

export function yesNoValued(f: FieldInfo): boolean {
  const vs = f.dictionary.map((v) => v.trim().toLowerCase()).filter((v) => !v.startsWith("no "));
  return vs.length > 0 && vs.every((v) => YES.has(v) || NO.has(v));
}

export interface Target {
  field: FieldInfo;
  /** The value counted ("Yes", ">50K"), as stored but trimmed. */
  value: string;
  /** "churn rate" where the name says it and the values are yes/no; else null (said "have class >50K"). */
  rate: string | null;
  /** The value is yes, true or 1: "have left company" says it without the value. */
  yes: boolean;
}

/** The field the table is about: a two-valued category named like an outcome (Churn, class, y), or a yes/no one at the end. */
export function pickTarget(fields: FieldInfo[]): Target | null {
  let best: { f: FieldInfo; score: number } | null = null;
  fields.forEach((f, i) => {
    if (f.role !== "category" || f.distinct !== 2 || !f.codes) return;
    const ws = lowerWords(f.name);
    let score = ws.some((w) => OUTCOME.has(w)) ? 2 : 0;
    if (i === fields.length - 1) score += 1;
    if (yesNoValued(f)) score += 1;
    if (score >= 2 && (!best || score > best.score)) best = { f, score };
  });
  if (!best) return null;
  const f = (best as { f: FieldInfo }).f;
  const values = f.dictionary.map((v) => v.trim()).filter(Boolean);
  const yes = values.find((v) => YES.has(v.toLowerCase()));
  let value = yes;
  if (!value) {
    // The rarer value is the one counted (">50K", "bad").
    const counts = new Map<number, number>();
    for (const c of f.codes!) if (c >= 0) counts.set(c, (counts.get(c) ?? 0) + 1);
    const rare = [...counts.entries()].sort((a, b) => a[1] - b[1])[0];
    value = rare ? f.dictionary[rare[0]].trim() : values[0];
  }
  if (!value || /[|=]/.test(value)) return null;
  const ws = lowerWords(f.name);
  const rate = yes && ws.length === 1 && ws[0].length > 2 && !ws[0].endsWith("ed") ? `${fieldPhrase(f.name)} rate` : null;
  return { field: f, value, rate, yes: Boolean(yes) };
}

function moneyRank(f: FieldInfo): number {
  const ws = lowerWords(f.name);
  const i = Math.min(...ws.map((w) => (MONEY.includes(w) ? MONEY.indexOf(w) : 99)));
  return i;
}

/** Numbers worth measuring, best first: amounts of money (Sales before Profit), then the others in the table's order. */
export function pickMeasures(fields: FieldInfo[]): FieldInfo[] {
  const nums = fields.filter((f) => f.role === "number" && !f.yearLike && !f.discrete && f.distinct > 2 && !isIdLike(f) && !technical(f));
  return nums
    .map((f, i) => ({ f, key: moneyRank(f) * 100 + lowerWords(f.name).length * 10 + i / 100 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.f);
}

/** Whether a total of the field reads well (sales, profit, quantity); else its average (price, mpg, age). */
export function additive(f: FieldInfo): boolean {
  const ws = lowerWords(f.name);
  return ws.some((w) => ADDITIVE.has(w)) && !ws.some((w) => NOT_ADDITIVE.has(w));
}

/** Categories worth grouping by, best first: a handful of values, no ids, codes, sub-options or yes/no flags, the ones that tell the outcome (or the measure) apart first. */
export function pickCategories(fields: FieldInfo[], target: Target | null, measure: FieldInfo | null): FieldInfo[] {
  const rows = fields[0] ? (fields[0].codes?.length ?? fields[0].numbers?.length ?? 0) : 0;
  const cands = fields.filter(
    (f) =>
      f.role === "category" &&
      f.codes &&
      f.distinct >= 2 &&
      f.distinct <= 12 &&
      f !== target?.field &&
      !isIdLike(f) &&
      !technical(f) &&
      !subOption(f, fields) &&
      !(f.distinct > 50 && f.distinct >= 0.2 * rows),
  );
  const numberWords = fields.filter((f) => f.role === "number").map((f) => lowerWords(f.name));
  const scored = cands.map((f, i) => {
    let penalty = 0;
    if (f.distinct < 3 || yesNoValued(f)) penalty -= 2;
    if (f.distinct > 8) penalty -= 0.5;
    if (measure && lowerWords(f.name).some((w) => lowerWords(measure.name).includes(w))) penalty -= 2;
    // A band of a number ("Ship Status" beside "Days to Ship"): its name shares a word with a number field.
    else if (numberWords.some((ws) => lowerWords(f.name).some((w) => w.length >= 3 && ws.includes(w)))) penalty -= 1;
    // The spread in steps of 0.1, so that a page of rows picks the field the whole table does.
    return { f, penalty: penalty - i / 1000, score: penalty + Math.round(spread(f, target, measure) * 10) / 10 - i / 1000 };
  });
  if (!scored.length) return [];
  // The field that tells the groups apart most first, then the others in the table's order (stable on a sample).
  const first = scored.reduce((a, b) => (b.score > a.score ? b : a));
  return [first, ...scored.filter((x) => x !== first).sort((a, b) => b.penalty - a.penalty)].map((x) => x.f);
}

/** How far apart the groups' outcome rates (or measure averages, in standard deviations) lie, over groups of at least 2% of the rows: 0 to about 1. */
function spread(f: FieldInfo, target: Target | null, measure: FieldInfo | null): number {
  const codes = f.codes!;
  const k = f.dictionary.length;
  const n = new Float64Array(k);
  const s = new Float64Array(k);
  let total = 0;
  let sum = 0;
  let sum2 = 0;
  const tCode = target ? target.field.dictionary.findIndex((v) => v.trim() === target.value) : -1;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c < 0) continue;
    let x: number;
    if (target) {
      const tc = target.field.codes![i];
      if (tc < 0) continue;
      x = tc === tCode ? 1 : 0;
    } else if (measure?.numbers) {
      x = measure.numbers[i];
      if (Number.isNaN(x)) continue;
    } else return 0;
    n[c]++;
    s[c] += x;
    total++;
    sum += x;
    sum2 += x * x;
  }
  if (!total) return 0;
  const sd = target ? 1 : Math.sqrt(Math.max(sum2 / total - (sum / total) ** 2, 1e-12));
  let lo = Infinity;
  let hi = -Infinity;
  for (let c = 0; c < k; c++) {
    if (n[c] < 0.02 * total) continue;
    const m = s[c] / n[c];
    lo = Math.min(lo, m);
    hi = Math.max(hi, m);
  }
  return hi > lo ? Math.min((hi - lo) / sd, 1) : 0;
}

/** A date (or year) to follow over time, and the grain that gives a readable line. */
export function pickTime(fields: FieldInfo[]): { field: FieldInfo; grain: string } | null {
  const date = fields.find((f) => f.role === "date" && f.numbers);
  if (date) {
    const days = (date.max - date.min) / 86_400_000;
    // (Month unless the dates span decades or a few weeks: the web app sees only a page of rows.)
    const grain = days > 15 * 366 ? "year" : days > 31 ? "month" : "day";
    return { field: date, grain: `by ${grain}` };
  }
  const year = fields.find((f) => f.yearLike && f.distinct >= 3);
  return year ? { field: year, grain: `by ${fieldPhrase(year.name)}` } : null;
}

function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/**
 * What the rows are called: the noun of an id field ("customerID": customers; "Order ID": orders), else
 * the dataset's name when it is a plural ("movies", "cars"), else null ("rows").
 */
export function rowNoun(fields: FieldInfo[], datasetName = ""): { noun: string; idField: FieldInfo | null } | null {
  const names = new Set(fields.flatMap((f) => lowerWords(f.name)));
  for (const f of fields) {
    const ws = lowerWords(f.name);
    if (ws.length !== 2 || ws[1] !== "id" || ws[0].length < 3 || names.has(plural(ws[0]))) continue;
    if (fields.some((o) => o !== f && lowerWords(o.name).length === 1 && lowerWords(o.name)[0] === ws[0])) continue;
    return { noun: plural(ws[0]), idField: f };
  }
  const words = datasetName
    .replace(/\.[a-z]+$/i, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words[words.length - 1];
  if (last && last.length >= 4 && /^[a-z]+s$/.test(last) && !/(ss|us|is)$/.test(last) && !names.has(last) && !names.has(last.slice(0, -1)))
    return { noun: last, idField: null };
  return null;
}

export { isTimeField };
