// OpenAPI paths of the model extensions: decision thresholds, versions and retraining, read-only
// report links. Schemas live in lib/schemas/model-versions.ts, next to the routes' request schemas.
import { z } from "zod";
import { emptyObjectSchema, errorMessageSchema, validationErrorSchema } from "@/lib/schemas/common";
import {
  createdShareLinkSchema,
  createShareLinkSchema,
  modelVersionsSchema,
  retrainRequestSchema,
  setThresholdRequestSchema,
  shareLinkListSchema,
  thresholdSettingSchema,
} from "@/lib/schemas/model-versions";
import { taskCreatedSchema } from "@/lib/schemas/tasks";
import { apiV1Errors, json, jsonBody, modelPath, operation, TAGS } from "./responses";

const versionPath = modelPath.extend({ version: z.number().int().min(1).meta({ description: "Version number (1, 2, ...)" }) });
const linkPath = modelPath.extend({ link_id: z.string() });
const optionalJsonBody = (schema: z.ZodType) => ({ required: false, content: { "application/json": { schema } } });
const badVersion = { "422": json(validationErrorSchema, "version is not a version number") };

export const modelExtensionPaths = {
  "/api/v1/models/{model_id}/threshold": {
    put: operation(TAGS.models, {
      summary: "Store the decision threshold of a two-class model (extension)",
      description:
        "Predictions of the model then give the positive class when its probability is above the threshold, for every version, " +
        "until it is changed or removed (threshold: null). Any member of the model's team or team API key may set it.",
      requestParams: { path: modelPath },
      requestBody: jsonBody(setThresholdRequestSchema),
      responses: { "200": json(thresholdSettingSchema, "The stored thresholds"), ...apiV1Errors({ write: true, body: true, notFound: "Unknown model" }) },
    }),
  },
  "/api/v1/models/{model_id}/retrain": {
    post: operation(TAGS.models, {
      summary: "Retrain a model: same settings, the dataset's current rows, a new version (extension)",
      description:
        "Queues a training task (poll /api/v1/models/train/{task_id}/status as for /new). Its result is the model's next version; " +
        "model_id stays. Two retrains at once give two versions; the one saved last is active.",
      requestParams: { path: modelPath },
      requestBody: optionalJsonBody(retrainRequestSchema),
      responses: {
        "201": json(taskCreatedSchema, "Task queued"),
        ...apiV1Errors({
          write: true,
          body: true,
          notFound: "Unknown model",
          extra: { "409": json(errorMessageSchema, "The dataset or a field the model uses is gone, or the dataset has no rows") },
        }),
      },
    }),
  },
  "/api/v1/models/{model_id}/versions": {
    get: operation(TAGS.models, {
      summary: "A model's versions with their holdout metrics, the active one marked (extension)",
      requestParams: { path: modelPath },
      responses: { "200": json(modelVersionsSchema, "Versions, newest first"), ...apiV1Errors({ notFound: "Unknown model" }) },
    }),
  },
  "/api/v1/models/{model_id}/versions/{version}": {
    delete: operation(TAGS.models, {
      summary: "Delete a version that is not active, with its artifact (extension)",
      requestParams: { path: versionPath },
      responses: {
        "200": json(modelVersionsSchema, "The remaining versions"),
        ...apiV1Errors({
          write: true,
          storage: true,
          notFound: "Unknown model or version",
          extra: { "409": json(errorMessageSchema, "The version is active"), ...badVersion },
        }),
      },
    }),
  },
  "/api/v1/models/{model_id}/versions/{version}/activate": {
    post: operation(TAGS.models, {
      summary: "Make a version the one predictions, /v1/models and the model page use (extension)",
      description: "Takes effect at once in the web process that handles it, and within 5 seconds in the others.",
      requestParams: { path: versionPath },
      responses: {
        "200": json(modelVersionsSchema, "Versions, newest first"),
        ...apiV1Errors({ write: true, notFound: "Unknown model or version", extra: badVersion }),
      },
    }),
  },
  "/api/v1/models/{model_id}/share-links": {
    get: operation(TAGS.models, {
      summary: "The model's read-only report links (never their tokens) (extension)",
      requestParams: { path: modelPath },
      responses: { "200": json(shareLinkListSchema, "Links, newest first"), ...apiV1Errors({ notFound: "Unknown model" }) },
    }),
    post: operation(TAGS.models, {
      summary: "Create a read-only report link (extension)",
      description:
        "The page at `path` shows the report of the model's active version to anyone with the link, without signing in, until the link is revoked. " +
        "It shows no ids of the model, dataset or team, and example rows only with include_examples.",
      requestParams: { path: modelPath },
      requestBody: optionalJsonBody(createShareLinkSchema),
      responses: {
        "201": json(createdShareLinkSchema, "The new link, with its token (shown once)"),
        ...apiV1Errors({
          write: true,
          body: true,
          notFound: "Unknown model",
          extra: { "409": json(errorMessageSchema, "The model has the most active links allowed (20)") },
        }),
      },
    }),
  },
  "/api/v1/models/{model_id}/share-links/{link_id}": {
    delete: operation(TAGS.models, {
      summary: "Revoke a report link; its page answers 404 from then on (extension)",
      requestParams: { path: linkPath },
      responses: { "200": json(emptyObjectSchema, "Revoked (also when it already was)"), ...apiV1Errors({ write: true, notFound: "Unknown model or link" }) },
    }),
  },
};
