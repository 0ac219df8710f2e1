// Optional language model: asks an OpenAI-compatible /chat/completions endpoint for a plan as JSON.
// The answer is only a proposal: it is validated against the plan schema and the table's fields,
// and the caller falls back to the deterministic parser when it is missing or invalid.
import { type FieldInfo, numericIds } from "./columns";
import { planSchema, type AnalysisPlan } from "./plan";

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PLAN_DOC = `Reply with one JSON object (no prose) of this shape:
{
  "intent": "aggregate" | "distribution" | "relationship" | "rows"   (rows: list matching rows, ranked by "y" when given),
  "measure": {"agg": "count"|"sum"|"mean"|"median"|"min"|"max"|"distinct"|"share"|"rate"|"std"|"range"|"nps" (std: sample standard deviation; range: maximum minus minimum; nps: net promoter score of a 0-10 field, % of 9-10 minus % of 0-6), "field": <field name or null for counting rows>, "value": <for rate only: the value whose percentage of rows per group is wanted, e.g. "Yes">, "fromPrevious": true (optional, the first grouping by a date bucket: each period minus the one before, within each group of a second grouping if any, e.g. "month-over-month change"), "fromPreviousPercent": true (with fromPrevious: that change as a percent of the period before, a growth rate, e.g. "year over year growth"), "cumulative": true (optional, a sum or count, the first grouping by a date bucket: a running total, within each group of a second grouping if any, e.g. "cumulative revenue by month")},
  "groupBy": [{"field": <field name>, "bucket": null | "year"|"quarter"|"month"|"week"|"day"|"weekday"|"monthOfYear"|"hourOfDay"}]   (0 to 2 items; bucket only for date fields; weekday, monthOfYear and hourOfDay are the day of the week, month of the year and hour of the day over every date),
  "filters": [{"field": <field name>, "op": "eq"|"neq"|"in"|"gt"|"gte"|"lt"|"lte"|"between"|"missing"|"contains"|"startsWith"|"endsWith", "values": [..]}]   ("missing": the rows where the field is empty, values []; "contains"/"startsWith"/"endsWith": a part of a text field, case-insensitive, for free text such as names or comments ("comments that mention support": comments contains "support"), never for numbers or dates; dates as "YYYY", "YYYY-MM" or "YYYY-MM-DD", or a month or weekday name such as "March" or "Saturday" for that month or day in every year, or a time of day "HH:MM" such as "18:00" for that time of every day),
  "x": <field or null>, "y": <field or null>   (distribution: x is the number to bin; relationship: two number fields),
  "sort": null | {"by": "value"|"key", "order": "asc"|"desc"},
  "limit": null | <integer>,
  "binWidth": null | <number>, "binCount": null | <integer>,
  "chart": "bar"|"groupedBar"|"stackedBar"|"line"|"multiLine"|"scatter"|"scatterColor"|"scatterFaceted"|"histogram"|"pie"|"table"|"none",
  "derived": [{"name": <a new name>, "field": <field>, "minus": <field>, "unit": "days"|"hours"|"minutes"|"weeks"}]   (optional: a number computed for each row as field minus the other field of the same row, e.g. "high - low", or the time between two date fields in unit, days by default, e.g. "days to ship" = Ship Date minus Order Date; its name is then used as a number field anywhere above)
}
Use only the exact field names listed. Never compute numbers yourself. If the question cannot be answered from these fields, reply {"error": "<why>"}.`;

function describeFields(fields: FieldInfo[]): string {
  return fields
    .map((f) => {
      let sample = "";
      if (f.codes)
        sample = f.dictionary
          .slice(0, 8)
          .map((v) => JSON.stringify(v))
          .join(", ");
      else if (f.role === "date") sample = `${new Date(f.min).toISOString().slice(0, 10)} to ${new Date(f.max).toISOString().slice(0, 10)}`;
      else sample = `${f.min} to ${f.max}`;
      return `- ${JSON.stringify(f.name)}: ${f.role}${f.yearLike ? " (year)" : ""}; ${f.codes ? `${f.distinct} values, e.g. ${sample}` : sample}`;
    })
    .join("\n");
}

function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = fenced ? fenced[1] : text;
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end <= start) throw new Error("no JSON object in the model's reply");
  return JSON.parse(body.slice(start, end + 1));
}

