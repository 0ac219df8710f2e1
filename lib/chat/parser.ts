// The deterministic parser: question -> frame (what the words say) -> plan (what to compute).
// Follow-up turns are frames merged into the previous frame, so a conversation is re-parsed turn
// by turn and the last merged frame becomes the plan. Nothing typed here is ever executed.
import type { FieldInfo } from "./columns";
import { isTimeField } from "./columns";
import { lex, type Lexicon, type Token } from "./lexicon";
import type { Aggregate, AnalysisPlan, ChartKind, Filter, TimeBucket } from "./plan";

type Role = "plain" | "measure" | "group" | "color" | "split" | "facet" | "x" | "y";

export interface Mention {
  fields: string[]; // candidates, best first; one when unambiguous
  exact: boolean;
  role: Role;
  agg: Aggregate | null;
  /** "number of X" / "count of X" / "how many X" */
  countOf: boolean;
  /** Preceded by "for each", "per", "each": one chart element (or panel) per value. */
  each: boolean;
  turn: number;
  pos: number;
}

export interface Frame {
  mentions: Mention[];
  filters: Filter[];
  /** An aggregate word not attached to a field ("and the maximum?"). */
  agg: Aggregate | null;
  count: boolean;
  distinct: boolean;
  share: boolean;
  chart: "bar" | "line" | "scatter" | "histogram" | "pie" | "table" | null;
  stacked: boolean;
  grouped: boolean;
  facet: boolean;
  color: boolean;
  relation: boolean;
  versus: boolean;
  distribution: boolean;
  time: boolean;
  bucket: TimeBucket | null;
  sort: AnalysisPlan["sort"];
  limit: number | null;
  superlative: "max" | "min" | null;
  binWidth: number | null;
  binCount: number | null;
  followUp: boolean;
  instead: boolean;
  /** "A vs B", "A by B": the first field named is the vertical axis. */
  yFirst: boolean;
  greeting: boolean;
  unknownWords: string[];
  /** "churn rate", "conversion rate": the share of rows holding a value, per group. */
  rate: boolean;
  /** "list the orders with ...", "show me the rows where ...": the rows themselves. */
  list: boolean;
  /** Field mentions ("turn:pos") right after "top N": what is ranked. */
  ranked: string[];
  /** Field mentions ("turn:pos") that only say which field a filter is on ("more than 6 cylinders"). */
  bound: string[];
  /** An aggregate asked of a word that is no field ("average salary"): the question cannot be answered. */
  unknownMeasure: string | null;
}

const AGG_WORDS: Record<string, Aggregate> = {
  average: "mean", avg: "mean", mean: "mean", averaged: "mean", typical: "mean",
  total: "sum", sum: "sum", summed: "sum", cumulative: "sum", overall: "sum", sums: "sum", summing: "sum",
  median: "median",
  maximum: "max", max: "max", largest: "max", biggest: "max",
  minimum: "min", min: "min", smallest: "min",
  distinct: "distinct", unique: "distinct",
  percentage: "share", percent: "share", share: "share", proportion: "share", fraction: "share", ratio: "share",
  // French, Spanish, German (questions may come in the project's language).
  moyenne: "mean", moyen: "mean", promedio: "mean", durchschnitt: "mean", durchschnittlich: "mean", mittelwert: "mean",
  somme: "sum", suma: "sum", summe: "sum", gesamt: "sum", totale: "sum",
  mediane: "median", mediana: "median",
  maximo: "max", maxima: "max",
  minimo: "min", minima: "min",
  pourcentage: "share", porcentaje: "share", proporcion: "share", anteil: "share", prozent: "share",
};
// Superlatives sort the groups (which X has the highest Y?) rather than aggregate.
const SUPER_MAX = new Set(["highest", "most", "best", "greatest", "top", "maximal", "largest", "biggest", "more"]);
const SUPER_MIN = new Set(["lowest", "least", "fewest", "worst", "bottom", "minimal", "smallest", "less"]);


// Nouns that name the rows themselves ("number of cars"), not a field.
const ROW_NOUNS = new Set(["row", "record", "entry", "line", "item", "car", "movie", "film", "order", "product", "customer", "person", "people", "model", "vehicle", "title", "observation", "sample", "case", "transaction", "sale", "one", "thing", "element", "point", "data"]);
// Words that may follow an aggregate word without naming a measure.
const NOT_MEASURES = new Set(["by", "per", "for", "of", "in", "over", "across", "and", "or", "value", "values", "number", "count", "is", "was", "are", "with", "to", "from", "on", "than", "between", "among", "each", "every", "what", "which", "this", "that", "it", "them", "instead", "please", "as", "at", "chart", "plot", "graph", "bar", "line", "trend", "distribution", "change", "amount", "size", "level", "rating", "score", "year", "month", "day", "time", "date", "week", "quarter"]);

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
};

const GREETING_RE = /^(hi|hello|hey|hallo|bonjour|salut|hola|buenos dias|guten tag|good (morning|afternoon|evening)|thanks|thank you|merci|gracias|danke|help|what can (i|you) (ask|do)|who are you)\b/;

export function emptyFrame(): Frame {
  return {
    mentions: [], filters: [], agg: null, count: false, distinct: false, share: false, chart: null, stacked: false, grouped: false,
    facet: false, color: false, relation: false, versus: false, distribution: false, time: false, bucket: null, sort: null, limit: null,
    superlative: null, binWidth: null, binCount: null, followUp: false, instead: false, yFirst: false, greeting: false, unknownWords: [], unknownMeasure: null, bound: [], ranked: [], rate: false, list: false,
  };
}

function wordAt(tokens: Token[], i: number): string | null {
  const t = tokens[i];
  return t && t.kind === "word" ? t.text : null;
}

function fieldInfo(fields: FieldInfo[], name: string): FieldInfo | undefined {
  return fields.find((f) => f.name === name);
}

/** Start and end (exclusive) epoch ms of a year, or of a month of a year. */
function periodIso(year: number, month?: number): string {
  return month ? `${year}-${String(month).padStart(2, "0")}` : String(year);
}

const MODIFIERS = new Set(["monthly", "yearly", "daily", "weekly", "quarterly", "annual", "overall", "individual", "net", "gross", "whole", "entire"]);
const FILLER = new Set(["des", "de", "du", "la", "le", "les", "el", "los", "las", "del", "der", "die", "das", "den", "dem", "von", "the", "a", "an", "of", "their", "its", "his", "her", "my", "our", "this", "that", "these", "those", "all"]);

