// chat-doubt33: a many-valued number next to a label or grouping word (lib/chat/testing/doubt33), each fixed by its
// general cause and tested here on made-up rows with other wordings than the probe's. Expected answers come from the
// rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { describeTable } from "./columns";
import { describePlanShort } from "./describe";
import { answerChat, getTableLexicon } from "./index";
import type { AnalysisPlan } from "./plan";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { attach } from "./understand/attach";
import { offerReadings, senselessReading } from "./understand/offered";
import { readMentions } from "./understand/readers";

// A small deterministic generator (no Math.random: the rows are the same on every run).
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const rnd = lcg(33);
const DISTRICTS = ["Harbour", "Old Town", "Uptown", "Riverside"];
const FIRST = ["Amber", "Birch", "Cedar", "Dune", "Elm", "Fern", "Grove", "Hazel", "Iris", "Juniper", "Kelp", "Linden"];
const SECOND = ["Books", "Bakery", "Deli", "Florist", "Tailor", "Cafe", "Optics", "Records", "Games", "Tea"];
const shopRows: string[][] = [];
for (let i = 0; i < 110; i++) {
  const name = `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}`;
  const area = 30 + Math.floor(rnd() * 140);
  const rent = (800 + rnd() * 4000).toFixed(2);
  const staff = 1 + Math.floor(rnd() * 8);
  const year = 1990 + Math.floor(rnd() * 30);
  shopRows.push([String(4100 + i * 7), name, DISTRICTS[i % 4], String(area), rent, String(staff), String(year)]);
}
const SHOP_HEADER = ["Store", "shop_name", "district", "floor_area", "monthly_rent", "staff", "opened"];
const shops = tableFromRows(SHOP_HEADER, shopRows);
const col = (name: string) => SHOP_HEADER.indexOf(name);
const num = (r: string[], name: string) => Number(r[col(name)]);

const memberRows: string[][] = [];
for (let i = 0; i < 300; i++) {
  const tenure = 1 + Math.floor(rnd() * 60);
  const fee = (10 + rnd() * 20).toFixed(2);
  memberRows.push([`M-${5000 + i}`, String(tenure), fee, (Number(fee) * tenure).toFixed(2), String(18 + Math.floor(rnd() * 60))]);
}
const members = tableFromRows(["member_id", "tenure", "fee", "total_fees", "age"], memberRows);

/** The row with the largest (or smallest) value of `field` among `rows`. */
function extreme(rows: string[][], field: string, pick: "max" | "min"): string[] {
  return rows.reduce((b, r) => ((pick === "max" ? num(r, field) > num(b, field) : num(r, field) < num(b, field)) ? r : b));
}

describe("a superlative asked of the rows ('which shop has the highest rent among those with ...') names the row", () => {
  it("'which shop has the highest monthly rent among those with more than 120 floor area' names the shop", async () => {
    const reply = await askTurns(shops, "which shop has the highest monthly rent among those with more than 120 floor area?");
    const want = extreme(
      shopRows.filter((r) => num(r, "floor_area") > 120),
      "monthly_rent",
      "max",
    );
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.messages[0].content).toContain(want[col("shop_name")]);
  });
  it("'the shop with the lowest monthly rent with floor area above 100' names the shop, not the minimum alone", async () => {
    const reply = await askTurns(shops, "the shop with the lowest monthly rent with floor area above 100");
    const want = extreme(
      shopRows.filter((r) => num(r, "floor_area") > 100),
      "monthly_rent",
      "min",
    );
    expect(reply.messages[0].content).toContain(want[col("shop_name")]);
  });
  it("a field of row codes said as the noun ('which store ... among Harbour stores') is the answer's label", async () => {
    const reply = await askTurns(shops, "which store has the largest floor area among Harbour stores");
    const want = extreme(
      shopRows.filter((r) => r[col("district")] === "Harbour"),
      "floor_area",
      "max",
    );
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.messages[0].content).toContain(want[col("Store")]);
  });
  it("a category after 'which' still ranks its groups ('which district has the highest average rent among shops with ...')", async () => {
    const reply = await askTurns(shops, "which district has the highest average monthly rent among shops with fewer than 80 floor area");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.groupBy[0]?.field).toBe("district");
  });
});

