// "is spray C better than spray F?", "is machine C lower than machine A?": two values of one field set against
// each other with a comparative and no number named. Over a table with one number field to judge by, the two
// groups are compared by its average (both values shown; the answer says which number it compared). A count of
// rows or of distinct values would answer something nobody asked.
import { isTimeField } from "../columns";
import type { AnalysisPlan } from "../plan";
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";
import { COMPARE_WORDS } from "./vocabulary";

export function versusMeasureReading(a: Atoms, best: Candidate, lex: TableLexicon): Candidate | null {
  const plan = best.plan;
  if (!a.versus || plan.intent !== "aggregate" || (plan.measure.agg !== "count" && plan.measure.agg !== "distinct")) return null;
  if (a.count || a.countRows || a.distinct || a.share || a.rate || a.proportion || a.aggWords || a.looseAgg) return null;
  if (plan.groupBy.length > 1 || plan.having || plan.extraMeasures.length) return null;
  const compared = a.filters.filter(
    (f) =>
      (f.kind === "value" || f.kind === "count-field") && f.options.length === 1 && f.options[0].filter.op === "in" && f.options[0].filter.values.length === 2,
  );
  if (compared.length !== 1) return null;
  const field = compared[0].options[0].filter.field;
  if (plan.groupBy.length === 1 && plan.groupBy[0].field !== field) return null;
  const comparative = a.reading.tokens.find((t) => COMPARE_WORDS.has(t.lemma) && t.lemma !== "than");
  if (!comparative) return null;
  // The one number of the rows to judge by (not a year, a time, a code of a few whole numbers or the compared field).
  const numbers = lex.fields.filter(
    (f) =>
      f.name !== field &&
      f.role === "number" &&
      !f.yearLike &&
      !isTimeField(f) &&
      !(f.integer && f.distinct <= 12 && f.distinct * 2 <= (f.numbers?.length ?? 0)),
  );
  if (numbers.length !== 1) return null;
  const measureField = numbers[0].name;
  a.unknown = a.unknown.filter((u) => u.pos !== a.reading.tokens.indexOf(comparative));
  const out: AnalysisPlan = {
    ...plan,
    measure: { agg: "mean", field: measureField },
    groupBy: [{ field, bucket: null }],
    x: null,
    y: null,
    sort: null,
    limit: null,
    chart: "bar",
  };
  return {
    ...best,
    plan: out,
    notes: [...best.notes.filter((n) => !n.startsWith("alternative:")), `readAs:the average of ${measureField} in each:${comparative.raw}`],
  };
}
