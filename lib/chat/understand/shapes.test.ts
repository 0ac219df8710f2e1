// Phrase shapes (vocab/shapes.json and the readers built on them): field names said without their
// storage words, nouns that name the one field ending in them, the dataset's own name in the
// plural, "for all <rows>", "the <dataset> table", sort orders said next to sort keys, and
// "proportion" as parts of a whole.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { attach } from "./attach";
import { understand } from "./index";
import { buildTableLexicon, withoutStorageWords } from "./lexicon";
import { readMentions, type Mention } from "./readers";

function lexiconOf(header: string[], rows: string[][], datasetName = "") {
  const fields = describeTable(tableFromRows(header, rows));
  return { lex: buildTableLexicon(fields, [], datasetName), rowCount: rows.length };
}

const payments = lexiconOf(
  ["customer_id", "datetime_payment", "payment_method_code", "amount_payment", "staff_details"],
  Array.from({ length: 30 }, (_, i) => [
    String(i % 7),
    `2018-02-${String(1 + (i % 28)).padStart(2, "0")} 10:00:00`,
    ["Direct Debit", "Credit Card"][i % 2],
    String(100 + i * 13.5),
    ["Fast", "Slow", "Kind"][i % 3],
  ]),
  "Customer_Payments",
);

const participants = lexiconOf(
  ["Participant_ID", "Participant_Type_Code", "Participant_Details"],
  Array.from({ length: 20 }, (_, i) => [String(10 + i), ["Organizer", "Participant"][i % 2], `Person ${i}`]),
  "Participants",
);

const schools = lexiconOf(
  ["School_ID", "School", "Denomination", "Enrollment", "Founded"],
  Array.from({ length: 24 }, (_, i) => [String(i + 1), `School ${i}`, ["Catholic", "Anglican", "Baptist"][i % 3], String(300 + i * 40), String(1900 + i)]),
  "school",
);

const fieldsOf = (ms: Mention[], text: string) => {
  const m = ms.find((x) => x.text.toLowerCase() === text);
  return m && m.kind === "field" ? m.fields.map((f) => f.name) : null;
};

describe("field names without their storage words", () => {
  it("drops a code word only when two words remain, and units with what joins them", () => {
    expect(withoutStorageWords(["payment", "method", "code"])).toEqual(["payment", "method"]);
    expect(withoutStorageWords(["customer", "id"])).toBeNull();
    expect(withoutStorageWords(["price", "in", "dollar"])).toEqual(["price"]);
    expect(withoutStorageWords(["asset", "billion"])).toEqual(["asset"]);
    expect(withoutStorageWords(["amount", "payment"])).toBeNull();
  });

  it("reads 'payment methods' as payment_method_code, not as the other payment fields", () => {
    const r = readMentions("number of payments for each payment methods", payments.lex);
    expect(fieldsOf(r.mentions, "payment methods")).toEqual(["payment_method_code"]);
  });

  it("reads the plural 'ids' as the id field it names", () => {
    const r = readMentions("list all the participant ids and their details", participants.lex);
    expect(fieldsOf(r.mentions, "participant ids")).toEqual(["Participant_ID"]);
  });
});

describe("nouns that end one field's name", () => {
  it("reads 'details' as the one field ending in details", () => {
    const r = readMentions("list the details and the amount of each payment", payments.lex);
    expect(fieldsOf(r.mentions, "details")).toEqual(["staff_details"]);
  });

  it("does not pick a field when the noun ends several names or is a field's whole name", () => {
    const two = lexiconOf(
      ["staff_details", "other_details", "name", "customer_name"],
      Array.from({ length: 10 }, (_, i) => [`a${i}`, `b${i}`, `n${i}`, `c${i}`]),
    );
    const r = readMentions("show the details and the name", two.lex);
    expect(fieldsOf(r.mentions, "details")).toBeNull();
    expect(fieldsOf(r.mentions, "name")).toEqual(["name"]);
  });
});

describe("the dataset's own name", () => {
  it("in the plural names the rows even where a value is spelt the same; in the singular it is the value", () => {
    const plural = readMentions("the number of participants in each participant type code", participants.lex);
    expect(plural.mentions.find((m) => m.text === "participants")?.kind).toBe("word");
    const singular = readMentions("how many Participant rows are there", participants.lex);
    expect(singular.mentions.find((m) => m.text.toLowerCase() === "participant")?.kind).toBe("value");
  });

  it("'the branch table' names the data, not a table asked for", () => {
    const branch = lexiconOf(
      ["Branch_ID", "City", "Membership_amount"],
      Array.from({ length: 12 }, (_, i) => [String(i), ["London", "Oxford"][i % 2], String(10 * i)]),
      "branch",
    );
    const asked = attach(readMentions("show the cities as a table", branch.lex), branch.lex, 0);
    expect(asked.chart).toBe("table");
    const named = attach(readMentions("show me the proportion of cities of the branch table", branch.lex), branch.lex, 0);
    expect(named.chart).toBeNull();
  });
});

