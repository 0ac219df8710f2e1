// Each reader on its own: fields, values, numbers, dates, vocabulary words, unknown words.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { buildTableLexicon, parseContextSynonyms } from "./lexicon";
import { readMentions, wordsMatch, type Mention } from "./readers";

const header = [
  "Customer Name",
  "Sub-Category",
  "Region",
  "City",
  "State",
  "Sales",
  "Profit",
  "MonthlyCharges",
  "TotalCharges",
  "Churn",
  "Partner",
  "Order Date",
  "class",
  "workclass",
  "Low_Estimate",
  "High_Estimate",
  "Content Rating",
  "horsepower",
];
const rows = Array.from({ length: 40 }, (_, i) => [
  `Customer ${i}`,
  ["Tables", "Phones", "Binders"][i % 3],
  ["East", "West", "Central"][i % 3],
  ["Washington", "Seattle", "Boston"][i % 3],
  ["Washington", "New York", "Texas"][i % 3],
  String(100 + i * 3.5),
  String(i * 1.25 - 10),
  String(20 + i),
  String(200 + 10 * i),
  i % 4 === 0 ? "Yes" : "No",
  i % 2 === 0 ? "Yes" : "No",
  `2016-0${1 + (i % 9)}-1${i % 10}`,
  i % 5 === 0 ? ">50K" : "<=50K",
  ["Private", "Self-emp-inc", "Self-emp-not-inc", "Local-gov"][i % 4],
  String(1000 + i),
  String(2000 + i),
  ["G", "PG", "PG-13", "R"][i % 4],
  String(50 + i),
]);
const fields = describeTable(tableFromRows(header, rows));
const lex = buildTableLexicon(
  fields,
  parseContextSynonyms(
    "revenue = Sales\nturnover means Sales",
    fields.map((f) => f.name),
  ),
);

const read = (q: string) => readMentions(q, lex).mentions;
const fieldsOf = (ms: Mention[]) => ms.filter((m) => m.kind === "field").map((m) => (m.kind === "field" ? m.fields.map((f) => f.name).join("|") : ""));
const valuesOf = (ms: Mention[]) =>
  ms.filter((m) => m.kind === "value").map((m) => (m.kind === "value" ? m.values.map((v) => `${v.field}=${v.value}`).join("|") : ""));

describe("field reader", () => {
  it("reads names with plurals, typos, spacing, camelCase and snake_case", () => {
    expect(fieldsOf(read("profits by regoin"))).toEqual(["Profit", "Region"]);
    expect(fieldsOf(read("monthly charges and total charges"))).toEqual(["MonthlyCharges", "TotalCharges"]);
    expect(fieldsOf(read("sales by subcategory"))).toEqual(["Sales", "Sub-Category"]);
    expect(fieldsOf(read("horse power by region"))).toEqual(["horsepower", "Region"]);
  });

  it("reads synonyms: general English and the project's chatContext", () => {
    expect(fieldsOf(read("revenue per state"))).toEqual(["Sales", "State"]);
    expect(fieldsOf(read("turnover by city"))).toEqual(["Sales", "City"]);
  });

  it("keeps every field a word may name (ambiguity is decided later)", () => {
    expect(fieldsOf(read("charges by region"))).toEqual(["MonthlyCharges|TotalCharges", "Region"]);
  });

  it("reads 'low and high estimates' as two fields", () => {
    expect(fieldsOf(read("the low and high estimates"))).toEqual(["Low_Estimate", "High_Estimate"]);
  });

  it("does not read a question word as a misspelt field ('count' is not 'Country')", () => {
    expect(wordsMatch("count", "country")).toBe(0);
    expect(wordsMatch("churned", "churn")).toBeGreaterThan(0);
    expect(wordsMatch("mgp", "mpg")).toBeGreaterThan(0);
  });
});

describe("value reader", () => {
  it("finds values with the field they belong to, all fields when several hold them", () => {
    expect(valuesOf(read("sales in the east"))).toEqual(["Region=East"]);
    expect(valuesOf(read("orders from Washington"))).toEqual(["City=Washington|State=Washington"]);
    expect(valuesOf(read("customers with Yes"))).toEqual(["Churn=Yes|Partner=Yes"]);
  });

  it("reads comparison values as said ('more than 50K' is >50K)", () => {
    expect(valuesOf(read("how many earn more than 50K"))).toEqual(["class=>50K"]);
  });

  it("reads one-letter values only next to their field's name or in a list", () => {
    expect(valuesOf(read("R rated movies"))).toEqual(["Content Rating=R"]);
    expect(valuesOf(read("PG or G"))).toEqual(["Content Rating=PG", "Content Rating=G"]);
    expect(valuesOf(read("neither R nor PG-13"))).toEqual(["Content Rating=R", "Content Rating=PG-13"]);
    expect(valuesOf(read("plot a g"))).toEqual([]);
  });

  it("reads abbreviated values by their first words, keeping every value that fits", () => {
    expect(valuesOf(read("how many are self employed"))).toEqual(["workclass=Self-emp-inc|workclass=Self-emp-not-inc"]);
  });
});

