// "the difference between the highest and lowest sales", "max minus min of price", "what's the range of wait times",
// "the price range of desserts": the spread of one number asked as one value, its maximum minus its minimum (measure
// agg `range`), not the highest or the lowest row, nor a histogram. "The best and worst region for sales" is the range
// of the regions' totals (`measure.each`). The answer says how it read the words (words.json `rangeAsked`).
import { isTimeField } from "../columns";
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import type { Token } from "./tokens";

const R = words.rangeAsked;
const LEAD = new Set(R.lead);
const MAX = new Set(R.max);
const MIN = new Set(R.min);
const JOIN = new Set(R.joiners);
const QUESTION = new Set(R.question);
const RANGE = new Set(R.rangeWords);

/** The tokens [start, end) that ask for a maximum minus a minimum, or null. */
export function rangeAskedSpan(tokens: Token[]): { start: number; end: number } | null {
  const w = (k: number) => tokens[k]?.lemma ?? "";
  const skipThe = (k: number) => (w(k) === "the" ? k + 1 : k);
  // "highest and lowest", "max minus min", "the least and the most": the two ends, in either order.
  const ends = (k: number): number => {
    const first = w(k);
    if (!MAX.has(first) && !MIN.has(first)) return -1;
    const j = k + 1;
    if (!JOIN.has(w(j))) return -1;
    const other = skipThe(j + 1);
    const second = w(other);
    const opposite = MAX.has(first) ? MIN.has(second) : MAX.has(second);
    return opposite ? other + 1 : -1;
  };
  for (let k = 0; k < tokens.length; k++) {
    // "the difference between the highest and lowest", "the gap between the best and the worst".
    if (LEAD.has(w(k)) && w(k + 1) === "between") {
      const e = ends(skipThe(k + 2));
      if (e > 0) return { start: k, end: e };
    }
    // "max minus min": only with "minus", which says the subtraction itself.
    if (w(k + 1) === "minus") {
      const e = ends(k);
      if (e > 0) return { start: k, end: e };
    }
  }
  // "what's the range of wait times", "what is the price range of desserts": a question for a value.
  const opener = tokens.findIndex((t) => t.kind === "word");
  const said = tokens.findIndex((t) => RANGE.has(t.lemma));
  if (opener >= 0 && QUESTION.has(tokens[opener].text) && said > opener) return { start: said, end: said + 1 };
  return null;
}

export function rangeAskedReading(
  a: Atoms,
  plan: AnalysisPlan,
  lex: TableLexicon,
): { plan: AnalysisPlan; note: string; span: { start: number; end: number }; used: string[] } | null {
  if (plan.measure.agg === "range" || plan.change || plan.having || plan.within || plan.extraMeasures.length) return null;
  const tokens = a.reading.tokens;
  const span = rangeAskedSpan(tokens);
  if (!span) return null;
  const phrase = tokens
    .slice(span.start, span.end)
    .map((t) => t.raw)
    .join(" ");
  // "what's the range of wait times" asks for a number; a chart asked for ("a histogram of the range") is not.
  const onlyRangeWord = span.end - span.start === 1;
  if (onlyRangeWord && a.chart) return null;
  const number = (name: string | null | undefined) => {
    const f = name ? lex.byName.get(name) : undefined;
    return f && f.role === "number" && !f.yearLike ? f : undefined;
  };
  const field =
    plan.intent === "aggregate"
      ? number(plan.measure.field)
      : plan.intent === "distribution"
        ? number(plan.x)
        : plan.intent === "rows"
          ? number(plan.y)
          : undefined;
  if (!field) return null;
  const base: AnalysisPlan = { ...plan, intent: "aggregate", x: null, y: null, sort: null, limit: null, binWidth: null, binCount: null, chart: "bar" };
  const groups = plan.intent === "aggregate" ? plan.groupBy : [];
  const plain = (used: string[]) => ({
    plan: { ...base, measure: { agg: "range" as const, field: field.name }, groupBy: [] },
    note: `readAs:the maximum minus the minimum of ${field.name}:${phrase}`,
    span,
    used,
  });
  if (!groups.length) return plain([]);
  if (groups.length !== 1 || onlyRangeWord) return null;
  const g = lex.byName.get(groups[0].field);
  if (!g) return null;
  // "the best and worst month for signups" over one row per month: the rows' own range.
  const oneRowEach = isTimeField(g) && (groups[0].bucket === null || groups[0].bucket === "day") && g.distinct === (g.numbers?.length ?? -1);
  if (oneRowEach) return plain([g.name]);
  // "the gap between the best and worst region for sales": each region's value first, then their range.
  if (g.role === "date" || groups[0].bucket) return null;
  const inner = plan.measure.agg;
  if (!["sum", "mean", "median", "count", "min", "max"].includes(inner)) return null;
  return {
    plan: { ...base, measure: { agg: "range", field: field.name, each: { field: g.name, agg: inner as "sum" } }, groupBy: [] },
    note: `readAs:the highest minus the lowest ${inner} of ${field.name} by ${g.name}:${phrase}`,
    span,
    used: [],
  };
}
