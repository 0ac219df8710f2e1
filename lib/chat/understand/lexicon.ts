// The vocabulary of one table: its field names (with plurals, typos, spacing and camelCase variants,
// general English synonyms from vocab/words.json and synonyms from the project's chatContext) and
// the values of its category fields (with aliases such as demonyms, and comparison values like
// ">50K" readable as "more than 50K"). Built once per table and context, then cached.
import type { FieldInfo } from "../columns";
import { isTimeField } from "../columns";
import { editDistance } from "./distance";
import { tokenize } from "./tokens";
import { numberedName } from "./numbered-fields";
import { gluedAddsUp } from "./glued";
import { CODED_VALUES, FIELD_ALIASES, KNOWN_WORDS, STOP_WORDS, VALUE_ALIASES } from "./vocabulary";
import words from "../vocab/words.json";
import shapes from "../vocab/shapes.json";
import grammar from "../vocab/grammar.json";

const AGENT_VERBS: Record<string, string> = words.agentVerbs.words;
/** What sales are called, and the names of the one money field of an export they name (words.json moneyTotals). */
const MONEY_NOUNS = words.moneyTotals.nouns.map((p) => tokenize(p).map((t) => t.lemma));
export const MONEY_FIELD_NAMES = new Set(
  words.moneyTotals.fieldNames.map((p) =>
    tokenize(p)
      .map((t) => t.lemma)
      .join(" "),
  ),
);
const AMOUNT_NOUNS = words.moneyTotals.amountNouns.map((p) => tokenize(p).map((t) => t.lemma));
const COUNTRY_NAMES = new Set(words.countryNames.names);
const TAIL_FORMS: Record<string, string[]> = words.valueTailForms.words;
const ENTITY_NAME_WORDS = new Set<string>(grammar.lexicon.entityNameWords);
/** Field names for who was measured in a table of repeated measurements (Subject, Patient, id: words.json subjectNouns). */
export const SUBJECT_FIELDS = new Set<string>(words.subjectNouns.fields);
const SUBJECT_NOUNS = words.subjectNouns.nouns.map((w) => tokenize(w)[0].lemma);

export interface NameEntry {
  field: string;
  /** Lemmas of the name (stop words such as "of" kept: they are part of how the name is said). */
  words: string[];
  compact: string;
  /** 1 for the field's own name, less for aliases. */
  weight: number;
  /** Words that may name the field on their own (a distinctive word of a longer name). */
  partialWords: string[];
  /** The past form of the event a date field dates ("hired" for hire_date): read only in a question about time. */
  event?: boolean;
  /** A verb said for the agent a name field names ("won" for winner_name): read in the active voice only. */
  agentVerb?: boolean;
  /** A grammar word that names the field only typed as a plural noun ("returns" for returned). */
  pluralOnly?: string;
  /** The thing's noun naming its name field among the thing's other fields ("mountain" for Mountain_Name). */
  thing?: boolean;
}

export interface ValueEntry {
  field: string;
  value: string;
  words: string[];
  compact: string;
  /** A synonym of the value ("American" for USA), not its own spelling. */
  alias: boolean;
  /** The label of one row (a title, a model): matched only as typed, every word, no typo. */
  label?: boolean;
  /** The first word of a longer value said alone ("fiber", "charles"): matched only as typed, no typo. */
  head?: boolean;
}

export interface TableLexicon {
  fields: FieldInfo[];
  byName: Map<string, FieldInfo>;
  names: NameEntry[];
  /** lemma -> names containing it. */
  nameIndex: Map<string, NameEntry[]>;
  /** The name without spaces ("subcategory" for Sub-Category) -> names. */
  compactIndex: Map<string, NameEntry[]>;
  /** distinctive single word -> fields whose (longer) name contains it; head = the name's last word. */
  partial: Map<string, { field: string; head: boolean; own?: boolean }[]>;
  values: ValueEntry[];
  valueIndex: Map<string, ValueEntry[]>;
  /** Row labels (titles, models) by their first word: matched exactly only, kept apart from `valueIndex`. */
  labelIndex: Map<string, ValueEntry[]>;
  /** One-letter values ("R", "G"), read only next to their field's name or in a list of its values. */
  shortValues: Map<string, ValueEntry[]>;
  /** Words of every name (own and synonyms) of each field. */
  fieldWords: Map<string, Set<string>>;
  /** Fields whose values are all yes/no-like or 0/1: "churned customers" filters them. */
  flagFields: Set<string>;
  /** Words of the dataset's name ("faculty", "station"): they name the rows, not a field. */
  rowWords: Set<string>;
  /** Words of the dataset's name before its last one ("vet" of Vet_Visit): they may name a field's thing instead. */
  rowModifiers: Set<string>;
  /** A name-like text field ("name", "title") holding one value per row: the rows are the things it names. */
  rowNamer: string | null;
  /** Common nouns ("details", "status") that end the name of exactly one field: they name it alone. */
  headNouns: Map<string, string>;
  /** Count columns of a table with one row per group (Holders, Claims by district x car group x age band). */
  countFields: Set<string>;
  /** Amounts per period of each row's thing ("MonthlyCharges" over customers, no time field): averaged by default. */
  perPeriodFields: Set<string>;
  /**
   * The one column of a table with one row per combination of categories that says how many things each row
   * stands for (R's Freq): "how many passengers survived" is its total over the matching rows, not a row count.
   */
  weightField: string | null;
}

const CODE_SUFFIXES = new Set(shapes.storageSuffixes.code);
const UNIT_SUFFIXES = new Set(shapes.storageSuffixes.unit);
const HEAD_NOUNS = new Set(shapes.headNouns.nouns);
const FLAG_PREFIXES = new Set(shapes.flagPrefixes.words);
const EVENT_DATE_WORDS = new Set(shapes.eventDates.words);
const ROW_NAME_WORDS = new Set(shapes.rowNamers.words);
const FREQUENCY_NAMES = new Set(shapes.frequencyNames.words);
const GROUP_SUFFIXES: Record<string, string> = shapes.gluedNames.groupSuffixes;
const COUNT_PREFIXES: string[] = shapes.gluedNames.countPrefixes;
const NAME_INITIALS: Record<string, string> = shapes.gluedNames.nameInitials;
const TIME_UNIT_ENDINGS = new Set<string>(shapes.storageSuffixes.timeUnits);
const COUNT_NAME_WORDS = new Set<string>(shapes.entityNameFields.countWords);
const ENTITY_NAMERS = new Set<string>(shapes.entityNameFields.namers);
const CODE_WORDS = new Set<string>(shapes.entityNameFields.codeWords);

/** The past form of a verb said as a field name's word: "hire" -> "hired", "start" -> "started", "ship" -> "shipped". */
function pastForm(w: string): string {
  if (w.endsWith("e")) return `${w}d`;
  if (/[^aeiou][aeiou][bdgmnpt]$/.test(w) && w.length <= 4) return `${w}${w[w.length - 1]}ed`;
  return `${w}ed`;
}

/** The verb of a noun made with -al: "renewal" -> "renew", "approval" -> "approve", "arrival" -> "arrive", "refusal" -> "refuse". */
export function verbOfAlNoun(noun: string): string {
  const stem = noun.slice(0, -2);
  return /(v|[aeiou]s)$/.test(stem) ? `${stem}e` : stem;
}

/** A name ending in a code word ("Cinema_ID", "role_code"): an identifier, not what a row is called. */
const COUNTED_SUFFIXES: string[] = words.countedThingFields.suffixes;
const COUNTED_ROW_WORDS = new Set<string>(words.countedThingFields.rowWords);

/**
 * "how many orders" over an `Order ID` whose values repeat (order lines): the field named by the singular noun
 * then an id or name word (words.json countedThingFields) whose different values are the things counted; the
 * id before the name when both exist; null when there is none or its values never repeat.
 */
