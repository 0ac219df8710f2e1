// Forecasting: the `forecast` object of a training request (checked against the data before a
// task is queued, so every data problem is a 422 naming what to fix), the task a worker runs,
// and forecasts computed from a stored forecast model (POST /api/v1/models/{id}/forecast).
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound, unprocessable, validationError, type ValidationIssue } from "@/lib/errors";
// The web process needs the input checks and the stored-model forecasts, not the trainer.
import { ForecastError } from "@/lib/forecast/errors";
import { ForecastModel, MAX_HORIZON } from "@/lib/forecast/model";
import { MAX_FORECAST_POINTS, prepareSeries, type PrepareOptions, type SeriesColumns } from "@/lib/forecast/prepare";
import type { Column, FieldSchema, Table } from "@/lib/table/types";
import { parseDate } from "@/lib/table/values";
import { FORECAST_AGGREGATES, FORECAST_FREQUENCIES, type ForecastSpec } from "@/lib/schemas/forecasts";
import { datasetStore, readModelArtifact } from "./storage";

/** How a forecast task names its fields (camelCase inside the task payload). */
export const forecastPayloadSchema = z.object({
  dateField: z.string(),
  horizon: z.number().int().min(1).max(MAX_HORIZON),
  groupField: z.string().optional(),
  /** Rows combined per period first (forecast.aggregate / forecast.frequency). */
  aggregate: z.enum(FORECAST_AGGREGATES).optional(),
  frequency: z.enum(FORECAST_FREQUENCIES).optional(),
});
export type ForecastPayload = z.infer<typeof forecastPayloadSchema>;

const issue = (field: string, msg: string): ValidationIssue => ({ loc: ["body", "forecast", field], msg, type: "value_error" });

/** Field-level checks of a forecast request against the dataset schema (no data read). */
function checkFields(fields: FieldSchema[], valueField: string, spec: ForecastSpec): ValidationIssue[] {
  const names = fields.map((f) => f.name);
  const known = (name: string) => names.includes(name);
  const list = names.join(", ");
  const issues: ValidationIssue[] = [];
  if (!known(spec.date_field))
    issues.push(issue("date_field", `Unknown field "${spec.date_field}". Field names are case sensitive; the dataset has: ${list}.`));
  if (spec.group_field !== undefined && !known(spec.group_field))
    issues.push(issue("group_field", `Unknown field "${spec.group_field}". Field names are case sensitive; the dataset has: ${list}.`));
  if (spec.frequency !== undefined && spec.aggregate === undefined)
    issues.push(
      issue(
        "frequency",
        `forecast.frequency combines rows per period and needs a rule: add forecast.aggregate ("sum", "mean", "count", "min" or "max"). Without aggregate the period is read from the dates.`,
      ),
    );
  // Counting rows needs no numeric value: predict_fields may name the date field (every dated row counts).
  if (spec.date_field === valueField && spec.aggregate !== "count")
    issues.push(
      issue(
        "date_field",
        `"${valueField}" is the value to forecast; forecast.date_field must be another field, the dates (only forecast.aggregate "count" may count the rows of the date field itself).`,
      ),
    );
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
      issue(
        "date_field",
        `Field "${field}" does not parse as dates: it holds numbers (for example ${example}). Use a field with dates such as 2024-01-31, 2024-01-31T10:00:00Z, 2024-01 or 1/31/2024 (whole years from 1000 to 2999 also work).`,
      ),
    ]);
  }
  const parsed = column.dictionary.map((text) => parseDate(text));
  const bad = column.dictionary.filter((_, k) => Number.isNaN(parsed[k]));
  if (bad.length) {
    const shown = bad
      .slice(0, 3)
      .map((b) => JSON.stringify(b))
      .join(", ");
    throw validationError([
      issue(
        "date_field",
        `Field "${field}" does not parse as dates: ${shown}${bad.length > 3 ? ` and ${bad.length - 3} more values` : ""} ${bad.length === 1 ? "is" : "are"} not a date. Use dates such as 2024-01-31, 2024-01-31T10:00:00Z, 2024-01 or 1/31/2024.`,
      ),
    ]);
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = column.codes[i] < 0 ? NaN : parsed[column.codes[i]];
  return out;
}

