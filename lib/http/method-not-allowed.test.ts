import { describe, expect, it } from "vitest";
import { apiFamily, methodNotAllowedBody } from "./method-not-allowed.mjs";

describe("methodNotAllowedBody", () => {
  it("answers in the path's family, naming the methods to use without HEAD and OPTIONS", () => {
    expect(methodNotAllowedBody("PUT", "/v1/datasets", "DELETE, GET, HEAD, OPTIONS, POST")).toEqual({
      status: "error",
      message: "PUT is not supported on /v1/datasets; use DELETE, GET or POST.",
    });
    expect(methodNotAllowedBody("GET", "/api/v1/models/train/new", "OPTIONS, POST")).toEqual({
      detail: "GET is not supported on /api/v1/models/train/new; use POST.",
    });
    expect(methodNotAllowedBody("PATCH", "/api/v1/projects/p1/", "DELETE, GET, HEAD, OPTIONS, PUT")).toEqual({
      detail: "PATCH is not supported on /api/v1/projects/p1; use DELETE, GET or PUT.",
    });
  });

  it("without an Allow value it still says what is wrong; a long path is clipped", () => {
    expect(methodNotAllowedBody("DELETE", "/api/v1/models", null)).toEqual({ detail: "DELETE is not supported on /api/v1/models." });
    const long = `/api/v1/models/${"x".repeat(500)}`;
    expect((methodNotAllowedBody("PUT", long, "GET") as { detail: string }).detail).toBe(`PUT is not supported on ${long.slice(0, 200)}...; use GET.`);
  });

  it("knows the two API families and nothing else", () => {
    expect(apiFamily("/api/v1")).toBe("apiV1");
    expect(apiFamily("/v1/models")).toBe("legacy");
    expect(apiFamily("/api/v10/x")).toBeNull();
    expect(apiFamily("/api/auth/me")).toBeNull();
    expect(apiFamily("/v1x")).toBeNull();
  });
});
