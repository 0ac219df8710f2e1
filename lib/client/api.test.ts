import { describe, expect, it } from "vitest";
import { ApiError, describeErrorBody, withFormLabels } from "./api";

describe("describeErrorBody", () => {
  it("reads the three error envelopes", () => {
    expect(describeErrorBody({ detail: "Model not found" }, 404)).toBe("Model not found");
    expect(describeErrorBody({ detail: [{ loc: ["body", "predict_fields", 0], msg: "unknown field" }] }, 422)).toBe("predict_fields.0: unknown field");
    expect(describeErrorBody({ status: "error", message: "missing or invalid API key" }, 401)).toBe("missing or invalid API key");
  });

  it("falls back to a message that says what to do", () => {
    expect(describeErrorBody(undefined, 502)).toMatch(/Try again/);
    expect(describeErrorBody("nope", 401)).toMatch(/Sign in/);
  });
});

describe("withFormLabels", () => {
  const labels = { "forecast.date_field": "Date field", "forecast.group_field": "Series field", forecast: "Forecast" };
  it("names fields by the form's labels and dates by their day", () => {
    const error = new ApiError(
      "forecast.date_field: Duplicated timestamps: The series has more than one row for 1974-01-01T00:00:00.000Z and 69 more date values. Name the field that tells them apart as forecast.group_field.",
      422,
    );
    const shown = withFormLabels(error, labels);
    expect(shown).toBeInstanceOf(ApiError);
    expect((shown as ApiError).status).toBe(422);
    expect((shown as Error).message).toBe(
      "Date field: Duplicated timestamps: The series has more than one row for 1974-01-01 and 69 more date values. Name the field that tells them apart as “Series field”.",
    );
  });
  it("keeps times of day, unknown paths and errors it has nothing to change", () => {
    const error = new Error("forecast.horizon: too large at 2024-01-01T06:00:00.000Z");
    expect(withFormLabels(error, labels)).toBe(error);
    expect(withFormLabels("plain", labels)).toBe("plain");
    expect(withFormLabels(null, labels)).toBe(null);
  });
});
