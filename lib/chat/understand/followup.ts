// Follow-up turns. The API is stateless (the client sends the conversation), so earlier user turns
// are read again; a follow-up turn is answered from three kinds of candidates, scored together:
// the turn on its own ("fresh"), the turn read together with the earlier turns' mentions ("merged",
// newer mentions first), and the previous plan edited by the turn ("edit": a new filter replaces
// the one on the same field, a new measure, grouping, aggregate, chart, sort or limit replaces the
// previous one).
import { isTimeField } from "../columns";
import type { AnalysisPlan, Filter, Measure } from "../plan";
import { isCyclicBucket } from "../plan";
import { type Atoms, flagFor, oneNumberAsked, type Ref } from "./attach";
import { autoBucket, defaultAgg, fieldType, idLike, type Candidate, type Features } from "./candidates";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

/** The earlier turn's atoms followed by this turn's: ids and refs renumbered, this turn's cues win. */
export function mergeAtoms(prev: Atoms, next: Atoms): Atoms {
  const offset = prev.refs.length;
  // "average age | show the distribution of age", "| list the rows": a turn that states what it wants
  // shown (a distribution, the rows) without an aggregate word of its own does not take the earlier
  // turn's aggregate: neither its words nor the aggregate its numbers were given.
  const own = ownShape(next);
  // "average budget by year | gridlines for budget and year": a number said again without an
  // aggregate word keeps the aggregate it was given before (when the turn names no other aggregate).
  const earlierAgg = (r: Ref) => {
    if (own || r.agg || next.looseAgg || r.cands.length !== 1) return r.agg;
    const before = prev.refs.filter((p) => p.agg && p.cands.length === 1 && p.cands[0].name === r.cands[0].name);
    return before.length && before.every((p) => p.agg === before[0].agg) ? before[0].agg : r.agg;
  };
  // "total gross by genre | no, I meant the average": an aggregate word naming no field of its own
  // replaces the one the earlier number was given, for this turn and the turns after it.
  const sayNow = !own && next.looseAgg && !next.refs.length ? next.looseAgg : null;
  const widened = widenedFields(next);
  // ("only online" then "remove the channel filter": the field named for its filter is no new grouping.)
  const unfiltered = new Set([...widened].filter((name) => prev.filters.some((f) => f.options.some((o) => o.filter.field === name))));
  const removedRef = (r: Ref) => r.turn === 0 && r.cands.length === 1 && unfiltered.has(r.cands[0].name) && !r.group && !r.series && !r.facet;
  const refs: Ref[] = [
    ...prev.refs.map((r) => ({ ...r, turn: r.turn - 1, agg: own ? null : r.agg && sayNow ? sayNow : r.agg })),
    ...next.refs.filter((r) => !removedRef(r)).map((r) => ({ ...r, id: r.id + offset, agg: earlierAgg(r) })),
  ];
  const fOffset = prev.filters.length;
  const nextFilters = next.filters.map((f) => ({ ...f, id: f.id + fOffset, refs: f.refs.map((r) => r + offset) }));
  const replaced = new Set(nextFilters.flatMap((f) => f.options.map((o) => o.filter.field)));
  const prevFilters = next.unfilter
    ? []
    : prev.filters
        .filter((f) => !f.options.some((o) => replaced.has(o.filter.field) || widened.has(o.filter.field)))
        .map((f) => (next.share || next.rate ? { ...f, beforeShare: true } : f));
  return {
    ...next,
    refs,
    filters: [...prevFilters, ...nextFilters],
    looseAgg: own ? next.looseAgg : (next.looseAgg ?? prev.looseAgg),
    aggWords: own ? next.aggWords : prev.aggWords + next.aggWords,
    count: next.count || prev.count,
    countRows: next.countRows || prev.countRows,
    distinct: next.distinct || prev.distinct,
    share: next.share || prev.share,
    rate: next.rate || prev.rate,
    relation: next.relation || prev.relation,
    versus: next.versus || prev.versus,
    yFirst: prev.refs.length >= 2 ? prev.yFirst : next.yFirst,
    distribution: next.distribution || prev.distribution,
    list: next.list || prev.list,
    which: next.which || prev.which,
    superlative: next.superlative ?? prev.superlative,
    limit: next.limit ?? prev.limit,
    sort: next.sort ?? prev.sort,
    bucket: next.bucket ?? prev.bucket,
    overTime: next.overTime || prev.overTime,
    chart: next.chart ?? prev.chart,
    chartWord: next.chartWord || prev.chartWord,
    stacked: next.stacked || prev.stacked,
    grouped: next.grouped || prev.grouped,
    facetWord: next.facetWord || prev.facetWord,
    colorWord: next.colorWord || prev.colorWord,
    output: { ...next.output },
    binWidth: next.binWidth ?? prev.binWidth,
    binCount: next.binCount ?? prev.binCount,
    unknown: next.unknown,
    strayNumbers: next.strayNumbers,
    strayShortValues: next.strayShortValues,
    sideWord: next.sideWord,
    strayComparisons: next.strayComparisons,
    strayCompare: next.strayCompare,
    valueWords: next.valueWords,
    timesCount: next.timesCount,
    strayDates: next.strayDates,
    rowNoun: next.rowNoun || prev.rowNoun,
  };
}

