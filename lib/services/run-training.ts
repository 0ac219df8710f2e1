// What a worker does with a training task: load the dataset, run the AutoML engine (or, for a
// forecast, the forecasting engine) with the task's budget, store the artifact and the result (a
// new model, or the next version of a retrained one). Runs only in worker processes.
import { db } from "@/lib/db";
import { trainThreads } from "@/lib/env";
import { trainModel, TrainError } from "@/lib/ml";
import { loadDatasetTable } from "./datasets";
import { completeTaskWith } from "@/lib/jobs/queue";
import { newVersionId, RetrainedModelGoneError, saveNewModel, saveRetrainedVersion } from "./model-versions";
import { runForecastTask } from "./run-forecast";
import { deleteModelArtifact, isStorageUnavailable, withStorageRetry, writeModelArtifact } from "./storage";
import { computeReuseKey, type TrainTaskPayload } from "./training";
import { UserFacingTaskError, type TaskContext } from "@/lib/jobs/worker";

/** What a training produced, before it is stored. */
export interface TrainedOutcome {
  artifact: Uint8Array;
  result: object;
  report: object;
  /** The dataset version actually trained on. */
  datasetVersion: string;
  /** The new model's name (default: "<dataset>: <predicted fields>"). */
  name?: string;
}

/** Thrown inside the saving transaction when the dataset was deleted while the model trained on it. */
export class DatasetDeletedError extends Error {
  constructor(datasetName: string) {
    super(`Dataset "${datasetName}" was deleted while the model trained on it, so the model was not kept. Upload the data again and train again.`);
    this.name = "DatasetDeletedError";
  }
}

export async function runTrainingTask(task: { id: string; teamId: string }, payload: TrainTaskPayload, context: TaskContext): Promise<string> {
  if (payload.modelId && !(await db.model.findFirst({ where: { id: payload.modelId, teamId: task.teamId }, select: { id: true } }))) {
    throw new UserFacingTaskError(`Model "${payload.modelId}" no longer exists, so it cannot be retrained.`);
  }
  const dataset = await db.dataset.findFirst({ where: { id: payload.datasetId, teamId: task.teamId }, select: { id: true, name: true } });
  if (!dataset) throw new UserFacingTaskError(`Dataset "${payload.datasetId}" no longer exists. Upload it again and retrain.`);
  // Deleted while the model trains: the worker notices at its next heartbeat and stops the engine as
  // a cancel does, so the task fails in seconds instead of after its whole budget. (The completing
  // transaction checks again: a delete just before the save still keeps nothing.)
  context.stopWhen?.(async () =>
    (await db.dataset.findFirst({ where: { id: dataset.id, teamId: task.teamId }, select: { id: true } }))
      ? null
      : new UserFacingTaskError(new DatasetDeletedError(dataset.name).message),
  );
  // Forecasts read only their two or three columns.
  const outcome = payload.forecast
    ? await runForecastTask({ ...payload, forecast: payload.forecast }, context, dataset)
    : await trainRowModel(task, payload, context, dataset);
  return saveTrainedModel(task, payload, context, dataset, outcome);
}

async function trainRowModel(
  task: { teamId: string },
  payload: TrainTaskPayload,
  context: TaskContext,
  dataset: { id: string; name: string },
): Promise<TrainedOutcome> {
  const { table, info } = await withStorageRetry(() => loadDatasetTable({ teamId: task.teamId, datasetId: dataset.id }), {
    waitMs: 60_000,
    signal: context.signal,
    onWait: () => context.progress(0, null, "Waiting for dataset storage"),
  }).catch((error) => {
    if (isStorageUnavailable(error))
      throw new UserFacingTaskError(
        `${error.message.replace(/ Nothing was changed;.*$/, "")} The dataset could not be loaded; submit the training again in a minute.`,
      );
    throw error;
  });
  if (info.rowCount === 0 || table.rowCount === 0) {
    throw new UserFacingTaskError(`Dataset "${dataset.name}" has no rows. Add rows (POST /v1/datasets with "id" and "rows") and train again.`);
  }
  const fieldNames = new Set(info.fields.map((f) => f.name));
  const missing = [...payload.predictFields, ...payload.ignoreFields].filter((f) => !fieldNames.has(f));
  if (missing.length) throw new UserFacingTaskError(`The dataset no longer has the field(s) ${missing.join(", ")}. Check the field names and train again.`);

  try {
    const outcome = await trainModel({
      table,
      predictFields: payload.predictFields,
      ignoreFields: payload.ignoreFields,
      budgetSeconds: payload.duration,
      extraAttention: payload.extraAttention,
      threads: trainThreads(),
      onProgress: (p) => context.progress(p.fraction, p.estimateSecondsLeft, p.message),
      signal: context.signal,
    });
    return { artifact: outcome.artifact, result: outcome.result, report: outcome.report, datasetVersion: info.version };
  } catch (error) {
    if (error instanceof TrainError) throw new UserFacingTaskError(error.message);
    throw error;
  }
}

async function saveTrainedModel(
  task: { id: string; teamId: string },
  payload: TrainTaskPayload,
  context: TaskContext,
  dataset: { id: string; name: string },
  outcome: TrainedOutcome,
): Promise<string> {
  // The artifact goes first, under a name of its own; the rows that point to it are saved in the
  // same transaction that completes the task, and only while the task is still this worker's: a
  // training cancelled (or reaped) in the meantime leaves no model behind, however late the cancel.
  const versionId = newVersionId();
  // The training is done: wait out a storage outage (up to 10 minutes) rather than lose it.
  let artifactPath: string;
  try {
    artifactPath = await withStorageRetry(() => writeModelArtifact(versionId, outcome.artifact), {
      waitMs: 10 * 60_000,
      signal: context.signal,
      onWait: () => context.progress(1, null, "Waiting for model storage"),
    });
  } catch (error) {
    if (isStorageUnavailable(error))
      throw new UserFacingTaskError(
        `The model was trained but could not be stored: ${error.message.replace(/ Nothing was changed;.*$/, "")} Submit the training again.`,
      );
    throw error;
  }
  const saved = {
    taskId: task.id,
    versionId,
    artifactPath,
    datasetVersion: outcome.datasetVersion,
    outcome: { result: outcome.result, report: outcome.report },
  };
  // The rows trained on may be newer than when the task was queued: reuse matches the data actually seen.
  const reuseKey = computeReuseKey({ ...payload, datasetVersion: outcome.datasetVersion });
  try {
    // taskId: the task completed, which is another one when a cancel handed this training over to a task that joined it.
    const { resultId } = await completeTaskWith({ taskId: task.id, workerId: context.workerId }, async (tx, taskId) => {
      // A dataset deleted while the model trained on it: nothing is saved, as for a training that
      // had not started yet. Its row is locked until the commit, so a delete waits or came first.
      const { count } = await tx.dataset.updateMany({ where: { id: dataset.id, teamId: task.teamId }, data: { rowCount: { increment: 0 } } });
      if (count === 0) throw new DatasetDeletedError(dataset.name);
      return payload.modelId
        ? saveRetrainedVersion(tx, { ...saved, taskId, teamId: task.teamId, modelId: payload.modelId, reuseKey, activate: payload.activate ?? true })
        : saveNewModel(tx, { ...saved, taskId, teamId: task.teamId, dataset, name: outcome.name, payload: { ...payload, reuseKey } });
    });
    return resultId;
  } catch (error) {
    await deleteModelArtifact(artifactPath).catch(() => undefined);
    if (error instanceof RetrainedModelGoneError || error instanceof DatasetDeletedError) throw new UserFacingTaskError(error.message);
    throw error;
  }
}
