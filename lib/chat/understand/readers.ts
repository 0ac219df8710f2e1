// Readers: tokens -> typed mentions. Each reader looks for one kind of thing (numbers, dates,
// field names, values of fields, vocabulary words) and proposes spans; `readMentions` keeps a
// non-overlapping set (longer spans first) and marks the content words nobody recognised.
import { dropAggregateWordFields, dropReorderedAggregateSpans } from "./aggwords";
import { dropGrainsOverFields } from "./grainfields";
import { dropLooseFieldsOverExact } from "./fieldspans";
import { periodNamedFields } from "./period-fields";
import { numberedMentions } from "./numbered-fields";
import { dropWordsOverNamedValues } from "./namedvalue";
import { readSharedAgentWord } from "./agentfield";
import { routeCuePositions } from "./route-side";
import { GLUED_CONNECTORS, gluedNameCandidate, pieceSaidBy, readGluedName, statisticWords } from "./glued";
import type { FieldInfo } from "../columns";
import {
  abbreviates,
  countedThingField,
  linesByVerb,
  variesWithin,
  initialGluedAbbreviation,
  namedAsCode,
  nameWords,
  type TableLexicon,
  type NameEntry,
  type ValueEntry,
} from "./lexicon";
import { spanText, tokenize, type Token } from "./tokens";
import {
  ALONE_WORDS,
  COMPARE_OPENERS,
  COMPARE_WORDS,
  correctWord,
  findPhrases,
  KNOWN_WORDS,
  MONTHS,
  HALVES,
  MULTIPLIERS,
  SEASONS,
  NUMBER_WORDS,
  QUARTERS,
  ROW_NOUNS,
  STOP_WORDS,
  type Category,
} from "./vocabulary";
import words from "../vocab/words.json";
import shapes from "../vocab/shapes.json";
import phrases from "../vocab/phrases.json";
import { editDistance } from "./distance";
import grammar from "../vocab/grammar.json";

export { editDistance };

/** Words before a season named without a year that make it a time of year ("in winter", "during the summer"; "fall" alone is a verb). */
const SEASON_LEADS = new Set<string>(words.seasonLeads);

const GENERIC_WORDS = new Set(words.genericWords);
const WHOLE_TABLE_NOUNS = new Set(words.wholeTable.nouns);
const ROLE_NOUNS = new Set(words.roleNouns.words);
const ROW_SHARE_WORDS = new Set<string>(grammar.readers.rowShareWords);
const PERSON_NOUNS = new Set(words.personNouns);
const DURATION_FIELD_WORDS = new Set(words.durationFieldWords);
const COMPARATIVE_FIELDS: Record<string, string[]> = words.comparativeFields;
const DURATION_WORDS = new Set<string>(grammar.readers.durationWords);
const CLOCK_UNITS = new Set<string>(grammar.readers.clockUnits);
const CLOCK_DURATION_FIELD_WORDS = new Set(words.clockDurationFieldWords);
const WHOLE_TABLE_BEFORE = new Set(words.wholeTable.before);
const PRONOUN_US_AFTER = new Set(words.pronounUs.after);

export interface FieldCandidate {
  name: string;
  score: number;
}

export interface ValueCandidate {
  field: string;
  value: string;
  alias: boolean;
}

/** A date or period as typed: year, year-month, a full date; month/day without a year are partial. */
export interface DateValue {
  year: number | null;
  month: number | null; // 1-12
  day: number | null;
  quarter: number | null;
  /** "first half of 2017", "H2 2018": a half year (1 = January to June). */
  half?: number;
  /** "the summer of 1978": the first and last month of a season of one year. */
  span?: number[];
  /** "1970s": a decade. */
  decade: boolean;
  /** "on Mondays", "at the weekend": days of the week (Monday = 0), any date. */
  weekdays?: number[];
  /** "in March or April": several months (no year); `month` is the first. */
  months?: number[];
  /** "after 6 pm", "between 9am and 5pm", "before 07:30": a time of day, in minutes after midnight (any date). */
  clock?: number;
}

export type Mention =
  | { kind: "field"; start: number; end: number; text: string; fields: FieldCandidate[]; partial: boolean }
  | { kind: "value"; start: number; end: number; text: string; values: ValueCandidate[]; typo?: boolean }
  | {
      kind: "number";
      start: number;
      end: number;
      text: string;
      value: number;
      percent: boolean;
      money: boolean;
      ordinal: boolean;
      /** The scale word applied to the number ("billion" in "20 billion", "k" in "50k"), with its factor. */
      scale?: { word: string; factor: number };
    }
  | { kind: "date"; start: number; end: number; text: string; date: DateValue }
  | { kind: "word"; start: number; end: number; text: string; hits: { category: Category; key: string }[] }
  | { kind: "unknown"; start: number; end: number; text: string };

export interface Reading {
  tokens: Token[];
  mentions: Mention[];
  /** mention index by token index (-1: a stop word or punctuation nobody claimed). */
  at: Int32Array;
}

// ---------------------------------------------------------------------------------------------
// Words matching (typos allowed on longer words).

function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/** How well a typed word (lemma) matches a known word: 1 exact, 0.8 a longer form ("churned"), less with typos, 0 no. */
export function wordsMatch(typed: string, known: string, allowLonger = true): number {
  if (typed === known) return 1;
  const c0 = typed.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) return 0;
  if (allowLonger && known.length >= 4 && typed.startsWith(known) && typed.length - known.length <= 3) return 0.8;
  // A shorter form of a known word ("move" for "moved").
  if (allowLonger && typed.length >= 4 && (known === `${typed}d` || known === `${typed}ed` || known === `${typed}s` || known === `${typed}es`)) return 0.75;
  const max = Math.min(allowedTypos(typed), allowedTypos(known));
  if (max === 0) {
    // Short words: only two neighbouring letters swapped ("mgp" for "mpg").
    if (typed.length !== known.length || typed.length < 3) return 0;
    let i = 0;
    while (i < typed.length && typed[i] === known[i]) i++;
    return i + 1 < typed.length && typed[i] === known[i + 1] && typed[i + 1] === known[i] && typed.slice(i + 2) === known.slice(i + 2) ? 0.85 : 0;
  }
  const d = editDistance(typed, known, max);
  return d <= max ? 1 - 0.15 * d : 0;
}

// ---------------------------------------------------------------------------------------------
// Numbers and dates.

interface Proposal {
  start: number;
  end: number;
  priority: number;
  score: number;
  mention: Mention;
}

function parseNumberText(text: string): { value: number; suffix: string } | null {
  let i = 0;
  if (text[0] === "-") i = 1;
  while (i < text.length && ((text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) || text[i] === ".")) i++;
  const num = Number(text.slice(0, i));
  if (!Number.isFinite(num) || i === 0) return null;
  return { value: num, suffix: text.slice(i) };
}

const WEEKDAYS: Record<string, number[]> = {
  monday: [0],
  tuesday: [1],
  wednesday: [2],
  thursday: [3],
  friday: [4],
  saturday: [5],
  sunday: [6],
  weekend: [5, 6],
};

const CLOCK_WORDS: Record<string, number> = (words.clockTimes as { words: Record<string, number> }).words;

/** A time of day starting at token i: "6 pm", "6pm", "6 p.m.", "6:30 pm", "18:00", "noon"; minutes after midnight. */
function clockAt(tokens: Token[], i: number): { minutes: number; end: number } | null {
  const t = tokens[i];
  if (t.kind === "word" && CLOCK_WORDS[t.text] !== undefined) return { minutes: CLOCK_WORDS[t.text], end: i + 1 };
  if (t.kind !== "number") return null;
  const m = /^(\d{1,2})(am|pm)?$/.exec(t.text);
  if (!m) return null;
  let hour = Number(m[1]);
  let minute = 0;
  let end = i + 1;
  let half = m[2] ?? null;
  // "18:00", "6:30pm": the minutes right after a colon.
  const mm = tokens[end];
  const mmMatch = !half && mm && mm.kind === "number" && mm.sep === ":" && mm.start === t.end + 1 ? /^(\d{2})(am|pm)?$/.exec(mm.text) : null;
  if (mmMatch) {
    minute = Number(mmMatch[1]);
    half = mmMatch[2] ?? null;
    end++;
  }
  if (!half) {
    const w = tokens[end];
    if (w && w.kind === "word" && (w.text === "am" || w.text === "pm")) {
      half = w.text;
      end++;
    } else if (w && w.kind === "word" && (w.text === "a" || w.text === "p") && tokens[end + 1]?.text === "m" && tokens[end + 1].start === w.end + 1) {
      half = `${w.text}m`;
      end += 2;
    }
  }
  if (!half && !mmMatch) return null;
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "pm" ? 12 : 0);
  } else if (hour > 23) return null;
  return { minutes: hour * 60 + minute, end };
}

const WORKING_DAYS = words.workingDays as { always: string[]; afterWords: string[]; before: string[] };

/** The end of "weekdays" after "on" / "during" / "over" (or "business days", "workdays" anywhere) starting at token i, else 0. */
function workingDaysAt(tokens: Token[], i: number): number {
  for (const phrase of [...WORKING_DAYS.always, ...WORKING_DAYS.afterWords]) {
    const ws = phrase.split(" ");
    if (!ws.every((w, k) => tokens[i + k]?.lemma === w)) continue;
    if (WORKING_DAYS.always.includes(phrase)) return i + ws.length;
    let k = i - 1;
    if (tokens[k]?.lemma === "the" || tokens[k]?.lemma === "a") k--;
    if (WORKING_DAYS.before.includes(tokens[k]?.lemma ?? "")) return i + ws.length;
  }
  return 0;
}

