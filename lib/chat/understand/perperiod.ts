// Periods of a dated table counted or averaged over, as one number: "how many different years are there"
// over a date field (its different years, not the rows of each year), and "average deaths per year",
// "average yearly gas" over rows finer than the year (the total over the number of years, not the
// average row of each year listed), stated with the other reading named.
import { bucketStart } from "../execute";
import type { AnalysisPlan, TimeBucket } from "../plan";
import words from "../vocab/words.json";
import type { Atoms } from "./attach";
import { addsUp, type TableLexicon } from "./lexicon";

const PERIOD_WORDS = words.periodWords as unknown as Record<string, string[] | undefined>;

/** The distinct periods of a date field and its rows with a date (several rows a period: finer rows). */
export function finerThan(lex: TableLexicon, field: string, bucket: TimeBucket): boolean {
  return spacing(lex, field, bucket) === "finer";
}

/** Whether the rows of a date field are finer than the period (several a period) or one a period ("same"). */
function spacing(lex: TableLexicon, field: string, bucket: TimeBucket): "finer" | "same" | null {
  const info = lex.byName.get(field);
  if (!info || info.role !== "date" || !info.numbers) return null;
  const periods = new Set<number>();
  let rows = 0;
  for (const ms of info.numbers) {
    if (Number.isNaN(ms)) continue;
    rows++;
    periods.add(bucketStart(ms, bucket));
  }
  if (periods.size < 2) return null;
  return rows > periods.size ? "finer" : "same";
}

export function distinctPeriodsReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.measure.agg !== "count" || plan.groupBy.length !== 1 || plan.extraMeasures.length) return null;
  if (a.superlative || a.overTime || plan.having || plan.within) return null;
  const g = plan.groupBy[0];
  if (!g.bucket || !PERIOD_WORDS[g.bucket] || lex.byName.get(g.field)?.role !== "date") return null;
  // "how many months had revenue above 200,000": the months counted, not a count per month.
  const tokens = a.reading.tokens;
  const counted = tokens.some(
    (t, i) =>
      t.lemma === "many" &&
      tokens[i - 1]?.lemma === "how" &&
      a.refs.some((r) => r.turn === 0 && r.pos === i + 1 && r.cands.some((c) => c.name === g.field)) &&
      tokens[i + 1].text !== tokens[i + 1].lemma,
  );
  // ("in how many quarters was Wholesale revenue above 70" over three rows a quarter: the quarters with such a row,
  // when the word counted is the period's own noun; "how many climbs ... in each year" over Climb_Date counts rows.)
  const periodNoun = tokens.some(
    (t, i) => t.lemma === "many" && tokens[i - 1]?.lemma === "how" && (PERIOD_WORDS[g.bucket!] ?? []).includes(tokens[i + 1]?.lemma ?? ""),
  );
  const spaced = spacing(lex, g.field, g.bucket);
  if (!a.distinct && !(counted && (spaced === "same" || (spaced === "finer" && periodNoun)))) return null;
  return { ...plan, measure: { agg: "distinct", field: g.field, bucket: g.bucket }, groupBy: [], chart: "none", sort: null, limit: null };
}

/**
 * "per year" said as a noun keeps the years listed (the average row of each year) and names the one number
 * as the other reading (`listed`); "yearly", "annual", "a year" give the one number, naming the listing.
 */
export function averagePerPeriodReading(
  a: Atoms,
  plan: AnalysisPlan,
  lex: TableLexicon,
): { plan: AnalysisPlan; note: string | null; other: AnalysisPlan } | null {
  if (plan.intent !== "aggregate" || plan.measure.agg !== "mean" || !plan.measure.field || plan.groupBy.length !== 1 || plan.extraMeasures.length) return null;
  if (a.superlative || a.overTime || plan.having || plan.within || plan.sort || plan.limit) return null;
  const g = plan.groupBy[0];
  const said = g.bucket ? PERIOD_WORDS[g.bucket] : undefined;
  if (!g.bucket || !said) return null;
  const info = lex.byName.get(plan.measure.field);
  const tokens = a.reading.tokens;
  // "average quarterly woolyrnq" over rows one a quarter: the average of the rows, one number.
  if (info && spacing(lex, g.field, g.bucket) === "same") {
    const k = tokens.findIndex(
      (t, i) => said.includes(t.lemma) && t.lemma !== g.bucket && i > 0 && ["average", "mean", "typical"].includes(tokens[i - 1].lemma),
    );
    if (k < 0) return null;
    const rows: AnalysisPlan = { ...plan, groupBy: [], chart: "none" };
    return { plan: rows, note: `readAs:the average of the rows, one a ${g.bucket}:${tokens[k - 1].raw} ${tokens[k].raw}`, other: plan };
  }
  if (!info || !addsUp(info) || !finerThan(lex, g.field, g.bucket)) return null;
  // "per year", "a year" (the rate), or "yearly" / "annual" (the grain); never "by year", "each year".
  const k = tokens.findIndex((t, i) => said.includes(t.lemma) && (i === 0 || !["by", "each", "every"].includes(tokens[i - 1].lemma)));
  if (k < 0) return null;
  const noun = tokens[k].lemma === g.bucket;
  if (noun && !(k > 0 && ["per", "a", "an"].includes(tokens[k - 1].lemma))) return null;
  const text = tokens
    .slice(noun ? k - 1 : k, k + 1)
    .map((t) => t.raw)
    .join(" ");
  const oneNumber: AnalysisPlan = {
    ...plan,
    measure: { agg: "sum", field: info.name, per: { agg: "distinct", field: g.field, bucket: g.bucket } },
    groupBy: [],
    chart: "none",
  };
  if (noun && tokens[k - 1].lemma === "per") return { plan, note: null, other: oneNumber };
  return { plan: oneNumber, note: `readAs:the total over the number of ${g.bucket}s (the average ${g.bucket}'s total):${text}`, other: plan };
}
