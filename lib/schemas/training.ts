// Training: the request body of POST /api/v1/models/train/new.
import { z } from "zod";
import { laxBoolean, laxWholeNumber } from "./lax-values";
import { forecastPointSchema, forecastSpecSchema, forecastStatSchema, forecastStoryExtension } from "./forecasts";

export const API_DURATIONS = [10, 60, 300, 1800] as const;

const fieldList = (name: string) =>
  z.array(z.string({ message: `each item of ${name} must be a field name (string)` }), { message: `${name} must be an array of field names` });

/** Body of POST /api/v1/models/train/new (extra properties are allowed, as in the specification). */
export const trainRequestSchema = z.looseObject({
  dataset_id: z.string({ message: "dataset_id must be a string" }).trim().min(1, "dataset_id must not be empty"),
  predict_fields: fieldList("predict_fields").min(1, "predict_fields must name at least one field"),
  duration: laxWholeNumber(
    z.union(API_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<60>, z.ZodLiteral<300>, z.ZodLiteral<1800>], {
      message: "duration must be one of 10, 60, 300 or 1800 (seconds)",
    }),
  ),
  ignore_fields: fieldList("ignore_fields").optional().default([]),
  force: laxBoolean("force must be true or false", false),
  extra_attention: laxBoolean("extra_attention must be true or false", false),
  forecast: forecastSpecSchema.optional(),
});

export type TrainRequestBody = z.infer<typeof trainRequestSchema>;

const regressionOnly = (description: string) =>
  z
    .number()
    .optional()
    .meta({ description: `Regression targets only (this project's design): ${description}` });
const classificationOnly = <T extends z.ZodType>(schema: T) => schema.optional().meta({ description: "Classification targets only." });

/**
 * One statistics object of `stats`. One schema for both kinds of target (the web page reads both
 * through one type): the keys of the specification for classes, this project's own keys for
 * regression targets. Unknown keys are not allowed, so a new key must be documented here first.
 */
export const fieldStatSchema = z
  .object({
    field: z.number().int().meta({ description: "Index of the predicted field in the dataset's schema." }),
    field_name: z.string(),
    field_type: z.string(),
    class: classificationOnly(z.number().int()),
    class_name: classificationOnly(z.string()),
    count: z.number().int().meta({ description: "Holdout rows (of this class, for classification)." }),
    "true positives": classificationOnly(z.number().int()),
    "false positives": classificationOnly(z.number().int()),
    "false negatives": classificationOnly(z.number().int()),
    precision: classificationOnly(z.number()),
    recall: classificationOnly(z.number()),
    f1: classificationOnly(z.number()),
    frequency: classificationOnly(z.number().meta({ description: "count / holdout rows" })),
    mae: regressionOnly("mean absolute error on the holdout."),
    rmse: regressionOnly("root mean squared error on the holdout."),
    r2: regressionOnly("coefficient of determination on the holdout."),
    mean: regressionOnly("mean of the target on the holdout."),
    std: regressionOnly("standard deviation of the target on the holdout."),
    min: regressionOnly("smallest target value on the holdout."),
    p25: regressionOnly("25th percentile of the target on the holdout."),
    median: regressionOnly("median of the target on the holdout."),
    p75: regressionOnly("75th percentile of the target on the holdout."),
    max: regressionOnly("largest target value on the holdout."),
  })
  .meta({
    id: "ClassStat",
    description:
      "Holdout statistics (20% of rows, stratified for categories, never used for model selection). Classification: one object per class with the specification's keys. " +
      "Regression (this project's own design): one object with count, mae, rmse, r2 and the target's distribution (mean, std, min, p25, median, p75, max).",
  });

export const dataStoryCauseSchema = z.object({
  field: z.string(),
  top_value: z.string().meta({ description: "The value (or range, for numbers) that most raises the outcome." }),
  bottom_value: z.string().meta({ description: "The value (or range) that most lowers it." }),
});

export const dataStoryOutcomeSchema = z.object({
  outcome: z.string(),
  causes: z.array(dataStoryCauseSchema).meta({ description: "The (up to) 4 most important fields." }),
  top_case: z.number(),
  avg_case: z.number(),
  bottom_case: z.number(),
  text: z.string().optional().meta({ description: "Forecast models: this outcome in plain words." }),
});

export const dataStorySchema = z
  .object({ name: z.string(), type: z.string(), outcomes: z.array(dataStoryOutcomeSchema), ...forecastStoryExtension })
  .meta({ id: "DataStory", description: "Per predicted field: one outcome per class (regression: one outcome, high values of the target)." });

export const trainingResultSchema = z
  .object({
    status: z.literal("success"),
    model_id: z.string(),
    stats: z
      .array(z.array(z.union([fieldStatSchema, forecastStatSchema])))
      .meta({ description: "One inner array per predicted field. Forecast models: one ForecastStat per series, then the overall one." }),
    field_importance: z.record(z.string(), z.number()).meta({
      description:
        "One entry per dataset field; predicted and ignored fields 0; the rest non-negative, summing to 1. Forecast models: what drives the series (trend, each seasonality, differences between series, irregular) -> share of the variation.",
    }),
    data_story: z.array(dataStorySchema),
    forecast: z.array(forecastPointSchema).optional().meta({ description: "Forecast models only (extension): one object per future step and series." }),
  })
  .meta({ id: "TrainingResult" });

export type ClassStat = z.infer<typeof fieldStatSchema>;
export type StoryCause = z.infer<typeof dataStoryCauseSchema>;
export type StoryOutcome = z.infer<typeof dataStoryOutcomeSchema>;
export type DataStory = z.infer<typeof dataStorySchema>;
export type TrainingResult = z.infer<typeof trainingResultSchema>;
