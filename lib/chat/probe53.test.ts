// chat-p53: nvBench-style chart requests over new Spider-style tables (lib/chat/testing/probe53), each fixed by its
// general cause and tested here on made-up rows with other wordings than the probe's. Expected numbers come from the
// rows with plain loops, never from the engine.
import { describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { askTurns, labelledNumbers as pairs, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";

/** A small table from rows of strings, and the rows as records for the expected answers. */
function made(header: string[], rows: (string | number)[][]) {
  const text = rows.map((r) => r.map(String));
  return { table: tableFromRows(header, text), rows: text.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

function aggBy(rows: Record<string, string>[], key: string, value: string | null, agg: "count" | "sum" | "min" | "max" | "mean") {
  const lists = new Map<string, number[]>();
  for (const r of rows) lists.set(r[key], [...(lists.get(r[key]) ?? []), value ? Number(r[value]) : 1]);
  const out = new Map<string, number>();
  for (const [k, xs] of lists) {
    const total = xs.reduce((s, x) => s + x, 0);
    out.set(k, agg === "count" ? xs.length : agg === "sum" ? total : agg === "min" ? Math.min(...xs) : agg === "max" ? Math.max(...xs) : total / xs.length);
  }
  return out;
}

const CONFS = ["NeurIPS", "KDD", "iConference", "KDD", "NeurIPS", "NeurIPS", "iConference", "KDD", "NeurIPS", "KDD"];
const talks = made(
  ["talk_id", "conference", "host_city", "attendees"],
  CONFS.map((c, i) => [i + 1, c, ["Oslo", "Lima", "Pune"][i % 3], 40 + ((i * 37) % 90)]),
);

describe("a one-word value with inner capitals is also said as typed", () => {
  it("'NeurIPS' typed as one word names the value", async () => {
    const reply = await askTurns(talks.table, "total attendees at NeurIPS talks");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "conference", values: ["NeurIPS"] })]);
  });
  it("'iconference or kdd' keeps both values", async () => {
    const reply = await askTurns(talks.table, "how many talks were at iconference or kdd?");
    expect(reply.plan?.filters[0]?.values?.slice().sort()).toEqual(["KDD", "iConference"]);
  });
});

describe("'F is A or the F is B': the field named again before the second value keeps one list", () => {
  it("lists the rows of both values", async () => {
    const reply = await askTurns(talks.table, "list talk_id and attendees where the host_city is Oslo or the host_city is Pune");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "host_city" })]);
    expect(reply.plan?.filters[0]?.values?.slice().sort()).toEqual(["Oslo", "Pune"]);
  });
  it("two different fields stay two conditions", async () => {
    const reply = await askTurns(talks.table, "how many talks where the host_city is Oslo and the conference is KDD");
    const fields = (reply.plan?.filters ?? []).map((f) => f.field).sort();
    expect(fields).toEqual(["conference", "host_city"]);
  });
});

const VETS = ["Dr. Amos", "Dr. Bell", "Dr. Amos", "Dr. Cruz", "Dr. Bell", "Dr. Amos", "Dr. Cruz", "Dr. Amos", "Dr. Bell"];
const clinic = made(
  ["visit_id", "Vet_Name", "owner_LName", "owner_city", "fee"],
  VETS.map((v, i) => [100 + i, v, ["Ng", "Roy", "Ng", "Ibe"][i % 4], ["Ayr", "Elk"][i % 2], 20 + ((i * 53) % 70)]),
);

