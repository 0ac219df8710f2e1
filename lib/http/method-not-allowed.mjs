// The answer to a method an API path does not have (PUT /v1/datasets): Next.js sends an empty 405;
// clients get the error body of the path's family instead (lib/http/errors.ts), naming the methods
// to use. Plain JavaScript: scripts/web-server.mjs, which sends it, runs without a TypeScript loader.

/** Paths quoted in a message are clipped like logged request values (lib/log-text.ts). */
const MAX_PATH_CHARS = 200;

/** "apiV1" ({detail}), "legacy" ({status: "error", message}) or null for a path outside the public API. */
export function apiFamily(pathname) {
  if (/^\/api\/v1(\/|$)/.test(pathname)) return "apiV1";
  if (/^\/v1(\/|$)/.test(pathname)) return "legacy";
  return null;
}

function orList(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/**
 * The 405 body for `method` on `pathname`, from the path's Allow header value as Next's own OPTIONS
 * answer gives it ("DELETE, GET, HEAD, OPTIONS, POST"; null when unknown). HEAD and OPTIONS are
 * left out of the advice: every route has them, so they say nothing about what to send instead.
 */
export function methodNotAllowedBody(method, pathname, allow) {
  const path = pathname.replace(/(.)\/+$/, "$1");
  const shown = path.length > MAX_PATH_CHARS ? `${path.slice(0, MAX_PATH_CHARS)}...` : path;
  const usable = (allow ?? "")
    .split(",")
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m && m !== "HEAD" && m !== "OPTIONS");
  const text = `${method} is not supported on ${shown}${usable.length ? `; use ${orList(usable)}` : ""}.`;
  return apiFamily(path) === "legacy" ? { status: "error", message: text } : { detail: text };
}
