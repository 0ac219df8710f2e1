// Attachment: comparisons take their number and field, values bind to the field named next to
// them, negation and lists apply to the values they govern, words govern the field they precede.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { attach } from "./attach";
import { editCandidates, mergeAtoms } from "./followup";
import { buildTableLexicon } from "./lexicon";
import { readMentions } from "./readers";

const header = [
  "days_to_ship",
  "tenure",
  "Region",
  "Category",
  "Sales",
  "Profit",
  "Quantity",
  "Cylinders",
  "Year",
  "Order Date",
  "Churn",
  "Partner",
  "Contract",
  "age",
  "hours_per_week",
  "sex",
];
const rows = Array.from({ length: 60 }, (_, i) => [
  String(i % 8),
  String(i + 1),
  ["East", "West", "Central", "South"][i % 4],
  ["Furniture", "Technology", "Office Supplies"][i % 3],
  String(10 + i * 7.5),
  String(i * 2.5 - 30),
  String(1 + (i % 9)),
  String([4, 6, 8][i % 3]),
  String(70 + (i % 13)),
  `201${6 + (i % 2)}-0${1 + (i % 9)}-15`,
  i % 3 === 0 ? "Yes" : "No",
  i % 2 === 0 ? "Yes" : "No",
  ["Month-to-month", "One year", "Two year"][i % 3],
  String(18 + i),
  String(20 + (i % 40)),
  i % 2 ? "Male" : "Female",
]);
const lex = buildTableLexicon(describeTable(tableFromRows(header, rows)));
const atoms = (q: string) => attach(readMentions(q, lex), lex, 0);
const filters = (q: string) => atoms(q).filters.map((f) => f.options.map((o) => JSON.stringify(o.filter)).join(" | "));

describe("comparisons", () => {
  it("bind to the field named before or after the number", () => {
    expect(filters("orders with quantity of at least 5")).toEqual(['{"field":"Quantity","op":"gte","values":[5]}']);
    expect(filters("more than 100 sales")).toEqual(['{"field":"Sales","op":"gt","values":[100]}']);
    expect(filters("profit between 10 and 50")).toEqual(['{"field":"Profit","op":"between","values":[10,50]}']);
  });

  it("read a range whose field is named before its first end, and perhaps again before the second", () => {
    // Quantity holds 1-9: "between quantity 3 and quantity 6" is the span 3..6, not the two values 3 and 6.
    const range = '{"field":"Quantity","op":"between","values":[3,6]}';
    expect(filters("average sales between quantity 3 and quantity 6")).toEqual([range]);
    expect(filters("average sales between quantity 3 and 6")).toEqual([range]);
    expect(filters("total profit from quantity 3 to quantity 6")).toEqual([range]);
  });

  it("apply years to the time field, and two-digit year columns read full years", () => {
    expect(filters("sales since 2016")).toEqual(['{"field":"Year","op":"gte","values":[16]} | {"field":"Order Date","op":"gte","values":["2016"]}']);
    expect(filters("average profit of cars made after 1978")).toEqual([
      '{"field":"Year","op":"gt","values":[78]} | {"field":"Order Date","op":"gt","values":["1978"]}',
    ]);
  });

  it("read 'from YEAR' alone as that year, and 'from YEAR on' / 'since YEAR' as a range", () => {
    expect(filters("cars from 1975")).toEqual(['{"field":"Year","op":"eq","values":[75]} | {"field":"Order Date","op":"eq","values":["1975"]}']);
    expect(filters("cars from 1975 onwards")).toEqual(['{"field":"Year","op":"gte","values":[75]} | {"field":"Order Date","op":"gte","values":["1975"]}']);
    expect(filters("cars from 1975 on")).toEqual(['{"field":"Year","op":"gte","values":[75]} | {"field":"Order Date","op":"gte","values":["1975"]}']);
  });

  it("read a number before a discrete field, and lists of numbers", () => {
    expect(filters("8-cylinder cars")).toEqual(['{"field":"Cylinders","op":"eq","values":[8]}']);
    expect(filters("cars with 4 or 6 cylinders")).toEqual(['{"field":"Cylinders","op":"in","values":[4,6]}']);
  });

  it("read signs and people's ages", () => {
    expect(filters("orders with a negative profit")).toEqual(['{"field":"Profit","op":"lt","values":[0]}']);
    expect(filters("how many men over 60")).toEqual(
      expect.arrayContaining(['{"field":"age","op":"gt","values":[60]}', '{"field":"sex","op":"eq","values":["Male"]}']),
    );
  });
});

