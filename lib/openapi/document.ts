// The OpenAPI 3.1 document, generated from the zod schemas in lib/schemas that the routes validate
// with and the services' answers are typed by, so the reference cannot drift from the code. Served
// at /api/v1/api.yaml; rendered at /api/v1/docs. Every status an operation can answer is listed
// (an unexpected 500 is a bug, not part of the contract): the contract test (e2e/contract/) fails
// on any response of the end-to-end run that this document does not allow.
import { z } from "zod";
import { createDocument } from "zod-openapi";
import { chatQuerySchema, chatRequestSchema, chatSchema } from "@/lib/schemas/chats";
import { emptyObjectSchema, errorMessageSchema, legacyErrorSchema, legacySuccessSchema } from "@/lib/schemas/common";
import { rowsPageSchema, rowsQuerySchema } from "@/lib/schemas/datasets";
import {
  legacyDatasetQuerySchema,
  legacyDatasetReadResultSchema,
  legacyDatasetWriteResultSchema,
  legacyDatasetWriteSchema,
  legacyDeleteSchema,
  legacyModelDeleteSchema,
  legacyModelListSchema,
  legacyModelWriteResultSchema,
  legacyModelWriteSchema,
} from "@/lib/schemas/legacy";
import { modelDetailSchema, modelListSchema, predictionsSchema, predictRequestSchema } from "@/lib/schemas/models";
import { createProjectSchema, projectListSchema, projectSchema, updateProjectSchema } from "@/lib/schemas/projects";
import { taskCreatedSchema, taskStatusSchema } from "@/lib/schemas/tasks";
import { trainingResultSchema, trainRequestSchema } from "@/lib/schemas/training";
import { forecastPaths } from "./forecast";
import { modelExtensionPaths } from "./model-extensions";
import {
  apiV1Errors,
  json,
  jsonBody,
  legacyBody,
  legacyErrors,
  legacySecurity,
  methodNotAllowedResponses,
  modelPath,
  operation,
  projectPath,
  TAGS,
  taskPath,
} from "./responses";

