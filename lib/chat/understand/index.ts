// Understanding a conversation: each user turn is read into mentions (readers.ts), attached
// (attach.ts), turned into candidate plans (candidates.ts; follow-ups also followup.ts), scored with
// the learned weights (choose.ts), and decided: a plan, a question back, or "no such field".
import { isTimeField, type FieldInfo } from "../columns";
import { type AnalysisPlan, asAggregate, type Filter, type Measure, type TimeBucket } from "../plan";
import { attach, type Atoms, oneNumberAsked, SERIES_FIRST, SERIES_LAST } from "./attach";
import { versusAxes } from "./axes";
import { changeReading } from "./change";
import { npsPhrase, npsReading } from "./nps";
import { rangeAskedReading } from "./range-asked";
import { sidesNote, twoSidesReading, twoValuesReading } from "./two-values";
import { rankedRowsReading } from "./rows-ranked";
import { timeOrderReading } from "./timeorder";
import { whenPeakReading } from "./whenpeak";
import { measuresOverTimeReading } from "./series-over-time";
import { PREVIOUS_STEP_WORDS, stepReading } from "./steps";
import { periodOverPhrase, periodOverReading, runningPhrase, runningTotalReading } from "./periodover";
import { stepCountReading, unusedDifferenceWord, unusedStepWords } from "./stepcount";
import { averagePerPeriodReading, distinctPeriodsReading, finerThan } from "./perperiod";
import { bothReading } from "./both";
import { labelSortReading, listingReading } from "./listing";
import { versusMeasureReading } from "./versus-measure";
import { kindsCountReading } from "./kinds";
import { shareWithinReading } from "./shares";
import { dropCarriedOneValueFilters, dropOneValueGroupings } from "./onevalue";
import { dropRowGroupings } from "./rowgroups";
import { chartMatches, generate, type Candidate } from "./candidates";
import { findAmbiguity, rank, sureInputs, sureProbability, unknownInSlot, WEIGHTS, type Ambiguity, type Weights } from "./choose";
import { editCandidates, mergeAtoms, ownShape, widenedFields, withinReading } from "./followup";
import { ordinalRankReading, whichRowReading } from "./ordinal";
import { rowExtremeReading } from "./onerow";
import { offerReadings } from "./offered";
import { byWholeNumberReading, modeOfNumberReading } from "./bynumber";
import { ordinalRangeReading } from "./ordinal-range";
import { textPart, textPartReading } from "./text-part";
import { firstLastReading, orderField } from "./firstlast";
import { countsPerEntityReading, perEntityReading } from "./perentity";
import { allExceptReading, pooledReading } from "./pooled";
import { countedThingField, flagValues, isTimeName, nameWords, type TableLexicon, timeFields } from "./lexicon";
import { readRatio } from "./ratio";
import { editDistance, readMentions } from "./readers";
import { MAX_TOKENS, type Token, tokenize } from "./tokens";
import { namedDateChoice, startDateChoice } from "./date-choice";
import { plainAmountChoice } from "./amount-choice";
import { whoReading } from "./who-reading";
import { genericWordAmbiguity } from "./generic-word";
import { MAIN_PARTS, planFields, SHOWN_PARTS } from "../plan-fields";
import type { Referent } from "../referent";
import words from "../vocab/words.json";
import {
  BAD_EVENTS,
  COMPARE_OPENERS,
  COMPARE_WORDS,
  EXPLAIN_TURNS,
  PRONOUN_ROWS,
  ROW_NOUNS,
  SIZE_SUPERLATIVES,
  SPEED_WORDS,
  TIME_TO_DO_WORDS,
  VALUE_ALIASES,
} from "./vocabulary";
import grammar from "../vocab/grammar.json";

export type Understanding =
  | { kind: "plan"; plan: AnalysisPlan; notes: string[]; atoms: Atoms; best: Candidate; ranked: Candidate[]; referent?: Referent }
  | { kind: "clarify"; ambiguity: Ambiguity; atoms: Atoms; ranked: Candidate[] }
  | { kind: "unknown"; words: string[]; closest: string[]; atoms: Atoms; ranked: Candidate[] }
  | { kind: "greeting"; atoms: Atoms | null }
  | { kind: "explain"; why: boolean; plan: AnalysisPlan; question: string }
  | { kind: "none"; atoms: Atoms | null; ranked: Candidate[] };

/** Most earlier user turns read again for a follow-up (older ones rarely still matter). */
export const MAX_TURNS = 8;

export interface TurnCandidates {
  atoms: Atoms;
  candidates: Candidate[];
}

/** The candidates of one turn given the conversation so far (also used by the training script). */

/** The field that names each row of a table: the row namer, else the one text field whose values are all different. */
function rowLabel(lex: TableLexicon): string | null {
  if (lex.rowNamer) return lex.rowNamer;
  const rows = (f: FieldInfo) => (f.codes ?? f.numbers)?.length ?? 0;
  const unique = lex.fields.filter((f) => f.codes !== null && f.role !== "date" && f.distinct === rows(f) && f.codes.every((c) => c >= 0));
  return unique.length === 1 ? unique[0].name : null;
}

export function turnCandidates(
  text: string,
  lex: TableLexicon,
  rowCount: number,
  prev: { atoms: Atoms | null; plan: AnalysisPlan | null },
): { fresh: Atoms; merged: Atoms | null; candidates: Candidate[] } {
  const reading = readMentions(text, lex);
  const fresh = attach(reading, lex, 0);
  const candidates: Candidate[] = [];
  const hasPrev = prev.atoms !== null || prev.plan !== null;
  // A turn that names a measure and a grouping of its own is a new question, not a follow-up.
  const complete = completeTurn(fresh);
  for (const c of generate(fresh, lex, rowCount)) {
    if (hasPrev) {
      c.feats.set("fresh|prev", 1);
      if (fresh.followUp) c.feats.set("fresh|followUpCue", 1);
      if (complete) c.feats.set("fresh|complete", 1);
      if (!fresh.refs.length) c.feats.set("fresh|noFields", 1);
    }
    candidates.push(c);
  }
  let merged: Atoms | null = null;
  if (prev.atoms) {
    merged = mergeAtoms(prev.atoms, fresh);
    const oldFields = new Set(prev.atoms.refs.flatMap((r) => r.cands.map((x) => x.name)));
    const newFields = new Set(fresh.refs.flatMap((r) => r.cands.map((x) => x.name)));
    for (const c of generate(merged, lex, rowCount)) {
      c.feats.set("merged", 1);
      if (fresh.followUp) c.feats.set("merged|followUpCue", 1);
      if (complete) c.feats.set("merged|newComplete", 1);
      // "and by contract?" after "churn rate by internet service": a grouping named only earlier kept
      // next to one named now adds a grouping; "also" / "too" / "as well" say so, a bare "and by" usually replaces.
      const groups = c.plan.groupBy.map((g) => g.field);
      const keepsOld = groups.some((g) => oldFields.has(g) && !newFields.has(g)) && groups.some((g) => newFields.has(g));
      if (keepsOld) {
        c.feats.set("merged|keepsOldGroup", 1);
        c.feats.set(fresh.addOn ? "merged|keepsOldGroup|addOn" : "merged|keepsOldGroup|noAddOn", 1);
      }
      // New mentions left unused weigh more than old ones.
      candidates.push({ ...c, sig: `merged ${c.sig}` });
    }
  }
  if (prev.plan) {
    for (const c of editCandidates(prev.plan, fresh, lex, rowCount)) {
      if (complete) c.feats.set("edit|newComplete", 1);
      candidates.push(c);
    }
  }
  return { fresh, merged, candidates };
}

/**
 * "total sales by region" then "give me just the number": one number over all the groups' rows, whichever
 * reading won (the edited plan does so already; a reading merged with the earlier turn kept its groups).
 * A grouping the turn names itself, a ranking (top N) or a share keeps its groups.
 */
function numberOnlyReading(a: Atoms, plan: AnalysisPlan, prevPlan: AnalysisPlan | null): AnalysisPlan | null {
  if (!prevPlan || !oneNumberAsked(a) || plan.intent !== "aggregate" || !plan.groupBy.length) return null;
  if (plan.limit !== null || plan.having || plan.measure.agg === "share") return null;
  if (a.refs.some((r) => r.turn === 0 && (r.group || r.series || r.facet))) return null;
  return { ...plan, groupBy: [], sort: null, chart: "none" };
}

/** Nouns of a difference ("the gap between A and B"): words.json rangeAsked.lead. */
const DIFFERENCE_NOUNS = new Set(words.rangeAsked.lead);
const ALIAS_WORDS = new Set(Object.values(VALUE_ALIASES).flat());

/** The words of a follow-up turn that says nothing but words nothing reads ("and the prize money?"), else []. */
function unreadFollowUp(a: Atoms): { text: string; pos?: number }[] {
  if (a.refs.some((r) => r.turn === 0) || a.filters.length) return [];
  const out: { text: string; pos?: number }[] = [];
  for (const m of a.reading.mentions) {
    if (m.kind === "unknown") out.push(...a.unknown.filter((u) => u.pos >= m.start && u.pos < m.end));
    else if (m.kind === "word" && m.hits.every((h) => h.category === "followUp")) continue;
    else if (m.kind === "word" && m.hits.every((h) => h.category === "rowNoun") && ALIAS_WORDS.has(m.text.toLowerCase())) out.push({ text: m.text });
    else return [];
  }
  return out;
}

/** "how many is that?", "how many are those" after an answer: its rows counted (`decide`). */
function countBackReading(a: Atoms, prevPlan: AnalysisPlan | null): AnalysisPlan | null {
  if (!prevPlan || prevPlan.intent !== "aggregate" || !a.count || !a.reading.tokens.some((t) => t.lemma === "that" || BACK_WORDS.has(t.lemma))) return null;
  if (a.refs.some((r) => r.turn === 0) || a.filters.length || a.unknown.length) return null;
  if (!prevPlan.filters.length || prevPlan.measure.agg === "count" || prevPlan.having) return null;
  return { ...prevPlan, measure: { agg: "count", field: null }, extraMeasures: [], sort: null, limit: null };
}

/**
 * "average amt for good and bad" over a class field of just those two values: values listed with "and" that
 * are every value of their field keep every row, so they ask for the values side by side (a grouping).
 */
function everyValueReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length || plan.having || plan.measure.agg === "rate" || plan.measure.agg === "share") return null;
  const f = plan.filters.find((x) => x.op === "in" && !x.or?.length && !x.and?.length);
  if (!f) return null;
  const info = lex.byName.get(f.field);
  if (!info?.codes || isTimeField(info)) return null;
  const atom = a.filters.find(
    (x) => x.conj === "and" && x.listed >= 2 && !x.negated && x.options.some((o) => o.filter === f || (o.filter.field === f.field && o.filter.op === "in")),
  );
  if (!atom) return null;
  const said = new Set(f.values.map(String));
  if (!info.dictionary.every((v) => said.has(v))) return null;
  return { ...plan, filters: plan.filters.filter((x) => x !== f), groupBy: [{ field: f.field, bucket: null }], chart: "bar" };
}

/**
 * "how many students in each class" over `student` (names) and `student_id`: people are counted by their
 * identifier, since two of them may share a name (the answer names the field counted).
 */
function distinctIdReading(plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.measure.agg !== "distinct" || !plan.measure.field) return null;
  const f = lex.byName.get(plan.measure.field);
  if (!f?.codes) return null;
  const words = nameWords(f.name).join(" ");
  const id = lex.fields.find(
    (g) => g.name !== f.name && g.distinct > f.distinct && ["id", "no", "code", "number"].some((w) => nameWords(g.name).join(" ") === `${words} ${w}`),
  );
  return id ? { ...plan, measure: { ...plan.measure, field: id.name } } : null;
}

/**
 * "average distance of the races", "avg fuel for states with temp over 60", "average race time" over a
 * table whose `race`/`state` names each row once: a grouping by that field would give every row as its
 * own group (the average of one number), so the field said without "by"/"per"/"each", a ranking or a
 * question word names the rows the aggregate runs over; the answer says so.
 */
// ("the average temperature across states": over them all; "by"/"per"/"each" state still groups.)
const OVER_ROWS = new Set<string>(grammar.index.overRows);
const ARTICLES = new Set<string>(grammar.index.articles);

function perRowKeyReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.sort || plan.limit !== null || plan.having) return null;
  // ("what percent of months were after the ban": the share of the rows, too.)
  const overRows = (m: AnalysisPlan["measure"]) =>
    (["mean", "sum", "median", "min", "max"].includes(m.agg) && m.field && !m.per && !m.condition) || (m.agg === "rate" && !m.per && !m.each);
  if (![plan.measure, ...plan.extraMeasures].every(overRows)) return null;
  if (a.superlative !== null || a.limit !== null || a.sort !== null || a.chart !== null) return null;
  const field = plan.groupBy[0].field;
  if (!namesEachRow(lex, field, plan.groupBy[0].bucket)) return null;
  const refs = a.refs.filter((r) => r.cands.some((c) => c.name === field));
  const ref = refs[0];
  if (
    !ref ||
    refs.some(
      (r) =>
        r.turn !== 0 || r.via || saidAsGrouping(a, r) || r.afterWhich || r.sortBy || (r.group && !OVER_ROWS.has(r.before.find((w) => !ARTICLES.has(w)) ?? "")),
    )
  )
    return null;
  return { plan: { ...plan, groupBy: [], chart: "none" }, note: `rowsNamedAs:${field}:${ref.text}` };
}

/** The field a count of rows leaves unused although the question counts it by its plural name ("how many cows"). */
function countedField(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): string | null {
  if (plan.intent !== "aggregate" || plan.measure.agg !== "count" || plan.measure.field || plan.groupBy.length || plan.having) return null;
  const refs = a.refs.filter((r) => r.turn === 0 && r.countOf && !r.partial && !r.via && r.cands.length === 1 && r.cands[0].score >= 1);
  if (refs.length !== 1) return null;
  const r = refs[0];
  const field = r.cands[0].name;
  const token = a.reading.tokens[r.pos];
  if (r.end - r.pos !== 1 || token.text.toLowerCase() === token.lemma) return null;
  const info = lex.byName.get(field);
  if (!info?.codes || info.distinct >= info.codes.length || plan.filters.some((f) => f.field === field)) return null;
  return field;
}

const sameButDistinct = (p: AnalysisPlan, count: AnalysisPlan, field: string) =>
  p.intent === "aggregate" &&
  p.measure.agg === "distinct" &&
  p.measure.field === field &&
  JSON.stringify({ ...p, measure: null, chart: null }) === JSON.stringify({ ...count, measure: null, chart: null });

/** `field` names each row once (every group of a grouping by it is one row). */
function namesEachRow(lex: TableLexicon, field: string, bucket: TimeBucket | null = null): boolean {
  const info = lex.byName.get(field);
  // (A date grouped by a coarser period, "per month" over one row a day, groups several rows.)
  if (info?.role === "date" && bucket !== null && bucket !== "day") return false;
  // (A year field of a yearly series, one row a year, names its rows too: "how many years was the level above 580".)
  // (So does a date field of a series with one row a date: "in months without the ban" over Month, one row a month.)
  if ((info?.yearLike || info?.role === "date") && info.numbers)
    return info.numbers.length >= 5 && !info.numbers.some((x) => Number.isNaN(x)) && info.distinct === info.numbers.length;
  return !!info?.codes && info.codes.length >= 5 && !info.codes.some((c) => c < 0) && info.distinct === info.codes.length;
}

/** A count of rows grouped by a field that names each row once (`decide`): the rows counted, or "unknown". */
function perRowKeyCount(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | "unknown" | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.measure.agg !== "count" || plan.measure.field || plan.having) return null;
  if (plan.extraMeasures.length || !namesEachRow(lex, plan.groupBy[0].field, plan.groupBy[0].bucket)) return null;
  const field = plan.groupBy[0].field;
  const refs = a.refs.filter((r) => r.turn === 0 && r.cands.some((c) => c.name === field));
  if (!refs.length || refs.some((r) => r.via || saidAsGrouping(a, r) || r.series || r.facet)) return null;
  if (a.unknown.some((u) => u.slot === "other") && (a.superlative !== null || plan.sort)) return "unknown";
  if (a.superlative !== null || a.limit !== null || a.sort !== null || a.chart !== null || plan.sort || plan.limit !== null) return null;
  if (refs.some((r) => r.afterWhich || r.sortBy || (r.group && !OVER_ROWS.has(r.before.find((w) => !ARTICLES.has(w)) ?? "")))) return null;
  return { plan: { ...plan, groupBy: [], chart: "none" }, note: `rowsNamedAs:${field}:${refs[0].text}` };
}

/** "churn rate by plan" then "which plan is worst?": for an unwanted event, the worst is the highest rate. */
function badEventReading(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  const word = a.reading.tokens.find((t) => t.lemma === "worst" || t.lemma === "best")?.lemma;
  if (!word || plan.intent !== "aggregate" || !plan.sort || plan.sort.by !== "value" || !plan.groupBy.length) return null;
  const m = plan.measure;
  const field = m.agg === "rate" ? (m.condition?.field ?? m.field) : m.agg === "count" ? null : m.field;
  const rowsOf = m.agg === "count" ? plan.filters.map((f) => f.field) : [];
  const bad = [field, ...rowsOf].some((f) => !!f && nameWords(f).some((w) => BAD_EVENTS.some((b) => w.startsWith(b))));
  if (!bad) return null;
  const order: "asc" | "desc" = word === "worst" ? "desc" : "asc";
  return plan.sort.order === order ? null : { ...plan, sort: { ...plan.sort, order } };
}

function strayLimit(a: Atoms, plan: AnalysisPlan): number | null {
  if (!a.superlative || a.limit || plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.limit !== null || plan.sort?.by !== "value") return null;
  if (a.strayNumbers.length !== 1) return null;
  const n = Number(a.strayNumbers[0]);
  if (!Number.isInteger(n) || n < 2 || n > 50) return null;
  const g = plan.groupBy[0].field;
  const tokens = a.reading.tokens;
  const ref = a.refs.find((r) => r.turn === 0 && r.cands.some((c) => c.name === g));
  if (!ref) return null;
  const k = ref.pos - 1 >= 0 && tokens[ref.pos - 1].kind === "number" ? ref.pos - 1 : -1;
  return k >= 0 && Number(tokens[k].text) === n ? n : null;
}

/**
 * "3 customers with the most orders", "top 3 customers by number of orders": a ranking with a count word
 * read as rows in no order (rows have nothing to rank by) is the count of rows per group, ranked. The
 * group reading is taken from the ranking; a lone small number is its limit ("3 customers").
 */
function countRankReading(a: Atoms, plan: AnalysisPlan, ranked: Candidate[], lex: TableLexicon): Candidate | null {
  const tokens = a.reading.tokens;
  // "with the most orders", "the fewest rows": a superlative before the rows' noun counts them.
  const mostRows = tokens.some(
    (t, i) => ["most", "fewest", "least"].includes(t.lemma) && !!tokens[i + 1] && (ROW_NOUNS.has(tokens[i + 1].lemma) || lex.rowWords.has(tokens[i + 1].lemma)),
  );
  // ("which year saw the most restaurants open": rows sorted by the year read for "open" count the rows of each year.)
  const byField = mostRows && a.which && plan.intent === "rows" && plan.y && plan.sort?.by === "value" && !plan.x ? plan.y : null;
  if (plan.intent !== "rows" || (!byField && (plan.sort || plan.y)) || (!a.superlative && plan.limit === null) || !(a.count || a.countRows || mostRows))
    return null;
  const alt = ranked.find(
    (c) =>
      c.plan.intent === "aggregate" &&
      c.plan.measure.agg === "count" &&
      !c.plan.measure.field &&
      c.plan.groupBy.length === 1 &&
      (byField ? c.plan.groupBy[0].field === byField : c.plan.sort?.by === "value") &&
      !c.plan.filters.length === !plan.filters.length,
  );
  if (!alt) return null;
  const stray = a.strayNumbers.length === 1 ? Number(a.strayNumbers[0]) : Number.NaN;
  const limit = alt.plan.limit ?? plan.limit ?? (Number.isInteger(stray) && stray >= 1 && stray <= 100 ? stray : null);
  const order: "asc" | "desc" = a.superlative === "min" ? "asc" : "desc";
  return { ...alt, plan: { ...alt.plan, limit, sort: { by: "value", order } } };
}

/** Splits "a | b" follow-ups written in one message (linear: a plain split, no pattern). */
export function splitTurns(text: string): string[] {
  return text
    .split("|")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function closestFields(word: string, slot: string, fields: FieldInfo[]): string[] {
  const w = word.toLowerCase().slice(0, 40);
  const scored = fields.map((f) => {
    const name = f.name.toLowerCase();
    const d = editDistance(w, name, Math.max(w.length, name.length));
    let sim = 1 - d / Math.max(w.length, name.length);
    if (name.includes(w) || w.includes(name)) sim += 0.3;
    const kindOk =
      slot === "measure"
        ? f.numbers !== null && f.role !== "date"
        : slot === "group" || slot === "which"
          ? f.codes !== null || f.discrete || f.role === "date"
          : true;
    // (Close: most letters alike, one name inside the other, or a word of the name said; for a number asked
    // for, any number field of the table is one to choose from.)
    const said = new Set(w.split(/[^a-z0-9]+/).filter((x) => x.length >= 3));
    const close = sim >= 0.5 || nameWords(f.name).some((x) => said.has(x.toLowerCase())) || (slot === "measure" && kindOk);
    return { name: f.name, sim: sim + (kindOk ? 0.2 : 0), close };
  });
  scored.sort((a, b) => b.sim - a.sim);
  // "postal code" over a table with no field like it: no field is named as close (all fields are listed).
  return scored
    .filter((s) => s.close)
    .slice(0, 3)
    .map((s) => s.name);
}

/** Every text in a plan (its field names among them). */
function planTexts(x: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof x === "string") out.add(x);
  else if (Array.isArray(x)) for (const v of x) planTexts(v, out);
  else if (x && typeof x === "object") for (const v of Object.values(x)) planTexts(v, out);
  return out;
}

/**
 * "sessions by month | and users? | show it as a line": a field of an earlier turn that the answer now
 * given left out (users replaced sessions) is no longer part of the conversation; carried on, the next
 * turn would find it a role (sessions as a second grouping).
 */
function withoutDroppedFields(a: Atoms, plan: AnalysisPlan): Atoms {
  const used = planTexts(plan);
  const keep = a.refs.map((r) => r.turn === 0 || r.cands.some((c) => used.has(c.name)) || a.filters.some((f) => f.refs.includes(r.id)));
  if (keep.every(Boolean)) return a;
  const ids = new Map<number, number>();
  const refs = a.refs.filter((_, i) => keep[i]).map((r, i) => (ids.set(r.id, i), { ...r, id: i }));
  return {
    ...a,
    refs,
    filters: a.filters.map((f) => ({ ...f, refs: f.refs.filter((r) => ids.has(r)).map((r) => ids.get(r)!) })),
    sortField: a.sortField === null ? null : (ids.get(a.sortField) ?? null),
  };
}

