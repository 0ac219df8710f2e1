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
  /** The calibrated "am I sure" model (replaces `confidence` when present). */
  sure?: SureModel;
}

export const WEIGHTS: Weights = {
  weights: trained.weights as Record<string, number>,
  margin: trained.margin,
  confidence: (trained as { confidence?: number }).confidence ?? 0.5,
  sure: (trained as { sure?: SureModel }).sure,
};

/**
 * The "am I sure" decision: a logistic model of whether the best reading is right, from signs of
 * doubt (how likely the best reading is next to the others, how far ahead of the first different
 * plan it scores, words nothing understood, field words left unused, fields picked among several,
 * words read as a field only partly). Fitted by scripts/train-chat.ts on out-of-fold rankings (each
 * question ranked by weights that did not see it), so it is calibrated on unseen questions; below
 * `threshold` the answer states its doubt.
 */
export interface SureModel {
  weights: number[];
  threshold: number;
  /** Weights of the best reading's plan features (by name, present or not; never the role:/cue: ones). */
  features?: Record<string, number>;
  /** Development only (scripts/chat-bench/sure-cv.ts): told the inputs of each sure decision. */
  observe?: (x: number[], feats: Features) => void;
}

/** The plan features the sure model may weigh: not the per-field role and cue features (too many, too specific). */
export const sureFeature = (name: string): boolean => !name.startsWith("role:") && !name.startsWith("cue:");

export const SURE_INPUTS = [
  "bias",
  "logP",
  "gap",
  "unknownWords",
  "ignoredFields",
  "fieldChoices",
  "partialFields",
  "candidates",
  "followUp",
  "defaultAgg",
  "valueNoField",
  "unusedCues",
] as const;

/** The sum of the features whose names start with one of the prefixes. */
function featSum(feats: Features, prefixes: readonly string[]): number {
  let n = 0;
  for (const [k, v] of feats) if (prefixes.some((p) => k.startsWith(p))) n += v;
  return n;
}

/** The inputs of the sure model for the best candidate of a ranking (scores already set). */
export function sureInputs(scores: number[], best: number, secondDifferent: number | null, feats: Features, choices: number, notes: string[]): number[] {
  const max = scores[best];
  let z = 0;
  for (const s of scores) z += Math.exp(s - max);
  const gap = secondDifferent === null ? 5 : Math.min(5, max - secondDifferent);
  const readAs = notes.filter((n) => n.startsWith("readAs:")).length;
  return [
    1,
    Math.log(1 / z),
    gap,
    Math.min(2, feats.get("unknown:other") ?? 0),
    Math.min(2, feats.get("refs:ignored") ?? 0),
    Math.min(2, choices),
    Math.min(2, readAs),
    Math.log(1 + scores.length) / 5,
    // A reading of a later turn of a conversation (the turn edited, merged with or read apart from the earlier ones).
    featSum(feats, ["edit|", "merged", "fresh|"]) > 0 ? 1 : 0,
    // The aggregate was not said (the usual one taken).
    feats.has("measure:defaultAgg:mean") || feats.has("measure:defaultAgg:sum") ? 1 : 0,
    // A value filtered on in a field the question did not name next to it.
    Math.min(2, (feats.get("filter:unique") ?? 0) + (feats.get("filter:value|unique") ?? 0)),
    // Words the reading leaves unused (a chart word, a limit, a bucket).
    Math.min(2, featSum(feats, ["unused:"])),
  ];
}

export function sureProbability(x: number[], m: SureModel, feats?: Features | readonly string[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (m.weights[i] ?? 0) * x[i];
  if (m.features && feats) for (const name of feats instanceof Map ? [...feats.keys()] : feats) s += m.features[name] ?? 0;
  return 1 / (1 + Math.exp(-s));
}

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
