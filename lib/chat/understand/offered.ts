import { isTimeField } from "../columns";
import type { AnalysisPlan } from "../plan";
import { isIdLike } from "../pick";
import type { Atoms } from "./attach";
import type { TableLexicon } from "./lexicon";
import { namesRows, numberCodes } from "./onerow";

/**
 * The other reading an unsure answer offers ("it could also mean: ...") must be one a user could have meant. Some
 * runner-up readings are not: "number of rows by MonthlyCharges" (a grouping by a number of hundreds of values, or
 * by an identifier, that the words do not ask for), "v vs L" for "which colour has the lowest L" (a scatter for a
 * question asking for a label or an extreme). Such a reading is not offered; the doubt stays, said plainly or by
 * the next reading that means something (`offerReadings`).
 */

/** Groups of a number with more different values than this, not asked for by name, are no reading of a question. */
const MANY_VALUES = 50;

/**
 * The question's words group by the field ("by seats", "per customer", "for each school", "which seats"). ("among
 * schools with ..." names the rows a condition keeps; "top 5 restaurants by spend" ranks by a number of many values.)
 */
function groupedInWords(a: Atoms, field: string, manyValues: boolean): boolean {
  const ranks = a.limit !== null || a.superlative !== null || a.sort !== null;
  return a.refs.some(
    (r) =>
      r.turn === 0 &&
      r.cands.some((c) => c.name === field) &&
      (r.each || r.series || r.facet || r.afterWhich || (r.group && r.before[0] !== "among" && !(manyValues && ranks))),
  );
}

/** A field nobody groups by: an identifier, a field naming each row once, or a number of very many values. */
function noGrouping(a: Atoms, lex: TableLexicon, field: string): boolean {
  const info = lex.byName.get(field);
  if (!info || isTimeField(info)) return false;
  const many = info.role === "number" && info.distinct > MANY_VALUES;
  if (groupedInWords(a, field, many)) return false;
  return many || isIdLike(info) || namesRows(lex, field);
}

/** An identifier: averaged, totalled or ranked, it means nothing (School ids, customerID). */
function identifier(lex: TableLexicon, field: string | null | undefined): boolean {
  const info = field ? lex.byName.get(field) : undefined;
  return !!field && !!info && (isIdLike(info) || numberCodes(lex, field));
}

/** Whether `plan`, offered as the other reading of the question, means nothing a user could have asked. */
export function senselessReading(plan: AnalysisPlan, a: Atoms, lex: TableLexicon): boolean {
  const asksOne = (a.which || a.superlative !== null) && !a.relation && !a.versus;
  if (plan.intent === "aggregate" && plan.groupBy.some((g) => !g.bucket && noGrouping(a, lex, g.field))) return true;
  if (plan.intent === "aggregate" && [plan.measure, ...plan.extraMeasures].some((m) => m.agg !== "count" && m.agg !== "distinct" && identifier(lex, m.field)))
    return true;
  // (A histogram answers "how are the values spread", not "which one has the most".)
  if (plan.intent === "distribution" && asksOne && !a.distribution) return true;
  if (plan.intent === "relationship") {
    // (A scatter answers "how does A go with B", not "which one has the highest" nor "the lowest A".)
    return asksOne || [plan.x, plan.y].some((f) => identifier(lex, f));
  }
  return false;
}

/** Whole numbers of at most this many different values: a histogram of them is one bar per value. */
const FEW_WHOLE_VALUES = 20;

/**
 * "number of orders by quantity" (1-5), "how many loans for each number of dependents": the histogram of the
 * number offered as the other reading shows the same counts as the answer's one group per value; no other
 * reading, and no reason for doubt.
 */
