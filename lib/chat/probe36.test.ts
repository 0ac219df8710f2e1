// chat-p36: follow-ups as people type them (lib/chat/testing/probe36), each fixed by its general cause and tested
// here with other wordings than the probe's. Expected numbers come from the CSV rows with plain loops, never from
// the engine.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { readCsvTableAndRows } from "./testing/load-csv";

const dir = path.join(__dirname, "testing", "probe36");
const read = (file: string) => readCsvTableAndRows(path.join(dir, file));
const mortality = read("usmortality.csv");
const pheno = read("phenobarb.csv");
const michelson = read("michelson.csv");

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const num = (v: unknown) => Number(v);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const groupMeans = (rows: Record<string, string>[], key: string, value: string) => {
  const by = new Map<string, number[]>();
  for (const r of rows) if (r[value] !== "NA") by.set(r[key], [...(by.get(r[key]) ?? []), num(r[value])]);
  return new Map([...by].map(([k, xs]) => [k, mean(xs)]));
};

describe("'only the ones above N' after a grouped answer is a condition on each group's value", () => {
  it("'just those above 40' after an average by cause keeps the causes whose average passes", async () => {
    const reply = await askTurns(mortality.table, "average rate by cause for women", "just those above 40");
    const women = mortality.rows.filter((r) => r.Sex === "Female");
    const want = [...groupMeans(women, "Cause", "Rate")].filter(([, v]) => v > 40);
    expect(reply.plan?.having).toEqual({ measure: { agg: "mean", field: "Rate" }, op: "gt", values: [40] });
    expect(reply.plan?.filters).toEqual([{ field: "Sex", op: "eq", values: ["Female"] }]);
    expect(
      tableOf(reply)
        .map((r) => r.Cause)
        .sort(),
    ).toEqual(want.map(([k]) => k).sort());
    expect(reply.assumptions?.join(" ")).toContain("above 40");
  });
  it("a number no field takes is not put on a guessed field (Subject) of the rows", async () => {
    const reply = await askTurns(pheno.table, "average concentration by apgar", "only the ones below 24");
    const want = [...groupMeans(pheno.rows, "Apgar", "conc")].filter(([, v]) => v < 24);
    expect(reply.plan?.filters).toEqual([]);
    expect(tableOf(reply).length).toBe(want.length);
  });
  it("a field named with the number stays a filter on the rows", async () => {
    const reply = await askTurns(michelson.table, "average speed by experiment", "only the ones with speed above 900");
    expect(reply.plan?.having).toBeUndefined();
    expect(reply.plan?.filters).toEqual([{ field: "Speed", op: "gt", values: [900] }]);
  });
});

describe("a comparative adjective alone turns the earlier comparison on its field", () => {
  it("'and the heavier ones?' after 'lighter than 1 kg' is Wt at least 1, the measure kept", async () => {
    const reply = await askTurns(pheno.table, "maximum concentration for babies lighter than 1 kg", "and the heavier ones?");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "conc" });
    expect(reply.plan?.filters).toEqual([{ field: "Wt", op: "gte", values: [1] }]);
    const want = Math.max(...pheno.rows.filter((r) => num(r.Wt) >= 1 && r.conc !== "NA").map((r) => num(r.conc)));
    expect(firstNumber(tableOf(reply)[0])).toBe(want);
    expect(reply.messages[0].content).toContain("Wt is at least 1");
  });
  it("'what about faster ones' after 'speed below 800' is Speed at least 800", async () => {
    const reply = await askTurns(michelson.table, "how many runs had a speed below 800", "what about faster ones");
    expect(reply.plan?.filters).toEqual([{ field: "Speed", op: "gte", values: [800] }]);
    expect(firstNumber(tableOf(reply)[0])).toBe(michelson.rows.filter((r) => num(r.Speed) >= 800).length);
  });
});

describe("'why?' / 'what does that mean?' after an answer: no new number, what the table can and cannot say", () => {
  it("'ok but why is that?' after a ranking says the data cannot tell why and repeats what was shown", async () => {
    const reply = await askTurns(michelson.table, "which experiment has the highest average speed", "ok but why is that?");
    expect(reply.plan).toBeNull();
    expect(reply.messages.every((m) => m.table === null && m.figures.length === 0)).toBe(true);
    expect(reply.messages[0].content).toMatch(/cannot tell why/);
    expect(reply.messages[0].content).toContain("Speed");
    expect(reply.messages[0].content).not.toContain("for context");
  });
  it("'how did you get that?' after a filtered number restates the filter and the rows it ran over", async () => {
    const reply = await askTurns(mortality.table, "average rate of suicide for women", "how did you get that?");
    expect(reply.plan).toBeNull();
    const n = mortality.rows.filter((r) => r.Cause === "Suicide" && r.Sex === "Female").length;
    expect(reply.messages[0].content).toContain(`${n} of ${mortality.rows.length} rows`);
    expect(reply.messages[0].content).toContain("Suicide");
  });
  it("a question that goes on after 'why' is read as a question, and 'why?' asked first is not an explanation", async () => {
    const reply = await askTurns(mortality.table, "average rate by sex", "why do men have a higher rate for suicide");
    expect(reply.messages[0].content).not.toMatch(/cannot tell why/);
    const first = await askTurns(mortality.table, "why?");
    expect(first.messages[0].content).not.toMatch(/cannot tell why/);
  });
});

const cushings = read("cushings.csv");
const geyser = read("geyser.csv");