function readNumbersAndDates(tokens: Token[]): Proposal[] {
  const out: Proposal[] = [];
  const month = (t: Token | undefined) => (t && t.kind === "word" ? MONTHS[t.text] : undefined);
  const plainInt = (t: Token | undefined) => (t && t.kind === "number" && /^\d{1,4}$/.test(t.text) ? Number(t.text) : null);
  const dayOf = (t: Token | undefined) => {
    if (!t || t.kind !== "number") return null;
    const m = /^(\d{1,2})(st|nd|rd|th)?$/.exec(t.text);
    return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? Number(m[1]) : null;
  };
  const isYearNum = (v: number | null) => v !== null && v >= 1800 && v <= 2100;
  const used = new Uint8Array(tokens.length);
  // The year of a period word that ends before token j: after it ("summer 1978", "Q4 of 2017") or, when
  // free, right before it ("1978 summer", "2017 Q4": that number's own proposal is taken back).
  const yearAround = (i: number, j: number): { year: number | null; start: number; end: number } => {
    if (isYearNum(plainInt(tokens[j]))) return { year: plainInt(tokens[j]), start: i, end: j + 1 };
    if (tokens[j]?.text === "of" && isYearNum(plainInt(tokens[j + 1]))) return { year: plainInt(tokens[j + 1]), start: i, end: j + 2 };
    if (isYearNum(plainInt(tokens[i - 1])) && !used[i - 1]) {
      out.splice(
        out.findIndex((p) => p.start === i - 1),
        1,
      );
      return { year: plainInt(tokens[i - 1]), start: i - 1, end: j };
    }
    return { year: null, start: i, end: j };
  };
  const date = (start: number, end: number, d: DateValue, priority = 4) => {
    out.push({
      start,
      end,
      priority,
      score: 1,
      mention: {
        kind: "date",
        start,
        end,
        text: spanText(tokens, start, end),
        date: d,
      },
    });
    for (let k = start; k < end; k++) used[k] = 1;
  };
  const blank: DateValue = { year: null, month: null, day: null, quarter: null, decade: false };
  for (let i = 0; i < tokens.length; i++) {
    if (used[i]) continue;
    const t = tokens[i];
    if (t.kind === "date") {
      const parts = t.text.includes("/") ? t.text.split("/").map(Number) : t.text.split("-").map(Number);
      if (t.text.includes("/")) {
        const [m, d, y] = parts;
        const year = y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y;
        if (m >= 1 && m <= 12 && d >= 1 && d <= 31) date(i, i + 1, { ...blank, year, month: m, day: d });
      } else {
        const [y, m, d] = parts;
        if (m >= 1 && m <= 12 && (d === undefined || (d >= 1 && d <= 31))) date(i, i + 1, { ...blank, year: y, month: m, day: d ?? null });
      }
      continue;
    }
    // A time of day: "6 pm", "9am", "6:30pm", "18:00", "noon" (minutes after midnight, any date).
    const clock = clockAt(tokens, i);
    if (clock) {
      date(i, clock.end, { ...blank, clock: clock.minutes });
      i = clock.end - 1;
      continue;
    }
    // Working days: "on weekdays", "during the week days", "on business days" (Monday to Friday of any date); "by
    // weekday", "which weekday" stay the days of the week as a grouping.
    const work = workingDaysAt(tokens, i);
    if (work) {
      date(i, work, { ...blank, weekdays: [0, 1, 2, 3, 4] });
      i = work - 1;
      continue;
    }
    // Weekdays and weekends: "on Mondays", "at weekends" (days of the week of any date).
    const wd = t.kind === "word" ? WEEKDAYS[t.lemma] : undefined;
    if (wd !== undefined) {
      date(i, i + 1, { ...blank, weekdays: wd });
      continue;
    }
    // Month name [day] [,] [year] / day month [year].
    const mo = month(t);
    // ("may" is a month before a number, or listed with another month: "in May or June 1985".)
    const listedMonth = (k: number) => ["or", "and"].includes(tokens[k]?.text ?? "") && !!tokens[k + 1] && month(tokens[k + 1]) !== undefined;
    // ("delivered in May": after a preposition of time, at the end of the question or before a comma, too.)
    const afterPreposition = MAY_PREPOSITIONS.has(tokens[i - 1]?.lemma ?? "") && (!tokens[i + 1] || tokens[i + 1].kind !== "word");
    if (
      mo !== undefined &&
      !(t.text === "may" && !plainInt(tokens[i + 1]) && !isYearNum(plainInt(tokens[i + 1])) && !listedMonth(i + 1) && !afterPreposition)
    ) {
      let j = i + 1;
      let day: number | null = null;
      if (dayOf(tokens[j]) !== null && !isYearNum(plainInt(tokens[j]))) {
        day = dayOf(tokens[j]);
        j++;
      }
      let year: number | null = null;
      if (isYearNum(plainInt(tokens[j]))) {
        year = plainInt(tokens[j]);
        j++;
      } else if (tokens[j]?.text === "of" && isYearNum(plainInt(tokens[j + 1]))) {
        year = plainInt(tokens[j + 1]);
        j += 2;
      }
      let start = i;
      if (day === null && dayOf(tokens[i - 1]) !== null && !used[i - 1] && !isYearNum(plainInt(tokens[i - 1]))) {
        day = dayOf(tokens[i - 1]);
        start = i - 1;
      }
      date(start, j, { ...blank, year, month: mo, day });
      i = j - 1;
      continue;
    }
    // A season of one year: "the summer of 1978", "summer 1978", "1978 summer" (only with a year: "fall" is a verb).
    const season = t.kind === "word" ? SEASONS[t.lemma] : undefined;
    if (season) {
      const { year, start, end } = yearAround(i, i + 1);
      // (Winter runs over the turn of the year: "winter 1978" is left unread rather than guessed.)
      if (year !== null && season[0] <= season[1]) {
        date(start, end, { ...blank, year, span: season });
        i = end - 1;
        continue;
      }
      // "in winter", "during the summer", "the winter months" (no year): those months of every year.
      const seasonNoun = ["month", "season"].includes(tokens[i + 1]?.lemma ?? "");
      if (year === null && (seasonNoun || SEASON_LEADS.has(tokens[i - 1]?.lemma ?? ""))) {
        const months: number[] = [];
        for (let k = season[0]; months.length < 12; k = (k % 12) + 1) {
          months.push(k);
          if (k === season[1]) break;
        }
        // (Below a value of the data: "class 7B in the spring term" over a term field holding "Spring".)
        date(i, seasonNoun ? i + 2 : i + 1, { ...blank, month: months[0], months }, 1);
        if (seasonNoun) i++;
        continue;
      }
    }
    // Quarters and half years: Q4 2017, 2017 Q4, fourth quarter of 2017, Q4, the first half of 2017, H2 2018.
    const h1 = HALVES[t.text];
    const h2 = tokens[i + 1] ? HALVES[`${t.text} ${tokens[i + 1].text}`] : undefined;
    const q1 = QUARTERS[t.text] ?? h1;
    // ("the fourth quarters": the plural names the same quarter of each year.)
    const q2 = tokens[i + 1] ? (QUARTERS[`${t.text} ${tokens[i + 1].text}`] ?? QUARTERS[`${t.text} ${tokens[i + 1].lemma}`] ?? h2) : undefined;
    if (q1 !== undefined || q2 !== undefined) {
      const half = h1 ?? h2;
      const { year, start, end } = yearAround(i, q1 !== undefined ? i + 1 : i + 2);
      // A half without a year ("the first half of the list") is not a date: its words are read on.
      if (half === undefined || year !== null) {
        date(start, end, half !== undefined ? { ...blank, year, half } : { ...blank, year, quarter: (q1 ?? q2)! });
        i = end - 1;
        continue;
      }
    }
    // Numbers.
    let value: number | null = null;
    let end = i + 1;
    let ordinal = false;
    let decade = false;
    let scale: { word: string; factor: number } | undefined;
    if (t.kind === "number") {
      const p = parseNumberText(t.text);
      if (!p) continue;
      value = p.value;
      const suffix = p.suffix;
      if (suffix) {
        if (MULTIPLIERS[suffix]) {
          value *= MULTIPLIERS[suffix];
          scale = { word: suffix, factor: MULTIPLIERS[suffix] };
        } else if (suffix === "st" || suffix === "nd" || suffix === "rd" || suffix === "th") ordinal = true;
        else if (suffix === "s" && /^\d{3}0$/.test(t.text.slice(0, -1))) decade = true;
        else continue;
      }
    } else if (
      (t.text === "a" || t.text === "an") &&
      ONE_UNIT_BEFORE.has(tokens[i - 1]?.text ?? "") &&
      /^(year|month|week|day)s?$/.test(tokens[i + 1]?.text ?? "")
    ) {
      // "less than a year", "over a month": one of the unit, compared like "less than 1 year".
      value = 1;
    } else if (t.kind === "word" && NUMBER_WORDS[t.text] !== undefined && t.text !== "one") {
      value = NUMBER_WORDS[t.text];
    } else if (
      t.kind === "word" &&
      COUNT_ADVERBS[t.text] !== undefined &&
      COUNT_ADVERB_BEFORE.has(tokens[i - 1]?.text ?? "") &&
      !(t.text in FACTOR_WORDS && tokens[i + 1]?.kind === "word")
    ) {
      // "reopened more than once", "at least twice": a count compared (words.json countAdverbs); "more than twice
      // Correct" is a factor of another field (factorWords).
      value = COUNT_ADVERBS[t.text];
    } else if (t.kind === "word" && tokens[i + 1] && NUMBER_WORDS[`${t.text} ${tokens[i + 1].text}`] !== undefined) {
      value = NUMBER_WORDS[`${t.text} ${tokens[i + 1].text}`];
      end = i + 2;
    }
    if (value === null) continue;
    if (decade) {
      date(i, end, { ...blank, year: value, decade: true });
      continue;
    }
    const next = tokens[end];
    if (next && next.kind === "word" && MULTIPLIERS[next.text] && next.text.length > 2) {
      value *= MULTIPLIERS[next.text];
      scale = { word: next.text, factor: MULTIPLIERS[next.text] };
      end++;
    }
    const money = tokens[i - 1]?.text === "$" || tokens[i - 1]?.text === "€" || tokens[i - 1]?.text === "£";
    const percent = tokens[end]?.text === "%" || tokens[end]?.text === "percent";
    if (percent) end++;
    const start = money ? i - 1 : i;
    out.push({
      start,
      end,
      priority: 4,
      score: 1,
      mention: {
        kind: "number",
        start,
        end,
        text: tokens
          .slice(start, end)
          .map((x) => x.raw)
          .join(" "),
        value,
        percent,
        money,
        ordinal,
        ...(scale ? { scale } : {}),
      },
    });
    i = end - 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fields and values of the table.

/** Comparison words after which "a"/"an" before a time unit is one of it ("less than a year"; not "over a year", which is also "across a year"). */
const ONE_UNIT_BEFORE = new Set<string>(grammar.readers.oneUnitBefore);
/** Words that set two things against each other: never inside one field name unless the name has them. */
const VERSUS_WORDS = new Set<string>(grammar.readers.versusWords);
/** Words that link two things ("X to Y", "X and Y"): inside a span only when it keeps the name's word order. */
const LINK_WORDS = new Set<string>(grammar.readers.linkWords);

const SORTING_WORDS = new Set<string>(phrases.sort.sortWord.filter((w: string) => !w.includes(" ")));

/**
 * "sort the names in descending order", "order the name from high to low": after a sort verb, "name(s)" said
 * alone are the bars' labels (nvBench's wording), not a *_name field the word names only in part.
 */
function dropSortedNames(proposals: Proposal[], lemmaAt: (i: number) => string): void {
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.score >= 1 || p.end - p.start !== 1 || lemmaAt(p.start) !== "name") continue;
    const before = lemmaAt(p.start - 1) === "the" ? p.start - 2 : p.start - 1;
    if (SORTING_WORDS.has(lemmaAt(before))) proposals.splice(i, 1);
  }
}

const NAME_CODE_WORDS = new Set<string>(shapes.storageSuffixes.code);

/** Linking words that never end a name said in another order ("number of nights" is not said "nights number of"). */
const SMALL_LINKS = new Set<string>(grammar.readers.smallLinks);

/** Matches a span of lemmas against a name (all of its words in any order, typos allowed). */
function scoreSpan(span: string[], name: NameEntry): number {
  // "of each state" is not a name: a span starts and ends with words of the name.
  if ((STOP_WORDS.has(span[0]) && !name.words.includes(span[0])) || (STOP_WORDS.has(span[span.length - 1]) && !name.words.includes(span[span.length - 1])))
    return 0;
  // ("nightly rate of each" is not number_of_nights: a small word ending the span ends the name too.)
  const lastWord = span[span.length - 1];
  if (span.length > 1 && SMALL_LINKS.has(lastWord) && name.words[name.words.length - 1] !== lastWord) return 0;
  // "sales forecast vs sales": a word that sets two things against each other splits the span.
  if (span.slice(1, -1).some((w) => VERSUS_WORDS.has(w) && !name.words.includes(w))) return 0;
  // "the number of trains" counts trains: a name ending in "number" (Train_Number, an identifier) is not
  // said with its words turned round "number of" ("level of membership" is Level_of_membership still).
  if (span[0] === "number" && span[1] === "of" && name.words.length > 1 && name.words[name.words.length - 1] === "number" && name.words[0] !== "number")
    return 0;
  const content = span.filter((w) => !STOP_WORDS.has(w) || name.words.includes(w));
  // "level of membership" is said "membership level" (the field's own name may drop its small words);
  // synonyms are said as written ("made in" is not "made", "type of movie" is not "movie of").
  const core = name.weight >= 1 ? name.words.filter((w) => !STOP_WORDS.has(w) || span.includes(w)) : name.words;
  const nameContent = core.length === 1 && name.words.length > 1 ? name.words : core;
  // Small words inside the span that are not part of the name ("quantity per order") weaken it.
  const stray = span.length > 2 && span.slice(1, -1).some((w) => STOP_WORDS.has(w) && !name.words.includes(w)) ? 0.8 : 1;
  if (content.length === 0) return 0;
  const spanCompact = span.join("");
  if (spanCompact === name.compact) return name.weight;
  // "booking ids" for apt_booking_id, "category code" for product_category_code: an identifier's last words, in
  // order, without the words before them (two words at least, none of them small, the last a code word; not
  // "last month" of orders_last_month): a looser reading.
  if (
    name.weight >= 1 &&
    NAME_CODE_WORDS.has(span[span.length - 1]) &&
    span.length >= 2 &&
    span.length < name.words.length &&
    span.every((w) => !STOP_WORDS.has(w)) &&
    span.join(" ") === name.words.slice(name.words.length - span.length).join(" ")
  )
    return 0.85;
  if (content.length !== nameContent.length) {
    // "horse power" vs "horsepower": compare without spaces; a typo only when no word of the span
    // is a word of the question's grammar ("count by" is not "country").
    if (span.length > 1 && name.words.length !== span.length) {
      if (spanCompact === name.compact) return name.weight * 0.95;
      // (Nor a number the name does not hold: "telephone 0" is the field and a value, not a typo of "telephone".)
      if (span.some((w) => STOP_WORDS.has(w) || KNOWN_WORDS.has(w) || (/^-?\d/.test(w) && !name.words.includes(w)))) return 0;
      // A one-letter word is not a typo inside a name ("grade F" is grade's value F, not "gradef").
      if (span.some((w) => w.length === 1)) return 0;
      const m = wordsMatch(spanCompact, name.compact, false);
      return m > 0 ? m * name.weight * 0.95 : 0;
    }
    return 0;
  }
  const used = new Set<number>();
  const order: number[] = [];
  let total = 0;
  let shortTypo = false;
  for (const w of content) {
    let best = 0;
    let bestJ = -1;
    for (let j = 0; j < nameContent.length; j++) {
      if (used.has(j)) continue;
      const s = wordsMatch(w, nameContent[j]);
      if (s > best) {
        best = s;
        bestJ = j;
      }
    }
    // One short word typed with one wrong letter among words that match ("hours per weak"): the
    // rest of the name vouches for it (alone, a four-letter word is spelt exactly).
    if (best === 0 && !shortTypo && content.length >= 2 && w.length === 4 && !KNOWN_WORDS.has(w)) {
      for (let j = 0; j < nameContent.length; j++) {
        if (used.has(j) || nameContent[j].length !== 4 || nameContent[j][0] !== w[0] || editDistance(w, nameContent[j], 1) > 1) continue;
        best = 0.7;
        bestJ = j;
        shortTypo = true;
        break;
      }
    }
    // A short name typed alone with one letter left out ("eror", "blok", "wek"): candidates only where
    // the typed word means nothing else (similarNameWords).
    if (best === 0 && span.length === 1) {
      const j = nameContent.findIndex((n) => droppedLetter(w, n));
      if (j >= 0) {
        best = 0.8;
        bestJ = j;
      }
    }
    if (best === 0) {
      const m = span.length > 1 ? 0 : wordsMatch(spanCompact, name.compact, false);
      return m > 0 ? m * name.weight * 0.95 : 0;
    }
    used.add(bestJ);
    order.push(bestJ);
    total += best;
  }
  // "imdb rating to rotten tomatoes rating": a linking word inside a span whose words are not in the
  // name's order joins two names ("rating to rotten tomatoes" is not Rotten Tomatoes Rating).
  const inOrder = order.every((j, k) => k === 0 || j > order[k - 1]);
  if (!inOrder && span.slice(1, -1).some((w) => LINK_WORDS.has(w) && !name.words.includes(w))) return 0;
  return (total / content.length) * name.weight * stray;
}

/**
 * A word of three or four letters typed with one letter of a name word left out ("eror" for error, "blok" for
 * block; three letters only when the letter left out is doubled: "wek" for week). Same first letter.
 */
function droppedLetter(typed: string, known: string): boolean {
  if (typed.length < 3 || typed.length > 4 || known.length !== typed.length + 1 || typed[0] !== known[0] || !/^[a-z]+$/.test(typed)) return false;
  for (let i = 1; i < known.length; i++) {
    if (known.slice(0, i) + known.slice(i + 1) !== typed) continue;
    // (Not a plural or a past form said without its ending: "hour" for hours is read elsewhere.)
    if (i === known.length - 1 && (known.endsWith("s") || known.endsWith("d"))) return false;
    if (typed.length === 4 || known[i] === known[i - 1] || known[i] === known[i + 1]) return true;
  }
  return false;
}

/** Typed words -> lexicon words they may stand for (exact, longer forms, typos); cached per lexicon. */
const typoCache = new WeakMap<TableLexicon, Map<string, string[]>>();

function similarNameWords(lex: TableLexicon, word: string): string[] {
  let cache = typoCache.get(lex);
  if (!cache) {
    cache = new Map();
    typoCache.set(lex, cache);
  }
  let hit = cache.get(word);
  if (hit) return hit;
  hit = [];
  if (lex.nameIndex.has(word)) hit.push(word);
  // A word of the question vocabulary ("count", "total") names a field only when spelt exactly; so
  // does a misspelt comparative or superlative ("heavyest" is "heaviest", not a typo of "heavy").
  const corrected = word.length >= 6 ? correctWord(word) : null;
  if (word.length >= 3 && !KNOWN_WORDS.has(word) && !(corrected && corrected in COMPARATIVE_FIELDS)) {
    for (const known of lex.nameIndex.keys()) {
      if (known === word || Math.abs(known.length - word.length) > 3) continue;
      if (known[0] !== word[0] && known[1] !== word[1]) continue;
      if (wordsMatch(word, known) > 0) hit.push(known);
      else if (droppedLetter(word, known) && !lex.valueIndex.has(word) && !STOP_WORDS.has(word)) hit.push(known);
    }
  }
  if (cache.size > 5000) cache.clear();
  cache.set(word, hit);
  return hit;
}

const EVENT_TIME_WORDS = new Set(shapes.eventDates.timeWords);
const EVENT_DATE_NAME_WORDS = new Set(shapes.eventDates.words);

/** "applied" for Applied On, "opened" for Opened At: one past form that, with a date word, is a date field's whole name. */
function pastFormOfDate(lex: TableLexicon, n: NameEntry, span: string[]): boolean {
  return (
    span.length === 1 &&
    /[a-z]{3,}ed$/.test(span[0]) &&
    n.words.length === 2 &&
    n.words[0] === span[0] &&
    EVENT_DATE_NAME_WORDS.has(n.words[1]) &&
    lex.byName.get(n.field)?.role === "date"
  );
}
/** The past form of a verb as dates' names spell it ("submit" -> "submitted", "approve" -> "approved", "open" -> "opened"). */
function pastOf(verb: string): string {
  if (verb.endsWith("e")) return `${verb}d`;
  // (One vowel before one last consonant, stressed at the end as short verbs of exports are: "submit", "ship".)
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb) && !/(en|on|er)$/.test(verb)) return `${verb}${verb.slice(-1)}ed`;
  return `${verb}ed`;
}
/** "submit" for a date field named Submitted that every row has: the verb of the event each row went through. */
function verbOfDatedName(lex: TableLexicon, n: NameEntry, span: string[]): boolean {
  const ns = lex.byName.get(n.field)?.numbers;
  return (
    span.length === 1 &&
    n.words.length === 1 &&
    n.words[0] !== span[0] &&
    n.words[0] === pastOf(span[0]) &&
    lex.byName.get(n.field)?.role === "date" &&
    !!ns &&
    ns.every((x) => !Number.isNaN(x))
  );
}
const ABBREVIATED_TOPICS = new Set(shapes.abbreviatedTopics.words);
const GRAIN_ADJECTIVES = new Set(shapes.grainAdjectives.words);
const VALUE_KIND_NOUNS = new Set(shapes.valueKindNouns.nouns);
/** Words after a capital letter that show it ends its clause ("genotype A and B", "A in 1990"): not an article. */
const LONE_LETTER_FOLLOWERS = new Set<string>(grammar.readers.loneLetterFollowers);

