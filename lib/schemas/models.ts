// Models: listings, a model's details, and predictions (request and response).
import { z } from "zod";
import type { RawRow } from "@/lib/table/types";
import { timestampSchema } from "./common";
import { laxBoolean } from "./lax-values";
import { isFlatRow, rowSchema } from "./rows";
import { trainingResultSchema } from "./training";

/** A decision threshold: predict the positive class when its probability is above it. */
export const thresholdValueSchema = z
  .number({ message: "threshold must be a number between 0 and 1, e.g. 0.35" })
  .gt(0, "threshold must be above 0 (and below 1)")
  .lt(1, "threshold must be below 1 (and above 0)");

/** The request body of POST /api/v1/models/{id}/predict, as documented in the OpenAPI document. */
export const predictRequestSchema = z.object({
  data: z.array(rowSchema).min(1, "data must hold at least one row"),
  show_factors: laxBoolean("show_factors must be true or false", false),
  explain: laxBoolean("explain must be true or false", false).meta({ description: "Alias of show_factors, as on the legacy POST /v1/models." }),
  threshold: thresholdValueSchema.optional().meta({
    description:
      "Two-class models: predict the positive class when its probability is above this, for this request (0 < threshold < 1). " +
      "Default: the threshold stored with the model (PUT /api/v1/models/{model_id}/threshold), else the more probable class.",
  }),
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
    kind: z
      .enum(["prediction", "forecast"])
      .optional()
      .meta({ description: "Listings (extension): prediction models predict rows (/predict), forecast models forecast a series over time (/forecast)." }),
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

export const storedThresholdSchema = z
  .object({ threshold: z.number(), positive_class: z.string() })
  .meta({ id: "DecisionThreshold", description: "Predict positive_class when its probability is above threshold." });

export const modelDetailSchema = trainingResultSchema
  .extend({
    model: modelSummarySchema.extend({
      extra_attention: z.boolean(),
      report: modelReportSchema,
      active_version: z.number().int().optional().meta({ description: "The version that serves predictions (see /api/v1/models/{model_id}/versions)." }),
      thresholds: z.record(z.string(), storedThresholdSchema).optional().meta({ description: "Stored decision thresholds of two-class fields, by field." }),
    }),
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