describe("a new question after a filtered answer does not keep the filter silently", () => {
  it("'what is the highest tetrahydrocortisone' after a type c average: the maximum, the kept filter said", async () => {
    const reply = await askTurns(cushings.table, "average pregnanetriol for type c", "what is the highest tetrahydrocortisone");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "Tetrahydrocortisone" });
    const kept = reply.plan?.filters ?? [];
    const rows = kept.length ? cushings.rows.filter((r) => r.Type === "c") : cushings.rows;
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.max(...rows.map((r) => num(r.Tetrahydrocortisone))));
    if (kept.length) expect(reply.assumptions?.join(" ")).toMatch(/kept the earlier question's filter \(Type is "c"\)/);
  });
  it("'in the data' drops the earlier filter", async () => {
    const reply = await askTurns(geyser.table, "average waiting time for eruptions with a duration over 4", "what is the shortest waiting time in the data?");
    expect(reply.plan?.filters).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.min(...geyser.rows.map((r) => num(r.waiting))));
  });
  it("'are there' only says something exists: 'how many runs are there' is no average of Run for experiment 2", async () => {
    const reply = await askTurns(michelson.table, "average speed in experiment 2", "how many runs are there");
    expect(reply.plan?.filters).toEqual([]);
    // (A count of the rows or of the different runs — probe35's reading of a number label — but no average.)
    expect(["count", "distinct"]).toContain(reply.plan?.measure.agg);
  });
  it("a follow-up word keeps the filter without a note ('and the highest speed?')", async () => {
    const reply = await askTurns(michelson.table, "average speed in experiment 2", "and the highest speed?");
    expect(reply.plan?.filters).toEqual([{ field: "Expt", op: "eq", values: [2] }]);
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/kept the earlier/);
  });
});

describe("a lower-case 'a' right after its field's name, where no noun follows, is the value", () => {
  it("'just type a' after a one-number answer filters Type = a", async () => {
    const reply = await askTurns(cushings.table, "average tetrahydrocortisone", "just type a");
    expect(reply.plan?.filters).toEqual([{ field: "Type", op: "eq", values: ["a"] }]);
    expect(reply.plan?.groupBy).toEqual([]);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(cushings.rows.filter((r) => r.Type === "a").map((r) => num(r.Tetrahydrocortisone))), 4);
  });
  it("'type a patients' (a plural after it) is the value too", async () => {
    const reply = await askTurns(cushings.table, "how many type a patients have pregnanetriol above 1");
    expect(reply.plan?.filters).toContainEqual({ field: "Type", op: "eq", values: ["a"] });
  });
});

describe("corrections and the other end of a follow-up", () => {
  it("'I meant the median' after a grouped average changes the aggregate, the grouping kept", async () => {
    const reply = await askTurns(michelson.table, "average speed by experiment", "sorry, I meant the median");
    expect(reply.plan?.measure).toEqual({ agg: "median", field: "Speed" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Expt"]);
  });
  it("'and the highest?' after a one-number minimum is the maximum", async () => {
    const reply = await askTurns(geyser.table, "minimum duration", "and the highest?");
    expect(reply.plan?.measure).toEqual({ agg: "max", field: "duration" });
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.max(...geyser.rows.map((r) => num(r.duration))));
  });
  it("'compare that with female' after a one-value average puts both values side by side", async () => {
    const reply = await askTurns(mortality.table, "average rate for men", "compare that with women");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Sex"]);
    const got = new Map(tableOf(reply).map((r) => [r.Sex, firstNumber(r)]));
    for (const sex of ["Male", "Female"]) expect(got.get(sex)).toBeCloseTo(mean(mortality.rows.filter((r) => r.Sex === sex).map((r) => num(r.Rate))), 4);
  });
});

describe("'compare that with ...' after a grouped answer adds a measure beside the first; 'as a line' draws one", () => {
  it("'compare it with the maximum' after an average by type: both per type", async () => {
    const reply = await askTurns(cushings.table, "average pregnanetriol by type", "compare it with the maximum");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Pregnanetriol" });
    expect(reply.plan?.extraMeasures).toEqual([{ agg: "max", field: "Pregnanetriol" }]);
    const row = tableOf(reply).find((r) => r.Type === "c")!;
    const c = cushings.rows.filter((r) => r.Type === "c").map((r) => num(r.Pregnanetriol));
    expect(Object.values(row)).toContain(Math.max(...c));
  });
  it("'compared with tetrahydrocortisone' after an average by type: the same average of the other number", async () => {
    const reply = await askTurns(cushings.table, "average pregnanetriol by type", "how does that compare with tetrahydrocortisone");
    expect(reply.plan?.extraMeasures).toEqual([{ agg: "mean", field: "Tetrahydrocortisone" }]);
    expect(reply.plan?.intent).toBe("aggregate");
  });
  it("'as a line chart' over a grouping that is no time draws a line, the numbers kept", async () => {
    const reply = await askTurns(michelson.table, "average speed by run", "as a line chart please");
    expect(reply.plan?.chart).toBe("line");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Run"]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Speed" });
  });
});

describe("'sorted' after one number lists the rows behind it, sorted by its number", () => {
  it("'sorted please' after the average duration of long waits lists those eruptions, longest first", async () => {
    const reply = await askTurns(geyser.table, "average duration for waiting times above 100", "sorted please");
    expect(reply.plan?.intent).toBe("rows");
    expect(reply.plan?.filters).toEqual([{ field: "waiting", op: "gt", values: [100] }]);
    const want = geyser.rows
      .filter((r) => num(r.waiting) > 100)
      .map((r) => num(r.duration))
      .sort((x, y) => y - x);
    expect(tableOf(reply).map((r) => r.duration)).toEqual(want);
    expect(reply.assumptions?.join(" ") ?? "").not.toMatch(/did not say how to combine/);
  });
});
