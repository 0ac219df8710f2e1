import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerChat } from "../chat";
import { loadCsvTable } from "../chat/testing/load-csv";
import {
  buildRequestMessages,
  groupTurns,
  MAX_REQUEST_BYTES,
  pickFollowUps,
  readAnswer,
  restoreExchanges,
  serializeExchanges,
  separateAssumptions,
  splitListItems,
  type Exchange,
} from "./chat-exchanges";
import type { ChatTurn } from "./types";

const figure = JSON.stringify({ data: [{ type: "bar", x: ["a"], y: [1] }], layout: { title: { text: "Count by a" } } });
const twoMessages: ChatTurn[] = [
  { role: "assistant", content: 'I computed the number of rows grouped by Contract for rows where Churn is "Yes".' },
  { role: "assistant", content: "Chart and table of the result.", images: [figure], table: [{ Contract: "Month-to-month", "Number of rows": 1655 }] },
];

function done(question: string, answers: ChatTurn[] = twoMessages, suggestions: string[] = [], assumptions: string[] = []): Exchange {
  return { id: question, question, answers, suggestions, assumptions, status: "done" };
}

describe("readAnswer", () => {
  it("joins the interpretation message and the figure/table message into one card", () => {
    const view = readAnswer(twoMessages);
    expect(view.interpretation).toMatch(/^I computed the number of rows grouped by Contract/);
    expect(view.notes).toEqual(["Chart and table of the result."]);
    expect(view.figures).toEqual([figure]);
    expect(view.tables).toEqual([[{ Contract: "Month-to-month", "Number of rows": 1655 }]]);
    expect(view.clarification).toBeNull();
  });

  it("reads a clarifying question whose choices are listed in the text", () => {
    const view = readAnswer([{ role: "assistant", content: '"churned" could mean two fields. Which one do you mean?\n- Churn = "Yes"\n- Partner = "Yes"' }]);
    expect(view.clarification).toEqual({ prompt: '"churned" could mean two fields. Which one do you mean?', choices: ['Churn = "Yes"', 'Partner = "Yes"'] });
  });

  it("reads choices sent as a field of the message, and numbered lists", () => {
    const structured = readAnswer([{ role: "assistant", content: "Which field do you mean by plan?", choices: ["Contract", "InternetService"] } as ChatTurn]);
    expect(structured.clarification?.choices).toEqual(["Contract", "InternetService"]);
    const numbered = readAnswer([{ role: "assistant", content: "Did you mean:\n1. Sales by Region\n2) Profit by Region" }]);
    expect(numbered.clarification?.choices).toEqual(["Sales by Region", "Profit by Region"]);
  });

  it("takes the reply's suggestions as the choices of a question asked back, without the project's own", () => {
    const content = '"plan" could mean more than one field: "Contract" or "InternetService". Which one do you mean?';
    const view = readAnswer([{ role: "assistant", content }], {
      suggestions: ["Churn by gender", "average MonthlyCharges by Contract", "average MonthlyCharges by InternetService"],
      projectSuggestions: ["Churn by gender"],
    });
    expect(view.clarification).toEqual({ prompt: content, choices: ["average MonthlyCharges by Contract", "average MonthlyCharges by InternetService"] });
    // An answer with data keeps its suggestions as follow-ups, not choices.
    expect(readAnswer(twoMessages, { suggestions: ["x?"] }).clarification).toBeNull();
  });

  it("treats a question without choices as a question, and plain text as an answer", () => {
    expect(readAnswer([{ role: "assistant", content: "Which year do you mean?" }]).clarification).toEqual({ prompt: "Which year do you mean?", choices: [] });
    expect(readAnswer([{ role: "assistant", content: "The number of rows is 7,043." }]).clarification).toBeNull();
  });

  it("never turns an answer with data into choices, even if its text has a list", () => {
    const view = readAnswer([{ role: "assistant", content: "Filters:\n- Churn = Yes\n- tenure > 12" }, twoMessages[1]]);
    expect(view.clarification).toBeNull();
    expect(view.interpretation).toContain("- Churn = Yes");
  });
});