/**
 * A turn that states the shape of its answer and no aggregate: a distribution ("show the distribution
 * of age", "histogram of age"; "a histogram of the average capacity by year" has an aggregate word) or
 * the rows ("list the rows").
 */
export function ownShape(a: Atoms): "distribution" | "rows" | null {
  if (a.aggWords || a.looseAgg || a.count || a.countRows || a.share || a.rate || a.distinct) return null;
  if (a.distribution || a.chart === "histogram") return "distribution";
  if (a.list) return "rows";
  return null;
}

/**
 * "now for all regions", "across all the states": fields the turn names right after "all", whose
 * earlier filters the turn widens (the filter is dropped, not turned into a grouping).
 */
export function widenedFields(a: Atoms): Set<string> {
  const out = new Set<string>();
  for (const r of a.refs) {
    if (r.turn !== 0 || r.cands.length !== 1) continue;
    // before: the nearest word first.
    const b = r.before.filter((w) => w !== "the");
    if (b[0] === "all") out.add(r.cands[0].name);
    // "remove the channel filter": that field's filter goes, the others stay.
    const removed = b[0] !== undefined && (REMOVE_WORDS.has(b[0]) || (DEMONSTRATIVES.has(b[0]) && REMOVE_WORDS.has(b[1] ?? "")));
    if (removed && FILTER_NOUNS.has(r.after[0] ?? "")) out.add(r.cands[0].name);
  }
  return out;
}

// "remove the channel filter", "without the region condition": a field between a remove word and a filter noun.
const REMOVE_WORDS = new Set<string>(grammar.followup.removeWords);
const FILTER_NOUNS = new Set<string>(grammar.followup.filterNouns);
const DEMONSTRATIVES = new Set(["that", "this"]);

/** The other side of a filter: "and for the others" (any filter), "and under?" (a comparison, RANGE_OPS). */
const OTHER_SIDE: Partial<Record<Filter["op"], Filter["op"]>> = { eq: "neq", in: "neq", neq: "eq", gt: "lte", gte: "lt", lt: "gte", lte: "gt" };
const RANGE_OPS = new Set<string>(grammar.followup.rangeOps);

const add = (feats: Features, name: string, v = 1) => feats.set(name, (feats.get(name) ?? 0) + v);

