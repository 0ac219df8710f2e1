// The question vocabulary (lib/chat/vocab/*.json) as lookup structures: a trie of phrases over
// token lemmas, so that every phrase starting at a token is found in one walk.
import phrases from "../vocab/phrases.json";
import words from "../vocab/words.json";
import { tokenize, type Token } from "./tokens";
import { editDistance } from "./distance";

export type Category = Exclude<keyof typeof phrases, "_doc"> | "rowNoun";

export interface PhraseHit {
  category: Category;
  key: string;
  start: number; // token index
  end: number; // exclusive
}

interface TrieNode {
  next: Map<string, TrieNode>;
  hits: { category: Category; key: string }[];
}

function newNode(): TrieNode {
  return { next: new Map(), hits: [] };
}

/** The lemmas a phrase is matched on (the same tokenizer as questions). */
export function phraseLemmas(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.lemma);
}

function buildTrie(): TrieNode {
  const root = newNode();
  const all: Record<string, Record<string, string[]>> = {
    ...(phrases as unknown as Record<string, Record<string, string[]>>),
    rowNoun: { row: words.rowNouns },
  };
  for (const [category, groups] of Object.entries(all)) {
    if (category === "_doc") continue;
    for (const [key, list] of Object.entries(groups as Record<string, string[]>)) {
      for (const phrase of list) {
        const lemmas = phraseLemmas(phrase);
        if (!lemmas.length) continue;
        let node = root;
        for (const l of lemmas) {
          let child = node.next.get(l);
          if (!child) {
            child = newNode();
            node.next.set(l, child);
          }
          node = child;
        }
        if (!node.hits.some((h) => h.category === category && h.key === key)) node.hits.push({ category: category as Category, key });
      }
    }
  }
  return root;
}

const TRIE = buildTrie();
const MAX_PHRASE = 8;

// Vocabulary words long enough to be recognised with a typo ("avrage", "histogarm", "diiferent").
// Grammar words only: nouns such as row nouns ("house", "horse") are content, not grammar.
const TYPO_TARGETS: string[] = [
  ...new Set(
    Object.entries(phrases)
      .filter(([category]) => category !== "_doc")
      .flatMap(([, groups]) => Object.values(groups as Record<string, string[]>).flat())
      .map((p) => phraseLemmas(p)[0])
      .filter((w): w is string => !!w && w.length >= 5 && /^[a-z]+$/.test(w)),
  ),
];
const typoCache = new Map<string, string | null>();

// Short question words typed with one letter dropped or two neighbours swapped ("totl", "mny"), or a
// three-letter one with a letter added at its end ("sume"): the
// misspelt forms, each with the one word it stands for (a form two targets share stands for none).
const SHORT_TYPOS: Map<string, string | null> = (() => {
  const out = new Map<string, string | null>();
  const not = new Set(words.shortTypos.notWords);
  for (const t of words.shortTypos.targets) {
    const forms = new Set<string>();
    for (let i = 1; i < t.length; i++) forms.add(t.slice(0, i) + t.slice(i + 1));
    for (let i = 1; i + 1 < t.length; i++) forms.add(t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2));
    // A three-letter word has no shorter typo: one letter added at its end ("sume", "summ").
    if (t.length <= 3) for (const c of "abcdefghijklmnopqrstuvwxyz") forms.add(t + c);
    for (const f of forms) if (f !== t && f.length >= 3 && !not.has(f)) out.set(f, out.has(f) ? null : t);
  }
  return out;
})();

/** The vocabulary word a misspelt word stands for, if exactly one is close enough. */
export function correctWord(word: string): string | null {
  if (word.length < 6 && SHORT_TYPOS.has(word) && !TRIE.next.has(word) && !STOP_WORDS.has(word) && !ROW_NOUNS.has(word)) return SHORT_TYPOS.get(word) ?? null;
  // Real words ("whole", "house") are not typos of grammar words: only longer words, never a known one.
  if (word.length < 6 || TRIE.next.has(word) || STOP_WORDS.has(word) || ROW_NOUNS.has(word) || !/^[a-z]+$/.test(word)) return null;
  const cached = typoCache.get(word);
  if (cached !== undefined) return cached;
  const max = word.length >= 9 ? 2 : 1;
  const hits = TYPO_TARGETS.filter((t) => t[0] === word[0] && editDistance(word, t, max) <= max);
  const found = hits.length === 1 ? hits[0] : (hits.find((h) => editDistance(word, h, 1) <= 1) ?? null);
  if (typoCache.size > 5000) typoCache.clear();
  typoCache.set(word, found);
  return found;
}

function nextByTypo(node: TrieNode, word: string): TrieNode | undefined {
  const c = correctWord(word);
  return c ? node.next.get(c) : undefined;
}

/** Every vocabulary phrase found in the tokens (overlapping hits included). */
export function findPhrases(tokens: Token[]): PhraseHit[] {
  const out: PhraseHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let node: TrieNode | undefined = TRIE;
    for (let j = i; j < tokens.length && j - i < MAX_PHRASE; j++) {
      const t = tokens[j];
      node = node.next.get(t.lemma) ?? (t.lemma !== t.text ? node.next.get(t.text) : undefined) ?? (t.kind === "word" ? nextByTypo(node, t.text) : undefined);
      if (!node) break;
      for (const h of node.hits) out.push({ category: h.category, key: h.key, start: i, end: j + 1 });
    }
  }
  return out;
}

