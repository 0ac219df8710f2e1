// The contract check: responses the server really sent, validated against the OpenAPI document
// with a JSON Schema 2020-12 validator (ajv), and the routes the app serves compared with the
// operations the document lists. The end-to-end run records every /api/v1 and /v1 response
// (scripts/contract-recorder.mjs, CONTRACT_LOG) and e2e/global-teardown.ts checks them here; the
// route comparison is a unit test (lib/openapi/contract.test.ts).
//
// A response fails when its status is not documented for its operation, its content type is not
// documented for that status, or its body does not match the schema; a request fails when it
// reaches a path the document lacks (other than the explicit exclusions below).
import fs from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS with a default export; Node's ESM loader and bundlers disagree on where it lands.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Served routes the document does not describe, each with the reason. Everything under /api/v1 and
 * /v1 is documented except what is listed here; nothing else is skipped. The two catch-all routes
 * answer any unknown path with a JSON 404, which the check still validates (`answers`).
 */
export const UNDOCUMENTED_ROUTES: { route: string; why: string; answers?: { status: number; schema: string } }[] = [
  { route: "/api/auth/**", why: "the web app's sign-in, sign-up and session routes (session cookie), not part of the public API" },
  { route: "/api/team/**", why: "the web app's team, key and member management (session cookie), not part of the public API" },
  { route: "/api/teams/**", why: "the web app's team management (session cookie), not part of the public API" },
  { route: "/api/invitations/**", why: "the web app's invitations to join a team (session cookie), not part of the public API" },
  { route: "/api/health", why: "health check for load balancers and tests" },
  { route: "/api/v1/docs/assets/{}", why: "static files of the interactive reference (Swagger UI)" },
  { route: "/api/{...}", why: "catch-all: any unknown /api path answers a JSON 404 {detail}", answers: { status: 404, schema: "ErrorMessage" } },
  { route: "/v1/{...}", why: "catch-all: any unknown /v1 path answers a JSON 404 in the legacy envelope", answers: { status: 404, schema: "LegacyError" } },
];

export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: string | null;
  truncated?: boolean;
  bytes?: number;
  /** The Allow header (recorded for 405s: the methods the path answers). */
  allow?: string | null;
}

type JsonObject = Record<string, unknown>;
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

/** The shared 405 response of each API family (lib/openapi/responses.ts). */
const METHOD_NOT_ALLOWED = { "/api/v1": "MethodNotAllowed", "/v1": "LegacyMethodNotAllowed" } as const;

/** "/api/v1/models/{model_id}" and "app/api/v1/models/[modelId]" both become "/api/v1/models/{}". */
export function normalizeTemplate(route: string): string {
  return route
    .split("/")
    .map((segment) => (/^\{\.\.\..*\}$|^\[\.\.\..*\]$|^\[\[\.\.\..*\]\]$/.test(segment) ? "{...}" : /^\{.*\}$|^\[.*\]$/.test(segment) ? "{}" : segment))
    .join("/");
}