describe("values", () => {
  it("bind to the field the question names next to them, not the first field holding the value", () => {
    const f = atoms("How many customers have Churn = Yes, by Contract?").filters;
    expect(f).toHaveLength(1);
    expect(f[0].options.map((o) => o.filter)).toEqual([{ field: "Churn", op: "eq", values: ["Yes"] }]);
    expect(f[0].options[0].how).toBe("adjacent");
  });

  it("keep every field holding a value when none is named", () => {
    const f = atoms("customers with yes").filters;
    expect(f[0].options.map((o) => o.filter.field).sort()).toEqual(["Churn", "Partner"]);
    expect(f[0].options[0].how).toBe("ambiguous");
  });

  it("join lists with or/and/commas into one 'in' filter, and apply negation", () => {
    expect(filters("sales in the East or West")).toEqual(['{"field":"Region","op":"in","values":["East","West"]}']);
    expect(filters("furniture, technology and office supplies")).toEqual([
      '{"field":"Category","op":"in","values":["Furniture","Technology","Office Supplies"]}',
    ]);
    expect(filters("average profit excluding furniture")).toEqual(['{"field":"Category","op":"neq","values":["Furniture"]}']);
    expect(filters("orders that were not shipped to the East")).toEqual(['{"field":"Region","op":"neq","values":["East"]}']);
  });
});

describe("words that govern fields", () => {
  it("marks aggregates, groupings, series and facets", () => {
    const a = atoms("average sales by region colored by category");
    expect(a.refs.map((r) => [r.text, r.agg, r.group, r.series])).toEqual([
      ["sales", "mean", false, false],
      ["region", null, true, false],
      ["category", null, false, true],
    ]);
    expect(atoms("scatter of sales vs profit faceted by region").refs[2].facet).toBe(true);
  });

  it("reads top-N, sort orders, bins and time grains", () => {
    expect(atoms("top 5 regions by sales").limit).toEqual({ n: 5, dir: "top" });
    expect(atoms("the 3 categories with the lowest profit").limit).toEqual({ n: 3, dir: "bottom" });
    expect(atoms("sales by region sorted from lowest to highest").sort).toEqual({ by: null, order: "asc" });
    expect(atoms("sales by region in alphabetical order").sort).toEqual({ by: "key", order: "asc" });
    expect(atoms("histogram of sales with 8 bins").binCount).toBe(8);
    expect(atoms("histogram of sales, bin size 500").binWidth).toBe(500);
    expect(atoms("sales per weekday").bucket).toBe("weekday");
    expect(atoms("quarterly profit").bucket).toBe("quarter");
  });

  it("records unknown words in the place of a field", () => {
    expect(atoms("average discount by region").unknown).toEqual([{ text: "discount", pos: 1, slot: "measure" }]);
    expect(atoms("which director made the most").unknown[0].slot).toBe("which");
  });
});

