// OpenAPI paths of the model extensions: decision thresholds, versions and retraining, read-only
// report links. Request bodies are the schemas the routes validate with; response schemas describe
// what the services return (lib/services/model-versions.ts, model-settings.ts, report-shares.ts).
import { z } from "zod";
import { setThresholdRequestSchema } from "@/lib/services/decision-thresholds";
import { retrainRequestSchema } from "@/lib/services/model-versions";
import { createShareLinkSchema } from "@/lib/services/report-shares";

const errorSchema = z.object({ detail: z.string() });
const validationErrorSchema = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
});
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });

const modelPath = z.object({ model_id: z.string() });
const versionPath = modelPath.extend({ version: z.number().int().min(1).meta({ description: "Version number (1, 2, ...)" }) });
const linkPath = modelPath.extend({ link_id: z.string() });

const read = {
  "401": json(errorSchema, "Missing or invalid X-API-Key"),
  "404": json(errorSchema, "Unknown model (or version, or link), or one of another team"),
};
const write = {
  ...read,
  "403": json(errorSchema, "A write authenticated by the web app's session cookie without the x-tabula-csrf header"),
};
const withBody = {
  ...write,
  "400": json(errorSchema, "The body is not valid JSON"),
  "413": json(errorSchema, "The body is larger than MAX_BODY_MB"),
  "422": json(validationErrorSchema, "Validation error"),
};

export const storedThresholdSchema = z
  .object({ threshold: z.number(), positive_class: z.string() })
  .meta({ id: "DecisionThreshold", description: "Predict positive_class when its probability is above threshold." });

const thresholdResponseSchema = z
  .object({
    model_id: z.string(),
    field: z.string(),
    threshold: z.number().nullable(),
    positive_class: z.string().nullable(),
    thresholds: z.record(z.string(), storedThresholdSchema).meta({ description: "Every stored threshold of the model, by predicted field" }),
  })
  .meta({ id: "ThresholdSetting" });

const versionsSchema = z
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

const shareLinkSchema = z
  .object({
    id: z.string(),
    include_examples: z.boolean(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    last_viewed_at: z.string().nullable().meta({ description: "Recorded at most once a minute" }),
  })
  .meta({ id: "ReportShareLink" });

const createdShareLinkSchema = shareLinkSchema
  .extend({
    token: z.string().meta({ description: "Shown only in this answer; only its SHA-256 is stored" }),
    path: z.string().meta({ description: "/share/{token}: the report's page, opened without signing in" }),
  })
  .meta({ id: "CreatedReportShareLink" });

export const modelExtensionPaths = {
  "/api/v1/models/{model_id}/threshold": {
    put: {
      summary: "Store the decision threshold of a two-class model (extension)",
      description:
        "Predictions of the model then give the positive class when its probability is above the threshold, for every version, " +
        "until it is changed or removed (threshold: null). Any member of the model's team or team API key may set it.",
      requestParams: { path: modelPath },
      requestBody: { content: { "application/json": { schema: setThresholdRequestSchema } } },
      responses: { "200": json(thresholdResponseSchema, "The stored thresholds"), ...withBody },
    },
  },
  "/api/v1/models/{model_id}/retrain": {
    post: {
      summary: "Retrain a model: same settings, the dataset's current rows, a new version (extension)",
      description:
        "Queues a training task (poll /api/v1/models/train/{task_id}/status as for /new). Its result is the model's next version; " +
        "model_id stays. Two retrains at once give two versions; the one saved last is active.",
      requestParams: { path: modelPath },
      requestBody: { required: false, content: { "application/json": { schema: retrainRequestSchema } } },
      responses: {
        "201": json(z.object({ task_id: z.string() }), "Task queued"),
        "409": json(errorSchema, "The dataset or a field the model uses is gone, or the dataset has no rows"),
        ...withBody,
      },
    },
  },
  "/api/v1/models/{model_id}/versions": {
    get: {
      summary: "A model's versions with their holdout metrics, the active one marked (extension)",
      requestParams: { path: modelPath },
      responses: { "200": json(versionsSchema, "Versions, newest first"), ...read },
    },
  },
  "/api/v1/models/{model_id}/versions/{version}": {
    delete: {
      summary: "Delete a version that is not active, with its artifact (extension)",
      requestParams: { path: versionPath },
      responses: {
        "200": json(versionsSchema, "The remaining versions"),
        "409": json(errorSchema, "The version is active"),
        "422": json(validationErrorSchema, "version is not a version number"),
        ...write,
      },
    },
  },
  "/api/v1/models/{model_id}/versions/{version}/activate": {
    post: {
      summary: "Make a version the one predictions, /v1/models and the model page use (extension)",
      description: "Takes effect at once in the web process that handles it, and within 5 seconds in the others.",
      requestParams: { path: versionPath },
      responses: { "200": json(versionsSchema, "Versions, newest first"), "422": json(validationErrorSchema, "version is not a version number"), ...write },
    },
  },
  "/api/v1/models/{model_id}/share-links": {
    get: {
      summary: "The model's read-only report links (never their tokens) (extension)",
      requestParams: { path: modelPath },
      responses: { "200": json(z.object({ links: z.array(shareLinkSchema) }), "Links, newest first"), ...read },
    },
    post: {
      summary: "Create a read-only report link (extension)",
      description:
        "The page at `path` shows the report of the model's active version to anyone with the link, without signing in, until the link is revoked. " +
        "It shows no ids of the model, dataset or team, and example rows only with include_examples.",
      requestParams: { path: modelPath },
      requestBody: { required: false, content: { "application/json": { schema: createShareLinkSchema } } },
      responses: {
        "201": json(createdShareLinkSchema, "The new link, with its token (shown once)"),
        "409": json(errorSchema, "The model has the most active links allowed (20)"),
        ...withBody,
      },
    },
  },
  "/api/v1/models/{model_id}/share-links/{link_id}": {
    delete: {
      summary: "Revoke a report link; its page answers 404 from then on (extension)",
      requestParams: { path: linkPath },
      responses: { "200": json(z.object({}), "Revoked (also when it already was)"), ...write },
    },
  },
};
