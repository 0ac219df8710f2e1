// Training requests: validation against the dataset, reuse of identical models, and the task that
// a worker runs. The web process only enqueues; lib/ml runs in the workers.
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, notFound, validationError, type ValidationIssue } from "@/lib/errors";
import { sha256 } from "@/lib/auth/crypto";
import { enqueueTask, recordSucceededTask } from "@/lib/jobs/queue";
import { getDataset } from "./datasets";
import { checkForecastRequest, forecastPayloadSchema, forecastSpecSchema, type ForecastSpec } from "./forecasts";

export const API_DURATIONS = [10, 60, 300, 1800] as const;

const fieldList = (name: string) =>
  z.array(z.string({ message: `each item of ${name} must be a field name (string)` }), { message: `${name} must be an array of field names` });

/** Body of POST /api/v1/models/train/new (extra properties are allowed, as in the specification). */
export const trainRequestSchema = z.looseObject({
  dataset_id: z.string({ message: "dataset_id must be a string" }).trim().min(1, "dataset_id must not be empty"),
  predict_fields: fieldList("predict_fields").min(1, "predict_fields must name at least one field"),
  duration: z.union(API_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<60>, z.ZodLiteral<300>, z.ZodLiteral<1800>], {
    message: "duration must be one of 10, 60, 300 or 1800 (seconds)",
  }),
  ignore_fields: fieldList("ignore_fields").optional().default([]),
  force: z.boolean({ message: "force must be true or false" }).optional().default(false),
  extra_attention: z.boolean({ message: "extra_attention must be true or false" }).optional().default(false),
  forecast: forecastSpecSchema.optional(),
});

export type TrainRequestBody = z.infer<typeof trainRequestSchema>;

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
}

/** Names that do not exist in the dataset, as 422 items pointing at the offending array entries. */
function unknownFieldIssues(names: string[], fields: Set<string>, key: string): ValidationIssue[] {
  return names.flatMap((name, i) =>
    fields.has(name)
      ? []
      : [{ loc: ["body", key, i], msg: `Unknown field "${name}". Field names are case sensitive; the dataset has: ${[...fields].join(", ")}.`, type: "value_error" }],
  );
}

export async function submitTraining(teamId: string, request: TrainSubmission): Promise<{ taskId: string }> {
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
  request.predictFields.forEach((name, i) => {
    if (request.ignoreFields.includes(name)) issues.push({ loc: ["body", "predict_fields", i], msg: `"${name}" is both predicted and ignored.`, type: "value_error" });
    if (request.predictFields.indexOf(name) !== i) issues.push({ loc: ["body", "predict_fields", i], msg: `"${name}" is listed twice.`, type: "value_error" });
  });
  if (issues.length) throw validationError(issues);
  // A forecast is checked against the rows now, so data problems answer 422 instead of a failed task.
  const forecast = request.forecast && names.size ? await checkForecastRequest({ datasetId: dataset.id, rows: dataset.rows, fields: dataset.fields, predictFields: request.predictFields, spec: request.forecast }) : undefined;

  const reuseKey = sha256(
    JSON.stringify([dataset.id, dataset.version, request.predictFields, [...request.ignoreFields].sort(), request.duration, request.extraAttention, ...(forecast ? [forecast] : [])]),
  );
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
  };
  if (!request.force) {
    const existing = await db.model.findFirst({ where: { teamId, reuseKey }, orderBy: { createdAt: "desc" }, select: { id: true } });
    if (existing) {
      const task = await recordSucceededTask({ teamId, kind: "train", payload, resultId: existing.id });
      return { taskId: task.id };
    }
  }
  const task = await enqueueTask({ teamId, kind: "train", payload });
  return { taskId: task.id };
}
