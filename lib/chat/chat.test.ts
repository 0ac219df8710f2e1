// Question forms against a small orders table; every expected number is computed here with plain
// loops over the source rows, never copied from the engine.
import { describe, expect, it } from "vitest";
import { answerChat, type ChatReply } from "./index";
import { makeOrders, ordersTable, type OrderRow } from "./testing/fixture";

const rows = makeOrders(60);
const table = ordersTable(rows);

type Project = { chatInstructions: string; chatContext: string; chatSuggestions: string };

async function ask(question: string | string[], project: Project | null = null): Promise<ChatReply> {
  const turns = Array.isArray(question) ? question : [question];
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  for (const t of turns.slice(0, -1)) messages.push({ role: "user", content: t }, { role: "assistant", content: "(previous answer)" });
  messages.push({ role: "user", content: turns[turns.length - 1] });
  return answerChat({ table, datasetName: "orders", messages, project });
}

function groupBy<K>(data: OrderRow[], key: (r: OrderRow) => K): Map<K, OrderRow[]> {
  const m = new Map<K, OrderRow[]>();
  for (const r of data) {
    const k = key(r);
    const l = m.get(k) ?? [];
    l.push(r);
    m.set(k, l);
  }
  return m;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The result table as key -> value, the value being the column that is neither a key nor "rows". */
function resultMap(reply: ChatReply, keyCol: string): Map<string, number> {
  const tbl = reply.messages[1]?.table;
  expect(tbl, reply.messages[0].content).toBeTruthy();
  const valueCol = Object.keys(tbl![0]).find((k) => k !== keyCol && k !== "rows")!;
  return new Map(tbl!.map((r) => [String(r[keyCol]), Number(r[valueCol])]));
}

function expectMapClose(actual: Map<string, number>, expected: Map<string, number>, digits = 2) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [k, v] of expected) expect(actual.get(k)!, k).toBeCloseTo(v, digits);
}

describe("aggregates by one grouping", () => {
  it("counts rows per region", async () => {
    const reply = await ask("How many orders per region?");
    const expected = new Map([...groupBy(rows, (r) => r.region)].map(([k, v]) => [k, v.length]));
    expectMapClose(resultMap(reply, "Region"), expected);
    expect(reply.plan?.chart).toBe("bar");
    expect(reply.messages).toHaveLength(2);
    expect(reply.messages[1].figures[0].data[0].type).toBe("bar");
  });

  it("sums sales by category, bars sorted from the largest", async () => {
    const reply = await ask("total sales by category");
    const expected = new Map([...groupBy(rows, (r) => r.category)].map(([k, v]) => [k, sum(v.map((r) => r.sales))]));
    expectMapClose(resultMap(reply, "Category"), expected);
    const ys = reply.messages[1].figures[0].data[0].y as number[];
    expect(ys).toEqual(ys.slice().sort((a, b) => b - a));
    const top = [...expected].sort((a, b) => b[1] - a[1])[0][0];
    expect(reply.messages[0].content).toContain(top);
  });

  it("averages profit by segment", async () => {
    const reply = await ask("What is the average profit for each segment?");
    const expected = new Map([...groupBy(rows, (r) => r.segment)].map(([k, v]) => [k, mean(v.map((r) => r.profit))]));
    expectMapClose(resultMap(reply, "Segment"), expected);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
  });

  it("computes medians, minimums and maximums", async () => {
    const med = await ask("median sales by region");
    expectMapClose(resultMap(med, "Region"), new Map([...groupBy(rows, (r) => r.region)].map(([k, v]) => [k, median(v.map((r) => r.sales))])));
    const max = await ask("maximum quantity per category");
    expectMapClose(resultMap(max, "Category"), new Map([...groupBy(rows, (r) => r.category)].map(([k, v]) => [k, Math.max(...v.map((r) => r.quantity))])));
    const min = await ask("minimum profit by region");
    expectMapClose(resultMap(min, "Region"), new Map([...groupBy(rows, (r) => r.region)].map(([k, v]) => [k, Math.min(...v.map((r) => r.profit))])));
  });

  it("counts distinct values", async () => {
    const reply = await ask("number of unique customer names by region");
    const expected = new Map([...groupBy(rows, (r) => r.region)].map(([k, v]) => [k, new Set(v.map((r) => r.customer)).size]));
    expectMapClose(resultMap(reply, "Region"), expected);
  });

  it("computes shares as percentages", async () => {
    const reply = await ask("percentage of orders by region");
    const expected = new Map([...groupBy(rows, (r) => r.region)].map(([k, v]) => [k, (100 * v.length) / rows.length]));
    expectMapClose(resultMap(reply, "Region"), expected);
    expect(reply.messages[0].content).toMatch(/%/);
  });

  it("keeps the top and bottom N", async () => {
    const totals = [...groupBy(rows, (r) => r.customer)].map(([k, v]) => [k, sum(v.map((r) => r.sales))] as const).sort((a, b) => b[1] - a[1]);
    const top = await ask("top 3 customer names by total sales");
    expect(top.messages[1].table!.map((r) => r["Customer Name"])).toEqual(totals.slice(0, 3).map((x) => x[0]));
    const largest = await ask("show the 2 largest customers by sales");
    expect(largest.messages[1].table!.map((r) => r["Customer Name"])).toEqual(totals.slice(0, 2).map((x) => x[0]));
    const bottom = await ask("bottom 2 customer names by total sales");
    expect(bottom.messages[1].table!.map((r) => r["Customer Name"])).toEqual(
      totals
        .slice(-2)
        .reverse()
        .map((x) => x[0]),
    );
  });
});

