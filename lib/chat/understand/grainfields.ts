// A time grain said with a word that is also a field's whole name ("max pdays by month" over a bank
// table whose `month` field holds "jan".."dec", and no date): with no time field the grain cannot be
// honoured, so the word is that field ("by month" was read as a grain, and the grouping was lost).
import { isTimeField } from "../columns";
import type { TableLexicon } from "./lexicon";

interface SpanProposal {
  start: number;
  end: number;
  mention: { kind: string; partial?: boolean; hits?: { category: string }[]; fields?: { name: string; score: number }[] };
}

// With a time field too ("Month" 5..9 next to a Date in airquality), the word is the field only when it
// is typed with the field's own capital inside the sentence ("the average Temp for each Month"): the
// field was named, not the grain ("by month" stays the date's grain).

/** Removes (in place) grain readings over a field named in full, when the table has no time field
 * or when the word is typed as the field's capitalised name (`capital(i)`: token i has a capital, not first). */
export function dropGrainsOverFields(proposals: SpanProposal[], lex: TableLexicon, capital: (i: number) => boolean = () => false): void {
  const timed = lex.fields.some(isTimeField);
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || !(p.mention.hits ?? []).some((h) => h.category === "grain")) continue;
    const field = proposals.some(
      (q) =>
        q.mention.kind === "field" &&
        !q.mention.partial &&
        q.start >= p.start &&
        q.end <= p.end &&
        (q.mention.fields ?? []).some((f) => {
          if (f.score < 1) return false;
          if (!timed) return true;
          const info = lex.byName.get(f.name);
          return !!info && !isTimeField(info) && /[A-Z]/.test(f.name) && q.end - q.start === 1 && capital(q.start);
        }),
    );
    if (field) proposals.splice(i, 1);
  }
}
