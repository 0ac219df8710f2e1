// "orders in the Other category", "category None", "the New status": a value that is also a grammar word, said
// right next to the name of its own field, is that value. Read as the phrase it is part of ("the other": a
// follow-up word), the value was dropped and the answer counted every category, with no word of doubt.

interface SpanProposal {
  start: number;
  end: number;
  score: number;
  mention: { kind: "value"; values: { field: string }[] } | { kind: "field"; fields: { name: string; score: number }[]; partial?: boolean } | { kind: string };
}

const fieldsNamed = (p: SpanProposal): string[] =>
  p.mention.kind === "field" && !(p.mention as { partial?: boolean }).partial
    ? (p.mention as { fields: { name: string; score: number }[] }).fields.filter((f) => f.score >= 0.9).map((f) => f.name)
    : [];

/** Removes (in place) vocabulary-word proposals covering a value whose own field is named right before or after the span. */
export function dropWordsOverNamedValues(proposals: SpanProposal[]): void {
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "word") continue;
    // (The value itself is next to the name: "in each state" keeps "in" a preposition, not the state IN.)
    const namedNextTo = (q: SpanProposal) =>
      new Set(proposals.filter((r) => (r.end === q.start && r.end === p.start) || (r.start === q.end && r.start === p.end)).flatMap(fieldsNamed));
    const inside = proposals.some((q) => {
      if (q.mention.kind !== "value" || q.start < p.start || q.end > p.end) return false;
      const named = namedNextTo(q);
      return (q.mention as { values: { field: string }[] }).values.some((v) => named.has(v.field));
    });
    if (inside) proposals.splice(i, 1);
  }
}
