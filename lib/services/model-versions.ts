// Model versions: the first training of a model is version 1, every retrain (same settings, the
// dataset's current rows) adds the next one. One version is active: the Model row holds a copy of
// its result, report and artifact path, so listings, reuse and predictions read a single row.
//
// Races, and why they are safe:
// - Saving a version, activating one, deleting one and deleting the model all lock the Model row
//   first (an UPDATE) inside their transaction, so they apply one after the other.
// - Version numbers come from incrementing Model.versionCount in the saving transaction: two
//   retrains at once get distinct numbers; when both activate, the one saved last is active.
// - A prediction resolves the active artifact once and uses it for the whole request; a version
//   that stops being active keeps its artifact until it is deleted.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound, validationError } from "@/lib/errors";
import { enqueueTask } from "@/lib/jobs/queue";
import type { TrainOutcome } from "@/lib/ml";
import { getDataset } from "./datasets";
import { forgetLoadedArtifact, forgetModelOwner } from "./models";
import { forecastSettingsOf } from "./forecasts";
import { deleteModelArtifact } from "./storage";
import { computeReuseKey, type TrainTaskPayload } from "./training";

/** Artifacts are named by version (models/<version id>.model), so a retrain never overwrites the served file. */
export function newVersionId(): string {
  return randomUUID();
}

/** Locks the model's row for the rest of the transaction (an UPDATE that changes nothing); not found for another team. */
async function lockModel(tx: Prisma.TransactionClient, teamId: string, modelId: string): Promise<void> {
  const { count } = await tx.model.updateMany({ where: { id: modelId, teamId }, data: { versionCount: { increment: 0 } } });
  if (count === 0) throw notFound(`Model "${modelId}"`);
}

interface SavedTraining {
  taskId: string;
  versionId: string;
  artifactPath: string;
  datasetVersion: string;
  /** The engine's result and report: a row model's (lib/ml) or a forecast's (lib/forecast). */
  outcome: Pick<TrainOutcome, "result" | "report"> | { result: object; report: object };
}

/** Inside the task's completing transaction: a new model with its version 1. */
export async function saveNewModel(
  tx: Prisma.TransactionClient,
  options: SavedTraining & { teamId: string; dataset: { id: string; name: string }; payload: TrainTaskPayload; name?: string },
): Promise<{ resultId: string }> {
  const { payload } = options;
  const report = JSON.stringify(options.outcome.report);
  const model = await tx.model.create({
    data: {
      teamId: options.teamId,
      datasetId: options.dataset.id,
      name: options.name ?? `${options.dataset.name}: ${payload.predictFields.join(", ")}`,
      predictFields: JSON.stringify(payload.predictFields),
      ignoreFields: JSON.stringify(payload.ignoreFields),
      duration: Math.round(payload.duration),
      extraAttention: payload.extraAttention,
      reuseKey: payload.reuseKey,
      datasetVersion: options.datasetVersion,
      result: "{}",
      report,
      artifactPath: options.artifactPath,
      source: payload.source,
    },
    select: { id: true },
  });
  const result = JSON.stringify({ status: "success", model_id: model.id, ...options.outcome.result });
  await tx.model.update({ where: { id: model.id }, data: { result } });
  await tx.modelVersion.create({
    data: {
      id: options.versionId,
      modelId: model.id,
      number: 1,
      taskId: options.taskId,
      datasetVersion: options.datasetVersion,
      reuseKey: payload.reuseKey,
      result,
      report,
      artifactPath: options.artifactPath,
    },
  });
  return { resultId: model.id };
}

/** Thrown inside the saving transaction when the retrained model was deleted meanwhile. */
export class RetrainedModelGoneError extends Error {
  constructor(modelId: string) {
    super(`Model "${modelId}" was deleted while it was being retrained, so the new version was not kept.`);
    this.name = "RetrainedModelGoneError";
  }
}

