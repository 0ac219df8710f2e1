// The one place where errors become HTTP responses, for both envelopes:
//   /api/v1 (FastAPI style):  {detail: "message"} or {detail: [{loc, msg, type}]} for 422
//   /v1 (legacy):             {status: "error", message}
import { randomUUID } from "node:crypto";
import { ZodError } from "zod";
import { AppError, RETRY_AFTER_SECONDS, validationError, type ErrorCode } from "@/lib/errors";
import { clipForLog, describeErrorForLog } from "@/lib/log-text";
import type { ErrorMessage, LegacyError, LegacyKeyError, ValidationErrorBody } from "@/lib/schemas/common";
import { toValidationIssues } from "./zod-issues";

// Errors raised by the pure libraries carry a code; they are user-caused by construction.
const LIBRARY_CODES: Record<string, ErrorCode> = {
  not_found: "not_found",
  invalid_rows: "bad_request",
  schema_mismatch: "bad_request",
  invalid_type: "bad_request",
  unknown_field: "bad_request",
  too_large: "payload_too_large",
  conflict: "conflict",
  unavailable: "unavailable",
};

/** 503s say when to come back. */
/** Retry-After for answers that have one: storage out of reach (503), sign-in throttling (429). */
function errorHeaders(error: AppError): HeadersInit | undefined {
  if (error.retryAfterSeconds) return { "Retry-After": String(error.retryAfterSeconds) };
  return error.code === "unavailable" ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : undefined;
}

function isRecordGone(error: unknown): boolean {
  return error instanceof Error && error.name === "PrismaClientKnownRequestError" && (error as Error & { code?: unknown }).code === "P2025";
}

export function normalizeError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  // Services validate their own inputs with zod too; those failures are the caller's to fix.
  if (error instanceof ZodError) return validationError(toValidationIssues(error, "body", undefined));
  // Prisma's "record to update or delete not found" (P2025): the services check ownership first, so
  // this is another request deleting the record in between. Not a server fault: answer as for a gone id.
  if (isRecordGone(error)) return new AppError("not_found", "Not found: it was deleted by another request meanwhile.");
  if (error instanceof Error && error.name === "StoreError") {
    const code = LIBRARY_CODES[(error as Error & { code?: string }).code ?? ""] ?? "bad_request";
    return new AppError(code, error.message);
  }
  return null;
}

function logUnexpected(error: unknown, request: Request): string {
  const requestId = randomUUID();
  // Clipped: a path or an error message may quote a request value of any length.
  console.error(`[${requestId}] ${request.method} ${clipForLog(new URL(request.url).pathname)} failed: ${describeErrorForLog(error)}`);
  return requestId;
}

export function apiV1ErrorResponse(error: unknown, request: Request): Response {
  const appError = normalizeError(error);
  if (!appError) {
    const requestId = logUnexpected(error, request);
    return Response.json({ detail: `Internal server error (request id ${requestId}). Please retry; if it persists, report the request id.` }, { status: 500 });
  }
  if (appError.code === "validation" && appError.issues) {
    return Response.json({ detail: appError.issues } satisfies ValidationErrorBody, { status: 422 });
  }
  return Response.json({ detail: appError.message } satisfies ErrorMessage, { status: appError.status, headers: errorHeaders(appError) });
}

export const LEGACY_KEY_ERROR: LegacyKeyError = { status: "missing or invalid API key" };

export function legacyErrorResponse(error: unknown, request: Request): Response {
  const appError = normalizeError(error);
  if (!appError) {
    const requestId = logUnexpected(error, request);
    return Response.json({ status: "error", message: `Internal server error (request id ${requestId}). Please retry.` } satisfies LegacyError, { status: 500 });
  }
  if (appError.code === "unauthorized") return Response.json(LEGACY_KEY_ERROR, { status: 404 });
  // The legacy envelope has no field locations: bad input is a 400 (a refused value a 422) whose
  // message lists the problems.
  if (appError.code === "validation") {
    const message = appError.issues?.length ? appError.issues.map((i) => i.msg).join(" ") : appError.message;
    return Response.json({ status: "error", message } satisfies LegacyError, { status: appError.legacyStatus ?? 400 });
  }
  return Response.json({ status: "error", message: appError.message } satisfies LegacyError, { status: appError.status, headers: errorHeaders(appError) });
}