/** The words of a bare follow-up ("and for B?", "what about J"): its value swaps an earlier one (followup.ts). */
const FOLLOW_UP_WORDS = new Set([...phrases.followUp.cue, ...phrases.conj.and, ...phrases.conj.or].flatMap((p) => p.split(" ")));

/** A one-letter word typed as a capital inside the question and ending it or its clause ("for genotype A", "are B?"): no article. */
function loneCapital(tokens: Token[], i: number): boolean {
  const next = tokens[i + 1];
  return (
    i > 0 &&
    !tokens.every((t, k) => k === i || t.kind === "symbol" || FOLLOW_UP_WORDS.has(t.lemma)) &&
    tokens[i].raw.length === 1 &&
    !!tokens[i].cap &&
    (!next || (next.sep !== null && next.sep !== ".") || next.kind === "symbol" || LONE_LETTER_FOLLOWERS.has(next.lemma))
  );
}
const MIN_GENERIC_HEADS = 2;
const COUNT_ADVERBS: Record<string, number> = words.countAdverbs.words;
const COUNT_ADVERB_BEFORE = new Set<string>(words.countAdverbs.after);
const FACTOR_WORDS: Record<string, number> = words.factorWords.words;
const GENERIC_GROUP_CUES = new Set<string>(grammar.readers.genericGroupCues);
const QUANTITY_WORDS = new Set(words.sumByDefault);

/**
 * The full word of a field name's abbreviation ("temperature" for temp_in_c, "location" for loc_cd,
 * "performance" for perf_rating): the longest name word of 3+ letters that the typed word starts with,
 * at least 3 letters short of it, when the typed word is no name word, value or word of the question's
 * grammar itself, nor a typo of one. Returns that name word, or the typed word unchanged.
 */
const fullWordCache = new WeakMap<TableLexicon, Map<string, string>>();
export function abbreviatedNameWord(lex: TableLexicon, w: string): string {
  let cache = fullWordCache.get(lex);
  if (!cache) {
    cache = new Map();
    fullWordCache.set(lex, cache);
  }
  const hit = cache.get(w);
  if (hit !== undefined) return hit;
  let out = w;
  const skeleton = consonantSkeleton(lex, w);
  if (skeleton) out = skeleton;
  else if (
    w.length >= 6 &&
    /^[a-z]+$/.test(w) &&
    ((!KNOWN_WORDS.has(w) && !ALONE_WORDS.has(w)) || ABBREVIATED_TOPICS.has(w)) &&
    !STOP_WORDS.has(w) &&
    !lex.nameIndex.has(w) &&
    !lex.valueIndex.has(w) &&
    // ("totalcharges": a field's whole name typed as one word, TotalCharges, is that name, not "total".)
    !lex.compactIndex.has(w) &&
    !lex.compactIndex.has(`${w}s`)
  ) {
    let best = "";
    let tie = false;
    for (const [k, entries] of lex.nameIndex) {
      if (k.length < 3 || k.length > w.length - 3 || !w.startsWith(k) || STOP_WORDS.has(k)) continue;
      // (A grammar noun, "influence", stands for a field only by a name word of 4 letters or more: Infl.)
      if (k.length < 4 && KNOWN_WORDS.has(w)) continue;
      // A word of the field's own name, not of a general synonym ("heavy" for Weight: "heavyest" is a typo of "heaviest").
      if (!entries.some((n) => n.weight >= 1)) continue;
      if (k.length > best.length) {
        best = k;
        tie = false;
      } else if (k.length === best.length) tie = true;
    }
    if (best && !tie) out = best;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(w, out);
  return out;
}

/** A field name that drops a word's vowels ("hwy" for highway, "cty" for city, "drv" for drive, "qty"). */
function consonantSkeleton(lex: TableLexicon, w: string): string {
  // (A word the vocabulary reads alone, "lowest", is that word, not lwt's skeleton.)
  if (
    w.length < 4 ||
    !/^[a-z]+$/.test(w) ||
    STOP_WORDS.has(w) ||
    ALONE_WORDS.has(w) ||
    lex.nameIndex.has(w) ||
    lex.valueIndex.has(w) ||
    lex.compactIndex.has(w)
  )
    return "";
  const letters = w[0] + w.slice(1).replace(/[aeiou]/g, "");
  let best = "";
  for (const [k, entries] of lex.nameIndex) {
    if (k.length < 3 || k.length >= w.length || k[0] !== w[0] || /[aeiou]/.test(k.slice(1)) || !entries.some((n) => n.weight >= 1)) continue;
    let i = 0;
    for (const c of letters) if (c === k[i]) i++;
    if (i < k.length) continue;
    if (best) return "";
    best = k;
  }
  return best;
}

/**
 * A grammar word that is a word of some field's name ("type", "return" typed "returns" for returned, or said
 * before "rate": "the return rate" is the rate of returned).
 */
const namesGrammarWord = (lex: TableLexicon, token: Token, lemma: string, next?: Token) =>
  (lex.nameIndex.get(lemma) ?? []).some((n) => n.pluralOnly !== lemma || token.text !== token.lemma || next?.lemma === "rate");

/** `name` is the starts of `a` and `b` run together, in either order, one start of three letters or more ("ch" + "max"). */
function runTogether(name: string, a: string, b: string): boolean {
  if (name.length < 4 || name.length > 10 || !/^[a-z]+$/.test(name)) return false;
  // ("tenure excluding" is the word tenure, not "tenur" + "e".)
  if (a.startsWith(name.slice(0, -1)) || b.startsWith(name.slice(0, -1))) return false;
  for (let k = 1; k < name.length; k++) {
    const p = name.slice(0, k);
    const q = name.slice(k);
    if (Math.max(p.length, q.length) < 3) continue;
    if ((a.startsWith(p) && b.startsWith(q)) || (b.startsWith(p) && a.startsWith(q))) return true;
  }
  return false;
}

const TIME_PREPOSITIONS = new Set<string>(grammar.readers.timePrepositions);
const MAY_PREPOSITIONS = new Set<string>(grammar.readers.mayPrepositions);
/** A year, a date or a month said ("joined in 2023", "hired after 2019-06-01", "shipped in April"; "may" only after "in"). */
export function saysTime(tokens: Token[]): boolean {
  return tokens.some(
    (t, i) =>
      t.kind === "date" ||
      (t.kind === "number" && /^(19|20)\d\d$/.test(t.text)) ||
      (t.kind === "word" && MONTHS[t.text] !== undefined && t.text.length >= 3 && (t.text !== "may" || TIME_PREPOSITIONS.has(tokens[i - 1]?.lemma ?? ""))),
  );
}

function readFields(tokens: Token[], lex: TableLexicon): Proposal[] {
  const out: Proposal[] = [];
  const lemmas = tokens.map((t) => (t.kind === "word" || t.kind === "number" ? abbreviatedNameWord(lex, t.lemma) : `\u0000${t.text}`));
  // A year or a date said ("joined in 2023", "hired after 2019-06-01") makes the question one about time too.
  const aboutTime = lemmas.some((w) => EVENT_TIME_WORDS.has(w)) || saysTime(tokens);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== "word" && tokens[i].kind !== "number") continue;
    if (STOP_WORDS.has(lemmas[i]) && !namesGrammarWord(lex, tokens[i], lemmas[i], tokens[i + 1])) continue;
    for (let len = Math.min(6, tokens.length - i); len >= 1; len--) {
      const span = lemmas.slice(i, i + len);
      if (span.some((w) => w.startsWith("\u0000"))) continue;
      const last = span[span.length - 1];
      if (len > 1 && STOP_WORDS.has(last) && !namesGrammarWord(lex, tokens[i + len - 1], last, tokens[i + len])) continue;
      // Names sharing at least one (possibly misspelt) word with the span.
      const cands = new Set<NameEntry>();
      for (const w of span) for (const k of similarNameWords(lex, w)) for (const n of lex.nameIndex.get(k) ?? []) cands.add(n);
      // Written without spaces ("subcategory", "horse power" for horsepower): compare the compact forms.
      const compact = span.join("");
      for (const n of lex.compactIndex.get(compact) ?? []) if (n.words.length !== len || len > 1) cands.add(n);
      if (cands.size === 0 && (len > 1 || compact.length >= 8)) {
        for (const n of lex.names) if (n.words.length !== len && Math.abs(n.compact.length - compact.length) <= 2) cands.add(n);
      }
      let best = 0;
      const byField = new Map<string, number>();
      for (const n of cands) {
        // ("how many people applied for Data Analyst" is a count of rows; "applied per month" groups by Applied On.)
        if ((n.event || pastFormOfDate(lex, n, span)) && !aboutTime) continue;
        // ("how many matches were won by ...": a passive verb is the event, not its agent.)
        if (n.agentVerb && ["be", "is", "are", "was", "were", "been", "being", "get", "got"].includes(tokens[i - 1]?.lemma ?? "")) continue;
        const s = scoreSpan(span, n);
        if (s <= 0) continue;
        byField.set(n.field, Math.max(byField.get(n.field) ?? 0, s));
        if (s > best) best = s;
      }
      // "max channels" for chmax, "estimated performance" for estperf, "maximum memory" for mmax: a one-word
      // name run together from the starts of the span's two words, in either order (stated as read).
      // ("monthly deaths" beside a field deaths is that field by month: a grain word names no initial.)
      const grainOfField = GRAIN_ADJECTIVES.has(span[0]) && lex.names.some((n) => n.weight >= 1 && n.words.length === 1 && n.words[0] === span[1]);
      // ("the fewest male deaths" over fields male and female: a field's whole name beside a grammar word is that
      // field, not half of another's initials; "male deaths" still reads mdeaths.)
      const wholeName = lex.names.some(
        (n) =>
          n.weight >= 1 &&
          n.words.length === 1 &&
          span.some((w, k) => w === n.words[0] && KNOWN_WORDS.has(span[1 - k]) && !lex.names.some((o) => o.words.includes(span[1 - k]))),
      );
      if (best < 0.7 && len === 2 && !STOP_WORDS.has(span[0]) && !STOP_WORDS.has(span[1]) && !grainOfField && !wholeName) {
        const run = lex.names.filter((n) => n.words.length === 1 && lex.byName.get(n.field)?.role === "number" && runTogether(n.compact, span[0], span[1]));
        if (new Set(run.map((n) => n.field)).size === 1) {
          byField.set(run[0].field, 0.75);
          best = 0.75;
        }
      }
      if (best >= 0.7) {
        const fields = [...byField].filter(([, s]) => s >= best - 1e-9).map(([name, score]) => ({ name, score }));
        out.push({
          start: i,
          end: i + len,
          priority: 2,
          score: best,
          mention: {
            kind: "field",
            start: i,
            end: i + len,
            text: spanText(tokens, i, i + len),
            fields,
            partial: false,
          },
        });
        break;
      }
    }
    // The event of a date field said as a verb in a question about time, where the name says it as a
    // noun ("entries submitted each year": Submission_Date; "departed" for departure_date): the same
    // first five letters or more, in one date field only.
    if (aboutTime && tokens[i].kind === "word" && lemmas[i].length >= 6 && lemmas[i].endsWith("ed") && !out.some((p) => p.start <= i && p.end > i)) {
      const w = lemmas[i];
      const dated = lex.names.filter((n) => {
        if (!n.event) return false;
        const stem = n.words[0];
        let k = 0;
        while (k < stem.length && k < w.length && stem[k] === w[k]) k++;
        return k >= 5;
      });
      const fieldsDated = [...new Set(dated.map((n) => n.field))];
      if (fieldsDated.length === 1) {
        out.push({
          start: i,
          end: i + 1,
          priority: 2,
          score: 0.8,
          mention: { kind: "field", start: i, end: i + 1, text: tokens[i].raw, fields: [{ name: fieldsDated[0], score: 0.8 }], partial: false },
        });
        continue;
      }
    }
    // One distinctive word of a longer name ("budget" for Production Budget).
    const w = lemmas[i];
    const headOf = lex.headNouns.get(w);
    if (headOf && !out.some((p) => p.start <= i && p.end > i && p.mention.kind === "field")) {
      out.push(looseFieldAt(i, tokens[i].raw, [headOf]));
      continue;
    }
    if (STOP_WORDS.has(w)) {
      // "rated 4 or higher": a small word that is a synonym in one field's name only (perf_rating), right
      // before a number, names the field compared.
      const one = [...new Set((lex.nameIndex.get(w) ?? []).map((n) => n.field))].map((field) => ({ field }));
      if (one.length === 1 && tokens[i + 1]?.kind === "number" && !out.some((p) => p.start <= i && p.end > i && p.mention.kind === "field")) {
        out.push(looseFieldAt(i, tokens[i].raw, [one[0].field]));
        continue;
      }
      // (A small word that is a synonym of a field name's head, "spend" for charges, reads on as a partial name.)
      // (Nor a generic word ending several fields' names, "amount" over item_amount and tax_amount: read below.)
      if (
        !lex.partial.has(w) &&
        !(GENERIC_WORDS.has(w) && (genericHeads(lex, w).length >= MIN_GENERIC_HEADS || averagedHead(lex, w, lemmas[i - 1]) || axisWordField(lex, lemmas, i)))
      )
        continue;
    }
    if (GENERIC_WORDS.has(w)) {
      // A generic word ("score") that ends the table's own names of several fields (math_score,
      // reading_score, ...) names each of them: a question back, not a word nothing knows.
      // (Numbers only, and not a word of quantity itself: "names", "the total amount" stay grammar.)
      const heads = genericHeads(lex, w);
      // ("art score" with no art_score: the word before says which score, and the table has none of it.)
      const prev = i > 0 && tokens[i - 1].kind === "word" ? lemmas[i - 1] : "";
      const qualified = prev !== "" && !STOP_WORDS.has(prev) && !KNOWN_WORDS.has(prev) && !lex.nameIndex.has(prev) && !lex.valueIndex.has(prev);
      const roles = new Set(heads.map((p) => lex.byName.get(p.field)?.role));
      // ("total amount" over monthly_amount, discount_amount, setup_amount names them; "the amount of sales" is grammar.)
      const grammarQuantity = QUANTITY_WORDS.has(w) && (tokens[i + 1]?.kind !== "word" ? false : lemmas[i + 1] === "of");
      const measured = roles.size === 1 && roles.has("number") && !grammarQuantity && !qualified;
      // "count by code" over region_code, promo_code, account_code; "by type" over loan_type and rate_type:
      // each category field ending in the word is a grouping it may mean, a question back, never dropped.
      // (Said as a grouping or the thing asked for, after "by", "per", "each", "which": "show the details" lists.)
      const grouped = roles.size === 1 && roles.has("category") && !qualified && GENERIC_GROUP_CUES.has(prev);
      // "value by ocean" over median_house_value: a word of the chart's axes said with no sort or axis asked
      // is the one number field whose name holds it, partly named.
      const axisNamed = !qualified && !grammarQuantity ? axisWordField(lex, lemmas, i) : null;
      if (axisNamed && !out.some((p) => p.start <= i && p.end > i && p.mention.kind === "field")) {
        out.push(looseFieldAt(i, tokens[i].raw, [axisNamed]));
        continue;
      }
      // "average rate for variable loans" over interest_rate and rate_type: an average is of the one number.
      const averaged = averagedHead(lex, w, prev);
      if (averaged && !qualified && !out.some((p) => p.start <= i && p.end > i && p.mention.kind === "field")) {
        out.push(looseFieldAt(i, tokens[i].raw, [averaged]));
        continue;
      }
      // (A longer span read loosely across it, "amount per ship" for shipping_amount, is weighed against it later.)
      if ((measured || grouped) && heads.length >= MIN_GENERIC_HEADS && !out.some((p) => p.start === i && p.end === i + 1 && p.mention.kind === "field"))
        out.push(
          looseFieldAt(
            i,
            tokens[i].raw,
            heads.map((p) => p.field),
          ),
        );
      continue;
    }
    let partials = lex.partial.get(w);
    // (Not a comparative or superlative of the vocabulary: "cheapest" is no typo of "cheap" in Min.Price; it
    // names its field as an adjective, attach.ts.)
    if (!partials && w.length >= 5 && !(w in COMPARATIVE_FIELDS)) {
      for (const [k, list] of lex.partial) {
        if (!GENERIC_WORDS.has(k) && k.length >= 5 && wordsMatch(w, k) > 0) {
          partials = list;
          break;
        }
      }
    }
    // An abbreviation of one field's name word ("temp" for TemperatureC: a prefix of 3 letters or more,
    // at least 3 letters short of the word, that no other field's words start with): that field, partly named.
    if (
      !partials &&
      w.length >= 3 &&
      !ALONE_WORDS.has(w) &&
      !lex.nameIndex.has(w) &&
      !out.some((p) => p.start <= i && p.end > i && p.mention.kind === "field")
    ) {
      const named = new Set<string>();
      for (const [k, list] of lex.nameIndex) if (k.length >= w.length + 3 && k.startsWith(w)) for (const n of list) named.add(n.field);
      if (named.size === 1) partials = [...named].map((field) => ({ field, head: true, own: true }));
    }
    // "how many applied for Data Analyst", "how many claims did Ann submit": outside a question about time the event's verb (past or base form) over a date every row
    // has says which rows are counted (all of them), not a date to group by. (Where some rows lack the date,
    // "which agent closed the most tickets" over closed_at, it stays the field: those rows are not all counted.)
    const everyRowDated = (field: string) => {
      const ns = lex.byName.get(field)?.numbers;
      return !!ns && ns.every((x) => !Number.isNaN(x));
    };
    if (
      partials?.length &&
      !aboutTime &&
      partials.every(
        (p) =>
          everyRowDated(p.field) &&
          lex.names.some((n) => n.field === p.field && (pastFormOfDate(lex, n, [w]) || pastFormOfDate(lex, n, [pastOf(w)]) || verbOfDatedName(lex, n, [w]))),
      )
    ) {
      out.push({
        start: i,
        end: i + 1,
        priority: 2,
        score: 0.6,
        mention: { kind: "word", start: i, end: i + 1, text: tokens[i].raw, hits: [{ category: "rowNoun", key: "row" }] },
      });
      continue;
    }
    if (partials && partials.length) {
      const heads = partials.filter((p) => p.head);
      const chosen = heads.length ? heads : partials;
      out.push(
        looseFieldAt(
          i,
          tokens[i].raw,
          chosen.map((p) => p.field),
        ),
      );
    }
  }
  return out;
}

