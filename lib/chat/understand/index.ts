// Understanding a conversation: each user turn is read into mentions (readers.ts), attached
// (attach.ts), turned into candidate plans (candidates.ts; follow-ups also followup.ts), scored with
// the learned weights (choose.ts), and decided: a plan, a question back, or "no such field".
import { isTimeField, type FieldInfo } from "../columns";
import type { AnalysisPlan } from "../plan";
import { attach, type Atoms } from "./attach";
import { generate, type Candidate } from "./candidates";
import { findAmbiguity, rank, sureInputs, sureProbability, unknownInSlot, WEIGHTS, type Ambiguity, type Weights } from "./choose";
import { editCandidates, mergeAtoms } from "./followup";
import type { TableLexicon } from "./lexicon";
import { editDistance, readMentions } from "./readers";
import { MAX_TOKENS, tokenize } from "./tokens";

export type Understanding =
  | { kind: "plan"; plan: AnalysisPlan; notes: string[]; atoms: Atoms; best: Candidate; ranked: Candidate[] }
  | { kind: "clarify"; ambiguity: Ambiguity; atoms: Atoms; ranked: Candidate[] }
  | { kind: "unknown"; words: string[]; closest: string[]; atoms: Atoms; ranked: Candidate[] }
  | { kind: "greeting"; atoms: Atoms | null }
  | { kind: "none"; atoms: Atoms | null; ranked: Candidate[] };

/** Most earlier user turns read again for a follow-up (older ones rarely still matter). */
export const MAX_TURNS = 8;

export interface TurnCandidates {
  atoms: Atoms;
  candidates: Candidate[];
}

/** The candidates of one turn given the conversation so far (also used by the training script). */
export function turnCandidates(
  text: string,
  lex: TableLexicon,
  rowCount: number,
  prev: { atoms: Atoms | null; plan: AnalysisPlan | null },
): { fresh: Atoms; merged: Atoms | null; candidates: Candidate[] } {
  const reading = readMentions(text, lex);
  const fresh = attach(reading, lex, 0);
  const candidates: Candidate[] = [];
  const hasPrev = prev.atoms !== null || prev.plan !== null;
  // A turn that names a measure and a grouping of its own is a new question, not a follow-up.
  const complete = fresh.refs.some((r) => r.agg !== null || r.countOf) && fresh.refs.some((r) => r.group || r.series);
  for (const c of generate(fresh, lex, rowCount)) {
    if (hasPrev) {
      c.feats.set("fresh|prev", 1);
      if (fresh.followUp) c.feats.set("fresh|followUpCue", 1);
      if (complete) c.feats.set("fresh|complete", 1);
      if (!fresh.refs.length) c.feats.set("fresh|noFields", 1);
    }
    candidates.push(c);
  }
  let merged: Atoms | null = null;
  if (prev.atoms) {
    merged = mergeAtoms(prev.atoms, fresh);
    const oldFields = new Set(prev.atoms.refs.flatMap((r) => r.cands.map((x) => x.name)));
    const newFields = new Set(fresh.refs.flatMap((r) => r.cands.map((x) => x.name)));
    for (const c of generate(merged, lex, rowCount)) {
      c.feats.set("merged", 1);
      if (fresh.followUp) c.feats.set("merged|followUpCue", 1);
      if (complete) c.feats.set("merged|newComplete", 1);
      // "and by contract?" after "churn rate by internet service": a grouping named only earlier kept
      // next to one named now adds a grouping; "also" / "too" / "as well" say so, a bare "and by" usually replaces.
      const groups = c.plan.groupBy.map((g) => g.field);
      const keepsOld = groups.some((g) => oldFields.has(g) && !newFields.has(g)) && groups.some((g) => newFields.has(g));
      if (keepsOld) {
        c.feats.set("merged|keepsOldGroup", 1);
        c.feats.set(fresh.addOn ? "merged|keepsOldGroup|addOn" : "merged|keepsOldGroup|noAddOn", 1);
      }
      // New mentions left unused weigh more than old ones.
      candidates.push({ ...c, sig: `merged ${c.sig}` });
    }
  }
  if (prev.plan) {
    for (const c of editCandidates(prev.plan, fresh, lex)) {
      if (complete) c.feats.set("edit|newComplete", 1);
      candidates.push(c);
    }
  }
  return { fresh, merged, candidates };
}

