// Errors the store raises for input a user can fix, and for storage that is out of reach for a
// while ("unavailable": object storage down; the request changed nothing and can be retried). The
// message is user-facing: it names the field and the row (0-based within the append) and says what
// to do.

export type StoreErrorCode = "not_found" | "invalid_rows" | "schema_mismatch" | "invalid_type" | "unknown_field" | "too_large" | "conflict" | "unavailable";

export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = "StoreError";
    this.code = code;
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError;
}