/**
 * Words that name only an axis of a chart ("value", "height"): said for sorting ("sort by value") or for one field.
 * (Not a word opening a phrase of another kind: "number" of "number of rows".)
 */
const AXIS_ONLY_WORDS: Set<string> = (() => {
  const elsewhere = new Set<string>();
  for (const [category, lists] of Object.entries(phrases))
    if (category !== "sortAxis" && lists && typeof lists === "object" && !Array.isArray(lists))
      for (const list of Object.values(lists as Record<string, unknown>)) if (Array.isArray(list)) for (const x of list) elsewhere.add(String(x).toLowerCase());
  const out = new Set<string>();
  for (const p of [...elsewhere]) if (p.includes(" ")) elsewhere.add(p.split(" ")[0]);
  for (const list of Object.values(phrases.sortAxis)) for (const x of list) if (!x.includes(" ") && !elsewhere.has(x) && !QUANTITY_WORDS.has(x)) out.add(x);
  return out;
})();
/** Phrases that ask for a sort or name an axis: with one said, an axis word is the sort's, not a field. */
const SORT_OR_AXIS_PHRASES: string[] = [
  ...Object.values(phrases.sort).flat(),
  ...Object.values(phrases.sortAxis)
    .flat()
    .filter((x) => /\baxis\b/.test(x)),
].map((x) => ` ${x.toLowerCase().replace(/-/g, " ")} `);

/**
 * The field an axis word at i names when no sort or axis is asked ("value by ocean" over median_house_value):
 * the one number field whose name holds the word, or null (none or several; a sort or axis said; part of a
 * longer phrase such as "total number").
 */
export function axisWordField(lex: TableLexicon, lemmas: string[], i: number): string | null {
  const w = lemmas[i];
  if (!AXIS_ONLY_WORDS.has(w)) return null;
  if (i > 0 && PHRASE_WORDS.has(`${lemmas[i - 1]} ${w}`)) return null;
  const said = ` ${lemmas.join(" ").replace(/-/g, " ")} `;
  if (SORT_OR_AXIS_PHRASES.some((p) => said.includes(p))) return null;
  const fields = new Set(lex.names.filter((n) => n.weight >= 1 && n.words.includes(w)).map((n) => n.field));
  if (fields.size !== 1) return null;
  const [field] = fields;
  return lex.byName.get(field)?.role === "number" ? field : null;
}
const PHRASE_WORDS: Set<string> = new Set(
  Object.values(phrases)
    .filter((lists) => lists && typeof lists === "object" && !Array.isArray(lists))
    .flatMap((lists) =>
      Object.values(lists as Record<string, unknown>)
        .filter(Array.isArray)
        .flat(),
    )
    .map((x) => String(x).toLowerCase()),
);

/** A field read loosely from the one word at i (a head noun, a synonym before a number, each field a generic word ends). */
function looseFieldAt(i: number, raw: string, names: string[]): Proposal {
  return {
    start: i,
    end: i + 1,
    priority: 2,
    score: 0.6,
    mention: { kind: "field", start: i, end: i + 1, text: raw, fields: names.map((name) => ({ name, score: 0.6 })), partial: true },
  };
}

/**
 * The fields whose own name ends in a generic word ("code": region_code, promo_code; "amount": monthly_amount,
 * setup_amount), grammar words too ("amount", "type"), which the partial index leaves out; where some are
 * categories and some free text (account_code with a value per row), the categories.
 */
export function genericHeads(lex: TableLexicon, w: string): { field: string }[] {
  const found = new Set((lex.partial.get(w) ?? []).filter((p) => p.head && p.own).map((p) => p.field));
  for (const n of lex.nameIndex.get(w) ?? []) if (n.weight >= 1 && n.words.length >= 2 && n.words[n.words.length - 1] === w) found.add(n.field);
  const heads = [...found].map((field) => ({ field }));
  const categories = heads.filter((p) => lex.byName.get(p.field)?.role === "category");
  return categories.length >= MIN_GENERIC_HEADS &&
    categories.length < heads.length &&
    heads.every((p) => ["category", "text"].includes(lex.byName.get(p.field)?.role ?? ""))
    ? categories
    : heads;
}

/**
 * "how many subscriptions started in 2024" over plan "Starter" and start_date, "orders shipped in April" over
 * status "Shipped" and ship_date: a past form naming a date field (its event, "started" for start_date, or its
 * own word, "opened" for opened_date), said with a time, is when the event happened; the value spelt like it
 * (exactly, or loosely as a typo) is another condition nobody asked for. (readFields proposes the event only in a
 * question about time: "how many orders were returned" keeps the value.)
 */
export function dropValuesUnderEventVerbs(proposals: Proposal[], tokens: Token[], lex: TableLexicon): void {
  const saidTime = proposals.some((p) => p.mention.kind === "date") || tokens.some((t) => EVENT_TIME_WORDS.has(t.lemma)) || saysTime(tokens);
  if (!saidTime) return;
  const eventAt = new Set<number>();
  for (const p of proposals) {
    if (p.mention.kind !== "field" || p.end - p.start !== 1 || !p.mention.fields.length) continue;
    const t = tokens[p.start];
    if (t.kind === "word" && /[a-z]{3,}ed$/.test(t.text) && p.mention.fields.every((f) => lex.byName.get(f.name)?.role === "date")) eventAt.add(p.start);
  }
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind === "value" && p.end - p.start === 1 && eventAt.has(p.start)) proposals.splice(i, 1);
  }
}

/**
 * "tickets in queue Q2" over queue_code holding "Q2": a value said right after its own field's name is that value,
 * not the quarter (or date) spelt like it.
 */
export function dropDatesOfNamedValues(proposals: Proposal[]): void {
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "date") continue;
    const named = proposals.some(
      (v) =>
        v.mention.kind === "value" &&
        v.start === p.start &&
        v.end === p.end &&
        v.mention.values.some((c) =>
          proposals.some((f) => f.mention.kind === "field" && f.end === p.start && f.mention.fields.some((x) => x.name === c.field)),
        ),
    );
    if (named) proposals.splice(i, 1);
  }
}

const AVERAGE_WORDS = new Set(
  Object.values(phrases.agg as Record<string, string[]>)
    .flat()
    .filter((p) => !p.includes(" ")),
);
/** "average rate", "mean rate": after an aggregate word, the one number field whose own name ends in the generic word. */
export function averagedHead(lex: TableLexicon, w: string, prev: string | undefined): string | null {
  if (!prev || !AVERAGE_WORDS.has(prev)) return null;
  const numbers = genericHeads(lex, w).filter((p) => lex.byName.get(p.field)?.role === "number");
  return numbers.length === 1 ? numbers[0].field : null;
}

const INITIAL_NOUNS = new Set(shapes.initialNouns.words);
/** One-word phrases that say how to answer (aggregates, counts, comparisons, rankings): no word of a field said by its initials. */
const QUESTION_GRAMMAR: Set<string> = (() => {
  const out = new Set<string>();
  for (const category of [
    "agg",
    "count",
    "share",
    "cmp",
    "comparative",
    "superlative",
    "limit",
    "sort",
    "question",
    "spread",
    "distribution",
    "neg",
    "conj",
  ] as const)
    for (const list of Object.values(phrases[category] as Record<string, string[]>)) for (const p of list) if (!p.includes(" ")) out.add(p.toLowerCase());
  return out;
})();
/**
 * "teacher experience" for AVGTCHEXP, "free lunch" for PCTFRLUNCH, "hours per week" for HRSWK: a field name that
 * glues abbreviations of several words, said by up to four words in a row (glued.ts). The longest such run from
 * each word is read; words that say the name's statistic ("average" of avg) are left to the question's grammar
 * at the run's ends. Two fields read alike are both offered (a question back); the answer says how it read them.
 */
function readGluedNames(tokens: Token[], lex: TableLexicon): Proposal[] {
  const names = lex.fields
    .map((f) => ({ field: f.name, glued: gluedNameCandidate(f.name, (w) => KNOWN_WORDS.has(w) || STOP_WORDS.has(w)) }))
    .filter((n): n is { field: string; glued: string } => n.glued !== null);
  if (names.length === 0) return [];
  const saidAnywhere = new Set(tokens.filter((t) => t.kind === "word").flatMap((t) => [t.text, t.lemma]));
  const statisticSaid = (piece: string) => statisticWords(piece).some((w) => saidAnywhere.has(w));
  const rowPiece = (piece: string) => [...lex.rowWords].some((w) => w.length > piece.length && pieceSaidBy(piece, { text: w, lemma: w }));
  const statisticWord = (t: Token) => ["avg", "pct", "tot", "num"].some((p) => statisticWords(p).includes(t.lemma));
  const usable = (t: Token | undefined) =>
    t !== undefined && t.kind === "word" && /^[a-z]+$/.test(t.text) && !lex.valueIndex.has(t.lemma) && !lex.valueIndex.has(t.text);
  const hits = findPhrases(tokens);
  const out: Proposal[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(tokens[i]) || GLUED_CONNECTORS.has(tokens[i].lemma)) continue;
    // The runs from word i: the said words (connectors between them left out) and where each run ends.
    const runs: { said: Token[]; end: number }[] = [];
    const said: Token[] = [];
    for (let j = i; j < tokens.length && said.length < 4; j++) {
      const t = tokens[j];
      if (!usable(t) || (j > i && t.sep)) break;
      if (GLUED_CONNECTORS.has(t.lemma)) continue;
      said.push(t);
      runs.push({ said: [...said], end: j + 1 });
    }
    for (const run of runs.reverse()) {
      if (run.said.every(statisticWord)) continue;
      // One word alone: a word no field is named by, of three letters or more; a word of the grammar ("spend")
      // only as the whole rest of a name beside pieces that go unsaid (totspend).
      const alone = run.said.length === 1 ? run.said[0] : null;
      const said = run.said.map((t) => ({ text: t.text, lemma: t.lemma, grammar: STOP_WORDS.has(t.lemma) }));
      if (alone && (alone.text.length < 3 || lex.nameIndex.has(alone.lemma) || lex.compactIndex.has(alone.lemma))) continue;
      const read = names
        .map((n) => ({ field: n.field, glued: n.glued, reading: readGluedName(n.glued, said, statisticSaid, rowPiece) }))
        .filter((r) => r.reading !== null)
        // (A name said as the word it is, "heaviest weight" over Weight, is read by the name readers; so is another
        // field's whole name among the words: "the fewest male births" beside male and female is male, not fe+male.)
        .filter((r) => !run.said.some((t) => t.text === r.glued || t.lemma === r.glued))
        .filter((r) => !run.said.some((t) => (lex.nameIndex.get(t.lemma) ?? []).some((n) => n.field !== r.field && n.weight >= 1 && n.words.length === 1)))
        .filter(
          (r) =>
            !alone ||
            !STOP_WORDS.has(alone.lemma) ||
            [alone.text, alone.lemma].includes(r.glued.slice(r.reading?.lead.length, r.glued.length - (r.reading?.tail.length ?? 0))),
        );
      if (read.length === 0) continue;
      const score = (r: (typeof read)[number]) => (r.reading?.reversed ? 0.8 : 0.86);
      const top = Math.max(...read.map(score));
      const fields = read.filter((r) => score(r) === top).map((r) => ({ name: r.field, score: top }));
      // The mention leaves the words of an average at the run's ends to the grammar ("average teacher experience"
      // is the average of AVGTCHEXP), and a total unless another statistic is asked of it ("total charges by payer"
      // sums TOTCHG; "the mean total charge", "the highest total charge" keep it in the name).
      const otherStatisticBefore = (k: number) => hits.some((h) => h.end <= k && ((h.category === "agg" && h.key !== "sum") || h.category === "superlative"));
      const grammarWord = (t: Token, k: number) =>
        statisticWords("avg").includes(t.lemma) || GLUED_CONNECTORS.has(t.lemma) || (statisticWords("tot").includes(t.lemma) && !otherStatisticBefore(k));
      let start = i;
      let end = run.end;
      while (start < end && grammarWord(tokens[start], start)) start++;
      while (end > start && grammarWord(tokens[end - 1], end - 1)) end--;
      // A percent piece said right after the words ("free lunch percentage" for PCTFRLUNCH) belongs to the name.
      const leads = new Set(read.map((r) => r.reading?.lead ?? ""));
      const after = tokens[end];
      if (after?.kind === "word" && !after.sep && leads.size === 1 && [...leads][0] === "pct" && statisticWords("pct").includes(after.lemma)) end++;
      if (start >= end) break;
      const mention: Mention = { kind: "field", start, end, text: spanText(tokens, start, end), fields, partial: false };
      out.push({ start, end, priority: 2, score: top, mention });
      break;
    }
  }
  return out;
}

