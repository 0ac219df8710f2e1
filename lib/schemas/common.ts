// Shapes shared by every resource: the error envelopes of both API families and small building
// blocks. Like every file in lib/schemas, this is pure zod: the routes validate with it, the
// OpenAPI document is generated from it, the web client takes its types from it, and the contract
// test checks recorded responses against the document made from it.
import { z } from "zod";

/** Timestamps are ISO 8601 in UTC, e.g. 2026-11-23T10:04:05.123Z. */
export const timestampSchema = z.iso.datetime();

export const errorMessageSchema = z
  .object({ detail: z.string() })
  .meta({ id: "ErrorMessage", description: "An error that is not about one input field: what went wrong and how to fix it." });

export const validationIssueSchema = z
  .object({
    loc: z
      .array(z.union([z.string(), z.number().int()]))
      .meta({ description: 'Where the problem is, e.g. ["body", "predict_fields", 0] or ["query", "limit"].' }),
    msg: z.string(),
    type: z.string().meta({ description: "FastAPI's error type, e.g. missing, literal_error, json_invalid, value_error." }),
  })
  .meta({ id: "ValidationIssue" });

export const validationErrorSchema = z.object({ detail: z.array(validationIssueSchema) }).meta({
  id: "HTTPValidationError",
  description: "Bad input: one item per problem. A body that is not valid JSON is reported here too (type json_invalid), as FastAPI does.",
});

/** The body of every /api/v1 error: a message, or (422) the list of problems. */
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const legacyErrorSchema = z
  .object({ status: z.literal("error"), message: z.string() })
  .meta({ id: "LegacyError", description: "A legacy (/v1) error: what went wrong and how to fix it." });

export const legacyKeyErrorSchema = z
  .object({ status: z.literal("missing or invalid API key") })
  .meta({ id: "LegacyKeyError", description: "The legacy answer (HTTP 404) to a request without a valid api_key." });

export const legacySuccessSchema = z.object({ status: z.literal("success") }).meta({ id: "LegacySuccess" });

export const emptyObjectSchema = z.object({}).meta({ id: "Empty", description: "An empty object." });

export type LegacyError = z.infer<typeof legacyErrorSchema>;
export type LegacyKeyError = z.infer<typeof legacyKeyErrorSchema>;
