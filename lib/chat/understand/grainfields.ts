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

/** Removes (in place) grain readings over a field named in full, when the table has no time field. */
export function dropGrainsOverFields(proposals: SpanProposal[], lex: TableLexicon): void {
  if (lex.fields.some(isTimeField)) return;
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word" || !(p.mention.hits ?? []).some((h) => h.category === "grain")) continue;
    const field = proposals.some(
      (q) => q.mention.kind === "field" && !q.mention.partial && q.start >= p.start && q.end <= p.end && (q.mention.fields ?? []).some((f) => f.score >= 1),
    );
    if (field) proposals.splice(i, 1);
  }
}
