// Follow-up suggestions after an answer: a few questions that take the analysis one step further
// (break it down by another category, follow it over time, keep the top 5, put a number in
// context), written with the table's exact field names so that the engine answers them as meant
// (tested in suggest.test.ts by answering every suggestion).
import type { FieldInfo } from "./columns";
import { isTimeField } from "./columns";
import type { Lang } from "./i18n";
import type { AnalysisPlan, Filter, Measure } from "./plan";
import type { TableLexicon } from "./understand/lexicon";
import { lowerFirst } from "./text-utils";

export interface Suggestion {
  text: string;
  /** What the suggestion should be answered with (for tests). */
  expect: { groupBy: string[]; measure: Measure; filters: number; limit?: number };
}

function measurePhrase(m: Measure): string | null {
  switch (m.agg) {
    case "count":
      return "Number of rows";
    case "sum":
      return `Total ${m.field}`;
    case "mean":
      return `Average ${m.field}`;
    case "median":
      return `Median ${m.field}`;
    case "min":
      return `Minimum ${m.field}`;
    case "max":
      return `Maximum ${m.field}`;
    case "std":
      return `Standard deviation of ${m.field}`;
    case "distinct":
      return `Number of distinct ${m.field}`;
    default:
      return null;
  }
}

function filterPhrase(filters: Filter[], fields: Map<string, FieldInfo>): string | null {
  const parts: string[] = [];
  for (const f of filters) {
    const info = fields.get(f.field);
    if (!info || f.otherField) return null;
    const v = f.values[0];
    if (f.op === "eq" && info.codes && typeof v === "string" && !/[|=<>]/.test(v)) parts.push(`${f.field} = ${v.trim()}`);
    else if (f.op === "eq" && typeof v === "number") parts.push(`${f.field} = ${v}`);
    else if ((f.op === "gt" || f.op === "lt") && typeof v === "number" && info.role === "number" && !info.yearLike)
      parts.push(`${f.field} ${f.op === "gt" ? "above" : "below"} ${v}`);
    else return null;
  }
  return parts.length ? ` with ${parts.join(" and ")}` : "";
}

/** Questions that follow from an answered plan (at most four), in English, the engine's first language. */
export function suggestionsFor(plan: AnalysisPlan, fields: FieldInfo[], _lex?: TableLexicon): Suggestion[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const rowCount = fields[0] ? (fields[0].numbers?.length ?? fields[0].codes?.length ?? 0) : 0;
  const cats = fields.filter((f) => f.role === "category" && f.distinct >= 2 && f.distinct <= 12 && !(f.distinct > 50 && f.distinct >= 0.2 * rowCount));
  const nums = fields.filter((f) => f.role === "number" && !f.yearLike && !f.discrete && f.distinct > 2);
  const time = fields.find((f) => f.role === "date") ?? fields.find(isTimeField);
  const out: Suggestion[] = [];
  const used = new Set([...plan.groupBy.map((g) => g.field), ...plan.filters.map((f) => f.field), plan.measure.field ?? "", plan.x ?? "", plan.y ?? ""]);
  const filters = plan.filters;
  const where = filterPhrase(filters, byName);
  const otherCat = cats.find((c) => !used.has(c.name));
  if (plan.intent === "aggregate" && !plan.extraMeasures?.length) {
    const m = measurePhrase(plan.measure);
    if (m && where !== null) {
      const g = plan.groupBy[0]?.field;
      const gInfo = g ? byName.get(g) : undefined;
      if (g && plan.groupBy.length === 1 && gInfo && !isTimeField(gInfo) && otherCat) {
        out.push({
          text: `${m} by ${g}, split by ${otherCat.name}${where}`,
          expect: { groupBy: [g, otherCat.name], measure: plan.measure, filters: filters.length },
        });
      }
      if (time && !plan.groupBy.some((x) => isTimeField(byName.get(x.field)!))) {
        const grain = time.role === "date" ? "per month" : `by ${time.name}`;
        out.push({ text: `${m} ${grain}${where}`, expect: { groupBy: [time.name], measure: plan.measure, filters: filters.length } });
      }
      if (g && plan.groupBy.length === 1 && gInfo && gInfo.codes && gInfo.distinct > 5 && !plan.limit) {
        out.push({
          text: `Top 5 ${g} by ${lowerFirst(m)}${where}`,
          expect: { groupBy: [g], measure: plan.measure, filters: filters.length, limit: 5 },
        });
      }
      if (!g && plan.filters.length) {
        const f = plan.filters.find((x) => byName.get(x.field)?.codes);
        if (f) out.push({ text: `${m} by ${f.field}`, expect: { groupBy: [f.field], measure: plan.measure, filters: 0 } });
      }
      if (!g && otherCat)
        out.push({ text: `${m} by ${otherCat.name}${where}`, expect: { groupBy: [otherCat.name], measure: plan.measure, filters: filters.length } });
    }
    const num = plan.measure.field ? null : nums[0];
    if (num && plan.groupBy.length === 1 && where !== null && !isTimeField(byName.get(plan.groupBy[0].field)!)) {
      out.push({
        text: `Average ${num.name} by ${plan.groupBy[0].field}${where}`,
        expect: { groupBy: [plan.groupBy[0].field], measure: { agg: "mean", field: num.name }, filters: filters.length },
      });
    }
  }
  if (plan.intent === "relationship" && plan.y && otherCat && where !== null) {
    out.push({
      text: `Average ${plan.y} by ${otherCat.name}${where}`,
      expect: { groupBy: [otherCat.name], measure: { agg: "mean", field: plan.y }, filters: filters.length },
    });
  }
  if (plan.intent === "distribution" && plan.x && otherCat && where !== null) {
    out.push({
      text: `Average ${plan.x} by ${otherCat.name}${where}`,
      expect: { groupBy: [otherCat.name], measure: { agg: "mean", field: plan.x }, filters: filters.length },
    });
  }
  if (plan.intent === "rows" && plan.y && otherCat && where !== null) {
    out.push({
      text: `Average ${plan.y} by ${otherCat.name}${where}`,
      expect: { groupBy: [otherCat.name], measure: { agg: "mean", field: plan.y }, filters: filters.length },
    });
  }
  const seen = new Set<string>();
  return out.filter((s) => !seen.has(s.text) && seen.add(s.text)).slice(0, 4);
}

export function followUpSuggestions(plan: AnalysisPlan, fields: FieldInfo[], lex: TableLexicon, _lang: Lang): string[] {
  return suggestionsFor(plan, fields, lex).map((s) => s.text);
}
