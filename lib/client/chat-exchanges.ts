// The web chat's conversation as the page shows it: one exchange per question (the question, the
// answer messages, the follow-ups offered with them, and its state while asked). The API speaks in
// flat messages (user, then usually two assistant messages: the interpretation, then the figure and
// table); this module converts between the two and reads an answer's messages into one card.
import { t } from "../chat/i18n";
import type { ChatTurn, DataRow } from "./types";

export type ExchangeStatus = "pending" | "done" | "error";

export interface Exchange {
  id: string;
  question: string;
  answers: ChatTurn[];
  /** Follow-up questions the server offered with this answer (project suggestions first). */
  suggestions: string[];
  /** What the answer assumed where the question left something open (the reply's `assumptions`). */
  assumptions?: string[];
  status: ExchangeStatus;
  error?: string;
}

export interface RequestMessage {
  role: "user" | "assistant";
  content: string;
}

// The server takes at most 200 messages and (since issue 13) 32 KB of message text per request;
// recent turns are what follow-ups refer to, so older ones are left out first. Counted in UTF-8
// bytes, the larger measure, with room to spare.
export const MAX_HISTORY_MESSAGES = 120;
export const MAX_REQUEST_BYTES = 28_000;
/** Longer questions are refused in the box with a reason, instead of a 422 after sending. */
export const MAX_QUESTION_CHARS = 4_000;

let counter = 0;
export function newExchangeId(): string {
  counter += 1;
  return `x${Date.now().toString(36)}${counter.toString(36)}`;
}

/** Older pages stored the flat message list: group it into exchanges (assistant turns join the question before them). */
export function groupTurns(turns: ChatTurn[]): Exchange[] {
  const out: Exchange[] = [];
  for (const turn of turns) {
    if (!turn || typeof turn.content !== "string") continue;
    if (turn.role === "user") {
      out.push({ id: newExchangeId(), question: turn.content, answers: [], suggestions: [], status: "done" });
    } else if (out.length > 0) {
      out[out.length - 1].answers.push(turn);
    }
  }
  // A question stored without an answer was interrupted (reload while waiting).
  for (const x of out) if (x.answers.length === 0) Object.assign(x, { status: "error", error: interruptedMessage });
  return out;
}

const interruptedMessage = "The page was reloaded before the answer arrived. Ask again to get it.";

/** Reads what sessionStorage held: the current shape, the older flat list, or anything else (ignored). */
export function restoreExchanges(raw: string | null): Exchange[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (Array.isArray(value)) return groupTurns(value as ChatTurn[]);
  if (!value || typeof value !== "object" || !Array.isArray((value as { exchanges?: unknown }).exchanges)) return [];
  const restored: Exchange[] = [];
  for (const item of (value as { exchanges: unknown[] }).exchanges) {
    if (!item || typeof item !== "object") continue;
    const x = item as Partial<Exchange>;
    if (typeof x.question !== "string") continue;
    const answers = Array.isArray(x.answers) ? x.answers.filter((a): a is ChatTurn => Boolean(a) && typeof a.content === "string") : [];
    const suggestions = Array.isArray(x.suggestions) ? x.suggestions.filter((s): s is string => typeof s === "string") : [];
    const assumptions = Array.isArray(x.assumptions) ? x.assumptions.filter((s): s is string => typeof s === "string") : [];
    const base = { id: typeof x.id === "string" ? x.id : newExchangeId(), question: x.question, answers, suggestions, assumptions };
    if (x.status === "done" && answers.length > 0) restored.push({ ...base, status: "done" });
    else if (x.status === "error" && typeof x.error === "string") restored.push({ ...base, status: "error", error: x.error });
    else restored.push({ ...base, answers: [], status: "error", error: interruptedMessage });
  }
  return restored;
}

export function serializeExchanges(exchanges: Exchange[]): string {
  return JSON.stringify({ version: 2, exchanges });
}

/**
 * The messages to send for a new question: the answered exchanges before it (failed ones carry no
 * answer the engine could refer to), newest kept when the history is long, then the question.
 */
