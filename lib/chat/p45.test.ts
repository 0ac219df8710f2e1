// chat-p45: question types the engine missed (lib/chat/testing/probe45), each fixed by its general cause and tested here
// on made-up tables with other wordings than the probe's. Expected numbers come from the rows with plain loops, never
// from the engine.
import { describe, expect, it } from "vitest";
import { askTurns, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import { readNeighbour } from "./neighbour";
import { bandsWithin, parseBand } from "./understand/bands";
import { rangeAskedSpan } from "./understand/range-asked";
import { tokenize } from "./understand/tokens";

let seed = 45;
const next = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

// A gym's class bookings: one row per booking.
const studios = ["Downtown", "Harbour", "Uptown"];
const classes = ["Yoga", "Spin", "Boxing"];
const bookingRows = Array.from({ length: 90 }, (_, i) => [
  `B${100 + i}`,
  studios[i % 3],
  classes[Math.floor(next() * 3)],
  String(20 + Math.floor(next() * 40)),
  (5 + next() * 20).toFixed(2),
]);
const bookings = tableFromRows(["booking_id", "studio", "class_type", "duration_min", "fee"], bookingRows);
const col = (k: number, rows = bookingRows) => rows.map((r) => Number(r[k]));

describe("the spread of one number asked as a value is its maximum minus its minimum", () => {
  it("finds the phrase: two ends joined, in either order; 'max minus min'; a question saying 'range'", () => {
    expect(rangeAskedSpan(tokenize("the gap between the lowest and the highest fee"))).toEqual({ start: 1, end: 8 });
    expect(rangeAskedSpan(tokenize("fee max minus min"))).toEqual({ start: 1, end: 4 });
    expect(rangeAskedSpan(tokenize("what is the range of fees"))).not.toBeNull();
    expect(rangeAskedSpan(tokenize("show the range of fees"))).toBeNull();
    expect(rangeAskedSpan(tokenize("difference between yoga and spin"))).toBeNull();
  });
  it("'what's the gap between the longest and shortest class' is one number", async () => {
    const reply = await askTurns(bookings, "what's the gap between the longest and shortest duration?");
    const xs = col(3);
    expect(reply.plan?.measure).toMatchObject({ agg: "range", field: "duration_min" });
    expect(firstNumber(tableOf(reply)[0])).toBe(Math.max(...xs) - Math.min(...xs));
    expect((reply.assumptions ?? []).join(" ")).toMatch(/maximum minus the minimum/);
    // (The chart shows the values the range spans.)
    expect(reply.messages.find((m) => m.figures.length)?.figures[0].layout.meta).toMatchObject({ chart: "histogram", x: "duration_min" });
  });
  it("'what is the fee range for spin' keeps the filter", async () => {
    const reply = await askTurns(bookings, "what is the fee range for spin");
    const xs = col(
      4,
      bookingRows.filter((r) => r[2] === "Spin"),
    );
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(Math.max(...xs) - Math.min(...xs), 6);
  });
  it("'difference between the best and worst studio for total fees' is the range of the studios' totals", async () => {
    const reply = await askTurns(bookings, "difference between the best and worst studio for total fees");
    const totals = studios.map((s) =>
      col(
        4,
        bookingRows.filter((r) => r[1] === s),
      ).reduce((a, b) => a + b, 0),
    );
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(Math.max(...totals) - Math.min(...totals), 2);
  });
  it("a chart of the range stays a chart", async () => {
    const reply = await askTurns(bookings, "show the range of fees as a histogram");
    expect(reply.plan?.intent).toBe("distribution");
  });
});

describe("one value of a category field set against another, asked as how much, is one minus the other", () => {
  const fees = (pick: (r: string[]) => boolean) => col(4, bookingRows.filter(pick));
  it("'how much higher is the average fee at Harbour than at Uptown' is Harbour's average minus Uptown's, both shown", async () => {
    const reply = await askTurns(bookings, "how much higher is the average fee at Harbour than at Uptown?");
    const h = mean(fees((r) => r[1] === "Harbour"));
    const u = mean(fees((r) => r[1] === "Uptown"));
    expect(reply.plan?.change).toMatchObject({ field: "studio", from: "Uptown", to: "Harbour" });
    const row = tableOf(reply)[0];
    expect(firstNumber(row)).toBeCloseTo(h - u, 3);
    expect(Object.values(row).some((v) => typeof v === "number" && Math.abs(v - h) < 1e-3)).toBe(true);
    expect(reply.messages[0].content).toMatch(/Harbour minus Uptown/);
  });
  it("'how much cheaper is yoga than boxing on average' turns the subtraction round (Boxing minus Yoga)", async () => {
    const reply = await askTurns(bookings, "how much cheaper is yoga than boxing in average fee");
    const y = mean(fees((r) => r[2] === "Yoga"));
    const b = mean(fees((r) => r[2] === "Boxing"));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(b - y, 3);
  });
  it("'what's the gap between Downtown and Harbour in total fees' is Downtown's total minus Harbour's; 'gap' is no missing field", async () => {
    const reply = await askTurns(bookings, "what's the gap between Downtown and Harbour in total fees");
    const d = fees((r) => r[1] === "Downtown").reduce((s, x) => s + x, 0);
    const h = fees((r) => r[1] === "Harbour").reduce((s, x) => s + x, 0);
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(d - h, 2);
    expect((reply.assumptions ?? []).join(" ")).not.toMatch(/gap/);
  });
  it("'compare the average fee of yoga and spin' still shows the two groups", async () => {
    const reply = await askTurns(bookings, "compare the average fee of yoga and spin");
    expect(reply.plan?.change).toBeUndefined();
  });
});

describe("the period right before or after the highest (lowest) one", () => {
  // A café's weekly-kept monthly figures: one row per month, a clear peak of covers and a clear low of tips.
  const months = Array.from({ length: 24 }, (_, i) => `${2022 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`);
  const covers = months.map((_, i) => (i === 14 ? 5000 : 1000 + Math.floor(next() * 900)));
  const tips = months.map((_, i) => (i === 5 ? 10 : 200 + Math.floor(next() * 300)));
  const cafe = tableFromRows(
    ["month", "covers", "tips"],
    months.map((m, i) => [m, String(covers[i]), String(tips[i])]),
  );
  it("reads the words apart from the rest of the turn", () => {
    expect(readNeighbour("what were tips in the month before the peak?")).toEqual({
      turn: "what were tips?",
      ask: { text: "in the month before the peak", grain: "month", offset: -1, extreme: "max", rankWords: null },
    });
    expect(readNeighbour("covers the month right after tips bottomed out")?.ask).toMatchObject({ offset: 1, extreme: "min", rankWords: "tips" });
    expect(readNeighbour("sales in the month before 2023")).toBeNull();
  });
  it("'how many covers in the month after the busiest month' is the covers of the month after the peak, stated", async () => {
    const reply = await askTurns(cafe, "how many covers were there in the month after the busiest month?");
    expect(firstNumber(tableOf(reply)[0])).toBe(covers[15]);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/2023-04, the month after the highest/);
  });
  it("'what were covers in the month after tips hit its low' ranks by tips and answers covers", async () => {
    const reply = await askTurns(cafe, "what were covers in the month after tips hit its low?");
    expect(firstNumber(tableOf(reply)[0])).toBe(covers[6]);
  });
  it("'how many months had covers above 1500' over one row a month counts the months", async () => {
    const reply = await askTurns(cafe, "how many months had covers above 1500?");
    expect(firstNumber(tableOf(reply)[0])).toBe(covers.filter((c) => c > 1500).length);
    expect(tableOf(reply)).toHaveLength(1);
  });
  it("no month before the first one: the words are said unused, not dropped", async () => {
    const flat = tableFromRows(
      ["month", "covers"],
      months.map((m, i) => [m, String(i === 0 ? 9000 : 100)]),
    );
    const reply = await askTurns(flat, "how many covers in the month before the peak");
    expect((reply.assumptions ?? []).join(" ")).toMatch(/did not use "in the month before the peak"/);
  });
});

