import { describe, expect, it } from "vitest";
import { corsHeaders, parseCorsOrigins } from "./cors.mjs";

const listed = parseCorsOrigins("https://app.example.com, http://localhost:5173/").origins ?? null;

describe("parseCorsOrigins", () => {
  it("reads off, any, and a list of origins", () => {
    expect(parseCorsOrigins(undefined)).toEqual({ origins: null });
    expect(parseCorsOrigins("  ")).toEqual({ origins: null });
    expect(parseCorsOrigins("*")).toEqual({ origins: "*" });
    expect(listed).toEqual(new Set(["https://app.example.com", "http://localhost:5173"]));
  });
  it("names an entry that is not an origin", () => {
    expect(parseCorsOrigins("https://ok.example.com, app.example.com").error).toMatch(/"app.example.com" is not an origin/);
    expect(parseCorsOrigins("https://example.com/path").error).toMatch(/not an origin/);
  });
});

describe("corsHeaders", () => {
  const preflight = { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-api-key" };

  it("answers a preflight from a listed origin on an API path", () => {
    const answer = corsHeaders(listed, "OPTIONS", "/api/v1/models/train/new", preflight);
    expect(answer.preflight).toBe(true);
    expect(answer.headers).toMatchObject({
      "access-control-allow-origin": "https://app.example.com",
      vary: "Origin",
      "access-control-allow-methods": expect.stringContaining("POST"),
      "access-control-allow-headers": expect.stringContaining("X-API-Key"),
    });
    expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("adds the origin and the readable headers to an ordinary answer", () => {
    const answer = corsHeaders(listed, "GET", "/v1/datasets", { origin: "https://APP.example.com" });
    expect(answer).toEqual({
      preflight: false,
      headers: {
        vary: "Origin",
        "access-control-allow-origin": "https://APP.example.com",
        "access-control-expose-headers": "Allow, Retry-After, Server-Timing",
      },
    });
  });

  it("adds nothing for an unlisted origin, a page path, or when off (Vary still says the answer depends on Origin)", () => {
    expect(corsHeaders(listed, "OPTIONS", "/api/v1/projects", { ...preflight, origin: "https://evil.example" })).toEqual({
      preflight: false,
      headers: { vary: "Origin" },
    });
    expect(corsHeaders(listed, "GET", "/team-settings", { origin: "https://app.example.com" })).toEqual({ preflight: false, headers: {} });
    expect(corsHeaders(null, "OPTIONS", "/api/v1/projects", preflight)).toEqual({ preflight: false, headers: {} });
  });

  it("with * allows any origin without Vary; an OPTIONS without Access-Control-Request-Method is no preflight", () => {
    expect(corsHeaders("*", "GET", "/api/v1/projects", { origin: "https://any.example" }).headers["access-control-allow-origin"]).toBe("*");
    expect(corsHeaders("*", "GET", "/api/v1/projects", { origin: "https://any.example" }).headers.vary).toBeUndefined();
    expect(corsHeaders("*", "OPTIONS", "/api/v1/projects", { origin: "https://any.example" }).preflight).toBe(false);
  });
});
