// Legacy synchronous training (POST /v1/models with dataset_id): queue the task like the async API,
// then wait for the worker and answer with the training result.
import { AppError } from "@/lib/errors";
import { getTask } from "@/lib/jobs/queue";
import { getTrainingResult } from "./models";
import { submitTraining } from "./training";
import { forecastSpecSchema, type ForecastSpec } from "./forecasts";

/** `forecast` as an object or a JSON string of one (legacy clients send form-encoded bodies too). */
function forecastParam(value: unknown): ForecastSpec | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let raw = value;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new AppError("bad_request", 'forecast must be an object such as {"date_field": "date", "horizon": 12}.');
    }
  }
  const parsed = forecastSpecSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues.map((i) => i.message).join(" "));
  return parsed.data;
}

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

export async function trainSynchronously(teamId: string, params: Record<string, unknown>, signal?: AbortSignal) {
  const datasetId = params.dataset_id;
  if (typeof datasetId !== "string" || !datasetId.trim()) throw new AppError("bad_request", 'Missing "dataset_id" (string).');
  const duration = params.duration === undefined ? 10 : Number(params.duration);
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isInteger(duration)) {
    throw new AppError("bad_request", "duration must be a positive whole number of seconds (for example 10).");
  }
  if (duration > 86_400) throw new AppError("bad_request", "duration must be at most 86400 seconds.");
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
      forecast: forecastParam(params.forecast),
    }));
  } catch (error) {
    // The async API's 422 items read well as one legacy message.
    if (error instanceof AppError && error.code === "validation") throw new AppError("bad_request", (error.issues ?? []).map((i) => i.msg).join(" "));
    throw error;
  }
  for (;;) {
    if (signal?.aborted) throw new AppError("bad_request", "The client closed the connection.");
    const task = await getTask({ teamId, taskId, kind: "train" });
    if (!task) throw new AppError("not_found", "The training task disappeared.");
    if (task.status === "SUCCEEDED") return getTrainingResult({ teamId, taskId });
    if (task.status === "FAILED") throw new AppError("bad_request", task.error ?? "Training failed.");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
