// The change from one period to the next: "which year had the biggest jump in airmiles over the previous year",
// "biggest drop in woolyrnq from one quarter to the next", "which year saw the largest increase in gas": each
// period's value minus the one before it (measure.fromPrevious), ranked, stated. Not a change between two
// periods the question names (change.ts), nor a listing of the periods.
import { type AnalysisPlan, asAggregate, type TimeBucket } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { addsUp, isTimeName, type TableLexicon, timeFields } from "./lexicon";
import grammar from "../vocab/grammar.json";

const UP = new Set(words.periodSteps.up);
const DOWN = new Set(words.periodSteps.down);
const PREVIOUS = new Set(words.periodSteps.previous);
/** Words of the step a reader may leave unknown ("previous", "jump"), read once the step is. */
export const PREVIOUS_STEP_WORDS = new Set([...PREVIOUS, ...UP, ...DOWN]);
const GRAINS = new Set<string>(grammar.steps.grains);

export function stepReading(a: Atoms, ranked: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  // ("the largest rise in lynx from the year before" ranked as lynx against year: the one number named, per period.)
  const plan = ranked.intent === "aggregate" ? ranked : oneNumberPlan(a, ranked, lex);
  if (!plan || plan.intent !== "aggregate" || plan.change || plan.having || plan.within || plan.extraMeasures.length) return null;
  if (plan.measure.fromPrevious || plan.measure.per || plan.measure.agg === "share" || plan.measure.agg === "rate" || plan.measure.agg === "distinct")
    return null;
  const tokens = a.reading.tokens;
  const step = tokens.findIndex((t) => UP.has(t.lemma) || DOWN.has(t.lemma));
  if (step < 0) return null;
  const up = UP.has(tokens[step].lemma);
  // A superlative or "which <period>" asks for one period; "previous", "before", "from one year to the next" say
  // the step is from the period before.
  const previous = tokens.some((t) => PREVIOUS.has(t.lemma));
  const whichPeriod = tokens.some((t, k) => k > 0 && ["which", "what"].includes(tokens[k - 1].lemma) && GRAINS.has(t.lemma));
  if (!a.superlative || !(previous || whichPeriod)) return null;
  const isTime = (name: string) => isTimeName(lex, name);
  // Two periods named ("from 2015 to 2018") are change.ts's; a time filter keeps the periods it names.
  if (plan.filters.some((f) => isTime(f.field))) return null;
  let groupBy = plan.groupBy;
  if (groupBy.length !== 1 || !isTime(groupBy[0].field)) {
    if (groupBy.length) return null;
    const time = timeFields(lex);
    if (time.length !== 1) return null;
    const grain = tokens.map((t) => t.lemma).find((w) => GRAINS.has(w)) as TimeBucket | undefined;
    if (time[0].role === "date" && !grain) return null;
    groupBy = [{ field: time[0].name, bucket: time[0].role === "date" ? (grain ?? null) : null }];
  }
  const order = up === (a.superlative === "max") ? "desc" : "asc";
  const text = tokens
    .slice(Math.max(0, step - 1), step + 1)
    .map((t) => t.raw)
    .join(" ");
  return {
    plan: { ...plan, groupBy, measure: { ...plan.measure, fromPrevious: true }, sort: { by: "value", order }, limit: null, chart: "bar" },
    note: `readAs:the change from the period before:${text}`,
  };
}

/** The one number field the question names, as its default aggregate over all the rows (no grouping yet). */
function oneNumberPlan(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  const names = new Set(
    a.refs
      .filter((r) => r.turn === 0 && r.cands.length === 1)
      .map((r) => lex.byName.get(r.cands[0].name))
      .filter((f) => f && f.numbers && f.role !== "date" && !f.yearLike)
      .map((f) => f!.name),
  );
  if (names.size !== 1) return null;
  const info = lex.byName.get([...names][0])!;
  return asAggregate(plan, { measure: { agg: addsUp(info) ? "sum" : "mean", field: info.name }, extraMeasures: [], groupBy: [], sort: null, limit: null });
}
