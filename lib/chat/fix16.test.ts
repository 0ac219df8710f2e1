// chat-fix16: leftovers of rounds 11-14 (issue 12). Expected numbers come from the CSV rows with
// plain loops, never from the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const cereal = read("probe14/UScereal.csv");

describe("a plural naming the rows of a table whose rows each have a name, ranked", () => {
  const ranked = (field: string, desc: boolean, n: number) =>
    [...cereal.rows]
      .sort((x, y) => (desc ? Number(y[field]) - Number(x[field]) : Number(x[field]) - Number(y[field])))
      .slice(0, n)
      .map((r) => r.name);
  it.each([
    ["top 4 cereals with the most calories", "calories", true, 4],
    ["what are the top 4 cereals by calories", "calories", true, 4],
    ["the 3 lowest cereals by sugars", "sugars", false, 3],
  ] as const)("%s", async (q, field, desc, n) => {
    const reply = await askTurns(cereal.table, q);
    expect(reply.plan).not.toBeNull();
    const names = (reply.messages[1]?.table ?? []).map((r) => r.name ?? r[Object.keys(r)[0]]);
    expect(names).toEqual(ranked(field, desc, n));
    expect(reply.messages[0].content).toContain('"cereals"');
    expect(reply.messages[0].content).not.toContain('I did not use "cereals"');
  });
  it("a count of the rows by another field still counts them", async () => {
    const reply = await askTurns(cereal.table, "how many cereals are there for each mfr");
    expect(reply.plan?.measure.agg).toBe("count");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["mfr"]);
  });
});

const clinic = read("probe9/clinic.csv");

describe("a duration said in words against a field of minutes", () => {
  const waits = clinic.rows.map((r) => Number(r.wait_minutes));
  it("more than an hour is more than 60 minutes, stated", async () => {
    const reply = await askTurns(clinic.table, "what fraction of visits waited more than an hour");
    const pct = (100 * waits.filter((w) => w > 60).length) / waits.length;
    expect(reply.messages[0].content).toContain(`${pct.toFixed(1)}%`);
    expect(reply.messages[0].content).toContain('"an hour" to 60');
  });
  it("less than half an hour is less than 30 minutes", async () => {
    const reply = await askTurns(clinic.table, "how many visits waited less than half an hour");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "wait_minutes", op: "lt", values: [30] })]);
    expect(reply.messages[0].content).toContain(`is ${waits.filter((w) => w < 30).length}.`);
  });
});

const store = read("superstore-slice.csv");
const telco = read("telco-slice.csv");

describe("a follow-up with its own grouping does not keep the earlier top N", () => {
  const regions = new Map<string, number>();
  for (const r of store.rows) regions.set(r.Region, (regions.get(r.Region) ?? 0) + Number(r.Sales));
  it.each(["sales by region as a pie", "now by region"])("top 3 states by total sales | %s", async (second) => {
    const reply = await askTurns(store.table, "top 3 states by total sales", second);
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);
    expect(reply.plan?.limit).toBeNull();
    expect(reply.messages[1]?.table?.length).toBe(regions.size);
    expect(reply.messages[0].content).toContain("top 3 of the earlier question");
  });
  it("a follow-up naming only another number keeps the top N", async () => {
    const reply = await askTurns(store.table, "top 3 states by total sales", "what about profit?");
    expect(reply.plan?.limit).toBe(3);
  });
});

describe("a distribution asked after a filtered number says the filter it dropped", () => {
  it("average tenure for women | show the distribution of tenure", async () => {
    const reply = await askTurns(telco.table, "average tenure for women", "show the distribution of tenure");
    expect(reply.plan?.intent).toBe("distribution");
    const filtered = reply.plan?.filters.some((f) => f.field === "gender");
    if (!filtered) expect(reply.messages[0].content).toContain('gender is "Female"');
  });
});

