// Forecasting: the `forecast` object of a training request (checked against the data before a
// task is queued, so every data problem is a 422 naming what to fix), the task a worker runs,
// and forecasts computed from a stored forecast model (POST /api/v1/models/{id}/forecast).
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound, validationError, type ValidationIssue } from "@/lib/errors";
// The web process needs the input checks and the stored-model forecasts, not the trainer.
import { ForecastError } from "@/lib/forecast/errors";
import { ForecastModel, MAX_HORIZON } from "@/lib/forecast/model";
import { MAX_FORECAST_POINTS, prepareSeries, type SeriesColumns } from "@/lib/forecast/prepare";
import type { Column, FieldSchema, Table } from "@/lib/table/types";
import { parseDate } from "@/lib/table/values";
import { datasetStore, readModelArtifact } from "./storage";

/** The `forecast` object of POST /api/v1/models/train/new. */
export const forecastSpecSchema = z
  .object({
    date_field: z.string({ message: "forecast.date_field must be the name of the date field (string)" }).min(1, "forecast.date_field must not be empty"),
    horizon: z
      .number({ message: `forecast.horizon must be a whole number of future steps from 1 to ${MAX_HORIZON}` })
      .int(`forecast.horizon must be a whole number of future steps from 1 to ${MAX_HORIZON}`)
      .min(1, `forecast.horizon must be at least 1 (future steps to forecast)`)
      .max(MAX_HORIZON, `forecast.horizon must be at most ${MAX_HORIZON} steps`),
    group_field: z.string({ message: "forecast.group_field must be a field name (string)" }).min(1, "forecast.group_field must not be empty").optional(),
  })
  .meta({
    id: "ForecastSpec",
    description:
      "Train a forecast instead of a row-wise model (extension): predict_fields names the one numeric value to forecast, date_field its dates, group_field (optional) splits the table into one series per distinct value.",
  });

export type ForecastSpec = z.infer<typeof forecastSpecSchema>;

/** How a forecast task names its fields (camelCase inside the task payload). */
export const forecastPayloadSchema = z.object({ dateField: z.string(), horizon: z.number().int().min(1).max(MAX_HORIZON), groupField: z.string().optional() });
export type ForecastPayload = z.infer<typeof forecastPayloadSchema>;

/** The body of POST /api/v1/models/{model_id}/forecast; an empty body means all defaults. */
export const forecastRequestSchema = z
  .object({
    horizon: z
      .number({ message: `horizon must be a whole number of future steps from 1 to ${MAX_HORIZON}` })
      .int(`horizon must be a whole number of future steps from 1 to ${MAX_HORIZON}`)
      .min(1, "horizon must be at least 1")
      .max(MAX_HORIZON, `horizon must be at most ${MAX_HORIZON}`)
      .optional()
      .meta({ description: "Future steps; default: the horizon the model was trained with." }),
    group: z.string({ message: "group must be one series' value of the group field (string)" }).optional().meta({ description: "Only this series (a value of the model's group field)." }),
    include_history: z.boolean({ message: "include_history must be true or false" }).optional().default(false).meta({ description: "Also answer the history and the backtest forecasts (for charts)." }),
  })
  .meta({ id: "ForecastRequest" });

const issue = (field: string, msg: string): ValidationIssue => ({ loc: ["body", "forecast", field], msg, type: "value_error" });

/** Field-level checks of a forecast request against the dataset schema (no data read). */
function checkFields(fields: FieldSchema[], valueField: string, spec: ForecastSpec): ValidationIssue[] {
  const names = fields.map((f) => f.name);
  const known = (name: string) => names.includes(name);
  const list = names.join(", ");
  const issues: ValidationIssue[] = [];
  if (!known(spec.date_field)) issues.push(issue("date_field", `Unknown field "${spec.date_field}". Field names are case sensitive; the dataset has: ${list}.`));
  if (spec.group_field !== undefined && !known(spec.group_field)) issues.push(issue("group_field", `Unknown field "${spec.group_field}". Field names are case sensitive; the dataset has: ${list}.`));
  if (spec.date_field === valueField) issues.push(issue("date_field", `"${valueField}" is the value to forecast; forecast.date_field must be another field, the dates.`));
  if (spec.group_field !== undefined && (spec.group_field === valueField || spec.group_field === spec.date_field)) {
    issues.push(issue("group_field", `forecast.group_field must differ from the value ("${valueField}") and the date field ("${spec.date_field}").`));
  }
  return issues;
}

const isYear = (v: number) => Number.isInteger(v) && v >= 1000 && v <= 2999;