export function buildOpenApiDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Tabula public API (beta)",
      version: "0.1.0",
      description:
        "Model training, chat exploration, projects, and the legacy datasets and models endpoints. " +
        "Current endpoints live under /api/v1 and take the team API key in the X-API-Key header; errors are {detail: message}, or 422 {detail: [{loc, msg, type}]} for bad input. " +
        'Legacy endpoints live under /v1 and take `api_key` in the query string, a JSON or form body, or an api_key (or X-API-Key) header; errors are {status: "error", message}, and a missing or invalid key is 404 {status: "missing or invalid API key"}. ' +
        "A method a path does not list answers 405 with the family's error body and an Allow header (components.responses MethodNotAllowed, LegacyMethodNotAllowed). " +
        "Operations marked (extension) are this project's additions to the interface of the hosted service.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: TAGS.training, description: "Asynchronous training: submit, poll the status, fetch the result." },
      { name: TAGS.models, description: "Trained models: list, fetch, delete, predict (extensions)." },
      { name: TAGS.chat, description: "Asynchronous questions about a dataset in plain language." },
      { name: TAGS.projects, description: "Projects and the instructions that shape chat answers." },
      { name: TAGS.datasets, description: "Dataset rows for previews (extension; datasets are created and changed through the legacy API)." },
      { name: TAGS.legacy, description: "The legacy /v1 API: datasets (create, append, types, delete), synchronous training, predictions." },
      { name: TAGS.docs, description: "This document and its interactive reference." },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        legacyApiKey: { type: "apiKey", in: "query", name: "api_key", description: "Legacy API: the key as a parameter (query string, JSON or form body)." },
        legacyApiKeyHeader: { type: "apiKey", in: "header", name: "api_key", description: "Legacy API: the key as an api_key header." },
      },
      responses: methodNotAllowedResponses,
    },
    security: [{ apiKey: [] }],
    paths: {
      "/api/v1/models/train/new": {
        post: operation(TAGS.training, {
          summary: "Submit a training task",
          requestBody: jsonBody(trainRequestSchema),
          responses: {
            "201": json(
              taskCreatedSchema,
              "Task queued (or, with force: false, already answered by an identical earlier model, or a task of its own that joins an identical training still queued or running and ends with it)",
            ),
            ...apiV1Errors({ write: true, body: true, storage: true, notFound: "Unknown dataset, or one of another team" }),
          },
        }),
      },
      "/api/v1/models/train/{task_id}/status": {
        get: operation(TAGS.training, {
          summary: "Training task status",
          requestParams: { path: taskPath },
          responses: { "200": json(taskStatusSchema, "Status"), ...apiV1Errors({ notFound: "Unknown task" }) },
        }),
      },
      "/api/v1/models/train/{task_id}/result": {
        get: operation(TAGS.training, {
          summary: "Training result",
          requestParams: { path: taskPath },
          responses: {
            "200": json(trainingResultSchema, "Result of a SUCCEEDED task"),
            ...apiV1Errors({
              notFound: "Unknown task, or its model was deleted",
              extra: { "409": json(errorMessageSchema, "The task has not succeeded (yet)") },
            }),
          },
        }),
      },
      "/api/v1/models/train/{task_id}/cancel": {
        post: operation(TAGS.training, {
          summary: "Cancel a queued or running training (extension)",
          description: "The task ends FAILED with a cancellation message; a running training stops within a few seconds and saves nothing.",
          requestParams: { path: taskPath },
          responses: {
            "200": json(taskStatusSchema, "The new status (FAILED)"),
            ...apiV1Errors({ write: true, notFound: "Unknown task", extra: { "409": json(errorMessageSchema, "The task has already finished") } }),
          },
        }),
      },
      "/api/v1/models": {
        get: operation(TAGS.models, {
          summary: "List models (extension)",
          responses: { "200": json(modelListSchema, "Models, newest first"), ...apiV1Errors({}) },
        }),
      },
      "/api/v1/models/{model_id}": {
        get: operation(TAGS.models, {
          summary: "A model's training result, settings and report (extension)",
          requestParams: { path: modelPath },
          responses: { "200": json(modelDetailSchema, "The model"), ...apiV1Errors({ notFound: "Unknown model" }) },
        }),
        delete: operation(TAGS.models, {
          summary: "Delete a model (extension)",
          requestParams: { path: modelPath },
          responses: { "200": json(emptyObjectSchema, "Deleted"), ...apiV1Errors({ write: true, storage: true, notFound: "Unknown model" }) },
        }),
      },
      "/api/v1/models/{model_id}/predict": {
        post: operation(TAGS.models, {
          summary: "Predict rows (extension)",
          description:
            "The same prediction rows as the legacy POST /v1/models. A forecast model answers 422 (loc path.model_id) pointing to /api/v1/models/{model_id}/forecast.",
          requestParams: { path: modelPath },
          requestBody: jsonBody(predictRequestSchema),
          responses: {
            "200": json(predictionsSchema, "One prediction per row"),
            ...apiV1Errors({
              write: true,
              body: true,
              storage: true,
              notFound: "Unknown model",
              extra: { "400": json(errorMessageSchema, "A row names a field the model does not know") },
            }),
          },
        }),
      },
      ...modelExtensionPaths,
      ...forecastPaths,
      "/api/v1/chat-explore/new": {
        post: operation(TAGS.chat, {
          summary: "Ask a question about a project's or dataset's data",
          description:
            "Queues an answer to the conversation (the messages are its whole context). At most 200 messages of at most 20,000 characters each, and at most 32 KB (32,768 bytes, UTF-8) of message text in all; beyond that the answer is 422 with a detail naming the limit.",
          requestBody: jsonBody(chatRequestSchema),
          responses: { "201": json(taskCreatedSchema, "Task queued"), ...apiV1Errors({ write: true, body: true, notFound: "Unknown project or dataset" }) },
        }),
      },
      "/api/v1/chat-explore/status/{task_id}": {
        get: operation(TAGS.chat, {
          summary: "Chat task status",
          requestParams: { path: taskPath },
          responses: { "200": json(taskStatusSchema, "Status"), ...apiV1Errors({ notFound: "Unknown task" }) },
        }),
      },
      "/api/v1/chat-explore/chats/{chat_id}": {
        get: operation(TAGS.chat, {
          summary: "The answer messages",
          requestParams: { path: z.object({ chat_id: z.string() }), query: chatQuerySchema },
          responses: { "200": json(chatSchema, "Chat"), ...apiV1Errors({ query: true, notFound: "Unknown chat" }) },
        }),
      },
      "/api/v1/projects": {
        get: operation(TAGS.projects, {
          summary: "List projects (extension)",
          responses: { "200": json(projectListSchema, "Projects, newest first"), ...apiV1Errors({}) },
        }),
        post: operation(TAGS.projects, {
          summary: "Create a project",
          requestBody: jsonBody(createProjectSchema),
          responses: { "201": json(projectSchema, "Created"), ...apiV1Errors({ write: true, body: true }) },
        }),
      },
      "/api/v1/projects/{project_id}": {
        get: operation(TAGS.projects, {
          summary: "Get a project",
          requestParams: { path: projectPath },
          responses: { "200": json(projectSchema, "Project"), ...apiV1Errors({ notFound: "Unknown project" }) },
        }),
        put: operation(TAGS.projects, {
          summary: "Update a project",
          description: "Updates only the fields given (id is ignored) and answers 201 with the whole project.",
          requestParams: { path: projectPath },
          requestBody: jsonBody(updateProjectSchema),
          responses: { "201": json(projectSchema, "Updated project"), ...apiV1Errors({ write: true, body: true, notFound: "Unknown project" }) },
        }),
        delete: operation(TAGS.projects, {
          summary: "Delete a project",
          requestParams: { path: projectPath },
          responses: { "200": json(emptyObjectSchema, "Deleted"), ...apiV1Errors({ write: true, notFound: "Unknown project" }) },
        }),
      },
      "/api/v1/datasets/{dataset_id}/rows": {
        get: operation(TAGS.datasets, {
          summary: "A page of a dataset's rows (extension)",
          requestParams: { path: z.object({ dataset_id: z.string() }), query: rowsQuerySchema },
          responses: {
            "200": json(rowsPageSchema, "Rows offset .. offset + limit (default 0 and 50)"),
            ...apiV1Errors({ query: true, storage: true, notFound: "Unknown dataset" }),
          },
        }),
      },
      "/v1/datasets": {
        get: operation(TAGS.legacy, {
          summary: "List datasets, or inspect one with id",
          security: legacySecurity,
          requestParams: { query: legacyDatasetQuerySchema },
          responses: {
            "200": json(legacyDatasetReadResultSchema, "The datasets (LegacyDatasetList), or one (LegacyDataset)"),
            ...legacyErrors({ storage: true }),
          },
        }),
        post: operation(TAGS.legacy, {
          summary: "Create (name), append rows (id + rows), set field types (id + fields) or re-infer them (id + parse_fields)",
          description:
            "Parameters may also arrive in the query string (id, name, ...); the body wins. Extension: with the rows that define the schema, date_order (month_first or day_first) says how to read slash dates such as 03/04/2021 where the rows cannot show it; each date field then reports its date_order and why (date_order_basis) in GET /v1/datasets?id=.",
          security: legacySecurity,
          requestBody: legacyBody(legacyDatasetWriteSchema),
          responses: {
            "200": json(legacyDatasetWriteResultSchema, "Created (LegacyDatasetCreated) or done (LegacySuccess)"),
            ...legacyErrors({
              write: true,
              storage: true,
              extra: { "409": json(legacyErrorSchema, "Another process held the dataset's write lock too long; retry") },
            }),
          },
        }),
        delete: operation(TAGS.legacy, {
          summary: "Delete a dataset and its rows",
          security: legacySecurity,
          requestBody: legacyBody(legacyDeleteSchema),
          responses: { "200": json(legacySuccessSchema, "Deleted"), ...legacyErrors({ write: true, storage: true }) },
        }),
      },
      "/v1/models": {
        get: operation(TAGS.legacy, {
          summary: "List models",
          security: legacySecurity,
          responses: { "200": json(legacyModelListSchema, "Models, newest first"), ...legacyErrors({ badInput: false }) },
        }),
        post: operation(TAGS.legacy, {
          summary: "Predict (id + data) or train synchronously (dataset_id + predict_fields)",
          description:
            "Predicting answers with one prediction row per input row (LegacyPredictions); predicting with a forecast model answers 422 with a message pointing to POST /api/v1/models/{model_id}/forecast. " +
            "Training waits for the model and answers with the training result, as the result endpoint does; duration is any positive number of seconds (default 10); with `forecast` (extension) it trains a forecast.",
          security: legacySecurity,
          requestBody: legacyBody(legacyModelWriteSchema),
          responses: {
            "200": json(legacyModelWriteResultSchema, "Predictions (LegacyPredictions) or the training result (TrainingResult)"),
            ...legacyErrors({ write: true, storage: true }),
          },
        }),
        delete: operation(TAGS.legacy, {
          summary: "Delete a model",
          security: legacySecurity,
          requestBody: legacyBody(legacyModelDeleteSchema),
          responses: { "200": json(legacySuccessSchema, "Deleted"), ...legacyErrors({ write: true, storage: true }) },
        }),
      },
      "/api/v1/api.yaml": {
        get: operation(TAGS.docs, {
          summary: "This document (OpenAPI 3.1)",
          security: [],
          responses: { "200": { description: "The document", content: { "application/yaml": { schema: z.string() } } } },
        }),
      },
      "/api/v1/docs": {
        get: operation(TAGS.docs, {
          summary: "Interactive API reference",
          security: [],
          responses: { "200": { description: "A web page", content: { "text/html": { schema: z.string() } } } },
        }),
      },
    },
  });
}