/** The previous plan edited by the follow-up turn's mentions. */
export function editCandidates(prev: AnalysisPlan, a: Atoms, lex: TableLexicon, rowCount: number): Candidate[] {
  const out: Candidate[] = [];
  const info = (n: string) => lex.byName.get(n)!;
  const feats: Features = new Map();
  add(feats, "edit");
  const notes: string[] = [];
  const plan: AnalysisPlan = JSON.parse(JSON.stringify(prev)) as AnalysisPlan;
  plan.extraMeasures ??= [];
  let changed = false;
  // Filters: a filter on a field replaces the previous ones on that field.
  const consumed = new Set<number>();
  const fromTurn = new Set<Filter>();
  const compares = (f: Filter) => !f.otherField && (f.op === "gt" || f.op === "gte" || f.op === "lt" || f.op === "lte" || f.op === "between");
  for (const atom of a.filters) {
    // "how many cars have cty above 20" then "and below 15?": a comparison with no field of its own is on
    // the field the earlier turn compared.
    const opt =
      (atom.options.length > 1 && atom.refs.length === 0
        ? atom.options.find((o) => compares(o.filter) && prev.filters.some((f) => compares(f) && f.field === o.filter.field))
        : undefined) ?? atom.options[0];
    if (!opt) continue;
    if (atom.options.length > 1 && opt === atom.options[0]) add(feats, "edit|ambiguousFilter");
    // "what share of matches were on grass" then "and on clay?": a value of the field the rate counts
    // is the rate's new condition (a filter on it would leave 0% or 100%).
    const cond = plan.measure.condition;
    if (
      cond &&
      !cond.or &&
      !cond.and &&
      cond.field === opt.filter.field &&
      (cond.op === "eq" || cond.op === "in") &&
      (opt.filter.op === "eq" || opt.filter.op === "in" || opt.filter.op === "neq") &&
      !opt.filter.otherField
    ) {
      plan.measure = { ...plan.measure, condition: { field: opt.filter.field, op: opt.filter.op, values: opt.filter.values } };
      atom.refs.forEach((r) => consumed.add(r));
      add(feats, "edit|filter:" + opt.how);
      changed = true;
      continue;
    }
    // "average charges for electronic check" then "how does that compare to mailed check?": one number for the
    // earlier value and one for the new, side by side.
    const earlierEq = plan.filters.find((f) => f.field === opt.filter.field && f.op === "eq" && f.values.length === 1 && !f.otherField);
    if (
      a.versus &&
      earlierEq &&
      opt.filter.op === "eq" &&
      opt.filter.values.length === 1 &&
      !opt.filter.otherField &&
      earlierEq.values[0] !== opt.filter.values[0] &&
      plan.intent === "aggregate" &&
      !plan.groupBy.length
    ) {
      const both = { field: opt.filter.field, op: "in", values: [earlierEq.values[0], opt.filter.values[0]] } as Filter;
      plan.filters = [...plan.filters.filter((f) => f !== earlierEq), both];
      plan.groupBy = [{ field: opt.filter.field, bucket: null }];
      fromTurn.add(both);
      atom.refs.forEach((r) => consumed.add(r));
      add(feats, `edit|filter:${opt.how}`);
      changed = true;
      continue;
    }
    plan.filters = [...plan.filters.filter((f) => f.field !== opt.filter.field), opt.filter];
    fromTurn.add(opt.filter);
    atom.refs.forEach((r) => consumed.add(r));
    add(feats, `edit|filter:${opt.how}`);
    changed = true;
  }
  // "remove the filter", "without that filter": the earlier filters go (this turn's stay);
  // "now for all regions": the filter on Region goes, and "regions" is no new grouping.
  const widened = widenedFields(a);
  const kept = plan.filters.filter((f) => !(a.unfilter && !fromTurn.has(f)) && !widened.has(f.field));
  if (kept.length !== plan.filters.length) {
    plan.filters = kept;
    for (const r of a.refs) if (r.turn === 0 && r.cands.length === 1 && widened.has(r.cands[0].name)) consumed.add(r.id);
    add(feats, "edit|unfilter");
    changed = true;
  }
  // "and for the others", "the rest": the latest earlier filter turns to its other side (a value or
  // a comparison: "median_income above 5" -> at most 5).
  const side = a.others ? [...plan.filters].reverse().find((f) => !fromTurn.has(f) && !f.otherField && OTHER_SIDE[f.op]) : undefined;
  if (side) {
    const op = side.op === "neq" && side.values.length > 1 ? "in" : OTHER_SIDE[side.op]!;
    plan.filters = plan.filters.map((f) => (f === side ? ({ ...f, op } as Filter) : f));
    add(feats, "edit|others");
    changed = true;
  }
  // "how many cars have 8 cylinders?" then "and 4?": a lone number, with no field or filter of its own,
  // replaces the value of the one earlier filter that is a number equal to a value its field holds.
  const swap = numberSwap(plan, a, lex) ?? shortValueSwap(plan, a) ?? sideSwap(plan, a, lex);
  if (swap) {
    plan.filters = plan.filters.map((f) => (f === swap.filter ? ({ ...f, values: [swap.value] } as Filter) : f));
    add(feats, "edit|swapValue");
    changed = true;
  }
  // "avg hours for those making over 50k?" then "and under?": a comparison word alone turns the one
  // earlier comparison round (the rows on the other side of the same number or amount bracket).
  const flip = flipComparison(plan, a, lex);
  if (flip) {
    plan.filters = plan.filters.map((f) => (f === flip.from ? flip.to : f));
    add(feats, "edit|flipCompare");
    changed = true;
  }
  // "average conc for babies heavier than 1.5 kg" then "and the lighter ones?": a comparative adjective alone
  // turns the earlier comparison on the field it names (that field is no new measure).
  const turnedAdj = adjectiveFlip(plan, a);
  if (turnedAdj) {
    plan.filters = plan.filters.map((f) => (f === turnedAdj.from ? turnedAdj.to : f));
    consumed.add(turnedAdj.ref);
    add(feats, "edit|flipCompare");
    changed = true;
  }
  // "what about grade A or B", "and basic or standard?": values joined by "or" are one condition; their
  // field, named or read from the values, is no new grouping unless a grouping word governs it.
  // ("just for Paris and Lyon" after a grouping: "only"/"just" make the listed values a filter too.)
  const only = a.reading.tokens.some((t) => t.lemma === "only" || t.lemma === "just");
  const either = new Set(
    a.filters.filter((f) => (f.conj === "or" || (only && plan.groupBy.length > 0)) && f.listed >= 2).flatMap((f) => f.options.map((o) => o.filter.field)),
  );
  for (const r of a.refs)
    if (r.turn === 0 && (!r.group || (r.via === "values" && !r.each)) && !r.series && !r.facet && r.cands.length === 1 && either.has(r.cands[0].name))
      consumed.add(r.id);
  // "and where smoke = 0?": the field named by this turn's own condition is that condition, not a new measure.
  const filtered = new Set([...fromTurn].map((f) => f.field));
  for (const r of a.refs)
    if (r.turn === 0 && !r.agg && !r.group && !r.series && !r.facet && r.cands.length === 1 && filtered.has(r.cands[0].name)) consumed.add(r.id);
  const refs = a.refs.filter((r) => !consumed.has(r.id) && r.turn === 0);
  const numeric = (r: Ref) => r.cands.some((c) => info(c.name).numbers !== null && info(c.name).role !== "date");
  const field0 = (r: Ref) => info(r.cands[0].name);
  const newGroups: Ref[] = [];
  const newMeasures: Ref[] = [];
  for (const r of refs) {
    const f = field0(r);
    const t = fieldType(f, lex);
    if (r.cands.length > 1) add(feats, "edit|ambiguousRef");
    // "only for fiber optic customers": a plural noun that names an identifier only partly (customerID)
    // is the rows the turn talks about, not a new grouping of one row per group.
    if (!r.group && !r.series && !r.facet && (r.cands[0].score ?? 1) < 0.95 && idLike(f, rowCount)) continue;
    const flag = flagFor(lex, f.name);
    if (flag && !r.group && !r.series && !r.afterWhich && !r.agg) {
      const v = r.negated ? flag.no : flag.yes;
      if (v !== null) {
        plan.filters = [...plan.filters.filter((x) => x.field !== f.name), { field: f.name, op: "eq", values: [v] } as Filter];
        add(feats, "edit|flag");
        changed = true;
        continue;
      }
    }
    // "top 3 customers by sales" then "now by profit": after a ranking, "by" a continuous number is
    // what ranks the groups, not a grouping by each of its values.
    const ranking = plan.intent === "aggregate" && plan.groupBy.length > 0 && plan.measure.field !== null && (plan.limit !== null || plan.sort?.by === "value");
    if (ranking && r.group && !r.series && !r.facet && t === "cont") newMeasures.push(r);
    // ("the total number of units": a count word before a number field of a few values asks for that number, no grouping.)
    else if (r.group || r.series || r.facet || t === "cat" || t === "date" || t === "year" || (t === "disc" && !r.agg && !r.countOf)) newGroups.push(r);
    else if (numeric(r)) newMeasures.push(r);
    else newGroups.push(r);
  }
  if (newMeasures.length && (plan.intent === "aggregate" || plan.intent === "distribution")) {
    const m = newMeasures[0];
    const f = field0(m);
    if (plan.intent === "distribution") plan.x = f.name;
    else {
      // "average conc for subject 5" then "what's the highest dose?": a superlative before the number of a
      // one-number answer is its maximum (minimum), not the earlier aggregate.
      // ("how many orders are there?" then "sales by category": a count or distinct count carries no aggregate of a
      // number; the new number gets its own default, the total of an amount, as the turn read alone does.)
      const info = lex.byName.get(f.name);
      const fallback = info ? defaultAgg(info, lex, m.text) : "mean";
      const agg = m.agg ?? (plan.groupBy.length ? null : m.supAgg) ?? a.looseAgg ?? plan.measure.agg;
      const carriedNone = agg === "count" || agg === "distinct" || agg === "rate";
      plan.measure = { agg: carriedNone ? fallback : agg, field: f.name } as Measure;
      if (!m.agg && !a.looseAgg && carriedNone) notes.push(`defaultAgg:${f.name}:${fallback}`);
    }
    add(feats, "edit|newMeasure");
    changed = true;
  } else if (newMeasures.length && plan.intent === "relationship") {
    // "the same against acceleration": the new number replaces the horizontal axis.
    plan.x = field0(newMeasures[0]).name;
    add(feats, "edit|newAxis");
    changed = true;
  } else if (newMeasures.length) add(feats, "edit|measureUnused");
  if (!newMeasures.length && a.looseAgg && plan.intent === "aggregate" && plan.measure.field) {
    plan.measure = { ...plan.measure, agg: a.looseAgg === "count" ? plan.measure.agg : a.looseAgg };
    add(feats, "edit|agg");
    changed = true;
  }
  // "signups by device" then "as a share of the total": each group's part of the earlier total, the number kept
  // (a count's groups: their part of the rows). Not for a count of filtered rows: "how many earn more than 50K, by
  // race?" then "as a share of each race" asks the share within each group (the rate readings).
  if (
    a.share &&
    !a.rate &&
    !newMeasures.length &&
    !a.filters.length &&
    plan.intent === "aggregate" &&
    plan.groupBy.length > 0 &&
    !plan.measure.condition &&
    (plan.measure.agg === "sum" || (plan.measure.agg === "count" && plan.measure.field === null && !plan.filters.length))
  ) {
    plan.measure = { ...plan.measure, agg: "share" };
    add(feats, "edit|agg");
    changed = true;
  }
  // "count by state" then "and the max?": the largest (smallest) count is the group that has it.
  const extreme = a.looseAgg === "max" || a.looseAgg === "min" ? a.looseAgg : null;
  if (
    !newMeasures.length &&
    !newGroups.length &&
    extreme &&
    plan.intent === "aggregate" &&
    plan.measure.agg === "count" &&
    plan.measure.field === null &&
    plan.groupBy.length === 1 &&
    plan.limit === null
  ) {
    plan.sort = { by: "value", order: extreme === "max" ? "desc" : "asc" };
    plan.limit = 1;
    add(feats, "edit|agg");
    changed = true;
  }
  // "maximum waiting time" then "and the lowest?": the other end of a one-number maximum (minimum).
  if (
    !newMeasures.length &&
    !newGroups.length &&
    a.superlative &&
    !a.looseAgg &&
    plan.intent === "aggregate" &&
    !plan.groupBy.length &&
    (plan.measure.agg === "max" || plan.measure.agg === "min") &&
    plan.measure.agg !== a.superlative
  ) {
    plan.measure = { ...plan.measure, agg: a.superlative };
    add(feats, "edit|agg");
    changed = true;
  }
  if (newGroups.length) {
    const g = newGroups[0];
    const f = field0(g);
    const bucket = f.role === "date" ? (a.bucket ?? autoBucket(f)) : null;
    if (plan.intent === "relationship") {
      plan.groupBy = [{ field: f.name, bucket }];
      plan.chart = g.facet || a.facetWord ? "scatterFaceted" : "scatterColor";
    } else if (plan.intent === "aggregate") {
      const asSeries = g.series || a.stacked || (a.addOn && !a.instead);
      const second = newGroups.find((r) => field0(r).name !== f.name);
      if (second) {
        // The turn names two groupings of its own ("for each (ship mode, segment)"): they are the grouping.
        const f2 = field0(second);
        plan.groupBy = [
          { field: f.name, bucket },
          { field: f2.name, bucket: f2.role === "date" ? (a.bucket ?? autoBucket(f2)) : null },
        ];
      } else if (asSeries && plan.groupBy.length >= 1) plan.groupBy = [plan.groupBy[0], { field: f.name, bucket }];
      else if (plan.groupBy.length === 0) plan.groupBy = [{ field: f.name, bucket }];
      // ("split by gender" then "average MonthlyCharges by InternetService": a turn naming its measure and its
      // grouping asks a whole question; the earlier split is not kept under it.)
      else if (newMeasures.length) plan.groupBy = [{ field: f.name, bucket }];
      else plan.groupBy = [{ field: f.name, bucket }, ...plan.groupBy.slice(1)];
      add(feats, second ? "edit|twoGroups" : asSeries ? "edit|addSeries" : "edit|replaceGroup");
    } else add(feats, "edit|groupUnused");
    changed = true;
  }
  // "profit by month" after a number with no time axis: the time grain names the grouping (the table's
  // first date field, as a fresh reading takes it), not a word left out.
  const dates = lex.fields.filter((f) => f.role === "date");
  // ("how much profit in 2019" then "now for all years": the years said after "all" widen the filter on the date,
  // as "now for all regions" does; they are no grouping by year.)
  const widenedTime = [...widened].some((n) => info(n).role === "date");
  if (a.bucket && !widenedTime && plan.intent === "aggregate" && !newGroups.length && dates.length && !plan.groupBy.some((g) => isTimeField(info(g.field)))) {
    const tg = { field: dates[0].name, bucket: a.bucket };
    const asSeries = a.stacked || (a.addOn && !a.instead);
    plan.groupBy = asSeries && plan.groupBy.length ? [tg, plan.groupBy[0]] : [tg, ...plan.groupBy.slice(1)];
    if (dates.length > 1) notes.push(`timeField:${dates[0].name}`);
    add(feats, asSeries && plan.groupBy.length > 1 ? "edit|addSeries" : "edit|replaceGroup");
    changed = true;
  }
  if (a.bucket && plan.intent === "aggregate") {
    const tg = plan.groupBy.find((g) => info(g.field).role === "date");
    if (tg) {
      tg.bucket = a.bucket;
      changed = true;
      add(feats, "edit|bucket");
    }
  }
  if (a.sort) {
    plan.sort = { by: a.sort.by ?? "value", order: a.sort.order };
    changed = true;
    add(feats, "edit|sort");
  }
  if (a.limit) {
    plan.limit = a.limit.n;
    plan.sort = { by: "value", order: a.limit.dir === "bottom" ? "asc" : "desc" };
    changed = true;
    add(feats, "edit|limit");
  }
  // "which animal has the lightest brain" then "and the heaviest body?": the turn's superlative turns the
  // earlier ranking its way (it kept the lightest first).
  const turned = a.superlative === "max" ? "desc" : "asc";
  if (!a.sort && !a.limit && a.superlative && plan.sort?.by === "value" && plan.sort.order !== turned) {
    plan.sort = { ...plan.sort, order: turned };
    changed = true;
    add(feats, "edit|sort");
  }
  // "total sales in the west" then "list the rows": the rows behind the earlier answer (its filters),
  // when the turn names no field of its own.
  if (a.list && plan.intent === "aggregate" && !a.refs.some((r) => r.turn === 0)) {
    Object.assign(plan, {
      intent: "rows",
      measure: { agg: "count", field: null },
      extraMeasures: [],
      groupBy: [],
      x: null,
      y: null,
      sort: null,
      chart: "table",
    });
    delete plan.having;
    if (!a.limit) plan.limit = null;
    add(feats, "edit|list");
    changed = true;
  }
  // "profit by region" then "just the number": one number over all the groups' rows (a ranked answer,
  // "top 3 regions", keeps its groups: its number is the ranked groups').
  if (
    oneNumberAsked(a) &&
    plan.intent === "aggregate" &&
    plan.groupBy.length &&
    plan.limit === null &&
    !plan.having &&
    !isShareAgg(plan.measure.agg) &&
    !a.refs.some((r) => r.turn === 0 && (r.group || r.series || r.facet))
  ) {
    plan.groupBy = [];
    plan.sort = null;
    changed = true;
  }
  if (a.chart || oneNumberAsked(a)) {
    const before = plan.chart;
    plan.chart = rechart(plan, a, lex);
    if (plan.chart !== before) {
      changed = true;
      add(feats, "edit|chart");
    }
  } else if (changed && plan.intent === "aggregate") plan.chart = rechart(plan, { ...a, chart: null }, lex, prev.chart);
  if (!changed) return out;
  // The shape the turn asks for ("show the distribution of age" after "average age"): an edit that
  // keeps the earlier shape answers the earlier question again (the turn alone or read with the
  // earlier turns' words answers it).
  const shape = ownShape(a);
  if (shape && plan.intent !== shape) return out;
  if (a.followUp) add(feats, "edit|followUpCue");
  if (a.instead) add(feats, "edit|instead");
  if (a.addOn) add(feats, "edit|addOn");
  if (!a.refs.some((r) => r.turn === 0) && !a.filters.length) add(feats, "edit|noNewFields");
  for (const u of a.unknown) add(feats, `unknown:${u.slot}`);
  out.push({ plan, feats, choices: [], notes, sig: `edit ${plan.intent} ${plan.chart}`, score: 0 });
  return out;
}