interface State {
  atoms: Atoms | null;
  plan: AnalysisPlan | null;
  /** The words of the turn just before when it was a "no such field" answer. */
  unknownBefore?: string[];
  /** The conversation's pieces before that turn's words were merged in. */
  atomsBeforeUnknown?: Atoms | null;
}

/**
 * "how many orders have gift wrap in Notes?" after "total profit by region" (no profit field): a turn that asks a
 * number of its own (an aggregate, count, share or rate word) for a condition or grouping it names, with no
 * follow-up word or word pointing back, is a new question, not a repair of the turn not understood.
 */
function ownNumberAsked(a: Atoms): boolean {
  if (a.followUp || a.addOn || pointsBack(a)) return false;
  const own = a.refs.filter((r) => r.turn === 0);
  const measure = a.count || a.share || a.rate || own.some((r) => r.agg || r.countOf || r.rateOf || r.supAgg);
  return measure && (a.filters.length > 0 || own.some((r) => r.group || r.series));
}

function step(state: State, part: string, lex: TableLexicon, rowCount: number, w: Weights): Understanding {
  if (state.unknownBefore?.length && state.atomsBeforeUnknown !== undefined && ownNumberAsked(attach(readMentions(part, lex), lex, 0)))
    state.atoms = state.atomsBeforeUnknown;
  const { fresh, merged, candidates } = turnCandidates(part, lex, rowCount, state);
  const ranked = rank(candidates, w);
  const result = decide(fresh, ranked, lex, w, state.plan);
  const unknownBefore = state.unknownBefore;
  state.unknownBefore = result.kind === "unknown" ? result.words : undefined;
  // "average blorfs by region" (no such field) then "only in 2017": the turn is read with the questions
  // before the one not understood; the answer says so.
  if (result.kind === "plan" && unknownBefore?.length && isCarried(result.best))
    result.notes.push(`afterUnknown:${unknownBefore.map((u) => `"${u}"`).join(", ")}`);
  if (result.kind === "plan") {
    state.plan = result.plan;
    state.atoms = isCarried(result.best) ? withoutDroppedFields(merged ?? fresh, result.plan) : fresh;
  } else if (result.kind === "unknown") {
    // "No such field": its words carry over (the next turn may name the field), but not its filters,
    // read beside a word nothing knows ("average charges" is no customer "Charles ..."): the next
    // turns would answer for those rows without anyone having asked.
    // Nor its aggregate word left without a field ("average" of "average charges").
    const kept = { ...fresh, filters: [], looseAgg: null };
    state.atomsBeforeUnknown = state.atoms;
    state.atoms = state.atoms ? mergeAtoms(state.atoms, kept) : kept;
  } else if (result.kind !== "greeting") {
    // Nothing answered (a lone "show me a bar chart", a question back): its words carry over.
    state.atoms = state.atoms ? mergeAtoms(state.atoms, fresh) : fresh;
  }
  return result;
}

const shortEnough = (part: string) => tokenize(part, MAX_TOKENS + 1).length <= MAX_TOKENS;

/**
 * The parts read, in order: the last MAX_TURNS user turns, "a | b" split, parts too long to be a question left out
 * (never the last), at most MAX_TURNS parts before the last. `reword` may change each turn before it is split (words
 * pointing back at the answer before it); it is called for each turn once the parts before it were taken.
 */
function* partsRead(
  turns: string[],
  reword: (turn: string, last: boolean) => string = (turn) => turn,
): Generator<{ part: string; final: boolean; endsTurn: boolean; turn: string }> {
  const window = turns.slice(-MAX_TURNS);
  const typed = window.map(splitTurns);
  const lastTurn = typed.findLastIndex((parts) => parts.length > 0);
  // (Which parts come too early is counted on the words as typed.)
  let early = Math.max(0, typed.flat().slice(0, -1).filter(shortEnough).length - MAX_TURNS);
  for (let k = 0; k <= lastTurn; k++) {
    if (!typed[k].length) continue;
    const turn = reword(window[k], k === window.length - 1);
    const parts = splitTurns(turn);
    for (let j = 0; j < parts.length; j++) {
      const final = k === lastTurn && j === parts.length - 1;
      if (!final && (!shortEnough(parts[j]) || early-- > 0)) continue;
      yield { part: parts[j], final, endsTurn: j === parts.length - 1, turn };
    }
  }
}

/** The parts read: the last MAX_TURNS user turns, "a | b" split, parts too long to be a question left out. */
export function readableParts(turns: string[]): string[] {
  return [...partsRead(turns)].map((p) => p.part);
}

/** "why?", "what does that mean?" (words.json explainTurns): a turn about the earlier answer, not a new number. */
export function explainTurn(text: string): "why" | "meaning" | null {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 1 && EXPLAIN_TURNS.openers.has(words[0])) words.shift();
  const said = words.join(" ");
  return EXPLAIN_TURNS.why.has(said) ? "why" : EXPLAIN_TURNS.meaning.has(said) ? "meaning" : null;
}

/**
 * Words of a turn that point at the groups the answer before it named ("that genre", "those"; ../referent.ts): the
 * turn with them replaced by those groups, given the plan that answer computed; null when it points at none.
 */
export interface ReferBack {
  resolve(turn: string, answered: AnalysisPlan): { turn: string; referent: Referent } | null;
}

/** The plan an answer to `turn` computes: counts over a table whose rows each stand for several things total them. */
function answeredPlan(plan: AnalysisPlan, turn: string, lex: TableLexicon): AnalysisPlan {
  // ("how many rows ..." still counts the rows themselves.)
  const rowsSaid = /\brows?\b/i.test(turn);
  return lex.weightField && plan.intent === "aggregate" && !rowsSaid ? weighted(plan, lex.weightField) : plan;
}

/**
 * The conversation read turn by turn. With `refer`, each turn's words pointing back at the answer before it are
 * replaced by the groups that answer named, from the plan this same reading gave that turn (the last turn's
 * `referent` says how they were read).
 */
export function understand(turns: string[], lex: TableLexicon, rowCount: number, w: Weights = WEIGHTS, refer: ReferBack | null = null): Understanding {
  const state: State = { atoms: null, plan: null };
  let result: Understanding = { kind: "none", atoms: null, ranked: [] };
  const read: string[] = [];
  // The plan the answer to the turn just read computed (none after a question back, an explanation, a part left out).
  let answered: AnalysisPlan | null = null;
  const last = { turn: turns[turns.length - 1] ?? "", referent: null as Referent | null };
  const reword = (turn: string, isLast: boolean) => {
    const back = refer && answered ? refer.resolve(turn, answered) : null;
    answered = null;
    if (isLast && back) {
      last.turn = back.turn;
      last.referent = back.referent;
    }
    return back?.turn ?? turn;
  };
  for (const { part, final, endsTurn, turn } of partsRead(turns, reword)) {
    // "why?" / "what does that mean?" after an answer: about that answer (its plan), answered without a number.
    const explain = read.length ? explainTurn(part) : null;
    if (final && explain) {
      if (result.kind === "plan") {
        const plan = lex.weightField && result.plan.intent === "aggregate" ? weighted(result.plan, lex.weightField) : result.plan;
        return { kind: "explain", why: explain === "why", plan, question: read[read.length - 1] };
      }
      // (Nothing answered before it: the parts are read once more, this one as a question.)
      for (const p of read) result = step(state, p, lex, rowCount, w);
    }
    const before = result;
    result = step(state, part, lex, rowCount, w);
    read.push(part);
    if (endsTurn) answered = result.kind === "plan" && !(explain && before.kind === "plan") ? answeredPlan(result.plan, turn, lex) : null;
  }
  if (result.kind !== "plan") return result;
  return { ...result, plan: answeredPlan(result.plan, last.turn, lex), ...(last.referent ? { referent: last.referent } : {}) };
}

/**
 * A table whose rows each stand for a number of things (a Freq column): counting the things is totalling that
 * column, and a share of them is a share of its total.
 */
function weighted(plan: AnalysisPlan, weight: string): AnalysisPlan {
  const m = (x: Measure): Measure =>
    x.agg === "rate"
      ? { ...x, weight }
      : x.field === null && (x.agg === "count" || x.agg === "share") && !x.per
        ? { ...x, agg: x.agg === "count" ? "sum" : "share", field: weight }
        : x;
  return {
    ...plan,
    measure: m(plan.measure),
    extraMeasures: plan.extraMeasures.map(m),
    ...(plan.having ? { having: { ...plan.having, measure: m(plan.having.measure) } } : {}),
  };
}

/** The candidates of the last turn after the earlier turns were answered with weights `w` (training). */
export function lastTurnCandidates(turns: string[], lex: TableLexicon, rowCount: number, w: Weights): { atoms: Atoms; candidates: Candidate[] } | null {
  const parts = readableParts(turns);
  if (!parts.length) return null;
  const state: State = { atoms: null, plan: null };
  for (const part of parts.slice(0, -1)) step(state, part, lex, rowCount, w);
  const { fresh, candidates } = turnCandidates(parts[parts.length - 1], lex, rowCount, state);
  return { atoms: fresh, candidates };
}

/** The groups ranked by their single highest (lowest) row, for a ranking of groups by a defaulted average. */
function singleRowRanking(a: Atoms, best: Candidate, lex: TableLexicon): AnalysisPlan | null {
  const p = best.plan;
  if (!a.superlative || a.limit?.n || p.intent !== "aggregate" || p.measure.agg !== "mean" || !p.measure.field || p.measure.per || p.measure.condition)
    return null;
  if (
    !best.feats.has("measure:defaultAgg:mean") ||
    p.groupBy.length !== 1 ||
    p.groupBy[0].bucket ||
    p.sort?.by !== "value" ||
    p.extraMeasures.length ||
    p.having
  )
    return null;
  const g = lex.byName.get(p.groupBy[0].field);
  const rows = (g?.codes ?? g?.numbers)?.length ?? 0;
  if (!g || g.distinct * 2 > rows) return null;
  return { ...p, measure: { ...p.measure, agg: a.superlative === "min" ? "min" : "max" } };
}

/** A reading carried from an earlier turn (an edit of it, or merged with it), not one of this turn alone. */
function isCarried(c: Candidate): boolean {
  return c.sig.startsWith("edit") || c.sig.startsWith("merged");
}

/**
 * A turn that is a whole question on its own ("Total Sales by Region as a pie" after a grouped question) replaces
 * the earlier one: a runner-up that carries the earlier turn's parts is not a doubt the words leave open.
 */
function wholeNewQuestion(best: Candidate, other: Candidate | null): boolean {
  const whole = best.feats.has("edit|newComplete") || best.feats.has("merged|newComplete");
  return whole && other !== null && isCarried(other);
}

/** Whether the best reading is too doubtful to answer without saying so (choose.ts, SureModel). */
function unsure(ranked: Candidate[], other: Candidate | null, w: Weights): boolean {
  const best = ranked[0];
  if (w.sure) {
    const x = sureInputs(
      ranked.map((c) => c.score),
      0,
      other ? other.score : null,
      best.feats,
      best.choices.length,
      best.notes,
    );
    w.sure.observe?.(x, best.feats);
    return sureProbability(x, w.sure, best.feats) < w.sure.threshold;
  }
  if (ranked.length < 2) return false;
  let z = 0;
  for (const c of ranked) z += Math.exp(c.score - best.score);
  return 1 / z < w.confidence;
}

const GENERIC = new Set<string>(words.genericWords);
const HOW_QUANTITIES: Record<string, string> = words.howQuantities;

const YEAR_PREPOSITIONS = new Set<string>(grammar.readers.timePrepositions);

/** A year said as a period ("in 2020", "since 1990") that no condition used, over a table with no time field. */
function yearWithoutTimeField(a: Atoms, lex: TableLexicon): string | null {
  if (timeFields(lex).length) return null;
  const tokens = a.reading.tokens;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || !/^(1[89]|20)\d\d$/.test(t.text) || !YEAR_PREPOSITIONS.has(tokens[i - 1].lemma)) continue;
    if (a.filters.some((f) => f.pos <= i && f.end > i)) continue;
    // ("total sales in 2020" over sales_2016 ... sales_2023: the year names a column of a wide table.)
    if (lex.fields.some((f) => f.name.includes(t.text)) || a.refs.some((r) => r.pos <= i && r.end > i)) continue;
    return t.text;
  }
  return null;
}

/** The noun of a quantity asked by "how <adjective>" that no field of the table was read from ("age" for "how old"). */
function unreadHowQuantity(a: Atoms): string | null {
  const tokens = a.reading.tokens;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i].lemma !== "how") continue;
    const adjective = tokens[i + 1];
    const noun = adjective.kind === "word" ? HOW_QUANTITIES[adjective.text.toLowerCase()] : undefined;
    if (!noun) continue;
    const read = a.reading.mentions.some((m) => m.kind !== "word" && m.kind !== "unknown" && m.start <= i + 1 && m.end > i + 1);
    if (!read && !a.refs.some((r) => r.pos <= i + 1 && r.end > i + 1)) return noun;
  }
  return null;
}

const clip = (word: string) => (word.length > 40 ? `${word.slice(0, 40)}…` : word);

/** "No such field": the words nothing in the table matches (up to `limit`), and the fields closest to the first. */
const PERIOD_UNITS = new Set<string>(words.periodUnitsBeforeSide.words);

function noSuchField(words: { text: string; pos?: number }[], slot: string, lex: TableLexicon, a: Atoms, ranked: Candidate[], limit = 3): Understanding {
  // "average test score by Sex": unknown words said in a row are one name ("test score"), said whole.
  const phrases: string[] = [];
  const taken = new Set<number>();
  for (const u of words) {
    if (u.pos !== undefined && taken.has(u.pos)) continue;
    let text = u.text;
    if (u.pos !== undefined) {
      let p = u.pos + 1;
      for (; ; p++) {
        const next = a.unknown.find((x) => x.pos === p);
        if (!next) break;
        text += ` ${next.text}`;
        taken.add(p);
      }
      // "number of rows by Postal Code": a generic noun right after ("code", "score", "number") that nothing
      // read ends the name said, and is said with it.
      const last = p;
      const tok = a.reading.tokens[last];
      if (tok?.kind === "word" && GENERIC.has(tok.lemma) && !a.reading.mentions.some((m) => m.start <= last && m.end > last)) text += ` ${tok.raw}`;
    }
    phrases.push(text);
  }
  return { kind: "unknown", words: phrases.slice(0, limit).map(clip), closest: closestFields(words[0].text, slot, lex.fields), atoms: a, ranked };
}

