// Rises and falls between consecutive periods. "in how many years did the flow go up from the year before",
// "how many months did sales drop": the periods whose value is above (below) the one before them, counted
// (a distinct count of the periods with a condition on each period's change: having measure.fromPrevious > 0).
// And the honest side: the same words ("go up", "increase", "from the year before") that the chosen plan does
// not account for (no change, no time grouping, no comparison) are named as not used, never a silent number.
import type { AnalysisPlan, TimeBucket } from "../plan";
import { planFields, planMeasures } from "../plan-fields";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { isTimeField } from "../columns";
import { addsUp, isTimeName, type TableLexicon, timeFields } from "./lexicon";

const STEPS = words.stepCounts as unknown as { up: string[]; down: string[]; previous: string[]; difference: string[] };
const DIFFERENCE = new Set(STEPS.difference);
const PHRASES: { words: string[]; dir: "up" | "down" | "previous" }[] = (["up", "down", "previous"] as const).flatMap((dir) =>
  STEPS[dir].map((p) => ({ words: p.split(" "), dir })),
);
const GRAINS = new Set<TimeBucket>(["year", "quarter", "month", "week", "day"]);

export interface StepWord {
  start: number;
  end: number;
  dir: "up" | "down" | "previous";
}

/** The step words of the question (not inside a field's or a value's name; "before" only when no number or date follows). */
export function stepWords(a: Atoms): StepWord[] {
  const { tokens, mentions } = a.reading;
  const out: StepWord[] = [];
  const inside = (i: number) => mentions.some((m) => (m.kind === "field" || m.kind === "value") && m.start <= i && i < m.end);
  for (let i = 0; i < tokens.length; i++) {
    const hit = PHRASES.find((p) => p.words.every((w, k) => tokens[i + k] && (tokens[i + k].text === w || tokens[i + k].lemma === w)));
    // (A verb opening the turn is a command: "drop the filter".)
    if (!hit || inside(i) || (i === 0 && hit.dir !== "previous")) continue;
    const end = i + hit.words.length;
    // ("before 1990", "before the war": a condition or a date, read elsewhere.)
    if (hit.dir === "previous" && tokens[i].lemma === "before" && end < tokens.length) continue;
    out.push({ start: i, end, dir: hit.dir });
    i = end - 1;
  }
  return out;
}

/**
 * "rose above 100", "fell to below 50": a comparison word right after the verb (not "from"); "grew by more than 100"
 * compares the change itself, which no filter on the rows reads.
 */
function cmpAfter(a: Atoms, s: StepWord): boolean {
  const tokens = a.reading.tokens;
  if (tokens[s.end]?.lemma === "by") return false;
  return a.reading.mentions.some(
    (m) => m.kind === "word" && m.start >= s.end && m.start <= s.end + 1 && m.hits.some((h) => h.category === "cmp") && tokens[m.start].lemma !== "from",
  );
}

