// Measures computed from two fields of the same row ("the largest daily range (high - low)", "average days to
// ship", "hours to close a ticket", "how much higher is A than B on average"): the question's words for the
// difference are read before the turn is understood, a column holding it is added to the table, and the words
// are replaced by that column's name, so every aggregate, grouping, ranking and filter works on it as on any
// number field. The plan carries the column as `derived` ({name, field, minus, unit}); the executor adds it again
// from the plan (a plan from the language model or a stored plan works the same). Pure: no I/O.
import type { NumericColumn, Table } from "../table/types";
import { describeTable, type FieldInfo } from "./columns";
import type { AnalysisPlan, Derived, DurationUnit } from "./plan";
import { nameWords } from "./understand/lexicon";
import { tokenize } from "./understand/tokens";
import { findPhrases, STOP_WORDS } from "./understand/vocabulary";
import { horizonPattern, numberedName } from "./understand/numbered-fields";
import shapes from "./vocab/shapes.json";
import words from "./vocab/words.json";

const V = words.twoFieldDifferences;
const EVENT_DATE_WORDS = new Set(shapes.eventDates.words);
const START_WORDS = new Set(shapes.eventDates.startWords);
const UNITS = V.units as Record<string, DurationUnit>;
const STAY_WORDS = V.stayWords;
const MS_PER: Record<DurationUnit, number> = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, weeks: 604_800_000 };

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alt = (list: string[]) =>
  list
    .map(esc)
    .sort((a, b) => b.length - a.length)
    .join("|");

type Operator = NonNullable<Derived["op"]>;
const OPERATOR_WORDS: Record<Operator | "minus", string> = { minus: "minus", plus: "plus", times: "times", ratio: "divided by" };

/** The name of the column holding `field` minus `minus` (with the unit of a duration), or plus, times, divided by it. */
export function derivedName(field: string, minus: string, unit?: DurationUnit, op?: Operator): string {
  const name = `${field} ${OPERATOR_WORDS[op ?? "minus"]} ${minus}`;
  return unit ? `${name} in ${unit}` : name;
}

/** One row's value of a derived column (NaN where a field is missing, or a ratio divides by zero). */
function combine(a: number, b: number, op: Derived["op"]): number {
  if (op === "plus") return a + b;
  if (op === "times") return a * b;
  if (op === "ratio") return b === 0 ? Number.NaN : a / b;
  return a - b;
}

/** The table with the plan's derived columns added (those it does not hold yet); the same table without any. */
export function addDerivedColumns(table: Table, derived: Derived[] | undefined): Table {
  if (!derived?.length) return table;
  const missing = derived.filter((d) => !table.columns.some((c) => c.name === d.name));
  if (!missing.length) return table;
  const fields = describeTable(table);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const columns = [...table.columns];
  for (const d of missing) {
    const a = byName.get(d.field);
    const b = byName.get(d.minus);
    if (!a?.numbers || !b?.numbers) continue;
    const dates = a.role === "date" && b.role === "date";
    // (Dates only subtract: a sum or product of two dates means nothing.)
    if (dates && d.op) continue;
    const scale = dates ? MS_PER[d.unit ?? "days"] : 1;
    const values = new Float64Array(table.rowCount);
    for (let i = 0; i < values.length; i++) values[i] = combine(a.numbers[i], b.numbers[i], d.op) / scale;
    const column: NumericColumn = { name: d.name, type: "float", kind: "number", values };
    columns.push(column);
  }
  return { rowCount: table.rowCount, columns };
}

/**
 * The plan read over the placeholder words, with each derived column it names given its own name (measure,
 * grouping, filter, axis, having) and listed in `derived`; notes likewise.
 */