function numberSwap(plan: AnalysisPlan, a: Atoms, lex: TableLexicon): { filter: Filter; value: number } | null {
  if (a.strayNumbers.length !== 1 || a.filters.length || a.refs.some((r) => r.turn === 0) || a.limit) return null;
  const value = Number(a.strayNumbers[0].replace(/,/g, ""));
  if (!Number.isFinite(value)) return null;
  const eqs = plan.filters.filter((f) => f.op === "eq" && f.values.length === 1 && typeof f.values[0] === "number");
  if (eqs.length !== 1) return null;
  const nums = lex.byName.get(eqs[0].field)?.numbers;
  if (!nums || eqs[0].values[0] === value || !nums.includes(value)) return null;
  return { filter: eqs[0], value };
}

const AMOUNT_BRACKET = /^\s*(>=|<=|>|<)/;

/**
 * A turn that is only a comparison word ("and under?", "what about above?"): no field, value or
 * number of its own. The one earlier filter comparing a number the other way ("over 50") becomes the
 * other side of it ("at most 50"); an amount bracket (">50K" of a field of two brackets) becomes the
 * other bracket.
 */
export function flipComparison(plan: AnalysisPlan, a: Atoms, lex: TableLexicon): { from: Filter; to: Filter; text: string } | null {
  if (a.filters.length || a.refs.some((r) => r.turn === 0) || a.strayNumbers.length || a.limit || a.superlative) return null;
  const { mentions } = a.reading;
  if (mentions.some((m) => m.kind !== "word")) return null;
  const cmps = mentions.filter((m) => m.kind === "word" && m.hits.some((h) => h.category === "cmp" && RANGE_OPS.has(h.key)));
  if (cmps.length !== 1 || cmps[0].kind !== "word") return null;
  const key = cmps[0].hits.find((h) => h.category === "cmp" && RANGE_OPS.has(h.key))!.key;
  const up = key === "gt" || key === "gte";
  const sides = plan.filters.flatMap((f) => {
    if (f.otherField || f.values.length !== 1) return [];
    if (RANGE_OPS.has(f.op) && typeof f.values[0] === "number") return [{ f, up: f.op === "gt" || f.op === "gte" }];
    const dict = lex.byName.get(f.field)?.dictionary;
    if (f.op === "eq" && dict?.length === 2 && dict.every((v) => AMOUNT_BRACKET.test(v)) && typeof f.values[0] === "string") {
      const other = dict.find((v) => v !== f.values[0]);
      const mine = AMOUNT_BRACKET.exec(String(f.values[0]));
      const theirs = other ? AMOUNT_BRACKET.exec(other) : null;
      if (!mine || !theirs || mine[1][0] === theirs[1][0]) return [];
      return [{ f, up: mine[1][0] === ">", other }];
    }
    return [];
  });
  if (sides.length !== 1 || sides[0].up === up) return null;
  const { f } = sides[0];
  const to: Filter =
    "other" in sides[0] && sides[0].other !== undefined ? ({ ...f, values: [sides[0].other] } as Filter) : ({ ...f, op: OTHER_SIDE[f.op]! } as Filter);
  return { from: f, to, text: cmps[0].text };
}

