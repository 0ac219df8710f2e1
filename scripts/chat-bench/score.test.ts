// The benchmark scorers must reject wrong answers, not only accept right ones.
import { describe, expect, it } from "vitest";
import { normLabel, scoreOwn, type OwnQuestion, type ReplyLike } from "./score-own";
import { scoreNv, type NvCase } from "./score-nvbench";

type Row = Record<string, string | number | null>;

function reply(
  table: Row[] | null,
  groupBy: string[] = [],
  opts: { figure?: Record<string, unknown>[]; meta?: Record<string, unknown>; text?: string; plan?: boolean; assumptions?: string[] } = {},
): ReplyLike {
  const figures = opts.figure || opts.meta ? [{ data: opts.figure ?? [], layout: { meta: opts.meta ?? {} } }] : [];
  return {
    messages: [
      { content: opts.text ?? "", figures: [], table: null },
      { content: "", figures, table },
    ],
    plan: opts.plan === false ? null : { intent: "aggregate", groupBy: groupBy.map((field) => ({ field })) },
    assumptions: opts.assumptions,
  };
}

const q = (kind: OwnQuestion["kind"], extra: Partial<OwnQuestion> = {}): OwnQuestion => ({ id: "t", dataset: "d", type: "t", turns: ["x"], kind, ...extra });

