// Question text -> tokens, with a hand-written scanner: one pass over the characters, no regular
// expression that could backtrack on long runs of spaces, digits or punctuation (a 32 KB message
// is scanned in well under a millisecond). Each token keeps its normalised text (lowercase, accents
// removed), its singular form ("lemma", for matching), and the characters it came from.
import words from "../vocab/words.json";

export type TokenKind = "word" | "number" | "date" | "symbol";

export interface Token {
  /** Normalised text: lowercase, accents removed, thousands separators dropped ("1,234" -> "1234"). */
  text: string;
  /** Singular form of words ("categories" -> "category"); the text otherwise. */
  lemma: string;
  kind: TokenKind;
  /** The characters of the question it came from. */
  raw: string;
  start: number;
  end: number;
  /** Punctuation between the previous token and this one (",", ";", "." or ":"), for lists and clauses. */
  sep: string | null;
  /** Typed with a capital letter ("US" the country, "us" the pronoun); set on words only. */
  cap?: boolean;
  /** Followed by a possessive 's or, after a plural, an apostrophe ("each rabbit's", "the boys'"); words only. */
  poss?: boolean;
}

/** Most tokens read from one message: a longer message is not read as a question (answered "too long"). */
export const MAX_TOKENS = 150;
/** Longest token kept: a 32 KB "word" is cut, so that nothing downstream compares 32 KB strings. */
const MAX_TOKEN_CHARS = 64;

const IRREGULAR: Record<string, string> = words.irregularPlurals;