function decide(aIn: Atoms, rankedIn: Candidate[], lex: TableLexicon, w: Weights, prevPlan: AnalysisPlan | null = null): Understanding {
  let a = aIn;
  // "with kettle in the name": the words of a part of a free text are no unknown field (textPartReading below).
  const partSaid = textPart(a, lex);
  if (partSaid) a = { ...a, unknown: a.unknown.filter((u) => u.pos < partSaid.from || u.pos >= partSaid.to) };
  // "what is the NPS": the score's words over a table with a 0-10 answer field are read by npsReading below.
  const npsSaid = npsPhrase(a, lex);
  if (npsSaid) {
    const npsWords = new Set(npsSaid.phrase);
    a = {
      ...a,
      unknown: a.unknown.filter(
        (u) =>
          !u.text
            .toLowerCase()
            .split(/\s+/)
            .every((w) => npsWords.has(w)),
      ),
    };
  }
  let ranked = rankedIn;
  let best = ranked[0];
  // ("cost per acquisition": a ratio's own words name no field, and are no unknown field.)
  const ratioSaid = readRatio(a, lex)?.text.toLowerCase().split(/\s+/);
  if (ratioSaid) a = { ...a, unknown: a.unknown.filter((u) => !ratioSaid.includes(u.text.toLowerCase())) };
  const slotUnknown = unknownInSlot(a);
  if (slotUnknown.length) {
    return noSuchField(slotUnknown, slotUnknown[0].slot, lex, a, ranked, slotUnknown.length);
  }
  // "how old are the boys", "how tall is each", "how heavy on average" over a table with no age, height or weight:
  // the quantity asked for is no field here; a count or another field's average would answer something else.
  const quantity = unreadHowQuantity(a);
  if (quantity) return noSuchField([{ text: quantity }], "measure", lex, a, ranked);
  // "total sales in 2020" over a table with no date and no year: the period cannot be applied; every row's total
  // (with 'I did not use "2020"') would answer another question.
  const year = yearWithoutTimeField(a, lex);
  if (year) return noSuchField([{ text: `date or year (${year})` }], "other", lex, a, ranked);
  // "avg time" then "and the prize money?", "total deaths" then "and for the women?": a follow-up whose only
  // content is words this table does not read (or a value's common name no field holds) asks about what the
  // data does not have; the earlier answer again would be a number for another question.
  const unreadTurn = prevPlan && a.followUp ? unreadFollowUp(a) : [];
  if (unreadTurn.length) return noSuchField(unreadTurn, "other", lex, a, ranked);
  // "what share of orders were returned?" after "how many orders were returned?": a rate split by the field it
  // counts (100% and 0%) answers nothing; the best reading that is no such split answers.
  if (best && splitByItsOwnField(best.plan)) {
    const whole = ranked.find((c) => !splitByItsOwnField(c.plan));
    if (whole) {
      best = whole;
      ranked = [whole, ...ranked.filter((c) => c !== whole)];
    }
  }
  if (!best) {
    if (a.greeting) return { kind: "greeting", atoms: a };
    if (a.unknown.length) return noSuchField(a.unknown, "other", lex, a, ranked);
    return { kind: "none", atoms: a, ranked };
  }
  // A bare count of every row answers nothing that was asked when the question had words we do not know.
  // ("how many orders were returned" over an Order ID of order lines: its different values counted, as bare.)
  const countedThings = (m: AnalysisPlan["measure"]) =>
    m.agg === "distinct" && !!m.field && countedThingField(lex.fields, nameWords(m.field)[0] ?? "") === m.field;
  const bare =
    best.plan.intent === "aggregate" &&
    best.plan.groupBy.length === 0 &&
    best.plan.filters.length === 0 &&
    (best.plan.measure.agg === "count" || countedThings(best.plan.measure));
  if (bare && a.unknown.length) return noSuchField(a.unknown, "other", lex, a, ranked);
  // "how many sequels are there": a noun taken for the rows (`rowsNamed`) with nothing else asked
  // would count every row, whatever kind of row the noun meant.
  if (bare && a.rowsNamed.length) return noSuchField(a.rowsNamed, "count", lex, a, ranked);
  // "what share of listings are luxury homes": a share of every row with no condition, no grouping and
  // no field is 100% whatever was asked; the words that named the rows counted were not understood.
  const bareShare =
    best.plan.intent === "aggregate" &&
    best.plan.measure.agg === "share" &&
    !best.plan.measure.field &&
    !best.plan.measure.condition &&
    best.plan.groupBy.length === 0 &&
    best.plan.filters.length === 0 &&
    !best.plan.having;
  if (bareShare) return a.unknown.length ? noSuchField(a.unknown, "other", lex, a, ranked) : { kind: "none", atoms: a, ranked };
  // "how many customers have a pet", "show customers with a pet" after "churn by contract": rows of
  // their own whose only condition is a word nothing knows; the earlier question's grouping and
  // filters carried over would answer that question again with the word left out.
  const carried = isCarried(best);
  // (The turn opens with the count asked for, "how many ...", "number of ...", or the unknown word
  // follows a word that states a condition on the rows: "with", "who have", "that own".)
  const opening = a.reading.mentions[0];
  const opensWithCount = opening?.kind === "word" && opening.start <= 1 && opening.hits.some((h) => h.category === "count");
  const tokens = a.reading.tokens;
  /** The index of the word before `pos`, past any article ("with a pet", "who have any"). */
  const beforeArticles = (pos: number) => {
    let k = pos - 1;
    while (k >= 0 && ["a", "an", "the", "any", "some"].includes(tokens[k].lemma)) k--;
    return k;
  };
  const afterCondition = (pos: number) => {
    const k = beforeArticles(pos);
    return k >= 0 && CONDITION_WORDS.has(tokens[k].lemma);
  };
  const rowsOnly = a.refs.every((r) => {
    if (r.turn !== 0 || r.group || r.series) return r.turn !== 0;
    return (
      r.countOf ||
      r.cands.every((c) => {
        const info = lex.byName.get(c.name);
        return !!info?.codes && info.distinct >= 0.9 * info.codes.length;
      })
    );
  });
  if (carried && rowsOnly && !a.filters.length && !a.followUp && !pointsBack(a)) {
    const condition = a.unknown.filter((u) => u.slot === "other" && ((opensWithCount && u.pos >= opening.end) || afterCondition(u.pos)));
    if (condition.length) return noSuchField(condition, "other", lex, a, ranked);
  }
  // "how many customers with a pet by gender": a word nothing knows right after a word that states a
  // condition on the rows ("with", "who have", "that own") is a condition the data cannot apply; any
  // number would be over rows that were not asked for.
  const rowsCondition = (pos: number) => {
    let k = beforeArticles(pos);
    if (k < 0 || !["with", "without", "have", "has", "had", "own", "having"].includes(tokens[k].lemma)) return false;
    k--;
    if (k >= 0 && ["who", "that", "which", "do", "does", "did"].includes(tokens[k].lemma)) k--;
    if (k >= 0 && ["who", "that", "which"].includes(tokens[k].lemma)) k--;
    return k >= 0 && ROW_NOUNS.has(tokens[k].lemma);
  };
  // "orders where the discount is over 20%": a word nothing knows right before a comparison that names
  // no field is the field compared, which the data does not have.
  const comparedUnknown = (pos: number) =>
    a.filters.some(
      (f) =>
        f.kind === "compare" &&
        f.options.every((o) => o.how === "guess") &&
        (f.pos === pos + 1 || (f.pos === pos + 2 && ["is", "are", "was", "were"].includes(tokens[pos + 1]?.lemma ?? ""))),
    );
  const unknownCondition = a.unknown.filter((u) => u.slot === "other" && (rowsCondition(u.pos) || comparedUnknown(u.pos)));
  if (unknownCondition.length) return noSuchField(unknownCondition, "other", lex, a, ranked);
  if (bare && a.greeting && !a.refs.length) return { kind: "greeting", atoms: a };
  // "compare them", "which is best?" asked first: nothing of the table is named, only a pronoun or a
  // superlative with nothing to rank by; a count of every row or an unranked list would answer nothing asked.
  if (!prevPlan && !a.refs.length && !a.filters.length && !a.count) {
    const rowWords = a.reading.mentions.filter((m) => m.kind === "word" && m.hits.some((h) => h.category === "rowNoun"));
    const onlyPronouns = rowWords.every((m) => PRONOUN_ROWS.has(m.text.toLowerCase()));
    if (bare && onlyPronouns && !npsSaid) return { kind: "none", atoms: a, ranked };
    if (best.plan.intent === "rows" && !best.plan.y && !best.plan.sort && a.superlative && onlyPronouns) return { kind: "none", atoms: a, ranked };
  }
  // (Not "remove that filter" after a count of the filtered rows: every row counted is what was asked.)
  if (bare && !npsSaid && !a.count && !a.refs.length && !a.filters.length && !a.rowNoun && !(a.unfilter && prevPlan?.measure.agg === "count"))
    return { kind: "none", atoms: a, ranked };
  // "how many races are there", "which race had the most runners" over a table whose `race` names each row
  // once: a count per race is 1 for every race. Said without "by"/"per"/"each", the rows are counted
  // (stated); ranked with a word nothing reads, that word is the number asked for, which the data lacks.
  const keyCount = perRowKeyCount(a, best.plan, lex);
  if (keyCount === "unknown")
    return noSuchField(
      a.unknown.filter((u) => u.slot === "other"),
      "measure",
      lex,
      a,
      ranked,
    );
  if (keyCount) {
    best = { ...best, plan: keyCount.plan, notes: [...best.notes, keyCount.note] };
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  // "how many cows on lupins" over Milk (one row per cow and week): the plural of a field's whole name,
  // counted and used nowhere else, asks for its different values, not the rows (ranked close behind).
  const things = countedField(a, best.plan, lex);
  const distinctOf = things ? ranked.find((c) => sameButDistinct(c.plan, best.plan, things)) : undefined;
  if (distinctOf) {
    best = distinctOf;
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  // "avg protein by week", "now per week" over a table with no date or time field: the grain cannot be
  // honoured, and the answer without it would be a number for another question. A number field named
  // "time" (weeks or hours since the start) is read as the periods, stated; else no such field.
  // (Only a grain said as a grouping, "by week", "per month", "each year", "weekly", never "100 a month".)
  const said = a.reading.mentions.find(
    (m) =>
      m.kind === "word" &&
      m.hits.some((h) => h.category === "grain") &&
      (m.end - m.start > 1 ? GROUP_WORDS.has(a.reading.tokens[m.start].lemma) : /ly$/.test(m.text)),
  );
  // (Nor "revenue per month" over MonthlyCharges: a field named after the period says the rate.)
  const grainWord = said ? a.reading.tokens[said.end - 1].lemma.replace(/ly$/, "") : "";
  const periodField = lex.fields.some((f) => f.name.toLowerCase().includes(grainWord));
  if (said && !periodField && a.bucket && best.plan.intent === "aggregate" && !lex.fields.some(isTimeField) && !best.plan.groupBy.some((g) => g.bucket)) {
    const clock = lex.fields.filter((f) => f.numbers !== null && nameWords(f.name).join(" ") === "time");
    const word = a.reading.tokens[said.end - 1].raw;
    if (clock.length !== 1) return noSuchField([{ text: word }], "group", lex, a, ranked);
    const groupBy = [...best.plan.groupBy.filter((g) => g.field !== clock[0].name), { field: clock[0].name, bucket: null }];
    const plan: AnalysisPlan = { ...best.plan, groupBy, sort: null, limit: null, chart: groupBy.length === 1 ? "line" : best.plan.chart };
    best = { ...best, plan, notes: [...best.notes, `readAs:${clock[0].name}:${word}`] };
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  // "average flow by month of the year", "by quarter" over a series with one row per year (a year-like number, no
  // date): a grain inside the year cannot be honoured; the answer by year would be a number for another question.
  const yearsOnly = lex.fields.some(isTimeField) && lex.fields.filter(isTimeField).every((f) => f.role !== "date");
  const inYear = a.bucket && !["year", "decade"].includes(a.bucket) ? a.bucket : null;
  if (yearsOnly && inYear && best.plan.intent === "aggregate" && !best.plan.groupBy.some((g) => g.bucket)) {
    const m = a.reading.mentions.find((x) => x.kind === "word" && x.hits.some((h) => h.category === "grain"));
    const grouped =
      m && (GROUP_WORDS.has(a.reading.tokens[m.start - 1]?.lemma ?? "") || GROUP_WORDS.has(a.reading.tokens[m.start].lemma) || /ly$/.test(m.text));
    const own = m ? a.reading.tokens.slice(m.start, m.end).find((t) => !GROUP_WORDS.has(t.lemma)) : undefined;
    if (m && grouped && own && !lex.fields.some((f) => f.name.toLowerCase().includes(own.lemma.replace(/ly$/, ""))))
      return noSuchField([{ text: own.raw }], "group", lex, a, ranked);
  }
  // "the average top speed by origin": an unknown word after an aggregate word and a superlative is
  // the number asked for; a count of rows in its place would answer something else.
  const unknownMeasure = best.plan.intent === "aggregate" && best.plan.measure.agg === "count" ? aggregatedUnknown(a, lex) : null;
  if (unknownMeasure) return noSuchField([unknownMeasure], "measure", lex, a, ranked);
  const ambiguity = findAmbiguity(ranked, w) ?? genericWordAmbiguity(a, ranked, (lemma) => GENERIC.has(lemma));
  const dated = ambiguity ? namedDateChoice(ambiguity, tokens, lex) : null;
  const started = ambiguity && dated === null ? (startDateChoice(ambiguity, lex) ?? plainAmountChoice(ambiguity, lex)) : null;
  if (ambiguity && dated !== null) {
    best = ambiguity.candidates[dated];
    ranked = [best, ...ranked.filter((c) => c !== best)];
  } else if (ambiguity && started !== null) {
    // "revenue in 2024" over Order Date and Ship Date: the order's own date; "claims over $500" over Amount and
    // Reimbursed Amount: the plain amount (amount-choice.ts). Said as read.
    const c = ambiguity.candidates[started];
    best = { ...c, notes: [...c.notes, `readAs:${ambiguity.fields[started]}:${ambiguity.text}`] };
    ranked = [best, ...ranked.filter((x) => x !== c)];
  } else if (ambiguity) return { kind: "clarify", ambiguity, atoms: a, ranked };
  const named = namedGroupingReading(a, ranked, lex) ?? rankedGroupingReading(a, ranked, lex);
  if (named) {
    best = named;
    // (The readings it was taken over leave the field said after "by" unread: no rival reading to doubt by;
    // many groups are no reason to doubt that the question asked for them.)
    ranked = [best, ...ranked.filter((c) => c !== best && !c.feats.has("refs:ignored"))];
  }
  const picked = repick(a, ranked, lex, prevPlan);
  if (picked) {
    best = picked.best;
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  const listed = listingReading(a, ranked, lex) ?? labelSortReading(a, ranked);
  if (listed) {
    best = listed;
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  // "share of each cut within each color": each pair's part of its color (shares.ts).
  const within = shareWithinReading(a, best, lex);
  if (within) {
    best = within;
    ranked = [best];
  }
  // "how many workers are there": the different values of the field named (kinds.ts).
  const kinds = kindsCountReading(a, best, lex);
  if (kinds) {
    best = kinds;
    ranked = [best];
  }
  // "is spray C better than spray F?": two values compared by the table's one number (versus-measure.ts).
  const versusMeasure = versusMeasureReading(a, best, lex);
  if (versusMeasure) {
    best = versusMeasure;
    ranked = [best];
  }
  // "profit margin", "sales per order", "profit per item": a ratio the words name, stated with its formula.
  const ratio = readRatio(a, lex);
  if (ratio) {
    const agg = best.plan.intent === "aggregate";
    let groupBy = best.plan.groupBy.filter((g) => g.field !== ratio.field && g.field !== ratio.per.field);
    // "which animal has the largest brain for its body", "brain to body ratio of each animal": two fields of each
    // row divided, over rows that each have their own label, ranked or asked per row: one group per row.
    const rowField = ratio.twoFields ? rowLabel(lex) : null;
    if (rowField && groupBy.length === 0 && (a.which || a.superlative || a.limit || a.eachRow || a.rowNoun)) groupBy = [{ field: rowField, bucket: null }];
    const label = rowField && groupBy.length === 1 && groupBy[0].field === rowField ? rowField : null;
    // (The ranking words rank the ratio: "which planet has the smallest mass relative to radius".)
    const ranks = !!ratio.twoFields && groupBy.length > 0 && (a.superlative !== null || a.limit !== null);
    const order = (a.limit?.dir ?? (a.superlative === "min" ? "bottom" : "top")) === "bottom" ? "asc" : "desc";
    const plan = asAggregate(best.plan, {
      measure: { agg: "sum", field: ratio.field, per: ratio.per },
      extraMeasures: [],
      groupBy,
      sort: ranks ? { by: "value", order } : agg ? best.plan.sort : null,
      limit: ranks ? (a.limit?.n ?? 1) : agg ? best.plan.limit : null,
      chart: groupBy.length === 0 ? "none" : agg && best.plan.chart !== "none" ? best.plan.chart : "bar",
    });
    const ratioWords = ratio.text.toLowerCase();
    best = {
      ...best,
      plan,
      notes: [
        ...best.notes.filter(
          (n) =>
            !n.startsWith("defaultAgg:") && (!(n.startsWith("readAs:") || n.startsWith("ignored:")) || !ratioWords.includes(n.split(":").pop()!.toLowerCase())),
        ),
        `ratio:${JSON.stringify({ measure: plan.measure, text: ratio.text })}`,
        ...(label ? [`perRowRatio:${label}:${ratio.field}:${ratio.per.field}`] : []),
      ],
    };
    ranked = [best, ...ranked.filter((c) => c !== best)];
  }
  const unlimited = dropCarriedLimit(a, best, prevPlan);
  const notes = [...best.notes];
  // "how many senior citizens" after "average monthly charges by contract": when this turn's own reading won
  // over one carried from an earlier turn and no word ties the turn back, the doubt named is a reading of
  // this turn, never the earlier question again (`ownTurn`, used for the alternative below).
  // (A carried reading of the same number, with the earlier grouping or filter kept, is named as it is; one of
  // another number is named as this turn's reading with the earlier filters kept, if it kept any.)
  const measureOf = (p: AnalysisPlan) => JSON.stringify([p.intent, p.measure.field, p.x, p.y]);
  const ownTurn =
    !!picked &&
    !isCarried(picked.best) &&
    isCarried(picked.instead) &&
    measureOf(picked.best.plan) !== measureOf(picked.instead.plan) &&
    !a.followUp &&
    !a.addOn &&
    !pointsBack(a);
  if (picked && !ownTurn && !oneSliceGroups(picked.instead.plan) && !rateOfItsOwnFilter(picked.instead.plan))
    notes.push(`alternative:${JSON.stringify(picked.instead.plan)}`);
  else if (picked) {
    const now = new Set(picked.best.plan.filters.map((f) => f.field));
    const kept = picked.instead.plan.filters.filter((f) => !now.has(f.field));
    const withKept = { ...picked.best.plan, filters: [...picked.best.plan.filters, ...kept] };
    if (kept.length && !oneSliceGroups(withKept) && !rateOfItsOwnFilter(withKept)) notes.push(`alternative:${JSON.stringify(withKept)}`);
  }
  if (unlimited) {
    notes.push(`limitDropped:${best.plan.limit}`);
    best = { ...best, plan: unlimited };
    ranked = [best, ...ranked.slice(1)];
  }
  // Readings no single candidate expresses, applied in turn to the best plan, each put first in the ranking.
  const adopt = (plan: AnalysisPlan, note?: string) => {
    best = { ...best, plan };
    ranked = [best, ...ranked.slice(1)];
    if (note) notes.push(note);
  };
  // "total sales by category", "as a pie", then "now average profit": a pie carried from an earlier turn shows
  // parts of a whole; averages (or any number that does not add up) are no parts, so they are drawn as bars.
  // (A pie asked for in this turn is drawn as asked.)
  const addsUp = ["sum", "count", "distinct", "share"].includes(best.plan.measure.agg);
  if (best.plan.chart === "pie" && a.chart !== "pie" && prevPlan?.chart === "pie" && !addsUp && best.plan.intent === "aggregate")
    adopt({ ...best.plan, chart: "bar" });
  const grouped = havingReading(a, best.plan, lex);
  if (grouped) {
    adopt(grouped.plan, grouped.note);
    if (grouped.dropNote) notes.splice(0, notes.length, ...notes.filter((n) => n !== grouped.dropNote));
  }
  const speed = speedReading(a, best.plan);
  if (speed) adopt(speed.plan, speed.note);
  const oneNumber = numberOnlyReading(a, best.plan, prevPlan);
  if (oneNumber) adopt(oneNumber);
  // "average time for races over 10 miles" then "how many is that?": the rows the earlier answer ran over,
  // counted (its filters and groupings kept); a count of every row would drop what "that" points back to.
  const countBack = countBackReading(a, prevPlan);
  if (countBack) adopt(countBack);
  const among = withinReading(a, best.plan, prevPlan);
  if (among) adopt(among);
  const sideBySide = sideBySideReading(a, best.plan, prevPlan);
  if (sideBySide) adopt(sideBySide);
  const compared = comparedMeasureReading(a, prevPlan, lex);
  if (compared) adopt(compared);
  const sortedRows = sortedRowsReading(a, best.plan, prevPlan, ranked);
  if (sortedRows) {
    adopt(sortedRows);
    notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith("defaultAgg:")));
  }
  const pooled = pooledReading(a, best.plan);
  if (pooled) adopt(pooled);
  const allBut = allExceptReading(a, best.plan);
  if (allBut) adopt(allBut);
  const ranked2 = ordinalRankReading(a, best.plan);
  if (ranked2) adopt(ranked2.plan);
  const oneRow = whichRowReading(a, best.plan);
  if (oneRow) adopt(oneRow);
  // "the 5-year and 30-year yields over time": two measures along the time field (series-over-time.ts).
  const overTime = measuresOverTimeReading(best, ranked, lex);
  if (overTime) adopt(overTime);
  // "which restaurant has the highest spend per head among those with more than 100 seats": the row (onerow.ts).
  const extremeRow = rowExtremeReading(a, best.plan, lex);
  if (extremeRow) {
    adopt(extremeRow.plan);
    const named = extremeRow.dropped.flatMap((f) => a.refs.filter((r) => r.turn === 0 && r.cands.some((c) => c.name === f)).map((r) => `ignored:${r.text}`));
    // (A word read as a dropped field is not used after all: "pays" read as total_paid in "which West subscriber pays the highest fee".)
    const unread = (n: string) => n.startsWith("defaultAgg:") || extremeRow.dropped.some((f) => n.startsWith(`readAs:${f}:`));
    notes.splice(0, notes.length, ...notes.filter((n) => !unread(n)), ...new Set(named));
  }
  // "what is the most common rating": the rows of each value counted, ranked (bynumber.ts).
  const mode = modeOfNumberReading(a, best, ranked, lex);
  if (mode) adopt(mode);
  // "total paid by tenure": each value of a whole number said after "by", the scatter named (bynumber.ts).
  const byNumber = byWholeNumberReading(a, best, ranked, lex);
  if (byNumber) {
    adopt(byNumber.plan);
    notes.push(...byNumber.notes, `alternative:${JSON.stringify(byNumber.other)}`);
  }
  // "Satisfied or better", "grade C or below": the value and those above / below it on its ordered scale.
  const range = ordinalRangeReading(a, best.plan, lex);
  if (range) {
    adopt(range.plan, `readAs:${range.values.join(", ")}:${range.text}`);
    const words = range.text.toLowerCase();
    a = {
      ...a,
      unknown: a.unknown.filter((u) => u.pos < range.from || u.pos >= range.to),
      strayComparisons: a.strayComparisons.filter((c) => !words.endsWith(c.toLowerCase())),
    };
  }
  // "comments that mention support", "colours with blue in the name": a part of a free-text field.
  const part = textPartReading(a, best.plan, lex);
  if (part) {
    adopt(part.plan);
    a = { ...a, unknown: a.unknown.filter((u) => u.pos < part.from || u.pos >= part.to) };
  }
  const mostRows = countRankReading(a, best.plan, ranked, lex);
  if (mostRows) {
    best = { ...mostRows, plan: mostRows.plan };
    ranked = [best, ...ranked.filter((c) => c !== mostRows)];
  }
  const unwanted = badEventReading(a, best.plan);
  if (unwanted) adopt(unwanted);
  const everyValue = everyValueReading(a, best.plan, lex);
  if (everyValue) adopt(everyValue);
  const byId = distinctIdReading(best.plan, lex);
  if (byId) adopt(byId);
  const keyRows = perRowKeyReading(a, best.plan, lex);
  if (keyRows) adopt(keyRows.plan, keyRows.note);
  // "2 clients with the most orders": a lone small number right before the ranked grouping's noun is its limit.
  const rankedLimit = strayLimit(a, best.plan);
  if (rankedLimit) adopt({ ...best.plan, limit: rankedLimit });
  const periods = periodsReading(a, best.plan, lex);
  if (periods) {
    adopt(periods);
    // (Both periods are used now: the note that one was left out goes.)
    const said = new Set(a.filters.filter((f) => f.kind === "date").map((f) => `ignored:${f.text}`));
    notes.splice(0, notes.length, ...notes.filter((n) => !said.has(n)));
  }
  const months = monthOfYearReading(a, best.plan, lex);
  if (months) adopt(months.plan, months.note);
  const ofMonths = averageOfMonthsReading(a, best.plan, lex);
  if (ofMonths) adopt(ofMonths);
  const periodsCounted = distinctPeriodsReading(a, best.plan, lex);
  if (periodsCounted) adopt(periodsCounted);
  const perPeriod = averagePerPeriodReading(a, best.plan, lex);
  if (perPeriod) {
    if (perPeriod.note) adopt(perPeriod.plan, perPeriod.note);
    notes.push(`alternative:${JSON.stringify(perPeriod.other)}`);
  }
  // "by decade", "which decade": the time field grouped ten years a group (a year-like number too).
  if (a.bucket === "decade" && best.plan.intent === "aggregate") {
    const k = best.plan.groupBy.findIndex((g) => isTimeName(lex, g.field));
    const only = timeFields(lex);
    if (k >= 0) adopt({ ...best.plan, groupBy: best.plan.groupBy.map((g, i) => (i === k ? { ...g, bucket: "decade" } : g)) });
    else if (!best.plan.groupBy.length && only.length === 1) adopt({ ...best.plan, groupBy: [{ field: only[0].name, bucket: "decade" }] });
  }
  // "the lowest woolyrnq quarter on record", "highest UKgas quarter": the period said as the noun a superlative ranks
  // (not "per quarter") ranks the periods, lowest / highest first.
  if (a.superlative && best.plan.intent === "aggregate" && !best.plan.sort && best.plan.groupBy.length === 1 && best.plan.groupBy[0].bucket) {
    const g = best.plan.groupBy[0];
    const tokens = a.reading.tokens;
    const sup = a.reading.mentions.find((m) => m.kind === "word" && m.hits.some((h) => h.category === "superlative"))?.start ?? -1;
    const noun = tokens.findIndex((t, k) => k > sup && t.lemma === g.bucket && !["by", "per", "each", "every", "a"].includes(tokens[k - 1]?.lemma ?? ""));
    if (sup >= 0 && noun > sup && noun - sup <= 3 && lex.byName.get(g.field)?.role === "date")
      adopt({ ...best.plan, sort: { by: "value", order: a.superlative === "min" ? "asc" : "desc" } });
  }
  // (The first / last row by time, when it reads the question, shows the row itself: timeOrderReading below.)
  const firstTime = timeOrderReading(a, best, lex) ? null : firstTimeReading(a, best.plan, lex);
  if (firstTime) adopt(firstTime.plan, firstTime.note);
  const step = stepReading(a, best.plan, lex);
  // "in how many years did the flow go up from the year before": the rises (falls) between consecutive periods, counted.
  const stepCount = step ? null : stepCountReading(a, best.plan, lex);
  if (step || stepCount) {
    if (step) adopt(step.plan, step.note);
    if (stepCount) adopt(stepCount.plan, stepCount.note);
    // (The words of the step are read now: "previous", "drop" of "drop woolyrnq".)
    a.unknown = a.unknown.filter(
      (u) =>
        !u.text
          .toLowerCase()
          .split(/\s+/)
          .some((w) => PREVIOUS_STEP_WORDS.has(w)),
    );
    // ("drop woolyrnq": the step's noun, not a negation of the field.)
    const stepWord = (k: number) => PREVIOUS_STEP_WORDS.has(a.reading.tokens[k]?.lemma ?? "");
    for (const r of a.refs) if (r.negated && (stepWord(r.pos - 1) || stepWord(r.pos - 2))) r.negated = false;
  }
  // "month-over-month growth of revenue", "cumulative revenue by month": each period against the one before, or
  // with every period before it (periodover.ts); the words they read are no longer unknown.
  const periodOver = step || stepCount ? null : (periodOverReading(a, best.plan, lex) ?? runningTotalReading(a, best.plan, lex));
  if (periodOver) {
    adopt(periodOver.plan, periodOver.note);
    const used = new Set(periodOver.used);
    a.unknown = a.unknown.filter((u) => !used.has(u.pos));
    // ("over month" of "month over month" is no comparison.)
    const usedWords = new Set(periodOver.used.map((k) => a.reading.tokens[k].raw.toLowerCase()));
    a.strayComparisons = a.strayComparisons.filter(
      (c) =>
        !c
          .toLowerCase()
          .split(/\s+/)
          .every((w) => usedWords.has(w)),
    );
  }
  // ("year over year growth by country", "running total by region and month": words of a step or a running total that no
  // reading could use are named as not used.)
  const stepOrRun = periodOverPhrase(a.reading.tokens) ?? runningPhrase(a.reading.tokens);
  const unusedStepOrRun = !periodOver && !step && !stepCount && stepOrRun ? spanOf(a.reading.tokens, stepOrRun.from, stepOrRun.to) : null;
  // "how much longer is the wait at A than at B", "the gap between A and B": one value minus the other (two-values.ts).
  const change = periodOver ? null : (changeReading(a, best.plan, lex) ?? twoValuesReading(a, best.plan, lex));
  if (change) {
    adopt(change);
    // ("the gap between A and B": the noun of the difference is read now.)
    a.unknown = a.unknown.filter((u) => !DIFFERENCE_NOUNS.has(u.text.toLowerCase()));
    // (Both periods are used now: the one a single filter had to leave out is no longer ignored.)
    for (const f of a.filters) {
      const k = f.options[0]?.filter.field === change.change?.field ? notes.indexOf(`ignored:${f.text}`) : -1;
      if (k >= 0) notes.splice(k, 1);
    }
  }
  // "were there more visits at A than at B": both values side by side when one was dropped (two-values.ts).
  const twoSides = change ? null : twoSidesReading(a, best.plan, lex);
  if (twoSides) {
    adopt(twoSides);
    const field = twoSides.groupBy[0].field;
    for (const f of a.filters) {
      const k = f.options[0]?.filter.field === field ? notes.indexOf(`ignored:${f.text.toLowerCase()}`) : -1;
      if (k >= 0) notes.splice(k, 1);
    }
  }
  if (unusedStepOrRun && !best.plan.change && !best.plan.measure.fromPrevious && !best.plan.measure.cumulative) notes.push(`ignored:${unusedStepOrRun}`);
  const sides = bothSidesReading(a, best.plan, lex);
  if (sides) adopt(sides.plan, sides.note);
  const testedGroups = testedGroupsReading(a, best.plan);
  if (testedGroups) adopt(testedGroups.plan, testedGroups.note);
  const axes = versusAxes(a, best.plan);
  if (axes) adopt(axes);
  const both = bothReading(a, best.plan, lex);
  if (both) adopt(both);
  const who = whoReading(tokens, best.plan);
  if (who) adopt(who);
  // "the latest uspop", "when did the population first go above 100": the row first or last in time (timeorder.ts).
  const inTime = timeOrderReading(a, best, lex);
  if (inTime) adopt(inTime.plan, inTime.note);
  // "when was the peak demand": the row holding the highest value, with its time (whenpeak.ts).
  // "which order had the highest deltavalue": the rows ranked by the number, not counted by its values (rows-ranked.ts).
  const rowsRanked = rankedRowsReading(a, best, ranked, lex);
  if (rowsRanked) adopt(rowsRanked);
  const whenPeak = inTime ? null : whenPeakReading(a, best, lex);
  if (whenPeak) adopt(whenPeak.plan, whenPeak.note);
  // "lightest plant in trt2", "what is the highest precipitation": a superlative with no number over sorted rows is one row.
  // ("in a bar chart from the oldest to the youngest", "list the parcels from heaviest to lightest": an order,
  // not one row.)
  const bothEnds =
    new Set(a.reading.mentions.flatMap((m) => (m.kind === "word" ? m.hits.filter((h) => h.category === "superlative").map((h) => h.key) : []))).size > 1;
  // ("which trees have the largest volume": a plural asked lists them.)
  const pluralAsked = tokens.some((t, k) => k > 0 && ["which", "what"].includes(tokens[k - 1].lemma) && t.kind === "word" && t.text !== t.lemma);
  if (
    a.superlative !== null &&
    !bothEnds &&
    !pluralAsked &&
    !a.list &&
    a.sort === null &&
    a.chart === null &&
    !a.limit?.n &&
    best.plan.intent === "rows" &&
    best.plan.sort?.by === "value" &&
    best.plan.limit === null &&
    !best.plan.within
  )
    adopt({ ...best.plan, limit: 1 });
  // "coldest month on record": a superlative the grouped reading does not rank by ranks its groups.
  if (
    a.superlative !== null &&
    best.plan.intent === "aggregate" &&
    best.plan.groupBy.length === 1 &&
    !best.plan.sort &&
    best.plan.limit === null &&
    !best.plan.having &&
    !best.plan.within &&
    !["min", "max"].includes(best.plan.measure.agg)
  )
    adopt({ ...best.plan, sort: { by: "value", order: a.superlative === "min" ? "asc" : "desc" } });
  // "the average of each rabbit's maximum deltaBP": the per-entity values first, then their average (perentity.ts).
  // "how much did conc change from the first to the last measurement for each subject" (firstlast.ts).
  // (After these readings the aggregate is said, and the fields they use are no longer words left unused.)
  const usedNow = (plan: AnalysisPlan, also: string[] = []) => {
    const used = new Set([plan.measure.field, plan.measure.each?.field, plan.measure.by, ...plan.groupBy.map((g) => g.field), ...also]);
    const texts = new Set(a.refs.filter((r) => r.cands.some((c) => used.has(c.name))).map((r) => `ignored:${r.text}`));
    notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith("defaultAgg:") && !texts.has(n)));
  };
  // "the difference between the highest and lowest sales", "what's the range of X": one number, max - min (range-asked.ts).
  const rangeAsked = rangeAskedReading(a, best.plan, lex);
  if (rangeAsked) {
    adopt(rangeAsked.plan, rangeAsked.note);
    usedNow(rangeAsked.plan, rangeAsked.used);
    // (The phrase's words are read now: "difference" is no word left out.)
    const inSpan = (pos: number) => pos >= rangeAsked.span.start && pos < rangeAsked.span.end;
    a.unknown = a.unknown.filter((u) => !inSpan(u.pos));
  }
  // "what is the NPS", "net promoter score by clinic": % of 9-10 minus % of 0-6 of the 0-10 field (nps.ts).
  const nps = npsReading(a, best.plan, lex);
  if (nps) {
    adopt(nps.plan, nps.note);
    usedNow(nps.plan);
    a.unknown = a.unknown.filter(
      (u) =>
        !u.text
          .toLowerCase()
          .split(/\s+/)
          .every((w) => nps.words.has(w)),
    );
  }
  const firstLast = firstLastReading(a, best.plan, lex);
  if (firstLast) {
    adopt(firstLast.plan, firstLast.note ?? undefined);
    usedNow(firstLast.plan);
  }
  const perEntity = perEntityReading(a, best.plan, lex) ?? countsPerEntityReading(a, best.plan, lex);
  if (perEntity) {
    adopt(perEntity);
    usedNow(perEntity);
  }
  // Not sure of the reading: the answer says which other reading was nearly as likely.
  const bestKey = JSON.stringify(best.plan);
  // (A new question answered by its own reading: "average tenure by contract" after "churn rate by contract".)
  const newTurn = !isCarried(best) && !a.followUp && !a.addOn && !pointsBack(a) && prevPlan !== null && (ownQuestion(a) || looseQuestion(a, lex, prevPlan));
  // (A reading that leaves an aggregate word said now unused, "average monthly charges" as their histogram, or a
  // rate over rows holding only the value it counts, is no reading of the words.)
  // (Nor one that drops a grouping said now, "by InternetService", which the best reading keeps.)
  const inPlan = (p: AnalysisPlan, r: Atoms["refs"][number]) => r.cands.some((f) => planFields(p, MAIN_PARTS).has(f.name));
  const groupsSaid = a.refs.filter((r) => r.turn === 0 && r.group && r.cands.some((f) => best.plan.groupBy.some((g) => g.field === f.name)));
  const saidAggregate = aggregatedNumber(a, lex);
  const aggregatedNow = saidAggregate && aggregatesAsSaid(best.plan, saidAggregate) ? saidAggregate : undefined;
  const anyOther = (c: Candidate) =>
    JSON.stringify(c.plan) !== bestKey && !((ownTurn || newTurn) && isCarried(c)) && !splitByItsOwnField(c.plan) && !oneSliceGroups(c.plan);
  const other =
    ranked.find(
      (c) =>
        anyOther(c) &&
        !rateOfItsOwnFilter(c.plan) &&
        !(aggregatedNow && (!aggregatesAsSaid(c.plan, aggregatedNow) || c.plan.extraMeasures.length > best.plan.extraMeasures.length)) &&
        !groupsSaid.some((r) => !inPlan(c.plan, r)),
    ) ?? null;
  // A superlative the reading does not rank by ("the 5 lines with the biggest losses" read as any 5 rows).
  const supUnused = a.superlative !== null && !best.plan.sort && best.plan.intent === "rows";
  if (supUnused) notes.push("unsure");
  else if (ratio || best.plan.measure.each || best.plan.measure.agg === "firstLast") {
    // (The ratio, the aggregate of per-entity values and the change from the first to the last row state their own
    // formula; the readings ranked without it are not their alternatives.)
  }
  // (Every other reading leaves a word said now unused or counts its own filter: no doubt worth stating.)
  else if (!(other === null && ranked.some(anyOther)) && unsure(ranked, other, w) && !wholeNewQuestion(best, other))
    notes.push(other ? `alternative:${JSON.stringify(other.plan)}` : "unsure");
  else {
    // "and by contract?" after a grouping: adding the grouping and replacing it are both common; without
    // "too"/"also"/"instead" the words do not decide, so the answer names the other reading.
    const keeps = (c: Candidate) => c.feats.has("merged|keepsOldGroup") || c.feats.has("edit|addSeries");
    const replaces = (c: Candidate) => c.feats.has("edit|replaceGroup");
    // A turn that is a whole question on its own ("Total Sales by Region as a pie") replaces the earlier one.
    const wholeQuestion = best.feats.has("edit|newComplete") || best.feats.has("merged|newComplete");
    if (!a.addOn && !a.instead && !wholeQuestion && (keeps(best) || replaces(best))) {
      const rival = ranked.find((c) => (keeps(best) ? replaces(c) : keeps(c)) && JSON.stringify(c.plan) !== bestKey);
      if (rival) notes.push(`alternative:${JSON.stringify(rival.plan)}`);
    }
    // "average age for women" then "show the distribution of age": the turn read alone drops the earlier
    // turn's filter; the same answer over the filtered rows is named, so the dropped filter is said.
    const sameBut = (p: AnalysisPlan) => JSON.stringify({ ...p, filters: [] }) === JSON.stringify({ ...best.plan, filters: [] });
    const dropped = prevPlan?.filters.filter((f) => !best.plan.filters.some((g) => g.field === f.field)) ?? [];
    if (!picked && !isCarried(best) && dropped.length && !a.unfilter) {
      const kept = ranked.find(
        (c) => isCarried(c) && sameBut(c.plan) && dropped.every((f) => c.plan.filters.some((g) => JSON.stringify(g) === JSON.stringify(f))),
      );
      if (kept) notes.push(`alternative:${JSON.stringify(kept.plan)}`);
    }
  }
  // "which rat was the heaviest" over several rows a rat, the aggregate not said: each rat's average and its
  // single heaviest row are both plausible readings; the one not taken is named.
  const singleRow = notes.some((n) => n === "unsure" || n.startsWith("alternative:")) ? null : singleRowRanking(a, best, lex);
  if (singleRow) notes.push(`alternative:${JSON.stringify(singleRow)}`);
  // "and among grade A?": no grouping by a field restricted to one value unless asked for (onevalue.ts).
  const oneValue = dropOneValueGroupings(a, best.plan);
  if (oneValue) best = { ...best, plan: oneValue };
  const widened = dropCarriedOneValueFilters(a, best.plan, prevPlan);
  if (widened) {
    notes.push(`alternative:${JSON.stringify(best.plan)}`);
    best = { ...best, plan: widened };
  }
  // "average education in provinces where ...": the plural of a field naming each row is the rows (rowgroups.ts).
  const rowsOf = dropRowGroupings(a, lex, best.plan);
  if (rowsOf) {
    best = { ...best, plan: rowsOf.plan };
    // (A runner-up reading that is now the answer itself is no longer an alternative.)
    const k = notes.indexOf(`alternative:${JSON.stringify(rowsOf.plan)}`);
    if (k >= 0) notes.splice(k, 1);
    notes.push(`rowsNamedAs:${rowsOf.field}:${rowsOf.text}`);
  }
  // "do women wait longer than men?": the answer says yes or no first, with both groups' figures.
  const sidesSaid = sidesNote(a, best.plan, lex);
  if (sidesSaid) notes.push(sidesSaid);
  // Content words nothing understood: the answer may have missed what they asked for, so it says so.
  // (Words read as a ratio, "conversion rate" over orders and visits, are used.)
  const ratioText = ratio && best.plan.measure.per ? ratio.text.toLowerCase().split(/\s+/) : [];
  const unread = [...new Set(a.unknown.filter((u) => u.slot === "other" && !ratioText.includes(u.text.toLowerCase())).map((u) => clip(u.text)))].slice(0, 3);
  if (unread.length) notes.push(`ignored:${unread.join(", ")}`);
  if (ranked2) {
    const k = notes.indexOf(`ignored:${ranked2.word.toLowerCase()}`);
    if (k >= 0) notes.splice(k, 1);
    notes.push(`readAs:the one ranked ${best.plan.within?.limit} from the ${a.superlative === "max" ? "highest" : "lowest"}:${ranked2.text}`);
  }
  // "average of each block's best yield", "average of the boys' smallest heights": a combining aggregate word left
  // over beside a per-group maximum / minimum asks for an aggregate of the groups' values, which no plan computes;
  // the per-group answer says it did not use the word.
  const plan0 = best.plan;
  if (
    a.looseAgg &&
    ["mean", "sum", "median"].includes(a.looseAgg) &&
    plan0.intent === "aggregate" &&
    plan0.groupBy.length &&
    (plan0.measure.agg === "max" || plan0.measure.agg === "min") &&
    !plan0.extraMeasures.length
  ) {
    const word = a.reading.mentions.find((m) => m.kind === "word" && m.hits.some((h) => h.category === "agg" && h.key === a.looseAgg));
    if (word && !notes.some((n) => n.startsWith("ignored:") && n.includes(word.text))) notes.push(`ignored:${word.text}`);
  }
  // "the flow the year before the highest flow", "the year after the lowest one": a row next to the top one in time
  // order, which no plan picks; the answer (the ranking itself) says it did not use those words.
  {
    const toks = a.reading.tokens;
    const sup = a.reading.mentions.find((m) => m.kind === "word" && m.hits.some((h) => h.category === "superlative"));
    const k = sup ? (toks[sup.start - 1]?.lemma === "the" ? sup.start - 2 : sup.start - 1) : -1;
    const side = k >= 1 && ["before", "after"].includes(toks[k].lemma) ? toks[k] : null;
    if (side && !best.plan.filters.some((f) => ["lt", "lte", "gt", "gte"].includes(f.op)))
      notes.push(`ignored:${toks[k - 1].kind === "word" && PERIOD_UNITS.has(toks[k - 1].lemma) ? `${toks[k - 1].raw} ` : ""}${side.raw}`);
  }
  // "average size at the first measurement for each plot", "at the last visit": a first / last word before a row noun
  // that no filter, limit or time-order reading used; the answer over every row says it did not use the words.
  {
    const toks = a.reading.tokens;
    const k = toks.findIndex(
      (t, i) =>
        (t.lemma === "first" || t.lemma === "last" || t.lemma === "final") &&
        a.reading.mentions.some((m) => m.start === i + 1 && m.kind === "word" && m.hits.some((h) => h.category === "rowNoun")),
    );
    const used = k >= 0 && (a.filters.some((f) => f.pos <= k && k < f.end) || best.plan.limit != null || best.plan.sort != null);
    if (
      k >= 0 &&
      !used &&
      best.plan.intent === "aggregate" &&
      best.plan.measure.agg !== "firstLast" &&
      !notes.some((n) => n.startsWith("timeOrder") || n.includes(toks[k].raw))
    ) {
      // With a number field that orders the rows (a time, a day, a visit: firstlast.ts), "at the last measurement"
      // is the rows at its largest value, when several rows were measured then; stated. Otherwise not used, said.
      const order = orderField(lex);
      const at = order?.role === "number" && order.numbers ? (toks[k].lemma === "first" ? order.min : order.max) : NaN;
      const shared = order?.numbers ? order.numbers.filter((v) => v === at).length >= 2 : false;
      // ("at the last measurement time": the order field named after the noun says which, it is no second number
      // nor a grouping.)
      const named = !!order && a.refs.some((r) => r.turn === 0 && r.pos === k + 2 && r.cands.length === 1 && r.cands[0].name === order.name);
      const groupBy = named ? best.plan.groupBy.filter((g) => g.field !== order.name) : best.plan.groupBy;
      const free = !!order && !best.plan.filters.some((f) => f.field === order.name) && !groupBy.some((g) => g.field === order.name);
      const text = `${toks[k].raw} ${toks[k + 1].raw}`;
      if (order && shared && free && best.plan.measure.field !== order.name) {
        const extraMeasures = named ? best.plan.extraMeasures.filter((m) => m.field !== order.name) : best.plan.extraMeasures;
        if (named) notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith(`defaultAgg:${order.name}:`)));
        const chart = groupBy.length ? best.plan.chart : "none";
        best = {
          ...best,
          plan: { ...best.plan, extraMeasures, groupBy, chart, filters: [...best.plan.filters, { field: order.name, op: "eq", values: [at] }] },
        };
        notes.push(`readAs:${order.name} "${at}":${text}`);
      } else notes.push(`ignored:${text}`);
    }
  }
  // A stray number inside a stray comparison ("more than 100k") is named once, with its comparison.
  const usedStray = grouped?.stray ?? null;
  const strayComparisons = a.strayComparisons.filter((c) => c !== usedStray?.text);
  const strayNumbers = best.feats.has("edit|swapValue")
    ? []
    : a.strayNumbers.filter(
        (n) => !a.strayComparisons.some((c) => c.includes(n)) && n !== usedStray?.numberText && !((mostRows || rankedLimit) && Number(n) === best.plan.limit),
      );
  if (strayNumbers.length) notes.push(`ignored:${strayNumbers.join(", ")}`);
  for (const v of a.valueWords)
    if (best.plan.filters.some((f) => f.field === v.field))
      notes.push(v.value !== undefined ? `readAs:${v.field} "${v.value}":${v.text}` : `valueWords:${v.field}:${v.n}:${v.text}`);
  if (strayComparisons.length) notes.push(`ignored:${strayComparisons.join(", ")}`);
  // "is the average y above 10": the comparison tests the one number answered (the answer says yes or no).
  if (a.aggTest) {
    const { field, agg, op, value, other, text } = a.aggTest;
    const p = best.plan;
    const tested =
      p.intent === "aggregate" &&
      (!p.groupBy.length || (!other && p.having?.op === op && p.having.values[0] === value)) &&
      p.measure.field === field &&
      p.measure.agg === agg &&
      (!other || p.extraMeasures.some((m) => m.field === other && m.agg === agg));
    // (Against another field's aggregate: "@" and its name.)
    notes.push(tested ? `test:${op}:${other ? `@${other}` : value}:${text}` : `ignored:${text}`);
  }
  // A value read through a misspelling ("palcebo" for placebo), an ordinal ("the first period") or a word for
  // its side ("the treated ones"): the answer names the value it used.
  for (const f of a.filters) {
    if (!f.typo && f.stated === undefined) continue;
    for (const o of f.options) {
      const used = best.plan.filters.some((x) => x.field === o.filter.field) || best.plan.measure.condition?.field === o.filter.field;
      const note = `readAs:${f.stated ?? `${o.filter.field} "${o.filter.values.join('", "')}"`}:${f.text}`;
      if (used && !notes.includes(note)) notes.push(note);
    }
  }
  // A filter whose field only a weak word names ("took office after 1980" -> end, "office" a synonym's part):
  // the answer says how it read the word, never a silent number on a guessed field.
  for (const f of a.filters)
    for (const id of f.refs) {
      const r = a.refs.find((x) => x.id === id);
      if (!r || r.turn !== 0 || r.via) continue;
      // (Weak: partly named, or by a synonym that scores under a name's own words: "cost" for cty.)
      const named = (f.options.map((o) => o.filter.field) as string[]).filter((field) =>
        r.cands.some((c) => c.name === field && (r.partial || c.score < 0.95)),
      );
      for (const field of new Set(named)) {
        if (!best.plan.filters.some((x) => x.field === field) && best.plan.measure.condition?.field !== field) continue;
        if (r.text.toLowerCase().replace(/[^a-z0-9]/g, "") === field.toLowerCase().replace(/[^a-z0-9]/g, "")) continue;
        if (!notes.some((n) => n.startsWith(`readAs:${field}:`) || n.startsWith(`readAs:${field} `))) notes.push(`readAs:${field}:${r.text}`);
      }
    }
  const timeFiltered = best.plan.filters.some((f) => {
    const info = lex.byName.get(f.field);
    return !!info && isTimeField(info);
  });
  if (timeFiltered) for (const r of a.relative) notes.push(`${r.earliest ? "earliest" : r.beforeLatest ? "beforeLatest" : "latest"}:${r.period}:${r.text}`);
  for (const r of a.rowsNamed) {
    // "top 4 cereals by calories": the plural was read as the rows, listed or named by their field.
    if (best.plan.intent === "rows" || best.plan.groupBy.some((g) => g.field === r.field) || best.plan.x === r.field) {
      const k = notes.indexOf(`ignored:${r.text}`);
      if (k >= 0) notes.splice(k, 1);
      notes.push(`rowsNamedAs:${r.field}:${r.text}`);
    } else if (best.plan.measure.agg === "count") notes.push(`rowsNamed:${r.field}:${r.text}`);
  }
  // "which tree was the biggest" with no number named: the groups' numbers of rows, and the answer says it
  // read the size word that way (it names no number of the table).
  if (a.superlative && best.plan.intent === "aggregate" && best.plan.measure.agg === "count" && best.plan.groupBy.length) {
    const said = a.reading.mentions.filter((m) => m.kind === "word");
    const size = said.find((m) => m.hits.some((h) => h.category === "superlative") && SIZE_SUPERLATIVES.has(m.text.toLowerCase()));
    if (size && !said.some((m) => m.hits.some((h) => h.category === "count" || h.category === "rowNoun"))) notes.push(`readAs:number of rows:${size.text}`);
  }
  // "how many days had heavy rain" over several rows per day: the days are counted (the distinct dates, when
  // the field holds whole days); a share of days stays a share of rows, and says so.
  // "how many years of data", "in how many months was gas above 500" over rows finer than the period: the
  // different periods are counted the same way.
  const days = a.countedTime.find((c) => /^days?$/.test(c.text.toLowerCase()) && !best.plan.groupBy.some((g) => g.field === c.field));
  const dayField = days ? lex.byName.get(days.field) : undefined;
  const periodsSaid = a.countedTime.find((c) => c.bucket !== "day" && !best.plan.groupBy.some((g) => g.field === c.field) && finerThan(lex, c.field, c.bucket));
  const countsRows = best.plan.intent === "aggregate" && best.plan.measure.agg === "count" && !best.plan.having && !best.plan.groupBy.length;
  if (
    days &&
    dayField?.role === "date" &&
    dayField.numbers?.every((x) => Number.isNaN(x) || x % 86_400_000 === 0) &&
    best.plan.intent === "aggregate" &&
    best.plan.measure.agg === "count" &&
    !best.plan.having
  ) {
    best = { ...best, plan: { ...best.plan, measure: { agg: "distinct", field: days.field } } };
    ranked = [best, ...ranked.slice(1)];
  } else if (periodsSaid && countsRows) {
    best = { ...best, plan: { ...best.plan, measure: { agg: "distinct", field: periodsSaid.field, bucket: periodsSaid.bucket } } };
    ranked = [best, ...ranked.slice(1)];
  } else for (const c of a.countedTime) if (!best.plan.groupBy.some((g) => g.field === c.field)) notes.push(`countedRows:${c.field}:${c.text}`);
  for (const m of a.misnamed)
    if (best.plan.filters.some((f) => f.field === m.field && f.values.includes(m.value))) notes.push(`misnamed:${m.field}:${m.named}:${m.value}`);
  if (a.loss && (best.plan.measure.field === a.loss.field || best.plan.y === a.loss.field || best.plan.sort?.by === a.loss.field))
    notes.push(`loss:${a.loss.field}:${a.loss.text}`);
  if (a.versusOther && best.plan.groupBy.some((g) => g.field === a.versusOther!.field)) notes.push(`versusOther:${a.versusOther.field}:${a.versusOther.text}`);
  for (const u of a.units) {
    // (A rate's condition compares it too: "what fraction of visits waited more than an hour".)
    const cond = best.plan.measure.condition;
    if (!best.plan.filters.some((f) => f.field === u.field) && cond?.field !== u.field) continue;
    notes.push(
      u.guessedMonths !== undefined
        ? `unitMonths:${u.field}:${u.converted}:${u.guessedMonths}:${u.text}`
        : u.guessedMinutes !== undefined
          ? `unitMinutes:${u.field}:${u.converted}:${u.guessedMinutes}:${u.text}`
          : u.converted !== undefined
            ? `unitConverted:${u.field}:${u.converted}:${u.text}`
            : `unitUnknown:${u.field}:${u.text}`,
    );
  }
  if (a.strayDates.length) notes.push(`ignored:${a.strayDates.join(", ")}`);
  // "in how many years did the flow go up" read as the number of years: a field named in this turn that the plan
  // does not use anywhere, and that no note names yet, is said as not used.
  {
    const used = planFields(best.plan);
    // ("remove the channel filter": a field named for the earlier filter dropped is used by dropping it.)
    const widenedNow = widenedFields(a);
    const unfiltered = (name: string) => widenedNow.has(name) && !!prevPlan?.filters.some((f) => f.field === name);
    // (The mentions of this turn's words, whether or not a ref was kept for them: "did the flow go up".)
    for (const m of a.reading.mentions) {
      if (m.kind !== "field" || m.partial || m.fields.length !== 1 || used.has(m.fields[0].name) || unfiltered(m.fields[0].name)) continue;
      if (a.refs.some((r) => r.pos === m.start && (r.via || r.turn !== 0))) continue;
      const text = m.text.toLowerCase();
      if (!notes.some((n) => n.toLowerCase().includes(text))) notes.push(`ignored:${m.text}`);
    }
  }
  // "go up from the year before" that no part of the plan accounts for (stepcount.ts): named as not used.
  const unusedSteps = unusedStepWords(a, best.plan, lex);
  if (unusedSteps && !notes.some((n) => n.startsWith("ignored:") && n.includes(unusedSteps))) notes.push(`ignored:${unusedSteps}`);
  const unusedDifference = unusedDifferenceWord(a, best.plan);
  if (unusedDifference && !notes.some((n) => n.includes(unusedDifference))) notes.push(`ignored:${unusedDifference}`);
  notes.push(...unhonoured(a, best, ranked, notes), ...(best.plan.having ? [] : manyGroups(best.plan, lex)), ...binnedGroups(a, best.plan, lex));
  const kept = carriedFilters(a, best, prevPlan);
  if (kept.length) notes.push(`carried:${JSON.stringify(kept)}`);
  // "as horizontal bars": a bar chart of one grouping drawn sideways (set last: the readings compared above
  // are the same with or without it).
  if (a.reading.tokens.some((t) => t.lemma === "horizontal") && best.plan.intent === "aggregate") best = { ...best, plan: { ...best.plan, orientation: "h" } };
  // (A share within the groups of a field carried to a turn that no longer groups by it first is a plain share.)
  const m = best.plan.measure;
  if (m.shareOf && (m.agg !== "share" || best.plan.groupBy.length !== 2 || best.plan.groupBy[0].field !== m.shareOf)) {
    const { shareOf: _, ...plain } = m;
    best = { ...best, plan: { ...best.plan, measure: plain } };
  }
  // (A reading named as the other one is never a rate split by the very field it is a rate of.)
  // (Nor a reading no user could have meant: a grouping by an id or by a number of hundreds of values, a scatter for
  // "which ..."; the doubt is then said plainly or by the next reading that means something: offered.ts.)
  const sensible = notes.filter((n) => !(n.startsWith("alternative:") && splitByItsOwnField(JSON.parse(n.slice("alternative:".length)))));
  const offered = offerReadings(
    sensible,
    best.plan,
    ranked.slice(1),
    a,
    lex,
    (c) => !splitByItsOwnField(c.plan) && !((ownTurn || newTurn) && isCarried(c as Candidate)),
  );
  return { kind: "plan", plan: best.plan, notes: offered, atoms: a, best, ranked };
}

