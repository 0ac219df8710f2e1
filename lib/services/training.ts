// Training requests: validation against the dataset, reuse of identical models, and the task that
// a worker runs. The web process only enqueues; lib/ml runs in the workers.
import type { Prisma } from "@prisma/client";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound, validationError, type ValidationIssue } from "@/lib/errors";
import { sha256 } from "@/lib/auth/crypto";
import { enqueueJoinedTask, enqueueTask, JOINED, recordSucceededTask, reuseKeyOf, type TaskRow, taskRowSelect } from "@/lib/jobs/queue";
import { getDataset } from "./datasets";
import type { ForecastSpec } from "@/lib/schemas/forecasts";
import { checkForecastRequest, forecastPayloadSchema, type ForecastPayload } from "./forecasts";

export const trainTaskPayloadSchema = z.object({
  datasetId: z.string(),
  predictFields: z.array(z.string()).min(1),
  ignoreFields: z.array(z.string()),
  duration: z.number().positive(),
  extraAttention: z.boolean(),
  source: z.enum(["api", "legacy", "web"]),
  reuseKey: z.string(),
  datasetVersion: z.string(),
  forecast: forecastPayloadSchema.optional(),
  /** A retrain: the model that gets the new version, and whether the version becomes active. */
  modelId: z.string().optional(),
  activate: z.boolean().optional(),
  /** Who asked for it (the Models page names them): a signed-in user or an API key of the team. */
  startedBy: z.object({ userId: z.string().optional(), apiKeyId: z.string().optional() }).optional(),
});
export type TrainTaskPayload = z.infer<typeof trainTaskPayloadSchema>;

export interface TrainSubmission {
  datasetId: string;
  predictFields: string[];
  ignoreFields: string[];
  duration: number;
  extraAttention: boolean;
  force: boolean;
  source: TrainTaskPayload["source"];
  /** A forecast of predictFields[0] over time instead of a row-wise model. */
  forecast?: ForecastSpec;
  startedBy?: TrainTaskPayload["startedBy"];
}

/** The task's record of who asked for it, from the request's authentication (undefined when neither is known). */
export function startedBy(auth: { userId: string | null; apiKeyId: string | null }): TrainTaskPayload["startedBy"] {
  if (auth.apiKeyId) return { apiKeyId: auth.apiKeyId };
  if (auth.userId) return { userId: auth.userId };
  return undefined;
}

/** At most this many field-name problems are itemised; the rest are counted in one more item. */
const MAX_FIELD_ISSUES = 20;
/** The dataset's field names quoted in a message (a dataset may have thousands). */
const MAX_LISTED_FIELDS = 50;

function listFields(fields: Set<string>): string {
  const names = [...fields];
  return names.length <= MAX_LISTED_FIELDS
    ? names.join(", ")
    : `${names.slice(0, MAX_LISTED_FIELDS).join(", ")} and ${names.length - MAX_LISTED_FIELDS} more (GET /v1/datasets?id=... lists them all)`;
}

/** Names that do not exist in the dataset, as 422 items pointing at the offending array entries. */
function unknownFieldIssues(names: string[], fields: Set<string>, key: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let unknown = 0;
  names.forEach((name, i) => {
    if (fields.has(name)) return;
    unknown++;
    if (issues.length < MAX_FIELD_ISSUES) {
      issues.push({
        loc: ["body", key, i],
        msg: `Unknown field "${clip(name)}". Field names are case sensitive; the dataset has: ${listFields(fields)}.`,
        type: "value_error",
      });
    }
  });
  if (unknown > issues.length) {
    issues.push({ loc: ["body", key], msg: `${unknown - issues.length} more names in ${key} are not fields of the dataset.`, type: "value_error" });
  }
  return issues;
}

/** A name as quoted in a message: a name of any length may arrive. */
function clip(name: string): string {
  return name.length > 200 ? `${name.slice(0, 200)}...` : name;
}

/** Identical requests on identical data share this key (force: false reuses their model). */
export function computeReuseKey(o: {
  datasetId: string;
  datasetVersion: string;
  predictFields: string[];
  ignoreFields: string[];
  duration: number;
  extraAttention: boolean;
  forecast?: ForecastPayload;
}): string {
  // A forecast's settings join the key only when present, so row-wise models keep their keys.
  return sha256(
    JSON.stringify([
      o.datasetId,
      o.datasetVersion,
      o.predictFields,
      [...o.ignoreFields].sort(),
      o.duration,
      o.extraAttention,
      ...(o.forecast ? [o.forecast] : []),
    ]),
  );
}