/** The date column as epoch ms, or a 422 that says why it is not dates. */
function dateValues(column: Column, field: string): Float64Array {
  const n = column.kind === "number" ? column.values.length : column.codes.length;
  if (column.kind === "number") {
    if (column.type === "date") return column.values;
    // Whole numbers between 1000 and 2999 are years (a yearly series).
    let ok = true;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      const v = column.values[i];
      if (Number.isNaN(v)) continue;
      seen++;
      if (!isYear(v)) {
        ok = false;
        break;
      }
    }
    if (ok && seen) return column.values.map((v) => (Number.isNaN(v) ? NaN : Date.UTC(v, 0, 1)));
    const example = column.values.find((v) => !Number.isNaN(v) && !isYear(v));
    throw validationError([
      issue("date_field", `Field "${field}" does not parse as dates: it holds numbers (for example ${example}). Use a field with dates such as 2024-01-31, 2024-01-31T10:00:00Z, 2024-01 or 1/31/2024 (whole years from 1000 to 2999 also work).`),
    ]);
  }
  const parsed = column.dictionary.map((text) => parseDate(text));
  const bad = column.dictionary.filter((_, k) => Number.isNaN(parsed[k]));
  if (bad.length) {
    const shown = bad.slice(0, 3).map((b) => JSON.stringify(b)).join(", ");
    throw validationError([
      issue("date_field", `Field "${field}" does not parse as dates: ${shown}${bad.length > 3 ? ` and ${bad.length - 3} more values` : ""} ${bad.length === 1 ? "is" : "are"} not a date. Use dates such as 2024-01-31, 2024-01-31T10:00:00Z, 2024-01 or 1/31/2024.`),
    ]);
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = column.codes[i] < 0 ? NaN : parsed[column.codes[i]];
  return out;
}

function numericValues(column: Column, field: string): Float64Array {
  if (column.kind === "number" && column.type !== "date") return column.values;
  const kind = column.kind === "number" ? "dates" : column.type === "category" ? "categories" : column.type === "id" ? "identifiers" : "text";
  const example = column.kind === "text" ? column.dictionary.slice(0, 2).map((v) => JSON.stringify(v)).join(", ") : "";
  throw validationError([
    {
      loc: ["body", "predict_fields", 0],
      msg: `"${field}" is not numeric (its values are ${kind}${example ? ` such as ${example}` : ""}): a forecast needs a numeric value field. If it holds numbers with a few stray texts, set its type to float (POST /v1/datasets with "fields") and train again.`,
      type: "value_error",
    },
  ]);
}

function groupValues(column: Column): SeriesColumns["groups"] {
  if (column.kind === "text") return { codes: column.codes, dictionary: column.dictionary };
  // A numeric group field: one series per distinct number.
  const dictionary: string[] = [];
  const index = new Map<number, number>();
  const codes = new Int32Array(column.values.length);
  column.values.forEach((v, i) => {
    if (Number.isNaN(v)) {
      codes[i] = -1;
      return;
    }
    let c = index.get(v);
    if (c === undefined) {
      c = dictionary.length;
      index.set(v, c);
      dictionary.push(column.type === "date" ? new Date(v).toISOString() : String(v));
    }
    codes[i] = c;
  });
  return { codes, dictionary };
}

/** The series columns of a forecast request, from a table holding (at least) its fields. */
export function seriesColumns(table: Table, valueField: string, spec: ForecastPayload): SeriesColumns {
  const column = (name: string) => {
    const c = table.columns.find((col) => col.name === name);
    if (!c) throw new AppError("bad_request", `The dataset no longer has the field "${name}".`);
    return c;
  };
  return {
    values: numericValues(column(valueField), valueField),
    dates: dateValues(column(spec.dateField), spec.dateField),
    groups: spec.groupField ? groupValues(column(spec.groupField)) : null,
  };
}

/** ForecastError (from the engine's checks) -> 422 pointing at the request field at fault. */
export function forecastErrorToValidation(error: ForecastError): AppError {
  const field = error.field ?? "date_field";
  return validationError([{ loc: ["body", "forecast", field], msg: error.message, type: "value_error" }]);
}

/**
 * Checks a forecast training request against the dataset's rows (dates parse, numeric values, no
 * duplicated timestamps, enough points per series), as the worker will see them.
 */
/**
 * Above this many rows the data checks run in the worker only (its task then fails with the same
 * message): reading and sorting tens of millions of values has no place in a web request.
 */
export const FORECAST_CHECK_MAX_ROWS = 2_000_000;

