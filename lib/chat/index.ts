// Chat exploration over one table: conversation -> analysis plan -> result -> text, table and
// Plotly figure (all three from the same result). Pure library: works offline, the language model
// is optional and only ever proposes a plan.
import type { Table } from "../table/types";
import { describeTable, isGroupable, isTimeField, type FieldInfo } from "./columns";
import { buildTableLexicon, parseContextSynonyms, type TableLexicon } from "./understand/lexicon";
import { compassReworded } from "./understand/compass";
import { understand, type Understanding } from "./understand";
import { WEIGHTS } from "./understand/choose";
import { tokenize, MAX_TOKENS } from "./understand/tokens";
import { findPhrases } from "./understand/vocabulary";
import { executePlan, PlanError, type QueryResult } from "./execute";
import { buildFigure, figureTitle, scalarFigure, type PlotlyFigure } from "./figure";
import { describeAssumptions, describeResult, doubtNotes, sidesVerdict, testVerdict } from "./answer";
import { describeFilters } from "./describe";
import { changeAnswer, type ChangeAnswer } from "./change";
import { detectStyle, t, type Lang, type Style } from "./i18n";
import { parseUnits, type Unit } from "./format";
import { analysisPlanSchema, type AnalysisPlan } from "./plan";
import { checkPlanFields, phraseSummary, proposePlan } from "./llm";
import { planFields } from "./plan-fields";
import { exampleQuestions } from "./examples";
import { followUpSuggestions } from "./suggest";
import { readNeighbour, resolveNeighbour } from "./neighbour";
import { referBack } from "./referent";
import { addDerivedColumns, nameDerived, readDifferences } from "./derive";

export type { AnalysisPlan } from "./plan";
export type { PlotlyFigure } from "./figure";
export { analysisPlanSchema, exampleQuestions };

export interface ChatRequest {
  table: Table;
  datasetName?: string;
  messages: { role: "user" | "assistant"; content: string }[];
  project?: { chatInstructions: string; chatContext: string; chatSuggestions: string } | null;
  llm?: { baseUrl: string; apiKey: string; model: string; fetch?: typeof fetch } | null;
}

export interface ChatAnswerMessage {
  role: "assistant";
  content: string;
  figures: PlotlyFigure[];
  table: Record<string, string | number | null>[] | null;
}

export interface ChatReply {
  messages: ChatAnswerMessage[];
  plan: AnalysisPlan | null;
  suggestions: string[];
  /** What the answer assumed where the question left something open (also stated in the first message). */
  assumptions?: string[];
}

// Lexicons by table and context: follow-up questions on the same table skip the rebuild.
const lexiconCache = new WeakMap<Table, Map<string, TableLexicon>>();

/** The vocabulary of a table (its fields, values and the project's synonyms), cached per table and context. */
export function getTableLexicon(table: Table, fields: FieldInfo[], context: string, datasetName = ""): TableLexicon {
  let byContext = lexiconCache.get(table);
  if (!byContext) {
    byContext = new Map();
    lexiconCache.set(table, byContext);
  }
  const key = `${context}\u0000${datasetName}`;
  let lexicon = byContext.get(key);
  if (!lexicon) {
    lexicon = buildTableLexicon(
      fields,
      parseContextSynonyms(
        context,
        fields.map((f) => f.name),
      ),
      datasetName,
    );
    if (byContext.size > 8) byContext.clear();
    byContext.set(key, lexicon);
  }
  return lexicon;
}

function splitSuggestions(text: string | undefined | null): string[] {
  return (text ?? "")
    .split("\n")
    .map((s) => s.trim().replace(/^[-*•]\s*/, ""))
    .filter((s) => s.length > 0)
    .slice(0, 20);
}

function describeFieldList(fields: FieldInfo[]): string {
  return fields
    .map((f) => {
      const kind =
        f.role === "number" ? (f.yearLike ? "year" : "number") : f.role === "date" ? "date" : f.role === "category" && isGroupable(f) ? "category" : "text";
      return `${f.name} (${kind})`;
    })
    .join(", ");
}

