// Ratios said in words: "profit margin" (a ratio word of vocab/words.json `ratios`: the total of a
// profit-like field over the total of a sales-like field), "sales per order" (a number per a thing
// several rows share: its total over the distinct things), "profit per item" (a number per counted
// thing: its total over the quantity field's total). The answer states the formula it used.
import type { Measure } from "../plan";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import words from "../vocab/words.json";
import grammar from "../vocab/grammar.json";

export interface RatioReading {
  /** The numerator (summed). */
  field: string;
  per: NonNullable<Measure["per"]>;
  /** The words read as the ratio. */
  text: string;
  /** Two number fields of each row divided ("brain to body ratio"): per row where the rows are named. */
  twoFields?: boolean;
}

const COUNTED_NOUNS = new Set(words.countedThings.nouns);
const COUNT_FIELD_WORDS = new Set(words.countedThings.fieldWords);
const ROW_WORDS = new Set<string>(grammar.ratio.rowWords);
const nameWords = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/);

/**
 * "the brain to body ratio", "the ratio of Hwt to Bwt", "the largest brain for its body", "brain relative to body
 * weight", "sr divided by dpi": one number field over another, both named by their own words (vocab/words.json
 * `twoFieldRatios`: the words between the two, and those before or after that make a ratio of "to").
 */
function readTwoFieldRatio(a: Atoms, lex: TableLexicon): RatioReading | null {
  const tokens = a.reading.tokens;
  const lemma = (i: number) => tokens[i]?.lemma ?? "";
  const numeric = (name: string) => {
    const f = lex.byName.get(name);
    return !!f && f.numbers !== null && f.role !== "date" && !f.yearLike;
  };
  const refs = a.refs.filter((r) => r.turn === 0 && !r.via && r.cands.length === 1 && numeric(r.cands[0].name));
  const spec = words.twoFieldRatios;
  for (const x of refs)
    for (const y of refs) {
      if (y.pos < x.end || x.cands[0].name === y.cands[0].name) continue;
      const between = tokens
        .slice(x.end, y.pos)
        .map((t) => t.raw.toLowerCase())
        .join(" ");
      const ratioAfter = spec.ratioWords.includes(lemma(y.end));
      const ratioBefore = ["of", "between"].includes(lemma(x.pos - 1)) && spec.ratioWords.includes(lemma(x.pos - 2));
      const said =
        spec.between.includes(between) || ((between === "to" || between === "and" || between === ":" || between === "/") && (ratioAfter || ratioBefore));
      if (!said) continue;
      const start = ratioBefore ? x.pos - 2 : x.pos;
      const end = ratioAfter ? y.end + 1 : y.end;
      return {
        field: x.cands[0].name,
        per: { agg: "sum", field: y.cands[0].name },
        text: tokens
          .slice(start, end)
          .map((t) => t.raw)
          .join(" "),
        twoFields: true,
      };
    }
  return null;
}