describe("filters", () => {
  it("applies equality on values", async () => {
    const reply = await ask("average sales in the East");
    const expected = mean(rows.filter((r) => r.region === "East").map((r) => r.sales));
    expect(reply.plan?.filters).toEqual([{ field: "Region", op: "eq", values: ["East"] }]);
    const tbl = reply.messages[1].table!;
    const value = Number(Object.values(tbl[0]).find((v) => typeof v === "number"));
    expect(value).toBeCloseTo(expected, 2);
    expect(reply.messages[0].content).toMatch(/Region is "East"/);
  });

  it("compares numbers: more than, between", async () => {
    const more = await ask("total sales by region for orders with quantity more than 5");
    const exp1 = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.quantity > 5),
          (r) => r.region,
        ),
      ].map(([k, v]) => [k, sum(v.map((r) => r.sales))]),
    );
    expectMapClose(resultMap(more, "Region"), exp1);
    const between = await ask("how many orders by category with quantity between 2 and 4");
    const exp2 = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.quantity >= 2 && r.quantity <= 4),
          (r) => r.category,
        ),
      ].map(([k, v]) => [k, v.length]),
    );
    expectMapClose(resultMap(between, "Category"), exp2);
  });

  it("filters dates by year and since a year", async () => {
    const in2016 = await ask("total sales by region in 2016");
    const exp1 = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.orderDate.startsWith("2016")),
          (r) => r.region,
        ),
      ].map(([k, v]) => [k, sum(v.map((r) => r.sales))]),
    );
    expectMapClose(resultMap(in2016, "Region"), exp1);
    const since = await ask("number of orders per category since 2016");
    const exp2 = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.orderDate >= "2016"),
          (r) => r.category,
        ),
      ].map(([k, v]) => [k, v.length]),
    );
    expectMapClose(resultMap(since, "Category"), exp2);
  });
});