/** Inside the task's completing transaction: the next version of an existing model, active when asked. */
export async function saveRetrainedVersion(
  tx: Prisma.TransactionClient,
  options: SavedTraining & { teamId: string; modelId: string; reuseKey: string; activate: boolean },
): Promise<{ resultId: string; version: number }> {
  const bumped = await tx.model.updateMany({ where: { id: options.modelId, teamId: options.teamId }, data: { versionCount: { increment: 1 } } });
  if (bumped.count === 0) throw new RetrainedModelGoneError(options.modelId);
  const { versionCount: number } = await tx.model.findUniqueOrThrow({ where: { id: options.modelId }, select: { versionCount: true } });
  const result = JSON.stringify({ status: "success", model_id: options.modelId, ...options.outcome.result });
  const report = JSON.stringify(options.outcome.report);
  await tx.modelVersion.create({
    data: {
      id: options.versionId,
      modelId: options.modelId,
      number,
      taskId: options.taskId,
      datasetVersion: options.datasetVersion,
      reuseKey: options.reuseKey,
      result,
      report,
      artifactPath: options.artifactPath,
    },
  });
  if (options.activate) {
    await tx.model.update({
      where: { id: options.modelId },
      data: { activeVersion: number, result, report, artifactPath: options.artifactPath, datasetVersion: options.datasetVersion, reuseKey: options.reuseKey },
    });
  }
  return { resultId: options.modelId, version: number };
}

/** The {version} path parameter: a version number (1, 2, ...). */
export function parseVersionParam(value: string | undefined): number {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n < 1) {
    throw validationError([{ loc: ["path", "version"], msg: `version must be a version number (1, 2, ...), got "${value ?? ""}".`, type: "int_parsing" }]);
  }
  return n;
}

/** Queues a training with the model's settings on the dataset's current rows; it becomes the model's next version. */
export async function retrainModel(options: {
  teamId: string;
  modelId: string;
  activate: boolean;
  startedBy?: TrainTaskPayload["startedBy"];
}): Promise<{ taskId: string }> {
  const model = await db.model.findFirst({
    where: { id: options.modelId, teamId: options.teamId },
    select: { id: true, datasetId: true, predictFields: true, ignoreFields: true, duration: true, extraAttention: true, source: true, report: true },
  });
  if (!model) throw notFound(`Model "${options.modelId}"`);
  // A forecast model retrains as a forecast with the same date field, group field and horizon.
  const forecast = forecastSettingsOf(model.report);
  const dataset = await getDataset({ teamId: options.teamId, datasetId: model.datasetId }).catch((error) => {
    if (error instanceof AppError && error.code === "not_found") {
      throw new AppError(
        "conflict",
        "The dataset this model was trained on has been deleted, so the model cannot be retrained. Train a new model on another dataset.",
      );
    }
    throw error;
  });
  const predictFields = JSON.parse(model.predictFields) as string[];
  const ignoreFields = JSON.parse(model.ignoreFields) as string[];
  const names = new Set(dataset.fields.map((f) => f.name));
  const missing = [...predictFields, ...ignoreFields, ...(forecast ? [forecast.dateField, ...(forecast.groupField ? [forecast.groupField] : [])] : [])].filter(
    (f) => !names.has(f),
  );
  if (missing.length) {
    throw new AppError(
      "conflict",
      `The dataset no longer has the field(s) ${missing.join(", ")} that this model uses, so it cannot be retrained with the same settings.`,
    );
  }
  if (dataset.rows === 0) throw new AppError("conflict", "The dataset has no rows. Add rows, then retrain.");
  const settings = { predictFields, ignoreFields, duration: model.duration, extraAttention: model.extraAttention, ...(forecast ? { forecast } : {}) };
  const payload: TrainTaskPayload = {
    datasetId: dataset.id,
    ...settings,
    source: model.source === "legacy" || model.source === "web" ? model.source : "api",
    reuseKey: computeReuseKey({ ...settings, datasetId: dataset.id, datasetVersion: dataset.version }),
    datasetVersion: dataset.version,
    modelId: model.id,
    activate: options.activate,
    ...(options.startedBy ? { startedBy: options.startedBy } : {}),
  };
  const task = await enqueueTask({ teamId: options.teamId, kind: "train", payload });
  return { taskId: task.id };
}

