// "share of each cut within each color", "percentage of each size per shop": a share asked of one category's
// values within each value of another is each pair's part of the second field's group (plan measure.shareOf), not
// a part of all rows and not a count of different values.
import type { AnalysisPlan } from "../plan";
import words from "../vocab/words.json";
import type { Atoms, Ref } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const WHOLE_WORDS = new Set(words.shareWithin.whole);
const EACH_WORDS = new Set<string>(grammar.shares.eachWords);

export function shareWithinReading(a: Atoms, best: Candidate, lex: TableLexicon): Candidate | null {
  if (!(a.share || a.proportion) || a.rate || a.superlative || a.limit !== null) return null;
  const plan = best.plan;
  if (plan.intent !== "aggregate" || plan.having || plan.extraMeasures.length) return null;
  const refs = a.refs.filter((r) => r.turn === 0 && r.cands.length >= 1);
  if (refs.length !== 2) return null;
  const fieldOf = (r: Ref) => lex.byName.get(r.cands[0].name);
  if (refs.some((r) => !fieldOf(r)?.codes || (fieldOf(r)?.distinct ?? 0) > 50 || r.agg || r.series || r.facet)) return null;
  if (refs[0].cands[0].name === refs[1].cands[0].name) return null;
  // ("share of insured visits by clinic": a yes/no field said as its yes side is a rate by the other field.)
  if (refs.some((r) => lex.flagFields.has(r.cands[0].name))) return null;
  const { tokens } = a.reading;
  const wordBefore = (r: Ref) => {
    let k = r.pos - 1;
    while (k >= 0 && EACH_WORDS.has(tokens[k].lemma)) k--;
    return k >= 0 ? tokens[k].lemma : "";
  };
  const wholes = refs.filter((r) => WHOLE_WORDS.has(wordBefore(r)));
  const parts = refs.filter((r) => wordBefore(r) === "of");
  if (wholes.length !== 1 || parts.length !== 1 || wholes[0] === parts[0] || parts[0].pos > wholes[0].pos) return null;
  const whole = wholes[0].cands[0].name;
  const part = parts[0].cands[0].name;
  const out: AnalysisPlan = {
    ...plan,
    measure: { agg: "share", field: null, shareOf: whole },
    groupBy: [
      { field: whole, bucket: null },
      { field: part, bucket: null },
    ],
    x: null,
    y: null,
    sort: null,
    limit: null,
    chart: "stackedBar",
  };
  return { ...best, plan: out, notes: best.notes.filter((n) => !n.startsWith("alternative:") && !n.startsWith("defaultAgg:")) };
}