describe("a table named '<thing>_<rows>' (Vet_Visit): the first word names its field's thing, not the rows", () => {
  it("'each vet' groups by Vet_Name", async () => {
    const reply = await answerChat({ table: clinic.table, datasetName: "Vet_Visit", messages: [{ role: "user", content: "how many visits for each vet?" }] });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Vet_Name"]);
    expect(pairs(reply, "Vet_Name")).toEqual(aggBy(clinic.rows, "Vet_Name", null, "count"));
  });
  it("a word of the name that only starts key fields (Film_ID, Market_ID) still names the rows", async () => {
    const est = made(
      ["Estimation_ID", "Low_Estimate", "High_Estimate", "Film_ID", "Market_ID"],
      Array.from({ length: 7 }, (_, i) => [i + 1, 1000 + i * 300, 2000 + ((i * 900) % 4000), 1 + (i % 3), 1 + (i % 2)]),
    );
    const content = "Return the low and high estimates for all film markets in a scatter chart";
    const reply = await answerChat({ table: est.table, datasetName: "film_market_estimation", messages: [{ role: "user", content }] });
    expect(reply.plan?.groupBy).toEqual([]);
  });
});

describe("'owner_LName' is said 'owner last name'", () => {
  it("groups by it", async () => {
    const reply = await askTurns(clinic.table, "total fee by owner last name");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["owner_LName"]);
    expect(pairs(reply, "owner_LName")).toEqual(aggBy(clinic.rows, "owner_LName", "fee", "sum"));
  });
});

const PEAKS: [string, number, string][] = [
  ["Aconcagua", 6961, "Argentina"],
  ["Denali", 6190, "USA"],
  ["Elbrus", 5642, "Russia"],
];
const climbs = made(
  ["Climb_ID", "Climber", "Time_min", "Peak_Name", "Peak_Height", "Peak_Country"],
  Array.from({ length: 12 }, (_, i) => {
    const p = PEAKS[(i * 5) % 3];
    return [i + 1, `C${i}`, 200 + ((i * 71) % 400), p[0], p[1], p[2]];
  }),
);

describe("a joined thing's name field ('Peak_Name' beside Peak_Height, Peak_Country) is the one its noun names", () => {
  it("'each peak' groups by Peak_Name without asking back", async () => {
    const reply = await askTurns(climbs.table, "show the number of climbs for each peak");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Peak_Name"]);
    expect(pairs(reply, "Peak_Name")).toEqual(aggBy(climbs.rows, "Peak_Name", null, "count"));
  });
  it("not where an id field counts the things", async () => {
    const withId = made(
      ["Peak_ID", "Peak_Name", "Peak_Country", "hikers"],
      PEAKS.map((p, i) => [i + 7, p[0], p[2], 10 + i]),
    );
    const reply = await askTurns(withId.table, "hikers per peak");
    expect(reply.plan?.groupBy.map((g) => g.field)).not.toEqual(["Peak_Name"]);
  });
});

describe("a time unit's abbreviation ending a name ('Time_min') is said without it", () => {
  it("'the minimum time' is the smallest Time_min", async () => {
    const reply = await askTurns(climbs.table, "what is the minimum time for each peak name?");
    expect(reply.plan?.measure).toMatchObject({ agg: "min", field: "Time_min" });
    expect(pairs(reply, "Peak_Name")).toEqual(aggBy(climbs.rows, "Peak_Name", "Time_min", "min"));
  });
  it("'temp_min' beside 'temp_max' keeps its 'min'", async () => {
    const weather = made(
      ["day_no", "temp_min", "temp_max", "site"],
      Array.from({ length: 8 }, (_, i) => [i + 1, 2 + (i % 5), 12 + (i % 4), ["N", "S"][i % 2]]),
    );
    const reply = await askTurns(weather.table, "average temp by site");
    expect(reply.plan?.measure.field).not.toBe("temp_min");
  });
});

const stays = made(
  ["stay_id", "hotel_short_name", "number_of_nights", "nightly_rate", "supplier_name", "guest_name"],
  Array.from({ length: 10 }, (_, i) => [
    i + 1,
    ["Kite Inn", "Elm Lodge", "Bay House"][i % 3],
    1 + ((i * 3) % 7),
    80 + ((i * 41) % 150),
    ["Orbit", "Nadir"][i % 2],
    `G${i}`,
  ]),
);

