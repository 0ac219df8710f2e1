"use client";
import { useMemo, useState } from "react";
import { columnNumberFormatter, formatNumber, formatTimestamp } from "@/lib/client/format";
import { sortRows, type SortState } from "@/lib/client/sort-rows";
import type { DataRow, RowValue } from "@/lib/client/types";

function renderCell(value: RowValue | undefined, format: (x: number) => string = formatNumber) {
  if (value === null || value === undefined || value === "") return <span className="text-slate-300">—</span>;
  if (typeof value === "number") return format(value);
  return typeof value === "string" ? formatTimestamp(value) : String(value);
}

/** A scrollable table whose column headers sort (click or Enter/Space); numbers align right. */
export function DataTable({
  rows,
  columns,
  caption,
  maxHeight = "24rem",
  sortable = true,
  testId,
  columnLabel,
  onSortChange,
}: {
  rows: DataRow[];
  columns?: string[];
  caption?: string;
  maxHeight?: string;
  sortable?: boolean;
  testId?: string;
  columnLabel?: (column: string) => React.ReactNode;
  /** Told of each change of the sorted column, for callers whose rows are one page of many. */
  onSortChange?: (sort: SortState) => void;
}) {
  const [sort, setSort] = useState<SortState>(null);
  const cols = useMemo(() => {
    if (columns) return columns;
    const seen: string[] = [];
    for (const row of rows.slice(0, 200)) for (const k of Object.keys(row)) if (!seen.includes(k)) seen.push(k);
    return seen;
  }, [rows, columns]);
  const numeric = useMemo(
    () =>
      new Set(
        cols.filter(
          (c) =>
            rows.slice(0, 50).some((r) => typeof r[c] === "number") &&
            rows.slice(0, 50).every((r) => r[c] === null || r[c] === undefined || typeof r[c] === "number"),
        ),
      ),
    [cols, rows],
  );
  // One number of decimals per numeric column (trailing zeros written out), from the rows shown.
  const formats = useMemo(() => new Map([...numeric].map((c) => [c, columnNumberFormatter(rows.map((r) => r[c]))])), [numeric, rows]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);

  const toggle = (column: string) => {
    const next: SortState = sort?.column !== column ? { column, direction: "asc" } : sort.direction === "asc" ? { column, direction: "desc" } : null;
    setSort(next);
    onSortChange?.(next);
  };

  return (
    <div
      className="relative overflow-auto rounded-lg border border-slate-200"
      style={{ maxHeight }}
      data-testid={testId}
      tabIndex={0}
      aria-label={caption ?? "Table"}
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr>
            {cols.map((c) => {
              const active = sort?.column === c;
              const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
              return (
                <th
                  key={c}
                  scope="col"
                  aria-sort={sortable ? ariaSort : undefined}
                  className={`border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-700 ${numeric.has(c) ? "text-right" : "text-left"}`}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={() => toggle(c)}
                      className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {columnLabel ? columnLabel(c) : c}
                      <span aria-hidden className={`text-xs ${active ? "text-brand-600" : "text-slate-300"}`}>
                        {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : columnLabel ? (
                    columnLabel(c)
                  ) : (
                    c
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row, i) => (
            <tr key={i} className="odd:bg-white even:bg-slate-50/60 hover:bg-brand-50/50">
              {cols.map((c) => (
                <td
                  key={c}
                  className={`border-b border-slate-100 px-3 py-1.5 whitespace-nowrap ${numeric.has(c) ? "text-right tabular-nums" : "text-left"} max-w-xs truncate`}
                >
                  {renderCell(row[c], formats.get(c))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
