// Cross-origin requests from browsers to the public APIs (/api/v1, /v1), when the operator allows
// them with CORS_ORIGINS (README). Off by default: the published clients of the interface are
// scripts and server-side libraries, and a key sent from a web page is readable by its visitors.
// Credentials (cookies) are never allowed cross-origin: the APIs take keys, not sessions.
// Plain JavaScript: scripts/web-server.mjs, which applies it, runs without a TypeScript loader.
import { apiFamily } from "./method-not-allowed.mjs";

/** Headers a browser may send: the key headers of both families, and body descriptions. */
const ALLOWED_HEADERS = "Content-Type, Content-Encoding, X-API-Key, api_key, Accept";
/** Response headers scripts may read besides the always-readable ones. */
const EXPOSED_HEADERS = "Allow, Retry-After, Server-Timing";
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, DELETE, OPTIONS";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

const ORIGIN = /^https?:\/\/[^/\s:]+(:\d{1,5})?$/i;

/**
 * The setting read: unset or blank is null (off); "*" allows any origin; otherwise a comma-separated
 * list of origins (scheme://host[:port]). Answers { origins } or { error } naming the bad entry.
 */
export function parseCorsOrigins(value) {
  const text = (value ?? "").trim();
  if (text === "") return { origins: null };
  if (text === "*") return { origins: "*" };
  const origins = text
    .split(",")
    .map((o) => o.trim().replace(/\/+$/, ""))
    .filter(Boolean);
  const bad = origins.find((o) => !ORIGIN.test(o));
  if (bad !== undefined) return { error: `"${bad}" is not an origin: write scheme://host[:port], e.g. https://app.example.com, or * for any` };
  return { origins: new Set(origins.map((o) => o.toLowerCase())) };
}

/** The Access-Control-Allow-Origin value for `origin` on `pathname`, or null (no CORS headers). */
export function allowedOrigin(origins, pathname, origin) {
  if (!origins || !origin || !apiFamily(pathname)) return null;
  if (origins === "*") return "*";
  return origins.has(origin.toLowerCase()) ? origin : null;
}

/**
 * CORS headers for one request: { preflight, headers }. A preflight (OPTIONS with
 * Access-Control-Request-Method from an allowed origin) is answered by the caller with 204 and
 * these headers alone; any other request gets them added to its answer.
 */
export function corsHeaders(origins, method, pathname, requestHeaders) {
  const allow = allowedOrigin(origins, pathname, requestHeaders.origin);
  const headers = {};
  if (origins && origins !== "*" && apiFamily(pathname)) headers.vary = "Origin";
  if (!allow) return { preflight: false, headers };
  headers["access-control-allow-origin"] = allow;
  const preflight = method === "OPTIONS" && Boolean(requestHeaders["access-control-request-method"]);
  if (preflight) {
    headers["access-control-allow-methods"] = ALLOWED_METHODS;
    headers["access-control-allow-headers"] = ALLOWED_HEADERS;
    headers["access-control-max-age"] = String(PREFLIGHT_MAX_AGE_SECONDS);
  } else {
    headers["access-control-expose-headers"] = EXPOSED_HEADERS;
  }
  return { preflight, headers };
}
