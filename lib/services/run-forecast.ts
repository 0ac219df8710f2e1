// What a worker does with a forecast task: read the value, date and group columns, run the
// forecasting engine with the task's budget, store the artifact, the result and the report.
import { db } from "@/lib/db";
import { ForecastError, trainForecast } from "@/lib/forecast";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";
import { AppError } from "@/lib/errors";
import { trainThreads } from "@/lib/env";
import { seriesColumns, type ForecastPayload } from "./forecasts";
import { datasetStore, writeModelArtifact } from "./storage";
import type { TrainTaskPayload } from "./training";

/** Per-series details kept in the model's report (the web page); the result has every series. */
const REPORT_SERIES = 200;

export async function runForecastTask(task: { teamId: string }, payload: TrainTaskPayload & { forecast: ForecastPayload }, context: TaskContext, dataset: { id: string; name: string }): Promise<string> {
  const valueField = payload.predictFields[0];
  const spec = payload.forecast;
  const wanted = [valueField, spec.dateField, ...(spec.groupField ? [spec.groupField] : [])];
  const current = await datasetStore().info(dataset.id);
  if (current.rowCount === 0) throw new UserFacingTaskError(`Dataset "${dataset.name}" has no rows. Add rows (POST /v1/datasets with "id" and "rows") and train again.`);
  const missing = wanted.filter((f) => !current.fields.some((field) => field.name === f));
  if (missing.length) throw new UserFacingTaskError(`The dataset no longer has the field(s) ${missing.join(", ")}. Check the field names and train again.`);
  const { info, table } = await datasetStore().snapshot(dataset.id, { fields: wanted });
  let outcome;
  try {
    const columns = seriesColumns(table, valueField, spec);
    outcome = await trainForecast({
      columns,
      dateField: spec.dateField,
      valueField,
      groupField: spec.groupField,
      horizon: spec.horizon,
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
  const report = { ...outcome.report, series: outcome.report.series.slice(0, REPORT_SERIES), seriesCount: outcome.report.series.length };
  const model = await db.model.create({
    data: {
      teamId: task.teamId,
      datasetId: dataset.id,
      name: `${dataset.name}: forecast of ${valueField}${spec.groupField ? ` by ${spec.groupField}` : ""}`,
      predictFields: JSON.stringify(payload.predictFields),
      ignoreFields: JSON.stringify(payload.ignoreFields),
      duration: Math.round(payload.duration),
      extraAttention: payload.extraAttention,
      reuseKey: payload.reuseKey,
      datasetVersion: info.version,
      result: "{}",
      // "kind" first: listings tell forecast models apart by this prefix without parsing (forecasts.ts).
      report: JSON.stringify(report),
      artifactPath: "",
      source: payload.source,
    },
    select: { id: true },
  });
  const artifactPath = await writeModelArtifact(model.id, outcome.artifact);
  const result = { status: "success", model_id: model.id, ...outcome.result };
  await db.model.update({ where: { id: model.id }, data: { artifactPath, result: JSON.stringify(result) } });
  return model.id;
}
