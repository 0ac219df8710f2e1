// Answer time on a synthetic 1,000,000-row orders table (generated with a fixed seed): a spread of
// question types, each asked twice after one warm-up pass; the time is answerChat's wall time
// (understanding, execution, text, table and Plotly figure; no PNG).
import { answerChat } from "../../lib/chat";
import type { Table } from "../../lib/table/types";

export const LARGE_QUESTIONS = [
  "total sales by region",
  "average profit by product and region",
  "sales by month",
  "monthly sales in 2016",
  "distribution of sales",
  "sales vs profit",
  "median profit by region in 2016",
  "how many orders in the East with sales above 500",
  "which product has the highest total profit?",
  "top 5 customers by sales",
  "sales and profit by region",
  "what share of orders have a negative profit?",
  "average quantity per weekday",
  "number of orders per segment, split by region",
  "list the 10 orders with the biggest losses",
  "how many distinct customers per region",
];

export function makeLargeTable(n = 1_000_000): Table {
  const regions = ["East", "West", "Central", "South"];
  const segments = ["Consumer", "Corporate", "Home Office"];
  const products = Array.from({ length: 50 }, (_, i) => `Product ${i}`);
  const customers = Array.from({ length: 20_000 }, (_, i) => `Customer ${String(i).padStart(5, "0")}`);
  const region = new Int32Array(n);
  const segment = new Int32Array(n);
  const product = new Int32Array(n);
  const customer = new Int32Array(n);
  const sales = new Float64Array(n);
  const profit = new Float64Array(n);
  const quantity = new Float64Array(n);
  const date = new Float64Array(n);
  let s = 1;
  const r = () => (s = (s * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < n; i++) {
    region[i] = Math.floor(r() * 4);
    segment[i] = Math.floor(r() * 3);
    product[i] = Math.floor(r() * 50);
    customer[i] = Math.floor(r() * customers.length);
    sales[i] = Math.round(r() * 100000) / 100;
    profit[i] = Math.round(sales[i] * (r() - 0.3) * 100) / 100;
    quantity[i] = 1 + Math.floor(r() * 10);
    date[i] = Date.UTC(2015, 0, 1) + Math.floor(r() * 4 * 365) * 86_400_000;
  }
  return {
    rowCount: n,
    columns: [
      { name: "Region", type: "category", kind: "text", codes: region, dictionary: regions },
      { name: "Segment", type: "category", kind: "text", codes: segment, dictionary: segments },
      { name: "Product", type: "category", kind: "text", codes: product, dictionary: products },
      { name: "Customer", type: "string", kind: "text", codes: customer, dictionary: customers },
      { name: "Sales", type: "float", kind: "number", values: sales },
      { name: "Profit", type: "float", kind: "number", values: profit },
      { name: "Quantity", type: "integer", kind: "number", values: quantity },
      { name: "Order Date", type: "date", kind: "number", values: date },
    ],
  };
}

export async function runLarge(times: number[], log: (line: string) => void): Promise<void> {
  const table = makeLargeTable();
  for (const q of LARGE_QUESTIONS) await answerChat({ table, messages: [{ role: "user", content: q }] });
  for (const q of LARGE_QUESTIONS) {
    const mine: number[] = [];
    for (let k = 0; k < 2; k++) {
      const t0 = performance.now();
      const reply = await answerChat({ table, messages: [{ role: "user", content: q }] });
      mine.push(performance.now() - t0);
      if (k === 0)
        log(
          `    ${Math.round(performance.now() - t0)
            .toString()
            .padStart(5)} ms  ${reply.plan ? reply.plan.chart.padEnd(12) : "no plan".padEnd(12)} ${q}`,
        );
    }
    times.push(...mine);
  }
}