/** "churn rate by contract and churn": a rate (or a share with a condition) grouped by the field it is taken of means nothing. */
/**
 * "total Amount by Region, for rows where Region is East": groups by a field kept to one of its values (one
 * group), a reading no one asks; it is not named as the other reading of a turn.
 */
function oneSliceGroups(plan: AnalysisPlan): boolean {
  return plan.groupBy.some((g) => plan.filters.some((f) => f.field === g.field && (f.op === "eq" || f.op === "in") && !f.or?.length && f.values.length === 1));
}

/**
 * A rate or share over rows already restricted to the value it counts ("churn rate ... for rows where Churn is
 * Yes": 100% in every group): no reading a question means, so never named as one.
 */
function rateOfItsOwnFilter(plan: AnalysisPlan): boolean {
  const m = plan.measure;
  if (plan.intent !== "aggregate" || (m.agg !== "rate" && !m.condition)) return false;
  const counted = m.condition?.field ?? m.field;
  return plan.filters.some((f) => f.field === counted && (f.op === "eq" || f.op === "in") && !f.or?.length && f.values.length === 1 && !f.otherField);
}

/** A number named now with an aggregate word of its own ("average monthly charges"), not a grouping. */
function aggregatedNumber(a: Atoms, lex: TableLexicon): Atoms["refs"][number] | undefined {
  return a.refs.find(
    (r) =>
      r.turn === 0 &&
      r.agg &&
      r.agg !== "count" &&
      !r.group &&
      !r.series &&
      !r.facet &&
      r.cands.length === 1 &&
      lex.byName.get(r.cands[0].name)?.role === "number",
  );
}