describe("own-set scorer", () => {
  it("scalar: the one number, within table rounding", () => {
    expect(scoreOwn(q("scalar"), { value: 1869 }, reply([{ "Number of rows": 1869 }]), []).right).toBe(true);
    expect(scoreOwn(q("scalar"), { value: 1869 }, reply([{ "Number of rows": 540 }]), []).right).toBe(false);
    expect(scoreOwn(q("scalar"), { value: 12.3456789 }, reply([{ Average: 12.3457, rows: 10 }]), []).right).toBe(true);
    // A grouped answer is not a scalar even with one row.
    expect(scoreOwn(q("scalar"), { value: 5 }, reply([{ Region: "East", Total: 5 }], ["Region"]), []).right).toBe(false);
  });

  it("groups: every group with its value, no more, no fewer; filters that change values fail", () => {
    const exp = {
      rows: [
        ["Month-to-month", 1655],
        ["One year", 166],
        ["Two year", 48],
      ],
    };
    const good = reply(
      [
        { Contract: "Month-to-month", n: 1655 },
        { Contract: "One year", n: 166 },
        { Contract: "Two year", n: 48 },
      ],
      ["Contract"],
    );
    expect(scoreOwn(q("groups"), exp, good, []).right).toBe(true);
    const wrong = reply(
      [
        { Contract: "Month-to-month", n: 540 },
        { Contract: "One year", n: 98 },
        { Contract: "Two year", n: 31 },
      ],
      ["Contract"],
    );
    const v = scoreOwn(q("groups"), exp, wrong, []);
    expect(v.right).toBe(false);
    expect(v.gaveNumber && !v.flagged).toBe(true);
    const missing = reply([{ Contract: "Month-to-month", n: 1655 }], ["Contract"]);
    expect(scoreOwn(q("groups"), exp, missing, []).right).toBe(false);
  });

  it("groups2: the named series must be the colour", () => {
    const exp = {
      rows: [
        ["A", "x", 1],
        ["A", "y", 2],
      ],
    };
    const table = [
      { G: "A", S: "x", v: 1 },
      { G: "A", S: "y", v: 2 },
    ];
    expect(scoreOwn(q("groups2", { series: "S" }), exp, reply(table, ["G", "S"], { meta: { color: "S" } }), []).right).toBe(true);
    expect(scoreOwn(q("groups2", { series: "S" }), exp, reply(table, ["S", "G"], { meta: { color: "G" } }), []).right).toBe(false);
  });

  it("groups2: two groupings of the same coded levels are told apart, in either order of the groupings", () => {
    const exp = {
      rows: [
        [1, 1, 10],
        [1, 2, 20],
        [2, 1, 30],
        [2, 2, 40],
      ],
    };
    const table = [
      { T: 1, B: 1, v: 10 },
      { T: 1, B: 2, v: 20 },
      { T: 2, B: 1, v: 30 },
      { T: 2, B: 2, v: 40 },
    ];
    expect(scoreOwn(q("groups2"), exp, reply(table, ["T", "B"]), []).right).toBe(true);
    const swapped = table.map((r) => ({ B: r.B, T: r.T, v: r.v }));
    expect(scoreOwn(q("groups2"), exp, reply(swapped, ["B", "T"]), []).right).toBe(true);
    // One cell wrong in either reading of the groupings' order is wrong.
    const wrong = table.map((r) => (r.T === 1 && r.B === 2 ? { ...r, v: 25 } : r));
    expect(scoreOwn(q("groups2"), exp, reply(wrong, ["T", "B"]), []).right).toBe(false);
  });

  it("label: first row and text name the answer", () => {
    const exp = { label: "California", value: 100 };
    expect(
      scoreOwn(
        q("label"),
        exp,
        reply(
          [
            { State: "California", v: 100 },
            { State: "Texas", v: 5 },
          ],
          ["State"],
          { text: "Highest: California" },
        ),
        [],
      ).right,
    ).toBe(true);
    expect(
      scoreOwn(
        q("label"),
        exp,
        reply(
          [
            { State: "Texas", v: 5 },
            { State: "California", v: 100 },
          ],
          ["State"],
          { text: "California" },
        ),
        [],
      ).right,
    ).toBe(false);
    expect(scoreOwn(q("label"), exp, reply([{ State: "California", v: 100 }], ["State"], { text: "a bar chart" }), []).right).toBe(false);
  });

  it("topn and rows: order and count", () => {
    const exp = {
      rows: [
        ["a", 3],
        ["b", 2],
      ],
    };
    expect(
      scoreOwn(
        q("topn"),
        exp,
        reply(
          [
            { k: "a", v: 3 },
            { k: "b", v: 2 },
          ],
          ["k"],
        ),
        [],
      ).right,
    ).toBe(true);
    expect(
      scoreOwn(
        q("topn"),
        exp,
        reply(
          [
            { k: "b", v: 2 },
            { k: "a", v: 3 },
          ],
          ["k"],
        ),
        [],
      ).right,
    ).toBe(false);
    expect(
      scoreOwn(
        q("topn"),
        exp,
        reply(
          [
            { k: "a", v: 3 },
            { k: "b", v: 2 },
            { k: "c", v: 1 },
          ],
          ["k"],
        ),
        [],
      ).right,
    ).toBe(false);
    expect(
      scoreOwn(
        q("rows", { ordered: false }),
        exp,
        reply([
          { k: "b", v: 2 },
          { k: "a", v: 3 },
        ]),
        [],
      ).right,
    ).toBe(true);
  });

  it("ordered rows: tied values in either order, nothing else", () => {
    const exp = {
      rows: [
        ["a", 3],
        ["b", 2],
        ["c", 2],
      ],
    };
    expect(
      scoreOwn(
        q("rows", { ordered: true }),
        exp,
        reply([
          { k: "a", v: 3 },
          { k: "c", v: 2 },
          { k: "b", v: 2 },
        ]),
        [],
      ).right,
    ).toBe(true);
    expect(
      scoreOwn(
        q("topn"),
        exp,
        reply(
          [
            { k: "a", v: 3 },
            { k: "c", v: 2 },
            { k: "b", v: 2 },
          ],
          ["k"],
        ),
        [],
      ).right,
    ).toBe(true);
    expect(
      scoreOwn(
        q("rows", { ordered: true }),
        exp,
        reply([
          { k: "b", v: 2 },
          { k: "a", v: 3 },
          { k: "c", v: 2 },
        ]),
        [],
      ).right,
    ).toBe(false);
    expect(
      scoreOwn(
        q("topn"),
        exp,
        reply(
          [
            { k: "a", v: 3 },
            { k: "c", v: 3 },
            { k: "b", v: 2 },
          ],
          ["k"],
        ),
        [],
      ).right,
    ).toBe(false);
  });

  it("pairs: exactly the points, either orientation", () => {
    const exp = {
      pairs: [
        [1, 2],
        [3, 4],
      ] as [number, number][],
    };
    expect(scoreOwn(q("pairs"), exp, reply(null, [], { figure: [{ type: "scatter", x: [2, 4], y: [1, 3] }] }), []).right).toBe(true);
    expect(scoreOwn(q("pairs"), exp, reply(null, [], { figure: [{ type: "scatter", x: [1], y: [2] }] }), []).right).toBe(false);
  });

  it("pairs: a named colour or small-multiples field must be in that role", () => {
    const exp = {
      pairs: [
        [1, 2],
        [3, 4],
      ] as [number, number][],
    };
    const points = [
      { type: "scatter", x: [1], y: [2] },
      { type: "scatter", x: [3], y: [4] },
    ];
    expect(scoreOwn(q("pairs", { color: "Origin" }), exp, reply(null, [], { figure: points, meta: { color: "Origin", facet: null } }), []).right).toBe(true);
    expect(scoreOwn(q("pairs", { color: "Origin" }), exp, reply(null, [], { figure: points, meta: { color: null, facet: "Origin" } }), []).right).toBe(false);
    expect(scoreOwn(q("pairs", { facet: "Origin" }), exp, reply(null, [], { figure: points, meta: { color: null, facet: "Origin" } }), []).right).toBe(true);
    expect(scoreOwn(q("pairs", { facet: "Origin" }), exp, reply(null, [], { figure: points, meta: { color: "Origin", facet: null } }), []).right).toBe(false);
  });

  it("flags: routine notes alone are told apart from doubts about the reading", () => {
    const wrong = reply([{ "Number of rows": 540 }]);
    const routine = scoreOwn(q("scalar"), { value: 1869 }, { ...wrong, assumptions: ["you did not say how to combine Sales, so I used the total"] }, []);
    expect(routine.flagged && routine.weaklyFlagged).toBe(true);
    const doubt = scoreOwn(q("scalar"), { value: 1869 }, { ...wrong, assumptions: ['I read "bill" as MonthlyCharges'] }, []);
    expect(doubt.flagged && !doubt.weaklyFlagged).toBe(true);
  });

  it("no-field and clarify: no number, the right words", () => {
    const none = reply(null, [], { plan: false, text: 'I could not find "discount". Closest fields: Sales, Profit.' });
    expect(scoreOwn(q("no-field", { word: "discount" }), {}, none, ["Sales", "Profit"]).right).toBe(true);
    const answered = reply([{ "Number of rows": 3 }], [], { text: "discount" });
    expect(scoreOwn(q("no-field", { word: "discount" }), {}, answered, ["Sales"]).right).toBe(false);
    const ask = reply(null, [], { plan: false, text: "Do you mean StreamingTV or StreamingMovies?" });
    expect(scoreOwn(q("clarify", { choices: ["StreamingTV", "StreamingMovies"] }), {}, ask, []).right).toBe(true);
    const half = reply(null, [], { plan: false, text: "Do you mean StreamingTV?" });
    expect(scoreOwn(q("clarify", { choices: ["StreamingTV", "StreamingMovies"] }), {}, half, []).right).toBe(false);
  });

  it("output requests: a chart asked for must be there", () => {
    const noFig = reply([{ k: "a", v: 1 }], ["k"]);
    expect(scoreOwn(q("groups", { output: { figure: true } }), { rows: [["a", 1]] }, noFig, []).right).toBe(false);
    const pie = reply([{ k: "a", v: 1 }], ["k"], { meta: { chart: "bar" } });
    expect(scoreOwn(q("groups", { output: { chart: "pie" } }), { rows: [["a", 1]] }, pie, []).right).toBe(false);
  });

  it("weekday labels compare by their first letters, other words do not", () => {
    expect(normLabel("Thur")).toBe(normLabel("Thursday"));
    expect(normLabel("Mon")).toBe("monday");
    expect(normLabel("monument")).toBe("monument");
  });
});

