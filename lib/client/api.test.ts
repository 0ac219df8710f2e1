import { describe, expect, it } from "vitest";
import { ApiError, describeErrorBody, withFormLabels } from "./api";

describe("describeErrorBody", () => {
  it("reads the three error envelopes", () => {
    expect(describeErrorBody({ detail: "Model not found" }, 404)).toBe("Model not found");
    expect(describeErrorBody({ detail: [{ loc: ["body", "predict_fields", 0], msg: "unknown field" }] }, 422)).toBe("predict_fields.0: unknown field");
    expect(describeErrorBody({ status: "error", message: "missing or invalid API key" }, 401)).toBe("missing or invalid API key");
  });

  it("puts the field in front of a validation message only where the message needs it", () => {
    const issues = (detail: { loc: (string | number)[]; msg: string }[]) => describeErrorBody({ detail }, 422);
    // A sentence written for people stands alone: a form shows the field next to it.
    expect(issues([{ loc: ["body", "email"], msg: "Enter a valid email address." }])).toBe("Enter a valid email address.");
    expect(issues([{ loc: ["body", "password"], msg: "The initial password must be at least 8 characters." }])).toBe(
      "The initial password must be at least 8 characters.",
    );
    // A message that starts with the field's name does not repeat it.
    expect(issues([{ loc: ["body", "name"], msg: "name must not be empty" }])).toBe("name must not be empty");
    expect(issues([{ loc: ["body", "forecast", "horizon"], msg: "horizon must be at least 1" }])).toBe("horizon must be at least 1");
    // A "Topic: detail" sentence and a bare phrase keep the field that they are about.
    expect(issues([{ loc: ["body", "forecast", "date_field"], msg: "Duplicated timestamps: The series has two rows for 2024-01-01." }])).toBe(
      "forecast.date_field: Duplicated timestamps: The series has two rows for 2024-01-01.",
    );
    expect(issues([{ loc: ["body", "role"], msg: "Invalid option" }])).toBe("role: Invalid option");
    expect(issues([{ loc: ["body", "email"], msg: "Field required" }])).toBe("email is required.");
    expect(
      issues([
        { loc: ["body", "email"], msg: "Enter a valid email address." },
        { loc: ["body", "password"], msg: "too short" },
      ]),
    ).toBe("Enter a valid email address. password: too short");
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