export function countedThingField(fields: FieldInfo[], noun: string): string | null {
  if (COUNTED_ROW_WORDS.has(noun)) return null;
  let best: FieldInfo | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const f of fields) {
    const ws = nameWords(f.name);
    if (ws.length !== 2 || ws[0] !== noun || f.role === "date") continue;
    const rank = COUNTED_SUFFIXES.indexOf(ws[1]);
    if (rank < 0 || rank >= bestRank) continue;
    let present = 0;
    if (f.codes) for (const c of f.codes) present += c >= 0 ? 1 : 0;
    else if (f.numbers) for (const v of f.numbers) present += Number.isNaN(v) ? 0 : 1;
    if (f.distinct < 2 || f.distinct >= present) continue;
    best = f;
    bestRank = rank;
  }
  return best ? best.name : null;
}

const AUXILIARY_VERBS = new Set<string>(words.auxiliaryVerbs.words);

/**
 * "how many products were ordered" (the two words after the noun): a verb in -ed, after "were"/"are" or not, whose
 * stem is the noun of another field counted by its different values (Order ID) says the order lines are counted.
 */
export function linesByVerb(after: string[], noun: string, fields: FieldInfo[]): boolean {
  const verb = AUXILIARY_VERBS.has(after[0] ?? "") ? after[1] : after[0];
  if (!verb || !/ed$/.test(verb)) return false;
  return [verb.slice(0, -2), verb.slice(0, -1)].some((stem) => stem !== noun && countedThingField(fields, stem) !== null);
}

/** Whether `other` takes two different values within one value of `id` (a line's Quantity within an Order ID). */
export function variesWithin(id: FieldInfo, other: FieldInfo): boolean {
  const key = id.codes ?? id.numbers;
  const vals = other.codes ?? other.numbers;
  if (!key || !vals || id === other) return false;
  const seen = new Map<number, number>();
  for (let k = 0; k < key.length; k++) {
    const v = vals[k];
    if (Number.isNaN(key[k]) || key[k] === -1 || Number.isNaN(v)) continue;
    const was = seen.get(key[k]);
    if (was === undefined) seen.set(key[k], v);
    else if (was !== v) return true;
  }
  return false;
}

export function namedAsCode(name: string): boolean {
  const ws = nameWords(name);
  return ws.length > 0 && CODE_SUFFIXES.has(ws[ws.length - 1]);
}

/**
 * A field name without the last words that say how it is stored: "payment method code" -> "payment
 * method", "price in dollar" -> "price", "assets billion" -> "assets". A code word goes only when
 * two words remain ("customer id" stays: "customers" are the rows); null when nothing is dropped.
 */
export function withoutStorageWords(ws: string[]): string[] | null {
  let out = ws;
  // "Area_km_2", "volume_m_3": a power after a unit is part of it.
  if (out.length > 2 && /^[23]$/.test(out[out.length - 1]) && UNIT_SUFFIXES.has(out[out.length - 2])) out = out.slice(0, -1);
  while (out.length > 1 && UNIT_SUFFIXES.has(out[out.length - 1])) {
    // "price_in_dollars" is said "price", "power_w" "power"; "temp_in_c" stays as it is: a one-letter
    // unit after "in" leaves the "in" ambiguous (indoor, as against temp_out_c).
    const before = out[out.length - 2];
    if (out[out.length - 1].length === 1 && (before === "in" || before === "of")) break;
    out = out.slice(0, -1);
    if (out.length > 1 && (out[out.length - 1] === "in" || out[out.length - 1] === "of")) out = out.slice(0, -1);
  }
  while (out.length > 2 && CODE_SUFFIXES.has(out[out.length - 1])) out = out.slice(0, -1);
  return out.length < ws.length ? out : null;
}

const SMALL_WORDS = new Set<string>(grammar.lexicon.smallWords);
const SUM_WORDS = new Set(words.sumByDefault.flatMap((w) => tokenize(w).map((t) => t.lemma)));
// A statistic in the name ("median_income", "avg_spend", "max_charges", "churn_rate") does not add up across rows.
const NOT_SUM_WORDS = new Set(words.notSumInName.flatMap((w) => tokenize(w).map((t) => t.lemma)));
const VALUE_COMPARATORS: Record<string, string[]> = words.valueComparators;

/** The words of a field or value name: camelCase, underscores and hyphens split, singular. */
export function nameWords(text: string): string[] {
  // Names are short; a 10,000-letter value is cut first (the camelCase patterns below are linear
  // in practice, but no pattern should see unbounded text).
  const spaced = text
    .slice(0, 200)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_\-.]/g, " ");
  return tokenize(spaced, 40).map((t) => t.lemma);
}

function replacePhrase(ws: string[], phrase: string[], replacement: string[]): string[] | null {
  for (let i = 0; i + phrase.length <= ws.length; i++) {
    let ok = true;
    for (let j = 0; j < phrase.length && ok; j++) if (ws[i + j] !== phrase[j]) ok = false;
    if (ok) return [...ws.slice(0, i), ...replacement, ...ws.slice(i + phrase.length)];
  }
  return null;
}

/** The table's time fields: dates and year-like numbers. */
export function timeFields(lex: TableLexicon): FieldInfo[] {
  return lex.fields.filter(isTimeField);
}

/** Whether the field of that name is one of the table's time fields. */
export function isTimeName(lex: TableLexicon, name: string): boolean {
  const f = lex.byName.get(name);
  return !!f && isTimeField(f);
}

const ELAPSED_TIME_WORDS = new Set(words.elapsedTimeFieldWords);
/** A number field named only by elapsed-time words ("Time", "hours", "elapsed_min"), not a year. */
export function isElapsedTime(f: FieldInfo): boolean {
  const ws = nameWords(f.name);
  return f.role === "number" && !f.yearLike && ws.length > 0 && ws.every((w) => ELAPSED_TIME_WORDS.has(w));
}

/** Number fields whose rows add up (money, counts): their default aggregate is the total. */
export function addsUp(info: FieldInfo): boolean {
  const ws = nameWords(info.name);
  // ("mdeaths", "fdeaths": a count's noun after one letter that says whose, run together.)
  const counted = (w: string) => SUM_WORDS.has(w) || (w.length >= 6 && /^[a-z]$/.test(w[0]) && SUM_WORDS.has(w.slice(1)) && w.slice(1).length >= 5);
  // ("NUMTCH", "TOTCHG": a glued name that starts with a count or a total.)
  if (gluedAddsUp(info.name, (w) => KNOWN_WORDS.has(w) || STOP_WORDS.has(w))) return true;
  return ws.some(counted) && !ws.some((w) => NOT_SUM_WORDS.has(w));
}

const PER_PERIOD_WORDS = new Set<string>(words.perPeriodInName.words);

/** Fields that add up by their name but say an amount per period ("MonthlyCharges") in a table without time fields. */
function perPeriodFields(fields: FieldInfo[]): Set<string> {
  if (fields.some(isTimeField)) return new Set();
  return new Set(fields.filter((f) => f.role === "number" && addsUp(f) && nameWords(f.name).some((w) => PER_PERIOD_WORDS.has(w))).map((f) => f.name));
}

/** The words the user said for a per-period field add their own amount word ("revenue per month" for MonthlyCharges): a total. */
export function saidAsAmount(said: string, info: FieldInfo): boolean {
  const own = new Set(nameWords(info.name));
  return tokenize(said, 40).some((t) => SUM_WORDS.has(t.lemma) && !own.has(t.lemma));
}

/**
 * Count columns of a cross table: when no two rows share a combination of the grouping fields (two or more
 * categories or small whole-number codes), a whole-number column named by a plural noun (Holders, Claims,
 * cases) counts things in each group, so its rows add up like a column named "sales" does.
 */