function helpMessage(fields: FieldInfo[], style: Style, datasetName: string | undefined, suggestions: string[], lead: string | null): ChatAnswerMessage {
  const lang = style.lang;
  const examples = [...suggestions, ...exampleQuestions(fields, lang, 5, datasetName ?? "")].slice(0, 6);
  const lines = [
    lead,
    t(lang, "helpIntro", { name: datasetName ? ` "${datasetName}"` : "", fields: describeFieldList(fields) }),
    examples.length ? `${t(lang, "helpExamples")}\n${examples.map((e) => `- ${e}`).join("\n")}` : null,
  ].filter((x): x is string => Boolean(x));
  return { role: "assistant", content: lines.join("\n"), figures: [], table: null };
}

const LANGUAGE_NAMES = { en: "English", fr: "French", es: "Spanish", de: "German" } as const;

/** For a one-number answer over filtered rows: the plan of the chart that puts it in context. */
function contextPlan(plan: AnalysisPlan, fields: FieldInfo[]): { plan: AnalysisPlan; fields: string[] } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length > 0 || plan.filters.length === 0) return null;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const categorical = plan.filters.filter((f) => {
    const info = byName.get(f.field);
    return info && (f.op === "eq" || f.op === "in" || f.op === "neq") && (info.role === "category" || info.discrete || info.yearLike);
  });
  const chosen = [...new Set(categorical.map((f) => f.field))].slice(0, 2);
  if (chosen.length > 0) {
    chosen.sort((a, b) => Number(byName.get(b)!.role === "number") - Number(byName.get(a)!.role === "number"));
    const rest = plan.filters.filter((f) => !chosen.includes(f.field));
    const agg = plan.measure.agg;
    return {
      plan: {
        ...plan,
        extraMeasures: [],
        filters: rest,
        groupBy: chosen.map((field) => ({ field, bucket: null })),
        chart: chosen.length === 2 ? (agg === "count" || agg === "sum" ? "stackedBar" : "groupedBar") : "bar",
        sort: null,
        limit: null,
      },
      fields: chosen,
    };
  }
  // A number over a period ("average weight of cars between 1974 and 1980"): the same measure over
  // that period, by its time unit.
  const period = plan.filters.find((f) => {
    const info = byName.get(f.field);
    return info && isTimeField(info) && (f.op === "between" || f.op === "gt" || f.op === "gte" || f.op === "lt" || f.op === "lte");
  });
  if (period) {
    const info = byName.get(period.field)!;
    const bucket = info.role === "date" ? ((info.max - info.min) / 86_400_000 > 400 ? "month" : "day") : null;
    return {
      plan: { ...plan, extraMeasures: [], groupBy: [{ field: period.field, bucket }], chart: "line", sort: null, limit: null },
      fields: [period.field],
    };
  }
  const numeric = plan.filters.find((f) => byName.get(f.field)?.role === "number" && !f.otherField);
  if (numeric && plan.measure.agg === "count") {
    return {
      plan: {
        ...plan,
        extraMeasures: [],
        intent: "distribution",
        x: numeric.field,
        filters: plan.filters.filter((f) => f !== numeric),
        chart: "histogram",
        sort: null,
        limit: null,
      },
      fields: [numeric.field],
    };
  }
  return null;
}

