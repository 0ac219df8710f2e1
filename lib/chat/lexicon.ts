// The vocabulary of one table: field names (with plurals, typos, spacing variants, general English
// synonyms and synonyms from the project's chatContext) and the values of category fields. The
// lexer turns a question into tokens annotated with the fields and values they mention.
import type { FieldInfo } from "./columns";
import { editDistance, normalizeText, singularize, wordsMatch, tokenize } from "./text-utils";

/**
 * General-purpose synonym groups: if a field's name contains one phrase of a group, the other
 * phrases of the group also name it. These are ordinary English, not tied to any one data set.
 */
const ALIAS_GROUPS: string[][] = [
  ["mpg", "miles per gallon", "mile per gallon", "fuel economy", "fuel efficiency", "mileage", "gas mileage"],
  ["horsepower", "hp", "horse power", "power"],
  ["worldwide", "ww", "world wide", "global", "world"],
  ["gross", "revenue", "earning", "box office", "boxoffice", "income", "earned", "grossing", "receipt"],
  ["sales", "sale", "revenue", "turnover", "sold"],
  ["profit", "profitability", "earning", "earn", "margin", "profitable"],
  ["budget", "cost", "spend", "spending"],
  ["running time", "runtime", "run time", "length", "duration", "long"],
  ["origin", "country", "nation", "region", "country of origin", "place of origin"],
  ["country", "nation"],
  ["rating", "rated", "score"],
  ["content rating", "mpaa rating", "mpaa", "age rating"],
  ["imdb", "imbd"],
  ["rotten tomatoes", "rotten tomato", "rt", "tomatometer"],
  ["weight", "weigh", "heavy", "heavier", "heaviness", "lighter", "mass"],
  ["acceleration", "accelerate"],
  ["displacement", "engine size"],
  ["quantity", "qty", "amount ordered", "items ordered", "units ordered", "quantity ordered"],
  ["ship", "shipping", "shipment", "delivery"],
  ["state", "province"],
  ["city", "town"],
  ["customer", "client", "buyer"],
  ["product", "item"],
  ["price", "cost", "expensive", "cheap", "pricey", "costly"],
  ["salary", "pay", "wage", "income"],
  ["age", "old"],
  ["year", "yr"],
  ["region", "zone", "area", "territory"],
  ["genre", "kind of movie", "type of movie", "kind of film", "type of film"],
  ["creative type", "creative category"],
  ["release year", "year released", "release date"],
];

/** Words too common to name a field on their own ("over time" is not "Running Time"). */
const GENERIC_WORDS = new Set([
  "time", "date", "order", "type", "name", "number", "count", "total", "id", "mode", "status", "rate", "day",
  "class", "code", "value", "size", "level", "average", "mean", "sum", "of", "the", "per", "in", "and", "by",
  "to", "for", "a", "an", "on", "at", "no", "is", "new", "all", "top", "first", "last", "high", "low", "long",
  "world", "power", "old", "area", "item", "score", "sold", "earn", "forecast",
]);

const STOP_WORDS = new Set(["of", "the", "a", "an", "per", "in", "and", "to", "for", "on", "at", "by", "with", "or"]);

/** Demonyms and common names for values (country-like values mostly). */
const VALUE_ALIASES: Record<string, string[]> = {
  usa: ["american", "america", "united states"],
  "united states": ["american", "america", "usa"],
  us: ["american", "america", "usa"],
  japan: ["japanese"],
  europe: ["european"],
  germany: ["german"],
  france: ["french"],
  uk: ["british", "england", "english", "united kingdom"],
  "united kingdom": ["british", "uk", "england"],
  china: ["chinese"],
  italy: ["italian"],
  spain: ["spanish"],
  canada: ["canadian"],
  mexico: ["mexican"],
  india: ["indian"],
  korea: ["korean"],
  sweden: ["swedish"],
  male: ["men", "man"],
  female: ["women", "woman"],
  yes: ["true"],
  no: ["false"],
};

export interface FieldName {
  field: string;
  words: string[]; // singular, normalized
  /** Words that may name the field on their own (not the words of multi-word synonyms like "kind of movie"). */
  partialWords: string[];
  compact: string;
  weight: number; // 1 for the real name, less for aliases
}

export interface ValueName {
  field: string;
  value: string;
  words: string[];
  compact: string;
}

