// The generator: every plan consistent with the question's mentions (attach.ts), each with the
// features the scoring function weighs (weights learned by scripts/train-chat.ts). A candidate
// says which field each mention became and what role it plays, which option each filter took,
// and the plan that follows; the scoring picks one, or asks back when two differ only in a field
// the question leaves open.
import type { FieldInfo } from "../columns";
import { isTimeField, numericIds } from "../columns";
import type { Aggregate, AnalysisPlan, ChartKind, Filter, GroupBy, Measure, TimeBucket } from "../plan";
import { isCyclicBucket } from "../plan";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../execute";
import {
  addsUp,
  countedThingField,
  isElapsedTime,
  saidAsAmount,
  linesByVerb,
  namedAsCode,
  SUBJECT_FIELDS,
  variesWithin,
  nameWords,
  type TableLexicon,
} from "./lexicon";
import { singularize } from "./tokens";
import { ROW_NOUNS } from "./vocabulary";
import words from "../vocab/words.json";
import { absentValueFor, flagFor, type Atoms, type FilterAtom, type Ref } from "./attach";
import grammar from "../vocab/grammar.json";

export type Features = Map<string, number>;

export type Role = "measure" | "group" | "series" | "x" | "y" | "label" | "sort" | "flag" | "distinct" | "ignore";

export interface Choice {
  /** "ref:<id>" or "filter:<id>": a mention whose field the question leaves open. */
  key: string;
  field: string;
  /** How many fields it could have been. */
  of: number;
  text: string;
}

export interface Candidate {
  plan: AnalysisPlan;
  feats: Features;
  choices: Choice[];
  notes: string[];
  /** Short description for debugging and training logs. */
  sig: string;
  score: number;
  /** Field names the question said that this reading leaves unused. */
  ignored?: string[];
}

export type FieldType = "cont" | "disc" | "year" | "date" | "cat" | "text" | "flag";

export function fieldType(f: FieldInfo, lex: TableLexicon, saidAsCode = false): FieldType {
  if (lex.flagFields.has(f.name) && f.role !== "date") return "flag";
  if (f.role === "date") return "date";
  if (f.yearLike) return "year";
  if (f.role === "number") return (f.discrete && !crossCount(f, lex)) || (saidAsCode && repeatedCode(f)) ? "disc" : "cont";
  if (f.role === "category" && f.distinct <= 60) return "cat";
  return "text";
}

/** "For each member id": whole numbers named as a code ("Member_ID", "store_no") that repeat over rows are keys
 * where the question says the code word too ("for premium members" names the members, not their ids). */
function repeatedCode(f: FieldInfo): boolean {
  return f.integer && namedAsCode(f.name) && f.distinct >= 2 && f.distinct * 2 <= (f.numbers?.length ?? 0);
}

/**
 * A count column of a cross table (ncases by agegp x alcgp x tobgp: every text field a category of few labels,
 * none naming the rows) is a quantity: its few whole numbers are no groups. Cached per lexicon.
 */
const crossTables = new WeakMap<TableLexicon, boolean>();
function crossCount(f: FieldInfo, lex: TableLexicon): boolean {
  if (!lex.countFields.has(f.name)) return false;
  let cross = crossTables.get(lex);
  if (cross === undefined) {
    const rows = lex.fields[0]?.codes?.length ?? lex.fields[0]?.numbers?.length ?? 0;
    cross = lex.fields.every((g) => !g.codes || g.role === "date" || g.distinct < 0.5 * rows);
    crossTables.set(lex, cross);
  }
  return cross;
}

/** Identifier-like text: a name or id per row (Title, Customer Name, Order ID). */
export function idLike(f: FieldInfo, rowCount: number): boolean {
  return f.codes !== null && f.distinct > 50 && f.distinct >= 0.2 * rowCount;
}

/** A column of counts (cases, units, sales as whole numbers): "how many" of it is its total. */
function countColumn(f: FieldInfo, lex: TableLexicon): boolean {
  return f.role === "number" && f.integer && f.min >= 0 && (addsUp(f) || lex.countFields.has(f.name));
}

/**
 * A whole-number field whose one-word name is a singular noun ("Chick", "Subject"), said in the plural
 * ("chicks") over a numbering 1..n: the things numbered. (A name said as it is, "passengers" or "cases", stays a quantity.)
 */
function pluralOfCodeName(r: Ref, f: FieldInfo): boolean {
  if (f.role !== "number" || !f.integer || r.cands.length !== 1 || r.agg) return false;
  // A numbering: every whole number from 1 (or 0) up to the largest is used ("weights", "ages" and
  // "distances" said in the plural are still quantities).
  // (Or a numbering that starts further up, each number one row: patient 1001..1180.)
  if (f.min < 0 || f.distinct < 5 || f.max - f.min + 1 !== f.distinct) return false;
  if (f.min > 1 && !oneRowEach(f)) return false;
  const name = nameWords(f.name);
  const said = r.text.trim().toLowerCase();
  if (name.length === 1 && said !== singularize(said) && SUBJECT_FIELDS.has(name[0]) && SUBJECT_NOUNS.has(singularize(said))) return true;
  // ("How many Subject have effort over 12", as nvBench writes it: a singular noun right after "how many" or
  // "number of" is the things counted too; a quantity is said in the plural, "how many children".)
  const countedSingular = said === name[0] && howManyOf(r);
  return name.length === 1 && (said !== name[0] || countedSingular) && singularize(said) === name[0] && f.name.toLowerCase() === name[0];
}
/** Every present value of the field is on one row only. */
function oneRowEach(f: FieldInfo): boolean {
  if (!f.numbers) return false;
  let present = 0;
  for (const x of f.numbers) if (!Number.isNaN(x)) present++;
  return present > 0 && f.distinct === present;
}
// ("how many boys" over Subject, said by a people noun: lexicon.ts, words.json subjectNouns.)
const SUBJECT_NOUNS = new Set<string>(words.subjectNouns.nouns.map(singularize));

/** The field is said right after "how many" or "number of" ("how many cases", "total number of claims"). */
function howManyOf(r: Ref): boolean {
  return r.countOf && ((r.before[0] === "many" && r.before[1] === "how") || (r.before[0] === "of" && r.before[1] === "number"));
}

/** The aggregate a number gets when none is said: the total of amounts that add up, else the average. */
export function defaultAgg(f: FieldInfo, lex: TableLexicon, said = ""): Aggregate {
  const perPeriod = lex.perPeriodFields.has(f.name) && !saidAsAmount(said, f);
  return (addsUp(f) && !perPeriod) || lex.countFields.has(f.name) ? "sum" : "mean";
}

