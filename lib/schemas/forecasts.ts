// Forecasting (extension): the `forecast` object of a training request, the body and answer of
// POST /api/v1/models/{model_id}/forecast, and what forecast models add to a training result.
import { z } from "zod";

/** Future steps a forecast may ask for (lib/forecast's MAX_HORIZON; a unit test keeps them equal). */
export const MAX_FORECAST_HORIZON = 1000;
/** forecast.aggregate rules and forecast.frequency periods (lib/forecast's AGGREGATE_RULES / PERIODS; a unit test keeps them equal). */
export const FORECAST_AGGREGATES = ["sum", "mean", "count", "min", "max"] as const;
export const FORECAST_FREQUENCIES = ["hour", "day", "week", "month", "quarter", "year"] as const;

/** The `forecast` object of POST /api/v1/models/train/new. */
export const forecastSpecSchema = z
  .object({
    date_field: z.string({ message: "forecast.date_field must be the name of the date field (string)" }).min(1, "forecast.date_field must not be empty"),
    horizon: z
      .number({ message: `forecast.horizon must be a whole number of future steps from 1 to ${MAX_FORECAST_HORIZON}` })
      .int(`forecast.horizon must be a whole number of future steps from 1 to ${MAX_FORECAST_HORIZON}`)
      .min(1, `forecast.horizon must be at least 1 (future steps to forecast)`)
      .max(MAX_FORECAST_HORIZON, `forecast.horizon must be at most ${MAX_FORECAST_HORIZON} steps`),
    group_field: z.string({ message: "forecast.group_field must be a field name (string)" }).min(1, "forecast.group_field must not be empty").optional(),
    aggregate: z
      .enum(FORECAST_AGGREGATES, { message: `forecast.aggregate must be one of ${FORECAST_AGGREGATES.map((a) => `"${a}"`).join(", ")}` })
      .optional()
      .meta({
        description:
          "Row-level tables (several rows per date, e.g. orders): combine the rows of each period (and group) by this rule before forecasting. " +
          "sum / mean / min / max of the predict_fields value; count = rows per period with a value in the predict_fields field, which may then be of any type " +
          "(name the date field itself to count every dated row). A period without rows is 0 for sum and count, and a missing value (filled in like any gap) for mean, min and max; " +
          "rows without a value are left out. A series' last period whose rows stop well before its end (more than a tenth of the period left after the last row and the rows' typical spacing) " +
          "is left out of a sum or count (it would read low) and forecast instead; mean, min and max keep it. The data story states the rule and any such period. " +
          "Without it, repeated dates within a series answer 422.",
      }),
    frequency: z
      .enum(FORECAST_FREQUENCIES, { message: `forecast.frequency must be one of ${FORECAST_FREQUENCIES.map((a) => `"${a}"`).join(", ")}` })
      .optional()
      .meta({
        description:
          "With aggregate: the period rows are combined per (UTC; weeks start on Monday, quarters in January, April, July, October); horizon counts these periods. " +
          "Default: chosen from the dates, the finest period (not finer than the data) in which at least 75% of the periods have a row, without going so coarse that a series has fewer than max(2 x horizon, 10) periods. " +
          "A period finer than the data (finer than how the dates are written, or under a quarter of their typical spacing) answers 422.",
      }),
  })
  .meta({
    id: "ForecastSpec",
    description:
      "Train a forecast instead of a row-wise model (extension): predict_fields names the one numeric value to forecast, date_field its dates, group_field (optional) splits the table into one series per distinct value. " +
      "A table with several rows per date (orders, tickets) needs aggregate (and optionally frequency): the rows of each period are combined by that rule first.",
  });

/** The body of POST /api/v1/models/{model_id}/forecast; an empty body means all defaults. */
export const forecastRequestSchema = z
  .object({
    horizon: z
      .number({ message: `horizon must be a whole number of future steps from 1 to ${MAX_FORECAST_HORIZON}` })
      .int(`horizon must be a whole number of future steps from 1 to ${MAX_FORECAST_HORIZON}`)
      .min(1, "horizon must be at least 1")
      .max(MAX_FORECAST_HORIZON, `horizon must be at most ${MAX_FORECAST_HORIZON}`)
      .optional()
      .meta({ description: "Future steps; default: the horizon the model was trained with." }),
    group: z
      .string({ message: "group must be one series' value of the group field (string)" })
      .optional()
      .meta({ description: "Only this series (a value of the model's group field)." }),
    include_history: z
      .boolean({ message: "include_history must be true or false" })
      .optional()
      .default(false)
      .meta({ description: "Also answer the history and the backtest forecasts (for charts)." }),
  })
  .meta({ id: "ForecastRequest" });

