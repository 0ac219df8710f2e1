// Text dictionaries without V8 Maps on the hot path. Every dictionary entry carries a 64-bit hash
// (two 32-bit words) computed once when the value is first written; merging dictionaries of many
// segments (on load and in compaction) then probes a typed-array hash table and compares strings
// only on a hash match. For a million distinct ids this is several times faster than a Map keyed by
// freshly decoded strings.

/** Scratch output of `hashText`, to avoid allocating a pair per call. */
const scratch = new Uint32Array(2);

/** Two independent 32-bit hashes of the UTF-16 code units of `text`, written to out[at], out[at + 1]. */
export function hashText(text: string, out: Uint32Array = scratch, at = 0): void {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x27d4eb2f | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 13;
  }
  h1 ^= text.length;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  h2 = Math.imul(h2 ^ (h2 >>> 15), 0x2c1b3c6d);
  h2 ^= h2 >>> 12;
  out[at] = h1 >>> 0;
  out[at + 1] = h2 >>> 0;
}

export function hashAll(strings: string[]): Uint32Array {
  const hashes = new Uint32Array(strings.length * 2);
  for (let i = 0; i < strings.length; i++) hashText(strings[i], hashes, i * 2);
  return hashes;
}

/** A dictionary as stored in a segment: distinct strings with their hashes, decoded on demand. */
export interface StoredDictionary {
  readonly size: number;
  /** Entry i's hash words at [2i] and [2i + 1]. */
  readonly hashes: Uint32Array;
  get(index: number): string;
  /** All entries, in order. */
  all(): string[];
}

export function dictionaryFromStrings(strings: string[], hashes: Uint32Array = hashAll(strings)): StoredDictionary {
  return { size: strings.length, hashes, get: (i) => strings[i], all: () => strings };
}

/**
 * A dictionary over one text blob: entry i is text.substring(offsets[i], offsets[i + 1]). The first
 * few entries asked for are decoded one by one (a preview of 100 rows should not decode a million
 * ids); past that, the whole blob is decoded in one native call and entries share its memory.
 */
export function dictionaryFromBlob(
  hashes: Uint32Array,
  offsets: Int32Array,
  decode: () => string,
  decodeRange: (start: number, end: number) => string,
): StoredDictionary {
  let text: string | null = null;
  let strings: string[] | null = null;
  let singles = 0;
  const size = offsets.length - 1;
  return {
    size,
    hashes,
    get(i) {
      if (strings) return strings[i];
      if (text === null && singles < 256) {
        singles++;
        return decodeRange(offsets[i], offsets[i + 1]);
      }
      text ??= decode();
      return text.substring(offsets[i], offsets[i + 1]);
    },
    all() {
      if (!strings) {
        text ??= decode();
        const list = new Array<string>(size);
        for (let i = 0; i < size; i++) list[i] = text.substring(offsets[i], offsets[i + 1]);
        strings = list;
      }
      return strings;
    },
  };
}

/** Builds one dictionary of distinct strings from many sources, with an open-addressing hash table. */
export class Interner {
  readonly strings: string[] = [];
  private hashWords: Uint32Array;
  private table: Int32Array;
  private mask: number;

  constructor(expected = 16) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.table = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    this.hashWords = new Uint32Array(Math.max(16, expected) * 2);
  }

  get size(): number {
    return this.strings.length;
  }

  /** The hashes of the entries so far (a view; copy before interning more). */
  hashes(): Uint32Array {
    return this.hashWords.subarray(0, this.strings.length * 2);
  }

  /** Code of a string given its hash; `source` resolves the string only when needed. */
  private intern(h1: number, h2: number, source: StoredDictionary | string, index: number): number {
    const table = this.table;
    const words = this.hashWords;
    let slot = h1 & this.mask;
    for (;;) {
      const code = table[slot];
      if (code < 0) break;
      if (words[code * 2] === h1 && words[code * 2 + 1] === h2) {
        const text = typeof source === "string" ? source : source.get(index);
        if (this.strings[code] === text) return code;
      }
      slot = (slot + 1) & this.mask;
    }
    const code = this.strings.length;
    this.strings.push(typeof source === "string" ? source : source.get(index));
    if (words.length < (code + 1) * 2) {
      const grown = new Uint32Array(words.length * 2);
      grown.set(words);
      this.hashWords = grown;
    }
    this.hashWords[code * 2] = h1;
    this.hashWords[code * 2 + 1] = h2;
    table[slot] = code;
    if (this.strings.length * 2 > table.length) this.growTable();
    return code;
  }

  private growTable(): void {
    const capacity = this.table.length * 2;
    const table = new Int32Array(capacity).fill(-1);
    const mask = capacity - 1;
    for (let code = 0; code < this.strings.length; code++) {
      let slot = this.hashWords[code * 2] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = code;
    }
    this.table = table;
    this.mask = mask;
  }

  internText(text: string): number {
    hashText(text);
    return this.intern(scratch[0], scratch[1], text, 0);
  }

  internEntry(dictionary: StoredDictionary, index: number): number {
    return this.intern(dictionary.hashes[index * 2], dictionary.hashes[index * 2 + 1], dictionary, index);
  }

  /**
   * Takes every entry of `dictionary` as codes 0..size-1 when nothing was interned yet, so that
   * codes into it stay valid as they are. Entries of a stored dictionary are distinct already.
   */
  adopt(dictionary: StoredDictionary): boolean {
    if (this.strings.length > 0) return false;
    const strings = dictionary.all();
    const n = dictionary.size;
    let capacity = this.table.length;
    while (capacity < n * 2) capacity *= 2;
    this.table = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    if (this.hashWords.length < n * 2) this.hashWords = new Uint32Array(n * 2);
    this.hashWords.set(dictionary.hashes.subarray(0, n * 2));
    for (let code = 0; code < n; code++) {
      let slot = this.hashWords[code * 2] & this.mask;
      while (this.table[slot] >= 0) slot = (slot + 1) & this.mask;
      this.table[slot] = code;
      this.strings.push(strings[code]);
    }
    return true;
  }

  /** Rewrites codes[start, end) from `dictionary`'s codes to this interner's, touching only used entries. */
  remapInPlace(codes: Int32Array, start: number, end: number, dictionary: StoredDictionary): void {
    const remap = new Int32Array(dictionary.size).fill(-1);
    for (let i = start; i < end; i++) {
      const c = codes[i];
      if (c < 0) {
        codes[i] = -1;
        continue;
      }
      let g = remap[c];
      if (g < 0) {
        g = this.internEntry(dictionary, c);
        remap[c] = g;
      }
      codes[i] = g;
    }
  }

  /** Writes codes for stored numbers or dates by their text form. */
  encodeTexts(values: Float64Array, toText: (v: number) => string, target: Int32Array, at: number): void {
    let lastValue = NaN;
    let lastCode = -1;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (Number.isNaN(v)) {
        target[at + i] = -1;
        continue;
      }
      if (v !== lastValue) {
        lastCode = this.internText(toText(v));
        lastValue = v;
      }
      target[at + i] = lastCode;
    }
  }
}
