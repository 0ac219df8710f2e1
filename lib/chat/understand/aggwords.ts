// An aggregate word that is also one word of field names ("median" in median_income, "max" in
// max_speed, "min" in min_temp, "total" in total_count): read alone it would be a partial field name,
// which loses the aggregate ("median median_house_value" answered the average; "what about the median
// instead" switched the measure to housing_median_age). It is the aggregate word
// - right before a field named in full ("median median_house_value", "max max_speed", "max avg_temp"),
// - in a follow-up turn that names no other field ("what about the min", "the median instead").

interface SpanProposal {
  start: number;
  end: number;
  mention: { kind: string; partial?: boolean; hits?: { category: string }[] };
}

const isAggWord = (p: SpanProposal) => p.mention.kind === "word" && (p.mention.hits ?? []).some((h) => h.category === "agg");
const isPartialField = (p: SpanProposal) => p.mention.kind === "field" && p.mention.partial === true && p.end - p.start === 1;
const isFollowUpWord = (p: SpanProposal) => p.mention.kind === "word" && (p.mention.hits ?? []).some((h) => h.category === "followUp");

/** Removes (in place) the partial field readings of aggregate words in the two cases above. */
export function dropAggregateWordFields(proposals: SpanProposal[]): void {
  const followUp = proposals.some(isFollowUpWord);
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i];
    if (!isPartialField(p)) continue;
    if (!proposals.some((q) => q.start === p.start && q.end === p.end && isAggWord(q))) continue;
    const fullFieldNext = proposals.some((q) => q.start === p.end && q.mention.kind === "field" && q.mention.partial !== true);
    const otherField = proposals.some((q) => q !== p && q.mention.kind === "field" && (q.end <= p.start || q.start >= p.end));
    if (fullFieldNext || (followUp && !otherField)) proposals.splice(i, 1);
  }
}