/** Parses one user turn into a frame. */
export function parseTurn(lexicon: Lexicon, text: string, turn = 0): Frame {
  const f = emptyFrame();
  const tokens = lex(lexicon, text);
  const fields = lexicon.fields;
  const words = tokens.map((t) => (t.kind === "word" ? t.text : t.kind === "number" ? "#" : t.kind === "field" ? "@" : "$"));
  const joined = ` ${words.join(" ")} `;
  const has = (re: RegExp) => re.test(joined);
  const plain = text.toLowerCase().trim();
  if (GREETING_RE.test(plain) && tokens.every((t) => t.kind === "word")) f.greeting = true;

  // Chart and intent cues.
  if (has(/ (barre|barra|balken|balkendiagramm|histogramme|histograma|histogramm) /)) f.chart = "bar";
  // (Words are singular here: "temps" reads "temp".)
  if (has(/ (courbe|liniendiagramm|evolution|evolucion|entwicklung|au fil du temp|dans le temp|a lo largo del tiempo|im zeitverlauf|uber die zeit) /)) f.time = true;
  if (has(/ (nuage de point|dispersion|streudiagramm|correlacion|korrelation|zusammenhang|relacion) /)) f.relation = true;
  if (has(/ (bar|bars|barchart|column chart|columns|column graph|column charts|column graphs|bart) /)) f.chart = "bar";
  if (has(/ (histogram|histograms) /)) f.distribution = true;
  if (has(/ (line|lines|linegraph|linechart|timeline|time series|timeseries) /)) f.chart = "line";
  if (has(/ (scatter|scatterplot|scatterplots|scatterchart|xy|xyplot|point|dot|cluster|bubble) /)) f.chart = "scatter";
  if (has(/ (pie|donut|doughnut) /)) f.chart = "pie";
  if (has(/ (table|list|tabulate) /) && !f.chart) f.chart = "table";
  if (has(/ (stack|stacked|stacking) /)) f.stacked = true;
  if (has(/ (grouped|side by side|clustered) /)) f.grouped = true;
  if (has(/ (facet|faceted|facetted|trellis|trellised|small multiple|multiples|panel|panels|subplot|subplots|separate (chart|plot|graph|scatterplot|panel)|separate @|one (chart|plot|graph|scatterplot|scatter) (for|per)|(chart|plot|graph)s? (for|per) each|each (plot|chart|graph)|(series|set) of ([a-z]+ )?(chart|plot|graph|scatterplot)|multiple ([a-z]+ )?(chart|plot|graph|scatterplot)|separately|(chart|plot|graph|scatterplot|scatter plot)s for each|# (chart|plot|graph|scatterplot)) /)) f.facet = true;
  if (/\b(scatter ?plots|scatterplots|scatter charts|scatter graphs)\b/.test(plain)) f.facet = true;
  if (has(/ (correlation|correlate|correlated|relationship|related|relate|relation|association|associated|depend|dependence|impact|affect|influence) /)) f.relation = true;
  if (has(/ (vs|v|versus|against|compared|compare|x axis|y axis) /)) f.versus = true;
  if (has(/ (distribucion|verteilung|repartition) /)) f.distribution = true;
  if (has(/ (distribution|distributed|spread|histogram|frequency|frequencies|bin|bins|binned|bucket|buckets|interval|intervals|range) /)) f.distribution = true;
  if (has(/ (over time|over the year|over year|trend|trends|trended|trending|timeline|time series|evolve|evolved|evolution|change over|changed|changes|changing|through time|across time|over the period|history|historical|grown|growth) /)) f.time = true;
  if (has(/ (yearly|annual|annually|per year|by year|each year|every year|a year) /)) f.bucket = "year";
  if (has(/ (quarterly|per quarter|by quarter|each quarter) /)) f.bucket = "quarter";
  if (has(/ (monthly|per month|by month|each month|every month|a month) /)) f.bucket = "month";
  if (has(/ (weekly|per week|by week|each week|every week) /)) f.bucket = "week";
  if (has(/ (daily|per day|by day|each day|every day|a day) /)) f.bucket = "day";
  if (has(/ (each|every|per|by|for each|for every) (date|day|time) /)) f.time = true;
  if (has(/ (how many|number of|count|counts|counting|frequency|tally|total number|amount of|quantity of|combien|nombre de|cuanto|cuanta|numero de|wie viele|anzahl) /)) f.count = true;
  if (has(/ (distinct|unique|different) /)) f.distinct = true;
  if (has(/ (percentage|percent|share|proportion|fraction|%) /)) f.share = true;
  if (has(/ (instead|rather) /)) f.instead = true;
  if (/^(please )?(list|enumerate)\b/.test(plain) || /\b(rows|records|entries) (where|with|that|having|in which|whose)\b/.test(plain) || /^(please )?(show|give|display|get)( me)? (all |the )?(rows|records|entries|raw data)\b/.test(plain)) f.list = true;
  if (has(/ @ (rate|ratio) | (rate|ratio) of /)) f.rate = true;
  if (/^(and|but|now|then|also|add|only|just|what about|how about|same|split|segregate|break|color|colour|stack|facet|group|sort|order|use|make it|make them|show it|show them|filter|exclude|remove|limit|divide|instead|without|except|including|include|for|in|with|what if|ok|okay|alright|now)\b/.test(plain)) f.followUp = true;
  if (/\b(it|them|this|that|these|those|same)\b/.test(plain) && tokens.filter((t) => t.kind === "field").length < 2) f.followUp = true;

  // Sorting and top/bottom N.
  if (has(/ (descending|desc|decreasing|highest to lowest|largest to smallest|high to low|highest first|largest first|biggest first|most to least|descending order) /)) f.sort = { by: "value", order: "desc" };
  else if (has(/ (ascending|asc|increasing|lowest to highest|smallest to largest|low to high|lowest first|smallest first|least to most) /)) f.sort = { by: "value", order: "asc" };
  if (has(/ (alphabetical|alphabetically|alphabetize|alphabetized|a to z|by name) /)) f.sort = { by: "key", order: "asc" };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || !Number.isInteger(t.value) || t.value <= 0 || t.value > 1000) continue;
    const prev = wordAt(tokens, i - 1);
    const next = wordAt(tokens, i + 1);
    let ranked = false;
    // "list the 5 orders with ...": how many rows to list.
    if (f.list && (prev === "the" || prev === "list" || prev === "show" || prev === "first") && tokens[i + 1] && tokens[i + 1].kind !== "number") f.limit = t.value;
    if (prev === "top" || prev === "first" || (next && SUPER_MAX.has(next) && next !== "more")) {
      f.limit = t.value;
      f.sort = { by: "value", order: "desc" };
      ranked = true;
    } else if (prev === "bottom" || prev === "last" || (next && SUPER_MIN.has(next) && next !== "less")) {
      f.limit = t.value;
      f.sort = { by: "value", order: "asc" };
      ranked = true;
    }
    // "top 5 products by profit": the word after N names what is ranked, even a common word.
    // "top 5 products", "the 10 largest orders": the thing ranked follows the number (or its superlative).
    const after1 = tokens[i + 1];
    const ranked1 = after1 && after1.kind === "word" && (SUPER_MAX.has(after1.text) || SUPER_MIN.has(after1.text)) ? tokens[i + 2] : after1;
    const rankedPos = ranked1 === after1 ? i + 1 : i + 2;
    if (ranked && ranked1 && ranked1.kind === "field") f.ranked.push(`${turn}:${rankedPos}`);
    if (ranked && ranked1 && ranked1.kind === "word") {
      const cands = (lexicon.partial.get(ranked1.text) ?? []).filter((p) => fieldInfo(fields, p.field)?.codes);
      if (cands.length > 0) {
        const heads = cands.filter((p) => p.head);
        f.mentions.push({ fields: (heads.length ? heads : cands).map((p) => p.field), exact: cands.length === 1, role: "group", agg: null, countOf: false, each: false, turn, pos: rankedPos });
      }
    }
  }
  if (has(/ (which|what|who|where) /) || has(/ (the )?(highest|lowest|most|least|fewest|best|worst) /)) {
    if (has(/ (highest|most|best|greatest|largest|biggest|top) /)) f.superlative = "max";
    else if (has(/ (lowest|least|fewest|worst|smallest|bottom) /)) f.superlative = "min";
  }

  // Bins: "bin size 500", "bin width of 500", "bins of 500", "500 intervals", "20 minute buckets", "into 8 buckets".
  const binWord = (w: string | null) => w !== null && /^(bin|bins|bucket|buckets|interval|intervals|class|classes|group|groups|step|steps)$/.test(w);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || t.value <= 0) continue;
    const back = [wordAt(tokens, i - 1), wordAt(tokens, i - 2), wordAt(tokens, i - 3)];
    const next = wordAt(tokens, i + 1);
    const next2 = wordAt(tokens, i + 2);
    const backText = back.filter((w) => w !== null && w !== "of" && w !== "a" && w !== "=" && w !== "is" && w !== "to").slice(0, 2).reverse().join(" ");
    if (/(bin|bucket|interval|class|step) (size|width)$|(size|width)$|^(bin|bucket|interval|bins|buckets|intervals)$|(bins|buckets|intervals)$/.test(backText) && (backText.includes("size") || backText.includes("width") || /(bins|buckets|intervals|bin|bucket|interval)$/.test(backText))) {
      f.binWidth = t.value;
    } else if (binWord(next) || (next && /^(minute|min|unit|year|point|pound|lb|dollar|hour|day|second|mile|km|kg)$/.test(next) && binWord(next2))) {
      const unitFirst = !binWord(next);
      const into = back[0] === "into" || back[0] === "in";
      if (!unitFirst && Number.isInteger(t.value) && t.value <= 50 && (into || /^(bins|buckets|groups|classes)$/.test(next ?? ""))) f.binCount = t.value;
      else f.binWidth = t.value;
    } else if (back[0] === "nearest" && next && /^(minute|min|unit|year|point|hour|day)$/.test(next)) f.binWidth = t.value;
  }
  if (f.binWidth && f.binCount) f.binCount = null;

  // Field mentions and their roles.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "field") continue;
    let role: Role = "plain";
    let agg: Aggregate | null = null;
    let countOf = false;
    // Look back over filler words.
    let j = i - 1;
    const back: string[] = [];
    while (j >= 0 && back.length < 6) {
      const w = wordAt(tokens, j);
      if (w === null) break;
      back.push(w);
      j--;
    }
    const backText = ` ${back.slice().reverse().join(" ")} `;
    for (const w of back) {
      if (FILLER.has(w) || MODIFIERS.has(w)) continue;
      if (AGG_WORDS[w]) {
        agg = agg ?? AGG_WORDS[w];
      }
      break;
    }
    if (/ (number|count|counts|how many|amount) (of )?((the|all|distinct|unique|different) )*$/.test(backText) || /( how many $)/.test(backText)) countOf = true;
    if (/ (x axis|x|horizontal axis|columns)( is| as| of| =)? $/.test(backText)) role = "x";
    else if (/ (y axis|y|vertical axis|rows)( is| as| of| =)? $/.test(backText)) role = "y";
    else if (/ (facet|faceted|facetted|trellis|trellised|small multiples|multiples|panels?|separate (charts?|plots?|graphs?|panels?)|one (chart|plot|graph) (for|per)( each)?|each (plot|chart|graph)|(charts?|plots?|graphs?) for each|separately|each multiple is a specific)( it| them)?( by| on| of| for| per| across)?( each| every| the)? $/.test(backText)) role = "facet";
    else if (/ (colou?r(ed|ing)?|legend|stack(ed)?|distinguish(ed)?|hue|sub ?grouped|coded|code|highlight(ed)?)( (the )?(marks?|dots?|bars?|points?|lines?|it|them|movies?|each movie|cars?))?( by| on| with| based on| according to| using| into| per| across| of| within| for)?( each| every| the| their| its| different)* $/.test(backText)) role = "color";
    else if (/ (segment(ed)?|breakdown|broken (down|out)|segregated?|separated?|divided|split(ted)?|categorized|parameterized|sliced?|filtered)( (the )?(marks?|dots?|bars?|points?|lines?|it|them|movies?|each movie|cars?|data))?( by| on| with| based on| according to| using| into| per| across| of| within| for)?( each| every| the| their| its| different)* $/.test(backText)) role = "split";
    else if (/ (by|per|each|every|across|among|par|por|nach|pro|je|selon|chaque|cada|jede|jeden|jeder|pour chaque|para cada|fur jede|for each|for every|for all|for the different|for different|for various|in each|of each|different|various|individual|based on|grouped by|group by|groupby|over|according to|between the|on)( the| their| its)? $/.test(backText)) role = "group";
    // "X wise", "X by X" handled by position later; "add X to legend/groups"
    const after = tokens.slice(i + 1, i + 4).map((x) => (x.kind === "word" ? x.text : "#")).join(" ");
    if (/^(to|in|into|on) (the )?(legend|color|colour)/.test(after)) role = "color";
    else if (/^(to|in|into) (the )?(group|groups|facet|facets|panel|column|columns)/.test(after)) role = role === "plain" ? "group" : role;
    else if (/^(on|as|in) (the )?x( axis)?/.test(after) || /^(on|as) (the )?horizontal/.test(after)) role = "x";
    else if (/^(on|as|in) (the )?y( axis)?/.test(after) || /^(on|as) (the )?vertical/.test(after)) role = "y";
    else if (/^(wise|level)\b/.test(after) && role === "plain") role = "group";
    const each = / (for each|for every|per|each|every|for the different|for different|for all)( the| their| its)? $/.test(backText);
    f.mentions.push({ fields: t.fields, exact: t.exact, role, agg, countOf, each, turn, pos: i });
  }

  // Standalone aggregate words ("and the maximum?", "what is the average?").
  for (let i = 0; i < tokens.length; i++) {
    const w = wordAt(tokens, i);
    if (!w || !AGG_WORDS[w]) continue;
    const nextField = tokens.slice(i + 1, i + 4).find((x) => x.kind !== "word" || !FILLER.has(x.text));
    if (nextField && nextField.kind === "word" && AGG_WORDS[w] !== "share" && !ROW_NOUNS.has(nextField.text) && !NOT_MEASURES.has(nextField.text) && !AGG_WORDS[nextField.text]) {
      f.unknownMeasure = nextField.text;
    }
    if (!nextField || nextField.kind !== "field") {
      const a = AGG_WORDS[w];
      // "total count", "total number of": a count, not a sum.
      if (a === "sum" && /^(count|number|amount)$/.test(wordAt(tokens, i + 1) ?? "")) continue;
      if (a === "max" && ["largest", "biggest"].includes(w)) continue;
      if (a === "min" && w === "smallest") continue;
      if (a === "share" && w === "ratio") continue;
      f.agg = a;
    }
  }

  const fieldIdx = tokens.map((t, i) => (t.kind === "field" ? i : -1)).filter((i) => i >= 0);
  if (fieldIdx.length >= 2) {
    const between = tokens.slice(fieldIdx[0] + 1, fieldIdx[1]).map((t) => (t.kind === "word" ? t.text : ""));
    f.yFirst = between.some((w) => /^(vs|v|versus|against|by|compared|over|per|across|with|to|relative|as)$/.test(w));
  }
  parseFilters(f, tokens, fields, turn);
  return f;
}