export function readRatio(a: Atoms, lex: TableLexicon): RatioReading | null {
  const two = readTwoFieldRatio(a, lex);
  if (two) return two;
  const tokens = a.reading.tokens;
  const numeric = lex.fields.filter((f) => f.numbers !== null && f.role !== "date" && !f.yearLike);
  // The plainest name first ("Sales" before "Sales Forecast").
  const fieldFor = (wordsOf: string[]) =>
    numeric.filter((f) => nameWords(f.name).some((w) => wordsOf.includes(w))).sort((x, y) => nameWords(x.name).length - nameWords(y.name).length)[0];
  // "profit margin", "margins by region".
  for (const r of words.ratios) {
    // ("conversion rate": a ratio word that is one only before the word after it; "total conversions" is no ratio.)
    // ("click-through": a word that is one only after the word before it, or a short form said alone, "ctr"; "cost per
    // acquisition": only after "per"; "return on ad spend": "return on" before one of `then`.)
    const { after, before, then } = r as { after?: string[]; before?: string[]; then?: string[] };
    const k = tokens.findIndex(
      (t, i) =>
        (r.words.includes(t.lemma) || r.words.includes(t.text)) &&
        (!after || after.includes(tokens[i + 1]?.lemma ?? "")) &&
        (!then || then.includes(tokens[i + 2]?.lemma ?? "")) &&
        (!before || before.includes(t.lemma) || before.includes(tokens[i - 1]?.lemma ?? "")),
    );
    if (k < 0) continue;
    const num = fieldFor(r.numerator);
    const den = fieldFor(r.denominator);
    if (!num || !den || num === den) continue;
    const start = k > 0 && (r.numerator.includes(tokens[k - 1].lemma) || before?.includes(tokens[k - 1].lemma)) ? k - 1 : k;
    const startCost = start > 0 && tokens[start].lemma === "per" && r.numerator.includes(tokens[start - 1].lemma) ? start - 1 : start;
    return {
      field: num.name,
      per: { agg: "sum", field: den.name, ...(r.percent ? { percent: true } : {}) },
      text: tokens
        .slice(startCost, ratioEnd(tokens, then ? k + 3 : after ? k + 2 : k + 1, r.denominator))
        .map((t) => t.raw)
        .join(" "),
    };
  }
  // "sales per order", "profit per item": a number field said right before "per".
  for (let k = 1; k < tokens.length - 1; k++) {
    if (tokens[k].lemma !== "per") continue;
    // (Not "average quantity per order line": an aggregate said for the number keeps it per row; nor
    // "the number of sales per product": a count.)
    const ref = a.refs.find((r) => r.turn === 0 && r.end === k && r.cands.length === 1 && !r.agg && !r.countOf);
    const num = ref && numeric.find((f) => f.name === ref.cands[0].name);
    if (!num) continue;
    let j = k + 1;
    if (["a", "an", "each", "single"].includes(tokens[j]?.lemma ?? "")) j++;
    const word = tokens[j]?.lemma ?? "";
    // "per order line", "per order row": the row itself, not the order.
    if (ROW_WORDS.has(tokens[j + 1]?.lemma ?? "")) continue;
    const text = tokens
      .slice(ref.pos, j + 1)
      .map((t) => t.raw)
      .join(" ");
    if (COUNTED_NOUNS.has(word)) {
      const qty = numeric.find((f) => f !== num && nameWords(f.name).some((w) => COUNT_FIELD_WORDS.has(w)));
      if (qty) return { field: num.name, per: { agg: "sum", field: qty.name }, text };
      continue;
    }
    // A thing several rows share (an Order ID of several lines each): the total over the distinct things.
    const rows = (f: (typeof lex.fields)[number]) => f.codes?.length ?? 0;
    const shared = lex.fields.find(
      (f) => f.codes !== null && f.distinct > 50 && f.distinct < 0.9 * rows(f) && nameWords(f.name).some((w) => w === word || `${w}s` === word),
    );
    if (shared) return { field: num.name, per: { agg: "distinct", field: shared.name }, text };
    // "spend per conversion", "cost per click": a number over a whole-number field counting the things ("conversions",
    // "clicks"): the total over their total.
    const things = numeric.filter(
      (f) => f !== num && f.integer && f.min >= 0 && nameWords(f.name).length === 1 && [word, `${word}s`].includes(nameWords(f.name)[0]),
    );
    if (things.length === 1) return { field: num.name, per: { agg: "sum", field: things[0].name }, text };
  }
  return null;
}

/** The end of a ratio's words, over a "rate" or a denominator word right after them ("click-through rate", "return on ad spend"). */
function ratioEnd(tokens: Atoms["reading"]["tokens"], end: number, denominator: string[]): number {
  const next = tokens[end]?.lemma ?? "";
  return next === "rate" || denominator.includes(next) ? end + 1 : end;
}