/** A crude English singular, good enough to make "categories" meet "category". */
export function singularize(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (word.length <= 3) return word;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 48 && c <= 57) return word;
  }
  if (word.endsWith("ies")) return word.length <= 4 ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  if (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is") || word.endsWith("ics")) return word;
  // ("sizes", "prizes": a silent e before the s; "buzzes", "waltzes": none.)
  if (word.endsWith("zes") && !word.endsWith("zzes") && !word.endsWith("tzes")) return word.slice(0, -1);
  if (word.endsWith("sses") || word.endsWith("ches") || word.endsWith("shes") || word.endsWith("xes") || word.endsWith("zes")) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Lowercase, accents removed, curly quotes straightened. Linear. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

function digitRun(s: string, i: number): number {
  let j = i;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return j;
}

/**
 * Tokens of a text. Numbers keep decimals, thousands separators ("1,234"), a leading minus where
 * it cannot be a hyphen, and a unit suffix glued to them ("50k", "20%", "3rd"); dates typed in full
 * (2016-03-05, 3/5/2016, 12/30/17, 2016-03) are one "date" token; "10-20" reads "10 to 20";
 * "aren't" reads "are not"; possessive 's is dropped; comparison signs are symbol tokens.
 */
/** The words of tokens[start..end) as the user wrote them, joined by single spaces. */
export function spanText(tokens: Token[], start: number, end: number): string {
  return tokens
    .slice(start, end)
    .map((t) => t.raw)
    .join(" ");
}

export function tokenize(text: string, maxTokens = MAX_TOKENS): Token[] {
  const s = foldText(text);
  // The same text before lowercasing, where it has the same length (it nearly always has): the case of each word.
  const cased = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  const hasCase = cased.length === s.length;
  const out: Token[] = [];
  let sep: string | null = null;
  const push = (t: string, kind: TokenKind, start: number, end: number) => {
    const text = t.length > MAX_TOKEN_CHARS ? t.slice(0, MAX_TOKEN_CHARS) : t;
    const token: Token = {
      text,
      lemma: kind === "word" ? singularize(text) : text,
      kind,
      raw: s.slice(start, Math.min(end, start + MAX_TOKEN_CHARS)),
      start,
      end,
      sep,
    };
    if (kind === "word" && hasCase && cased.slice(start, Math.min(end, start + MAX_TOKEN_CHARS)) !== token.raw) token.cap = true;
    out.push(token);
    sep = null;
  };
  let i = 0;
  const n = s.length;
  while (i < n && out.length < maxTokens) {
    const c = s.charCodeAt(i);
    if (
      isDigit(c) ||
      (c === 45 /* - */ &&
        i + 1 < n &&
        isDigit(s.charCodeAt(i + 1)) &&
        (i === 0 || !isAlnum(s.charCodeAt(i - 1))) &&
        !(out.length && out[out.length - 1].kind === "number" && out[out.length - 1].end === i))
    ) {
      const start = i;
      let j = c === 45 ? i + 1 : i;
      j = digitRun(s, j);
      // ISO date: 2016-03-05 or 2016-03.
      if (j - start === 4 && c !== 45 && s[j] === "-" && isDigit(s.charCodeAt(j + 1))) {
        const m1 = digitRun(s, j + 1);
        if (m1 - (j + 1) <= 2) {
          let end = m1;
          if (s[m1] === "-" && isDigit(s.charCodeAt(m1 + 1))) {
            const d1 = digitRun(s, m1 + 1);
            if (d1 - (m1 + 1) <= 2) end = d1;
          }
          push(s.slice(start, end), "date", start, end);
          i = end;
          continue;
        }
      }
      // US date: 3/5/2016 or 12/30/17.
      if (c !== 45 && j - start <= 2 && s[j] === "/" && isDigit(s.charCodeAt(j + 1))) {
        const d1 = digitRun(s, j + 1);
        if (d1 - (j + 1) <= 2 && s[d1] === "/" && isDigit(s.charCodeAt(d1 + 1))) {
          const y1 = digitRun(s, d1 + 1);
          if (y1 - (d1 + 1) === 2 || y1 - (d1 + 1) === 4) {
            push(s.slice(start, y1), "date", start, y1);
            i = y1;
            continue;
          }
        }
      }
      // Thousands separators: 1,234,567 (exactly three digits after each comma).
      let text = s.slice(start, j);
      while (s[j] === "," && digitRun(s, j + 1) - (j + 1) === 3 && !isAlnum(s.charCodeAt(j + 4) || 0)) {
        text += s.slice(j + 1, j + 4);
        j += 4;
      }
      if (s[j] === "." && isDigit(s.charCodeAt(j + 1))) {
        const d = digitRun(s, j + 1);
        text += s.slice(j, d);
        j = d;
      }
      // A glued suffix: 50k, 1.5m, 3rd, 1970s.
      let k = j;
      while (k < n && isLetter(s.charCodeAt(k)) && k - j < 8) k++;
      if (k > j && !(k < n && isDigit(s.charCodeAt(k)))) {
        text += s.slice(j, k);
        j = k;
      }
      if (s[j] === "%") {
        push(text, "number", start, j);
        push("%", "symbol", j, j + 1);
        i = j + 1;
        continue;
      }
      push(text, "number", start, j);
      // "10-20": a range.
      if (s[j] === "-" && isDigit(s.charCodeAt(j + 1))) {
        push("to", "word", j, j + 1);
        i = j + 1;
        continue;
      }
      i = j;
      continue;
    }
    if (isLetter(c)) {
      const start = i;
      let j = i;
      while (j < n && isAlnum(s.charCodeAt(j))) j++;
      let word = s.slice(start, j);
      if (s[j] === "'" && isLetter(s.charCodeAt(j + 1) || 0)) {
        let k = j + 1;
        while (k < n && isLetter(s.charCodeAt(k))) k++;
        const tail = s.slice(j + 1, k);
        if (tail === "t" && word.endsWith("n") && word.length > 1) {
          // aren't -> are not, can't -> can not (ca), won't -> won not.
          word = word === "can" || word === "won" ? word : word.slice(0, -1);
          push(word === "ca" ? "can" : word, "word", start, j - 1);
          push("not", "word", j - 1, k);
          i = k;
          continue;
        }
        if (tail === "s" || tail === "re" || tail === "ve" || tail === "ll" || tail === "d" || tail === "m") {
          push(word, "word", start, j);
          if (tail === "s") out[out.length - 1].poss = true;
          i = k;
          continue;
        }
        // o'clock, rock'n'roll: keep the letters together.
        word += tail;
        j = k;
      }
      push(word, "word", start, j);
      // ("the boys' heights": the apostrophe after a plural.)
      if (s[j] === "'" && word.endsWith("s") && !isLetter(s.charCodeAt(j + 1) || 0)) out[out.length - 1].poss = true;
      i = j;
      continue;
    }
    // Comparison signs and a few symbols that carry meaning.
    if (c === 62 /* > */ || c === 60 /* < */ || c === 61 /* = */ || c === 33 /* ! */) {
      const two = s.slice(i, i + 2);
      if (two === ">=" || two === "<=" || two === "!=" || two === "<>" || two === "==" || two === "=>" || two === "=<") {
        push(two === "=>" ? ">=" : two === "=<" ? "<=" : two === "==" ? "=" : two, "symbol", i, i + 2);
        i += 2;
        continue;
      }
      if (c !== 33) push(s[i], "symbol", i, i + 1);
      i++;
      continue;
    }
    if (c === 37 /* % */ || c === 36 /* $ */ || c === 38 /* & */ || c === 8364 /* € */ || c === 163 /* £ */) {
      push(c === 38 ? "and" : s[i], c === 38 ? "word" : "symbol", i, i + 1);
      i++;
      continue;
    }
    if ((c === 44 || c === 59 || c === 46 || c === 58) && sep === null) sep = s[i];
    i++;
  }
  return out;
}