/** Category values that contain a digit, by their exact lower-case text ("7b", "2023-24"); cached per lexicon. */
const codeCache = new WeakMap<TableLexicon, Map<string, ValueEntry[]>>();
/**
 * "body depth" for a field named BD, "carapace width" for CW: a name of two to four capitals is read as the
 * initials of as many words said in a row (none a grammar word, each of three letters or more).
 */
function readInitials(tokens: Token[], lex: TableLexicon): Proposal[] {
  const out: Proposal[] = [];
  for (const name of lex.byName.keys()) {
    if (!/^[A-Z]{2,4}$/.test(name)) continue;
    const len = name.length;
    for (let i = 0; i + len <= tokens.length; i++) {
      const span = tokens.slice(i, i + len);
      if (!span.every((t, k) => t.kind === "word" && t.text.length >= 3 && !STOP_WORDS.has(t.lemma) && t.text[0] === name[k].toLowerCase())) continue;
      const mention: Mention = { kind: "field", start: i, end: i + len, text: spanText(tokens, i, i + len), fields: [{ name, score: 0.9 }], partial: false };
      out.push({ start: i, end: i + len, priority: 2, score: 0.9, mention });
    }
  }
  // "savings rate" for sr, "disposable income" for dpi (disposable personal income): a lower-case name of two to
  // four letters, no word itself, whose first and last letters are the initials of two or three words said in a
  // row (the initials in its order; one letter between them may stand for a word left unsaid). The answer says
  // how it read them.
  for (const f of lex.fields) {
    const name = f.name;
    if (f.role !== "number" || !/^[a-z]{2,4}$/.test(name) || KNOWN_WORDS.has(name) || STOP_WORDS.has(name)) continue;
    for (let len = 2; len <= Math.min(3, name.length); len++)
      for (let i = 0; i + len <= tokens.length; i++) {
        const span = tokens.slice(i, i + len);
        // (No word of the question's grammar: "average delay" is no aid.)
        const grammar = (t: Token, k: number) =>
          (STOP_WORDS.has(t.lemma) || QUESTION_GRAMMAR.has(t.lemma) || QUESTION_GRAMMAR.has(t.text.toLowerCase())) &&
          !(k === len - 1 && INITIAL_NOUNS.has(t.lemma));
        if (!span.every((t, k) => t.kind === "word" && t.text.length >= 3 && !grammar(t, k) && !lex.nameIndex.has(t.lemma))) continue;
        const initials = span.map((t) => t.lemma[0]).join("");
        if (initials[0] !== name[0] || initials[len - 1] !== name[name.length - 1] || name.length - len > 1) continue;
        let k = 0;
        for (const c of name) if (c === initials[k]) k++;
        if (k < len) continue;
        const mention: Mention = { kind: "field", start: i, end: i + len, text: spanText(tokens, i, i + len), fields: [{ name, score: 0.85 }], partial: false };
        out.push({ start: i, end: i + len, priority: 2, score: 0.85, mention });
      }
  }
  // "body weight" for Bwt, "heart weight" for Hwt: the initial of a word said right before a word of the synonym
  // group of the abbreviation the name ends with (lexicon.ts initialGluedAbbreviation).
  for (const f of lex.fields) {
    const glued = initialGluedAbbreviation(f);
    if (!glued) continue;
    const len = glued.initials.length + 1;
    for (let i = 0; i + len <= tokens.length; i++) {
      const span = tokens.slice(i, i + len);
      const last = span[len - 1];
      if (last.kind !== "word" || (last.lemma !== glued.tail && !glued.phrases.includes(last.lemma))) continue;
      if (
        !span
          .slice(0, -1)
          .every(
            (t, k) => t.kind === "word" && t.text.length >= 3 && !STOP_WORDS.has(t.lemma) && !QUESTION_GRAMMAR.has(t.lemma) && t.lemma[0] === glued.initials[k],
          )
      )
        continue;
      const mention: Mention = {
        kind: "field",
        start: i,
        end: i + len,
        text: spanText(tokens, i, i + len),
        fields: [{ name: f.name, score: 0.9 }],
        partial: false,
      };
      out.push({ start: i, end: i + len, priority: 2, score: 0.9, mention });
    }
    // "the heaviest heart", "heavier hearts": a word of that initial beside a comparative of the group names the
    // field alone (the comparative keeps its own reading).
    if (glued.initials.length !== 1) continue;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.kind !== "word" || t.text.length < 3 || STOP_WORDS.has(t.lemma) || t.lemma[0] !== glued.initials) continue;
      const beside = [tokens[i - 1], tokens[i + 1]].some(
        (n) => n?.kind === "word" && (COMPARATIVE_FIELDS[n.lemma] ?? COMPARATIVE_FIELDS[n.text.toLowerCase()] ?? []).some((w) => glued.phrases.includes(w)),
      );
      if (!beside || lex.nameIndex.has(t.lemma) || lex.valueIndex.has(t.lemma) || lex.rowWords.has(t.lemma)) continue;
      const mention: Mention = { kind: "field", start: i, end: i + 1, text: t.text, fields: [{ name: f.name, score: 0.85 }], partial: false };
      out.push({ start: i, end: i + 1, priority: 2, score: 0.85, mention });
    }
  }
  // "slow learners" for a value SL of a coded field (Lrn: AL/SL): a value of two to four capitals, too.
  for (const f of lex.fields) {
    if (f.role !== "category" || !f.codes || f.dictionary.length > 12) continue;
    for (const value of f.dictionary) {
      if (!/^[A-Z]{2,4}$/.test(value)) continue;
      const len = value.length;
      for (let i = 0; i + len <= tokens.length; i++) {
        const span = tokens.slice(i, i + len);
        if (!span.every((t, k) => t.kind === "word" && t.text.length >= 3 && !STOP_WORDS.has(t.lemma) && t.text[0] === value[k].toLowerCase())) continue;
        // ("most common discharge" is the question's grammar and a field's word, not the initials of MCD.)
        if (span.some((t) => QUESTION_GRAMMAR.has(t.lemma))) continue;
        // ("magn Medium" is the field magn and its value, not the initials of MM.)
        if (span.some((t) => lex.nameIndex.has(t.lemma) || lex.valueIndex.has(t.lemma) || lex.valueIndex.has(t.text))) continue;
        const mention: Mention = { kind: "value", start: i, end: i + len, text: spanText(tokens, i, i + len), values: [{ field: f.name, value, alias: true }] };
        out.push({ start: i, end: i + len, priority: 3, score: 0.9, mention });
      }
    }
  }
  // "number of pregnancies" for npreg, "number of children" for nchild: a one-word name of "n" and the
  // first four letters or more of the thing counted.
  for (const name of lex.byName.keys()) {
    const stem = /^n(?:um|o)?([a-z]{4,})$/i.exec(name)?.[1]?.toLowerCase();
    if (!stem || lex.byName.get(name)?.role !== "number") continue;
    for (let i = 0; i + 3 <= tokens.length; i++) {
      if (tokens[i].lemma !== "number" || tokens[i + 1].lemma !== "of" || !tokens[i + 2].text.startsWith(stem)) continue;
      const mention: Mention = { kind: "field", start: i, end: i + 3, text: spanText(tokens, i, i + 3), fields: [{ name, score: 0.9 }], partial: false };
      out.push({ start: i, end: i + 3, priority: 2, score: 0.9, mention });
    }
  }
  // "population density" for popden, "blood pressure" for bloodpres: a one-word lower-case name that is the
  // clipped starts (three letters or more, each shorter than its word) of two words said in a row.
  for (const name of lex.byName.keys()) {
    if (!/^[a-z]{6,12}$/.test(name)) continue;
    for (let i = 0; i + 2 <= tokens.length; i++) {
      const [a, b] = [tokens[i], tokens[i + 1]];
      if (a.kind !== "word" || b.kind !== "word" || STOP_WORDS.has(a.lemma) || STOP_WORDS.has(b.lemma)) continue;
      const clipped = (word: string, part: string) => part.length >= 3 && part.length < word.length && word.startsWith(part);
      let split = false;
      for (let k = 3; k <= name.length - 3 && !split; k++)
        split = clipped(a.text.toLowerCase(), name.slice(0, k)) && clipped(b.text.toLowerCase(), name.slice(k));
      if (!split) continue;
      const mention: Mention = { kind: "field", start: i, end: i + 2, text: spanText(tokens, i, i + 2), fields: [{ name, score: 0.9 }], partial: false };
      out.push({ start: i, end: i + 2, priority: 2, score: 0.9, mention });
    }
  }
  return out;
}

function exactCodes(lex: TableLexicon): Map<string, ValueEntry[]> {
  let codes = codeCache.get(lex);
  if (!codes) {
    codes = new Map();
    for (const v of lex.values) {
      if (v.alias || v.label || !/\d/.test(v.value)) continue;
      const key = v.value.trim().toLowerCase();
      const list = codes.get(key) ?? [];
      if (!list.some((x) => x.field === v.field)) list.push(v);
      codes.set(key, list);
    }
    codeCache.set(lex, codes);
  }
  return codes;
}

const ARTICLES = new Set<string>(grammar.readers.articles);

/** Words after which a lower-case "a" cannot be the article ("for type a only", "type a and c", "type a patients"). */
const AFTER_LETTER_VALUE = new Set<string>(grammar.readers.afterLetterValue);

/** "a" at k is the article: a noun may follow it (not the end of the turn, a plural or a word AFTER_LETTER_VALUE holds). */
function articleAt(tokens: Token[], k: number): boolean {
  const next = tokens[k + 1];
  return !!next && next.kind === "word" && next.text === next.lemma && !AFTER_LETTER_VALUE.has(next.lemma);
}
const CALENDAR_UNITS = new Set<string>(grammar.readers.calendarUnits);
// The span of each unit's calendar positions: a field named "Days" holding 0..81 counts days (days absent),
// it does not number them.
const CALENDAR_SPANS: Record<string, [number, number]> = { day: [1, 366], week: [0, 53], month: [1, 12], hour: [0, 24], quarter: [1, 4] };

/**
 * A category value of digits and signs typed as it is stored ("65-74", "75+", "<=50K" as a band): the
 * tokens split or drop the signs (65 to 74, 75), so the question's own characters are compared. That
 * value, before the numbers or range read from it.
 */
function readSignedCodes(text: string, tokens: Token[], lex: TableLexicon): Proposal[] {
  const out: Proposal[] = [];
  const codes = [...exactCodes(lex)].filter(([key]) => /^\d/.test(key) && /[^a-z0-9. ]/.test(key));
  if (!codes.length) return out;
  const low = text.toLowerCase();
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== "number" || low.slice(tokens[i].start, tokens[i].end) !== tokens[i].raw.toLowerCase()) continue;
    const from = tokens[i].start;
    for (const [key, list] of codes) {
      if (!low.startsWith(key, from) || /[a-z0-9]/.test(low[from + key.length] ?? "")) continue;
      let j = i;
      while (j + 1 < tokens.length && tokens[j + 1].start < from + key.length) j++;
      const values: ValueCandidate[] = list.map((v) => ({ field: v.field, value: v.value, alias: false }));
      out.push({
        start: i,
        end: j + 1,
        priority: 5,
        score: 1,
        mention: { kind: "value", start: i, end: j + 1, text: text.slice(from, from + key.length), values },
      });
    }
  }
  return out;
}

/** Whether a date field's name holds that word as typed ("opened" in Opened At). */
function dateNamedBy(lex: TableLexicon, word: string): boolean {
  return lex.fields.some(
    (f) =>
      f.role === "date" &&
      f.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .includes(word),
  );
}

