// "count subscriptions by code" over account_code, region_code and promo_code; "total amount by store" over
// item_amount, tax_amount and shipping_amount: a generic word (words.json genericWords) that ends the names of
// several fields alike names each of them (readers.ts genericHeads). The scorer may drop it (a count of every
// row) or pick one on small differences; either way a number for another question. Asked back instead,
// naming the fields, after the ranking.
import type { Atoms } from "./attach";
import type { Candidate } from "./candidates";
import type { Ambiguity } from "./choose";

const fieldsOf = (r: Atoms["refs"][number]) => r.cands.map((c) => c.name);

export function genericWordAmbiguity(a: Atoms, ranked: Candidate[], genericWord: (lemma: string) => boolean): Ambiguity | null {
  const best = ranked[0];
  if (!best) return null;
  const tokens = a.reading.tokens;
  for (const r of a.refs) {
    if (r.turn !== 0 || !r.partial || r.end - r.pos !== 1 || r.cands.length < 2 || !genericWord(tokens[r.pos]?.lemma ?? "")) continue;
    const fields = fieldsOf(r);
    // The reading of each field: the best-ranked candidate that reads the word as that field.
    const byField = fields.map((f) => ranked.find((c) => c.choices.some((x) => x.key === `ref:${r.id}` && x.field === f)) ?? best);
    // (Several words of the question may pick the same field for another part; the word itself is then no
    // less open, so the question back names every field it ends.)
    return { text: r.text, fields, candidates: byField };
  }
  return null;
}
