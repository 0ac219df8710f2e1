// chat-walk28: what a browser walk over superstore found, each fixed by its general cause and tested here on
// other tables and wordings. Expected numbers come from the CSV rows with plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const midwest = read("probe14/midwest.csv");
const loans = read("probe12/library_loans.csv");
const gym = read("probe12/gym_members.csv");

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("a plain 'total X by Y' with both fields named is answered without a doubt, however many groups", () => {
  it("'total poptotal by county' (320 counties) sums per county and states no other reading", async () => {
    const reply = await askTurns(midwest.table, "total poptotal by county");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "poptotal" });
    expect(reply.plan?.groupBy).toEqual([{ field: "county", bucket: null }]);
    const cook = midwest.rows.filter((r) => r.county === "COOK").reduce((s, r) => s + Number(r.poptotal), 0);
    const row = tableOf(reply).find((r) => r.county === "COOK");
    expect(Number(Object.values(row ?? {}).find((v) => typeof v === "number"))).toBeCloseTo(cook, 3);
    expect(reply.messages[0].content).not.toMatch(/not sure|could also mean/);
  });
});

describe("a follow-up naming its own number, grain and time field is a new question", () => {
  it("'monthly late_fee over checkout_date' after a grouping by branch and genre groups by month only", async () => {
    const reply = await askTurns(loans.table, "average late_fee by branch and genre", "monthly late_fee over checkout_date");
    expect(reply.plan?.groupBy).toEqual([{ field: "checkout_date", bucket: "month" }]);
    const march = loans.rows.filter((r) => r.checkout_date.startsWith("2023-03")).map((r) => Number(r.late_fee));
    const row = tableOf(reply).find((r) => String(Object.values(r)[0]).startsWith("2023-03"));
    const got = Number(Object.values(row ?? {}).find((v) => typeof v === "number"));
    const agg = reply.plan?.measure.agg;
    expect(got).toBeCloseTo(agg === "sum" ? march.reduce((s, x) => s + x, 0) : mean(march), 3);
    // The earlier grouping, not kept, is named as the other reading in the first message.
    expect(reply.messages[0].content).toMatch(/branch and genre/);
  });
});

describe("a grain said with a number after a grouped answer is not ignored", () => {
  it("'monthly late_fee' after 'total late_fee by branch and genre' answers per month, naming the earlier grouping", async () => {
    const reply = await askTurns(loans.table, "total late_fee by branch and genre", "monthly late_fee");
    expect(reply.plan?.groupBy).toEqual([{ field: "checkout_date", bucket: "month" }]);
    const march = loans.rows.filter((r) => r.checkout_date.startsWith("2023-03")).map((r) => Number(r.late_fee));
    const want = reply.plan?.measure.agg === "sum" ? march.reduce((s, x) => s + x, 0) : mean(march);
    const row = tableOf(reply).find((r) => String(Object.values(r)[0]).startsWith("2023-03"));
    expect(Number(Object.values(row ?? {}).find((v) => typeof v === "number"))).toBeCloseTo(want, 3);
    expect(reply.messages[0].content).toMatch(/branch and genre/);
  });
});

describe("a field name of two words the table lacks is said whole, with no unrelated field called close", () => {
  it("'number of members by Postal Code' names \"postal code\" and lists the fields", async () => {
    const reply = await askTurns(gym.table, "number of members by Postal Code");
    expect(reply.plan).toBeNull();
    const text = reply.messages[0].content;
    expect(text).toMatch(/"postal code"/i);
    expect(text).not.toMatch(/closest fields/);
    expect(text).toMatch(/All fields: .*monthly_fee/);
  });
  it("a name close to a field still gets that field named as the closest", async () => {
    const reply = await askTurns(gym.table, "average age by citty area");
    expect(reply.plan).toBeNull();
    expect(reply.messages[0].content).toMatch(/closest fields are: city\./);
  });
});

describe("a period word right after a date field, or after another grouping, is the grain", () => {
  it("'average monthly_fee by join year' averages per year of join_date", async () => {
    const reply = await askTurns(gym.table, "average monthly_fee by join year");
    expect(reply.plan?.groupBy).toEqual([{ field: "join_date", bucket: "year" }]);
    const y2022 = gym.rows.filter((r) => r.join_date.startsWith("2022")).map((r) => Number(r.monthly_fee));
    const row = tableOf(reply).find((r) => String(r.join_date) === "2022");
    expect(Number(Object.values(row ?? {}).find((v) => typeof v === "number"))).toBeCloseTo(mean(y2022), 3);
  });
  it("'total late_fee by branch and year' sums per year and branch", async () => {
    const reply = await askTurns(loans.table, "total late_fee by branch and year");
    expect(reply.plan?.groupBy).toContainEqual({ field: "checkout_date", bucket: "year" });
    const want = loans.rows.filter((r) => r.branch === "Berlin" && r.checkout_date.startsWith("2024")).reduce((s, r) => s + Number(r.late_fee), 0);
    const row = tableOf(reply).find((r) => r.branch === "Berlin" && String(r.checkout_date) === "2024");
    expect(Number(Object.values(row ?? {}).find((v) => typeof v === "number"))).toBeCloseTo(want, 3);
  });
});

describe("'top N <field> by <number>' over a field whose values come back groups by it", () => {
  const orders = read("probe10/shop_orders.csv");
  it("'top 3 customer_id by order_total' ranks each customer's total, not single orders", async () => {
    const reply = await askTurns(orders.table, "top 3 customer_id by order_total");
    const totals = new Map<string, number>();
    for (const r of orders.rows) totals.set(r.customer_id, (totals.get(r.customer_id) ?? 0) + Number(r.order_total));
    const want = [...totals].sort((x, y) => y[1] - x[1]).slice(0, 3);
    const got = tableOf(reply).map((r) => [r.customer_id, Number(Object.values(r).find((v) => typeof v === "number"))]);
    expect(got.map((r) => r[0])).toEqual(want.map((r) => r[0]));
    expect(Number(got[0][1])).toBeCloseTo(want[0][1], 3);
  });
  it("the field said in part ('top 3 customers by order_total') is grouped too, and the reading is said", async () => {
    const reply = await askTurns(orders.table, "top 3 customers by order_total");
    expect(reply.plan?.groupBy).toEqual([{ field: "customer_id", bucket: null }]);
    expect(reply.plan?.limit).toBe(3);
    expect(reply.messages[0].content).toMatch(/I read "customers" as customer_id/);
  });
  it("a field naming each row once still lists the rows ('top 3 order_id by order_total')", async () => {
    const reply = await askTurns(orders.table, "top 3 order_id by order_total");
    expect(reply.plan?.intent).toBe("rows");
  });
});