function readValues(tokens: Token[], lex: TableLexicon): Proposal[] {
  const out: Proposal[] = [];
  /** A value read from a shortened or partly typed word at token i ("med" for medium, "exercise frequently"). */
  const abbreviatedValueAt = (i: number, v: { field: string; value: string }): Proposal => ({
    start: i,
    end: i + 1,
    priority: 3,
    score: 0.7,
    mention: {
      kind: "value",
      start: i,
      end: i + 1,
      text: tokens[i].raw,
      values: [{ field: v.field, value: v.value, alias: true }],
      abbreviated: true,
    } as Mention,
  });
  const lemmas = tokens.map((t) => t.lemma);
  const texts = tokens.map((t) => t.text);
  // The words matched only as a typo, and an article said inside a value that has none ("near the
  // ocean" for NEAR OCEAN, counted as worse than a typo); null: no match.
  const match = (i: number, v: ValueEntry): { cost: number; end: number } | null => {
    let cost = 0;
    let k = i;
    for (let j = 0; j < v.words.length; j++, k++) {
      if (j === 1 && !v.label && ARTICLES.has(texts[k] ?? "") && !v.words.includes(texts[k])) {
        cost += 10;
        k++;
      }
      if (k >= tokens.length) return null;
      const want = v.words[j];
      if (lemmas[k] === want || texts[k] === want) continue;
      // The plural of a value's last word the singular rule keeps ("audis", "priuses" are not "audi" to it).
      if (!v.label && j === v.words.length - 1 && want.length >= 3 && (texts[k] === `${want}s` || texts[k] === `${want}es`)) continue;
      // A typo is allowed on longer words only (not in a row's label).
      if (!v.label && !v.head && want.length >= 6 && wordsMatch(lemmas[k], want, false) > 0) {
        cost++;
        continue;
      }
      // A one-word value of four or five letters typed with two neighbouring letters swapped ("tial" for
      // tail), when the typed word means nothing else.
      if (!v.label && !v.head && v.words.length === 1 && want.length >= 4 && shortSwapTypo(lemmas[k], texts[k], want, lex)) {
        cost++;
        continue;
      }
      return null;
    }
    return { cost, end: k };
  };
  for (let i = 0; i < tokens.length; i++) {
    // A code of digits and letters or dashes typed as one token ("7B", "2023-24", "G1"), spelt exactly as
    // a category value: that value, before any number or date read from it (7 billion, a year-month).
    const codeHits = (tokens[i].kind === "number" || tokens[i].kind === "date") && /[a-z-]/.test(texts[i]) ? exactCodes(lex).get(texts[i]) : undefined;
    if (codeHits)
      out.push({
        start: i,
        end: i + 1,
        priority: 5,
        score: 1,
        mention: { kind: "value", start: i, end: i + 1, text: tokens[i].raw, values: codeHits.map((v) => ({ field: v.field, value: v.value, alias: false })) },
      });
    if (tokens[i].kind === "symbol" && tokens[i].text !== ">" && tokens[i].text !== "<" && tokens[i].text !== ">=" && tokens[i].text !== "<=") continue;
    const firsts = new Set<string>([lemmas[i], texts[i]]);
    if (texts[i].length >= 4 && texts[i].endsWith("s") && lemmas[i] === texts[i]) firsts.add(texts[i].slice(0, -1));
    if (texts[i].length >= 5 && texts[i].endsWith("es") && lemmas[i] === texts[i]) firsts.add(texts[i].slice(0, -2));
    // "hoodies" for Hoodie, "cookies" for Cookie: the lemma ("hoody") is no value; the word without its "s" is.
    if (texts[i].length >= 5 && texts[i].endsWith("ies")) firsts.add(texts[i].slice(0, -1));
    const pool: ValueEntry[] = [];
    for (const f of firsts) for (const v of [...(lex.valueIndex.get(f) ?? []), ...(lex.labelIndex.get(f) ?? [])]) pool.push(v);
    // (A 5-letter word only when it means nothing else: "toyta" for toyota.)
    const typoLength =
      lemmas[i].length >= 6 ||
      (lemmas[i].length === 5 && /^[a-z]+$/.test(lemmas[i]) && !KNOWN_WORDS.has(lemmas[i]) && !STOP_WORDS.has(lemmas[i]) && !lex.nameIndex.has(lemmas[i]));
    if (typoLength) {
      for (const [first, list] of lex.valueIndex)
        if (first.length >= 6 && first[0] === lemmas[i][0] && first !== lemmas[i] && wordsMatch(lemmas[i], first, false) > 0) pool.push(...list);
    }
    if (lemmas[i].length >= 4 && lemmas[i].length <= 5) {
      for (const [first, list] of lex.valueIndex)
        if (first.length === lemmas[i].length && first !== lemmas[i] && shortSwapTypo(lemmas[i], texts[i], first, lex)) pool.push(...list);
    }
    // "loses us the most money", "show us": "us" typed in lower case after a verb is the pronoun, not a country.
    const pronoun = tokens[i].text === "us" && !tokens[i].cap && (PRONOUN_US_AFTER.has(texts[i - 1] ?? "") || PRONOUN_US_AFTER.has(lemmas[i - 1] ?? ""));
    // The longest match; among equally long ones the fewest typos: a word typed exactly as one value
    // is that value, not also the values one typo away ("island" is ISLAND, not INLAND too).
    let bestLen = 0;
    let bestCost = 0;
    let bestEnd = i;
    let best: ValueEntry[] = [];
    // "tickets opened per month" beside an Opened At date: the past form typed is that date's event, not a value
    // it is one letter away from (Status "Open" said "opener"); a value typed as itself still is the value.
    const datesEvent = tokens[i].kind === "word" && texts[i].endsWith("ed") && dateNamedBy(lex, texts[i]);
    for (const v of pool) {
      if (pronoun && v.words.length === 1) continue;
      if (datesEvent && v.words.length === 1 && v.words[0] !== texts[i]) continue;
      const hit = match(i, v);
      if (!hit) continue;
      if (v.words.length > bestLen || (v.words.length === bestLen && hit.cost < bestCost)) {
        bestLen = v.words.length;
        bestCost = hit.cost;
        bestEnd = hit.end;
        best = [v];
      } else if (v.words.length === bestLen && hit.cost === bestCost) best.push(v);
    }
    if (!bestLen) {
      // "self employed" for "Self-emp-inc" and "Self-emp-not-inc": the first words of longer values, abbreviated there.
      const partialHits: ValueEntry[] = [];
      let partialLen = 0;
      for (const v of pool) {
        if (v.words.length < 3 || v.alias || v.label) continue;
        let k = 0;
        while (k < v.words.length - 1 && i + k < tokens.length) {
          const typed = lemmas[i + k];
          const want = v.words[k];
          if (typed === want || (want.length >= 3 && typed.length > want.length && typed.startsWith(want))) k++;
          else break;
        }
        if (k >= 2 && k > partialLen) {
          partialLen = k;
          partialHits.length = 0;
        }
        if (k >= 2 && k === partialLen) partialHits.push(v);
      }
      if (partialLen && partialHits.some((v) => !v.words.slice(0, partialLen).every((w, j) => w === lemmas[i + j]))) {
        const values: ValueCandidate[] = partialHits.map((v) => ({ field: v.field, value: v.value, alias: true }));
        out.push({
          start: i,
          end: i + partialLen,
          priority: 3,
          score: 0.75,
          mention: {
            kind: "value",
            start: i,
            end: i + partialLen,
            text: spanText(tokens, i, i + partialLen),
            values,
          },
        });
      }
      // "the control group" for ctrl, "management" for mgmt: a word a short code value of one category
      // field abbreviates (its first letter and consonants), when no field name (also misspelt) or vocabulary word
      // ("excluding" is not ENG) has the word; an alias,
      // so the answer says how it read the word.
      if (
        !partialLen &&
        tokens[i].kind === "word" &&
        lemmas[i].length >= 5 &&
        !lex.nameIndex.has(lemmas[i]) &&
        !KNOWN_WORDS.has(lemmas[i]) &&
        !STOP_WORDS.has(lemmas[i]) &&
        // A misspelt field name ("stabilty" for stability) is the field, not its code "stab".
        similarNameWords(lex, lemmas[i]).length === 0
      ) {
        const coded = lex.values.filter(
          (v) => !v.alias && !v.label && !v.head && v.words.length === 1 && /^[a-z]{3,5}$/.test(v.words[0]) && abbreviates(v.words[0], lemmas[i]),
        );
        if (coded.length === 1) out.push(abbreviatedValueAt(i, coded[0]));
      }
      // "exercise frequently" (Exer "Freq"), "smoke regularly" (Smoke "Regul"): a word right after a category
      // field's name that one short value of that field starts is that value (stated as a reading), before
      // any vocabulary word it also is ("frequently" is no count here).
      if (!partialLen && i > 0 && tokens[i].kind === "word" && /^[a-z]{5,}$/.test(texts[i])) {
        const said = lex.nameIndex.get(lemmas[i - 1]) ?? lex.nameIndex.get(abbreviatedNameWord(lex, lemmas[i - 1])) ?? [];
        const named = new Set(said.filter((n) => n.words.length === 1).map((n) => n.field));
        const hits: { field: string; value: string }[] = [];
        for (const name of named) {
          const f = lex.byName.get(name);
          if (!f?.codes || f.role !== "category" || f.dictionary.length > 12) continue;
          for (const v of f.dictionary) {
            const low = v.trim().toLowerCase();
            if (/^[a-z]{3,}$/.test(low) && texts[i].length >= low.length + 2 && texts[i].startsWith(low)) hits.push({ field: f.name, value: v });
          }
        }
        if (hits.length === 1) out.push(abbreviatedValueAt(i, hits[0]));
      }
      // One-letter values next to their field's name ("R rated") or in a list of values ("PG or G",
      // "neither R nor PG-13").
      const short = lex.shortValues.get(texts[i]);
      if (short && tokens[i].kind !== "symbol") {
        const near = (k: number) => lemmas[k] ?? "";
        const hits = short.filter((v) => {
          const words = lex.fieldWords.get(v.field);
          // ("mother J, litter I": a field's name across a comma is the next pair's.)
          // ("the weight of a litter": "a" typed in lower case before a field's name is the article.)
          const article = texts[i] === "a" && !tokens[i].cap;
          if (words && ((words.has(near(i + 1)) && tokens[i + 1]?.sep !== "," && !article) || (words.has(near(i - 1)) && tokens[i].sep !== ","))) return true;
          // ("mothers of type B", "blood group A": a noun of kinds between the field's name and the letter.)
          if (words && VALUE_KIND_NOUNS.has(near(i - 1)) && (words.has(near(i - 2)) || (near(i - 2) === "of" && words.has(near(i - 3))))) return true;
          // ("location d", "variety t": the field's short name, Loc or Var, said in full right before the value.)
          const full = near(i - 1);
          if (words && [...words].some((w) => w.length >= 3 && full.length > w.length && (full.startsWith(w) || abbreviates(w, full)))) return true;
          // ("whose mfr is K", "grade = B": linked to its field's name by "is" or "=".)
          if (words && ["is", "=", "equal", "equals"].includes(near(i - 1)) && words.has(near(i - 2))) return true;
          // ("PG movies vs R movies": a list word, "vs" too, and the rows' noun after each value.)
          const LIST = ["or", "and", "nor", "vs", "versus"];
          const listed = (k: number) => LIST.includes(near(k)) || tokens[k + 1]?.sep === ",";
          const other = (k: number) =>
            (lex.valueIndex.get(lemmas[k] ?? "") ?? []).some((x) => x.field === v.field) ||
            (lex.shortValues.get(texts[k] ?? "") ?? []).some((x) => x.field === v.field && k !== i);
          const noun = ROW_NOUNS.has(near(i + 1)) ? 1 : 0;
          return (
            (listed(i - 1) && (other(i - 2) || (ROW_NOUNS.has(near(i - 2)) && other(i - 3)))) ||
            (LIST.includes(near(i + 1 + noun)) && other(i + 2 + noun)) ||
            (tokens[i + 1]?.sep === "," && other(i + 1))
          );
        });
        // ("average weight for genotype A", "how many are B?": a capital letter ending the question or its
        // clause is no article; with no field's name beside it, every field holding it is a reading.)
        if (!hits.length && loneCapital(tokens, i)) hits.push(...short);
        if (hits.length)
          out.push({
            start: i,
            end: i + 1,
            priority: 3,
            score: 1,
            mention: { kind: "value", start: i, end: i + 1, text: tokens[i].raw, values: hits.map((v) => ({ field: v.field, value: v.value, alias: false })) },
          });
      }
      continue;
    }
    // Short words are values only when typed exactly as the value ("No", "R", "PG").
    const values: ValueCandidate[] = [];
    for (const v of best) if (!values.some((x) => x.field === v.field && x.value === v.value)) values.push({ field: v.field, value: v.value, alias: v.alias });
    const exact = best.some((v) => !v.alias && v.words.every((w, j) => w === lemmas[i + j] || w === texts[i + j]));
    out.push({
      start: i,
      end: bestEnd,
      priority: 3,
      score: exact ? 1 : 0.9,
      mention: {
        kind: "value",
        start: i,
        end: bestEnd,
        text: spanText(tokens, i, bestEnd),
        values,
        // (Read through a misspelling: the answer says how it read the words.)
        ...(bestCost % 10 > 0 ? { typo: true } : {}),
      },
    });
  }
  return out;
}

/** A short word typed with two neighbouring letters swapped ("tial" for tail), itself no word the question's grammar, a field name or a value knows. */
function shortSwapTypo(lemma: string, text: string, want: string, lex: TableLexicon): boolean {
  if (lemma.length < 4 || lemma.length > 5 || lemma.length !== want.length || !/^[a-z]+$/.test(lemma)) return false;
  if (
    KNOWN_WORDS.has(lemma) ||
    KNOWN_WORDS.has(text) ||
    STOP_WORDS.has(lemma) ||
    lex.nameIndex.has(lemma) ||
    lex.valueIndex.has(lemma) ||
    lex.valueIndex.has(text)
  )
    return false;
  return wordsMatch(lemma, want, false) > 0 && lemma[0] === want[0];
}

function readWords(tokens: Token[]): Proposal[] {
  const byspan = new Map<string, { start: number; end: number; hits: { category: Category; key: string }[] }>();
  // "did gas consumption drop after insulation": in a yes/no question, a word of change that may also exclude
  // ("drop") is the change compared, not an exclusion.
  const yesNo = !!tokens[0] && COMPARE_OPENERS.has(tokens[0].lemma);
  for (const h of findPhrases(tokens)) {
    if (yesNo && h.category === "neg" && h.end - h.start === 1 && h.start > 1 && COMPARE_WORDS.has(tokens[h.start].lemma)) continue;
    // "... or more than 3 away goals": "or" joins a second comparison; "or more" ends one only when no "than" follows.
    if (h.category === "cmp" && h.end - h.start > 1 && ["or", "and"].includes(tokens[h.start].lemma) && tokens[h.end]?.lemma === "than") continue;
    const k = `${h.start}:${h.end}`;
    const e = byspan.get(k) ?? { start: h.start, end: h.end, hits: [] };
    if (!e.hits.some((x) => x.category === h.category && x.key === h.key)) e.hits.push({ category: h.category, key: h.key });
    byspan.set(k, e);
  }
  return [...byspan.values()].map((e) => ({
    start: e.start,
    end: e.end,
    priority: 1,
    score: 1,
    mention: {
      kind: "word",
      start: e.start,
      end: e.end,
      text: spanText(tokens, e.start, e.end),
      hits: e.hits,
    },
  }));
}

const SORT_VERBS = new Set<string>(grammar.readers.sortVerbs);
/** Words before an imperative verb: the start of a clause. */
const CLAUSE_OPENERS = new Set<string>(grammar.readers.clauseOpeners);
/** Words after a sort verb: what is sorted ("them", "the bars") or how ("by", "in", "from", "descending"). */
const SORT_OBJECTS = new Set<string>(grammar.readers.sortObjects);

/** Words that must not be read as the name of a value or field when they are grammar ("a table of", "a bar chart"). */
const COMMAND_WORDS = new Set<string>(grammar.readers.commandWords);

/** Reads one message into tokens and non-overlapping mentions. */
/**
 * "inactive", "unpaid", "non-smokers": the negative prefix of a word that names a yes/no field
 * (active_flg, is_paid, smoker) is read as "not" before that word, so the field's other side is meant.
 */
function splitNegatedFlags(tokens: Token[], lex: TableLexicon): Token[] {
  if (!lex.flagFields.size) return tokens;
  const out: Token[] = [];
  for (const t of tokens) {
    const m = t.kind === "word" ? /^(in|un|non-?)([a-z]{4,})$/.exec(t.lemma) : null;
    const rest = m ? m[2] : "";
    const names = m && !lex.nameIndex.has(t.lemma) && !lex.valueIndex.has(t.lemma) ? (lex.nameIndex.get(rest) ?? lex.partial.get(rest) ?? []) : [];
    if (names.length && names.every((n) => lex.flagFields.has("field" in n ? n.field : ""))) {
      const restText = t.text.slice(t.text.length - rest.length);
      out.push({ ...t, text: "not", lemma: "not", raw: m![1], end: t.start + m![1].length });
      out.push({ ...t, text: restText, lemma: rest, raw: t.raw.slice(m![1].length), start: t.start + m![1].length, sep: null });
    } else out.push(t);
  }
  return out;
}

/**
 * "averagecurrent", "maxyield": a word of the question's vocabulary typed without the space before a field's
 * whole name word (four letters or more) is read as the two words, when the glued word is nothing itself.
 */
function splitGluedWords(tokens: Token[], lex: TableLexicon): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const w = t.text;
    let split: [string, string] | null = null;
    if (
      t.kind === "word" &&
      w.length >= 7 &&
      /^[a-z]+$/.test(w) &&
      !KNOWN_WORDS.has(w) &&
      !lex.nameIndex.has(t.lemma) &&
      !lex.valueIndex.has(t.lemma) &&
      !lex.compactIndex.has(w)
    ) {
      for (let k = 3; k <= w.length - 4 && !split; k++) {
        const head = w.slice(0, k);
        const rest = tokenize(w.slice(k))[0];
        if (KNOWN_WORDS.has(head) && !STOP_WORDS.has(head) && rest && (lex.nameIndex.get(rest.lemma) ?? []).some((n) => n.weight >= 1))
          split = [head, w.slice(k)];
      }
    }
    if (!split) {
      out.push(t);
      continue;
    }
    const [head, rest] = split;
    const [h] = tokenize(head);
    const [r] = tokenize(rest);
    out.push({ ...t, text: h.text, lemma: h.lemma, raw: t.raw.slice(0, head.length), end: t.start + head.length });
    out.push({ ...t, text: r.text, lemma: r.lemma, raw: t.raw.slice(head.length), start: t.start + head.length, sep: null });
  }
  return out;
}

