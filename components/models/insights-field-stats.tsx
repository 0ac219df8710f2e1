"use client";
// Per-field statistics over the rows with a known target, with how the target varies by value.
import { Fragment, useState } from "react";
import { formatCount, formatInt, formatNumber, formatPercent } from "@/lib/client/format";
import type { FieldStat } from "@/lib/ml/insights";
import { Badge } from "../ui/feedback";

function summary(f: FieldStat): string {
  if (f.top) return f.top.map((t) => `${t.value} (${formatInt(t.count)})`).join(", ");
  if (f.min !== undefined) return `${formatNumber(f.min)} … ${formatNumber(f.median)} … ${formatNumber(f.max)}`;
  return "—";
}

export function InsightsFieldStats({
  stats,
  rateClass,
  task,
  target,
  flip,
}: {
  stats: FieldStat[];
  rateClass?: string;
  task: string;
  target: string;
  flip?: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const byLabel = task === "regression" ? `Average ${target}` : `Share of ${rateClass ?? "the first class"}`;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200" data-testid="field-stats">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Statistics of each input field</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {["Field", "Type", "Importance", "Missing", "Distinct", "Values (min … median … max, or most frequent)", ""].map((h, i) => (
              <th key={i} scope="col" className={`px-3 py-2 font-semibold ${i >= 2 && i <= 4 ? "text-right" : "text-left"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {stats.map((f) => (
            <Fragment key={f.field}>
              <tr>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
                  {f.field} {!f.used && <Badge tone="amber">not used{f.reason ? `: ${f.reason}` : ""}</Badge>}
                </th>
                <td className="px-3 py-2 text-slate-600">{f.type}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPercent(f.importance)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.count ? formatPercent(f.missing / f.count) : "—"}</td>
                <td className="px-3 py-2 text-right tabular-nums" title={f.distinctCapped ? "Counted in a sample of the rows" : undefined}>
                  {f.distinctCapped ? "≥ " : ""}
                  {formatInt(f.distinct)}
                </td>
                {/* Wrapped, not cut with an ellipsis: a title on hover is out of reach on a phone and in the
                    printed report ("Bank transfer (auto…"). */}
                <td className="max-w-md min-w-48 px-3 py-2 text-slate-600 [overflow-wrap:anywhere]" data-testid="field-values">
                  {summary(f)}
                </td>
                <td className="px-3 py-2 text-right print:hidden">
                  {f.byValue && f.byValue.length > 0 && (
                    <button
                      type="button"
                      className="text-xs font-medium text-brand-700 hover:underline"
                      aria-expanded={open === f.field}
                      onClick={() => setOpen(open === f.field ? null : f.field)}
                    >
                      {open === f.field ? "Hide" : `${task === "regression" ? "Average" : "Share"} by value`}
                    </button>
                  )}
                </td>
              </tr>
              {open === f.field && f.byValue && (
                <tr>
                  <td colSpan={7} className="bg-slate-50/60 px-3 py-3">
                    <p className="mb-2 text-xs text-slate-500">
                      {byLabel} for each value of {f.field} (rows with a known {target}).
                    </p>
                    <ul className="space-y-1">
                      {f.byValue.map((g) => {
                        const raw = task === "regression" ? (g.mean ?? 0) : (g.rates?.[0] ?? 0);
                        const v = flip && task !== "regression" ? 1 - raw : raw;
                        const max = task === "regression" ? Math.max(...f.byValue!.map((x) => Math.abs(x.mean ?? 0)), 1e-12) : 1;
                        return (
                          <li key={g.label} className="grid grid-cols-[minmax(6rem,14rem)_1fr_6rem_5rem] items-center gap-2 text-xs">
                            <span className="truncate text-slate-700" title={g.label}>
                              {g.label}
                            </span>
                            <span className="h-2 rounded-full bg-slate-200" aria-hidden>
                              <span className="block h-2 rounded-full bg-brand-500" style={{ width: `${Math.min(100, (Math.abs(v) / max) * 100)}%` }} />
                            </span>
                            <span className="text-right tabular-nums">{task === "regression" ? formatNumber(v) : formatPercent(v)}</span>
                            <span className="text-right tabular-nums text-slate-500">{formatCount(g.count, "row")}</span>
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
