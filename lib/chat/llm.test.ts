// The optional language-model path against a local fake OpenAI-compatible server: a valid plan is
// used (numbers still computed by the executor), anything else falls back to the parser.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerChat } from "./index";
import { makeOrders, ordersTable } from "./testing/fixture";

const rows = makeOrders(40);
const table = ordersTable(rows);

let reply: { status: number; content: string } = { status: 200, content: "{}" };
// What the fake model answers when asked to phrase a computed summary (null: an HTTP 500).
let phrase: ((summary: string) => string) | null = null;
const requests: { auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
let server: http.Server;
let baseUrl = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      if (req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(data) as { messages: { content: string }[] };
      if (body.messages[0].content.startsWith("Rewrite the computed answer")) {
        if (!phrase) {
          res.writeHead(500).end();
          return;
        }
        const summary = body.messages[1].content.split("Computed answer: ")[1];
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: phrase(summary) } }] }));
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: reply.content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function llm() {
  return { baseUrl, apiKey: "test-key", model: "fake-model" };
}

describe("language-model plans", () => {
  it("uses a valid plan from the model and computes its numbers itself", async () => {
    const plan = { intent: "aggregate", measure: { agg: "median", field: "Profit" }, groupBy: [{ field: "Segment", bucket: null }], chart: "bar" };
    reply = { status: 200, content: "Here is the plan:\n```json\n" + JSON.stringify(plan) + "\n```" };
    const out = await answerChat({ table, messages: [{ role: "user", content: "how do segments do on profit, typically?" }], llm: llm() });
    expect(out.plan?.measure).toEqual({ agg: "median", field: "Profit" });
    const tbl = out.messages[1].table!;
    for (const r of tbl) {
      const values = rows
        .filter((x) => x.segment === r.Segment)
        .map((x) => x.profit)
        .sort((a, b) => a - b);
      const m = values.length >> 1;
      const med = values.length % 2 ? values[m] : (values[m - 1] + values[m]) / 2;
      expect(Number(r["Median of Profit"])).toBeCloseTo(med, 2);
    }
    const last = requests.find((r) => !r.body.messages[0].content.startsWith("Rewrite"))!;
    expect(last.auth).toBe("Bearer test-key");
    expect(last.body.model).toBe("fake-model");
    expect(last.body.messages[0].content).toContain('"Profit"');
    expect(last.body.messages[1].content).toContain("how do segments do on profit");
  });

  it("falls back to the parser when the plan names an unknown field", async () => {
    reply = {
      status: 200,
      content: JSON.stringify({ intent: "aggregate", measure: { agg: "sum", field: "Revenue" }, groupBy: [{ field: "Region", bucket: null }], chart: "bar" }),
    };
    const out = await answerChat({ table, messages: [{ role: "user", content: "total sales by region" }], llm: llm() });
    expect(out.plan?.measure).toEqual({ agg: "sum", field: "Sales" });
    expect(out.plan?.groupBy[0].field).toBe("Region");
  });

  it("falls back when the reply is not a plan, or the endpoint fails", async () => {
    reply = { status: 200, content: "I think you should look at sales." };
    const a = await answerChat({ table, messages: [{ role: "user", content: "average profit by segment" }], llm: llm() });
    expect(a.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    reply = { status: 200, content: JSON.stringify({ intent: "aggregate", measure: { agg: "sum", field: "Sales" }, chart: "rainbow" }) };
    const b = await answerChat({ table, messages: [{ role: "user", content: "average profit by segment" }], llm: llm() });
    expect(b.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    reply = { status: 500, content: "" };
    const c = await answerChat({ table, messages: [{ role: "user", content: "average profit by segment" }], llm: llm() });
    expect(c.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
    const d = await answerChat({
      table,
      messages: [{ role: "user", content: "average profit by segment" }],
      llm: { baseUrl: "http://127.0.0.1:1/v1", apiKey: "", model: "x" },
    });
    expect(d.plan?.measure).toEqual({ agg: "mean", field: "Profit" });
  });

  it("lets the model word the summary, but only with the computed numbers", async () => {
    reply = { status: 500, content: "" };
    phrase = (summary) => `In short: ${summary.match(/Highest: [^.]*\./)?.[0] ?? summary}`;
    const worded = await answerChat({ table, messages: [{ role: "user", content: "total sales by region" }], llm: llm() });
    expect(worded.messages[0].content.startsWith("In short: Highest:")).toBe(true);
    phrase = () => "Sales total 123456789 dollars, mostly in the East.";
    const invented = await answerChat({ table, messages: [{ role: "user", content: "total sales by region" }], llm: llm() });
    expect(invented.messages[0].content).toMatch(/^I computed the total of Sales/);
    phrase = null;
  });
});
