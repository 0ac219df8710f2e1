// Models: listings, a model's details, and predictions (request and response).
import { z } from "zod";
import type { RawRow } from "@/lib/table/types";
import { timestampSchema } from "./common";
import { isFlatRow, rowSchema } from "./rows";
import { trainingResultSchema } from "./training";

/** The request body of POST /api/v1/models/{id}/predict, as documented in the OpenAPI document. */
export const predictRequestSchema = z.object({
  data: z.array(rowSchema).min(1, "data must hold at least one row"),
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

export const modelSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: timestampSchema,
    dataset_id: z.string(),
    predict_fields: z.array(z.string()),
    ignored_fields: z.array(z.string()),
    duration: z.number().int().meta({ description: "Training budget in seconds." }),
  })
  .meta({ id: "ModelSummary" });

export const modelListSchema = z.object({ models: z.array(modelSummarySchema) }).meta({ id: "ModelList" });

/**
 * The engine's report for the web page (holdout metrics, confusion matrix, leaderboard, timings per
 * predicted field). Internal and versioned: its inner keys may change between versions, so only
 * the outline is fixed here.
 */
export const modelReportSchema = z
  .looseObject({
    version: z.number().int().optional(),
    fields: z.array(z.looseObject({ field: z.string() })).optional(),
  })
  .meta({
    id: "ModelReport",
    description: "The training engine's report (internal, versioned): per predicted field its holdout metrics, confusion matrix and leaderboard.",
  });

export const modelDetailSchema = trainingResultSchema
  .extend({
    model: modelSummarySchema.extend({ extra_attention: z.boolean(), report: modelReportSchema }),
  })
  .meta({ id: "ModelDetail", description: "The training result again, with the model's settings and the engine's report." });

/**
 * A prediction row: every field of the model's dataset echoed ("" when not sent), the predicted
 * field (class as a string, or a number for regression), `Probability <field> is <class>` numbers,
 * and with show_factors `akkio_prediction_factor_<field>` shares.
 */
export const predictionRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()])).meta({ id: "PredictionRow" });

export const predictionsSchema = z.object({ predictions: z.array(predictionRowSchema) }).meta({ id: "Predictions" });

export type ModelSummary = z.infer<typeof modelSummarySchema>;
export type ModelDetail = z.infer<typeof modelDetailSchema>;
export type PredictionRow = z.infer<typeof predictionRowSchema>;
