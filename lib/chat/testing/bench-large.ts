// Developer tool: answer time on a synthetic 1M-row table (npx tsx lib/chat/testing/bench-large.ts).
import { answerChat } from "../index";
import type { Table } from "../../table/types";

function makeTable(n: number): Table {
  const regions = ["East", "West", "Central", "South"];
  const cats = Array.from({ length: 50 }, (_, i) => `Product ${i}`);
  const region = new Int32Array(n);
  const cat = new Int32Array(n);
  const sales = new Float64Array(n);
  const profit = new Float64Array(n);
  const date = new Float64Array(n);
  let s = 1;
  const r = () => (s = (s * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < n; i++) {
    region[i] = Math.floor(r() * 4);
    cat[i] = Math.floor(r() * 50);
    sales[i] = r() * 1000;
    profit[i] = sales[i] * (r() - 0.3);
    date[i] = Date.UTC(2015, 0, 1) + Math.floor(r() * 4 * 365) * 86400000;
  }
  return {
    rowCount: n,
    columns: [
      { name: "Region", type: "category", kind: "text", codes: region, dictionary: regions },
      { name: "Product", type: "category", kind: "text", codes: cat, dictionary: cats },
      { name: "Sales", type: "float", kind: "number", values: sales },
      { name: "Profit", type: "float", kind: "number", values: profit },
      { name: "Order Date", type: "date", kind: "number", values: date },
    ],
  };
}

async function main() {
  const table = makeTable(1_000_000);
  for (const q of [
    "total sales by region",
    "total sales by region",
    "average profit by product and region",
    "sales by month",
    "distribution of sales",
    "sales vs profit",
    "median profit by region in 2016",
    "how many orders in the East with sales above 500",
  ]) {
    const t0 = performance.now();
    const reply = await answerChat({ table, messages: [{ role: "user", content: q }] });
    const ms = performance.now() - t0;
    const size = JSON.stringify(reply).length;
    console.log(`${ms.toFixed(0).padStart(6)} ms  ${(size / 1024).toFixed(0).padStart(6)} KB  ${q}`);
  }
}
void main();
