// "what share of customers have both phone service and internet": a share of rows where two conditions
// hold together, over all the rows (not the share of one among the rows of the other). Each side is a
// yes/no field ("phone service": PhoneService is Yes) or a field of a few values one of which means
// none ("internet": InternetService is not No). Applied after the ranking, as a rate whose condition
// holds an `and`.
import type { AnalysisPlan, Filter } from "../plan";
import { absentValueFor, flagFor, type Atoms, type Ref } from "./attach";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const SKIP = new Set<string>(grammar.both.skip);

export function bothReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || !(a.share || a.rate || a.proportion)) return null;
  if (plan.measure.agg !== "rate" && plan.measure.agg !== "share") return null;
  const tokens = a.reading.tokens;
  const at = (pos: number) => a.refs.find((r) => r.turn === 0 && r.pos === pos && r.cands.length === 1 && !r.group && !r.series && !r.negated);
  const next = (k: number) => (SKIP.has(tokens[k]?.lemma ?? "") ? k + 1 : k);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].lemma !== "both") continue;
    const first = at(next(i + 1));
    if (!first || tokens[first.end]?.lemma !== "and") continue;
    const second = at(next(first.end + 1));
    if (!second || second.cands[0].name === first.cands[0].name) continue;
    const conditions = [first, second].map((r) => holds(r, lex));
    if (!conditions[0] || !conditions[1]) return null;
    const sides = new Set([first.cands[0].name, second.cands[0].name]);
    const groupBy = plan.groupBy.filter((g) => !sides.has(g.field));
    return {
      ...plan,
      measure: { agg: "rate", field: conditions[0].field, value: null, condition: { ...conditions[0], and: [conditions[1]] } },
      extraMeasures: [],
      groupBy,
      filters: plan.filters.filter((f) => !sides.has(f.field)),
      chart: groupBy.length ? plan.chart : "none",
      sort: groupBy.length ? plan.sort : null,
      limit: groupBy.length ? plan.limit : null,
    };
  }
  return null;
}

/** The condition a field said as something rows have: its yes, else "not none". */
function holds(r: Ref, lex: TableLexicon): Filter | null {
  const name = r.cands[0].name;
  const flag = flagFor(lex, name);
  if (flag) return { field: name, op: "eq", values: [flag.yes] };
  const none = absentValueFor(lex, name);
  return none !== null ? { field: name, op: "neq", values: [none] } : null;
}