describe("for all <rows>", () => {
  it("does not take an unknown word after 'for all' as a grouping the table lacks", () => {
    const a = attach(readMentions("what are the payment amounts for all airplanes", payments.lex), payments.lex, 0);
    expect(a.unknown.map((u) => u.slot)).toEqual(["other"]);
    const each = attach(readMentions("total amount payment for each airplane", payments.lex), payments.lex, 0);
    expect(each.unknown.map((u) => u.slot)).toEqual(["group"]);
  });
});

describe("sort orders and sort keys", () => {
  it("keeps the stated order when the labels are named as the key ('from high to low by the names')", () => {
    const a = attach(readMentions("number of schools per denomination, from high to low by the names", schools.lex), schools.lex, 0);
    expect(a.sort).toEqual({ by: "key", order: "desc" });
    const plain = attach(readMentions("number of schools per denomination sorted by name", schools.lex), schools.lex, 0);
    expect(plain.sort).toEqual({ by: "key", order: "asc" });
  });

  it("sorts on the grouping field named after the sort word, not on an axis word said elsewhere", () => {
    const u = understand(
      ["Create a bar chart showing the total number across denomination, and rank by the Denomination in asc."],
      schools.lex,
      schools.rowCount,
    );
    expect(u.kind).toBe("plan");
    if (u.kind !== "plan") return;
    expect(u.plan.groupBy.map((g) => g.field)).toEqual(["Denomination"]);
    expect(u.plan.sort).toEqual({ by: "key", order: "asc" });
  });
});

describe("proportion", () => {
  it("draws the parts of a whole as a pie whatever the measure", () => {
    const u = understand(["the proportion of the average enrollment for each denomination"], schools.lex, schools.rowCount);
    expect(u.kind).toBe("plan");
    if (u.kind !== "plan") return;
    expect(u.plan.measure).toMatchObject({ agg: "mean", field: "Enrollment" });
    expect(u.plan.chart).toBe("pie");
  });
});

const districts = lexiconOf(
  ["District_ID", "District_name", "City_Population", "City_Area"],
  Array.from({ length: 20 }, (_, i) => [String(i + 1), `District ${i}`, String(50_000 + i * 150_000), String(10 + i)]),
  "district",
);

describe("conditions read after the fields they follow", () => {
  it("keeps a listed field shown when a clause after it ('that', 'whose') puts a condition on it", () => {
    const a = attach(
      readMentions("the district names and city populations for all districts that have between 200,000 and 2,000,000", districts.lex),
      districts.lex,
      0,
    );
    expect(a.filters).toHaveLength(1);
    expect(a.filters[0].options[0].filter).toMatchObject({ field: "City_Population", op: "between" });
    expect(a.filters[0].refs).toEqual([]);
  });

  it("still reads a field named right before its condition as only the condition", () => {
    const a = attach(readMentions("district names with city population over 500,000", districts.lex), districts.lex, 0);
    expect(a.filters[0].options[0].filter).toMatchObject({ field: "City_Population", op: "gt" });
    expect(a.filters[0].refs).toHaveLength(1);
  });
});

describe("one value per row and histograms of groups", () => {
  it("reads a grouping word before the rows' own noun as one value per row", () => {
    expect(attach(readMentions("show the city area for each district", districts.lex), districts.lex, 0).eachRow).toBe(true);
    expect(attach(readMentions("show the city area by district name", districts.lex), districts.lex, 0).eachRow).toBe(false);
  });

  it("draws a histogram asked for over years as bars, not a line", () => {
    const u = understand(["Show me the average of enrollment by founded in a histogram"], schools.lex, schools.rowCount);
    expect(u.kind).toBe("plan");
    if (u.kind !== "plan") return;
    expect(u.plan.groupBy.map((g) => g.field)).toEqual(["Founded"]);
    expect(u.plan.chart).toBe("bar");
  });
});

const faculty = lexiconOf(
  ["FacID", "Lname", "Rank", "Sex", "Building"],
  Array.from({ length: 30 }, (_, i) => [
    String(1000 + i),
    `Name${i}`,
    ["Professor", "AsstProf", "Instructor"][i % 3],
    ["M", "F"][i % 2],
    ["NEB", "Barton", "Krieger"][i % 3],
  ]),
  "Faculty",
);

describe("a sort verb said as a command", () => {
  it("is the verb, not the field of the same name, where it opens a clause", () => {
    const r = readMentions("the number of faculty in each building, and could you rank by the bar from low to high", faculty.lex);
    const rank = r.mentions.find((m) => m.text.toLowerCase() === "rank");
    expect(rank?.kind).toBe("word");
    const u = understand(["Sort by the bars in descending order the number of faculty members per building"], faculty.lex, faculty.rowCount);
    expect(u.kind).toBe("plan");
    if (u.kind !== "plan") return;
    expect(u.plan.groupBy.map((g) => g.field)).toEqual(["Building"]);
    expect(u.plan.sort).toEqual({ by: "value", order: "desc" });
  });

  it("stays the field where it is the object ('count by rank in descending order')", () => {
    const r = readMentions("count the faculty by rank in descending order", faculty.lex);
    const rank = r.mentions.find((m) => m.text.toLowerCase() === "rank");
    expect(rank?.kind).toBe("field");
  });
});