function atomsOf(q: string) {
  const lex = getTableLexicon(shops, describeTable(shops), "", "shops");
  return { lex, a: attach(readMentions(q, lex), lex, 0) };
}

const plan = (p: Partial<AnalysisPlan>): AnalysisPlan => ({
  intent: "aggregate",
  measure: { agg: "count", field: null },
  extraMeasures: [],
  groupBy: [],
  filters: [],
  x: null,
  y: null,
  sort: null,
  limit: null,
  binWidth: null,
  binCount: null,
  chart: "bar",
  ...p,
});

describe("the other reading an unsure answer offers is one a user could have meant", () => {
  const q = "which shop has the highest monthly rent";
  it("a grouping by a number of more than 50 values, an id average, a scatter or a histogram for 'which ...' are senseless", () => {
    const { lex, a } = atomsOf(q);
    expect(senselessReading(plan({ groupBy: [{ field: "floor_area", bucket: null }] }), a, lex)).toBe(true);
    expect(senselessReading(plan({ measure: { agg: "mean", field: "Store" } }), a, lex)).toBe(true);
    expect(senselessReading(plan({ intent: "relationship", x: "floor_area", y: "monthly_rent", chart: "scatter" }), a, lex)).toBe(true);
    expect(senselessReading(plan({ intent: "distribution", x: "monthly_rent", chart: "histogram" }), a, lex)).toBe(true);
    expect(senselessReading(plan({ groupBy: [{ field: "district", bucket: null }], measure: { agg: "max", field: "monthly_rent" } }), a, lex)).toBe(false);
  });
  it("a grouping the words ask for ('by floor area') is no senseless reading; a scatter for 'how does rent go with area' neither", () => {
    const by = atomsOf("number of shops by floor area");
    expect(senselessReading(plan({ groupBy: [{ field: "floor_area", bucket: null }] }), by.a, by.lex)).toBe(false);
    const rel = atomsOf("relationship between monthly rent and floor area");
    expect(senselessReading(plan({ intent: "relationship", x: "floor_area", y: "monthly_rent", chart: "scatter" }), rel.a, rel.lex)).toBe(false);
  });
  it("a senseless reading gives way to the next sensible runner-up, else to a plain doubt that says what is unsure", () => {
    const { lex, a } = atomsOf(q);
    const odd = `alternative:${JSON.stringify(plan({ groupBy: [{ field: "floor_area", bucket: null }] }))}`;
    const answer = plan({ intent: "rows", y: "monthly_rent", sort: { by: "value", order: "desc" }, limit: 1, chart: "table" });
    const scalar = plan({ measure: { agg: "max", field: "monthly_rent" }, chart: "none" });
    expect(offerReadings([odd], answer, [{ plan: scalar, score: 1 }], a, lex, () => true)).toEqual([`alternative:${JSON.stringify(scalar)}`]);
    // (A runner-up far below the best is not said to be nearly as likely.)
    expect(
      offerReadings(
        [odd],
        answer,
        [
          { plan: answer, score: 3 },
          { plan: scalar, score: -2 },
        ],
        a,
        lex,
        () => true,
      ),
    ).toEqual(["unsure"]);
    const grouped = plan({ measure: { agg: "max", field: "monthly_rent" }, groupBy: [{ field: "floor_area", bucket: null }] });
    const distinct = new Set(shopRows.map((r) => r[col("floor_area")])).size;
    expect(offerReadings([odd, `manyGroups:floor_area:${distinct}`], grouped, [], a, lex, () => true)).toEqual([`unsure:grouped:floor_area:${distinct}`]);
  });
  it("the doubt is said in the answer: 'I grouped by floor_area, which has N different values'", async () => {
    const reply = await askTurns(shops, "which shop has the highest monthly rent among those with more than 120 floor area?");
    for (const n of reply.assumptions ?? []) expect(n).not.toMatch(/could also mean: (number of rows by floor_area|.* vs )/);
  });
  it("a histogram offered as the other reading is said as a distribution, not as 'number of rows by X'", () => {
    expect(describePlanShort(plan({ intent: "distribution", x: "monthly_rent", chart: "histogram" }), "en")).toBe(
      "the distribution of monthly_rent (rows counted in ranges)",
    );
  });
});

