// Trained models: results, listings, deletion and predictions. Artifacts are loaded once per
// process and kept in a small LRU cache, so predictions cost only the model's arithmetic.
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { loadModel, type Model as LoadedModel, type RowPrediction } from "@/lib/ml";
import type { RawRow } from "@/lib/table/types";
import { getTask } from "@/lib/jobs/queue";
import { resolveTrainingTask } from "./training";
import type { ModelDetail, ModelSummary } from "@/lib/schemas/models";
import type { TrainingResult } from "@/lib/schemas/training";
import { parseStoredThresholds, resolveDecisionThresholds } from "./decision-thresholds";
import { predictionRowsJson } from "./prediction-rows";
import { deleteModelArtifact, isStorageUnavailable, readModelArtifact } from "./storage";
import { isForecastArtifact } from "@/lib/forecast/artifact";
import { FORECAST_REPORT_PREFIX, forecastModelCannotPredict, forgetForecastArtifact } from "./forecasts";

const modelSelect = {
  id: true,
  name: true,
  datasetId: true,
  predictFields: true,
  ignoreFields: true,
  duration: true,
  extraAttention: true,
  result: true,
  report: true,
  artifactPath: true,
  source: true,
  createdAt: true,
  activeVersion: true,
  thresholds: true,
} as const;

async function getOwnedModel(teamId: string, modelId: string) {
  const model = await db.model.findFirst({ where: { id: modelId, teamId }, select: modelSelect });
  if (!model) throw notFound(`Model "${modelId}"`);
  return model;
}

// Which team owns which model, its active artifact and its decision thresholds, remembered for a
// few seconds so that a burst of single-row predictions does not query the database each time. A
// deleted model, a newly active version or a changed threshold takes effect at once in the process
// that made the change, and within OWNER_CACHE_MS in the others.
const OWNER_CACHE_MS = 5_000;
const OWNER_CACHE_SIZE = 1_000;
type ModelOwner = { id: string; artifactPath: string; thresholds: string; expires: number };
const ownerCache: Map<string, ModelOwner> = ((globalThis as { __modelOwnerCache?: Map<string, ModelOwner> }).__modelOwnerCache ??= new Map());

async function getOwnedModelForPrediction(teamId: string, modelId: string): Promise<ModelOwner> {
  const cacheKey = `${teamId}/${modelId}`;
  const cached = ownerCache.get(cacheKey);
  if (cached && cached.expires > Date.now()) return cached;
  ownerCache.delete(cacheKey);
  const model = await db.model.findFirst({ where: { id: modelId, teamId }, select: { id: true, artifactPath: true, thresholds: true } });
  if (!model) throw notFound(`Model "${modelId}"`);
  const owner = { ...model, expires: Date.now() + OWNER_CACHE_MS };
  ownerCache.set(cacheKey, owner);
  if (ownerCache.size > OWNER_CACHE_SIZE) ownerCache.delete(ownerCache.keys().next().value as string);
  return owner;
}

/** Drops what this process remembers about a model (after a delete, an activation or a threshold change). */
export function forgetModelOwner(modelId: string): void {
  for (const [key, owner] of ownerCache) if (owner.id === modelId) ownerCache.delete(key);
}

export async function getTrainingResult(options: { teamId: string; taskId: string }): Promise<TrainingResult> {
  const found = await getTask({ teamId: options.teamId, taskId: options.taskId, kind: "train" });
  if (!found) throw notFound(`Training task "${options.taskId}"`);
  const task = await resolveTrainingTask(options.teamId, found);
  if (task.status !== "SUCCEEDED" || !task.resultId) {
    const hint = task.status === "FAILED" ? `It failed: ${task.error ?? "see the status endpoint"}` : "Poll the status endpoint until it reports SUCCEEDED.";
    throw new AppError("not_ready", `Training task "${task.id}" has status ${task.status}, so it has no result yet. ${hint}`);
  }
  const model = await db.model.findFirst({ where: { id: task.resultId, teamId: options.teamId }, select: { result: true } });
  if (!model) throw new AppError("not_found", `The model of task "${task.id}" was deleted. Train again.`);
  // The result of the version this task trained (a retrain adds a version); a task that reused an
  // existing model answers with that model's active version.
  const version = await db.modelVersion.findFirst({ where: { taskId: task.id, modelId: task.resultId }, select: { result: true } });
  if (!version && isRetrainPayload(task.payload)) {
    throw new AppError(
      "not_found",
      `The version of model "${task.resultId}" that task "${task.id}" trained was deleted. The model's active version: GET /api/v1/models/${task.resultId}.`,
    );
  }
  return JSON.parse(version?.result ?? model.result) as TrainingResult;
}