function clarifyReply(u: Extract<Understanding, { kind: "clarify" }>, style: Style, projectSuggestions: string[], turns: string[]): ChatReply {
  const { ambiguity } = u;
  const choices = ambiguity.fields.map((f) => `"${f}"`).join(` ${t(style.lang, "or")} `);
  const isValue =
    ambiguity.candidates.some((c) => c.choices.some((x) => x.key.startsWith("filter:") && x.text === ambiguity.text)) &&
    u.atoms.filters.some((f) => f.text === ambiguity.text && f.kind === "value");
  const isNumber = !isValue && u.atoms.filters.some((f) => f.text === ambiguity.text);
  const content = t(style.lang, isValue ? "clarifyValue" : isNumber ? "clarifyNumber" : "clarify", { text: ambiguity.text, choices });
  // The same question with each reading spelt out: one click answers it.
  const last = turns[turns.length - 1] ?? "";
  const reworded = ambiguity.fields.map((f) => (isValue ? `${last.replace(/[?.!\s]+$/, "")} (${f})` : replaceWords(last, ambiguity.text, f)));
  return {
    messages: [{ role: "assistant", content, figures: [], table: null }],
    plan: null,
    suggestions: [...projectSuggestions, ...reworded].slice(0, 8),
    assumptions: [],
  };
}

/** The question with the ambiguous words replaced by a field's exact name. */
/**
 * "why?" / "what does that mean?" after an answer: the earlier answer's own words (what was computed, over which
 * rows; the sentence about a context chart left out, no chart is shown), and what the table cannot say: the
 * reasons behind a number, or what its fields measure beyond their names. No number is computed anew.
 */
function explainReply(why: boolean, earlier: ChatReply, fields: FieldInfo[], style: Style, suggestions: string[]): ChatReply {
  const contextSentence = t(style.lang, "context", { fields: "\u0000" }).split("\u0000")[0];
  const said = (earlier.messages[0]?.content ?? "")
    .split(/(?<=\.)\s+/)
    .filter((s) => !contextSentence || !s.startsWith(contextSentence))
    .join(" ");
  const limits = t(style.lang, why ? "explainWhy" : "explainMeaning", { fields: describeFieldList(fields) });
  const content = why ? `${limits} ${t(style.lang, "explainEarlier", { said })}` : `${t(style.lang, "explainEarlier", { said })} ${limits}`;
  return { messages: [{ role: "assistant", content, figures: [], table: null }], plan: null, suggestions, assumptions: [] };
}

function replaceWords(question: string, words: string, field: string): string {
  const at = question.toLowerCase().indexOf(words.toLowerCase());
  return at < 0 ? `${question} (${field})` : `${question.slice(0, at)}${field}${question.slice(at + words.length)}`;
}

