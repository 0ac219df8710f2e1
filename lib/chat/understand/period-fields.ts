// Wide tables keep one column per period: a month per column ("Jan".."Dec", the year as the row key) or
// a year in each column's name ("sales_2016".."sales_2023"). There the month or the year said in a
// question names that column, not a date filter: "in which year was December the warmest" ranks the
// Dec column by year; "sales of the Coast region in 2021" is sales_2021, not "sales" of any year.

import { MONTHS } from "./vocabulary";

interface FieldLike {
  name: string;
  role: string;
}

interface DateLike {
  year: number | null;
  month: number | null;
  day: number | null;
  quarter: number | null;
  decade: boolean;
  months?: number[];
}

interface SpanProposal {
  start: number;
  end: number;
  priority: number;
  score: number;
  mention:
    | { kind: "date"; start: number; end: number; text: string; date: DateLike }
    | { kind: "field"; start: number; end: number; text: string; fields: { name: string; score: number }[]; partial: boolean }
    | { kind: "number"; value: number }
    | { kind: string };
}

interface TokenLike {
  kind: string;
  text: string;
  raw: string;
}

/** The number fields named by one month word alone ("Jan", "December"), by month number. */
export function monthColumns(fields: FieldLike[], words: (name: string) => string[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of fields) {
    if (f.role !== "number") continue;
    const ws = words(f.name);
    const m = ws.length === 1 ? MONTHS[ws[0]] : undefined;
    if (m !== undefined && !out.has(m)) out.set(m, f.name);
  }
  return out;
}

const blankDate = (year: number): DateLike => ({ year, month: null, day: null, quarter: null, decade: false });

/**
 * Rewrites (in place) the proposals of a question over a wide table: a month read as a date (with or
 * without its year) becomes the month's column, the year staying a date; a year said apart from a word
 * that names several columns of one stem ("sales" for sales_2016..sales_2023) narrows that word to the
 * column holding the year, and the year is taken by it.
 */
export function periodNamedFields(proposals: SpanProposal[], tokens: TokenLike[], fields: FieldLike[], words: (name: string) => string[]): void {
  const months = monthColumns(fields, words);
  if (months.size >= 2) {
    for (let i = proposals.length - 1; i >= 0; i--) {
      const p = proposals[i];
      if (p.mention.kind !== "date") continue;
      const d = (p.mention as { date: DateLike }).date;
      if (d.month === null || d.day !== null || d.quarter !== null || d.decade || (d.months && d.months.length > 1)) continue;
      const field = months.get(d.month);
      let at = -1;
      for (let k = p.start; k < p.end; k++) if (tokens[k].kind === "word" && MONTHS[tokens[k].text] === d.month) at = k;
      if (!field || at < 0) continue;
      proposals.splice(i, 1);
      proposals.push({
        start: at,
        end: at + 1,
        priority: 4,
        score: 1,
        mention: { kind: "field", start: at, end: at + 1, text: tokens[at].raw, fields: [{ name: field, score: 1 }], partial: false },
      });
      const yearAt = d.year === null ? -1 : tokens.findIndex((t, k) => k >= p.start && k < p.end && t.kind === "number" && Number(t.text) === d.year);
      if (yearAt >= 0 && d.year !== null)
        proposals.push({
          start: yearAt,
          end: yearAt + 1,
          priority: 4,
          score: 1,
          mention: { kind: "date", start: yearAt, end: yearAt + 1, text: tokens[yearAt].raw, date: blankDate(d.year) },
        });
    }
  }
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "number" || p.end - p.start !== 1 || !/^\d{4}$/.test(tokens[p.start].text)) continue;
    const year = tokens[p.start].text;
    // (The year's own column named right there, "sales in 2023", is read already; a loose span too weak to be
    // read does not count.)
    const exact = (q: SpanProposal) => q.mention.kind === "field" && !(q.mention as { partial: boolean }).partial && q.score > 0.5;
    if (proposals.some((q) => exact(q) && q.start <= p.start && q.end > p.start)) continue;
    const loose = proposals.filter((q) => q.mention.kind === "field" && (q.mention as { partial: boolean }).partial && (q.end <= p.start || q.start > p.start));
    for (const q of loose) {
      const named = (q.mention as { fields: { name: string; score: number }[] }).fields;
      const holding = named.filter((f) => words(f.name).includes(year));
      // (Every field the word names carries a year: the word is the stem of year columns.)
      if (holding.length !== 1 || named.length < 2 || !named.every((f) => words(f.name).some((w) => /^\d{4}$/.test(w)))) continue;
      (q.mention as { fields: { name: string; score: number }[] }).fields = [{ name: holding[0].name, score: 0.8 }];
      q.score = Math.max(q.score, 0.8);
      proposals.splice(i, 1);
      break;
    }
  }
}
