// "which genre is highest?" then "how many movies are in that genre?": words that point at the previous
// answer's result (the group its first line named, or the N groups a top-N showed) are replaced by those
// groups' values before the turn is read, so the turn is read as if the user had typed them ("how many movies
// are in the Documentary genre?"), and later turns carry them as any value said. The answer says how it read them.
// Pure: the understanding loop (understand/index.ts) gives each turn the plan it read for the turn before, which is
// executed over the same table once, when the turn points back at it.
import type { FieldInfo } from "./columns";
import { executePlan, type GroupRow, PlanError } from "./execute";
import type { AnalysisPlan } from "./plan";
import type { Table } from "../table/types";
import type { ReferBack } from "./understand";
import type { TableLexicon } from "./understand/lexicon";
import { readMentions } from "./understand/readers";
import { tokenize, type Token } from "./understand/tokens";
import { findPhrases } from "./understand/vocabulary";
import words from "./vocab/words.json";

const REF = words.referBack;
const SINGULAR = new Set<string>(REF.singular);
const PLURAL = new Set<string>(REF.plural);
const PRONOUNS = new Set<string>(REF.pronouns);
const NOUNS = new Set<string>(REF.nouns);
const BEFORE = new Set<string>(REF.before);
const NOT_AFTER = new Set<string>(REF.notAfter);
const WHICH = new Set<string>(REF.askAmong);
const ITS = new Set<string>(REF.its);
const IT = new Set<string>(REF.it);
const IT_AFTER = new Set<string>(REF.itAfter);
/** Most groups a plural reference stands for (a top-N shown). */
const MAX_LABELS = 10;

export interface Referent {
  /** The words replaced, as typed. */
  text: string;
  field: string;
  values: string[];
}

/** The groups the previous answer's first line named: the N shown after a top-N, else the tied first ones of a ranking. */
function pickedGroups(plan: AnalysisPlan, table: Table, fields: FieldInfo[]): { field: string; values: string[]; groups: number } | null {
  if (plan.intent !== "aggregate" || plan.groupBy.length !== 1 || plan.sort?.by !== "value" || plan.extraMeasures.length) return null;
  const g = plan.groupBy[0];
  const info = fields.find((f) => f.name === g.field);
  if (!info || (g.bucket && g.bucket !== "year")) return null;
  let rows: GroupRow[];
  let groups = 0;
  try {
    const r = executePlan(table, plan);
    if (r.kind !== "aggregate") return null;
    rows = r.rows.filter((x) => !Number.isNaN(x.value));
    groups = r.rows.length + r.hiddenGroups;
  } catch (err) {
    if (err instanceof PlanError) return null;
    throw err;
  }
  if (!rows.length) return null;
  const top = rows.filter((x) => x.value === rows[0].value);
  return { field: g.field, values: (plan.limit ? rows : top).map((x) => x.labels[0]), groups };
}

function listText(values: string[]): string {
  return values.length === 1 ? values[0] : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
}

/** Words of the turn that point at the previous answer's groups (characters), and the noun naming the field kept after them. */
function findReference(
  tokens: Token[],
  field: string,
  lex: TableLexicon,
): { start: number; end: number; noun: [number, number] | null; plural: boolean; pronoun?: boolean } | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "word") continue;
    const w = t.text;
    if (SINGULAR.has(w) || PLURAL.has(w)) {
      // "that genre", "those creative types", "that one": the noun names the grouping field or a group in general.
      for (let n = Math.min(3, tokens.length - i - 1); n >= 1; n--) {
        const span = tokens.slice(i + 1, i + 1 + n);
        if (span.some((x, k) => x.kind !== "word" || (k > 0 && x.sep))) continue;
        const last = span[span.length - 1];
        if (n === 1 && NOUNS.has(span[0].text)) return { start: t.start, end: last.end, noun: null, plural: PLURAL.has(w) };
        const phrase = span.map((x) => x.raw).join(" ");
        const mentions = readMentions(phrase, lex).mentions;
        const m = mentions.length === 1 ? mentions[0] : null;
        if (m && m.kind === "field" && m.start === 0 && m.end === n && m.fields.some((f) => f.name === field))
          return { start: t.start, end: last.end, noun: [span[0].start, last.end], plural: PLURAL.has(w) };
      }
    }
    // "what are its total signups?", "how many measurements does it have?": the one group named.
    if (ITS.has(w) || (IT.has(w) && i > 0 && IT_AFTER.has(tokens[i - 1].text))) return { start: t.start, end: t.end, noun: null, plural: false, pronoun: true };
    if (PRONOUNS.has(w) && i > 0 && BEFORE.has(tokens[i - 1].text)) {
      // "for those", "of them": the pronoun alone, not "those who churned" (rows that meet a condition).
      const next = tokens[i + 1];
      if (next && !next.sep && next.kind === "word" && NOT_AFTER.has(next.text)) continue;
      return { start: t.start, end: t.end, noun: null, plural: true };
    }
  }
  return null;
}

/** A turn that ranks of its own ("which of them is lowest?", "top 3 of those"): its pronoun is the groups themselves. */
function ranksItself(tokens: Token[]): boolean {
  return findPhrases(tokens).some((h) => h.category === "superlative" || h.category === "limit");
}

/** "which of those", "what of them": the words before the reference ask among the groups. */
function asksAmong(tokens: Token[], start: number): boolean {
  let i = tokens.findIndex((t) => t.start === start) - 1;
  if (i >= 0 && tokens[i].text === "of") i--;
  return i >= 0 && WHICH.has(tokens[i].text);
}

/**
 * Reads the words of a turn pointing at the previous answer's groups and replaces them by those groups' values, given
 * the plan that answer computed (for the understanding loop, which reads the turns in order).
 */
export function referBack(lex: TableLexicon, table: Table, fields: FieldInfo[]): ReferBack {
  return {
    resolve(turn, answered) {
      const tokens = tokenize(turn);
      if (!tokens.some((t) => SINGULAR.has(t.text) || PLURAL.has(t.text) || PRONOUNS.has(t.text) || ITS.has(t.text) || IT.has(t.text))) return null;
      if (ranksItself(tokens)) return null;
      const picked = pickedGroups(answered, table, fields);
      if (!picked) return null;
      const ref = findReference(tokens, picked.field, lex);
      if (!ref || asksAmong(tokens, ref.start)) return null;
      const values = ref.plural ? picked.values : picked.values.slice(0, 1);
      // A plural pronoun over every group shown picks nothing out.
      if (!values.length || values.length > MAX_LABELS || (values.length === picked.groups && values.length > 1)) return null;
      const numeric = fields.find((f) => f.name === picked.field)?.role === "number";
      const noun = ref.noun ? turn.slice(ref.noun[0], ref.noun[1]) : "";
      // (A number group said by a pronoun alone is said with its field: "does it have" -> "does Lot 5 have".)
      const replacement = !ref.noun
        ? ref.pronoun && numeric
          ? `${picked.field} ${listText(values)}`
          : listText(values)
        : numeric
          ? `${noun} ${listText(values)}`
          : `${listText(values)} ${noun}`;
      return {
        turn: `${turn.slice(0, ref.start)}${replacement}${turn.slice(ref.end)}`,
        referent: { text: turn.slice(ref.start, ref.end), field: picked.field, values },
      };
    },
  };
}