export interface Lexicon {
  fields: FieldInfo[];
  names: FieldName[];
  values: ValueName[];
  /** single (singular) word -> fields whose name contains it as a distinctive word */
  partial: Map<string, { field: string; head: boolean }[]>;
  valuesByFirst: Map<string, ValueName[]>;
}

function toWords(text: string): string[] {
  return tokenize(text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]/g, " "))
    .map(singularize)
    .filter((w) => w.length > 0);
}

function replacePhrase(words: string[], phrase: string[], replacement: string[]): string[] | null {
  for (let i = 0; i + phrase.length <= words.length; i++) {
    let ok = true;
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) ok = false;
    if (ok) return [...words.slice(0, i), ...replacement, ...words.slice(i + phrase.length)];
  }
  return null;
}

/** Synonyms from chatContext: "revenue = Sales", "revenue means Sales", "Sales (revenue)", "revenue: Sales". */
export function parseContextSynonyms(context: string, fieldNames: string[]): { alias: string; field: string }[] {
  const out: { alias: string; field: string }[] = [];
  const byNorm = new Map(fieldNames.map((f) => [normalizeText(f.replace(/[_-]/g, " ")), f]));
  const findField = (text: string): string | undefined => byNorm.get(normalizeText(text.replace(/[_-]/g, " ")));
  for (const rawLine of context.split(/[\n;]+/)) {
    const line = rawLine.trim().replace(/^[-*•]\s*/, "");
    if (!line) continue;
    const parts = /^["']?([^"'=:]+?)["']?\s*(?:=|:|\bmeans\b|\bis\b|\brefers to\b|\bis called\b|\bstands for\b|->|→)\s*["']?([^"'.]+?)["']?\s*\.?$/i.exec(line);
    if (parts) {
      const a = parts[1].trim();
      const b = parts[2].trim();
      const fa = findField(a);
      const fb = findField(b);
      if (fb && !fa) out.push({ alias: a, field: fb });
      else if (fa && !fb && b.split(/\s+/).length <= 4) {
        for (const alt of b.split(/\s*(?:,|\bor\b|\/)\s*/)) if (alt) out.push({ alias: alt, field: fa });
      }
    }
    // "Sales (revenue)" or "Sales, also called revenue"
    for (const m of line.matchAll(/([A-Za-z][\w -]*?)\s*\((?:aka |a\.k\.a\. |also )?([^)]+)\)/g)) {
      const f = findField(m[1].trim()) ?? findField(m[1].trim().split(/\s+/).slice(-2).join(" ")) ?? findField(m[1].trim().split(/\s+/).slice(-1)[0]);
      if (f) for (const alt of m[2].split(/\s*(?:,|\bor\b|\/)\s*/)) if (alt && !/^(in|usd|eur|\$)/i.test(alt)) out.push({ alias: alt, field: f });
    }
    for (const m of line.matchAll(/([A-Za-z][\w-]*(?: [A-Za-z][\w-]*)?)\s*,?\s*(?:also called|aka|also known as)\s+["']?([\w -]+)["']?/gi)) {
      const f = findField(m[1]) ?? findField(m[1].split(" ").slice(-1)[0]);
      if (f) out.push({ alias: m[2].trim(), field: f });
    }
  }
  return out;
}

export function buildLexicon(fields: FieldInfo[], contextSynonyms: { alias: string; field: string }[] = []): Lexicon {
  const names: FieldName[] = [];
  const add = (field: string, words: string[], weight: number, partialWords: string[] = words) => {
    if (words.length === 0) return;
    const compact = words.join("");
    if (names.some((n) => n.field === field && n.compact === compact)) return;
    names.push({ field, words, compact, weight, partialWords });
  };
  const aliasGroups = ALIAS_GROUPS.map((g) => g.map(toWords));
  for (const f of fields) {
    const base = toWords(f.name);
    add(f.name, base, 1);
    // Aliases: replace one phrase of a group by the others (one substitution deep is enough).
    for (const group of aliasGroups) {
      for (const phrase of group) {
        const hit = replacePhrase(base, phrase, []);
        if (!hit) continue;
        for (const other of group) {
          if (other === phrase) continue;
          const replaced = replacePhrase(base, phrase, other);
          const rest = base.filter((w) => !phrase.includes(w));
          if (replaced) add(f.name, replaced, 0.9, other.length === 1 ? [...rest, ...other] : rest);
        }
      }
    }
  }
  for (const s of contextSynonyms) add(s.field, toWords(s.alias), 0.95);

  const partial = new Map<string, { field: string; head: boolean }[]>();
  for (const n of names) {
    const content = n.words.filter((w) => !STOP_WORDS.has(w));
    if (content.length < 2) continue;
    content.forEach((w, i) => {
      if (w.length < 2 || STOP_WORDS.has(w) || !n.partialWords.includes(w)) return;
      const list = partial.get(w) ?? [];
      if (!list.some((p) => p.field === n.field)) list.push({ field: n.field, head: i === content.length - 1 });
      partial.set(w, list);
    });
  }

  const values: ValueName[] = [];
  for (const f of fields) {
    if (f.role !== "category" || f.distinct > 500) continue;
    for (const v of f.dictionary) {
      const words = toWords(v);
      if (words.length === 0 || words.length > 6) continue;
      const compact = words.join("");
      if (compact.length < 2 && words.length === 1) continue;
      values.push({ field: f.name, value: v, words, compact });
      const aliases = VALUE_ALIASES[normalizeText(v)];
      if (aliases) for (const a of aliases) values.push({ field: f.name, value: v, words: toWords(a), compact: toWords(a).join("") });
    }
  }
  const valuesByFirst = new Map<string, ValueName[]>();
  for (const v of values) {
    const list = valuesByFirst.get(v.words[0]) ?? [];
    list.push(v);
    valuesByFirst.set(v.words[0], list);
  }
  return { fields, names, values, partial, valuesByFirst };
}

export type Token =
  | { kind: "word"; text: string; raw: string; index: number }
  | { kind: "number"; value: number; text: string; index: number; percent: boolean; money: boolean; period?: string }
  | { kind: "field"; fields: string[]; exact: boolean; text: string; index: number; score: number }
  | { kind: "value"; field: string; value: string; text: string; index: number; alsoField?: string };

const NUMBER_RE = /^\$?(\d+(?:\.\d+)?)(k|m|bn|b|%)?$/;

/** Matches one span of words against a field name (all of its words, any order, typos allowed). */
function scoreSpan(span: string[], name: FieldName): number {
  const content = span.filter((w) => !STOP_WORDS.has(w));
  const nameContent = name.words.filter((w) => !STOP_WORDS.has(w));
  if (content.length === 0) return 0;
  const spanCompact = span.join("");
  if (spanCompact === name.compact) return name.weight;
  if (content.length !== nameContent.length) {
    // "horse power" vs "horsepower": compare without spaces, typos allowed.
    if (span.length > 1 && name.words.length !== span.length) {
      const m = wordsMatch(spanCompact, name.compact, false);
      return m > 0 ? m * name.weight * 0.95 : 0;
    }
    return 0;
  }
  const used = new Set<number>();
  let total = 0;
  for (const w of content) {
    let best = 0;
    let bestJ = -1;
    nameContent.forEach((nw, j) => {
      if (used.has(j)) return;
      const s = wordsMatch(w, nw);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    });
    if (best === 0) {
      const m = span.length > 1 ? 0 : wordsMatch(spanCompact, name.compact, false);
      return m > 0 ? m * name.weight * 0.95 : 0;
    }
    used.add(bestJ);
    total += best;
  }
  return (total / content.length) * name.weight;
}

function matchValue(lex: Lexicon, words: string[], i: number): { v: ValueName; len: number } | null {
  let best: { v: ValueName; len: number } | null = null;
  const w = words[i];
  // Exact first word by lookup; the typo scan only for words long enough to carry a typo.
  const candidates: [string, ValueName[]][] = w.length < 5 ? (lex.valuesByFirst.has(w) ? [[w, lex.valuesByFirst.get(w)!]] : []) : [...lex.valuesByFirst];
  for (const [first, list] of candidates) {
    if (Math.abs(first.length - w.length) > 3 && !w.startsWith(first)) continue;
    // Typos rarely hit both of the first two letters: a cheap filter before the edit distance.
    if (first !== w && first[0] !== w[0] && first[1] !== w[1]) continue;
    if (wordsMatch(w, first) === 0) continue;
    for (const v of list) {
      const len = v.words.length;
      if (i + len > words.length) continue;
      let ok = true;
      for (let j = 0; j < len && ok; j++) if (wordsMatch(words[i + j], v.words[j]) === 0) ok = false;
      // A one-word value typed with a typo must be long enough to be unambiguous.
      if (ok && len === 1 && words[i] !== v.words[0] && v.compact.length < 6) ok = false;
      if (ok && (!best || len > best.len)) best = { v, len };
    }
  }
  return best;
}

/** Tokens of a question: numbers, field mentions (possibly ambiguous), value mentions, other words. */
export function lex(lexicon: Lexicon, text: string): Token[] {
  const rawWords = tokenize(text);
  const words = rawWords.map(singularize);
  const out: Token[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i];
    // A full date typed in the question ("2016d03d05" after normalisation): a number (its year) with a period.
    const date = /^(\d{4})d(\d{2})(?:d(\d{2}))?$/.exec(rawWords[i]);
    if (date) {
      const period = date[3] ? `${date[1]}-${date[2]}-${date[3]}` : `${date[1]}-${date[2]}`;
      out.push({ kind: "number", value: Number(date[1]), text: period, index: out.length, percent: false, money: false, period });
      i += 1;
      continue;
    }
    const num = NUMBER_RE.exec(rawWords[i]);
    if (num) {
      let value = Number(num[1]);
      const suffix = num[2];
      if (suffix === "k") value *= 1e3;
      else if (suffix === "m") value *= 1e6;
      else if (suffix === "b" || suffix === "bn") value *= 1e9;
      const next = rawWords[i + 1];
      let used = 1;
      if (next === "thousand") (value *= 1e3), (used = 2);
      else if (next === "million") (value *= 1e6), (used = 2);
      else if (next === "billion") (value *= 1e9), (used = 2);
      out.push({ kind: "number", value, text: rawWords.slice(i, i + used).join(" "), index: out.length, percent: suffix === "%" || next === "percent", money: rawWords[i].startsWith("$") });
      i += used;
      continue;
    }
    // "segmented by", "colored by": a participle before "by" is grammar, unless it is exactly a name.
    const participle = GRAMMAR_PARTICIPLES.has(rawWords[i]) && rawWords[i + 1] === "by";
    // Longest field-name span first (up to 5 words).
    let bestField: { fields: string[]; len: number; score: number } | null = null;
    for (let len = Math.min(5, words.length - i); len >= 1; len--) {
      const span = words.slice(i, i + len);
      if (STOP_WORDS.has(span[0]) || STOP_WORDS.has(span[span.length - 1])) continue;
      let best = 0;
      let bestFields: string[] = [];
      for (const n of lexicon.names) {
        const s = scoreSpan(span, n);
        if (s <= 0) continue;
        if (s > best + 1e-9) {
          best = s;
          bestFields = [n.field];
        } else if (Math.abs(s - best) < 1e-9 && !bestFields.includes(n.field)) bestFields.push(n.field);
      }
      if (best >= 0.7 && !(participle && len === 1 && best < 1)) {
        bestField = { fields: bestFields, len, score: best };
        break;
      }
    }
    // "a table of", "a bar chart": words of the request are not values, even if a value is spelt so.
    const valueHit = COMMAND_WORDS.has(w) ? null : matchValue(lexicon, words, i);
    if (valueHit && (!bestField || valueHit.len > bestField.len || (valueHit.len === bestField.len && bestField.score < 1))) {
      out.push({ kind: "value", field: valueHit.v.field, value: valueHit.v.value, text: rawWords.slice(i, i + valueHit.len).join(" "), index: out.length });
      i += valueHit.len;
      continue;
    }
    if (bestField) {
      out.push({ kind: "field", fields: bestField.fields, exact: bestField.fields.length === 1, text: rawWords.slice(i, i + bestField.len).join(" "), index: out.length, score: bestField.score });
      i += bestField.len;
      continue;
    }
    // One distinctive word of a longer name ("budget" for "Production Budget").
    const partials = lexicon.partial.get(w) ?? [...lexicon.partial.entries()].find(([k]) => !GENERIC_WORDS.has(k) && wordsMatch(w, k) > 0 && allowedPartialTypo(w, k))?.[1];
    if (partials && partials.length > 0 && !GENERIC_WORDS.has(w) && !participle) {
      out.push({ kind: "field", fields: partials.map((p) => p.field), exact: false, text: rawWords[i], index: out.length, score: 0.6 });
      i += 1;
      continue;
    }
    out.push({ kind: "word", text: canonicalWord(w), raw: rawWords[i], index: out.length });
    i += 1;
  }
  // "product category", "customer segment": a partial name right before a field name qualifies it.
  for (let k = 0; k + 1 < out.length; k++) {
    const a = out[k];
    const b = out[k + 1];
    const textOnly = a.kind === "field" && a.fields.every((f) => lexicon.fields.find((x) => x.name === f)?.codes);
    if (a.kind === "field" && a.score < 0.7 && textOnly && b.kind === "field") out[k] = { kind: "word", text: a.text, raw: a.text, index: k };
  }
  return out;
}