export function readMentions(text: string, lex: TableLexicon): Reading {
  const tokens = splitGluedWords(splitNegatedFlags(tokenize(text), lex), lex);
  const proposals = [
    ...readNumbersAndDates(tokens),
    ...readValues(tokens, lex),
    ...readSignedCodes(text, tokens, lex),
    ...readFields(tokens, lex),
    ...readInitials(tokens, lex),
    ...readGluedNames(tokens, lex),
    ...readWords(tokens),
  ];
  // Words of the dataset's name name the rows ("the faculty members", "its stations"); said in the
  // plural ("the number of participants" over a Participants table) they name the rows even where a
  // value is spelt the same ("Participant"): a value is said in the singular of one kind of row.
  // After "per" or "by", a singular row word that a field's name starts with is that field ("min
  // battery level per sensor" over sensor_readings: SensorCode), not the rows.
  // ("number of visits for each vet" over Vet_Visit: after each/every, a word of the dataset's name before its
  // last one that names one field in part is that field.)
  const groupedField = (t: Token, i: number) =>
    t.text === t.lemma &&
    (["per", "by"].includes(tokens[i - 1]?.lemma ?? "") || (["each", "every"].includes(tokens[i - 1]?.lemma ?? "") && lex.rowModifiers.has(t.lemma))) &&
    (lex.partial.get(t.lemma) ?? []).length === 1;
  // A plural row noun ("matches") that is only the first word of the rows' id and date fields
  // (match_id, match_date) names the rows, as the dataset's own name would.
  const rowsOfIdAndDate = (t: Token) => {
    if (t.text === t.lemma || !ROW_NOUNS.has(t.lemma)) return false;
    const named = lex.partial.get(t.lemma) ?? [];
    const dated = named.some((p) => lex.byName.get(p.field)?.role === "date");
    return dated && named.every((p) => lex.byName.get(p.field)?.role === "date" || namedAsCode(p.field));
  };
  // "what share of schools are boys only": a plural naming the field that holds one value per row
  // (School: each school's name), after a share word, is the rows.
  const rowsOfLabel = (t: Token, i: number) => {
    if (t.text === t.lemma) return false;
    const before = tokens[i - 1]?.lemma ?? "";
    // (Counted, "how many devices", the distinct names are the rows already.)
    // ("which record company has the most orchestras": counted by a superlative of amount, too.)
    if (!(before === "of" && ROW_SHARE_WORDS.has(tokens[i - 2]?.lemma ?? "")) && !["most", "fewest"].includes(before)) return false;
    const own = (lex.nameIndex.get(t.lemma) ?? []).filter((n) => n.weight >= 1 && n.words.length === 1 && n.words[0] === t.lemma);
    if (own.length !== 1) return false;
    const info = lex.byName.get(own[0].field);
    if (!info?.codes || info.role === "date") return false;
    let present = 0;
    for (const c of info.codes) if (c >= 0) present++;
    return present > 0 && info.distinct >= 0.98 * present;
  };
  // One word that names the table's rows ("patients", "days").
  const rowNoun = (i: number, priority: number): Proposal => ({
    start: i,
    end: i + 1,
    priority,
    score: 1,
    mention: { kind: "word", start: i, end: i + 1, text: tokens[i].raw, hits: [{ category: "rowNoun", key: "row" }] },
  });
  tokens.forEach((t, i) => {
    if (t.kind === "word" && (lex.rowWords.has(t.lemma) || rowsOfIdAndDate(t) || rowsOfLabel(t, i)) && !groupedField(t, i))
      proposals.push(rowNoun(i, t.text !== t.lemma ? 3.5 : 2.5));
  });
  // "how many orders", "the number of customers" over an Order ID / Customer Name whose values repeat (order
  // lines): the plural counted is that field (its different values are counted: candidates.ts), not the rows.
  tokens.forEach((t, i) => {
    if (t.kind !== "word" || t.text === t.lemma) return;
    const counted = (tokens[i - 1]?.lemma === "many" && tokens[i - 2]?.lemma === "how") || (tokens[i - 1]?.lemma === "of" && tokens[i - 2]?.lemma === "number");
    const name = counted ? countedThingField(lex.fields, t.lemma) : null;
    if (!name) return;
    // ("how many orders for each order quantity": a field named beside it that varies within one order is the
    // lines' own; the rows are counted.)
    const id = lex.byName.get(name)!;
    const lineField = proposals.some(
      (p) =>
        p.mention.kind === "field" &&
        (p.start > i || p.end <= i) &&
        p.score >= 0.6 &&
        p.mention.fields.some((c) => c.name !== name && !!lex.byName.get(c.name) && variesWithin(id, lex.byName.get(c.name)!)),
    );
    // ("the number of programs broadcast" over a broadcast table: the word naming the table's rows right after
    // says what is counted, the rows.)
    if (lineField || lex.rowWords.has(tokens[i + 1]?.lemma ?? "")) return;
    // ("how many products were ordered" over order lines: a verb naming another such field, Order ID, says the
    // lines are counted.)
    if (
      linesByVerb(
        tokens.slice(i + 1, i + 3).map((x) => x.lemma),
        t.lemma,
        lex.fields,
      )
    )
      return;
    for (let k = proposals.length - 1; k >= 0; k--) if (proposals[k].start === i && proposals[k].end === i + 1) proposals.splice(k, 1);
    proposals.push({
      start: i,
      end: i + 1,
      priority: 4,
      score: 1,
      mention: { kind: "field", start: i, end: i + 1, text: t.raw, fields: [{ name, score: 1 }], partial: false },
    });
  });
  // "the number of days with Temp above 85", "for days with ...": a plural time unit that is the whole
  // name of a number field holding a calendar position (Day 1..31, Month 5..9) names the rows, one per
  // day or month; the positions do not add up ("for each Month" in the singular stays the field).
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.end - p.start !== 1) continue;
    const t = tokens[p.start];
    if (t.text === t.lemma || !CALENDAR_UNITS.has(t.lemma)) continue;
    const f = lex.byName.get(p.mention.fields[0]?.name ?? "");
    if (!f || p.mention.fields.length !== 1 || f.role !== "number" || !f.integer || nameWords(f.name).join(" ") !== t.lemma) continue;
    const span = CALENDAR_SPANS[t.lemma];
    if (f.min < span[0] || f.max > span[1]) continue;
    // ("how many different weeks": counted as distinct, the unit is the field's values.)
    if (proposals.some((q) => q.end === p.start && q.mention.kind === "word" && q.mention.hits.some((h) => h.category === "agg" && h.key === "distinct")))
      continue;
    proposals.splice(i, 1);
    proposals.push(rowNoun(p.start, 3.5));
  }
  // "mean uptake for chilled Quebec plants": the plural of a category field's whole name right after a value
  // of another field, ending the question, names the rows those values pick, not a grouping by that field.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.end - p.start !== 1 || p.end !== tokens.length || p.mention.fields.length !== 1) continue;
    const t = tokens[p.start];
    const f = lex.byName.get(p.mention.fields[0].name);
    if (t.text === t.lemma || !f || f.role !== "category" || nameWords(f.name).join(" ") !== t.lemma) continue;
    const adjective = proposals.some(
      (q) => q.end === p.start && q.mention.kind === "value" && q.mention.values.length > 0 && q.mention.values.every((v) => v.field !== f.name),
    );
    if (!adjective) continue;
    proposals.splice(i, 1);
    proposals.push(rowNoun(p.start, 3.5));
  }
  // Command words stand alone as grammar unless they are part of a longer name.
  for (const p of proposals) {
    if ((p.mention.kind === "value" || p.mention.kind === "field") && p.end - p.start === 1 && COMMAND_WORDS.has(tokens[p.start].lemma)) {
      const t = tokens[p.start];
      const before = tokens[p.start - 1];
      // "top 3 plots by average weight" over a `Plot` field: the plural of the field's whole name after a
      // count ("3 plots", "how many plots") names those things, not charts.
      // ("average size of plots 1 and 2": the plural of the field's whole name before a number it holds names its values.)
      const after = tokens[p.end];
      const holds = (name: string) => {
        const f = lex.byName.get(name);
        return !!f?.discrete && after?.kind === "number" && !!f.numbers?.includes(Number(after.text));
      };
      const valuesNamed = t.text !== t.lemma && p.mention.kind === "field" && p.mention.fields.some((f) => holds(f.name));
      const countedName =
        t.text !== t.lemma && ((!!before && (before.kind === "number" || NUMBER_WORDS[before.text] !== undefined || before.text === "many")) || valuesNamed);
      const exactName =
        p.mention.kind === "field" && p.mention.fields.some((f) => f.name.toLowerCase() === t.text || (countedName && f.name.toLowerCase() === t.lemma));
      // "the Tables sub-category": a value followed by its own field's name is that value.
      const m = p.mention;
      const ownField =
        m.kind === "value" &&
        m.values.some((v) => lex.fieldWords.get(v.field)?.has(tokens[p.end]?.lemma ?? "") || lex.fieldWords.get(v.field)?.has(tokens[p.end + 1]?.lemma ?? ""));
      // "total sales of tables": a value stored in the plural ("Tables") and typed so is that value; the
      // command word is said in the singular ("as a table", "show a table").
      const pluralValue =
        m.kind === "value" &&
        tokens[p.start].text !== tokens[p.start].lemma &&
        m.values.some((v) => !v.alias && v.value.toLowerCase() === tokens[p.start].text);
      // "grade A loans", "grade A or B": a one-letter value right after its field's name (typed as
      // a capital, or after the name itself) is that value, not the article.
      const letterValue =
        (m.kind === "value" &&
          tokens[p.start].text.length === 1 &&
          m.values.some((v) => {
            const own = (k: number) => !!lex.fieldWords.get(v.field)?.has(tokens[k]?.lemma ?? "");
            // ("species type A": a noun of kinds between the field's name and the letter.)
            const kindBefore =
              VALUE_KIND_NOUNS.has(tokens[p.start - 1]?.lemma ?? "") && (own(p.start - 2) || (tokens[p.start - 2]?.lemma === "of" && own(p.start - 3)));
            return v.value.trim().length === 1 && (own(p.start - 1) || kindBefore);
          }) &&
          (tokens[p.start].cap || tokens[p.start].text !== "a" || !articleAt(tokens, p.start))) ||
        (m.kind === "value" && loneCapital(tokens, p.start));
      // "counties in OH or IN": a grammar word typed with capitals inside the sentence, where a value
      // of two or more capitals is spelt the same, is that value.
      const capsValue =
        m.kind === "value" &&
        p.start > 0 &&
        !!tokens[p.start].cap &&
        m.values.some(
          (v) =>
            !v.alias && v.value.trim().length >= 2 && v.value.trim() === v.value.trim().toUpperCase() && v.value.trim().toLowerCase() === tokens[p.start].text,
        );
      // ("value by ocean" over median_house_value: an axis word with no sort asked names its one field.)
      const axisField =
        m.kind === "field" &&
        m.fields.some(
          (f) =>
            f.name ===
            axisWordField(
              lex,
              tokens.map((x) => x.lemma),
              p.start,
            ),
        );
      if (!exactName && !ownField && !pluralValue && !letterValue && !capsValue && !axisField) p.score -= 0.5;
    }
  }
  // A sort verb said as a command ("Sort the bars ...", "could you rank by the bar", "and order them
  // by ...") is the verb even where a field has that name (a Rank field): it opens the request or a
  // clause and is followed by what is sorted or how.
  for (const p of proposals) {
    if ((p.mention.kind !== "value" && p.mention.kind !== "field") || p.end - p.start !== 1 || !SORT_VERBS.has(tokens[p.start].lemma)) continue;
    const prev = tokens[p.start - 1];
    const next = tokens[p.end];
    const opens = !prev || tokens[p.start].sep !== null || CLAUSE_OPENERS.has(prev.lemma);
    if (opens && next && SORT_OBJECTS.has(next.lemma)) p.score -= 0.5;
  }
  // "does higher horsepower mean lower acceleration": "mean" followed by a comparison is the verb,
  // not the average (vocab/shapes.json meanVerb).
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || p.end - p.start !== 1 || !p.mention.hits.some((h) => h.category === "agg" && h.key === "mean")) continue;
    if (meanIsVerb(tokens, p.start, proposals)) proposals.splice(i, 1);
  }
  // "top 3 colors by average price" over a table with a color field: the plural is the field's name (the groups
  // ranked), not the series phrase "color by" (said as a verb: "color by cut", "colored by region").
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || p.end - p.start < 2 || !p.mention.hits.every((h) => h.category === "series")) continue;
    const first = tokens[p.start];
    if (first.text === first.lemma) continue;
    const named = proposals.some((q) => q.mention.kind === "field" && q.start === p.start && q.end === p.start + 1 && q.score >= 1);
    if (named) proposals.splice(i, 1);
  }
  // "shipped same day": a loose field reading (Days to Ship) over a span holding a value said exactly
  // in two or more words (Ship Mode "Same Day") gives way to the value.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.score >= 0.9) continue;
    const inner = proposals.some(
      (q) =>
        q.mention.kind === "value" && q.end - q.start >= 2 && q.start >= p.start && q.end <= p.end && q.score >= 1 && q.mention.values.some((v) => !v.alias),
    );
    if (inner) proposals.splice(i, 1);
  }
  // After a comparison word ("over 2 years", "under a year") a number and its unit are a compared
  // duration: not a value spelt the same ("Two year" contracts), and "a" before the unit is one.
  const cmpEndsAt = new Set<number>();
  for (const p of proposals) if (p.mention.kind === "word" && p.mention.hits.some((h) => h.category === "cmp")) cmpEndsAt.add(p.end);
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind === "value" && cmpEndsAt.has(p.start) && tokens[p.start].kind === "number") proposals.splice(i, 1);
  }
  // (Only where a field holds a duration: "changes over a year" of a table without one is time.)
  const durationField = lex.fields.some(
    (f) =>
      f.numbers !== null &&
      f.role !== "date" &&
      f.name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .some((w) => DURATION_FIELD_WORDS.has(w)),
  );
  // ("more than an hour" where a field's name says it holds hours or minutes: "wait_minutes", "Running Time".)
  const clockField = lex.fields.some(
    (f) =>
      f.numbers !== null &&
      f.role !== "date" &&
      f.name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .some((w) => CLOCK_DURATION_FIELD_WORDS.has(w)),
  );
  tokens.forEach((t, i) => {
    const unitWord = tokens[i + 1]?.lemma ?? "";
    if ((t.lemma !== "a" && t.lemma !== "an") || !DURATION_WORDS.has(unitWord)) return;
    if (!(CLOCK_UNITS.has(unitWord) ? clockField || durationField : durationField)) return;
    // "more than half an hour", "under half a day": half of the unit.
    const half = tokens[i - 1]?.lemma === "half" && cmpEndsAt.has(i - 1);
    if (!half && !cmpEndsAt.has(i)) return;
    const start = half ? i - 1 : i;
    // (Not the phrase "a year" of a time grain.)
    for (let j = proposals.length - 1; j >= 0; j--)
      if (proposals[j].start >= start && proposals[j].start <= i && proposals[j].mention.kind === "word") proposals.splice(j, 1);
    proposals.push({
      start,
      end: i + 1,
      priority: 4,
      score: 1,
      mention: { kind: "number", start, end: i + 1, text: spanText(tokens, start, i + 1), value: half ? 0.5 : 1, percent: false, money: false, ordinal: false },
    });
  });
  // "the lowest mpg in the data", "across the dataset": the whole table, not a word for its rows.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || p.end - p.start !== 1 || !WHOLE_TABLE_NOUNS.has(tokens[p.start].lemma)) continue;
    if (!p.mention.hits.every((h) => h.category === "rowNoun")) continue;
    let k = p.start - 1;
    while (k >= 0 && ["the", "this", "our", "my", "whole", "entire", "all"].includes(tokens[k].lemma)) k--;
    if (k >= 0 && WHOLE_TABLE_BEFORE.has(tokens[k].lemma)) proposals.splice(i, 1);
  }
  // "the highest attendance of any match", "the best score of all students": after a superlative, the
  // rows named after "of any"/"of all" are the whole table, not a listing of them.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.end - p.start !== 1 || p.start < 2 || !ROW_NOUNS.has(tokens[p.start].lemma)) continue;
    if (p.mention.kind !== "word" && !(p.mention.kind === "field" && p.mention.partial)) continue;
    if (!["any", "all"].includes(tokens[p.start - 1].lemma) || !["of", "across", "among"].includes(tokens[p.start - 2].lemma)) continue;
    const superlative = proposals.some((q) => q.end <= p.start - 2 && q.mention.kind === "word" && q.mention.hits.some((h) => h.category === "superlative"));
    if (superlative) proposals.splice(i, 1);
  }
  // "less than a year": "a year" is one year compared, not the grain "per year".
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || !["a", "an"].includes(tokens[p.start].text)) continue;
    if (proposals.some((q) => q.mention.kind === "number" && q.start === p.start)) proposals.splice(i, 1);
  }
  // "average number of employees by industry" over a table named "companies": a role of people
  // (employees, customers) is not the rows of a table named after non-person rows; the word is unknown.
  const foreignRows = new Set<number>();
  const thingRows = [...lex.rowWords].some((w) => ROW_NOUNS.has(w) && !PERSON_NOUNS.has(w));
  if (thingRows)
    for (let i = proposals.length - 1; i >= 0; i--) {
      const p = proposals[i];
      const lem = tokens[p.start].lemma;
      if (p.mention.kind !== "word" || p.end - p.start !== 1 || !ROLE_NOUNS.has(lem) || lex.rowWords.has(lem)) continue;
      if (!p.mention.hits.every((h) => h.category === "rowNoun")) continue;
      proposals.splice(i, 1);
      foreignRows.add(p.start);
    }
  joinBandNouns(proposals, tokens, lex);
  // "top 2 car groups by claims" over a field called Group: the plural noun is the field, not the verb "group by".
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    const t = tokens[p.start];
    if (p.mention.kind !== "word" || p.end - p.start < 2 || t.text === t.lemma || !p.mention.hits.some((h) => h.category === "group")) continue;
    if (proposals.some((q) => q.mention.kind === "field" && !q.mention.partial && q.start === p.start && q.end === p.start + 1 && q.score >= 0.95))
      proposals.splice(i, 1);
  }
  // "only the students" where no field or value reads "students": a role of people asked as a condition
  // the table cannot apply; the word is unknown, so the answer names it as not used.
  const onlyBefore = (k: number) => tokens[k - 1]?.lemma === "only" || (tokens[k - 1]?.lemma === "the" && tokens[k - 2]?.lemma === "only");
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    const lem = tokens[p.start].lemma;
    if (p.mention.kind !== "word" || p.end - p.start !== 1 || !ROLE_NOUNS.has(lem) || lex.rowWords.has(lem) || !onlyBefore(p.start)) continue;
    if (!p.mention.hits.every((h) => h.category === "rowNoun") || lex.fields.some((f) => nameWords(f.name).includes(lem))) continue;
    if (proposals.some((q) => q !== p && q.start <= p.start && q.end > p.start)) continue;
    proposals.splice(i, 1);
    foreignRows.add(p.start);
  }
  // "how many tickets per team" where nothing reads "team": a second row noun after "per"/"by", other than the rows
  // counted before it, is a grouping by a field the table lacks, not the rows again; the word is unknown.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    const lem = tokens[p.start].lemma;
    if (p.mention.kind !== "word" || p.end - p.start !== 1 || lex.rowWords.has(lem) || !["per", "by"].includes(tokens[p.start - 1]?.lemma ?? "")) continue;
    if (!p.mention.hits.every((h) => h.category === "rowNoun") || lex.fields.some((f) => nameWords(f.name).includes(lem))) continue;
    const rowsBefore = proposals.some(
      (q) => q.end <= p.start - 1 && q.mention.kind === "word" && q.mention.hits.some((h) => h.category === "rowNoun") && tokens[q.start].lemma !== lem,
    );
    if (!rowsBefore || proposals.some((q) => q !== p && q.start <= p.start && q.end > p.start)) continue;
    proposals.splice(i, 1);
    foreignRows.add(p.start);
  }
  dropAggregateWordFields(proposals);
  dropReorderedAggregateSpans(proposals, (i) => tokens[i].lemma);
  dropGrainsOverFields(proposals, lex, (i) => i > 0 && !!tokens[i].cap);
  dropLooseFieldsOverExact(proposals);
  dropWordsOverNamedValues(proposals);
  dropValuesUnderEventVerbs(proposals, tokens, lex);
  dropDatesOfNamedValues(proposals);
  dropSortedNames(proposals, (i) => tokens[i]?.lemma ?? "");
  periodNamedFields(proposals, tokens, lex.fields, nameWords);
  // "the 10-year yield", "3m" over tsy10y, ret_3m: the horizon names the one field of that horizon (or none).
  const numbered = numberedMentions(
    tokens,
    text,
    lex.fields.filter((f) => f.role === "number").map((f) => f.name),
    {
      known: (w) => KNOWN_WORDS.has(w) || lex.nameIndex.has(w) || lex.partial.has(w) || lex.valueIndex.has(w),
      stopWord: (w) => STOP_WORDS.has(w),
    },
  );
  for (const m of numbered) {
    const said = spanText(tokens, m.start, m.end);
    const mention: Mention = m.fields.length
      ? { kind: "field", start: m.start, end: m.end, text: said, fields: m.fields.map((name) => ({ name, score: 1 })), partial: m.fields.length > 1 }
      : { kind: "unknown", start: m.start, end: m.end, text: said };
    proposals.push({ start: m.start, end: m.end, priority: 5, score: 1, mention });
  }
  // "did not depart from Seattle": a route cue before a value is not a loosely named field (dep_delay_min).
  const cueAt = routeCuePositions(
    tokens.map((t) => t.lemma),
    proposals.filter((p) => p.mention.kind === "value").map((p) => p.start),
  );
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.score >= 1) continue;
    let inCue = true;
    for (let k = p.start; k < p.end; k++) if (!cueAt.has(k)) inCue = false;
    if (inCue) proposals.splice(i, 1);
  }
  // Longer spans first; then numbers/dates, values, fields, words; then the better match.
  proposals.sort((a, b) => b.end - b.start - (a.end - a.start) || b.priority - a.priority || b.score - a.score || a.start - b.start);
  const taken = new Int32Array(tokens.length).fill(-1);
  const mentions: Mention[] = [];
  for (const p of proposals) {
    if (p.score <= 0.5 && p.mention.kind !== "word") continue;
    let free = true;
    for (let k = p.start; k < p.end && free; k++) if (taken[k] >= 0) free = false;
    if (!free) {
      // Vocabulary words on exactly the span of a field or value are kept alongside ("heavier", "monthly").
      continue;
    }
    for (let k = p.start; k < p.end; k++) taken[k] = mentions.length;
    mentions.push(p.mention);
  }
  // Vocabulary words inside a chosen field span stay available as extra hits (e.g. "total" in "total charges").
  for (const p of proposals) {
    if (p.mention.kind !== "word") continue;
    const owner = taken[p.start];
    if (owner < 0) continue;
    const m = mentions[owner];
    if (m === p.mention) continue;
    if (m.kind === "field" && p.start === m.start && p.end === m.end) (m as Mention & { alsoWord?: typeof p.mention }).alsoWord = p.mention;
  }
  const routeCues = routeCuePositions(
    tokens.map((t) => t.lemma),
    mentions.filter((m) => m.kind === "value").map((m) => m.start),
  );
  for (let i = 0; i < tokens.length; i++) {
    if (taken[i] >= 0 || routeCues.has(i)) continue;
    const t = tokens[i];
    // A number nothing could read ("their 30s", "5x") is not dropped in silence: the answer names it.
    if (t.kind === "number") {
      taken[i] = mentions.length;
      mentions.push({ kind: "unknown", start: i, end: i + 1, text: t.raw });
      continue;
    }
    if (t.kind !== "word") continue;
    if ((STOP_WORDS.has(t.lemma) || KNOWN_WORDS.has(t.lemma) || ROW_NOUNS.has(t.lemma) || t.text.length <= 2) && !foreignRows.has(i)) continue;
    taken[i] = mentions.length;
    // "top 4 cereals with the most calories", "which animals are heavier than 100": a plural noun nothing
    // reads, ranked or asked "which" of, over a table whose rows each have their own name (`rowNamer`),
    // names the rows: it is read as that field (stated in the answer, `rowsNoun`).
    if (lex.rowNamer && t.text !== t.lemma && t.text.length > 3 && ranksRows(tokens, i)) {
      mentions.push({
        kind: "field",
        start: i,
        end: i + 1,
        text: t.raw,
        fields: [{ name: lex.rowNamer, score: 0.9 }],
        partial: false,
        rowsNoun: true,
      } as Mention);
      continue;
    }
    // "subscription rate" over a table whose one yes/no field is its unnamed outcome ("y", "target"):
    // the noun before "rate" names that field (stated as read).
    const target = tokens[i + 1]?.lemma === "rate" ? targetField(lex) : null;
    if (target) {
      mentions.push({ kind: "field", start: i, end: i + 1, text: t.raw, fields: [{ name: target, score: 0.9 }], partial: false });
      continue;
    }
    mentions.push({ kind: "unknown", start: i, end: i + 1, text: t.raw });
  }
  // "low and high estimates", "minimum and maximum temperature": the first word shares the second's noun.
  for (const m of mentions.slice()) {
    if (m.kind !== "field" || m.end - m.start < 2) continue;
    const conj = tokens[m.start - 1];
    const w = tokens[m.start - 2];
    if (!conj || !w || !(conj.lemma === "and" || conj.lemma === "or" || conj.text === ",") || w.kind !== "word") continue;
    const owner = taken[m.start - 2];
    if (owner >= 0 && mentions[owner].kind !== "unknown") continue;
    const span = [w.lemma, ...tokens.slice(m.start + 1, m.end).map((t) => t.lemma)];
    let best: { name: string; score: number } | null = null;
    for (const n of lex.names) {
      const s = scoreSpan(span, n);
      if (s >= 0.9 && (!best || s > best.score)) best = { name: n.field, score: s };
    }
    if (!best || m.fields.some((f) => f.name === best!.name)) continue;
    const added: Mention = { kind: "field", start: m.start - 2, end: m.start - 1, text: w.raw, fields: [best], partial: false };
    if (owner >= 0) mentions.splice(owner, 1, added);
    else mentions.push(added);
    taken[m.start - 2] = -2;
  }
  readSharedAgentWord(mentions, tokens, lex);
  mentions.sort((a, b) => a.start - b.start);
  const at = new Int32Array(tokens.length).fill(-1);
  mentions.forEach((m, idx) => {
    for (let k = m.start; k < m.end; k++) at[k] = idx;
  });
  return { tokens, mentions, at };
}