function crossTableCounts(fields: FieldInfo[]): Set<string> {
  const plural = (f: FieldInfo) => {
    const ts = tokenize(f.name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_\-.]/g, " "), 40);
    const last = ts[ts.length - 1];
    return !!last && last.kind === "word" && last.lemma !== last.text && !ts.some((t) => NOT_SUM_WORDS.has(t.lemma));
  };
  return crossTableColumns(fields, plural);
}

/** The frequency column of a cross table (R's as.data.frame(Titanic): Freq per Class x Sex x Age x Survived). */
function frequencyField(fields: FieldInfo[]): string | null {
  const found = [...crossTableColumns(fields, (f) => FREQUENCY_NAMES.has(f.name.trim().toLowerCase()))];
  return found.length === 1 ? found[0] : null;
}

/** Whole-number columns passing `named` of a table where no two rows share a combination of the other (grouping) fields. */
function crossTableColumns(fields: FieldInfo[], named: (f: FieldInfo) => boolean): Set<string> {
  const out = new Set<string>();
  const rows = fields[0]?.codes?.length ?? fields[0]?.numbers?.length ?? 0;
  if (rows < 8) return out;
  const counts = fields.filter((f) => f.role === "number" && f.integer && f.min >= 0 && !f.yearLike && named(f));
  if (counts.length === 0) return out;
  const keys = fields.filter(
    (f) =>
      !counts.includes(f) &&
      ((f.role === "category" && f.codes && f.distinct >= 2 && f.distinct <= 60) || (f.role === "number" && f.discrete && f.distinct >= 2 && f.distinct <= 30)),
  );
  if (keys.length < 2) return out;
  const seen = new Set<string>();
  for (let i = 0; i < rows; i++) {
    const k = keys.map((f) => (f.codes ? f.codes[i] : f.numbers![i])).join("|");
    if (seen.has(k)) return out;
    seen.add(k);
  }
  for (const f of counts) out.add(f.name);
  return out;
}

/** The value of a two-valued field that a flag means ("churned customers" -> Churn = Yes), and its opposite. */
export function flagValues(info: FieldInfo): { yes: string | number; no: string | number } | null {
  if (info.codes) {
    if (info.distinct !== 2) return null;
    const norm = info.dictionary.map((v) => v.trim().toLowerCase());
    const yes = norm.findIndex((v) => ["yes", "y", "true", "t", "1"].includes(v));
    const no = norm.findIndex((v) => ["no", "n", "false", "f", "0"].includes(v));
    if (yes < 0 || no < 0) return null;
    return { yes: info.dictionary[yes], no: info.dictionary[no] };
  }
  if (info.role === "number" && info.distinct === 2 && info.min === 0 && info.max === 1) return { yes: 1, no: 0 };
  return null;
}

/** A short name that abbreviates a word: its start ("displ", "trans") or its consonants ("hwy", "cty"). */
export function abbreviates(short: string, word: string): boolean {
  if (short.length < 3 || word.length < short.length + 2 || short[0] !== word[0]) return false;
  if (short.length >= 4 && word.startsWith(short)) return true;
  if (/[aeiou]/.test(short.slice(1))) return false;
  let i = 0;
  for (const c of word[0] + word.slice(1).replace(/[aeiou]/g, "")) if (c === short[i]) i++;
  return i === short.length;
}

const ALIAS_WORDS = new Set(FIELD_ALIASES.flatMap((g) => g.filter((p) => !p.includes(" "))));

const DELTA_NAME_WORDS = new Set<string>(shapes.deltaNames.nameWords);
const DELTA_SAID: string[] = shapes.deltaNames.said;

/**
 * The name words of the field whose row-to-row step a number field holds ("delta_lat" -> lat, "lat_change" -> lat,
 * "dx" beside a field x -> x), or null (shapes.json deltaNames).
 */
export function deltaBase(f: FieldInfo, fields: FieldInfo[]): string[] | null {
  if (f.role !== "number") return null;
  const base = nameWords(f.name);
  if (base.length >= 2 && DELTA_NAME_WORDS.has(base[0])) return base.slice(1);
  if (base.length >= 2 && DELTA_NAME_WORDS.has(base[base.length - 1])) return base.slice(0, -1);
  const prefix = shapes.deltaNames.prefix;
  if (base.length === 1 && base[0].startsWith(prefix) && base[0].length > prefix.length) {
    const rest = base[0].slice(prefix.length);
    if (fields.some((o) => o !== f && nameWords(o.name).join(" ") === rest)) return [rest];
  }
  return null;
}

/**
 * The noun of a number field whose one-word name glues a 2-3 letter prefix to it: "UKgas" -> "gas"
 * (the case changes there), "nhtemp" -> "temp", "uspop" -> "pop" (a word of a synonym group).
 */
function gluedTails(f: FieldInfo): string[] {
  if (f.role !== "number" || !/^[A-Za-z]{5,16}$/.test(f.name)) return [];
  const lower = f.name.toLowerCase();
  const out: string[] = [];
  for (const k of [2, 3]) {
    const tail = lower.slice(k);
    if (tail.length < 3 || STOP_WORDS.has(tail) || KNOWN_WORDS.has(lower)) continue;
    const caseTurns = /[A-Z]/.test(f.name[k - 1]) && /[a-z]/.test(f.name[k]) && /^[A-Z]+$/.test(f.name.slice(0, k));
    if (caseTurns || ALIAS_WORDS.has(tail)) out.push(tail);
  }
  return out;
}

/**
 * "Bwt", "Hwt": a one-word number name of three or four letters that glues the initial of a word (or two) to a
 * vowel-less abbreviation of a synonym group ("wt" of weight): the initials and the group's one-word phrase the
 * abbreviation stands for. Null for any other name, and for a name that is an English word itself.
 */
export function initialGluedAbbreviation(f: FieldInfo): { initials: string; tail: string; phrases: string[] } | null {
  if (f.role !== "number" || !/^[A-Za-z]{3,4}$/.test(f.name)) return null;
  const lower = f.name.toLowerCase();
  if (KNOWN_WORDS.has(lower) || STOP_WORDS.has(lower)) return null;
  for (const k of [1, 2]) {
    const tail = lower.slice(k);
    if (tail.length < 2 || /[aeiou]/.test(tail) || STOP_WORDS.has(tail) || !ALIAS_WORDS.has(tail)) continue;
    const group = FIELD_ALIASES.find((g) => g.includes(tail));
    if (!group) continue;
    return { initials: lower.slice(0, k), tail, phrases: group.filter((p) => p !== tail && !p.includes(" ")) };
  }
  return null;
}