/** The plan aggregates the number the turn named with its aggregate word. */
function aggregatesAsSaid(plan: AnalysisPlan, r: Atoms["refs"][number]): boolean {
  return plan.intent === "aggregate" && plan.measure.field === r.cands[0].name && plan.measure.agg === r.agg;
}

function splitByItsOwnField(plan: AnalysisPlan): boolean {
  const m = plan.measure;
  if (plan.intent !== "aggregate" || (m.agg !== "rate" && !m.condition)) return false;
  const own = new Set([m.agg === "rate" ? m.field : null, m.condition?.field].filter((f): f is string => !!f));
  return plan.groupBy.some((g) => own.has(g.field));
}

// ---------------------------------------------------------------------------------------------
// A threshold on each group's aggregate (HAVING): "how many states have more than 100k in sales",
// "regions with average profit above 30". The generator reads the comparison on single rows; it is
// moved to the groups when an aggregate word governs the compared field inside the condition, or
// when no single row could pass it while a group's total can (the total is then what is compared).

const SUBJECT_LINKS = new Set<string>(grammar.index.subjectLinks);

/** The condition at `pos` is said of the grouping field's values: the first word before it that is neither a link word nor the compared field names the groups. */
function saidOfGroups(a: Atoms, pos: number, group: string, compared: string): boolean {
  const tokens = a.reading.tokens;
  for (let k = pos - 1; k >= 0; k--) {
    const ref = a.refs.find((r) => r.turn === 0 && r.pos <= k && k < r.end);
    if (ref?.cands.some((c) => c.name === group)) return true;
    if (ref?.cands.some((c) => c.name === compared)) {
      k = ref.pos;
      continue;
    }
    // "only those with more than 5k" after a grouped answer: the groups shown.
    if (["those", "ones", "these"].includes(tokens[k].lemma)) return true;
    if (!SUBJECT_LINKS.has(tokens[k].lemma)) return false;
  }
  return false;
}

/** "which customers bought more than 20 times": the groups whose number of rows passes. */
function timesReading(a: Atoms, times: NonNullable<Atoms["timesCount"]>, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  const category = (name: string) => {
    const f = lex.byName.get(name);
    return !!f?.codes && !isTimeField(f);
  };
  const grouped = plan.intent === "aggregate" && plan.groupBy.length === 1 && category(plan.groupBy[0].field) ? plan.groupBy[0].field : null;
  const named = a.refs.filter((r) => r.turn === 0 && r.cands.some((c) => category(c.name)));
  // The groups: the field asked about ("which customers", "how many customers", "by customer"), else the only one named.
  const ref = named.find((r) => r.afterWhich || r.countOf || r.group) ?? (named.length === 1 ? named[0] : undefined);
  const field = grouped ?? ref?.cands.find((c) => category(c.name))?.name;
  if (!field) return null;
  const counted = !!ref?.countOf && !grouped;
  const having = { measure: { agg: "count" as const, field: null }, op: times.op, values: [times.value] };
  // "top 3 genres by average rating with at least 10 movies": the groups' own measure, kept, over the
  // groups with enough rows.
  if (grouped && plan.intent === "aggregate" && plan.measure.agg !== "count" && !plan.having)
    return { plan: { ...plan, having }, note: `having:${field}:count::${times.text}` };
  const next = asAggregate(plan, {
    measure: counted ? { agg: "distinct", field } : { agg: "count", field: null },
    extraMeasures: [],
    groupBy: counted ? [] : [{ field, bucket: null }],
    sort: counted ? null : { by: "value", order: "desc" },
    limit: null,
    chart: counted ? "none" : "bar",
    having,
  });
  return { plan: next, note: `having:${field}:count::${times.text}` };
}

/** Words for the groups of the earlier answer ("only those with more than 100k"). */
const GROUP_PRONOUNS = new Set<string>(grammar.index.groupPronouns);
/** The pronouns of GROUP_PRONOUNS that only point back ("the ones", "those"), not "which"/"any" of a new question. */
const ONES_WORDS = new Set<string>(grammar.index.onesWords);

const HAVING_AGGS = new Set<AnalysisPlan["measure"]["agg"]>(["sum", "mean", "median", "min", "max"]);

function havingReading(
  a: Atoms,
  plan: AnalysisPlan,
  lex: TableLexicon,
): { plan: AnalysisPlan; note: string; stray?: Atoms["strayCompare"][number]; dropNote?: string } | null {
  if (a.timesCount) return timesReading(a, a.timesCount, plan, lex);
  if (plan.intent !== "aggregate" || plan.having || plan.extraMeasures.length) return null;
  // "total sales by state" | "only those with more than 100k": a plain number compared that nothing
  // else took, said of the groups ("those", "ones", the grouping's own name), is a condition on each group's value.
  const one = a.strayCompare.length === 1 && plan.groupBy.length === 1 && !a.filters.length ? a.strayCompare[0] : null;
  const groupInfo = plan.groupBy.length === 1 ? lex.byName.get(plan.groupBy[0].field) : undefined;
  if (one && groupInfo && !isTimeField(groupInfo) && ["sum", "mean", "median", "min", "max", "count"].includes(plan.measure.agg)) {
    const said =
      a.reading.tokens.some((t) => GROUP_PRONOUNS.has(t.lemma)) || a.refs.some((r) => r.turn === 0 && r.cands.some((c) => c.name === groupInfo.name));
    if (said)
      return {
        plan: { ...plan, having: { measure: plan.measure, op: one.op, values: [one.value] } },
        note: `having:${groupInfo.name}:${plan.measure.agg}:${plan.measure.field ?? ""}:${one.text}`,
        stray: one,
      };
  }
  const gField = plan.groupBy.length === 1 ? plan.groupBy[0].field : !plan.groupBy.length && plan.measure.agg === "distinct" ? plan.measure.field : null;
  const g = gField ? lex.byName.get(gField) : undefined;
  if (!g || g.role === "date" || isTimeField(g)) return null;
  for (const f of plan.filters) {
    if (!["gt", "gte", "lt", "lte", "between"].includes(f.op) || f.or?.length || f.field === g.name) continue;
    if (!f.values.every((v) => typeof v === "number")) continue;
    const key = JSON.stringify(f);
    const atom = a.filters.find((x) => (x.kind === "compare" || x.kind === "range") && x.options.some((o) => JSON.stringify(o.filter) === key));
    if (!atom) continue;
    // A number that named no field was applied to a guessed one; said of the groups of a measure, it is that measure's.
    const chosen = atom.options.find((o) => JSON.stringify(o.filter) === key);
    // "average rate by cause" | "only the ones above 50": a number compared with no field of its own, said of
    // the groups ("the ones", "those"), is a condition on each group's value, not on the rows of a guessed field.
    const groupsSaid = a.reading.tokens.some((t) => ONES_WORDS.has(t.text));
    const measureOption = plan.measure.field ? atom.options.find((o) => o.filter.field === plan.measure.field) : undefined;
    if (
      groupsSaid &&
      !atom.refs.length &&
      chosen?.how !== "adjacent" &&
      plan.groupBy.length === 1 &&
      (HAVING_AGGS.has(plan.measure.agg) ? measureOption : plan.measure.agg === "count" && !plan.measure.field) &&
      !a.refs.some((r) => r.turn === 0 && r.cands.some((c) => c.name === f.field))
    ) {
      const op = (measureOption?.filter.op ?? f.op) as "gt" | "gte" | "lt" | "lte" | "between";
      const values = (measureOption?.filter.values ?? f.values) as number[];
      return {
        plan: { ...plan, filters: plan.filters.filter((x) => x !== f), having: { measure: plan.measure, op, values } },
        note: `having:${g.name}:${plan.measure.agg}:${plan.measure.field ?? ""}:${atom.text}`,
        dropNote: `guess:${f.field}:${atom.text}`,
      };
    }
    const own =
      chosen?.how === "guess" && plan.measure.field && plan.measure.field !== f.field
        ? atom.options.find((o) => o.filter.field === plan.measure.field)
        : undefined;
    const field = own ? own.filter.field : f.field;
    const info = lex.byName.get(field);
    if (!info?.numbers || isTimeField(info)) continue;
    // "average profit above 30", "a total of sales over 1000", "more than 100k in total sales".
    const near = (r: Atoms["refs"][number]) =>
      atom.refs.includes(r.id) || (r.end <= atom.pos && atom.pos - r.end <= 1) || (r.pos >= atom.end && r.pos - atom.end <= 2);
    const said = a.refs.find((r) => r.turn === 0 && r.agg && HAVING_AGGS.has(r.agg) && r.cands.some((c) => c.name === field) && near(r));
    const values = f.values as number[];
    // No single row reaches the threshold, but a group's total can: "more than 100k in sales".
    // (said of the groups themselves, "states that have more than 100k in sales", not of rows: "orders with quantity over 1000")
    const noRow = (f.op === "gt" || f.op === "gte") && values[0] >= info.max && info.min >= 0 && saidOfGroups(a, atom.pos, g.name, field);
    const agg = said?.agg ?? (own && HAVING_AGGS.has(plan.measure.agg) && noRow ? plan.measure.agg : noRow ? "sum" : null);
    if (!agg) continue;
    const measure = { agg, field };
    const keepMeasure = plan.groupBy.length === 0 || (plan.measure.field !== field && plan.measure.agg !== "count");
    // "how many states have ...": the number of groups that pass.
    const counted = plan.groupBy.length === 1 && a.refs.some((r) => r.turn === 0 && r.countOf && r.cands.some((c) => c.name === g.name));
    const next: AnalysisPlan = {
      ...plan,
      ...(counted ? { groupBy: [], chart: "none" as const, sort: null, limit: null } : {}),
      measure: counted ? { agg: "distinct", field: g.name } : keepMeasure ? plan.measure : measure,
      filters: plan.filters.filter((x) => x !== f),
      having: { measure, op: f.op as "gt" | "gte" | "lt" | "lte" | "between", values },
    };
    return { plan: next, note: `having:${g.name}:${agg}:${field}:${atom.text}`, dropNote: own ? `guess:${f.field}:${atom.text}` : undefined };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// "the fastest accelerating car" on Acceleration (seconds to 60 mph), "the quickest shipping" on Days
// to Ship: a speed word ranks a field holding a time to do something, where less is faster; the
// ranking order follows the speed word, and the answer says so.

function speedReading(a: Atoms, plan: AnalysisPlan): { plan: AnalysisPlan; note: string } | null {
  const tokens = a.reading.tokens;
  let order: "asc" | "desc" | undefined;
  let said = "";
  for (let i = 0; i < tokens.length && !order; i++) {
    const w = tokens[i].text.toLowerCase();
    order = SPEED_WORDS[w];
    said = w;
  }
  if (!order || !plan.sort || plan.sort.by !== "value") return null;
  const field = plan.intent === "rows" ? plan.y : plan.measure.field;
  if (!field) return null;
  const words = field.toLowerCase().split(/[^a-z0-9]+/);
  if (!words.some((w) => TIME_TO_DO_WORDS.has(w))) return null;
  if (plan.sort.order === order) return { plan, note: `speed:${field}:${said}:${order}` };
  return { plan: { ...plan, sort: { ...plan.sort, order } }, note: `speed:${field}:${said}:${order}` };
}

// ---------------------------------------------------------------------------------------------
// A yes/no question that compares ("are people with partners less likely to churn?", "do seniors churn
// more than others?", "is the monthly charge higher for seniors?"): one side alone answers nothing,
// so the value said of the rows becomes a grouping and every side of its field is shown. A count
// of a yes/no condition between groups of different sizes becomes its rate; a histogram of a number
// becomes its average per side.

const MAX_SIDES = 12;
const POOLED_WORDS = new Set<string>(words.pooledWords.words);

/** Words that may join two periods of one list ("2016 and 2017", "2017 vs 2016", "2016, 2017"). */
const PERIOD_JOIN = new Set<string>(grammar.index.periodJoin);

/** "sales in 2017 vs 2016", "2016 and 2017": two years of one time field said as a list are both kept
 * (not the last one alone), side by side unless joined by "or". */
function periodsReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  // (A grouping by the periods' own time field, "this month vs last month" read by month, is the one side by side.)
  const byTime = plan.groupBy.length === 1 && lex.byName.get(plan.groupBy[0].field)?.role === "date" ? plan.groupBy[0].field : null;
  if (plan.intent !== "aggregate" || (plan.groupBy.length && !byTime) || plan.extraMeasures.length || plan.having) return null;
  const tokens = a.reading.tokens;
  const quarters = quartersReading(a, plan);
  if (quarters) return quarters;
  const dates = a.filters.filter((f) => f.kind === "date" && !f.negated).sort((x, y) => x.pos - y.pos);
  if (dates.length !== 2) return null;
  const [d1, d2] = dates;
  const between = tokens.slice(d1.end, d2.pos);
  if (!between.length || between.length > 3 || !between.every((t) => PERIOD_JOIN.has(t.lemma) || t.sep === ",")) return null;
  if (!between.some((t) => ["and", "or", "vs", "versus", "compared"].includes(t.lemma))) return null;
  // ("the 1870s and 1880s together", "1871 and 1872 combined": one pooled group, words.json pooledWords.)
  const pooled = POOLED_WORDS.has(tokens[d2.end]?.lemma ?? "") || (tokens[d2.end]?.sep === "," && POOLED_WORDS.has(tokens[d2.end + 1]?.lemma ?? ""));
  // "the 1870s and 1880s": two decades one after the other are the years of both, by decade (or pooled).
  const decadeOf = (d: typeof d1) => d.options.find((o) => o.filter.op === "between" && /^\d{3}0s$/.test(d.text.trim()))?.filter;
  const [r1, r2] = [decadeOf(d1), decadeOf(d2)];
  if (r1 && r2 && r1.field === r2.field && plan.filters.some((f) => f.field === r1.field)) {
    const [lo, hi] = [r1, r2].sort((x, y) => Number(x.values[0]) - Number(y.values[0]));
    if (Number(hi.values[0]) !== Number(lo.values[1]) + 1) return null;
    const either2 = pooled || between.some((t) => t.lemma === "or");
    return {
      ...plan,
      filters: [...plan.filters.filter((f) => f.field !== r1.field), { field: r1.field, op: "between", values: [lo.values[0], hi.values[1]] }],
      groupBy: either2 ? [] : [{ field: r1.field, bucket: "decade" }],
      sort: either2 ? null : plan.sort,
      chart: either2 ? "none" : "bar",
    };
  }
  const kept = plan.filters.find((f) => f.op === "eq" && [d1, d2].some((d) => d.options.some((o) => JSON.stringify(o.filter) === JSON.stringify(f))));
  if (!kept || (byTime && kept.field !== byTime)) return null;
  const yearOf = (d: typeof d1) => d.options.find((o) => o.filter.field === kept.field && o.filter.op === "eq")?.filter.values[0];
  const values = [yearOf(d1), yearOf(d2)];
  // (Years or months said as numbers, "2024-05 vs 2024-06", or relative periods: "this year vs last year".)
  const relative = new Set(a.relative.map((r) => r.text));
  if (values.some((v) => v === undefined) || ![d1, d2].every((d) => /^\d{4}(-\d{2})?$/.test(d.text.trim()) || relative.has(d.text))) return null;
  const info = lex.byName.get(kept.field);
  if (!info) return null;
  const bucket = values.every((v) => /^\d{4}$/.test(String(v))) ? "year" : values.every((v) => /^\d{4}-\d{2}$/.test(String(v))) ? "month" : null;
  if (info.role === "date" && !bucket) return null;
  const either = pooled || between.some((t) => t.lemma === "or");
  const both: Filter = { field: kept.field, op: "in", values: values as (string | number)[] };
  // (Grouped by the periods' field already, "by order date where year in 2016 or 2017": both kept, the grouping too.)
  if (byTime) return { ...plan, filters: [...plan.filters.filter((f) => f !== kept && f.field !== kept.field), both] };
  return {
    ...plan,
    filters: [...plan.filters.filter((f) => f !== kept && f.field !== kept.field), both],
    groupBy: either ? [] : [{ field: kept.field, bucket: info.role === "date" ? bucket : null }],
    sort: either ? null : plan.sort,
    chart: either ? "none" : "bar",
  };
}

/**
 * "Q1 vs Q2 revenue", "Q3 and Q4 ticket volume": two quarters said without a year (each the three months of every
 * year) and listed together are both kept, side by side by quarter (each year's quarters apart), unless joined by "or"
 * or pooled; a year said too ("in 2024") stays a filter.
 */
function quartersReading(a: Atoms, plan: AnalysisPlan): AnalysisPlan | null {
  const tokens = a.reading.tokens;
  const months = plan.filters.find((f) => f.op === "in" && f.values.length === 3);
  if (!months) return null;
  const quarterOf = (d: Atoms["filters"][number]) =>
    /^q[1-4]$/i.test(d.text.trim())
      ? d.options.find((o) => o.filter.field === months.field && o.filter.op === "in" && o.filter.values.length === 3)?.filter
      : undefined;
  const said = a.filters.filter((f) => f.kind === "date" && !f.negated && quarterOf(f)).sort((x, y) => x.pos - y.pos);
  if (said.length !== 2) return null;
  const [d1, d2] = said;
  const between = tokens.slice(d1.end, d2.pos);
  if (!between.length || between.length > 3 || !between.every((t) => PERIOD_JOIN.has(t.lemma) || t.sep === ",")) return null;
  if (!between.some((t) => ["and", "or", "vs", "versus", "compared"].includes(t.lemma))) return null;
  const pooled = POOLED_WORDS.has(tokens[d2.end]?.lemma ?? "");
  const either = pooled || between.some((t) => t.lemma === "or");
  const values = [...quarterOf(d1)!.values, ...quarterOf(d2)!.values];
  return {
    ...plan,
    filters: [...plan.filters.filter((f) => f !== months), { field: months.field, op: "in", values }],
    groupBy: either ? [] : [{ field: months.field, bucket: "quarter" }],
    sort: either ? null : plan.sort,
    chart: either ? "none" : "bar",
  };
}

/** Date fields holding at most one row per calendar month over more than a year (a monthly series). */
const monthlySeries = new WeakMap<FieldInfo, boolean>();
function isMonthlySeries(f: FieldInfo): boolean {
  let known = monthlySeries.get(f);
  if (known === undefined) {
    const seen = new Set<number>();
    known = f.role === "date" && !!f.numbers;
    for (const ms of f.numbers ?? []) {
      if (Number.isNaN(ms)) continue;
      const d = new Date(ms);
      const k = d.getUTCFullYear() * 12 + d.getUTCMonth();
      if (seen.has(k)) {
        known = false;
        break;
      }
      seen.add(k);
    }
    known &&= seen.size > 12;
    monthlySeries.set(f, known);
  }
  return known;
}

/** "average temperature by month" over a monthly series: the average of each month's one value is that
 * value, so the months averaged are the months of the year (January over every year, ...), stated. Said
 * as a period ("monthly") or over time ("trend of ... by month") the series is kept. */
function monthOfYearReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.groupBy[0].bucket !== "month") return null;
  if (!["mean", "median"].includes(plan.measure.agg) || plan.extraMeasures.length || plan.having) return null;
  const g = plan.groupBy[0];
  const info = lex.byName.get(g.field);
  if (!info || !isMonthlySeries(info)) return null;
  const tokens = a.reading.tokens;
  const k = tokens.findIndex((t) => t.lemma === "month");
  if (k < 0 || a.overTime) return null;
  // (The average said: "the coldest month on record" averages nothing and ranks the months of the series.)
  if (!a.reading.mentions.some((m) => m.kind === "word" && m.hits.some((h) => h.category === "agg" && (h.key === "mean" || h.key === "median")))) return null;
  const text = tokens[k].raw;
  return { plan: { ...plan, groupBy: [{ ...g, bucket: "monthOfYear" }] }, note: `monthOfYear:${g.field}:${text}` };
}

