// Ordered category levels ("cut at least Very Good", "clarity VS1 or better", "voice parts from Tenor down",
// "color between D and F"): a comparison said around a value of a category field whose values follow a known
// scale (vocab words.json orderedLevels) selects the values on that side; the answer states the order it assumed.
// A field whose order is not known keeps the value alone and the comparison words are reported as not used.
import type { FieldInfo } from "../columns";
import words from "../vocab/words.json";
import type { FilterAtom } from "./attach";
import type { Token } from "./tokens";
import { phraseLemmas } from "./vocabulary";

type Op = "gt" | "gte" | "lt" | "lte";

const SCALES: string[][] = words.orderedLevels.scales;
const phrasesOf = (groups: Record<string, string[]>) =>
  Object.entries(groups).flatMap(([op, list]) => list.map((p) => ({ op: op as Op, lemmas: phraseLemmas(p) })));
const BEFORE = phrasesOf(words.orderedLevels.before);
const AFTER = phrasesOf(words.orderedLevels.after);
const FROM = phrasesOf(words.orderedLevels.from);

/** A value's place on a scale: the value itself, a level it abbreviates (4+ letters), or a level and a part number. */
function levelOf(value: string, scale: string[]): number {
  const v = value.trim().toLowerCase();
  const exact = scale.indexOf(v);
  if (exact >= 0) return exact;
  const part = /^(.+?)\s*\d+$/.exec(v);
  if (part && scale.includes(part[1])) return scale.indexOf(part[1]);
  if (/^[a-z]{4,}\.?$/.test(v)) {
    const stem = v.replace(/\.$/, "");
    const hits = scale.filter((l) => l.startsWith(stem));
    if (hits.length === 1) return scale.indexOf(hits[0]);
  }
  return -1;
}

/** The field's values in levels from the lowest up (values of one level together: "Tenor 1", "Tenor 2"), with the order said in words. */
export function levelsOf(f: FieldInfo): { levels: string[][]; order: string } | null {
  if (!f.codes || f.dictionary.length < 2 || f.dictionary.length > 30) return null;
  for (const scale of SCALES) {
    const at = f.dictionary.map((v) => levelOf(v, scale));
    if (at.some((i) => i < 0) || new Set(at).size < 2) continue;
    const levels: string[][] = [];
    for (let i = 0; i < scale.length; i++) {
      const vs = f.dictionary.filter((_, k) => at[k] === i).sort();
      if (vs.length) levels.push(vs);
    }
    const said = levels.map((vs) => (vs.length === 1 ? vs[0] : vs[0].replace(/\s*\d+$/, "")));
    return { levels, order: said.join(" < ") };
  }
  // Values that start with a number ("0-39g/day", "40-79", "120+", "<25"): by that number.
  const lead = f.dictionary.map((v) => {
    const m = /^\s*([<>]?)\s*(\d+(?:\.\d+)?)/.exec(v);
    return m ? Number(m[2]) + (m[1] === "<" ? -0.5 : m[1] === ">" ? 0.5 : 0) : NaN;
  });
  if (lead.every((x) => !Number.isNaN(x)) && new Set(lead).size === lead.length) {
    const sorted = f.dictionary.map((v, k) => ({ v, x: lead[k] })).sort((p, q) => p.x - q.x);
    return { levels: sorted.map((s) => [s.v]), order: sorted.map((s) => s.v).join(" < ") };
  }
  return null;
}

function matchAt(tokens: Token[], start: number, lemmas: string[]): boolean {
  if (start < 0 || start + lemmas.length > tokens.length) return false;
  return lemmas.every((l, k) => tokens[start + k].lemma === l || tokens[start + k].text === l);
}

