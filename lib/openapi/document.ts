// The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with, so the
// reference cannot drift from the code. Served at /api/v1/api.yaml; rendered at /api/v1/docs.
import { z } from "zod";
import { createDocument } from "zod-openapi";
import { trainRequestSchema } from "@/lib/services/training";
import { chatRequestSchema } from "@/lib/services/chats";
import { createProjectSchema, updateProjectSchema } from "@/lib/services/projects";
import { predictRequestSchema } from "@/lib/services/models";
import { forecastPaths, forecastPointSchema, forecastStatSchema } from "./forecast";
import { forecastSpecSchema } from "@/lib/services/forecasts";

const validationErrorSchema = z
  .object({
    detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  })
  .meta({ id: "HTTPValidationError" });
const errorSchema = z.object({ detail: z.string() }).meta({ id: "ErrorMessage" });
const legacyErrorSchema = z.object({ status: z.string(), message: z.string().optional() }).meta({ id: "LegacyError" });

const taskIdSchema = z.looseObject({ task_id: z.string() }).meta({ id: "TaskCreated" });
const statusSchema = z
  .object({
    status: z.enum(["PENDING", "IN_PROGRESS", "SUCCEEDED", "FAILED", "UNKNOWN_TIMEOUT"]),
    metadata: z.discriminatedUnion("type", [
      z.object({ type: z.literal("PENDING") }),
      z.object({
        type: z.literal("IN_PROGRESS"),
        estimate_seconds: z.number().nullable().optional().meta({ description: "Rough best-effort estimate of the seconds left." }),
        progress: z.number().optional().meta({ description: "Fraction done, 0..1 (extension)." }),
      }),
      z.object({ type: z.literal("SUCCEEDED"), location: z.string().meta({ description: "Path of the result, e.g. /api/v1/models/train/{task_id}/result" }) }),
      z.object({ type: z.literal("FAILED"), error: z.string() }),
    ]),
  })
  .meta({ id: "TaskStatus" });

const classStatSchema = z
  .object({
    field: z.number().int(),
    field_name: z.string(),
    field_type: z.string(),
    class: z.number().int().optional(),
    class_name: z.string().optional(),
    count: z.number().int(),
    "true positives": z.number().int().optional(),
    "false positives": z.number().int().optional(),
    "false negatives": z.number().int().optional(),
    precision: z.number().optional(),
    recall: z.number().optional(),
    f1: z.number().optional(),
    frequency: z.number().optional(),
    mae: z.number().optional().meta({ description: "Regression targets only (this project's design)." }),
    rmse: z.number().optional().meta({ description: "Regression targets only (this project's design)." }),
    r2: z.number().optional().meta({ description: "Regression targets only (this project's design)." }),
  })
  .meta({
    id: "ClassStat",
    description:
      "Holdout statistics (20% of rows, stratified, never used for model selection). Classification: one object per class. " +
      "Regression (this project's own design): one object with count, mae, rmse, r2 and the target's distribution.",
  });

const dataStorySchema = z
  .looseObject({
    name: z.string(),
    type: z.string(),
    outcomes: z.array(
      z.looseObject({
        outcome: z.string(),
        causes: z.array(z.object({ field: z.string(), top_value: z.string(), bottom_value: z.string() })),
        top_case: z.number(),
        avg_case: z.number(),
        bottom_case: z.number(),
      }),
    ),
  })
  .meta({ id: "DataStory" });

const trainingResultSchema = z
  .looseObject({
    status: z.literal("success"),
    model_id: z.string(),
    stats: z.array(z.array(z.union([classStatSchema, forecastStatSchema]))),
    field_importance: z.record(z.string(), z.number()).meta({ description: "Dataset field -> share. Forecast models: what drives the series (trend, each seasonality, differences between series, irregular) -> share of the variation." }),
    data_story: z.array(dataStorySchema),
    forecast: z.array(forecastPointSchema).optional().meta({ description: "Forecast models only (extension): one object per future step and series." }),
  })
  .meta({ id: "TrainingResult" });

const projectSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    chatInstructions: z.string(),
    chatContext: z.string(),
    chatSuggestions: z.string(),
    datasetId: z.string().nullable(),
  })
  .meta({ id: "Project" });

