"use client";
import { useMemo, useState } from "react";
import { columnKind, fileNameFor, formatCell, tableColumns, toCsv } from "@/lib/client/answer-table";
import { sortRows, type SortState } from "@/lib/client/sort-rows";
import type { DataRow } from "@/lib/client/types";
import { formatInt } from "@/lib/client/format";

export function downloadFile(name: string, content: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An answer's table: sortable headers, readable numbers, and the raw values as a CSV download. */
export function AnswerTable({ rows, caption, question }: { rows: DataRow[]; caption: string; question: string }) {
  const [sort, setSort] = useState<SortState>(null);
  const columns = useMemo(() => tableColumns(rows), [rows]);
  const kinds = useMemo(() => new Map(columns.map((c) => [c, columnKind(rows, c)])), [columns, rows]);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  // Numbers sort largest first on the first click, text A to Z; the third click restores the answer's order.
  const toggle = (column: string) =>
    setSort((s) => {
      const first = kinds.get(column) === "text" ? "asc" : "desc";
      if (s?.column !== column) return { column, direction: first };
      return s.direction === first ? { column, direction: first === "asc" ? "desc" : "asc" } : null;
    });

  return (
    <div data-testid="chat-table" className="space-y-1.5">
      <div className="relative overflow-auto rounded-lg border border-slate-200 bg-white" style={{ maxHeight: "20rem" }} tabIndex={0} aria-label={caption}>
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 z-10 bg-slate-50">
            <tr>
              {columns.map((c) => {
                const active = sort?.column === c;
                const numeric = kinds.get(c) !== "text";
                return (
                  <th
                    key={c}
                    scope="col"
                    aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
                    className={`border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-700 ${numeric ? "text-right" : "text-left"}`}
                  >
                    <button
                      type="button"
                      onClick={() => toggle(c)}
                      title={`Sort by ${c}`}
                      className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {c}
                      <span aria-hidden className={`text-xs ${active ? "text-brand-600" : "text-slate-300"}`}>
                        {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row, i) => (
              <tr key={i} className="odd:bg-white even:bg-slate-50/60 hover:bg-brand-50/50">
                {columns.map((c) => {
                  const kind = kinds.get(c) ?? "text";
                  const text = formatCell(row[c], kind);
                  return (
                    <td
                      key={c}
                      title={text.length > 40 ? text : undefined}
                      className={`max-w-xs truncate border-b border-slate-100 px-3 py-1.5 whitespace-nowrap ${kind === "text" ? "text-left" : "text-right tabular-nums"}`}
                    >
                      {text === "" ? (
                        <span className="text-slate-300" aria-label="empty">
                          —
                        </span>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between gap-3 text-xs text-slate-500">
        <span>
          {formatInt(rows.length)} row{rows.length === 1 ? "" : "s"}
          {columns.length > 1 ? " · click a column to sort" : ""}
        </span>
        <button
          type="button"
          onClick={() => downloadFile(`${fileNameFor(question)}.csv`, toCsv(rows, columns), "text/csv;charset=utf-8")}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          data-testid="download-csv"
        >
          <span aria-hidden>↓</span> Download CSV
        </button>
      </div>
    </div>
  );
}
