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
 * The errors of an /api/v1 operation, from what it does: every one needs a key (401); writes
 * made with the web app's session cookie need the CSRF header (403); a body can be too large (413),
 * of another type (415) or invalid (422); query parameters can be invalid (422).
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
    ...(options.write ? { "403": json(errorMessageSchema, "A write with the web app's session cookie but without the x-tabula-csrf header") } : {}),
    ...(options.notFound ? { "404": json(errorMessageSchema, options.notFound) } : {}),
    ...options.extra,
    ...(options.body
      ? { "413": json(errorMessageSchema, "The body is larger than MAX_BODY_MB"), "415": json(errorMessageSchema, "The body is not JSON") }
      : {}),
    ...(options.body || options.query || options.validates
      ? { "422": json(validationErrorSchema, options.body ? "Invalid body (also a body that is not valid JSON: type json_invalid)" : "Invalid parameters") }
      : {}),
  };
}

/**
 * The errors of a legacy operation: bad parameters (400), a missing or invalid key or an unknown id
 * (404, with their two bodies); writes can also meet the session-cookie CSRF rule (403) and the
 * body limits (413, 415).
 */
export function legacyErrors(options: { write?: boolean; badInput?: boolean; storage?: boolean; extra?: ZodOpenApiResponsesObject }): ZodOpenApiResponsesObject {
  return {
    ...(options.storage ? storageUnavailable(legacyErrorSchema) : {}),
    ...(options.badInput !== false ? { "400": json(legacyErrorSchema, "Bad parameters: the message says which and how to fix them") } : {}),
    ...(options.write ? { "403": json(legacyErrorSchema, "A write with the web app's session cookie but without the x-tabula-csrf header") } : {}),
    "404": json(z.union([legacyKeyErrorSchema, legacyErrorSchema]), "Missing or invalid api_key (LegacyKeyError), or an unknown id (LegacyError)"),
    ...options.extra,
    ...(options.write
      ? { "413": json(legacyErrorSchema, "The body is larger than MAX_BODY_MB"), "415": json(legacyErrorSchema, "The body is neither JSON nor form-encoded") }
      : {}),
  };
}

export const legacyBody = (schema: z.ZodType) => ({
  content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
});
export const legacySecurity: Record<string, string[]>[] = [{ legacyApiKey: [] }, { legacyApiKeyHeader: [] }];

export const taskPath = z.object({ task_id: z.string() });
export const modelPath = z.object({ model_id: z.string() });
export const projectPath = z.object({ project_id: z.string() });

export function operation(tag: string, op: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  return { tags: [tag], ...op };
}