describe("assumptions", () => {
  it("lists the engine's assumptions apart from the interpretation, in its own wording", async () => {
    // The engine's real reply (not a copy of its wording), as the API passes it on.
    const table = loadCsvTable(path.join(__dirname, "../chat/testing/telco-slice.csv"));
    const reply = await answerChat({ table, messages: [{ role: "user", content: "MonthlyCharges by contract for customers" }] });
    expect(reply.assumptions?.length).toBeGreaterThan(0);
    const answers: ChatTurn[] = reply.messages.map((m) => ({
      role: m.role,
      content: m.content,
      images: m.figures.map((f) => JSON.stringify(f)),
      table: m.table,
    }));
    const view = readAnswer(answers, { suggestions: reply.suggestions, assumptions: reply.assumptions });
    // (An "it could also mean: X" assumption keeps its reading apart, as a question to offer.)
    expect(view.assumptions.map((a) => (a.alternative ? `${a.text} ${a.alternative}` : a.text))).toEqual(reply.assumptions);
    expect(view.interpretation).not.toMatch(/Assumptions:/);
    expect(view.interpretation).toMatch(/^I computed the average of MonthlyCharges grouped by Contract/);
    expect(view.clarification).toBeNull();
  });

  it("offers another reading of the question as a question to ask, in each language", () => {
    const en = separateAssumptions(
      "I counted the rows in bins of 1,000 of TotalCharges. Assumptions: I am not sure I read the question right; it could also mean: total of TotalCharges. The chart shows more.",
      ["I am not sure I read the question right; it could also mean: total of TotalCharges"],
    );
    expect(en.text).toBe("I counted the rows in bins of 1,000 of TotalCharges. The chart shows more.");
    expect(en.assumptions).toEqual([{ text: "I am not sure I read the question right; it could also mean:", alternative: "total of TotalCharges" }]);
    const fr = separateAssumptions("J'ai calculé. Hypothèses : x ; y.", ["x ; y"]);
    expect(fr.text).toBe("J'ai calculé.");
  });

  it("shows a doubt once on the card: listed as an assumption, taken out of the caption", async () => {
    // The engine's own reply (the caption names the doubt for the chart or table alone).
    const table = await loadCsvTable(path.join(__dirname, "../chat/testing/telco-slice.csv"));
    const reply = await answerChat({
      table,
      messages: [
        { role: "user", content: "count of customers by gender" },
        { role: "assistant", content: "ok" },
        { role: "user", content: "and by senior citizen?" },
      ],
    });
    expect(reply.assumptions?.length).toBeGreaterThan(0);
    expect(reply.messages[1].content).toContain(`Not sure of the reading: ${reply.assumptions![0]}.`);
    const answers: ChatTurn[] = reply.messages.map((m) => ({ role: "assistant", content: m.content, table: m.table ?? undefined }));
    const view = readAnswer(answers, { assumptions: reply.assumptions });
    expect(view.assumptions.length).toBe(reply.assumptions!.length);
    expect(view.notes.join(" ")).not.toContain("Not sure of the reading");
    expect(view.notes[0]).toMatch(/^Chart and table: /);
    // Without the list (an older answer), the caption keeps its doubt.
    expect(readAnswer(answers).notes.join(" ")).toContain("Not sure of the reading");
  });

  it("leaves the text whole when the sentence is not there", () => {
    expect(separateAssumptions("The total is 3.", ["the total"])).toEqual({ text: "The total is 3.", assumptions: [] });
    expect(separateAssumptions("Assumptions: a.", [])).toEqual({ text: "Assumptions: a.", assumptions: [] });
  });
});

describe("splitListItems", () => {
  it("separates prose from list items and drops quotes around an item", () => {
    expect(splitListItems('Pick one:\n- "Churn"\n* Partner\n• Dependents\nThanks')).toEqual({
      prose: "Pick one:\nThanks",
      items: ["Churn", "Partner", "Dependents"],
    });
  });
  it("does not read a negative number or a hyphenated word as a list item", () => {
    expect(splitListItems("-5 degrees\nwell-known").items).toEqual([]);
  });
});

describe("buildRequestMessages", () => {
  it("sends the answered history then the question, leaving out unanswered questions", () => {
    const failed: Exchange = { id: "f", question: "broken", answers: [], suggestions: [], status: "error", error: "x" };
    const messages = buildRequestMessages([done("first"), failed], "second");
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "first"],
      ["assistant", twoMessages[0].content],
      ["assistant", twoMessages[1].content],
      ["user", "second"],
    ]);
  });

  it("keeps the newest turns when the history is long, whole exchanges only", () => {
    const long = "é".repeat(2500); // 5,000 bytes in UTF-8
    const history = Array.from({ length: 10 }, (_, i) => done(`q${i}`, [{ role: "assistant", content: long }]));
    const messages = buildRequestMessages(history, "now");
    const total = messages.reduce((n, m) => n + new TextEncoder().encode(m.content).length, 0);
    expect(total).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
    expect(total).toBeGreaterThan(MAX_REQUEST_BYTES - 5100);
    expect(messages[messages.length - 1]).toEqual({ role: "user", content: "now" });
    expect(messages[messages.length - 2].content).toBe(long);
    expect(messages[messages.length - 3].content).toBe("q9");
    expect(messages[0].role).toBe("user");
    expect(messages.length).toBe(11); // 5 exchanges of 2 messages, then the question
  });
});

describe("stored conversations", () => {
  it("round-trips exchanges and marks an interrupted question as unanswered", () => {
    const pending: Exchange = { id: "p", question: "waiting", answers: [], suggestions: [], status: "pending" };
    const restored = restoreExchanges(serializeExchanges([done("a", twoMessages, ["next?"], ["Contract is the grouping"]), pending]));
    expect(restored[0]).toEqual(done("a", twoMessages, ["next?"], ["Contract is the grouping"]));
    expect(restored[1]).toMatchObject({ question: "waiting", status: "error" });
  });

  it("reads the older flat message list", () => {
    const exchanges = groupTurns([{ role: "user", content: "q1" }, ...twoMessages, { role: "user", content: "q2" }]);
    expect(exchanges.map((x) => [x.question, x.answers.length, x.status])).toEqual([
      ["q1", 2, "done"],
      ["q2", 0, "error"],
    ]);
  });

  it("ignores what it cannot read", () => {
    expect(restoreExchanges("{not json")).toEqual([]);
    expect(restoreExchanges(JSON.stringify({ exchanges: [null, 3, { question: 5 }] }))).toEqual([]);
    expect(restoreExchanges(null)).toEqual([]);
  });
});

describe("pickFollowUps", () => {
  it("prefers the answer's suggestions, drops asked questions and duplicates, and caps the count", () => {
    expect(pickFollowUps([["Churn by gender", "average tenure by Contract?", "churn by gender"], ["project one"]], ["Average tenure by Contract"])).toEqual([
      "Churn by gender",
    ]);
    expect(pickFollowUps([[], ["project one", "project two"]], [], 1)).toEqual(["project one"]);
  });
  it("falls through to the next source when everything in one was asked", () => {
    expect(pickFollowUps([["asked"], [], ["Show the distribution of tenure"]], ["asked"])).toEqual(["Show the distribution of tenure"]);
    expect(pickFollowUps([["asked"]], ["asked"])).toEqual([]);
  });
});
