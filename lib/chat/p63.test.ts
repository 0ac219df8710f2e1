// chat-p63: conversations as the web app sends them, the assistant's earlier messages in the request
// (lib/chat/testing/probe63). Each general fix is tested on made-up rows, with other names and wordings than the probe's.
import { describe, expect, it } from "vitest";
import { answerChat, type ChatReply } from "./index";
import { labelledNumbers, tableOf } from "./testing/ask";
import { tableFromRows } from "./testing/load-csv";
import type { Table } from "../table/types";

/** Every turn answered in order, its messages kept as the assistant's turns (lib/client buildRequestMessages). */
async function converse(table: Table, ...turns: string[]): Promise<ChatReply> {
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  let reply: ChatReply | null = null;
  for (const t of turns) {
    messages.push({ role: "user", content: t });
    reply = await answerChat({ table, messages: messages.slice() });
    for (const m of reply.messages) if (m.content.trim()) messages.push({ role: "assistant", content: m.content });
  }
  return reply as ChatReply;
}

const firstNumber = (row: Record<string, unknown> | undefined) => Object.values(row ?? {}).find((v) => typeof v === "number");
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

const plans = ["Basic", "Plus", "Pro"];
const regions = ["North", "South", "East", "West"];
const rows = Array.from({ length: 60 }, (_, i) => [
  `S-${1000 + i}`,
  plans[i % 3],
  regions[(i * 7) % 4],
  String(1 + ((i * 17) % 48)),
  (20 + ((i * 37) % 80) + 0.5).toFixed(2),
  String(100 + ((i * 313) % 4000)),
  i % 4 === 0 || i % 7 === 0 ? "Yes" : "No",
]);
const subs = tableFromRows(["SubscriberID", "Plan", "Region", "MonthsActive", "MonthlyFee", "Revenue", "Cancelled"], rows);
const num = (k: number, rs = rows) => rs.map((r) => Number(r[k]));
const memberRows = Array.from({ length: 60 }, (_, i) => [
  `M-${1000 + i}`,
  plans[i % 3],
  String(i % 5 === 0 ? 1 : 0),
  String(1 + ((i * 17) % 48)),
  (20 + ((i * 37) % 80) + 0.5).toFixed(2),
  i % 4 === 0 ? "Yes" : "No",
]);
const members = tableFromRows(["MemberID", "Plan", "Retired", "Seniority", "WeeklyCost", "Left"], memberRows);
const proCost = mean(memberRows.filter((r) => r[1] === "Pro").map((r) => Number(r[4])));

describe("a new question after an earlier one, as the browser sends it", () => {
  it("'top 3 subscribers by Revenue' after a rate chart lists the rows ranked by Revenue", async () => {
    const reply = await converse(subs, "cancel rate by Plan as a chart", "top 3 subscribers by Revenue");
    const table = tableOf(reply);
    expect(table.length).toBe(3);
    expect(table[0].Revenue).toBe(Math.max(...num(5)));
  });
  it("'average WeeklyCost on the Pro plan' after a distribution is that average, not a histogram", async () => {
    const reply = await converse(members, "Seniority distribution", "average WeeklyCost on the Pro plan");
    expect(firstNumber(tableOf(reply)[0])).toBeCloseTo(proCost, 2);
  });
  it("'how many members left?' after a distribution is the count, not the histogram of those rows", async () => {
    const reply = await converse(members, "Seniority distribution", "how many members left?");
    expect(firstNumber(tableOf(reply)[0])).toBe(memberRows.filter((r) => r[5] === "Yes").length);
    expect(tableOf(reply).length).toBe(1);
  });
  it("'Revenue distribution' after 'how many subscribers cancelled?' says it kept the filter", async () => {
    const reply = await converse(subs, "how many subscribers cancelled?", "Revenue distribution");
    expect((reply.assumptions ?? []).join(" ")).toContain("kept the earlier question's filter");
  });
  it("'which region is most common?' after a count by Plan counts by Region alone", async () => {
    const reply = await converse(subs, "count of subscribers by Plan", "which region is most common?");
    const got = labelledNumbers(reply, "Region");
    expect(got.size).toBe(4);
    expect(got.get("North")).toBe(rows.filter((r) => r[2] === "North").length);
  });
  it("'Revenue by region' after 'how many subscribers are there?' totals Revenue as the turn alone does", async () => {
    const reply = await converse(subs, "how many subscribers are there?", "Revenue by Region");
    const got = labelledNumbers(reply, "Region");
    expect(got.get("East")).toBeCloseTo(
      sum(
        num(
          5,
          rows.filter((r) => r[2] === "East"),
        ),
      ),
      2,
    );
  });
});

describe("no doubt naming a reading the words rule out", () => {
  it("a rate by a field said with 'by' names no rate over the rows it counts, nor the rate without the grouping", async () => {
    const reply = await converse(members, "how many members left?", "Seniority distribution", "rate of Left by Plan as a chart");
    const said = (reply.assumptions ?? []).join(" ");
    expect(said).not.toMatch(/for rows where Left is "Yes"/);
    expect(said).not.toMatch(/could also mean: % of rows where Left is "Yes"$/);
  });
  it("'average weekly cost for retired members' after a distribution names no scatter or histogram as its other reading", async () => {
    const reply = await converse(members, "how many members left?", "Seniority distribution", "average weekly cost for retired members");
    const said = (reply.assumptions ?? []).join(" ");
    expect(said).not.toMatch(/WeeklyCost vs Seniority|distribution of WeeklyCost/);
    expect(said).toContain('Left is "Yes"');
  });
});