/**
 * A turn whose one field is named by a comparative adjective ("and the lighter ones?", "and shorter ones?"),
 * with no number or filter of its own: the one earlier comparison on that field the other way round becomes
 * its other side ("Wt above 1.5" -> "Wt at most 1.5").
 */
function adjectiveFlip(plan: AnalysisPlan, a: Atoms): { from: Filter; to: Filter; ref: number } | null {
  if (a.filters.length || a.strayNumbers.length || a.limit || a.superlative) return null;
  const refs = a.refs.filter((r) => r.turn === 0);
  if (refs.length !== 1 || refs[0].via !== "adjective" || refs[0].cands.length !== 1) return null;
  const word = a.reading.mentions.find((m) => m.kind === "word" && m.hits.some((h) => h.category === "comparative" && RANGE_OPS.has(h.key)));
  const key = word?.kind === "word" ? word.hits.find((h) => h.category === "comparative" && RANGE_OPS.has(h.key))?.key : undefined;
  if (!key) return null;
  const field = refs[0].cands[0].name;
  const sides = plan.filters.filter(
    (f) => f.field === field && !f.otherField && RANGE_OPS.has(f.op) && f.values.length === 1 && typeof f.values[0] === "number",
  );
  if (sides.length !== 1) return null;
  const up = (op: string) => op === "gt" || op === "gte";
  if (up(sides[0].op) === up(key)) return null;
  return { from: sides[0], to: { ...sides[0], op: OTHER_SIDE[sides[0].op]! } as Filter, ref: refs[0].id };
}