/** Splits "a | b" follow-ups written in one message (linear: a plain split, no pattern). */
export function splitTurns(text: string): string[] {
  return text
    .split("|")
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function closestFields(word: string, slot: string, fields: FieldInfo[]): string[] {
  const w = word.toLowerCase().slice(0, 40);
  const scored = fields.map((f) => {
    const name = f.name.toLowerCase();
    const d = editDistance(w, name, Math.max(w.length, name.length));
    let sim = 1 - d / Math.max(w.length, name.length);
    if (name.includes(w) || w.includes(name)) sim += 0.3;
    const kindOk =
      slot === "measure"
        ? f.numbers !== null && f.role !== "date"
        : slot === "group" || slot === "which"
          ? f.codes !== null || f.discrete || f.role === "date"
          : true;
    return { name: f.name, sim: sim + (kindOk ? 0.2 : 0) };
  });
  scored.sort((a, b) => b.sim - a.sim);
  return scored.slice(0, 3).map((s) => s.name);
}

interface State {
  atoms: Atoms | null;
  plan: AnalysisPlan | null;
}

function step(state: State, part: string, lex: TableLexicon, rowCount: number, w: Weights): Understanding {
  const { fresh, merged, candidates } = turnCandidates(part, lex, rowCount, state);
  const ranked = rank(candidates, w);
  const result = decide(fresh, ranked, lex, w);
  if (result.kind === "plan") {
    state.plan = result.plan;
    state.atoms = result.best.sig.startsWith("merged") || result.best.sig.startsWith("edit") ? (merged ?? fresh) : fresh;
  } else if (result.kind !== "greeting") {
    // Nothing answered (a lone "show me a bar chart", a question back): its words carry over.
    state.atoms = state.atoms ? mergeAtoms(state.atoms, fresh) : fresh;
  }
  return result;
}

/** The parts read: the last MAX_TURNS user turns, "a | b" split, parts too long to be a question left out. */
export function readableParts(turns: string[]): string[] {
  const parts = turns.slice(-MAX_TURNS).flatMap(splitTurns);
  const last = parts.length ? parts[parts.length - 1] : null;
  const kept = parts
    .slice(0, -1)
    .filter((p) => tokenize(p, MAX_TOKENS + 1).length <= MAX_TOKENS)
    .slice(-MAX_TURNS);
  return last === null ? [] : [...kept, last];
}

export function understand(turns: string[], lex: TableLexicon, rowCount: number, w: Weights = WEIGHTS): Understanding {
  const state: State = { atoms: null, plan: null };
  let result: Understanding = { kind: "none", atoms: null, ranked: [] };
  for (const part of readableParts(turns)) result = step(state, part, lex, rowCount, w);
  return result;
}

/** The candidates of the last turn after the earlier turns were answered with weights `w` (training). */
export function lastTurnCandidates(turns: string[], lex: TableLexicon, rowCount: number, w: Weights): { atoms: Atoms; candidates: Candidate[] } | null {
  const parts = readableParts(turns);
  if (!parts.length) return null;
  const state: State = { atoms: null, plan: null };
  for (const part of parts.slice(0, -1)) step(state, part, lex, rowCount, w);
  const { fresh, candidates } = turnCandidates(parts[parts.length - 1], lex, rowCount, state);
  return { atoms: fresh, candidates };
}

/** Whether the best reading is too doubtful to answer without saying so (choose.ts, SureModel). */
function unsure(ranked: Candidate[], other: Candidate | null, w: Weights): boolean {
  const best = ranked[0];
  if (w.sure) {
    const x = sureInputs(
      ranked.map((c) => c.score),
      0,
      other ? other.score : null,
      best.feats,
      best.choices.length,
      best.notes,
    );
    return sureProbability(x, w.sure) < w.sure.threshold;
  }
  if (ranked.length < 2) return false;
  let z = 0;
  for (const c of ranked) z += Math.exp(c.score - best.score);
  return 1 / z < w.confidence;
}

const clip = (word: string) => (word.length > 40 ? `${word.slice(0, 40)}…` : word);

function decide(a: Atoms, ranked: Candidate[], lex: TableLexicon, w: Weights): Understanding {
  const best = ranked[0];
  const slotUnknown = unknownInSlot(a);
  if (slotUnknown.length) {
    return {
      kind: "unknown",
      words: slotUnknown.map((u) => clip(u.text)),
      closest: closestFields(slotUnknown[0].text, slotUnknown[0].slot, lex.fields),
      atoms: a,
      ranked,
    };
  }
  if (!best) {
    if (a.greeting) return { kind: "greeting", atoms: a };
    if (a.unknown.length)
      return {
        kind: "unknown",
        words: a.unknown.slice(0, 3).map((u) => clip(u.text)),
        closest: closestFields(a.unknown[0].text, "other", lex.fields),
        atoms: a,
        ranked,
      };
    return { kind: "none", atoms: a, ranked };
  }
  // A bare count of every row answers nothing that was asked when the question had words we do not know.
  const bare = best.plan.intent === "aggregate" && best.plan.groupBy.length === 0 && best.plan.filters.length === 0 && best.plan.measure.agg === "count";
  if (bare && a.unknown.length)
    return {
      kind: "unknown",
      words: a.unknown.slice(0, 3).map((u) => clip(u.text)),
      closest: closestFields(a.unknown[0].text, "other", lex.fields),
      atoms: a,
      ranked,
    };
  if (bare && a.greeting && !a.refs.length) return { kind: "greeting", atoms: a };
  if (bare && !a.count && !a.refs.length && !a.filters.length && !a.rowNoun) return { kind: "none", atoms: a, ranked };
  const ambiguity = findAmbiguity(ranked, w);
  if (ambiguity) return { kind: "clarify", ambiguity, atoms: a, ranked };
  const notes = [...best.notes];
  // Not sure of the reading: the answer says which other reading was nearly as likely.
  const bestKey = JSON.stringify(best.plan);
  const other = ranked.find((c) => JSON.stringify(c.plan) !== bestKey) ?? null;
  // A superlative the reading does not rank by ("the 5 lines with the biggest losses" read as any 5 rows).
  const supUnused = a.superlative !== null && !best.plan.sort && best.plan.intent === "rows";
  if (supUnused) notes.push("unsure");
  else if (unsure(ranked, other, w)) notes.push(other ? `alternative:${JSON.stringify(other.plan)}` : "unsure");
  else {
    // "and by contract?" after a grouping: adding the grouping and replacing it are both common; without
    // "too"/"also"/"instead" the words do not decide, so the answer names the other reading.
    const keeps = (c: Candidate) => c.feats.has("merged|keepsOldGroup") || c.feats.has("edit|addSeries");
    const replaces = (c: Candidate) => c.feats.has("edit|replaceGroup");
    if (!a.addOn && !a.instead && (keeps(best) || replaces(best))) {
      const rival = ranked.find((c) => (keeps(best) ? replaces(c) : keeps(c)) && JSON.stringify(c.plan) !== bestKey);
      if (rival) notes.push(`alternative:${JSON.stringify(rival.plan)}`);
    }
  }
  // Content words nothing understood: the answer may have missed what they asked for, so it says so.
  const unread = [...new Set(a.unknown.filter((u) => u.slot === "other").map((u) => clip(u.text)))].slice(0, 3);
  if (unread.length) notes.push(`ignored:${unread.join(", ")}`);
  if (a.strayNumbers.length) notes.push(`ignored:${a.strayNumbers.join(", ")}`);
  const timeFiltered = best.plan.filters.some((f) => {
    const info = lex.byName.get(f.field);
    return !!info && isTimeField(info);
  });
  if (timeFiltered) for (const r of a.relative) notes.push(`latest:${r.period}:${r.text}`);
  if (a.loss && (best.plan.measure.field === a.loss.field || best.plan.y === a.loss.field || best.plan.sort?.by === a.loss.field))
    notes.push(`loss:${a.loss.field}:${a.loss.text}`);
  if (a.versusOther && best.plan.groupBy.some((g) => g.field === a.versusOther!.field)) notes.push(`versusOther:${a.versusOther.field}:${a.versusOther.text}`);
  for (const u of a.units) {
    if (!best.plan.filters.some((f) => f.field === u.field)) continue;
    notes.push(u.converted !== undefined ? `unitConverted:${u.field}:${u.converted}:${u.text}` : `unitUnknown:${u.field}:${u.text}`);
  }
  if (a.strayDates.length) notes.push(`ignored:${a.strayDates.join(", ")}`);
  return { kind: "plan", plan: best.plan, notes, atoms: a, best, ranked };
}
