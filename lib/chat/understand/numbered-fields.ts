// Series named by a horizon glued to a code: tsy10y, rate7y, yield_3m, ret_12m, lag1d. The number and its
// unit are what tell such fields apart, and a question says them as "the 10-year yield", "10y", "ten year",
// "3-month", "1-year" (12 months): that phrase names the one field of that horizon, whatever word the
// question uses for the shared code ("yield", "treasury", none). A horizon no field has ("the 7-year")
// names nothing: the question is answered "no such field", never with another field or a row count.
// (pm2_5, co2, no2, q1_sales, sales_2019: a number not followed by a period unit is no horizon.)

import words from "../vocab/words.json";

type Base = "day" | "month";

const UNITS = words.numberedFields.units as unknown as Record<string, [Base, number]>;
const HEADS = new Set<string>(words.numberedFields.heads);
const NOT_AFTER = new Set<string>(words.numberedFields.notAfter);
const NUMBER_WORDS: Record<string, number> = words.numberWords;

export interface Horizon {
  base: Base;
  /** The horizon in its base unit: months for years, quarters and months; days for weeks and days. */
  count: number;
}

export interface NumberedName {
  field: string;
  horizon: Horizon;
  /** The name's other words, lower case ("tsy", "rate", "ret"). */
  stem: string[];
}

const horizonOf = (amount: number, unit: string): Horizon | null => {
  const u = UNITS[unit];
  if (!u || !(amount > 0) || amount > 1000) return null;
  return { base: u[0], count: amount * u[1] };
};

export const sameHorizon = (a: Horizon, b: Horizon): boolean => a.base === b.base && Math.abs(a.count - b.count) < 1e-9;

/** The horizon in a field's name ("tsy10y": 120 months, stem "tsy"), if it holds exactly one. */
export function numberedName(name: string): NumberedName | null {
  const parts = name
    .slice(0, 100)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_\-.]+/)
    .filter(Boolean);
  let found: { at: number; len: number; horizon: Horizon; prefix: string } | null = null;
  for (let i = 0; i < parts.length; i++) {
    // "tsy10y", "10yr", "ret12m": letters, a number, a unit, in one part; "rate_10_yr": a number then its unit.
    const glued = /^([a-z]*?)(\d+)([a-z]+)$/.exec(parts[i]);
    const horizon = glued ? horizonOf(Number(glued[2]), glued[3]) : /^\d+$/.test(parts[i]) && parts[i + 1] ? horizonOf(Number(parts[i]), parts[i + 1]) : null;
    if (!horizon) continue;
    if (found) return null;
    found = { at: i, len: glued ? 1 : 2, horizon, prefix: glued ? glued[1] : "" };
  }
  if (!found) return null;
  const stem = [...parts.slice(0, found.at), ...(found.prefix ? [found.prefix] : []), ...parts.slice(found.at + found.len)];
  // (A stem holding numbers of its own is not a code: "pm2_10d".)
  if (stem.some((w) => /\d/.test(w))) return null;
  return { field: name, horizon: found.horizon, stem };
}

export interface TokenLike {
  kind: string;
  text: string;
  lemma: string;
  raw: string;
  start: number;
  end: number;
}

export interface HorizonSaid {
  start: number;
  end: number;
  horizon: Horizon;
  /** Written as one with its number: "10y", "10-year", "ten-year". */
  joined: boolean;
  /** Said as a span of time: "years", "months". */
  plural: boolean;
}

/** A horizon said at token i: "10y", "10-year", "10 year", "ten-year", "3 months". */
export function horizonAt(tokens: TokenLike[], i: number, text: string): HorizonSaid | null {
  const t = tokens[i];
  if (t.kind === "number") {
    const glued = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(t.text);
    if (glued) {
      const horizon = horizonOf(Number(glued[1]), glued[2]);
      return horizon ? { start: i, end: i + 1, horizon, joined: true, plural: false } : null;
    }
  }
  const amount = t.kind === "number" && /^\d+$/.test(t.text) ? Number(t.text) : t.kind === "word" ? NUMBER_WORDS[t.text] : undefined;
  const next = tokens[i + 1];
  // (A unit of one letter is read glued to its number only: "10 y" is no horizon.)
  if (amount === undefined || !next || next.kind !== "word" || next.text.length < 2) return null;
  const horizon = horizonOf(amount, next.text);
  if (!horizon) return null;
  const joined = text.slice(t.end, next.start).trim() === "-";
  return { start: i, end: i + 2, horizon, joined, plural: next.text !== next.lemma };
}

export interface NumberedLexicon {
  /** Whether a word names a field, a value or a word of the question's grammar (no head then). */
  known: (lemma: string) => boolean;
  stopWord: (lemma: string) => boolean;
}