export function sameCountsByValue(offered: AnalysisPlan, answer: AnalysisPlan, lex: TableLexicon): boolean {
  if (offered.intent !== "distribution" || !offered.x || answer.intent !== "aggregate" || answer.measure.agg !== "count") return false;
  if (answer.groupBy.length !== 1 || answer.groupBy[0].field !== offered.x || answer.groupBy[0].bucket || answer.filters.length !== offered.filters.length)
    return false;
  const info = lex.byName.get(offered.x);
  if (!info?.numbers || info.role !== "number" || info.distinct > FEW_WHOLE_VALUES) return false;
  for (const v of info.numbers) if (!Number.isNaN(v) && !Number.isInteger(v)) return false;
  return true;
}

/**
 * "top 5 customers by TotalCharges" answered by the 5 rows ranked by TotalCharges: the same number of rows listed in no
 * order is no other reading of a ranking question (its field and its "top" both unread), and no reason for doubt.
 */
export function unrankedRowsOf(offered: AnalysisPlan, answer: AnalysisPlan, a: Atoms): boolean {
  if (a.limit === null && a.superlative === null) return false;
  if (answer.intent !== "rows" || !answer.sort || !answer.y || answer.limit === null) return false;
  if (offered.intent !== "rows" || offered.sort || offered.y || offered.limit !== answer.limit) return false;
  return JSON.stringify(offered.filters) === JSON.stringify(answer.filters) && JSON.stringify(offered.groupBy) === JSON.stringify(answer.groupBy);
}

export interface Offer {
  plan: AnalysisPlan;
  score: number;
}

/** Of a runner-up this far below the best reading (in score), the answer does not say it was nearly as likely. */
const OFFER_MARGIN = 2;

/**
 * The notes with every senseless `alternative:` replaced: by the next reading in `ranked` (the runner-ups) that means
 * something, is not the answer itself nor offered already, and scored within OFFER_MARGIN of the best; else by a plain doubt
 * ("unsure", or "unsure:grouped:field:n" when the answer itself groups by a field of very many values, which then
 * replaces that field's `manyGroups` note). The answer stays flagged as doubtful either way.
 */
export function offerReadings(notes: string[], answer: AnalysisPlan, ranked: Offer[], a: Atoms, lex: TableLexicon, allowed: (c: Offer) => boolean): string[] {
  const keys = new Set([JSON.stringify(answer), ...notes.filter((n) => n.startsWith("alternative:")).map((n) => n.slice("alternative:".length))]);
  const top = Math.max(...ranked.map((c) => c.score), Number.NEGATIVE_INFINITY);
  const out: string[] = [];
  for (const n of notes) {
    if (!n.startsWith("alternative:")) {
      out.push(n);
      continue;
    }
    let plan: AnalysisPlan;
    try {
      plan = JSON.parse(n.slice("alternative:".length)) as AnalysisPlan;
    } catch {
      out.push(n);
      continue;
    }
    if (sameCountsByValue(plan, answer, lex) || unrankedRowsOf(plan, answer, a)) continue;
    if (!senselessReading(plan, a, lex)) {
      out.push(n);
      continue;
    }
    const next = ranked.find((c) => c.score >= top - OFFER_MARGIN && !keys.has(JSON.stringify(c.plan)) && allowed(c) && !senselessReading(c.plan, a, lex));
    if (next) {
      keys.add(JSON.stringify(next.plan));
      out.push(`alternative:${JSON.stringify(next.plan)}`);
      continue;
    }
    const many = answer.intent === "aggregate" ? answer.groupBy.find((g) => !g.bucket && noGrouping({ ...a, refs: [] }, lex, g.field)) : undefined;
    const info = many ? lex.byName.get(many.field) : undefined;
    out.push(many && info ? `unsure:grouped:${many.field}:${info.distinct}` : "unsure");
  }
  // (The grouping said in the doubt is not said again as a plain fact.)
  const grouped = new Set(out.filter((n) => n.startsWith("unsure:grouped:")).map((n) => n.split(":")[2]));
  return [...new Set(out.filter((n) => !(n.startsWith("manyGroups:") && grouped.has(n.split(":")[1]))))];
}