export const forecastPointSchema = z
  .object({
    date: z.string().meta({ description: "ISO 8601 date-time (UTC) of the future step." }),
    group: z.string().optional().meta({ description: "The series (value of forecast.group_field); absent for a single series." }),
    value: z.number(),
    lower_80: z.number(),
    upper_80: z.number(),
    lower_95: z.number(),
    upper_95: z.number(),
  })
  .meta({
    id: "ForecastPoint",
    description:
      "One future step of one series. Intervals are the model's own error shape scaled by its rolling-origin backtest errors (split-conformal style): about 80% / 95% of future values should fall inside. Series whose history is never negative keep forecasts and bounds >= 0.",
  });

export const forecastStatSchema = z
  .object({
    field: z.number().int(),
    field_name: z.string(),
    field_type: z.literal("forecast"),
    group: z.string().optional().meta({ description: "The series; absent on the overall object (the last) and for single-series tables." }),
    series: z.number().int().optional().meta({ description: "Series summarised (overall object of several series)." }),
    count: z.number().int().meta({ description: "Backtest points (windows x horizon)." }),
    windows: z.number().int().meta({ description: "Rolling-origin backtest windows at the end of the history." }),
    horizon: z.number().int(),
    mae: z.number(),
    rmse: z.number(),
    mape: z.number().nullable().meta({ description: "Mean absolute percentage error (%); null when an actual value is 0." }),
    mase: z.number().meta({ description: "MAE / in-sample mean absolute seasonal-naive error: below 1 beats repeating the last season." }),
    coverage_80: z.number().nullable().meta({
      description: "Share of backtest values inside the 80% intervals, each window judged with intervals calibrated on the others; null with one window.",
    }),
    coverage_95: z.number().nullable(),
    model: z.string().optional().meta({ description: "The chosen method (or average of methods)." }),
  })
  .meta({ id: "ForecastStat", description: "Backtest statistics of a forecast model (this project's design): one object per series, then the overall one." });

export const forecastHistorySchema = z
  .object({
    group: z.string().nullable(),
    method: z.string(),
    points: z.array(
      z.object({ date: z.string(), value: z.number(), filled: z.boolean().optional().meta({ description: "A gap or missing value the engine filled in." }) }),
    ),
    backtest: z.array(z.object({ origin: z.string(), points: z.array(z.object({ date: z.string(), value: z.number() })) })),
    partial: z.object({ date: z.string(), value: z.number(), note: z.string() }).optional().meta({
      description:
        "A sum or count whose last period's rows stop well before its end: that period was left out of the fit (it would read low) and is forecast instead; this is the value of the rows it has.",
    }),
  })
  .meta({ id: "ForecastHistory" });

export const forecastResponseSchema = z
  .object({
    model_id: z.string(),
    horizon: z.number().int(),
    forecast: z.array(forecastPointSchema),
    history: z
      .array(forecastHistorySchema)
      .optional()
      .meta({ description: "With include_history: the last (up to 5,000) values per series and the chosen model's backtest forecasts." }),
  })
  .meta({ id: "ForecastResponse" });

/** What a forecast model's data story adds to the specification's outline (plain-word sentences, per series). */
export const forecastStoryExtension = {
  summary: z.string().optional().meta({ description: "Forecast models: the story in plain words." }),
  sentences: z.array(z.string()).optional().meta({ description: "Forecast models: the summary, one sentence per item." }),
  series: z
    .array(z.object({ group: z.string(), sentences: z.array(z.string()) }))
    .optional()
    .meta({ description: "Forecast models with a group field: sentences per series (the largest few)." }),
};

export type ForecastSpec = z.infer<typeof forecastSpecSchema>;
export type ForecastRequest = z.infer<typeof forecastRequestSchema>;
export type ForecastPointJson = z.infer<typeof forecastPointSchema>;
export type ForecastStatJson = z.infer<typeof forecastStatSchema>;
export type ForecastHistoryJson = z.infer<typeof forecastHistorySchema>;
export type ForecastResponse = z.infer<typeof forecastResponseSchema>;