describe("one-letter result codes said as words", () => {
  const matches = read("probe7/matches.csv");
  it("what percentage of matches ended in a draw? (result = D)", async () => {
    const reply = await askTurns(matches.table, "what percentage of matches ended in a draw?");
    const pct = (100 * matches.rows.filter((r) => r.result === "D").length) / matches.rows.length;
    expect(reply.messages[0].content).toContain(`${pct.toFixed(1)}%`);
  });
  it("how many home wins? (result = H)", async () => {
    const reply = await askTurns(matches.table, "how many home wins?");
    expect(reply.messages[0].content).toContain(`is ${matches.rows.filter((r) => r.result === "H").length}.`);
  });
  it("left-handed players over two hand fields: the question names both fields back", async () => {
    const wta = read("probe11/wta_matches.csv");
    const reply = await askTurns(wta.table, "what share of matches were won by left-handed players");
    expect(reply.messages[0].content).toMatch(/left.handed.*winner_hand/i);
  });
});

describe("a superlative of one row's number by group is each group's largest row", () => {
  const maxBy = (rows: Record<string, string>[], group: string, field: string) => {
    const out = new Map<string, number>();
    for (const r of rows) out.set(r[group], Math.max(out.get(r[group]) ?? Number.NEGATIVE_INFINITY, Number(r[field])));
    return [...out].sort((x, y) => y[1] - x[1])[0];
  };
  it("which device recorded the highest co2 reading?", async () => {
    const iot = read("probe7/iot_log.csv");
    const reply = await askTurns(iot.table, "which device recorded the highest co2 reading?");
    const [device, value] = maxBy(iot.rows, "device_id", "co2_ppm");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "co2_ppm" });
    expect(reply.messages[0].content).toContain(`${device} has the highest`);
    expect(reply.messages[0].content).toContain(value.toLocaleString("en-US"));
  });
  it("which region had the biggest single sale?", async () => {
    const reply = await askTurns(store.table, "which region had the biggest single sale?");
    const [region] = maxBy(store.rows, "Region", "Sales");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "Sales" });
    expect(reply.messages[0].content).toContain(`${region} has the highest`);
  });
  it("which region made the least profit stays each region's total", async () => {
    const reply = await askTurns(store.table, "which region made the least profit");
    expect(reply.plan?.measure.agg).toBe("sum");
  });
});

describe("a rate named by a noun the data lacks, over a table whose yes/no outcome is named y", () => {
  const bank = read("probe8/bank.csv");
  const pct = (rows: Record<string, string>[]) => ((100 * rows.filter((r) => r.y === "yes").length) / rows.length).toFixed(1);
  it("what is the subscription rate?", async () => {
    const reply = await askTurns(bank.table, "what is the subscription rate?");
    expect(reply.messages[0].content).toContain(`${pct(bank.rows)}%`);
    expect(reply.messages[0].content).toContain('"subscription" as y');
  });
  it("subscription rate for retired clients", async () => {
    const reply = await askTurns(bank.table, "subscription rate for retired clients");
    expect(reply.messages[0].content).toContain(`${pct(bank.rows.filter((r) => r.job === "retired"))}%`);
  });
});

describe("a people word the table cannot filter on is named as not used", () => {
  const gym = read("probe12/gym_members.csv");
  const bank = read("probe8/bank.csv");
  it("count by plan | only the students", async () => {
    const reply = await askTurns(gym.table, "count by plan", "only the students");
    expect(reply.messages[0].content).toContain('"students"');
  });
  it("a value that reads it still filters: average balance, only the students (job = student)", async () => {
    const reply = await askTurns(bank.table, "average balance, only the students");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "job", values: ["student"] })]);
  });
});

describe("a follow-up right after a 'no such field' answer says which question it built on", () => {
  it("total sales by region | average blorfs by region | only in 2017", async () => {
    const reply = await askTurns(store.table, "total sales by region", "average blorfs by region", "only in 2017");
    expect(reply.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(reply.messages[0].content).toContain('could not read "blorfs" in the previous question');
  });
  it("without a question not understood in between, no such note", async () => {
    const reply = await askTurns(store.table, "total sales by region", "only in 2017");
    expect(reply.messages[0].content).not.toContain("previous question");
  });
});