/** Answers the last user message of a conversation over the table. */
export async function answerChat(req: ChatRequest): Promise<ChatReply> {
  const project = req.project ?? null;
  const style = detectStyle(project?.chatInstructions);
  const projectSuggestions = splitSuggestions(project?.chatSuggestions);
  const fields = describeTable(req.table);
  const context = project?.chatContext ?? "";
  const units: Map<string, Unit> = parseUnits(
    context,
    fields.map((f) => f.name),
  );
  const userTurns = req.messages.filter((m) => m.role === "user" && typeof m.content === "string").map((m) => m.content);
  const last = userTurns[userTurns.length - 1] ?? "";
  const help = (lead: string | null): ChatReply => ({
    messages: [helpMessage(fields, style, req.datasetName, projectSuggestions, lead)],
    plan: null,
    suggestions: projectSuggestions.length ? projectSuggestions : exampleQuestions(fields, style.lang, 5, req.datasetName ?? ""),
    assumptions: [],
  });
  if (!last.trim()) return help(null);
  const words = tokenize(last, MAX_TOKENS + 1).length;
  if (words > MAX_TOKENS) return help(t(style.lang, "tooLong", { n: `${MAX_TOKENS}+`, max: MAX_TOKENS }));

  let plan: AnalysisPlan | null = null;
  let notes: string[] = [];
  if (req.llm) {
    const proposed = await proposePlan(req.llm, {
      fields,
      rowCount: req.table.rowCount,
      datasetName: req.datasetName,
      messages: req.messages,
      instructions: project?.chatInstructions,
      context,
    });
    plan = proposed.plan;
  }
  if (!plan) {
    // "average days to ship", "the largest high - low": a column of the two fields' difference, named in the turns.
    // "revenue in the month before the peak": the words of the period are read apart (neighbour.ts).
    const neighbour = readNeighbour(last);
    const turnsRead = neighbour ? [...userTurns.slice(0, -1), neighbour.turn] : userTurns;
    const differences = readDifferences(turnsRead, fields);
    const table = addDerivedColumns(
      req.table,
      differences.derived.map((d) => ({ ...d, name: d.placeholder })),
    );
    const tableFields = table === req.table ? fields : describeTable(table);
    const lexicon = getTableLexicon(table, tableFields, context, req.datasetName ?? "");
    // "how many movies are in that genre?" after "which genre is highest?": the previous answer's groups, said.
    // "the northernmost point", "pings moving east": compass words said as the position fields they mean (compass.ts).
    const turnsSaid = differences.turns.map((turn) => compassReworded(turn, lexicon));
    const u = understand(turnsSaid, lexicon, req.table.rowCount, WEIGHTS, referBack(lexicon, table, tableFields));
    if (u.kind === "greeting") return help(t(style.lang, "greeting"));
    if (u.kind === "none") return help(t(style.lang, "notUnderstood"));
    if (u.kind === "unknown") {
      const words = u.words.map((w) => `"${w}"`).join(", ");
      const notFound = u.closest.length ? t(style.lang, "unknownClosest", { words, closest: u.closest.join(", ") }) : t(style.lang, "unknownNone", { words });
      const lead = `${notFound} ${t(style.lang, "allFields", { fields: describeFieldList(fields) })}`;
      return {
        messages: [{ role: "assistant", content: lead, figures: [], table: null }],
        plan: null,
        suggestions: [...projectSuggestions, ...exampleQuestions(fields, style.lang, 3, req.datasetName ?? "")],
        assumptions: [],
      };
    }
    if (u.kind === "clarify") {
      // The choices name a derived column by its own name ("Ship Date minus Order Date in days").
      const said = differences.derived.reduce((text, d) => text.split(JSON.stringify(d.placeholder)).join(JSON.stringify(d.name)), JSON.stringify(u));
      return clarifyReply(JSON.parse(said) as typeof u, style, projectSuggestions, userTurns);
    }
    if (u.kind === "explain") {
      const earlier = renderPlan({
        table: req.table,
        fields,
        plan: nameDerived(u.plan, [], differences.derived).plan,
        notes: [],
        question: u.question,
        style,
        units,
        context,
        projectSuggestions,
      });
      if (earlier.ok) return explainReply(u.why, earlier.reply, fields, style, projectSuggestions.length ? projectSuggestions : earlier.reply.suggestions);
      return help(t(style.lang, "notUnderstood"));
    }
    plan = u.plan;
    notes = u.referent ? [`referent:${JSON.stringify(u.referent)}`, ...u.notes] : u.notes;
    const named = nameDerived(plan, notes, differences.derived);
    const names = new Set((named.plan.derived ?? []).map((d) => d.name));
    plan = named.plan;
    notes = [...differences.notes.filter((n) => names.has(n.split(":")[1])), ...named.notes];
    if (neighbour) {
      const period = resolveNeighbour(table, tableFields, plan, neighbour.ask);
      if (period) plan = period.plan;
      // (Words that could not be read as a period are said unused, never dropped in silence.)
      notes.push(period ? period.note : `ignored:${neighbour.ask.text}`);
    }
  }
  const rendered = renderPlan({ table: req.table, fields, plan, notes, question: last, style, units, context, projectSuggestions });
  if (!rendered.ok) return help(rendered.error);
  const reply = rendered.reply;
  if (req.llm) {
    const phrased = await phraseSummary(req.llm, {
      question: last,
      summary: reply.messages[0].content,
      language: LANGUAGE_NAMES[style.lang],
      brief: style.brief,
    });
    if (phrased) reply.messages[0] = { ...reply.messages[0], content: phrased };
  }
  return reply;
}

