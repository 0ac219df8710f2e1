// Legacy synchronous training (POST /v1/models with dataset_id): queue the task like the async API,
// then wait for the worker and answer with the training result. Parameters arrive validated
// (lib/schemas/legacy.ts); a field-name problem found against the dataset is a validation error,
// which the legacy envelope reports as a 400 with the messages.
import { AppError } from "@/lib/errors";
import { getTask } from "@/lib/jobs/queue";
import { getTrainingResult } from "./models";
import { submitTraining } from "./training";

export async function trainSynchronously(options: {
  teamId: string;
  datasetId: string;
  predictFields: string[];
  ignoreFields: string[];
  duration: number;
  extraAttention: boolean;
  force: boolean;
  signal?: AbortSignal;
}) {
  const { teamId, signal } = options;
  const { taskId } = await submitTraining(teamId, {
    datasetId: options.datasetId,
    predictFields: options.predictFields,
    ignoreFields: options.ignoreFields,
    duration: options.duration,
    extraAttention: options.extraAttention,
    force: options.force,
    source: "legacy",
  });
  for (;;) {
    if (signal?.aborted) throw new AppError("bad_request", "The client closed the connection.");
    const task = await getTask({ teamId, taskId, kind: "train" });
    if (!task) throw new AppError("not_found", "The training task disappeared.");
    if (task.status === "SUCCEEDED") return getTrainingResult({ teamId, taskId });
    if (task.status === "FAILED") throw new AppError("bad_request", task.error ?? "Training failed.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
