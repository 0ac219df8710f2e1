// "average yield for S1 and S20 combined, by variety", "Cossack and Ladak together": values listed together and
// followed by a pooling word (words.json pooledWords) are one group. After the ranking: a grouping by the listed
// values' own field (the side-by-side reading of a list) is dropped; the filter keeps the values.
import words from "../vocab/words.json";
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";

const POOLED = new Set<string>(words.pooledWords.words);

export function pooledReading(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || !plan.groupBy.length) return null;
  const tokens = a.reading.tokens;
  const pooled = new Set<string>();
  for (const f of a.filters) {
    if (!f.listed || f.conj === "or" || f.versus || f.negated) continue;
    let k = f.end;
    if (tokens[k]?.text === ",") k++;
    if (!POOLED.has(tokens[k]?.lemma ?? "")) continue;
    for (const o of f.options) if (o.filter.op === "in" && o.filter.values.length >= 2) pooled.add(o.filter.field);
  }
  const groupBy = plan.groupBy.filter((g) => !pooled.has(g.field) || g.bucket != null);
  if (groupBy.length === plan.groupBy.length) return null;
  const x = groupBy[0]?.field ?? null;
  return {
    ...plan,
    groupBy,
    x: groupBy.length ? x : null,
    chart: groupBy.length ? (plan.chart === "groupedBar" || plan.chart === "stackedBar" ? "bar" : plan.chart) : "none",
    y: groupBy.length ? plan.y : null,
  };
}

/**
 * "average yield in all blocks except block 6", "every plot but plot 4": "all" / "every" before a field's plural,
 * then an exclusion of that field's values, names the rows kept, not a grouping by the field. After the ranking:
 * the grouping is dropped (the filter stays).
 */
export function allExceptReading(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.groupBy[0].bucket != null || plan.sort || plan.limit != null) return null;
  const field = plan.groupBy[0].field;
  if (!plan.filters.some((f) => f.field === field && f.op === "neq")) return null;
  const { tokens, mentions, at } = a.reading;
  const refs = a.refs.filter((r) => r.cands.some((c) => c.name === field));
  const set = refs.find((r) => {
    const before = tokens[r.pos - 1]?.lemma ?? "";
    // ("all blocks", "every block".)
    const plural = r.end - r.pos === 1 && (tokens[r.pos].text !== tokens[r.pos].lemma || before === "every");
    const next = at[r.end] >= 0 ? mentions[at[r.end]] : undefined;
    const excluded = !!next && next.start === r.end && next.kind === "word" && next.hits.some((h) => h.category === "neg");
    // ("every" is read as a grouping word: "every block except block 6" is not.)
    return plural && ALL_WORDS.has(before) && excluded && !r.ranked && (before === "every" || (!r.group && !r.each));
  });
  // (A grouping said elsewhere, "by block for all blocks except block 1", stays.)
  if (!set || a.superlative || refs.some((r) => r !== set && (r.group || r.each))) return null;
  return { ...plan, groupBy: [], x: null, y: null, chart: "none" };
}

const ALL_WORDS = new Set<string>(words.allOfGroup.words);