describe("ages kept as bands: a number said of people's age is the bands it covers", () => {
  const bandsOf = ["18-24", "25-34", "35-49", "50-64", "65+"];
  const people = Array.from({ length: 120 }, (_, i) => [
    `M${i}`,
    bandsOf[Math.floor(next() * 5)],
    String(Math.floor(next() * 11)),
    String(10 + Math.floor(next() * 50)),
  ]);
  const members = tableFromRows(["member_id", "age_band", "score", "visits"], people);
  const count = (keep: string[]) => people.filter((r) => keep.includes(r[1])).length;
  it("reads band values and which lie inside a range", () => {
    expect(parseBand("18-24")).toEqual([18, 24]);
    expect(parseBand("65+")).toEqual([65, Infinity]);
    expect(parseBand("under 18")).toEqual([-Infinity, 17]);
    expect(parseBand("Gold")).toBeNull();
    expect(bandsWithin(bandsOf, "gte", [50])).toEqual({ inside: ["50-64", "65+"], partial: [] });
    expect(bandsWithin(bandsOf, "gt", [40])).toEqual({ inside: ["50-64", "65+"], partial: ["35-49"] });
    expect(bandsWithin(bandsOf, "between", [25, 49])).toEqual({ inside: ["25-34", "35-49"], partial: [] });
  });
  it("'how many members aged 50 and over' counts the 50-64 and 65+ bands, stated", async () => {
    const reply = await askTurns(members, "how many members aged 50 and over are there?");
    expect(firstNumber(tableOf(reply)[0])).toBe(count(["50-64", "65+"]));
    expect((reply.assumptions ?? []).join(" ")).toMatch(/age_band "50-64", "65\+"/);
  });
  it("'average score of members under 35' keeps 18-24 and 25-34; the score is not compared with 35", async () => {
    const reply = await askTurns(members, "average score of members under 35");
    const xs = people.filter((r) => ["18-24", "25-34"].includes(r[1])).map((r) => Number(r[2]));
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(mean(xs), 3);
  });
  it("a band only partly inside is left out and said so ('over 40': 35-49 is partly over 40)", async () => {
    const reply = await askTurns(members, "how many members over 40 years old");
    expect(firstNumber(tableOf(reply)[0])).toBe(count(["50-64", "65+"]));
    expect((reply.assumptions ?? []).join(" ")).toMatch(/"35-49" only partly, left out/);
  });
});