describe("relative spans and follow-up cues", () => {
  it("read 'the last N years / past N months' as the latest N periods in the data, not a bottom-N limit", () => {
    const a = atoms("total sales in the last 3 years");
    expect(a.limit).toBeNull();
    expect(a.strayNumbers).toEqual([]);
    expect(filters("total sales in the last 3 years").join(" | ")).toContain('{"field":"Order Date","op":"between","values":["2015","2017"]}');
    expect(filters("profit over the past 3 months").join(" | ")).toContain('{"field":"Order Date","op":"between","values":["2017-07","2017-09"]}');
    expect(filters("sales in the last 2 quarters").join(" | ")).toContain('{"field":"Order Date","op":"between","values":["2017-04","2017-09"]}');
    expect(atoms("profit over the past 3 months").relative[0].text).toBe("past 3 months");
    // A plain "last year" still means the latest year; "the last 3 regions" stays a limit.
    expect(filters("sales last year").join(" | ")).toContain('{"field":"Order Date","op":"eq","values":["2017"]}');
    expect(atoms("the last 3 regions by sales").limit?.n).toBe(3);
  });

  it("mark follow-ups that add to the earlier question ('too', 'also', 'as well')", () => {
    expect(atoms("and by contract too").addOn).toBe(true);
    expect(atoms("also split by contract").addOn).toBe(true);
    expect(atoms("and by contract as well").addOn).toBe(true);
    expect(atoms("and by contract?").addOn).toBe(false);
  });
});

describe("losses", () => {
  it("read 'losses' as the profit-like field ranked downwards", () => {
    const a = atoms("which region has the biggest losses");
    expect(a.refs.map((r) => r.cands[0].name)).toContain("Profit");
    expect(a.superlative).toBe("min");
    expect(a.loss).toEqual({ text: "losses", field: "Profit" });
    expect(atoms("top 3 regions by loss").limit).toEqual(expect.objectContaining({ n: 3, dir: "bottom" }));
    // "loss-making" stays a sign (Profit < 0), not a ranking.
    expect(atoms("loss-making orders by region").loss).toBeNull();
  });
});

describe("decades of life", () => {
  it("read 'in their 30s' / 'in their forties' as an age range when said of people or next to the age field", () => {
    expect(filters("average hours per week for people in their 30s")).toContain('{"field":"age","op":"between","values":[30,39]}');
    expect(filters("how many women in their forties")).toContain('{"field":"age","op":"between","values":[40,49]}');
    expect(atoms("people in their 30s").unknown).toEqual([]);
    // Not said of people and no age field named: left unread (and named as such), not guessed.
    expect(filters("sales in the 30s").join(" ")).not.toContain('"age"');
  });
});

describe("a yes/no field against its other side", () => {
  it("reads 'churned vs retained' as a grouping by the yes/no field", () => {
    const a = atoms("average sales of churned vs retained customers");
    const churn = a.refs.find((r) => r.cands[0].name === "Churn");
    expect(churn?.group).toBe(true);
    expect(a.versusOther).toEqual({ text: "retained", field: "Churn" });
    expect(a.unknown).toEqual([]);
    expect(atoms("retained vs churned customers").versusOther?.field).toBe("Churn");
    // An unknown word that is not set against the field stays unknown.
    expect(atoms("average sales of churned blorf customers").versusOther).toBeNull();
  });
});

describe("durations", () => {
  it("compare a duration with a duration field, converted to the unit its name states", () => {
    const a = atoms("orders with more than 1 week to ship");
    expect(filters("orders that took more than 1 week to ship").join(" | ")).toContain('{"field":"days_to_ship","op":"gt","values":[7]}');
    expect(a.bucket).toBeNull();
    expect(a.refs.some((r) => r.cands[0].name === "Order Date")).toBe(false);
  });

  it("take whole numbers beyond 40 as months when the field's name states no unit and years are said, and record it", () => {
    const a = atoms("customers with tenure over 5 years");
    expect(filters("customers with tenure over 5 years").join(" | ")).toContain('{"field":"tenure","op":"gt","values":[60]}');
    expect(a.units).toEqual([{ text: "5 years", field: "tenure", converted: 60, guessedMonths: 60 }]);
    // "under a year": "a" is one.
    expect(filters("customers with tenure under a year").join(" | ")).toContain('{"field":"tenure","op":"lt","values":[12]}');
  });

  it("compare as stored when the field's name states no unit and its values could be years, and record it for the answer", () => {
    const short = buildTableLexicon(
      describeTable(
        tableFromRows(
          ["tenure", "Sales"],
          Array.from({ length: 30 }, (_, i) => [String(i % 20), String(i)]),
        ),
      ),
    );
    const a = attach(readMentions("customers with tenure over 5 years", short), short, 0);
    expect(a.filters.map((f) => f.options.map((o) => JSON.stringify(o.filter)).join(" | "))).toEqual(['{"field":"tenure","op":"gt","values":[5]}']);
    expect(a.units).toEqual([{ text: "5 years", field: "tenure" }]);
  });
});