export async function checkForecastRequest(options: { datasetId: string; rows: number; fields: FieldSchema[]; predictFields: string[]; spec: ForecastSpec }): Promise<ForecastPayload> {
  const { predictFields, spec } = options;
  if (predictFields.length !== 1) {
    throw validationError([{ loc: ["body", "predict_fields"], msg: `A forecast predicts one numeric field: send exactly one name in predict_fields (got ${predictFields.length}).`, type: "value_error" }]);
  }
  const valueField = predictFields[0];
  const issues = checkFields(options.fields, valueField, spec);
  if (issues.length) throw validationError(issues);
  const payload: ForecastPayload = { dateField: spec.date_field, horizon: spec.horizon, ...(spec.group_field ? { groupField: spec.group_field } : {}) };
  if (options.rows > FORECAST_CHECK_MAX_ROWS) return payload;
  const wanted = [valueField, spec.date_field, ...(spec.group_field ? [spec.group_field] : [])];
  const { table } = await datasetStore().snapshot(options.datasetId, { fields: wanted });
  const columns = seriesColumns(table, valueField, payload);
  try {
    prepareSeries(columns, { horizon: spec.horizon, dateField: spec.date_field, valueField, groupField: spec.group_field });
  } catch (error) {
    if (error instanceof ForecastError) throw forecastErrorToValidation(error);
    throw error;
  }
  return payload;
}

// Loaded forecast models, most recently used last (a model never changes, so entries never go stale).
const CACHE_SIZE = 16;
const cache: Map<string, Promise<ForecastModel>> = ((globalThis as { __forecastModelCache?: Map<string, Promise<ForecastModel>> }).__forecastModelCache ??= new Map());

async function loadForecastModel(modelId: string, artifactPath: string): Promise<ForecastModel> {
  let entry = cache.get(modelId);
  if (entry) {
    cache.delete(modelId);
    cache.set(modelId, entry);
    return entry;
  }
  entry = readModelArtifact(artifactPath).then((bytes) => ForecastModel.load(bytes));
  cache.set(modelId, entry);
  entry.catch(() => cache.delete(modelId));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

export function forgetForecastModel(modelId: string): void {
  cache.delete(modelId);
}

/** Most history points one forecast answer carries (include_history without a group). */
const MAX_HISTORY_POINTS = 200_000;

/** The report of a forecast model starts with this text (written by the worker, kind first). */
export const FORECAST_REPORT_PREFIX = '{"kind":"forecast"';

export function isForecastReport(report: string): boolean {
  return report.startsWith(FORECAST_REPORT_PREFIX);
}

/** Series forecast between pauses: the web process serves other requests meanwhile. */
const SERIES_PER_SLICE = 100;

export async function forecastFromModel(options: { teamId: string; modelId: string; horizon?: number; group?: string; includeHistory?: boolean; signal?: AbortSignal }) {
  const record = await db.model.findFirst({ where: { id: options.modelId, teamId: options.teamId }, select: { id: true, artifactPath: true, report: true } });
  if (!record) throw notFound(`Model "${options.modelId}"`);
  if (!isForecastReport(record.report)) {
    throw new AppError("bad_request", `Model "${record.id}" predicts rows, it is not a forecast: call POST /api/v1/models/${record.id}/predict with {"data": [...]} instead.`);
  }
  const model = await loadForecastModel(record.id, record.artifactPath);
  const horizon = options.horizon ?? model.horizon;
  const count = options.group === undefined ? model.seriesKeys().length : 1;
  if (count * horizon > MAX_FORECAST_POINTS) {
    throw validationError([
      {
        loc: ["body", "horizon"],
        msg: `${count} series x horizon ${horizon} = ${(count * horizon).toLocaleString("en-US")} points; at most ${MAX_FORECAST_POINTS.toLocaleString("en-US")} per request. Lower the horizon or ask for one series with "group".`,
        type: "value_error",
      },
    ]);
  }
  if (options.includeHistory && options.group === undefined && model.historyPoints() > MAX_HISTORY_POINTS) {
    throw validationError([
      { loc: ["body", "include_history"], msg: `The history of all ${count} series holds more than ${MAX_HISTORY_POINTS.toLocaleString("en-US")} points: ask for one series with "group".`, type: "value_error" },
    ]);
  }
  try {
    const indexes = model.seriesIndexes(options.group);
    const forecast = [];
    for (let k = 0; k < indexes.length; k++) {
      if (k > 0 && k % SERIES_PER_SLICE === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (options.signal?.aborted) throw new AppError("bad_request", "The request was cancelled by the client.");
      }
      forecast.push(...model.forecastSeries(indexes[k], horizon));
    }
    return { model_id: record.id, horizon, forecast, ...(options.includeHistory ? { history: model.history(options.group) } : {}) };
  } catch (error) {
    if (error instanceof ForecastError) throw validationError([{ loc: ["body", error.field ?? "horizon"], msg: error.message, type: "value_error" }]);
    throw error;
  }
}
