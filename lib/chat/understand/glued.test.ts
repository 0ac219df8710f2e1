// Field names that glue abbreviations of several words (glued.ts): which words say them, and which must not.
import { describe, expect, it } from "vitest";
import { gluedNameCandidate, pieceSaidBy, readGluedName } from "./glued";
import { tokenize } from "./tokens";

const said = (text: string) => tokenize(text).map((t) => ({ text: t.text, lemma: t.lemma }));
const never = () => false;
const always = () => true;

describe("pieceSaidBy", () => {
  it("takes a word's start or its first letter and consonants in order", () => {
    expect(pieceSaidBy("tch", said("teacher")[0])).toBe(true);
    expect(pieceSaidBy("enrl", said("enrollment")[0])).toBe(true);
    expect(pieceSaidBy("svc", said("service")[0])).toBe(true);
    expect(pieceSaidBy("minty", said("minority")[0])).toBe(true);
    expect(pieceSaidBy("wk", said("weekly")[0])).toBe(true);
  });
  it("takes a known abbreviation that is no letters of its word", () => {
    expect(pieceSaidBy("dx", said("diagnoses")[0])).toBe(true);
    expect(pieceSaidBy("pct", said("share")[0])).toBe(true);
  });
  it("refuses vowels skipped to after the start, another first letter, or a single letter", () => {
    expect(pieceSaidBy("ses", said("students")[0])).toBe(false);
    expect(pieceSaidBy("tch", said("coach")[0])).toBe(false);
    expect(pieceSaidBy("t", said("teacher")[0])).toBe(false);
  });
});

describe("readGluedName", () => {
  it("reads a name said word by word, its statistic said elsewhere or not at all", () => {
    expect(readGluedName("avgtchexp", said("teacher experience"), never)).toMatchObject({ lead: "avg", tail: "" });
    expect(readGluedName("pctfrlunch", said("free lunch"), always)).toMatchObject({ lead: "pct", tail: "" });
    expect(readGluedName("himinty", said("high minority"), never)).toMatchObject({ lead: "", tail: "", said: 7 });
    expect(readGluedName("custsatscore", said("customer satisfaction score"), never)).toMatchObject({ said: 12 });
  });
  it("lets a storage or unit piece and a period go unsaid", () => {
    expect(readGluedName("deptcd", said("department"), never)).toMatchObject({ tail: "cd" });
    expect(readGluedName("ageyrs", said("age"), never)).toMatchObject({ tail: "yrs" });
    expect(readGluedName("annlsal", said("salary"), never)).toMatchObject({ lead: "annl" });
  });
  it("reads two words in the other order, marked", () => {
    expect(readGluedName("hrswk", said("weekly hours"), never)).toMatchObject({ reversed: true });
  });
  it("a count piece goes unsaid before the counted noun in the plural, a period piece always", () => {
    expect(readGluedName("numdx", said("diagnoses"), never)).toMatchObject({ lead: "num" });
    expect(readGluedName("numfac", said("faculty"), never)).toBeNull();
    expect(readGluedName("hrswk", said("hours"), never)).toMatchObject({ tail: "wk" });
  });
  it("one word with consonants only is no count name unless the count is asked", () => {
    expect(readGluedName("numtch", said("teacher"), never)).toBeNull();
    expect(readGluedName("numtch", said("teacher"), (p) => p === "num")).not.toBeNull();
  });
  it("leaves a name unread when a word of its own goes unsaid, unless it names the table's rows", () => {
    expect(readGluedName("loyaltytier", said("tier"), always)).toBeNull();
    expect(readGluedName("custsatscore", said("satisfaction"), always)).toBeNull();
    expect(readGluedName("custsatscore", said("satisfaction"), never, (p) => p === "cust")).toMatchObject({ lead: "cust", tail: "score" });
  });
  it("reads no ordinary words into a name", () => {
    expect(readGluedName("meanses", said("students"), always)).toBeNull();
    expect(readGluedName("numdx", said("procedures"), always)).toBeNull();
    expect(readGluedName("disclim", said("delivery time"), always)).toBeNull();
    expect(readGluedName("shipped", said("shipments"), always)).toBeNull();
    expect(readGluedName("sales", said("less"), always)).toBeNull();
  });
});

describe("gluedNameCandidate", () => {
  it("takes one run of 5 to 16 letters that is no word", () => {
    expect(gluedNameCandidate("AVGTCHEXP", never)).toBe("avgtchexp");
    expect(gluedNameCandidate("LOS_DAYS", never)).toBeNull();
    expect(gluedNameCandidate("sex", never)).toBeNull();
    expect(gluedNameCandidate("PaymentMethod", never)).toBeNull();
    expect(gluedNameCandidate("weight", (w) => w === "weight")).toBeNull();
  });
});

describe("a word of the question's grammar", () => {
  it("says a piece of three letters or more only: 'deeper than' is no depth, 'admission type' is ADMTYP", () => {
    const grammar = (text: string) => ({ text, lemma: text, grammar: true });
    expect(readGluedName("depth", [said("deeper")[0], grammar("than")], never)).toBeNull();
    expect(readGluedName("admtyp", [said("admission")[0], grammar("type")], never)).not.toBeNull();
  });
});