/** Checks that every field of the plan exists with a usable type; returns the problems. */
export function checkPlanFields(plan: AnalysisPlan, fields: FieldInfo[]): string[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const problems: string[] = [];
  // A number computed from two fields of the row: both numbers or both dates; its name is a number field.
  for (const d of plan.derived ?? []) {
    const a = byName.get(d.field);
    const b = byName.get(d.minus);
    if (!a || !b) problems.push(`unknown derived field "${!a ? d.field : d.minus}"`);
    else if (!a.numbers || !b.numbers || (a.role === "date") !== (b.role === "date")) problems.push(`derived "${d.name}" needs two number or two date fields`);
    else if (!byName.has(d.name)) byName.set(d.name, { ...a, name: d.name, role: "number", yearLike: false, discrete: false, codes: null });
  }
  // (`ids`: an identifier of plain numbers is accepted, as a scatter's axis.)
  const need = (name: string | null | undefined, what: string, numeric = false, ids = false) => {
    if (!name) return;
    const f = byName.get(name);
    if (!f) problems.push(`unknown ${what} field "${name}"`);
    else if (numeric && !f.numbers && !(ids && numericIds(f))) problems.push(`${what} field "${name}" is not a number`);
  };
  const agg = plan.measure.agg;
  need(plan.measure.field, "measure", agg !== "count" && agg !== "distinct" && agg !== "rate");
  if (agg === "rate" && !plan.measure.condition && (plan.measure.value === null || plan.measure.value === undefined))
    problems.push("rate needs a value or a condition");
  if (plan.measure.condition) for (const c of [plan.measure.condition, ...(plan.measure.condition.and ?? [])]) need(c.field, "rate condition");
  if (plan.measure.per) need(plan.measure.per.field, "ratio denominator", plan.measure.per.agg === "sum");
  if (plan.measure.weight) need(plan.measure.weight, "rate weight", true);
  if (plan.measure.agg === "firstLast" || plan.measure.each?.agg === "firstLast") {
    if (!plan.measure.by) problems.push("firstLast needs the field that orders the rows (by)");
    need(plan.measure.by, "order", true);
  }
  if (plan.measure.each) {
    need(plan.measure.each.field, "entity");
    if (plan.intent !== "aggregate" || plan.groupBy.length > 1 || plan.groupBy.some((g) => g.field === plan.measure.each?.field))
      problems.push("each needs an aggregate with at most one grouping, other than the entity");
  }
  for (const m of plan.extraMeasures ?? []) need(m.field, "measure", m.agg !== "count" && m.agg !== "distinct" && m.agg !== "rate");
  if (agg !== "count" && agg !== "share" && !plan.measure.field && plan.intent === "aggregate" && plan.measure.each?.agg !== "count")
    problems.push(`${agg} needs a field`);
  plan.groupBy.forEach((g) => need(g.field, "grouping"));
  plan.filters.forEach((f) => {
    need(f.field, "filter", !!f.otherField);
    if (f.otherField) need(f.otherField, "filter", true);
    // A part of a text ("comments contains support") is for text fields only.
    for (const c of [f, ...(f.or ?? []), ...(f.and ?? [])]) {
      const field = byName.get(c.field);
      if ((c.op === "contains" || c.op === "startsWith" || c.op === "endsWith") && field && !field.codes)
        problems.push(`filter field "${c.field}" holds no text for ${c.op}`);
    }
  });
  if (plan.change) {
    need(plan.change.field, "change");
    if (plan.intent !== "aggregate" || plan.groupBy.length) problems.push("change needs an aggregate without a grouping");
  }
  if (plan.measure.fromPrevious && (plan.intent !== "aggregate" || !plan.groupBy.length))
    problems.push("fromPrevious needs an aggregate with a grouping (the ordered one first)");
  if (plan.measure.fromPreviousPercent && !plan.measure.fromPrevious) problems.push("fromPreviousPercent needs fromPrevious");
  if (plan.measure.cumulative) {
    if (plan.intent !== "aggregate" || !plan.groupBy.length) problems.push("cumulative needs an aggregate with a grouping (the ordered one first)");
    if (plan.measure.agg !== "sum" && plan.measure.agg !== "count") problems.push("cumulative needs a sum or a count");
  }
  if (plan.having) {
    const h = plan.having.measure;
    need(h.field, "having", h.agg !== "count" && h.agg !== "distinct" && h.agg !== "rate");
    if (plan.intent !== "aggregate" || (!plan.groupBy.length && plan.measure.agg !== "distinct")) problems.push("having needs a grouping or a distinct count");
  }
  if (plan.intent === "distribution") {
    if (!plan.x) problems.push("distribution needs x");
    need(plan.x, "distribution", true);
  }
  if (plan.intent === "rows") need(plan.y, "sort", true);
  if (plan.intent === "relationship") {
    if (!plan.x || !plan.y) problems.push("relationship needs x and y");
    need(plan.x, "x", true, true);
    need(plan.y, "y", true, true);
  }
  return problems;
}