describe("'which <row> had the highest <number>' ranks the rows, also over a number of few values", () => {
  const DAY = 86_400_000;
  const jobs = Array.from({ length: 60 }, (_, i) => {
    const start = Date.UTC(2024, 0, 1) + Math.floor(next() * 200) * DAY;
    const days = i === 37 ? 12 : 1 + Math.floor(next() * 5);
    return [`J-${500 + i}`, new Date(start).toISOString().slice(0, 10), new Date(start + days * DAY).toISOString().slice(0, 10), String(days)];
  });
  const table = tableFromRows(["job_id", "start_date", "finish_date", "crew_size"], jobs);
  it("'which job took the longest to finish' is the job with the most days from start to finish", async () => {
    const reply = await askTurns(table, "which job took the longest to finish?");
    expect(tableOf(reply)[0]?.job_id).toBe("J-537");
    expect(reply.plan?.intent).toBe("rows");
  });
  it("'which job had the highest crew size' is a job, not a count of jobs by crew size", async () => {
    const reply = await askTurns(table, "which job had the highest crew size?");
    expect(tableOf(reply)[0]?.job_id).toBe("J-537");
  });
  it("'which crew size is the most common' still counts the jobs by crew size", async () => {
    const reply = await askTurns(table, "which crew size is the most common?");
    expect(reply.plan?.intent).toBe("aggregate");
  });
});

