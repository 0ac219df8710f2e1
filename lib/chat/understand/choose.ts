// Scoring and the decision: each candidate's score is the dot product of its features with the
// learned weights (weights.json, written by scripts/train-chat.ts). The best candidate is answered,
// unless another candidate scores as well and differs only in a field the question left open
// (a word naming several fields, a value held by several fields, a number without its field): then
// the reply is a short question listing the choices, and no number.
import type { Atoms } from "./attach";
import type { Candidate, Features } from "./candidates";
import trained from "./weights.json";

export interface Weights {
  weights: Record<string, number>;
  /** Candidates within this of the best count as equally plausible. */
  margin: number;
  /** Below this probability of the best reading, the answer states the runner-up reading. */
  confidence: number;
}

export const WEIGHTS: Weights = { weights: trained.weights as Record<string, number>, margin: trained.margin, confidence: (trained as { confidence?: number }).confidence ?? 0.5 };

export function scoreFeatures(feats: Features, w: Weights): number {
  let s = 0;
  for (const [name, v] of feats) s += (w.weights[name] ?? 0) * v;
  return s;
}

export interface Ambiguity {
  /** The words of the question that name several fields. */
  text: string;
  /** The fields they may mean, most plausible first. */
  fields: string[];
  /** For each field, the candidate that reads the question with it. */
  candidates: Candidate[];
}

/** Sorts candidates by score (stable: the generator's order breaks ties). */
export function rank(cands: Candidate[], w: Weights): Candidate[] {
  for (const c of cands) c.score = scoreFeatures(c.feats, w);
  return cands
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.score - a.c.score || a.i - b.i)
    .map((x) => x.c);
}

/** Whether the best candidate rests on a field choice another equally good candidate makes differently. */
export function findAmbiguity(ranked: Candidate[], w: Weights): Ambiguity | null {
  const best = ranked[0];
  if (!best) return null;
  for (const choice of best.choices) {
    const fields: string[] = [choice.field];
    const candidates: Candidate[] = [best];
    for (const c of ranked) {
      if (c.score < best.score - w.margin) break;
      const other = c.choices.find((x) => x.key === choice.key);
      if (other && !fields.includes(other.field) && sameExceptField(best, c, choice.field, other.field)) {
        fields.push(other.field);
        candidates.push(c);
      }
    }
    if (fields.length > 1) return { text: choice.text, fields, candidates };
  }
  return null;
}

/** Two plans that are the same once one field name is swapped for the other. */
function sameExceptField(a: Candidate, b: Candidate, fa: string, fb: string): boolean {
  const swap = JSON.stringify(b.plan).split(JSON.stringify(fb)).join(JSON.stringify(fa));
  return swap === JSON.stringify(a.plan) || a.sig.split(" ")[0] === b.sig.split(" ")[0];
}

/** Unknown words in a place where a field belongs ("average discount", "by director", "which salesman"). */
export function unknownInSlot(a: Atoms): Atoms["unknown"] {
  return a.unknown.filter((u) => u.slot !== "other");
}
