// Legacy synchronous training (POST /v1/models with dataset_id): queue the task like the async API,
// then wait for the worker and answer with the training result.
import { AppError, validationError } from "@/lib/errors";
import { cancelTask, getTask } from "@/lib/jobs/queue";
import { getTrainingResult } from "./models";
import { submitTraining } from "./training";

function fieldNames(value: unknown, name: string, required: boolean): string[] {
  let list = value;
  if (typeof list === "string") {
    const text = list.trim();
    if (text.startsWith("[")) {
      try {
        list = JSON.parse(text);
      } catch {
        throw new AppError("bad_request", `${name} is not a valid JSON array of field names.`);
      }
    } else list = text === "" ? [] : text.split(",").map((s) => s.trim());
  }
  if (list === undefined || list === null) {
    if (required) throw new AppError("bad_request", `Missing "${name}": send an array of field names, e.g. ["churned"].`);
    return [];
  }
  if (!Array.isArray(list) || list.some((f) => typeof f !== "string")) {
    throw new AppError("bad_request", `${name} must be an array of field names (strings).`);
  }
  if (required && list.length === 0) throw new AppError("bad_request", `${name} must name at least one field.`);
  return list as string[];
}

function bool(value: unknown, name: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new AppError("bad_request", `${name} must be true or false.`);
}

/** The longest legacy budget: the same as the longest /api/v1 one. */
export const LEGACY_MAX_DURATION = 1_800;

export async function trainSynchronously(teamId: string, params: Record<string, unknown>, signal?: AbortSignal) {
  const datasetId = params.dataset_id;
  if (typeof datasetId !== "string" || !datasetId.trim()) throw new AppError("bad_request", 'Missing "dataset_id" (string).');
  const duration = params.duration === undefined ? 10 : Number(params.duration);
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isInteger(duration)) {
    throw new AppError("bad_request", "duration must be a positive whole number of seconds (for example 10).");
  }
  if (duration > LEGACY_MAX_DURATION) {
    // 422 like /api/v1 (its largest budget is 1800 too), in the legacy envelope.
    throw validationError([{ loc: ["body", "duration"], msg: `duration must be at most ${LEGACY_MAX_DURATION} seconds (got ${duration}).`, type: "less_than_equal" }]);
  }
  let taskId: string;
  try {
    ({ taskId } = await submitTraining(teamId, {
      datasetId: datasetId.trim(),
      predictFields: fieldNames(params.predict_fields, "predict_fields", true),
      ignoreFields: fieldNames(params.ignore_fields, "ignore_fields", false),
      duration,
      extraAttention: bool(params.extra_attention, "extra_attention"),
      force: bool(params.force, "force"),
      source: "legacy",
    }));
  } catch (error) {
    // The async API's 422 items read well as one legacy message.
    if (error instanceof AppError && error.code === "validation") throw new AppError("bad_request", (error.issues ?? []).map((i) => i.msg).join(" "));
    throw error;
  }
  // Nobody is waiting for the answer of a client that hung up: stop its training (queued or
  // running) instead of letting it occupy a worker for up to its whole budget.
  const cancel = () => void cancelTask({ teamId, taskId, kind: "train" }).catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) {
        await cancelTask({ teamId, taskId, kind: "train" });
        throw new AppError("bad_request", "The client closed the connection; the training was cancelled.");
      }
      const task = await getTask({ teamId, taskId, kind: "train" });
      if (!task) throw new AppError("not_found", "The training task disappeared.");
      if (task.status === "SUCCEEDED") return getTrainingResult({ teamId, taskId });
      if (task.status === "FAILED") throw new AppError("bad_request", task.error ?? "Training failed.");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}