/** `joined`: an identical training was already queued or running, and `taskId` is a task that joined it (see JOINED in lib/jobs/queue). */
export async function submitTraining(teamId: string, request: TrainSubmission): Promise<{ taskId: string; joined: boolean }> {
  const dataset = await getDataset({ teamId, datasetId: request.datasetId }).catch((error) => {
    if (error instanceof AppError && error.code === "not_found") throw notFound(`Dataset "${request.datasetId}"`);
    throw error;
  });
  const names = new Set(dataset.fields.map((f) => f.name));
  // A dataset without rows has no fields yet: the task itself fails with the remedy (add rows).
  const issues =
    names.size === 0
      ? []
      : [...unknownFieldIssues(request.predictFields, names, "predict_fields"), ...unknownFieldIssues(request.ignoreFields, names, "ignore_fields")];
  // Sets, not includes/indexOf: a request may list hundreds of thousands of names.
  const ignored = new Set(request.ignoreFields);
  const seen = new Set<string>();
  request.predictFields.forEach((name, i) => {
    if (issues.length >= 2 * MAX_FIELD_ISSUES + 2) return;
    if (ignored.has(name)) issues.push({ loc: ["body", "predict_fields", i], msg: `"${clip(name)}" is both predicted and ignored.`, type: "value_error" });
    if (seen.has(name)) issues.push({ loc: ["body", "predict_fields", i], msg: `"${clip(name)}" is listed twice.`, type: "value_error" });
    seen.add(name);
  });
  if (issues.length) throw validationError(issues);
  // A forecast is checked against the rows now, so data problems answer 422 instead of a failed task.
  const forecast =
    request.forecast && names.size
      ? await checkForecastRequest({
          datasetId: dataset.id,
          rows: dataset.rows,
          fields: dataset.fields,
          predictFields: request.predictFields,
          spec: request.forecast,
        })
      : undefined;

  const reuseKey = computeReuseKey({ ...request, forecast, datasetId: dataset.id, datasetVersion: dataset.version });
  const payload: TrainTaskPayload = {
    datasetId: dataset.id,
    predictFields: request.predictFields,
    ignoreFields: request.ignoreFields,
    duration: request.duration,
    extraAttention: request.extraAttention,
    source: request.source,
    reuseKey,
    datasetVersion: dataset.version,
    ...(forecast ? { forecast } : {}),
    ...(request.startedBy ? { startedBy: request.startedBy } : {}),
  };
  if (request.force) return { taskId: (await enqueueTask({ teamId, kind: "train", payload })).id, joined: false };
  // force: false. An identical earlier model is reused; an identical training still queued or
  // running is joined: the caller gets a task of its own that ends with that training (one model for
  // both), and a cancel by either caller ends only that caller's task.
  // Check and insert happen under the dataset row's write lock (an UPDATE that changes nothing:
  // SQLite's file lock, PostgreSQL's row lock), so two identical requests that race serialise and
  // the second sees the first's task instead of training a second model.
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`UPDATE "Dataset" SET "rowCount" = "rowCount" WHERE "id" = ${dataset.id}`;
      const existing = await tx.model.findFirst({ where: { teamId, reuseKey }, orderBy: { createdAt: "desc" }, select: { id: true } });
      if (existing) return { taskId: (await recordSucceededTask({ teamId, kind: "train", payload, resultId: existing.id }, tx)).id, joined: false };
      if (await findRunningTraining(tx, teamId, reuseKey))
        return { taskId: (await enqueueJoinedTask({ teamId, kind: "train", payload }, tx)).id, joined: true };
      return { taskId: (await enqueueTask({ teamId, kind: "train", payload }, tx)).id, joined: false };
    },
    // SQLite write transactions wait for the file lock (busy timeout), which can exceed Prisma's defaults.
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** The oldest queued or running training of the team with this reuse key (the key is a SHA-256 hex
 * inside the payload JSON: the LIKE narrows, the parsed payload decides). */
async function findRunningTraining(tx: Prisma.TransactionClient, teamId: string, reuseKey: string): Promise<TaskRow | null> {
  const candidates = await tx.task.findMany({
    where: { teamId, kind: "train", status: { in: ["PENDING", "IN_PROGRESS"] }, payload: { contains: reuseKey } },
    orderBy: { createdAt: "asc" },
    select: taskRowSelect,
  });
  for (const task of candidates) {
    const parsed = trainTaskPayloadSchema.safeParse(JSON.parse(task.payload));
    // A retrain (modelId) adds a version to a given model: not the same request as a new training.
    if (parsed.success && parsed.data.reuseKey === reuseKey && !parsed.data.modelId) return task;
  }
  return null;
}

/**
 * A training task as its caller sees it: a joined task (JOINED) has the state of the training it
 * follows, under its own id. A joined task whose training is gone without settling it (the join and
 * that training's end crossed) is settled here: SUCCEEDED with the identical model if one exists,
 * else it is queued to train itself. Under the dataset row's lock, like submitTraining, so two such
 * tasks do not both queue a training.
 */
export async function resolveTrainingTask(teamId: string, task: TaskRow): Promise<TaskRow> {
  if (task.status !== JOINED) return task;
  const reuseKey = reuseKeyOf(task.payload);
  const datasetId = (JSON.parse(task.payload) as { datasetId?: string }).datasetId ?? "";
  if (!reuseKey) return task;
  const live = await findRunningTraining(db, teamId, reuseKey);
  if (live) return followed(task, live);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`UPDATE "Dataset" SET "rowCount" = "rowCount" WHERE "id" = ${datasetId}`;
      const current = await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: taskRowSelect });
      if (current.status !== JOINED) return current;
      const again = await findRunningTraining(tx, teamId, reuseKey);
      if (again) return followed(current, again);
      const model = await tx.model.findFirst({ where: { teamId, reuseKey }, orderBy: { createdAt: "desc" }, select: { id: true } });
      const now = new Date();
      return tx.task.update({
        where: { id: task.id },
        data: model
          ? { status: "SUCCEEDED", resultId: model.id, progress: 1, startedAt: now, finishedAt: now }
          : { status: "PENDING", message: "Queued: the identical training it joined ended without it." },
        select: taskRowSelect,
      });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** A joined task shown with the state of the training it follows. */
function followed(task: TaskRow, live: TaskRow): TaskRow {
  return { ...live, id: task.id, createdAt: task.createdAt, payload: task.payload };
}
