// What a worker does with a training task: load the dataset, run the AutoML engine with the task's
// budget, store the artifact and the result. Runs only in worker processes.
import { db } from "@/lib/db";
import { trainThreads } from "@/lib/env";
import { trainModel, TrainError } from "@/lib/ml";
import type { TrainingResult } from "@/lib/schemas/training";
import { loadDatasetTable } from "./datasets";
import { isStorageUnavailable, withStorageRetry, writeModelArtifact } from "./storage";
import type { TrainTaskPayload } from "./training";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";

export async function runTrainingTask(task: { teamId: string }, payload: TrainTaskPayload, context: TaskContext): Promise<string> {
  const dataset = await db.dataset.findFirst({ where: { id: payload.datasetId, teamId: task.teamId }, select: { id: true, name: true } });
  if (!dataset) throw new UserFacingTaskError(`Dataset "${payload.datasetId}" no longer exists. Upload it again and retrain.`);
  const { table, info } = await withStorageRetry(() => loadDatasetTable({ teamId: task.teamId, datasetId: dataset.id }), {
    waitMs: 60_000,
    signal: context.signal,
    onWait: () => context.progress(0, null, "Waiting for dataset storage"),
  }).catch((error) => {
    if (isStorageUnavailable(error)) throw new UserFacingTaskError(`${error.message.replace(/ Nothing was changed;.*$/, "")} The dataset could not be loaded; submit the training again in a minute.`);
    throw error;
  });
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
  // The training is done: wait out a storage outage (up to 10 minutes) rather than lose it.
  let artifactPath: string;
  try {
    artifactPath = await withStorageRetry(() => writeModelArtifact(model.id, outcome.artifact), {
      waitMs: 10 * 60_000,
      signal: context.signal,
      onWait: () => context.progress(1, null, "Waiting for model storage"),
    });
  } catch (error) {
    await db.model.delete({ where: { id: model.id } }).catch(() => undefined);
    if (isStorageUnavailable(error)) throw new UserFacingTaskError(`The model was trained but could not be stored: ${error.message.replace(/ Nothing was changed;.*$/, "")} Submit the training again.`);
    throw error;
  }
  // Typed by the response schema: the engine's output must be what the API documents.
  const result: TrainingResult = { status: "success", model_id: model.id, ...outcome.result };
  await db.model.update({ where: { id: model.id }, data: { artifactPath, result: JSON.stringify(result) } });
  return model.id;
}
