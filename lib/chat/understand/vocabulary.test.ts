// The vocabulary data files: well-formed, readable by the tokenizer, and consistent.
import { describe, expect, it } from "vitest";
import phrases from "../vocab/phrases.json";
import words from "../vocab/words.json";
import { tokenize } from "./tokens";
import { correctWord, findPhrases, phraseLemmas } from "./vocabulary";

describe("phrases.json", () => {
  const entries = Object.entries(phrases).filter(([k]) => k !== "_doc") as [string, Record<string, string[]>][];

  it("has lowercase phrases that tokenize to at least one word", () => {
    for (const [category, groups] of entries) {
      for (const [key, list] of Object.entries(groups)) {
        expect(Array.isArray(list), `${category}.${key}`).toBe(true);
        for (const p of list) {
          expect(p, `${category}.${key}`).toBe(p.toLowerCase());
          expect(phraseLemmas(p).length, `${category}.${key}: "${p}"`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("does not give one phrase two meanings within a category", () => {
    for (const [category, groups] of entries) {
      const seen = new Map<string, string>();
      for (const [key, list] of Object.entries(groups)) {
        for (const p of list) {
          const lemmas = phraseLemmas(p).join(" ");
          const before = seen.get(lemmas);
          expect(before === undefined || before === key, `${category}: "${p}" is both ${before} and ${key}`).toBe(true);
          seen.set(lemmas, key);
        }
      }
    }
  });

  it("is found in questions, longest phrase included", () => {
    const hits = findPhrases(tokenize("show the average sales over time as a pie chart, from highest to lowest"));
    const found = hits.map((h) => `${h.category}:${h.key}`);
    expect(found).toEqual(expect.arrayContaining(["agg:mean", "time:overTime", "chart:pie", "sort:desc"]));
  });

  it("corrects typos of long grammar words only", () => {
    expect(correctWord("avrage")).toBe("average");
    expect(correctWord("histogarm")).toBe("histogram");
    expect(correctWord("whole")).toBeNull();
    expect(correctWord("house")).toBeNull();
  });
});

describe("words.json", () => {
  it("has alias groups of at least two lowercase phrases", () => {
    for (const g of words.fieldAliases) {
      expect(g.length).toBeGreaterThanOrEqual(2);
      for (const p of g) expect(p).toBe(p.toLowerCase());
    }
  });

  it("knows every month and quarter", () => {
    const months = new Set(Object.values(words.months));
    expect([...months].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(Object.values(words.quarters))).toEqual(new Set([1, 2, 3, 4]));
  });

  it("has numeric number words and multipliers", () => {
    for (const v of [...Object.values(words.numberWords), ...Object.values(words.multipliers)]) expect(Number.isFinite(v)).toBe(true);
    expect(words.numberWords.twelve).toBe(12);
  });
});