const encoder = new TextEncoder();
function byteLength(text: string): number {
  return encoder.encode(text).length;
}

export function buildRequestMessages(history: Exchange[], question: string): RequestMessage[] {
  const tail: RequestMessage[] = [{ role: "user", content: question }];
  let bytes = byteLength(question);
  let count = 1;
  const blocks: RequestMessage[][] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const x = history[i];
    if (x.status !== "done") continue;
    const block: RequestMessage[] = [{ role: "user", content: x.question }];
    for (const a of x.answers) if (a.content.trim() !== "") block.push({ role: "assistant", content: a.content });
    const size = block.reduce((n, m) => n + byteLength(m.content), 0);
    if (count + block.length > MAX_HISTORY_MESSAGES || bytes + size > MAX_REQUEST_BYTES) break;
    blocks.push(block);
    bytes += size;
    count += block.length;
  }
  return [...blocks.reverse().flat(), ...tail];
}

export interface Clarification {
  /** The text around the choices (the question itself). */
  prompt: string;
  /** What a click sends as the next question. */
  choices: string[];
}

/** One assumption of an answer; `alternative` is another reading of the question, which a click can ask. */
export interface Assumption {
  text: string;
  alternative: string | null;
}

export interface AnswerView {
  /** The first message: what was computed, with filters and grouping (the assumptions sentence taken out when listed below). */
  interpretation: string;
  /** The answer's assumptions, shown apart from the interpretation; empty when the text could not be matched. */
  assumptions: Assumption[];
  /** Later messages' words (e.g. "Chart and table of the result.", or a caption naming the filters). */
  notes: string[];
  /** Plotly figures as sent (JSON strings or objects). */
  figures: (string | object)[];
  tables: DataRow[][];
  /** Set when the answer holds no data but asks something back (or offers questions to pick from). */
  clarification: Clarification | null;
}

const BULLET_RE = /^\s*(?:[-*•‣◦]|\d{1,2}[.)]|\(?[a-z]\))\s+(.+?)\s*$/;

/**
 * Splits a text into its prose and its list items ("- Churn", "1. Partner", "• ...", "a) ..."):
 * the form in which the engine offers choices or example questions.
 */
export function splitListItems(text: string): { prose: string; items: string[] } {
  const prose: string[] = [];
  const items: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = BULLET_RE.exec(line);
    if (m) items.push(stripQuotes(m[1]));
    else prose.push(line);
  }
  return { prose: prose.join("\n").trim(), items };
}

