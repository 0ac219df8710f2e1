"use client";
// The one confusion-matrix table of the model page: actual classes in rows, predicted classes in
// columns, both axes labelled, in the order the caller gives (the positive class first for two
// classes, as the decision-threshold card reads), each cell shaded by its share of the actual class.
import { formatInt } from "@/lib/client/format";

export function ConfusionTable({
  classes,
  matrix,
  captionId,
  testId,
  cellTitle,
  cellTestId,
}: {
  /** Class names in display order; `matrix[i][j]` counts rows of actual `classes[i]` predicted as `classes[j]`. */
  classes: string[];
  matrix: number[][];
  /** Id of the element that captions the table. */
  captionId: string;
  testId?: string;
  cellTitle?: (actual: number, predicted: number) => string;
  cellTestId?: (actual: number, predicted: number) => string | undefined;
}) {
  const n = classes.length;
  return (
    <table className="border-separate border-spacing-1 text-sm" data-testid={testId} aria-labelledby={captionId}>
      <thead>
        <tr>
          <td colSpan={2} />
          <th
            scope="colgroup"
            colSpan={n}
            className="px-2 text-center text-xs font-medium tracking-wide text-slate-500 uppercase"
            data-testid="cm-axis-predicted"
          >
            Predicted
          </th>
        </tr>
        <tr>
          <td colSpan={2} />
          {classes.map((c) => (
            <th key={c} scope="col" className="max-w-28 truncate px-2 py-1 text-xs font-semibold text-slate-600" title={c} data-testid="cm-predicted-class">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.map((row, i) => {
          const total = row.reduce((a, b) => a + b, 0) || 1;
          return (
            <tr key={classes[i] ?? i}>
              {i === 0 && (
                <th
                  scope="rowgroup"
                  rowSpan={n}
                  className="w-5 text-xs font-medium tracking-wide text-slate-500 uppercase [writing-mode:vertical-rl] rotate-180"
                  data-testid="cm-axis-actual"
                >
                  Actual
                </th>
              )}
              <th
                scope="row"
                className="max-w-32 truncate pr-2 text-right text-xs font-semibold text-slate-600"
                title={classes[i]}
                data-testid="cm-actual-class"
              >
                {classes[i]}
              </th>
              {row.map((count, j) => {
                const share = count / total;
                const color = i === j ? `rgba(47, 111, 237, ${0.12 + share * 0.8})` : `rgba(220, 38, 38, ${share > 0 ? 0.08 + share * 0.7 : 0})`;
                return (
                  <td
                    key={classes[j] ?? j}
                    className={`min-w-16 rounded-md px-3 py-2 text-center tabular-nums ${share > 0.55 ? "text-white" : "text-slate-800"}`}
                    style={{ backgroundColor: color }}
                    title={cellTitle?.(i, j) ?? `${classes[i]} predicted as ${classes[j]}: ${formatInt(count)} (${(share * 100).toFixed(1)}% of ${classes[i]})`}
                    data-testid={cellTestId?.(i, j) ?? "cm-cell"}
                  >
                    {formatInt(count)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
