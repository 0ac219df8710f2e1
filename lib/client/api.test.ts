import { describe, expect, it } from "vitest";
import { describeErrorBody } from "./api";

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
