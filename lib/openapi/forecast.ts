// OpenAPI path of forecasting (extension): POST /api/v1/models/{model_id}/forecast. The schemas
// (forecast points, backtest statistics, request and answer) live in lib/schemas/forecasts.ts.
import { forecastRequestSchema, forecastResponseSchema } from "@/lib/schemas/forecasts";
import { apiV1Errors, json, modelPath, operation, TAGS } from "./responses";

export const forecastPaths = {
  "/api/v1/models/{model_id}/forecast": {
    post: operation(TAGS.models, {
      summary: "Forecast from a stored forecast model (extension)",
      description:
        "Computes the forecast of every series (or of `group` only) for `horizon` future steps (default: the trained horizon, at most 1000; series x horizon at most 100,000 points) " +
        "from the stored model (its active version), without retraining. The body is optional. A model that predicts rows answers 422 (loc path.model_id) pointing to /predict.",
      requestParams: { path: modelPath },
      requestBody: { required: false, content: { "application/json": { schema: forecastRequestSchema } } },
      responses: {
        "200": json(forecastResponseSchema, "The forecast"),
        ...apiV1Errors({ write: true, body: true, storage: true, notFound: "Unknown model, or a model of another team" }),
      },
    }),
  },
};
