// Test-only: records every /api/v1 and /v1 response the web server sends (method, URL, status,
// content type, body) as one JSON line per response, for the contract check that validates them
// against the OpenAPI document after the end-to-end run (e2e/global-teardown.ts). Enabled by
// CONTRACT_LOG=<directory> (set by e2e/global-setup.ts, never in production); each web process
// writes a file of its own, so instances started by specs add to the same run.
// Bodies are captured before compression: the recorder wraps write/end after the compression
// middleware has wrapped them.
import fs from "node:fs";
import path from "node:path";

const IN_SCOPE = /^\/(api\/v1|v1)(\/|\?|$)/;
/** Larger bodies are recorded as truncated (status and content type are still checked). */
const MAX_RECORDED_BYTES = 16 * 1024 * 1024;

export function createContractRecorder(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `web-${process.pid}.jsonl`);
  console.log(`Contract log: recording /api/v1 and /v1 responses in ${file} (test setting CONTRACT_LOG)`);
  return function record(req, res) {
    if (!IN_SCOPE.test(req.url ?? "") || req.method === "HEAD" || req.method === "OPTIONS") return;
    const chunks = [];
    let bytes = 0;
    let truncated = false;
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk);
      bytes += buffer.length;
      if (bytes > MAX_RECORDED_BYTES) {
        truncated = true;
        chunks.length = 0;
      } else if (!truncated) chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return end.call(this, chunk, encoding, callback);
    };
    res.once("finish", () => {
      const entry = {
        method: req.method,
        url: req.url,
        status: res.statusCode,
        contentType: res.getHeader("content-type") ?? null,
        // For a 405: the methods the path answers, checked against the document's.
        allow: res.getHeader("allow") ?? null,
        bytes,
        truncated,
        body: truncated ? null : Buffer.concat(chunks).toString("utf8"),
      };
      fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
    });
  };
}