describe("time, two groupings, distributions, relationships", () => {
  it("buckets dates by month and draws a line", async () => {
    const reply = await ask("total sales by month");
    expect(reply.plan?.chart).toBe("line");
    expect(reply.plan?.groupBy).toEqual([{ field: "Order_Date", bucket: "month" }]);
    const expected = new Map([...groupBy(rows, (r) => r.orderDate.slice(0, 7))].map(([k, v]) => [k, sum(v.map((r) => r.sales))]));
    expectMapClose(resultMap(reply, "Order_Date"), expected);
    const fig = reply.messages[1].figures[0];
    expect(fig.data[0].type).toBe("scatter");
    expect((fig.layout.xaxis as { type: string }).type).toBe("date");
  });

  it("uses the date field for 'over time', by year when asked", async () => {
    const reply = await ask("yearly profit over time");
    const expected = new Map([...groupBy(rows, (r) => r.orderDate.slice(0, 4))].map(([k, v]) => [k, sum(v.map((r) => r.profit))]));
    expectMapClose(resultMap(reply, "Order_Date"), expected);
  });

  it("groups by two fields as stacked bars", async () => {
    const reply = await ask("total sales by region and category");
    expect(reply.plan?.chart).toBe("stackedBar");
    const tbl = reply.messages[1].table!;
    const expected = groupBy(rows, (r) => `${r.region}|${r.category}`);
    expect(tbl).toHaveLength(expected.size);
    for (const r of tbl) {
      const key = `${r.Region}|${r.Category}`;
      expect(Number(r["Total of Sales"])).toBeCloseTo(sum(expected.get(key)!.map((x) => x.sales)), 2);
    }
    const fig = reply.messages[1].figures[0];
    expect(fig.layout.barmode).toBe("stack");
    expect(fig.data.length).toBe(new Set(rows.map((r) => r.category)).size);
  });

  it("draws one line per category over time", async () => {
    const reply = await ask("sales over time by category");
    expect(reply.plan?.chart).toBe("multiLine");
  });

  it("bins a number for a distribution", async () => {
    const reply = await ask("distribution of sales");
    expect(reply.plan?.chart).toBe("histogram");
    const bins = reply.messages[1].table!;
    expect(sum(bins.map((b) => Number(b.count)))).toBe(rows.length);
    for (const b of bins) {
      const lo = Number(b["Sales ≥"]);
      const hi = Number(b["Sales <"]);
      const last = b === bins[bins.length - 1];
      expect(Number(b.count)).toBe(rows.filter((r) => r.sales >= lo && (r.sales < hi || (last && r.sales <= hi))).length);
    }
  });

  it("plots two numbers with their Pearson correlation", async () => {
    const reply = await ask("relationship between sales and profit");
    expect(reply.plan?.chart).toBe("scatter");
    const xs = rows.map((r) => r.sales);
    const ys = rows.map((r) => r.profit);
    const mx = mean(xs);
    const my = mean(ys);
    const r = sum(xs.map((x, i) => (x - mx) * (ys[i] - my))) / Math.sqrt(sum(xs.map((x) => (x - mx) ** 2)) * sum(ys.map((y) => (y - my) ** 2)));
    expect(reply.messages[0].content).toContain(r.toFixed(2));
    expect(reply.messages[1].figures[0].data[0].mode).toBe("markers");
  });

  it("colours or facets a scatter plot by a category", async () => {
    expect((await ask("sales vs profit colored by region")).plan?.chart).toBe("scatterColor");
    expect((await ask("sales vs profit, one chart for each region")).plan?.chart).toBe("scatterFaceted");
  });
});

describe("fuzzy matching", () => {
  it("tolerates typos, case, plurals and underscores", async () => {
    const reply = await ask("avrage PROFT by regoins");
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    expect(reply.plan?.groupBy[0].field).toBe("Region");
    const dated = await ask("number of orders by order date");
    expect(dated.plan?.groupBy[0].field).toBe("Order_Date");
  });

  it("uses synonyms from the project's chatContext", async () => {
    const project = { chatInstructions: "", chatContext: "turnover = Sales", chatSuggestions: "" };
    const reply = await ask("turnover by segment", project);
    expect(reply.plan?.measure.field).toBe("Sales");
  });
});

describe("follow-ups", () => {
  it("adds a filter, changes the aggregate, the grouping and the year", async () => {
    const q1 = "total sales by region";
    const only = await ask([q1, "only for Furniture"]);
    expect(only.plan?.filters).toEqual([{ field: "Category", op: "eq", values: ["Furniture"] }]);
    const exp = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.category === "Furniture"),
          (r) => r.region,
        ),
      ].map(([k, v]) => [k, sum(v.map((r) => r.sales))]),
    );
    expectMapClose(resultMap(only, "Region"), exp);

    const max = await ask([q1, "only for Furniture", "and the maximum?"]);
    expect(max.plan?.measure).toEqual({ agg: "max", field: "Sales" });
    expect(max.plan?.filters).toHaveLength(1);

    const seg = await ask([q1, "by segment instead"]);
    expect(seg.plan?.groupBy.map((g) => g.field)).toEqual(["Segment"]);

    const same = await ask([q1, "the same for profit"]);
    expect(same.plan?.measure).toEqual({ agg: "sum", field: "Profit" });
    expect(same.plan?.groupBy.map((g) => g.field)).toEqual(["Region"]);

    const y2016 = await ask([q1, "in 2016", "what about 2017?"]);
    expect(y2016.plan?.filters).toEqual([{ field: "Order_Date", op: "eq", values: ["2017"] }]);
  });

  it("starts afresh on a new complete question", async () => {
    const reply = await ask(["total sales by region", "average profit by segment"]);
    expect(reply.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    expect(reply.plan?.groupBy.map((g) => g.field)).toEqual(["Segment"]);
  });
});