/** "average monthly deaths in 1978" over a monthly series: the average of the months is the average of the
 * rows, one number, not each month's one value listed ("monthly" said right after the average, as its
 * grain, and no "by month" / "each month" asking for the list). */
function averageOfMonthsReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): AnalysisPlan | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.groupBy[0].bucket !== "month") return null;
  if (!["mean", "median"].includes(plan.measure.agg) || plan.extraMeasures.length || plan.having || plan.sort || plan.limit || a.overTime) return null;
  const info = lex.byName.get(plan.groupBy[0].field);
  if (!info || !isMonthlySeries(info)) return null;
  const tokens = a.reading.tokens;
  if (tokens.some((t) => t.lemma === "month")) return null;
  const k = tokens.findIndex((t) => t.lemma === "monthly");
  if (k < 1) return null;
  const averaged = a.reading.mentions.some(
    (m) => m.kind === "word" && m.end === k && m.hits.some((h) => h.category === "agg" && (h.key === "mean" || h.key === "median")),
  );
  return averaged ? { ...plan, groupBy: [], chart: "none" } : null;
}

/**
 * "is the average y by trt above 8": a yes/no test of an aggregate over one grouping keeps the groups whose
 * aggregate passes (HAVING), said as such, rather than filtering the rows.
 */
function testedGroupsReading(a: Atoms, plan: AnalysisPlan): { plan: AnalysisPlan; note: string } | null {
  const t = a.aggTest;
  if (!t || t.other || plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.having || plan.extraMeasures.length) return null;
  if (plan.measure.field !== t.field || plan.measure.agg !== t.agg) return null;
  return {
    plan: { ...plan, having: { measure: plan.measure, op: t.op, values: [t.value] } },
    note: `having:${plan.groupBy[0].field}:${t.agg}:${t.field}:${t.text}`,
  };
}

function bothSidesReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  const tokens = a.reading.tokens;
  if (
    !tokens.length ||
    a.aggTest ||
    !(COMPARE_OPENERS.has(tokens[0].lemma) || COMPARE_OPENERS.has(tokens[0].text.toLowerCase())) ||
    !tokens.some((t) => COMPARE_WORDS.has(t.lemma) || COMPARE_WORDS.has(t.text.toLowerCase()))
  )
    return null;
  if (plan.groupBy.length || (plan.intent !== "aggregate" && plan.intent !== "distribution")) return null;
  const sideOf = (f: AnalysisPlan["filters"][number]) => {
    const info = lex.byName.get(f.field);
    return (
      f.op === "eq" &&
      f.values.length === 1 &&
      !f.or?.length &&
      !!info &&
      !isTimeField(info) &&
      (info.codes ? info.dictionary.length : info.distinct) <= MAX_SIDES
    );
  };
  // The side said of the rows: a value filter read from this turn's words.
  const said = plan.filters.filter(
    (f) =>
      sideOf(f) &&
      (a.filters.some((x) => x.options.some((o) => o.filter.field === f.field && o.filter.op === "eq")) ||
        a.refs.some((r) => r.turn === 0 && r.cands.some((c) => c.name === f.field))),
  );
  const rateField = plan.measure.agg === "rate" ? (plan.measure.condition?.field ?? plan.measure.field) : null;
  const candidates = said.filter((f) => f.field !== rateField);
  let side = candidates[0];
  let measure = plan.measure;
  if (plan.intent === "distribution") {
    if (candidates.length !== 1 || !plan.x) return null;
    measure = { agg: "mean", field: plan.x };
  } else if (plan.measure.agg === "count") {
    // "do seniors churn more": the count of churned seniors; the other yes/no condition is the rate compared.
    if (candidates.length !== 2) return null;
    // The condition is a yes/no field on its "yes" side ("churn"); when both are, the predicate is
    // said after the subject ("seniors ... churn").
    const posOf = (f: AnalysisPlan["filters"][number]) => a.filters.find((x) => x.options.some((o) => o.filter.field === f.field))?.pos ?? -1;
    const isYes = (f: AnalysisPlan["filters"][number]) => {
      const info = lex.byName.get(f.field);
      const flag = info ? flagValues(info) : null;
      return !!flag && flag.yes === f.values[0];
    };
    const yes = candidates.filter(isYes).sort((x, y) => posOf(x) - posOf(y));
    const cond = yes.length ? yes[yes.length - 1] : null;
    const first = candidates.find((f) => f !== cond)!;
    if (!cond) return null;
    side = first;
    measure = { agg: "rate", field: cond.field, value: cond.values[0], condition: { field: cond.field, op: "eq", values: cond.values } };
  } else if (candidates.length !== 1 || !["rate", "mean", "median", "share", "sum"].includes(plan.measure.agg)) return null;
  if (!side) return null;
  const next = asAggregate(plan, {
    measure,
    filters: plan.filters.filter((f) => f !== side && !(measure.agg === "rate" && measure !== plan.measure && f.field === measure.field)),
    groupBy: [{ field: side.field, bucket: null }],
    sort: null,
    limit: null,
    chart: "bar",
  });
  return { plan: next, note: `bothSides:${side.field}:${side.values[0]}` };
}

// ---------------------------------------------------------------------------------------------
// Honesty: a wrong number shown as right is the worst answer (issue 12). What the question's words
// ask for is checked against the plan chosen; a word the plan does not honour is named in the
// answer, with the reading that would honour it when one was generated.

/** Fields a plan shows (groupings, axes, measures, the entities taken one by one), as opposed to fields it only filters on. */
const shownFields = (plan: AnalysisPlan) => planFields(plan, SHOWN_PARTS);

const planKey = (plan: AnalysisPlan) => JSON.stringify(plan);

/** The plan with another aggregate of its measure (the twin of a reading that only differs in it). */
function isWhich(word: string): boolean {
  return word === "which" || word === "what";
}

function withAgg(plan: AnalysisPlan, agg: AnalysisPlan["measure"]["agg"]): string {
  return planKey({ ...plan, measure: { ...plan.measure, agg } });
}

/**
 * "top 3 states by total sales" then "sales by region as a pie": a carried reading naming a grouping of
 * its own in place of the earlier one, with no top N of its own, does not keep the earlier turn's top N.
 */
function dropCarriedLimit(a: Atoms, best: Candidate, prevPlan: AnalysisPlan | null): AnalysisPlan | null {
  const plan = best.plan;
  const carried = isCarried(best);
  const newGroup = a.refs.some((r) => r.turn === 0 && (r.group || r.series) && r.cands.some((c) => plan.groupBy.some((g) => g.field === c.name)));
  if (
    carried &&
    plan.intent === "aggregate" &&
    prevPlan?.limit != null &&
    plan.limit === prevPlan.limit &&
    !a.limit &&
    !a.addOn &&
    newGroup &&
    !plan.groupBy.some((g) => prevPlan.groupBy.some((p) => p.field === g.field))
  )
    return { ...plan, limit: null };
  return null;
}

/**
 * Readings the words decide better than the learned scores, both general and both stated (the
 * reading not taken is named in the answer):
 * - "which region made the least profit": the superlative ranks the groups named after "which", so
 *   each group's usual aggregate (the total profit) is ranked, not each group's minimum row;
 * - "men vs women", "East versus West", "higher for men than for women": values compared with "vs"
 *   or "than" are groups side by side, not one number over both.
 */
/** The candidate that answers the superlative of `field` over all rows ("the highest X") as one number, same filters. */
function superlativeOfAll(ranked: Candidate[], field: string, plan: AnalysisPlan): Candidate | undefined {
  return ranked.find(
    (c) =>
      c.plan.intent === "aggregate" &&
      c.feats.has("measure:supAgg") &&
      c.plan.groupBy.length === 0 &&
      c.plan.measure.field === field &&
      c.plan.extraMeasures.length === 0 &&
      JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters),
  );
}

/** The field this turn said as a plain grouping ("by X", "per X": one field, no aggregate, series or facet) that `more` accepts. */
function groupingRef(a: Atoms, more: (r: Atoms["refs"][number]) => boolean): Atoms["refs"][number] | undefined {
  return a.refs.find((r) => r.turn === 0 && r.group && !r.agg && !r.series && !r.facet && r.cands.length === 1 && more(r));
}

/**
 * "sales by city", "total profit by customer name": a category field said right after "by" is the grouping asked
 * for, even with hundreds of values; the learned weights shy away from such groupings and would answer one number
 * or a histogram with the field unused. Taken only over such a reading (one number or a histogram, the field in
 * none of its parts); the answer states how many groups there are.
 */
function namedGroupingReading(a: Atoms, ranked: Candidate[], lex: TableLexicon): Candidate | null {
  const best = ranked[0];
  if (!best || a.limit || a.sort || a.superlative || a.relation || a.versus) return null;
  const plan = best.plan;
  const oneNumberOrHistogram = plan.intent === "distribution" || (plan.intent === "aggregate" && !plan.groupBy.length);
  if (!oneNumberOrHistogram) return null;
  const tokens = a.reading.tokens;
  const byRef = groupingRef(a, (r) => tokens[r.pos - 1]?.lemma === "by");
  const field = byRef?.cands[0].name;
  const info = field ? lex.byName.get(field) : undefined;
  if (!field || !info?.codes || JSON.stringify(plan).includes(JSON.stringify(field))) return null;
  return (
    ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.groupBy.length === 1 &&
        c.plan.groupBy[0].field === field &&
        c.plan.measure.field !== field &&
        !c.feats.has("refs:ignored") &&
        JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters),
    ) ?? null
  );
}

/**
 * "top 3 Product Name by Profit" over rows where each product comes back (order lines): the field named in
 * full as what is ranked is grouped, its totals ranked; listing the single rows leaves it unread. (A field
 * naming each row once, "top 3 cars by mpg", lists rows.)
 */
function rankedGroupingReading(a: Atoms, ranked: Candidate[], lex: TableLexicon): Candidate | null {
  const best = ranked[0];
  if (!best || !a.limit?.n || best.plan.intent !== "rows") return null;
  const ref = a.refs.find((r) => r.turn === 0 && r.ranked && r.cands.length === 1);
  const info = ref ? lex.byName.get(ref.cands[0].name) : undefined;
  const rows = (info?.codes ?? info?.numbers)?.length ?? 0;
  if (!ref || !info?.codes || isTimeField(info) || info.distinct >= rows || JSON.stringify(best.plan).includes(JSON.stringify(info.name))) return null;
  return (
    ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.groupBy.length === 1 &&
        c.plan.groupBy[0].field === info.name &&
        c.plan.measure.field !== info.name &&
        c.plan.limit === a.limit?.n &&
        !c.feats.has("refs:ignored") &&
        JSON.stringify(c.plan.filters) === JSON.stringify(best.plan.filters),
    ) ?? null
  );
}

