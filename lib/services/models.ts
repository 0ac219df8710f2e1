// Trained models: results, listings, deletion and predictions. Artifacts are loaded once per
// process and kept in a small LRU cache, so predictions cost only the model's arithmetic.
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { loadModel, type Model as LoadedModel, type RowPrediction } from "@/lib/ml";
import type { RawRow } from "@/lib/table/types";
import { getTask } from "@/lib/jobs/queue";
import { isFlatRow, parseRowsParam } from "./datasets";
import { predictionRowsJson } from "./prediction-rows";
import { deleteModelArtifact, readModelArtifact } from "./storage";

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
} as const;

async function getOwnedModel(teamId: string, modelId: string) {
  const model = await db.model.findFirst({ where: { id: modelId, teamId }, select: modelSelect });
  if (!model) throw notFound(`Model "${modelId}"`);
  return model;
}

// Which team owns which artifact, remembered for a few seconds so that a burst of single-row
// predictions does not query the database each time. A deleted model stops predicting at once in
// the process that deleted it, and within OWNER_CACHE_MS in the others.
const OWNER_CACHE_MS = 5_000;
const OWNER_CACHE_SIZE = 1_000;
type ModelOwner = { id: string; artifactPath: string; expires: number };
const ownerCache: Map<string, ModelOwner> = ((globalThis as { __modelOwnerCache?: Map<string, ModelOwner> }).__modelOwnerCache ??= new Map());

async function getOwnedModelForPrediction(teamId: string, modelId: string): Promise<{ id: string; artifactPath: string }> {
  const cacheKey = `${teamId}/${modelId}`;
  const cached = ownerCache.get(cacheKey);
  if (cached && cached.expires > Date.now()) return cached;
  ownerCache.delete(cacheKey);
  const model = await db.model.findFirst({ where: { id: modelId, teamId }, select: { id: true, artifactPath: true } });
  if (!model) throw notFound(`Model "${modelId}"`);
  ownerCache.set(cacheKey, { ...model, expires: Date.now() + OWNER_CACHE_MS });
  if (ownerCache.size > OWNER_CACHE_SIZE) ownerCache.delete(ownerCache.keys().next().value as string);
  return model;
}

export async function getTrainingResult(options: { teamId: string; taskId: string }) {
  const task = await getTask({ teamId: options.teamId, taskId: options.taskId, kind: "train" });
  if (!task) throw notFound(`Training task "${options.taskId}"`);
  if (task.status !== "SUCCEEDED" || !task.resultId) {
    const hint = task.status === "FAILED" ? `It failed: ${task.error ?? "see the status endpoint"}` : "Poll the status endpoint until it reports SUCCEEDED.";
    throw new AppError("not_ready", `Training task "${task.id}" has status ${task.status}, so it has no result yet. ${hint}`);
  }
  const model = await db.model.findFirst({ where: { id: task.resultId, teamId: options.teamId }, select: { result: true } });
  if (!model) throw new AppError("not_found", `The model of task "${task.id}" was deleted. Train again.`);
  return JSON.parse(model.result) as Record<string, unknown>;
}

export async function getModelResult(options: { teamId: string; modelId: string }) {
  const model = await getOwnedModel(options.teamId, options.modelId);
  return JSON.parse(model.result) as Record<string, unknown>;
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
    result: JSON.parse(model.result) as Record<string, unknown>,
    report: JSON.parse(model.report) as Record<string, unknown>,
  };
}

export async function listModels(teamId: string) {
  const models = await db.model.findMany({ where: { teamId }, orderBy: { createdAt: "desc" }, select: modelSelect });
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    created_at: m.createdAt.toISOString(),
    dataset_id: m.datasetId,
    predict_fields: JSON.parse(m.predictFields) as string[],
    ignored_fields: JSON.parse(m.ignoreFields) as string[],
    duration: m.duration,
  }));
}

export async function deleteModel(options: { teamId: string; modelId: string }) {
  const model = await getOwnedModel(options.teamId, options.modelId);
  await db.model.delete({ where: { id: model.id } });
  modelCache.delete(model.id);
  for (const [key, owner] of ownerCache) if (owner.id === model.id) ownerCache.delete(key);
  await deleteModelArtifact(model.artifactPath);
}