export function buildTableLexicon(fields: FieldInfo[], contextSynonyms: { alias: string; field: string }[] = [], datasetName = ""): TableLexicon {
  const names: NameEntry[] = [];
  const add = (field: string, ws: string[], weight: number, partialWords: string[] = ws) => {
    if (ws.length === 0) return;
    const compact = ws.join("");
    if (names.some((n) => n.field === field && n.compact === compact)) return;
    names.push({ field, words: ws, compact, weight, partialWords });
  };
  const groups = FIELD_ALIASES.map((g) => g.map((p) => tokenize(p).map((t) => t.lemma)));
  // A unit that is also a word of the question's grammar ("pct", said "percentage") names no field
  // alone: "what percentage of orders" is a share, not discount_pct.
  const UNIT_WORDS = new Set<string>();
  for (const g of groups)
    if (g[0].length === 1 && UNIT_SUFFIXES.has(g[0][0])) for (const p of g) if (p.length === 1 && KNOWN_WORDS.has(p[0])) UNIT_WORDS.add(p[0]);
  for (const f of fields) {
    const base = nameWords(f.name);
    add(f.name, base, 1);
    const said = withoutStorageWords(base);
    if (said) add(f.name, said, 0.9);
    // "pm2_5", "pm10": a code glued to a number (an underscore between digits is its decimal point) is also said
    // apart and with the point: "PM 2.5", "pm2.5".
    const coded = /^([a-z]+)(\d+)(?:_(\d+))?$/i.exec(f.name.trim());
    if (coded && f.role === "number") add(f.name, [coded[1].toLowerCase(), coded[3] ? `${coded[2]}.${coded[3]}` : coded[2]], 0.95);
    // "rate7y", "tsy10y": the code before a horizon names the field in part ("the rate": each rate field).
    const numbered = f.role === "number" ? numberedName(f.name) : null;
    if (numbered?.stem.length && numbered.stem.join(" ") !== base.join(" ")) add(f.name, numbered.stem, 0.85);
    // "Time_min", "duration_sec": a time unit's abbreviation ending the name is said without it ("the minimum
    // time"), unless the name's "_max" twin says it is the smallest value (temp_min beside temp_max).
    const unitLast = base.length >= 2 && TIME_UNIT_ENDINGS.has(base[base.length - 1]);
    const twin = unitLast && fields.some((o) => o !== f && nameWords(o.name).join(" ") === [...base.slice(0, -1), "max"].join(" "));
    const untimed = unitLast && !twin ? base.slice(0, -1) : null;
    if (untimed) add(f.name, untimed, 0.9);
    // "is_manager" said "managers", "IsOnline" said "online": the name without its yes/no-question word.
    if (base.length >= 2 && FLAG_PREFIXES.has(base[0])) add(f.name, base.slice(1), 0.9);
    // "returned" said "returns", "defaulted" said "defaults": a yes/no field named by the past form of its
    // event is also named by the event's noun ("orders without returns").
    if (f.distinct === 2 && f.role !== "date") {
      const last = base[base.length - 1];
      if (last && last.length >= 6 && last.endsWith("ed") && !last.endsWith("eed")) {
        let stem = last.slice(0, -2);
        if (/([b-df-hj-np-tv-z])\1$/.test(stem)) stem = stem.slice(0, -1);
        if (stem.endsWith("v")) stem += "e";
        // (A stem that is a word of the question's grammar, "return", names the field only typed as
        // the plural noun: "without returns", never "return the 5 largest".)
        if (stem.length >= 4 && (STOP_WORDS.has(stem) || !KNOWN_WORDS.has(stem))) {
          add(f.name, [...base.slice(0, -1), stem], 0.9);
          if (STOP_WORDS.has(stem)) names[names.length - 1].pluralOnly = stem;
        }
        // "insured" said "insurance", "attended" "attendance": the event's noun in -ance.
        const ance = `${last.slice(0, -2)}ance`;
        if (!KNOWN_WORDS.has(ance) && !/([b-df-hj-np-tv-z])\1ance$/.test(ance)) add(f.name, [...base.slice(0, -1), ance], 0.9);
        // "cancelled" said "cancellation(s)", "terminated" "termination", "completed" "completion": the noun in -ation / -ion.
        const ation = stem.endsWith("t") ? `${stem}ion` : `${last.slice(0, -2)}ation`;
        if (!KNOWN_WORDS.has(ation)) add(f.name, [...base.slice(0, -1), ation], 0.9);
      }
    }
    // "citation_count" said "cited" ("the most cited papers"), "reservation_count" "reserved", "donation_total"
    // "donated": a number counting an -ation noun is named by the verb's past form (count words dropped).
    if (f.role === "number") {
      const k = base.findIndex((w) => w.length >= 7 && w.endsWith("ation"));
      const rest = k >= 0 ? base.slice(k + 1) : [];
      if (k >= 0 && rest.every((w) => COUNT_NAME_WORDS.has(w))) {
        const stem = base[k].slice(0, -5);
        for (const past of [`${stem}ed`, `${stem}ated`]) if (!KNOWN_WORDS.has(past)) add(f.name, [...base.slice(0, k), past], 0.8);
      }
    }
    // "Unemployed" said "unemployment", "Invested" "investment": a number of the people or things an
    // "-ed" word describes is named by its noun in -ment too (yes/no fields: above, with -ance).
    if (f.distinct !== 2 && f.role === "number") {
      const last = base[base.length - 1];
      if (last && last.length >= 6 && last.endsWith("ed") && !last.endsWith("eed")) add(f.name, [...base.slice(0, -1), `${last.slice(0, -2)}ment`], 0.9);
    }
    // "UKgas", "nhtemp", "uspop", "BJsales": a series named by a short place or code glued to its noun
    // is said by the noun ("gas", "temp"), and by the noun's synonyms ("temperature", "population").
    for (const tail of gluedTails(f)) {
      const ws = nameWords(tail);
      add(f.name, ws, 0.85);
      for (const group of groups) if (group.some((p) => p.join(" ") === ws.join(" "))) for (const other of group) add(f.name, other, 0.85);
    }
    // "Fname", "LName": an initial glued to "name" is said "first name", "last name".
    // ("owner_LName", "emp_fname": after the name of whose it is, "owner last name".)
    const initialAt = base.length >= 2 && base[base.length - 1] === "name" && base[base.length - 2].length === 1 ? base.length - 2 : base.length - 1;
    const initial = /^([a-z])name$/.exec(base.slice(initialAt).join(""))?.[1];
    if (initial && NAME_INITIALS[initial]) add(f.name, [...base.slice(0, initialAt), NAME_INITIALS[initial], "name"], 0.95);
    // "Mountain_Name" beside Mountain_Country, Mountain_Height (a join flattened): "each mountain" is the
    // thing's name, not a question back between its columns; only where no "<thing>_id" field counts them.
    if (base.length === 2 && ENTITY_NAMERS.has(base[1]) && base[0].length >= 3 && !STOP_WORDS.has(base[0])) {
      const siblings = fields.filter((o) => o !== f && nameWords(o.name)[0] === base[0]);
      if (siblings.length && !siblings.some((o) => CODE_WORDS.has(nameWords(o.name)[nameWords(o.name).length - 1]))) {
        add(f.name, [base[0]], 0.8, []);
        names[names.length - 1].thing = true;
      }
    }
    // "Bwt", "Hwt": a weight ("wt") of something said by its initial: "weight", "heavy" name each such field (the
    // question asks back when two do); "body weight" names Bwt alone (readers.ts readInitials).
    const glued = initialGluedAbbreviation(f);
    if (glued) for (const p of [glued.tail, ...glued.phrases]) add(f.name, [p], 0.8, []);
    // "agegp", "alcgp": a stem glued to a group suffix is the stem's group ("age group"), and the stem alone
    // ("age"; "alcohol" reaches "alc" as a word it starts). "ncases", "ncontrols": a count prefix glued to a
    // plural noun is said by the noun ("cases"). (One lower-case word only: a camelCase name is split already.)
    if (base.length === 1 && /^[a-z]{5,20}$/.test(f.name.trim()) && !KNOWN_WORDS.has(base[0])) {
      const lower = f.name.trim();
      for (const [suffix, word] of Object.entries(GROUP_SUFFIXES)) {
        const stem = lower.slice(0, -suffix.length);
        if (!lower.endsWith(suffix) || stem.length < 3 || !/[aeiou]/.test(stem)) continue;
        names.push({ field: f.name, words: [stem, word], compact: `${stem}${word}`, weight: 1, partialWords: [stem] });
        add(f.name, [stem], 0.95);
      }
      if (f.role === "number" && f.integer && f.min >= 0)
        for (const prefix of COUNT_PREFIXES) {
          const noun = lower.slice(prefix.length);
          if (lower.startsWith(prefix) && noun.length >= 5 && noun.endsWith("s") && /[aeiou]/.test(noun[0] + noun[1])) add(f.name, nameWords(noun), 0.95);
        }
    }
    // "Smoke" said "smoking" or "smokers", "Commute" "commuting": a one-word category named by a verb in -e is
    // said by its -ing form and its doer too. (Not "wind": "winding" would take "win" as a shorter form.)
    if (base.length === 1 && f.role === "category" && /^[a-z]{3,11}[^aeiou]e$/.test(base[0]) && !KNOWN_WORDS.has(base[0])) {
      const stem = base[0].slice(0, -1);
      add(f.name, [`${stem}ing`], 0.85);
      add(f.name, [`${stem}er`], 0.85);
    }
    // "hire_date" said "hired", "StartDate" said "started": the event a date field dates, as a verb.
    if (f.role === "date" && base.length === 2 && EVENT_DATE_WORDS.has(base[1]) && /^[a-z]{3,}$/.test(base[0]) && !base[0].endsWith("ed"))
      names.push({ field: f.name, words: [pastForm(base[0])], compact: pastForm(base[0]), weight: 0.9, partialWords: [], event: true });
    // "next_renewal_date" said "renew" / "renewed", "approval_date" "approved": the verb of a noun in -al right
    // before the date word (the event it dates), read only in a question about time as above.
    const alNoun = base.length >= 2 && EVENT_DATE_WORDS.has(base[base.length - 1]) ? base[base.length - 2] : "";
    if (f.role === "date" && /^[a-z]{4,}al$/.test(alNoun)) {
      const verb = verbOfAlNoun(alNoun);
      for (const form of new Set([verb, `${verb}s`, pastForm(verb)]))
        names.push({ field: f.name, words: [form], compact: form, weight: 0.9, partialWords: [], event: true });
    }
    // A one-word name that abbreviates a word of a synonym group ("displ" for displacement, "cyl" for
    // cylinders): named by the group's other phrases too ("engine size").
    // (Not a date's name: "end" is the word, not the consonants of "earned" with its "box office".)
    if (base.length === 1 && f.role !== "date")
      for (const group of groups)
        if (!group.some((p) => p.length === 1 && p[0] === base[0]) && group.some((p) => p.length === 1 && abbreviates(base[0], p[0])))
          for (const other of group) add(f.name, other, 0.85);
    // (Also the name without its unit: "precip_mm" said "rainfall", not only "rainfall mm".)
    // ("LOS_DAYS" said "length of stay": the name without its time unit, too, by the group's phrases of several
    // words only: "delivery_days" is not "shipping".)
    for (const form of [base, ...(said && said.length < base.length ? [said] : []), ...(untimed ? [untimed] : [])])
      for (const group of groups) {
        for (const phrase of group) {
          if (!replacePhrase(form, phrase, [])) continue;
          for (const other of group) {
            if (other === phrase || (form === untimed && other.length < 2)) continue;
            const replaced = replacePhrase(form, phrase, other);
            const rest = form.filter((w) => !phrase.includes(w));
            if (replaced) add(f.name, replaced, 0.9, other.length === 1 ? [...rest, ...other] : rest);
            // The name's head said another way, alone: "type of movie" for Major Genre.
            const isHead = form.slice(form.length - phrase.length).join(" ") === phrase.join(" ");
            if (isHead && form.length > phrase.length && other.length > 1) add(f.name, other, 0.8, []);
          }
        }
      }
  }
  // "delta_lat" said "change in latitude", "latitude change": the step word with the stepped field's name or a longer
  // word of its synonym group that the name shortens (lat: latitude); never the stepped name alone, which names lat.
  for (const f of fields) {
    const rest = deltaBase(f, fields);
    if (!rest) continue;
    const forms = [rest];
    const one = rest.length === 1 ? rest[0] : "";
    for (const group of groups)
      if (one && group.some((p) => p.length === 1 && p[0] === one))
        for (const p of group) if (p.length === 1 && p[0] !== one && (p[0].startsWith(one) || abbreviates(one, p[0]))) forms.push(p);
    for (const form of forms)
      for (const s of DELTA_SAID) {
        add(f.name, [s, "in", ...form], 0.95, []);
        add(f.name, [s, "of", ...form], 0.95, []);
        add(f.name, [...form, s], 0.95, []);
      }
  }
  // "the highest elevation" over x, y, z (a surface): z, when no field is named by the word itself.
  const axis = (n: string) => fields.find((f) => f.role === "number" && f.name.trim().toLowerCase() === n);
  const height = axis("z");
  if (height && axis("x") && axis("y")) for (const w of shapes.surfaceHeight.words) if (!names.some((n) => n.words.includes(w))) add(height.name, [w], 0.8, []);
  // "tournaments" over tourney_date, tourney_id, tourney_level, tourney_name: the noun several fields
  // start with names the thing they describe, called by its one name field (tourney_name).
  const byFirst = new Map<string, string[][]>();
  for (const f of fields) {
    const ws = nameWords(f.name);
    if (ws.length >= 2 && ws[0].length >= 3) byFirst.set(ws[0], [...(byFirst.get(ws[0]) ?? []), [f.name, ...ws.slice(1)]]);
  }
  for (const [w, owned] of byFirst) {
    if (owned.length < 2 || names.some((n) => n.weight >= 1 && n.words.length === 1 && n.words[0] === w)) continue;
    const named = owned.filter((o) => o.length === 2 && ENTITY_NAME_WORDS.has(o[1]));
    if (named.length !== 1) continue;
    for (const g of groups) if (g.some((p) => p.length === 1 && p[0] === w)) for (const p of g) if (p.length === 1) add(named[0][0], p, 0.85, []);
    add(named[0][0], [w], 0.85, []);
    // "which player won the most matches": the verb of the agent (winner) names its name field.
    for (const [verb, agent] of Object.entries(AGENT_VERBS))
      if (agent === w) {
        add(named[0][0], [verb], 0.8, []);
        names[names.length - 1].agentVerb = true;
      }
  }
  // "which team won the most games" over a field called winner: the agent's verb names a one-word agent field too.
  for (const f of fields) {
    const ws = nameWords(f.name);
    if (ws.length !== 1 || f.role === "date" || names.some((n) => n.field !== f.name && n.weight >= 1 && n.words.includes(ws[0]))) continue;
    for (const [verb, agent] of Object.entries(AGENT_VERBS))
      if (agent === ws[0] && !names.some((n) => n.words.length === 1 && n.words[0] === verb)) {
        add(f.name, [verb], 0.8, []);
        names[names.length - 1].agentVerb = true;
      }
  }
  // "which country is home to the most companies" over Headquarters (USA, UK, China, ...): a field of
  // country names is the country, when no field's name says so.
  const countryWords = words.countryNames.fieldWords;
  if (!names.some((n) => n.weight >= 0.9 && n.words.length === 1 && countryWords.includes(n.words[0]))) {
    const ofCountries = fields.filter(
      (f) =>
        f.codes &&
        f.role === "category" &&
        f.dictionary.length >= 3 &&
        f.dictionary.filter((v) => COUNTRY_NAMES.has(v.trim().toLowerCase())).length >= 0.6 * f.dictionary.length,
    );
    if (ofCountries.length === 1) for (const w of countryWords) add(ofCountries[0].name, [w], 0.85, []);
  }
  // "how many boys", "which boy was the tallest" over Subject (nlme::Oxboys): the one field naming who was measured
  // in a table of repeated measurements (words.json subjectNouns) is said by people nouns no field's name holds.
  const subjectFields = fields.filter((f) => {
    const ws = nameWords(f.name);
    return ws.length === 1 && SUBJECT_FIELDS.has(ws[0]) && f.role !== "date" && f.distinct >= 3 && f.distinct * 2 <= (f.numbers ?? f.codes)!.length;
  });
  const subjectSaid = new Set<string>();
  if (subjectFields.length === 1)
    for (const noun of SUBJECT_NOUNS)
      if (!names.some((n) => n.words.includes(noun))) {
        add(subjectFields[0].name, [noun], 0.8, []);
        subjectSaid.add(noun);
      }
  // "revenue", "sales", "order value" over an export whose one money number is named "amount" or "total" (words.json
  // moneyTotals): that field, when no field is named by those words already (a read alias, stated like any).
  const moneyNouns = MONEY_NOUNS.filter((p) => !names.some((n) => n.words.join(" ") === p.join(" ")));
  if (moneyNouns.length === MONEY_NOUNS.length) {
    const totals = fields.filter((f) => {
      if (f.role !== "number" || f.yearLike) return false;
      const ws = nameWords(f.name);
      return MONEY_FIELD_NAMES.has((withoutStorageWords(ws) ?? ws).join(" "));
    });
    if (totals.length === 1) for (const p of moneyNouns) add(totals[0].name, p, 0.85, []);
  }
  // "average invoice amount", "total billed" over the same one money field: each word that names no field already.
  const amountFields = fields.filter((f) => {
    if (f.role !== "number" || f.yearLike) return false;
    const ws = nameWords(f.name);
    return MONEY_FIELD_NAMES.has((withoutStorageWords(ws) ?? ws).join(" "));
  });
  if (amountFields.length === 1)
    for (const p of AMOUNT_NOUNS) if (!names.some((n) => n.words.join(" ") === p.join(" "))) add(amountFields[0].name, p, 0.85, []);
  // "customers on the standard plan" over contract (a general synonym "plan") and plan_tier: a one-word synonym
  // that is a word of another field's own name is that field's word, not the synonym's (the table's words win).
  const ownNameWords = fields.map((f) => ({ field: f.name, words: nameWords(f.name) }));
  for (let i = names.length - 1; i >= 0; i--) {
    const n = names[i];
    if (n.weight >= 0.95 || n.words.length !== 1 || n.event || n.agentVerb || n.thing) continue;
    if (ownNameWords.some((o) => o.field !== n.field && o.words.length >= 2 && o.words.includes(n.words[0]))) names.splice(i, 1);
  }
  const known = new Set(fields.map((f) => f.name));
  for (const s of contextSynonyms) if (known.has(s.field)) add(s.field, nameWords(s.alias), 0.95);

  const nameIndex = new Map<string, NameEntry[]>();
  for (const n of names) {
    for (const w of new Set(n.words)) {
      const list = nameIndex.get(w) ?? [];
      list.push(n);
      nameIndex.set(w, list);
    }
  }

  const compactIndex = new Map<string, NameEntry[]>();
  for (const n of names) {
    const list = compactIndex.get(n.compact) ?? [];
    list.push(n);
    compactIndex.set(n.compact, list);
  }

  const partial = new Map<string, { field: string; head: boolean; own: boolean }[]>();
  for (const n of names) {
    // (A synonym of the name's head is kept even where it is a small word elsewhere: "spend" for
    // charges, so that "average spend" reaches MonthlyCharges and TotalCharges.)
    const synonymHead = (w: string, i: number, all: string[]) => n.weight < 1 && i === all.length - 1 && n.partialWords.includes(w);
    const content = n.words.filter((w, i, all) => !STOP_WORDS.has(w) || w === "type" || w === "kind" || synonymHead(w, i, all));
    // ("interest_rate": "rate" is a grammar word, so "interest" alone is the one word that names it.)
    const oneWord = content.length === 1 && n.words.length >= 2 && n.weight >= 1 && content[0].length >= 4;
    if (content.length < 2 && !oneWord) continue;
    content.forEach((w, i) => {
      if (w.length < 2 || (STOP_WORDS.has(w) && !synonymHead(w, i, content)) || UNIT_WORDS.has(w) || !n.partialWords.includes(w)) return;
      const list = partial.get(w) ?? [];
      const own = n.weight >= 0.95; // the field's own name or the project's stated synonym
      const found = list.find((p) => p.field === n.field);
      if (!found) list.push({ field: n.field, head: i === content.length - 1, own });
      else found.own ||= own;
      partial.set(w, list);
    });
  }
  // A word that is part of some field's own name ("charges" in MonthlyCharges) does not also reach
  // fields through a general synonym ("billing" in PaperlessBilling): the table's own words win.
  for (const [w, list] of partial) {
    if (list.some((p) => p.own) && list.some((p) => !p.own))
      partial.set(
        w,
        list.filter((p) => p.own),
      );
  }

  const values: ValueEntry[] = [];
  const shortValues = new Map<string, ValueEntry[]>();
  const addValue = (field: string, value: string, ws: string[], alias: boolean, label = false, head = false) => {
    if (ws.length === 0 || ws.length > 8) return;
    const compact = ws.join("");
    if (compact.length < 2 && ws.length === 1) {
      // One letter ("R", "G"): only next to its field's name or in a list of its values (readers.ts).
      const list = shortValues.get(compact) ?? [];
      list.push({ field, value, words: ws, compact, alias });
      shortValues.set(compact, list);
      return;
    }
    values.push(
      label
        ? { field, value, words: ws, compact, alias, label }
        : head
          ? { field, value, words: ws, compact, alias, head }
          : { field, value, words: ws, compact, alias },
    );
  };
  const flagFields = new Set<string>();
  for (const f of fields) {
    const flag = flagValues(f);
    if (flag) flagFields.add(f.name);
    // "uninsured" for insured = no: a yes/no field named by one adjective, negated by its prefix.
    const adjective = nameWords(f.name).filter((w) => !["is", "has", "was", "had"].includes(w));
    if (flag && f.codes && adjective.length === 1 && adjective[0].length >= 4 && /(ed|ive|able|ible)$/.test(adjective[0]))
      for (const prefix of ["un", "non"]) addValue(f.name, String(flag.no), [prefix + adjective[0]], true);
    // "died" for Survived = No: the opposite word of a one-word yes/no field.
    const opposites = (words.flagOpposites.words as Record<string, string[]>)[adjective.join(" ")];
    if (flag && f.codes && adjective.length === 1 && opposites) for (const o of opposites) addValue(f.name, String(flag.no), nameWords(o), true);
    if (!f.codes || f.role !== "category" || f.distinct > 500 || isTimeField(f)) continue;
    const fieldWords = nameWords(f.name);
    const fieldName = fieldWords.join(" ");
    const coded = CODED_VALUES.filter((g) => g.fields.some((w) => w === fieldName || fieldWords.includes(w)));
    for (const v of f.dictionary) {
      const trimmed = v.trim();
      const ws = nameWords(trimmed);
      addValue(f.name, v, ws, false);
      // "NeurIPS", "iPhone": a one-word value split at its capitals is also said as typed ("neurips").
      const typed = trimmed.length <= 40 && !/[\s_\-.]/.test(trimmed) ? tokenize(trimmed, 2) : [];
      if (ws.length > 1 && typed.length === 1 && typed[0].kind === "word") addValue(f.name, v, [typed[0].lemma], true);
      // "Credit card (automatic)" is said "credit card".
      if (trimmed.includes("(")) {
        const bare = trimmed.replace(/\([^)]{0,80}\)/g, " ").trim();
        if (bare && bare !== trimmed) addValue(f.name, v, nameWords(bare), true);
      }
      // "Entire home/apt" is said "entire home": a value whose last word offers alternatives after a
      // slash is said with the first one.
      const slashed = /^(\S.*\s\S*?[a-z]{2,})\/[a-z]{2,}$/i.exec(trimmed);
      if (slashed) addValue(f.name, v, nameWords(slashed[1]), true);
      for (const a of VALUE_ALIASES[trimmed.toLowerCase()] ?? []) addValue(f.name, v, nameWords(a), true);
      // drv = "f" said "front-wheel drive", units = "I" said "imperial".
      for (const g of coded) for (const a of g.values[trimmed.toLowerCase()] ?? []) addValue(f.name, v, nameWords(a), true);
      // ">50K" reads "more than 50K", "over 50K"; "<=50K" reads "at most 50K", "50K or less".
      const cmp = /^(>=|<=|>|<)\s*(\S.*)$/.exec(trimmed);
      if (cmp) for (const phrase of VALUE_COMPARATORS[cmp[1]] ?? []) addValue(f.name, v, [...nameWords(phrase), ...nameWords(cmp[2])], true);
    }
  }
  // A field of the two letters F and M is a sex coded by initials: "women", "female", "men", "males" name them.
  for (const f of fields) {
    if (!f.codes || f.role !== "category" || f.dictionary.length !== 2) continue;
    const letters = f.dictionary.map((v) => v.trim().toLowerCase());
    if (!letters.includes("f") || !letters.includes("m")) continue;
    for (const v of f.dictionary) {
      const word = v.trim().toLowerCase() === "f" ? "female" : "male";
      for (const a of [word, ...(VALUE_ALIASES[word] ?? [])]) addValue(f.name, v, nameWords(a), true);
    }
  }
  // A field of two amount brackets (">50K" / "<=50K"): "high earners", "low income" name its sides.
  for (const f of fields) {
    if (!f.codes || f.role !== "category" || f.dictionary.length !== 2) continue;
    const sides = f.dictionary.map((v) => /^(>=|<=|>|<)\s*\$?\s*([\d.,]+)\s*([kKmM])\s*$/.exec(v.trim()));
    if (!sides[0] || !sides[1] || sides[0][2] !== sides[1][2]) continue;
    const high = sides.findIndex((m) => m![1].startsWith(">"));
    if (high < 0 || !sides[1 - high]![1].startsWith("<")) continue;
    for (const a of words.amountSides.high) addValue(f.name, f.dictionary[high], nameWords(a), true);
    for (const a of words.amountSides.low) addValue(f.name, f.dictionary[1 - high], nameWords(a), true);
  }
  // "non smokers", "nonsmokers" for Smoke = Never: "non" before a one-word name of a category field with
  // one value saying it never happens (vocab words.json noneValues) is that value.
  const NONE_VALUES = new Set(words.noneValues.words);
  for (const f of fields) {
    if (!f.codes || f.role !== "category" || f.dictionary.length > 12) continue;
    const none = f.dictionary.filter((v) => NONE_VALUES.has(v.trim().toLowerCase()));
    if (none.length !== 1) continue;
    for (const n of names)
      if (n.field === f.name && n.words.length === 1 && n.words[0].length >= 4) {
        addValue(f.name, none[0], ["non", n.words[0]], true);
        addValue(f.name, none[0], [`non${n.words[0]}`], true);
      }
  }
  // Row labels: a text field with one value per row (a model, a title, a name) names rows ("the fiat
  // 128", "Titanic's budget"). Only whole values with a word of their own: one that means nothing else
  // here (not a word we know, not a word of a field's name), so "The Number 23" is not read in "the
  // number of ...".
  const ownWord = (w: string) => w.length >= 4 && /^[a-z]+$/.test(w) && !KNOWN_WORDS.has(w) && !STOP_WORDS.has(w) && !names.some((n) => n.words.includes(w));
  for (const f of fields) {
    if (!f.codes || f.role !== "text" || f.distinct > 20000 || isTimeField(f)) continue;
    let present = 0;
    for (const c of f.codes) if (c >= 0) present++;
    if (f.distinct < 0.9 * present) continue;
    for (const v of f.dictionary) {
      const ws = nameWords(v.trim());
      if (ws.length === 0 || ws.length > 6 || !ws.some(ownWord)) continue;
      addValue(f.name, v, ws, false, true);
    }
  }
  // "renters" for home_ownership RENT, "owners" for OWN: a one-word value that is a verb, said as the
  // people who do it (-er), when that word means nothing else here (short values of a field of a
  // few values only: not "Seattle" -> "seattler").
  const fewValues = new Set(fields.filter((f) => f.codes && f.role === "category" && f.dictionary.length <= 8).map((f) => f.name));
  for (const v of [...values]) {
    if (v.alias || v.label || v.words.length !== 1 || !fewValues.has(v.field) || !/^[a-z]{3,6}$/.test(v.words[0]) || /e?r$/.test(v.words[0])) continue;
    const agent = v.words[0].endsWith("e") ? `${v.words[0]}r` : `${v.words[0]}er`;
    if (KNOWN_WORDS.has(agent) || names.some((n) => n.words.includes(agent)) || values.some((x) => x.words.length === 1 && x.words[0] === agent)) continue;
    addValue(v.field, v.value, [agent], true);
  }
  // The first word of multi-word values, when it belongs to one field only and means nothing else
  // ("fiber" -> "Fiber optic"; "married" -> every "Married-..." status): users shorten values so.
  const heads = new Map<string, ValueEntry[]>();
  for (const v of values) {
    if (v.alias || v.label || v.words.length < 2) continue;
    const list = heads.get(v.words[0]) ?? [];
    list.push(v);
    heads.set(v.words[0], list);
  }
  const whole = new Set(values.filter((v) => v.words.length === 1).map((v) => v.words[0]));
  for (const [w, list] of heads) {
    // Not a word of a field's name, nor one a typo away ("Orchestre de Paris" is not "orchestras").
    if (w.length < 4 || !/^[a-z]+$/.test(w) || KNOWN_WORDS.has(w) || whole.has(w) || names.some((n) => n.words.some((nw) => editDistance(nw, w, 2) <= 2)))
      continue;
    if (new Set(list.map((v) => v.field)).size !== 1 || list.length > 8) continue;
    // A word most values of the field share ("Shipped On Time", "Shipped Early", "Shipped Late") tells none apart.
    const field = fields.find((f) => f.name === list[0].field);
    if (!field || list.length * 2 > field.dictionary.length) continue;
    // Matched only as typed: a word one typo away from a name's first word ("charges", "Charles
    // McCrossin") is some other word, most often a field the table does not have.
    for (const v of list) addValue(v.field, v.value, [w], true, false, true);
  }
  // "won deals", "how many did we lose" over Stage = Closed Won / Closed Lost: the last word of multi-word values that
  // share their first word tells them apart; said alone (or in another form, words.json valueTailForms) it names
  // its value, matched as typed, when it means nothing else here.
  const sharingFirst = new Map<string, ValueEntry[]>();
  for (const v of values) {
    if (v.alias || v.label || v.words.length < 2) continue;
    const key = `${v.field}\u0000${v.words[0]}`;
    sharingFirst.set(key, [...(sharingFirst.get(key) ?? []), v]);
  }
  for (const list of sharingFirst.values()) {
    if (list.length < 2 || list.length > 6) continue;
    for (const v of list) {
      const tail = v.words[v.words.length - 1];
      if (tail.length < 3 || !/^[a-z]+$/.test(tail) || list.some((o) => o !== v && o.words.includes(tail))) continue;
      for (const w of [tail, ...(TAIL_FORMS[tail] ?? [])]) {
        if (whole.has(w) || STOP_WORDS.has(w) || names.some((n) => n.words.includes(w))) continue;
        if (values.some((x) => x.field !== v.field && x.words.length === 1 && x.words[0] === w)) continue;
        addValue(v.field, v.value, [w], true, false, true);
      }
    }
  }
  const valueIndex = new Map<string, ValueEntry[]>();
  const labelIndex = new Map<string, ValueEntry[]>();
  for (const v of values) {
    const index = v.label ? labelIndex : valueIndex;
    const list = index.get(v.words[0]) ?? [];
    list.push(v);
    index.set(v.words[0], list);
  }
  const fieldWords = new Map<string, Set<string>>();
  for (const n of names) {
    const set = fieldWords.get(n.field) ?? new Set<string>();
    for (const w of n.words) if (!SMALL_WORDS.has(w)) set.add(w);
    fieldWords.set(n.field, set);
  }
  // The dataset's name ("Faculty", "station", "Telco customer churn") names its rows; a word that is a field's own name stays the field.
  // A data set named like one of its fields ("sunspot_month" holding sunspot.month) is named after that series: none of its words names the rows.
  const datasetWords = nameWords(datasetName);
  // A table named in the singular after the one number field its word is part of ("unemployment" holding
  // unemployment_rate by year) is named after that series: "in which year was unemployment highest" is the
  // field, not the rows ("flights" in the plural stays the rows).
  const saidWords = new Set(datasetName.toLowerCase().split(/[^a-z0-9]+/));
  const namesOneNumber = (w: string) => {
    if (!saidWords.has(w)) return false;
    const owners = new Set(names.filter((n) => n.words.includes(w)).map((n) => n.field));
    return owners.size === 1 && fields.some((f) => owners.has(f.name) && f.role === "number" && !namedAsCode(f.name));
  };
  const namedLikeField = datasetWords.length >= 2 && fields.some((f) => nameWords(f.name).join(" ") === datasetWords.join(" "));
  const rowWords = new Set(
    (namedLikeField ? [] : datasetWords).filter(
      (w) =>
        w.length >= 3 &&
        !STOP_WORDS.has(w) &&
        !names.some((n) => n.weight >= 1 && ((n.words.length === 1 && n.words[0] === w) || n.compact === w)) &&
        !/^\d+$/.test(w) &&
        !namesOneNumber(w) &&
        // "turtle_tracks" holding many pings of each tag: "each turtle" is the tag, not a row.
        !subjectSaid.has(w),
    ),
  );
  // "visits" over a table whose rows each have their own visit_id: the noun of an id field holding one
  // value per row names the rows ("what share of visits were insured"), not visit_date or visit_cost.
  for (const f of fields) {
    const ws = nameWords(f.name);
    if (ws.length !== 2 || ws[1] !== "id") continue;
    let present = 0;
    let total = 0;
    if (f.codes) for (const c of f.codes) total++, c >= 0 && present++;
    else if (f.numbers) for (const x of f.numbers) total++, !Number.isNaN(x) && present++;
    if (total === 0 || present < 0.9 * total || f.distinct < 0.98 * present) continue;
    const noun = ws[0];
    if (noun.length >= 3 && !STOP_WORDS.has(noun) && !names.some((n) => n.weight >= 1 && n.words.length === 1 && n.words[0] === noun)) rowWords.add(noun);
  }
  // "details" for staff_details: the one field whose name (without its storage words) ends in the noun,
  // when no field is called by the noun alone.
  const headNouns = new Map<string, string>();
  for (const noun of HEAD_NOUNS) {
    const owners = new Set<string>();
    let alone = false;
    for (const f of fields) {
      const base = nameWords(f.name);
      if (base.length === 1 && base[0] === noun) alone = true;
      for (const ws of [base, withoutStorageWords(base)]) if (ws && ws.length >= 2 && ws[ws.length - 1] === noun) owners.add(f.name);
    }
    // Several ("emp_name", "dept_name"): the one whose other words name the table's rows ("emp" for a
    // table called employees).
    const own = [...owners].filter((o) =>
      nameWords(o)
        .slice(0, -1)
        .some((w) => w.length >= 3 && [...rowWords].some((r) => r.startsWith(w) || w.startsWith(r))),
    );
    if (!alone && owners.size === 1) headNouns.set(noun, [...owners][0]);
    else if (!alone && own.length === 1) headNouns.set(noun, own[0]);
  }
  // "name" in msleep, "title" in a film list: a text field named by a naming word whose values are
  // (nearly) all different; a plural noun nothing else reads, counted, is then the things it names.
  let rowNamer: string | null = null;
  for (const f of fields) {
    if ((f.role !== "text" && f.role !== "category") || !f.codes) continue;
    if (!nameWords(f.name).some((w) => ROW_NAME_WORDS.has(w))) continue;
    let present = 0;
    for (const c of f.codes) if (c >= 0) present++;
    if (present >= 0.9 * f.codes.length && f.distinct >= 0.95 * present && present >= 5) {
      rowNamer = f.name;
      break;
    }
  }
  const weightField = frequencyField(fields);
  return {
    fields,
    byName: new Map(fields.map((f) => [f.name, f])),
    names,
    nameIndex,
    compactIndex,
    partial,
    values,
    valueIndex,
    labelIndex,
    shortValues,
    fieldWords,
    flagFields,
    countFields: weightField ? new Set([...crossTableCounts(fields), weightField]) : crossTableCounts(fields),
    perPeriodFields: perPeriodFields(fields),
    weightField,
    rowWords,
    rowModifiers: new Set([...rowWords].filter((w) => datasetWords.indexOf(w) >= 0 && datasetWords.indexOf(w) < datasetWords.length - 1)),
    rowNamer,
    headNouns,
  };
}