function repick(a: Atoms, ranked: Candidate[], lex: TableLexicon, prevPlan: AnalysisPlan | null): { best: Candidate; instead: Candidate } | null {
  const best = ranked[0];
  const plan = best.plan;
  // "chart and table", "as a table": a turn asking only for a way to show the answer shows the earlier answer's
  // data again (no new split, no scatter of its numbers).
  const shownOnly =
    a.reading.mentions.length > 0 &&
    a.reading.mentions.every((m) => m.kind === "word" && m.hits.every((h) => SHOWN_ONLY.has(`${h.category}:${h.key}`))) &&
    !a.unknown.length;
  if (prevPlan && shownOnly) {
    const data = (p: AnalysisPlan) => JSON.stringify([p.intent, p.measure, p.extraMeasures, p.groupBy, p.filters, p.x, p.y]);
    const again = ranked.find((c) => data(c.plan) === data(prevPlan) && (a.chart !== "table" || c.plan.chart === "table"));
    if (again && again !== best) return { best: again, instead: best };
  }
  // "average lang by COMB for pupils with IQ over 12": a field said right after "by" is what the answer is
  // split by, never a second number averaged (a 0/1 field too); the best reading grouping by it is taken.
  // (Not in a ranking: "top 5 states by sales" ranks by the field after "by".)
  if (plan.intent === "aggregate" && !a.limit && !a.sort && !a.superlative && !plan.limit && !plan.sort) {
    const measured = [plan.measure.field, ...(plan.extraMeasures ?? []).map((m) => m.field)];
    // ("the channels sorted by revenue": a field after "sorted by" is the order, not a grouping.)
    const byRef = groupingRef(a, (r) => !r.sortBy && measured.includes(r.cands[0].name) && !plan.groupBy.some((g) => g.field === r.cands[0].name));
    const field = byRef?.cands[0].name;
    const groupsBy = (c: Candidate) =>
      c.plan.intent === "aggregate" &&
      c.plan.groupBy.some((g) => g.field === field) &&
      c.plan.measure.field !== field &&
      JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters);
    // (One that uses every field named now first: "number of customers by tenure and churn" after a churn rate
    // by payment method is no count of contracts by payment method and churn.)
    const usesAll = (c: Candidate) => a.refs.every((r) => r.turn !== 0 || r.cands.some((f) => planFields(c.plan, MAIN_PARTS).has(f.name)));
    const grouped = field ? (ranked.find((c) => groupsBy(c) && usesAll(c)) ?? ranked.find(groupsBy)) : undefined;
    if (grouped) return { best: grouped, instead: best };
  }
  // "how many cars per year?", "only japanese cars", then "which year had the most?" / "which ship mode is the
  // least profitable?": a superlative naming the field the earlier answer is grouped by, and at most its number
  // (no aggregate or condition of its own), asks which of the groups on screen ranks first; the reading over the
  // earlier rows is taken, the other one named.
  const earlierGroup = prevPlan?.intent === "aggregate" && prevPlan.groupBy.length === 1 ? prevPlan.groupBy[0].field : null;
  const own = a.refs.filter((r) => r.turn === 0);
  const ownField = (r: Atoms["refs"][number]) => (r.cands.length === 1 && !r.agg ? r.cands[0].name : null);
  if (
    earlierGroup &&
    prevPlan?.filters.length &&
    a.superlative &&
    !a.filters.length &&
    !a.looseAgg &&
    !a.count &&
    own.some((r) => ownField(r) === earlierGroup) &&
    own.every((r) => ownField(r) === earlierGroup || (ownField(r) !== null && ownField(r) === prevPlan.measure.field))
  ) {
    const same = (p: AnalysisPlan) =>
      p.intent === "aggregate" && JSON.stringify([p.measure, p.groupBy, p.filters]) === JSON.stringify([prevPlan.measure, prevPlan.groupBy, prevPlan.filters]);
    const onScreen = same(plan) ? undefined : ranked.find((c) => isCarried(c) && same(c.plan));
    if (onScreen) return { best: onScreen, instead: best };
  }
  // "what's the mpg of the lightest car?": a superlative said of one row names the row ranked by its
  // field; the number asked for is read in that row, not plotted against it.
  if (plan.intent === "relationship" && a.supRows && a.superlative && !a.relation && !a.versus) {
    const adjective = a.refs.find((r) => r.via === "adjective" && r.turn === 0 && r.cands.length === 1);
    const rows = adjective
      ? ranked.find((c) => c.plan.intent === "rows" && c.plan.y === adjective.cands[0].name && c.plan.sort?.by === "value" && !c.plan.filters.length)
      : undefined;
    if (rows && JSON.stringify(rows.plan.filters) === JSON.stringify(plan.filters)) return { best: rows, instead: best };
  }
  // "total sales by region in 2017" then "what was the profit?": a follow-up naming one number after a
  // grouped number asks for that number instead; plotting it against the earlier one needs a word that
  // relates them ("vs", "against", "correlation"), which neither turn said. The other reading is named.
  if (
    prevPlan?.intent === "aggregate" &&
    best.sig.startsWith("merged") &&
    plan.intent === "relationship" &&
    !a.relation &&
    !a.versus &&
    a.refs.filter((r) => r.turn === 0).length === 1
  ) {
    const edit = ranked.find((c) => c.sig.startsWith("edit") && c.plan.intent === "aggregate");
    if (edit) return { best: edit, instead: best };
  }
  // "top 5 occupations by average age" then "age by race as a pie": a carried reading that leaves the
  // chart the turn asks for unused (two groupings where a pie shows one) gives way to the best carried
  // reading that draws it.
  const uses = (p: AnalysisPlan, r: Atoms["refs"][number]) => r.cands.some((f) => planFields(p, MAIN_PARTS).has(f.name));
  // "top 3 states by total sales" then "histogram of sales" / "list the rows": the shape the turn asks
  // for, with no aggregate word of its own, is not the earlier question's grouped number again.
  const shape = ownShape(a);
  if (shape && isCarried(best) && plan.intent !== shape) {
    const shaped = ranked.find((c) => c.plan.intent === shape && a.refs.every((r) => r.turn !== 0 || uses(c.plan, r)));
    if (shaped) return { best: shaped, instead: best };
  }
  // "tenure distribution" then "how many customers churned?": a count asked on its own is a number, not the earlier
  // histogram or scatter over the rows counted. (Asked as a question: "Y-axis is COUNT" after a histogram is the
  // histogram's own count.)
  const opener = a.reading.tokens.find((t) => t.kind === "word");
  if (
    isCarried(best) &&
    plan.intent !== "aggregate" &&
    plan.intent !== "rows" &&
    asksOwnCount(a) &&
    !a.chart &&
    (a.filters.length > 0 || (opener !== undefined && QUESTION_OPENERS.has(opener.lemma)))
  ) {
    const counted = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        (c.plan.measure.agg === "count" || c.plan.measure.agg === "distinct") &&
        !c.plan.groupBy.length &&
        a.refs.every((r) => r.turn !== 0 || uses(c.plan, r)),
    );
    if (counted) return { best: counted, instead: best };
  }
  // "tenure distribution" then "average monthly charges for senior citizens": an aggregate word on a number
  // named now, with no follow-up word or word pointing back, asks that aggregate; a carried histogram or
  // scatter of the number is not it. The best reading that aggregates the number with that word answers.
  const aggregated = aggregatedNumber(a, lex);
  if (aggregated && isCarried(best) && plan.intent !== "aggregate" && !a.followUp && !a.addOn && !pointsBack(a) && !shape) {
    const asked = ranked.find((c) => aggregatesAsSaid(c.plan, aggregated) && a.refs.every((r) => r.turn !== 0 || uses(c.plan, r)));
    if (asked) return { best: asked, instead: best };
  }
  const chartWord = a.chart;
  if (chartWord && isCarried(best) && !chartMatches(chartWord, plan.chart) && !a.addOn) {
    const drawn = ranked.find((c) => isCarried(c) && chartMatches(chartWord, c.plan.chart) && a.refs.every((r) => r.turn !== 0 || uses(c.plan, r)));
    if (drawn) return { best: drawn, instead: best };
  }
  // "total sales in 2017" after "profit by state": an aggregate word on a number and a condition said now, no
  // grouping, chart, ranking or follow-up word, ask for one number: a new question, not the earlier split of it
  // (that reading is named).
  // (A field named only for its value, "in the West region", is part of the condition.)
  const said = a.refs.filter((r) => r.turn === 0 && !a.filters.some((f) => f.refs.includes(r.id)));
  if (
    isCarried(best) &&
    plan.groupBy.length &&
    !a.followUp &&
    !a.addOn &&
    !pointsBack(a) &&
    said.length &&
    said.every((r) => r.agg && !r.group && !r.series && !r.facet && !r.afterWhich && !r.ranked) &&
    a.filters.length &&
    !a.bucket &&
    !a.chart &&
    !a.superlative &&
    !a.limit &&
    !a.count
  ) {
    const scalar = ranked.find((c) => !isCarried(c) && c.plan.intent === "aggregate" && !c.plan.groupBy.length && said.every((r) => uses(c.plan, r)));
    if (scalar) return { best: scalar, instead: best };
  }
  // "average monthly charges by payment method" after "how many churned customers, by contract": a turn
  // that names a measure and a grouping of its own, without a follow-up word or a word pointing back
  // ("it", "those"), is a new question; an earlier turn's filter is not carried into it silently (that
  // reading is named). Carried groupings stay: they show in the chart ("Group by Origin | plot ...").
  // The same for a carried reading that answers with an earlier turn's measure ("churn rate by contract"
  // after "average tenure by MultipleLines" is no average of tenure with Churn as a filter).
  // "monthly Sales over Order Date" after "average Sales by Region and Segment": a number, a grain and the
  // time field named now make a question of their own too.
  const timed = timedQuestion(a, lex);
  const grainOnly = !timed && !ownQuestion(a) && timedQuestion(a, lex, true);
  // "show monthly charges by internet service" / "which payment method has the highest churn?" / "what's the
  // average monthly charge for customers who churned?": a number and a grouping named now, or a question word
  // opening a turn that asks for a number of its own, make a new question too (`looseQuestion`); a carried
  // reading keeping an earlier measure, grouping or filter the turn does not name gives way to the turn's own.
  const loose = !ownQuestion(a) && !timed && !grainOnly && looseQuestion(a, lex, prevPlan);
  if (isCarried(best) && !a.followUp && !a.addOn && (ownQuestion(a) || timed || grainOnly || loose) && !pointsBack(a)) {
    const fresh = ranked.find((c) => !isCarried(c));
    const filtered = new Set(fresh?.plan.filters.map((f) => f.field));
    const named = new Set(a.refs.filter((r) => r.turn === 0).flatMap((r) => r.cands.map((c) => c.name)));
    const oldMeasure = plan.intent === "aggregate" && plan.measure.field !== null && !named.has(plan.measure.field);
    // A grouping kept from the earlier turn next to the one named now, with no "also"/"too": replaced.
    const oldGroup =
      (best.feats.has("merged|keepsOldGroup|noAddOn") && !completeTurn(a)) ||
      (loose && plan.groupBy.some((g) => !named.has(g.field) && !fresh?.plan.groupBy.some((h) => h.field === g.field)));
    // (A carried reading that leaves a field named now unused, where this turn's own reading uses them all.)
    const turnRefs = a.refs.filter((r) => r.turn === 0);
    const unused = timed && fresh !== undefined && turnRefs.some((r) => !uses(plan, r)) && turnRefs.every((r) => uses(fresh.plan, r));
    // (Or that leaves the grain said now unused: "monthly Sales" after "total Sales by Region and Segment".)
    const grainUnused =
      (timed || grainOnly) &&
      !plan.groupBy.some((g) => g.bucket) &&
      !!fresh?.plan.groupBy.some((g) => g.bucket === a.bucket) &&
      turnRefs.every((r) => uses(fresh.plan, r));
    // (With the grain alone, only the grain left unused says so: "profit by month" after a count for one customer keeps the customer.)
    // (A loose question: only an earlier measure or grouping, and only for a reading of its own that uses every
    // field named now; an earlier filter kept is said by `carriedFilters`.)
    // (A grain alone with a number named now that the carried reading leaves unused for an earlier one: "profit by
    // month" after "total sales by region" / "only for technology". The earlier filters stay, said: the carried
    // reading with this turn's measure and grouping, drawn as this turn's own.)
    if (fresh && grainOnly && !grainUnused && oldMeasure && turnRefs.some((r) => !uses(plan, r)) && turnRefs.every((r) => uses(fresh.plan, r))) {
      const key = (p: AnalysisPlan) => JSON.stringify([p.intent, p.measure, p.extraMeasures, p.groupBy]);
      const same = ranked.find((c) => isCarried(c) && key(c.plan) === key(fresh.plan));
      const plan = same && { ...same.plan, chart: fresh.plan.chart, sort: fresh.plan.sort, limit: fresh.plan.limit };
      return { best: same && plan ? { ...same, plan } : fresh, instead: best };
    }
    if (loose) {
      // (The best reading of its own that uses every field named now: "top 10 products by sales" is not the rows' Sales.)
      const own = ranked.find((c) => !isCarried(c) && turnRefs.every((r) => uses(c.plan, r)));
      if (own && (oldMeasure || oldGroup)) return { best: own, instead: best };
    } else if (
      fresh && grainOnly ? grainUnused : fresh && (oldMeasure || oldGroup || unused || grainUnused || plan.filters.some((f) => !filtered.has(f.field)))
    )
      return { best: fresh as Candidate, instead: best };
  }
  // "how many orders were shipped first class?" after "average profit by category in the west": a count
  // asked without a follow-up word or a word pointing back is a new question; the earlier measure and
  // its filters are not carried into it (that reading is named). A carried share or rate: the rule below.
  if (
    isCarried(best) &&
    a.count &&
    !a.followUp &&
    !a.addOn &&
    !pointsBack(a) &&
    plan.intent === "aggregate" &&
    plan.measure.agg !== "count" &&
    plan.measure.agg !== "distinct" &&
    !isShare(plan)
  ) {
    const fresh = ranked.find((c) => !isCarried(c) && c.plan.intent === "aggregate" && (c.plan.measure.agg === "count" || c.plan.measure.agg === "distinct"));
    if (fresh) return { best: fresh, instead: best };
  }
  // "how many urgent tickets were escalated?" after "number of tickets by team", "how many orders have gift wrap
  // in Notes?" after a return rate by region: a count opening the turn, for conditions said now and no grouping,
  // is a question of its own too; the earlier grouping is not carried into it (the carried reading is named).
  // (A condition on the field an earlier rate counts keeps the conversation: "how many churned" after a churn rate.)
  // "top 5 customers by TotalCharges" (rows listed) then "how many customers?": a count with no grouping word of
  // its own does not turn a field an earlier turn ranked or listed by into a grouping the earlier answer did not
  // have. The count over the earlier answer's rows (its filters) answers, else the turn's own; the other is named.
  if (
    prevPlan &&
    isCarried(best) &&
    asksOwnCount(a) &&
    plan.intent === "aggregate" &&
    plan.measure.agg === "count" &&
    plan.groupBy.some((g) => !prevPlan.groupBy.some((h) => h.field === g.field))
  ) {
    const oneCount = (c: Candidate) => c.plan.intent === "aggregate" && c.plan.measure.agg === "count" && !c.plan.groupBy.length;
    const sameRows = (c: Candidate) => JSON.stringify(c.plan.filters) === JSON.stringify(prevPlan.filters);
    const count = ranked.find((c) => oneCount(c) && sameRows(c)) ?? ranked.find((c) => oneCount(c) && !isCarried(c));
    if (count) return { best: count, instead: best };
  }
  // "average charges for electronic check" then "how does that compare to mailed check?": a comparison word and a
  // value of the field the earlier number was filtered on compare the two values (the edit that puts them side by side).
  if (prevPlan && a.versus && isCarried(best) && plan.intent === "aggregate" && !prevPlan.groupBy.length && !a.refs.some((r) => r.turn === 0)) {
    const sideBySide = ranked.find(
      (c) =>
        c.sig.startsWith("edit") &&
        c.plan.groupBy.length === 1 &&
        c.plan.filters.some((f) => f.op === "in" && f.field === c.plan.groupBy[0].field && prevPlan.filters.some((g) => g.field === f.field)),
    );
    if (sideBySide) return { best: sideBySide, instead: best };
  }
  // "revenue by channel in the south" then "what's the total number of units sold overall?": "overall", "in total",
  // "altogether" with a number named now and no grouping word ask for one number; the earlier grouping is not kept.
  if (
    isCarried(best) &&
    a.output.total &&
    plan.intent === "aggregate" &&
    plan.groupBy.length &&
    a.refs.some((r) => r.turn === 0) &&
    !a.refs.some((r) => r.turn === 0 && (r.group || r.series || r.facet || r.afterWhich || r.ranked))
  ) {
    const usesAll = (c: Candidate) => a.refs.every((r) => r.turn !== 0 || r.cands.some((f) => planFields(c.plan, MAIN_PARTS).has(f.name)));
    const one = ranked.find((c) => c.plan.intent === "aggregate" && !c.plan.groupBy.length && usesAll(c));
    if (one) return { best: one, instead: best };
  }
  // "top 5 customers by MonthlyCharges" then "how many customers churned?": a count asked after a listing, with no
  // word asking for rows, counts the rows it names; the listing of them again is named.
  if (prevPlan?.intent === "rows" && isCarried(best) && plan.intent === "rows" && !a.list && asksOwnCount(a)) {
    const count = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.measure.agg === "count" &&
        !c.plan.groupBy.length &&
        JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters),
    );
    if (count) return { best: count, instead: best };
  }
  const opening = a.reading.mentions[0];
  const opensWithCount = opening?.kind === "word" && opening.start <= 1 && opening.hits.some((h) => h.category === "count");
  if (
    isCarried(best) &&
    opensWithCount &&
    a.filters.length &&
    asksOwnCount(a) &&
    plan.intent === "aggregate" &&
    (plan.measure.agg === "count" || (isShare(plan) && !a.share && !a.rate && !conditionOnRateField(a, plan))) &&
    plan.groupBy.length
  ) {
    const own = ranked.find((c) => !isCarried(c) && c.plan.intent === "aggregate" && c.plan.measure.agg === "count" && !c.plan.groupBy.length);
    if (own) return { best: own, instead: best };
  }
  // "how many senior citizens churned" after "churn rate by contract": "how many" asks for a count; a
  // share or rate carried from an earlier turn, with no share word in this one, would answer something
  // else (a rate of the very rows filtered on shows 100% bars). The best count reading answers, the
  // carried rate is named.
  if (isCarried(best) && a.count && !a.share && !a.rate && isShare(plan)) {
    const oneValue = (c: Candidate) => c.plan.groupBy.some((g) => c.plan.filters.some((f) => f.field === g.field && f.op === "eq"));
    // Conditions said now or filters the earlier answer kept; the condition of the carried rate is not one of them
    // ("how many customers are seniors" after "churn rate by payment method" counts seniors, churned or not).
    const said = new Set([
      ...(prevPlan?.filters.map((f) => f.field) ?? []),
      ...a.refs.filter((r) => r.turn === 0).flatMap((r) => r.cands.map((c) => c.name)),
      ...a.filters.flatMap((f) => f.options.map((o) => o.filter.field)),
    ]);
    // (A turn that names its own grouping replaces the earlier one.)
    const grouped = new Set([
      ...(completeTurn(a) ? [] : (prevPlan?.groupBy.map((g) => g.field) ?? [])),
      ...a.refs.filter((r) => r.turn === 0).flatMap((r) => r.cands.map((c) => c.name)),
    ]);
    // A reading that keeps the conversation first (the rate's grouping and filters), else this turn's own.
    const carriedFirst = [...ranked.filter((c) => isCarried(c)), ...ranked];
    const count = carriedFirst.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.measure.agg === "count" &&
        !isShare(c.plan) &&
        !oneValue(c) &&
        c.plan.filters.every((f) => said.has(f.field)) &&
        c.plan.groupBy.every((g) => grouped.has(g.field)),
    );
    if (count) return { best: count, instead: best };
  }
  // "show me everything about the fiat 128": a row named by its label (a title, a model) with nothing
  // asked of it but to see it is that row, not a count of one.
  if (plan.intent === "aggregate" && plan.measure.agg === "count" && !plan.groupBy.length && !a.count && !a.refs.some((r) => r.countOf)) {
    const labelled = plan.filters.some((f) => {
      const info = lex.byName.get(f.field);
      return f.op === "eq" && !!info?.codes && info.role !== "date" && info.distinct >= 0.9 * info.codes.length;
    });
    const rows = labelled ? ranked.find((c) => c.plan.intent === "rows" && JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters)) : undefined;
    if (rows) return { best: rows, instead: best };
  }
  // "what's the highest weight?": a superlative right before a number, no rows named nor listed,
  // asks for that one number (the rows ranked by it answer "the heaviest cars").
  if (plan.intent === "rows" && plan.limit === null && plan.x === null && plan.y && !a.list && !a.rowNoun && !a.supRows && !a.output.rows) {
    const y = plan.y;
    const said = a.refs.some((r) => r.supAgg && !r.via && r.cands.some((c) => c.name === y));
    const twin = said ? superlativeOfAll(ranked, y, plan) : undefined;
    if (twin) return { best: twin, instead: best };
  }
  // "which age occurs most often", "which mother's age is most common": the most frequent value of a
  // whole-number field asked after "which" is one of its values counted (its mode), not a range of bins.
  if (plan.intent === "distribution" && plan.x && a.which && a.count && a.superlative === "max" && !a.distribution) {
    const x = plan.x;
    const info = lex.byName.get(x);
    const asked = a.refs.some((r) => r.afterWhich && r.cands.some((c) => c.name === x));
    const twin =
      asked && info?.integer && info.role !== "date"
        ? ranked.find(
            (c) =>
              c.plan.intent === "aggregate" &&
              c.plan.measure.agg === "count" &&
              c.plan.measure.field === null &&
              c.plan.groupBy.length === 1 &&
              c.plan.groupBy[0].field === x &&
              c.plan.extraMeasures.length === 0 &&
              JSON.stringify(c.plan.filters) === JSON.stringify(plan.filters),
          )
        : undefined;
    if (twin) return { best: twin, instead: best };
  }
  // "how old is the oldest patient", "the heaviest baby's bwt": a superlative of one (singular) row of a
  // table whose rows have no name asks for that one number (a named row is said with its number anyway).
  if (plan.intent === "rows" && plan.limit === null && plan.x === null && plan.y && a.supRowOne && !a.list && !a.output.rows) {
    const y = plan.y;
    const named = [...lex.byName.values()].some((f) => !!f.codes && f.role !== "date" && f.distinct >= 0.5 * f.codes.length);
    const twin = named ? undefined : superlativeOfAll(ranked, y, plan);
    if (twin) return { best: twin, instead: best };
  }
  // "average monthly charges of seniors and non-seniors": a yes/no field said on both of its sides is
  // grouped by, never a measure.
  for (const field of a.bothSides) {
    if (plan.intent === "aggregate" && plan.groupBy.some((g) => g.field === field)) continue;
    const twin = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.groupBy.some((g) => g.field === field) &&
        ![c.plan.measure, ...c.plan.extraMeasures].some((m) => m.field === field) &&
        !c.plan.filters.some((f) => f.field === field),
    );
    if (twin) return { best: twin, instead: best };
  }
  if (plan.intent !== "aggregate") return null;
  // "churn rate by payment method for seniors", "only for senior citizens": a yes/no field said as the
  // rows wanted (no grouping word) selects them; it is not one more grouping.
  for (const g of plan.groupBy) {
    const r = a.refs.find((x) => x.turn === 0 && !x.via && x.cands.length === 1 && x.cands[0].name === g.field);
    if (!r || r.group || r.series || r.facet || r.each || r.afterWhich || saidAsGrouping(a, r)) continue;
    if (!["for", "among", "amongst", "only"].includes(r.before[0] ?? "")) continue;
    const rest = plan.groupBy.filter((x) => x !== g);
    const twin = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        JSON.stringify(c.plan.measure) === JSON.stringify(plan.measure) &&
        JSON.stringify(c.plan.groupBy) === JSON.stringify(rest) &&
        c.plan.filters.some((f) => f.field === g.field && f.op === "eq" && f.values.length === 1) &&
        JSON.stringify(c.plan.filters.filter((f) => f.field !== g.field)) === JSON.stringify(plan.filters),
    );
    if (twin) return { best: twin, instead: best };
  }
  // "churn rate for senior citizens": the field said right before "rate" is what is counted; the
  // other condition selects the rows (not the share of seniors among churned customers).
  if (plan.measure.agg === "rate" && plan.measure.field) {
    const named = a.refs.find((r) => r.rateOf && r.turn === 0 && !r.via);
    const counted = named?.cands.find((c) => c.name !== plan.measure.field && named.cands.length === 1);
    const twin = counted && rateTwin(ranked, plan, counted.name);
    if (twin) return { best: twin, instead: best };
  }
  // "probability of earning over 50k for men", "% shipped late among furniture orders": a condition
  // said after "for"/"among" selects the rows the share is taken over; the other one is counted.
  if (plan.measure.agg === "rate" && plan.measure.field) {
    const tokens = a.reading.tokens;
    const baseSaid = (field: string): boolean | null => {
      const atom = a.filters.find((f) => f.options.some((o) => o.filter.field === field));
      if (!atom) return null;
      let k = atom.pos - 1;
      // ("among mothers with smoke = 1": the field's own name, the rows' noun and "with" come between.)
      const own = (i: number) => a.refs.some((r) => r.turn === 0 && r.pos <= i && i < r.end && r.cands.some((c) => c.name === field));
      const rows = (i: number) => ROW_NOUNS.has(tokens[i].lemma) || lex.rowWords.has(tokens[i].lemma);
      while (k >= 0 && (["the", "a", "an", "all", "with", "who", "that", "whose"].includes(tokens[k].lemma) || own(k) || rows(k))) k--;
      return k >= 0 && ["for", "among", "amongst"].includes(tokens[k].lemma);
    };
    const counted = plan.measure.field;
    const other = plan.filters.find((f) => f.field !== counted && baseSaid(f.field) === false);
    const twin = baseSaid(counted) === true && other && rateTwin(ranked, plan, other.field);
    if (twin) return { best: twin, instead: best };
  }
  // So do "the most profitable state" and "the state with the highest sales": the group is named as
  // the thing ranked, not introduced by a grouping word ("the highest sales per state" ranks the
  // per-row maxima of each state, as said).
  if (best.feats.has("measure:supAgg") && plan.groupBy.length === 1 && plan.extraMeasures.length === 0) {
    const group = plan.groupBy[0].field;
    // (A time word names the time field too: "which 3 months had the lowest profit", "the months with
    // the lowest profit" rank the months' totals.)
    const lemmaAt = (i: number) => a.reading.tokens[i]?.lemma ?? "";
    const whichTime = (r: Atoms["refs"][number]) =>
      r.via === "time" && (isWhich(lemmaAt(r.pos - 1)) || (/^\d+$/.test(lemmaAt(r.pos - 1)) && isWhich(lemmaAt(r.pos - 2))));
    const ranked_ = (r: Atoms["refs"][number]) =>
      r.turn === 0 &&
      (!r.via || r.via === "time") &&
      !r.each &&
      !r.series &&
      !r.facet &&
      !["by", "per", "each", "every", "for", "across", "over"].includes(r.before[0] ?? "");
    const named = a.refs.some((r) => r.cands.some((c) => c.name === group) && (r.afterWhich || whichTime(r) || (!a.which && ranked_(r))));
    const measured = a.refs.find((r) => r.supAgg && r.cands.some((c) => c.name === plan.measure.field));
    // ("which device recorded the highest co2 reading?", "which region had the biggest single sale?": a
    // number said of one row, by a row noun right after it or "single" before it, is each group's largest row.)
    const oneRow = !!measured && (measured.singleRow || ROW_NOUNS.has(a.reading.tokens[measured.end]?.lemma ?? ""));
    if (named && measured && !oneRow) {
      const twin = ranked.find(
        (c) => c !== best && !c.feats.has("measure:supAgg") && c.plan.measure.agg !== plan.measure.agg && withAgg(c.plan, plan.measure.agg) === planKey(plan),
      );
      if (twin) return { best: twin, instead: best };
    }
  }
  // "number of movies released each year between 2000 and 2005": a field said with a grouping word
  // that the best reading only filters on, when the same reading also grouped by it exists. (A field
  // dropped altogether, "by customer name" on a table of a few rows per customer, is only named:
  // grouping it in that case answered worse.)
  for (const r of a.refs) {
    if (!saidAsGrouping(a, r)) continue;
    const shown = shownFields(plan);
    if (r.cands.some((c) => shown.has(c.name)) || !plan.filters.some((f) => r.cands.some((c) => c.name === f.field))) continue;
    const twin = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        c.plan.groupBy.length === plan.groupBy.length + 1 &&
        r.cands.some((x) => x.name === c.plan.groupBy[c.plan.groupBy.length - 1].field || x.name === c.plan.groupBy[0].field) &&
        planKey({ ...c.plan, groupBy: c.plan.groupBy.filter((g) => !r.cands.some((x) => x.name === g.field)), chart: plan.chart, sort: plan.sort }) ===
          planKey(plan),
    );
    if (twin) return { best: twin, instead: best };
  }
  // "as a share of each race instead": a share asked for and a count of rows given, when the share
  // of the same groups was read too. (A share of a measured number, "the proportion of the total
  // rating for each owner", is often its pie of totals: left as read, the note below names it.)
  if ((a.share || a.rate) && plan.measure.agg === "count" && plan.extraMeasures.length === 0) {
    const twin = ranked.find(
      (c) =>
        c.plan.intent === "aggregate" &&
        isShare(c.plan) &&
        JSON.stringify(c.plan.groupBy) === JSON.stringify(plan.groupBy) &&
        c.plan.extraMeasures.length === 0,
    );
    if (twin) return { best: twin, instead: best };
  }
  if (a.versus && plan.groupBy.length === 0) {
    // "East vs West", or values listed after "compare" ("compare sales between Furniture and Technology").
    const compareVerb = a.reading.tokens.some((t) => /^compar(e|ed|ing|ison)$/.test(t.lemma));
    const compared = a.filters.find((f) => f.listed >= 2 && (compareVerb || /\b(vs|versus|against|compared|than)\b/i.test(f.text)));
    const field = compared && plan.filters.find((f) => f.op === "in" && compared.options.some((o) => o.filter.field === f.field))?.field;
    if (field) {
      const twin = ranked.find(
        (c) =>
          c.plan.intent === "aggregate" &&
          c.plan.groupBy.length === 1 &&
          c.plan.groupBy[0].field === field &&
          planKey({ ...c.plan, groupBy: [], chart: plan.chart }) === planKey(plan),
      );
      if (twin) return { best: twin, instead: best };
    }
  }
  return null;
}

/**
 * The reading with the same groups that counts `field` instead, the rate's counted field becoming a
 * filter: the two readings of a rate with two conditions ("churn rate for senior citizens").
 */
function rateTwin(ranked: Candidate[], plan: AnalysisPlan, field: string): Candidate | undefined {
  return ranked.find(
    (c) =>
      c.plan.intent === "aggregate" &&
      c.plan.measure.agg === "rate" &&
      c.plan.measure.field === field &&
      JSON.stringify(c.plan.groupBy) === JSON.stringify(plan.groupBy) &&
      c.plan.filters.some((f) => f.field === plan.measure.field),
  );
}

/** The turn names a measure (with an aggregate word or "number of") and a grouping of its own. */
export function completeTurn(a: Atoms): boolean {
  return a.refs.some((r) => r.turn === 0 && (r.agg !== null || r.countOf)) && a.refs.some((r) => r.turn === 0 && (r.group || r.series));
}

/**
 * "monthly Sales over Order Date": a grain, a time field grouped by and a number named in the turn itself (no
 * aggregate word needed: the grain says the number is combined per period).
 */
function timedQuestion(a: Atoms, lex: TableLexicon, grainOnly = false): boolean {
  if (!a.bucket) return false;
  const field = (r: Atoms["refs"][number]) => (r.cands.length === 1 ? lex.byName.get(r.cands[0].name) : undefined);
  const own = a.refs.filter((r) => r.turn === 0);
  const time = own.find((r) => (r.group || r.xAxis) && field(r) !== undefined && isTimeField(field(r) as FieldInfo));
  // ("monthly Sales": the grain alone, no other grouping said, implies the table's time field; `grainOnly`.)
  if (!time && (!grainOnly || own.some((r) => r.group || r.series || r.facet))) return false;
  return own.some((r) => r !== time && !r.group && !r.series && !r.facet && field(r)?.role === "number");
}

