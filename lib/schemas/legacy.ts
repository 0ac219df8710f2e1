// The legacy API (/v1/datasets, /v1/models): parameters as legacyRoute validates them (query string
// and body merged, body winning; the key is read before and removed) and the answers.
import { z } from "zod";
import { legacySuccessSchema, timestampSchema } from "./common";
import { datasetFieldSchema, datasetNameSchema, datasetSummarySchema, dateOrderSchema, fieldTypesSchema } from "./datasets";
import { jsonTextOr, legacyBoolean, legacyFieldNames, legacyRows, legacySeconds, legacyText, legacyThreshold } from "./legacy-params";
import { predictionRowSchema } from "./models";
import { forecastSpecSchema } from "./forecasts";
import { trainingResultSchema } from "./training";

/** The longest budget legacy training runs with (the longest /api/v1 one); longer requested budgets train for this long. */
export const LEGACY_MAX_DURATION = 1_800;

const apiKeyParam = z
  .string()
  .optional()
  .meta({ description: "Team API key; also accepted as an api_key header. The query string, a JSON body and a form body all work." });

// GET /v1/datasets
export const legacyDatasetQuerySchema = z.looseObject({
  id: legacyText("id").optional().meta({ description: "A dataset id: inspect that dataset instead of listing all." }),
});

// POST /v1/datasets: the parameters decide the operation (create, append, set types, re-parse).
export const legacyDatasetWriteSchema = z.looseObject({
  api_key: apiKeyParam,
  name: datasetNameSchema.optional().meta({ description: "Without id: create an empty dataset with this name." }),
  id: legacyText("id").optional().meta({ description: "The dataset to change." }),
  rows: legacyRows("rows").optional().meta({ description: "With id: rows to append; the first rows define the schema." }),
  fields: jsonTextOr("fields", fieldTypesSchema, 'a JSON array like [{"name": "age", "type": "integer"}]')
    .optional()
    .meta({ description: "With id: set field types (valid: false disables a field)." }),
  parse_fields: legacyBoolean("parse_fields").meta({ description: "With id: re-infer the field types from the data." }),
  date_order: dateOrderSchema.optional().meta({
    description:
      "Extension. With rows: the order of day and month in the rows' slash dates (day_first: 03/04/2021 is 3 April). Used when these rows define the schema, for date fields whose own values cannot tell the order (no day above 12); otherwise month first is assumed and the field's date_order_basis says so.",
  }),
});

// DELETE /v1/datasets, DELETE /v1/models
export const legacyDeleteSchema = z.looseObject({
  api_key: apiKeyParam,
  id: legacyText("id"),
});

export const legacyModelDeleteSchema = z.looseObject({
  api_key: apiKeyParam,
  id: legacyText("id").optional(),
  model_id: legacyText("model_id").optional().meta({ description: "Alias of id." }),
});

// POST /v1/models: predict (id or model_id + data) or train synchronously (dataset_id + predict_fields).
export const legacyModelWriteSchema = z.looseObject({
  api_key: apiKeyParam,
  id: legacyText("id").optional().meta({ description: "Predict with this model." }),
  model_id: legacyText("model_id").optional().meta({ description: "Alias of id." }),
  data: legacyRows("data").optional().meta({ description: "Rows to predict (fields may be a subset of the dataset's)." }),
  show_factors: legacyBoolean("show_factors").meta({ description: "Add akkio_prediction_factor_<field> shares to each prediction." }),
  explain: legacyBoolean("explain").meta({ description: "Alias of show_factors." }),
  threshold: legacyThreshold("threshold").meta({
    description: "Two-class models: predict the positive class when its probability is above this (0 < threshold < 1), for this request.",
  }),
  dataset_id: legacyText("dataset_id").optional().meta({ description: "Train on this dataset and answer with the training result." }),
  predict_fields: legacyFieldNames("predict_fields", { min: 1 }).optional(),
  ignore_fields: legacyFieldNames("ignore_fields").optional(),
  duration: legacySeconds("duration", 10, LEGACY_MAX_DURATION),
  extra_attention: legacyBoolean("extra_attention"),
  force: legacyBoolean("force"),
  forecast: jsonTextOr("forecast", forecastSpecSchema, '{"date_field": "date", "horizon": 12}').optional().meta({
    description: "With dataset_id (extension): train a forecast instead of a row-wise model, as on POST /api/v1/models/train/new. An object, or its JSON text.",
  }),
});

export type LegacyModelWrite = z.infer<typeof legacyModelWriteSchema>;

export const legacyDatasetListSchema = z.object({ status: z.literal("success"), datasets: z.array(datasetSummarySchema) }).meta({ id: "LegacyDatasetList" });

export const legacyDatasetDetailSchema = z
  .object({ status: z.literal("success"), id: z.string(), name: z.string(), rows: z.number().int(), fields: z.array(datasetFieldSchema) })
  .meta({ id: "LegacyDataset" });

export const legacyDatasetCreatedSchema = z
  .object({ status: z.literal("success"), dataset_id: z.string(), dataset_name: z.string() })
  .meta({ id: "LegacyDatasetCreated" });

export const legacyModelListSchema = z
  .object({
    status: z.literal("success"),
    models: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        created_at: timestampSchema,
        predict_fields: z.array(z.string()),
        ignored_fields: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: "LegacyModelList" });

export const legacyPredictionsSchema = z.object({ status: z.literal("success"), predictions: z.array(predictionRowSchema) }).meta({ id: "LegacyPredictions" });

/** Every answer of POST /v1/models, by operation. */
export const legacyModelWriteResultSchema = z.union([legacyPredictionsSchema, trainingResultSchema]);
export const legacyDatasetWriteResultSchema = z.union([legacyDatasetCreatedSchema, legacySuccessSchema]);
export const legacyDatasetReadResultSchema = z.union([legacyDatasetListSchema, legacyDatasetDetailSchema]);

export type LegacyDatasetDetail = z.infer<typeof legacyDatasetDetailSchema>;
export type LegacyDatasetList = z.infer<typeof legacyDatasetListSchema>;
