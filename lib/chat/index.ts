// Chat exploration over one table: conversation -> analysis plan -> result -> text, table and
// Plotly figure (all three from the same result). Pure library: works offline, the language model
// is optional and only ever proposes a plan.
import type { Table } from "../table/types";
import { describeTable, isGroupable, isTimeField, type FieldInfo } from "./columns";
import { buildLexicon, lex, parseContextSynonyms, type Lexicon } from "./lexicon";
import { buildPlan, parseConversation } from "./parser";
import { executePlan, PlanError } from "./execute";
import { buildFigure, type PlotlyFigure } from "./figure";
import { describeResult } from "./answer";
import { detectStyle, t, type Lang, type Style } from "./i18n";
import { parseUnits, type Unit } from "./format";
import { analysisPlanSchema, type AnalysisPlan } from "./plan";
import { checkPlanFields, phraseSummary, proposePlan } from "./llm";

export type { AnalysisPlan } from "./plan";
export type { PlotlyFigure } from "./figure";
export { analysisPlanSchema };

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
}

// Lexicons by table and context: follow-up questions on the same table skip the rebuild.
const lexiconCache = new WeakMap<Table, Map<string, Lexicon>>();

function getLexicon(table: Table, fields: FieldInfo[], context: string): Lexicon {
  let byContext = lexiconCache.get(table);
  if (!byContext) {
    byContext = new Map();
    lexiconCache.set(table, byContext);
  }
  let lexicon = byContext.get(context);
  if (!lexicon) {
    lexicon = buildLexicon(fields, parseContextSynonyms(context, fields.map((f) => f.name)));
    if (byContext.size > 8) byContext.clear();
    byContext.set(context, lexicon);
  }
  return lexicon;
}

function splitSuggestions(text: string | undefined | null): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim().replace(/^[-*•]\s*/, ""))
    .filter((s) => s.length > 0)
    .slice(0, 20);
}

// Example questions per language, in words the parser understands in that language.
const EXAMPLES: Record<Lang, { mean: string; count: string; time: string; relation: string; dist: string; top: string }> = {
  en: { mean: "What is the average {num} by {cat}?", count: "How many rows are there per {cat}?", time: "Show the total {num} over time", relation: "What is the relationship between {a} and {b}?", dist: "Show the distribution of {num}", top: "Top 5 {cat} by total {num}" },
  fr: { mean: "Moyenne de {num} par {cat}", count: "Combien de lignes par {cat} ?", time: "Total de {num} au fil du temps", relation: "Relation entre {a} et {b}", dist: "Distribution de {num}", top: "Top 5 {cat} par total de {num}" },
  es: { mean: "Promedio de {num} por {cat}", count: "¿Cuántas filas hay por {cat}?", time: "Total de {num} a lo largo del tiempo", relation: "Relación entre {a} y {b}", dist: "Distribución de {num}", top: "Top 5 {cat} por total de {num}" },
  de: { mean: "Durchschnitt von {num} nach {cat}", count: "Wie viele Zeilen gibt es je {cat}?", time: "Summe von {num} im Zeitverlauf", relation: "Zusammenhang zwischen {a} und {b}", dist: "Verteilung von {num}", top: "Top 5 {cat} nach Summe von {num}" },
};

/** Example questions drawn from the table's own fields. */
export function exampleQuestions(fields: FieldInfo[], lang: Lang = "en"): string[] {
  const nums = fields.filter((f) => f.role === "number" && !f.yearLike && !f.discrete);
  const cats = fields.filter((f) => f.role === "category" && f.distinct >= 2 && f.distinct <= 60);
  const times = fields.filter(isTimeField);
  const e = EXAMPLES[lang];
  const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");
  const out: string[] = [];
  if (nums[0] && cats[0]) out.push(fill(e.mean, { num: nums[0].name, cat: cats[0].name }));
  if (cats[0]) out.push(fill(e.count, { cat: cats[0].name }));
  if (nums[0] && times[0]) out.push(fill(e.time, { num: nums[0].name }));
  if (nums.length >= 2) out.push(fill(e.relation, { a: nums[0].name, b: nums[1].name }));
  if (nums[0]) out.push(fill(e.dist, { num: nums[0].name }));
  if (nums[0] && cats[1]) out.push(fill(e.top, { cat: cats[1].name, num: nums[0].name }));
  return out.slice(0, 5);
}

function describeFieldList(fields: FieldInfo[]): string {
  return fields
    .map((f) => {
      const kind = f.role === "number" ? (f.yearLike ? "year" : "number") : f.role === "date" ? "date" : f.role === "category" && isGroupable(f) ? "category" : "text";
      return `${f.name} (${kind})`;
    })
    .join(", ");
}

const FUNCTION_WORDS = new Set(
  ("what is are was were the a an of in on for to by per and or with show me give tell plot chart graph draw make create list display how many much which who where when why does do did " +
    "average avg mean total sum median max maximum min minimum count number distinct unique share percentage percent of each every all " +
    "between from than more less over under above below top bottom vs versus against please can could would you i we our my it its this that " +
    "there their have has had be been being as at about data dataset table rows row record records value values field fields column columns " +
    "highest lowest most least best worst compare comparison trend distribution relationship correlation bar line scatter histogram pie " +
    "hi hello hey thanks thank help question questions ask answer year month day time over get find see know want like").split(/\s+/),
);

