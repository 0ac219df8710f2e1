// Ratios said in words: "profit margin" (a ratio word of vocab/words.json `ratios`: the total of a
// profit-like field over the total of a sales-like field), "sales per order" (a number per a thing
// several rows share: its total over the distinct things), "profit per item" (a number per counted
// thing: its total over the quantity field's total). The answer states the formula it used.
import type { Measure } from "../plan";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import words from "../vocab/words.json";

export interface RatioReading {
  /** The numerator (summed). */
  field: string;
  per: NonNullable<Measure["per"]>;
  /** The words read as the ratio. */
  text: string;
}

const COUNTED_NOUNS = new Set(words.countedThings.nouns);
const COUNT_FIELD_WORDS = new Set(words.countedThings.fieldWords);
const ROW_WORDS = new Set(["line", "row", "record", "entry", "item"]);
const nameWords = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/);

export function readRatio(a: Atoms, lex: TableLexicon): RatioReading | null {
  const tokens = a.reading.tokens;
  const numeric = lex.fields.filter((f) => f.numbers !== null && f.role !== "date" && !f.yearLike);
  // The plainest name first ("Sales" before "Sales Forecast").
  const fieldFor = (wordsOf: string[]) =>
    numeric.filter((f) => nameWords(f.name).some((w) => wordsOf.includes(w))).sort((x, y) => nameWords(x.name).length - nameWords(y.name).length)[0];
  // "profit margin", "margins by region".
  for (const r of words.ratios) {
    const k = tokens.findIndex((t) => r.words.includes(t.lemma));
    if (k < 0) continue;
    const num = fieldFor(r.numerator);
    const den = fieldFor(r.denominator);
    if (!num || !den || num === den) continue;
    const start = k > 0 && r.numerator.includes(tokens[k - 1].lemma) ? k - 1 : k;
    return {
      field: num.name,
      per: { agg: "sum", field: den.name, percent: r.percent },
      text: tokens
        .slice(start, k + 1)
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
  }
  return null;
}
