// A loose field reading (words of a name with other words between or around them) that overlaps a
// field named exactly in two words or more gives way to it: "median_house_value where median_income
// above 5" read "house value where median" as median_house_value (a longer span, so it won) and left
// "median" to be an aggregate word, answering the median instead of the average.

interface SpanProposal {
  start: number;
  end: number;
  score: number;
  mention: { kind: string };
}

/** Removes (in place) loose field proposals that overlap an exact multi-word field proposal. */
export function dropLooseFieldsOverExact(proposals: SpanProposal[]): void {
  const exact = proposals.filter((q) => q.mention.kind === "field" && q.score >= 1 && q.end - q.start >= 2);
  if (!exact.length) return;
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (p.mention.kind !== "field" || p.score >= 1) continue;
    if (exact.some((q) => q.start < p.end && p.start < q.end && !(q.start <= p.start && p.end <= q.end))) proposals.splice(i, 1);
  }
}
