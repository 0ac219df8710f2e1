// The change of a measure between two periods of a date or year field: "how much did sales change from
// 2015 to 2018", "by how much did the population grow between 1900 and 1950" (a range said with a word of
// change), "were there more deaths in 1975 than in 1977", "was it warmer in 1950 than in 1940" (two periods
// set against each other by "than"). One difference and its percent, not the periods listed or one of
// them dropped (plan.change; the answer is written by lib/chat/change.ts).
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms, FilterAtom } from "./attach";
import { addsUp, isTimeName, type TableLexicon } from "./lexicon";

const CHANGE_WORDS = new Set(words.periodChange.verbs);
const HIGHER = new Set(words.periodChange.higher);
const LOWER = new Set(words.periodChange.lower);
const PERCENT_WORDS = new Set(words.periodChange.percent);
const PATH_AFTER_HOW = new Set(words.periodChange.pathAfterHow);

export function changeReading(a: Atoms, plan0: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan0.intent !== "aggregate" || plan0.change || plan0.having || plan0.within) return null;
  // "the percent change in orders from 2023 to 2024": the rows counted (read first as the share of rows in those
  // years, a rate whose condition is the periods themselves).
  const c = plan0.measure.condition;
  const periodsRate = plan0.measure.agg === "rate" && c && !c.or && !c.and && !c.otherField && isTimeName(lex, c.field);
  const plan: AnalysisPlan = periodsRate ? { ...plan0, measure: { agg: "count", field: null } } : plan0;
  const counted = plan.measure.agg === "count" && !plan.measure.field;
  if ((!plan.measure.field && !counted) || plan.measure.agg === "rate" || plan.extraMeasures.length) return null;
  const tokens = a.reading.tokens;
  const said = (set: Set<string>, k: number) => set.has(tokens[k].text) || set.has(tokens[k].lemma);
  // "the percent change in gas from 1960 to 1980": the change as a percent, not a share of the total.
  const percent = tokens.some((t, k) => PERCENT_WORDS.has(t.lemma) && k + 1 < tokens.length && said(CHANGE_WORDS, k + 1));
  if (plan.measure.agg === "share" && !percent) return null;
  const info = lex.fields.find((f) => f.name === plan.measure.field);
  const measure = plan.measure.agg === "share" && info ? { agg: addsUp(info) ? ("sum" as const) : ("mean" as const), field: info.name } : plan.measure;
  const periods = a.filters.filter((f) => !f.negated && f.options.length > 0 && isTimeName(lex, f.options[0].filter.field));
  const filterOf = (f: FilterAtom) => f.options[0].filter;
  let change: NonNullable<AnalysisPlan["change"]> | null = null;
  if (periods.length === 1) {
    // "from 1912 to 1971", "between 1900 and 1950", with a word of change anywhere in the question.
    const f = filterOf(periods[0]);
    if (f.op !== "between" || f.values.length !== 2 || f.values[0] === f.values[1]) return null;
    if (!tokens.some((_, k) => said(CHANGE_WORDS, k))) return null;
    // ("how did profit change from 2015 to 2017" asks for the path: each period between, not one difference.)
    if (tokens.some((t, k) => t.text === "how" && k + 1 < tokens.length && PATH_AFTER_HOW.has(tokens[k + 1].text))) return null;
    change = { field: f.field, from: f.values[0], to: f.values[1] };
  } else if (periods.length === 2) {
    const [p, q] = [...periods].sort((x, y) => x.pos - y.pos);
    const [f, g] = [filterOf(p), filterOf(q)];
    if (f.field !== g.field || f.op !== "eq" || g.op !== "eq" || f.values.length !== 1 || g.values.length !== 1) return null;
    if (f.values[0] === g.values[0]) return null;
    const than = tokens.findIndex((t, k) => t.lemma === "than" && k >= p.end && k < q.pos);
    if (than >= 0) {
      // "more deaths in 1975 than in 1977": the first period set against the second.
      let side: "gt" | "lt" | undefined;
      for (let k = 0; k < than; k++) if (said(HIGHER, k)) side = "gt";
      for (let k = 0; k < than; k++) if (said(LOWER, k)) side = "lt";
      change = { field: f.field, from: g.values[0], to: f.values[0], ...(side ? { than: side } : {}) };
    } else if (tokens.some((_, k) => said(CHANGE_WORDS, k))) change = { field: f.field, from: f.values[0], to: g.values[0] };
  }
  if (!change) return null;
  const field = change.field;
  if (plan.groupBy.some((g) => g.field !== field)) return null;
  return {
    ...plan,
    measure,
    groupBy: [],
    filters: plan.filters.filter((f) => f.field !== field),
    change: percent ? { ...change, percent: true } : change,
    chart: "line",
    sort: null,
    limit: null,
  };
}
