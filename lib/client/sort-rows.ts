import type { DataRow, RowValue } from "./types";

export type SortState = { column: string; direction: "asc" | "desc" } | null;

function isBlank(v: RowValue | undefined): boolean {
  return v === null || v === undefined || v === "";
}

/** Numbers by value, text in natural order ("item 2" before "item 10"); blanks last in both directions. */
export function compareValues(a: RowValue | undefined, b: RowValue | undefined): number {
  const na = typeof a === "number" ? a : Number(a);
  const nb = typeof b === "number" ? b : Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && !isBlank(a) && !isBlank(b)) return na - nb;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function sortRows(rows: DataRow[], sort: SortState): DataRow[] {
  if (!sort) return rows;
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x[sort.column];
    const b = y[sort.column];
    if (isBlank(a) || isBlank(b)) return isBlank(a) === isBlank(b) ? 0 : isBlank(a) ? 1 : -1;
    return sign * compareValues(a, b);
  });
}