/** The comparison words said before (ending at `pos`) or after (from `end`) a value, longest first. */
function comparisonAround(tokens: Token[], pos: number, end: number): { op: Op; start: number; end: number; words: string } | null {
  const before = BEFORE.filter((p) => matchAt(tokens, pos - p.lemmas.length, p.lemmas)).sort((p, q) => q.lemmas.length - p.lemmas.length)[0];
  const after = AFTER.filter((p) => matchAt(tokens, end, p.lemmas)).sort((p, q) => q.lemmas.length - p.lemmas.length)[0];
  if (before && after) return null; // "above X or below": not one side
  const said = (i: number, j: number) =>
    tokens
      .slice(i, j)
      .map((t) => t.raw)
      .join(" ");
  if (before) return { op: before.op, start: pos - before.lemmas.length, end, words: said(pos - before.lemmas.length, pos) };
  if (after) return { op: after.op, start: pos, end: end + after.lemmas.length, words: said(end, end + after.lemmas.length) };
  // "from Tenor down", "from Good up".
  const from = pos > 0 && tokens[pos - 1].lemma === "from" ? FROM.find((p) => matchAt(tokens, end, p.lemmas)) : undefined;
  if (from) return { op: from.op, start: pos - 1, end: end + from.lemmas.length, words: `${said(pos - 1, pos)} ... ${said(end, end + from.lemmas.length)}` };
  return null;
}

export interface LevelReading {
  atom: FilterAtom;
  /** The span the reading covers, comparison words included. */
  start: number;
  end: number;
  /** The comparison words alone ("at least", "or better"). */
  words: string;
  /** The values selected, or null when the field's order is not known (the comparison words are then not used). */
  values: string[] | null;
  field: string;
  order: string | null;
}

/**
 * Value atoms said with a comparison around them ("at least Very Good", "VS1 or better", "between D and F"): the
 * levels on that side of the value (both ends included for "between"), by the field's known order.
 */
export function levelReadings(tokens: Token[], atoms: FilterAtom[], info: (name: string) => FieldInfo): LevelReading[] {
  const out: LevelReading[] = [];
  for (const atom of atoms) {
    if (atom.kind !== "value" || atom.options.length !== 1) continue;
    const filter = atom.options[0].filter;
    if (filter.op !== "eq" && filter.op !== "in" && !(atom.negated && filter.op === "neq")) continue;
    const f = info(filter.field);
    if (!f?.codes) continue;
    const values = filter.values.map(String);
    const known = levelsOf(f);
    // "color between D and F": two values said as the ends of a range.
    if (!atom.negated && atom.listed === 2 && values.length === 2 && atom.pos > 0 && tokens[atom.pos - 1].lemma === "between") {
      const singleLetters = f.dictionary.every((v) => /^[A-Za-z]$/.test(v.trim()));
      const levels = known?.levels ?? (singleLetters ? [...f.dictionary].sort().map((v) => [v]) : null);
      const order = known?.order ?? (singleLetters ? "alphabetical" : null);
      if (!levels) continue;
      const [i, j] = values.map((v) => levels.findIndex((l) => l.includes(v))).sort((x, y) => x - y);
      if (i < 0) continue;
      out.push({ atom, start: atom.pos - 1, end: atom.end, words: "between", values: levels.slice(i, j + 1).flat(), field: f.name, order });
      continue;
    }
    const cmp = comparisonAround(tokens, atom.pos, atom.end);
    // ("no better than Good": the negation is part of the comparison words, not of the value.)
    if (!cmp || (atom.negated && !["no", "not"].includes(tokens[cmp.start].lemma))) continue;
    if (!known) {
      out.push({ atom, start: cmp.start, end: cmp.end, words: cmp.words, values: null, field: f.name, order: null });
      continue;
    }
    // The bound: one level (all its values said, "Tenor" for Tenor 1 and Tenor 2, or its only value).
    const at = known.levels.findIndex((l) => l.length === values.length && l.every((v) => values.includes(v)));
    if (at < 0) {
      out.push({ atom, start: cmp.start, end: cmp.end, words: cmp.words, values: null, field: f.name, order: null });
      continue;
    }
    const picked =
      cmp.op === "gt"
        ? known.levels.slice(at + 1)
        : cmp.op === "gte"
          ? known.levels.slice(at)
          : cmp.op === "lt"
            ? known.levels.slice(0, at)
            : known.levels.slice(0, at + 1);
    if (!picked.length) continue;
    out.push({ atom, start: cmp.start, end: cmp.end, words: cmp.words, values: picked.flat(), field: f.name, order: known.order });
  }
  return out;
}