/** Synonyms from chatContext: "revenue = Sales", "revenue means Sales", "Sales (revenue)", "revenue: Sales". */
export function parseContextSynonyms(context: string, fieldNames: string[]): { alias: string; field: string }[] {
  const out: { alias: string; field: string }[] = [];
  const norm = (s: string) => nameWords(s).join(" ");
  const byNorm = new Map(fieldNames.map((f) => [norm(f), f]));
  const findField = (text: string): string | undefined => byNorm.get(norm(text));
  // Lines are short; each line is cut to 300 characters so that no pattern below sees long input.
  for (const rawLine of context.split(/[\n;]/)) {
    const line = rawLine
      .trim()
      .replace(/^[-*•]\s*/, "")
      .slice(0, 300);
    if (!line) continue;
    const sep = /\s*(?:=|:|->|→|\bmeans\b|\bis called\b|\brefers to\b|\bstands for\b|\bis\b)\s*/i.exec(line);
    if (sep) {
      const a = line
        .slice(0, sep.index)
        .replace(/^["']|["']$/g, "")
        .trim();
      const b = line
        .slice(sep.index + sep[0].length)
        .replace(/\.$/, "")
        .replace(/^["']|["']$/g, "")
        .trim();
      const fa = findField(a);
      const fb = findField(b);
      if (fb && !fa && a) out.push({ alias: a, field: fb });
      else if (fa && !fb && b && b.split(/\s+/).length <= 4) {
        // "Sales is in USD" states a unit, not a synonym.
        for (const alt of b.split(/\s*,\s*|\s+or\s+|\s*\/\s*/))
          if (alt && !/^(in|measured|expressed|usd|eur|gbp)\b|^[$€£%]/i.test(alt)) out.push({ alias: alt, field: fa });
      }
    }
    // "Sales (revenue)" or "Sales, also called revenue"
    for (const m of line.matchAll(/([A-Za-z][\w -]{0,60}?)\s*\((?:aka |a\.k\.a\. |also )?([^)]{1,80})\)/g)) {
      const head = m[1].trim();
      const f = findField(head) ?? findField(head.split(/\s+/).slice(-2).join(" ")) ?? findField(head.split(/\s+/).slice(-1)[0]);
      if (f) for (const alt of m[2].split(/\s*,\s*|\s+or\s+|\s*\/\s*/)) if (alt && !/^(in|usd|eur|\$)/i.test(alt)) out.push({ alias: alt, field: f });
    }
    for (const m of line.matchAll(/([A-Za-z][\w-]{0,40}(?: [A-Za-z][\w-]{0,40})?)\s*,?\s*(?:also called|aka|also known as)\s+["']?([\w -]{1,60})["']?/gi)) {
      const f = findField(m[1]) ?? findField(m[1].split(" ").slice(-1)[0]);
      if (f) out.push({ alias: m[2].trim(), field: f });
    }
  }
  return out;
}
