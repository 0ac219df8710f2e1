// The web server that `npm start` runs (and `npm run dev`, with --dev: Next's development mode
// behind the same server, so both answer API clients alike): Next.js behind Node's HTTP server, with our
// own response compression. Next's built-in compression (turned off in next.config.mjs) always
// uses zlib level 6, and it cannot be configured; on multi-megabyte prediction responses that
// costs more time than it saves. Level 1 is ~2.5x faster for ~10% larger bodies.
// Plain JavaScript so the server runs without a TypeScript loader in front of every require.
import { createServer } from "node:http";
import compression from "compression";
import next from "next";
import { corsHeaders, parseCorsOrigins } from "../lib/http/cors.mjs";
import { apiFamily, methodNotAllowedBody } from "../lib/http/method-not-allowed.mjs";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const port = Number(process.env.PORT || 3000);
const app = next({ dev, dir: process.cwd(), port });
const handle = app.getRequestHandler();
const compress = compression({ level: 1, chunkSize: 64 * 1024 });
// Test setting (README): record API responses for the contract check. Read here rather than from
// lib/env.ts because this file runs without a TypeScript loader; scripts/start.ts validates it.
const recordForContract = process.env.CONTRACT_LOG ? (await import("./contract-recorder.mjs")).createContractRecorder(process.env.CONTRACT_LOG) : null;

// Browsers on other origins may call the APIs only when CORS_ORIGINS allows them (README); start.ts
// validates the setting, so a bad one here only switches CORS off.
const corsOrigins = parseCorsOrigins(process.env.CORS_ORIGINS).origins ?? null;

await app.prepare();
// lib/http/client-address.ts reads the peer address from this header; a client's own value is replaced.
const CLIENT_ADDRESS_HEADER = "x-tabula-client-address";

// Legacy clients may send prediction rows in the query string (`data=[...]`): allow request lines
// and headers up to 256 KB (Node's default, 16 KB, answers longer ones with a bare 431).
const MAX_HEADER_BYTES = 256 * 1024;
const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  if (corsOrigins && answerCors(req, res)) return;
  compress(req, res, () => {
    recordForContract?.(req, res);
    explainMethodNotAllowed(req, res);
    handle(req, res).catch((error) => {
      // Clipped: logs never copy a request value longer than 200 characters (lib/log-text.ts).
      const url = String(req.url);
      const text = String(error?.stack ?? error)
        .split("\n")
        .map((line) => line.slice(0, 200))
        .join("\n")
        .slice(0, 4000);
      console.error("Unhandled error while serving", req.method, url.length > 200 ? `${url.slice(0, 200)}...` : url, text);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ detail: "Internal server error." }));
      } else res.destroy();
    });
  });
});
// Next answers a method a route does not export with an empty 405 and no Allow header, before any
// of our code runs. On the API paths that 405 gets the family's JSON error (naming the methods to
// use) and an Allow header. Done here, once, rather than by a 405 handler exported from every route
// file: Next's own answer to OPTIONS already lists each route's methods, so no second list of
// routes and methods exists to drift from the route files.
function explainMethodNotAllowed(req, res) {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  // (Never for OPTIONS: the Allow lookup below is itself an OPTIONS request, and must not loop.)
  if (req.method === "OPTIONS" || !apiFamily(pathname)) return;
  const write = res.write;
  const end = res.end;
  let wrote = false;
  res.write = function (...args) {
    wrote = true;
    return write.apply(this, args);
  };
  res.end = function (chunk, encoding, callback) {
    const empty = chunk === undefined || chunk === null || typeof chunk === "function" || chunk.length === 0;
    if (res.statusCode !== 405 || wrote || !empty || res.headersSent) return end.call(this, chunk, encoding, callback);
    const done = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : callback;
    allowedMethods(req.url).then((allow) => {
      res.removeHeader("content-length");
      res.setHeader("content-type", "application/json");
      if (allow) res.setHeader("allow", allow);
      end.call(res, JSON.stringify(methodNotAllowedBody(req.method, pathname, allow)), "utf8", done);
    });
    return res;
  };
}

/**
 * CORS for an API path: a preflight from an allowed origin is answered here (204); other requests
 * get the headers on their answer. Vary is added as the answer goes out, after Next has set its own.
 * True when the request was answered.
 */
function answerCors(req, res) {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  const { preflight, headers } = corsHeaders(corsOrigins, req.method ?? "GET", pathname, req.headers);
  if (preflight) {
    res.writeHead(204, headers);
    res.end();
    return true;
  }
  const { vary, ...rest } = headers;
  for (const [name, value] of Object.entries(rest)) res.setHeader(name, value);
  if (vary) {
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      const current = String(res.getHeader("vary") ?? "");
      if (!/(^|,)\s*origin\s*(,|$)/i.test(current)) res.setHeader("vary", current ? `${current}, ${vary}` : vary);
      return writeHead.apply(this, args);
    };
  }
  return false;
}

/** The path's methods, from Next's answer to OPTIONS (a 204 with Allow, without running a handler). */
async function allowedMethods(url) {
  try {
    const answer = await fetch(new URL(url, `http://127.0.0.1:${port}`), { method: "OPTIONS", signal: AbortSignal.timeout(5_000) });
    return answer.headers.get("allow");
  } catch {
    return null;
  }
}

server.listen(port, () => console.log(`Web server listening on port ${port}`));

function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(0), 3_000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