describe("questions the data cannot answer", () => {
  it("says an unknown field is unknown, lists the fields, computes nothing", async () => {
    const reply = await ask("what is the average salary by region?");
    expect(reply.plan).toBeNull();
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0].figures).toHaveLength(0);
    expect(reply.messages[0].table).toBeNull();
    expect(reply.messages[0].content).toMatch(/salary/);
    for (const f of ["Region", "Sales", "Profit", "Order_Date"]) expect(reply.messages[0].content).toContain(f);
  });

  it("answers a greeting with what can be asked, including the project's suggestions", async () => {
    const project = { chatInstructions: "", chatContext: "", chatSuggestions: "Which region sells most?\nSales by month" };
    const reply = await ask("hello", project);
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0].content).toContain("Which region sells most?");
    expect(reply.suggestions).toEqual(["Which region sells most?", "Sales by month"]);
  });
});

describe("project instructions", () => {
  it("answers in French, Spanish or German", async () => {
    const fr = await ask("total sales by region", { chatInstructions: "Réponds en français.", chatContext: "", chatSuggestions: "" });
    expect(fr.messages[0].content).toMatch(/J'ai calculé/);
    const es = await ask("total sales by region", { chatInstructions: "Please respond in Spanish", chatContext: "", chatSuggestions: "" });
    expect(es.messages[0].content).toMatch(/Calculé/);
    const de = await ask("total sales by region", { chatInstructions: "Antworte auf Deutsch", chatContext: "", chatSuggestions: "" });
    expect(de.messages[0].content).toMatch(/Ich habe berechnet/);
  });

  it("is brief when asked", async () => {
    const long = await ask("total sales by region");
    const brief = await ask("total sales by region", { chatInstructions: "Be brief.", chatContext: "", chatSuggestions: "" });
    expect(brief.messages[0].content.length).toBeLessThan(long.messages[0].content.length);
    expect(brief.messages[0].content.split(/\.\s/).length).toBeLessThanOrEqual(2);
  });

  it("formats currencies from chatContext", async () => {
    const reply = await ask("total sales", { chatInstructions: "", chatContext: "Sales are in USD.", chatSuggestions: "" });
    const total = sum(rows.map((r) => r.sales));
    expect(reply.messages[0].content).toContain(`$${Math.round(total).toLocaleString("en-US")}`);
  });
});

describe("answers and figures", () => {
  it("lists the top N in the text", async () => {
    const reply = await ask("top 3 customer names by total sales");
    const totals = [...groupBy(rows, (r) => r.customer)].map(([k, v]) => [k, sum(v.map((r) => r.sales))] as const).sort((a, b) => b[1] - a[1]);
    expect(reply.messages[0].content).toContain(`The 3 shown: ${totals[0][0]}`);
  });

  it("does not take words of the request for values", async () => {
    const reply = await ask("give me a table of total sales by segment");
    expect(reply.plan?.filters).toEqual([]);
    expect(reply.plan?.chart).toBe("table");
    expect(reply.messages[1].table).toHaveLength(new Set(rows.map((r) => r.segment)).size);
  });

  it("draws pies and keeps figures plain JSON (no undefined, no functions)", async () => {
    const questions = [
      "total sales by region as a pie chart",
      "total sales by region",
      "total sales by region and category",
      "average profit by segment and region",
      "sales by month",
      "sales over time by category",
      "distribution of profit",
      "sales vs profit",
      "sales vs profit colored by region",
      "sales vs profit, one chart for each region",
    ];
    const kinds = new Set<string>();
    for (const q of questions) {
      const reply = await ask(q);
      const fig = reply.messages[1].figures[0];
      expect(fig, q).toBeTruthy();
      expect(JSON.parse(JSON.stringify(fig)), q).toEqual(fig);
      kinds.add((fig.layout.meta as { chart: string }).chart);
    }
    expect([...kinds].sort()).toEqual(
      ["bar", "groupedBar", "histogram", "line", "multiLine", "pie", "scatter", "scatterColor", "scatterFaceted", "stackedBar"].sort(),
    );
  });

  it("says when there is nothing to compute", async () => {
    const reply = await ask("total sales by region for orders with quantity more than 1000");
    expect(reply.messages[0].content).toMatch(/No rows match/);
    expect(reply.messages).toHaveLength(1);
  });
});

describe("listing rows", () => {
  it("lists the matching rows, ranked by the number named", async () => {
    const reply = await ask("list the 3 orders with the highest profit in the East");
    expect(reply.plan).toMatchObject({ intent: "rows", y: "Profit", limit: 3, sort: { by: "value", order: "desc" } });
    const expected = rows
      .filter((r) => r.region === "East")
      .sort((a, b) => b.profit - a.profit)
      .slice(0, 3);
    expect(reply.messages[1].table!.map((r) => r.Profit)).toEqual(expected.map((r) => r.profit));
    expect(reply.messages[1].figures).toHaveLength(0);
    const all = await ask("list orders with quantity above 7");
    expect(all.messages[1].table).toHaveLength(rows.filter((r) => r.quantity > 7).length);
  });
});

describe("dates typed in full", () => {
  it("filters on ISO and US dates", async () => {
    const since = await ask("number of orders by region since 2016-07-01");
    const exp = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.orderDate >= "2016-07-01"),
          (r) => r.region,
        ),
      ].map(([k, v]) => [k, v.length]),
    );
    expectMapClose(resultMap(since, "Region"), exp);
    const day = rows[5].orderDate;
    const [y, m, d] = day.split("-");
    const q = await ask("number of orders by region in Q2 2016");
    const expQ = new Map(
      [
        ...groupBy(
          rows.filter((r) => r.orderDate >= "2016-04-01" && r.orderDate < "2016-07-01"),
          (r) => r.region,
        ),
      ].map(([k, v]) => [k, v.length]),
    );
    expectMapClose(resultMap(q, "Region"), expQ);
    const on = await ask(`how many orders on ${Number(m)}/${Number(d)}/${y}`);
    expect(on.messages[1].table).toEqual([{ "Number of rows": rows.filter((r) => r.orderDate === day).length }]);
  });
});

