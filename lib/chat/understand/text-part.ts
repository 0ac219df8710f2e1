// "how many comments mention support", "colours with blue in the name", "products whose name starts with A": a
// part of a free-text field (names, comments, descriptions), not one whole value of it. Read as an equality, the
// answer counts the one value that happens to hold the word ("Support was slow", or the colour named just "blue")
// and leaves the rest out. Words in words.json textPartWords.
import type { FieldInfo } from "../columns";
import type { AnalysisPlan, Filter } from "../plan";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import type { Token } from "./tokens";
import { TEXT_PART } from "./vocabulary";

type PartOp = "contains" | "startsWith" | "endsWith";

/** A field of free text: values of several words (comments) or mostly one value per row (names). */
export function isFreeText(f: FieldInfo | undefined): boolean {
  if (!f?.codes) return false;
  const labels = f.dictionary.filter((v) => v.trim() !== "");
  if (labels.length < 3) return false;
  let filled = 0;
  for (const c of f.codes) if (c >= 0 && f.dictionary[c].trim() !== "") filled++;
  const wordy = labels.filter((v) => v.trim().split(/\s+/).length >= 2).length >= labels.length * 0.6;
  return wordy || labels.length >= filled * 0.5;
}

export interface TextPart {
  plan: AnalysisPlan;
  filter: Filter;
  /** Token positions read (the cue and the words). */
  from: number;
  to: number;
}

const word = (t: Token | undefined, set: Set<string>) => !!t && (set.has(t.text) || set.has(t.lemma));

/** The words said from `i` on, up to a stop word or the end (at most 4). */
function wordsFrom(tokens: Token[], i: number): [number, number] {
  let j = i;
  while (j < tokens.length && j - i < 4 && !word(tokens[j], TEXT_PART.stop) && tokens[j].kind !== "symbol") j++;
  return [i, j];
}

function said(tokens: Token[], from: number, to: number): string {
  return tokens
    .slice(from, to)
    .map((t) => t.raw)
    .join(" ")
    .replace(/^["'“‘]+|["'”’]+$/g, "");
}

/** The cue and the part it names: [op, cue start, words start, words end, noun of "in the name"]. */
function findCue(tokens: Token[]): { op: PartOp; from: number; a: number; b: number; noun: string | null } | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (word(t, TEXT_PART.contains)) {
      let k = i + 1;
      if (tokens[k]?.lemma === "the" && tokens[k + 1]?.lemma === "word") k += 2;
      const [a, b] = wordsFrom(tokens, k);
      if (b > a) return { op: "contains", from: i, a, b, noun: null };
    }
    const starts = word(t, TEXT_PART.starts);
    const ends = word(t, TEXT_PART.ends);
    if ((starts || ends) && (tokens[i + 1]?.lemma === "with" || (ends && tokens[i + 1]?.lemma === "in"))) {
      const [a, b] = wordsFrom(tokens, i + 2);
      if (b > a) {
        // "whose name starts with", "titles beginning with": the noun said before.
        const before = tokens[i - 1];
        const noun = before && TEXT_PART.inNouns.has(before.lemma) ? before.lemma : null;
        return { op: starts ? "startsWith" : "endsWith", from: i, a, b, noun };
      }
    }
    // "with blue in the name", "that have 'dark' in their title".
    if (t.lemma === "in" && ["the", "their", "its", "his", "her"].includes(tokens[i + 1]?.lemma ?? "") && TEXT_PART.inNouns.has(tokens[i + 2]?.lemma ?? "")) {
      let a = i;
      while (a > 0 && i - a < 4 && !["with", "have", "has", "having"].includes(tokens[a - 1].lemma)) a--;
      if (a > 0 && a < i) return { op: "contains", from: a - 1, a, b: i, noun: tokens[i + 2].lemma };
    }
  }
  return null;
}

/** The condition said ("review contains delivery") and the token positions it takes, before any plan. */
export function textPart(a: Atoms, lex: TableLexicon): { filter: Filter; from: number; to: number } | null {
  const tokens = a.reading.tokens;
  const cue = findCue(tokens);
  if (!cue) return null;
  const free = lex.fields.filter(isFreeText);
  if (!free.length) return null;
  const nameHas = (f: FieldInfo, w: string) => f.name.toLowerCase().includes(w) || (lex.fieldWords.get(f.name)?.has(w) ?? false);
  let field: FieldInfo | undefined;
  if (cue.noun) {
    field = free.find((f) => nameHas(f, cue.noun as string));
    // "colours with blue in the name" over a table whose one name-like field is "col".
    if (!field && lex.rowNamer) field = free.find((f) => f.name === lex.rowNamer);
    if (!field && free.length === 1) field = free[0];
  } else {
    const words = new Set(tokens.slice(0, cue.from).map((t) => t.lemma));
    const asked = free.filter((f) => [...(lex.fieldWords.get(f.name) ?? [])].some((w) => words.has(w)));
    // The field the words were found in ("support" in "Support was slow").
    const valued = a.filters
      .filter((x) => x.kind === "value" && x.pos < cue.b && x.end > cue.a)
      .flatMap((x) => x.options.map((o) => o.filter.field))
      .filter((name) => free.some((f) => f.name === name));
    if (asked.length === 1) field = asked[0];
    else if (new Set(valued).size === 1) field = lex.byName.get(valued[0]);
    else if (free.length === 1 && asked.length === 0) field = free[0];
  }
  if (!field) return null;
  // "contain the most sugar", "include tax": amounts and fields, not words of a text.
  const part = tokens.slice(cue.a, cue.b);
  if (TEXT_PART.notPart.has(part[0].lemma) || part.some((t) => t.kind === "word" && lex.nameIndex.has(t.lemma) && !TEXT_PART.inNouns.has(t.lemma))) return null;
  const text = said(tokens, cue.a, cue.b).trim();
  if (!text) return null;
  // Found in no value of a field the question did not name: no reading of ours.
  const low = text.toLowerCase();
  const named = cue.noun || tokens.slice(0, cue.from).some((t) => lex.fieldWords.get(field.name)?.has(t.lemma));
  if (!named && !field.dictionary.some((v) => v.toLowerCase().includes(low))) return null;
  return { filter: { field: field.name, op: cue.op, values: [text] }, from: cue.from, to: cue.b };
}

export function textPartReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): TextPart | null {
  const found = textPart(a, lex);
  if (!found) return null;
  const { filter } = found;
  // The equality read from the same words (or any on the field) gives way.
  const kept = plan.filters.filter((f) => f.field !== filter.field || f.or || f.and || f.otherField);
  const next: AnalysisPlan = {
    ...plan,
    filters: [...kept, filter],
    groupBy: plan.groupBy.filter((g) => g.field !== filter.field),
  };
  return { plan: next, filter, from: found.from, to: found.to };
}
