// Local attachment: mentions -> the pieces a plan is built from. Comparisons take their number and
// the field they are about; values are bound to the field the question names next to them (only
// without one, to any field holding that value); negation and "or"/"and" lists apply to the values
// they govern; aggregate, grouping, series, sort and limit words attach to the field they precede.
// Nothing here decides the plan: where a word allows several readings, all are kept as options and
// the generator and the scoring choose (candidates.ts, features.ts).
import { readAgeBands } from "./bands";
import { promoterField } from "./nps";
import type { FieldInfo } from "../columns";
import { hasTimeOfDay, isTimeField } from "../columns";
import type { Aggregate, Filter, TimeBucket } from "../plan";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../execute";
import { flagValues, isElapsedTime, nameWords, SUBJECT_FIELDS, type TableLexicon } from "./lexicon";
import { finerThan } from "./perperiod";
import type { DateValue, FieldCandidate, Mention, Reading } from "./readers";
import { abbreviatedNameWord } from "./readers";
import type { Category } from "./vocabulary";
import { levelReadings } from "./levels";
import { routeSideField } from "./route-side";
import { spanText } from "./tokens";
import {
  ABBREVIATIONS,
  COMPARE_OPENERS,
  COMPARE_WORDS,
  correctWord,
  MULTIPLIERS,
  NUMBER_WORDS,
  ORDINAL_POSITIONS,
  KNOWN_WORDS,
  ORDINAL_RANKS,
  ROW_NOUNS,
  STOP_WORDS,
  VALUE_ALIASES,
} from "./vocabulary";
import { gluedUnit } from "./glued";
import words from "../vocab/words.json";
import shapes from "../vocab/shapes.json";
import grammar from "../vocab/grammar.json";

/** Aggregate phrases said after their field ("hours per week on average", "sales in total"). */
const TRAILING_AGG = /^(on average|in total|altogether|combined|on the average)$/;
/** Aggregates a yes/no question may test against a number ("is the average y above 10"). */
const TESTED_AGGS = new Set<Aggregate>(["mean", "sum", "median", "min", "max"]);
const VALUE_GROUP_NOUNS = new Set<string>(shapes.valueGroupNouns.nouns);
const CONTROL_VALUES = new Set<string>(words.controlGroup.values);
const TREATED_WORDS = new Set<string>(words.controlGroup.treated);
const UNTREATED_WORDS = new Set<string>(words.controlGroup.untreated);
const CLOSED_FIRST_WORDS = new Set<string>(words.openStates.closedFirstWords);
const OPEN_WORDS = new Set<string>(words.openStates.openWords);
const FLAG_NAME_OPPOSITES = words.flagNameOpposites.words;
// "I meant the average, not the total": an aggregate word after one of these (an article between allowed) is set aside.
const NOT_AGGREGATE: string[] = grammar.attach.notAggregate;

/** Words our vocabulary knows as another name of a field's value ("girls" for female, "Americans" for USA). */
const VALUE_ALIAS_WORDS = new Set(Object.values(VALUE_ALIASES).flat());

/** Words that link counted rows to their condition ("how many districts are inland"). */
const ROW_LINKS = new Set<string>(grammar.attach.rowLinks);
/** The words between a yes/no field and the side said after it ("y is no", "Churn = No"). */
const FLAG_IS = new Set<string>(grammar.attach.flagIs);
/** Words around a field that say its cell is empty ("no pulse", "a missing income", "left blank"). */
const MISSING_BEFORE = new Set(words.missingValues.before);
const MISSING_AFTER = new Set(words.missingValues.after);
const MISSING_VERBS = new Set(words.missingValues.verbs);
const MISSING_NONE = new Set(words.missingValues.none);
const MISSING_CELL_NOUNS = new Set(words.missingValues.cellNouns);
const MISSING_SKIP = new Set<string>(grammar.attach.missingSkip);
const NOT_WORDS = new Set<string>(grammar.attach.notWords);
const AUX_WORDS = new Set<string>(grammar.attach.auxWords);
const MISSING_COUNT = new WeakMap<FieldInfo, boolean>();
/** Whether some cells of the field are empty. */
function hasMissing(f: FieldInfo): boolean {
  let out = MISSING_COUNT.get(f);
  if (out === undefined) {
    out = false;
    if (f.codes) {
      for (const c of f.codes) if (c < 0) out = true;
    } else if (f.numbers) {
      for (const v of f.numbers) if (Number.isNaN(v)) out = true;
    }
    MISSING_COUNT.set(f, out);
  }
  return out;
}
const COMPARATIVE_FIELDS: Record<string, string[]> = words.comparativeFields;
/** Superlatives naming no quantity ("the largest", "the smallest"): words.json `oneNumberSuperlatives`. */
const ONE_NUMBER_SUPERLATIVES = new Set<string>(words.oneNumberSuperlatives.words);
/** Superlatives of time and the end of the dates they rank from ("the 5 oldest orders": the earliest). */
const RECENCY_WORDS: Record<string, "max" | "min"> = { newest: "max", latest: "max", "most recent": "max", oldest: "min", earliest: "min" };
/** The field words of a comparative or superlative, also misspelt ("heavyest" of "heaviest"), and of
 * "the most" read apart from the adjective after it ("the most expensive"). */
const comparativeFieldWords = (text: string, next?: string): string[] | undefined => {
  const own = COMPARATIVE_FIELDS[text] ?? COMPARATIVE_FIELDS[correctWord(text.toLowerCase()) ?? ""];
  const degree = /(^|\s)(most|least|more|less)$/i.exec(text);
  return own ?? (degree && next ? COMPARATIVE_FIELDS[`${degree[2].toLowerCase()} ${next.toLowerCase()}`] : undefined);
};
const PERSON_NOUNS = new Set(words.personNouns);
/** Nouns of a difference said before "between" ("the gap between A and B"): words.json rangeAsked.lead. */
const DIFFERENCE_LEADS = new Set(words.rangeAsked.lead);
/** The words of "net promoter score" / "NPS" (words.json netPromoter). */
const NPS_WORDS = new Set(words.netPromoter.words.flatMap((w) => w.split(" ")));
const AGE_WORDS = new Set(words.ageWords);
/** Words saying a follow-up adds to the earlier question ("and by contract too"). */
const ADD_ON = new Set<string>(grammar.attach.addOn);
/** Words before "N years / months / quarters" that make a span ending at the latest period in the data. */
/** Decades of life written as words ("in their thirties"). */
const AGE_DECADE_WORDS: Record<string, string> = {
  twenties: "20",
  thirties: "30",
  forties: "40",
  fifties: "50",
  sixties: "60",
  seventies: "70",
  eighties: "80",
  nineties: "90",
};
/** Duration units in months (a year is 12 months, a day 12/365.25 of one). */
const DURATION_UNITS: Record<string, number> = {
  year: 12,
  yr: 12,
  month: 1,
  mo: 1,
  week: (7 * 12) / 365.25,
  day: 12 / 365.25,
  hour: 12 / 365.25 / 24,
  hr: 12 / 365.25 / 24,
  minute: 12 / 365.25 / 24 / 60,
};
/** Words of a field's name that make it a duration. */
const DURATION_FIELD_WORDS = new Set(words.durationFieldWords);
/** Words of a field's name that make it a duration of hours or minutes ("Running Time"). */
const CLOCK_DURATION_FIELD_WORDS = new Set(words.clockDurationFieldWords);
const COUNTED_NOUNS = new Set(words.countedThings.nouns);
const COUNT_FIELD_WORDS = new Set(words.countedThings.fieldWords);
const PROFIT_WORDS = new Set<string>(grammar.attach.profitWords);
const LOSE_VERBS = new Set(words.loseVerbs.words);
const GENERIC_WORDS = new Set(words.genericWords);
const SINGLE_ROW_WORDS = new Set(words.singleRow.words);
const RELATIVE_SPAN = new Set<string>(grammar.attach.relativeSpan);
/** "the first 10 years", "the earliest 3 months": the earliest N periods in the data (as "the last 3 years" the latest). */
const FIRST_SPAN = new Set<string>(words.spanStart.words);
/** Nouns of kinds after a counted field's name ("how many age groups", "dose levels"): its different values. */
const KINDS_AFTER = new Set<string>(words.kindNounsAfterCount.words);
const PERIOD_GRAINS = new Set<string>(grammar.attach.periodGrains);
/** Periods said relative to the end (or start) of the data: "the last 3 years", "the past 30 days", "the first 2 weeks". */
const RELATIVE_GRAINS = new Set<string>(grammar.attach.relativeGrains);
const DAY_MS = 86_400_000;
/** The most periods of a relative span: "the last 12 months", "the past 365 days". */
const relativeMost = (grain: string) => (grain === "day" ? 1000 : grain === "week" ? 200 : 100);
/** The ends of a series: "the first year", "the latest value", "the most recent sunspot reading" (words.json seriesEnds). */
export const SERIES_FIRST = new Set<string>(words.seriesEnds.first);
export const SERIES_LAST = new Set<string>(words.seriesEnds.last);
const SERIES_VALUE_NOUNS = new Set<string>(words.seriesEnds.valueNouns);
const SERIES_BETWEEN = new Set<string>(words.seriesEnds.between);
const SERIES_AFTER = new Set<string>(words.seriesEnds.after);
/** "how many years of data", "how many months does the series cover": the periods the data spans (words.json dataSpan). */
const SPAN_NOUNS = new Set<string>(words.dataSpan.nouns);
const SPAN_VERBS = new Set<string>(words.dataSpan.verbs);
const GRAIN_ADJECTIVES: Record<string, string> = { quarterly: "quarter", monthly: "month", yearly: "year", annual: "year", weekly: "week", daily: "day" };
/** Fields named by a time grain word ("month", "week"): a period, never a number to take the largest of. */
const GRAIN_NAMES = new Set<string>(grammar.attach.grainNames);
/** The words of each value of a dictionary, computed once per table. */
const VALUE_WORDS = new WeakMap<string[], string[][]>();
function valueWordsOf(dictionary: string[]): string[][] {
  let out = VALUE_WORDS.get(dictionary);
  if (!out) {
    out = dictionary.map((v) =>
      v
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    );
    VALUE_WORDS.set(dictionary, out);
  }
  return out;
}
const TIME_PREPOSITIONS = new Set<string>(grammar.attach.timePrepositions);
/** Small words between a comparison and the second field ("less than their budget", "than they cost"). */
const FACTOR_WORDS: Record<string, number> = words.factorWords.words;
const SECOND_SIDE_FILLERS = new Set<string>(grammar.attach.secondSideFillers);
const RECORDED_PARTICIPLES = new Set<string>(grammar.attach.recordedParticiples);
const SUBJECT_NOUN_SET = new Set<string>(words.subjectNouns.nouns);
const FIRST_SIDE_FILLERS = new Set<string>(grammar.attach.firstSideFillers);
/** Verbs of earning: "movies that made less than they cost" compares the money-in fields. */
const EARN_VERBS = new Set<string>(grammar.attach.earnVerbs);
const EARN_FIELD_WORDS = new Set<string>(grammar.attach.earnFieldWords);
const nameWordsOf = (f: FieldInfo) => f.name.toLowerCase().split(/[^a-z0-9]+/);
/** A number said with a scale word compared with a field whose name states that scale ("sales over 100 billion" on
 * Sales_billion, "worth above 2 million" on Net_Worth_Millions): compared in the field's unit. */
/** A number field whose values all lie within -1..1 but are not all whole (0/1 flags): rates and shares kept as fractions. */
function storedAsFraction(f: FieldInfo): boolean {
  return !!f.numbers && f.role !== "date" && !f.integer && f.min >= -1 && f.max <= 1;
}

function inFieldScale(m: Mention, f: FieldInfo): number | null {
  if (m.kind !== "number") return null;
  // "above 10%" over a rate stored as a fraction (0.008 to 0.15): the percent is its hundredth.
  if (m.percent && storedAsFraction(f) && Math.abs(m.value) > 1) return m.value / 100;
  const s = m.scale;
  if (!s) return m.value;
  const stated = nameWordsOf(f).some((w) => w.length >= 2 && w !== "mm" && MULTIPLIERS[w] === s.factor);
  return stated ? m.value / s.factor : m.value;
}

/**
 * "cats that weigh more than 3 kg" over Bwt (2 to 3.9) and Hwt (6.3 to 20.5): of the number fields a word names,
 * the ones the number falls inside of (a comparison there keeps some rows, not all or none), when that leaves
 * some but not all; the answer says how it read the word (a partial or synonym reading).
 */
function splitting(cands: FieldInfo[], m: Mention): FieldInfo[] {
  if (cands.length < 2 || m.kind !== "number" || cands.some((f) => !f.numbers || f.role === "date" || f.yearLike)) return cands;
  const inside = cands.filter((f) => {
    const v = inFieldScale(m, f);
    return v !== null && v > f.min && v < f.max;
  });
  return inside.length > 0 && inside.length < cands.length ? inside : cands;
}

/**
 * One number over the earlier answer's rows: "just the number", or "how many is that in total?" (a total word
 * in a turn that names no field and no filter of its own).
 */
export function oneNumberAsked(a: Pick<Atoms, "output" | "refs" | "filters">): boolean {
  return a.output.numberOnly || (a.output.total && !a.refs.some((r) => r.turn === 0) && !a.filters.length);
}

export interface Ref {
  id: number;
  /** The user turn it was said in (0 = the turn being answered; older turns count down). */
  turn: number;
  mention: number;
  pos: number;
  end: number;
  text: string;
  cands: FieldCandidate[];
  partial: boolean;
  /** Words that govern this mention. */
  group: boolean; // by, per, across, grouped by, for each
  each: boolean; // each, every, for each, per
  series: boolean; // colored by, split by, as the colour, one line per
  facet: boolean; // one chart per, faceted by, panels
  xAxis: boolean;
  yAxis: boolean;
  agg: Aggregate | null; // an aggregate word right before it
  /** "min, max and mean of conc": aggregate words listed before the field, in the order said (the last is `agg`). */
  aggList?: Aggregate[];
  /** "the highest latitude": a superlative right before a number (its maximum per group). */
  supAgg: "max" | "min" | null;
  /** "the biggest single sale": the superlative is of one row's number ("single" between them). */
  singleRow?: boolean;
  /** "churn rate": followed by the word rate. */
  rateOf?: boolean;
  countOf: boolean; // "number of X", "how many X", "count of X"
  distinctOf: boolean; // "number of different X"
  afterWhich: boolean; // "which X", "what X"
  ranked: boolean; // "top 5 X", "the 3 X with the most ..."
  sortBy: boolean; // "sorted by X"
  negated: boolean; // "not X", "without X" (for yes/no fields)
  /** "no pulse recorded", "didn't give their income", "a missing income": the rows where the field is empty. */
  missing?: boolean;
  /** Not a field name: an adjective ("heavier", "longest") or values listed ("East and West"). */
  via?: "adjective" | "values" | "time";
  /** The question words right before it (lemmas), for features. */
  before: string[];
  after: string[];
}

/** A field mention that no word governs yet; the governing words are read afterwards. */
const UNGOVERNED = {
  group: false,
  each: false,
  series: false,
  facet: false,
  xAxis: false,
  yAxis: false,
  agg: null,
  supAgg: null,
  countOf: false,
  distinctOf: false,
  afterWhich: false,
  ranked: false,
  sortBy: false,
  negated: false,
} as const satisfies Partial<Ref>;

export type FilterHow = "adjacent" | "named" | "unique" | "ambiguous" | "time" | "comparative" | "guess";

export interface FilterOption {
  filter: Filter;
  how: FilterHow;
}

export interface FilterAtom {
  id: number;
  pos: number;
  end: number;
  kind: "value" | "compare" | "range" | "date" | "count-field";
  options: FilterOption[];
  negated: boolean;
  /** Refs that only said which field the filter is on ("horsepower" in "more than 100 horsepower"). */
  refs: number[];
  /** Values listed together ("East and West", "4 or 6"): may also be compared side by side (grouped). */
  listed: number;
  /** "or" between the listed values, "and" otherwise. */
  conj: "and" | "or" | null;
  /** The listed values were set against each other ("East vs West"): the answer compares them. */
  versus?: boolean;
  /** A value was read through a misspelling ("palcebo"): the answer says how it read it. */
  typo?: boolean;
  /** Carried from a turn before the one that asks for a share or rate ("what share of those ..."): the rows the share is of, not its condition. */
  beforeShare?: boolean;
  /** "the first period", "the treated ones": words read as a value they do not spell; the answer says how ('period "1"'). */
  stated?: string;
  text: string;
}

export interface Atoms {
  reading: Reading;
  refs: Ref[];
  filters: FilterAtom[];
  /** Aggregate words not attached to a field ("and the maximum?"). */
  looseAgg: Aggregate | null;
  aggWords: number;
  count: boolean;
  /** "how many X" / "number of X" where X is a row noun ("how many customers"). */
  countRows: boolean;
  distinct: boolean;
  share: boolean;
  proportion: boolean; // "proportion" / "share" said: parts of a whole
  eachRow: boolean; // "for each cinema": a grouping word before the rows' noun
  rate: boolean;
  relation: boolean;
  versus: boolean;
  /** Positions of "vs"/"against"/"by" between the first two refs: the first is the vertical axis. */
  yFirst: boolean;
  distribution: boolean;
  list: boolean;
  which: boolean;
  superlative: "max" | "min" | null;
  superlativePos: number;
  /** A superlative that applies to rows ("the highest grossing movie"). */
  supRows?: boolean;
  /** The superlative's row noun right after it is singular ("the oldest patient"): one row, one number. */
  supRowOne?: boolean;
  limit: { n: number; dir: "top" | "bottom" } | null;
  sort: { by: "key" | "value" | null; order: "asc" | "desc" } | null;
  sortField: number | null; // ref id named after "sorted by"
  bucket: TimeBucket | null;
  overTime: boolean;
  chart: "bar" | "line" | "pie" | "scatter" | "histogram" | "table" | null;
  chartWord: boolean;
  stacked: boolean;
  grouped: boolean;
  facetWord: boolean;
  colorWord: boolean;
  output: {
    numberOnly: boolean;
    chartAndTable: boolean;
    tableOnly: boolean;
    rows: boolean;
    /** "in total", "altogether": as a follow-up naming no field, one number over the earlier answer's groups. */
    total: boolean;
  };
  binWidth: number | null;
  binCount: number | null;
  followUp: boolean;
  instead: boolean;
  /** "remove the filter", "without that filter": the earlier turns' filters are dropped. */
  unfilter: boolean;
  /** "and for the others", "the rest": the earlier turn's value filter turned to its other side. */
  others: boolean;
  /** "losses" read as the lowest values of a profit-like field (what was said and the field). */
  loss: { text: string; field: string } | null;
  /** "seniors and non-seniors", "with and without a partner": yes/no fields said on both sides (grouped by). */
  bothSides: string[];
  /** "churned vs retained": the word read as the other side of a yes/no field grouped by. */
  versusOther: { text: string; field: string } | null;
  /** Durations compared with a field: converted to the unit its name states, or compared as stored when it states none. */
  units: { text: string; field: string; converted?: number; guessedMonths?: number; guessedMinutes?: number }[];
  /** "also", "too", "as well", "in addition": the follow-up adds to the earlier question rather than replacing part of it. */
  addOn: boolean;
  greeting: boolean;
  /** Unknown content words (no field, value or vocabulary word): their text. */
  unknown: { text: string; pos: number; slot: "measure" | "group" | "which" | "count" | "other" }[];
  /** Numbers nothing used (not a filter, limit or bin). */
  strayNumbers: string[];
  /** A turn that says only a side ("what about no", "and yes?"): that word. */
  sideWord: "yes" | "no" | null;
  /** Short words nothing read that are values of some field as typed ("R" in "what about R"), with their fields. */
  strayShortValues: { text: string; fields: { field: string; value: string }[] }[];
  /** "more than 20 times": a count of each group's rows compared (the groups are read later). */
  timesCount: { op: "gt" | "gte" | "lt" | "lte"; value: number; text: string; pos: number; end: number } | null;
  /** Unknown words read as several values of one field ("hondas": Model values starting with "honda"). */
  valueWords: { text: string; field: string; n: number; value?: string }[];
  /** Comparison words nothing used ("less than a year" where no number or field took them). */
  strayComparisons: string[];
  /**
   * "is the average y above 10": a yes/no question comparing an aggregate of a field with a number; the
   * comparison tests that one number and is no filter on the rows.
   */
  aggTest: { field: string; agg: Aggregate; op: "gt" | "gte" | "lt" | "lte"; value: number; other?: string; text: string } | null;
  /** Of those, the ones comparing a plain number: the comparison and the number. */
  strayCompare: { text: string; op: "gt" | "gte" | "lt" | "lte"; value: number; numberText: string; pos?: number }[];
  /** Dates that could not become a filter (no time field, no year). */
  strayDates: string[];
  /** Relative periods read against the data ("last year" -> the latest year in the data): what was said and the period. */
  /** beforeLatest: the period before the latest ("last year" beside "this year"). */
  relative: { text: string; period: string; earliest?: boolean; beforeLatest?: boolean }[];
  /** Time words read as the rows counted ("proportion of days with rain") on a table with several rows per date. */
  countedTime: { text: string; field: string; bucket: TimeBucket }[];
  /** "farms with management U1": a value said right after another field's name (U1 is Use's, not Manag's). */
  misnamed: { named: string; field: string; value: string }[];
  /** Plural nouns nothing reads, counted, taken as the rows the table's naming field names ("how many mammals"). */
  rowsNamed: { text: string; field: string }[];
  /** Field names with only "or" (and small words) between them: [first ref id, second ref id]. */
  orRefs: [number, number][];
  /** Row nouns mentioned ("customers", "cars"). */
  rowNoun: boolean;
  tokens: number;
}

function hasHit(m: Mention | undefined, category: Category, key?: string): boolean {
  return !!m && m.kind === "word" && m.hits.some((h) => h.category === category && (key === undefined || h.key === key));
}

function hitKey(m: Mention | undefined, category: Category): string | null {
  if (!m || m.kind !== "word") return null;
  return m.hits.find((h) => h.category === category)?.key ?? null;
}

/** Converts a typed date to a filter value on a field (years for year-like numbers, periods for dates). */
const CLOCK_FIELD_WORDS = new Set(words.clockTimes.fieldWords);

/** A field a time of day compares: a date field holding times, or whole numbers named like a time holding hhmm (930, 1800). */
export function isClockField(f: FieldInfo): boolean {
  if (f.role === "date") return hasTimeOfDay(f);
  if (!f.integer || !f.numbers || f.min < 0 || f.max > 2359 || f.max < 100) return false;
  if (!nameWordsOf(f).some((w) => CLOCK_FIELD_WORDS.has(w))) return false;
  for (let i = 0; i < f.numbers.length; i++) if (!Number.isNaN(f.numbers[i]) && f.numbers[i] % 100 >= 60) return false;
  return true;
}

export function periodValue(dIn: DateValue, info: FieldInfo, end: boolean): string | number | null {
  // A time of day: "HH:MM" on a date field holding times (execute.ts compares the time of each row), hhmm on a number field.
  if (dIn.clock !== undefined) {
    if (!isClockField(info)) return null;
    const hh = Math.floor(dIn.clock / 60);
    const mm = dIn.clock % 60;
    return info.role === "date" ? `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}` : hh * 100 + mm;
  }
  let d = dIn;
  // "on march 3rd" without a year: the one year a date field's rows all fall in (a log of a few days).
  if (d.year === null && d.month && d.day && info.role === "date" && info.numbers !== null) {
    const y0 = new Date(info.min).getUTCFullYear();
    if (Number.isFinite(y0) && y0 === new Date(info.max).getUTCFullYear()) d = { ...d, year: y0 };
  }
  if (d.year === null) return null;
  if (info.role === "date") {
    const pad = (x: number) => String(x).padStart(2, "0");
    if (d.decade) return String(end ? d.year + 9 : d.year);
    if (d.quarter) return `${d.year}-${pad(end ? d.quarter * 3 : d.quarter * 3 - 2)}`;
    if (d.half) return `${d.year}-${pad(end ? d.half * 6 : d.half * 6 - 5)}`;
    if (d.span) return `${d.year}-${pad(end ? d.span[1] : d.span[0])}`;
    if (d.month && d.day) return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
    if (d.month) return `${d.year}-${pad(d.month)}`;
    return String(d.year);
  }
  // Year-like numbers (and "Year" columns holding two digits, 70 for 1970).
  if (d.month || d.quarter || d.half || d.span) return null;
  const y = end && d.decade ? d.year + 9 : d.year;
  return info.max < 100 ? y % 100 : y;
}

/** Words before "a loss" that make it a condition on the rows ("orders with a loss", "sold at a loss"). */
const LOSS_CONDITION_WORDS = new Set<string>(grammar.attach.lossConditionWords);

const VALUE_KIND_NOUNS = new Set(shapes.valueKindNouns.nouns);

/** Words after "from <year>" that make it the start of a span rather than the year itself. */
const FROM_CONTINUATIONS = new Set<string>(grammar.attach.fromContinuations);

/** Words ending an order said from one end of a field ("from the highest temperature down"). */
const ORDER_FROM_ENDS = new Set<string>(grammar.attach.orderFromEnds);

/** Small words that start another condition after a comparison's number ("above 70 with cost below 60"). */
const CONDITION_JOINERS = new Set<string>(grammar.attach.conditionJoiners);

/** Words that open a clause about the rows ("districts that have ...", "staff whose salary ..."). */
const RELATIVE_WORDS = new Set<string>(grammar.attach.relativeWords);

