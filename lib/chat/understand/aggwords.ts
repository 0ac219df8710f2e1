// An aggregate word that is also one word of field names ("median" in median_income, "max" in
// max_speed, "min" in min_temp, "total" in total_count): read alone it would be a partial field name,
// which loses the aggregate ("median median_house_value" answered the average; "what about the median
// instead" switched the measure to housing_median_age). It is the aggregate word
// - right before a field named in full ("median median_house_value", "max max_speed", "max avg_temp"; also
//   when the aggregate word is a field's whole name: "total cases" beside a `total` field),
// - in a follow-up turn that names no other field ("what about the min", "the median instead"),
// - before the same field said again ("median of the median" over a `median` field).

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
    // ("total cases" over a table with a `total` field: the aggregate word of the field named next.)
    const wholeName = p.mention.kind === "field" && p.mention.partial !== true && p.end - p.start === 1;
    if (!isPartialField(p) && !wholeName) continue;
    if (!proposals.some((q) => q.start === p.start && q.end === p.end && isAggWord(q))) continue;
    const fullFieldNext = proposals.some((q) => q.start === p.end && q.mention.kind === "field" && q.mention.partial !== true);
    if (wholeName) {
      if (fullFieldNext) proposals.splice(i, 1);
      continue;
    }
    const otherField = proposals.some((q) => q !== p && q.mention.kind === "field" && (q.end <= p.start || q.start >= p.end));
    if (fullFieldNext || (followUp && !otherField)) proposals.splice(i, 1);
  }
  // "median of the median", "the max of max": a field whose whole name is an aggregate word, said twice
  // (a few words apart): the first is the aggregate.
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i] as SpanProposal & { mention: { fields?: { name: string }[] } };
    if (p.mention.kind !== "field" || p.mention.partial || p.end - p.start !== 1) continue;
    if (!proposals.some((q) => q.start === p.start && q.end === p.end && isAggWord(q))) continue;
    const names = (p.mention.fields ?? []).map((f) => f.name);
    const again = proposals.some(
      (q) =>
        q.start >= p.end &&
        q.start - p.end <= 2 &&
        q.mention.kind === "field" &&
        ((q.mention as { fields?: { name: string }[] }).fields ?? []).some((f) => names.includes(f.name)),
    );
    if (again) proposals.splice(i, 1);
  }
}

const nameWords = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A field span that starts with an aggregate word the field's name holds only as a later word, the words
 * typed out of the name's order ("total order value" read as order_total through "total order"): the
 * aggregate word is the question's and the field is named after it ("total order total", "total order
 * value" is the total of order_total, not a histogram of it). The span is dropped (in place) when a
 * reading of the same field starts right after the aggregate word.
 */
export function dropReorderedAggregateSpans(proposals: SpanProposal[], lemmaAt: (i: number) => string): void {
  for (let i = proposals.length - 1; i >= 0; i--) {
    const p = proposals[i] as SpanProposal & { mention: { fields?: { name: string }[] } };
    if (p.mention.kind !== "field" || p.end - p.start < 2) continue;
    if (!proposals.some((q) => q.start === p.start && q.end === p.start + 1 && isAggWord(q))) continue;
    const first = lemmaAt(p.start);
    const names = (p.mention.fields ?? []).map((f) => f.name);
    if (names.length === 0) continue;
    const reordered = names.every((n) => {
      const w = nameWords(n);
      return w.indexOf(first) > 0;
    });
    if (!reordered) continue;
    const rest = proposals.some(
      (q) =>
        q !== p &&
        q.start === p.start + 1 &&
        q.mention.kind === "field" &&
        ((q.mention as { fields?: { name: string }[] }).fields ?? []).some((f) => names.includes(f.name)),
    );
    if (rest) proposals.splice(i, 1);
  }
}