const GT_WORDS = /^(more|greater|higher|larger|bigger|over|above|exceeding|exceeds|exceed|after|since|>|>=|heavier|longer|faster|older|later|costlier|pricier|atleast)$/;
const LT_WORDS = /^(less|lower|smaller|fewer|under|below|before|until|till|<|<=|lighter|shorter|slower|younger|earlier|cheaper|atmost|prior)$/;

function parseFilters(f: Frame, tokens: Token[], fields: FieldInfo[], turn: number): void {
  const timeFields = fields.filter(isTimeField);
  const consumedNumbers = new Set<number>();
  let nearest: { name: string; pos: number } | null = null;
  const nearestField = (i: number, numeric: boolean): string | null => {
    nearest = null;
    // "more than 100 horsepower": the field right after the number.
    const after = tokens[i + 1];
    if (after && after.kind === "field") {
      const cand = after.fields.find((n) => fieldInfo(fields, n)?.numbers !== null);
      if (cand) {
        nearest = { name: cand, pos: i + 1 };
        return cand;
      }
    }
    for (let j = i - 1; j >= Math.max(0, i - 6); j--) {
      const t = tokens[j];
      if (t.kind === "field") {
        const cand = t.fields.find((n) => {
          const info = fieldInfo(fields, n);
          return info && (!numeric || info.numbers !== null);
        });
        if (cand) {
          nearest = { name: cand, pos: j };
          return cand;
        }
      }
      if (t.kind === "value") break;
    }
    for (let j = i + 1; j < Math.min(tokens.length, i + 3); j++) {
      const t = tokens[j];
      if (t.kind === "field") {
        const cand = t.fields.find((n) => fieldInfo(fields, n)?.numbers !== null);
        if (cand) {
          nearest = { name: cand, pos: j };
          return cand;
        }
      }
    }
    return null;
  };
  // The mention that named the filter's field is not something to chart.
  const bind = (field: string) => {
    const n = nearest as { name: string; pos: number } | null;
    if (n && n.name === field) f.bound.push(`${turn}:${n.pos}`);
  };
  const isYear = (v: number) => Number.isInteger(v) && v >= 1800 && v <= 2100;
  const yearField = (preferred: string | null): string | null => {
    if (preferred) {
      const info = fieldInfo(fields, preferred);
      if (info && isTimeField(info)) return preferred;
    }
    const mentioned = f.mentions.flatMap((m) => m.fields).map((n) => fieldInfo(fields, n)).find((x) => x && isTimeField(x));
    if (mentioned) return mentioned.name;
    return timeFields[0]?.name ?? null;
  };
  const monthBefore = (i: number): number | undefined => {
    const w = wordAt(tokens, i - 1);
    return w ? MONTHS[w] : undefined;
  };
  // A year typed in full against a column of two-digit years (70 for 1970).
  const yearValue = (field: string, v: number): number => {
    const info = fieldInfo(fields, field);
    return info && info.yearLike && info.max < 100 && isYear(v) ? v % 100 : v;
  };
  const addFilter = (flt: Filter) => {
    f.filters = f.filters.filter((x) => !(x.field === flt.field && x.op === flt.op && flt.op !== "in"));
    f.filters.push(flt);
  };

  // Month ranges: "Jan 2016 to July 2017", "between Jan 2016 and Dec 2017", "from January to October 2017".
  const isConnector = (w: string | null) => w === "to" || w === "and" || w === "through" || w === "until" || w === "till";
  for (let i = 0; i < tokens.length; i++) {
    const m1 = MONTHS[wordAt(tokens, i) ?? ""];
    if (!m1) continue;
    const y1 = tokens[i + 1];
    let end: { m: number; y: number; last: number } | null = null;
    let start: { m: number; y: number } | null = null;
    if (y1 && y1.kind === "number" && isYear(y1.value) && isConnector(wordAt(tokens, i + 2))) {
      const m2 = MONTHS[wordAt(tokens, i + 3) ?? ""];
      const y2 = tokens[i + 4];
      if (m2 && y2 && y2.kind === "number" && isYear(y2.value)) {
        start = { m: m1, y: y1.value };
        end = { m: m2, y: y2.value, last: i + 4 };
      } else if (y2 === undefined || !m2) {
        const y3 = tokens[i + 3];
        if (y3 && y3.kind === "number" && isYear(y3.value)) {
          start = { m: m1, y: y1.value };
          end = { m: 12, y: y3.value, last: i + 3 };
        }
      }
    } else if (isConnector(wordAt(tokens, i + 1))) {
      const m2 = MONTHS[wordAt(tokens, i + 2) ?? ""];
      const y2 = tokens[i + 3];
      if (m2 && y2 && y2.kind === "number" && isYear(y2.value)) {
        start = { m: m1, y: y2.value };
        end = { m: m2, y: y2.value, last: i + 3 };
      }
    }
    if (!start || !end) continue;
    const field = yearField(null);
    if (!field) continue;
    for (let j = i; j <= end.last; j++) if (tokens[j].kind === "number") consumedNumbers.add(j);
    const info = fieldInfo(fields, field)!;
    if (info.role === "date") addFilter({ field, op: "between", values: [periodIso(start.y, start.m), periodIso(end.y, end.m)] });
    else addFilter({ field, op: "between", values: [yearValue(field, start.y), yearValue(field, end.y)] });
  }

  // Quarters: "Q1 2016", "2016 Q3".
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || !isYear(t.value)) continue;
    const q = /^q([1-4])$/.exec(wordAt(tokens, i - 1) ?? "") ?? /^q([1-4])$/.exec(wordAt(tokens, i + 1) ?? "");
    const field = q ? yearField(null) : null;
    if (!q || !field || fieldInfo(fields, field)!.role !== "date") continue;
    const first = (Number(q[1]) - 1) * 3 + 1;
    consumedNumbers.add(i);
    addFilter({ field, op: "between", values: [periodIso(t.value, first), periodIso(t.value, first + 2)] });
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || consumedNumbers.has(i)) continue;
    const prev = wordAt(tokens, i - 1);
    const prev2 = wordAt(tokens, i - 2);
    const prevMonth = monthBefore(i);
    const yearRef = isYear(t.value);
    // between A and B / from A to B / A to B
    const nextWord = wordAt(tokens, i + 1);
    const other = tokens[i + 2];
    if ((nextWord === "and" || nextWord === "to" || nextWord === "through" || nextWord === "until") && other && other.kind === "number" && (prev === "between" || prev === "from" || prev2 === "between" || prev2 === "from" || (yearRef && isYear(other.value)) || prevMonth !== undefined)) {
      const lo = t.value;
      const hi = other.value;
      consumedNumbers.add(i + 2);
      if (yearRef && isYear(hi)) {
        const field = yearField(nearestField(i, true));
        if (field) {
          const info = fieldInfo(fields, field)!;
          if (info.role === "date") addFilter({ field, op: "between", values: [t.period ?? periodIso(lo, prevMonth), (other.kind === "number" && other.period) || periodIso(hi, monthBefore(i + 2))] });
          else addFilter({ field, op: "between", values: [yearValue(field, lo), yearValue(field, hi)] });
        }
      } else {
        const field = nearestField(i, true);
        if (field) {
          addFilter({ field, op: "between", values: [Math.min(lo, hi), Math.max(lo, hi)] });
          bind(field);
        }
      }
      continue;
    }
    // Month name + year between months: "between Jan 2016 and July 2017" handled above through prevMonth;
    // "from january to october 2017": months without own year.
    let op: Filter["op"] | null = null;
    const look = [prev, prev2].filter((x): x is string => x !== null);
    const compWord = look.find((w) => GT_WORDS.test(w) || LT_WORDS.test(w));
    const orEqual = /^(least|atleast|>=|since|from)$/.test(prev ?? "") || /^(at least|or more|or above|or greater)/.test(`${prev2} ${prev}`) || wordAt(tokens, i + 1) === "or" && /^(more|above|greater|less|fewer|below)$/.test(wordAt(tokens, i + 2) ?? "");
    if (prev === "least" && prev2 === "at") op = "gte";
    else if (prev === "most" && prev2 === "at") op = "lte";
    else if (prev === "since" || prev === "from") op = yearRef ? "gte" : null;
    else if (compWord) op = GT_WORDS.test(compWord) ? (orEqual ? "gte" : "gt") : (orEqual ? "lte" : "lt");
    // A comparative adjective matched as a field alias ("heavier than 3000").
    let adjField: string | null = null;
    if (!op && prev === "than") {
      const ft = tokens[i - 2];
      if (ft && ft.kind === "field") {
        adjField = ft.fields[0];
        op = /^(lighter|less|lower|smaller|shorter|cheaper|younger|slower|fewer)$/.test(ft.text) ? "lt" : "gt";
      }
    }
    if (op) {
      let field = adjField ?? nearestField(i, true);
      if (yearRef && (!field || !isTimeField(fieldInfo(fields, field)!))) field = yearField(field) ?? field;
      if (!field) continue;
      const info = fieldInfo(fields, field)!;
      if (info.role === "date") addFilter({ field, op, values: [t.period ?? periodIso(t.value, prevMonth)] });
      else addFilter({ field, op, values: [yearValue(field, t.value)] });
      bind(field);
      // Remove the adjective's mention: it named a filter, not something to chart.
      if (adjField) f.mentions = f.mentions.filter((m) => m.pos !== i - 2);
      continue;
    }
    // "in 2016", "during 2016", "for 2017", "2016"
    if (yearRef && !t.percent && !t.money) {
      const field = yearField(null);
      if (field && (prev === "in" || prev === "on" || prev === "at" || prev === "during" || prev === "for" || prev === "of" || prev === "year" || prevMonth !== undefined || prev === "about" || prev === "only" || prev === null || prev === "what")) {
        const info = fieldInfo(fields, field)!;
        const open = /^(to|till|until) (now|date|present|today)|^(onward|onwards|and later|or later|and after|and beyond)/.test(tokens.slice(i + 1, i + 3).map((x) => (x.kind === "word" ? x.text : "#")).join(" "));
        const eqOp = open ? "gte" : "eq";
        if (info.role === "date") addFilter({ field, op: eqOp, values: [t.period ?? periodIso(t.value, prevMonth)] });
        else addFilter({ field, op: eqOp, values: [yearValue(field, t.value)] });
        continue;
      }
    }
    // "5 cylinder cars": a number right before a discrete numeric field.
    const nt = tokens[i + 1];
    if (nt && nt.kind === "field" && Number.isInteger(t.value)) {
      const info = fieldInfo(fields, nt.fields[0]);
      if (info && info.discrete) {
        addFilter({ field: info.name, op: "eq", values: [t.value] });
        f.bound.push(`${turn}:${i + 1}`);
        continue;
      }
    }
    // "with 6 cylinders", "cylinders = 6", "cylinders of 4"
    if (prev === "=" || prev === "is" || prev === "equal" || prev === "equals" || prev === "with") {
      const field = nearestField(i, true);
      if (field && fieldInfo(fields, field)?.discrete) {
        addFilter({ field, op: "eq", values: [t.value] });
        bind(field);
      }
    }
  }

  // Equality on values; two or more values of one field also compare them (group by that field).
  const byField = new Map<string, { values: string[]; negated: boolean; pos: number }>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "value") continue;
    const back = [wordAt(tokens, i - 1), wordAt(tokens, i - 2)];
    const negated = back.some((w) => w !== null && /^(not|except|excluding|exclude|without|non|other)$/.test(w));
    const entry = byField.get(t.field) ?? { values: [], negated, pos: i };
    if (!entry.values.includes(t.value)) entry.values.push(t.value);
    byField.set(t.field, entry);
  }
  for (const [field, e] of byField) {
    if (e.negated) addFilter({ field, op: e.values.length === 1 ? "neq" : "in", values: e.values });
    else addFilter({ field, op: e.values.length === 1 ? "eq" : "in", values: e.values });
    if (e.negated && e.values.length > 1) {
      // "in" with negation: keep as separate neq filters
      f.filters = f.filters.filter((x) => !(x.field === field && x.op === "in"));
      for (const v of e.values) f.filters.push({ field, op: "neq", values: [v] });
    }
    if (!e.negated && e.values.length >= 2 && !f.mentions.some((m) => m.fields.includes(field))) {
      f.mentions.push({ fields: [field], exact: true, role: "group", agg: null, countOf: false, each: false, turn: f.mentions[0]?.turn ?? 0, pos: e.pos });
    }
  }
}