function unknownWords(lexicon: Lexicon, text: string): string[] {
  return lex(lexicon, text)
    .filter((tk) => tk.kind === "word" && tk.text.length > 2 && !FUNCTION_WORDS.has(tk.text) && !/^\d/.test(tk.text))
    .map((tk) => (tk.kind === "word" ? tk.raw : ""))
    .slice(0, 3);
}

function helpMessage(fields: FieldInfo[], style: Style, datasetName: string | undefined, suggestions: string[], lead: string | null): ChatAnswerMessage {
  const lang = style.lang;
  const examples = [...suggestions, ...exampleQuestions(fields, lang)].slice(0, 6);
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
    // Discrete numbers on the x axis, categories as colours.
    chosen.sort((a, b) => Number(byName.get(b)!.role === "number") - Number(byName.get(a)!.role === "number"));
    const rest = plan.filters.filter((f) => !chosen.includes(f.field));
    const agg = plan.measure.agg;
    return {
      plan: { ...plan, filters: rest, groupBy: chosen.map((field) => ({ field, bucket: null })), chart: chosen.length === 2 ? (agg === "count" || agg === "sum" ? "stackedBar" : "groupedBar") : "bar", sort: null, limit: null },
      fields: chosen,
    };
  }
  const numeric = plan.filters.find((f) => byName.get(f.field)?.role === "number");
  if (numeric && plan.measure.agg === "count") {
    return {
      plan: { ...plan, intent: "distribution", x: numeric.field, filters: plan.filters.filter((f) => f !== numeric), chart: "histogram", sort: null, limit: null },
      fields: [numeric.field],
    };
  }
  return null;
}

/** Answers the last user message of a conversation over the table. */
export async function answerChat(req: ChatRequest): Promise<ChatReply> {
  const project = req.project ?? null;
  const style = detectStyle(project?.chatInstructions);
  const suggestions = splitSuggestions(project?.chatSuggestions);
  const fields = describeTable(req.table);
  const context = project?.chatContext ?? "";
  const lexicon = getLexicon(req.table, fields, context);
  const units: Map<string, Unit> = parseUnits(context, fields.map((f) => f.name));
  const userTurns = req.messages.filter((m) => m.role === "user" && typeof m.content === "string").map((m) => m.content);
  const last = userTurns[userTurns.length - 1] ?? "";
  if (!last.trim()) {
    return { messages: [helpMessage(fields, style, req.datasetName, suggestions, null)], plan: null, suggestions };
  }

  let plan: AnalysisPlan | null = null;
  let reason: string | null = null;
  if (req.llm) {
    const proposed = await proposePlan(req.llm, { fields, rowCount: req.table.rowCount, datasetName: req.datasetName, messages: req.messages, instructions: project?.chatInstructions, context });
    plan = proposed.plan;
  }
  if (!plan) {
    const frame = parseConversation(lexicon, userTurns);
    const built = buildPlan(frame, fields);
    plan = built.plan;
    reason = built.reason;
  }
  if (!plan) {
    const unknown = unknownWords(lexicon, last);
    const lead =
      reason === "greeting"
        ? t(style.lang, "greeting")
        : unknown.length
          ? t(style.lang, "unknownField", { words: unknown.map((w) => `"${w}"`).join(", ") })
          : t(style.lang, "notUnderstood");
    return { messages: [helpMessage(fields, style, req.datasetName, suggestions, lead)], plan: null, suggestions };
  }
  const problems = checkPlanFields(plan, fields);
  if (problems.length) {
    return { messages: [helpMessage(fields, style, req.datasetName, suggestions, t(style.lang, "planError", { error: problems.join("; ") }))], plan: null, suggestions };
  }
  let result;
  try {
    result = executePlan(req.table, plan);
  } catch (err) {
    if (!(err instanceof PlanError)) throw err;
    return { messages: [helpMessage(fields, style, req.datasetName, suggestions, t(style.lang, "planError", { error: err.message }))], plan: null, suggestions };
  }
  const described = describeResult(result, { style, units, dateFields: new Set(fields.filter((f) => f.role === "date").map((f) => f.name)) }, fields);
  let text = described.text;
  const table = described.table;
  let figure = buildFigure(result, { lang: style.lang, units });
  if (!figure) {
    // A single number for filtered rows: the chart shows where it sits, the same measure over the
    // filtered fields without their filters (e.g. counts by Cylinders and Origin for "American 5 cylinder cars").
    const context = contextPlan(plan, fields);
    if (context) {
      try {
        const contextResult = executePlan(req.table, context.plan);
        figure = buildFigure(contextResult, { lang: style.lang, units });
        if (figure) text += ` ${t(style.lang, "context", { fields: context.fields.join(` ${t(style.lang, "and")} `) })}`;
      } catch (err) {
        if (!(err instanceof PlanError)) throw err;
      }
    }
  }
  if (req.llm) {
    const phrased = await phraseSummary(req.llm, { question: last, summary: text, language: LANGUAGE_NAMES[style.lang], brief: style.brief });
    if (phrased) text = phrased;
  }
  const second: ChatAnswerMessage = {
    role: "assistant",
    content: figure ? t(style.lang, "chartAndTable") : t(style.lang, "tableOnly"),
    figures: figure ? [figure] : [],
    table: table.length ? table : null,
  };
  const first: ChatAnswerMessage = { role: "assistant", content: text, figures: [], table: null };
  // Nothing to show (no rows matched): the words say so, a second message would be empty.
  return { messages: figure || table.length ? [first, second] : [first], plan, suggestions };
}
