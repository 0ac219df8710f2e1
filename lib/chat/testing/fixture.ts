// A small orders table for unit tests, generated deterministically, kept both as plain row objects
// (for the tests' own loops) and as a Table (for the engine).
import { tableFromRows } from "./load-csv";
import type { Table } from "../../table/types";

export interface OrderRow {
  region: string;
  category: string;
  segment: string;
  customer: string;
  sales: number;
  profit: number;
  quantity: number;
  orderDate: string; // YYYY-MM-DD
}

const REGIONS = ["East", "West", "Central", "South"];
const CATEGORIES = ["Furniture", "Technology", "Office Supplies"];
const SEGMENTS = ["Consumer", "Corporate", "Home Office"];

export function makeOrders(n = 60): OrderRow[] {
  const rows: OrderRow[] = [];
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < n; i++) {
    const year = 2015 + (i % 3);
    const month = 1 + Math.floor(rand() * 12);
    const day = 1 + Math.floor(rand() * 28);
    const sales = Math.round(rand() * 100000) / 100;
    rows.push({
      region: REGIONS[Math.floor(rand() * REGIONS.length)],
      category: CATEGORIES[i % 3 === 0 ? 0 : Math.floor(rand() * 3)],
      segment: SEGMENTS[Math.floor(rand() * 3)],
      customer: `Customer ${1 + Math.floor(rand() * 15)}`,
      sales,
      profit: Math.round((sales * (rand() * 0.6 - 0.2) + 0.5) * 100) / 100,
      quantity: 1 + Math.floor(rand() * 9),
      orderDate: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    });
  }
  return rows;
}

export const ORDER_HEADER = ["Region", "Category", "Segment", "Customer Name", "Sales", "Profit", "Quantity", "Order_Date"];

export function ordersTable(rows: OrderRow[]): Table {
  return tableFromRows(
    ORDER_HEADER,
    rows.map((r) => [r.region, r.category, r.segment, r.customer, String(r.sales), String(r.profit), String(r.quantity), r.orderDate]),
  );
}
