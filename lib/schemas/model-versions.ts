// Model extensions: decision thresholds, versions and retraining, read-only report links. Request
// bodies as the routes validate them, and the answers the services give.
import { z } from "zod";
import { storedThresholdSchema, thresholdValueSchema } from "./models";

/** Body of PUT /api/v1/models/{model_id}/threshold. */
export const setThresholdRequestSchema = z
  .object({
    threshold: thresholdValueSchema.nullable().meta({
      description: "Predict the positive class when its probability is above this (0 < threshold < 1); null restores the default (the more probable class).",
    }),
    positive_class: z.string({ message: "positive_class must be a class name (string)" }).optional().meta({
      description: "The class the threshold is about; default: the field's second class in the order of the training result's stats.",
    }),
    field: z.string({ message: "field must be a predicted field name (string)" }).optional().meta({
      description: "The predicted field; needed only when the model predicts several two-class fields.",
    }),
  })
  .meta({ id: "SetThresholdRequest" });

/** Body of POST /api/v1/models/{model_id}/retrain (optional). */
export const retrainRequestSchema = z
  .object({
    activate: z.boolean({ message: "activate must be true or false" }).optional().default(true).meta({
      description: "Make the new version active once it is trained (default true); false keeps the current version serving until you activate the new one.",
    }),
  })
  .meta({ id: "RetrainRequest" });

export const createShareLinkSchema = z
  .object({
    include_examples: z.boolean({ message: "include_examples must be true or false" }).optional().default(false).meta({
      description: "Show example rows of the data in the shared report (the holdout rows the model got most wrong). Default false.",
    }),
  })
  .meta({ id: "CreateShareLinkRequest" });

export const thresholdSettingSchema = z
  .object({
    model_id: z.string(),
    field: z.string(),
    threshold: z.number().nullable(),
    positive_class: z.string().nullable(),
    thresholds: z.record(z.string(), storedThresholdSchema).meta({ description: "Every stored threshold of the model, by predicted field" }),
  })
  .meta({ id: "ThresholdSetting" });

export const modelVersionsSchema = z
  .object({
    model_id: z.string(),
    active_version: z.number().int(),
    versions: z.array(
      z.object({
        version: z.number().int(),
        active: z.boolean(),
        created_at: z.string(),
        task_id: z.string().nullable().meta({ description: "The training task that produced it" }),
        dataset_version: z.string().meta({ description: "The dataset state it was trained on" }),
        fields: z.array(
          z.object({
            field: z.string(),
            task: z.string().optional(),
            metrics: z.record(z.string(), z.number()).meta({ description: "Holdout metrics: accuracy, auc, logloss, macroF1 or rmse, mae, r2" }),
            holdout_rows: z.number().int().optional(),
            rows_with_target: z.number().int().optional(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "ModelVersions" });

export const shareLinkSchema = z
  .object({
    id: z.string(),
    include_examples: z.boolean(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    last_viewed_at: z.string().nullable().meta({ description: "Recorded at most once a minute" }),
  })
  .meta({ id: "ReportShareLink" });

export const createdShareLinkSchema = shareLinkSchema
  .extend({
    token: z.string().meta({ description: "Shown only in this answer; only its SHA-256 is stored" }),
    path: z.string().meta({ description: "/share/{token}: the report's page, opened without signing in" }),
  })
  .meta({ id: "CreatedReportShareLink" });

export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) }).meta({ id: "ReportShareLinkList" });

export type SetThresholdRequest = z.infer<typeof setThresholdRequestSchema>;
export type ThresholdSetting = z.infer<typeof thresholdSettingSchema>;
export type ModelVersions = z.infer<typeof modelVersionsSchema>;
export type ReportShareLink = z.infer<typeof shareLinkSchema>;
export type CreatedReportShareLink = z.infer<typeof createdShareLinkSchema>;
