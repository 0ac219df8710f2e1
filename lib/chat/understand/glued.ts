import words from "../vocab/words.json";

/**
 * Field names that glue abbreviations of several words, as survey, school, HR and shop exports write them
 * (AVGTCHEXP "average teacher experience", PCTFRLUNCH "percent free lunch", custsatscore, HRSWK): which words
 * of a question say such a name. The name splits into pieces, one per said word in order, each starting with
 * its word's first letter and made of letters of the word in order (or a known abbreviation of it); a leading or
 * trailing statistic piece (avg, pct, num, tot) may go unsaid when the question says it another way, and a trailing
 * storage piece (cd, flg, yrs) may go unsaid always.
 */

const STATISTICS: Record<string, string[]> = words.gluedNames.statistics;
const COUNT_PIECES = new Set<string>(words.gluedNames.countPieces);
const UNSAID_TAILS = new Set<string>(words.gluedNames.unsaidTails);
const UNSAID_LEADS = new Set<string>(words.gluedNames.unsaidLeads);
const PIECES: Record<string, string[]> = words.gluedNames.pieces;
export const GLUED_CONNECTORS = new Set<string>(words.gluedNames.connectors);

/** The words that say a statistic piece ("average", "mean" for avg), or none for any other piece. */
export function statisticWords(piece: string): string[] {
  return STATISTICS[piece] ?? [];
}

export interface SaidWord {
  text: string;
  lemma: string;
  /** A word of the question's grammar ("rate", "type", "than"): it says a piece of three letters or more only. */
  grammar?: boolean;
}

export interface GluedReading {
  /** Letters of the name said by the question's words. */
  said: number;
  /** The pieces left unsaid at the start and the end ("avg", "cd"), empty strings where none. */
  lead: string;
  tail: string;
  /** The words were said in the other order ("weekly hours" for HRSWK). */
  reversed: boolean;
}

function isSubsequence(piece: string, word: string): boolean {
  let i = 0;
  for (const c of word) if (c === piece[i]) i++;
  return i === piece.length;
}

/** A piece said by a word: its start, or its first letter and more letters of it in order, or a known abbreviation. */
export function pieceSaidBy(piece: string, w: SaidWord): boolean {
  if (piece.length < (w.grammar ? 3 : 2)) return false;
  for (const form of [w.text, w.lemma]) {
    if (PIECES[piece]?.includes(form)) return true;
    if (form[0] !== piece[0] || !isSubsequence(piece, form)) continue;
    // After the word's start, only consonants ("tch" teacher, "enrl" enrollment, "svc" service): "ses" is no
    // abbreviation of "students".
    let k = 0;
    while (k < piece.length && piece[k] === form[k]) k++;
    if (k < piece.length && /[aeiou]/.test(piece.slice(k))) continue;
    return true;
  }
  return false;
}

/** A piece is the word, or its start of three letters or more ("sat" of satisfaction). */
const plainPiece = (piece: string, w: SaidWord) => [w.text, w.lemma].some((f) => f === piece || (piece.length >= 3 && f.startsWith(piece)));

/** Every way the words split name[from, ...) into pieces, one per word: the end positions and whether all were plain. */
function splits(name: string, from: number, said: SaidWord[], out: { end: number; plain: boolean }[], plain = true): void {
  if (said.length === 0) {
    out.push({ end: from, plain });
    return;
  }
  for (let to = from + 2; to <= name.length; to++) {
    const piece = name.slice(from, to);
    if (pieceSaidBy(piece, said[0])) splits(name, to, said.slice(1), out, plain && plainPiece(piece, said[0]));
  }
}

/**
 * How the words said in a row (`said`, connectors left out) read the lower-case glued `name`, or null.
 * `statisticSaid` tells whether the question says a statistic piece some other way ("share" for pct); `rowPiece`
 * whether a piece abbreviates the noun of the table's rows ("cust" over customers).
 */