function numericValues(column: Column, field: string): Float64Array {
  if (column.kind === "number" && column.type !== "date") return column.values;
  const kind = column.kind === "number" ? "dates" : column.type === "category" ? "categories" : column.type === "id" ? "identifiers" : "text";
  const example =
    column.kind === "text"
      ? column.dictionary
          .slice(0, 2)
          .map((v) => JSON.stringify(v))
          .join(", ")
      : "";
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

/** 1 where the row has a value, NaN where it is missing (what forecast.aggregate "count" counts). */
function presenceValues(column: Column): Float64Array {
  if (column.kind === "number") return column.values.map((v) => (Number.isNaN(v) ? NaN : 1));
  return Float64Array.from(column.codes, (c) => (c < 0 ? NaN : 1));
}

/** The series columns of a forecast request, from a table holding (at least) its fields. */
export function seriesColumns(table: Table, valueField: string, spec: ForecastPayload): SeriesColumns {
  const column = (name: string) => {
    const c = table.columns.find((col) => col.name === name);
    if (!c) throw new AppError("bad_request", `The dataset no longer has the field "${name}".`);
    return c;
  };
  return {
    values: spec.aggregate === "count" ? presenceValues(column(valueField)) : numericValues(column(valueField), valueField),
    dates: dateValues(column(spec.dateField), spec.dateField),
    groups: spec.groupField ? groupValues(column(spec.groupField)) : null,
  };
}

/** The engine's aggregate option of a forecast payload (undefined: rows are taken as they are). */
export function aggregateOption(payload: ForecastPayload): PrepareOptions["aggregate"] {
  return payload.aggregate ? { rule: payload.aggregate, ...(payload.frequency ? { frequency: payload.frequency } : {}) } : undefined;
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

export async function checkForecastRequest(options: {
  datasetId: string;
  rows: number;
  fields: FieldSchema[];
  predictFields: string[];
  spec: ForecastSpec;
}): Promise<ForecastPayload> {
  const { predictFields, spec } = options;
  if (predictFields.length !== 1) {
    throw validationError([
      {
        loc: ["body", "predict_fields"],
        msg: `A forecast predicts one numeric field: send exactly one name in predict_fields (got ${predictFields.length}).`,
        type: "value_error",
      },
    ]);
  }
  const valueField = predictFields[0];
  const issues = checkFields(options.fields, valueField, spec);
  if (issues.length) throw validationError(issues);
  const payload: ForecastPayload = {
    dateField: spec.date_field,
    horizon: spec.horizon,
    ...(spec.group_field ? { groupField: spec.group_field } : {}),
    ...(spec.aggregate ? { aggregate: spec.aggregate } : {}),
    ...(spec.frequency ? { frequency: spec.frequency } : {}),
  };
  if (options.rows > FORECAST_CHECK_MAX_ROWS) return payload;
  const wanted = [...new Set([valueField, spec.date_field, ...(spec.group_field ? [spec.group_field] : [])])];
  const { table } = await datasetStore().snapshot(options.datasetId, { fields: wanted });
  const columns = seriesColumns(table, valueField, payload);
  try {
    prepareSeries(columns, {
      horizon: spec.horizon,
      dateField: spec.date_field,
      valueField,
      groupField: spec.group_field,
      aggregate: aggregateOption(payload),
    });
  } catch (error) {
    if (error instanceof ForecastError) throw forecastErrorToValidation(error);
    throw error;
  }
  return payload;
}

// Loaded forecast models by artifact (one per version), most recently used last. An artifact never
// changes (a retrain writes a new one), so entries never go stale.
const CACHE_SIZE = 16;
const cache: Map<string, Promise<ForecastModel>> = ((globalThis as { __forecastModelCache?: Map<string, Promise<ForecastModel>> }).__forecastModelCache ??=
  new Map());

async function loadForecastModel(artifactPath: string): Promise<ForecastModel> {
  let entry = cache.get(artifactPath);
  if (entry) {
    cache.delete(artifactPath);
    cache.set(artifactPath, entry);
    return entry;
  }
  entry = readModelArtifact(artifactPath).then((bytes) => ForecastModel.load(bytes));
  cache.set(artifactPath, entry);
  entry.catch(() => cache.delete(artifactPath));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

/** Drops a loaded forecast artifact from this process's cache (its model or version was deleted). */
export function forgetForecastArtifact(artifactPath: string): void {
  cache.delete(artifactPath);
}

/** Most history points one forecast answer carries (include_history without a group). */
const MAX_HISTORY_POINTS = 200_000;

/** The report of a forecast model starts with this text (written by the worker, kind first). */
export const FORECAST_REPORT_PREFIX = '{"kind":"forecast"';

export function isForecastReport(report: string): boolean {
  return report.startsWith(FORECAST_REPORT_PREFIX);
}

/** A forecast model's settings from its stored report (retrains reuse them); undefined for row models. */
export function forecastSettingsOf(report: string): ForecastPayload | undefined {
  if (!isForecastReport(report)) return undefined;
  const parsed = JSON.parse(report) as { dateField?: unknown; groupField?: unknown; horizon?: unknown; aggregate?: { rule?: unknown; period?: unknown } };
  // A retrain combines rows by the same rule and the period the model was trained with (even if it was detected).
  return forecastPayloadSchema.parse({
    dateField: parsed.dateField,
    horizon: parsed.horizon,
    ...(typeof parsed.groupField === "string" ? { groupField: parsed.groupField } : {}),
    ...(parsed.aggregate ? { aggregate: parsed.aggregate.rule, frequency: parsed.aggregate.period } : {}),
  });
}

/**
 * Row predictions asked of a forecast model: a well-formed request this model cannot answer, so
 * 422 in both APIs (legacy clients get the message), pointing to the forecast endpoint.
 */
export function forecastModelCannotPredict(modelId: string): AppError {
  return unprocessable([
    {
      loc: ["path", "model_id"],
      msg: `Model "${modelId}" is a forecast model: it forecasts future values of a series instead of predicting rows. Call POST /api/v1/models/${modelId}/forecast with {"horizon": <steps>} (X-API-Key header) to get its forecast.`,
      type: "value_error",
    },
  ]);
}

/** Series forecast between pauses: the web process serves other requests meanwhile. */
const SERIES_PER_SLICE = 100;

export async function forecastFromModel(options: {
  teamId: string;
  modelId: string;
  horizon?: number;
  group?: string;
  includeHistory?: boolean;
  signal?: AbortSignal;
}) {
  const record = await db.model.findFirst({ where: { id: options.modelId, teamId: options.teamId }, select: { id: true, artifactPath: true, report: true } });
  if (!record) throw notFound(`Model "${options.modelId}"`);
  if (!isForecastReport(record.report)) {
    throw unprocessable([
      {
        loc: ["path", "model_id"],
        msg: `Model "${record.id}" predicts rows, it is not a forecast: call POST /api/v1/models/${record.id}/predict with {"data": [...]} instead.`,
        type: "value_error",
      },
    ]);
  }
  const model = await loadForecastModel(record.artifactPath);
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
      {
        loc: ["body", "include_history"],
        msg: `The history of all ${count} series holds more than ${MAX_HISTORY_POINTS.toLocaleString("en-US")} points: ask for one series with "group".`,
        type: "value_error",
      },
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