const COMMAND_WORDS = new Set([
  "table", "chart", "plot", "graph", "list", "line", "bar", "pie", "map", "count", "total", "sum", "average", "top", "bottom",
  "other", "all", "none", "data", "value", "show", "number", "histogram", "scatter", "trend", "row", "column", "legend", "color",
]);

const GRAMMAR_PARTICIPLES = new Set([
  "segmented", "colored", "coloured", "grouped", "sorted", "ordered", "divided", "separated", "broken", "categorized",
  "categorised", "stacked", "faceted", "filtered", "parameterized", "sliced", "segregated", "distinguished", "highlighted",
  "coded", "aggregated", "summed", "averaged", "counted", "binned", "bucketed", "ranked", "split", "classified", "organized",
  "arranged", "clustered", "partitioned", "subdivided", "subgrouped", "trellised", "paneled", "labeled", "labelled",
]);

/** Words of the question grammar, so that "avrage" or "histogarm" still work. */
const GRAMMAR_WORDS = [
  "average", "median", "maximum", "minimum", "total", "distinct", "unique", "percentage", "proportion", "distribution",
  "histogram", "scatter", "scatterplot", "correlation", "relationship", "compare", "versus", "between", "highest", "lowest",
  "number", "count", "trend", "monthly", "yearly", "quarterly", "weekly", "daily", "stacked", "colored", "coloured", "separate",
  "facet", "breakdown", "against", "across", "descending", "ascending", "greater", "smaller", "larger", "bigger", "fewer",
  "different", "timeline", "evolution", "multiple", "grouped", "chart", "graph", "group", "split", "overall", "cumulative",
  "greatest", "largest", "biggest", "smallest", "longest", "shortest", "heaviest", "lightest", "cheapest", "expensive",
  "percent", "legend", "series", "panel", "multiples", "trellis", "related", "relation", "relate", "correlate", "correlated",
  "change", "changed", "growth", "evolve", "evolved", "separately", "separated", "segmented", "segregated", "distinguished",
  "broken", "divided", "categorized", "alphabetical", "decreasing", "increasing", "frequency", "interval", "bucket",
  "individual", "various", "every", "where", "which", "there", "their", "these", "those", "about", "other", "without",
  "except", "excluding", "including", "since", "before", "after", "until", "during", "through", "under", "below", "above",
  "least", "most", "highest", "instead", "rather", "please", "should", "would", "could", "showing", "shown", "display",
];
const GRAMMAR_SET = new Set(GRAMMAR_WORDS);
const canonicalCache = new Map<string, string>();

function canonicalWord(w: string): string {
  if (w.length < 5 || GRAMMAR_SET.has(w)) return w;
  let c = canonicalCache.get(w);
  if (c === undefined) {
    c = w;
    let best = 0;
    for (const g of GRAMMAR_WORDS) {
      // One typo (two for long words): more would turn real words into grammar ("district" is not "distinct").
      const max = g.length >= 9 ? 2 : 1;
      const s = Math.abs(g.length - w.length) <= max && editDistance(w, g, max) <= max ? 1 : 0;
      if (s > best) {
        best = s;
        c = g;
      }
    }
    if (canonicalCache.size > 5000) canonicalCache.clear();
    canonicalCache.set(w, c);
  }
  return c;
}

function allowedPartialTypo(typed: string, known: string): boolean {
  return typed.length >= 5 && known.length >= 5;
}

export { normalizeText };
