// "flights out of Miami", "arriving in Atlanta", "orders shipped to Texas", "billed to California": a value held by
// two fields of a route (origin_city and destination_city, billing_state and shipping_state) is bound to the side
// the words right before it say. Without this the question asks back (or, worse, a guess takes either field).
// Cues and the name words of each side are data: words.json directionFields.
import words from "../vocab/words.json";
import { tokenize } from "./tokens";

interface Side {
  cues: string[][];
  fields: Set<string>;
}

const SIDES: Side[] = words.directionFields.sides.map((s) => ({
  cues: s.cues.map((c) => tokenize(c).map((t) => t.lemma)),
  fields: new Set(s.fields),
}));

/**
 * Token positions of the route cues said right before a value ("billed to California": "billed", "to"): words the
 * question understood, not unknown ones (elsewhere a cue word may still name a field: "where do cars originate").
 */
export function routeCuePositions(lemmas: string[], valueStarts: number[]): Set<number> {
  const out = new Set<number>();
  for (const start of valueStarts)
    for (const side of SIDES)
      for (const cue of side.cues) {
        const from = start - cue.length;
        if (from >= 0 && cue.every((w, k) => lemmas[from + k] === w)) for (let k = from; k < start; k++) out.add(k);
      }
  return out;
}

const nameWords = (field: string) => field.toLowerCase().split(/[^a-z0-9]+/);

/**
 * The one field among `fields` (all holding the value said at token `start`) on the side the words before it name,
 * or null. `lemmas` are the question's token lemmas. The longest cue wins; a cue whose side has no field, or more
 * than one, gives way to a shorter one ("shipped to Boston" over origin/destination: "to", the destination).
 */
export function routeSideField(lemmas: string[], start: number, fields: string[]): string | null {
  if (fields.length < 2) return null;
  const said: { length: number; side: Side }[] = [];
  for (const side of SIDES)
    for (const cue of side.cues) {
      const from = start - cue.length;
      if (from >= 0 && cue.every((w, k) => lemmas[from + k] === w)) said.push({ length: cue.length, side });
    }
  said.sort((a, b) => b.length - a.length);
  for (const { side } of said) {
    const sided = fields.filter((f) => nameWords(f).some((w) => side.fields.has(w)));
    if (sided.length === 1) return sided[0];
  }
  return null;
}