describe("follow-up edits", () => {
  const prev = {
    intent: "aggregate",
    measure: { agg: "sum", field: "Sales" },
    extraMeasures: [],
    groupBy: [{ field: "Region", bucket: null }],
    filters: [],
    x: null,
    y: null,
    sort: null,
    limit: null,
    binWidth: null,
    binCount: null,
    chart: "bar",
  } as const;
  const edit = (q: string) => editCandidates(JSON.parse(JSON.stringify(prev)), atoms(q), lex, rows.length)[0];
  it("replace the grouping, add it with 'too', and take two groupings the turn names itself", () => {
    expect(edit("and by category?").plan.groupBy.map((g) => g.field)).toEqual(["Category"]);
    expect(edit("and by category too").plan.groupBy.map((g) => g.field)).toEqual(["Region", "Category"]);
    expect(edit("for each category and contract").plan.groupBy.map((g) => g.field)).toEqual(["Category", "Contract"]);
  });
});

describe("two-digit decades", () => {
  it("read 'the 70s' as the decade of the time field whose years it falls in", () => {
    expect(filters("average profit of cars from the 70s")).toEqual(['{"field":"Year","op":"between","values":[70,79]}']);
    expect(filters("sales in the 10s")).toEqual(['{"field":"Order Date","op":"between","values":["2010","2019"]}']);
    // Outside every time field's years: left unread (the answer names it).
    expect(filters("sales in the 50s")).toEqual([]);
    expect(atoms("sales in the 50s").unknown.map((u) => u.text)).toEqual(["50s"]);
  });
});

describe("a follow-up that names a number again", () => {
  const merged = (a: string, b: string) => mergeAtoms(atoms(a), atoms(b)).refs.filter((r) => r.turn === 0);
  it("keeps the aggregate the number was given before when the turn names none", () => {
    const sales = merged("average sales by region", "add gridlines for sales and region").find((r) => r.cands[0].name === "Sales");
    expect(sales?.agg).toBe("mean");
  });
  it("takes the turn's own aggregate, and gives none to a number not aggregated before", () => {
    expect(merged("average sales by region", "total sales by category").find((r) => r.cands[0].name === "Sales")?.agg).toBe("sum");
    expect(merged("average sales by region", "and profit").find((r) => r.cands[0].name === "Profit")?.agg).toBeNull();
  });
});

describe("values set against each other", () => {
  const valuesRef = (q: string) => atoms(q).refs.find((r) => r.via === "values");
  it("'East vs West' makes their field a grouping; 'in East and West' only lists them", () => {
    expect(valuesRef("sales in the east vs the west by month")?.group).toBe(true);
    expect(valuesRef("sales east versus west")?.group).toBe(true);
    expect(valuesRef("sales of east and west")?.group).toBe(false);
  });
});

describe("a follow-up that removes or widens a filter (probe6)", () => {
  const prev = {
    intent: "aggregate",
    measure: { agg: "sum", field: "Profit" },
    extraMeasures: [],
    groupBy: [{ field: "Category", bucket: null }],
    filters: [
      { field: "Region", op: "eq", values: ["East"] },
      { field: "Year", op: "gt", values: [75] },
    ],
    x: null,
    y: null,
    sort: null,
    limit: null,
    binWidth: null,
    binCount: null,
    chart: "bar",
  } as const;
  const edit = (q: string) => editCandidates(JSON.parse(JSON.stringify(prev)), atoms(q), lex, rows.length)[0]?.plan;
  it("drops the earlier filters on 'remove the filter' / 'without that filter', keeping the turn's own", () => {
    expect(edit("remove the filter")?.filters).toEqual([]);
    expect(edit("without that filter")?.filters).toEqual([]);
    expect(edit("without the filters, only the west")?.filters).toEqual([{ field: "Region", op: "eq", values: ["West"] }]);
    expect(atoms("remove the filter").unknown).toEqual([]);
  });
  it("drops only the filter on the field said after 'all', which is no new grouping", () => {
    const p = edit("now for all regions");
    expect(p?.filters.map((f) => f.field)).toEqual(["Year"]);
    expect(p?.groupBy.map((g) => g.field)).toEqual(["Category"]);
    // Merged with the earlier turn, the filter on Region is not carried either.
    const m = mergeAtoms(atoms("total profit by category in the east"), atoms("now for all regions"));
    expect(m.filters.flatMap((f) => f.options.map((o) => o.filter.field))).not.toContain("Region");
    // Without "all" nothing is dropped.
    expect(edit("by region")?.filters.map((f) => f.field)).toEqual(["Region", "Year"]);
  });
});

