"use client";
import { columnDecimals, formatFixed, formatInt, formatNumber, formatPercent, formatSeconds } from "@/lib/client/format";
import type { ClassStat } from "@/lib/client/types";
import { positiveClassIndex, positiveFirst } from "@/lib/client/threshold-math";
import { Badge } from "../ui/feedback";
import { ConfusionTable } from "./confusion-matrix";
import { familyLabel, metricLabel, type FieldReportView } from "./report";

function MetricTiles({ report, stats }: { report: FieldReportView | null; stats: ClassStat[] }) {
  const metrics = report?.metrics ?? {};
  const regression = stats[0] && stats[0].class_name === undefined && typeof stats[0].rmse === "number";
  const tiles: [string, string][] = Object.entries(metrics).map(([k, v]) => [
    metricLabel(k),
    ["accuracy", "auc", "macroF1"].includes(k) ? formatPercent(v) : formatNumber(v),
  ]);
  if (!tiles.length && regression) {
    tiles.push(["RMSE", formatNumber(stats[0].rmse)], ["MAE", formatNumber(stats[0].mae)], ["R²", formatNumber(stats[0].r2)]);
  }
  if (!tiles.length) return null;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Two classes: the positive class's row first, in the confusion matrix's order. */
function binaryPositiveFirst(stats: ClassStat[], classes: string[] | undefined, positiveClass: string | undefined): ClassStat[] {
  if (stats.length !== 2 || !classes || classes.length !== 2) return stats;
  const positive = classes[positiveClassIndex(classes, positiveClass)];
  return [...stats].sort((a, b) => Number(b.class_name === positive) - Number(a.class_name === positive));
}

const CLASS_COLUMNS: [string, (s: ClassStat) => string][] = [
  ["Precision", (s) => formatPercent(s.precision)],
  ["Recall", (s) => formatPercent(s.recall)],
  ["F1", (s) => formatPercent(s.f1)],
  ["Count", (s) => formatInt(s.count)],
  ["Share", (s) => formatPercent(s.frequency)],
  ["True pos.", (s) => formatInt(s["true positives"])],
  ["False pos.", (s) => formatInt(s["false positives"])],
  ["False neg.", (s) => formatInt(s["false negatives"])],
];

function ClassStatsTable({ stats }: { stats: ClassStat[] }) {
  // Nine columns do not fit a phone: there a table of a few classes is turned (one column per
  // class, one row per statistic) so that nothing hides off the right edge; with more classes the
  // class names stay pinned while the numbers scroll.
  const turned = stats.length <= 3;
  return (
    <>
      {turned && (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 sm:hidden">
          <table className="min-w-full text-sm" data-testid="class-stats-narrow">
            <caption className="sr-only">Holdout statistics per class</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  Class
                </th>
                {stats.map((s) => (
                  <th key={String(s.class_name)} scope="col" className="break-words px-2 py-2 text-right font-semibold text-slate-800">
                    {s.class_name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {CLASS_COLUMNS.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-600">
                    {label}
                  </th>
                  {stats.map((s) => (
                    <td key={String(s.class_name)} className="px-2 py-1.5 text-right tabular-nums">
                      {value(s)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={`relative overflow-x-auto rounded-lg border border-slate-200 ${turned ? "hidden sm:block" : ""}`}>
        <table className="min-w-full text-sm" data-testid="class-stats">
          <caption className="sr-only">Holdout statistics per class</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-semibold">
                Class
              </th>
              {CLASS_COLUMNS.map(([h]) => (
                <th key={h} scope="col" className="px-3 py-2 text-right font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.map((s) => (
              <tr key={String(s.class_name)}>
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-slate-800">
                  {s.class_name}
                </th>
                {CLASS_COLUMNS.map(([h, value]) => (
                  <td key={h} className="px-3 py-2 text-right tabular-nums">
                    {value(s)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Confusion matrix as a table (readable by screen readers); for two classes the positive class comes first, as on the threshold card. */
function ConfusionMatrix({ classes, matrix, positiveClass }: { classes: string[]; matrix: number[][]; positiveClass?: string }) {
  if (classes.length > 30) return <p className="text-sm text-slate-500">{classes.length} classes: too many to show a confusion matrix.</p>;
  const ordered = positiveFirst(classes, matrix, positiveClassIndex(classes, positiveClass));
  return (
    <div className="relative overflow-x-auto">
      <p id="confusion-caption" className="mb-1 text-xs text-slate-500">
        Confusion matrix of the holdout rows (default rule: the more probable class)
      </p>
      <ConfusionTable classes={ordered.classes} matrix={ordered.matrix} captionId="confusion-caption" testId="confusion-matrix" />
    </div>
  );
}

function RegressionStats({ stat }: { stat: ClassStat }) {
  const distribution = (["mean", "std", "min", "p25", "median", "p75", "max"] as const).filter((k) => typeof stat[k] === "number");
  return (
    <div className="space-y-3" data-testid="regression-stats">
      <p className="text-sm text-slate-600">
        On {formatInt(stat.count)} holdout rows the predictions are off by {formatNumber(stat.mae)} on average (MAE); R² = {formatNumber(stat.r2)}
        {typeof stat.r2 === "number" && ` (the model explains ${formatPercent(Math.max(0, stat.r2), 0)} of the variation)`}.
      </p>
      {distribution.length > 0 && (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-sm">
            {/* Of the holdout rows, not the whole dataset: without saying so, a mean or a minimum unlike the
                dataset's looked wrong. */}
            <caption className="border-b border-slate-100 px-3 py-1.5 text-left text-xs text-slate-500">
              Actual {stat.field_name} on the {formatInt(stat.count)} holdout rows
            </caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {distribution.map((k) => (
                  <th key={k} scope="col" className="px-3 py-2 text-right font-semibold">
                    {k}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {distribution.map((k) => (
                  <td key={k} className="px-3 py-2 text-right tabular-nums">
                    {formatNumber(stat[k])}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function FieldStats({
  stats,
  report,
  positiveClass,
}: {
  stats: ClassStat[];
  report: FieldReportView | null;
  /** Two classes: the class the saved threshold is for (else the second class is positive). */
  positiveClass?: string;
}) {
  const regression = report?.task === "regression" || (stats.length === 1 && stats[0].class_name === undefined);
  const family = report?.model?.family;
  // Each leaderboard column with one number of decimals, one more than three significant digits of
  // its largest value needs, so that close candidates still differ ("0.8588" over "0.8520", not "0.852").
  const board = report?.leaderboard ?? [];
  const decimalsOf = (values: (number | undefined)[]) => Math.min(4, columnDecimals(values.filter((v): v is number => typeof v === "number")) + 1);
  const metricDecimals = decimalsOf(board.map((r) => r.metric));
  const lossDecimals = decimalsOf(board.map((r) => r.validLoss));
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {report?.task && <Badge tone="blue">{report.task}</Badge>}
        {family && <Badge>{familyLabel(family)}</Badge>}
        {/* One sentence, so that a narrow screen wraps it between words, never before a "·". */}
        <span>
          {[
            report?.rows?.holdout !== undefined &&
              `${formatInt(report.rows.holdout)} holdout rows of ${formatInt(report.rows.withTarget ?? report.rows.total)}`,
            report?.candidatesTried !== undefined && `${report.candidatesTried} candidates tried`,
            report?.secondsSpent !== undefined && formatSeconds(report.secondsSpent),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      <MetricTiles report={report} stats={stats} />
      {regression ? (
        stats[0] && <RegressionStats stat={stats[0]} />
      ) : (
        <>
          <ClassStatsTable stats={binaryPositiveFirst(stats, report?.classes, positiveClass)} />
          {report?.confusion && report.classes && <ConfusionMatrix classes={report.classes} matrix={report.confusion} positiveClass={positiveClass} />}
        </>
      )}
      {report?.leaderboard && report.leaderboard.length > 0 && (
        <details className="rounded-lg border border-slate-200 px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Leaderboard of candidates ({report.leaderboard.length})</summary>
          <table className="mt-3 min-w-full text-sm" data-testid="leaderboard">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  Model
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Validation metric
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Validation loss
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Rounds
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.leaderboard.slice(0, 25).map((row, i) => (
                <tr key={i}>
                  <td className="py-1">{row.family ? familyLabel(row.family) : "—"}</td>
                  <td className="py-1 text-right tabular-nums">{typeof row.metric === "number" ? formatFixed(row.metric, metricDecimals) : "—"}</td>
                  <td className="py-1 text-right tabular-nums">{typeof row.validLoss === "number" ? formatFixed(row.validLoss, lossDecimals) : "—"}</td>
                  <td className="py-1 text-right tabular-nums">{formatInt(row.rounds)}</td>
                  <td className="py-1 text-right tabular-nums">{formatSeconds(row.seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