const lemmaSet = (list: string[]) => new Set(list.map((w) => phraseLemmas(w).join(" ")));

export const STOP_WORDS = lemmaSet(words.stopWords);
export const ROW_NOUNS = lemmaSet(words.rowNouns);
export const PRONOUN_ROWS = new Set<string>(words.pronounRows.words);
/** Whole turns that ask why the earlier answer is so, or what it means (words.json explainTurns). */
export const EXPLAIN_TURNS = {
  why: new Set<string>(words.explainTurns.why),
  meaning: new Set<string>(words.explainTurns.meaning),
  openers: new Set<string>(words.explainTurns.openers),
};
export const NUMBER_WORDS: Record<string, number> = words.numberWords;
export const MULTIPLIERS: Record<string, number> = words.multipliers;
export const MONTHS: Record<string, number> = words.months;
export const QUARTERS: Record<string, number> = words.quarters;
export const HALVES: Record<string, number> = words.halves;
/** "the summer of 1978": a season of one year as its first and last month (northern meteorological seasons). */
export const SEASONS: Record<string, number[]> = words.seasons;
export const POSITIVE_VALUES = new Set(words.positiveValues);
export const NEGATIVE_VALUES = new Set(words.negativeValues);
export const FIELD_ALIASES: string[][] = words.fieldAliases;
export const VALUE_ALIASES: Record<string, string[]> = words.valueAliases;
/** Short codes of a field said in plain words, by the words of the field's name (drv = f: "front-wheel drive"). */
export const CODED_VALUES = words.codedValues.groups as unknown as { fields: string[]; values: Record<string, string[]> }[];
/** "are people with partners less likely to churn?": a yes/no question opener and a comparative word. */
/** Common abbreviations in values ("State-gov"): the full words they stand for ("government"). */
export const ABBREVIATIONS: Record<string, string[]> = words.abbreviations;
/** Speed words and the field-name words of times to do something: "fastest" is their lowest value. */
export const ORDINAL_RANKS: Record<string, number> = words.ordinalRanks.words as Record<string, number>;
export const ORDINAL_POSITIONS: Record<string, number> = words.ordinalPositions.words as Record<string, number>;
export const SIZE_SUPERLATIVES = new Set(words.sizeSuperlatives.words);
export const SPEED_WORDS: Record<string, "asc" | "desc"> = words.speedOfTime.words as Record<string, "asc" | "desc">;
/** Starts of field-name words for unwanted events (words.json badEvents). */
export const BAD_EVENTS: string[] = words.badEvents.words;
export const TIME_TO_DO_WORDS = new Set(words.speedOfTime.fieldWords);
export const COMPARE_OPENERS = new Set(words.compareQuestion.openers);
export const COMPARE_WORDS = new Set(words.compareQuestion.comparatives);

/** Words the vocabulary reads on their own (not only inside a longer phrase, as "temps" in "au fil du temps"). */
export const ALONE_WORDS: Set<string> = (() => {
  const set = new Set<string>([...STOP_WORDS, ...ROW_NOUNS, ...Object.keys(NUMBER_WORDS), ...Object.keys(MULTIPLIERS), ...Object.keys(MONTHS)]);
  for (const [category, groups] of Object.entries(phrases)) {
    if (category === "_doc") continue;
    for (const list of Object.values(groups as Record<string, string[]>))
      for (const p of list) {
        const ls = phraseLemmas(p);
        if (ls.length === 1) set.add(ls[0]);
      }
  }
  return set;
})();

/** Every word the vocabulary knows (phrase words, stop words, row nouns, numbers, months): not unknown content. */
export const KNOWN_WORDS: Set<string> = (() => {
  const set = new Set<string>([...STOP_WORDS, ...ROW_NOUNS, ...Object.keys(NUMBER_WORDS), ...Object.keys(MULTIPLIERS), ...Object.keys(MONTHS)]);
  for (const [category, groups] of Object.entries(phrases)) {
    if (category === "_doc") continue;
    for (const list of Object.values(groups as Record<string, string[]>)) for (const p of list) for (const l of phraseLemmas(p)) set.add(l);
  }
  return set;
})();
/** Ordered answer scales, lowest first (words.json ordinalScales), and the words that extend a value up or down them. */
export const ORDINAL_SCALES: string[][] = words.ordinalScales.scales;
export const ORDINAL_BEST_FIRST: string[][] = words.ordinalScales.bestFirst;
export const ORDINAL_RANGE_UP = new Set(words.ordinalRangeWords.up);
export const ORDINAL_RANGE_DOWN = new Set(words.ordinalRangeWords.down);
/** Words that ask for a part of a free-text field (words.json textPartWords, understand/text-part.ts). */
export const TEXT_PART = {
  contains: new Set(words.textPartWords.contains),
  inNouns: new Set(words.textPartWords.inNouns),
  starts: new Set(words.textPartWords.starts),
  ends: new Set(words.textPartWords.ends),
  stop: new Set(words.textPartWords.stop),
  notPart: new Set(words.textPartWords.notPart),
};
