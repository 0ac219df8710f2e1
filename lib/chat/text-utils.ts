// Small text helpers for matching what people type against field names and values.

/** Lowercase, accents stripped, punctuation to spaces (keeps digits, '.', '%', '$', '<', '>', '='). */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, "$1$2")
    // Dates typed in full stay one token: 2016-03-05 and 3/5/2016 -> 2016d03d05.
    .replace(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, (_, y: string, m: string, d: string) => `${y}d${m.padStart(2, "0")}d${d.padStart(2, "0")}`)
    .replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (_, m: string, d: string, y: string) => `${y}d${m.padStart(2, "0")}d${d.padStart(2, "0")}`)
    .replace(/\b(\d{4})-(\d{2})\b(?!\s*-)/g, (all: string, y: string, m: string) => (Number(m) >= 1 && Number(m) <= 12 ? `${y}d${m}` : all))
    .replace(/'s\b/g, "")
    .replace(/[’']/g, "")
    .replace(/(\d)\s*-\s*(\d)/g, "$1 to $2")
    .replace(/([<>]=?|=)/g, " $1 ")
    .replace(/[^a-z0-9.%$<>=\s]/g, " ")
    .replace(/\.(?!\d)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function tokenize(text: string): string[] {
  const t = normalizeText(text);
  return t ? t.split(" ") : [];
}

const IRREGULAR: Record<string, string> = {
  people: "person",
  men: "man",
  women: "woman",
  children: "child",
  indices: "index",
  criteria: "criterion",
  data: "data",
  series: "series",
  species: "species",
  news: "news",
};

/** A crude English singular, good enough to make "categories" meet "category". */
export function singularize(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies")) {
    // movies, cookies, calories, pies: the singular ends in "ie".
    if (word.length <= 4 || /(ovies|ookies|alories|ombies|ookies|ownies|elfies)$/.test(word)) return word.slice(0, -1);
    return word.slice(0, -3) + "y";
  }
  if (/(ss|us|is|ics)$/.test(word)) return word;
  if (/(ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return word;
}

/** Levenshtein distance with transpositions, giving up (returning max+1) beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = a.length;
  const m = b.length;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** Typos allowed for a word of this length: none for short words, where a typo is another word. */
export function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/** Whether two (already singular, lowercase) words are the same word, allowing typos. */
export function wordsMatch(typed: string, known: string, allowLonger = true): number {
  if (typed === known) return 1;
  if (/\d/.test(typed) || /\d/.test(known)) return 0;
  // A longer form of a known word ("originate", "shipping", "released").
  if (allowLonger && known.length >= 5 && typed.startsWith(known) && typed.length - known.length <= 3) return 0.8;
  const max = Math.min(allowedTypos(typed), allowedTypos(known));
  if (max === 0) return 0;
  const d = editDistance(typed, known, max);
  return d <= max ? 1 - 0.15 * d : 0;
}
