// "What is the NPS?", "net promoter score by clinic": the percent of 9-10 answers minus the percent of 0-6 answers
// of the table's 0-10 "how likely to recommend" field (measure agg `nps`), with the formula stated. The groups,
// filters and ranking read from the rest of the question are kept; without such a field nothing is guessed.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { nameWords, type TableLexicon } from "./lexicon";

const PHRASES = words.netPromoter.words.map((p) => p.split(" "));
const FIELD_WORDS = new Set(words.netPromoter.fieldWords);

/** The 0-10 answer field: whole numbers from 0 (or 1) to 10; named like one when there are several. */
export function promoterField(lex: TableLexicon): string | null {
  const scales = lex.fields.filter((f) => f.role === "number" && f.integer && f.min >= 0 && f.min <= 1 && f.max === 10);
  const named = scales.filter((f) => nameWords(f.name).some((w) => FIELD_WORDS.has(w)));
  if (named.length === 1) return named[0].name;
  return scales.length === 1 ? scales[0].name : null;
}

/** The score's words in the turn (longest phrase) and the 0-10 field they score, unless a field is named by them. */
export function npsPhrase(a: Atoms, lex: TableLexicon): { at: number; phrase: string[]; field: string } | null {
  const tokens = a.reading.tokens;
  const at = tokens.findIndex((_, i) => PHRASES.some((ws) => ws.every((w, k) => tokens[i + k]?.text === w)));
  if (at < 0) return null;
  const phrase = PHRASES.filter((ws) => ws.every((w, k) => tokens[at + k]?.text === w)).sort((x, y) => y.length - x.length)[0];
  // ("average nps by plan" over a field named nps: the field's own values are averaged.)
  if (a.refs.some((r) => r.pos < at + phrase.length && r.end > at)) return null;
  const field = promoterField(lex);
  return field ? { at, phrase, field } : null;
}

export function npsReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string; words: Set<string> } | null {
  const said = npsPhrase(a, lex);
  if (!said) return null;
  const { at, phrase, field } = said;
  const tokens = a.reading.tokens;
  const grouped = plan.intent === "aggregate" ? plan : { ...plan, groupBy: [], sort: null, limit: null };
  return {
    plan: {
      ...grouped,
      intent: "aggregate",
      measure: { agg: "nps", field },
      extraMeasures: [],
      x: null,
      y: null,
      binWidth: null,
      binCount: null,
      chart: grouped.groupBy.length ? (grouped.chart === "none" ? "bar" : grouped.chart) : "none",
      // (A ranking said by the groups' count is now by the score.)
      groupBy: grouped.groupBy.filter((g) => g.field !== field),
    },
    note: `readAs:the net promoter score of ${field} (the percent of 9-10 answers minus the percent of 0-6 answers):${tokens
      .slice(at, at + phrase.length)
      .map((t) => t.raw)
      .join(" ")}`,
    words: new Set(phrase),
  };
}
