// What a worker does with a training task: load the dataset, run the AutoML engine with the task's
// budget, store the artifact and the result. Runs only in worker processes.
import { db } from "@/lib/db";
import { trainThreads } from "@/lib/env";
import { trainModel, TrainError } from "@/lib/ml";
import { loadDatasetTable } from "./datasets";
import { runForecastTask } from "./run-forecast";
import { writeModelArtifact } from "./storage";
import type { TrainTaskPayload } from "./training";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";

export async function runTrainingTask(task: { teamId: string }, payload: TrainTaskPayload, context: TaskContext): Promise<string> {
  const dataset = await db.dataset.findFirst({ where: { id: payload.datasetId, teamId: task.teamId }, select: { id: true, name: true } });
  if (!dataset) throw new UserFacingTaskError(`Dataset "${payload.datasetId}" no longer exists. Upload it again and retrain.`);
  // Forecasts read only their two or three columns.
  if (payload.forecast) return runForecastTask(task, { ...payload, forecast: payload.forecast }, context, dataset);
  const { table, info } = await loadDatasetTable({ teamId: task.teamId, datasetId: dataset.id });
  if (info.rowCount === 0 || table.rowCount === 0) {
    throw new UserFacingTaskError(`Dataset "${dataset.name}" has no rows. Add rows (POST /v1/datasets with "id" and "rows") and train again.`);
  }
  const fieldNames = new Set(info.fields.map((f) => f.name));
  const missing = [...payload.predictFields, ...payload.ignoreFields].filter((f) => !fieldNames.has(f));
  if (missing.length) throw new UserFacingTaskError(`The dataset no longer has the field(s) ${missing.join(", ")}. Check the field names and train again.`);

  let outcome;
  try {
    outcome = await trainModel({
      table,
      predictFields: payload.predictFields,
      ignoreFields: payload.ignoreFields,
      budgetSeconds: payload.duration,
      extraAttention: payload.extraAttention,
      threads: trainThreads(),
      onProgress: (p) => context.progress(p.fraction, p.estimateSecondsLeft, p.message),
      signal: context.signal,
    });
  } catch (error) {
    if (error instanceof TrainError) throw new UserFacingTaskError(error.message);
    throw error;
  }

  const model = await db.model.create({
    data: {
      teamId: task.teamId,
      datasetId: dataset.id,
      name: `${dataset.name}: ${payload.predictFields.join(", ")}`,
      predictFields: JSON.stringify(payload.predictFields),
      ignoreFields: JSON.stringify(payload.ignoreFields),
      duration: Math.round(payload.duration),
      extraAttention: payload.extraAttention,
      reuseKey: payload.reuseKey,
      datasetVersion: info.version,
      result: "{}",
      report: JSON.stringify(outcome.report),
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
