// OpenAPI pieces of forecasting (extension): the forecast points, the backtest statistics and data
// story of forecast models, and POST /api/v1/models/{model_id}/forecast.
import { z } from "zod";
import { forecastRequestSchema } from "@/lib/services/forecasts";

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
    coverage_80: z.number().nullable().meta({ description: "Share of backtest values inside the 80% intervals, each window judged with intervals calibrated on the others; null with one window." }),
    coverage_95: z.number().nullable(),
    model: z.string().optional().meta({ description: "The chosen method (or average of methods)." }),
  })
  .meta({ id: "ForecastStat", description: "Backtest statistics of a forecast model (this project's design): one object per series, then the overall one." });

export const forecastHistorySchema = z
  .object({
    group: z.string().nullable(),
    method: z.string(),
    points: z.array(z.object({ date: z.string(), value: z.number(), filled: z.boolean().optional().meta({ description: "A gap or missing value the engine filled in." }) })),
    backtest: z.array(z.object({ origin: z.string(), points: z.array(z.object({ date: z.string(), value: z.number() })) })),
  })
  .meta({ id: "ForecastHistory" });

export const forecastResponseSchema = z
  .object({
    model_id: z.string(),
    horizon: z.number().int(),
    forecast: z.array(forecastPointSchema),
    history: z.array(forecastHistorySchema).optional().meta({ description: "With include_history: the last (up to 5,000) values per series and the chosen model's backtest forecasts." }),
  })
  .meta({ id: "ForecastResponse" });

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const errorSchema = z.object({ detail: z.string() });

export function forecastPaths(validationError: z.ZodType) {
  return {
    "/api/v1/models/{model_id}/forecast": {
      post: {
        summary: "Forecast from a stored forecast model (extension)",
        description:
          "Computes the forecast of every series (or of `group` only) for `horizon` future steps (default: the trained horizon, at most 1000; series x horizon at most 100,000 points) from the stored model, without retraining. The body is optional.",
        requestParams: { path: z.object({ model_id: z.string() }) },
        requestBody: { required: false, content: { "application/json": { schema: forecastRequestSchema } } },
        responses: {
          "200": json(forecastResponseSchema, "The forecast"),
          "400": json(errorSchema, "The model predicts rows; it is not a forecast model (use /predict)"),
          "401": json(errorSchema, "Missing or invalid X-API-Key"),
          "404": json(errorSchema, "Unknown model, or a model of another team"),
          "422": json(validationError, "Horizon out of 1..1000, unknown group, or too many points"),
        },
      },
    },
  };
}