function isRetrainPayload(payload: string): boolean {
  try {
    return typeof (JSON.parse(payload) as { modelId?: unknown }).modelId === "string";
  } catch {
    return false;
  }
}

export async function getModelResult(options: { teamId: string; modelId: string }): Promise<TrainingResult> {
  const model = await getOwnedModel(options.teamId, options.modelId);
  return JSON.parse(model.result) as TrainingResult;
}

export async function getModelDetails(options: { teamId: string; modelId: string }) {
  const model = await getOwnedModel(options.teamId, options.modelId);
  return {
    id: model.id,
    name: model.name,
    dataset_id: model.datasetId,
    predict_fields: JSON.parse(model.predictFields) as string[],
    ignored_fields: JSON.parse(model.ignoreFields) as string[],
    duration: model.duration,
    extra_attention: model.extraAttention,
    created_at: model.createdAt.toISOString(),
    active_version: model.activeVersion,
    thresholds: parseStoredThresholds(model.thresholds),
    result: JSON.parse(model.result) as TrainingResult,
    report: JSON.parse(model.report) as ModelDetail["model"]["report"],
  };
}

export async function listModels(teamId: string): Promise<ModelSummary[]> {
  // Not the result and report: with the insights they are ~100 KB per model, and a listing needs neither.
  const models = await db.model.findMany({
    where: { teamId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, datasetId: true, predictFields: true, ignoreFields: true, duration: true },
  });
  // Forecast models by their report's first characters, found by the database without loading reports.
  const forecasts = new Set(
    (await db.model.findMany({ where: { teamId, report: { startsWith: FORECAST_REPORT_PREFIX } }, select: { id: true } })).map((m) => m.id),
  );
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    created_at: m.createdAt.toISOString(),
    dataset_id: m.datasetId,
    predict_fields: JSON.parse(m.predictFields) as string[],
    ignored_fields: JSON.parse(m.ignoreFields) as string[],
    duration: m.duration,
    kind: forecasts.has(m.id) ? ("forecast" as const) : ("prediction" as const),
  }));
}

