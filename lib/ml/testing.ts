// Small synthetic tables for the engine's unit tests (deterministic, no files).
import type { Column, Table } from "../table/types";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";

export function numberColumn(name: string, values: ArrayLike<number>, type: "integer" | "float" | "date" = "float"): Column {
  return { name, type, kind: "number", values: Float64Array.from(values) };
}

export function textColumn(name: string, values: (string | null)[], type: "category" | "string" | "id" | "unknown" = "category"): Column {
  const dictionary: string[] = [];
  const index = new Map<string, number>();
  const codes = Int32Array.from(values, (v) => {
    if (v === null) return -1;
    let c = index.get(v);
    if (c === undefined) {
      c = dictionary.length;
      dictionary.push(v);
      index.set(v, c);
    }
    return c;
  });
  return { name, type, kind: "text", codes, dictionary };
}

/**
 * A table from a test feature matrix whose first three columns are a, b (NaN = missing) and a 4-level kind code,
 * with its binary target as "yes"/"no" labels (the kNN and MLP member tests train through trainModel on it).
 */
export function labelledTable({ x, yBin }: { x: FeatureMatrix; yBin: Float64Array }): Table {
  return {
    rowCount: x.rowCount,
    columns: [
      numberColumn("a", x.columns[0]),
      numberColumn(
        "b",
        Array.from(x.columns[1], (v) => (Number.isNaN(v) ? (null as unknown as number) : v)),
      ),
      textColumn(
        "kind",
        Array.from(x.columns[2], (v) => ["p", "q", "r", "s"][v]),
      ),
      textColumn(
        "label",
        Array.from(yBin, (v) => (v ? "yes" : "no")),
      ),
    ],
  };
}

/**
 * Binary task: P(yes) rises with x1 and with color "red"; x2 is noise; `rare` makes "yes" a minority
 * class (share of positives about `positiveShare`).
 */
export function makeBinaryTable(n: number, seed = 1, positiveShare = 0.4): Table {
  const rng = new Rng(seed);
  const x1: number[] = [];
  const x2: number[] = [];
  const color: string[] = [];
  const label: string[] = [];
  const colors = ["red", "green", "blue"];
  const offset = Math.log(positiveShare / (1 - positiveShare));
  for (let i = 0; i < n; i++) {
    const a = rng.next() * 4 - 2;
    const c = colors[rng.nextInt(3)];
    x1.push(a);
    x2.push(rng.next());
    color.push(c);
    const logit = offset + 2.5 * a + (c === "red" ? 1.5 : c === "blue" ? -1 : 0);
    label.push(rng.next() < 1 / (1 + Math.exp(-logit)) ? "yes" : "no");
  }
  return {
    rowCount: n,
    columns: [numberColumn("x1", x1), numberColumn("x2", x2), textColumn("color", color), textColumn("label", label)],
  };
}

/** Regression: y = 3 x1 - 2 [group = b] + noise. */
export function makeRegressionTable(n: number, seed = 2): Table {
  const rng = new Rng(seed);
  const x1: number[] = [];
  const group: string[] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = rng.next() * 10;
    const g = rng.next() < 0.5 ? "a" : "b";
    x1.push(a);
    group.push(g);
    y.push(3 * a - (g === "b" ? 2 : 0) + (rng.next() - 0.5));
  }
  return { rowCount: n, columns: [numberColumn("x1", x1), textColumn("group", group), numberColumn("y", y)] };
}