export function autoBucket(info: FieldInfo): TimeBucket {
  // Dates read from period labels ("1995 Q2") group by the period they name.
  if (info.grain) return info.grain;
  // A few distinct dates: each date is its own group.
  if (info.distinct <= 40) return "day";
  // One row per calendar date (a daily or monthly series, "Plot the unemploy over date"): each row is
  // its own point; a coarser grain would average the very values asked for.
  if (info.numbers && info.distinct <= 1000) {
    let present = 0;
    let midnight = true;
    for (const x of info.numbers)
      if (!Number.isNaN(x)) {
        present++;
        if (x % 86_400_000 !== 0) midnight = false;
      }
    if (midnight && present === info.distinct) return "day";
  }
  const days = (info.max - info.min) / 86_400_000;
  if (!Number.isFinite(days)) return "month";
  if (days <= 90) return "day";
  if (days <= 370) return "week";
  if (days <= 366 * 8) return "month";
  return "year";
}

interface Slot {
  ref: Ref;
  field: FieldInfo;
  role: Role;
}

interface Context {
  a: Atoms;
  lex: TableLexicon;
  rowCount: number;
  out: Candidate[];
  seen: Set<string>;
  /** The question's cues, computed once. */
  cues: string[];
  /** Features of a (mention, field, role, first) slot, computed once. */
  slotFeats: Map<string, [string, number][]>;
}

const add = (feats: Features, name: string, v = 1) => {
  if (v !== 0) feats.set(name, (feats.get(name) ?? 0) + v);
};

/** Cue names present in the question (used as cue x shape features). */
function cues(a: Atoms): string[] {
  const out: string[] = [];
  if (a.count) out.push("count");
  if (a.countRows) out.push("countRows");
  if (a.share) out.push("share");
  if (a.rate) out.push("rate");
  if (a.relation) out.push("relation");
  if (a.versus) out.push("versus");
  if (a.distribution) out.push("distribution");
  if (a.list) out.push("list");
  if (a.which) out.push("which");
  if (a.superlative) out.push("superlative");
  if (a.supRows) out.push("supRows");
  if (a.limit) out.push("limit");
  if (a.sort) out.push(a.sort.by === "key" ? "sortKey" : "sortValue");
  if (a.bucket) out.push("bucket");
  if (a.overTime) out.push("overTime");
  if (a.chart) out.push(`chart:${a.chart}`);
  if (a.chartWord) out.push("chartWord");
  if (a.facetWord) out.push("facetWord");
  if (a.stacked) out.push("stacked");
  if (a.looseAgg) out.push("looseAgg");
  if (a.aggWords) out.push("aggWord");
  if (a.output.numberOnly) out.push("numberOnly");
  if (a.rowNoun) out.push("rowNoun");
  if (a.eachRow) out.push("eachRow");
  if (a.yFirst) out.push("yFirst");
  if (a.strayNumbers.length) out.push("strayNumber");
  if (a.filters.length) out.push("filters");
  if (a.refs.length === 0) out.push("noRefs");
  if (a.refs.length >= 3) out.push("manyRefs");
  return out;
}

function chartFor(shape: string, a: Atoms, groups: { field: FieldInfo }[], agg: Aggregate, measures: number): ChartKind {
  const timeFirst = groups.length > 0 && isTimeField(groups[0].field) && !isCyclicBucket(a.bucket);
  if (shape === "scalar") return "none";
  // A histogram asked for over labelled rows or groups is drawn with bars ("a histogram of the average capacity by year").
  const bars = a.chart === "bar" || a.chart === "histogram";
  if (shape === "rows") return a.chart === "pie" ? "pie" : bars ? "bar" : "table";
  if (a.chart === "table" && !a.output.chartAndTable) return "table";
  if (shape === "aggScatter") return "scatter";
  if (groups.length === 1 && a.chart === "pie" && measures === 1) return "pie";
  // "the average parity for each age, show in a scatter chart": one point per value of a number field.
  if (groups.length === 1 && a.chart === "scatter" && measures === 1 && groups[0].field.role === "number") return "scatter";
  // "the proportion of each industry": shares of a whole, one grouping, no other chart asked for.
  if (groups.length === 1 && !a.chart && measures === 1 && (agg === "share" || (a.proportion && agg !== "rate")) && !timeFirst) return "pie";
  if (measures > 1) return "groupedBar";
  // (A line asked for over an ordered number field, "Temp for each Month in a line chart", is drawn; so is one asked
  // for over days of the week or months of the year.)
  if (groups.length === 1)
    return (timeFirst || (a.chart === "line" && (groups[0].field.role === "number" || isTimeField(groups[0].field)))) && !bars ? "line" : "bar";
  if (timeFirst && !bars) return "multiLine";
  if (a.stacked) return "stackedBar";
  if (a.grouped || a.facetWord) return "groupedBar";
  return agg === "count" || agg === "sum" || agg === "share" ? "stackedBar" : "groupedBar";
}

/** Function words whose presence right before a field tells its role ("by", "across", "separately"). */
const CUE_WORDS = new Set<string>(grammar.candidates.cueWords);

function refFeatures(feats: Features, s: Slot, ctx: Context, index: number) {
  const { ref, role } = s;
  if (role !== "ignore") {
    const w0 = ref.before[0];
    const w1 = ref.before[1];
    if (w0 && CUE_WORDS.has(w0)) add(feats, `role:${role}|prev:${w0}`);

    const a0 = ref.after[0];
    if (a0 && CUE_WORDS.has(a0)) add(feats, `role:${role}|next:${a0}`);
    // The cue right after the field ("capacity for each cinema", "names in ascending order"): what
    // follows a grouping word is the grouping, what precedes it is measured; a sort phrase after a
    // field sorts on it.
    const r = ctx.a.reading;
    if (ref.turn === 0 && ref.end <= r.tokens.length) {
      for (let k = ref.end; k < Math.min(r.tokens.length, ref.end + 2); k++) {
        const idx = r.at[k];
        if (idx < 0) continue;
        const m = r.mentions[idx];
        if (m.kind === "word" && m.hits.some((h) => h.category === "group")) add(feats, `role:${role}|next:@group`);
        if (m.kind === "word" && m.hits.some((h) => h.category === "sort")) add(feats, `role:${role}|next:@sort`);
        break;
      }
    }
  }
  const t = fieldType(s.field, ctx.lex, namedAsCode(s.ref.text));
  add(feats, `role:${role}`);
  add(feats, `role:${role}|type:${t}`);
  if (idLike(s.field, ctx.rowCount)) add(feats, `role:${role}|idlike`);
  // One value per row (an id, a title) lists rows; repeated names (customers with many orders) group them.
  if (s.field.codes && s.field.distinct >= 0.98 * ctx.rowCount) add(feats, `role:${role}|unique`);
  if (s.field.codes && s.field.distinct > 60) add(feats, `role:${role}|manyValues`);
  const flags: [string, boolean][] = [
    ["group", ref.group],
    ["each", ref.each],
    ["series", ref.series],
    ["facet", ref.facet],
    ["xAxis", ref.xAxis],
    ["yAxis", ref.yAxis],
    ["agg", ref.agg !== null],
    ["countOf", ref.countOf],
    ["distinctOf", ref.distinctOf],
    ["afterWhich", ref.afterWhich],
    ["ranked", ref.ranked],
    ["sortBy", ref.sortBy],
    ["negated", ref.negated],
    ["partial", ref.partial],
    ["first", index === 0],
    ["ambiguous", ref.cands.length > 1],
    ["adjective", ref.via === "adjective"],
    ["values", ref.via === "values"],
    ["timeWord", ref.via === "time"],
    ["oldTurn", ref.turn < 0],
  ];
  for (const [name, on] of flags) if (on) add(feats, `role:${role}|${name}`);
  if (role === "measure" && ref.agg && ref.agg !== "count") add(feats, `measure:agg|type:${t}`);
}

