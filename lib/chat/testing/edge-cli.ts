// Developer tool: edge inputs (empty tables, long messages).
import { answerChat } from "../index";
import { makeOrders, ordersTable } from "./fixture";
import type { Table } from "../../table/types";

async function main() {
  const empty: Table = {
    rowCount: 0,
    columns: [
      { name: "Sales", type: "float", kind: "number", values: new Float64Array(0) },
      { name: "Region", type: "category", kind: "text", codes: new Int32Array(0), dictionary: [] },
    ],
  };
  const none: Table = { rowCount: 0, columns: [] };
  const allMissing: Table = {
    rowCount: 3,
    columns: [
      { name: "Sales", type: "float", kind: "number", values: new Float64Array([NaN, NaN, NaN]) },
      { name: "Region", type: "category", kind: "text", codes: new Int32Array([-1, -1, -1]), dictionary: [] },
    ],
  };
  for (const [name, table] of [
    ["empty", empty],
    ["none", none],
    ["allMissing", allMissing],
    ["orders", ordersTable(makeOrders(30))],
  ] as const) {
    for (const q of ["total sales by region", "distribution of sales", "sales vs sales", "hello", "", "   ", "sales by month"]) {
      const r = await answerChat({ table, messages: [{ role: "user", content: q }] });
      console.log(name, JSON.stringify(q), "->", r.messages.length, r.messages[0].content.slice(0, 120).replace(/\n/g, " "));
    }
  }
  const long = "total sales by region ".repeat(1000);
  const t0 = performance.now();
  await answerChat({ table: ordersTable(makeOrders(30)), messages: [{ role: "user", content: long }] });
  console.log("long message", (performance.now() - t0).toFixed(0), "ms");
  const r = await answerChat({ table: ordersTable(makeOrders(30)), messages: [] });
  console.log("no messages ->", r.messages[0].content.slice(0, 80));
  const r2 = await answerChat({ table: ordersTable(makeOrders(30)), messages: [{ role: "assistant", content: "hi" }] });
  console.log("assistant only ->", r2.messages[0].content.slice(0, 80));
}
void main();
