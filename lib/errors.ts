// One error type for everything a user can cause, and one table from its code to an HTTP status.
// lib/http turns these into the two response envelopes; anything else is a bug (500, logged).

export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "not_ready"
  | "rate_limited"
  | "unavailable";

export const HTTP_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_ready: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** Seconds a client is told to wait (Retry-After) when storage is out of reach ("unavailable"). */
export const RETRY_AFTER_SECONDS = 5;

/** One problem with one input location, FastAPI style: loc like ["body", "predict_fields", 0]. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ValidationIssue[];
  /** For rate_limited: sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  /**
   * Validation errors in the legacy envelope: 400 for parameters that do not parse (the default),
   * 422 for well-formed values the server refuses (a budget over the cap, NUL characters, field
   * names that are too long), as /api/v1 answers them.
   */
  readonly legacyStatus?: 400 | 422;

  constructor(code: ErrorCode, message: string, issues?: ValidationIssue[], options: { legacyStatus?: 400 | 422 } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
    this.legacyStatus = options.legacyStatus;
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const badRequest = (message: string) => new AppError("bad_request", message);
export const validationError = (issues: ValidationIssue[], options: { legacyStatus?: 400 | 422 } = {}) =>
  new AppError("validation", issues.map((i) => `${i.loc.join(".")}: ${i.msg}`).join("; "), issues, options);
/** A well-formed value the server refuses: 422 in both API families. */
export const unprocessable = (issues: ValidationIssue[]) => validationError(issues, { legacyStatus: 422 });
