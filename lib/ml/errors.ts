// User-facing training errors: the message says what to change in the data or the request.

export type TrainErrorCode =
  | "empty_dataset"
  | "too_few_rows"
  | "unknown_field"
  | "no_predict_field"
  | "bad_target_type"
  | "target_all_missing"
  | "single_class"
  | "no_features"
  | "aborted"
  | "bad_request";

export class TrainError extends Error {
  readonly code: string;
  constructor(code: TrainErrorCode, message: string) {
    super(message);
    this.name = "TrainError";
    this.code = code;
  }
}
