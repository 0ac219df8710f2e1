import { describe, expect, it } from "vitest";
import { loginPathFor, safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeNextPath("/projects/abc")).toBe("/projects/abc");
    expect(safeNextPath("/models/xyz?tab=report")).toBe("/models/xyz?tab=report");
    expect(safeNextPath("/models/xyz?tab=report&a=%2F%2Fx#top")).toBe("/models/xyz?tab=report&a=%2F%2Fx#top");
  });

  it("refuses other sites, schemes and the tricks browsers normalise to them", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/\tx",
      "/\u0000",
      "http:/evil.example",
      "",
      "datasets",
      "/" + "a".repeat(3000),
    ]) {
      expect(safeNextPath(bad), bad).toBe("/datasets");
    }
    // Encoded characters stay encoded: a harmless same-site path, never a header break.
    expect(safeNextPath("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
    expect(safeNextPath(undefined)).toBe("/datasets");
    expect(safeNextPath(null, "/account")).toBe("/account");
  });

  it("never sends a signed-in person back to the sign-in or setup page", () => {
    expect(safeNextPath("/login?next=/x")).toBe("/datasets");
    expect(safeNextPath("/setup")).toBe("/datasets");
    expect(safeNextPath("/login-help")).toBe("/login-help");
  });

  it("builds the sign-in link", () => {
    expect(loginPathFor("/models/xyz?tab=report")).toBe("/login?next=%2Fmodels%2Fxyz%3Ftab%3Dreport");
    expect(loginPathFor("/datasets")).toBe("/login");
    expect(loginPathFor("//evil")).toBe("/login");
  });
});