export interface RenderInput {
  table: Table;
  fields: FieldInfo[];
  plan: AnalysisPlan;
  notes: string[];
  question: string;
  style: Style;
  units: Map<string, Unit>;
  context: string;
  projectSuggestions: string[];
}

/** The label of the group with the highest value of a one-field breakdown (for "only the top group" suggestions). */
export function topGroup(result: QueryResult): string | undefined {
  if (result.kind !== "aggregate" || result.plan.groupBy.length !== 1 || result.rows.length < 2) return undefined;
  let best = result.rows[0];
  for (const r of result.rows) if (r.value > best.value) best = r;
  return Number.isFinite(best.value) && typeof best.keys[0] === "string" ? best.labels[0] : undefined;
}

/**
 * Date fields of the plan whose slash dates were read month first only because nothing in the data
 * showed the order (table/reading.ts): the answer says so, as 03/04/2021 may mean 3 April.
 */
function assumedDateOrderNotes(table: Table, plan: AnalysisPlan): string[] {
  const used = planFields(plan);
  return table.columns.filter((c) => used.has(c.name) && c.kind === "number" && c.dateOrderBasis === "assumed").map((c) => `dateOrder:${c.name}`);
}

/** Executes a plan and writes the reply: text, table, figure, caption, assumptions, suggestions. */
export function renderPlan(input: RenderInput): { ok: true; reply: ChatReply } | { ok: false; error: string } {
  const { plan, notes, question: last, style, units, context, projectSuggestions } = input;
  // The plan's numbers computed from two fields of each row are columns of the table it runs on.
  const dataTable = addDerivedColumns(input.table, plan.derived);
  const fields = dataTable === input.table ? input.fields : describeTable(dataTable);
  const problems = checkPlanFields(plan, fields);
  if (problems.length) return { ok: false, error: t(style.lang, "planError", { error: problems.join("; ") }) };
  const dateFields = new Set(fields.filter((f) => f.role === "date").map((f) => f.name));
  const yearFields = new Set(fields.filter((f) => f.yearLike).map((f) => f.name));
  const answerCtx = { style, units, dateFields, yearFields };
  let result: QueryResult;
  let change: ChangeAnswer | null = null;
  try {
    // A change between two periods: its own words and table; the chart shows the series between them.
    change = plan.change ? changeAnswer(dataTable, fields, plan, answerCtx) : null;
    result = executePlan(dataTable, change ? change.contextPlan : plan);
  } catch (err) {
    if (!(err instanceof PlanError)) throw err;
    return { ok: false, error: t(style.lang, "planError", { error: err.message }) };
  }
  const described = change ?? describeResult(result, answerCtx, fields);
  const assumptions = describeAssumptions([...notes, ...assumedDateOrderNotes(dataTable, plan)], style);
  const verdict = testVerdict(result, notes, answerCtx) ?? sidesVerdict(result, notes, answerCtx);
  let text = verdict ? `${verdict} ${described.text}` : described.text;
  if (assumptions.length) text += ` ${t(style.lang, "assumptions", { list: assumptions.join("; ") })}`;
  const table = described.table;
  const asked = outputRequests(last);
  let figure = asked.numberOnly ? null : buildFigure(result, { lang: style.lang, units, dateFields });
  let contextFigure = false;
  // A range (the maximum minus the minimum of one number): the chart shows the values it spans, over the same rows.
  const field = plan.measure.field;
  if (!figure && !asked.numberOnly && plan.intent === "aggregate" && plan.measure.agg === "range" && !plan.groupBy.length && !plan.measure.each && field) {
    const spread: AnalysisPlan = { ...plan, intent: "distribution", measure: { agg: "count", field: null }, extraMeasures: [], x: field, chart: "histogram" };
    try {
      figure = buildFigure(executePlan(dataTable, spread), { lang: style.lang, units, dateFields });
      if (figure) text += ` ${t(style.lang, "rangeContext", { field })}`;
    } catch (err) {
      if (!(err instanceof PlanError)) throw err;
    }
  }
  if (!figure && !asked.numberOnly) {
    // A single number for filtered rows: the chart shows where it sits, the same measure over the
    // filtered fields without their filters (e.g. counts by Cylinders and Origin for "American 5 cylinder cars").
    const ctxPlan = contextPlan(plan, fields);
    if (ctxPlan) {
      try {
        const contextResult = executePlan(dataTable, ctxPlan.plan);
        figure = buildFigure(contextResult, { lang: style.lang, units, dateFields });
        if (figure) {
          text += ` ${t(style.lang, "context", { fields: ctxPlan.fields.join(` ${t(style.lang, "and")} `) })}`;
          // The chart is not the answer: its title says which filters the answer has and the chart has not.
          const dropped = plan.filters.filter((f) => !ctxPlan.plan.filters.includes(f));
          const layoutTitle = figure.layout.title as { text?: string } | undefined;
          if (dropped.length && layoutTitle && typeof layoutTitle.text === "string")
            layoutTitle.text = `${layoutTitle.text} ${t(style.lang, "titleContext", { filters: describeFilters(dropped, style.lang, dateFields) })}`;
          contextFigure = true;
        }
      } catch (err) {
        if (!(err instanceof PlanError)) throw err;
      }
    }
    // A chart was asked for: a number gets its one bar rather than no chart.
    if (!figure && asked.chart && result.kind === "aggregate") figure = scalarFigure(result, { lang: style.lang, units, dateFields });
  }
  const title = figureTitle(result, { lang: style.lang, units, dateFields });
  // (A context chart has its own title: the caption gives the table's and the chart's apart.)
  const chartTitle = (figure?.layout.title as { text?: string } | undefined)?.text;
  let caption =
    figure && table.length && contextFigure && typeof chartTitle === "string"
      ? t(style.lang, "captionContext", { title, chart: chartTitle })
      : figure && table.length
        ? t(style.lang, "captionChart", { title })
        : figure
          ? t(style.lang, "captionChartOnly", { title })
          : t(style.lang, "captionTable", { title });
  // A doubt about the reading travels with the chart and the table (shared or exported without the
  // text): the caption names it and the chart's title says the reading is not certain.
  const doubts = describeAssumptions(doubtNotes(notes), style);
  if (doubts.length) {
    caption += ` ${t(style.lang, "captionDoubt", { doubt: doubts[0] })}`;
    const layoutTitle = figure?.layout.title as { text?: string } | undefined;
    if (layoutTitle && typeof layoutTitle.text === "string") layoutTitle.text = `${layoutTitle.text} ${t(style.lang, "titleDoubt")}`;
  }
  const second: ChatAnswerMessage = { role: "assistant", content: caption, figures: figure ? [figure] : [], table: table.length ? table : null };
  const first: ChatAnswerMessage = { role: "assistant", content: text, figures: [], table: null };
  const lexicon = getTableLexicon(dataTable, fields, context);
  const suggestions = [...projectSuggestions, ...followUpSuggestions(plan, fields, lexicon, style.lang, topGroup(result))].slice(
    0,
    Math.max(4, projectSuggestions.length + 4),
  );
  // Nothing to show (no rows matched): the words say so, a second message would be empty.
  return { ok: true, reply: { messages: figure || table.length ? [first, second] : [first], plan, suggestions, assumptions } };
}

/** What the question asks the answer to look like: "just the number", "a chart", "chart and table". */
export function outputRequests(text: string): { numberOnly: boolean; chart: boolean; table: boolean } {
  const hits = findPhrases(tokenize(text.slice(0, 4000)));
  const has = (category: string, key?: string) => hits.some((h) => h.category === category && (key === undefined || h.key === key));
  return {
    numberOnly: has("output", "numberOnly"),
    chart: hits.some((h) => h.category === "chart" && h.key !== "table") || has("output", "chartAndTable"),
    table: has("chart", "table") || has("output", "chartAndTable") || has("output", "tableOnly"),
  };
}

export type { Lang };
