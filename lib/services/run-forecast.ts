// What a worker does with a forecast task: read the value, date and group columns and run the
// forecasting engine with the task's budget. run-training.ts stores the outcome like any other
// training (a versioned artifact, saved in the transaction that completes the task).
import { ForecastError, trainForecast } from "@/lib/forecast";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";
import { AppError } from "@/lib/errors";
import { trainThreads } from "@/lib/env";
import { aggregateOption, seriesColumns, type ForecastPayload } from "./forecasts";
import type { TrainedOutcome } from "./run-training";
import { datasetStore, isStorageUnavailable, withStorageRetry } from "./storage";
import type { TrainTaskPayload } from "./training";

/** Per-series details kept in the model's report (the web page); the result has every series. */
const REPORT_SERIES = 200;

export async function runForecastTask(
  payload: TrainTaskPayload & { forecast: ForecastPayload },
  context: TaskContext,
  dataset: { id: string; name: string },
): Promise<TrainedOutcome> {
  const valueField = payload.predictFields[0];
  const spec = payload.forecast;
  const wanted = [...new Set([valueField, spec.dateField, ...(spec.groupField ? [spec.groupField] : [])])];
  const { info, table } = await withStorageRetry(
    async () => {
      const current = await datasetStore().info(dataset.id);
      if (current.rowCount === 0)
        throw new UserFacingTaskError(`Dataset "${dataset.name}" has no rows. Add rows (POST /v1/datasets with "id" and "rows") and train again.`);
      const missing = wanted.filter((f) => !current.fields.some((field) => field.name === f));
      if (missing.length) throw new UserFacingTaskError(`The dataset no longer has the field(s) ${missing.join(", ")}. Check the field names and train again.`);
      return datasetStore().snapshot(dataset.id, { fields: wanted });
    },
    { waitMs: 60_000, signal: context.signal, onWait: () => context.progress(0, null, "Waiting for dataset storage") },
  ).catch((error) => {
    if (isStorageUnavailable(error))
      throw new UserFacingTaskError(
        `${error.message.replace(/ Nothing was changed;.*$/, "")} The dataset could not be loaded; submit the training again in a minute.`,
      );
    throw error;
  });
  let outcome;
  try {
    const columns = seriesColumns(table, valueField, spec);
    outcome = await trainForecast({
      columns,
      dateField: spec.dateField,
      valueField,
      groupField: spec.groupField,
      horizon: spec.horizon,
      aggregate: aggregateOption(spec),
      budgetSeconds: payload.duration,
      threads: trainThreads(),
      onProgress: (p) => context.progress(p.fraction, p.estimateSecondsLeft, p.message),
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (error instanceof ForecastError) throw new UserFacingTaskError(error.message);
    // The data changed since the request was checked (a 422 then): say what is wrong now.
    if (error instanceof AppError) throw new UserFacingTaskError(error.issues?.map((i) => i.msg).join(" ") ?? error.message);
    throw error;
  }
  return {
    artifact: outcome.artifact,
    result: outcome.result,
    // "kind" first: listings tell forecast models apart by this prefix without parsing (forecasts.ts).
    report: { ...outcome.report, series: outcome.report.series.slice(0, REPORT_SERIES), seriesCount: outcome.report.series.length },
    datasetVersion: info.version,
    name: `${dataset.name}: forecast of ${forecastedQuantity(valueField, spec.dateField, outcome.report.aggregate)}${spec.groupField ? ` by ${spec.groupField}` : ""}`,
  };
}

/** "Sales", "Sales (sum per month)", "rows per week" (count of the date field), "Order ID (count per day)". */
function forecastedQuantity(valueField: string, dateField: string, aggregate: { rule: string; period: string } | undefined): string {
  if (!aggregate) return valueField;
  if (aggregate.rule === "count" && valueField === dateField) return `rows per ${aggregate.period}`;
  return `${valueField} (${aggregate.rule} per ${aggregate.period})`;
}