/** Merges a follow-up turn into the frame of the conversation so far. */
export function mergeFrames(prev: Frame, next: Frame, fields: FieldInfo[] = []): Frame {
  const nextFieldCount = new Set(next.mentions.map((m) => m.fields.join("|"))).size;
  const prevFieldCount = new Set(prev.mentions.map((m) => m.fields.join("|"))).size;
  const fresh = !next.followUp && !next.instead && nextFieldCount >= 2 && prevFieldCount >= 2;
  if (fresh || prev.greeting || prevFieldCount === 0 && prev.filters.length === 0 && !prev.count && nextFieldCount > 0 && !prev.chart && !prev.distribution) {
    return next;
  }
  const m: Frame = { ...prev };
  // Filters: a new filter on a field replaces the old ones on that field.
  const newFields = new Set(next.filters.map((x) => x.field));
  m.filters = [...prev.filters.filter((x) => !newFields.has(x.field)), ...next.filters];
  let mentions = prev.mentions.slice();
  // "the same for profit", "and profit?": a new measure replaces the previous one, unless two
  // numbers are wanted together (vs, relationship, scatter).
  const isMeasure = (m: Mention) => m.fields.length === 1 && fields.some((f) => f.name === m.fields[0] && f.role === "number" && !f.yearLike && !f.discrete);
  const newMeasures = next.mentions.filter(isMeasure);
  if (newMeasures.length === 1 && !next.relation && !next.versus && next.chart !== "scatter" && !prev.relation && prev.chart !== "scatter" && !next.instead) {
    const old = mentions.filter((x) => isMeasure(x) && x.role !== "x" && x.role !== "y");
    if (old.length === 1 && old[0].fields[0] !== newMeasures[0].fields[0]) {
      mentions = mentions.filter((x) => x !== old[0]);
      if (!newMeasures[0].agg && old[0].agg) newMeasures[0].agg = old[0].agg;
    }
  }
  if (next.instead) {
    // "by segment instead": replace the grouping of the same kind.
    for (const nm of next.mentions) {
      if (nm.role === "measure" || nm.agg) mentions = mentions.filter((x) => !(x.agg || x.role === "measure"));
      else {
        const idx = mentions.findIndex((x) => x.role === "group" || x.role === "color" || x.role === "facet" || (x.role === "plain" && !x.agg));
        if (idx >= 0) mentions.splice(idx, 1);
      }
    }
  }
  for (const nm of next.mentions) {
    // An ambiguous earlier word stays: buildPlan drops it when it only covers a field named since.
    const existing = mentions.find((x) => x.fields.join("|") === nm.fields.join("|"));
    if (existing) {
      if (nm.role !== "plain") existing.role = nm.role;
      if (nm.agg) existing.agg = nm.agg;
      if (!existing.exact && nm.exact) {
        existing.fields = nm.fields;
        existing.exact = true;
      }
    } else mentions.push(nm);
  }
  m.mentions = mentions;
  if (next.agg) {
    m.agg = next.agg;
    for (const x of m.mentions) if (x.agg) x.agg = next.agg;
  }
  for (const key of ["count", "distinct", "share", "rate", "list", "stacked", "grouped", "facet", "color", "relation", "versus", "distribution", "time"] as const) {
    m[key] = prev[key] || next[key];
  }
  if (next.agg && next.agg !== "share") m.share = false;
  m.chart = next.chart ?? prev.chart;
  m.bucket = next.bucket ?? prev.bucket;
  m.sort = next.sort ?? prev.sort;
  m.limit = next.limit ?? prev.limit;
  m.superlative = next.superlative ?? prev.superlative;
  m.binWidth = next.binWidth ?? prev.binWidth;
  m.binCount = next.binCount ?? prev.binCount;
  m.greeting = false;
  m.unknownMeasure = next.unknownMeasure;
  m.bound = [...prev.bound, ...next.bound];
  m.ranked = [...prev.ranked, ...next.ranked];
  if (next.mentions.length >= 2) m.yFirst = next.yFirst;
  return m;
}

