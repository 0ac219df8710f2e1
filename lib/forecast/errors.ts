// User-caused forecasting errors: the message says what is wrong with the data or the request and
// how to fix it. `field` names the request field at fault ("date_field", "horizon", ...), so the
// service can point its 422 at it.

export type ForecastErrorCode =
  | "date_unparseable"
  | "value_not_numeric"
  | "too_short"
  | "duplicate_timestamps"
  | "too_sparse"
  | "too_large"
  | "bad_request"
  | "aborted";

export class ForecastError extends Error {
  readonly code: ForecastErrorCode;
  readonly field?: string;

  constructor(code: ForecastErrorCode, message: string, field?: string) {
    super(message);
    this.name = "ForecastError";
    this.code = code;
    this.field = field;
  }
}
