// Building blocks of the OpenAPI document (lib/openapi/document.ts and the model extensions in
// model-extensions.ts): tags, JSON bodies, and the error answers each kind of operation can give.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorMessageSchema, legacyErrorSchema, legacyKeyErrorSchema, validationErrorSchema } from "@/lib/schemas/common";

export const TAGS = {
  training: "Training",
  models: "Models",
  chat: "Chat exploration",
  projects: "Projects",
  datasets: "Datasets",
  legacy: "Legacy",
  docs: "Documentation",
} as const;

export const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
export const jsonBody = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });

// With STORAGE_URL=s3://..., operations that read or write rows or model artifacts answer 503 (with a
// Retry-After header) while the object storage is unreachable; nothing was changed.
export function storageUnavailable(schema: z.ZodType): ZodOpenApiResponsesObject {
  return {
    "503": {
      ...json(schema, "Dataset and model storage is unavailable for now (nothing was changed); retry after Retry-After seconds"),
      headers: { "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } } },
    },
  };
}

/**
 * The errors of an /api/v1 operation, from what it does: every one needs a key (401); the web
 * app's session cookie can be refused (403: a write without the CSRF header, a password to change
 * first); a body can be too large (413), of another type (415) or invalid (422); any parameter can
 * be invalid or hold a NUL character (422).
 */
export function apiV1Errors(options: {
  write?: boolean;
  body?: boolean;
  query?: boolean;
  validates?: boolean;
  notFound?: string;
  /** Reads or writes dataset rows or model artifacts: 503 while object storage is unreachable. */
  storage?: boolean;
  extra?: ZodOpenApiResponsesObject;
}): ZodOpenApiResponsesObject {
  return {
    ...(options.storage ? storageUnavailable(errorMessageSchema) : {}),
    "401": json(errorMessageSchema, "Missing or invalid X-API-Key"),
    "403": json(
      errorMessageSchema,
      "With the web app's session cookie instead of a key: a write without the x-tabula-csrf header, a password to change first, or no team",
    ),
    ...(options.notFound ? { "404": json(errorMessageSchema, options.notFound) } : {}),
    ...(options.body
      ? { "413": json(errorMessageSchema, "The body is larger than MAX_BODY_MB"), "415": json(errorMessageSchema, "The body is not JSON") }
      : {}),
    "422": json(
      validationErrorSchema,
      options.body
        ? "Invalid body (also a body that is not valid JSON: type json_invalid, or text with a NUL character)"
        : "Invalid parameters (also text with a NUL character)",
    ),
    ...options.extra,
  };
}

/**
 * The errors of a legacy operation: bad parameters (400), a missing or invalid key or an unknown id
 * (404, with their two bodies), a session cookie refused (403), a value refused although well
 * formed (422: NUL characters, a field name over 256 characters, a budget over 1800 s); writes can
 * also meet the body limits (413, 415).
 */
export function legacyErrors(options: {
  write?: boolean;
  badInput?: boolean;
  storage?: boolean;
  extra?: ZodOpenApiResponsesObject;
}): ZodOpenApiResponsesObject {
  return {
    ...(options.storage ? storageUnavailable(legacyErrorSchema) : {}),
    ...(options.badInput !== false ? { "400": json(legacyErrorSchema, "Bad parameters: the message says which and how to fix them") } : {}),
    "403": json(legacyErrorSchema, "With the web app's session cookie: a write without the x-tabula-csrf header, a password to change first, or no team"),
    "404": json(z.union([legacyKeyErrorSchema, legacyErrorSchema]), "Missing or invalid api_key (LegacyKeyError), or an unknown id (LegacyError)"),
    ...(options.write
      ? {
          "413": json(legacyErrorSchema, "The body is larger than MAX_BODY_MB"),
          "415": json(legacyErrorSchema, "The body is neither JSON nor a form (urlencoded, or multipart text fields: file parts are refused)"),
        }
      : {}),
    "422": json(
      legacyErrorSchema,
      "A value refused although well formed: text with a NUL character, a field name over 256 characters, a budget over 1800 seconds",
    ),
    ...options.extra,
  };
}

/**
 * A method a path does not list (PUT /v1/datasets) answers 405 with the family's error body and an
 * Allow header naming the path's methods (scripts/web-server.mjs). OpenAPI has no operation to hang
 * this on, so it is one shared response per family in components.responses; the contract check
 * (lib/openapi/contract.ts) validates every 405 against it.
 */
export const METHOD_NOT_ALLOWED_RESPONSES = { apiV1: "MethodNotAllowed", legacy: "LegacyMethodNotAllowed" } as const;

const allowHeader = { Allow: { description: "The methods this path answers, e.g. GET, HEAD, OPTIONS, POST", schema: { type: "string" as const } } };

export const methodNotAllowedResponses = {
  [METHOD_NOT_ALLOWED_RESPONSES.apiV1]: {
    ...json(errorMessageSchema, "Any /api/v1 path, with a method it does not list: detail names the methods to use"),
    headers: allowHeader,
  },
  [METHOD_NOT_ALLOWED_RESPONSES.legacy]: {
    ...json(legacyErrorSchema, "Any /v1 path, with a method it does not list: message names the methods to use"),
    headers: allowHeader,
  },
};

export const legacyBody = (schema: z.ZodType) => ({
  content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema }, "multipart/form-data": { schema } },
});
export const legacySecurity: Record<string, string[]>[] = [{ legacyApiKey: [] }, { legacyApiKeyHeader: [] }, { apiKey: [] }];

export const taskPath = z.object({ task_id: z.string() });
export const modelPath = z.object({ model_id: z.string() });
export const projectPath = z.object({ project_id: z.string() });

export function operation(tag: string, op: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  return { tags: [tag], ...op };
}
