import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

/**
 * "which restaurant has the highest spend per head among those with more than 100 seats", "the subscriber with the
 * lowest fee among those aged over 70", "which school has the largest size among Catholic schools": a superlative
 * asked of the table's rows (a row noun, or a field naming each row once, right after "which"/"what" or before
 * "with the ...") is the row holding the extreme value of the number, named by its label. A reading that computes
 * the extreme alone ("the maximum of spend per head"), one that groups by the condition's number ("among" read as
 * "by") or a scatter of the label against the number answers another question; the row is asked for.
 */
export interface RowExtreme {
  plan: AnalysisPlan;
  /** Fields the replaced reading measured that the row reading does not use, with the words that named them. */
  dropped: string[];
}

const QUESTION_WORDS = new Set<string>(grammar.onerow.questionWords);
// ("which has", "which one", "which of them": the rows' noun is said elsewhere in the question.)
const NOUN_ELSEWHERE = new Set<string>(grammar.onerow.nounElsewhere);
const BEFORE_SUPERLATIVE = new Set<string>(grammar.onerow.beforeSuperlative);
const ROW_AGGS = new Set<string>(grammar.onerow.rowAggs);
/** Many values: a grouping by such a number, read from "among those with v above 5000", is no grouping of rows asked for. */
const MANY_VALUES = 50;

/** The field names each row once: text with one value a row, or whole numbers all different (School ids). */
export function namesRows(lex: TableLexicon, field: string): boolean {
  const f = lex.byName.get(field);
  if (!f) return false;
  if (f.codes) return f.codes.length >= 5 && !f.codes.some((c) => c < 0) && f.distinct === f.codes.length;
  if (!f.numbers || f.role !== "number" || !f.integer || f.yearLike) return false;
  return f.numbers.length >= 5 && !f.numbers.some((x) => Number.isNaN(x)) && f.distinct === f.numbers.length;
}

/** Whole numbers that are codes of the rows (School "1224"): one a row, numbered 1..n or all of one width. */
export function numberCodes(lex: TableLexicon, field: string): boolean {
  const f = lex.byName.get(field);
  if (!f?.numbers || !namesRows(lex, field) || f.min < 0) return false;
  const sequential = f.max - f.min + 1 === f.distinct;
  return sequential || (f.min >= 10 && String(Math.trunc(f.min)).length === String(Math.trunc(f.max)).length);
}

type Noun = { field: string | null };

/** The noun at token `k`: a row noun word, or a field naming each row once; "other" for anything else named there. */
function nounAt(a: Atoms, lex: TableLexicon, k: number): Noun | "other" | null {
  const { mentions, at } = a.reading;
  const m = at[k] >= 0 ? mentions[at[k]] : undefined;
  if (!m || m.start !== k) return null;
  if (m.kind === "word" && m.hits.some((h) => h.category === "rowNoun")) return { field: null };
  if (m.kind === "field") return m.fields.length === 1 && namesRows(lex, m.fields[0].name) ? { field: m.fields[0].name } : "other";
  return m.kind === "value" ? null : "other";
}

/** The rows' noun the superlative is asked of, or null when the question names something else (a category, a year). */
export function rowNounAsked(a: Atoms, lex: TableLexicon): Noun | null {
  const { tokens, mentions, at } = a.reading;
  const k = tokens.findIndex((t) => QUESTION_WORDS.has(t.lemma));
  if (k >= 0 && k < a.superlativePos) {
    // "which Thai restaurant", "which West subscriber": values before the noun narrow it.
    let j = k + 1;
    while (j < tokens.length && at[j] >= 0 && mentions[at[j]].kind === "value") j = mentions[at[j]].end;
    if (j >= tokens.length) return null;
    const noun = nounAt(a, lex, j);
    if (noun && noun !== "other") return noun;
    if (noun === "other" || !NOUN_ELSEWHERE.has(tokens[j].lemma)) return null;
    // "among public schools with MEANSES above 0.5, which has the smallest size": the noun said elsewhere.
    for (let i = 0; i < tokens.length; i++) {
      if (i === k) continue;
      const n = nounAt(a, lex, i);
      if (n && n !== "other") return n;
    }
    return null;
  }
  if (k >= 0) return null;
  // "the subscriber with the lowest monthly fee", "name of the restaurant with the most reviews".
  for (let i = 0; i < a.superlativePos; i++) {
    const noun = nounAt(a, lex, i);
    if (!noun || noun === "other") continue;
    const end = noun.field === null ? i + 1 : mentions[at[i]].end;
    const between = tokens.slice(end, a.superlativePos);
    if (between.length >= 1 && between.length <= 3 && between.every((t) => BEFORE_SUPERLATIVE.has(t.lemma)) && between[0].lemma !== "the") return noun;
  }
  return null;
}

/** The number ranked: the one measure of the superlative's aggregate, else the one measure that is no condition's field. */
function rankedField(plan: AnalysisPlan, sup: "max" | "min", skip: Set<string>): string | null {
  const measures = [plan.measure, ...plan.extraMeasures];
  if (measures.some((m) => !m.field || !ROW_AGGS.has(m.agg) || m.per || m.condition || m.each || m.fromPrevious || m.by)) return null;
  const own = measures.filter((m) => !skip.has(m.field as string));
  const bySup = own.filter((m) => m.agg === sup);
  if (bySup.length === 1) return bySup[0].field;
  return own.length === 1 ? own[0].field : null;
}

export function rowExtremeReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): RowExtreme | null {
  const sup = a.superlative;
  if (!sup || (a.limit && a.limit.n > 1) || a.list || a.share || a.rate || a.distribution || plan.within || plan.having || plan.change) return null;
  const noun = rowNounAsked(a, lex);
  if (!noun) return null;
  const conditionFields = new Set(plan.filters.map((f) => f.field));
  const skip = new Set([...conditionFields, ...(noun.field ? [noun.field] : [])]);
  let field: string | null = null;
  if (plan.intent === "relationship" && plan.x && plan.y && noun.field && [plan.x, plan.y].includes(noun.field)) {
    field = plan.x === noun.field ? plan.y : plan.x;
  } else if (plan.intent === "aggregate") {
    // (Grouped by the noun's own field, a group is a row: that reading names the row already and is kept. Grouped by a
    // condition's field of many values, "among" was read as "by".)
    const groupsOk = plan.groupBy.every((g) => {
      if (g.bucket || g.field === noun.field) return false;
      const info = lex.byName.get(g.field);
      return conditionFields.has(g.field) && !!info && info.role === "number" && (!info.discrete || info.distinct > MANY_VALUES);
    });
    if (!groupsOk) return null;
    field = rankedField(plan, sup, skip);
  }
  const info = field ? lex.byName.get(field) : undefined;
  if (!field || !info || info.role !== "number" || skip.has(field)) return null;
  const used = new Set([field, ...conditionFields]);
  const dropped = [...new Set([plan.measure, ...plan.extraMeasures].map((m) => m.field as string))].filter((f) => !used.has(f) && f !== noun.field);
  return {
    plan: {
      ...plan,
      intent: "rows",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      // (A field naming the rows is the answer's label: "6074" for School, not the most distinct text field.)
      x: noun.field,
      y: field,
      sort: { by: "value", order: sup === "min" ? "asc" : "desc" },
      limit: 1,
      binWidth: null,
      binCount: null,
      chart: "table",
    },
    dropped,
  };
}
