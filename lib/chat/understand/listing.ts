// "course name and credits of all online courses": a name and a number of all the rows, with no word
// that combines them (no aggregate, count, grouping, ranking or relation word), lists the rows: one
// line per course, even where names repeat. The learned ranking prefers a count or an average per name
// there (the corpora rarely repeat names), so the rows are picked after the ranking.
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { TableLexicon } from "./lexicon";
import grammar from "../vocab/grammar.json";

const ALL_WORDS = new Set<string>(grammar.listing.allWords);

/**
 * A field naming the rows, each value on a few rows at most (film titles repeated over a festival's entries, about 3
 * rows a title), not a field of a few groups each on many rows (4 channels over 2,920 days, 730 rows a channel).
 * Unknown without the lexicon.
 */
const MAX_ROWS_PER_LABEL = 10;
function mostlyOnePerRow(name: string, lex?: TableLexicon): boolean {
  const f = lex?.byName.get(name);
  const rows = f ? ((f.codes ?? f.numbers)?.length ?? 0) : 0;
  return !f || !rows || f.distinct * MAX_ROWS_PER_LABEL >= rows;
}

/** The rows reading of "X and Y of all <rows>", when the best reading combines rows nobody asked to combine. */
export function listingReading(a: Atoms, ranked: Candidate[], lex?: TableLexicon): Candidate | null {
  const best = ranked[0];
  const plan = best?.plan;
  if (!plan || plan.intent !== "aggregate" || plan.groupBy.length === 0) return null;
  if (a.aggWords || a.looseAgg || a.count || a.countRows || a.share || a.rate || a.distinct || a.proportion) return null;
  const { mentions, at, tokens } = a.reading;
  // "What are the first names and ages of students majoring in History?": asked what the fields of the rows are.
  const whatAre = tokens[0]?.lemma === "what" && ["are", "were"].includes(tokens[1]?.lemma ?? "") && tokens[2]?.lemma === "the";
  if (a.superlative || a.limit || (a.which && !whatAre) || a.distribution || a.relation || a.versus || a.overTime || a.bucket) return null;
  if (a.chart !== null && a.chart !== "bar") return null;
  const refs = a.refs.filter((r) => r.turn === 0);
  if (refs.some((r) => (r.group && !r.sortBy) || r.series || r.facet || r.agg || r.countOf || r.distinctOf || r.afterWhich)) return null;
  // "of all online courses", "for every customer": all the rows, said with their noun.
  const allRows = tokens.some((t, i) => {
    if (!ALL_WORDS.has(t.lemma)) return false;
    for (let k = i + 1; k < Math.min(tokens.length, i + 4); k++) {
      const m = at[k] >= 0 ? mentions[at[k]] : undefined;
      if (m && m.kind === "word" && m.hits.some((h) => h.category === "rowNoun")) return true;
      // ("all film titles and their jury scores": the label field itself, one per row; "all channels sorted by
      // revenue", a field of a few values each on many rows, asks for its groups.)
      if (m && m.kind === "field" && m.fields.some((f) => plan.groupBy.some((g) => g.field === f.name) && mostlyOnePerRow(f.name, lex))) return true;
    }
    return false;
  });
  if (!allRows && !a.list && !whatAre) return null;
  const fields = new Set([...plan.groupBy.map((g) => g.field), ...(plan.measure.field ? [plan.measure.field] : [])]);
  const filters = JSON.stringify(plan.filters);
  const rows = ranked.filter(
    (c) =>
      c.plan.intent === "rows" &&
      c.plan.x !== null &&
      c.plan.y !== null &&
      fields.has(c.plan.x) &&
      fields.has(c.plan.y) &&
      JSON.stringify(c.plan.filters) === filters,
  );
  // (In the order of the data where a reading keeps it; each row's number as a bar, the label under it.)
  // An order said on the number ("order by credits desc") is the rows' order; so is one said on the name by its
  // field ("rank by title in descending"): the rows sorted by their label.
  const order = a.sort?.order;
  const sortRefs = refs.filter((r) => r.sortBy);
  const sortedOn = (c: Candidate, by: "key" | "value", field: string | null) =>
    c.plan.sort?.by === by && c.plan.sort.order === order && sortRefs.length > 0 && sortRefs.every((r) => r.cands.some((f) => f.name === field));
  const pick = order
    ? (rows.find((c) => a.sort?.by !== "key" && sortedOn(c, "value", c.plan.y)) ?? rows.find((c) => sortedOn(c, "key", c.plan.x)))
    : (rows.find((c) => c.plan.sort === null) ?? rows[0]);
  return pick ? { ...pick, plan: { ...pick.plan, chart: "bar" } } : null;
}

/**
 * "What are the titles and rental rates of films longer than 150 minutes? ... rank by title in descending": rows
 * labelled by a field the question orders them by are sorted by that label, not by their number. The learned
 * ranking tends to leave a name of one value per row out (an identifier), and the order said on it with it.
 */
export function labelSortReading(a: Atoms, ranked: Candidate[]): Candidate | null {
  const plan = ranked[0]?.plan;
  if (!plan || plan.intent !== "rows" || !plan.x || !plan.y || plan.sort?.by !== "value" || !a.sort) return null;
  const sortRefs = a.refs.filter((r) => r.turn === 0 && r.sortBy);
  if (sortRefs.length !== 1 || !sortRefs[0].cands.some((c) => c.name === plan.x) || sortRefs[0].cands.some((c) => c.name === plan.y)) return null;
  const order = a.sort.order;
  const filters = JSON.stringify(plan.filters);
  return (
    ranked.find(
      (c) =>
        c.plan.intent === "rows" &&
        c.plan.x === plan.x &&
        c.plan.y === plan.y &&
        c.plan.sort?.by === "key" &&
        c.plan.sort.order === order &&
        c.plan.limit === plan.limit &&
        JSON.stringify(c.plan.filters) === filters,
    ) ?? null
  );
}