export interface LlmContext {
  fields: FieldInfo[];
  rowCount: number;
  datasetName?: string;
  messages: { role: "user" | "assistant"; content: string }[];
  instructions?: string;
  context?: string;
}

/** Asks the model for a plan; returns null (never throws) when there is no usable plan. */
export async function proposePlan(cfg: LlmConfig, ctx: LlmContext): Promise<{ plan: AnalysisPlan | null; error: string | null }> {
  const doFetch = cfg.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cfg.timeoutMs ?? 20_000);
  try {
    const system = [
      `You turn questions about a table into an analysis plan.`,
      `Table${ctx.datasetName ? ` "${ctx.datasetName}"` : ""}: ${ctx.rowCount} rows. Fields:`,
      describeFields(ctx.fields),
      ctx.context ? `Context from the project: ${ctx.context}` : "",
      PLAN_DOC,
    ]
      .filter(Boolean)
      .join("\n");
    const conversation = ctx.messages.map((m) => `${m.role}: ${m.content}`).join("\n");
    const url = `${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const res = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${cfg.apiKey}` },
      body: JSON.stringify({
        model: cfg.model,
        temperature: 0,
        messages: [
          { role: "system", content: system },
          { role: "user", content: `Conversation so far (the last user message is the question to plan; earlier turns give context):\n${conversation}` },
        ],
      }),
      signal: controller.signal,
    });
    if (!res.ok) return { plan: null, error: `model endpoint answered ${res.status}` };
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== "string") return { plan: null, error: "model reply has no content" };
    const json = extractJson(content);
    if (json && typeof json === "object" && "error" in json && !("intent" in json))
      return { plan: null, error: `model: ${String((json as { error: unknown }).error)}` };
    const parsed = planSchema.safeParse(json);
    if (!parsed.success) return { plan: null, error: "model plan does not match the schema" };
    const problems = checkPlanFields(parsed.data, ctx.fields);
    if (problems.length) return { plan: null, error: problems.join("; ") };
    return { plan: parsed.data, error: null };
  } catch (err) {
    return { plan: null, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** The numbers written in a text (thousands separators and decimal commas tolerated). */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/-?\d[\d,.\u202f\u00a0 ]*\d|-?\d/g)) {
    const raw = m[0].replace(/[\u202f\u00a0 ]/g, "");
    // "1,234.5" (en), "1.234,5" (de/es), "1 234,5" (fr): the last separator with 1-2 digits after it is decimal.
    const dec = /[.,](\d{1,2})$/.exec(raw) && !/^\d{1,3}([.,]\d{3})+$/.test(raw) ? raw[raw.length - (/[.,](\d{1,2})$/.exec(raw)![1].length + 1)] : null;
    const normalized = dec ? raw.replace(new RegExp(`\\${dec === "." ? "," : "."}`, "g"), "").replace(dec, ".") : raw.replace(/[.,]/g, "");
    const v = Number(normalized);
    if (Number.isFinite(v)) out.push(v);
  }
  return out;
}

/**
 * Lets the model rephrase the computed summary. The rephrasing is kept only when every number in
 * it already appears in the computed summary: the model may word the answer, never compute it.
 */
export async function phraseSummary(cfg: LlmConfig, args: { question: string; summary: string; language: string; brief: boolean }): Promise<string | null> {
  const doFetch = cfg.fetch ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cfg.timeoutMs ?? 15_000);
  try {
    const res = await doFetch(`${cfg.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${cfg.apiKey}` },
      body: JSON.stringify({
        model: cfg.model,
        temperature: 0,
        messages: [
          {
            role: "system",
            content: `Rewrite the computed answer below as a clear reply to the user's question, in ${args.language}${args.brief ? ", in one sentence" : ""}. Use only the numbers given, exactly as written; do not compute, round differently or add any number. Reply with the text only.`,
          },
          { role: "user", content: `Question: ${args.question}\nComputed answer: ${args.summary}` },
        ],
      }),
      signal: controller.signal,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const text = body.choices?.[0]?.message?.content?.trim();
    if (!text || text.length > 4 * args.summary.length + 200) return null;
    const allowed = numbersIn(args.summary);
    const ok = numbersIn(text).every((v) => allowed.some((a) => Math.abs(a - v) <= 1e-9 * Math.max(1, Math.abs(a))));
    return ok ? text : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
