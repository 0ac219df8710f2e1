import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dictionaryFromStrings, hashText, Interner } from "./dictionary";
import { openSegment, readCodesInto, readDictionary, writeSegment } from "./segment";

describe("Interner", () => {
  it("gives each distinct string one code, across sources and table growth", () => {
    const interner = new Interner(2);
    const words = Array.from({ length: 1000 }, (_, i) => `w${i % 300}`);
    const codes = words.map((w) => interner.internText(w));
    expect(interner.size).toBe(300);
    words.forEach((w, i) => expect(interner.strings[codes[i]]).toBe(w));
    const other = dictionaryFromStrings(["w5", "new", "w299"]);
    expect([0, 1, 2].map((i) => interner.internEntry(other, i))).toEqual([codes[5], 300, codes[299]]);
  });

  it("compares strings when hashes collide", () => {
    const interner = new Interner();
    // Two different strings forced to share a hash: both must keep their own code.
    const same = new Uint32Array([7, 9, 7, 9]);
    const dict = dictionaryFromStrings(["a", "b"], same);
    expect(interner.internEntry(dict, 0)).toBe(0);
    expect(interner.internEntry(dict, 1)).toBe(1);
    expect(interner.internEntry(dict, 0)).toBe(0);
  });

  it("adopts a first whole dictionary, then remaps later ones touching only used entries", () => {
    const interner = new Interner();
    expect(interner.adopt(dictionaryFromStrings(["x", "y"]))).toBe(true);
    expect(interner.adopt(dictionaryFromStrings(["z"]))).toBe(false);
    const codes = new Int32Array([1, -1, 0, 1]);
    interner.remapInPlace(codes, 0, 4, dictionaryFromStrings(["y", "q"]));
    expect(Array.from(codes)).toEqual([interner.strings.indexOf("q"), -1, interner.strings.indexOf("y"), interner.strings.indexOf("q")]);
    expect(interner.strings).toEqual(["x", "y", "q"]);
  });

  it("hashes are stable and differ for different strings", () => {
    const a = new Uint32Array(2);
    const b = new Uint32Array(2);
    hashText("customer-1", a);
    hashText("customer-1", b);
    expect(Array.from(a)).toEqual(Array.from(b));
    hashText("customer-2", b);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });
});

describe("segment dictionaries", () => {
  it("keep any text exactly: latin1, other scripts, emoji and lone surrogates", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "store-seg-"));
    try {
      const cases = [
        ["plain", "café", " leading space", ""],
        ["日本語", "emoji 😀", "lone \ud800 surrogate", "x"],
      ];
      for (const [k, dictionary] of cases.entries()) {
        const file = path.join(dir, `s${k}`);
        await writeSegment(file, 4, [{ name: "t", enc: "text", codes: new Int32Array([0, 1, 2, 3]), dictionary }]);
        const seg = await openSegment(file);
        try {
          const meta = seg.byName.get("t")!;
          const read = await readDictionary(seg, meta);
          expect(read.all()).toEqual(dictionary);
          expect(read.get(2)).toBe(dictionary[2]);
          const codes = new Int32Array(2);
          await readCodesInto(seg, meta, 1, 3, codes, 0);
          expect(Array.from(codes)).toEqual([1, 2]);
        } finally {
          await seg.handle.close();
        }
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