/**
 * "only rated PG-13" then "what about R": a lone short word (read as a value only next to its field's
 * name) that is a value of the field of one earlier filter on one value replaces that value.
 */
function shortValueSwap(plan: AnalysisPlan, a: Atoms): { filter: Filter; value: string } | null {
  if (a.strayShortValues.length !== 1 || a.filters.length || a.refs.some((r) => r.turn === 0) || a.strayNumbers.length) return null;
  const hits = a.strayShortValues[0].fields;
  const eqs = plan.filters.filter((f) => f.op === "eq" && f.values.length === 1 && hits.some((h) => h.field === f.field && h.value !== f.values[0]));
  if (eqs.length !== 1) return null;
  return { filter: eqs[0], value: hits.find((h) => h.field === eqs[0].field)!.value };
}

/** "average duration where y is yes" then "what about no": the one earlier yes/no filter turns to the side said. */
function sideSwap(plan: AnalysisPlan, a: Atoms, lex: TableLexicon): { filter: Filter; value: string | number } | null {
  if (!a.sideWord || a.filters.length || a.refs.some((r) => r.turn === 0)) return null;
  const flags = plan.filters.filter((f) => f.op === "eq" && f.values.length === 1 && flagFor(lex, f.field));
  if (flags.length !== 1) return null;
  const flag = flagFor(lex, flags[0].field)!;
  const value = a.sideWord === "yes" ? flag.yes : flag.no;
  return value === null || value === flags[0].values[0] ? null : { filter: flags[0], value };
}