/** Deletes a model with every version and their artifacts. */
export async function deleteModel(options: { teamId: string; modelId: string }) {
  const artifacts = await db.$transaction(
    async (tx) => {
      // Lock the row first (as saving a retrained version does), so a version saved meanwhile is deleted too.
      const { count } = await tx.model.updateMany({ where: { id: options.modelId, teamId: options.teamId }, data: { versionCount: { increment: 0 } } });
      if (count === 0) throw notFound(`Model "${options.modelId}"`);
      const model = await tx.model.findUniqueOrThrow({
        where: { id: options.modelId },
        select: { artifactPath: true, versions: { select: { artifactPath: true } } },
      });
      await tx.model.delete({ where: { id: options.modelId } });
      return [...new Set([model.artifactPath, ...model.versions.map((v) => v.artifactPath)])];
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  forgetModelOwner(options.modelId);
  for (const path of artifacts) {
    modelCache.delete(path);
    forgetForecastArtifact(path);
    // The model is gone once its row is; an artifact that storage cannot delete right now stays behind
    // (logged for the operator) rather than failing a delete that already happened.
    await deleteModelArtifact(path).catch((error) => {
      if (!isStorageUnavailable(error)) throw error;
      console.warn(`model ${options.modelId} deleted, but its artifact ${path} stays in storage: ${error.message}`);
    });
  }
}

/** Drops a loaded artifact from this process's cache (after its version was deleted). */
export function forgetLoadedArtifact(artifactPath: string): void {
  modelCache.delete(artifactPath);
  forgetForecastArtifact(artifactPath);
}

// Loaded models by artifact, most recently used last. An artifact is immutable (a retrain writes a
// new one), so the cache never goes stale.
const MODEL_CACHE_SIZE = 16;
const modelCache: Map<string, Promise<LoadedModel>> = ((globalThis as { __modelCache?: Map<string, Promise<LoadedModel>> }).__modelCache ??= new Map());

async function loadCachedModel(modelId: string, artifactPath: string): Promise<LoadedModel> {
  let entry = modelCache.get(artifactPath);
  if (entry) {
    modelCache.delete(artifactPath);
    modelCache.set(artifactPath, entry);
    return entry;
  }
  entry = readModelArtifact(artifactPath).then((bytes) => {
    if (isForecastArtifact(bytes)) throw forecastModelCannotPredict(modelId);
    const model = loadModel(bytes);
    model.warmUp().then(
      ({ seconds, compiled }) =>
        console.log(`model ${modelId} ready for serving in ${seconds.toFixed(1)} s (${compiled ? "compiled trees" : "array traversal"})`),
      (error) => console.error(`warming up model ${modelId} failed:`, error),
    );
    return model;
  });
  modelCache.set(artifactPath, entry);
  entry.catch(() => modelCache.delete(artifactPath));
  while (modelCache.size > MODEL_CACHE_SIZE) modelCache.delete(modelCache.keys().next().value as string);
  return entry;
}

export const MAX_PREDICT_ROWS = 1_000_000;
const ROWS_PER_SLICE = 5_000;
const FACTOR_ROWS_PER_SLICE = 1_000;

/**
 * Predictions in the legacy row shape, as the JSON text of an array: the schema echoed, the
 * prediction, class probabilities, factors.
 */
export async function predictRowsJson(options: {
  teamId: string;
  modelId: string;
  rows: RawRow[];
  factors: boolean;
  /** Overrides the stored decision threshold of two-class fields for this request. */
  threshold?: number;
  signal?: AbortSignal;
}): Promise<string> {
  if (options.rows.length > MAX_PREDICT_ROWS) throw new AppError("payload_too_large", `At most ${MAX_PREDICT_ROWS} rows per request.`);
  let record = await getOwnedModelForPrediction(options.teamId, options.modelId);
  let model: LoadedModel;
  try {
    model = await loadCachedModel(record.id, record.artifactPath);
  } catch (error) {
    // The remembered artifact may belong to a version another process just replaced or deleted:
    // look the model up again once before giving up.
    forgetModelOwner(record.id);
    const fresh = await getOwnedModelForPrediction(options.teamId, options.modelId);
    if (fresh.artifactPath === record.artifactPath) throw error;
    record = fresh;
    model = await loadCachedModel(record.id, record.artifactPath);
  }
  const thresholds = resolveDecisionThresholds(model.fields, parseStoredThresholds(record.thresholds), options.threshold);
  const known = new Set(model.schema.map((f) => f.name));
  options.rows.forEach((row, i) => {
    for (const key in row) {
      if (!known.has(key)) {
        throw new AppError("bad_request", `Row ${i}: unknown field "${key}". The model knows: ${model.schema.map((f) => f.name).join(", ")}.`);
      }
    }
  });
  // Predictions run in the web process, so long batches go in slices with a pause between them:
  // other requests are served meanwhile, and a client that hangs up stops the work. Factors cost
  // ~0.1 ms per row in slices of 1,000 (fast TreeSHAP explains each tree's distinct decision
  // patterns once, so larger slices repeat more of them; one slice blocks for ~100 ms).
  const slice = options.factors ? FACTOR_ROWS_PER_SLICE : ROWS_PER_SLICE;
  const predictions: RowPrediction[] = [];
  for (let start = 0; start < options.rows.length; start += slice) {
    if (start > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new AppError("bad_request", "The request was cancelled by the client.");
    }
    for (const prediction of model.predictRows(options.rows.slice(start, start + slice), { factors: options.factors, thresholds }))
      predictions.push(prediction);
  }
  return predictionRowsJson({ schema: model.schema, predictFields: model.predictFields, rows: options.rows, predictions, factors: options.factors });
}