describe("numbers and dates", () => {
  const nums = (q: string) =>
    read(q)
      .filter((m) => m.kind === "number")
      .map((m) => (m.kind === "number" ? [m.value, m.percent, m.money] : []));
  const dates = (q: string) =>
    read(q)
      .filter((m) => m.kind === "date")
      .map((m) => (m.kind === "date" ? m.date : null));

  it("reads suffixes, thousands, percents, money and number words", () => {
    expect(nums("over 70k")).toEqual([[70000, false, false]]);
    expect(nums("above 1,234.5")).toEqual([[1234.5, false, false]]);
    expect(nums("more than 20%")).toEqual([[20, true, false]]);
    expect(nums("under $3 million")).toEqual([[3_000_000, false, true]]);
    expect(nums("top five")).toEqual([[5, false, false]]);
  });

  it("reads dates, months with years, quarters and decades", () => {
    expect(dates("between Jan 2016 and Dec 2017")).toEqual([
      { year: 2016, month: 1, day: null, quarter: null, decade: false },
      { year: 2017, month: 12, day: null, quarter: null, decade: false },
    ]);
    expect(dates("on December 1, 2017")).toEqual([{ year: 2017, month: 12, day: 1, quarter: null, decade: false }]);
    expect(dates("in Q4 2017")).toEqual([{ year: 2017, month: null, day: null, quarter: 4, decade: false }]);
    expect(dates("the 1970s")).toEqual([{ year: 1970, month: null, day: null, quarter: null, decade: true }]);
    expect(dates("12/30/17")).toEqual([{ year: 2017, month: 12, day: 30, quarter: null, decade: false }]);
    // "may" is a month only next to a day or a year.
    expect(dates("sales may be low")).toEqual([]);
  });
});

describe("vocabulary words and unknown words", () => {
  const words = (q: string) =>
    read(q)
      .filter((m) => m.kind === "word")
      .map((m) => (m.kind === "word" ? m.hits.map((h) => `${h.category}:${h.key}`).join(",") : ""));
  it("reads phrases, longest first, with typos on long grammar words", () => {
    expect(words("avrage sales over time")).toEqual(["agg:mean", "time:overTime"]);
    expect(words("sales by day of the week")).toEqual(["group:by", "grain:weekday"]);
    expect(words("number of order lines")).toEqual(["count:count", "rowNoun:row"]);
  });

  it("marks content words nobody recognised", () => {
    const unknown = read("average discount by region")
      .filter((m) => m.kind === "unknown")
      .map((m) => m.text);
    expect(unknown).toEqual(["discount"]);
  });
});

describe("partial field names", () => {
  it("a word of a field's own name does not also reach another field through a general synonym", () => {
    const table = tableFromRows(
      ["MonthlyCharges", "TotalCharges", "PaperlessBilling", "Contract"],
      Array.from({ length: 30 }, (_, i) => [String(20 + i), String(100 * i), i % 2 ? "Yes" : "No", ["Month-to-month", "One year", "Two year"][i % 3]]),
    );
    const lexicon = buildTableLexicon(describeTable(table));
    // "charge" is in two own names; PaperlessBilling is not a charge field ("billing" is no synonym of "charge").
    expect(
      lexicon.partial
        .get("charge")
        ?.map((p) => p.field)
        .sort(),
    ).toEqual(["MonthlyCharges", "TotalCharges"]);
    // Where no field's own name has the word, the synonym still reaches the field.
    const billOnly = buildTableLexicon(
      describeTable(
        tableFromRows(
          ["MonthlyBill", "PaperlessBilling", "Contract"],
          Array.from({ length: 30 }, (_, i) => [String(10 * i), i % 2 ? "Yes" : "No", i % 3 ? "One year" : "Two year"]),
        ),
      ),
    );
    expect(billOnly.partial.get("charge")?.map((p) => p.field)).toEqual(["MonthlyBill"]);
  });
});

describe("a word that sets two things against each other", () => {
  it("is not read inside one field name ('monthly charges vs charges' is two fields, not MonthlyCharges reordered)", () => {
    expect(fieldsOf(read("total charges vs monthly charges"))).toEqual(["TotalCharges", "MonthlyCharges"]);
    expect(fieldsOf(read("monthly charges versus total charges"))).toEqual(["MonthlyCharges", "TotalCharges"]);
  });
  it("a linking word joins two names when the words around it are out of the name's order", () => {
    // "estimate to high estimate" must not be High_Estimate said backwards with "to" inside.
    expect(fieldsOf(read("compare low estimate to high estimate"))).toEqual(["Low_Estimate", "High_Estimate"]);
  });
});

describe("typos and loose field spans (chat-fix2)", () => {
  const table = tableFromRows(
    ["hours_per_week", "Days to Ship", "Ship Mode", "Sales"],
    Array.from({ length: 20 }, (_, i) => [String(30 + i), String(i % 7), ["Same Day", "First Class", "Standard Class"][i % 3], String(10 * i)]),
  );
  const lexicon = buildTableLexicon(describeTable(table));
  const r = (q: string) => readMentions(q, lexicon).mentions;

  it("reads one four-letter word with one wrong letter when the rest of a field's name matches ('hours per weak')", () => {
    const ms = r("avg hours per weak");
    expect(ms.filter((m) => m.kind === "field").map((m) => m.text)).toEqual(["hours per weak"]);
    expect(ms.filter((m) => m.kind === "unknown")).toEqual([]);
    // Alone, a four-letter word is spelt exactly.
    expect(fieldsOf(r("sales by weak"))).toEqual(["Sales"]);
  });

  it("prefers a value said exactly in two words to a loose field span around it ('shipped same day')", () => {
    const ms = r("number of orders shipped same day");
    expect(valuesOf(ms)).toEqual(["Ship Mode=Same Day"]);
    expect(fieldsOf(ms)).toEqual([]);
  });
});

describe("one of a time unit after a comparison", () => {
  it("reads 'less than a year' as the number 1 before the unit, but not 'over a year' (across a year) nor 'a year' alone", () => {
    const nums = (q: string) =>
      read(q)
        .filter((m) => m.kind === "number")
        .map((m) => (m.kind === "number" ? m.value : null));
    expect(nums("customers here less than a year")).toEqual([1]);
    expect(nums("orders shipped under a week")).toEqual([1]);
    expect(nums("how sales change over a year")).toEqual([]);
    expect(nums("sales a year")).toEqual([]);
  });
});
