// Ages kept as bands ("18-29", "30-44", "75+") and a question that says a number: "patients aged 45 and over",
// "respondents under 30", "people between 30 and 59 years old". With no number field for the age, the comparison is
// the bands that lie wholly inside the range ('age_group "45-59", "60-74", "75+"'), stated; a band only partly inside
// ("over 50" against "45-59") is left out and the answer says so, never a comparison on another number field.
import type { Filter } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { nameWords, type TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const AGE_WORDS = new Set(words.ageWords.flatMap((w) => w.split(" ")).filter((w) => w !== "year"));
const PERSON_NOUNS = new Set(words.personNouns);
const FILLERS = new Set<string>(grammar.bands.fillers);

/** The numbers a band value covers, ends included: "18-29" [18, 29], "75+" and "65 and over" [75, inf), "under 18" (-inf, 17]. */
export function parseBand(value: string): [number, number] | null {
  const v = value.trim().toLowerCase();
  let m = /^(\d+)\s*(?:-|–|to)\s*(\d+)$/.exec(v);
  if (m && Number(m[1]) <= Number(m[2])) return [Number(m[1]), Number(m[2])];
  m = /^(\d+)\s*(?:\+|and over|and older|or older|and above|or more)$/.exec(v);
  if (m) return [Number(m[1]), Infinity];
  m = /^(?:under|below|less than|<)\s*(\d+)$/.exec(v);
  if (m) return [-Infinity, Number(m[1]) - 1];
  return null;
}

/** The bands wholly inside a comparison of whole numbers, and those only partly inside. */
export function bandsWithin(bands: string[], op: Filter["op"], values: (string | number)[]): { inside: string[]; partial: string[] } {
  const nums = values.map(Number);
  const [lo, hi] =
    op === "gt"
      ? [nums[0] + 1, Infinity]
      : op === "gte"
        ? [nums[0], Infinity]
        : op === "lt"
          ? [-Infinity, nums[0] - 1]
          : op === "lte"
            ? [-Infinity, nums[0]]
            : op === "between"
              ? [Math.min(nums[0], nums[1]), Math.max(nums[0], nums[1])]
              : [Number.NaN, Number.NaN];
  const inside: string[] = [];
  const partial: string[] = [];
  for (const b of bands) {
    const r = parseBand(b);
    if (!r || Number.isNaN(lo)) continue;
    if (r[0] >= lo && r[1] <= hi) inside.push(b);
    else if (r[1] >= lo && r[0] <= hi) partial.push(b);
  }
  return { inside, partial };
}

/** The category field of age bands: named with an age word, three or more values, each a band. */
function ageBandField(lex: TableLexicon) {
  if (lex.fields.some((f) => f.role === "number" && nameWords(f.name).some((w) => AGE_WORDS.has(w)))) return null;
  return (
    lex.fields.find(
      (f) =>
        f.role === "category" &&
        nameWords(f.name).some((w) => AGE_WORDS.has(w)) &&
        f.dictionary.length >= 3 &&
        f.dictionary.every((v) => v.trim() === "" || parseBand(v) !== null),
    ) ?? null
  );
}

/** Comparisons said of people's age turned into the age bands they cover (in place). */
export function readAgeBands(a: Atoms, lex: TableLexicon): void {
  const field = ageBandField(lex);
  if (!field) return;
  const tokens = a.reading.tokens;
  const lemma = (k: number) => tokens[k]?.lemma ?? "";
  const low = (v: string) => parseBand(v)?.[0] ?? 0;
  const bands = field.dictionary.filter((v) => v.trim() !== "").sort((x, y) => low(x) - low(y));
  for (const atom of a.filters) {
    if ((atom.kind !== "compare" && atom.kind !== "range") || !atom.options.length) continue;
    const f = atom.options[0].filter;
    if (!["gt", "gte", "lt", "lte", "between"].includes(f.op) || f.otherField || !f.values.every((v) => typeof v === "number")) continue;
    // Said of an age: "aged 45 and over", "under 45 years old", "patients under 45", "people between 30 and 59".
    let k = atom.pos - 1;
    let aged = false;
    while (k >= 0 && FILLERS.has(lemma(k))) {
      if (AGE_WORDS.has(lemma(k))) aged = true;
      k--;
    }
    const person = PERSON_NOUNS.has(lemma(k));
    const old = lemma(atom.end) === "old" || (lemma(atom.end) === "year" && lemma(atom.end + 1) === "old");
    if (!aged && !person && !old) continue;
    const { inside, partial } = bandsWithin(bands, f.op, f.values);
    if (!inside.length) continue;
    atom.options = [{ ...atom.options[0], filter: { field: field.name, op: inside.length > 1 ? "in" : "eq", values: inside }, how: "adjacent" }];
    const left = partial.length ? `; "${partial.join('", "')}" only partly, left out` : "";
    atom.stated = `${field.name} "${inside.join('", "')}"${left}`;
    // ("aged" naming the band field only says what is compared; "years old" is the age's unit, no period.)
    for (const r of a.refs)
      if (r.turn === 0 && r.pos > k && r.pos < atom.pos && r.cands.some((c) => c.name === field.name) && !atom.refs.includes(r.id)) atom.refs.push(r.id);
    // ("visits by patients aged 45 and over": the people the age is said of are the rows, not a grouping.)
    for (const r of a.refs) if (r.turn === 0 && r.pos === k && person && r.group) r.group = false;
    if (old) {
      const unit = lemma(atom.end) === "year" ? atom.end : -1;
      if (unit >= 0 && a.bucket === "year" && !tokens.some((t, i) => i !== unit && t.lemma === "year")) a.bucket = null;
      if (unit >= 0) a.refs = a.refs.filter((r) => !(r.turn === 0 && r.pos === unit && !a.filters.some((x) => x.refs.includes(r.id))));
      a.unknown = a.unknown.filter((u) => u.pos < atom.end || u.pos > atom.end + 1);
    }
  }
}