describe("rows named by an item field, and a margin of a price and a cost", () => {
  const goods = ["Kettle", "Toaster", "Blender", "Mixer", "Grill", "Fryer", "Juicer", "Scale", "Timer", "Peeler"];
  const rows = goods.map((g, i) => [g, (20 + i * 7 + next() * 5).toFixed(2), (8 + next() * 20).toFixed(2), i % 2 ? "Kitchen" : "Small"]);
  const shop = tableFromRows(["item", "price", "unit_cost", "aisle"], rows);
  const margins = rows.map((r) => [r[0], Number(r[1]) - Number(r[2])] as const).sort((x, y) => y[1] - x[1]);
  it("'which items have the biggest markup' are the items with the largest price minus unit cost, stated", async () => {
    const reply = await askTurns(shop, "which items have the biggest markup?");
    expect(tableOf(reply)[0]?.item).toBe(margins[0][0]);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/"markup" as price minus unit_cost/);
  });
  it("one unknown noun after 'which' may be a field the table lacks ('which supplier'): no row is guessed", async () => {
    const reply = await askTurns(shop, "which supplier has the most items?");
    expect(reply.plan).toBeNull();
  });
  it("'how many products are in the Kitchen aisle' counts the rows", async () => {
    const reply = await askTurns(shop, "how many products are in the Kitchen aisle?");
    expect(firstNumber(tableOf(reply)[0])).toBe(rows.filter((r) => r[3] === "Kitchen").length);
  });
  it("with a profit field, 'margin' is no price minus cost", async () => {
    const withProfit = tableFromRows(
      ["item", "price", "unit_cost", "profit", "sales"],
      rows.map((r) => [r[0], r[1], r[2], "1", "10"]),
    );
    const reply = await askTurns(withProfit, "average margin");
    expect(reply.plan?.derived).toBeUndefined();
  });
});

describe("the net promoter score of a 0-10 'how likely to recommend' answer", () => {
  const regions = ["North", "South"];
  const answers = Array.from({ length: 80 }, (_, i) => [`R${i}`, regions[i % 2], String(Math.floor(next() * 11)), String(Math.floor(next() * 5) + 1)]);
  const survey = tableFromRows(["response_id", "region", "likelihood_to_recommend", "ease"], answers);
  const nps = (xs: number[]) => (100 * (xs.filter((x) => x >= 9).length - xs.filter((x) => x <= 6).length)) / xs.length;
  it("'what's our NPS?' is the percent of 9-10 minus the percent of 0-6, with the formula stated", async () => {
    const reply = await askTurns(survey, "what's our NPS?");
    expect(reply.plan?.measure).toMatchObject({ agg: "nps", field: "likelihood_to_recommend" });
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(nps(answers.map((r) => Number(r[2]))), 3);
    expect((reply.assumptions ?? []).join(" ")).toMatch(/percent of 9-10 answers minus the percent of 0-6 answers/);
  });
  it("'net promoter score per region' is one score per region", async () => {
    const reply = await askTurns(survey, "net promoter score per region");
    const north = tableOf(reply).find((r) => r.region === "North");
    expect(firstNumber(north)).toBeCloseTo(nps(answers.filter((r) => r[1] === "North").map((r) => Number(r[2]))), 3);
  });
  it("without a 0-10 field nothing is guessed; over a field named nps, 'average nps' is its average", async () => {
    const noScale = tableFromRows(
      ["response_id", "region", "ease"],
      answers.map((r) => [r[0], r[1], r[3]]),
    );
    expect((await askTurns(noScale, "what is the NPS?")).plan).toBeNull();
    const named = tableFromRows(
      ["response_id", "region", "nps"],
      answers.map((r) => [r[0], r[1], r[2]]),
    );
    expect((await askTurns(named, "average nps by region")).plan?.measure.agg).toBe("mean");
  });
});

describe("a yes/no question setting one group against another says yes or no first, with both figures", () => {
  const fee = (pick: (r: string[]) => boolean) => mean(col(4, bookingRows.filter(pick)));
  it("'is the average fee higher for spin than for yoga?' answers by the two averages", async () => {
    const reply = await askTurns(bookings, "is the average fee higher for spin than for yoga?");
    const [s, y] = [fee((r) => r[2] === "Spin"), fee((r) => r[2] === "Yoga")];
    const text = reply.messages[0].content;
    expect(text.startsWith(s > y ? "Yes: Spin" : "No: Spin")).toBe(true);
    expect(tableOf(reply)).toHaveLength(2);
  });
  it("'were there fewer bookings at Uptown than at Harbour?' turns the comparison round", async () => {
    const reply = await askTurns(bookings, "were there fewer bookings at Uptown than at Harbour?");
    const [u, h] = [bookingRows.filter((r) => r[1] === "Uptown").length, bookingRows.filter((r) => r[1] === "Harbour").length];
    expect(reply.messages[0].content.startsWith(u < h ? "Yes: Uptown" : "No: Uptown")).toBe(true);
  });
});
