// "When was the peak demand?", "at what time was the highest temperature recorded", "when was GLOBX's highest trading
// volume": a question of time about the largest (smallest) value of one number over a dated table asks for the row
// that holds it, shown with its time, not the value alone; the answer says how it read the question.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";

const WHEN = (words.whenAsked as { words: string[] }).words.map((w) => w.split(" "));

export function whenPeakReading(a: Atoms, best: Candidate, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  const plan = best.plan;
  if (plan.intent !== "aggregate" || plan.groupBy.length || plan.extraMeasures.length || plan.having || plan.within || plan.limit !== null) return null;
  if (plan.measure.agg !== "max" && plan.measure.agg !== "min") return null;
  const y = plan.measure.field;
  const yf = y ? lex.byName.get(y) : undefined;
  if (!yf || yf.role !== "number") return null;
  const dates = lex.fields.filter((f) => f.role === "date");
  if (dates.length !== 1) return null;
  const tokens = a.reading.tokens;
  const said = tokens.findIndex((_, i) => WHEN.some((ws) => ws.every((w, k) => tokens[i + k]?.lemma === w)));
  if (said < 0) return null;
  const text = WHEN.find((ws) => ws.every((w, k) => tokens[said + k]?.lemma === w))!.join(" ");
  const order = plan.measure.agg === "max" ? "desc" : "asc";
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
