// "the northernmost point", "what is the westernmost longitude", "how many pings moved south": compass words over a
// table of positions. An extreme is the highest or lowest value of the field the axis word names (lat for
// "latitude"); a movement is the sign of that field's row-to-row step (delta_lat: shapes.json deltaNames). The turn
// is said in those words before it is read, so the answer states the field and the bound it used; a table without
// such a field keeps the words as they are (words.json compass).
import words from "../vocab/words.json";
import { abbreviates, deltaBase, nameWords, type TableLexicon } from "./lexicon";

type Direction = "north" | "south" | "east" | "west";
const C = words.compass;
const DIRECTIONS = C.directions as Record<Direction, { axis: string; end: string; sign: string }>;
const EXTREMES = C.extremes as Record<string, Direction>;
const MOVES = C.moves as Record<string, Direction>;
const MOVE_VERBS = new Set<string>(C.moveVerbs);
const OWN_MOVE_WORDS = new Set<string>(C.ownMoveWords);

/** The one field the axis word ("latitude") names in the table, or null. */
function axisField(lex: TableLexicon, axis: string): string | null {
  const owners = new Set(lex.names.filter((n) => n.words.length === 1 && n.words[0] === axis).map((n) => n.field));
  return owners.size === 1 ? [...owners][0] : null;
}

/** The one number field holding the row-to-row step of `field` (delta_lat for lat, lat_change for latitude), or null. */
function stepField(lex: TableLexicon, field: string): string | null {
  const said = [nameWords(field).join(" "), ...lex.names.filter((n) => n.field === field).map((n) => n.words.join(" "))];
  // ("lat_change" beside "latitude": the step's name may shorten the field's.)
  const steps = lex.fields.filter((f) => {
    const base = deltaBase(f, lex.fields)?.join(" ");
    return !!base && said.some((s) => s === base || (!base.includes(" ") && !s.includes(" ") && (s.startsWith(base) || abbreviates(base, s))));
  });
  return steps.length === 1 ? steps[0].name : null;
}

/** The turn with its compass words said as the field values they mean over this table (unchanged without them). */
export function compassReworded(turn: string, lex: TableLexicon): string {
  const words = turn.split(/(\s+)/);
  const lower = (k: number) => (words[k] ?? "").toLowerCase().replace(/[^a-z]/g, "");
  const out: string[] = [];
  let changed = false;
  // (The punctuation after the last word replaced stays: "moving east?" keeps its question mark.)
  const tail = (k: number) => /[^A-Za-z]*$/.exec(words[k] ?? "")?.[0] ?? "";
  for (let k = 0; k < words.length; k++) {
    const w = lower(k);
    if (!w) {
      out.push(words[k]);
      continue;
    }
    // Two-word extremes ("furthest north") first, then one word ("northernmost").
    const two = `${w} ${lower(k + 2)}`;
    const extreme = EXTREMES[two] ? { dir: EXTREMES[two], span: 3 } : EXTREMES[w] ? { dir: EXTREMES[w], span: 1 } : null;
    const moveVerb = MOVE_VERBS.has(w) && MOVES[lower(k + 2)];
    const ownMove = OWN_MOVE_WORDS.has(w) ? MOVES[w] : null;
    if (extreme && !(MOVE_VERBS.has(lower(k - 2)) && extreme.span === 3)) {
      const d = DIRECTIONS[extreme.dir];
      const field = axisField(lex, d.axis);
      if (field) {
        // "the northernmost latitude": the axis is said already; "the northernmost point": it is said here.
        const next = lower(k + extreme.span + 1);
        const axisSaid = next && lex.names.some((n) => n.field === field && n.words.length === 1 && n.words[0] === next);
        out.push(`${axisSaid ? d.end : `${d.end} ${field}`}${tail(k + extreme.span - 1)}`);
        k += extreme.span - 1;
        changed = true;
        continue;
      }
    }
    // "which turtle moved furthest north": the net movement, the total of the steps (with a step field).
    const movedFurthest = MOVE_VERBS.has(w) ? EXTREMES[`${lower(k + 2)} ${lower(k + 4)}`] : undefined;
    if (movedFurthest) {
      const d = DIRECTIONS[movedFurthest];
      const axis = axisField(lex, d.axis);
      const step = axis ? stepField(lex, axis) : null;
      if (step) {
        out.push(`${/\btotal\b/i.test(turn) ? `${d.end} ${step}` : `${d.end} total ${step}`}${tail(k + 4)}`);
        k += 4;
        changed = true;
        continue;
      }
    }
    const dir = moveVerb || ownMove;
    if (dir) {
      const d = DIRECTIONS[dir];
      const axis = axisField(lex, d.axis);
      const step = axis ? stepField(lex, axis) : null;
      if (step) {
        // "moving east": with a positive step of the longitude ("with delta_long above 0").
        out.push(`with ${step} ${d.sign} 0${tail(k + (moveVerb ? 2 : 0))}`);
        k += moveVerb ? 2 : 0;
        changed = true;
        continue;
      }
    }
    out.push(words[k]);
  }
  return changed ? out.join("") : turn;
}