function finish(ctx: Context, plan: AnalysisPlan, feats: Features, choices: Choice[], notes: string[], sig: string) {
  const key = JSON.stringify(plan);
  if (ctx.seen.has(key)) {
    // The same plan reached another way: keep the better-featured one (the first, generated from the most direct reading).
    return;
  }
  ctx.seen.add(key);
  // Cue x shape (each question word against each kind of answer), and cue x kind of measure.
  const shape = [...feats.keys()].find((k) => k.startsWith("shape:"))?.slice(6) ?? sig.split(" ")[0];
  const m = plan.measure.agg;
  const mclass = plan.intent !== "aggregate" ? plan.intent : m === "count" || m === "distinct" ? "count" : m === "share" || m === "rate" ? "share" : "number";
  for (const c of ctx.cues) {
    add(feats, `cue:${c}|${shape}`);
    add(feats, `cue:${c}|m:${mclass}`);
  }
  ctx.out.push({ plan, feats, choices, notes, sig, score: 0 });
}

/** All filter option combinations (capped), each a list of chosen options with the atom they came from. */
function filterCombos(filters: FilterAtom[]): { atom: FilterAtom; option: number }[][] {
  let combos: { atom: FilterAtom; option: number }[][] = [[]];
  // A question has a handful of conditions; beyond twelve the rest are not read (and not silently: the notes say so).
  for (const f of filters.slice(0, 12)) {
    const next: { atom: FilterAtom; option: number }[][] = [];
    for (const c of combos) for (let o = 0; o < f.options.length && o < 12; o++) next.push([...c, { atom: f, option: o }]);
    combos = next.slice(0, 48);
  }
  return combos;
}

const MAX_REFS = 6;

const RECURRING = new Set<string>([...WEEKDAY_NAMES, ...MONTH_NAMES]);
/** A filter on days of the week or months of any year ("Saturday", "March"), not on one period. */
function recurringDate(f: Filter): boolean {
  return f.values.length > 0 && f.values.every((v) => typeof v === "string" && RECURRING.has(v));
}

/** The comparison keeping the rows a negated one leaves out. */
const OTHER_SIDE: Partial<Record<Filter["op"], Filter["op"]>> = { gt: "lte", gte: "lt", lt: "gte", lte: "gt" };

export function generate(a: Atoms, lex: TableLexicon, rowCount: number): Candidate[] {
  const ctx: Context = { a, lex, rowCount, out: [], seen: new Set(), cues: cues(a), slotFeats: new Map() };
  const info = (n: string) => lex.byName.get(n)!;
  const timeFields = lex.fields.filter(isTimeField);
  for (const combo of filterCombos(a.filters)) {
    const consumedRefs = new Set<number>();
    const baseFilters: Filter[] = [];
    const baseTexts: string[] = [];
    const choices: Choice[] = [];
    const feats0: Features = new Map();
    const notes0: string[] = [];
    for (const { atom, option } of combo) {
      const opt = atom.options[option];
      // "excluding years before 2005", "excluding weight below 100": the rows on the other side.
      const other = atom.negated && (atom.kind === "compare" || atom.kind === "date") ? OTHER_SIDE[opt.filter.op] : undefined;
      // "IQ not between 10 and 14": below the low end or above the high end.
      const outside =
        atom.negated && opt.filter.op === "between" && opt.filter.values.length === 2 && !opt.filter.or
          ? ({
              field: opt.filter.field,
              op: "lt",
              values: [opt.filter.values[0]],
              or: [{ field: opt.filter.field, op: "gt", values: [opt.filter.values[1]] }],
            } as Filter)
          : null;
      baseFilters.push(outside ?? (other ? ({ ...opt.filter, op: other } as Filter) : opt.filter));
      baseTexts.push(atom.text);
      for (const r of atom.refs) consumedRefs.add(r);
      add(feats0, `filter:${opt.how}`);
      add(feats0, `filter:${atom.kind}|${opt.how}`);
      if (atom.negated) add(feats0, "filter:negated");
      if (atom.options.length > 1) choices.push({ key: `filter:${atom.id}`, field: opt.filter.field, of: atom.options.length, text: atom.text });
      if (opt.how === "guess") notes0.push(`guess:${opt.filter.field}:${atom.text}`);
    }
    // Several filters on one field (other than lists): keep the last; the answer names the one left out.
    // (A day of the week or a month of any year with a period, "on Saturdays in 2020", are both kept.)
    const filters: Filter[] = [];
    const texts: string[] = [];
    for (const [i, f] of baseFilters.entries()) {
      const same = filters.findIndex((x) => x.field === f.field && x.op === f.op && f.op !== "neq" && recurringDate(x) === recurringDate(f));
      if (same >= 0) {
        if (JSON.stringify(filters[same]) !== JSON.stringify(f)) notes0.push(`ignored:${texts[same]}`);
        filters.splice(same, 1);
        texts.splice(same, 1);
      }
      filters.push(f);
      texts.push(baseTexts[i]);
    }
    const refs = a.refs.filter((r) => !consumedRefs.has(r.id)).slice(0, MAX_REFS);
    // Refs that still name a field the filters use, without a role word, only repeat the filter field.
    enumerateRoles(
      ctx,
      refs,
      filters,
      combo.map((c) => c.atom),
      choices,
      feats0,
      notes0,
      info,
      timeFields,
    );
  }
  return ctx.out;
}

