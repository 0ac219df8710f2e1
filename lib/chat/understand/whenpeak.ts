// "When was the peak demand?", "at what time was the highest temperature recorded", "when was GLOBX's highest trading
// volume": a question of time about the largest (smallest) value of one number over a dated table asks for the row
// that holds it, shown with its time, not the value alone; the answer says how it read the question.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

const WHEN = (words.whenAsked as { words: string[] }).words.map((w) => w.split(" "));

/** The one extreme the question's words say ("peak", "highest", "lowest"), as an aggregate or a superlative. */
function extremeSaid(a: Atoms): "max" | "min" | null {
  const keys = new Set<string>();
  for (const m of a.reading.mentions)
    if (m.kind === "word")
      for (const h of m.hits) if ((h.category === "agg" || h.category === "superlative") && (h.key === "max" || h.key === "min")) keys.add(h.key);
  return keys.size === 1 ? ([...keys][0] as "max" | "min") : null;
}

export function whenPeakReading(a: Atoms, best: Candidate, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  const plan = best.plan;
  if (plan.groupBy.length || plan.extraMeasures.length || plan.having || plan.within) return null;
  const dates = lex.fields.filter((f) => f.role === "date");
  if (dates.length !== 1) return null;
  // The extreme asked and its number: the maximum (minimum) of it; or the one row sorted by it, not yet shown with
  // its time ("when was the 2-year yield at its highest"); or, with no chart asked, a histogram of it beside an
  // extreme word ("when did the 5-year yield peak": no range of values answers "when").
  let agg: "max" | "min" | null = null;
  let y: string | null = null;
  if (plan.intent === "aggregate" && plan.limit === null && (plan.measure.agg === "max" || plan.measure.agg === "min")) {
    agg = plan.measure.agg;
    y = plan.measure.field;
  } else if (
    plan.intent === "rows" &&
    (plan.limit === 1 || (plan.limit === null && a.superlative !== null)) &&
    plan.sort?.by === "value" &&
    plan.x !== dates[0].name
  ) {
    agg = plan.sort.order === "desc" ? "max" : "min";
    y = plan.y;
  } else if (plan.intent === "distribution" && a.chart === null && plan.limit === null) {
    agg = extremeSaid(a);
    y = plan.x;
  }
  const yf = y ? lex.byName.get(y) : undefined;
  if (!agg || !yf || yf.role !== "number") return null;
  const tokens = a.reading.tokens;
  const said = tokens.findIndex((_, i) => WHEN.some((ws) => ws.every((w, k) => tokens[i + k]?.lemma === w)));
  if (said < 0) return null;
  const text = WHEN.find((ws) => ws.every((w, k) => tokens[said + k]?.lemma === w))!.join(" ");
  const order = agg === "max" ? "desc" : "asc";
  return {
    plan: {
      ...plan,
      intent: "rows",
      measure: { agg: "count", field: null },
      x: dates[0].name,
      y: yf.name,
      sort: { by: "value", order },
      limit: 1,
      chart: "table",
    },
    note: `readAs:the row with the ${order === "desc" ? "highest" : "lowest"} ${yf.name}:${text}`,
  };
}