const chatSchema = z
  .object({
    owner: z.string(),
    org: z.string(),
    _owner: z.string(),
    _org: z.string(),
    messages: z.array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.string(),
        images: z.array(z.string()).nullable().meta({ description: "Base64 PNG by default; string-serialized Plotly JSON with image_format=plotly_json." }),
        table: z.array(z.record(z.string(), z.unknown())).nullable(),
      }),
    ),
  })
  .meta({ id: "Chat" });

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const apiErrors = {
  "401": json(errorSchema, "Missing or invalid X-API-Key"),
  "404": json(errorSchema, "Unknown id, or a resource of another team"),
  "422": json(validationErrorSchema, "Validation error"),
};
const taskPath = z.object({ task_id: z.string() });
const legacyKey = z.object({ api_key: z.string().meta({ description: "Team API key (also accepted in the JSON or form body, or an api_key header)" }) });

export function buildOpenApiDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Tabula public API (beta)",
      version: "0.1.0",
      description:
        "Model training, chat exploration, projects, and the legacy datasets and models endpoints. " +
        "Current endpoints live under /api/v1 and take the team API key in the X-API-Key header; legacy endpoints live under /v1 and take `api_key`.",
    },
    servers: [{ url: "/" }],
    components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } } },
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/models/train/new": {
        post: {
          summary: "Submit a training task",
          requestBody: { content: { "application/json": { schema: trainRequestSchema } } },
          responses: { "201": json(taskIdSchema, "Task queued"), ...apiErrors },
        },
      },
      "/api/v1/models/train/{task_id}/status": {
        get: { summary: "Training task status", requestParams: { path: taskPath }, responses: { "200": json(statusSchema, "Status"), ...apiErrors } },
      },
      "/api/v1/models/train/{task_id}/result": {
        get: {
          summary: "Training result",
          requestParams: { path: taskPath },
          responses: { "200": json(trainingResultSchema, "Result of a SUCCEEDED task"), "409": json(errorSchema, "The task has not succeeded"), ...apiErrors },
        },
      },
      "/api/v1/models/train/{task_id}/cancel": {
        post: {
          summary: "Cancel a queued or running training (extension)",
          description: "The task ends FAILED with a cancellation message; a running training stops within a few seconds and saves nothing.",
          requestParams: { path: taskPath },
          responses: { "200": json(statusSchema, "The new status (FAILED)"), "409": json(errorSchema, "The task has already finished"), ...apiErrors },
        },
      },
      "/api/v1/models": { get: { summary: "List models (extension)", responses: { "200": json(z.object({ models: z.array(z.looseObject({ id: z.string(), name: z.string() })) }), "Models") } } },
      "/api/v1/models/{model_id}": {
        get: { summary: "A model's training result (extension)", requestParams: { path: z.object({ model_id: z.string() }) }, responses: { "200": json(trainingResultSchema, "Result"), ...apiErrors } },
        delete: { summary: "Delete a model (extension)", requestParams: { path: z.object({ model_id: z.string() }) }, responses: { "200": json(z.object({}), "Deleted"), ...apiErrors } },
      },
      "/api/v1/models/{model_id}/predict": {
        post: {
          summary: "Predict rows (extension)",
          requestParams: { path: z.object({ model_id: z.string() }) },
          requestBody: { content: { "application/json": { schema: predictRequestSchema } } },
          responses: {
            "200": json(z.object({ predictions: z.array(z.record(z.string(), z.unknown())) }), "Predictions"),
            "400": json(errorSchema, "Bad rows, or a forecast model (use /forecast)"),
            ...apiErrors,
          },
        },
      },
      ...forecastPaths(validationErrorSchema),
      "/api/v1/chat-explore/new": {
        post: {
          summary: "Ask a question about a project's or dataset's data",
          requestBody: { content: { "application/json": { schema: chatRequestSchema } } },
          responses: { "201": json(taskIdSchema, "Task queued"), ...apiErrors },
        },
      },
      "/api/v1/chat-explore/status/{task_id}": {
        get: { summary: "Chat task status", requestParams: { path: taskPath }, responses: { "200": json(statusSchema, "Status"), ...apiErrors } },
      },
      "/api/v1/chat-explore/chats/{chat_id}": {
        get: {
          summary: "The answer messages",
          requestParams: { path: z.object({ chat_id: z.string() }), query: z.object({ image_format: z.enum(["png", "plotly_json"]).optional() }) },
          responses: { "200": json(chatSchema, "Chat"), ...apiErrors },
        },
      },
      "/api/v1/projects": {
        get: { summary: "List projects (extension)", responses: { "200": json(z.object({ projects: z.array(projectSchema) }), "Projects") } },
        post: { summary: "Create a project", requestBody: { content: { "application/json": { schema: createProjectSchema } } }, responses: { "201": json(projectSchema, "Created"), ...apiErrors } },
      },
      "/api/v1/projects/{project_id}": {
        get: { summary: "Get a project", requestParams: { path: z.object({ project_id: z.string() }) }, responses: { "200": json(projectSchema, "Project"), ...apiErrors } },
        put: {
          summary: "Update a project",
          requestParams: { path: z.object({ project_id: z.string() }) },
          requestBody: { content: { "application/json": { schema: updateProjectSchema } } },
          responses: { "201": json(projectSchema, "Updated project"), ...apiErrors },
        },
        delete: { summary: "Delete a project", requestParams: { path: z.object({ project_id: z.string() }) }, responses: { "200": json(z.object({}), "Deleted"), ...apiErrors } },
      },
      "/v1/datasets": {
        get: {
          summary: "List datasets, or inspect one with id (legacy)",
          security: [],
          requestParams: { query: legacyKey.extend({ id: z.string().optional() }) },
          responses: { "200": json(z.looseObject({ status: z.literal("success") }), "Datasets or one dataset"), "404": json(legacyErrorSchema, "Missing or invalid API key, or unknown id") },
        },
        post: {
          summary: "Create (name), append rows (id + rows), set field types (id + fields) or re-parse (id + parse_fields) (legacy)",
          security: [],
          requestParams: { query: legacyKey.partial() },
          requestBody: {
            content: {
              "application/json": {
                schema: z.looseObject({
                  name: z.string().optional(),
                  id: z.string().optional(),
                  rows: z.union([z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))), z.string()]).optional(),
                  fields: z.array(z.object({ name: z.string(), type: z.string(), valid: z.boolean().optional() })).optional(),
                  parse_fields: z.boolean().optional(),
                }),
              },
            },
          },
          responses: { "200": json(z.looseObject({ status: z.literal("success") }), "Done"), "400": json(legacyErrorSchema, "Bad input"), "404": json(legacyErrorSchema, "Missing or invalid API key, or unknown id"), "413": json(legacyErrorSchema, "Body too large") },
        },
        delete: { summary: "Delete a dataset (legacy)", security: [], requestParams: { query: legacyKey.extend({ id: z.string() }) }, responses: { "200": json(z.object({ status: z.literal("success") }), "Deleted") } },
      },
      "/v1/models": {
        get: { summary: "List models (legacy)", security: [], requestParams: { query: legacyKey }, responses: { "200": json(z.looseObject({ status: z.literal("success") }), "Models") } },
        post: {
          summary: "Train synchronously (dataset_id + predict_fields) or predict (id + data) (legacy)",
          security: [],
          requestParams: { query: legacyKey.partial() },
          requestBody: {
            content: {
              "application/json": {
                schema: z.looseObject({
                  id: z.string().optional(),
                  model_id: z.string().optional(),
                  data: z.array(z.record(z.string(), z.unknown())).optional(),
                  show_factors: z.boolean().optional(),
                  explain: z.boolean().optional(),
                  dataset_id: z.string().optional(),
                  predict_fields: z.array(z.string()).optional(),
                  ignore_fields: z.array(z.string()).optional(),
                  duration: z.number().int().positive().optional(),
                  extra_attention: z.boolean().optional(),
                  forecast: forecastSpecSchema.optional(),
                }),
              },
            },
          },
          responses: { "200": json(z.looseObject({ status: z.string() }), "Predictions or training result"), "400": json(legacyErrorSchema, "Bad input") },
        },
        delete: { summary: "Delete a model (legacy)", security: [], requestParams: { query: legacyKey.extend({ id: z.string() }) }, responses: { "200": json(z.object({ status: z.literal("success") }), "Deleted") } },
      },
    },
  });
}