function enumerateRoles(
  ctx: Context,
  refs: Ref[],
  filters: Filter[],
  atoms: FilterAtom[],
  choices0: Choice[],
  feats0: Features,
  notes0: string[],
  info: (n: string) => FieldInfo,
  timeFields: FieldInfo[],
) {
  // Each ref: a field (one per candidate of an ambiguous mention) and a role.
  const options: { ref: Ref; field: FieldInfo; roles: Role[] }[][] = refs.map((ref) =>
    ref.cands.map((c) => {
      const f = info(c.name);
      const t = fieldType(f, ctx.lex, namedAsCode(ref.text));
      const roles: Role[] = ["ignore"];
      if (f.numbers !== null && f.role !== "date") roles.push("measure", "x", "y", "sort");
      // "Visualize the relationship between employee_id and salary": an identifier of plain numbers is an axis of a
      // scatter of the raw pairs when one is asked for (never a measure).
      else if ((ctx.a.relation || ctx.a.chart === "scatter") && numericIds(f)) roles.push("x", "y");
      if (t === "disc" || t === "year" || t === "date" || t === "cat" || t === "flag" || (t === "text" && f.distinct <= 5000)) roles.push("group", "series");
      if (t === "text" || t === "cat") roles.push("label");
      // "how many distinct cylinder counts": a number field is counted by its distinct values when the words say so.
      // ("how many boys were taller than 170" over Subject 1..26: the plural of a numbering after "how many" counts its
      // different values when they repeat over rows, for a field named for who was measured (words.json subjectNouns);
      // "how many runs" over Run 1..20 in each Expt, "the number of chicks in each Diet" stay counts of rows.)
      const numbered =
        ref.countOf &&
        ref.before[0] === "many" &&
        ref.before[1] === "how" &&
        pluralOfCodeName(ref, f) &&
        SUBJECT_FIELDS.has(nameWords(f.name)[0] ?? "") &&
        f.distinct * 2 <= (f.numbers?.length ?? 0);
      if (f.codes || ((ref.distinctOf || numbered) && f.numbers !== null && f.role !== "date")) roles.push("distinct");
      // A yes/no field can filter ("churned customers"), unless a word makes it a grouping ("split by churn").
      if (
        (t === "flag" || flagFor(ctx.lex, f.name) || (ref.negated && absentValueFor(ctx.lex, f.name) !== null)) &&
        !ref.group &&
        !ref.series &&
        !ref.facet &&
        !ref.afterWhich
      )
        roles.push("flag");
      if ((t === "cont" || t === "disc") && !roles.includes("group") && f.distinct <= 5000) roles.push("group");
      if (ref.via === "values" || ref.via === "time") return { ref, field: f, roles: roles.filter((r) => r === "group" || r === "series" || r === "ignore") };
      // "the number of chicks", "the top 5 chicks", "for chicks on Diet 4" over a whole-number field
      // named in the singular (Chick: 1..50): the plural names the things the field numbers, not a
      // quantity; it is counted, grouped or left as a word, never summed or plotted.
      // ("boys" said for Subject: a people noun names who was measured, never a quantity.)
      // ("how many turtles", "how many Green turtles" over a tag code repeated over pings: its different values are counted.)
      const howManyNoun = howManyOf(ref) || (ref.before[1] === "many" && ref.before[2] === "how");
      if (howManyNoun && f.codes && SUBJECT_NOUNS.has(singularize(ref.text.trim().toLowerCase())) && SUBJECT_FIELDS.has(nameWords(f.name)[0] ?? ""))
        return { ref, field: f, roles: ["distinct"] as Role[] };
      if (SUBJECT_NOUNS.has(singularize(ref.text.trim().toLowerCase())) && !nameWords(f.name).includes(singularize(ref.text.trim().toLowerCase())))
        return { ref, field: f, roles: roles.filter((r) => r !== "measure" && r !== "x" && r !== "y" && r !== "sort") };
      // ("how many orders" over an Order ID whose values repeat: its different values are counted, readers.ts.)
      if (
        howManyOf(ref) &&
        ref.cands.length === 1 &&
        countedThingField([f], singularize(ref.text.trim().toLowerCase())) === f.name &&
        !ctx.lex.rowWords.has(ref.after[0] ?? "") &&
        !linesByVerb(ref.after, singularize(ref.text.trim().toLowerCase()), ctx.lex.fields) &&
        !refs.some((o) => o !== ref && o.cands.some((c) => variesWithin(f, info(c.name))))
      )
        return { ref, field: f, roles: ["distinct"] as Role[] };
      if (pluralOfCodeName(ref, f)) return { ref, field: f, roles: roles.filter((r) => r !== "measure" && r !== "x" && r !== "y" && r !== "sort") };
      // "didn't give their income": the rows where the field is empty.
      if (ref.missing) return { ref, field: f, roles: ["flag"] as Role[] };
      // "how many sales in March": a column of counts said after a count word is the number summed.
      if (howManyOf(ref) && !ref.agg && !ref.distinctOf && ref.cands.length === 1 && countColumn(f, ctx.lex))
        return { ref, field: f, roles: ["measure"] as Role[] };
      // "the 10 most recent orders": a time superlative ranks the rows by the date field.
      if (ref.via === "adjective" && f.role === "date") return { ref, field: f, roles: ["sort", "ignore"] as Role[] };
      if (ref.via === "adjective")
        return { ref, field: f, roles: roles.filter((r) => r === "measure" || r === "sort" || r === "x" || r === "y" || r === "ignore") };
      return { ref, field: f, roles };
    }),
  );
  const chosen: Slot[] = [];
  const counts = { measure: 0, group: 0, series: 0, x: 0, y: 0, label: 0, sort: 0, distinct: 0 };
  const recurse = (k: number) => {
    if (k === options.length) {
      build(ctx, chosen.slice(), filters, atoms, choices0, feats0, notes0, timeFields);
      return;
    }
    for (const opt of options[k]) {
      for (const role of opt.roles) {
        if (role === "measure" && counts.measure >= 3) continue;
        if (
          (role === "group" || role === "series" || role === "x" || role === "y" || role === "label" || role === "sort" || role === "distinct") &&
          counts[role] >= 1
        )
          continue;
        if (role !== "ignore" && role !== "flag" && chosen.some((s) => s.field.name === opt.field.name && s.role !== "ignore")) continue;
        chosen.push({ ref: opt.ref, field: opt.field, role });
        if (role !== "ignore" && role !== "flag") counts[role]++;
        recurse(k + 1);
        if (role !== "ignore" && role !== "flag") counts[role]--;
        chosen.pop();
      }
    }
  };
  recurse(0);
}