function stripQuotes(text: string): string {
  const m = /^["“'`](.+)["”'`]$/.exec(text.trim());
  return (m ? m[1] : text).trim();
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((v) =>
      typeof v === "string" ? v : v && typeof v === "object" && typeof (v as { label?: unknown }).label === "string" ? (v as { label: string }).label : null,
    )
    .filter((v): v is string => Boolean(v && v.trim()));
}

const LANGS = ["en", "fr", "es", "de"] as const;
const HOLE = "\u0000";
/** The engine's own wording around a template's one variable, in each language: [before, after]. */
function templateParts(key: string, variable: string): [string, string][] {
  return LANGS.map((lang) => {
    const [before, after = ""] = t(lang, key, { [variable]: HOLE }).split(HOLE);
    return [before, after];
  });
}
let sentenceParts: [string, string][] | null = null;
let alternativeParts: [string, string][] | null = null;
let doubtParts: [string, string][] | null = null;

/**
 * Takes the caption's "Not sure of the reading: <assumption>." out of a later message when that
 * assumption is listed on the card already (the caption keeps it for the chart or table alone).
 */
export function withoutListedDoubt(note: string, assumptions: string[]): string {
  doubtParts ??= templateParts("captionDoubt", "doubt");
  let out = note;
  for (const item of assumptions) {
    if (!item.trim()) continue;
    for (const [before, after] of doubtParts) out = out.split(`${before}${item.trim()}${after}`).join("");
  }
  return out.replace(/\s{2,}/g, " ").trim();
}

/**
 * Takes the engine's "Assumptions: a; b." sentence out of the interpretation, so the card can list
 * the assumptions on their own, and reads the "it could also mean: ..." one as a question to offer.
 * The text is left whole when the sentence is not found (an older answer, another wording).
 */
export function separateAssumptions(text: string, assumptions: string[]): { text: string; assumptions: Assumption[] } {
  const items = assumptions.map((a) => a.trim()).filter(Boolean);
  if (items.length === 0) return { text, assumptions: [] };
  sentenceParts ??= templateParts("assumptions", "list");
  alternativeParts ??= templateParts("assumeAlternative", "text");
  const list = items.join("; ");
  for (const [before, after] of sentenceParts) {
    const sentence = `${before}${list}${after}`;
    const at = text.indexOf(sentence);
    if (at < 0) continue;
    const rest = `${text.slice(0, at).trimEnd()} ${text.slice(at + sentence.length).trimStart()}`.trim();
    const read = items.map((item): Assumption => {
      for (const [b, a] of alternativeParts!) {
        if (b && item.startsWith(b) && item.endsWith(a) && item.length > b.length + a.length) {
          return { text: b.trim(), alternative: item.slice(b.length, item.length - a.length).trim() };
        }
      }
      return { text: item, alternative: null };
    });
    return { text: rest, assumptions: read };
  }
  return { text, assumptions: [] };
}

/**
 * One card's content from an exchange's answer messages. A clarifying question's choices come as
 * a list in its text, as a `choices` field, or (the engine's form) as the reply's suggestions: the
 * question reworded once per reading, after the project's standing suggestions, which are not choices.
 */
export function readAnswer(answers: ChatTurn[], offers: { suggestions?: string[]; projectSuggestions?: string[]; assumptions?: string[] } = {}): AnswerView {
  const figures: (string | object)[] = [];
  const tables: DataRow[][] = [];
  const texts: string[] = [];
  const offered: string[] = [];
  for (const a of answers) {
    for (const f of a.images ?? []) if (f) figures.push(f);
    if (Array.isArray(a.table) && a.table.length > 0) tables.push(a.table);
    if (a.content.trim()) texts.push(a.content.trim());
    // A structured form of choices, if the server sends one (`choices` or `options`).
    const extra = a as ChatTurn & { choices?: unknown; options?: unknown };
    offered.push(...stringList(extra.choices), ...stringList(extra.options));
  }
  const [firstText = "", ...later] = texts;
  const { text: interpretation, assumptions } = separateAssumptions(firstText, offers.assumptions ?? []);
  // A doubt listed among the assumptions is not repeated under the chart.
  const notes = assumptions.length ? later.map((n) => withoutListedDoubt(n, offers.assumptions ?? [])).filter(Boolean) : later;
  let clarification: Clarification | null = null;
  if (figures.length === 0 && tables.length === 0) {
    const { prose, items } = splitListItems(texts.join("\n"));
    const choices = [...new Set([...offered, ...items])];
    if (choices.length > 0) clarification = { prompt: prose, choices };
    else if (/\?\s*$/.test(prose)) {
      const standing = new Set(offers.projectSuggestions ?? []);
      clarification = { prompt: prose, choices: [...new Set((offers.suggestions ?? []).filter((s) => s.trim() && !standing.has(s)))] };
    }
  }
  return { interpretation, assumptions, notes, figures, tables, clarification };
}

/**
 * The chips under the latest answer: the answer's own suggestions (the engine's follow-ups, with
 * the project's suggestions first), else the next source that has a question not yet asked (the
 * project's suggestions, then examples from the dataset's fields); at most `limit`.
 */
export function pickFollowUps(sources: string[][], asked: string[], limit = 6): string[] {
  const askedKeys = new Set(asked.map(normalize));
  for (const source of sources) {
    const seen = new Set(askedKeys);
    const out: string[] = [];
    for (const s of source) {
      const key = normalize(s);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      out.push(s.trim());
      if (out.length >= limit) break;
    }
    if (out.length > 0) return out;
  }
  return [];
}

function normalize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[?.!]+$/, "");
}
