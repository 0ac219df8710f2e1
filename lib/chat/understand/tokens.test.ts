import { describe, expect, it } from "vitest";
import { singularize, tokenize } from "./tokens";

const texts = (s: string) => tokenize(s).map((t) => t.text);

describe("tokenize", () => {
  it("lowercases, drops accents and punctuation, keeps where each token came from", () => {
    const t = tokenize("Réponds: Sales by Région?");
    expect(t.map((x) => x.text)).toEqual(["reponds", "sales", "by", "region"]);
    expect(t[1].lemma).toBe("sale");
    expect(t[3].start).toBeGreaterThan(t[2].end);
  });

  it("reads numbers with thousands separators, decimals, signs and suffixes", () => {
    expect(texts("more than 1,234,567.5 or -100")).toEqual(["more", "than", "1234567.5", "or", "-100"]);
    expect(texts("over 50k and 20% and $3")).toEqual(["over", "50k", "and", "20", "%", "and", "$", "3"]);
    expect(texts("the 1970s, 3rd")).toEqual(["the", "1970s", "3rd"]);
  });

  it("keeps full dates as one token and reads 10-20 as a range", () => {
    const t = tokenize("from 2016-03-05 to 12/30/17, in 2017-03, between 10-20");
    expect(t.filter((x) => x.kind === "date").map((x) => x.text)).toEqual(["2016-03-05", "12/30/17", "2017-03"]);
    expect(texts("10-20")).toEqual(["10", "to", "20"]);
    expect(texts("2016-2017")).toEqual(["2016", "to", "2017"]);
  });

  it("splits hyphenated words, reads contractions and possessives", () => {
    expect(texts("two-year Month-to-month")).toEqual(["two", "year", "month", "to", "month"]);
    expect(texts("movies that aren't comedies, the customer's plan, can't")).toEqual([
      "movies",
      "that",
      "are",
      "not",
      "comedies",
      "the",
      "customer",
      "plan",
      "can",
      "not",
    ]);
  });

  it("keeps comparison signs", () => {
    expect(texts("cylinders >= 6 and weight<3000, a != b")).toEqual(["cylinders", ">=", "6", "and", "weight", "<", "3000", "a", "!=", "b"]);
    expect(tokenize(">50K").map((t) => [t.kind, t.text])).toEqual([
      ["symbol", ">"],
      ["number", "50k"],
    ]);
  });

  it("stays linear on pathological input and caps the number of tokens", () => {
    const spaces = "a" + " ".repeat(200_000) + "b";
    const t0 = performance.now();
    expect(texts(spaces)).toEqual(["a", "b"]);
    const long = "9".repeat(32_000);
    expect(tokenize(long)).toHaveLength(1);
    expect(tokenize("x ".repeat(5000))).toHaveLength(150);
    expect(tokenize(",.;:!?()[]{}".repeat(3000))).toHaveLength(0);
    // Not a timing test: a generous bound that only a quadratic scan would break.
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe("singularize", () => {
  it("makes plurals meet their singular", () => {
    expect(["categories", "movies", "sales", "boxes", "status", "people", "analyses", "hours", "cylinders"].map(singularize)).toEqual([
      "category",
      "movie",
      "sale",
      "box",
      "status",
      "person",
      "analysis",
      "hour",
      "cylinder",
    ]);
    expect(singularize("1970s")).toBe("1970s");
    // (A silent e before "zes": sizes, prizes; none after zz or tz: buzzes, waltzes.)
    expect(["sizes", "prizes", "buzzes", "waltzes"].map(singularize)).toEqual(["size", "prize", "buzz", "waltz"]);
  });

  it("marks words typed with a capital letter", () => {
    const t = tokenize("Show US sales, then show us Café sales");
    expect(t.map((x) => !!x.cap)).toEqual([true, true, false, false, false, false, true, false]);
  });
});