function isShareAgg(agg: AnalysisPlan["measure"]["agg"]): boolean {
  return agg === "share";
}

/** The chart of an edited plan: the words of the turn, else the kind the data calls for. */
function rechart(
  plan: AnalysisPlan,
  a: Pick<Atoms, "chart" | "output" | "stacked" | "refs" | "filters">,
  lex: TableLexicon,
  previous?: AnalysisPlan["chart"],
): AnalysisPlan["chart"] {
  const groups = plan.groupBy.map((g) => lex.byName.get(g.field)!);
  const timeFirst = groups.length > 0 && isTimeField(groups[0]) && !isCyclicBucket(plan.groupBy[0].bucket);
  if (plan.intent === "relationship" || plan.intent === "distribution") return plan.chart;
  if (plan.intent === "rows") return a.chart === "bar" || a.chart === "pie" ? (plan.x && plan.y ? a.chart : "table") : "table";
  if (oneNumberAsked(a) || groups.length === 0) return "none";
  if (a.chart === "table") return "table";
  if (a.chart === "pie" && groups.length === 1) return "pie";
  if (a.chart === "line" && timeFirst) return groups.length === 1 ? "line" : "multiLine";
  // "show it as a line" over one grouping that is no time: the line asked for, through the groups in order.
  if (a.chart === "line" && groups.length === 1 && plan.intent === "aggregate") return "line";
  if (a.chart === "bar") return groups.length === 1 ? "bar" : a.stacked ? "stackedBar" : "groupedBar";
  if (previous && previous !== "none" && previous !== "table" && !(previous === "pie" && groups.length !== 1)) {
    if (groups.length === 1 && (previous === "pie" || previous === "bar" || previous === "line")) return previous === "line" && !timeFirst ? "bar" : previous;
  }
  if (groups.length === 1) return timeFirst ? "line" : "bar";
  if (timeFirst) return "multiLine";
  return plan.measure.agg === "count" || plan.measure.agg === "sum" ? "stackedBar" : "groupedBar";
}

