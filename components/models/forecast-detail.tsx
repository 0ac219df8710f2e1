"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  aggregateSummary,
  forecastCsv,
  forecastedQuantity,
  forecastTableCells,
  requestForecast,
  useForecast,
  type ForecastModelDetail,
  type ForecastReport,
  type ForecastStat,
} from "@/lib/client/forecast";
import { downloadFileName } from "@/lib/client/csv-download";
import { columnDecimals, formatDate, formatFixed, formatNumber, formatPercent } from "@/lib/client/format";
import { useDataset } from "@/lib/client/use-datasets";
import { useDeleteModel } from "@/lib/client/use-models";
import { errorText } from "@/lib/client/api";
import { wrapTitle } from "@/lib/client/plot-title";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorBanner, Skeleton } from "../ui/feedback";
import { Field, Select, TextInput } from "../ui/form";
import { ForecastChart } from "./forecast-chart";
import { Plot } from "../plot";

const DURATION_LABELS: Record<number, string> = { 10: "Fastest", 60: "High quality", 300: "Higher quality", 1800: "Production" };

function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function ForecastDetail({ detail }: { detail: ForecastModelDetail }) {
  const info = detail.model;
  const report = info.report as unknown as ForecastReport;
  const router = useRouter();
  const remove = useDeleteModel();
  const dataset = useDataset(info.dataset_id);
  const groups = [...new Set(detail.forecast.map((p) => p.group).filter((g): g is string => g !== undefined))];
  const [group, setGroup] = useState<string | undefined>(groups[0]);
  const [horizon, setHorizon] = useState(report.horizon ?? detail.forecast.length);
  const [draft, setDraft] = useState(String(report.horizon ?? 12));
  const [draftError, setDraftError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const forecast = useForecast(info.id, { horizon, group });
  const valueField = report.valueField ?? info.predict_fields[0];
  const quantity = forecastedQuantity(report, valueField);
  const combined = aggregateSummary(report);
  const stats = detail.stats[0] ?? [];
  const story = detail.data_story[0];
  const seriesSentences = story?.series?.find((s) => s.group === group)?.sentences;

  const further = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(draft);
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      setDraftError("A whole number of steps from 1 to 1000.");
      return;
    }
    setDraftError(null);
    setHorizon(n);
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const all = await requestForecast(info.id, { horizon });
      downloadText(downloadFileName(info.name, "_forecast.csv"), forecastCsv(all.forecast, report.groupField, valueField));
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };

  const history = forecast.data?.history?.[0];
  const points = forecast.data?.forecast ?? [];
  return (
    <div className="space-y-6" data-testid="forecast-detail">
      <div>
        <Link href="/models" className="text-sm text-slate-500 hover:text-slate-800 hover:underline print:hidden">
          ← Models
        </Link>
        <PageHeader
          title={info.name}
          description={
            <>
              Forecasts <strong className="font-medium text-slate-700">{quantity}</strong> by {report.dateField}
              {report.groupField ? `, one series per ${report.groupField}` : ""} from{" "}
              {dataset.data ? (
                <Link href={`/datasets/${info.dataset_id}`} className="text-brand-700 hover:underline">
                  {dataset.data.name}
                </Link>
              ) : (
                "a dataset"
              )}{" "}
              · {report.frequency} · {report.horizon} steps ahead · {DURATION_LABELS[info.duration] ?? `${info.duration} s`} · trained{" "}
              {formatDate(info.created_at)}
              {combined && (
                <span className="mt-1 block" data-testid="forecast-aggregate">
                  {combined}.
                </span>
              )}
            </>
          }
          actions={
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Delete model
            </Button>
          }
        />
      </div>

      <Card
        title={group !== undefined ? `Forecast of ${quantity} for ${report.groupField} = ${group}` : `Forecast of ${quantity}`}
        description="History, the backtest forecasts the model was chosen with, and the forecast with its 80% and 95% intervals."
        actions={
          <div className="flex flex-wrap items-end gap-3">
            {groups.length > 0 && (
              <div className="w-48">
                <Field label="Series" htmlFor="forecast-series">
                  <Select id="forecast-series" value={group} onChange={(e) => setGroup(e.target.value)} data-testid="forecast-series">
                    {groups.map((g) => (
                      <option key={g} value={g}>
                        {g}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
            )}
          </div>
        }
        testId="forecast-chart-card"
      >
        {forecast.error && !forecast.data ? (
          <ErrorBanner error={forecast.error} title="Could not compute the forecast" onRetry={() => forecast.refetch()} />
        ) : !forecast.data ? (
          <Skeleton className="h-96 w-full" />
        ) : (
          <ForecastChart
            history={history}
            forecast={points}
            valueField={valueField}
            label={`Forecast of ${valueField}: ${points.length} steps from ${points[0]?.date.slice(0, 10) ?? ""}, with 80% and 95% intervals`}
          />
        )}
        {history?.partial && (
          <p className="mt-2 text-sm text-slate-600" data-testid="forecast-partial">
            {history.partial.note}: its {report.aggregate?.rule ?? "total"} so far, {formatNumber(history.partial.value)}, is marked ◇ and was left out of the
            fit; the forecast starts with that period.
          </p>
        )}
        <form onSubmit={further} noValidate className="mt-4 flex flex-wrap items-end gap-3">
          <div className="w-40">
            <Field label="Forecast steps" htmlFor="forecast-steps" error={draftError}>
              <TextInput id="forecast-steps" type="number" min={1} max={1000} value={draft} onChange={(e) => setDraft(e.target.value)} />
            </Field>
          </div>
          <Button type="submit" variant="secondary" busy={forecast.isFetching} data-testid="forecast-further">
            Forecast further
          </Button>
          <Button type="button" variant="secondary" busy={downloading} onClick={download} data-testid="download-forecast">
            Download CSV
          </Button>
          {forecast.isFetching && <span className="text-sm text-slate-500">Computing…</span>}
        </form>
        <ErrorBanner error={forecast.data ? forecast.error : null} title="Could not forecast further" />
        <ErrorBanner error={downloadError ? new Error(errorText(downloadError)) : null} title="Could not download the forecast" />
        {points.length > 0 && <ForecastTable points={points} />}
      </Card>

      <Card
        title="Backtests"
        description="How the chosen model did on rolling-origin windows at the end of each series' history (the windows it was chosen with, so expect a little worse on new data)."
        testId="forecast-backtest"
      >
        <BacktestTable stats={stats} groupField={report.groupField} />
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card title="What drives the series" description="Share of the variation in the history (a decomposition into trend, cycles and the rest).">
          <ShareChart shares={detail.field_importance} />
        </Card>
        <Card title="Data story" description={`What moves ${valueField}, in plain words.`} testId="forecast-story">
          {story ? (
            <div className="space-y-3 text-sm text-slate-700">
              {story.sentences ? (
                <ul className="list-disc space-y-1 pl-5">
                  {story.sentences.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              ) : (
                story.summary && <p>{story.summary}</p>
              )}
              {seriesSentences && seriesSentences.length > 0 && (
                <div className="rounded-lg bg-slate-50 p-3">
                  <p className="mb-1 font-medium text-slate-800">
                    {report.groupField} = {group}
                  </p>
                  <ul className="list-disc space-y-1 pl-5">
                    {seriesSentences.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-500">No data story for this model.</p>
          )}
        </Card>
      </div>

      <ConfirmDialog
        open={confirming}
        title={`Delete “${info.name}”?`}
        confirmLabel="Delete model"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(info.id, { onSuccess: () => router.push("/models") })}
      >
        Scripts that call this model will get “not found”. The dataset stays.
      </ConfirmDialog>
    </div>
  );
}

function BacktestTable({ stats, groupField }: { stats: ForecastStat[]; groupField: string | null }) {
  if (!stats.length) return <p className="text-sm text-slate-500">No backtest statistics.</p>;
  // Each error column is one column of numbers: the same decimals down it ("6,227" and "11,396", not "6,226.8").
  const column = (pick: (s: ForecastStat) => number | null | undefined) => {
    const decimals = columnDecimals(stats.map(pick).filter((v): v is number => typeof v === "number"));
    return (s: ForecastStat) => {
      const v = pick(s);
      return typeof v === "number" && Number.isFinite(v) ? formatFixed(v, decimals) : "—";
    };
  };
  const mae = column((s) => s.mae);
  const rmse = column((s) => s.rmse);
  const mape = column((s) => s.mape);
  const mase = column((s) => s.mase);
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            {groupField && <th className="py-2 pr-4 font-medium">{groupField}</th>}
            <th className="py-2 pr-4 font-medium">Model</th>
            <th className="py-2 pr-4 text-right font-medium">MAE</th>
            <th className="py-2 pr-4 text-right font-medium">RMSE</th>
            <th className="py-2 pr-4 text-right font-medium">MAPE</th>
            <th className="py-2 pr-4 text-right font-medium" title="Error relative to repeating the last season: below 1 beats it">
              MASE
            </th>
            <th className="py-2 pr-4 text-right font-medium">80% coverage</th>
            <th className="py-2 pr-4 text-right font-medium">95% coverage</th>
            <th className="py-2 text-right font-medium">Windows</th>
          </tr>
        </thead>
        <tbody>
          {stats.map((s, i) => {
            const overall = s.group === undefined && stats.length > 1;
            return (
              <tr key={s.group ?? `overall-${i}`} className={`border-b border-slate-100 ${overall ? "font-medium text-slate-900" : "text-slate-700"}`}>
                {groupField && <td className="py-2 pr-4">{overall ? `all ${s.series ?? ""} series` : (s.group ?? "")}</td>}
                <td className="min-w-48 max-w-xs py-2 pr-4 text-slate-600">{overall ? "—" : (s.model ?? "—")}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{mae(s)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{rmse(s)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{s.mape === null || s.mape === undefined ? "—" : `${mape(s)}%`}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{mase(s)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatPercent(s.coverage_80, 0)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatPercent(s.coverage_95, 0)}</td>
                <td className="py-2 text-right tabular-nums">{s.windows}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ForecastTable({ points }: { points: { date: string; value: number; lower_80: number; upper_80: number; lower_95: number; upper_95: number }[] }) {
  const shown = points.slice(0, 200);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Forecast values ({points.length} steps)</summary>
      <div className="relative mt-2 max-h-80 overflow-auto">
        <table className="min-w-full text-sm" data-testid="forecast-table">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
              <th className="py-1 pr-4 font-medium">Date</th>
              <th className="py-1 pr-4 text-right font-medium">Forecast</th>
              <th className="py-1 pr-4 text-right font-medium">80% interval</th>
              <th className="py-1 text-right font-medium">95% interval</th>
            </tr>
          </thead>
          <tbody>
            {forecastTableCells(shown).map((cells, i) => (
              <tr key={shown[i].date} className="border-t border-slate-100 text-slate-700">
                <td className="py-1 pr-4">{cells.date}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{cells.value}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{cells.interval80}</td>
                <td className="py-1 text-right tabular-nums">{cells.interval95}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {points.length > shown.length && <p className="mt-2 text-xs text-slate-500">The first {shown.length} steps; the CSV has all of them.</p>}
      </div>
    </details>
  );
}

function ShareChart({ shares }: { shares: Record<string, number> }) {
  const entries = Object.entries(shares)
    .filter(([, v]) => v > 0)
    .sort((a, b) => a[1] - b[1]);
  if (!entries.length) return <p className="text-sm text-slate-500">No decomposition for this model.</p>;
  return (
    <Plot
      testId="forecast-drivers"
      label={`What drives the series: ${[...entries]
        .reverse()
        .map(([n, v]) => `${n} ${(v * 100).toFixed(0)}%`)
        .join(", ")}`}
      // Each bar as tall as its name's lines need (a three-line name crowded the bar under it).
      height={Math.max(200, entries.reduce((sum, [n]) => sum + Math.max(32, 15 * wrapTitle(n, 16).length + 10), 0) + 80)}
      figure={{
        data: [
          {
            type: "bar",
            orientation: "h",
            x: entries.map(([, v]) => v),
            // A long name ("Region (differences between series)") is broken into short lines: on a phone
            // Plotly caps the margin it grows for labels and would cut the name's start off.
            y: entries.map(([n]) => wrapTitle(n, 16).join("<br>")),
            customdata: entries.map(([n]) => n),
            marker: { color: "#2f6fed" },
            hovertemplate: "%{customdata}: %{x:.1%}<extra></extra>",
            text: entries.map(([, v]) => `${(v * 100).toFixed(1)}%`),
            textposition: "outside",
            cliponaxis: false,
          },
        ],
        layout: {
          xaxis: { tickformat: ".0%", title: { text: "Share of the variation" }, zeroline: false, gridcolor: "#e2e8f0" },
          yaxis: { automargin: true },
          margin: { l: 20, r: 50, t: 10, b: 50 },
        },
      }}
    />
  );
}