describe("a small linking word ends a span only where it ends the name", () => {
  it("'the average nightly rate of each hotel' is nightly_rate, not number_of_nights", async () => {
    const reply = await askTurns(stays.table, "what is the average nightly rate of each hotel?");
    expect(reply.plan?.measure).toMatchObject({ agg: "mean", field: "nightly_rate" });
    expect(pairs(reply, "hotel_short_name")).toEqual(aggBy(stays.rows, "hotel_short_name", "nightly_rate", "mean"));
  });
});

describe("'sort the names' after a sort verb sorts the bars' labels, not a *_name field named in part", () => {
  it("keeps the one grouping and sorts it by label", async () => {
    const items = made(
      ["item_id", "item_name", "supplier_name", "qty"],
      Array.from({ length: 8 }, (_, i) => [i + 1, `Item ${i}`, ["Orbit", "Nadir"][i % 2], 5 + ((i * 7) % 20)]),
    );
    const reply = await askTurns(items.table, "Show the total qty of items for each supplier in a bar chart, and order the names in descending order.");
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["supplier_name"]);
    expect(reply.plan?.sort).toEqual({ by: "key", order: "desc" });
    expect(tableOf(reply).map((r) => r.supplier_name)).toEqual(["Orbit", "Nadir"]);
  });
});

const papers = made(
  ["paper_id", "title", "citation_count", "venue"],
  Array.from({ length: 9 }, (_, i) => [i + 1, `Paper ${String.fromCharCode(65 + i)}`, (i * 37) % 101, ["KDD", "ICDE"][i % 2]]),
);

describe("a count of an -ation noun ('citation_count') is named by the verb's past form ('cited')", () => {
  it("'the 3 most cited papers' ranks by citation_count", async () => {
    const reply = await askTurns(papers.table, "which are the 3 most cited papers?");
    const want = [...papers.rows].sort((x, y) => Number(y.citation_count) - Number(x.citation_count)).slice(0, 3);
    expect(tableOf(reply).map((r) => String(r.title))).toEqual(want.map((r) => r.title));
  });
});

const ascents = made(
  ["Ascent_ID", "Climber", "Minutes", "Score", "Summit_Elevation", "Climb_Date"],
  Array.from({ length: 10 }, (_, i) => [i + 1, `K${i}`, 200 + i * 13, 1 + ((i * 3) % 15), 3000 + ((i * 1231) % 4000), `20${10 + i}-0${1 + (i % 9)}-15`]),
);

describe("a plain number far from a field named further back is not compared with it", () => {
  it("'climbers who climbed peaks higher than 5000' filters neither Score (1..15) nor the climb date", async () => {
    const reply = await askTurns(ascents.table, "scatter plot of Minutes and Score for climbers who climbed peaks higher than 5000");
    const fields = (reply.plan?.filters ?? []).map((f) => f.field);
    expect(fields).not.toContain("Score");
    expect(fields).not.toContain("Climb_Date");
  });
  it("a number next to its field is still compared with it", async () => {
    const reply = await askTurns(ascents.table, "how many ascents with a Score above 10?");
    expect(reply.plan?.filters).toEqual([expect.objectContaining({ field: "Score", op: "gt", values: [10] })]);
    expect(tableOf(reply)[0]).toMatchObject({ "Number of rows": ascents.rows.filter((r) => Number(r.Score) > 10).length });
  });
});

describe("a name's last words said alone ('booking ids' for apt_booking_id) name it", () => {
  it("picks apt_booking_id over apt_id where the dataset's name makes 'booking' a row noun", async () => {
    const bookings = made(
      ["apt_booking_id", "apt_id", "nightly_rate", "status"],
      Array.from({ length: 8 }, (_, i) => [300 + i, 1 + (i % 3), 90 + ((i * 29) % 120), ["Confirmed", "Held"][i % 2]]),
    );
    const content = "show the booking ids and nightly rates of the Confirmed bookings in a bar chart";
    const reply = await answerChat({ table: bookings.table, datasetName: "Apartment_Bookings", messages: [{ role: "user", content }] });
    const used = JSON.stringify(reply.plan);
    expect(used).toContain("apt_booking_id");
    expect(used).not.toContain('"apt_id"');
  });
});