describe("nvbench scorer", () => {
  const base: NvCase = {
    id: "c",
    question: "",
    paraphrases: [],
    chart: "bar",
    x: "Rank",
    y: "*",
    y_agg: "count",
    order: null,
    gold: [
      { x: "A", y: 2 },
      { x: "B", y: 1 },
    ],
    optional: [],
    table: "",
  };
  const nvReply = (rows: Row[], chart = "bar") => ({
    messages: [
      { figures: [], table: null },
      { figures: [{ data: [], layout: { meta: { chart } } }], table: rows },
    ],
    plan: { intent: "aggregate", groupBy: [{ field: "Rank" }] },
  });

  it("data and chart separately", () => {
    const v = scoreNv(
      base,
      nvReply(
        [
          { Rank: "a ", "Number of rows": 2 },
          { Rank: "B", "Number of rows": 1 },
        ],
        "pie",
      ),
    );
    expect(v.dataRight).toBe(true);
    expect(v.chartRight).toBe(false);
    expect(scoreNv(base, nvReply([{ Rank: "A", "Number of rows": 2 }])).dataRight).toBe(false);
  });

  it("order matters when set, ties free", () => {
    const ordered: NvCase = {
      ...base,
      order: { by: "y", dir: "asc" },
      gold: [
        { x: "B", y: 1 },
        { x: "C", y: 1 },
        { x: "A", y: 2 },
      ],
    };
    expect(
      scoreNv(
        ordered,
        nvReply([
          { Rank: "C", n: 1 },
          { Rank: "B", n: 1 },
          { Rank: "A", n: 2 },
        ]),
      ).dataRight,
    ).toBe(true);
    expect(
      scoreNv(
        ordered,
        nvReply([
          { Rank: "A", n: 2 },
          { Rank: "B", n: 1 },
          { Rank: "C", n: 1 },
        ]),
      ).dataRight,
    ).toBe(false);
  });

  it("pie shares accepted for amounts", () => {
    const pie: NvCase = {
      ...base,
      chart: "pie",
      y_agg: "sum",
      gold: [
        { x: "A", y: 30 },
        { x: "B", y: 10 },
      ],
    };
    expect(
      scoreNv(
        pie,
        nvReply(
          [
            { Rank: "A", share: 75 },
            { Rank: "B", share: 25 },
          ],
          "pie",
        ),
      ).dataRight,
    ).toBe(true);
    expect(
      scoreNv(
        pie,
        nvReply(
          [
            { Rank: "A", share: 60 },
            { Rank: "B", share: 40 },
          ],
          "pie",
        ),
      ).dataRight,
    ).toBe(false);
  });
});