describe("a follow-up that is a lone number (probe6)", () => {
  const prev = {
    intent: "aggregate",
    measure: { agg: "count", field: null },
    extraMeasures: [],
    groupBy: [],
    filters: [{ field: "Cylinders", op: "eq", values: [8] }],
    x: null,
    y: null,
    sort: null,
    limit: null,
    binWidth: null,
    binCount: null,
    chart: "none",
  } as const;
  const edit = (q: string) => editCandidates(JSON.parse(JSON.stringify(prev)), atoms(q), lex, rows.length)[0]?.plan;
  it("replaces the value of the one numeric filter when its field holds the number", () => {
    expect(edit("and 4?")?.filters).toEqual([{ field: "Cylinders", op: "eq", values: [4] }]);
    // A number the field never holds is not taken for it.
    expect(edit("and 5?")?.filters ?? prev.filters).toEqual(prev.filters);
  });
});

describe("'list the rows' after a number (probe6)", () => {
  const prev = {
    intent: "aggregate",
    measure: { agg: "sum", field: "Sales" },
    extraMeasures: [],
    groupBy: [],
    filters: [{ field: "Region", op: "eq", values: ["West"] }],
    x: null,
    y: null,
    sort: null,
    limit: null,
    binWidth: null,
    binCount: null,
    chart: "none",
  } as const;
  it("lists the rows behind the earlier answer, with its filters", () => {
    const plan = editCandidates(JSON.parse(JSON.stringify(prev)), atoms("list the rows"), lex, rows.length)[0]?.plan;
    expect(plan?.intent).toBe("rows");
    expect(plan?.filters).toEqual(prev.filters);
    expect(plan?.chart).toBe("table");
  });
});

describe("a follow-up that is a comparison word alone (chat-fix5)", () => {
  const prev = (filters: unknown[]) =>
    ({
      intent: "aggregate",
      measure: { agg: "mean", field: "hours_per_week" },
      extraMeasures: [],
      groupBy: [],
      filters,
      x: null,
      y: null,
      sort: null,
      limit: null,
      binWidth: null,
      binCount: null,
      chart: "none",
    }) as unknown as Parameters<typeof editCandidates>[0];
  const edit = (filters: unknown[], q: string) => editCandidates(prev(filters), atoms(q), lex, rows.length)[0]?.plan;
  it("turns the one earlier comparison round", () => {
    expect(edit([{ field: "age", op: "gt", values: [50] }], "and under?")?.filters).toEqual([{ field: "age", op: "lte", values: [50] }]);
    expect(edit([{ field: "age", op: "lt", values: [30] }], "what about above?")?.filters).toEqual([{ field: "age", op: "gte", values: [30] }]);
  });
  it("leaves a comparison the same way, or one with a number of its own, to the other readings", () => {
    expect(edit([{ field: "age", op: "gt", values: [50] }], "and over?")?.filters ?? []).not.toContainEqual({ field: "age", op: "lte", values: [50] });
    expect(edit([{ field: "age", op: "gt", values: [50] }], "and under 20?")?.filters ?? []).not.toContainEqual({ field: "age", op: "lte", values: [50] });
  });
});