describe("a number said by a whole number of few values groups by it", () => {
  it("'total fees by tenure' is the total for each tenure value, with the scatter named as the other reading", async () => {
    const reply = await askTurns(members, "total fees by tenure");
    const tenures = new Set(memberRows.map((r) => r[1]));
    expect(reply.plan?.intent).toBe("aggregate");
    expect(reply.plan?.groupBy[0]?.field).toBe("tenure");
    expect(tableOf(reply).length).toBe(tenures.size);
    const first = [...tenures].map(Number).sort((x, y) => x - y)[0];
    const want = memberRows.filter((r) => Number(r[1]) === first).reduce((s, r) => s + Number(r[3]), 0);
    const row = tableOf(reply).find((r) => r.tenure === first);
    expect(Number(Object.values(row ?? {})[1])).toBeCloseTo(want, 2);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/could also mean: total_fees vs tenure/);
  });
  it("a chart or relation word keeps the scatter ('scatter of fee by age')", async () => {
    const reply = await askTurns(members, "scatter of fee by age");
    expect(reply.plan?.intent).toBe("relationship");
  });
});

describe("the most common value of a number of few values is its mode, not a histogram's range", () => {
  it("'what is the most frequent staff count' names the staff number most shops have", async () => {
    const counts = new Map<number, number>();
    for (const r of shopRows) counts.set(num(r, "staff"), (counts.get(num(r, "staff")) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const modes = [...counts].filter(([, n]) => n === top).map(([v]) => v);
    const reply = await askTurns(shops, "what is the most common staff number?");
    expect(reply.plan?.intent).toBe("aggregate");
    expect(modes).toContain(Number(tableOf(reply)[0]?.staff));
  });
  it("'which year saw the most shops open' counts the shops of each year", async () => {
    const counts = new Map<string, number>();
    for (const r of shopRows) counts.set(r[col("opened")], (counts.get(r[col("opened")]) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const years = [...counts].filter(([, n]) => n === top).map(([y]) => Number(y));
    // (The data set's name says what its rows are: "shops".)
    const reply = await answerChat({ table: shops, datasetName: "shops", messages: [{ role: "user", content: "which year saw the most shops open?" }] });
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy[0]?.field).toBe("opened");
    const head = reply.messages[0].content.split(". ")[0];
    for (const y of years) expect(head).toContain(String(y));
  });
});

describe("a yes/no field named by its event's past form is said by the event's noun in -ation / -ion", () => {
  const rows: string[][] = [];
  for (let i = 0; i < 60; i++) rows.push([`C${i}`, ["Basic", "Plus"][i % 2], i % 3 === 0 || i % 4 === 1 ? "Yes" : "No", i % 5 === 0 ? "Yes" : "No"]);
  const contracts = tableFromRows(["contract_id", "tier", "terminated", "cancelled"], rows);
  const rate = (field: number, tier: string) => {
    const of = rows.filter((r) => r[1] === tier);
    return (100 * of.filter((r) => r[field] === "Yes").length) / of.length;
  };
  it("'termination rate by tier' is the rate of terminated = Yes in each tier", async () => {
    const reply = await askTurns(contracts, "termination rate by tier");
    const basic = tableOf(reply).find((r) => r.tier === "Basic");
    expect(Number(Object.values(basic ?? {})[1])).toBeCloseTo(rate(2, "Basic"), 3);
  });
  it("'how many cancellations were there' counts cancelled = Yes", async () => {
    const reply = await askTurns(contracts, "how many cancellations were there");
    expect(Object.values(tableOf(reply)[0] ?? {})[0]).toBe(rows.filter((r) => r[3] === "Yes").length);
  });
});