/**
 * "top 3 cities by weight" then "which of them is lowest?": among the groups the earlier answer ranked and
 * cut, the one at the end asked for (plan.within keeps the ranked groups, then sort and limit pick the one).
 * Applied after the ranking: the turn names no field or filter of its own, points back ("them", "these")
 * and says a superlative; the best reading kept the earlier measure and grouping.
 */
export function withinReading(a: Atoms, plan: AnalysisPlan, prev: AnalysisPlan | null): AnalysisPlan | null {
  if (!prev || !a.superlative || a.limit || a.sort || prev.within) return null;
  if (!a.reading.tokens.some((t) => t.lemma === "them" || t.lemma === "these" || t.lemma === "those")) return null;
  if (a.refs.some((r) => r.turn === 0) || a.filters.length) return null;
  if (prev.intent !== "aggregate" || prev.groupBy.length !== 1 || prev.limit === null || prev.limit < 2 || prev.sort?.by !== "value") return null;
  if (plan.intent !== "aggregate" || JSON.stringify(plan.measure) !== JSON.stringify(prev.measure)) return null;
  if (JSON.stringify(plan.groupBy) !== JSON.stringify(prev.groupBy) || JSON.stringify(plan.filters) !== JSON.stringify(prev.filters)) return null;
  return {
    ...plan,
    within: { order: prev.sort.order, limit: prev.limit },
    sort: { by: "value", order: a.superlative === "max" ? "desc" : "asc" },
    limit: 1,
  };
}