function build(
  ctx: Context,
  slots: Slot[],
  filters0: Filter[],
  atoms: FilterAtom[],
  choices0: Choice[],
  feats0: Features,
  notes0: string[],
  timeFields: FieldInfo[],
) {
  const a = ctx.a;
  const by = (role: Role) => slots.filter((s) => s.role === role);
  const measures = by("measure");
  const groups = by("group");
  const series = by("series");
  const xs = by("x");
  const ys = by("y");
  const labels = by("label");
  const sorts = by("sort");
  const distincts = by("distinct");
  const flags = by("flag");
  const ignored = by("ignore");
  const choices = [...choices0];
  for (const s of slots)
    if (s.ref.cands.length > 1 && s.role !== "ignore") choices.push({ key: `ref:${s.ref.id}`, field: s.field.name, of: s.ref.cands.length, text: s.ref.text });

  // Words naming a field that another role already uses ("name ... sorted by company name") are not unused.
  const usedFields = new Set(slots.filter((sl) => sl.role !== "ignore").map((sl) => sl.field.name));
  // A field said twice ("sorted by capacity ... the name and capacity"): the repeat left without a role
  // is the same field, not a word left out.
  const repeat = (sl: Slot) => sl.role === "ignore" && usedFields.has(sl.field.name) && sl.ref.cands.length === 1;
  const slotList = slots.map((sl): [string, number][] => {
    if (repeat(sl)) return [["ref:repeat", 1]];
    const first = a.refs.indexOf(sl.ref) === 0;
    const key = `${sl.ref.id}|${sl.ref.turn}|${sl.field.name}|${sl.role}|${first}`;
    let list = ctx.slotFeats.get(key);
    if (!list) {
      const m: Features = new Map();
      refFeatures(m, sl, ctx, first ? 0 : 1);
      list = [...m];
      ctx.slotFeats.set(key, list);
    }
    return list;
  });
  // A row noun that only partly names a field ("customers" ~ customerID) says what the rows are, not a field.
  const rowNoun = (r: Ref) => r.partial && r.end - r.pos === 1 && ROW_NOUNS.has(a.reading.tokens[r.pos]?.lemma ?? "");
  const unused = ignored
    .filter((sl) => !sl.ref.via && sl.ref.turn === 0 && !usedFields.has(sl.field.name) && !rowNoun(sl.ref) && !filters0.some((f) => f.field === sl.field.name))
    .map((sl) => sl.ref.text);
  // Words that name a field only partly or by a synonym ("budget", "grossing"): the answer says how it read them.
  const readAs = slots
    .filter(
      (sl) =>
        sl.role !== "ignore" && !sl.ref.via && sl.ref.turn === 0 && (sl.ref.partial || (sl.ref.cands.find((c) => c.name === sl.field.name)?.score ?? 1) < 0.95),
    )
    .filter((sl) => sl.ref.text.toLowerCase().replace(/[^a-z0-9]/g, "") !== sl.field.name.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .map((sl) => `readAs:${sl.field.name}:${sl.ref.text}`);
  const base = (): { feats: Features; notes: string[] } => {
    const feats: Features = new Map(feats0);
    for (const list of slotList) for (const [n, v] of list) add(feats, n, v);
    add(feats, "refs:ignored", ignored.filter((sl) => !repeat(sl)).length);
    for (const u of a.unknown) add(feats, `unknown:${u.slot}`);
    return { feats, notes: [...notes0, ...unused.map((t) => `ignored:${t}`), ...readAs] };
  };
  // Flags: "churned customers" -> Churn = Yes ("not churned" -> No).
  const flagFilters: Filter[] = [];
  for (const s of flags) {
    if (s.ref.missing) {
      flagFilters.push({ field: s.field.name, op: "missing", values: [] });
      continue;
    }
    const fv = flagFor(ctx.lex, s.field.name);
    // "without internet": a field of a few values, one of which means none.
    const value = fv ? (s.ref.negated ? fv.no : fv.yes) : s.ref.negated ? absentValueFor(ctx.lex, s.field.name) : null;
    if (value === null) return;
    flagFilters.push({ field: s.field.name, op: "eq", values: [value] });
  }
  // Yes/no fields named with "or" between them ("customers with tech support or phone service"): either holds.
  for (let i = 0; i + 1 < flagFilters.length; i++) {
    const ra = flags[i].ref;
    const rb = flags[i + 1].ref;
    if (a.orRefs.some(([p, q]) => (p === ra.id && q === rb.id) || (p === rb.id && q === ra.id))) {
      const other = flagFilters.splice(i + 1, 1)[0];
      flagFilters[i] = { ...flagFilters[i], or: [other] };
      flags.splice(i + 1, 1);
    }
  }
  // (A flag said again in a later turn, "who churned" then "those who didn't churn", is the later turn's side.)
  for (let i = flagFilters.length - 1; i >= 0; i--) {
    const later = flagFilters.findIndex((g, k) => g.field === flagFilters[i].field && !g.or && !flagFilters[i].or && flags[k].ref.turn > flags[i].ref.turn);
    if (later >= 0) {
      flagFilters.splice(i, 1);
      flags.splice(i, 1);
    }
  }
  // (A flag said in two turns, "churn rate by contract" then "how many ... churned", is one condition.)
  const filters = [...filters0.filter((f) => !flagFilters.some((g) => g.field === f.field)), ...flagFilters].filter(
    (f, i, all) => all.findIndex((g) => JSON.stringify(g) === JSON.stringify(f)) === i,
  );
  const xyOnly = xs.length + ys.length;

  // --- relationship: raw pairs of two numbers, optionally coloured or faceted by a group ---------
  if (measures.length === 0 && xyOnly === 2 && labels.length === 0 && sorts.length === 0 && distincts.length === 0 && series.length + groups.length <= 1) {
    const g = groups[0] ?? series[0] ?? null;
    for (const facet of g ? [false, true] : [false]) {
      const { feats, notes } = base();
      add(feats, g ? (facet ? "shape:relFacet" : "shape:relColor") : "shape:rel");
      if (g) add(feats, facet ? `relFacet|facetWord:${a.facetWord}` : `relColor|facetWord:${a.facetWord}`);
      if (g) {
        const kind = facet ? "relFacet" : "relColor";
        for (const [n, on] of [
          ["facet", g.ref.facet],
          ["each", g.ref.each],
          ["series", g.ref.series],
          ["group", g.ref.group],
          ["values", g.ref.via === "values"],
        ] as const)
          if (on) add(feats, `${kind}|ref:${n}`);

        if (a.chart === "scatter") add(feats, `${kind}|scatterWord`);
        if (a.stacked || a.colorWord) add(feats, `${kind}|colorWord`);
      }
      const xField = xs[0].field;
      const yField = ys[0].field;
      const order = a.refs.indexOf(ys[0].ref) < a.refs.indexOf(xs[0].ref);
      add(feats, order ? "rel:yFirstOrder" : "rel:xFirstOrder");
      if (a.yFirst) add(feats, order ? "rel:yFirstOrder|yFirst" : "rel:xFirstOrder|yFirst");
      const plan: AnalysisPlan = {
        intent: "relationship",
        measure: { agg: "count", field: null },
        extraMeasures: [],
        groupBy: g ? [{ field: g.field.name, bucket: g.field.role === "date" ? "year" : null }] : [],
        filters,
        x: xField.name,
        y: yField.name,
        sort: null,
        limit: null,
        binWidth: null,
        binCount: null,
        chart: g ? (facet ? "scatterFaceted" : "scatterColor") : "scatter",
      };
      finish(ctx, plan, feats, choices, notes, `rel ${yField.name}~${xField.name}${g ? ` ${facet ? "facet" : "color"} ${g.field.name}` : ""}`);
    }
    return;
  }
  if (xyOnly > 0) return;

  // --- distribution: a histogram of one number ----------------------------------------------------
  // (Not a name and a number in an order: "the name and salary ..., sort by salary descending" ranks rows; nor
  // in a chart of bars, a pie or a line: "the distribution of flight_no and price in a bar chart" is each
  // flight's price, not a histogram leaving the named field out; "a bar chart of the count of Titles versus
  // the Running Time" counts the titles, a histogram.)
  const namedRows = slots.some(
    (sl) =>
      sl.role === "ignore" &&
      sl.field.codes &&
      sl.field.role !== "date" &&
      (a.sort !== null || ((a.chart === "bar" || a.chart === "pie" || a.chart === "line") && !sl.ref.countOf)),
  );
  if (
    measures.length === 1 &&
    groups.length + series.length + labels.length + sorts.length + distincts.length === 0 &&
    measures[0].field.numbers &&
    !namedRows &&
    // "how many cases" over a column of counts (cases, sales, units): their total, not a histogram.
    !(howManyOf(measures[0].ref) && !a.distribution && !a.binWidth && !a.binCount && countColumn(measures[0].field, ctx.lex)) &&
    // "the number of women for each age in a line chart": with a chart of groups asked for, one group
    // per value said, not bins. (Without a chart word, "how many movies are of each length" is a histogram.)
    // An order asked for ("the number of patients with each npreg, ranked by npreg descending") is one of
    // groups too: a histogram's bins have no other order.
    !(
      ((measures[0].ref.each && measures[0].ref.group) ||
        (a.sort !== null && a.refs.some((r) => r.each && r.group && r.cands.some((c) => c.name === measures[0].field.name)))) &&
      (a.chart === "line" || a.chart === "bar" || a.chart === "pie" || a.sort !== null) &&
      !a.distribution &&
      !a.binWidth &&
      !a.binCount
    )
  ) {
    const m = measures[0];
    const { feats, notes } = base();
    add(feats, "shape:dist");
    add(feats, `dist|type:${fieldType(m.field, ctx.lex)}`);
    if (m.ref.agg) add(feats, "dist|agg");
    if (a.binWidth || a.binCount) add(feats, "dist|bins");
    const plan: AnalysisPlan = {
      intent: "distribution",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      filters,
      x: m.field.name,
      y: null,
      sort: null,
      limit: null,
      binWidth: a.binWidth,
      binCount: a.binWidth ? null : a.binCount,
      chart: "histogram",
    };
    finish(ctx, plan, feats, choices, notes, `dist ${m.field.name}`);
  }

  // --- rows: the matching rows, ranked by a number -------------------------------------------------
  const rowsAsked = a.list || a.limit !== null || a.superlative !== null || measures.length + sorts.length + labels.length > 0 || filters0.length > 0;
  if (rowsAsked && groups.length + series.length + distincts.length === 0 && measures.length + sorts.length <= 1 && labels.length <= 1) {
    const rank = sorts[0] ?? measures[0] ?? null;
    const { feats, notes } = base();
    add(feats, "shape:rows");
    if (rank) add(feats, "rows|ranked");
    if (labels.length) add(feats, "rows|label");
    if (a.limit) add(feats, "rows|limit");
    if (a.superlative) add(feats, "rows|superlative");
    const byKey = labels.length > 0 && (a.sort?.by === "key" || a.refs.some((r) => r.sortBy && r.cands.some((c) => c.name === labels[0].field.name)));
    const order = a.sort ? a.sort.order : a.limit?.dir === "bottom" || a.superlative === "min" ? "asc" : "desc";
    if (byKey) add(feats, "rows|sortByLabel");
    const plan: AnalysisPlan = {
      intent: "rows",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      filters,
      x: labels[0]?.field.name ?? null,
      y: rank?.field.name ?? null,
      sort: byKey ? { by: "key", order: a.sort?.order ?? "asc" } : rank ? { by: "value", order } : null,
      limit: a.limit?.n ?? null,
      binWidth: null,
      binCount: null,
      chart: "table",
    };
    plan.chart = chartFor("rows", a, [], "count", 1);
    // Bars of a ranked number with no label named ("the horsepower of Japanese cars as a bar chart"):
    // each bar is named by the field that names a row (the most distinct text field, as in the answer).
    if (plan.chart !== "table" && plan.y && !plan.x) {
      // A name ("Name", "Title") over an identifier ("Cinema_ID") when both tell the rows apart.
      let best: FieldInfo | null = null;
      const better = (f: FieldInfo, b: FieldInfo) =>
        f.distinct >= 0.5 * ctx.rowCount && b.distinct >= 0.5 * ctx.rowCount && namedAsCode(f.name) !== namedAsCode(b.name)
          ? !namedAsCode(f.name)
          : f.distinct > b.distinct;
      for (const f of ctx.lex.fields) if (f.codes && f.role !== "date" && (!best || better(f, best))) best = f;
      if (best && best.distinct >= 0.5 * ctx.rowCount) {
        plan.x = best.name;
        add(feats, "rows|impliedLabel");
        // "rank by the names": the bars' names are that label.
        if (a.sort?.by === "key") plan.sort = { by: "key", order: a.sort.order };
      }
    }
    if (plan.chart !== "table" && (!plan.x || !plan.y)) plan.chart = "table";
    finish(ctx, plan, feats, choices, notes, `rows ${rank?.field.name ?? "-"}${labels[0] ? ` label ${labels[0].field.name}` : ""}`);
  }
  if (labels.length || sorts.length) return;

  // --- aggregates ---------------------------------------------------------------------------------
  if (groups.length + series.length > 2) return;
  if (series.length && !groups.length) {
    // A series alone is a grouping ("coloured by origin" with nothing else grouped).
  }
  const groupSlots = [...groups, ...series];
  // Time: a grain word or "over time" without a time field grouped: the table's time field.
  const hasTimeGroup = groupSlots.some((s) => isTimeField(s.field));
  // ("the average Temp for each Month in a line chart": a line over a grouping by a number field is
  // drawn along that field; the chart word alone adds no time axis.)
  const orderedGroup = groupSlots.some((s) => s.field.role === "number");
  // ("average accidents per day" over year and day-number fields: a grain finer than a year asks nothing of a
  // year number, which cannot be split into days; with no date field the grain wants no time grouping.)
  const finerThanYears = a.bucket === "day";
  const splittable = timeFields.some((f) => f.role === "date");
  const wantTime =
    (a.bucket !== null || a.overTime || (a.chart === "line" && !orderedGroup)) && !hasTimeGroup && !(finerThanYears && !splittable && !a.overTime);
  // A time field the question names ("bin the hire date by weekday") is the one grouped, not the
  // table's first time field; otherwise the table's first time fields.
  // Without a date or year, a number field named only as elapsed time ("Time" in minutes after a dose) is the axis
  // "over time" follows; a grain word ("monthly") still needs a date.
  const axisFields = timeFields.length ? timeFields : a.overTime && a.bucket === null && !hasTimeGroup ? ctx.lex.fields.filter(isElapsedTime) : [];
  const namedTime = axisFields.filter((f) => a.refs.some((r) => r.cands.length === 1 && r.cands[0].name === f.name));
  const timeChoices = namedTime.length ? namedTime : axisFields;
  const timeOptions: (FieldInfo | null)[] = wantTime && timeChoices.length && groupSlots.length < 2 ? timeChoices.slice(0, 3) : [null];
  if (!wantTime) timeOptions.splice(0, timeOptions.length, null);
  else if (!axisFields.length) timeOptions.splice(0, timeOptions.length, null);

  // Measures: the numbers named, or a count (of rows, or of distinct values of a named field).
  type MeasureOption = { measures: Measure[]; feats: [string, number][]; notes: string[] };
  const measureOptions: MeasureOption[] = [];
  if (measures.length) {
    const ms: Measure[] = [];
    const f: [string, number][] = [];
    const notes: string[] = [];
    for (const m of measures) {
      let agg: Aggregate | null = m.ref.agg && m.ref.agg !== "count" ? m.ref.agg : null;
      if (!agg && m.ref.countOf) {
        // "total number of sales forecast": the sum of a number said as a count.
        agg = "sum";
        f.push(["measure:countOfNumber", 1]);
      }
      if (!agg && a.looseAgg && a.looseAgg !== "count" && a.looseAgg !== "distinct") {
        agg = a.looseAgg;
        f.push(["measure:looseAgg", 1]);
      }
      if (!agg && a.share) {
        agg = "share";
        f.push(["measure:shareOfNumber", 1]);
      }
      if (!agg) {
        agg = defaultAgg(m.field, ctx.lex, m.ref.text);
        f.push([`measure:defaultAgg:${agg}`, 1]);
        notes.push(`defaultAgg:${m.field.name}:${agg}`);
      }
      // ("min, max and mean of conc": each aggregate listed is a measure of that number.)
      const listed = m.ref.aggList && agg === m.ref.agg ? m.ref.aggList : [agg];
      for (const x of listed) ms.push({ agg: x, field: m.field.name });
      if (listed.length > 1) f.push(["measures:aggList", 1]);
    }
    if (measures.length > 1) {
      f.push([`measures:${measures.length}`, 1]);
      // "sales and profit": joined by "and".
      const [m1, m2] = measures;
      const later = m1.ref.turn === m2.ref.turn ? (m1.ref.pos < m2.ref.pos ? m2.ref : m1.ref) : null;
      const gap = later ? later.before.slice(0, 4) : [];
      if (
        later &&
        (gap[0] === "and" || gap[0] === "," || (gap[1] === "and" && ["the", "average", "total", "mean"].includes(gap[0])) || gap.slice(0, 3).includes("and"))
      )
        f.push(["measures:joinedByAnd", 1]);
      if (gap.slice(0, 3).some((w) => w === "vs" || w === "against" || w === "versus")) f.push(["measures:joinedByVs", 1]);
      if (!later) f.push(["measures:differentTurns", 1]);
    }
    measureOptions.push({ measures: ms, feats: f, notes });
    // "for each city, the highest latitude": the superlative is the aggregate.
    if (measures.some((m) => m.ref.supAgg && !m.ref.agg)) {
      measureOptions.push({
        measures: measures.map((m, i) => (m.ref.supAgg && !m.ref.agg ? { agg: m.ref.supAgg, field: m.field.name } : ms[i])),
        feats: [...f.filter(([n]) => !n.startsWith("measure:defaultAgg")), ["measure:supAgg", 1]],
        notes: notes.filter((n) => !measures.some((m) => m.ref.supAgg && n === `defaultAgg:${m.field.name}:${ms[measures.indexOf(m)].agg}`)),
      });
    }
  } else if (distincts.length) {
    const d = distincts[0];
    measureOptions.push({
      measures: [{ agg: "distinct", field: d.field.name }],
      feats: [
        ["measure:distinct", 1],
        [`measure:distinct|countOf:${d.ref.countOf}`, 1],
        [`measure:distinct|distinctWord:${a.distinct || d.ref.distinctOf}`, 1],
      ],
      notes: [],
    });
  } else {
    const agg: Aggregate = a.share ? "share" : "count";
    measureOptions.push({
      measures: [{ agg, field: null }],
      feats: [
        [`measure:${agg}`, 1],
        [`measure:${agg}|countCue:${a.count}`, 1],
      ],
      notes: [],
    });
    // "percentage of orders that are Furniture", "churn rate by contract": the share of rows matching a condition.
    if (a.share || a.rate) {
      // Where each filter was said: the condition of a share usually comes last ("share of Technology orders that shipped early");
      // a condition carried from before the turn asking for the share comes before every word of it ("how many are never
      // married" then "what share of those earn more than 50k": the share of >50K among the never married).
      const TURN = 100_000;
      const posOf = (f: Filter): number => {
        const atom = atoms.find((x) =>
          x.options.some((o) => o.filter === f || (o.filter.field === f.field && JSON.stringify(o.filter.values) === JSON.stringify(f.values))),
        );
        if (atom) return atom.pos - (atom.beforeShare ? TURN : 0);
        const flag = flags.find((sl) => sl.field.name === f.field);
        return flag ? flag.ref.pos : -1;
      };
      const conds = filters.map((f) => ({ filter: f, from: flagFilters.includes(f) ? "flag" : "filter", pos: posOf(f) }));
      for (const c of conds) {
        // A condition naming every value of its field ("male and female" over a field of M and F) is no share of
        // anything: the rate is 100% by construction, the values are the groups.
        const condInfo = ctx.lex.byName.get(c.filter.field);
        if (condInfo?.codes && c.filter.op === "in" && new Set(c.filter.values.map(String)).size >= condInfo.distinct) continue;
        const others = conds.filter((o) => o !== c);
        const last = others.every((o) => o.pos < c.pos);
        const f: [string, number][] = [
          ["measure:rate", 1],
          [`measure:rate|${c.from}`, 1],
          [`measure:rate|rateWord:${a.rate}`, 1],
        ];
        if (others.length) f.push([last ? "measure:rate|conditionLast" : "measure:rate|conditionNotLast", 1]);
        // "churn rate ...": the field said right before "rate" is what is counted.
        if (a.refs.some((r) => r.rateOf && r.cands.some((x) => x.name === c.filter.field))) f.push(["measure:rate|namedRate", 1]);
        measureOptions.push({
          measures: [{ agg: "rate", field: c.filter.field, value: c.filter.op === "eq" ? c.filter.values[0] : null, condition: c.filter }],
          feats: f,
          notes: [],
        });
      }
    }
  }

  for (const mo of measureOptions) {
    const primary = mo.measures[0];
    const cond = primary.condition;
    const planFilters = cond
      ? filters.filter((f) => !(f.field === cond.field && JSON.stringify(f.values) === JSON.stringify(cond.values) && f.op === cond.op))
      : filters;
    for (const tf of timeOptions) {
      const gs: { field: FieldInfo; slot: Slot | null }[] = groupSlots.map((s) => ({ field: s.field, slot: s }));
      if (tf) gs.unshift({ field: tf, slot: null });
      if (gs.length > 2) continue;
      // Order: explicit x first, time first, series second.
      gs.sort((p, q) => rank(p) - rank(q));
      const groupBy: GroupBy[] = gs.map((g) => ({ field: g.field.name, bucket: g.field.role === "date" ? (a.bucket ?? autoBucket(g.field)) : null }));
      // "a pie chart about the proportion of the number of wines for each appelation where price is less than 50": a
      // pie's slices are parts of one whole, so the proportion is each group's part of the rows kept, not a rate of
      // the condition within each group (each its own whole); a rate word said outright keeps the rate.
      if (primary.agg === "rate" && a.chart === "pie" && a.proportion && !a.rate && gs.length > 0) continue;
      // Values listed on a grouped field stay as a filter ("East vs West": group by Region, only those two).
      const shapes: ("scalar" | "agg" | "aggScatter")[] = [];
      if (gs.length === 0) shapes.push("scalar");
      else shapes.push("agg");
      // One point per group only when a scatter or a relation is asked for ("plot A against B for each C").
      if (mo.measures.length === 2 && gs.length === 1 && mo.measures.every((m) => m.field) && (a.chart === "scatter" || a.relation || a.versus))
        shapes.push("aggScatter");
      for (const shape of shapes) {
        const { feats, notes } = base();
        for (const [n, v] of mo.feats) add(feats, n, v);
        notes.push(...mo.notes);
        const shapeName =
          shape === "scalar" ? "shape:agg0" : shape === "aggScatter" ? "shape:aggScatter" : mo.measures.length > 1 ? "shape:multi" : `shape:agg${gs.length}`;
        add(feats, shapeName);
        if (tf) {
          // The words naming the time field grouped ("hired" for hire_date) are used, not left out.
          for (const sl of slots)
            if (sl.role === "ignore" && sl.field.name === tf.name) {
              const k = notes.indexOf(`ignored:${sl.ref.text}`);
              if (k >= 0) notes.splice(k, 1);
            }
          add(feats, "group:impliedTime");
          // ("total sales by region" then "as a line": a time axis nobody said is stated, even the only one.)
          const timeSaid = a.overTime || a.bucket !== null || a.refs.some((r) => r.cands.some((c) => c.name === tf.name));
          if (axisFields.length > 1 || !timeSaid) notes.push(`timeField:${tf.name}`);
          if (timeChoices.indexOf(tf) > 0) add(feats, "group:impliedTime|notFirst");
        }
        if (a.bucket && !groupBy.some((g) => isTimeField(ctx.lex.byName.get(g.field)!))) add(feats, "unused:bucket");
        if (a.bucket && groupBy.some((g) => ctx.lex.byName.get(g.field)!.role !== "date" && isTimeField(ctx.lex.byName.get(g.field)!)) && a.bucket !== "year")
          add(feats, "bucket:yearField");
        if (gs.length === 2) {
          const second = gs[1];
          if (second.slot && (second.slot.ref.series || second.slot.role === "series")) add(feats, "groups2:seriesCue");
          if (second.field.codes && second.field.distinct > 12) add(feats, "groups2:manySeries");
        }
        for (const g of gs) if (g.field.codes && g.field.distinct > 60) add(feats, "group:manyValues");
        for (const atom of atoms)
          if (atom.listed >= 2 && gs.some((g) => atom.options.some((o) => o.filter.field === g.field.name))) add(feats, "group:listedValues");
        if (gs.some((g) => planFilters.some((f) => f.field === g.field.name && (f.op === "eq" || f.op === "neq")))) add(feats, "group:filteredToOne");
        const agg = primary.agg;
        let chart = chartFor(shape, a, gs, agg, mo.measures.length);
        if (a.output.numberOnly && shape === "scalar") chart = "none";
        // Sorted on a field the grouping uses: by key; on the measure: by value.
        const sortRef = a.refs.find((r) => r.sortBy);
        const sortOnGroup = sortRef && gs.some((g) => sortRef.cands.some((c) => c.name === g.field.name));
        const sortBy = a.sort?.by ?? (sortOnGroup ? "key" : "value");
        let sort: AnalysisPlan["sort"] = a.sort ? { by: sortBy, order: a.sort.order } : null;
        const timeFirst = gs.length > 0 && isTimeField(gs[0].field) && !isCyclicBucket(a.bucket);
        if (!sort && (a.limit || (a.superlative && (!timeFirst || (a.which && a.chart !== "line")))))
          sort = { by: "value", order: a.limit?.dir === "bottom" || (!a.limit && a.superlative === "min") ? "asc" : "desc" };
        if (a.limit && a.limit.dir === "bottom" && sort && sort.by === "value") sort = { by: "value", order: "asc" };
        let limit = a.limit?.n ?? null;
        if (shape === "scalar") {
          sort = null;
          limit = null;
          if (a.limit) add(feats, "unused:limit");
        }
        if (a.superlative && shape !== "scalar") add(feats, `superlative|${shape}|time:${timeFirst}`);
        if (a.chart && !chartMatches(a.chart, chart)) add(feats, "unused:chartWord");
        const plan: AnalysisPlan = {
          intent: "aggregate",
          measure: primary,
          extraMeasures: mo.measures.slice(1),
          groupBy,
          filters: planFilters,
          x: null,
          y: null,
          sort,
          limit,
          binWidth: null,
          binCount: null,
          chart,
        };
        finish(
          ctx,
          plan,
          feats,
          choices,
          notes,
          `${shape === "scalar" ? "scalar" : shape === "aggScatter" ? "aggScatter" : "agg"} ${mo.measures.map((m) => `${m.agg}(${m.field ?? "*"}${m.condition ? `|${m.condition.field}${m.condition.op}${m.condition.values.join(",")}` : ""})`).join("+")}${groupBy.length ? ` by ${groupBy.map((g) => g.field + (g.bucket ? `/${g.bucket}` : "")).join(",")}` : ""}`,
        );
      }
    }
  }

  function rank(g: { field: FieldInfo; slot: Slot | null }): number {
    if (g.slot?.ref.xAxis) return 0;
    if (isTimeField(g.field) && a.chart !== "bar" && a.chart !== "histogram" && !(g.slot && (g.slot.role === "series" || g.slot.ref.series))) return 1;
    if (g.slot && (g.slot.role === "series" || g.slot.ref.series)) return 3;
    if (g.slot?.ref.facet) return a.chart === "bar" || a.chart === null ? 2.5 : 4;
    return 2;
  }
}

export function chartMatches(word: NonNullable<Atoms["chart"]>, chart: ChartKind): boolean {
  switch (word) {
    case "bar":
      return chart === "bar" || chart === "groupedBar" || chart === "stackedBar" || chart === "histogram";
    case "line":
      return chart === "line" || chart === "multiLine";
    case "pie":
      return chart === "pie";
    case "scatter":
      return chart.startsWith("scatter");
    case "histogram":
      return chart === "histogram" || chart === "bar";
    case "table":
      return true;
  }
}