/** "in how many years did the flow go up": the periods whose value rose (fell) from the period before, counted. */
export function stepCountReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  if (!a.count || a.superlative || a.limit || plan.intent === "relationship" || plan.change || plan.having || plan.within) return null;
  const steps = stepWords(a);
  const verbs = steps.filter((s) => s.dir !== "previous");
  if (verbs.length !== 1 || cmpAfter(a, verbs[0])) return null;
  const tokens = a.reading.tokens;
  const times = timeFields(lex);
  const isTime = (name: string) => isTimeName(lex, name);
  // The one number that rises or falls: named once, not a time field.
  // (The field mentions themselves: "did the flow go up" may leave the field to no piece of the reading.)
  const named = new Set(
    a.reading.mentions
      .filter((m) => m.kind === "field" && m.fields.length === 1)
      .map((m) => (m.kind === "field" ? lex.byName.get(m.fields[0].name) : undefined))
      .filter((f) => f?.numbers && !isTimeField(f))
      .map((f) => f!.name),
  );
  if (named.size !== 1) return null;
  const info = lex.byName.get([...named][0])!;
  // The periods: the one time field; a date's periods said as a grain word ("in how many months").
  if (times.length !== 1) return null;
  const time = times[0];
  const grain = tokens.map((t) => t.lemma).find((w) => GRAINS.has(w as TimeBucket)) as TimeBucket | undefined;
  if (time.role === "date" && !grain) return null;
  // (A grouping by something else, or a time filter naming periods, is another question: "per station", "from 2015 to 2018".)
  if (plan.groupBy.some((g) => !isTime(g.field)) || plan.filters.some((f) => isTime(f.field))) return null;
  // (A condition on the number itself, or a number nothing read: "grew by more than 100" is not any rise.)
  if (plan.filters.some((f) => f.field === info.name) || a.strayNumbers.length || a.strayComparisons.length) return null;
  const up = verbs[0].dir === "up";
  const text = tokens
    .slice(verbs[0].start, Math.max(...steps.map((s) => s.end)))
    .map((t) => t.raw)
    .join(" ");
  return {
    plan: {
      intent: "aggregate",
      measure: { agg: "distinct", field: time.name, ...(time.role === "date" ? { bucket: grain } : {}) },
      extraMeasures: [],
      groupBy: [],
      filters: plan.filters,
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "none",
      having: { measure: { agg: addsUp(info) ? "sum" : "mean", field: info.name, fromPrevious: true }, op: up ? "gt" : "lt", values: [0] },
    },
    note: `readAs:the change from the period before:${text}`,
  };
}

/**
 * Step words the plan does not account for: the answer names them ("I did not use "go up from the year before"").
 * Accounted for: a change between periods, a change from the period before, a grouping by time (the path shown),
 * a comparison right after the verb ("rose above 100"), a time filter or relative period ("the previous year").
 */
export function unusedStepWords(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): string | null {
  const steps = stepWords(a);
  if (a.unfilter || !steps.some((s) => s.dir !== "previous")) return null;
  if (plan.change || planMeasures(plan).some((m) => m.fromPrevious)) return null;
  if ([...planFields(plan, ["groupBy", "x", "filter"])].some((name) => isTimeName(lex, name))) return null;
  if (a.relative.length) return null;
  const { tokens } = a.reading;
  const unused = steps.filter((s) => s.dir === "previous" || !cmpAfter(a, s));
  if (!unused.some((s) => s.dir !== "previous")) return null;
  // One span from the first unused word to the last, when close; else the verbs alone.
  const first = unused[0].start;
  const last = unused[unused.length - 1].end;
  const spans = last - first <= 7 ? [[first, last]] : unused.map((s) => [s.start, s.end]);
  return spans
    .map(([s, e]) =>
      tokens
        .slice(s, e)
        .map((t) => t.raw)
        .join(" "),
    )
    .join(", ");
}

/**
 * "the difference in area between the largest and the smallest island" answered by a list of rows or one number
 * that is no difference (no grouping, no second measure, no change): the difference word is named as not used.
 */
export function unusedDifferenceWord(a: Atoms, plan: AnalysisPlan): string | null {
  const { tokens, mentions } = a.reading;
  const k = tokens.findIndex(
    (t, i) => DIFFERENCE.has(t.lemma) && !mentions.some((m) => (m.kind === "field" || m.kind === "value") && m.start <= i && i < m.end),
  );
  if (k < 0) return null;
  if (plan.change || plan.intent === "relationship" || plan.intent === "distribution" || plan.having || plan.within) return null;
  const measures = [plan.measure, ...plan.extraMeasures];
  if (plan.groupBy.length || plan.extraMeasures.length || measures.some((m) => m.fromPrevious || m.per)) return null;
  // (Two values of one field side by side, "between A and B", answer the comparison too.)
  if (plan.filters.some((f) => f.values.length > 1 || f.or)) return null;
  return tokens[k].raw;
}
