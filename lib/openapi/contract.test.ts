// The contract between the served routes, the OpenAPI document and the responses: the routes under
// app/ against the document's operations, and the checker against responses it must accept or
// reject. The end-to-end run checks every real response the same way (e2e/global-teardown.ts).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./document";
import { checkRecordedResponses, compareRoutes, ContractChecker, listServedRoutes, type RecordedResponse } from "./contract";

const document = buildOpenApiDocument() as unknown as ConstructorParameters<typeof ContractChecker>[0];
const appDir = path.resolve(__dirname, "../../app");

const json = (method: string, url: string, status: number, body: unknown): RecordedResponse => ({
  method,
  url,
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

describe("served routes and the document", () => {
  it("every route handler under app/ is documented (or explicitly excluded), and every documented operation is served", () => {
    const served = listServedRoutes(appDir);
    expect(served.map((r) => r.route)).toContain("/api/v1/datasets/[datasetId]/rows");
    const { undocumented, unserved } = compareRoutes(document, served);
    expect(undocumented, "served but not in lib/openapi/document.ts (or UNDOCUMENTED_ROUTES)").toEqual([]);
    expect(unserved, "documented but no route.ts exports it").toEqual([]);
  });

  it("finds methods however a route file exports them", () => {
    const byRoute = new Map(listServedRoutes(appDir).map((r) => [r.route, r.methods]));
    expect(byRoute.get("/api/v1/projects/[projectId]")).toEqual(["DELETE", "GET", "PUT"]);
    expect(byRoute.get("/v1/[...slug]")).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT"]);
    expect(byRoute.get("/api/v1/docs")).toEqual(["GET"]);
  });

  it("an operation missing from the document is reported", () => {
    const served = [...listServedRoutes(appDir), { route: "/api/v1/widgets/[id]", file: "app/api/v1/widgets/[id]/route.ts", methods: ["PATCH" as const] }];
    expect(compareRoutes(document, served).undocumented).toEqual(["PATCH /api/v1/widgets/[id] (app/api/v1/widgets/[id]/route.ts)"]);
  });
});

describe("ContractChecker", () => {
  const checker = new ContractChecker(document);

  it("accepts documented responses", () => {
    expect(checker.check(json("GET", "/api/v1/models", 401, { detail: "Missing API key: send it in the X-API-Key header." }))).toEqual([]);
    expect(checker.check(json("GET", "/api/v1/models?x=1", 200, { models: [] }))).toEqual([]);
    expect(
      checker.check(
        json("GET", "/api/v1/models/train/abc/status", 200, {
          status: "IN_PROGRESS",
          metadata: { type: "IN_PROGRESS", estimate_seconds: 3, progress: 0.5, message: "Searching" },
        }),
      ),
    ).toEqual([]);
    expect(
      checker.check(json("POST", "/api/v1/models/train/new", 422, { detail: [{ loc: ["body", 8], msg: "not valid JSON", type: "json_invalid" }] })),
    ).toEqual([]);
    expect(checker.check(json("DELETE", "/v1/models?id=x", 404, { status: "missing or invalid API key" }))).toEqual([]);
    expect(checker.check(json("POST", "/v1/datasets", 200, { status: "success", dataset_id: "d1", dataset_name: "n" }))).toEqual([]);
    expect(
      checker.check({ method: "GET", url: "/api/v1/api.yaml", status: 200, contentType: "application/yaml; charset=utf-8", body: "openapi: 3.1.0\n" }),
    ).toEqual([]);
  });

  it("rejects an undocumented status, content type, shape or path, and any 5xx", () => {
    expect(checker.check(json("GET", "/api/v1/models", 409, { detail: "x" }))[0]).toMatch(/status 409 is not documented/);
    expect(checker.check({ ...json("GET", "/api/v1/models", 200, { models: [] }), contentType: "text/plain" })[0]).toMatch(/content type/);
    expect(checker.check(json("GET", "/api/v1/models", 200, { models: [], extra: 1 })).join()).toMatch(/additional properties.*extra/);
    expect(checker.check(json("GET", "/api/v1/models/train/abc/status", 200, { status: "SUCCEEDED", metadata: { type: "FAILED", error: "x" } }))).not.toEqual(
      [],
    );
    expect(checker.check(json("GET", "/api/v1/projects/p1", 200, { id: "p1", name: "n" })).join()).toMatch(/required/);
    expect(checker.check(json("GET", "/api/v1/widgets", 200, {}))[0]).toMatch(/expected the catch-all 404/);
    expect(checker.check(json("PATCH", "/api/v1/models", 200, {}))[0]).toMatch(/PATCH is not documented/);
    expect(checker.check(json("GET", "/api/v1/models", 500, { detail: "boom" }))[0]).toMatch(/server error/);
    expect(checker.check({ ...json("GET", "/api/v1/models", 200, {}), body: "{oops" })[0]).toMatch(/not valid JSON/);
  });

  it("holds unknown paths to the catch-all's answer", () => {
    expect(checker.check(json("GET", "/api/v1/nothing/here", 404, { detail: "No route GET /api/v1/nothing/here." }))).toEqual([]);
    expect(checker.check(json("GET", "/v1/nothing", 404, { status: "error", message: "No route" }))).toEqual([]);
    expect(checker.check(json("GET", "/v1/nothing", 404, { detail: "wrong envelope" }))).not.toEqual([]);
    expect(checker.check(json("GET", "/api/v1/nothing", 200, { detail: "x" }))[0]).toMatch(/catch-all 404/);
  });

  it("holds a method a path does not list to the family's shared 405, Allow naming the documented methods", () => {
    const put = { ...json("PUT", "/v1/datasets", 405, { status: "error", message: "PUT is not supported on /v1/datasets; use DELETE, GET or POST." }) };
    expect(checker.check({ ...put, allow: "DELETE, GET, HEAD, OPTIONS, POST" })).toEqual([]);
    const get = json("GET", "/api/v1/models/train/new/", 405, { detail: "GET is not supported on /api/v1/models/train/new; use POST." });
    expect(checker.check({ ...get, allow: "OPTIONS, POST" })).toEqual([]);
    expect(checker.check({ ...get, allow: "GET, OPTIONS, POST" }).join()).toMatch(/expected the documented methods "OPTIONS, POST"/);
    expect(checker.check({ ...put, body: JSON.stringify({ detail: "wrong envelope" }) })).not.toEqual([]);
    expect(checker.check({ ...get, contentType: null, body: "" })[0]).toMatch(/content type/);
    // A documented method never answers 405.
    expect(checker.check(json("GET", "/v1/datasets", 405, { status: "error", message: "x" }))[0]).toMatch(/status 405 is not documented/);
  });

  it("skips the explicitly excluded routes only", () => {
    expect(checker.check({ method: "GET", url: "/api/v1/docs/assets/swagger-ui.css", status: 200, contentType: "text/css", body: "body{}" })).toEqual([]);
    expect(checker.check(json("POST", "/api/auth/login", 200, { ok: true }))).toEqual([]);
  });

  it("summarises a run: failures grouped by request, and documented statuses never seen", () => {
    const report = checkRecordedResponses(document, [json("GET", "/api/v1/models", 200, { models: [] }), json("GET", "/api/v1/models", 418, {})]);
    expect(report.checked).toBe(2);
    expect(report.failures).toEqual([{ request: "GET /api/v1/models", status: 418, problems: [expect.stringMatching(/status 418/)] }]);
    expect(report.unexercised.find((line) => line.startsWith("GET /api/v1/models:"))).toMatch(/^GET \/api\/v1\/models: 401\b/);
    expect(report.unexercised.find((line) => line.startsWith("POST /api/v1/projects:"))).toMatch(/never called/);
  });
});