function templateMatcher(template: string): RegExp {
  const pattern = normalizeTemplate(template)
    .split("/")
    .map((segment) => (segment === "{...}" ? ".+" : segment === "{}" ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${pattern}$`);
}

function literalSegments(template: string): number {
  return normalizeTemplate(template)
    .split("/")
    .filter((s) => s && s !== "{}" && s !== "{...}").length;
}

/** The exclusion covering a route template (app/ folder or document style) or, with `concrete`, a request path. */
function excluded(route: string, concrete = false): (typeof UNDOCUMENTED_ROUTES)[number] | undefined {
  const normalized = concrete ? route : normalizeTemplate(route);
  return UNDOCUMENTED_ROUTES.find((entry) => {
    if (entry.route.endsWith("/**")) {
      const prefix = entry.route.slice(0, -3);
      return normalized === prefix || normalized.startsWith(`${prefix}/`);
    }
    return concrete ? !entry.answers && templateMatcher(entry.route).test(route) : normalizeTemplate(entry.route) === normalized;
  });
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const mediaType = (contentType: string | null) => (contentType ?? "").split(";")[0].trim().toLowerCase();

export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly paths: { template: string; matcher: RegExp; literals: number }[];
  private readonly catchAlls = UNDOCUMENTED_ROUTES.filter((e) => e.answers).map((e) => ({ ...e, matcher: templateMatcher(e.route) }));
  /** operation ("GET /api/v1/models") -> statuses seen, for the coverage summary. */
  readonly seen = new Map<string, Set<number>>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as unknown as JsonObject, "openapi");
    this.paths = Object.keys(document.paths)
      .map((template) => ({ template, matcher: templateMatcher(template), literals: literalSegments(template) }))
      .sort((a, b) => b.literals - a.literals);
  }

  private validatorFor(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi#${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  private checkBody(ref: string, record: RecordedResponse, type: string): string[] {
    if (record.truncated || record.body === null) return [];
    let value: unknown = record.body;
    if (type.includes("json")) {
      try {
        value = JSON.parse(record.body);
      } catch {
        return [`the body is not valid JSON although the content type is ${type}`];
      }
    }
    const validate = this.validatorFor(ref);
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `body${e.instancePath || ""} ${e.message ?? "is invalid"}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`,
      );
  }

  /** The problems of one recorded response (none when the document allows it). */
  check(record: RecordedResponse): string[] {
    // A trailing slash is answered as without it (proxy.ts).
    const pathname = new URL(record.url, "http://localhost").pathname.replace(/(.)\/+$/, "$1");
    const method = record.method.toLowerCase();
    if (record.status >= 500) return [`HTTP ${record.status}: a server error is never part of the contract (body: ${(record.body ?? "").slice(0, 300)})`];
    const documented = this.paths.find((p) => p.matcher.test(pathname));
    if (!documented) {
      if (excluded(pathname, true)) return [];
      const catchAll = this.catchAlls.find((c) => c.matcher.test(pathname));
      if (!catchAll?.answers) return [`no documented path matches ${pathname}`];
      const problems =
        record.status === catchAll.answers.status ? [] : [`unknown path answered ${record.status}, expected the catch-all ${catchAll.answers.status}`];
      return problems.concat(this.checkBody(`/components/schemas/${catchAll.answers.schema}`, record, mediaType(record.contentType)));
    }
    const operation = this.document.paths[documented.template][method];
    if (!operation) {
      if (record.status === 405) return this.checkMethodNotAllowed(documented.template, record);
      return [`${record.method} is not documented for ${documented.template}`];
    }
    const key = `${record.method} ${documented.template}`;
    if (!this.seen.has(key)) this.seen.set(key, new Set());
    this.seen.get(key)!.add(record.status);
    const response = operation.responses?.[String(record.status)];
    if (!response) return [`status ${record.status} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(", ")})`];
    const type = mediaType(record.contentType);
    const content = response.content ?? {};
    if (!(type in content))
      return [`content type "${record.contentType}" is not documented for ${record.status} (documented: ${Object.keys(content).join(", ") || "no body"})`];
    return this.checkBody(`/${pointer("paths", documented.template, method, "responses", String(record.status), "content", type, "schema")}`, record, type);
  }

  /**
   * A method the path does not list: the family's shared 405 response (components.responses), and an
   * Allow header (when recorded) naming exactly the documented methods, plus HEAD and OPTIONS.
   */
  private checkMethodNotAllowed(template: string, record: RecordedResponse): string[] {
    const name = template.startsWith("/api/v1/") ? METHOD_NOT_ALLOWED["/api/v1"] : METHOD_NOT_ALLOWED["/v1"];
    const response = this.document.components?.responses?.[name];
    if (!response) return [`405 for ${record.method} ${template}, but the document has no components.responses.${name}`];
    const type = mediaType(record.contentType);
    if (!(type in (response.content ?? {}))) return [`content type "${record.contentType}" is not documented for a 405 (${name})`];
    const problems = this.checkBody(`/${pointer("components", "responses", name, "content", type, "schema")}`, record, type);
    if (record.allow !== undefined) {
      const documented = Object.keys(this.document.paths[template]).map((m) => m.toUpperCase());
      const expected = [...new Set([...documented, ...(documented.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort().join(", ");
      const allow = String(record.allow ?? "")
        .split(",")
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean)
        .sort()
        .join(", ");
      if (allow !== expected) problems.push(`Allow is "${record.allow ?? ""}", expected the documented methods "${expected}"`);
    }
    return problems;
  }

  /** Documented operations and statuses the run never produced (information, not a failure). */
  unexercised(): string[] {
    const missing: string[] = [];
    for (const [template, operations] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const seen = this.seen.get(`${method.toUpperCase()} ${template}`);
        const statuses = Object.keys(operation.responses ?? {}).filter((s) => !seen?.has(Number(s)));
        if (statuses.length) missing.push(`${method.toUpperCase()} ${template}: ${statuses.join(", ")}${seen ? "" : " (operation never called)"}`);
      }
    }
    return missing;
  }
}

export interface ServedRoute {
  /** e.g. /api/v1/models/[modelId] */
  route: string;
  file: string;
  methods: HttpMethod[];
}

const EXPORTED_METHOD = new RegExp(`export\\s+(?:async\\s+)?(?:function|const|let)\\s+(${HTTP_METHODS.join("|")})\\b`, "g");
const EXPORT_LIST = /export\s*\{([^}]*)\}/g;

/** The route handlers under app/ and the HTTP methods each exports. */
export function listServedRoutes(appDir: string): ServedRoute[] {
  const routes: ServedRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) {
        const text = fs.readFileSync(full, "utf8");
        const methods = new Set<HttpMethod>();
        for (const match of text.matchAll(EXPORTED_METHOD)) methods.add(match[1] as HttpMethod);
        for (const match of text.matchAll(EXPORT_LIST)) {
          for (const item of match[1].split(",")) {
            const exported = item
              .trim()
              .split(/\s+as\s+/)
              .pop()
              ?.trim();
            if (exported && (HTTP_METHODS as readonly string[]).includes(exported)) methods.add(exported as HttpMethod);
          }
        }
        const segments = path
          .relative(appDir, path.dirname(full))
          .split(path.sep)
          .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
        routes.push({ route: `/${segments.join("/")}`, file: path.relative(path.dirname(appDir), full), methods: [...methods].sort() });
      }
    }
  };
  walk(appDir);
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** Served operations the document lacks (and is not told to skip), and documented operations nothing serves. */
export function compareRoutes(document: OpenApiDocument, served: ServedRoute[]): { undocumented: string[]; unserved: string[] } {
  const documented = new Map<string, Set<string>>();
  for (const [template, operations] of Object.entries(document.paths)) {
    documented.set(normalizeTemplate(template), new Set(Object.keys(operations).map((m) => m.toUpperCase())));
  }
  const undocumented: string[] = [];
  const servedOps = new Set<string>();
  for (const route of served) {
    const key = normalizeTemplate(route.route);
    for (const method of route.methods) {
      servedOps.add(`${method} ${key}`);
      if (documented.get(key)?.has(method) || excluded(route.route)) continue;
      undocumented.push(`${method} ${route.route} (${route.file})`);
    }
  }
  const unserved: string[] = [];
  for (const [key, methods] of documented) for (const method of methods) if (!servedOps.has(`${method} ${key}`)) unserved.push(`${method} ${key}`);
  return { undocumented, unserved };
}

/** Reads the JSON lines the recorder wrote (one file per web process). */
export function readRecordedResponses(dir: string): RecordedResponse[] {
  if (!fs.existsSync(dir)) return [];
  const records: RecordedResponse[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith(".jsonl")) continue;
    for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n")) if (line.trim()) records.push(JSON.parse(line) as RecordedResponse);
  }
  return records;
}

export interface ContractReport {
  checked: number;
  failures: { request: string; status: number; problems: string[] }[];
  unexercised: string[];
}

/** Checks every recorded response; failures are grouped by request line and problem. */
export function checkRecordedResponses(document: OpenApiDocument, records: RecordedResponse[]): ContractReport {
  const checker = new ContractChecker(document);
  const failures: ContractReport["failures"] = [];
  for (const record of records) {
    const problems = checker.check(record);
    if (problems.length)
      failures.push({
        request: `${record.method} ${record.url.length > 160 ? `${record.url.slice(0, 160)}...` : record.url}`,
        status: record.status,
        problems,
      });
  }
  return { checked: records.length, failures, unexercised: checker.unexercised() };
}