describe("missing values", () => {
  it("leaves missing measures out of averages and missing keys out of groups", async () => {
    const { tableFromRows } = await import("./testing/load-csv");
    const t = tableFromRows(
      ["Region", "Sales"],
      [
        ["East", "10"],
        ["East", ""],
        ["West", "5"],
        ["", "7"],
        ["West", "1"],
        ["East", "4"],
      ],
    );
    const mean = await answerChat({ table: t, messages: [{ role: "user", content: "average sales by region" }] });
    expect(mean.messages[1].table).toEqual([
      { Region: "East", "Average of Sales": 7, rows: 2 },
      { Region: "West", "Average of Sales": 3, rows: 2 },
    ]);
    const count = await answerChat({ table: t, messages: [{ role: "user", content: "count of rows by region" }] });
    expect(count.messages[1].table).toEqual([
      { Region: "East", "Number of rows": 3 },
      { Region: "West", "Number of rows": 2 },
    ]);
    const median = await answerChat({ table: t, messages: [{ role: "user", content: "median sales by region" }] });
    expect(median.messages[1].table).toEqual([
      { Region: "East", "Median of Sales": 7, rows: 2 },
      { Region: "West", "Median of Sales": 3, rows: 2 },
    ]);
  });
});

describe("example questions", () => {
  it("are offered in the answer language and can all be answered", async () => {
    const { exampleQuestions } = await import("./index");
    const { describeTable } = await import("./columns");
    for (const lang of ["en", "fr", "es", "de"] as const) {
      const examples = exampleQuestions(describeTable(table), lang);
      expect(examples.length).toBeGreaterThanOrEqual(4);
      for (const q of examples) expect((await ask(q)).plan, `${lang}: ${q}`).not.toBeNull();
    }
    const fr = await ask("bonjour", { chatInstructions: "Réponds en français", chatContext: "", chatSuggestions: "" });
    expect(fr.messages[0].content).toContain("Moyenne de Sales par Region");
  });
});