export function readGluedName(
  name: string,
  said: SaidWord[],
  statisticSaid: (piece: string) => boolean,
  rowPiece: (piece: string) => boolean = () => false,
): GluedReading | null {
  if (said.length === 0 || said.length > 4) return null;
  let best: GluedReading | null = null;
  const orders = said.length === 2 ? [said, [said[1], said[0]]] : [said];
  for (const [o, words] of orders.entries()) {
    for (let lead = 0; lead < name.length; lead++) {
      const leadPiece = name.slice(0, lead);
      const leadStatistic = lead > 0 && STATISTICS[leadPiece] !== undefined;
      // (A lead piece naming the table's rows, "cust" of custsatscore over customers, goes unsaid too.)
      const leadKnown = leadStatistic || UNSAID_LEADS.has(leadPiece) || (lead >= 2 && rowPiece(leadPiece));
      const ends: { end: number; plain: boolean }[] = [];
      splits(name, lead, words, ends);
      for (const { end, plain } of ends) {
        const tailPiece = name.slice(end);
        const tailStatistic = tailPiece !== "" && STATISTICS[tailPiece] !== undefined;
        const tailKnown = tailPiece === "" || tailStatistic || UNSAID_TAILS.has(tailPiece);
        // (A piece of no known kind left unsaid reads ordinary words into names: "shipments" for Shipped.)
        if ((lead > 0 && !leadKnown) || !tailKnown) continue;
        const saidLetters = end - lead;
        // A statistic left unsaid is said another way, or the rest of the name is plain words ("average spend").
        // (Or two words or more say the rest: "teacher experience" for AVGTCHEXP; "teacher" alone is no NUMTCH. A
        // count is asked: "average faculty salary" is no NUMFAC.)
        // ("average diagnoses" is NUMDX: a count before the counted noun in the plural.)
        const plural = words.length === 1 && words[0].text !== words[0].lemma;
        const saidOtherwise = (piece: string) =>
          statisticSaid(piece) || (COUNT_PIECES.has(piece) ? plural && lead > 0 && tailPiece === "" : plain || words.length >= 2);
        if (leadStatistic && !saidOtherwise(leadPiece)) continue;
        if (tailStatistic && !UNSAID_TAILS.has(tailPiece) && !saidOtherwise(tailPiece)) continue;
        // Three letters said at least, unless a known abbreviation says them ("diagnoses" for dx).
        if (saidLetters < 3 && !(words.length === 1 && PIECES[name.slice(lead, end)])) continue;
        const reading = { said: saidLetters, lead: leadPiece, tail: tailPiece, reversed: o === 1 };
        if (!best || rank(reading) > rank(best)) best = reading;
      }
    }
  }
  return best;
}

const rank = (r: GluedReading) => (r.reversed ? 0 : 50) + r.said;

/**
 * A field name the reader reads: one run of 5 to 16 letters, all capitals or all small (a camelCase name is words
 * already), that is no word itself.
 */
export function gluedNameCandidate(name: string, isWord: (w: string) => boolean): string | null {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  if (!/^[a-z]{5,16}$/.test(lower) || (trimmed !== lower && trimmed !== trimmed.toUpperCase()) || isWord(lower)) return null;
  return lower;
}

const UNIT_PIECES: Record<string, string> = words.gluedNames.unitPieces;

/** The time unit a glued name starts or ends with ("hour" for HRSWK, "year" for AGEYRS), or null. */
export function gluedUnit(name: string, isWord: (w: string) => boolean): string | null {
  const lower = gluedNameCandidate(name, isWord);
  if (!lower) return null;
  for (const [piece, unit] of Object.entries(UNIT_PIECES)) if (lower.startsWith(piece) || lower.endsWith(piece)) return unit;
  return null;
}

const ADDS_UP_LEADS: string[] = words.gluedNames.addsUpLeads;

/** A glued name that starts with a count or total piece and three letters more (NUMTCH, TOTCHG): amounts that add up. */
export function gluedAddsUp(name: string, isWord: (w: string) => boolean): boolean {
  const lower = gluedNameCandidate(name, isWord);
  return !!lower && ADDS_UP_LEADS.some((p) => lower.startsWith(p) && lower.length - p.length >= 3);
}