export function nameDerived(plan: AnalysisPlan, notes: string[], derived: Derivation["derived"]): { plan: AnalysisPlan; notes: string[] } {
  let text = JSON.stringify(plan);
  const used: Derived[] = [];
  for (const d of derived) {
    const quoted = JSON.stringify(d.placeholder);
    if (!text.includes(quoted)) continue;
    text = text.split(quoted).join(JSON.stringify(d.name));
    const { placeholder: _, ...own } = d;
    used.push(own);
  }
  const rename = (n: string) => derived.reduce((s, d) => s.replace(new RegExp(`\\b${d.placeholder}\\b`, "gi"), d.name), n);
  if (!used.length) return { plan, notes: notes.map(rename) };
  return { plan: { ...(JSON.parse(text) as AnalysisPlan), derived: used }, notes: notes.map(rename) };
}

interface Phrase {
  pattern: string;
  field: FieldInfo;
}

/** The ways a number or date field is written in a question: its name, its name's words, a date field's event. */
function fieldPhrases(fields: FieldInfo[]): { phrases: Phrase[]; events: Map<string, FieldInfo> } {
  const phrases: Phrase[] = [];
  const events = new Map<string, FieldInfo>();
  for (const f of fields) {
    if (!f.numbers || (f.role !== "number" && f.role !== "date")) continue;
    const ws = nameWords(f.name);
    const spellings = new Set<string>([f.name.toLowerCase(), ws.join(" ")]);
    if (f.role === "date") {
      const own = ws.filter((w) => !EVENT_DATE_WORDS.has(w));
      if (own.length && own.length < ws.length) spellings.add(own.join(" "));
      if (own.length === 1) {
        events.set(eventKey(own[0]), f);
        // "from application to decision" names Applied On and Decision Date by their events' other forms.
        for (const form of eventFormsOf(own[0])) spellings.add(form);
      }
    }
    // Each word also in its plural ("armed forces" for Armed.Forces, whose name words are singular).
    for (const s of spellings)
      if (s.length >= 2)
        phrases.push({
          pattern: s
            .split(/[\s_.]+/)
            .map((w) => `${esc(w)}${/[a-z]$/.test(w) ? "(?:e?s)?" : ""}`)
            .join("[\\s_.]+"),
          field: f,
        });
  }
  // "the 10-year", "3m yield" over tsy10y, tsy3m: a field named by its horizon (numbered-fields.ts).
  for (const f of fields) {
    const numbered = f.role === "number" && f.numbers ? numberedName(f.name) : null;
    if (numbered) phrases.push({ pattern: horizonPattern(numbered), field: f });
  }
  // A spelling two fields share names neither.
  return { phrases: phrases.filter((p) => !phrases.some((q) => q.pattern === p.pattern && q.field !== p.field)), events };
}