export function attach(reading: Reading, lex: TableLexicon, turn: number): Atoms {
  const { tokens, mentions, at } = reading;
  const fields = lex.fields;
  const info = (name: string) => lex.byName.get(name)!;
  // (Days and weeks are counted on a date field only; years, months and quarters as before.)
  const relativeFields = (grain: string) => (grain === "day" || grain === "week" ? fields.some((f) => f.role === "date") : true);
  const lemma = (i: number) => tokens[i]?.lemma ?? "";
  const mAt = (i: number): Mention | undefined => (i >= 0 && i < tokens.length && at[i] >= 0 ? mentions[at[i]] : undefined);
  const a: Atoms = {
    reading,
    refs: [],
    filters: [],
    looseAgg: null,
    aggWords: 0,
    count: false,
    countRows: false,
    distinct: false,
    share: false,
    proportion: false,
    eachRow: false,
    rate: false,
    relation: false,
    versus: false,
    yFirst: false,
    distribution: false,
    list: false,
    which: false,
    superlative: null,
    superlativePos: -1,
    limit: null,
    sort: null,
    sortField: null,
    bucket: null,
    overTime: false,
    chart: null,
    chartWord: false,
    stacked: false,
    grouped: false,
    facetWord: false,
    colorWord: false,
    output: { numberOnly: false, chartAndTable: false, tableOnly: false, rows: false, total: false },
    binWidth: null,
    binCount: null,
    followUp: false,
    instead: false,
    unfilter: false,
    others: false,
    loss: null,
    versusOther: null,
    bothSides: [],
    units: [],
    addOn: false,
    greeting: false,
    unknown: [],
    strayNumbers: [],
    strayShortValues: [],
    sideWord: null,
    strayComparisons: [],
    aggTest: null,
    strayCompare: [],
    valueWords: [],
    timesCount: null,
    strayDates: [],
    relative: [],
    countedTime: [],
    misnamed: [],
    rowsNamed: [],
    orRefs: [],
    rowNoun: false,
    tokens: tokens.length,
  };
  const consumed = new Set<number>(); // mention indices used by an attachment
  // "top 4 cereals": a plural the readers took for the rows' naming field; the answer says so.
  for (const m of mentions) if (m.kind === "field" && (m as { rowsNoun?: boolean }).rowsNoun) a.rowsNamed.push({ text: m.text, field: m.fields[0].name });

  // --- words that set flags -------------------------------------------------------------------
  mentions.forEach((m, idx) => {
    if (m.kind !== "word") {
      return;
    }
    for (const h of m.hits) {
      switch (h.category) {
        case "count":
          a.count = true;
          break;
        case "share":
          a.share = true;
          // "the proportion of the total rating for each owner": parts of a whole, whatever the measure.
          if (/^(proportion|share)s?$/i.test(m.text)) a.proportion = true;
          break;
        case "rate":
          a.rate = true;
          break;
        case "relation":
          if (h.key === "relation") a.relation = true;
          else a.versus = true;
          break;
        case "distribution":
          a.distribution = true;
          break;
        case "grain":
          // ("hourly" over dates without a time of day groups nothing.)
          if (h.key === "hourOfDay" && !fields.some(hasTimeOfDay)) {
            a.strayDates.push(m.text);
            break;
          }
          a.bucket = h.key as TimeBucket;
          consumed.add(idx);
          break;
        case "time":
          a.overTime = true;
          break;
        case "stack":
          if (h.key === "stacked") a.stacked = true;
          else a.grouped = true;
          break;
        case "facet":
          a.facetWord = true;
          break;
        // Words that name colour itself ("color the dots by genre", "a different colour for each region"),
        // not the looser "split by" / "grouped by" of the same list: a coloured chart, not small multiples.
        case "series":
          if (/colou?r|hue|legend/.test(m.text.toLowerCase())) a.colorWord = true;
          break;
        case "followUp":
          if (m.start === 0 || h.key === "instead" || h.key === "unfilter" || h.key === "others") a.followUp = true;
          if (h.key === "others") a.others = true;
          if (h.key === "instead") a.instead = true;
          if (h.key === "unfilter") a.unfilter = true;
          break;
        case "greeting":
          if (m.start === 0) a.greeting = true;
          break;
        case "output":
          if (h.key === "rows") {
            if (m.start <= 1) a.list = true;
          } else a.output[h.key as "numberOnly" | "chartAndTable" | "tableOnly" | "total"] = true;
          break;
        case "chart": {
          // "scatter plots", "charts for each": several charts are small multiples.
          if (h.key === "scatter" && tokens[m.end - 1].text.endsWith("s") && tokens[m.end - 1].lemma !== tokens[m.end - 1].text) a.facetWord = true;
          if (h.key === "chartWord") a.chartWord = true;
          // "the branch table", "of the table": the data set itself, not a table asked for.
          // ("from the cereal table": one word naming the data between "the" and "table" too.)
          else if (
            h.key === "table" &&
            (lex.rowWords.has(lemma(m.start - 1)) ||
              (lemma(m.start - 1) === "the" && ["of", "from"].includes(lemma(m.start - 2))) ||
              (lemma(m.start - 2) === "the" && ["of", "from"].includes(lemma(m.start - 3)) && (!mAt(m.start - 1) || mAt(m.start - 1)?.kind === "unknown")))
          )
            break;
          else if (!a.chart || h.key !== "table") a.chart = h.key as Atoms["chart"];
          break;
        }
        case "question":
          if (h.key === "which" && (m.start === 0 || lemma(m.start - 1) === "in" || lemma(m.start - 1) === "for")) a.which = true;
          break;
        default:
          break;
      }
    }
    if (hasHit(m, "agg")) a.aggWords++;
  });
  if (a.output.chartAndTable && (a.chart === "table" || !a.chart)) a.chart = null;
  if (a.output.tableOnly && !a.chart) a.chart = "table";
  if (tokens[0] && ["and", "but", "also", "only", "just", "now", "then", "same", "instead"].includes(tokens[0].lemma)) a.followUp = true;
  a.addOn = tokens.some((t, j) => ADD_ON.has(t.lemma) || (t.lemma === "as" && lemma(j + 1) === "well") || (t.lemma === "in" && lemma(j + 1) === "addition"));
  // "list the ...", "show me the rows where": the rows themselves.
  const first = mentions[0];
  if (first && hasHit(first, "output", "rows") && first.start === 0) a.list = true;
  // (Not when counted: "count of rows where ...", "how many records with ..." ask for one number; nor asked
  // whether there are any: "are there any rows with y over 50" is answered by their number.)
  const existence = tokens.length > 1 && COMPARE_OPENERS.has(tokens[0].lemma) && tokens[1].lemma === "there";
  const counted = (i: number) => existence || [mAt(i - 1), mAt(i - 2), mAt(i - 3)].some((x) => x && x.kind === "word" && hasHit(x, "count") && x.end >= i - 2);
  for (let i = 0; i + 1 < tokens.length; i++)
    if (["row", "record", "entry"].includes(lemma(i)) && ["where", "with", "that", "whose", "having"].includes(lemma(i + 1)) && !counted(i)) a.list = true;

  // --- refs: field mentions and the words governing them ----------------------------------------
  // Every ref starts ungoverned (the governing words are read afterwards), numbered in order, in this turn.
  const addRef = (ref: Omit<Ref, "id" | "turn" | keyof typeof UNGOVERNED> & Partial<Ref>) => a.refs.push({ ...UNGOVERNED, id: a.refs.length, turn, ...ref });
  mentions.forEach((m, idx) => {
    if (m.kind !== "field") return;
    // "sort the bars by origin name": "name" right after a field of labels (Origin) is that field's label, not a
    // Name field of the table (a field named "origin name" would have been read as one).
    const prev = a.refs[a.refs.length - 1];
    if (
      prev &&
      prev.turn === turn &&
      prev.end === m.start &&
      m.end - m.start === 1 &&
      lemma(m.start) === "name" &&
      prev.cands.every((c) => info(c.name).codes !== null && !m.fields.some((f) => f.name === c.name))
    ) {
      prev.end = m.end;
      prev.text = `${prev.text} ${m.text}`;
      return;
    }
    const before: string[] = [];
    for (let k = m.start - 1; k >= 0 && before.length < 6; k--) before.push(lemma(k));
    const after: string[] = [];
    for (let k = m.end; k < tokens.length && after.length < 4; k++) after.push(lemma(k));
    addRef({
      mention: idx,
      pos: m.start,
      end: m.end,
      text: m.text,
      cands: m.fields,
      partial: m.partial,
      before,
      after,
    });
  });
  // "price ... (in USD)", "rating ... IMDB": another word of the question names one of the fields an ambiguous word may mean.
  for (const r of a.refs) {
    if (r.cands.length < 2) continue;
    const named = a.refs.filter((o) => o !== r && o.cands.length === 1 && r.cands.some((c) => c.name === o.cands[0].name)).map((o) => o.cands[0].name);
    const unique = [...new Set(named)];
    if (unique.length === 1) r.cands = r.cands.filter((c) => c.name === unique[0]);
  }
  // "paying more than 100 a month": among fields a word may name, the one named for that period.
  const PERIOD_ADJ: Record<string, string[]> = {
    month: ["monthly", "month"],
    year: ["yearly", "annual", "year"],
    week: ["weekly", "week"],
    day: ["daily", "day"],
    quarter: ["quarterly", "quarter"],
  };
  if (a.bucket) {
    for (const r of a.refs) {
      if (r.cands.length < 2) continue;
      const adj = PERIOD_ADJ[a.bucket] ?? [];
      const keep = r.cands.filter((c) => nameWordsOf(info(c.name)).some((w) => adj.includes(w)) || lex.fieldWords.get(c.name)?.has(adj[0]));
      if (keep.length === 1) r.cands = keep;
    }
  }
  // Governing words: walk back from each ref over fillers (stop words, row nouns) to the nearest word mention.
  const fillers = new Set([
    "the",
    "a",
    "an",
    "of",
    "their",
    "its",
    "all",
    "each",
    "the different",
    "different",
    "various",
    "individual",
    "total",
    "customer",
    "movie",
    "car",
  ]);
  const singleRowWords = new Set<number>();
  // A stacked/grouped-bar word right before token `i`, over at most two chart words ("stacked bar", "grouped bar chart").
  const stackedBarBefore = (i: number): boolean => {
    let k = i - 1;
    for (let steps = 0; k >= 0 && steps < 3; steps++) {
      const m = mAt(k);
      if (!m || m.kind !== "word") return false;
      if (hasHit(m, "stack")) return true;
      if (!hasHit(m, "chart")) return false;
      k = m.start - 1;
    }
    return false;
  };
  for (const r of a.refs) {
    let k = r.pos - 1;
    let steps = 0;
    while (k >= 0 && steps < 5) {
      const m = mAt(k);
      if (m && m.kind === "word") {
        if (hasHit(m, "agg") && !r.agg) {
          const key = hitKey(m, "agg") as Aggregate;
          r.agg = key === "distinct" ? null : key;
          if (key === "distinct") r.distinctOf = true;
          if (/^(number|how|count)/.test(m.text) && key === "distinct") r.countOf = true;
        }
        if (hasHit(m, "count")) r.countOf = true;
        // ("the best month for sales" over a `month` field: the month ranked by sales, not the largest month.)
        const grainNamed = r.end - r.pos === 1 && GRAIN_NAMES.has(lemma(r.pos));
        if (hasHit(m, "superlative") && m.end >= r.pos - 1 && !r.agg && !grainNamed) r.supAgg = hitKey(m, "superlative") as "max" | "min";
        // ("among senior citizens": the rows of a yes/no field's yes side, not a grouping by it.)
        // ("among pupils with SES under 15": "among" then other words names rows, not a grouping by the field.)
        const amongFlag =
          m.text === "among" && ((r.cands.length === 1 && !!flagFor(lex, r.cands[0].name)) || tokens.slice(m.end, r.pos).some((t) => !STOP_WORDS.has(t.lemma)));
        // ("and by senior citizen?": a follow-up cue ending in "by" is a grouping word too.)
        if ((hasHit(m, "group") || (hasHit(m, "followUp") && lemma(m.end - 1) === "by")) && !amongFlag) {
          r.group = true;
          if (/(each|every|per)/.test(m.text)) r.each = true;
          // "as a stacked bar by airline_name", "a grouped bar chart by Method": the field after a stacked or
          // grouped bar's "by" is its colour, not the x axis.
          if (m.text === "by" && stackedBarBefore(m.start)) r.series = true;
        }
        if (hasHit(m, "series")) r.series = true;
        if (hasHit(m, "facet")) r.facet = true;
        // "which state", "what 3 genres": the question word right before the field (over a number).
        if (
          hasHit(m, "question") &&
          hitKey(m, "question") === "which" &&
          (m.start === 0 || ["in", "for", "of", "and", "to"].includes(lemma(m.start - 1)) || tokens[m.start].sep !== null) &&
          (m.end === r.pos ||
            (mAt(m.end)?.kind === "number" && mAt(m.end)!.end === r.pos) ||
            // ("which ship type", "which construction year": one word that names the rows or nothing
            // of the table comes between.)
            (m.end + 1 === r.pos &&
              (hasHit(mAt(m.end), "rowNoun") ||
                mAt(m.end)?.kind === "unknown" ||
                (!mAt(m.end) && tokens[m.end]?.kind === "word" && !STOP_WORDS.has(lemma(m.end)) && /^[a-z]{3,}$/.test(lemma(m.end))))))
        )
          r.afterWhich = true;
        // "sorted by X", "in ascending order of X": X is what is sorted on.
        if (hasHit(m, "sort")) r.sortBy = true;
        if (hasHit(m, "neg")) r.negated = true;
        if (hasHit(m, "relation", "versus") && /axis/.test(m.text)) {
          if (m.text.startsWith("x")) r.xAxis = true;
          else r.yAxis = true;
        }
        // Words that only qualify ("average", "total", "customers", "the average overall rating") let the
        // walk continue to "by"/"per" and the aggregate word.
        const qualifies = m.hits.every((h) => h.category === "rowNoun" || (h.category === "output" && h.key === "total" && m.end === r.pos));
        if (!(hasHit(m, "agg") || hasHit(m, "count") || qualifies)) break;
        k = m.start - 1;
        steps++;
        continue;
      }
      if (m && m.kind === "number" && a.limit === null) {
        k--;
        steps++;
        continue;
      }
      // "the biggest single sale": "single" says the superlative is of one row's number.
      if (m && m.kind === "unknown" && SINGLE_ROW_WORDS.has(lemma(k)) && m.end === r.pos) {
        singleRowWords.add(k);
        r.singleRow = true;
        k--;
        steps++;
        continue;
      }
      // "the average tooth length", "the longest tooth length": one word nothing reads between an aggregate or
      // superlative word and the field is a noun qualifying the field; the walk goes on to the aggregate word.
      // (Not before a synonym: "average insurance cost" over Price may be a cost the table lacks.)
      if (
        m &&
        m.kind === "unknown" &&
        !r.partial &&
        r.cands.every((c) => c.score >= 0.95) &&
        m.end - m.start === 1 &&
        m.end === r.pos &&
        (hasHit(mAt(m.start - 1), "agg") || hasHit(mAt(m.start - 1), "superlative")) &&
        mAt(m.start - 1)?.end === m.start
      ) {
        k = m.start - 1;
        steps++;
        continue;
      }
      // "cars that don't offer a manual transmission": one verb nothing reads, right after the negation.
      if (
        m &&
        m.kind === "unknown" &&
        m.end - m.start === 1 &&
        hasHit(mAt(m.start - 1), "neg") &&
        tokens.slice(m.end, r.pos).every((t) => STOP_WORDS.has(t.lemma))
      ) {
        r.negated = true;
        break;
      }
      // "which construction year": a word nothing reads between the question word and the field.
      if (m && m.kind === "unknown" && m.end === r.pos && hasHit(mAt(m.start - 1), "question", "which")) {
        k = m.start - 1;
        steps++;
        continue;
      }
      if (m) break;
      if (!STOP_WORDS.has(lemma(k)) && !fillers.has(lemma(k)) && !ROW_NOUNS.has(lemma(k))) break;
      k--;
      steps++;
    }
    // "films released in each year" read as release_year: the grouping word said inside the field's words groups by it
    // (not one of the name's own words: "miles per gallon" for MPG).
    const eachInside = tokens.slice(r.pos + 1, r.end - 1).find((t) => ["each", "every", "per"].includes(t.lemma));
    if (eachInside && !lex.names.some((n) => r.cands.some((c) => c.name === n.field) && n.words.includes(eachInside.lemma))) {
      r.group = true;
      r.each = true;
    }
    // Words after the field: "X as the colour", "X on the x axis", "X wise", "X level".
    const next = mAt(r.end) ?? mAt(r.end + 1);
    const next2 = mAt(r.end + 2);
    if ((hasHit(next, "series") && /^(as|in|to|on)\b/.test(tokens[r.end]?.text ?? "")) || (tokens[r.end]?.text === "as" && hasHit(next2, "series")))
      r.series = true;
    if (
      (tokens[r.end]?.text === "to" && ["legend", "color", "colour"].includes(lemma(r.end + 1))) ||
      (tokens[r.end + 1] && ["legend"].includes(lemma(r.end + 2)))
    )
      r.series = true;
    if (next && next.kind === "word" && /x axis|^x$/.test(next.text) && ["on", "as", "in"].includes(tokens[r.end]?.text ?? "")) r.xAxis = true;
    if (next && next.kind === "word" && /y axis|^y$/.test(next.text) && ["on", "as", "in"].includes(tokens[r.end]?.text ?? "")) r.yAxis = true;
    // ("storage level 4": a level followed by its number is that value, not a grouping.)
    if (["wise", "level"].includes(lemma(r.end)) && !r.group && tokens[r.end + 1]?.kind !== "number") r.group = true;
    // "hours per week on average", "sales in total": an aggregate said after the field.
    const tail = mAt(r.end);
    if (!r.agg && tail && tail.kind === "word" && hasHit(tail, "agg") && TRAILING_AGG.test(tail.text)) r.agg = hitKey(tail, "agg") as Aggregate;
    // "churn rate": the share of rows with this field's yes-value.
    if (tail && tail.kind === "word" && hasHit(tail, "rate")) r.rateOf = true;
  }
  // "how many visits does a customer make on average?", "visits per customer on average": the aggregate phrase
  // ending the question is the last number field's, when no other field is named after it.
  const last = mentions[mentions.length - 1];
  if (last && last.kind === "word" && hasHit(last, "agg") && TRAILING_AGG.test(last.text) && last.end >= tokens.length - 1) {
    const before = a.refs.filter((r) => r.turn === 0 && r.end <= last.start);
    const r = before[before.length - 1];
    const numeric = r && r.cands.length > 0 && r.cands.every((c) => lex.byName.get(c.name)?.role === "number");
    const between = mentions.slice(0, -1).some((m) => m.kind === "field" && r && m.start >= r.end);
    if (r && numeric && !r.agg && !r.group && !between) r.agg = hitKey(last, "agg") as Aggregate;
  }
  // "min, max and mean of conc", "the average and the maximum score": aggregate words listed (commas are not
  // tokens) before one number field ask for each of them over that field, several measures of one number.
  for (const r of a.refs) {
    if (!r.agg || r.countOf || r.distinctOf || !r.cands.every((c) => info(c.name).numbers !== null && !isTimeField(info(c.name)))) continue;
    // ("average and maximum glucose concentration": a word nothing read, or the rows' noun, may stand between.)
    const looseWord = (i: number) => {
      const w = mAt(i);
      return !!w && w.end === i + 1 && (w.kind === "unknown" || (w.kind === "word" && w.hits.length > 0 && w.hits.every((h) => h.category === "rowNoun")));
    };
    let k = r.pos - 1;
    while (k >= 0 && (["of", "the"].includes(lemma(k)) || (looseWord(k) && r.pos - k <= 2))) k--;
    const said = mAt(k);
    if (!said || said.kind !== "word" || !hasHit(said, "agg") || hitKey(said, "agg") !== r.agg) continue;
    const list: Aggregate[] = [r.agg];
    let j = said.start - 1;
    for (;;) {
      let g = j;
      while (g >= 0 && ["and", "the"].includes(lemma(g))) g--;
      const before = mAt(g);
      if (!before || before.kind !== "word" || before.end !== g + 1 || !hasHit(before, "agg")) break;
      const key = hitKey(before, "agg") as Aggregate;
      if (key === "count" || key === "distinct" || list.includes(key)) break;
      list.unshift(key);
      j = before.start - 1;
    }
    if (list.length > 1) r.aggList = list;
  }
  // "average depth in Green turtles" over species and a tag field said "turtle": the noun right after a value of
  // another field is the rows that value picks, not a grouping by the tag (words.json subjectNouns).
  const valueQualified = a.refs.filter((r) => {
    if (r.turn !== 0 || r.group || r.countOf || r.end - r.pos !== 1 || r.cands.length !== 1 || !SUBJECT_NOUN_SET.has(tokens[r.pos].lemma)) return false;
    const before = mAt(r.pos - 1);
    // ("how many Green turtles" counts the tags: kept.)
    const counted = lemma(r.pos - 2) === "many" || hasHit(mAt(r.pos - 2), "count");
    return before?.kind === "value" && before.end === r.pos && !counted && !before.values.some((v) => v.field === r.cands[0].name);
  });
  if (valueQualified.length) {
    const kept = a.refs.filter((r) => !valueQualified.includes(r));
    a.refs.splice(0, a.refs.length, ...kept);
    a.refs.forEach((r, i) => {
      r.id = i;
    });
  }
  // "total shipping cost", "average loan size": a word that names fields only loosely, right before a number
  // named outright, says which one of that kind (a compound noun), not a second number. Refs are renumbered (no filter holds one yet).
  const modifiers = new Set<Ref>();
  for (const r of a.refs) {
    const next = a.refs.find((o) => o.pos === r.end);
    if (!next || next.partial || !r.partial || r.cands.some((c) => (c.score ?? 1) >= 0.9)) continue;
    if (r.group || r.series || r.facet || r.afterWhich || next.group || next.series || next.facet) continue;
    if (r.cands.some((c) => next.cands.some((d) => d.name === c.name))) continue;
    // (An aggregate word before the pair, and a number named outright: "customers ordered" stays two refs.)
    if (r.agg === null || next.agg !== null || !next.cands.every((c) => info(c.name).numbers !== null && !isTimeField(info(c.name)))) continue;
    next.agg = r.agg;
    modifiers.add(r);
  }
  if (modifiers.size) {
    const kept = a.refs.filter((r) => !modifiers.has(r));
    a.refs.splice(0, a.refs.length, ...kept);
    a.refs.forEach((r, i) => {
      r.id = i;
    });
  }
  // "how many products are out of stock" over a yes/no field in_stock: the field said by its name without a
  // leading word whose opposite (words.json flagNameOpposites) comes right before it is the field's no side.
  for (const r of a.refs) {
    if (r.turn !== 0 || r.via || r.negated || r.cands.length !== 1 || !flagFor(lex, r.cands[0].name)) continue;
    const name = r.cands[0].name
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const opposites = (FLAG_NAME_OPPOSITES as Record<string, string[]>)[name[0]];
    if (!opposites || name.length < 2 || tokens.slice(r.pos, r.end).some((t) => t.text === name[0])) continue;
    const said = (p: string) => {
      const ws = p.split(" ");
      return ws.every((w, i) => tokens[r.pos - ws.length + i]?.text === w);
    };
    if (opposites.some(said)) r.negated = true;
  }
  // "which payment method has the highest churn", "the contract with the least churn": a superlative right
  // before a yes/no field, with groups to rank and no number named, ranks the groups by the share of rows on
  // the field's yes side (groups differ in size), as "the highest churn rate" does.
  for (const r of a.refs) {
    if (r.turn !== 0 || r.via || r.negated || r.rateOf || r.group || r.cands.length !== 1 || !flagFor(lex, r.cands[0].name)) continue;
    const before = mAt(r.pos - 1);
    if (!before || before.kind !== "word" || !hasHit(before, "superlative")) continue;
    const tail = mAt(r.end);
    // ("the most churned customers": a count of the rows on that side.)
    if (tail && (tail.kind !== "word" || hasHit(tail, "rowNoun"))) continue;
    const others = a.refs.filter((o) => o !== r && o.turn === 0);
    if (others.some((o) => o.cands.some((c) => info(c.name).numbers !== null && info(c.name).codes === null))) continue;
    if (!others.some((o) => (o.group || o.afterWhich || o.each) && o.cands.some((c) => info(c.name).codes !== null))) continue;
    r.rateOf = true;
    a.rate = true;
  }
  // "top 3 purposes by default rate": "by" a rate, with another field to group by, says what ranks the groups.
  for (const r of a.refs)
    if (r.rateOf && r.group && !r.each && a.refs.some((o) => o !== r && o.pos < r.pos && o.cands.some((c) => info(c.name).codes !== null))) r.group = false;
  // "which year had the most variation in weight", "the least variable plot by yield", "which event's accel
  // varies the most": a spread word beside a superlative ranks by the standard deviation of the number named
  // nearest to it; alone ("the spread of prices") it stays a distribution.
  mentions.forEach((m, idx) => {
    // ("range of weight per year", "the age range by department": a range per group is each group's max - min.)
    const range = (m.kind === "word" || m.kind === "unknown") && /^range( of)?$/.test(m.text.toLowerCase()) && (!!a.bucket || a.refs.some((r) => r.group));
    if (!range && (m.kind !== "word" || !hasHit(m, "spread"))) return;
    const near = (k: number) => mAt(k) ?? (STOP_WORDS.has(lemma(k)) ? mAt(k + (k < m.start ? -1 : 1)) : undefined);
    const ranked = [near(m.start - 1), near(m.end)].some((x) => x && x.kind === "word" && hasHit(x, "superlative"));
    if (!ranked && !range) return;
    const numeric = a.refs.filter((r) => !r.agg && r.cands.every((c) => info(c.name).numbers !== null && !isTimeField(info(c.name))));
    const gap = (r: Ref) => (r.pos >= m.end ? r.pos - m.end : m.start - r.end);
    const nearest = numeric.filter((r) => gap(r) <= 4).sort((x, y) => gap(x) - gap(y))[0] ?? (numeric.length === 1 ? numeric[0] : undefined);
    if (!nearest) return;
    nearest.agg = range && !ranked ? "range" : "std";
    consumed.add(idx);
    if (!mentions.some((x, j) => j !== idx && x.kind === "word" && hasHit(x, "distribution") && !hasHit(x, "spread"))) a.distribution = false;
  });

  // --- sort, limit, superlatives, bins --------------------------------------------------------------
  let supDistance = 100;
  // An order said in words ("from high to low", "descending") holds wherever it stands; "by the
  // names" or "alphabetically" then only says that the labels are sorted, not which way.
  const statedOrder = mentions.map((m) => hitKey(m, "sort")).find((k) => k === "asc" || k === "desc") as "asc" | "desc" | undefined;
  // "from the highest temperature down", "from the lowest price to the highest": an order of that field's
  // values, not the rows or groups with the largest number.
  const orderWords = new Set<number>();
  mentions.forEach((m, idx) => {
    const sup = m.kind === "word" ? hitKey(m, "superlative") : undefined;
    if (!sup || !(lemma(m.start - 1) === "from" || (lemma(m.start - 1) === "the" && lemma(m.start - 2) === "from"))) return;
    const r = a.refs.find((x) => x.pos === m.end);
    if (!r) return;
    let other: number | undefined;
    if (!ORDER_FROM_ENDS.has(lemma(r.end))) {
      if (lemma(r.end) !== "to") return;
      const k = lemma(r.end + 1) === "the" ? r.end + 2 : r.end + 1;
      const end = mAt(k);
      const endSup = end && end.kind === "word" ? hitKey(end, "superlative") : undefined;
      if (!endSup || endSup === sup) return;
      other = at[k];
    }
    r.sortBy = true;
    r.supAgg = null;
    a.sort = { by: a.sort?.by ?? null, order: sup === "max" ? "desc" : "asc" };
    orderWords.add(idx);
    if (other !== undefined) orderWords.add(other);
  });
  mentions.forEach((m, idx) => {
    if (m.kind !== "word" || orderWords.has(idx)) return;
    const sortKey = hitKey(m, "sort");
    if (sortKey && sortKey !== "sortWord") {
      if (sortKey === "alpha") a.sort = { by: "key", order: statedOrder ?? "asc" };
      else if (sortKey === "alphaDesc") a.sort = { by: "key", order: "desc" };
      else a.sort = { by: a.sort?.by ?? null, order: sortKey as "asc" | "desc" };
      consumed.add(idx);
    }
    if (sortKey === "sortWord" || hasHit(m, "sort")) {
      // "sort by the x axis / by name / by the y axis / by the bars", "in descending order by the role_code".
      for (let k = m.end; k < Math.min(tokens.length, m.end + 6); k++) {
        const n = mAt(k);
        if (n && n.kind === "word" && hasHit(n, "sortAxis")) {
          // "sort the bars by origin name": the field after "by" is what the bars are sorted on.
          const byField = lemma(n.end) === "by" ? (lemma(n.end + 1) === "the" ? mAt(n.end + 2) : mAt(n.end + 1)) : undefined;
          const byRef = byField?.kind === "field" ? a.refs.find((x) => x.mention === mentions.indexOf(byField)) : undefined;
          if (byRef) {
            byRef.sortBy = true;
            consumed.add(at[k]);
            break;
          }
          const axis = hitKey(n, "sortAxis") as "key" | "value";
          a.sort = { by: axis, order: a.sort?.order ?? "asc" };
          consumed.add(at[k]);
          break;
        }
        if (n && n.kind === "field") {
          const r = a.refs.find((x) => x.mention === at[k]);
          if (r) r.sortBy = true;
          break;
        }
        // "order by date asc", "order by year in descending order": a time grain right after the sort
        // word names the time axis, which is sorted.
        if (n && n.kind === "word" && hasHit(n, "grain") && fields.some(isTimeField)) {
          a.sort = { by: "key", order: a.sort?.order ?? statedOrder ?? "asc" };
          break;
        }
        if (n && n.kind === "word" && !hasHit(n, "group") && !hasHit(n, "sort")) break;
      }
    }
    const sup = hitKey(m, "superlative");
    // "the highest grossing movie": a row noun right after the superlative (and its field) ranks rows.
    // ("the oldest age among students who...": a row noun after "among" is the rows the value is taken over.)
    const rowAt = mentions.slice(idx + 1, idx + 4).findIndex((x) => hasHit(x, "rowNoun"));
    if (sup && rowAt >= 0 && !mentions.slice(idx + 1, idx + 1 + rowAt).some((x) => hasHit(x, "group"))) a.supRows = true;
    const nextRow = mentions[idx + 1];
    if (
      sup &&
      nextRow?.start === m.end &&
      hasHit(nextRow, "rowNoun") &&
      nextRow.end - nextRow.start === 1 &&
      tokens[nextRow.start].text === lemma(nextRow.start) &&
      !tokens.some((t) => t.lemma === "which" || t.lemma === "who")
    )
      a.supRowOne = true;
    // Several superlatives ("loses the most money, i.e. has the lowest total profit"): the one
    // closest before a field says it.
    const gap = mentions.slice(idx + 1, idx + 4).findIndex((x) => x.kind === "field");
    const distance = gap < 0 ? 99 : gap;
    if (sup && (a.superlative === null || distance <= supDistance)) {
      a.superlative = sup as "max" | "min";
      a.superlativePos = m.start;
      supDistance = distance;
    }
  });
  // "by the y axis in asc", "order x-axis in desc": axis words with a sort order anywhere.
  // A field named right after the sort word ("rank by the Denomination") says it instead.
  if (a.sort && a.sort.by === null && !a.refs.some((r) => r.sortBy)) {
    for (const m of mentions)
      if (hasHit(m, "sortAxis") && mentions.some((s) => hasHit(s, "sort"))) a.sort = { by: hitKey(m, "sortAxis") as "key" | "value", order: a.sort.order };
  }
  mentions.forEach((m, idx) => {
    if (m.kind !== "number" || consumed.has(idx)) return;
    const v = m.value;
    if (!Number.isInteger(v) || v <= 0 || v > 10000 || m.percent || m.money) return;
    const prev = mAt(m.start - 1);
    const prevWord = lemma(m.start - 1);
    const next = mAt(m.end);
    const nextWord = lemma(m.end);
    // "the last 3 years", "past 6 months": a span of periods, read with the relative periods below.
    if ((RELATIVE_SPAN.has(prevWord) || FIRST_SPAN.has(prevWord)) && RELATIVE_GRAINS.has(nextWord) && v <= relativeMost(nextWord) && relativeFields(nextWord))
      return;
    // Bins: "bin size 500", "bins of 500", "500 wide bins", "into 8 bins", "20 bins".
    const binWord = (w: string) => ["bin", "bucket", "interval", "class", "step", "group"].includes(w);
    // (Not when that word is the name of a field holding the number: "for group 2" over a field named group is group = 2.)
    // ("treatment group 2", "cell class 3": nor when it follows the name of a field holding the number.)
    const namesField = a.refs.some(
      (r) =>
        r.turn === turn &&
        ((r.pos === m.start - 1 && r.end === m.start) || (r.end === m.start - 1 && VALUE_KIND_NOUNS.has(prevWord))) &&
        r.cands.some((c) => info(c.name).numbers?.includes(v)),
    );
    if (
      binWord(prevWord) &&
      !namesField &&
      ((lemma(m.start - 2) === "of" && ["number", "count"].includes(lemma(m.start - 3))) || (tokens[m.start - 1].text.endsWith("s") && v <= 200))
    ) {
      // "number of bins 8", "bins 10": how many bins.
      a.binCount = v;
      consumed.add(idx);
      return;
    }
    if (
      (binWord(prevWord) && !namesField) ||
      ((prevWord === "of" || prevWord === "size" || prevWord === "width") && (binWord(lemma(m.start - 2)) || binWord(lemma(m.start - 3))))
    ) {
      a.binWidth = v;
      consumed.add(idx);
      return;
    }
    if (binWord(nextWord) && (prevWord === "into" || prevWord === "in" || nextWord === "bin" || nextWord === "bucket")) {
      if (v <= 60 && (prevWord === "into" || prevWord === "in" || tokens[m.end]?.text.endsWith("s"))) a.binCount = v;
      else a.binWidth = v;
      consumed.add(idx);
      return;
    }
    // Top / bottom N.
    // "the cheapest 2", "the most expensive 3": N right after "the" and a superlative.
    const supPrev = hitKey(prev, "superlative");
    const limitPrev =
      hitKey(prev, "limit") ??
      (supPrev && prev && lemma(prev.start - 1) === "the" && Number.isInteger(v) && v >= 2 && v <= 100 && m.kind === "number" && !m.percent && !m.money
        ? supPrev === "min"
          ? "bottom"
          : "top"
        : null);
    const supNext = hitKey(next, "superlative");
    if (
      limitPrev ||
      supNext ||
      ((prevWord === "the" || prevWord === "which" || prevWord === "what" || prevWord === "list" || prevWord === "show") &&
        mentions.some((x) => x.kind === "word" && hasHit(x, "superlative") && x.start > m.start))
    ) {
      const dir =
        limitPrev === "bottom" || supNext === "min" ? "bottom" : limitPrev === "top" || supNext === "max" ? "top" : a.superlative === "min" ? "bottom" : "top";
      if (v <= 1000 && !(v >= 1800 && v <= 2100 && !limitPrev)) {
        a.limit = { n: v, dir };
        consumed.add(idx);
        // What is ranked: the field right after N (or after its superlative word).
        const k = supNext ? m.end + (next?.end ?? m.end) - m.end : m.end;
        const target = mAt(k) ?? mAt(k + 1);
        if (target && target.kind === "field") {
          const r = a.refs.find((x) => x.mention === mentions.indexOf(target));
          if (r) r.ranked = true;
        }
      }
    }
  });
  if (a.list && a.limit === null) {
    // "list the 5 orders with ...", "show the 10 customers ...".
    for (const m of mentions)
      if (m.kind === "number" && Number.isInteger(m.value) && m.value > 0 && m.value <= 1000 && ["the", "list", "show", "first"].includes(lemma(m.start - 1)))
        a.limit = { n: m.value, dir: a.superlative === "min" ? "bottom" : "top" };
  }

  // --- filters ------------------------------------------------------------------------------------
  const timeFields = fields.filter(isTimeField);
  const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
  /** Whether a whole number is a year within the span of a time field of the table. */
  const timeFieldSpans = (v: number): boolean =>
    Number.isInteger(v) &&
    v >= 1800 &&
    v <= 2100 &&
    timeFields.some((f) => (f.role === "date" ? yearOf(f.min) <= v && v <= yearOf(f.max) : f.yearLike && f.min <= v && v <= f.max));
  const nearestRef = (pos: number, end: number, want: (f: FieldInfo) => boolean): Ref | null => {
    // Right after ("more than 100 horsepower"), then back over up to 6 tokens, then up to 2 after.
    const after = a.refs.find((r) => r.pos === end || (r.pos === end + 1 && STOP_WORDS.has(lemma(end))));
    // ("revenue above 70 with operating cost below 60": a field right before the comparison is its own, over
    // another one after a word that starts a new condition ("with", "and"; not "in": "over 60 in arm 3");
    // "price greater than 700 (in USD)" over three prices: a word after it naming one of the fields the word
    // before may mean says which, and stays the one compared.)
    const rightBefore =
      after && after.pos === end + 1 && CONDITION_JOINERS.has(lemma(end))
        ? a.refs.find((r) => r.end === pos && r.cands.some((c) => want(info(c.name))) && !r.cands.some((c) => after.cands.some((d) => d.name === c.name)))
        : undefined;
    if (rightBefore) return rightBefore;
    if (after && after.cands.some((c) => want(info(c.name)))) return after;
    // "more than 32 GB of memory": a unit nothing read, then "of" and the field.
    const unitThen =
      (mAt(end)?.kind === "unknown" || (!mAt(end) && tokens[end]?.kind === "word" && !STOP_WORDS.has(lemma(end)))) && /^[a-z]{1,4}$/.test(lemma(end))
        ? a.refs.find((r) => r.pos === end + 1 || (r.pos === end + 2 && lemma(end + 1) === "of"))
        : undefined;
    if (unitThen && unitThen.cands.some((c) => want(info(c.name)))) return unitThen;
    let best: Ref | null = null;
    for (const r of a.refs) {
      if (r.end > pos || pos - r.end > 6) continue;
      // Another comparison or value in between binds to that one.
      let blocked = false;
      for (let k = r.end; k < pos; k++) {
        const mm = mAt(k);
        if (mm && (mm.kind === "number" || mm.kind === "value" || mm.kind === "date")) blocked = true;
      }
      if (!blocked && r.cands.some((c) => want(info(c.name))) && (!best || r.pos > best.pos)) best = r;
    }
    if (best) return best;
    return a.refs.find((r) => r.pos > end && r.pos - end <= 2 && r.cands.some((c) => want(info(c.name)))) ?? null;
  };
  const numeric = (f: FieldInfo) => f.numbers !== null && f.role !== "date";
  // A field named with a role word ("by order date in 2016") is also grouped or measured: the filter does not use it up.
  // "how many members joined in 2023": the event a date field dates, said as a verb, is no count of that field.
  const eventVerb = (r: Ref) =>
    r.cands.length === 1 && lex.names.some((n) => n.event && n.field === r.cands[0].name && n.words.join(" ") === r.text.toLowerCase());
  const governs = (r: Ref) => r.group || r.series || r.facet || r.afterWhich || r.agg !== null || (r.countOf && !eventVerb(r));
  // "how many customers joined in 2016": a date field after a count word, then its period, is the
  // period's field (the count is of the rows).
  const countedDate = (r: Ref, before: number) =>
    r.countOf && !r.group && !r.series && !r.facet && !r.afterWhich && r.agg === null && r.end <= before && r.cands.every((c) => info(c.name).role === "date");
  const unitWords = new Set<number>(); // "days" of "over 5 days": a unit, not a time word
  const addAtom = (atom: Omit<FilterAtom, "id">) => {
    a.filters.push({ ...atom, id: a.filters.length });
    return a.filters[a.filters.length - 1];
  };
  /**
   * One word that stands for a condition on one field ("placebo" for the control arm, "open" for none of the closed
   * stages): the word is no unknown field, and the answer states how it read it (`stated`).
   */
  const addWordCondition = (i: number, filter: Filter, refs: number[], stated: string) => {
    a.unknown = a.unknown.filter((u) => u.pos !== i);
    addAtom({
      pos: i,
      end: i + 1,
      kind: "value",
      options: [{ filter, how: "adjacent" }],
      negated: false,
      refs,
      listed: 0,
      conj: null,
      stated,
      text: tokens[i].raw,
    });
  };
  const negatedAt = (start: number): boolean => {
    // "not", "no", "without", "except", "excluding", "other than" within 4 tokens before, over small
    // words and one verb ("were not shipped standard class", "customers who did not churn").
    let verbs = 0;
    for (let k = start - 1, n = 0; k >= 0 && n < 5; k--, n++) {
      const mm = mAt(k);
      if (mm && mm.kind === "word" && (hasHit(mm, "neg") || hasHit(mm, "cmp", "neq"))) return true;
      if (mm && mm.kind === "unknown" && verbs++ === 0) continue;
      if (mm && mm.kind !== "word") return false;
      const small = ["from", "in", "on", "of", "to", "by", "at"].includes(mm?.text ?? "");
      if (mm && mm.kind === "word" && !small && !mm.hits.every((h) => h.category === "rowNoun" || h.category === "conj" || h.category === "question"))
        return false;
      if (!mm && !STOP_WORDS.has(lemma(k)) && !ROW_NOUNS.has(lemma(k)) && !["who", "that", "which", "are", "is", "from", "on", "in"].includes(lemma(k))) {
        // ("flights that don't leave from Los Angeles": one verb of the grammar's words between.)
        if (tokens[k].kind === "word" && /^[a-z]+$/.test(lemma(k)) && verbs++ === 0) continue;
        return false;
      }
    }
    return false;
  };
  const rangeFieldNegated = (start: number): boolean => {
    const f = mAt(start - 1);
    return !!f && f.kind === "field" && negatedAt(f.start);
  };
  const cmpBefore = (start: number, pastField = true): { op: Filter["op"]; from: number } | null => {
    // The comparison words right before a number: "more than", "at least", "over", "before", "since".
    // ("after time 100", "above age 30": the comparison said before the name of the number or date
    // field that the number follows compares that field.)
    const named = mAt(start - 1);
    if (pastField && named?.kind === "field" && named.fields.every((c) => numeric(info(c.name)) || info(c.name).role === "date"))
      return cmpBefore(named.start, false);
    for (let k = start - 1, n = 0; k >= 0 && n < 3; k--, n++) {
      const mm = mAt(k);
      if (mm && mm.kind === "word") {
        const key = hitKey(mm, "cmp");
        // "... and under 150", "and less than 20": the words that follow a number ("20 and under")
        // read before one are "and" plus a strict comparison.
        const joined = (lemma(mm.start) === "and" || lemma(mm.start) === "or") && mm.end - mm.start > 1;
        if (key && joined && (key === "lte" || key === "gte")) return { op: key === "lte" ? "lt" : "gt", from: mm.start + 1 };
        if (key) return { op: key as Filter["op"], from: mm.start };
        if (hasHit(mm, "comparative")) return null;
        return null;
      }
      if (mm) return null;
      if (!["than", "the", "a", "of", "$", "is", "are", "be", "was", "in", "by"].includes(tokens[k].text)) return null;
    }
    return null;
  };
  // "between 25 and 35 years old", "over 40 years old": the unit says the number is an age.
  const yearsOld = (end: number): FieldInfo | null => {
    if (!((lemma(end) === "year" && lemma(end + 1) === "old") || lemma(end) === "old")) return null;
    return fields.find((f) => numeric(f) && nameWordsOf(f).some((w) => AGE_WORDS.has(w))) ?? null;
  };
  // The age field named by "years old" itself only says which field is compared.
  const ageRefs = (end: number, age: FieldInfo): number[] =>
    a.refs.filter((r) => r.pos >= end && r.pos <= end + 1 && r.cands.some((c) => c.name === age.name) && !governs(r)).map((r) => r.id);
  // "men over 60", "customers under 30": a number compared right after people is their age.
  const personAge = (start: number): FieldInfo[] | null => {
    const prevLemmas = [lemma(start - 1), lemma(start - 2)];
    if (!prevLemmas.some((w) => PERSON_NOUNS.has(w))) return null;
    const age = fields.find((f) => numeric(f) && nameWordsOf(f).some((w) => AGE_WORDS.has(w)));
    return age ? [age] : null;
  };
  // "capital loss of people over 60": a comparison said right after the people (not after a field)
  // compares their age, even when another number field was named earlier in the question.
  const peopleRightBefore = (start: number, named: Ref | null): FieldInfo | null => {
    if (!PERSON_NOUNS.has(lemma(start - 1))) return null;
    if (named && named.end > start - 1) return null;
    return fields.find((f) => numeric(f) && nameWordsOf(f).some((w) => AGE_WORDS.has(w))) ?? null;
  };
  // "in their 30s", "people in their twenties": a decade of life is an age range on the age field
  // (said of people: "their"/"his"/"her" before it, or people or the age field named in the question).
  const ageField = fields.find((f) => numeric(f) && nameWordsOf(f).some((w) => AGE_WORDS.has(w)));
  const ageDecadeRead = new Set<number>();
  if (ageField) {
    const people = tokens.some((t) => PERSON_NOUNS.has(t.lemma)) || a.refs.some((r) => r.cands.some((c) => c.name === ageField.name));
    for (let i = 0; i < tokens.length; i++) {
      const m = mAt(i);
      if (m && (m.kind !== "unknown" || m.end - m.start !== 1)) continue;
      const raw = tokens[i].text.replace(/['’]/g, "");
      const d = /^([1-9]0)s$/.exec(raw)?.[1] ?? AGE_DECADE_WORDS[raw];
      if (!d) continue;
      const owner = ["their", "his", "her", "my", "your"].includes(lemma(i - 1));
      if (!owner && !people) continue;
      const lo = Number(d);
      const own = a.refs.filter((r) => r.cands.some((c) => c.name === ageField.name) && !governs(r) && Math.abs(r.pos - i) <= 3).map((r) => r.id);
      addAtom({
        pos: i - (owner ? 1 : 0),
        end: i + 1,
        kind: "compare",
        options: [{ filter: { field: ageField.name, op: "between", values: [lo, lo + 9] }, how: "adjacent" }],
        negated: negatedAt(i),
        refs: own,
        listed: 0,
        conj: null,
        text: spanText(tokens, i - (owner ? 1 : 0), i + 1),
      });
      if (m) ageDecadeRead.add(at[i]);
    }
  }
  // "cars from the 70s", "movies of the '90s": a two-digit decade is the decade of the time field
  // whose years it falls in (1970s or 2070s by the data's own range); outside every range it stays unread.
  for (let i = 0; i < tokens.length && timeFields.length; i++) {
    const m = mAt(i);
    if (!m || m.kind !== "unknown" || m.end - m.start !== 1 || ageDecadeRead.has(at[i])) continue;
    const d = /^([0-9]0)s$/.exec(tokens[i].text.replace(/['’]/g, ""))?.[1];
    if (!d) continue;
    const options: FilterOption[] = [];
    for (const tf of timeFields) {
      const years =
        tf.role === "date"
          ? [new Date(tf.min).getUTCFullYear(), new Date(tf.max).getUTCFullYear()]
          : tf.max < 100
            ? [1900 + tf.min, 1900 + tf.max]
            : [tf.min, tf.max];
      const year = [1900 + Number(d), 2000 + Number(d)].find((y) => y + 9 >= years[0] && y <= years[1]);
      if (year === undefined) continue;
      const dv: DateValue = { year, month: null, day: null, quarter: null, decade: true };
      const v1 = periodValue(dv, tf, false);
      const v2 = periodValue(dv, tf, true);
      if (v1 === null || v2 === null) continue;
      options.push({ filter: { field: tf.name, op: "between", values: [v1, v2] }, how: "time" });
    }
    if (!options.length) continue;
    addAtom({ pos: i, end: i + 1, kind: "date", options, negated: negatedAt(i), refs: [], listed: 0, conj: null, text: tokens[i].raw });
    ageDecadeRead.add(at[i]);
  }
  // A table whose dates are split into a year field and a field for the part of the year: its labels
  // (month names or their first three letters; Q1..Q4) or the numbers 1..parts in a field so named.
  type SplitFields = { year: FieldInfo; part: FieldInfo; valueOf: (k: number) => string | number | undefined };
  const splitPeriodField = (parts: number, labelIndex: (label: string) => number | null, names: string[]): SplitFields | null => {
    if (fields.some((f) => f.role === "date")) return null;
    const year = timeFields.find((f) => f.yearLike);
    if (!year) return null;
    for (const f of fields) {
      if (f === year) continue;
      if (f.codes && f.dictionary.length && f.dictionary.length <= parts) {
        const byPart = new Map<number, string>();
        for (const v of f.dictionary) {
          const k = labelIndex(v.trim());
          if (k === null) break;
          byPart.set(k, v);
        }
        if (byPart.size === f.dictionary.length) return { year, part: f, valueOf: (k) => byPart.get(k) };
      } else if (f.integer && f.min >= 1 && f.max <= parts && nameWordsOf(f).some((w) => names.includes(w))) return { year, part: f, valueOf: (k) => k };
    }
    return null;
  };
  let splitCache: { year: FieldInfo; month: FieldInfo; valueOf: (k: number) => string | number | undefined } | null | undefined;
  const splitMonthFields = () => {
    if (splitCache !== undefined) return splitCache;
    const split = splitPeriodField(
      12,
      (label) => {
        const k = MONTH_NAMES.findIndex((n) => n.toLowerCase() === label.toLowerCase() || n.slice(0, 3).toLowerCase() === label.toLowerCase());
        return k < 0 ? null : k + 1;
      },
      ["month"],
    );
    splitCache = split && { year: split.year, month: split.part, valueOf: split.valueOf };
    return splitCache;
  };
  // "approval in the third quarter of 1968" over a year field and a quarter field of its own (Q1..Q4, or
  // 1..4 named quarter): the year on the year field and the quarter on the quarter field.
  const splitQuarterFields = () => {
    const split = splitPeriodField(
      4,
      (label) => {
        const q = /^(?:q|qtr|quarter)\s*([1-4])$/i.exec(label);
        return q ? Number(q[1]) : null;
      },
      ["quarter", "qtr"],
    );
    return split && { year: split.year, quarter: split.part, valueOf: split.valueOf };
  };
  const cmpAfter = (end: number): Filter["op"] | null => {
    const mm = mAt(end);
    const key = hitKey(mm, "cmp");
    if (mm && key && (key === "gte" || key === "lte") && /^(or|and)\b/.test(mm.text)) return key as Filter["op"];
    return null;
  };
  const comparativeBefore = (start: number, end: number): { op: "gt" | "lt"; field: string | null; from: number } | null => {
    // "heavier than 3000", "older than 60".
    if (lemma(start - 1) !== "than") return null;
    const mm = mAt(start - 2);
    if (!mm) return null;
    const key = hitKey(mm, "comparative");
    if (!key) return null;
    const wordsFor = comparativeFieldWords(mm.text, tokens[mm.end]?.text) ?? [];
    const fits = lex.names.filter((n) => wordsFor.some((w) => n.words.join(" ").includes(w)) && numeric(info(n.field)));
    // ("longer than 150 minutes" over length and rental_duration: the field the unit after the number names.)
    const unitNamed = a.refs.find((r) => r.pos === end && r.cands.length === 1 && fits.some((n) => n.field === r.cands[0].name));
    const match = unitNamed ? null : (fits.find((n) => wordsFor.includes(n.words.join(" "))) ?? fits[0]);
    return { op: key as "gt" | "lt", field: unitNamed ? unitNamed.cands[0].name : (match?.field ?? null), from: mm.start };
  };

  // Numbers and dates with comparisons, ranges, "N <discrete field>", years.
  for (let idx = 0; idx < mentions.length; idx++) {
    const m = mentions[idx];
    if (consumed.has(idx) || (m.kind !== "number" && m.kind !== "date")) continue;
    // Range: between A and B / from A to B / A to B / A through B.
    const conn = lemma(m.end);
    const rangeWordAt = (i: number) => hitKey(mAt(i), "cmp") === "between" || lemma(i) === "between" || lemma(i) === "from";
    // "between day 4 and day 10", "from week 2 to 6": the range's own number field named before its first end
    // (and perhaps again before the second) is part of the range, not a word that stops it.
    const fieldFirst = rangeWordAt(m.start - 1)
      ? undefined
      : a.refs.find((r) => r.end === m.start && rangeWordAt(r.pos - 1) && r.cands.some((c) => numeric(info(c.name))));
    const fieldAgain = fieldFirst
      ? a.refs.find((r) => r.pos === m.end + 1 && r.cands.length === fieldFirst.cands.length && r.cands.every((c, k) => c.name === fieldFirst.cands[k].name))
      : undefined;
    const other = fieldAgain && mAt(fieldAgain.end)?.kind === "number" ? mAt(fieldAgain.end) : mAt(m.end + 1);
    const lead = fieldFirst ? fieldFirst.pos - m.start : 0;
    const betweenWord = rangeWordAt(m.start - 1 + lead);
    const rangeStart = m.start + lead - (betweenWord ? 1 : 0);
    if (
      other &&
      other !== m &&
      (other.kind === m.kind || (m.kind === "date" && other.kind === "number") || (m.kind === "number" && other.kind === "date")) &&
      ["and", "to", "through", "until", "till"].includes(conn) &&
      (betweenWord || conn !== "and")
    ) {
      const oIdx = mentions.indexOf(other);
      const lo = m;
      const hi = other;
      const isDateLike =
        lo.kind === "date" ||
        hi.kind === "date" ||
        (lo.kind === "number" &&
          hi.kind === "number" &&
          Number.isInteger(lo.value) &&
          Number.isInteger(hi.value) &&
          lo.value >= 1800 &&
          lo.value <= 2100 &&
          hi.value >= 1800 &&
          hi.value <= 2100);
      const options: FilterOption[] = [];
      const refs: number[] = [];
      if (isDateLike && timeFields.length) {
        const asDate = (x: Mention): DateValue | null =>
          x.kind === "date" ? x.date : x.kind === "number" ? { year: x.value, month: null, day: null, quarter: null, decade: false } : null;
        const d1 = asDate(lo)!;
        const d2 = asDate(hi)!;
        // "Dec 1 and Dec 7 2017", "March and June 2017": the year of the second end.
        if (d1.year === null && d2.year !== null) d1.year = d2.year;
        const named = nearestRef(m.start, hi.end, (f) => isTimeField(f));
        const tfs =
          d1.clock !== undefined || d2.clock !== undefined
            ? fields.filter(isClockField)
            : named
              ? named.cands.map((c) => info(c.name)).filter(isTimeField)
              : timeFields;
        // "between March and June", "from November to February" (no year): those months of every year.
        const monthOnly = (d: DateValue) =>
          d.year === null && d.month !== null && !d.day && !d.quarter && !d.half && !d.span && !d.decade && !d.weekdays && (d.months?.length ?? 1) === 1;
        const everyYear: string[] = [];
        if (monthOnly(d1) && monthOnly(d2))
          for (let k = d1.month!; everyYear.length < 12; k = (k % 12) + 1) {
            everyYear.push(MONTH_NAMES[k - 1]);
            if (k === d2.month) break;
          }
        for (const tf of tfs) {
          if (everyYear.length && tf.role === "date") {
            options.push({ filter: { field: tf.name, op: "in", values: everyYear }, how: named ? "adjacent" : tfs.length === 1 ? "time" : "ambiguous" });
            continue;
          }
          const v1 = periodValue(d1, tf, false);
          const v2 = periodValue(d2, tf, true);
          if (v1 === null || v2 === null) continue;
          options.push({ filter: { field: tf.name, op: "between", values: [v1, v2] }, how: named ? "adjacent" : tfs.length === 1 ? "time" : "ambiguous" });
        }
        if (named && !governs(named)) refs.push(named.id);
      } else if (lo.kind === "number" && hi.kind === "number") {
        const r = fieldFirst ?? nearestRef(rangeStart, hi.end, numeric);
        const lov = Math.min(lo.value, hi.value);
        const hiv = Math.max(lo.value, hi.value);
        // "between 100 and 200 billion": the scale said once applies to both ends.
        const scaledRange = (f: FieldInfo): [number, number] => {
          const hiScale = hi.scale && !lo.scale && lo.value * hi.scale.factor <= hi.value ? hi.scale : undefined;
          const a = inFieldScale(hiScale ? { ...lo, value: lo.value * hiScale.factor, scale: hiScale } : lo, f)!;
          const b = inFieldScale(hi, f)!;
          return [Math.min(a, b), Math.max(a, b)];
        };
        const age = yearsOld(hi.end) ?? peopleRightBefore(rangeStart, r);
        if (age) {
          options.push({ filter: { field: age.name, op: "between", values: [lov, hiv] }, how: "adjacent" });
          refs.push(...ageRefs(hi.end, age));
        } else if (r) {
          for (const c of r.cands)
            if (numeric(info(c.name)))
              options.push({
                filter: { field: c.name, op: "between", values: scaledRange(info(c.name)) },
                how: r.cands.length > 1 ? "ambiguous" : "adjacent",
              });
          if (!governs(r)) refs.push(r.id);
          if (fieldAgain && !governs(fieldAgain)) refs.push(fieldAgain.id);
        } else {
          for (const f of fields.filter((f) => numeric(f) && f.min <= scaledRange(f)[1] && f.max >= scaledRange(f)[0]))
            options.push({ filter: { field: f.name, op: "between", values: scaledRange(f) }, how: "guess" });
        }
      }
      if (options.length) {
        consumed.add(idx);
        consumed.add(oIdx);
        addAtom({
          pos: Math.max(0, rangeStart),
          end: hi.end,
          kind: "range",
          options,
          // ("excluding IQ between 10 and 14": the negation before the range's own field.)
          negated: negatedAt(rangeStart) || rangeFieldNegated(rangeStart),
          refs,
          listed: 0,
          conj: null,
          text: spanText(tokens, m.start, hi.end),
        });
      }
      continue;
    }
    // Comparisons: "more than 100", "at least 5", "before 2000", "heavier than 3000", "5 or more".
    const cmp0 = cmpBefore(m.start);
    // ("genres with at least 10 movies": the table's own rows counted after a number, with a category
    // field named to count them in, are a number of rows per group too.)
    const rowsCounted = (k: number) => {
      const noun = mAt(k);
      if (!noun || noun.kind !== "word" || !hasHit(noun, "rowNoun")) return false;
      return a.refs.some((r) => r.turn === turn && r.pos < m.start && r.cands.some((c) => !!info(c.name).codes && !isTimeField(info(c.name))));
    };
    // "customers who bought more than 20 times": a number of times is a count of each group's rows
    // (compared after grouping), not a value of any field.
    if (
      cmp0 &&
      m.kind === "number" &&
      !m.money &&
      !m.percent &&
      (tokens[m.end]?.text.toLowerCase() === "times" || rowsCounted(m.end)) &&
      ["gt", "gte", "lt", "lte"].includes(cmp0.op)
    ) {
      a.timesCount = {
        op: cmp0.op as "gt" | "gte" | "lt" | "lte",
        value: m.value,
        text: spanText(tokens, cmp0.from, m.end + 1),
        pos: cmp0.from,
        end: m.end + 1,
      };
      consumed.add(idx);
      continue;
    }
    const cmp = cmp0;
    const comparative = cmp ? null : comparativeBefore(m.start, m.end);
    // "5 or more", and past the field's name: "6 cylinders or more", "20 mpg and under".
    const fieldNext = a.refs.find((r) => r.pos === m.end);
    const afterField = !cmpAfter(m.end) && fieldNext ? cmpAfter(fieldNext.end) : null;
    const after = cmpAfter(m.end) ?? afterField;
    const op0 = cmp?.op ?? comparative?.op ?? after;
    const yearish = m.kind === "date" || (m.kind === "number" && Number.isInteger(m.value) && m.value >= 1800 && m.value <= 2100 && !m.money && !m.percent);
    // "cars from 1980", "movies from march 2010": "from" with a period and no end or "onwards" after it
    // is that period ("from 1980 on", "from 1980 to 1985" stay a start).
    const fromPeriod = !!cmp && !after && yearish && lemma(cmp.from) === "from" && mAt(cmp.from)?.end === cmp.from + 1 && !FROM_CONTINUATIONS.has(lemma(m.end));
    // "from origin 2", "from grade 3": "from" before the name of a field of a few whole-number codes and
    // one of its values, with no end after it, is where the rows come from, not a start ("from origin 2 to 5" stays one).
    const fromCode =
      !!cmp &&
      !after &&
      m.kind === "number" &&
      lemma(cmp.from) === "from" &&
      mAt(cmp.from)?.end === cmp.from + 1 &&
      !FROM_CONTINUATIONS.has(lemma(m.end)) &&
      a.refs.some(
        (r) =>
          r.pos === cmp.from + 1 &&
          r.end === m.start &&
          r.cands.length === 1 &&
          info(r.cands[0].name).discrete &&
          !info(r.cands[0].name).yearLike &&
          !!info(r.cands[0].name).numbers?.includes(m.value),
      );
    const op = fromPeriod || fromCode ? "eq" : op0;
    if (op && op !== "between") {
      const options: FilterOption[] = [];
      const refs: number[] = [];
      // "after 1978", "since 2005", "before 2000": a temporal word with a year is about the time field.
      // ("2010 or later", "1980 and earlier": the temporal words after the number.)
      const temporal = ((!!cmp && hasHit(mAt(cmp.from), "temporal")) || (!cmp && !!after && hasHit(mAt(m.end), "temporal"))) && timeFields.length > 0;
      // ("climbed mountains higher than 5000": a date field takes a number only as a year or a date.)
      const numberOrDate = (f: FieldInfo) => numeric(f) || (f.role === "date" && yearish);
      // ("after time 100": the field named between the comparison and the number is the one compared.)
      const between = cmp ? a.refs.find((r) => r.pos > cmp.from && r.end === m.start && r.cands.some((c) => numberOrDate(info(c.name)))) : undefined;
      const nearAny = comparative?.field ? null : (between ?? nearestRef(cmp?.from ?? m.start, m.end, numberOrDate));
      // ("how many boys were over 165" over Subject 1..26: what "how many" counts is not compared with a number
      // outside all its values; the number finds its field by its scale.)
      const countedOutside =
        !!nearAny &&
        nearAny !== between &&
        nearAny.countOf &&
        nearAny.turn === turn &&
        nearAny.end <= (cmp?.from ?? m.start) &&
        m.kind === "number" &&
        nearAny.cands.every((c) => {
          const f = info(c.name);
          const v = inFieldScale(m, f);
          return numeric(f) && !isTimeField(f) && v !== null && (v < f.min || v > f.max);
        });
      // ("scatter of Time_min and Points for climbers who climbed mountains higher than 5000" over Points 1..16: a
      // field named further back, not next to the comparison, is not compared with a number ten times beyond all
      // its values; the number finds its field by its scale.)
      const cmpStart = cmp?.from ?? m.start;
      const farOutside =
        !!nearAny &&
        nearAny !== between &&
        nearAny.end < cmpStart - 1 &&
        m.kind === "number" &&
        !m.percent &&
        nearAny.cands.every((c) => {
          const f = info(c.name);
          const v = inFieldScale(m, f);
          return numeric(f) && !isTimeField(f) && v !== null && f.max > 0 && (v > 10 * f.max || (f.min > 0 && v < f.min / 10));
        });
      const namedAny = countedOutside || farOutside ? null : nearAny;
      const age =
        yearsOld(afterField ? fieldNext!.end : m.end) ??
        (cmp && m.kind === "number" && !m.money && !m.percent && !temporal && !comparative?.field && !DURATION_UNITS[lemma(m.end)]
          ? peopleRightBefore(cmp.from, namedAny)
          : null);
      // "more than 5 years", "under 6 months": a duration compares a duration field (tenure, days to ship).
      const unit = !age && m.kind === "number" && !m.money && !m.percent ? DURATION_UNITS[lemma(m.end)] : undefined;
      // The unit word itself naming a time field ("years" ~ Year) is the unit, not the field compared.
      const unitRef = unit && namedAny && namedAny.pos === m.end && namedAny.cands.every((c) => isTimeField(info(c.name))) ? namedAny : null;
      // ("deaths after August 1980": a date never compares a number field named before it; the time field does.)
      const clock = !!unit && unit <= DURATION_UNITS.hour;
      const durationFields = unit
        ? fields.filter((f) => numeric(f) && !f.yearLike && nameWordsOf(f).some((w) => (clock ? CLOCK_DURATION_FIELD_WORDS : DURATION_FIELD_WORDS).has(w)))
        : [];
      // "average concentration after 120 minutes": a duration compares a duration field, not the measure named
      // before it whose name says no unit of time.
      const unitElsewhere =
        !!unit &&
        !unitRef &&
        !!namedAny &&
        durationFields.length > 0 &&
        namedAny.cands.every(
          (c) => !durationFields.some((d) => d.name === c.name) && !nameWordsOf(info(c.name)).some((w) => DURATION_UNITS[w.replace(/s$/, "")] !== undefined),
        );
      const named = unitElsewhere
        ? null
        : unitRef ||
            (namedAny &&
              ((temporal && m.kind === "number" && Number.isInteger(m.value) && m.value >= 1800 && m.value <= 2100) || m.kind === "date") &&
              !namedAny.cands.some((c) => isTimeField(info(c.name))))
          ? unitRef
            ? nearestRef(cmp?.from ?? m.start, m.start, (f) => numeric(f) && !isTimeField(f))
            : null
          : namedAny;
      // ("children under 20 months" over a table with no duration field: the people's age, in the unit said.)
      const unitAge =
        unit && !durationFields.length && cmp && !temporal && !comparative?.field && unit >= DURATION_UNITS.day ? peopleRightBefore(cmp.from, null) : null;
      // "lines with more than 5 items": things counted after the number are the quantity field's.
      const counted =
        !age && !comparative?.field && m.kind === "number" && !m.money && !m.percent && COUNTED_NOUNS.has(lemma(m.end))
          ? (fields.find((f) => numeric(f) && nameWordsOf(f).some((w) => COUNT_FIELD_WORDS.has(w))) ?? null)
          : null;
      const candidates: FieldInfo[] = comparative?.field
        ? [info(comparative.field)]
        : counted
          ? [counted]
          : age
            ? [age]
            : unitAge
              ? [unitAge]
              : !named && durationFields.length
                ? durationFields
                : named
                  ? splitting(
                      named.cands.map((c) => info(c.name)).filter((f) => numeric(f) || f.role === "date"),
                      m,
                    )
                  : m.kind === "date" && m.date.clock !== undefined
                    ? fields.filter(isClockField)
                    : yearish && timeFields.length
                      ? timeFields
                      : (personAge(cmp?.from ?? m.start) ??
                        fields.filter(
                          (f) => numeric(f) && !f.yearLike && m.kind === "number" && f.min <= inFieldScale(m, f)! * 4 && f.max >= inFieldScale(m, f)! / 4,
                        ));
      for (const f of candidates) {
        let value: string | number | null;
        if (m.kind === "date" || (isTimeField(f) && yearish))
          value = periodValue(
            m.kind === "date" ? m.date : { year: (m as { value: number }).value, month: null, day: null, quarter: null, decade: false },
            f,
            op === "lte" || op === "gt",
          );
        else if (m.kind === "number") value = inFieldScale(m, f);
        else value = null;
        if (value === null) continue;
        if (m.kind === "number" && m.percent && typeof value === "number" && value !== m.value) a.units.push({ text: m.text, field: f.name, converted: value });
        // The field's name states its unit ("Days to Ship", "tenure_months"): the duration is converted;
        // otherwise the number is compared as stored and the answer says the unit was not checked.
        if (unit && typeof value === "number" && !isTimeField(f)) {
          // (Or a glued name starts or ends with its unit: HRSWK holds hours.)
          const gluedOwn = gluedUnit(f.name, (w) => KNOWN_WORDS.has(w) || STOP_WORDS.has(w));
          const own =
            nameWordsOf(f)
              .map((w) => DURATION_UNITS[w.replace(/s$/, "")])
              .find((u) => u !== undefined) ?? (gluedOwn ? DURATION_UNITS[gluedOwn] : undefined);
          if (own !== undefined && own !== unit) value = Math.round(((value * unit) / own) * 100) / 100;
          // "tenure over 2 years" with whole numbers up to 72: more than 40 years of one duration is
          // unlikely, whole months are likely; taken as months and said so.
          if (own === undefined && unit === DURATION_UNITS.year && f.integer && f.max > 40 && f.max <= 600) {
            value = value * unit;
            a.units.push({ text: spanText(tokens, m.start, m.end + 1), field: f.name, converted: value, guessedMonths: f.max });
          } else if (own === undefined && unit === DURATION_UNITS.hour && f.integer && f.max > 24 && f.max <= 1440) {
            // "longer than 2 hours" on a running time whose whole numbers go beyond a day's hours:
            // minutes are likely; taken as minutes and said so.
            value = value * 60;
            a.units.push({ text: spanText(tokens, m.start, m.end + 1), field: f.name, converted: value, guessedMinutes: f.max });
          } else if (own === undefined)
            a.units.push({
              text: spanText(tokens, m.start, m.end + 1),
              field: f.name,
            });
          else if (own !== unit)
            a.units.push({
              text: spanText(tokens, m.start, m.end + 1),
              field: f.name,
              converted: value,
            });
        }
        options.push({
          filter: { field: f.name, op, values: [value] },
          how: comparative?.field
            ? "comparative"
            : age || counted
              ? "adjacent"
              : !named && durationFields.length
                ? durationFields.length > 1
                  ? "ambiguous"
                  : "adjacent"
                : named
                  ? named.cands.length > 1
                    ? "ambiguous"
                    : "adjacent"
                  : candidates.length === 1 && yearish
                    ? "time"
                    : "guess",
        });
      }
      // The unit word was not a time grain ("over 5 days" groups nothing by day).
      if (unit && options.length) {
        unitWords.add(m.end);
        if (a.bucket && lemma(m.end) === a.bucket && !tokens.some((t, j) => j !== m.end && t.lemma === a.bucket)) a.bucket = null;
      }
      // ("how many customers have tenure over 2 years": a number field counted over and then compared is
      // the compared field, not what is counted; so is a date field: "how many customers were born before 1995".)
      const countedThenCompared =
        !!named &&
        named.countOf &&
        !named.agg &&
        named.end <= (cmp?.from ?? m.start) &&
        named.cands.every((c) => (numeric(info(c.name)) && !info(c.name).codes) || info(c.name).role === "date");
      if (named && !age && !(counted && counted.name !== named.cands[0]?.name) && (!governs(named) || countedThenCompared)) refs.push(named.id);
      if (unitRef && options.length && !governs(unitRef)) refs.push(unitRef.id);
      if (age) refs.push(...ageRefs(afterField ? fieldNext!.end : m.end, age));
      // "longer than 150 minutes": the word after the number naming the compared field is its unit.
      const unitName = a.refs.find((r) => r.pos === m.end && !governs(r) && r.cands.every((c) => options.some((o) => o.filter.field === c.name)));
      if (unitName && !refs.includes(unitName.id)) refs.push(unitName.id);
      // "with a duration of at least 30 minutes": the compared field named before the comparison as well as by the
      // unit after it is the same filter's name, not a field left over (read as a grouping).
      if (options.length === 1) {
        const start = cmp?.from ?? comparative?.from ?? m.start;
        const sameBefore = a.refs.find(
          (r) =>
            r.turn === turn &&
            !refs.includes(r.id) &&
            !governs(r) &&
            r.end < start &&
            r.end >= start - 2 &&
            tokens.slice(r.end, start).every((t) => ["of", "is", "was", "at"].includes(t.lemma)) &&
            r.cands.length === 1 &&
            r.cands[0].name === options[0].filter.field,
        );
        if (sameBefore && refs.length) refs.push(sameBefore.id);
      }
      // "movies that made over 1 billion": with no field named, a verb of earning before the comparison
      // picks the money-in fields (Worldwide Gross) among the guesses (not Production Budget).
      const from = cmp?.from ?? comparative?.from ?? m.start;
      const verbAt = ["that", "who", "which"].includes(lemma(from - 1)) ? from - 2 : from - 1;
      if (options.length > 1 && options.every((o) => o.how === "guess") && EARN_VERBS.has(lemma(verbAt)) && lemma(verbAt - 1) !== "is") {
        const earned = options.filter((o) => nameWordsOf(info(o.filter.field)).some((w) => EARN_FIELD_WORDS.has(w)));
        if (earned.length) options.splice(0, options.length, ...earned);
      }
      if (options.length) {
        consumed.add(idx);
        addAtom({
          pos: cmp?.from ?? comparative?.from ?? m.start,
          end: afterField && !cmp && !comparative ? fieldNext!.end + 1 : m.end + (after ? 1 : 0),
          kind: "compare",
          options,
          // ("excluding weight below 100": the negation before the compared field's name.)
          negated: negatedAt(named && named.end === (cmp?.from ?? m.start) ? named.pos : (cmp?.from ?? comparative?.from ?? m.start)),
          refs,
          listed: 0,
          conj: null,
          text: spanText(tokens, cmp?.from ?? comparative?.from ?? m.start, m.end),
        });
        if (comparative) consumed.add(at[comparative.from]);
        continue;
      }
    }
    if (m.kind === "number") {
      // "8-cylinder cars", "6 cylinders", "with 4 cylinders", "cylinders = 6", "4 or 6 cylinders".
      const list: number[] = [m.value];
      let endPos = m.end;
      let listConj: "and" | "or" | null = null;
      // (The listed numbers are used up only when a field takes the list: "2016 and 2017" stay years.)
      const listed: number[] = [];
      // ("Diet 3 or Diet 4": the field's name said again before the next number.)
      const nameBefore = a.refs.find((r) => r.turn === turn && r.end === m.start && r.cands.length === 1);
      const repeatedNames: number[] = [];
      for (;;) {
        // ("subjects 1, 2 and 3": numbers parted by commas, the list closed by "and" / "or".)
        const commaNext = mAt(endPos);
        if (commaNext?.kind === "number" && commaNext.start === endPos && tokens[endPos].sep === ",") {
          let k = commaNext.end;
          while (mAt(k)?.kind === "number" && tokens[k].sep === ",") k = mAt(k)!.end;
          const closes = (lemma(k) === "and" || lemma(k) === "or") && mAt(k + 1)?.kind === "number";
          if (!closes) break;
          list.push(commaNext.value);
          listed.push(mentions.indexOf(commaNext));
          endPos = commaNext.end;
          continue;
        }
        if (lemma(endPos) !== "or" && lemma(endPos) !== "and") break;
        const again =
          nameBefore && a.refs.find((r) => r.turn === turn && r.pos === endPos + 1 && r.cands.length === 1 && r.cands[0].name === nameBefore.cands[0].name);
        const nm = mAt(again ? again.end : endPos + 1);
        if (nm?.kind !== "number") break;
        listConj = lemma(endPos) as "and" | "or";
        if (again) repeatedNames.push(again.id);
        list.push(nm.value);
        listed.push(mentions.indexOf(nm));
        endPos = nm.end;
      }
      const fieldAfter = a.refs.find((r) => r.pos === endPos);
      const discrete = (f: FieldInfo) =>
        f.numbers !== null &&
        (f.discrete || f.distinct <= 40) &&
        (f.integer
          ? list.every((v) => Number.isInteger(v) && v >= f.min && v <= f.max)
          : // ("at voltage 2": a field of a few set levels, not whole numbers, holding each number said.)
            list.every((v) => f.numbers!.includes(v)));
      // ("months with zero sunspots", "0 accidents": none of a number field holding zeros, however many values it has.)
      const zeroHeld = (f: FieldInfo) => list.length === 1 && list[0] === 0 && f.numbers !== null && f.role !== "date" && f.numbers.includes(0);
      let ref: Ref | null = fieldAfter && fieldAfter.cands.some((c) => discrete(info(c.name)) || zeroHeld(info(c.name))) ? fieldAfter : null;
      // (Right after the field's name, any whole number the field holds: "pdays of -1", a code.)
      // ("an IQ of 10" over a field of halves too: a number the field holds.)
      const holds = (f: FieldInfo) => discrete(f) || (f.numbers !== null && list.every((v) => Number.isInteger(v) && f.numbers!.includes(v)));
      // "cereals on shelf 1 or 2", "in Month 7": right after the name of a field of a few whole numbers.
      if (!ref) {
        // ("tree 1 or 2", "plot 17": a whole-number id field of many values, every number said one it holds.)
        const idHolds = (f: FieldInfo) => f.numbers !== null && f.integer && list.every((v) => Number.isInteger(v) && f.numbers!.includes(v));
        // ("cell type 3", "mothers of type 2": a noun of kinds between the name and the number.)
        const kindSaid = VALUE_KIND_NOUNS.has(lemma(m.start - 1));
        const nameEnd = [m.start, ...(kindSaid ? [m.start - 1, ...(lemma(m.start - 2) === "of" ? [m.start - 2] : [])] : [])];
        const before = a.refs.find(
          (r) =>
            r.turn === turn &&
            nameEnd.includes(r.end) &&
            !r.group &&
            r.cands.length === 1 &&
            (discrete(info(r.cands[0].name)) || idHolds(info(r.cands[0].name))),
        );
        if (before) ref = before;
      }
      // ("when the dose was 0.5", "dose = 2", "a dose of 1": linked to the field's name by a verb of being or "of".)
      if (!ref && ["=", "is", "was", "were", "equals", "of", "with"].includes(lemma(m.start - 1))) {
        const r = nearestRef(m.start, m.end, holds);
        // ("in which month of 2014 did Austin sell the most": a year the table's time field spans, said before
        // another field's name, is that year, not a value of the field named after it.)
        const yearAhead = r !== null && r.pos > m.start && list.every((v) => timeFieldSpans(v));
        if (r && r.end >= m.start - 2 && !yearAhead) ref = r;
      }
      // "60 month loans", "36-month terms": a number and a unit that the name of one field holding that
      // number states ("term_months") is that field's value.
      let byUnit: FieldInfo | null = null;
      if (!ref && DURATION_UNITS[lemma(endPos)] !== undefined && !a.refs.some((r) => r.pos === endPos)) {
        const unitWord = lemma(endPos);
        const own = fields.filter((f) => numeric(f) && holds(f) && nameWordsOf(f).some((w) => w.replace(/s$/, "") === unitWord.replace(/s$/, "")));
        if (own.length === 1) byUnit = own[0];
        // "at 60 minutes", "3 hours after dosing": with no field stating the unit, the one number field named only
        // as elapsed time ("Time") holding the number; its unit is not checked, and the answer says so.
        else if (!own.length && !cmp) {
          const elapsed = fields.filter((f) => isElapsedTime(f) && holds(f));
          if (elapsed.length === 1) {
            byUnit = elapsed[0];
            a.units.push({ text: spanText(tokens, m.start, endPos + 1), field: byUnit.name });
          }
        }
      }
      if (byUnit) {
        consumed.add(idx);
        for (const j of listed) consumed.add(j);
        addAtom({
          pos: m.start,
          end: endPos + 1,
          kind: "count-field",
          options: [{ filter: { field: byUnit.name, op: list.length > 1 ? "in" : "eq", values: list } as Filter, how: "adjacent" }],
          negated: negatedAt(m.start),
          refs: [],
          listed: list.length,
          conj: listConj,
          text: spanText(tokens, m.start, endPos + 1),
        });
        unitWords.add(endPos);
        continue;
      }
      if (ref) {
        // ("excluding Diet 1", "not on shelf 1 or 2": the negation before the field's name.)
        const from = Math.min(m.start, ref.pos);
        const op = negatedAt(from) ? "neq" : list.length > 1 ? "in" : "eq";
        const options = ref.cands
          .filter((c) => holds(info(c.name)))
          .map((c) => ({ filter: { field: c.name, op, values: list } as Filter, how: "adjacent" as FilterHow }));
        consumed.add(idx);
        for (const j of listed) consumed.add(j);
        if (repeatedNames.length && ref !== nameBefore) repeatedNames.length = 0;
        addAtom({
          pos: m.start,
          end: Math.max(endPos, ref.end),
          kind: "count-field",
          options,
          negated: negatedAt(from),
          refs: [ref.id, ...repeatedNames],
          listed: list.length,
          conj: listConj,
          text: spanText(tokens, m.start, Math.max(endPos, ref.end)),
        });
        continue;
      }
      // "how many are in status 5": a whole number ending the question with no field named beside it, held by
      // fields of a few whole-number codes (none a time): each is a reading (one is stated as a guess, several asked).
      // ("and 8?" after "total for origin 7" is a bare follow-up: its number swaps the earlier one, followup.ts.)
      const bare = mentions.every((x, k) => k === idx || (x.kind === "word" && (hasHit(x, "followUp") || hasHit(x, "conj") || hasHit(x, "question"))));
      const lastWord = !bare && (endPos === tokens.length || (tokens[endPos]?.kind === "symbol" && endPos === tokens.length - 1));
      const holders =
        lastWord &&
        list.length === 1 &&
        !cmp &&
        !m.money &&
        !m.percent &&
        Number.isInteger(m.value) &&
        a.limit?.n !== m.value &&
        a.binCount !== m.value &&
        a.binWidth !== m.value
          ? fields.filter(
              (f) =>
                (f.discrete || (f.integer && SUBJECT_FIELDS.has(nameWordsOf(f).join(" ")))) && !f.yearLike && !isTimeField(f) && !!f.numbers?.includes(m.value),
            )
          : [];
      if (holders.length) {
        consumed.add(idx);
        addAtom({
          pos: m.start,
          end: endPos,
          kind: "count-field",
          options: holders.map((f) => ({ filter: { field: f.name, op: "eq", values: [m.value] } as Filter, how: holders.length > 1 ? "ambiguous" : "guess" })),
          negated: negatedAt(m.start),
          refs: [],
          listed: 1,
          conj: null,
          text: m.text,
        });
        continue;
      }
    }
    // A date or a year on its own: "in 2016", "for 2017", "during March 2016", "in Q4 2017".
    let d: DateValue | null =
      m.kind === "date"
        ? m.date
        : m.kind === "number" && Number.isInteger(m.value) && m.value >= 1800 && m.value <= 2100 && !m.money && !m.percent
          ? { year: m.value, month: null, day: null, quarter: null, decade: false }
          : null;
    // "on Saturdays and Sundays", "in March or April": a list of days of the week or of months (no year).
    let dEnd = m.end;
    if (d && d.year === null && (d.weekdays || (d.month && !d.day))) {
      const unit = d.weekdays ? "weekdays" : "month";
      let list: number[] = d.weekdays ? [...d.weekdays] : [...(d.months ?? [d.month!])];
      // ("in March or April 1978": the year said after the last month is every month's.)
      let listYear: number | null = null;
      for (;;) {
        const j = mentions.findIndex((x) => x.kind === "date" && x.start >= dEnd && x.start - dEnd <= 2);
        const nx = mentions[j];
        if (!nx || nx.kind !== "date") break;
        const gap = tokens.slice(dEnd, nx.start).map((t) => t.lemma);
        if (!gap.length || !gap.every((w) => ["and", "or", "on", "in", "the"].includes(w))) break;
        if (nx.date.year !== null) {
          if (unit !== "month" || !nx.date.month || nx.date.day || nx.date.months) break;
          const all = [...new Set([...list, nx.date.month])].sort((x, y) => x - y);
          // (Months one after another are one span on a date field; others need a month field of their own.)
          if (all[all.length - 1] - all[0] !== all.length - 1 && !splitMonthFields()) break;
          list = all;
          listYear = nx.date.year;
          dEnd = nx.end;
          consumed.add(j);
          break;
        }
        const more = unit === "weekdays" ? nx.date.weekdays : nx.date.month && !nx.date.day ? (nx.date.months ?? [nx.date.month]) : undefined;
        if (!more) break;
        list = [...new Set([...list, ...more])];
        dEnd = nx.end;
        consumed.add(j);
      }
      d =
        unit === "weekdays"
          ? { ...d, weekdays: list }
          : listYear !== null && list[list.length - 1] - list[0] === list.length - 1
            ? { ...d, year: listYear, month: null, months: undefined, span: [list[0], list[list.length - 1]] }
            : { ...d, year: listYear, month: list[0], months: list };
    }
    // "passengers in March 1960", "the first half of 1960" over a year field and a month field of its own:
    // the year on the year field and the months on the month field.
    const split = d && d.year !== null && (d.month || d.quarter || d.half || d.span) && !d.day && !d.decade ? splitMonthFields() : null;
    if (d && split) {
      const year = split.year.max < 100 ? d.year! % 100 : d.year!;
      const first = d.month ? d.month : d.quarter ? d.quarter * 3 - 2 : d.span ? d.span[0] : d.half! * 6 - 5;
      const last = d.month ? d.month : d.quarter ? d.quarter * 3 : d.span ? d.span[1] : d.half! * 6;
      const months: (string | number)[] = [];
      if (d.months) for (const k of d.months) months.push(split.valueOf(k)!);
      else for (let k = first; k <= last; k++) months.push(split.valueOf(k)!);
      if (months.every((v) => v !== undefined)) {
        consumed.add(idx);
        const text = spanText(tokens, m.start, dEnd);
        const both = [
          { field: split.year.name, op: "eq", values: [year] },
          { field: split.month.name, op: months.length > 1 ? "in" : "eq", values: months },
        ] as Filter[];
        for (const filter of both)
          addAtom({ pos: m.start, end: dEnd, kind: "date", options: [{ filter, how: "time" }], negated: false, refs: [], listed: 0, conj: null, text });
        continue;
      }
    }
    const splitQ = d && d.year !== null && d.quarter && !d.month && !d.day && !d.decade && !split ? splitQuarterFields() : null;
    const quarterValue = splitQ && d?.quarter ? splitQ.valueOf(d.quarter) : undefined;
    if (d && splitQ && quarterValue !== undefined) {
      consumed.add(idx);
      const text = spanText(tokens, m.start, dEnd);
      const year = splitQ.year.max < 100 ? d.year! % 100 : d.year!;
      const both = [
        { field: splitQ.year.name, op: "eq", values: [year] },
        { field: splitQ.quarter.name, op: "eq", values: [quarterValue] },
      ] as Filter[];
      for (const filter of both)
        addAtom({ pos: m.start, end: dEnd, kind: "date", options: [{ filter, how: "time" }], negated: false, refs: [], listed: 0, conj: null, text });
      continue;
    }
    // "in January or February" (no year) over a month field of its own: those months of every year.
    const splitAny = d && d.year === null && d.month && !d.day && !d.quarter && !d.half && !d.span && !d.decade ? splitMonthFields() : null;
    if (d && splitAny) {
      const months = (d.months ?? [d.month!]).map((k) => splitAny.valueOf(k));
      if (months.every((v) => v !== undefined)) {
        consumed.add(idx);
        const op = negatedAt(m.start) ? "neq" : months.length > 1 ? "in" : "eq";
        const filter = { field: splitAny.month.name, op, values: months } as Filter;
        addAtom({
          pos: m.start,
          end: dEnd,
          kind: "date",
          options: [{ filter, how: "time" }],
          negated: false,
          refs: [],
          listed: 0,
          conj: null,
          text: spanText(tokens, m.start, dEnd),
        });
        continue;
      }
    }
    if (d && (timeFields.length || d.clock !== undefined)) {
      const named = nearestRef(m.start, dEnd, isTimeField);
      const tfs = d.clock !== undefined ? fields.filter(isClockField) : named ? named.cands.map((c) => info(c.name)).filter(isTimeField) : timeFields;
      const options: FilterOption[] = [];
      for (const tf of tfs) {
        // "on weekends", "in March" (no year): days of the week or a month of any year, on a date field;
        // "in Q2" (no year): the quarter's three months of any year.
        const quarterMonths = d.quarter && !d.month ? [d.quarter * 3 - 2, d.quarter * 3 - 1, d.quarter * 3] : null;
        const recurring =
          tf.role === "date" && d.year === null && !d.half && !d.span && !d.decade && !d.day
            ? quarterMonths
              ? quarterMonths.map((k) => MONTH_NAMES[k - 1])
              : (d.weekdays?.map((k) => WEEKDAY_NAMES[k]) ?? (d.month ? (d.months ?? [d.month]).map((k) => MONTH_NAMES[k - 1]) : null))
            : null;
        if (recurring) {
          const op = negatedAt(m.start) ? "neq" : recurring.length > 1 ? "in" : "eq";
          options.push({ filter: { field: tf.name, op, values: recurring }, how: named ? "adjacent" : tfs.length === 1 ? "time" : "ambiguous" });
          continue;
        }
        const v1 = periodValue(d, tf, false);
        if (v1 === null) continue;
        const v2 = periodValue(d, tf, true);
        const open =
          ["onward", "onwards", "later", "after"].includes(lemma(m.end + (lemma(m.end) === "and" || lemma(m.end) === "or" ? 1 : 0))) ||
          (lemma(m.end) === "to" && ["now", "date", "present", "today"].includes(lemma(m.end + 1)));
        // ("by year excluding 1995": a year field's one value left out.)
        const filter: Filter = open
          ? { field: tf.name, op: "gte", values: [v1] }
          : v1 !== v2 && v2 !== null
            ? { field: tf.name, op: "between", values: [v1, v2] }
            : { field: tf.name, op: negatedAt(m.start) ? "neq" : "eq", values: [v1] };
        options.push({ filter, how: named ? "adjacent" : tfs.length === 1 ? "time" : "ambiguous" });
      }
      if (options.length) {
        consumed.add(idx);
        addAtom({
          pos: m.start,
          end: dEnd,
          kind: "date",
          options,
          negated: negatedAt(m.start),
          refs: named && (!governs(named) || countedDate(named, m.start)) ? [named.id] : [],
          listed: 0,
          conj: null,
          text: spanText(tokens, m.start, dEnd),
        });
        continue;
      }
    }
    if (m.kind === "date" && !consumed.has(idx)) a.strayDates.push(m.text);
  }

  // Signs: "negative profit" (Profit < 0), "positive growth"; "unprofitable", "losing money" name the profit-like field.
  mentions.forEach((m, idx) => {
    const sign = hitKey(m, "sign");
    if (!sign || consumed.has(idx)) return;
    const next = a.refs.find((r) => r.pos === m.end && r.cands.some((c) => numeric(info(c.name))));
    // ("a temperature below zero", "when profit was below zero": a sign said as a comparison after the number field.)
    const be = ["be", "is", "are", "was", "were", "stay", "stayed", "fall", "fell", "go", "went", "drop", "dropped"].includes(lemma(m.start - 1)) ? 1 : 0;
    const prev = next || m.end - m.start < 2 ? undefined : a.refs.find((r) => r.end === m.start - be && r.cands.length === 1 && numeric(info(r.cands[0].name)));
    let field: string | null = next ? next.cands.find((c) => numeric(info(c.name)))!.name : prev ? prev.cands[0].name : null;
    if (!field && m.end - m.start >= 1 && !["negative", "positive"].includes(m.text)) {
      field = lex.names.find((n) => n.words.some((w) => ["profit", "margin", "income", "earning"].includes(w)) && numeric(info(n.field)))?.field ?? null;
    }
    if (!field) return;
    consumed.add(idx);
    addAtom({
      pos: prev ? prev.pos : m.start,
      end: next ? next.end : m.end,
      kind: "compare",
      options: [{ filter: { field, op: sign === "negative" ? "lt" : "gt", values: [0] }, how: next || prev ? "adjacent" : "comparative" }],
      negated: negatedAt(prev ? prev.pos : m.start),
      refs: next && !governs(next) ? [next.id] : prev && !governs(prev) ? [prev.id] : [],
      listed: 0,
      conj: null,
      text: spanText(tokens, prev ? prev.pos : m.start, next ? next.end : m.end),
    });
  });

  // "no discount", "without a bonus": a count-like or amount field that holds zeros, said after "no" or
  // "without" with nothing else between (but "a", "any"), is the rows where it is 0.
  mentions.forEach((m, idx) => {
    if (m.kind !== "word" || !hasHit(m, "neg") || consumed.has(idx) || !["no", "without"].includes(m.text.toLowerCase())) return;
    let k = m.end;
    while (k < tokens.length && ["a", "an", "any"].includes(lemma(k))) k++;
    const next = a.refs.find((r) => r.pos === k && r.cands.length === 1 && !governs(r));
    const f = next ? info(next.cands[0].name) : undefined;
    if (!next || !f || !numeric(f) || f.min !== 0) return;
    // ("no listings value": the cell is empty, read below, not 0.)
    if (MISSING_CELL_NOUNS.has(lemma(next.end)) && hasMissing(info(next.cands[0].name))) return;
    consumed.add(idx);
    addAtom({
      pos: m.start,
      end: next.end,
      kind: "compare",
      options: [{ filter: { field: f.name, op: "eq", values: [0] }, how: "adjacent" }],
      negated: false,
      refs: [next.id],
      listed: 0,
      conj: null,
      text: spanText(tokens, m.start, next.end),
    });
  });

  // Values, bound to the field the question names next to them; lists joined by "and"/"or".
  const valueMentions = mentions.map((m, idx) => ({ m, idx })).filter((x) => x.m.kind === "value");
  // ("the control group" read as ctrl: a code the word abbreviates; the answer says so.)
  for (const { m } of valueMentions)
    if (m.kind === "value" && (m as Mention & { abbreviated?: boolean }).abbreviated)
      a.valueWords.push({ text: m.text, field: m.values[0].field, n: 1, value: m.values[0].value });
  const usedValue = new Set<number>();
  // The field named just before a value, linked by "is" / "=" ("the Home_Team is Lakers"), is the one named again.
  const sameNameBefore = (start: number, again: Mention & { kind: "field" }) => {
    let k = start - 1;
    while (k >= 0 && FLAG_IS.has(lemma(k)) && (!mAt(k) || mAt(k)?.kind === "word")) k--;
    const before = mAt(k);
    if (k === start - 1 || before?.kind !== "field") return false;
    const names = new Set(before.fields.map((c) => c.name));
    return again.fields.length === before.fields.length && again.fields.every((c) => names.has(c.name));
  };
  for (const { m, idx } of valueMentions) {
    if (usedValue.has(idx) || m.kind !== "value") continue;
    // The list: V (, V)* (and|or|nor) V, values of one common field.
    const group = [{ m, idx }];
    let end = m.end;
    let conj: "and" | "or" | null = null;
    let versus = false;
    for (;;) {
      let k = end;
      // ("PG movies vs R movies": the rows' noun after a value, before the list word.)
      if (ROW_NOUNS.has(lemma(k)) && ["and", "or", "nor", "vs", "versus"].includes(lemma(k + 1))) k++;
      const comma = tokens[k]?.sep === "," && mAt(k)?.kind === "value";
      // "higher for corporate than for consumer", "do usa cars weigh more than japanese ones": a comparison
      // of two values of one field (a few words, but no other value or number, between the value and "than").
      let thanAt = -1;
      for (let j = k; j < Math.min(tokens.length, k + 7); j++) {
        if (lemma(j) === "than") {
          thanAt = j;
          break;
        }
        const mj = mAt(j);
        // ("spray C better than spray F": a comparative nothing else reads.)
        if (mj && mj.kind !== "word" && mj.kind !== "field" && !(mj.kind === "unknown" && COMPARE_WORDS.has(lemma(j)))) break;
      }
      const than = thanAt >= 0 && group.length === 1 && !["other", "rather"].includes(lemma(thanAt - 1));
      if (than) k = thanAt;
      if (comma || than || lemma(k) === "and" || lemma(k) === "or" || lemma(k) === "nor" || lemma(k) === "vs" || lemma(k) === "versus") {
        const c = comma ? "," : than ? "vs" : lemma(k);
        if (!comma) k++;
        if (than && ["for", "in", "from", "with", "among", "on", "by"].includes(lemma(k))) k++;
        // ("a masters or a doctorate": an article before the next value too.)
        // ("OH or IN": not a word read as a value itself.)
        if (["the", "a", "an", "in", "from", "or", "and"].includes(lemma(k)) && mAt(k)?.kind !== "value") k++;
        // ("spray B and spray D": the values' field named again before the next value.)
        const again = mAt(k);
        const own = group[0].m.kind === "value" ? group[0].m.values.map((v) => v.field) : [];
        if (again?.kind === "field" && again.fields.some((c) => own.includes(c.name)) && mAt(again.end)?.kind === "value") k = again.end;
        // ("Home_Team is Lakers or the Home_Team is Celtics": the same name and its "is" said again.)
        else if (again?.kind === "field" && group.length === 1 && sameNameBefore(group[0].m.start, again)) {
          let after = again.end;
          while (after < again.end + 2 && FLAG_IS.has(lemma(after)) && mAt(after)?.kind !== "value") after++;
          if (mAt(after)?.kind === "value") k = after;
        }
        const nx = mAt(k);
        if (nx && nx.kind === "value" && nx.values.some((v) => group[0].m.kind === "value" && group[0].m.values.some((g) => g.field === v.field))) {
          if (c === "and" || c === "or" || c === "nor") conj = c === "nor" ? "or" : (c as "and" | "or");
          if (c === "vs" || c === "versus") {
            conj = "and";
            versus = true;
            // "higher for A than for B" sets the two values against each other like "A vs B".
            if (than) a.versus = true;
          }
          group.push({ m: nx, idx: mentions.indexOf(nx) });
          end = nx.end;
          continue;
        }
      }
      break;
    }
    group.forEach((g) => usedValue.add(g.idx));
    const common = (group[0].m as Extract<Mention, { kind: "value" }>).values
      .map((v) => v.field)
      .filter((f) => group.every((g) => g.m.kind === "value" && g.m.values.some((v) => v.field === f)));
    const fieldsOf = [...new Set(common)];
    // A field named right next to the values ("Region West", "West region", "Churn = Yes", "two-year contract").
    const startPos = group[0].m.start;
    const near = a.refs.filter(
      (r) => r.cands.some((c) => fieldsOf.includes(c.name)) && ((r.end <= startPos && startPos - r.end <= 3) || (r.pos >= end && r.pos - end <= 1)),
    );
    const named = a.refs.filter((r) => r.cands.some((c) => fieldsOf.includes(c.name)));
    const sided = routeSideField(
      tokens.map((t) => t.lemma),
      startPos,
      fieldsOf,
    );
    let how: FilterHow;
    let chosen: string[];
    if (near.length) {
      // The closest field name wins ("no dependents and no partner": the second "no" is Partner's).
      // (A name linked to the value by "is"/"=" is closer than one merely next to it: "churn is no and partner is yes".)
      const linked = (r: Ref) => r.end < startPos && tokens.slice(r.end, startPos).every((t) => FLAG_IS.has(t.lemma));
      const gapOf = (r: Ref) => (r.end <= startPos ? startPos - r.end - (linked(r) ? 0.5 : 0) : r.pos - end);
      const closest = Math.min(...near.map(gapOf));
      chosen = fieldsOf.filter((f) => near.some((r) => gapOf(r) === closest && r.cands.some((c) => c.name === f)));
      how = "adjacent";
    } else if (sided) {
      // "flights from Los Angeles", "shipped to Texas" (origin or destination, billing or shipping): the words
      // before the value pick the side of the route, even where the other side is named elsewhere ("which
      // destination gets the most flights from Boston").
      chosen = [sided];
      how = "named";
    } else if (named.length) {
      chosen = fieldsOf.filter((f) => named.some((r) => r.cands.some((c) => c.name === f)));
      how = "named";
    } else {
      chosen = fieldsOf;
      how = fieldsOf.length === 1 ? "unique" : "ambiguous";
      // "won by players not from the USA" (winner_ioc or loser_ioc): the one whose first name word
      // starts a field named elsewhere in the question (winner_name, said "won").
      const firstWord = (f: string) => nameWordsOf(info(f))[0];
      const namedFirst = new Set(a.refs.filter((r) => r.turn === 0).flatMap((r) => (r.cands.length === 1 ? [firstWord(r.cands[0].name)] : [])));
      const owned = fieldsOf.filter((f) => nameWordsOf(info(f)).length >= 2 && namedFirst.has(firstWord(f)));
      if (fieldsOf.length > 1 && chosen.length > 1 && owned.length === 1) {
        chosen = owned;
        how = "named";
      }
    }
    // Only the field names the values were bound to are used up by them ("a partner but no dependents":
    // "partner" is not Dependents' name and stays free for its own reading).
    const refIds = near
      .filter((r) => r.cands.some((c) => chosen.includes(c.name)))
      // (A count word governs the field name too in "how many rows have housing_type RENT": the name
      // said right before its value still only names it.)
      // ("top 3 jobs by y yes rate": after "by", a name right before its value and a rate or share word is
      // the rate's condition, not a second grouping.)
      .filter((r) => !r.group || (r.end === startPos && !!mAt(end) && (hasHit(mAt(end)!, "rate") || hasHit(mAt(end)!, "share"))))
      .filter((r) => !r.series && !r.facet && !r.afterWhich && !r.agg && (!r.countOf || (r.end <= startPos && startPos - r.end <= 1)))
      .map((r) => r.id);
    // "farms with management U1": the one category field named right before a value of one other field,
    // none of whose values it is, was named for that value; the answer says whose value it is.
    const misnamedRef =
      how === "unique" && group.length === 1
        ? a.refs.find(
            (r) =>
              r.turn === 0 &&
              r.end === startPos &&
              r.cands.length === 1 &&
              !fieldsOf.includes(r.cands[0].name) &&
              info(r.cands[0].name).role === "category" &&
              !r.group &&
              !r.series &&
              !r.facet &&
              !r.agg &&
              // ("which department rejected the most women": the field asked for, then a verb.)
              !r.afterWhich,
          )
        : undefined;
    if (misnamedRef && group[0].m.kind === "value") {
      refIds.push(misnamedRef.id);
      a.misnamed.push({ named: misnamedRef.cands[0].name, field: chosen[0], value: group[0].m.values.find((v) => v.field === chosen[0])!.value });
    }
    // "same day shipping": the word right after the value is its own field's name word said another
    // way ("shipping" of Ship Mode), not the other field it partly names (Days to Ship).
    if (chosen.length === 1) {
      const own = nameWordsOf(info(chosen[0])).filter((w) => w.length >= 4);
      const next = a.refs.find((r) => r.pos === end && r.turn === 0 && !governs(r) && r.cands.every((c) => c.score < 0.9 && c.name !== chosen[0]));
      const word = next && next.end - next.pos === 1 ? lemma(next.pos) : "";
      if (next && own.some((w) => word !== w && word.startsWith(w) && word.length - w.length <= 4)) refIds.push(next.id);
    }
    // "how many musicals won an award": a field named with "a"/"an" right after a value is what the
    // value says was had or done, not a grouping by it.
    const objectRef = a.refs.find(
      (r) => r.turn === 0 && r.pos === end + 1 && ["a", "an"].includes(lemma(end)) && !governs(r) && r.cands.every((c) => !chosen.includes(c.name)),
    );
    if (objectRef && objectRef.end - objectRef.pos === 1 && objectRef.cands.every((c) => info(c.name).role === "category")) refIds.push(objectRef.id);
    // ("which country has the most people after the United States?": in a ranking, "after" a value
    // leaves it out, as "besides" does.)
    const afterK = lemma(startPos - 1) === "the" ? startPos - 2 : startPos - 1;
    const rankedAfter = lemma(afterK) === "after" && (a.superlative !== null || a.limit !== null);
    // ("cars not made in the usa": the negation said before the field's name the value binds to.)
    const fieldNegated = near.some((r) => r.negated && r.end <= startPos && refIds.includes(r.id));
    // ("excluding grade G1": the negation before the value's own field name, said right before it.)
    const nameBefore = near.find((r) => r.end <= startPos && startPos - r.end <= 1 && r.cands.some((c) => chosen.includes(c.name)));
    const negated =
      negatedAt(startPos) ||
      fieldNegated ||
      (nameBefore !== undefined && negatedAt(nameBefore.pos)) ||
      rankedAfter ||
      group.some((g) => negatedAt(g.m.start) && g !== group[0] && lemma(g.m.start - 1) === "nor");
    const options: FilterOption[] = chosen.map((field) => {
      const vals: string[] = [];
      for (const g of group) if (g.m.kind === "value") for (const v of g.m.values) if (v.field === field && !vals.includes(v.value)) vals.push(v.value);
      return { filter: { field, op: negated ? "neq" : vals.length > 1 ? "in" : "eq", values: vals } as Filter, how };
    });
    if (options.length)
      addAtom({
        pos: startPos,
        end,
        kind: "value",
        options,
        negated,
        refs: refIds,
        listed: group.length,
        conj,
        versus,
        ...(group.some((g) => g.m.kind === "value" && g.m.typo) ? { typo: true } : {}),
        text: spanText(tokens, startPos, end),
      });
  }

  // "the 10 most recent orders", "the 5 oldest orders": with a row noun and a number and no number field
  // the word names, the rows are ranked by the table's date field (the one whose name shares a word
  // of the question if several: "orders" names order_ts before ship_ts); "oldest"/"earliest" rank upwards.
  const recencyRows = (m: Mention, idx: number) => {
    const dir = RECENCY_WORDS[m.text.toLowerCase()];
    if (!dir || a.limit === null || !mentions.slice(idx + 1, idx + 4).some((x) => hasHit(x, "rowNoun"))) return;
    const dates = fields.filter((f) => f.role === "date");
    if (!dates.length || a.refs.some((r) => r.cands.some((c) => dates.some((f) => f.name === c.name)))) return;
    // A word other than the row noun names the field first ("the 3 earliest shipped orders": ship_ts).
    const nameSaid = (rowNouns: boolean) => {
      const said = new Set(tokens.filter((_, j) => rowNouns || !mentions.some((x) => j >= x.start && j < x.end && hasHit(x, "rowNoun"))).map((t) => t.lemma));
      return dates.filter((f) => lex.names.some((n) => n.field === f.name && n.words.some((w) => said.has(w))));
    };
    const f = [nameSaid(false), nameSaid(true)].find((d) => d.length === 1)?.[0] ?? dates[0];
    addRef({
      mention: idx,
      pos: m.start,
      end: m.end,
      text: m.text,
      cands: [{ name: f.name, score: 0.6 }],
      partial: true,
      via: "adjective",
      sortBy: true,
      before: [],
      after: [],
    });
    a.superlative = dir;
    a.limit = { ...a.limit, dir: dir === "min" ? "bottom" : "top" };
  };
  // Adjectives that name a number: "have cars gotten lighter", "the longest movies", "the heaviest car".
  const numericField = (f: FieldInfo) => f.numbers !== null && f.role !== "date";
  mentions.forEach((m, idx) => {
    if (m.kind !== "word" || consumed.has(idx) || !(hasHit(m, "comparative") || hasHit(m, "superlative"))) return;
    const wordsFor = comparativeFieldWords(m.text, tokens[m.end]?.text);
    if (!wordsFor && !RECENCY_WORDS[m.text.toLowerCase()]) return;
    // ("the longest" over len: a field whose own one-word name abbreviates the adjective's word, "length".)
    const fits = lex.names.filter(
      (n) =>
        (wordsFor ?? []).some(
          (w) =>
            ` ${n.words.join(" ")} `.includes(` ${w} `) ||
            (n.weight >= 1 && n.words.length === 1 && !w.includes(" ") && abbreviatedNameWord(lex, w) === n.words[0]),
        ) && numericField(info(n.field)),
    );
    // ("the priciest cars" over Min.Price, Price, Max.Price: the field named by the word alone.)
    const name = fits.find((n) => (wordsFor ?? []).includes(n.words.join(" "))) ?? fits[0];
    if (!name) {
      recencyRows(m, idx);
      // "which feed is the cheapest" over a table with no price: the adjective names a number the data set
      // lacks, and no other number is named to rank by; it is not read as the smallest count of rows.
      if (
        wordsFor?.length &&
        !RECENCY_WORDS[m.text.toLowerCase()] &&
        !a.refs.some((r) => r.cands.some((c) => numericField(info(c.name)))) &&
        !mentions.some((x) => x !== m && (hasHit(x, "count") || hasHit(x, "agg")))
      )
        a.unknown.push({ text: m.text, pos: m.start, slot: "measure" });
      return;
    }
    // ("the heaviest heart" over Bwt and Hwt: the field a word of the question names carries the adjective;
    // with none named, "the heaviest" is either, and the question is asked back.)
    const alone = fits.filter((n) => (wordsFor ?? []).includes(n.words.join(" ")));
    const fitFields = [...new Set((alone.length ? alone : fits).map((n) => n.field))];
    if (a.refs.some((r) => r.cands.some((c) => fitFields.includes(c.name)))) return;
    addRef({
      mention: idx,
      pos: m.start,
      end: m.end,
      text: m.text,
      cands: fitFields.map((field) => ({ name: field, score: 0.6 })),
      partial: true,
      via: "adjective",
      before: [],
      after: [],
    });
  });
  // "which island is the largest", "the 4 smallest islands" over a table with one number (name, area): a plain
  // size superlative, with no number, count or aggregate named and no word left unread, ranks by that number.
  const onlyNumber = fields.filter((f) => numericField(f) && !isTimeField(f));
  // ("the smallest island with an area above 100": a number named only inside a filter still leaves the superlative.)
  // (Not over groups of several rows: "which feed is the largest" over chick weights counts each feed's rows.)
  const ranked = a.refs.filter((r) => !a.filters.some((f) => f.refs.includes(r.id)));
  const groupsOfRows = ranked.some((r) => r.cands.some((c) => info(c.name).distinct < ((info(c.name).codes ?? info(c.name).numbers)?.length ?? 0)));
  if (onlyNumber.length === 1 && !groupsOfRows && !ranked.some((r) => r.cands.some((c) => numericField(info(c.name)))) && !a.unknown.length) {
    const idx = mentions.findIndex(
      (m, j) =>
        m.kind === "word" &&
        !consumed.has(j) &&
        ONE_NUMBER_SUPERLATIVES.has(m.text.toLowerCase()) &&
        !mentions.some((x) => hasHit(x, "count") || hasHit(x, "agg") || hasHit(x, "spread")),
    );
    const m = mentions[idx];
    if (m) {
      const sup = hitKey(m, "superlative") as "max" | "min";
      addRef({
        mention: idx,
        pos: m.start,
        end: m.end,
        text: m.text,
        cands: [{ name: onlyNumber[0].name, score: 0.6 }],
        partial: true,
        via: "adjective",
        sortBy: true,
        before: [],
        after: [],
      });
      a.superlative = sup;
      a.limit = a.limit ? { ...a.limit, dir: sup === "min" ? "bottom" : "top" } : a.limit;
    }
  }
  // "the 5 largest loans": a superlative of a size between N and a row noun, with no number named, ranks
  // the rows by the one number field whose name has the row noun's word (loan_amount).
  mentions.forEach((m, idx) => {
    const sup = hitKey(m, "superlative");
    const noun = mentions[idx + 1];
    const n = mentions[idx - 1];
    if (m.kind !== "word" || !sup || a.limit === null || !noun || noun.start !== m.end || !hasHit(noun, "rowNoun")) return;
    if (n?.kind !== "number" || n.end !== m.start || ["most", "least", "fewest"].includes(m.text.toLowerCase())) return;
    if (RECENCY_WORDS[m.text.toLowerCase()] || a.refs.some((r) => r.sortBy || r.cands.some((c) => numericField(info(c.name))))) return;
    const word = lemma(noun.start);
    const owners = fields.filter((f) => numericField(f) && lex.names.some((n) => n.field === f.name && n.words.length > 1 && n.words.includes(word)));
    if (owners.length !== 1) return;
    addRef({
      mention: idx,
      pos: m.start,
      end: m.end,
      text: m.text,
      cands: [{ name: owners[0].name, score: 0.6 }],
      partial: true,
      via: "adjective",
      sortBy: true,
      before: [],
      after: [],
    });
    a.superlative = sup as "max" | "min";
    a.limit = { ...a.limit, dir: sup === "min" ? "bottom" : "top" };
  });
  const SHARE_HEADS = new Set(["proportion", "share", "percentage", "percent", "%", "fraction", "ratio", "number", "count", "rate"]);
  const countedTimeRows = (i: number): boolean => {
    if (tokens[i].text === lemma(i) || lemma(i) === "date") return false; // plural only: "days", "months"
    if (lemma(i - 1) === "many" && lemma(i - 2) === "how") return true;
    let k = i - 1;
    if (["the", "all"].includes(lemma(k))) k--;
    return lemma(k) === "of" && SHARE_HEADS.has(lemma(k - 1));
  };
  // "how many years of data", "how many months does the series cover": the position of the noun or verb after the
  // period word at g that makes it the periods the data spans (words.json dataSpan), else -1.
  const dataSpanAt = (g: number): number => {
    if (lemma(g - 2) !== "how" || lemma(g - 1) !== "many" || !PERIOD_GRAINS.has(lemma(g))) return -1;
    for (let j = g + 1; j <= g + 6 && j < tokens.length; j++) {
      const mm = mAt(j);
      if (mm && (mm.kind === "number" || mm.kind === "value" || mm.kind === "date")) return -1;
      if (SPAN_NOUNS.has(lemma(j)) || SPAN_VERBS.has(lemma(j))) return j;
    }
    return -1;
  };
  // "Gross by genre and year", "sales per date": a time word names the table's time field.
  const TIME_WORDS: Record<string, TimeBucket> = { year: "year", month: "month", date: "day", day: "day", week: "week", quarter: "quarter", hour: "hourOfDay" };
  for (let i = 0; i < tokens.length; i++) {
    const bucket = TIME_WORDS[lemma(i)];
    if (!bucket || at[i] >= 0 || !timeFields.length || unitWords.has(i)) continue;
    // ("which hour": the hours of the day of a date field holding times; no hours otherwise.)
    if (bucket === "hourOfDay" && (!timeFields.some(hasTimeOfDay) || countedTimeRows(i))) continue;
    // "proportion of days with heavy rain", "how many days had rain": the plural time word counts the
    // rows (a row noun after a share or count word), it groups nothing per day.
    const spanned = dataSpanAt(i) >= 0;
    if (!spanned && countedTimeRows(i)) {
      // ("how many years of data" over quarterly rows: the rows are not the years counted either.)
      const df = timeFields.find((f) => f.role === "date");
      if (df?.numbers && (df.distinct < df.numbers.length || (bucket !== "day" && finerThan(lex, df.name, bucket))))
        a.countedTime.push({ text: tokens[i].raw, field: df.name, bucket });
      continue;
    }
    const tf = timeFields.find((f) => (bucket === "year" ? f.yearLike || f.role === "date" : bucket === "hourOfDay" ? hasTimeOfDay(f) : f.role === "date"));
    if (!tf) continue;
    // "total Sales by Order Date year", "by order year": a period word right after the date field's name (or a
    // word of it) is the grain of that date.
    const named = a.refs.find((r) => r.end === i && r.cands.length === 1 && r.cands[0].name === tf.name);
    if (tf.role === "date" && !a.bucket && bucket !== "day" && (named || nameWordsOf(tf).includes(lemma(i - 1)))) a.bucket = bucket;
    if (a.refs.some((r) => r.cands.some((c) => c.name === tf.name))) continue;
    const prev = mAt(i - 1);
    addRef({
      mention: -1,
      pos: i,
      end: i + 1,
      text: tokens[i].raw,
      cands: [{ name: tf.name, score: 0.5 }],
      partial: true,
      via: "time",
      group: !!prev && hasHit(prev, "group"),
      before: [lemma(i - 1)],
      after: [lemma(i + 1)],
    });
    // ("which year had the most profit": the year asked for is the grain too, as "by year" is.)
    // ("top 5 years by total sales", "the 3 years with the highest sales": so are years counted out.)
    // ("how many different years": the years are counted, each one a group.)
    // ("total Sales by Region and year": a year grouped by, next to another grouping, is one too.)
    const grouped = (!!prev && hasHit(prev, "group")) || (lemma(i - 1) === "and" && a.refs.some((r) => r.group && r.end === i - 1));
    const asked = spanned || grouped || ["which", "what"].includes(lemma(i - 1)) || /^\d+$/.test(lemma(i - 1)) || hitKey(mAt(i - 1), "agg") === "distinct";
    if ((bucket !== "year" || asked) && tf.role === "date" && !a.bucket) a.bucket = bucket;
  }
  // "the trend over the year of Start", "by the month of hire_date": a period word said of a date field is its grain,
  // even inside a phrase that reads the period otherwise ("over the year": over time).
  for (let i = 0; i + 2 < tokens.length && !a.bucket; i++) {
    const bucket = TIME_WORDS[lemma(i)];
    if (!bucket || bucket === "hourOfDay" || lemma(i + 1) !== "of") continue;
    const j = lemma(i + 2) === "the" ? i + 3 : i + 2;
    if (a.refs.some((r) => r.pos === j && r.cands.length === 1 && info(r.cands[0].name).role === "date")) a.bucket = bucket;
  }
  // "the biggest losses", "which region has the largest loss": with no field of its own, a loss is a
  // profit-like field read downwards (the lowest profit); the ranking words turn round and the answer says so.
  // A verb of losing with a superlative ("which sub category loses us the most money") is the same
  // when what is lost is no field nor the rows ("lost the most customers" is not).
  const lossVerb = (i: number): boolean => {
    if (!LOSE_VERBS.has(tokens[i].text) || (a.superlative === null && a.limit === null)) return false;
    for (let k = i + 1; k < Math.min(tokens.length, i + 6); k++) {
      const mm = mAt(k);
      if (mm && (mm.kind === "field" || mm.kind === "value" || hasHit(mm, "rowNoun"))) return false;
    }
    return true;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (at[i] >= 0 || (lemma(i) !== "loss" && lemma(i) !== "losses" && !lossVerb(i))) continue;
    // (A field named for profit itself before one a synonym group reaches: Profit, not Revenue said "earnings".)
    const profits = lex.names.filter((n) => n.words.some((w) => PROFIT_WORDS.has(w)) && numericField(info(n.field)));
    const profit = profits.find((n) => n.weight >= 1) ?? profits[0];
    if (!profit || lex.names.some((n) => n.words.includes("loss"))) continue;
    if (a.refs.some((r) => r.cands.some((c) => c.name === profit.field))) continue;
    // "orders with a loss", "sold at a loss", "made a loss": a condition on the rows (profit below 0).
    let b = i - 1;
    if (["a", "an"].includes(lemma(b))) b--;
    if (b < i - 1 && LOSS_CONDITION_WORDS.has(lemma(b))) {
      addAtom({
        pos: b,
        end: i + 1,
        kind: "compare",
        options: [{ filter: { field: profit.field, op: "lt", values: [0] }, how: "comparative" }],
        negated: negatedAt(b),
        refs: [],
        listed: 0,
        conj: null,
        text: spanText(tokens, b, i + 1),
      });
      break;
    }
    addRef({
      mention: -1,
      pos: i,
      end: i + 1,
      text: tokens[i].raw,
      cands: [{ name: profit.field, score: 0.6 }],
      partial: true,
      via: "adjective",
      before: [lemma(i - 1)],
      after: [lemma(i + 1)],
    });
    const flip = (d: "max" | "min") => (d === "max" ? "min" : "max");
    if (a.superlative) a.superlative = flip(a.superlative);
    if (a.limit) a.limit = { ...a.limit, dir: a.limit.dir === "top" ? "bottom" : "top" };
    if (a.sort && a.sort.by !== "key") a.sort = { ...a.sort, order: a.sort.order === "asc" ? "desc" : "asc" };
    a.loss = { text: tokens[i].raw, field: profit.field };
    break;
  }
  // "the weight of the heaviest car": a superlative adjective of a named number makes its maximum.
  mentions.forEach((m) => {
    if (m.kind !== "word" || !hasHit(m, "superlative")) return;
    const wordsFor = comparativeFieldWords(m.text, tokens[m.end]?.text);
    if (!wordsFor) return;
    for (const r of a.refs) {
      if (r.agg || r.supAgg || r.via) continue;
      if (r.cands.some((c) => lex.names.some((n) => n.field === c.name && wordsFor.some((w) => ` ${n.words.join(" ")} `.includes(` ${w} `)))))
        r.supAgg = hitKey(m, "superlative") as "max" | "min";
    }
  });
  // Relative periods: "last year", "the latest month", "the most recent quarter", "this year" are the
  // latest such period in the data (a table has no "today"); the answer says which period it used.
  // "the last 3 years", "the past 6 months" are the latest N such periods (the latest one included).
  const RELATIVE = new Set(["last", "latest", "recent", "current", "this", "past"]);
  const relativeSpans: [number, number][] = [];
  for (let k = 0; k + 1 < tokens.length; k++) {
    const fromStart = FIRST_SPAN.has(lemma(k));
    const spanNumber = RELATIVE_SPAN.has(lemma(k)) || fromStart ? mAt(k + 1) : undefined;
    const span =
      spanNumber?.kind === "number" &&
      spanNumber.start === k + 1 &&
      Number.isInteger(spanNumber.value) &&
      spanNumber.value >= 1 &&
      RELATIVE_GRAINS.has(lemma(spanNumber.end)) &&
      spanNumber.value <= relativeMost(lemma(spanNumber.end)) &&
      relativeFields(lemma(spanNumber.end))
        ? spanNumber
        : null;
    const g = span ? span.end : k + 1; // index of the grain word
    const grain = lemma(g);
    const n = span?.kind === "number" ? span.value : 1;
    // "this year vs last year", "last month compared with this month": beside the current period, "last" (or
    // "previous") is the one before it, not the latest again.
    const beside = (j: number) => j !== k && ["this", "current"].includes(lemma(j)) && lemma(j + 1) === grain;
    const back = !span && ["last", "previous"].includes(lemma(k)) && tokens.some((_, j) => beside(j)) ? 1 : 0;
    if (!span && ((!RELATIVE.has(lemma(k)) && !back) || !RELATIVE_GRAINS.has(grain) || !relativeFields(grain))) continue;
    if (!span && lemma(k) === "last" && mAt(k + 2)?.kind === "number") continue; // "last year 2016": the year is said
    // "visits last month" naming visits_last_month: the words are the field's name, not a period.
    if (a.refs.some((r) => !r.partial && r.pos <= k && r.end > g && r.cands.some((c) => !isTimeField(info(c.name))))) continue;
    const options: FilterOption[] = [];
    let period = "";
    for (const f of timeFields) {
      if (!Number.isFinite(f.max)) continue;
      // "the first 10 years": the earliest N years of the data (a span only; "the first year" is a series end below).
      if ((grain === "day" || grain === "week") && f.role === "date") {
        // "the last 30 days", "the past 2 weeks", "the first 10 days": whole days counted from the latest (first) day of data.
        const days = grain === "week" ? 7 * n : n;
        const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const edge = Math.floor((fromStart ? f.min : f.max) / DAY_MS) * DAY_MS;
        const [from, to] = fromStart ? [edge, edge + (days - 1) * DAY_MS] : [edge - (days - 1) * DAY_MS, edge];
        const filter: Filter = days === 1 ? { field: f.name, op: "eq", values: [iso(from)] } : { field: f.name, op: "between", values: [iso(from), iso(to)] };
        options.push({ filter, how: "time" });
        period ||= days === 1 ? iso(from) : `${iso(from)} to ${iso(to)}`;
        continue;
      }
      if (fromStart) {
        if (!span || !Number.isFinite(f.min)) continue;
        const y0 = f.role === "date" ? new Date(f.min).getUTCFullYear() : f.yearLike && grain === "year" ? f.min : Number.NaN;
        if (f.role === "date" && grain === "year") {
          options.push({ filter: { field: f.name, op: "between", values: [String(y0), String(y0 + n - 1)] }, how: "time" });
          period ||= `${y0} to ${y0 + n - 1}`;
        } else if (f.role !== "date" && Number.isFinite(y0)) {
          options.push({ filter: { field: f.name, op: "between", values: [y0, y0 + n - 1] }, how: "time" });
          period ||= `${y0} to ${y0 + n - 1}`;
        }
        continue;
      }
      if (f.role === "date") {
        const d = new Date(f.max);
        const y = d.getUTCFullYear();
        const mo = d.getUTCMonth() + 1;
        const q0 = Math.floor((mo - 1) / 3) * 3 + 1;
        // Month index counted from year 0, so spans cross year boundaries.
        const ym = (idx: number) => `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, "0")}`;
        const now = y * 12 + mo - 1 - back;
        const qEnd = y * 12 + q0 + 1 - 3 * back;
        let filter: Filter;
        if (grain === "year")
          filter = n === 1 ? { field: f.name, op: "eq", values: [String(y - back)] } : { field: f.name, op: "between", values: [String(y - n + 1), String(y)] };
        else if (grain === "month")
          filter = n === 1 ? { field: f.name, op: "eq", values: [ym(now)] } : { field: f.name, op: "between", values: [ym(now - n + 1), ym(now)] };
        else filter = { field: f.name, op: "between", values: [ym(qEnd - 3 * n + 1), ym(qEnd)] };
        options.push({ filter, how: "time" });
        const label =
          n === 1
            ? grain === "year"
              ? String(y - back)
              : grain === "month"
                ? ym(now)
                : `Q${((qEnd - 2) % 12) / 3 + 1} ${Math.floor((qEnd - 2) / 12)}`
            : `${filter.values[0]} to ${filter.values[1]}`;
        period ||= label;
      } else if (f.yearLike && grain === "year") {
        options.push({
          filter: n === 1 ? { field: f.name, op: "eq", values: [f.max - back] } : { field: f.name, op: "between", values: [f.max - n + 1, f.max] },
          how: "time",
        });
        period ||= n === 1 ? String(f.max - back) : `${f.max - n + 1} to ${f.max}`;
      }
    }
    if (!options.length) continue;
    const start = lemma(k - 1) === "most" ? k - 1 : k;
    const end = g + 1;
    // A field named by the period word ("year" ~ Release Year) only said which field is filtered.
    const own = a.refs.filter((r) => r.pos >= start && r.end <= end).map((r) => r.id);
    const text = spanText(tokens, start, end);
    addAtom({ pos: start, end, kind: "date", options, negated: false, refs: own, listed: 0, conj: null, text });
    a.relative.push(back ? { text, period, beforeLatest: true } : { text, period });
    if (span) {
      consumed.add(at[span.start]);
      if (a.limit && a.limit.n === span.value) a.limit = null;
    }
    // The grain word named the period, not a grouping; "latest" / "the most recent" is not a ranking.
    if (a.bucket === grain && !tokens.some((_, j) => j !== g && lemma(j) === grain)) a.bucket = null;
    if (a.superlative && a.superlativePos >= start - 1 && a.superlativePos < end) a.superlative = null;
    relativeSpans.push([start, end]);
  }
  // The ends of a series (words.json seriesEnds): "the first year", "the final year" are the earliest / latest
  // year in the data; "the latest value", "the first sunspot reading", "the most recent figure" the earliest /
  // latest period at the rows' own spacing. Stated like the relative periods above.
  for (let k = 0; k < tokens.length; k++) {
    const dir: "min" | "max" | undefined = SERIES_FIRST.has(lemma(k)) ? "min" : SERIES_LAST.has(lemma(k)) ? "max" : undefined;
    if (!dir || relativeSpans.some(([s, e]) => k >= s && k < e)) continue;
    let end = -1;
    let grain: "year" | "row" = "row";
    if (lemma(k + 1) === "year" && !mAt(k + 2)?.kind?.match(/^(number|date)$/)) {
      end = k + 2;
      grain = "year";
    } else {
      // Up to three words between: the series' own field, a grain adjective ("quarterly").
      for (let j = k + 1; j <= k + 4 && j < tokens.length; j++) {
        if (SERIES_VALUE_NOUNS.has(lemma(j))) {
          end = j + 1;
          break;
        }
        const mm = mAt(j);
        const fieldWord = mm?.kind === "field" && mm.fields.some((c) => numeric(info(c.name)));
        if (!fieldWord && !SERIES_BETWEEN.has(lemma(j))) break;
      }
    }
    if (end < 0) continue;
    const options: FilterOption[] = [];
    let period = "";
    for (const f of timeFields) {
      const t = dir === "max" ? f.max : f.min;
      if (!Number.isFinite(t)) continue;
      if (f.role === "date") {
        const d = new Date(t);
        const y = String(d.getUTCFullYear());
        let monthly = true;
        if (f.numbers) for (const x of f.numbers) if (!Number.isNaN(x) && new Date(x).getUTCDate() !== 1) monthly = false;
        const iso = d.toISOString();
        const value = grain === "year" ? y : monthly ? iso.slice(0, 7) : iso.slice(0, 10);
        options.push({ filter: { field: f.name, op: "eq", values: [value] }, how: "time" });
        period ||= value;
      } else if (f.yearLike) {
        options.push({ filter: { field: f.name, op: "eq", values: [t] }, how: "time" });
        period ||= String(t);
      }
    }
    if (!options.length) continue;
    // "the very first woolyrnq value recorded": a participle after the noun belongs to it.
    while (end > k + 2 && end < tokens.length && SERIES_AFTER.has(lemma(end))) end++;
    const start = lemma(k - 1) === "most" || lemma(k - 1) === "very" ? k - 1 : k;
    // "latest" / "most recent" is the period, not the largest value; "quarterly" the rows' spacing, not a grouping.
    for (const r of a.refs) if (r.pos >= start && r.end <= end) r.supAgg = null;
    for (let j = start; j < end; j++) {
      const g = GRAIN_ADJECTIVES[lemma(j)];
      if (g && a.bucket === g && !tokens.some((_, i) => (i < start || i >= end) && (lemma(i) === g || GRAIN_ADJECTIVES[lemma(i)] === g))) a.bucket = null;
    }
    const own = a.refs.filter((r) => r.pos >= start && r.end <= end && r.cands.every((c) => isTimeField(info(c.name)))).map((r) => r.id);
    const text = spanText(tokens, start, end);
    addAtom({ pos: start, end, kind: "date", options, negated: false, refs: own, listed: 0, conj: null, text });
    a.relative.push({ text, period, earliest: dir === "min" });
    if (a.bucket === "year" && grain === "year" && !tokens.some((_, j) => j !== k + 1 && lemma(j) === "year")) a.bucket = null;
    if (a.superlative && a.superlativePos >= start - 1 && a.superlativePos < end) a.superlative = null;
    relativeSpans.push([start, end]);
    k = end - 1;
  }
  // Two comparisons joined by "and"/"but", one with its field and one without ("horsepower over 100
  // but under 150", "at least 4 and at most 6 cylinders"): both bound the same field.
  const sorted = [...a.filters].sort((p, q) => p.pos - q.pos);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const x = sorted[i];
    const y = sorted[i + 1];
    if (x.kind !== "compare" || y.kind !== "compare" || y.pos < x.pos || y.pos - x.end > 2) continue;
    let joined = true;
    for (let k = x.end; k < y.pos; k++) if (!["and", "but", "yet"].includes(lemma(k))) joined = false;
    if (!joined) continue;
    const sure = (f: FilterAtom) => f.options.length === 1 && f.options[0].how !== "guess" && f.options[0].how !== "ambiguous";
    const [known, open] = sure(x) && !sure(y) ? [x, y] : sure(y) && !sure(x) ? [y, x] : [null, null];
    if (!known || !open) continue;
    const field = known.options[0].filter.field;
    const same = open.options.find((o) => o.filter.field === field);
    if (same) open.options = [{ filter: same.filter, how: "adjacent" }];
  }
  // "or" between conditions on different fields ("TechSupport = Yes or PhoneService = Yes", "cars from
  // Japan or with 4 cylinders"): one condition that holds when either does. Between the two, only the
  // "or", small words, the second condition's own field name and the first one's said after its number
  // ("more than 4 home goals or more than 3 away goals").
  const rowNounOnly = (k: number) => {
    const w = mAt(k);
    return !!w && w.kind === "word" && w.hits.length > 0 && w.hits.every((h) => h.category === "rowNoun");
  };
  const orJoined = (x: FilterAtom, y: FilterAtom): boolean => {
    if (x.negated || y.negated || y.pos < x.end || y.pos - x.end > 6) return false;
    // (A comparison's span may end with the "or" that follows it: "below 70 or above 90".)
    let ors = x.end === y.pos && lemma(x.end - 1) === "or" ? 1 : 0;
    for (let k = x.end; k < y.pos; k++) {
      const l = lemma(k);
      if (l === "or") ors++;
      else if (
        !(
          STOP_WORDS.has(l) ||
          ["=", "is", "are", "with", "have", "has", "from", "in", "on", "who", "that", "whose", "either"].includes(l) ||
          // ("more than 2000 male deaths or more than 800 female deaths": the rows' noun after each field.)
          rowNounOnly(k) ||
          (ors === 0 &&
            x.refs.some((id) => {
              const r = a.refs[id];
              return !!r && k >= r.pos && k < r.end && r.pos >= x.end;
            })) ||
          y.refs.some((id) => {
            const r = a.refs[id];
            return !!r && k >= r.pos && k < r.end;
          })
        )
      )
        return false;
    }
    return ors === 1;
  };
  for (const x of [...a.filters].sort((p, q) => p.pos - q.pos)) {
    const i = a.filters.indexOf(x);
    const y = a.filters.filter((f) => f !== x && f.pos >= x.end).sort((p, q) => p.pos - q.pos)[0];
    if (i < 0 || !y || !orJoined(x, y)) continue;
    const options: FilterOption[] = [];
    for (const ox of x.options) {
      for (const oy of y.options) {
        // ("Temp below 70 or above 90": two comparisons of one field either side are one condition too.)
        const bothSides = x.kind === "compare" && y.kind === "compare" && /^lt/.test(ox.filter.op) !== /^lt/.test(oy.filter.op) && !ox.filter.otherField;
        if ((ox.filter.field === oy.filter.field && !bothSides) || ox.filter.or || oy.filter.or) continue;
        options.push({
          filter: { ...ox.filter, or: [{ field: oy.filter.field, op: oy.filter.op, values: oy.filter.values }] },
          how: ox.how === "adjacent" || ox.how === "named" ? oy.how : ox.how,
        });
      }
    }
    if (!options.length) continue;
    a.filters[i] = {
      ...x,
      end: y.end,
      options: options.slice(0, 12),
      refs: [...new Set([...x.refs, ...y.refs])],
      listed: 0,
      conj: "or",
      text: spanText(tokens, x.pos, y.end),
    };
    a.filters.splice(a.filters.indexOf(y), 1);
  }
  a.filters.forEach((f, i) => (f.id = i));
  for (const r of a.refs) {
    const s = a.refs.find((q) => q.pos >= r.end && q.pos - r.end <= 3);
    if (!s) continue;
    let ors = 0;
    let only = true;
    for (let k = r.end; k < s.pos; k++) {
      if (lemma(k) === "or") ors++;
      else if (!["the", "a", "an", "with", "have", "has", "either"].includes(lemma(k))) only = false;
    }
    if (only && ors === 1) a.orRefs.push([r.id, s.id]);
  }
  // "either V7 or V8 equal to 10", "Examination or Education above 30": two number fields joined by "or" and
  // then one comparison, said once for both: one condition that holds when either field meets it.
  for (const [p, q] of a.orRefs) {
    const first = a.refs[p];
    const second = a.refs[q];
    const atom = a.filters.find((f) => f.refs.includes(q) && (f.kind === "compare" || f.kind === "range") && f.pos >= second.end && f.pos - second.end <= 1);
    if (!first || !atom || atom.negated || atom.options.length !== 1 || atom.refs.includes(p) || first.cands.length !== 1) continue;
    if (a.filters.some((f) => f.refs.includes(p))) continue;
    const opt = atom.options[0];
    const field = lex.byName.get(first.cands[0].name);
    if (!field || field.role !== "number" || opt.filter.or || opt.filter.otherField || opt.filter.field === field.name) continue;
    opt.filter = { ...opt.filter, or: [{ field: field.name, op: opt.filter.op, values: opt.filter.values }] };
    atom.refs.push(p);
    atom.pos = Math.min(atom.pos, first.pos);
    atom.text = spanText(tokens, first.pos, atom.end);
  }
  // "V1 and V2 above 5", "both education and examination above 20", "fertility and agriculture both over 60": two
  // number fields joined by "and", no other word governing the first, then one comparison: each field meets it.
  for (const r of a.refs) {
    const s = a.refs.find((q) => q.pos > r.end && q.pos - r.end <= 2);
    if (!s || r.turn !== 0 || s.turn !== 0 || r.cands.length !== 1) continue;
    const between = tokens.slice(r.end, s.pos).map((t) => t.lemma);
    if (between.filter((w) => w === "and").length !== 1 || between.some((w) => w !== "and" && w !== "the")) continue;
    if (r.agg || r.supAgg || r.group || r.each || r.series || r.facet || r.afterWhich || r.ranked || r.sortBy || r.countOf || r.distinctOf || r.via) continue;
    const atom = a.filters.find(
      (f) =>
        f.refs.includes(s.id) &&
        f.kind === "compare" &&
        f.pos >= s.end &&
        tokens.slice(s.end, f.pos).every((t) => ["both", "each", "are", "is", "all"].includes(t.lemma)),
    );
    if (!atom || atom.negated || atom.options.length !== 1 || a.filters.some((f) => f.refs.includes(r.id))) continue;
    const opt = atom.options[0];
    const field = lex.byName.get(r.cands[0].name);
    if (!field || field.role !== "number" || opt.filter.or || opt.filter.otherField || opt.filter.field === field.name) continue;
    addAtom({
      pos: r.pos,
      end: r.end,
      kind: "compare",
      options: [{ filter: { ...opt.filter, field: field.name }, how: "adjacent" }],
      negated: false,
      refs: [r.id],
      listed: 0,
      conj: null,
      text: `${r.text} ${spanText(tokens, atom.pos, atom.end)}`,
    });
  }
  // Values listed together ("furniture, office supplies and technology", "USA, Japan and Europe"):
  // their field may also be what the answer is split by.
  for (const f of a.filters) {
    if (f.kind !== "value" || f.listed < 2 || f.negated) continue;
    const fieldsOf = f.options.map((o) => o.filter.field);
    if (a.refs.some((r) => r.cands.some((c) => fieldsOf.includes(c.name)) && !f.refs.includes(r.id))) continue;
    const prevWord = lemma(f.pos - 1);
    // Values with "or" after "with" / "who have" describe the rows kept ("people with a bachelors or
    // masters"), not groups to compare (unless a comparison is asked for).
    let k = f.pos - 1;
    while (["a", "an", "the", "either"].includes(lemma(k))) k--;
    const comparing = f.versus === true || tokens.some((t) => t.lemma === "compare" || t.lemma === "versus" || t.lemma === "vs");
    if (["with", "have", "having"].includes(lemma(k)) && f.conj === "or" && !comparing) continue;
    // ("whose education is 0-5yrs or 12+ yrs", "for the varieties Trebi or Peatland": values with "or"
    // after the field's own name are the rows kept too.)
    if (
      f.conj === "or" &&
      !comparing &&
      a.refs.some((r) => r.turn === turn && r.end <= f.pos && f.pos - r.end <= 2 && r.cands.some((c) => fieldsOf.includes(c.name)))
    )
      continue;
    addRef({
      mention: -1,
      pos: f.pos,
      end: f.end,
      text: f.text,
      cands: fieldsOf.map((name) => ({ name, score: 0.5 })),
      partial: true,
      via: "values",
      group: f.versus === true || ["for", "by", "per", "each", "every", "in", "across", "between", "compare"].includes(prevWord),
      each: prevWord === "each" || prevWord === "every",
      before: [prevWord],
      after: [],
    });
  }

  // "the average weight over Time" over a table with no dates or times but a number field named Time
  // (hours, days since the start): the words "over time" name that field, grouped.
  if (!fields.some(isTimeField))
    for (const m of mentions) {
      if (m.kind !== "word" || !hasHit(m, "time") || m.end - m.start !== 2 || lemma(m.start) !== "over") continue;
      const named = fields.filter((f) => f.numbers !== null && nameWordsOf(f).join(" ") === lemma(m.end - 1));
      if (named.length !== 1 || a.refs.some((r) => r.turn === turn && r.cands.some((c) => c.name === named[0].name))) continue;
      a.overTime = false;
      if (a.chart === null) a.chart = "line";
      addRef({
        mention: -1,
        pos: m.end - 1,
        end: m.end,
        text: tokens[m.end - 1].raw,
        cands: [{ name: named[0].name, score: 1 }],
        partial: false,
        group: true,
        before: ["over"],
        after: [],
      });
    }

  // Aggregate words not followed by a field: "and the maximum?", "what is the average?".
  // ("I meant the average, not the total": the aggregate after "not" is set aside.)
  const setAside = (start: number): boolean => {
    let k = start - 1;
    if (k >= 0 && ["the", "a", "an"].includes(lemma(k))) k--;
    return NOT_AGGREGATE.some((p) => {
      const ws = p.split(" ");
      return ws.every((w, i) => k - ws.length + 1 + i >= 0 && lemma(k - ws.length + 1 + i) === w);
    });
  };
  for (const m of mentions) {
    if (m.kind !== "word" || !hasHit(m, "agg")) continue;
    const key = hitKey(m, "agg") as Aggregate;
    // "running time in mins": a unit, not the minimum.
    if (key === "min" && lemma(m.start - 1) === "in" && m.end - m.start === 1) continue;
    // ("shipping cost in total", "mpg on average": said right after its field, attached there too.)
    const attached = a.refs.some((r) => r.agg === key && ((r.pos > m.start && r.pos - m.end <= 5) || r.end === m.start));
    if (setAside(m.start)) continue;
    if (!attached && key !== "distinct") a.looseAgg = key;
    if (key === "distinct") a.distinct = true;
  }
  // "how many years of data are there", "how many years of lynx data", "how many months does the series cover":
  // the number of different periods the data spans (words.json dataSpan), not its rows.
  const spanWords = new Set<number>();
  for (let g = 2; g < tokens.length; g++) {
    const hit = dataSpanAt(g);
    if (hit < 0) continue;
    for (let j = g + 1; j <= hit || SPAN_VERBS.has(lemma(j)) || SPAN_NOUNS.has(lemma(j)); j++) spanWords.add(j);
    // ("how many years does the lynx history span": "history" names the data, it asks for no line over time.)
    const timeWords = mentions.filter((m) => m.kind === "word" && hasHit(m, "time"));
    if (timeWords.length && timeWords.every((m) => spanWords.has(m.start))) a.overTime = false;
    a.distinct = true;
    // "of lynx data", "does the sunspot series cover": the series named before the noun only says whose data.
    const named = a.refs.filter(
      (r) => r.pos > g && r.end <= hit && !a.filters.some((f) => f.refs.includes(r.id)) && r.cands.every((c) => numeric(info(c.name))),
    );
    if (named.length) a.refs.splice(0, a.refs.length, ...a.refs.filter((r) => !named.includes(r)));
    for (const r of a.refs)
      if (r.pos === g && r.cands.some((c) => isTimeField(info(c.name)))) {
        r.distinctOf = true;
        r.countOf = true;
      }
  }
  // "how many age groups are there", "how many dose levels": a noun of kinds after the counted field asks for its
  // different values, not its rows in ranges.
  // (A field of a few values only: "how many height groups" over 173 heights asks for ranges, if anything.)
  for (const r of a.refs)
    if (
      r.turn === turn &&
      r.countOf &&
      !r.distinctOf &&
      r.cands.length === 1 &&
      info(r.cands[0].name).distinct <= 30 &&
      KINDS_AFTER.has(lemma(r.end)) &&
      !a.refs.some((x) => x.pos === r.end)
    ) {
      r.distinctOf = true;
      a.distinct = true;
    }
  // "monthly charges per customer by contract", "sales per order for each region": a number "per"
  // one row (a word for the rows, or a field that names each row) is its average over the rows.
  if (!a.looseAgg && !a.share && !a.rate) {
    const rows = (f: FieldInfo) => (f.codes ?? f.numbers)?.length ?? 0;
    const perRow = tokens.some((t, k) => {
      if (t.lemma !== "per") return false;
      const m = mAt(k + 1);
      // (Not when a field names groups of rows by that word: "per order" with an Order ID of several lines each.)
      if (m && m.kind === "word" && m.hits.some((h) => h.category === "rowNoun"))
        return !lex.fields.some((f) => f.codes !== null && f.distinct > 50 && f.distinct < 0.9 * rows(f) && lex.fieldWords.get(f.name)?.has(lemma(k + 1)));
      const r = a.refs.find((x) => x.pos === k + 1 && x.turn === turn && x.cands.length === 1);
      const f = r && info(r.cands[0].name);
      return !!f && f.codes !== null && f.distinct >= 0.9 * rows(f);
    });
    if (perRow && a.refs.some((r) => r.turn === turn && !r.agg && r.cands.some((c) => info(c.name).numbers !== null && info(c.name).role !== "date")))
      a.looseAgg = "mean";
  }
  // "the names and populations of all districts that have between 200,000 and 2,000,000": a field
  // listed in the main clause is shown; the condition in the clause after it ("that", "whose",
  // "with") restricts the rows without taking the field away from what is shown.
  for (const f of a.filters) {
    if (f.kind !== "compare" && f.kind !== "range") continue;
    f.refs = f.refs.filter((id) => {
      const r = a.refs.find((x) => x.id === id);
      if (!r || r.end > f.pos) return true;
      for (let k = r.end; k < f.pos; k++) if (RELATIVE_WORDS.has(lemma(k))) return false;
      return true;
    });
  }
  // "A vs B", "A by B", "A against B": the first field named is the vertical axis.
  if (a.refs.length >= 2) {
    const [r1, r2] = a.refs;
    for (let k = r1.end; k < r2.pos; k++) {
      const mm = mAt(k);
      if ((mm && hasHit(mm, "relation", "versus")) || ["by", "per", "over", "across", "with"].includes(lemma(k))) a.yFirst = true;
    }
  }
  // Row nouns ("customers", "cars") and unknown content words; slot = what the word sits in.
  mentions.forEach((m) => {
    if (!hasHit(m, "rowNoun")) return;
    a.rowNoun = true;
    // ("how many women ..." over a table that holds no such value: a condition nothing here reads, said.)
    if (m.end - m.start === 1 && VALUE_ALIAS_WORDS.has(tokens[m.start].text.toLowerCase())) a.unknown.push({ text: m.text, pos: m.start, slot: "other" });
    const prev = mAt(m.start - 1) ?? (STOP_WORDS.has(lemma(m.start - 1)) ? mAt(m.start - 2) : undefined);
    if (prev && hasHit(prev, "count")) a.countRows = true;
    // "the capacity for each cinema": a grouping word before the rows' own noun asks for one value per row.
    // ("the highest lang among pupils with SES under 15": "among" names the rows a condition keeps.)
    if (prev && hasHit(prev, "group") && prev.end === m.start && lemma(prev.start) !== "among") a.eachRow = true;
  });
  // "no manual transmission" read as two words of one field (Man.trans.avail): the negation of the first holds for the second.
  for (const r of a.refs) {
    const next = a.refs.find((o) => o.pos === r.end && o.turn === r.turn);
    if (r.negated && next && r.cands.length === 1 && next.cands.length === 1 && r.cands[0].name === next.cands[0].name) next.negated = true;
  }
  // "how many didn't give their income", "no pulse recorded", "a missing income", "left the smoke question
  // blank": the rows where a field with empty cells is empty (not for yes/no fields, nor a number whose
  // zero can mean none: "no discount").
  const missingWords = new Set<number>();
  for (const r of a.refs) {
    if (r.via || r.cands.length !== 1) continue;
    const f = lex.byName.get(r.cands[0].name);
    if (!f || !hasMissing(f) || flagFor(lex, f.name) || absentValueFor(lex, f.name) !== null) continue;
    // A number whose zero can mean none ("no discount") is empty only when said so of its cell: "missing
    // listings", "no listings value", "listings blank".
    const zeroNone = !!f.numbers && f.min <= 0 && f.max >= 0;
    let k = r.pos - 1;
    while (k >= 0 && MISSING_SKIP.has(lemma(k))) k--;
    const before = lemma(k);
    const cellAfter = MISSING_CELL_NOUNS.has(lemma(r.end));
    // The words saying it: the one before ("no"), or a negated verb ("did n't give", "never answered").
    const used: number[] = [];
    if (zeroNone) {
      if (MISSING_BEFORE.has(before) && (!MISSING_NONE.has(before) || cellAfter)) used.push(k, ...(cellAfter ? [r.end] : []));
      else for (let j = r.end; j < Math.min(tokens.length, r.end + 3) && !used.length; j++) if (MISSING_AFTER.has(lemma(j))) used.push(j);
    } else if (MISSING_BEFORE.has(before)) used.push(k);
    else if (MISSING_VERBS.has(before) && NOT_WORDS.has(lemma(k - 1))) used.push(k, k - 1);
    else if (MISSING_VERBS.has(before) && NOT_WORDS.has(lemma(k - 2)) && AUX_WORDS.has(lemma(k - 1))) used.push(k, k - 1, k - 2);
    else for (let j = r.end; j < Math.min(tokens.length, r.end + 3) && !used.length; j++) if (MISSING_AFTER.has(lemma(j))) used.push(j);
    if (!used.length) continue;
    r.missing = true;
    r.negated = false;
    for (const j of used) {
      if (j >= 0 && at[j] >= 0) consumed.add(at[j]);
      missingWords.add(j);
    }
  }
  // "where y is no", "Churn = No", "default = false": a yes/no field said with its "no" side after it
  // selects that side (the "no" was read as a negation of nothing, and the yes side was kept).
  for (const r of a.refs) {
    const flag = r.turn === 0 && r.cands.length === 1 ? flagFor(lex, r.cands[0].name) : null;
    if (!flag) continue;
    let k = r.end;
    while (k < tokens.length && k - r.end < 2 && FLAG_IS.has(tokens[k].lemma)) k++;
    const said = tokens[k];
    const after = tokens[k + 1];
    // The words "no"/"false" after "is"/"="; the stored no-side itself ("foreign_worker 0", "y no") also right after the name.
    const no = said && (said.text === String(flag.no ?? "").toLowerCase() || (k > r.end && ["no", "false"].includes(said.lemma)));
    // (The stored yes-side as a number, "is_holiday 1", is used up too: it only names the side.)
    const yes = said && said.kind === "number" && said.text === String(flag.yes).toLowerCase();
    if ((!no && !yes) || (after && after.kind === "word" && !STOP_WORDS.has(after.lemma))) continue;
    // ("not type No": a negation before the field's name and its no-side after it is the yes-side.)
    if (no) r.negated = !r.negated;
    if (at[k] >= 0) consumed.add(at[k]);
  }
  // "seniors and non-seniors", "churned vs not churned", "with or without a partner": a yes/no field
  // said on both of its sides is a grouping by it (both sides shown), not two filters no row meets.
  for (const r of a.refs) {
    if (r.turn !== 0 || r.via || r.cands.length !== 1 || !flagFor(lex, r.cands[0].name)) continue;
    // ("with and without a speed limit": one word nothing reads, qualifying the field's name, is passed over.)
    const qualifier = mAt(r.pos - 1);
    const named = qualifier?.kind === "unknown" && qualifier.end - qualifier.start === 1 ? r.pos - 1 : r.pos;
    const w = ["a", "an", "the"].includes(lemma(named - 1)) ? named - 1 : named;
    const withAndWithout = ["and", "or", "vs", "versus"].includes(lemma(w - 2)) && lemma(w - 3) === "with" && lemma(w - 1) === "without";
    // "before and after the ban" over after_ban: the name's leading word said with its opposite (flagNameOpposites).
    const lead = r.cands[0].name
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const leadOpposites = lead.length >= 2 && tokens[r.pos]?.text === lead[0] ? ((FLAG_NAME_OPPOSITES as Record<string, string[]>)[lead[0]] ?? []) : [];
    const oppositeAnd = leadOpposites.some(
      (p) => ["and", "or", "vs", "versus"].includes(lemma(r.pos - 1)) && p.split(" ").every((x, i, ws) => tokens[r.pos - 1 - ws.length + i]?.text === x),
    );
    const both = withAndWithout || oppositeAnd;
    const twin = a.refs.find(
      (x) =>
        x !== r &&
        x.turn === 0 &&
        !x.via &&
        x.cands.length === 1 &&
        x.cands[0].name === r.cands[0].name &&
        x.pos > r.end &&
        x.negated !== r.negated &&
        tokens.slice(r.end, x.pos).length <= 3 &&
        tokens.slice(r.end, x.pos).some((t) => ["and", "or", "vs", "versus"].includes(t.lemma)),
    );
    // "churned vs those who didn't", "with a partner or those without": the other side said as a
    // negation of the same rows, with only row words between.
    let denied = false;
    if (["and", "or", "vs", "versus"].includes(lemma(r.end)) || (lemma(r.end) === "compared" && lemma(r.end + 1) === "to")) {
      for (let k = r.end + (lemma(r.end) === "compared" ? 2 : 1); k < Math.min(tokens.length, r.end + 6); ) {
        const x = mAt(k);
        if (x?.kind === "word" && hasHit(x, "neg")) {
          denied = (x.end >= tokens.length || [".", "?", "!", ","].includes(tokens[x.end].raw)) && !mAt(x.end);
          break;
        }
        if (
          !["those", "the", "one", "ones", "who", "that", "which", "people", "others", "other", "do", "did", "does", "are", "were", "is", "was"].includes(
            lemma(k),
          ) &&
          !(x && hasHit(x, "rowNoun"))
        )
          break;
        k = x ? x.end : k + 1;
      }
    }
    if (!both && !twin && !denied) continue;
    r.group = true;
    a.bothSides.push(r.cands[0].name);
    // ("y=yes vs y=no": the side said as a value is one of the two compared, not a filter.)
    const sideField = r.cands[0].name;
    for (let i = a.filters.length - 1; i >= 0; i--) {
      const f = a.filters[i];
      if (f.kind === "value" && f.options.length && f.options.every((o) => o.filter.field === sideField) && f.pos > r.pos && (!twin || f.pos < twin.pos))
        a.filters.splice(i, 1);
    }
    r.negated = false;
    if (twin) {
      twin.negated = false;
      twin.group = true;
    }
  }
  // "churned customers by gender and partner": a yes/no field listed after a grouped field ("by A and
  // B") or a grouping time grain ("by year and B") is grouped too, not a condition.
  for (const r of a.refs) {
    if (r.turn !== 0 || r.group || r.negated || r.cands.length !== 1 || !flagFor(lex, r.cands[0].name)) continue;
    if (lemma(r.pos - 1) !== "and" && tokens[r.pos]?.sep !== ",") continue;
    const end = lemma(r.pos - 1) === "and" ? r.pos - 1 : r.pos;
    if (a.refs.some((x) => x.turn === 0 && x.group && x.end === end)) r.group = true;
    // ("average accidents by year and limit": after a grouping said as a time grain, "by year", too.)
    const grain = mAt(end - 1);
    if (grain && grain.kind === "word" && grain.end === end && hasHit(grain, "grain") && /^(by|per)\b/.test(grain.text)) r.group = true;
  }
  // "churned vs retained customers", "retained vs churned": a yes/no field set against a word nothing
  // else reads is the field's two sides, i.e. a grouping by it; the other word is its other side.
  const versusSide = new Set<number>();
  for (const r of a.refs) {
    if (r.turn !== 0 || r.via || r.cands.length !== 1 || !flagFor(lex, r.cands[0].name)) continue;
    const after = mAt(r.end);
    const before = mAt(r.pos - 1);
    const isVs = (m: Mention | undefined) => !!m && m.kind === "word" && hasHit(m, "relation", "versus") && !/axis|function/.test(m.text);
    const skip = (k: number, dir: 1 | -1) => (["the", "those", "non", "a"].includes(lemma(k)) ? k + dir : k);
    const other = isVs(after) ? mAt(skip(after!.end, 1)) : isVs(before) ? mAt(skip(before!.start - 1, -1)) : undefined;
    // ("online vs in-person courses", "online vs in store": a row word after "in" is the other side, a place.)
    const inPlace = (k: number) => {
      const m = lemma(k) === "in" ? mAt(k + 1) : undefined;
      return m && m.kind === "word" && m.end - m.start === 1 && m.hits.every((h) => h.category === "rowNoun") ? m : undefined;
    };
    const place = isVs(after) ? inPlace(skip(after!.end, 1)) : isVs(before) && lemma(before!.start - 2) === "in" ? inPlace(before!.start - 2) : undefined;
    if (place) {
      r.group = true;
      versusSide.add(at[place.start]);
      a.versusOther = { text: `in ${place.text}`, field: r.cands[0].name };
      continue;
    }
    if (!other || other.kind !== "unknown" || other.end - other.start !== 1 || tokens[other.start].kind !== "word") continue;
    r.group = true;
    versusSide.add(at[other.start]);
    a.versusOther = { text: other.text, field: r.cands[0].name };
  }
  const PAIR_WORDS = new Set(["and", "with", "to", "vs", "versus", "against"]);
  // A field within a few words on the other side of the pairing word, across relation words ("education related to income").
  const fieldAcross = (start: number, dir: 1 | -1) => {
    for (let k = start, step = 0; step < 3 && k >= 0 && k < tokens.length; step++) {
      const x = mAt(k);
      if (x?.kind === "field") return step > 0;
      if (!PAIR_WORDS.has(lemma(k)) && !(x?.kind === "word" && hasHit(x, "relation"))) return false;
      k = dir === 1 ? (x ? x.end : k + 1) : x ? x.start - 1 : k - 1;
    }
    return false;
  };
  const rankedAfterLimit = (prev: Mention | undefined) => {
    if (!prev || !a.limit) return false;
    if (prev.kind === "word") return hasHit(prev, "limit");
    if (prev.kind !== "number" || prev.value !== a.limit.n) return false;
    const before = mAt(prev.start - 1);
    return !!before && before.kind === "word" && (hasHit(before, "limit") || hasHit(before, "question"));
  };
  const pairedWithField = (m: Mention) => fieldAcross(m.end, 1) || fieldAcross(m.start - 1, -1);

  // "how many hondas" (Model "honda civic", "honda accord"), "government jobs" (workclass "State-gov",
  // "Local-gov"): an unknown word that is the first word of several values of one field, or that a
  // short word of its values abbreviates (or their first word: "automatic" for "auto(l4)"), selects all
  // those values (stated in the answer).
  const valuesByWord = (m: Mention): { field: string; values: string[] } | null => {
    if (m.end - m.start !== 1) return null;
    const word = tokens[m.start].text.toLowerCase();
    const lem = lemma(m.start);
    if (lem.length < 3) return null;
    let found: { field: string; values: string[] } | null = null;
    for (const f of fields) {
      if (!f.codes || f.dictionary.length > 5000) continue;
      const split = valueWordsOf(f.dictionary);
      const values = f.dictionary.filter((_, vi) => {
        const words = split[vi];
        if (words.length < 2) return false;
        const first = words[0];
        // A common abbreviation among a few category values ("gov" of "State-gov" for "government").
        return (
          first === lem ||
          first === word ||
          // "automatic" for "auto(l4)", "auto(av)": the values' first word abbreviates it.
          (f.dictionary.length <= 50 && first.length >= 4 && word.length >= first.length + 3 && word.startsWith(first)) ||
          (f.dictionary.length <= 50 && words.some((w) => ABBREVIATIONS[w]?.includes(lem) || ABBREVIATIONS[w]?.includes(word)))
        );
      });
      // A part of the values, not a word most of them share ("Shipped Late", "Shipped Early"); a longer
      // word the values abbreviate ("automatic") may select most of them, not all.
      const abbreviated = values.every((v) => {
        const first = split[f.dictionary.indexOf(v)][0];
        return first !== lem && first !== word && first.length >= 4 && word.startsWith(first);
      });
      if (values.length < 2 || values.length > (abbreviated ? f.dictionary.length - 1 : f.dictionary.length / 2)) continue;
      if (found) return null; // several fields: not this reading
      found = { field: f.name, values };
    }
    return found;
  };
  // "grad courses" (Level "Graduate"): an unknown word of 4 letters or more that abbreviates one value
  // of one category field (the start of the value's one word, at least 3 letters longer).
  const valueByPrefix = (m: Mention): { field: string; values: string[] } | null => {
    if (m.end - m.start !== 1) return null;
    const word = tokens[m.start].text.toLowerCase();
    if (word.length < 4 || !/^[a-z]+$/.test(word)) return null;
    let found: { field: string; values: string[] } | null = null;
    for (const f of fields) {
      if (!f.codes || f.dictionary.length > 50) continue;
      for (const v of f.dictionary) {
        const low = v.toLowerCase();
        if (!/^[a-z]+$/.test(low) || low.length < word.length + 3 || !low.startsWith(word)) continue;
        if (found) return null;
        found = { field: f.name, values: [v] };
      }
    }
    return found;
  };
  // "rainy days" (weather "LIGHT RAIN", "HEAVY RAIN"), "sunny", "foggy": an unknown adjective in -y made of
  // a word of some values of one category field selects those values (stated in the answer).
  const valuesByAdjective = (m: Mention): { field: string; values: string[] } | null => {
    if (m.end - m.start !== 1) return null;
    const word = tokens[m.start].text.toLowerCase();
    if (word.length < 5 || !/^[a-z]+y$/.test(word)) return null;
    const stem = word.slice(0, -1);
    const stems = /(.)\1$/.test(stem) ? [stem, stem.slice(0, -1)] : [stem];
    let found: { field: string; values: string[] } | null = null;
    for (const f of fields) {
      if (!f.codes || f.dictionary.length > 50) continue;
      const split = valueWordsOf(f.dictionary);
      const values = f.dictionary.filter((_, vi) => split[vi].some((w) => stems.includes(w)));
      if (!values.length || values.length > f.dictionary.length / 2) continue;
      if (found) return null;
      found = { field: f.name, values };
    }
    return found;
  };
  mentions.forEach((m, idx) => {
    if (
      m.kind !== "unknown" ||
      ageDecadeRead.has(idx) ||
      versusSide.has(idx) ||
      unitWords.has(m.start) ||
      singleRowWords.has(m.start) ||
      missingWords.has(m.start)
    )
      return;
    const byWord = valuesByWord(m) ?? valueByPrefix(m) ?? valuesByAdjective(m);
    if (byWord) {
      // "government jobs": a field named right after the word, with no grouping word, is the noun it qualifies.
      const head = a.refs.find((r) => r.turn === 0 && r.pos === m.end && !governs(r) && !r.cands.some((c) => c.name === byWord.field));
      addAtom({
        pos: m.start,
        end: m.end,
        kind: "value",
        options: [
          {
            filter: { field: byWord.field, op: negatedAt(m.start) ? "neq" : byWord.values.length === 1 ? "eq" : "in", values: byWord.values },
            how: "named",
          },
        ],
        negated: false,
        refs: head ? [head.id] : [],
        listed: 0,
        conj: null,
        text: m.text,
      });
      a.valueWords.push({ text: m.text, field: byWord.field, n: byWord.values.length, ...(byWord.values.length === 1 ? { value: byWord.values[0] } : {}) });
      return;
    }
    const prev = mAt(m.start - 1) ?? (STOP_WORDS.has(lemma(m.start - 1)) ? mAt(m.start - 2) : undefined);
    // "how many districts are inland", "what fraction of clients have a loan": a plural noun nothing
    // reads, counted and followed by the condition on them, names the rows (the table's own noun).
    const t0 = tokens[m.start];
    if (
      prev &&
      (hasHit(prev, "count") || hasHit(prev, "share")) &&
      m.end - m.start === 1 &&
      t0.text !== t0.lemma &&
      ROW_LINKS.has(lemma(m.end)) &&
      a.filters.some((f) => f.pos >= m.end && f.options.length)
    ) {
      a.rowNoun = true;
      if (hasHit(prev, "count")) a.countRows = true;
      // ("how many girls have an IQ above 12" over a table without a sex field: a word naming a value of some
      // field, "girls", "Americans", is a condition nothing here holds; the count is of all rows, said.)
      if (VALUE_ALIAS_WORDS.has(t0.text.toLowerCase()) || VALUE_ALIAS_WORDS.has(t0.lemma)) a.unknown.push({ text: m.text, pos: m.start, slot: "other" });
      return;
    }
    // "how many mammals are there in each order", "the number of cereals for each mfr": a plural noun
    // nothing reads, right after a count word, over a table whose rows each have their own name
    // (`rowNamer`), is the rows; the answer says so.
    // ("average number of oscars" is a number per row, not a count of them.)
    const before = prev ? (mAt(prev.start - 1) ?? (STOP_WORDS.has(lemma(prev.start - 1)) ? mAt(prev.start - 2) : undefined)) : undefined;
    // (So is it over a table whose rows each stand for a number of things, a Freq column: "how many
    // applicants were rejected" totals it.)
    if (
      prev &&
      hasHit(prev, "count") &&
      !(before && hasHit(before, "agg")) &&
      m.end - m.start === 1 &&
      t0.text !== t0.lemma &&
      (lex.rowNamer || lex.weightField)
    ) {
      a.rowNoun = true;
      a.countRows = true;
      if (lex.rowNamer) a.rowsNamed.push({ text: m.text, field: lex.rowNamer });
      return;
    }
    // "the maximum depth recorded for T03": a participle of recording right after its field names nothing
    // (grammar.json attach.recordedParticiples).
    if (m.end - m.start === 1 && RECORDED_PARTICIPLES.has(t0.text) && prev?.kind === "field" && prev.end === m.start) return;
    let slot: Atoms["unknown"][number]["slot"] = "other";
    // "color code major genre": a field right after fills the slot; the unknown word only qualifies it.
    // Filled when a field or value follows within three words, before any other grammar word.
    let filled = false;
    for (let k = m.end; k < Math.min(tokens.length, m.end + 3) && !filled; k++) {
      const nx = mAt(k);
      if (nx && (nx.kind === "field" || nx.kind === "value")) filled = true;
      else if (!nx || nx.kind === "word") break;
    }
    if (prev && (hasHit(prev, "agg") || hasHit(prev, "share"))) slot = "measure";
    // "average customer age", "average delivery rating": a word that only partly names a field, between
    // the aggregate word and the unknown noun, qualifies that noun; the noun is the number asked for.
    else if (prev && prev.kind === "field" && prev.partial && prev.end === m.start && prev.end - prev.start === 1 && hasHit(mAt(prev.start - 1), "agg"))
      slot = "measure";
    else if (prev && hasHit(prev, "count")) slot = "count";
    // "for all airplanes": "all" quantifies the rows the word names; it does not ask for a grouping.
    else if (prev && (hasHit(prev, "group") || hasHit(prev, "series")) && !/^(for )?all$/.test(prev.text.toLowerCase())) slot = "group";
    else if (prev && hasHit(prev, "question")) slot = "which";
    // "the relationship between discount and profit": an unknown word paired with a field by
    // "and"/"vs"/"with" in a relation question is one of the two numbers asked for.
    else if (a.relation && pairedWithField(m)) slot = "measure";
    // "top 3 directors by gross", "which 5 directors": what is ranked is a grouping the data set lacks;
    // "the 5 lines with the biggest blorfs": what ranks them is a number it lacks.
    else if (rankedAfterLimit(prev)) slot = prev!.kind === "word" && !/^(top|bottom)$/i.test(prev!.text) ? "measure" : "group";
    if (relativeSpans.some(([s, e]) => m.start >= s && m.start < e)) return; // "recent" of "the most recent quarter"
    if (spanWords.has(m.start)) return; // "cover" of "how many years does the series cover"
    // ("the second largest body weight": an ordinal right before a superlative is its rank, not a missing field.)
    if (m.end - m.start === 1 && (ORDINAL_RANKS[t0.text] ?? ORDINAL_RANKS[t0.lemma]) && hasHit(mAt(m.end), "superlative")) return;
    // ("what's the gap between A and B": the noun of a difference asks for no field of that name.)
    const gapNoun =
      (m.end - m.start === 1 && DIFFERENCE_LEADS.has(t0.lemma) && lemma(m.end) === "between") ||
      // ("what is the NPS" over a 0-10 answer field: the score's words name no missing field, nps.ts reads them.)
      (NPS_WORDS.has(t0.text) && promoterField(lex) !== null);
    a.unknown.push({ text: m.text, pos: m.start, slot: filled || gapNoun ? "other" : slot });
  });
  // "average height of men": a word of the sort vocabulary ("height" of the bars) with no sort said,
  // right after an aggregate word, is the number asked for, which the data set lacks.
  if (!a.sort)
    mentions.forEach((m, idx) => {
      if (m.kind !== "word" || consumed.has(idx) || m.end - m.start !== 1 || !m.hits.every((h) => h.category === "sortAxis")) return;
      const w = lemma(m.start);
      if (w.length < 3 || GENERIC_WORDS.has(w) || lex.nameIndex.has(w)) return;
      const prev = mAt(m.start - 1) ?? (STOP_WORDS.has(lemma(m.start - 1)) ? mAt(m.start - 2) : undefined);
      if (prev && hasHit(prev, "agg") && hitKey(prev, "agg") !== "count") a.unknown.push({ text: m.text, pos: m.start, slot: "measure" });
    });
  // "made in the 70s", "made in 1975": a field synonym ending in a preposition ("made in" = Origin)
  // right before a period read on the time field is the preposition of the time, not the field.
  for (const atom of a.filters) {
    if (!atom.options.length || !atom.options.every((o) => isTimeField(info(o.filter.field)))) continue;
    let k = atom.pos - 1;
    if (lemma(k) === "the") k--;
    const lead = a.refs.find(
      (r) => r.turn === 0 && r.end === k + 1 && r.end - r.pos > 1 && TIME_PREPOSITIONS.has(lemma(k)) && r.cands.every((c) => !isTimeField(info(c.name))),
    );
    if (lead && !atom.refs.includes(lead.id)) atom.refs.push(lead.id);
  }
  // Two fields of the same row compared ("a worldwide gross less than their production budget",
  // "profit exceeded sales", "movies that made less than they cost"): a comparison word between two
  // number fields with no number after it. A verb of earning before it ("made", "earned") names the
  // money-in fields (gross, revenue, sales, income); "cost" names the budget by the field vocabulary.
  // A time word between two date fields compares the dates ("invoices paid after the due date").
  mentions.forEach((m) => {
    const key = m.kind === "word" ? hitKey(m, "cmp") : null;
    if (!key || !["gt", "gte", "lt", "lte"].includes(key)) return;
    const temporal = hasHit(m, "temporal");
    if (a.filters.some((f) => m.start >= f.pos && m.start < f.end)) return;
    const numeric = (f: FieldInfo) => (temporal ? f.role === "date" : f.role !== "date") && f.numbers !== null;
    const numRef = (r: Ref) => r.turn === 0 && !r.group && r.cands.some((c) => numeric(info(c.name)));
    let k = m.end;
    // ("V1 more than twice V2", "Trials over 3 times Correct": a factor before the second field.)
    let factor = 1;
    const factorAt = k;
    if (temporal) {
      // (Dates compare as they are: no factor.)
    } else if (FACTOR_WORDS[lemma(k)] !== undefined) factor = FACTOR_WORDS[lemma(k++)];
    else if (tokens[k]?.kind === "number" && lemma(k + 1) === "time" && Number(tokens[k].text) > 0) {
      factor = Number(tokens[k].text);
      k += 2;
    }
    while (k < tokens.length && SECOND_SIDE_FILLERS.has(lemma(k))) k++;
    const right = a.refs.find((r) => r.pos === k && numRef(r));
    if (!right || mAt(right.end)?.kind === "number") return;
    let j = m.start - 1;
    while (j >= 0 && FIRST_SIDE_FILLERS.has(lemma(j))) j--;
    const left = a.refs.find((r) => r.end === j + 1 && numRef(r) && r !== right);
    const earned = !left && j >= 0 && EARN_VERBS.has(lemma(j)) ? fields.filter((f) => numeric(f) && nameWordsOf(f).some((w) => EARN_FIELD_WORDS.has(w))) : [];
    const lefts = left ? left.cands.map((c) => info(c.name)).filter(numeric) : earned;
    const rights = right.cands.map((c) => info(c.name)).filter(numeric);
    const options: FilterOption[] = [];
    for (const l of lefts)
      for (const r of rights)
        if (l.name !== r.name)
          options.push({
            filter: { field: l.name, op: key as Filter["op"], values: [factor], otherField: r.name },
            how: lefts.length * rights.length > 1 ? "ambiguous" : left ? "adjacent" : "guess",
          });
    if (!options.length) return;
    if (factor !== 1) for (let u = a.unknown.length - 1; u >= 0; u--) if (a.unknown[u].pos === factorAt) a.unknown.splice(u, 1);
    addAtom({
      pos: left ? left.pos : j,
      end: right.end,
      kind: "compare",
      options,
      negated: negatedAt(m.start),
      refs: [...(left ? [left.id] : []), right.id],
      listed: 0,
      conj: null,
      text: spanText(tokens, left ? left.pos : Math.max(0, j), right.end),
    });
  });
  // ("what about no": the only content word is a side, read as a negation of nothing.)
  const sides = tokens.filter((t) => ["yes", "no", "true", "false"].includes(t.lemma));
  if (
    sides.length === 1 &&
    mentions.every((m) => m.kind === "word" && (hasHit(m, "followUp") || hasHit(m, "neg") || hasHit(m, "conj") || hasHit(m, "question")))
  )
    a.sideWord = ["yes", "true"].includes(sides[0].lemma) ? "yes" : "no";
  // ("and those who didn't?", "the ones that aren't": a negation beside words for the rows and nothing else
  // to negate is the earlier condition's other side, as "and the others".)
  const onlyWords = (...cats: Category[]) => mentions.every((m) => m.kind === "word" && cats.some((c) => hasHit(m, c)));
  if (mentions.some((m) => hasHit(m, "neg")) && mentions.some((m) => hasHit(m, "rowNoun")) && onlyWords("followUp", "neg", "conj", "question", "rowNoun")) {
    a.others = true;
    a.followUp = true;
  }
  tokens.forEach((t, i) => {
    const hits = at[i] < 0 && t.kind === "word" ? lex.shortValues.get(t.text) : undefined;
    if (hits?.length) a.strayShortValues.push({ text: t.raw, fields: hits.map((v) => ({ field: v.field, value: v.value })) });
  });
  mentions.forEach((m, idx) => {
    if (m.kind === "number" && !consumed.has(idx) && !(a.limit && a.limit.n === m.value) && a.binWidth !== m.value && a.binCount !== m.value)
      a.strayNumbers.push(m.text);
  });
  // "except the first period", "in the last visit": an ordinal word right before a field of a few whole numbers
  // (no year) is that field's value so far from its smallest (or its largest), a condition on the rows.
  for (const r of a.refs) {
    // (Not a field the question ranks by: "the third largest" is a rank, not the third value.)
    if (r.turn !== turn || r.pos < 1 || r.agg || r.supAgg || r.sortBy || r.cands.length !== 1 || r.group || r.countOf || r.distinctOf) continue;
    // "the first three occasions", "the last 2 visits": a number between the ordinal and the field, that many values.
    const spanM = mAt(r.pos - 1);
    const span = spanM?.kind === "number" && spanM.end === r.pos && Number.isInteger(spanM.value) && spanM.value >= 2 ? spanM : null;
    const word = tokens[span ? span.start - 1 : r.pos - 1];
    const n = word ? (ORDINAL_POSITIONS[word.text] ?? ORDINAL_POSITIONS[word.lemma]) : undefined;
    const f = info(r.cands[0].name);
    if (span && Math.abs(n ?? 0) !== 1) continue;
    if (!n || (!span && at[r.pos - 1] >= 0 && !["word", "unknown"].includes(mentions[at[r.pos - 1]].kind))) continue;
    if (f.role !== "number" || !f.discrete || !f.integer || f.yearLike || isTimeField(f) || !f.numbers || f.distinct > 31) continue;
    if (a.filters.some((x) => x.options.some((o) => o.filter.field === f.name))) continue;
    const values = [...new Set(Array.from(f.numbers).filter((v) => !Number.isNaN(v)))].sort((x, y) => x - y);
    if (span && span.kind === "number") {
      const count = span.value;
      if (count >= values.length || values.length < 3) continue;
      const from = n > 0 ? values[0] : values[values.length - count];
      const to = n > 0 ? values[count - 1] : values[values.length - 1];
      const start = span.start - 1;
      const negated = negatedAt(start);
      a.unknown = a.unknown.filter((u) => u.pos !== start);
      consumed.add(at[span.start]);
      if (a.limit && a.limit.n === count) a.limit = null;
      addAtom({
        pos: start,
        end: r.end,
        kind: "value",
        // ("except the first three": the values after them.)
        options: [
          {
            filter: negated ? { field: f.name, op: n > 0 ? "gt" : "lt", values: [n > 0 ? to : from] } : { field: f.name, op: "between", values: [from, to] },
            how: "adjacent",
          },
        ],
        negated: false,
        refs: [r.id],
        listed: 0,
        conj: null,
        stated: `${f.name} ${from} to ${to}`,
        text: spanText(tokens, start, r.end),
      });
      continue;
    }
    const v = n > 0 ? values[n - 1] : values[values.length + n];
    if (v === undefined || values.length < 3) continue;
    // ("except the first period": the other values.)
    const negated = negatedAt(r.pos - 1);
    a.unknown = a.unknown.filter((u) => u.pos !== r.pos - 1);
    addAtom({
      pos: r.pos - 1,
      end: r.end,
      kind: "value",
      options: [{ filter: { field: f.name, op: negated ? "neq" : "eq", values: [v] }, how: "adjacent" }],
      negated: false,
      refs: [r.id],
      listed: 0,
      conj: null,
      stated: `${f.name} "${v}"`,
      text: spanText(tokens, r.pos - 1, r.end),
    });
  }
  // "the treated ones", "untreated pups": with one field holding a control value (placebo, control), the treated
  // rows are the others and the untreated that value; the answer says how it read the word.
  const controls = fields
    .filter((f) => f.codes && f.distinct <= 6)
    .map((f) => ({ f, control: f.dictionary.filter((v) => CONTROL_VALUES.has(v.trim().toLowerCase())) }))
    .filter((x) => x.control.length === 1);
  if (controls.length === 1) {
    const { f, control } = controls[0];
    tokens.forEach((t, i) => {
      const side = TREATED_WORDS.has(t.text) ? "neq" : UNTREATED_WORDS.has(t.text) ? "eq" : null;
      const m = mAt(i);
      if (!side || (m && m.kind !== "unknown" && m.kind !== "field") || a.filters.some((x) => x.pos <= i && i < x.end)) return;
      if (m?.kind === "field" && !m.fields.some((c) => c.name === f.name)) return;
      const r = a.refs.find((x) => x.pos <= i && i < x.end);
      if (a.filters.some((x) => x.options.some((o) => o.filter.field === f.name))) return;
      const negated = negatedAt(i);
      addWordCondition(
        i,
        { field: f.name, op: (side === "neq") !== negated ? "neq" : "eq", values: control },
        r ? [r.id] : [],
        `${f.name}${side === "neq" ? " not" : ""} "${control[0]}"`,
      );
    });
  }
  // "open deals", "active opportunities" over Stage with Closed Won and Closed Lost among its values: the rows in none
  // of the closed values (words.json openStates); the answer says how it read the word.
  const closedStates = fields
    .filter((f) => f.codes && f.role === "category" && f.distinct <= 12)
    .map((f) => ({ f, closed: f.dictionary.filter((v) => CLOSED_FIRST_WORDS.has(nameWords(v.trim())[0] ?? "")) }))
    .filter((x) => x.closed.length >= 1 && x.closed.length < x.f.dictionary.length && !x.f.dictionary.some((v) => OPEN_WORDS.has(v.trim().toLowerCase())));
  if (closedStates.length === 1) {
    const { f, closed } = closedStates[0];
    tokens.forEach((t, i) => {
      const m = mAt(i);
      if (!OPEN_WORDS.has(t.text) || (m && m.kind !== "unknown") || a.filters.some((x) => x.pos <= i && i < x.end)) return;
      if (a.filters.some((x) => x.options.some((o) => o.filter.field === f.name))) return;
      const negated = negatedAt(i);
      addWordCondition(
        i,
        negated ? { field: f.name, op: closed.length > 1 ? "in" : "eq", values: closed } : { field: f.name, op: "neq", values: closed },
        [],
        `${f.name}${negated ? "" : " not"} ${closed.map((v) => `"${v}"`).join(negated ? " or " : " nor ")}`,
      );
    });
  }
  // "is the average y above 10 for the placebo group", "was the total sales under 5000": a yes/no question
  // whose comparison comes right after an aggregate of the field it compares tests that aggregate.
  // (The opener as typed too: "does" is singularised to "doe".)
  const yesNo = tokens.length > 0 && (COMPARE_OPENERS.has(tokens[0].lemma) || COMPARE_OPENERS.has(tokens[0].text));
  // (Between the aggregate's field and the comparison: nothing, or conditions on the rows and small words,
  // "the average y for the placebo group above 10", "the max y in period 2 under 100".)
  const onlyValuesBetween = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      // (A grouping too, "the average y by trt above 8": each group's average is tested.)
      const m = mAt(i);
      const inValue =
        a.filters.some((f) => f.pos <= i && i < f.end) ||
        a.refs.some((r) => r.pos <= i && i < r.end && (r.group || a.filters.some((f) => f.refs.includes(r.id)))) ||
        (m?.kind === "word" && m.hits.every((h) => h.category === "group"));
      if (!inValue && !STOP_WORDS.has(lemma(i)) && !ROW_NOUNS.has(lemma(i)) && !VALUE_GROUP_NOUNS.has(lemma(i))) return false;
    }
    return true;
  };
  const testedRef = (pos: number, left: number | undefined) =>
    a.refs.find(
      (r) =>
        r.turn === turn &&
        r.agg !== null &&
        TESTED_AGGS.has(r.agg) &&
        r.cands.length === 1 &&
        (left === r.id || (left === undefined && r.end <= pos && onlyValuesBetween(r.end, pos))),
    );
  // "is y2 higher than y1 on average": two fields compared with an aggregate word on either compares the two
  // aggregates, not each row's pair.
  if (yesNo)
    for (let k = 0; k < a.filters.length; k++) {
      const f = a.filters[k];
      const o = f.options.length === 1 ? f.options[0].filter : undefined;
      if (f.kind !== "compare" || f.negated || !o?.otherField || o.values[0] !== 1 || f.refs.length !== 2) continue;
      if (!["gt", "gte", "lt", "lte"].includes(o.op)) continue;
      const refs = f.refs.map((id) => a.refs.find((r) => r.id === id));
      const agg = refs.find((r) => r?.agg && TESTED_AGGS.has(r.agg))?.agg;
      if (!agg || refs.some((r) => !r || r.cands.length !== 1)) continue;
      for (const r of refs) r!.agg = agg;
      a.aggTest = { field: o.field, agg, op: o.op as "gt" | "gte" | "lt" | "lte", value: Number.NaN, other: o.otherField, text: f.text };
      a.filters.splice(k, 1);
      break;
    }
  if (yesNo && !a.aggTest)
    for (let k = 0; k < a.filters.length; k++) {
      const f = a.filters[k];
      if (f.kind !== "compare" || f.negated) continue;
      // (The field said right before the comparison is its left side; several fields may be offered for it.)
      const left = f.refs.length > 1 || f.options.length === 1 ? f.refs[0] : undefined;
      const r = testedRef(f.pos, left) ?? (left !== undefined ? undefined : testedRef(f.pos, undefined));
      // (A comparison no field was named for goes to the aggregate, even when no row's value reaches its number.)
      const guessed = f.options.every((x) => x.how === "guess") ? f.options[0]?.filter : undefined;
      const o = r && (f.options.find((x) => x.filter.field === r.cands[0].name)?.filter ?? guessed);
      if (!r || !o || !["gt", "gte", "lt", "lte"].includes(o.op) || o.otherField || o.values.length !== 1 || typeof o.values[0] !== "number") continue;
      a.aggTest = { field: r.cands[0].name, agg: r.agg!, op: o.op as "gt" | "gte" | "lt" | "lte", value: o.values[0], text: f.text };
      a.filters.splice(k, 1);
      break;
    }
  // "is worker 1 better than worker 2?": two single values of one field either side of "than" (with only the
  // field's name, a comparative or small words between) are set against each other, as "worker 1 vs worker 2".
  for (let i = 0; i + 1 < a.filters.length; i++) {
    const x = a.filters[i];
    const y = a.filters.find((f) => f.pos >= x.end && !a.filters.some((g) => g !== x && g !== f && g.pos >= x.end && g.pos < f.pos));
    if (!y || x.negated || y.negated || x.options.length !== 1 || y.options.length !== 1) continue;
    const fx = x.options[0].filter;
    const fy = y.options[0].filter;
    if (fx.field !== fy.field || fx.op !== "eq" || fy.op !== "eq" || fx.values.length !== 1 || fy.values.length !== 1 || fx.values[0] === fy.values[0])
      continue;
    // (Not two years or dates: "higher in 1961 than in 1962" is a change between periods.)
    if (info(fx.field).yearLike || isTimeField(info(fx.field))) continue;
    const between = tokens.slice(x.end, y.pos);
    if (!between.some((t) => t.lemma === "than")) continue;
    const filler = (t: (typeof tokens)[number], k: number) => {
      const mm = mAt(x.end + k);
      return (
        t.lemma === "than" ||
        COMPARE_WORDS.has(t.lemma) ||
        ["the", "a", "an", "for", "in", "on", "with", "do", "does", "is", "are"].includes(t.lemma) ||
        (mm?.kind === "field" && mm.fields.some((c) => c.name === fx.field))
      );
    };
    if (!between.every(filler)) continue;
    const ref = a.refs.find((r) => r.turn === 0 && r.pos >= x.end && r.end <= y.pos && r.cands.some((c) => c.name === fx.field));
    a.filters[i] = {
      ...x,
      end: y.end,
      options: [{ ...x.options[0], filter: { field: fx.field, op: "in", values: [fx.values[0], fy.values[0]] } as Filter }],
      refs: [...new Set([...x.refs, ...y.refs, ...(ref ? [ref.id] : [])])],
      listed: 2,
      conj: "and",
      versus: true,
      text: spanText(tokens, x.pos, y.end),
    };
    a.filters.splice(a.filters.indexOf(y), 1);
    a.filters.forEach((f, k) => (f.id = k));
    a.versus = true;
  }
  // "cut at least Very Good", "clarity VS1 or better", "color between D and F": ordered levels of a category
  // (levels.ts), stated with the order assumed; over a field of no known order the comparison words are not used.
  for (const r of levelReadings(tokens, a.filters, info)) {
    a.unknown = a.unknown.filter((u) => u.pos < r.start || u.pos >= r.end);
    if (r.values === null) {
      a.strayComparisons.push(r.words);
      continue;
    }
    r.atom.options = [{ ...r.atom.options[0], filter: { field: r.field, op: r.values.length > 1 ? "in" : "eq", values: r.values } }];
    r.atom.negated = false;
    r.atom.pos = Math.min(r.atom.pos, r.start);
    r.atom.end = Math.max(r.atom.end, r.end);
    r.atom.listed = 0;
    r.atom.conj = null;
    r.atom.versus = false;
    r.atom.text = spanText(tokens, r.atom.pos, r.atom.end);
    // ("a cut better than Good": the field's name right before the comparison only says which field it is.)
    const named = a.refs.find(
      (x) =>
        x.turn === 0 &&
        !x.group &&
        !x.agg &&
        x.cands[0]?.name === r.field &&
        (x.end === r.atom.pos || (x.end === r.atom.pos - 1 && ["of", "is", "a", "an"].includes(lemma(x.end)))),
    );
    if (named && !r.atom.refs.includes(named.id)) r.atom.refs.push(named.id);
    r.atom.stated = `${r.field} "${r.values.join('", "')}" (in the order ${r.order})`;
  }
  // "patients aged 45 and over" over ages kept as bands ("45-59", "75+"): the bands the range covers (bands.ts).
  readAgeBands(a, lex);
  // A comparison nothing used ("less than a year" with no number to compare, "more than two years"
  // read as the value "Two year"): the answer says these words were not used.
  mentions.forEach((m) => {
    const key = m.kind === "word" ? hitKey(m, "cmp") : null;
    if (!key || !["gt", "gte", "lt", "lte"].includes(key) || hasHit(m, "temporal") || lemma(m.start) === "from") return;
    // ("and above 15": the words "and above" end inside the comparison "above 15".)
    if (a.aggTest && a.aggTest.text.toLowerCase().includes(m.text.toLowerCase())) return;
    if (a.filters.some((f) => (m.start >= f.pos && m.start < f.end) || (m.start < f.pos && m.end > f.pos))) return;
    if (a.timesCount && m.start >= a.timesCount.pos && m.start < a.timesCount.end) return;
    const quantity = (k: number) => {
      const w = lemma(k);
      const mm = mAt(k);
      return (
        mm?.kind === "number" ||
        w in NUMBER_WORDS ||
        DURATION_UNITS[w] !== undefined ||
        ((w === "a" || w === "an") && DURATION_UNITS[lemma(k + 1)] !== undefined)
      );
    };
    if (![m.end, m.end + 1].some((k) => k < tokens.length && quantity(k))) return;
    // A value right after it ("more than two years" -> "Two year"): only the comparison words were
    // not used (written with digits, the note on values read instead of comparisons says so).
    const value = a.filters.find((f) => f.kind === "value" && f.pos === m.end);
    if (value && /^\d/.test(value.text)) return;
    let end = m.end;
    if (!value)
      while (
        end < Math.min(tokens.length, m.end + 3) &&
        !DURATION_UNITS[lemma(end - 1)] &&
        (quantity(end) || ["a", "an"].includes(lemma(end)) || DURATION_UNITS[lemma(end)] !== undefined)
      )
        end++;
    a.strayComparisons.push(spanText(tokens, m.start, end));
    // "only those with more than 100k" after "total sales by state": a plain number compared, which
    // the decision may read as a condition on each group's value.
    const num = [m.end, m.end + 1].map((k) => mAt(k)).find((x) => x?.kind === "number");
    if (num?.kind === "number" && !num.percent && !DURATION_UNITS[lemma(num.end)])
      a.strayCompare.push({
        text: a.strayComparisons[a.strayComparisons.length - 1],
        op: key as "gt" | "gte" | "lt" | "lte",
        value: num.value,
        numberText: num.text,
        pos: m.start,
      });
  });
  // ("is the total y for progabide more than 1000": no field took the comparison; the aggregate before it does.)
  if (yesNo && !a.aggTest)
    for (const c of a.strayCompare) {
      const r = c.pos === undefined ? undefined : testedRef(c.pos, undefined);
      if (!r) continue;
      a.aggTest = { field: r.cands[0].name, agg: r.agg!, op: c.op, value: c.value, text: c.text };
      a.strayCompare.splice(a.strayCompare.indexOf(c), 1);
      const k = a.strayComparisons.indexOf(c.text);
      if (k >= 0) a.strayComparisons.splice(k, 1);
      const n = a.strayNumbers.indexOf(c.numberText);
      if (n >= 0) a.strayNumbers.splice(n, 1);
      break;
    }
  return a;
}

/** Flag values of a field if it is yes/no-like ("churned customers" -> Churn = Yes). */
/**
 * The value that means "none of it" in a field of a few values without a yes ("No" of InternetService
 * = DSL / Fiber optic / No): what "customers without internet" selects.
 */
export function absentValueFor(lex: TableLexicon, name: string): string | null {
  const f = lex.byName.get(name);
  if (!f?.codes || f.distinct > 6) return null;
  return f.dictionary.find((v) => ["no", "none"].includes(v.trim().toLowerCase())) ?? null;
}

export function flagFor(lex: TableLexicon, name: string): { yes: string | number; no: string | number | null } | null {
  const f = lex.byName.get(name);
  if (!f) return null;
  const two = flagValues(f);
  if (two) return two;
  if (f.codes && f.distinct <= 4) {
    const yes = f.dictionary.find((v) => ["yes", "true", "y"].includes(v.trim().toLowerCase()));
    const no = f.dictionary.find((v) => ["no", "false", "n"].includes(v.trim().toLowerCase()));
    if (yes) return { yes, no: no ?? null };
  }
  return null;
}