describe("bars of rows named by the rows' name", () => {
  it("labels the bars with a name field rather than an identifier, sorted by it when the names are the key", () => {
    const cinema = lexiconOf(
      ["Cinema_ID", "Name", "Openning_year", "Capacity"],
      Array.from({ length: 10 }, (_, i) => [String(i + 1), `Cinema ${String.fromCharCode(74 - i)}`, String(2010 + (i % 4)), String(200 + i * 37)]),
      "cinema",
    );
    const u = understand(["Show the capacity for each cinema in a bar chart, and rank by the names from low to high."], cinema.lex, cinema.rowCount);
    expect(u.kind).toBe("plan");
    if (u.kind !== "plan") return;
    expect(u.plan).toMatchObject({ intent: "rows", x: "Name", y: "Capacity", sort: { by: "key", order: "asc" }, chart: "bar" });
  });
});

describe("features of the words around a field", () => {
  const cinema = lexiconOf(
    ["Cinema_ID", "Name", "Openning_year", "Capacity"],
    Array.from({ length: 10 }, (_, i) => [String(i + 1), `Cinema ${String.fromCharCode(74 - i)}`, String(2010 + (i % 4)), String(200 + i * 37)]),
    "cinema",
  );
  const ranked = (q: string) => {
    const u = understand([q], cinema.lex, cinema.rowCount);
    return u.kind === "plan" ? u.ranked : [];
  };

  it("marks a field said twice, left without a role the second time, as a repeat rather than an unused word", () => {
    const cands = ranked("bar chart of name and capacity, sorted by capacity from high to low");
    const rows = cands.find((c) => c.plan.intent === "rows" && c.plan.y === "Capacity");
    expect(rows).toBeTruthy();
    expect(rows!.feats.get("ref:repeat")).toBe(1);
    expect(rows!.notes).not.toContain("ignored:capacity");
  });

  it("notes the grouping or sort cue right after a field", () => {
    const cands = ranked("Show the capacity for each cinema in a bar chart");
    expect(cands.some((c) => c.feats.has("role:measure|next:@group"))).toBe(true);
    const sorted = ranked("list the names in ascending order with their capacity");
    expect(sorted.some((c) => [...c.feats.keys()].some((k) => k.endsWith("|next:@sort")))).toBe(true);
  });
});

describe("'mean' said as a verb", () => {
  const cars = lexiconOf(
    ["Horsepower", "Acceleration", "Origin"],
    Array.from({ length: 30 }, (_, i) => [String(60 + i * 5), String(20 - i * 0.3), ["USA", "Europe", "Japan"][i % 3]]),
    "cars",
  );
  const meanWords = (q: string) =>
    readMentions(q, cars.lex).mentions.filter((m) => m.kind === "word" && m.hits.some((h) => h.category === "agg" && h.key === "mean")).length;

  it("is the verb before a comparison: no average is asked", () => {
    expect(meanWords("Does higher horsepower mean lower acceleration?")).toBe(0);
    expect(meanWords("does more horsepower mean a faster acceleration")).toBe(0);
    const u = understand(["does higher horsepower mean lower acceleration"], cars.lex, cars.rowCount);
    expect(u.kind === "plan" && u.plan.intent).toBe("relationship");
  });

  it("stays the average where a word introduces it or the comparison is itself compared", () => {
    expect(meanWords("the mean horsepower by origin")).toBe(1);
    expect(meanWords("mean acceleration per origin")).toBe(1);
    expect(meanWords("origins with mean higher than 100 horsepower")).toBe(1);
    expect(meanWords("horsepower mean higher than 100 by origin")).toBe(1);
  });
});

describe("'the most common' value of a field", () => {
  const orders = lexiconOf(
    ["Quantity", "Sales", "Region"],
    Array.from({ length: 60 }, (_, i) => [String(1 + ((i * 7) % 9)), String(100 + i * 17.5), ["East", "West", "North"][i % 3]]),
    "orders",
  );
  it("counts the rows by the field's values rather than listing its largest value", () => {
    for (const q of ["what is the most common quantity", "the most frequent quantity per order"]) {
      const u = understand([q], orders.lex, orders.rowCount);
      expect(u.kind, q).toBe("plan");
      if (u.kind !== "plan") continue;
      expect(u.plan.intent, q).not.toBe("rows");
      expect(u.plan.measure.agg, q).toBe("count");
    }
    const u = understand(["which region is the most common"], orders.lex, orders.rowCount);
    expect(u.kind === "plan" && u.plan.groupBy.map((g) => g.field)).toEqual(["Region"]);
  });
});
