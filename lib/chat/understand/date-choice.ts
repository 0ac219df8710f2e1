// Which of two date fields a period is about ("orders per month in 2025" over order_ts and ship_ts).
import type { Ambiguity } from "./choose";
import { nameWords, type TableLexicon } from "./lexicon";
import type { Token } from "./tokens";
import shapes from "../vocab/shapes.json";

const EVENT_DATE_WORDS = new Set(shapes.eventDates.words);
const START_WORDS = new Set(shapes.eventDates.startWords);

/**
 * When a question back would ask whether a year is about an integer year field or a date field, the year
 * field's reading.
 * When a question back would ask which date field a period or grain is about, and the question's own
 * words name exactly one of those date fields apart from its date word ("orders" and "order value"
 * name order_ts, not ship_ts; "shipped" ship_ts), that field's reading; otherwise null (ask).
 */
export function namedDateChoice(amb: Ambiguity, tokens: Token[], lex: TableLexicon): number | null {
  // "in 2019" over a table with an integer year field and a date field: the year field holds the year as
  // said (the date field would select the same rows of each year).
  const years = amb.fields.map((f) => lex.byName.get(f)?.yearLike === true && lex.byName.get(f)?.role === "number");
  if (amb.fields.length >= 2 && years.filter(Boolean).length === 1 && amb.fields.every((f, i) => years[i] || lex.byName.get(f)?.role === "date"))
    return years.indexOf(true);
  if (amb.fields.length < 2 || !amb.fields.every((f) => lex.byName.get(f)?.role === "date")) return null;
  const said = new Set<string>();
  for (const t of tokens) if (t.kind === "word") said.add(t.lemma).add(t.text);
  // The event a date field dates, said as a verb ("orders shipped in june": ship_ts), names it first.
  const byEvent = amb.fields.map((f) => lex.names.some((n) => n.event && n.field === f && n.words.some((w) => said.has(w))));
  if (byEvent.filter(Boolean).length === 1) return byEvent.indexOf(true);
  const named = amb.fields.map((f) => {
    const own = nameWords(f).filter((w) => w.length >= 3 && !EVENT_DATE_WORDS.has(w));
    return own.some((w) => said.has(w) || [...said].some((s) => s.length >= 5 && s.startsWith(w) && s.length - w.length <= 3));
  });
  return named.filter(Boolean).length === 1 ? named.indexOf(true) : null;
}

/**
 * When a question back would ask which date field a period is about and the question names none of them, the
 * one date field whose name says the event that starts a row's story ("Order Date" beside "Ship Date",
 * opened_at beside closed_at); null when not exactly one does. The caller states the reading.
 */
export function startDateChoice(amb: Ambiguity, lex: TableLexicon): number | null {
  if (amb.fields.length < 2 || !amb.fields.every((f) => lex.byName.get(f)?.role === "date")) return null;
  const start = amb.fields.map((f) => nameWords(f).some((w) => START_WORDS.has(w)) || f.split(/[^A-Za-z]+/).some((w) => START_WORDS.has(w.toLowerCase())));
  return start.filter(Boolean).length === 1 ? start.indexOf(true) : null;
}
