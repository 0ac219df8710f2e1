// chat-fix10: two conversation misreadings a browser walk found (issue 12). A turn that is a question
// of its own (its own rate and grouping) starts a new plan while elliptical turns still edit the
// previous one; a word after an aggregate word that is no field is "no such field", never a typo of a
// person's first name, and a failed turn leaves no filter behind. Expected numbers come from the CSV
// rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsvTableAndRows } from "./testing/load-csv";
import { askTurns } from "./testing/ask";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const telco = read("telco-slice.csv");
const store = read("superstore-slice.csv");

const ask = askTurns;

const churnRate = { agg: "rate", field: "Churn", value: "Yes", condition: { field: "Churn", op: "eq", values: ["Yes"] } };

describe("a turn naming a rate and a grouping of its own is a new question", () => {
  it.each([
    ["What is the average tenure by MultipleLines?", "churn rate by contract", "Contract"],
    ["average tenure by gender", "churn rate by contract", "Contract"],
    ["average total charges by payment method", "churn rate by senior citizen", "SeniorCitizen"],
    ["average tenure by MultipleLines", "churn rate by dependents", "Dependents"],
    ["mean monthly charges by contract", "churn rate by partner", "Partner"],
    ["churn rate by contract", "churn rate by payment method", "PaymentMethod"],
  ])("%s | %s", async (first, second, group) => {
    const reply = await ask(telco.table, first, second);
    expect(reply.plan?.measure).toEqual(churnRate);
    expect(reply.plan?.groupBy).toEqual([{ field: group, bucket: null }]);
    expect(reply.plan?.filters).toEqual([]);
  });
  it("the rate is over every row of the group", async () => {
    const reply = await ask(telco.table, "average tenure by gender", "churn rate by contract");
    const rows = telco.rows.filter((r) => r.Contract === "Month-to-month");
    const want = (100 * rows.filter((r) => r.Churn === "Yes").length) / rows.length;
    expect(reply.messages[1].table?.find((r) => r.Contract === "Month-to-month")?.['% of rows where Churn is "Yes"']).toBeCloseTo(want, 3);
  });
  it("a later count carries no filter of the earlier misreading", async () => {
    const reply = await ask(telco.table, "average tenure by gender", "churn rate by contract", "how many customers");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.measure.agg).toBe("count");
  });
});

describe("elliptical turns still edit the previous plan", () => {
  it("and by gender?", async () => {
    const reply = await ask(telco.table, "churn rate by contract", "and by gender?");
    expect(reply.plan?.measure).toEqual(churnRate);
    expect(reply.plan?.groupBy.map((g) => g.field)).toContain("gender");
  });
  it("what about women", async () => {
    const reply = await ask(telco.table, "churn rate by contract", "what about women");
    expect(reply.plan?.measure).toEqual(churnRate);
    expect(reply.plan?.groupBy).toEqual([{ field: "Contract", bucket: null }]);
    expect(reply.plan?.filters).toEqual([{ field: "gender", op: "eq", values: ["Female"] }]);
  });
});

describe("a word after an aggregate word that is no field is no typo of a person's first name", () => {
  it("average charges: no such field, no filter on a customer", async () => {
    const reply = await ask(store.table, "average charges");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toContain('"charges"');
    expect(reply.messages[0].content).not.toContain("Charles");
  });
  it("the first name typed as it is still names the customer", async () => {
    const reply = await ask(store.table, "how many orders did charles place");
    expect(reply.plan?.filters).toEqual([{ field: "Customer Name", op: "eq", values: ["Charles McCrossin"] }]);
  });
  it("profit by month after it: over all the rows, by month", async () => {
    const reply = await ask(store.table, "average charges", "profit by month");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.groupBy).toEqual([{ field: "Order Date", bucket: "month" }]);
  });
  it("a failed turn's filter is not carried into the next turn", async () => {
    const reply = await ask(store.table, "average charges in the west", "profit by segment");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.groupBy).toEqual([{ field: "Segment", bucket: null }]);
    const consumer = store.rows.filter((r) => r.Segment === "Consumer");
    const row = reply.messages[1].table?.find((r) => r.Segment === "Consumer");
    expect(row?.rows).toBe(consumer.length);
  });
  it.each(["how many orders", "and profit?"])("average charges in the west | %s: not for the west", async (q) => {
    const reply = await ask(store.table, "average charges in the west", q);
    expect(reply.plan?.filters).toEqual([]);
  });
  it("nor its aggregate word left without a field", async () => {
    const reply = await ask(store.table, "average charges in the west", "total sales");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(reply.plan?.filters).toEqual([]);
  });
});

describe("a time grain said in a follow-up groups by time", () => {
  it("profit by month after a count for one customer: by month, the customer kept", async () => {
    const reply = await ask(store.table, "how many orders did Charles McCrossin place", "profit by month");
    expect(reply.plan?.measure.field).toBe("Profit");
    expect(reply.plan?.groupBy).toEqual([{ field: "Order Date", bucket: "month" }]);
    expect(reply.plan?.filters).toEqual([{ field: "Customer Name", op: "eq", values: ["Charles McCrossin"] }]);
  });
});