export interface BuildResult {
  plan: AnalysisPlan | null;
  /** Why no plan: nothing recognised, or only words that are not fields. */
  reason: "greeting" | "no-fields" | "unknown-field" | null;
}

function defaultAggregate(info: FieldInfo): Aggregate {
  // Money and counts add up across rows; rates and physical measures are averaged.
  return /sales|revenue|profit|gross|amount|quantity|qty|cost|income|units|total|count|forecast|spend|volume|turnover|orders|visits|clicks|population/i.test(info.name) ? "sum" : "mean";
}

function resolveMention(m: Mention, fields: FieldInfo[], taken: Set<string>, want: "number" | "group" | "any"): string {
  if (m.fields.length === 1) return m.fields[0];
  const ok = (name: string) => {
    const info = fieldInfo(fields, name)!;
    if (want === "number") return info.role === "number";
    if (want === "group") return info.role !== "number" || info.discrete || info.yearLike;
    return true;
  };
  return m.fields.find((n) => !taken.has(n) && ok(n)) ?? m.fields.find((n) => !taken.has(n)) ?? m.fields[0];
}

/** Turns a (merged) frame into a plan over the table's fields. */
export function buildPlan(frame: Frame, fields: FieldInfo[]): BuildResult {
  if (frame.greeting && frame.mentions.length === 0) return { plan: null, reason: "greeting" };
  // Resolve ambiguous mentions; exact ones first so that "rating" avoids a field already named.
  const taken = new Set<string>();
  for (const m of frame.mentions) if (m.fields.length === 1) taken.add(m.fields[0]);
  type R = { name: string; info: FieldInfo; m: Mention };
  const resolved: R[] = [];
  const exactNumbers = [...taken].filter((n) => fieldInfo(fields, n)?.role === "number").length;
  const bound = new Set(frame.bound);
  for (const m of frame.mentions.slice().sort((a, b) => a.turn - b.turn || a.pos - b.pos)) {
    if (bound.has(`${m.turn}:${m.pos}`) && m.role === "plain" && !m.agg) continue;
    // "ratings" next to "IMDB rating": an ambiguous word that covers a field named exactly refers to it.
    if (m.fields.length > 1 && m.fields.some((n) => taken.has(n)) && !(frame.chart === "scatter" && exactNumbers < 2)) continue;
    const pointwise = frame.chart === "scatter" || frame.relation;
    const want = m.agg && m.agg !== "count" && m.agg !== "distinct" ? "number" : m.role === "group" || m.role === "color" || m.role === "facet" || m.role === "split" ? "group" : pointwise ? "number" : "any";
    const name = resolveMention(m, fields, taken, want);
    taken.add(name);
    const info = fieldInfo(fields, name);
    if (!info) continue;
    const dup = resolved.find((r) => r.name === name);
    if (dup) {
      if (dup.m.role === "plain" && m.role !== "plain") dup.m = { ...dup.m, role: m.role };
      if (!dup.m.agg && m.agg) dup.m = { ...dup.m, agg: m.agg };
      continue;
    }
    resolved.push({ name, info, m });
  }
  // Fields that only carry a filter value are not charted (unless grouped explicitly).
  const filterOnly = new Set(frame.filters.filter((x) => x.op !== "in").map((x) => x.field));
  let used = resolved.filter((r) => !(filterOnly.has(r.name) && r.m.role === "plain" && !r.m.agg && resolved.length > 1));
  // Identifier-like text (a title or name per row) names the rows themselves: "number of models"
  // counts rows, "for each model" is every point. Constant fields group nothing.
  const rowCount = fields[0] ? (fields[0].numbers?.length ?? fields[0].codes?.length ?? 0) : 0;
  // Names, titles, IDs: many distinct values, a good share of the rows (a product name, a customer id).
  const idLike = (info: FieldInfo) => info.codes !== null && info.distinct > 50 && info.distinct >= 0.2 * rowCount;
  let countRows = false;
  const others = (r: R) => used.some((o) => o !== r && !idLike(o.info));
  used = used.filter((r) => {
    if (r.info.codes && r.info.distinct === 1 && used.length > 1) return false;
    if (!idLike(r.info)) return true;
    if (r.m.countOf) {
      countRows = true;
      return false;
    }
    const ranked = ((frame.limit !== null || frame.superlative !== null) && r.m.role !== "plain") || frame.ranked.includes(`${r.m.turn}:${r.m.pos}`);
    return !(others(r) && !ranked);
  });

  const isCont = (r: R) => r.info.role === "number" && !r.info.yearLike && !(r.info.discrete && !r.m.agg && r.m.role !== "y" && r.m.role !== "measure");
  const scatterCue = frame.chart === "scatter";
  let conts = used.filter(isCont);
  if (scatterCue && conts.length < 2) conts = used.filter((r) => r.info.role === "number" && !r.info.yearLike);
  const times = used.filter((r) => isTimeField(r.info) && !conts.includes(r));
  const cats = used.filter((r) => !conts.includes(r) && !times.includes(r));

  const base: AnalysisPlan = {
    intent: "aggregate", measure: { agg: "count", field: null }, groupBy: [], filters: frame.filters, x: null, y: null,
    sort: frame.sort, limit: frame.limit, binWidth: frame.binWidth, binCount: frame.binCount, chart: "bar",
  };

  if (frame.unknownMeasure && !conts.length) return { plan: null, reason: "unknown-field" };
  // The rows themselves, ranked by a number when one is named.
  if (frame.list) {
    const numeric = used.filter((r) => r.info.numbers !== null && !isTimeField(r.info));
    const rankedBy = numeric[0] ?? (frame.sort || frame.superlative || frame.limit ? resolved.find((r) => r.info.numbers !== null && !isTimeField(r.info)) : undefined);
    const order = frame.sort?.order ?? (frame.superlative === "min" ? "asc" : "desc");
    return {
      plan: { ...base, intent: "rows", y: rankedBy?.name ?? null, sort: rankedBy ? { by: "value", order } : null, limit: frame.limit ?? 100, chart: "table" },
      reason: null,
    };
  }

  if (used.length === 0) {
    if (frame.count || countRows || frame.agg === "count") return { plan: { ...base, chart: "none" }, reason: null };
    if (frame.filters.length > 0) return { plan: { ...base, chart: "none" }, reason: null };
    return { plan: null, reason: frame.greeting ? "greeting" : "no-fields" };
  }

  // Relationship between two numbers.
  const explicitAggs = conts.filter((r) => r.m.agg && r.m.agg !== "count").length;
  const wantsRelation = conts.length >= 2 && (scatterCue || frame.relation || frame.versus || explicitAggs < 2 || times.length === 0) && !(times.length > 0 && (frame.chart === "line" || frame.time) && !scatterCue);
  if (wantsRelation) {
    let xs = conts.find((r) => r.m.role === "x");
    let ys = conts.find((r) => r.m.role === "y");
    const rest = conts.filter((r) => r !== xs && r !== ys);
    if (!xs && !ys) {
      // "A vs B" / "A by B": A is y. "relationship between A and B" / "A and B": A is x.
      const [a, b] = rest;
      if (frame.yFirst) (ys = a), (xs = b);
      else (xs = a), (ys = b);
    } else if (!xs) xs = rest[0];
    else if (!ys) ys = rest[0];
    const group = [...cats, ...times].find((r) => r.m.role === "facet") ?? [...cats, ...times].find((r) => r.m.role === "color" || r.m.role === "split") ?? cats[0] ?? null;
    const facet = group !== null && group.m.role !== "color" && (group.m.role === "facet" || group.m.role === "split" || group.m.each || frame.facet);
    const plan: AnalysisPlan = {
      ...base,
      intent: "relationship",
      x: xs!.name,
      y: ys!.name,
      groupBy: group ? [{ field: group.name, bucket: null }] : [],
      chart: group ? (facet ? "scatterFaceted" : "scatterColor") : "scatter",
    };
    return { plan, reason: null };
  }

  // A measure: a continuous number, preferring one with an aggregate word.
  const measureR = conts.find((r) => r.m.agg && r.m.agg !== "count" && r.m.agg !== "distinct") ?? conts.find((r) => r.m.role === "y" || r.m.role === "measure") ?? conts[0] ?? null;
  const groupsR = [...times, ...cats, ...conts.filter((r) => r !== measureR)];

  // "How many diamonds have a carat above 2?": a count of the filtered rows.
  if (frame.count && !frame.distribution && frame.chart === null && groupsR.length === 0 && frame.filters.length > 0 && (!measureR || (!measureR.m.agg && frame.filters.some((x) => x.field === measureR.name)))) {
    return { plan: { ...base, chart: "none" }, reason: null };
  }
  // Distribution of one number.
  const timeRange = frame.filters.find((x) => x.op !== "eq" && x.op !== "neq" && x.op !== "in" && isTimeField(fieldInfo(fields, x.field)!));
  if (measureR && groupsR.length === 0 && !measureR.m.agg && !frame.agg && !frame.time && !frame.bucket && (!timeRange || frame.distribution) && (frame.distribution || frame.count || frame.chart === "bar" || frame.chart === null || measureR.m.countOf)) {
    if (!(frame.chart === "line")) {
      return { plan: { ...base, intent: "distribution", x: measureR.name, measure: { agg: "count", field: null }, chart: "histogram" }, reason: null };
    }
  }
  // Count by a continuous number ("count by weight", "cars by weight") is a distribution too.
  if (!measureR && conts.length === 0 && groupsR.length === 0) return { plan: null, reason: "no-fields" };

  let agg: Aggregate;
  let measureField: string | null = null;
  if (measureR) {
    measureField = measureR.name;
    agg = measureR.m.agg && measureR.m.agg !== "count" ? measureR.m.agg : frame.agg && frame.agg !== "count" ? frame.agg : frame.share ? "sum" : defaultAggregate(measureR.info);
    if (measureR.m.countOf && !measureR.m.agg) {
      // "number of X by ..." with X a continuous number: a count, binned by X when nothing else groups.
      agg = "count";
      measureField = null;
    }
  } else {
    agg = frame.agg && frame.agg !== "share" ? frame.agg : "count";
    // "number of customers by segment": customers are counted once each.
    const distinctR = groupsR.find((r) => r.m.agg === "distinct" || (r.m.countOf && r.info.codes !== null && (frame.distinct || r.info.distinct > 1)));
    if (distinctR) agg = "distinct";
    if (agg !== "count" && agg !== "distinct") {
      // An aggregate of a discrete number ("average cylinders").
      const numeric = groupsR.find((r) => r.info.role === "number" && !r.m.countOf && (r.m.agg === agg || frame.agg === agg));
      if (numeric) {
        measureField = numeric.name;
        groupsR.splice(groupsR.indexOf(numeric), 1);
      } else agg = "count";
    }
    if (agg === "distinct") {
      const target = distinctR ?? groupsR.find((r) => r.m.countOf) ?? (groupsR.length === 1 && groupsR[0].m.role === "plain" ? groupsR[0] : null);
      if (target) {
        measureField = target.name;
        groupsR.splice(groupsR.indexOf(target), 1);
      } else agg = "count";
    }
  }
  if (frame.share && (agg === "count" || agg === "sum")) agg = "share";
  // Rates: "churn rate by contract", "percentage of orders that are Furniture by region": the share
  // of rows, within each group, that hold one value of a (usually two-valued) field.
  let rateValue: string | number | null = null;
  let planFilters = frame.filters;
  if ((frame.share || frame.rate) && !measureR && (agg === "share" || agg === "count")) {
    const valueFilter = frame.filters.find((x) => x.op === "eq" && !groupsR.some((r) => r.name === x.field) && fieldInfo(fields, x.field)?.codes);
    const binary = groupsR.find((r) => (r.m.role === "plain" || r.m.role === "measure") && positiveValue(r.info) !== null && groupsR.length > 1);
    if (valueFilter && (groupsR.length > 0 || frame.rate)) {
      agg = "rate";
      measureField = valueFilter.field;
      rateValue = valueFilter.values[0];
      planFilters = frame.filters.filter((x) => x !== valueFilter);
    } else if (binary || (frame.rate && groupsR.length === 1 && positiveValue(groupsR[0].info) !== null && groupsR[0].m.role === "plain")) {
      const target = binary ?? groupsR[0];
      agg = "rate";
      measureField = target.name;
      rateValue = positiveValue(target.info);
      groupsR.splice(groupsR.indexOf(target), 1);
    }
  }

  // Order groups: explicit x first, time on the x axis, colour/facet roles second.
  let groups = groupsR.slice();
  groups.sort((a, b) => rank(a) - rank(b));
  function rank(r: R): number {
    if (r.m.role === "x") return 0;
    if (isTimeField(r.info) && frame.chart !== "bar") return 1;
    if (r.m.role === "facet") return frame.chart === "bar" || frame.chart === null ? 2.5 : 4;
    if (r.m.role === "color" || r.m.role === "split") return 3;
    return 2;
  }
  // Groups by a continuous number (count by weight): that is a histogram.
  if (agg === "count" && groups.length === 1 && isCont(groups[0]) && !isTimeField(groups[0].info)) {
    return { plan: { ...base, intent: "distribution", x: groups[0].name, chart: "histogram" }, reason: null };
  }
  if (groups.length > 2) groups = groups.slice(0, 2);
  // A facet role with bars: panels become the x axis groups (grouped bars), the other the colour.
  if (groups.length === 2 && groups[0].m.role === "facet" && !isTimeField(groups[0].info)) groups = [groups[1], groups[0]];

  const groupBy = groups.map((r) => ({
    field: r.name,
    bucket: r.info.role === "date" ? (frame.bucket ?? autoBucket(r.info)) : null,
  }));
  // "over time" without a named time field: use the table's first time field.
  if (groupBy.length < 2 && frame.time && !groups.some((r) => isTimeField(r.info))) {
    const tf = fields.find(isTimeField);
    if (tf) groupBy.unshift({ field: tf.name, bucket: tf.role === "date" ? (frame.bucket ?? autoBucket(tf)) : null });
  }
  // "yearly", "by month", "in a line chart", "between 2016 and 2017": a time axis is wanted.
  const wantsTime = frame.bucket !== null || frame.chart === "line" || (timeRange !== undefined && measureField !== null && groupBy.length === 0);
  if (wantsTime && groupBy.length < 2 && !groupBy.some((g) => isTimeField(fieldInfo(fields, g.field)!))) {
    const tf = (timeRange && fieldInfo(fields, timeRange.field)) || fields.find((x) => x.role === "date") || fields.find(isTimeField);
    if (tf) groupBy.unshift({ field: tf.name, bucket: tf.role === "date" ? (frame.bucket ?? autoBucket(tf)) : null });
  }

  const firstIsTime = groupBy.length > 0 && isTimeField(fieldInfo(fields, groupBy[0].field)!);
  let chart: ChartKind;
  if (groupBy.length === 0) chart = "none";
  else if (frame.chart === "pie" && groupBy.length === 1) chart = "pie";
  else if (frame.chart === "table") chart = "table";
  else if (groupBy.length === 1) chart = firstIsTime && frame.chart !== "bar" ? "line" : "bar";
  else if (firstIsTime && frame.chart !== "bar") chart = "multiLine";
  else if (frame.stacked) chart = "stackedBar";
  else if (frame.grouped || frame.facet) chart = "groupedBar";
  else chart = agg === "count" || agg === "sum" || agg === "share" ? "stackedBar" : "groupedBar";

  let sort = frame.sort;
  if (!sort && frame.superlative && !firstIsTime) sort = { by: "value", order: frame.superlative === "max" ? "desc" : "asc" };
  let limit = frame.limit;
  // Many categories: show the largest ones (the text says so).
  if (!limit && groupBy.length === 1 && !firstIsTime && chart === "bar") {
    const info = fieldInfo(fields, groupBy[0].field)!;
    if (info.distinct > 60) {
      limit = 20;
      sort = sort ?? { by: "value", order: "desc" };
    }
  }
  return {
    plan: { ...base, filters: planFilters, intent: "aggregate", measure: agg === "rate" ? { agg, field: measureField, value: rateValue } : { agg, field: measureField }, groupBy, chart, sort, limit },
    reason: null,
  };
}