/** A word of a field's stem, or a word the stem abbreviates ("ret" for "returns", "yld" for "yield"). */
function stemWord(stem: string[], t: TokenLike): boolean {
  if (t.kind !== "word") return false;
  return stem.some((s) => s === t.lemma || (s.length >= 3 && t.lemma.startsWith(s)) || (s.length >= 3 && consonantsOf(t.lemma, s)));
}

function consonantsOf(word: string, short: string): boolean {
  if (/[aeiou]/.test(short.slice(1)) || word[0] !== short[0] || word.length < short.length + 2) return false;
  let k = 0;
  for (const c of word[0] + word.slice(1).replace(/[aeiou]/g, "")) if (c === short[k]) k++;
  return k === short.length;
}

export interface NumberedMention {
  start: number;
  end: number;
  /** The fields of that horizon (more than one: the words said do not tell them apart); none: no such field. */
  fields: string[];
}

/**
 * The horizons said in a question over a table with numbered fields, each with the fields it names: the phrase
 * with the nouns right after it that name the series ("yield", "treasury", a word of the stem) and a stem word
 * right before it ("rate 7y"). Said apart ("10 year", not "10-year"), a horizon is a field only followed by such a
 * noun or after "the"; after "last", "over", "for" ... without a noun it is a span of time, not a field.
 */
export function numberedMentions(tokens: TokenLike[], text: string, fieldNames: string[], lex: NumberedLexicon): NumberedMention[] {
  const named = fieldNames.map(numberedName).filter((n): n is NumberedName => n !== null);
  if (!named.length) return [];
  const out: NumberedMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const said = horizonAt(tokens, i, text);
    if (!said) continue;
    const sameBase = named.filter((n) => n.horizon.base === said.horizon.base);
    if (!sameBase.length) continue;
    let end = said.end;
    const stems: NumberedName[] = [];
    while (end < tokens.length && end < said.end + 2) {
      const t = tokens[end];
      if (t.kind !== "word") break;
      const ofStem = sameBase.filter((n) => stemWord(n.stem, t));
      if (ofStem.length) stems.push(...ofStem);
      else if (!HEADS.has(t.lemma) && !HEADS.has(t.text) && (lex.known(t.lemma) || lex.stopWord(t.lemma) || t.text.length < 3)) break;
      end++;
    }
    let start = said.start;
    const before = tokens[start - 1];
    if (before && sameBase.some((n) => stemWord(n.stem, before))) {
      stems.push(...sameBase.filter((n) => stemWord(n.stem, before)));
      start--;
    }
    const noun = end > said.end || start < said.start;
    const prev = tokens[said.start - 1]?.lemma ?? "";
    if (!noun && (NOT_AFTER.has(prev) || (!said.joined && (said.plural || prev !== "the")))) continue;
    let fields = named.filter((n) => sameHorizon(n.horizon, said.horizon));
    const byStem = fields.filter((n) => stems.includes(n));
    if (byStem.length) fields = byStem;
    i = end - 1;
    out.push({ start, end, fields: fields.map((n) => n.field) });
  }
  // "the average yield", "how many months was the yield above 8" over tsy3m .. tsy30y: a series noun said without a
  // horizon names every field of the one stem they share (a question back), not a word nothing reads.
  const stems = new Set(named.map((n) => n.stem.join(" ")));
  if (named.length >= 2 && stems.size === 1)
    tokens.forEach((t, i) => {
      if (t.kind !== "word" || !HEADS.has(t.lemma) || lex.known(t.lemma) || out.some((m) => m.start <= i && i < m.end)) return;
      out.push({ start: i, end: i + 1, fields: named.map((n) => n.field) });
    });
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How a numbered field is said, as a regular expression without groups (derive.ts reads "the 10-year minus the
 * 2-year yield" with it): its horizon in any unit that divides it ("12-month", "1-year", "12m", "one year"), a stem
 * word before it, and up to two series nouns after it.
 */
export function horizonPattern(n: NumberedName): string {
  const forms: string[] = [];
  for (const [unit, [base, per]] of Object.entries(UNITS)) {
    if (base !== n.horizon.base || n.horizon.count % per !== 0) continue;
    const amount = n.horizon.count / per;
    const u = escapeRe(unit);
    forms.push(`${amount}-?${u}`);
    if (unit.length >= 2) {
      forms.push(`${amount}\\s+${u}`);
      for (const [w, v] of Object.entries(NUMBER_WORDS)) if (v === amount && /^[a-z]+$/.test(w)) forms.push(`${w}[\\s-]+${u}`);
    }
  }
  const stem = n.stem.filter((w) => /^[a-z]+$/.test(w));
  const nouns = [...HEADS, ...stem].filter((w) => /^[a-z]+$/.test(w)).map(escapeRe);
  const before = stem.length ? `(?:(?:${stem.join("|")})\\s+)?` : "";
  return `${before}(?:${forms.join("|")})(?:\\s+(?:${nouns.join("|")})){0,2}`;
}