/** "close", "closed", "closing" -> "clos"; "ship", "shipped" -> "ship". */
function stem(word: string): string {
  let w = word.toLowerCase().replace(/(ing|ed|es|e|s)$/, "");
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

const EVENT_OF = new Map<string, string>();
for (const forms of V.eventForms) for (const w of forms) EVENT_OF.set(stem(w), stem(forms[0]));

/** One key for the forms of an event: "paid", "pay", "payment" -> "pay" (words.json eventForms), else the stem. */
function eventKey(word: string): string {
  const s = stem(word);
  return EVENT_OF.get(s) ?? s;
}

function eventFormsOf(word: string): string[] {
  const key = eventKey(word);
  return V.eventForms.find((forms) => stem(forms[0]) === key) ?? [];
}

/**
 * Words that stand for a derived column while the turns are read: one plain word is read as one field (a name
 * holding the two fields' names would be read as those fields too); the plan then gets the column's own name.
 */
const PLACEHOLDERS = ["deltavalue", "gapvalue", "diffvalue"];

export interface Derivation {
  turns: string[];
  /** `placeholder`: the word standing for the column in `turns` (and in the plan read from them). */
  derived: (Derived & { placeholder: string })[];
  /** Assumption notes (readAs) for readings that rest on a guess: which date starts, the order of a difference. */
  notes: string[];
}

/**
 * Reads the two-field differences of each turn: the turns with those words replaced by the new columns' names,
 * the columns, and the notes stating the guesses. Turns without such words come back unchanged.
 */
export function readDifferences(turns: string[], fields: FieldInfo[]): Derivation {
  const { phrases, events } = fieldPhrases(fields);
  const out: Derivation = { turns: [...turns], derived: [], notes: [] };
  if (phrases.length < 2) return out;
  const byPattern = phrases.map((p) => ({ re: new RegExp(`^(?:${p.pattern})$`, "i"), field: p.field }));
  const fieldOf = (text: string): FieldInfo | undefined => byPattern.find((p) => p.re.test(text.trim()))?.field;
  const F = `(?<![\\w.])(?:${phrases
    .map((p) => p.pattern)
    .sort((a, b) => b.length - a.length)
    .join("|")})(?![\\w])`;
  const minus = alt(V.minus.filter((m) => /\w/.test(m)));
  const signs = V.minus.filter((m) => !/\w/.test(m)).join("");
  const nouns = alt([...V.differenceNouns, ...Object.keys(UNITS)]);
  const unitWords = alt(Object.keys(UNITS));
  const higher = alt([...V.higherWords, ...V.lowerWords]);
  const reMinus = new RegExp(`(${F})\\s*(?:[${esc(signs)}]|\\b(?:${minus})\\b)\\s*(${F})`, "i");
  // "qty times unit price", "wins / games", "home + away": the other ways two number fields combine.
  const operators = Object.entries(V.operators as Record<Operator, string[]>).map(([op, list]) => {
    const wordsSaid = list.filter((w) => /\w/.test(w));
    const symbols = list.filter((w) => !/\w/.test(w)).join("");
    return { op: op as Operator, re: new RegExp(`(${F})\\s*(?:[${esc(symbols)}]|\\b(?:${alt(wordsSaid)})\\b)\\s*(${F})`, "i") };
  });
  const operatorAt = (text: string) => {
    for (const o of operators) {
      const m = o.re.exec(text);
      if (m) return { m, op: o.op };
    }
    return null;
  };
  /** A word before a parenthesised formula that only names it ("revenue (qty x price)"): no field, no grammar word. */
  const labelWord = (w: string) => !fieldOf(w) && !STOP_WORDS.has(w.toLowerCase()) && findPhrases(tokenize(w)).length === 0;
  const reBetween = new RegExp(`\\b(?:the\\s+)?(${nouns})\\s+(between|from)\\s+(?:the\\s+)?(${F})\\s+(?:and|to|until)\\s+(?:the\\s+)?(${F})`, "i");
  const reToEvent = new RegExp(`\\b(${unitWords}|time)\\s+(?:it\\s+(?:takes?|took)\\s+)?(?:${alt(V.toEvent)})\\s+([a-z]+)`, "i");
  // "which order took the longest to ship": the row with the largest duration to that event.
  const reTook = new RegExp(
    `\\b(?:took|take|takes|taking)\\s+(?:the\\s+)?(${alt([...V.tookLongest, ...V.tookShortest])})\\s+(?:${alt(V.toEvent)})\\s+([a-z]+)`,
    "i",
  );
  // "were there more unemployed than armed forces in 1955", "how many more A than B": the total of A minus B.
  const reMore = new RegExp(
    `\\b(?:(?:were|was|are|is)\\s+there\\s+|how\\s+many\\s+|how\\s+much\\s+)(${alt(["more", ...V.lowerWords])})\\s+(${F})\\s+than\\s+(?:the\\s+)?(${F})(?:\\s+(?:were|was|are|is)\\s+there\\b)?`,
    "i",
  );
  const reHigher = new RegExp(`\\bhow\\s+much\\s+(${higher})\\s+(?:is|are|was|were)\\s+(?:the\\s+)?(${F})\\s+than\\s+(?:the\\s+)?(${F})`, "i");
  const lower = new Set(V.lowerWords);
  // "how long does it take customers to pay an invoice", "how many days does it take to get an interview": the
  // duration to that event; "how long does delivery take": the same with the event's noun; "how long do tickets
  // stay open": the time from the date that starts the state to the other date.
  const how = `\\bhow\\s+(?:long|many\\s+(${unitWords}))\\s+(?:does|do|did|will|would|should)\\s+`;
  const reHowTake = new RegExp(
    `${how}(?:it\\s+)?(?:usually\\s+|typically\\s+)?(?:[a-z]+\\s+){0,3}?(?:take|takes|took)\\s+(?:[a-z]+\\s+){0,3}?(?:${alt(V.toEvent)})\\s+(?:get\\s+|receive\\s+|be\\s+)?(?:an?\\s+|the\\s+)?([a-z]+)(?:\\s+(?:an?|the|their|its|his|her)\\s+[a-z]+)?`,
    "i",
  );
  const reHowNounTake = new RegExp(`${how}(?:the\\s+|an?\\s+)?([a-z]+)\\s+(?:usually\\s+|typically\\s+)?(?:take|takes|took)\\b`, "i");
  const reHowStay = new RegExp(
    `\\bhow\\s+(?:long|many\\s+(${unitWords}))\\s+(?:do|does|did|will|would)\\s+(?:[a-z]+\\s+){0,2}?(?:${alt(STAY_WORDS)})\\s+([a-z]+)`,
    "i",
  );
  const dateFields = fields.filter((f) => f.role === "date" && f.numbers);
  /** The date an event's duration starts from: the one other date, else the one other date named as a start. */
  const startOf = (event: FieldInfo): FieldInfo | null => {
    const others = dateFields.filter((f) => f !== event);
    const starts = others.filter((f) => nameWords(f.name).some((w) => START_WORDS.has(w)));
    return others.length === 1 ? others[0] : starts.length === 1 ? starts[0] : null;
  };
  // "margin" over a price and a cost field: the price minus the cost (words.json twoFieldDifferences.named).
  const named = V.named
    .map((n) => {
      const holding = (list: string[]) => fields.filter((f) => f.role === "number" && nameWords(f.name).some((w) => list.includes(w)));
      const [a, b] = [holding(n.field), holding(n.minus)];
      if (a.length !== 1 || b.length !== 1 || a[0] === b[0] || holding(n.notWith).length) return null;
      return { re: new RegExp(`\\b(${alt(n.words)})\\b`, "i"), field: a[0], minus: b[0] };
    })
    .filter((n) => n !== null);
  const namedAt = (text: string) => {
    for (const n of named) {
      const m = n.re.exec(text);
      if (m) return { n, m };
    }
    return null;
  };
  const namedNouns = alt(V.named.flatMap((n) => n.words));
  const placeholders = PLACEHOLDERS.filter((w) => !fields.some((f) => f.name.toLowerCase() === w));
  const add = (a: FieldInfo, b: FieldInfo, unit: DurationUnit | undefined, op?: Operator): (Derived & { placeholder: string }) | null => {
    if (a === b || (a.role === "date") !== (b.role === "date") || (op && a.role === "date")) return null;
    const name = derivedName(a.name, b.name, a.role === "date" ? (unit ?? "days") : undefined, op);
    const known = out.derived.find((x) => x.name === name);
    if (known) return known;
    const placeholder = placeholders[out.derived.length];
    if (!placeholder || fields.some((f) => f.name === name)) return null;
    const d: Derived & { placeholder: string } = { name, field: a.name, minus: b.name, placeholder };
    if (a.role === "date") d.unit = unit ?? "days";
    if (op) d.op = op;
    out.derived.push(d);
    return d;
  };
  // The unit a question says for a duration ("in hours", "how many hours"), else days.
  const unitSaid = (text: string): { unit: DurationUnit; span: RegExpExecArray | null } | null => {
    const m = new RegExp(`\\b(?:in|as)\\s+(${unitWords})\\b`, "i").exec(text);
    if (m) return { unit: UNITS[m[1].toLowerCase()], span: m };
    const w = new RegExp(`\\b(${unitWords})\\b`, "i").exec(text);
    return w ? { unit: UNITS[w[1].toLowerCase()], span: null } : null;
  };
  // Of two dates said in either order, the later minus the earlier (by the median row).
  const later = (a: FieldInfo, b: FieldInfo): [FieldInfo, FieldInfo] => {
    const diffs: number[] = [];
    for (let i = 0; i < a.numbers!.length && diffs.length < 5000; i++) {
      const d = a.numbers![i] - b.numbers![i];
      if (!Number.isNaN(d)) diffs.push(d);
    }
    diffs.sort((x, y) => x - y);
    return diffs.length && diffs[Math.floor(diffs.length / 2)] < 0 ? [b, a] : [a, b];
  };
  out.turns = turns.map((turn) => {
    let text = turn;
    // One difference per turn (the inserted name holds the fields' names again).
    for (let round = 0; round < 1; round++) {
      let m: RegExpExecArray | null;
      let d: (Derived & { placeholder: string }) | null = null;
      let start = 0;
      let end = 0;
      let prefix = "";
      let said: ReturnType<typeof namedAt> = null;
      let combined: ReturnType<typeof operatorAt> = null;
      if ((m = reMinus.exec(text))) {
        const a = fieldOf(m[1]);
        const b = fieldOf(m[2]);
        if (!a || !b) break;
        const unit = a.role === "date" ? (unitSaid(text)?.unit ?? "days") : undefined;
        d = add(a, b, unit);
        start = m.index;
        end = m.index + m[0].length;
        // "the 10-year minus 3-month spread": a difference noun right after is the same difference.
        const noun = new RegExp(`^\\s+(?:${nouns})\\b`, "i").exec(text.slice(end));
        if (noun) end += noun[0].length;
        // "the daily range (high - low)": the parenthesis and the noun it explains are the measure.
        const before = /(?:\b(\w+)\s*)?\(\s*$/.exec(text.slice(0, start));
        if (before && /^\s*\)/.test(text.slice(end))) {
          end += /^\s*\)/.exec(text.slice(end))![0].length;
          start =
            before[1] && new RegExp(`^(?:${nouns}|range|${namedNouns})$`, "i").test(before[1])
              ? before.index
              : start - before[0].length + (before[1] ? before[1].length + 1 : 0);
        }
      } else if ((combined = operatorAt(text))) {
        m = combined.m;
        const a = fieldOf(m[1]);
        const b = fieldOf(m[2]);
        if (!a || !b) break;
        d = add(a, b, undefined, combined.op);
        start = m.index;
        end = m.index + m[0].length;
        // "revenue (qty x unit price)", "revenue = qty * price": the formula's own name is said by the new column.
        const before = /(?:\b([a-z]+)\s*)?(?:\(|=|\bas\b)\s*$/i.exec(text.slice(0, start));
        const closes = /^\s*\)/.exec(text.slice(end));
        if (before && (closes || !before[0].includes("("))) {
          if (closes) end += closes[0].length;
          start = before[1] && labelWord(before[1]) ? before.index : start - before[0].length + (before[1] ? before[1].length + 1 : 0);
        }
        if (d) out.notes.push(`readAs:${d.name}:${text.slice(start, end).trim()}`);
      } else if ((m = reBetween.exec(text))) {
        let a = fieldOf(m[3]);
        let b = fieldOf(m[4]);
        if (!a || !b) break;
        const noun = m[1].toLowerCase();
        const said = UNITS[noun] ?? unitSaid(text)?.unit;
        if (m[2].toLowerCase() === "from") [a, b] = [b, a];
        else if (a.role === "date") [a, b] = later(a, b);
        d = add(a, b, said);
        if (d && (m[2].toLowerCase() !== "from" || a.role !== "date")) out.notes.push(`readAs:${d.name}:${m[0].trim()}`);
        start = m.index;
        end = m.index + m[0].length;
        if (UNITS[noun]) prefix = "the ";
      } else if ((m = reMore.exec(text))) {
        let a = fieldOf(m[2]);
        let b = fieldOf(m[3]);
        if (!a || !b || a.role === "date") break;
        if (lower.has(m[1].toLowerCase())) [a, b] = [b, a];
        d = add(a, b, undefined);
        if (d) out.notes.push(`readAs:${d.name}:${m[0].trim()}`);
        start = m.index;
        end = m.index + m[0].length;
        prefix = "what is the total ";
      } else if ((m = reHigher.exec(text))) {
        let a = fieldOf(m[2]);
        let b = fieldOf(m[3]);
        if (!a || !b) break;
        if (lower.has(m[1].toLowerCase())) [a, b] = [b, a];
        d = add(a, b, undefined);
        start = m.index;
        end = m.index + m[0].length;
        prefix = "what is the ";
      } else if ((said = namedAt(text))) {
        d = add(said.n.field, said.n.minus, undefined);
        if (d) out.notes.push(`readAs:${d.name}:${said.m[0].trim()}`);
        start = said.m.index;
        end = said.m.index + said.m[0].length;
      } else if ((m = reHowTake.exec(text) ?? reHowNounTake.exec(text) ?? reHowStay.exec(text))) {
        const stay = !/\b(?:take|takes|took)\b/i.test(m[0]);
        const named = events.get(eventKey(m[2]));
        if (!named) break;
        // A state that lasts runs from its own date to the other one; an event is reached from the start.
        const others = dateFields.filter((f) => f !== named);
        const [to, from] = stay ? [others.length === 1 ? others[0] : null, named] : [named, startOf(named)];
        if (!to || !from) break;
        d = add(to, from, m[1] ? UNITS[m[1].toLowerCase()] : unitSaid(text)?.unit);
        if (d) out.notes.push(`readAs:${d.name}:${m[0].trim()}`);
        start = m.index;
        end = m.index + m[0].length;
        // "..., on average" is said by the inserted "average" already.
        const onAverage = /^\s*,?\s*on\s+average\b/i.exec(text.slice(end));
        if (onAverage) end += onAverage[0].length;
        prefix = /\b(?:average|mean|median|typical)\b/i.test(text.slice(0, start)) ? "the " : "what is the average ";
      } else if ((m = reToEvent.exec(text) ?? reTook.exec(text))) {
        const took = !new RegExp(`^(?:${unitWords}|time)$`, "i").test(m[1]);
        const event = events.get(eventKey(m[2]));
        if (!event) break;
        const others = fields.filter((f) => f.role === "date" && f !== event && f.numbers);
        const starts = others.filter((f) => nameWords(f.name).some((w) => START_WORDS.has(w)));
        const from = others.length === 1 ? others[0] : starts.length === 1 ? starts[0] : null;
        if (!from) break;
        const word = m[1].toLowerCase();
        d = add(event, from, UNITS[word] ?? unitSaid(text)?.unit);
        if (d) out.notes.push(`readAs:${d.name}:${m[0].trim()}`);
        start = m.index;
        end = m.index + m[0].length;
        if (took) prefix = `had the ${V.tookShortest.includes(word) ? "lowest" : "highest"} `;
      } else break;
      if (!d) break;
      // "in hours" said for the duration is its unit, not a grouping by hour.
      const unitRe = d.unit ? new RegExp(`\\s*\\b(?:in|as)\\s+(?:${unitWords})\\b`, "i") : null;
      let left = text.slice(0, start);
      const right = text.slice(end);
      // "took longer than 2 days to close": more than 2 of the duration (not a duration field of its own).
      const longer = new RegExp(`\\b(${alt([...V.tookLongest, ...V.tookShortest])})(\\s+than\\s+[\\d.,]+\\s*)$`, "i").exec(left);
      if (longer && d.unit) left = `${left.slice(0, longer.index)}${V.tookShortest.includes(longer[1].toLowerCase()) ? "less" : "more"}${longer[2]}`;
      text = unitRe?.test(right)
        ? `${left}${prefix}${d.placeholder}${right.replace(unitRe, "")}`
        : `${unitRe ? left.replace(unitRe, "") : left}${prefix}${d.placeholder}${right}`;
    }
    return text;
  });
  return out;
}
