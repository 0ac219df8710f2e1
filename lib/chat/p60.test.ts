// chat-p60: exports whose field names glue abbreviations of several words (lib/chat/testing/probe60). Each
// general fix is tested on made-up rows, with other names and wordings than the probe's.
import { describe, expect, it } from "vitest";
import { askTurns, labelledNumbers, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const textOf = (r: { messages: { content: string }[] }) => r.messages.map((m) => m.content).join(" ");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

const ctrl = ["Public", "Private"];
const campusRows = Array.from({ length: 24 }, (_, i) => [
  `U${i}`,
  ctrl[i % 2],
  String(12 + ((i * 7) % 23)),
  String(1000 + ((i * 3371) % 9000)),
  String(20 + ((i * 13) % 70)),
  String(5 + ((i * 11) % 60)),
]);
const campuses = tableFromRows(["UNITID", "CTRLTYPE", "AVGCLSSZ", "TOTREVAMT", "NUMFAC", "PCTINTLSTU"], campusRows);
const col = (k: number, rows = campusRows) => rows.map((r) => Number(r[k]));

describe("a glued name said word by word", () => {
  it("'mean class size per control type' is AVGCLSSZ by CTRLTYPE, and says how it read the name", async () => {
    const reply = await askTurns(campuses, "mean class size per control type");
    const got = labelledNumbers(reply, "CTRLTYPE");
    expect(got.get("Private")).toBeCloseTo(
      mean(
        col(
          2,
          campusRows.filter((r) => r[1] === "Private"),
        ),
      ),
      3,
    );
    expect(textOf(reply)).toContain('"class size" as AVGCLSSZ');
  });
  it("'the typical percent of international students' averages PCTINTLSTU", async () => {
    const reply = await askTurns(campuses, "what is the typical percent of international students?");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(col(5)), 3);
  });
  it("'average number of faculty' averages NUMFAC", async () => {
    const reply = await askTurns(campuses, "average number of faculty");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(col(4)), 3);
  });
});

describe("a total piece: summed when only 'total' is asked, kept in the name when another statistic is", () => {
  it("'total revenue by control type' sums TOTREVAMT", async () => {
    const got = labelledNumbers(await askTurns(campuses, "total revenue by control type"), "CTRLTYPE");
    const pub = campusRows.filter((r) => r[1] === "Public").reduce((s, r) => s + Number(r[3]), 0);
    expect(got.get("Public")).toBeCloseTo(pub, 3);
  });
  it("'the median total revenue' is the median of TOTREVAMT", async () => {
    const sorted = col(3).sort((a, b) => a - b);
    const want = (sorted[11] + sorted[12]) / 2;
    expect(firstNumber(tableOf(await askTurns(campuses, "what's the median total revenue?"))[0])).toBeCloseTo(want, 3);
  });
});

describe("no ordinary word is read into a glued name", () => {
  it("'average faculty salary' (no salary field) says it cannot find salary", async () => {
    const reply = await askTurns(campuses, "average faculty salary");
    expect(textOf(reply)).toMatch(/could not find "[a-z ]*salary"/);
    expect(tableOf(reply)).toHaveLength(0);
  });
  it("'students' is not the SES of MEANSES", async () => {
    const t = tableFromRows(
      ["SCHID", "MEANSES", "NSTUDENTS"],
      Array.from({ length: 10 }, (_, i) => [`S${i}`, String(i / 10 - 0.5), String(100 + i)]),
    );
    expect(textOf(await askTurns(t, "average students per school"))).not.toContain("as MEANSES");
  });
});

describe("two glued names said alike are both offered", () => {
  it("'average hours worked' over HRSWK and HRSWKD asks which", async () => {
    const t = tableFromRows(
      ["EMPNO", "HRSWK", "HRSWKD"],
      Array.from({ length: 10 }, (_, i) => [`E${i}`, String(30 + i), String(1500 + 10 * i)]),
    );
    const reply = await askTurns(t, "average hours worked");
    const text = textOf(reply);
    expect(text).toContain("HRSWK");
    expect(text).toContain("HRSWKD");
  });
});

describe("a coded value's initials are no words of the question's grammar", () => {
  it("'most common discharge type' is the mode of DISCHTYP, not the value MCD", async () => {
    const t = tableFromRows(
      ["STAYID", "DISCHTYP", "PAYERCD"],
      Array.from({ length: 12 }, (_, i) => [`P${i}`, i % 3 === 0 ? "Rehab" : "Home", ["MCD", "MCR", "PVT"][i % 3]]),
    );
    const rows = tableOf(await askTurns(t, "most common discharge type"));
    expect(JSON.stringify(rows[0])).toContain("Home");
  });
});

describe("a glued count or total adds up, and a trailing 'on average' is its aggregate", () => {
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  it("'how many faculty are there altogether' sums NUMFAC", async () => {
    expect(firstNumber(tableOf(await askTurns(campuses, "how many faculty are there altogether?"))[0])).toBe(sum(col(4)));
  });
  it("'how many faculty does a campus have on average' averages NUMFAC", async () => {
    const reply = await askTurns(campuses, "how many faculty does a campus have on average?");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(col(4)), 3);
  });
  it("'avg class size' leaves 'avg' to the grammar: the average, no default-aggregate note", async () => {
    const reply = await askTurns(campuses, "avg class size");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(col(2)), 3);
    expect(textOf(reply)).not.toContain("did not say how to combine");
  });
});

describe("an acronym before a time unit: 'length of stay' is LOS_days", () => {
  it("'mean length of stay by ward' averages LOS_days per ward", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`A${i}`, String(1 + ((i * 5) % 13)), ["North", "South"][i % 2]]);
    const t = tableFromRows(["stay_id", "LOS_days", "ward"], rows);
    const got = labelledNumbers(await askTurns(t, "mean length of stay by ward"), "ward");
    expect(got.get("South")).toBeCloseTo(mean(rows.filter((r) => r[2] === "South").map((r) => Number(r[1]))), 3);
  });
  it("'hours a week over 40' compares HRSWK-like hours with 40, not 2400 minutes", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [`E${i}`, String(30 + i * 2)]);
    const t = tableFromRows(["EMPNO", "HRSWK"], rows);
    const reply = await askTurns(t, "how many people work more than 40 hours a week?");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => Number(r[1]) > 40).length);
  });
});