const TARGET_NAMES = new Set(words.targetFields.names);
/** The one yes/no field named like an unnamed outcome ("y", "target"), if the table has exactly one. */
function targetField(lex: TableLexicon): string | null {
  const found = [...lex.flagFields].filter((f) => TARGET_NAMES.has(f.toLowerCase()));
  return found.length === 1 ? found[0] : null;
}

/** The word at `i` is what a ranking or a "which" question picks: "top 4 X", "the 5 largest X", "which X". */
function ranksRows(tokens: Token[], i: number): boolean {
  const w = (k: number) => (k >= 0 ? tokens[k].lemma : "");
  let k = i - 1;
  if (w(k) === "which") return true;
  if (RANK_ADJ.has(w(k))) k--;
  if (tokens[k]?.kind !== "number") return false;
  return w(k - 1) === "top" || w(k - 1) === "bottom" || (k < i - 1 && w(k - 1) === "the");
}
const RANK_ADJ = new Set<string>(grammar.readers.rankAdj);

const MEAN_AFTER = new Set(shapes.meanVerb.after);
const MEAN_ARTICLES = new Set(shapes.meanVerb.articles);
const MEAN_NOT_AFTER = new Set(shapes.meanVerb.notAfter);

/** "mean"/"means" at `i` is the verb: a comparison follows it (directly or after an article) and no word introducing the average precedes it. */
const BAND_NOUNS = new Set(shapes.bandNouns.nouns);

/**
 * "claims by age group" over fields Age and Group: a field's name followed by a band noun that is another
 * field's whole name ("group", "band", "bracket") names the first field's bands, one span for the first field.
 */
function joinBandNouns(proposals: Proposal[], tokens: Token[], lex: TableLexicon) {
  const single = (p: Proposal) => (p.mention.kind === "field" && !p.mention.partial && p.mention.fields.length === 1 ? p.mention.fields[0].name : null);
  for (const q of proposals.slice()) {
    const b = single(q);
    if (!b || q.end - q.start !== 1 || !BAND_NOUNS.has(tokens[q.start].lemma)) continue;
    const bw = nameWords(b);
    if (bw.length !== 1 || bw[0] !== tokens[q.start].lemma) continue;
    for (const p of proposals) {
      const a = single(p);
      if (!a || a === b || p.end !== q.start || !lex.byName.has(a) || p.mention.kind !== "field") continue;
      proposals.push({ ...p, end: q.end, mention: { ...p.mention, end: q.end, text: `${p.mention.text} ${tokens[q.start].raw}` } });
      break;
    }
  }
}

function meanIsVerb(tokens: Token[], i: number, proposals: Proposal[]): boolean {
  const t = tokens[i];
  if (t.text !== "mean" && t.text !== "means") return false;
  const prev = tokens[i - 1];
  if (!prev || prev.kind !== "word" || MEAN_NOT_AFTER.has(prev.text) || t.sep !== null) return false;
  let j = i + 1;
  if (tokens[j] && MEAN_ARTICLES.has(tokens[j].text)) j++;
  const next = tokens[j];
  if (!next || next.kind !== "word" || tokens[j + 1]?.text === "than") return false;
  if (MEAN_AFTER.has(next.text)) return true;
  // A comparative adjective of the vocabulary ("mean heavier cars").
  return proposals.some((p) => p.start === j && p.mention.kind === "word" && p.mention.hits.some((h) => h.category === "comparative"));
}

export function fieldInfo(lex: TableLexicon, name: string): FieldInfo | undefined {
  return lex.byName.get(name);
}
