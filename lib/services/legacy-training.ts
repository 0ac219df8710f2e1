// Legacy synchronous training (POST /v1/models with dataset_id): queue the task like the async API,
// then wait for the worker and answer with the training result. Parameters arrive validated
// (lib/schemas/legacy.ts); a field-name problem found against the dataset is a validation error,
// which the legacy envelope reports as a 400 with the messages.
import { AppError } from "@/lib/errors";
import { cancelTask, getTask } from "@/lib/jobs/queue";
import { LEGACY_MAX_DURATION } from "@/lib/schemas/legacy";
import { getTrainingResult } from "./models";
import type { ForecastSpec } from "@/lib/schemas/forecasts";
import { resolveTrainingTask, submitTraining, type TrainTaskPayload } from "./training";

export async function trainSynchronously(options: {
  teamId: string;
  datasetId: string;
  predictFields: string[];
  ignoreFields: string[];
  duration: number;
  extraAttention: boolean;
  force: boolean;
  /** A forecast over time instead of a row-wise model (extension). */
  forecast?: ForecastSpec;
  /** Who asked (the API key, or the member when the web app's cookie was used): the Models page names them. */
  startedBy?: TrainTaskPayload["startedBy"];
  signal?: AbortSignal;
}) {
  const { teamId, signal } = options;
  const submission = {
    datasetId: options.datasetId,
    predictFields: options.predictFields,
    ignoreFields: options.ignoreFields,
    // Legacy clients may send any positive budget (compatibility.md). A budget is an upper bound on
    // the training time, so a longer one is honoured by the longest budget there is (1800 s, as on
    // /api/v1): one request cannot hold a worker for hours.
    duration: Math.min(options.duration, LEGACY_MAX_DURATION),
    extraAttention: options.extraAttention,
    force: options.force,
    source: "legacy" as const,
    forecast: options.forecast,
    startedBy: options.startedBy,
  };
  const { taskId } = await submitTraining(teamId, submission);
  // Nobody is waiting for the answer of a client that hung up: cancel its task (queued or running)
  // instead of letting it occupy a worker for up to its whole budget. A task that joined an identical
  // training is this request's own too: cancelling it leaves the training to those who still want it.
  const cancel = () => void cancelTask({ teamId, taskId, kind: "train" }).catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) {
        await cancelTask({ teamId, taskId, kind: "train" });
        throw new AppError("bad_request", "The client closed the connection; the training was cancelled.");
      }
      const found = await getTask({ teamId, taskId, kind: "train" });
      if (!found) throw new AppError("not_found", "The training task disappeared.");
      const task = await resolveTrainingTask(teamId, found);
      if (task.status === "SUCCEEDED") return getTrainingResult({ teamId, taskId });
      if (task.status === "FAILED") throw new AppError("bad_request", task.error ?? "Training failed.");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}
