// Developer tool: lexing cost on a wide table with many category values.
import { answerChat } from "../index";
import type { Column, Table } from "../../table/types";

async function main() {
  const n = 100_000;
  const columns: Column[] = [];
  for (let c = 0; c < 12; c++) {
    const dictionary = Array.from({ length: 500 }, (_, i) => `val${c}x${i} item`);
    const codes = Int32Array.from({ length: n }, (_, i) => (i * 7 + c) % 500);
    columns.push({ name: `Category ${c}`, type: "category", kind: "text", codes, dictionary });
  }
  columns.push({ name: "Amount", type: "float", kind: "number", values: Float64Array.from({ length: n }, (_, i) => (i % 977) * 1.5) });
  const table: Table = { rowCount: n, columns };
  for (const q of [
    "total amount by category 3",
    "total amount by category 3",
    "average amount for val3x17 item by category 5 in the region of the most important customers please",
  ]) {
    const t0 = performance.now();
    await answerChat({ table, messages: [{ role: "user", content: q }] });
    console.log(`${(performance.now() - t0).toFixed(0)} ms  ${q}`);
  }
}
void main();