interface VersionFieldSummary {
  field: string;
  task?: string;
  metrics: Record<string, number>;
  holdout_rows?: number;
  rows_with_target?: number;
}

function summarizeReport(report: string): VersionFieldSummary[] {
  let parsed: { fields?: { field?: string; task?: string; metrics?: Record<string, number>; rows?: { holdout?: number; withTarget?: number } }[] };
  try {
    parsed = JSON.parse(report);
  } catch {
    return [];
  }
  return (parsed.fields ?? []).map((f) => ({
    field: String(f.field ?? ""),
    task: f.task,
    metrics: f.metrics ?? {},
    holdout_rows: f.rows?.holdout,
    rows_with_target: f.rows?.withTarget,
  }));
}

/** The model's versions, newest first, with their holdout metrics side by side. */
export async function listModelVersions(options: { teamId: string; modelId: string }) {
  const model = await db.model.findFirst({
    where: { id: options.modelId, teamId: options.teamId },
    select: {
      id: true,
      activeVersion: true,
      versions: { orderBy: { number: "desc" }, select: { number: true, taskId: true, datasetVersion: true, report: true, createdAt: true } },
    },
  });
  if (!model) throw notFound(`Model "${options.modelId}"`);
  return {
    model_id: model.id,
    active_version: model.activeVersion,
    versions: model.versions.map((v) => ({
      version: v.number,
      active: v.number === model.activeVersion,
      created_at: v.createdAt.toISOString(),
      task_id: v.taskId,
      dataset_version: v.datasetVersion,
      fields: summarizeReport(v.report),
    })),
  };
}

/** Makes a version the one predictions, /v1/models and the model page use. */
export async function activateModelVersion(options: { teamId: string; modelId: string; version: number }) {
  await db.$transaction(
    async (tx) => {
      await lockModel(tx, options.teamId, options.modelId);
      const v = await tx.modelVersion.findUnique({
        where: { modelId_number: { modelId: options.modelId, number: options.version } },
        select: { result: true, report: true, artifactPath: true, datasetVersion: true, reuseKey: true },
      });
      if (!v) throw notFound(`Version ${options.version} of model "${options.modelId}"`);
      await tx.model.update({ where: { id: options.modelId }, data: { activeVersion: options.version, ...v } });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  forgetModelOwner(options.modelId);
  return listModelVersions(options);
}

/** Deletes a version that is not active, with its artifact. */
export async function deleteModelVersion(options: { teamId: string; modelId: string; version: number }) {
  const artifactPath = await db.$transaction(
    async (tx) => {
      await lockModel(tx, options.teamId, options.modelId);
      const model = await tx.model.findUniqueOrThrow({ where: { id: options.modelId }, select: { activeVersion: true, artifactPath: true } });
      const v = await tx.modelVersion.findUnique({
        where: { modelId_number: { modelId: options.modelId, number: options.version } },
        select: { id: true, artifactPath: true },
      });
      if (!v) throw notFound(`Version ${options.version} of model "${options.modelId}"`);
      if (model.activeVersion === options.version) {
        throw new AppError("conflict", `Version ${options.version} is the active version. Make another version active first, or delete the whole model.`);
      }
      await tx.modelVersion.delete({ where: { id: v.id } });
      // Backfilled versions may share the model's original artifact file with no other version, but never the active one.
      return v.artifactPath === model.artifactPath ? null : v.artifactPath;
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  if (artifactPath) {
    forgetLoadedArtifact(artifactPath);
    await deleteModelArtifact(artifactPath);
  }
  return listModelVersions(options);
}
