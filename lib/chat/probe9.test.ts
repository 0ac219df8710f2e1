// Probe9 (issue 12): share, negation, "or", top-N, values without their field, follow-ups on tables of
// our own (lib/chat/testing/probe9). Expected numbers from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ChatReply } from "./index";
import { readCsvTableAndRows } from "./testing/load-csv";
import { askTurns } from "./testing/ask";

const dir = path.join(__dirname, "testing", "probe9");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const loans = read("loans.csv");
const listings = read("listings.csv");
const clinic = read("clinic.csv");

const ask = askTurns;

const oneNumber = (reply: ChatReply) => {
  const row = reply.messages.find((m) => m.table)?.table?.[0] ?? {};
  return Number(Object.entries(row).find(([k]) => k !== "rows")?.[1]);
};

describe("one-letter values right after their field's name", () => {
  it("'grade F or G' is both grades (not 'gradef' read as a typo of grade)", async () => {
    const reply = await ask(loans.table, "how many loans are grade F or G");
    expect(reply.plan?.filters).toEqual([{ field: "grade", op: "in", values: ["F", "G"] }]);
    expect(oneNumber(reply)).toBe(loans.rows.filter((r) => r.grade === "F" || r.grade === "G").length);
  });
  it("'grade A' typed as a capital is the value A, not the article", async () => {
    const reply = await ask(loans.table, "count of grade A loans");
    expect(reply.plan?.filters).toEqual([{ field: "grade", op: "eq", values: ["A"] }]);
    expect(oneNumber(reply)).toBe(loans.rows.filter((r) => r.grade === "A").length);
  });
});

describe("shares", () => {
  it("'entire homes' is the value 'Entire home/apt' (a value's slash alternatives are said with the first)", async () => {
    const reply = await ask(listings.table, "what share of listings are entire homes");
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", condition: { field: "room_type", op: "eq", values: ["Entire home/apt"] } });
    const want = (100 * listings.rows.filter((r) => r.room_type === "Entire home/apt").length) / listings.rows.length;
    expect(oneNumber(reply)).toBeCloseTo(want, 2);
  });
  it("a share of every row with no condition (always 100%) is not answered: the unknown words are named", async () => {
    const reply = await ask(listings.table, "what share of listings are luxury homes");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain("luxury");
    expect(reply.messages.some((m) => m.table)).toBe(false);
  });
});

describe("the noun of a per-row id field names the rows", () => {
  it("'what share of visits were insured' (visit_id, visit_date, visit_cost) is one share over all visits", async () => {
    const reply = await ask(clinic.table, "what share of visits were insured");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.measure).toMatchObject({ agg: "rate", condition: { field: "insured", values: ["yes"] } });
    const want = (100 * clinic.rows.filter((r) => r.insured === "yes").length) / clinic.rows.length;
    expect(oneNumber(reply)).toBeCloseTo(want, 2);
  });
});

describe("no grouping by a field restricted to one value unless asked for", () => {
  it("'what share of loans defaulted' / 'and among grade A?' is one rate over grade A", async () => {
    const reply = await ask(loans.table, "what share of loans defaulted", "and among grade A?");
    expect(reply.plan?.groupBy).toEqual([]);
    expect(reply.plan?.filters).toEqual([{ field: "grade", op: "eq", values: ["A"] }]);
    const a = loans.rows.filter((r) => r.grade === "A");
    expect(oneNumber(reply)).toBeCloseTo((100 * a.filter((r) => r.defaulted === "yes").length) / a.length, 2);
  });
  it("'by grade for grade A' keeps the grouping said with 'by'", async () => {
    const reply = await ask(loans.table, "average loan amount by grade for grade A");
    expect(reply.plan?.groupBy).toEqual([{ field: "grade", bucket: null }]);
  });
});

describe("a field name of one content word is named by that word", () => {
  it("'mean interest by grade' is the mean of interest_rate ('rate' is a grammar word)", async () => {
    const reply = await ask(loans.table, "mean interest by grade");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "interest_rate" });
    expect(reply.plan?.groupBy).toEqual([{ field: "grade", bucket: null }]);
  });
});

describe("a yes/no field named by an adjective, negated by its prefix", () => {
  it("'how many uninsured visits' counts insured = no", async () => {
    const reply = await ask(clinic.table, "how many uninsured visits");
    expect(reply.plan?.filters).toEqual([{ field: "insured", op: "eq", values: ["no"] }]);
    expect(oneNumber(reply)).toBe(clinic.rows.filter((r) => r.insured === "no").length);
  });
});

describe("a short value of a few-valued field said as the people who do it", () => {
  it("'average loan amount for renters' is home_ownership RENT", async () => {
    const reply = await ask(loans.table, "average loan amount for renters");
    expect(reply.plan?.filters).toEqual([{ field: "home_ownership", op: "eq", values: ["RENT"] }]);
    const rent = loans.rows.filter((r) => r.home_ownership === "RENT").map((r) => Number(r.loan_amount));
    expect(oneNumber(reply)).toBeCloseTo(rent.reduce((x, y) => x + y, 0) / rent.length, 2);
  });
});