/**
 * "show monthly charges by internet service" (a number field and a grouping named now, no aggregate word), or a
 * question word opening a turn that asks for a number of its own ("which payment method has the highest churn?",
 * "what's the average monthly charge for customers who churned?"): a new question unless a word ties it back.
 */
function looseQuestion(a: Atoms, lex: TableLexicon, prevPlan: AnalysisPlan | null): boolean {
  const own = a.refs.filter((r) => r.turn === 0);
  const field = (r: Atoms["refs"][number]) => (r.cands.length === 1 ? lex.byName.get(r.cands[0].name) : undefined);
  const grouped = own.some((r) => r.group || r.series || r.afterWhich || r.ranked);
  // ("top 5 states by profit": after a ranked field, the field after "by" is the number ranked by.)
  const ranked = own.find((r) => r.ranked);
  // (Not a field the earlier answer was grouped by: "segregate the cylinders by their origin" splits those groups.)
  const earlierGroups = new Set(prevPlan?.groupBy.map((g) => g.field));
  // ("top 5 customers by TotalCharges": "by" a number after a limit on the rows' noun ranks the rows by it.)
  const rowsRanked = !!a.limit && a.rowNoun;
  const numberNamed = own.some(
    (r) =>
      r !== ranked &&
      (!r.group || ranked || rowsRanked) &&
      !r.series &&
      !r.facet &&
      !r.afterWhich &&
      field(r)?.role === "number" &&
      !earlierGroups.has(r.cands[0].name),
  );
  if (grouped && numberNamed) return true;
  const first = a.reading.tokens.find((t) => t.kind === "word");
  // (A count is left to the count readings of `repick`, which keep or drop the earlier grouping.)
  // ("what percentage of tickets were escalated?": a share word asks a number of its own too.)
  const asks = !a.count && (a.looseAgg !== null || a.superlative !== null || a.share || a.rate || own.some((r) => r.agg || r.supAgg || r.rateOf));
  // (The number is a field named now: "which one was highest?" / "which month was best?" ask about the earlier answer.)
  const measureNamed = own.some((r) => !r.group && !r.series && !r.facet && !r.afterWhich && !r.via && !r.ranked);
  // ("what is the heaviest car?": a question for the row a number of its own ranks first, said with the rows' noun.)
  const rowAsked = !!a.supRows && a.rowNoun && own.length === 1 && own[0].via === "adjective" && !earlierGroups.has(own[0].cands[0].name);
  // ("what percent of tickets are urgent?": a share of the rows holding a value said now.)
  const shareOfValue = (a.share || a.rate) && a.filters.length > 0;
  // ("which payment method is most common?" after "count of customers by contract": the field after "which", ranked by a
  // superlative, is the question's own grouping; not a field the earlier answer was grouped by.)
  // (A category field, after no answer over time: "which month was the best?" after sales by month asks about that answer.)
  const whichOwn =
    a.superlative !== null &&
    !prevPlan?.groupBy.some((g) => g.bucket) &&
    own.some((r) => r.afterWhich && r.cands.length === 1 && !earlierGroups.has(r.cands[0].name) && field(r)?.role === "category" && !field(r)?.yearLike);
  if (first && QUESTION_OPENERS.has(first.lemma) && ((asks && (measureNamed || rowAsked || shareOfValue)) || whichOwn)) return true;
  // ("average tenure for that contract" after a churn rate by contract: a turn opening with an aggregate word and a
  // number field of its own, not the earlier measure, asks its own number.)
  const opener = a.reading.mentions.find((m) => m.start === 0);
  const aggFirst = opener?.kind === "word" && opener.hits.some((h) => h.category === "agg");
  return (
    aggFirst &&
    own.some(
      (r) =>
        r.pos === opener.end &&
        r.agg &&
        r.agg !== "count" &&
        !r.group &&
        !r.series &&
        field(r)?.role === "number" &&
        r.cands[0].name !== prevPlan?.measure.field,
    )
  );
}

/**
 * A complete turn, or one naming a rate of its own and a grouping ("churn rate by contract"): a new
 * question whatever the earlier turn asked. (Kept apart from `completeTurn`, whose features the
 * weights were learned on.)
 */
function ownQuestion(a: Atoms): boolean {
  return completeTurn(a) || (a.refs.some((r) => r.turn === 0 && r.rateOf) && a.refs.some((r) => r.turn === 0 && (r.group || r.series)));
}

/**
 * "average rate for rural areas" then "compare that with urban": a comparison word and one value of the field
 * the earlier one-number answer kept one value of: both values side by side (grouped by their field), not the
 * new value alone.
 */
function sideBySideReading(a: Atoms, plan: AnalysisPlan, prevPlan: AnalysisPlan | null): AnalysisPlan | null {
  if (!prevPlan || !a.versus || a.filters.length !== 1 || a.refs.some((r) => r.turn === 0 && !a.filters[0].refs.includes(r.id))) return null;
  if (plan.intent !== "aggregate" || plan.groupBy.length || prevPlan.intent !== "aggregate" || prevPlan.groupBy.length) return null;
  const now = plan.filters.find(
    (f) => f.op === "eq" && f.values.length === 1 && !f.otherField && a.filters[0].options.some((o) => JSON.stringify(o.filter) === JSON.stringify(f)),
  );
  const before = now && prevPlan.filters.find((f) => f.field === now.field && f.op === "eq" && f.values.length === 1 && !f.otherField);
  if (!now || !before || before.values[0] === now.values[0] || JSON.stringify(plan.measure) !== JSON.stringify(prevPlan.measure)) return null;
  const both = { field: now.field, op: "in", values: [before.values[0], now.values[0]] } as AnalysisPlan["filters"][number];
  return { ...plan, filters: plan.filters.map((f) => (f === now ? both : f)), groupBy: [{ field: now.field, bucket: null }], chart: "bar" };
}

/**
 * "average speed by experiment" then "compare that with the median" / "compare it with pregnanetriol": the
 * earlier groups with a second measure beside the first (another aggregate of the same number, or the same
 * aggregate of another number), not the new measure alone nor one plotted against the other.
 */
function comparedMeasureReading(a: Atoms, prevPlan: AnalysisPlan | null, lex: TableLexicon): AnalysisPlan | null {
  if (!prevPlan || prevPlan.intent !== "aggregate" || prevPlan.groupBy.length !== 1 || prevPlan.extraMeasures.length || prevPlan.having) return null;
  if (!a.reading.tokens.some((t) => t.lemma === "compare" || t.lemma === "compared") || a.filters.length) return null;
  const m = prevPlan.measure;
  if (!m.field || !HAVING_AGGS.has(m.agg) || m.per || m.condition) return null;
  const own = a.refs.filter((r) => r.turn === 0);
  let extra: Measure | null = null;
  if (!own.length && a.looseAgg && HAVING_AGGS.has(a.looseAgg) && a.looseAgg !== m.agg) extra = { agg: a.looseAgg, field: m.field };
  else if (own.length === 1 && own[0].cands.length === 1 && !own[0].group && !own[0].series) {
    const info = lex.byName.get(own[0].cands[0].name);
    const agg = own[0].agg ?? a.looseAgg ?? m.agg;
    if (info?.numbers && info.role !== "date" && info.name !== m.field && HAVING_AGGS.has(agg)) extra = { agg, field: info.name };
  }
  if (!extra) return null;
  return { ...prevPlan, extraMeasures: [extra], sort: null, limit: null, chart: "groupedBar" };
}

/**
 * "pregnanetriol of type c patients" (one average) then "sorted": one number has nothing to sort; the rows behind
 * it (its filters), sorted by its number, largest first unless the turn says otherwise.
 */
function sortedRowsReading(a: Atoms, plan: AnalysisPlan, prevPlan: AnalysisPlan | null, ranked: Candidate[]): AnalysisPlan | null {
  if (!prevPlan || prevPlan.intent !== "aggregate" || prevPlan.groupBy.length || !prevPlan.measure.field || prevPlan.measure.per) return null;
  if (JSON.stringify(plan) !== JSON.stringify(prevPlan) || a.refs.some((r) => r.turn === 0) || a.filters.length || a.limit) return null;
  const said = a.reading.mentions;
  if (!said.length || !said.every((m) => m.kind === "word" && m.hits.some((h) => h.category === "sort" || h.category === "followUp"))) return null;
  if (!said.some((m) => m.kind === "word" && m.hits.some((h) => h.category === "sort"))) return null;
  const field = prevPlan.measure.field;
  const rows = ranked.find((c) => c.plan.intent === "rows" && c.plan.y === field && JSON.stringify(c.plan.filters) === JSON.stringify(prevPlan.filters));
  if (!rows) return null;
  return { ...rows.plan, sort: { by: "value", order: a.sort?.order ?? "desc" }, limit: null };
}

/**
 * "average tetrahydrocortisone for type b" then "what's the highest pregnanetriol?": a turn that asks for a number
 * of its own (an aggregate, count or superlative word and a field), with no follow-up word or word pointing back,
 * answered with an earlier turn's filters kept: those filters, so the answer says it kept them.
 */
function carriedFilters(a: Atoms, best: Candidate, prevPlan: AnalysisPlan | null): AnalysisPlan["filters"] {
  if (!prevPlan || !isCarried(best)) return [];
  if (a.followUp || a.addOn || a.others || a.unfilter || pointsBack(a)) return [];
  const own = a.refs.filter((r) => r.turn === 0);
  // ("tenure distribution" after "how many customers churned?": a shape asked now keeps the earlier filter, said.)
  if (!own.length || !(a.count || a.looseAgg || a.superlative || ownShape(a) || own.some((r) => r.agg || r.countOf || r.supAgg))) return [];
  const said = new Set([...a.filters.flatMap((f) => f.options.map((o) => o.filter.field)), ...own.flatMap((r) => r.cands.map((c) => c.name))]);
  const earlier = new Set(prevPlan.filters.map((f) => JSON.stringify(f)));
  return best.plan.filters.filter((f) => !said.has(f.field) && earlier.has(JSON.stringify(f)));
}

/** Words asking only for a way to show the answer ("chart and table", "as a table"; not "list the rows"). */
const SHOWN_ONLY = new Set<string>(grammar.index.shownOnly);
/** Words after which a word states a condition on the rows ("customers with a pet", "who own a boat"). */
const CONDITION_WORDS = new Set<string>(grammar.index.conditionWords);
/** Words opening a question of its own ("what's the average ...", "which ... has the highest ..."). */
const QUESTION_OPENERS = new Set<string>(words.newQuestion.openers);
const BACK_WORDS = new Set<string>(grammar.index.backWords);
/** "is there", "are there", "there were": "there" that only says something exists points back to nothing. */
const BE_WORDS = new Set<string>(grammar.index.beWords);
/**
 * A count asked as a question of its own: no follow-up or add-on word, nothing pointing back, no limit or ranking,
 * and no field of this turn it groups, splits or ranks by ("how many customers?" after a ranking or a rate).
 */
const asksOwnCount = (a: Atoms) =>
  a.count &&
  !a.followUp &&
  !a.addOn &&
  !pointsBack(a) &&
  !a.limit &&
  !a.superlative &&
  !a.refs.some((r) => r.turn === 0 && (r.group || r.series || r.facet || r.afterWhich || r.ranked));

const pointsBack = (a: Atoms) =>
  a.reading.tokens.some(
    (t, i, all) => BACK_WORDS.has(t.lemma) && !(t.lemma === "there" && (BE_WORDS.has(all[i - 1]?.lemma ?? "") || BE_WORDS.has(all[i + 1]?.lemma ?? ""))),
  );

/** An unknown word right after "<aggregate word> <superlative or limit word>" ("average top speed", "mean highest price"). */
function aggregatedUnknown(a: Atoms, lex: TableLexicon): Atoms["unknown"][number] | null {
  const { mentions, at } = a.reading;
  const mentionAt = (k: number) => (k >= 0 ? mentions[at[k]] : undefined);
  for (const u of a.unknown) {
    if (u.slot !== "other") continue;
    const mid = mentionAt(u.pos - 1);
    if (!mid || mid.kind !== "word" || !mid.hits.some((h) => h.category === "superlative" || h.category === "limit")) continue;
    const agg = mentionAt(mid.start - 1);
    if (agg && agg.kind === "word" && agg.hits.some((h) => h.category === "agg" && h.key !== "count")) return u;
  }
  // "average customer satisfaction score": unknown words right after an aggregate word (over a word
  // for the rows or a name that only partly names an identifier) are the number asked for.
  const idLike = (name: string) => {
    const info = lex.byName.get(name);
    return !!info?.codes && info.distinct >= 0.9 * info.codes.length;
  };
  const isNumber = (name: string) => {
    const info = lex.byName.get(name);
    return !!info && info.numbers !== null && info.role !== "date";
  };
  for (const u of a.unknown) {
    if (u.slot !== "other" && u.slot !== "measure") continue;
    let k = u.pos - 1;
    while (k >= 0) {
      const m = mentionAt(k);
      if (!m) break;
      const skip =
        m.kind === "unknown" ||
        (m.kind === "word" && m.hits.every((h) => h.category === "rowNoun")) ||
        // ("average customer age": a word naming a field of text only partly qualifies what is averaged.)
        (m.kind === "field" && m.fields.every((f) => idLike(f.name) || !isNumber(f.name)) && m.fields.every((f) => f.score < 0.9));
      if (!skip) break;
      k = m.start - 1;
    }
    const agg = mentionAt(k);
    if (agg && agg.kind === "word" && agg.hits.some((h) => h.category === "agg" && h.key !== "count")) return u;
  }
  return null;
}

const GROUP_WORDS = new Set<string>(grammar.index.groupWords);
const EACH_WORDS = new Set<string>(grammar.index.eachWords);

/**
 * A field mention of this turn said as a grouping: "by X", "each X", "per X", "split by X",
 * "released each year" (the word inside the words read as the field). Only these plain words count
 * ("over 30 mpg" is a comparison, "paying by check" a value).
 */
function saidAsGrouping(a: Atoms, r: Atoms["refs"][number]): boolean {
  if (r.turn !== 0 || r.via) return false;
  const inside = a.reading.tokens.slice(r.pos + 1, r.end - 1).map((t) => t.lemma);
  return r.each || r.series || r.facet || GROUP_WORDS.has(r.before[0] ?? "") || inside.some((w) => EACH_WORDS.has(w));
}

/** The turn states a condition on the field an earlier rate counts ("how many churned" after a churn rate). */
function conditionOnRateField(a: Atoms, plan: AnalysisPlan): boolean {
  const own = new Set([plan.measure.field, plan.measure.condition?.field].filter((f): f is string => !!f));
  return a.filters.some((f) => f.options.some((o) => own.has(o.filter.field))) || a.refs.some((r) => r.turn === 0 && r.cands.some((c) => own.has(c.name)));
}

const isShare = (plan: AnalysisPlan) => [plan.measure, ...plan.extraMeasures].some((m) => m.agg === "share" || m.agg === "rate");

/** Words of the question the chosen plan does not honour, named (with the reading that would). */
function unhonoured(a: Atoms, best: Candidate, ranked: Candidate[], notes: string[]): string[] {
  const out: string[] = [];
  const plan = best.plan;
  const alternative = (pick: (c: Candidate) => boolean): boolean => {
    const c = ranked.find((x) => x !== best && pick(x));
    if (!c) return false;
    const note = `alternative:${planKey(c.plan)}`;
    if (!notes.includes(note) && !out.includes(note)) out.push(note);
    return true;
  };
  const shown = shownFields(plan);
  // "by senior citizen", "each year": a field said as a grouping that the plan only filters on (or drops).
  for (const r of a.refs) {
    if (!saidAsGrouping(a, r) || r.cands.some((c) => shown.has(c.name))) continue;
    const fields = new Set(r.cands.map((c) => c.name));
    if (!alternative((c) => c.plan.groupBy.some((g) => fields.has(g.field)))) out.push(`notGrouped:${r.cands[0].name}:${r.text}`);
  }
  // "customers without internet" grouped by InternetService: the negation was not applied.
  for (const r of a.refs) {
    if (r.turn !== 0 || r.via || !r.negated) continue;
    const field = r.cands.find((c) => shown.has(c.name))?.name;
    if (!field || plan.filters.some((f) => f.field === field)) continue;
    const neg = a.reading.mentions.find((m) => m.kind === "word" && m.end <= r.pos && m.end >= r.pos - 2 && m.hits.some((h) => h.category === "neg"));
    out.push(`ignored:${neg ? `${neg.text} ${r.text}` : r.text}`);
  }
  // "weigh over 4000 lbs or have more than 200 hp" read as both conditions: an "or" between two
  // conditions the plan joins with "and" is named.
  const tokens = a.reading.tokens;
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k].lemma !== "or" || a.filters.some((f) => f.pos <= k && k < f.end)) continue;
    const inPlan = (f: Atoms["filters"][number]) =>
      f.options.some((o) => plan.filters.some((p) => p.field === o.filter.field && JSON.stringify(p.values) === JSON.stringify(o.filter.values)));
    const before = a.filters.some((f) => f.end <= k && k - f.end <= 3 && inPlan(f));
    const after = a.filters.some((f) => f.pos > k && f.pos - k <= 4 && inPlan(f));
    if (before && after) out.push(`ignored:${tokens[k].raw}`);
  }
  // "more than 3 items" with no field for "items" (a row word, an unknown word): the number went to a
  // field the words did not name, which the answer says.
  for (const atom of a.filters) {
    if (atom.kind !== "compare" && atom.kind !== "range") continue;
    const used = atom.options.find((o) => plan.filters.some((f) => f.field === o.filter.field && JSON.stringify(f.values) === JSON.stringify(o.filter.values)));
    if (!used || used.how === "guess" || a.units.some((u) => u.field === used.filter.field)) continue;
    // "weigh over 4000 lbs": the field was said right before the comparison.
    if (a.refs.some((r) => r.end >= atom.pos - 1 && r.end <= atom.pos && r.cands.some((c) => c.name === used.filter.field))) continue;
    const next = atom.end < a.reading.tokens.length ? a.reading.mentions[a.reading.at[atom.end]] : undefined;
    const unnamed = next && (next.kind === "unknown" || (next.kind === "word" && next.hits.some((h) => h.category === "rowNoun")));
    if (unnamed) out.push(`guess:${used.filter.field}:${atom.text} ${next.text}`);
  }
  // "tenure above 2 years" read as Contract = "Two year": a value of a text field right after a
  // comparison word, where a compared number was more likely meant; the answer says how it read it.
  for (const atom of a.filters) {
    if (atom.kind !== "value" || atom.pos === 0) continue;
    const used = atom.options.find((o) => plan.filters.some((f) => f.field === o.filter.field && JSON.stringify(f.values) === JSON.stringify(o.filter.values)));
    const before = a.reading.mentions[a.reading.at[atom.pos - 1]];
    if (!used || !before || before.kind !== "word" || !before.hits.some((h) => h.category === "cmp")) continue;
    if (!/^\d/.test(atom.text)) continue;
    out.push(`cmpValue:${used.filter.field}:${before.text} ${atom.text}`);
  }
  // "as a share", "churn rate": a share asked for and a plain count or total given (a percent ratio, "conversion
  // rate" = conversions / sessions, is one).
  if ((a.share || a.rate) && plan.intent === "aggregate" && !isShare(plan) && !plan.measure.per?.percent && !plan.measure.fromPreviousPercent) {
    const word = a.reading.mentions.find((m) => m.kind === "word" && m.hits.some((h) => h.category === "share" || h.category === "rate"));
    if (!alternative((c) => c.plan.intent === "aggregate" && (c.plan.measure.agg === "share" || c.plan.measure.agg === "rate")))
      out.push(`ignored:${word ? word.text : "share"}`);
  }
  return out;
}

/** "count of quakes by magnitude": a number said as the grouping ("by", "per") but counted in ranges, while it has
 * few enough values to be groups of their own: said, as a possible misreading. */
function binnedGroups(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): string[] {
  if (plan.intent !== "distribution" || !plan.x) return [];
  const info = lex.byName.get(plan.x);
  if (!info || isTimeField(info) || info.distinct > MANY_GROUPS) return [];
  const grouped = a.refs.some((r) => r.turn === 0 && r.group && r.cands.some((c) => c.name === plan.x));
  return grouped ? [`binnedGroups:${plan.x}:${info.distinct}`] : [];
}

/** Many groups (more than MANY_GROUPS values, or a measured number as groups): said, as a likely misreading. */
export const MANY_GROUPS = 50;
/** At most this many different values of a number are groups of their own (the bound of a discrete number, columns.ts). */
const FEW_LEVELS = 12;

function manyGroups(plan: AnalysisPlan, lex: TableLexicon): string[] {
  const out: string[] = [];
  for (const g of plan.groupBy) {
    const info = lex.byName.get(g.field);
    if (!info || isTimeField(info)) continue;
    // (A measured number of a handful of values, a rating of 3.5 / 4 / 4.5, is as good a grouping as a discrete one.)
    const continuous = info.role === "number" && !info.discrete && info.distinct > FEW_LEVELS;
    if (continuous || info.distinct > MANY_GROUPS) out.push(`manyGroups:${g.field}:${info.distinct}`);
  }
  return out;
}

/**
 * "when did airmiles first exceed 10000", "what year did the population last fall below 50": the earliest / latest
 * year of the rows the conditions keep (min / max of the one year-like field), not their count; stated.
 */
function firstTimeReading(a: Atoms, plan: AnalysisPlan, lex: TableLexicon): { plan: AnalysisPlan; note: string } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length > 1 || plan.change || plan.having || plan.within) return null;
  const years = timeFields(lex);
  if (years.length !== 1 || years[0].role === "date") return null;
  const year = years[0].name;
  if (plan.measure.field === year || plan.groupBy.some((g) => g.field !== year)) return null;
  if (!plan.filters.length || plan.filters.some((f) => f.field === year)) return null;
  const tokens = a.reading.tokens;
  const asked = tokens.some((t, k) => t.lemma === "when" || (k > 0 && ["which", "what"].includes(tokens[k - 1].lemma) && t.lemma === "year"));
  const k = tokens.findIndex((t) => SERIES_FIRST.has(t.lemma) || SERIES_LAST.has(t.lemma));
  if (!asked || k < 0) return null;
  const first = SERIES_FIRST.has(tokens[k].lemma);
  return {
    plan: { ...plan, measure: { agg: first ? "min" : "max", field: year }, groupBy: [], sort: null, limit: null, chart: "none" },
    note: `readAs:the ${first ? "earliest" : "latest"} ${year} of the rows that match:${tokens[k].raw}`,
  };
}

/** The words of tokens [from, to) as typed. */
function spanOf(tokens: Token[], from: number, to: number): string {
  return tokens
    .slice(from, to)
    .map((t) => t.raw)
    .join(" ");
}