// Loaded models, most recently used last. A model is immutable, so the cache never goes stale.
const MODEL_CACHE_SIZE = 16;
const modelCache: Map<string, Promise<LoadedModel>> = ((globalThis as { __modelCache?: Map<string, Promise<LoadedModel>> }).__modelCache ??= new Map());

async function loadCachedModel(modelId: string, artifactPath: string): Promise<LoadedModel> {
  let entry = modelCache.get(modelId);
  if (entry) {
    modelCache.delete(modelId);
    modelCache.set(modelId, entry);
    return entry;
  }
  entry = readModelArtifact(artifactPath).then((bytes) => {
    const model = loadModel(bytes);
    model.warmUp().then(
      ({ seconds, compiled }) => console.log(`model ${modelId} ready for serving in ${seconds.toFixed(1)} s (${compiled ? "compiled trees" : "array traversal"})`),
      (error) => console.error(`warming up model ${modelId} failed:`, error),
    );
    return model;
  });
  modelCache.set(modelId, entry);
  entry.catch(() => modelCache.delete(modelId));
  while (modelCache.size > MODEL_CACHE_SIZE) modelCache.delete(modelCache.keys().next().value as string);
  return entry;
}

/** `data` as an array of rows, or a JSON string of one. */
export function parseDataParam(value: unknown): RawRow[] {
  if (value === undefined) throw new AppError("bad_request", 'Missing "data": send an array of rows to predict, e.g. [{"age": 42}].');
  try {
    return parseRowsParam(value);
  } catch (error) {
    if (error instanceof AppError) throw new AppError("bad_request", error.message.replace(/^rows/, "data"));
    throw error;
  }
}

export const MAX_PREDICT_ROWS = 1_000_000;
const ROWS_PER_SLICE = 5_000;
const FACTOR_ROWS_PER_SLICE = 500;

/**
 * Predictions in the legacy row shape, as the JSON text of an array: the schema echoed, the
 * prediction, class probabilities, factors.
 */
export async function predictRowsJson(options: { teamId: string; modelId: string; rows: RawRow[]; factors: boolean; signal?: AbortSignal }): Promise<string> {
  if (options.rows.length > MAX_PREDICT_ROWS) throw new AppError("payload_too_large", `At most ${MAX_PREDICT_ROWS} rows per request.`);
  const record = await getOwnedModelForPrediction(options.teamId, options.modelId);
  const model = await loadCachedModel(record.id, record.artifactPath);
  const known = new Set(model.schema.map((f) => f.name));
  options.rows.forEach((row, i) => {
    for (const key in row) {
      if (!known.has(key)) {
        throw new AppError("bad_request", `Row ${i}: unknown field "${key}". The model knows: ${model.schema.map((f) => f.name).join(", ")}.`);
      }
    }
  });
  // Predictions run in the web process, so long batches (factors cost ~0.1-0.3 ms per row) go in
  // slices with a pause between them: other requests are served meanwhile, and a client that
  // hangs up stops the work.
  const slice = options.factors ? FACTOR_ROWS_PER_SLICE : ROWS_PER_SLICE;
  const predictions: RowPrediction[] = [];
  for (let start = 0; start < options.rows.length; start += slice) {
    if (start > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new AppError("bad_request", "The request was cancelled by the client.");
    }
    for (const prediction of model.predictRows(options.rows.slice(start, start + slice), { factors: options.factors })) predictions.push(prediction);
  }
  return predictionRowsJson({ schema: model.schema, predictFields: model.predictFields, rows: options.rows, predictions, factors: options.factors });
}

/** The request body of POST /api/v1/models/{id}/predict, as documented in the OpenAPI document. */
export const predictRequestSchema = z.object({
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).min(1, "data must hold at least one row"),
  show_factors: z.boolean().optional().default(false),
});

/**
 * The same body as the route checks it: rows are checked in place rather than copied by zod's
 * record parser (10,000 rows: ~1 ms instead of 35-75 ms).
 */
export const predictRequestBodySchema = predictRequestSchema.extend({
  data: z
    .array(z.custom<RawRow>(isFlatRow, "each row must be an object mapping field names to strings, numbers, booleans or null"))
    .min(1, "data must hold at least one row"),
});