/** The value counted by a rate over a two-valued field: yes/true/1, else the rarer value. */
export function positiveValue(info: FieldInfo): string | number | null {
  if (info.codes) {
    if (info.distinct !== 2) return null;
    const preferred = info.dictionary.find((v) => /^(yes|y|true|t|1|positive|success|successful|won|win|pass|passed|churned|active)$/i.test(v.trim()));
    if (preferred) return preferred;
    const counts = [0, 0];
    for (let i = 0; i < info.codes.length; i++) if (info.codes[i] >= 0) counts[info.codes[i]]++;
    return info.dictionary[counts[0] <= counts[1] ? 0 : 1];
  }
  if (info.role === "number" && info.distinct === 2 && info.min === 0 && info.max === 1) return 1;
  return null;
}

export function autoBucket(info: FieldInfo): TimeBucket {
  const days = (info.max - info.min) / 86_400_000;
  if (!Number.isFinite(days)) return "month";
  if (days <= 90) return "day";
  if (days <= 370) return "week";
  if (days <= 366 * 8) return "month";
  return "year";
}

/** Re-parses the user turns of a conversation in order and returns the merged frame. */
export function parseConversation(lexicon: Lexicon, userTurns: string[]): Frame {
  let frame: Frame | null = null;
  userTurns.forEach((text, turn) => {
    // "a | b" in one message: the same as two turns.
    for (const part of text.split(/\s+\|\s+|\s*\|\s*/).filter((p) => p.trim())) {
      const next = parseTurn(lexicon, part, turn);
      frame = frame ? mergeFrames(frame, next, lexicon.fields) : next;
    }
  });
  return frame ?? emptyFrame();
}
