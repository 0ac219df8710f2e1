// Follow-up suggestions after an answer: a few questions that take the analysis one step further
// (break it down by another category, follow it over time, keep the top 5, put a number in
// context), written with the table's exact field names so that the engine answers them as meant
// (tested in suggest.test.ts by answering every suggestion).
import type { FieldInfo } from "./columns";
import { isTimeField } from "./columns";
import { fieldPhrase, pickCategories, pickMeasures, pickTarget, pickTime, rowNoun, yesNoValued } from "./pick";
import type { Lang } from "./i18n";
import type { AnalysisPlan, Filter, Measure } from "./plan";
import { MAIN_PARTS, planFields } from "./plan-fields";
import type { TableLexicon } from "./understand/lexicon";
import { lowerFirst } from "./text-utils";

export interface Suggestion {
  text: string;
  /** What the suggestion should be answered with (for tests). */
  expect: { groupBy: string[]; measure: Measure; filters: number; limit?: number; intent?: AnalysisPlan["intent"]; chart?: AnalysisPlan["chart"] };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The measure as a person says it: "Number of customers", "Total sales", "Average monthly charges", "Churn rate". */
function measurePhrase(m: Measure, fields: FieldInfo[]): string | null {
  const f = m.field ? fieldPhrase(m.field) : "";
  switch (m.agg) {
    case "count": {
      const rows = rowNoun(fields);
      // "orders" over a table with several rows per Order ID reads as the distinct orders, not the rows.
      const oneRowEach = rows?.idField && rows.idField.distinct === (rows.idField.codes?.length ?? rows.idField.numbers?.length ?? 0);
      return `Number of ${rows && oneRowEach ? rows.noun : "rows"}`;
    }
    case "sum":
      return `Total ${f}`;
    case "mean":
      return `Average ${f}`;
    case "median":
      return `Median ${f}`;
    case "min":
      return `Minimum ${f}`;
    case "max":
      return `Maximum ${f}`;
    case "rate": {
      const target = pickTarget(fields);
      const c = m.condition;
      if (!target || m.field !== target.field.name || !c || c.op !== "eq" || c.or || c.and || String(c.values[0]).trim() !== target.value) return null;
      if (target.rate) return cap(target.rate);
      const t = fieldPhrase(target.field.name);
      return target.yes ? `Share of rows that ${/ed$/.test(t) ? "were" : "have"} ${t}` : `Share of rows with ${t} ${target.value}`;
    }
    default:
      return null;
  }
}

function filterPhrase(filters: Filter[], fields: Map<string, FieldInfo>): string | null {
  const parts: string[] = [];
  for (const f of filters) {
    const info = fields.get(f.field);
    if (!info || f.otherField || f.or || f.and) return null;
    const v = f.values[0];
    if (f.op === "eq" && f.values.length === 1 && info.codes && typeof v === "string" && !/[|=<>]/.test(v))
      parts.push(`${fieldPhrase(f.field)} is ${v.trim()}`);
    else if ((f.op === "gt" || f.op === "lt") && f.values.length === 1 && typeof v === "number" && info.role === "number" && !info.yearLike)
      parts.push(`${fieldPhrase(f.field)} is ${f.op === "gt" ? "above" : "below"} ${v}`);
    else return null;
  }
  return parts.length ? ` where ${parts.join(" and ")}` : "";
}

/** Questions that follow from an answered plan (at most four), in English, the engine's first language. */
export function suggestionsFor(plan: AnalysisPlan, fields: FieldInfo[], _lex?: TableLexicon, top?: string): Suggestion[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const target = pickTarget(fields);
  const nums = pickMeasures(fields);
  const cats = pickCategories(fields, target, nums[0] ?? null);
  const time = pickTime(fields);
  const out: Suggestion[] = [];
  const used = planFields(plan, MAIN_PARTS);
  const filters = plan.filters;
  const where = filterPhrase(filters, byName);
  // Another breakdown: a field of a few values not used yet (not yes/no: those read as conditions).
  const otherCat = cats.find((c) => !used.has(c.name) && c.distinct <= 6 && !yesNoValued(c)) ?? cats.find((c) => !used.has(c.name) && !yesNoValued(c));
  const say = (name: string) => fieldPhrase(name);
  if (plan.intent === "aggregate" && !plan.extraMeasures?.length && !plan.having && !plan.measure.per && !plan.measure.each && !plan.measure.fromPrevious) {
    const m = measurePhrase(plan.measure, fields);
    if (m && where !== null) {
      const g = plan.groupBy[0]?.field;
      const gInfo = g ? byName.get(g) : undefined;
      const grouped = g && plan.groupBy.length === 1 && gInfo && !isTimeField(gInfo) && !plan.groupBy[0].bucket;
      if (grouped && otherCat) {
        out.push({
          text: `${m} by ${say(g)} and ${say(otherCat.name)}${where}`,
          expect: { groupBy: [g, otherCat.name], measure: plan.measure, filters: filters.length },
        });
      }
      // Over time: after a breakdown of a few groups, a line per group (the conversation keeps the grouping).
      if (time && !plan.groupBy.some((x) => isTimeField(byName.get(x.field)!))) {
        if (!g)
          out.push({ text: `${m} ${time.grain}${where} as a line`, expect: { groupBy: [time.field.name], measure: plan.measure, filters: filters.length } });
        else if (grouped && gInfo.distinct <= 6)
          out.push({
            text: `${m} ${time.grain} for each ${say(g)}${where}`,
            expect: { groupBy: [time.field.name, g], measure: plan.measure, filters: filters.length },
          });
      }
      // Only the top group ("in the West region"), broken down by another field.
      // (Totals and averages: after a count or a rate the engine is not sure whether the group is a filter or a series.)
      if (
        grouped &&
        gInfo.codes &&
        top &&
        where === "" &&
        otherCat &&
        !/[|=<>]/.test(top) &&
        !plan.limit &&
        (plan.measure.agg === "sum" || plan.measure.agg === "mean")
      )
        out.push({
          text: `${m} by ${say(otherCat.name)} in the ${top.trim()} ${say(g)}`,
          expect: { groupBy: [otherCat.name], measure: plan.measure, filters: 1 },
        });
      const onlyTime = plan.groupBy.length === 1 && gInfo && isTimeField(gInfo);
      const fewCat = cats.find((c) => !used.has(c.name) && c.distinct >= 2 && c.distinct <= 6);
      if (onlyTime && fewCat && g)
        out.push({
          text: `${m} ${time && time.field.name === g ? time.grain : `by ${say(g)}`} for each ${say(fewCat.name)}${where}`,
          expect: { groupBy: [g, fewCat.name], measure: plan.measure, filters: filters.length },
        });
      // (Not "top 5 ... by share of rows with ...": read with a doubt.)
      if (grouped && gInfo.codes && gInfo.distinct > 5 && !plan.limit && (plan.measure.agg !== "rate" || / rate$/.test(m))) {
        out.push({
          text: `Top 5 ${say(g)} by ${lowerFirst(m)}${where}`,
          expect: { groupBy: [g], measure: plan.measure, filters: filters.length, limit: 5 },
        });
      }
      if (
        grouped &&
        gInfo.codes &&
        gInfo.distinct <= 6 &&
        plan.chart !== "pie" &&
        (plan.measure.agg === "count" || (plan.measure.agg === "sum" && byName.get(plan.measure.field ?? "")!.min >= 0))
      ) {
        out.push({ text: `${m} by ${say(g)}${where} as a pie chart`, expect: { groupBy: [g], measure: plan.measure, filters: filters.length, chart: "pie" } });
      }
      if (!g && plan.filters.length) {
        const f = plan.filters.find((x) => byName.get(x.field)?.codes);
        if (f) out.push({ text: `${m} by ${say(f.field)}`, expect: { groupBy: [f.field], measure: plan.measure, filters: 0 } });
      }
      if (!g && otherCat)
        out.push({ text: `${m} by ${say(otherCat.name)}${where}`, expect: { groupBy: [otherCat.name], measure: plan.measure, filters: filters.length } });
    }
    const num = plan.measure.field ? null : nums[0];
    if (num && plan.groupBy.length === 1 && where !== null && !isTimeField(byName.get(plan.groupBy[0].field)!)) {
      out.push({
        text: `Average ${say(num.name)} by ${say(plan.groupBy[0].field)}${where}`,
        expect: { groupBy: [plan.groupBy[0].field], measure: { agg: "mean", field: num.name }, filters: filters.length },
      });
    }
  }
  // A scatter: the same points coloured by a field of a few values.
  if (plan.intent === "relationship" && plan.x && plan.y && !plan.groupBy.length && otherCat && where !== null) {
    out.push({
      text: `Plot ${say(plan.y)} against ${say(plan.x)} coloured by ${say(otherCat.name)}${where}`,
      expect: { groupBy: [otherCat.name], measure: plan.measure, filters: filters.length, intent: "relationship" },
    });
  }
  const shown = plan.intent === "rows" ? plan.y : plan.intent === "distribution" ? plan.x : null;
  if (shown && byName.get(shown)?.role === "number" && otherCat && where !== null) {
    out.push({
      text: `Average ${say(shown)} by ${say(otherCat.name)}${where}`,
      expect: { groupBy: [otherCat.name], measure: { agg: "mean", field: shown }, filters: filters.length },
    });
  }
  const seen = new Set<string>();
  return out.filter((s) => !seen.has(s.text) && seen.add(s.text)).slice(0, 4);
}

export function followUpSuggestions(plan: AnalysisPlan, fields: FieldInfo[], lex: TableLexicon, _lang: Lang, top?: string): string[] {
  return suggestionsFor(plan, fields, lex, top).map((s) => s.text);
}
