"use client";
// Forecast models as the web app reads them: the result fields of a forecast model, the
// forecast endpoint (with history for charts), and the CSV download.
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { csvText } from "./csv-download";
import { columnNumberFormatter } from "./format";
import type { ForecastHistoryJson, ForecastPointJson, ForecastResponse, ForecastStatJson } from "@/lib/schemas/forecasts";
import type { ModelDetail } from "./types";

// The API's own shapes (lib/schemas, from which the OpenAPI document is generated).
export type ForecastPoint = ForecastPointJson;
export type ForecastStat = ForecastStatJson;
export type ForecastHistory = ForecastHistoryJson;
export type { ForecastResponse };

export interface ForecastStoryOutcome {
  outcome: string;
  text?: string;
  causes: { field: string; top_value: string; bottom_value: string }[];
  top_case: number;
  avg_case: number;
  bottom_case: number;
}

export interface ForecastStory {
  name: string;
  type: string;
  summary?: string;
  sentences?: string[];
  outcomes: ForecastStoryOutcome[];
  series?: { group: string; sentences: string[] }[];
}

export interface ForecastReport {
  kind: "forecast";
  horizon: number;
  dateField: string;
  valueField: string;
  groupField: string | null;
  frequency: string;
  /** Rows combined per period before forecasting (forecast.aggregate). */
  aggregate?: { rule: "sum" | "mean" | "count" | "min" | "max"; period: string; detected: boolean; rows: number; emptyPeriods: number };
  notes: string[];
  seriesCount?: number;
  series: { group: string | null; method: string; points: number; filled: number }[];
}

export interface ForecastModelDetail extends Omit<ModelDetail, "stats" | "data_story"> {
  stats: ForecastStat[][];
  data_story: ForecastStory[];
  forecast: ForecastPoint[];
}

export function isForecastModel(detail: ModelDetail): detail is ForecastModelDetail & ModelDetail {
  return (detail.model.report as { kind?: string } | undefined)?.kind === "forecast" || Array.isArray((detail as { forecast?: unknown }).forecast);
}

export function requestForecast(modelId: string, body: { horizon?: number; group?: string; include_history?: boolean }, signal?: AbortSignal) {
  return apiFetch<ForecastResponse>(`/api/v1/models/${encodeURIComponent(modelId)}/forecast`, { method: "POST", body, signal });
}

/** The forecast (and history) of one series, refetched when the horizon or series changes. */
export function useForecast(modelId: string, options: { horizon: number; group?: string }) {
  return useQuery({
    queryKey: ["models", modelId, "forecast", options.horizon, options.group ?? null],
    queryFn: ({ signal }) => requestForecast(modelId, { horizon: options.horizon, group: options.group, include_history: true }, signal),
    staleTime: Infinity, // a stored model's forecast never changes
    placeholderData: (previous) => previous,
  });
}

const MIDNIGHT_UTC = /T00:00(:00(\.0+)?)?Z$/;

/**
 * The forecast as CSV: date, the group field (when there are series), value and both intervals.
 * Dates are written as the day (2024-01-01) when every point falls on midnight UTC (daily, weekly,
 * monthly... series), as spreadsheets read them; otherwise as full timestamps.
 */
export function forecastCsv(points: ForecastPoint[], groupField: string | null, valueField: string): string {
  const withGroup = groupField !== null && points.some((p) => p.group !== undefined);
  const dayOnly = points.length > 0 && points.every((p) => MIDNIGHT_UTC.test(p.date));
  const header = ["date", ...(withGroup ? [groupField] : []), valueField, "lower_80", "upper_80", "lower_95", "upper_95"];
  const lines = points.map((p) => [
    dayOnly ? p.date.slice(0, 10) : p.date,
    ...(withGroup ? [p.group ?? ""] : []),
    p.value,
    p.lower_80,
    p.upper_80,
    p.lower_95,
    p.upper_95,
  ]);
  return csvText(header, lines);
}

/** The forecasted quantity in words: "Sales", "sum of Sales per month", "rows per week" (count of the date field). */
export function forecastedQuantity(report: Pick<ForecastReport, "aggregate" | "dateField">, valueField: string): string {
  const a = report.aggregate;
  if (!a) return valueField;
  if (a.rule === "count") return valueField === report.dateField ? `rows per ${a.period}` : `rows with a ${valueField} per ${a.period}`;
  const word = { sum: "sum", mean: "average", min: "smallest", max: "largest" }[a.rule];
  return `${word} of ${valueField} per ${a.period}`;
}

/** How the rows were combined, for the model page: "Rows combined per month (sum; 2 months without rows count as 0)". */
export function aggregateSummary(report: Pick<ForecastReport, "aggregate">): string | null {
  const a = report.aggregate;
  if (!a) return null;
  const empty = a.emptyPeriods
    ? `; ${a.emptyPeriods.toLocaleString("en-US")} ${a.period}${a.emptyPeriods === 1 ? "" : "s"} without rows ${a.rule === "sum" || a.rule === "count" ? `count${a.emptyPeriods === 1 ? "s" : ""} as 0` : `filled in`}`
    : "";
  return `${a.rows.toLocaleString("en-US")} rows combined per ${a.period}${a.period === "week" ? " (Monday to Sunday, UTC)" : " (UTC)"} by ${a.rule}${a.detected ? `, the ${a.period} detected from the dates` : ""}${empty}`;
}

/**
 * The forecast table's cells: one number of decimals for every figure of the table (forecast and
 * bounds are one quantity), so that "26,581.0" sits under "26,442.6" rather than "26,581".
 */
export function forecastTableCells(points: Pick<ForecastPoint, "date" | "value" | "lower_80" | "upper_80" | "lower_95" | "upper_95">[]) {
  const format = columnNumberFormatter(points.flatMap((p) => [p.value, p.lower_80, p.upper_80, p.lower_95, p.upper_95]));
  return points.map((p) => ({
    date: p.date.slice(0, 16).replace("T00:00", "").replace("T", " "),
    value: format(p.value),
    interval80: `${format(p.lower_80)} – ${format(p.upper_80)}`,
    interval95: `${format(p.lower_95)} – ${format(p.upper_95)}`,
  }));
}
