// Reading request bodies safely: a size limit enforced while streaming (not only from
// Content-Length), a nesting-depth limit checked before JSON.parse, and clear 4xx errors.
import zlib from "node:zlib";
import { promisify } from "node:util";
import { AppError } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { outOfRangeNumber } from "@/lib/schemas/json-numbers";
import { assertNoNul, assertNoNulInJson } from "./nul-check";

export const MAX_JSON_DEPTH = 64;

export type FormParams = Record<string, string | string[]>;
export type ParsedBody = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "form"; value: FormParams };

/**
 * Query-string or form parameters. A repeated name is a list, as form encoders write lists:
 * Python's requests and urllib (`ignore_fields=a&ignore_fields=b`) and jQuery (`ignore_fields[]=a`,
 * its brackets dropped). Keeping only the last value would silently drop fields.
 */
export function formParams(entries: Iterable<[string, string]>): FormParams {
  const values = new Map<string, string[]>();
  const listed = new Set<string>();
  for (const [rawName, value] of entries) {
    const name = rawName.endsWith("[]") && rawName.length > 2 ? rawName.slice(0, -2) : rawName;
    if (name !== rawName) listed.add(name);
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  // Object.fromEntries defines own properties: a "__proto__" name stays a plain parameter.
  return Object.fromEntries([...values].map(([name, list]) => [name, list.length > 1 || listed.has(name) ? list : list[0]]));
}

function maxBytes(): number {
  return getEnv().MAX_BODY_MB * 1024 * 1024;
}

export async function readBodyText(request: Request): Promise<string> {
  const limit = maxBytes();
  const bytes = await readBodyBytes(request, limit);
  return (await decodeContent(bytes, request.headers.get("content-encoding"), limit)).toString("utf8");
}

async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  if (Number.isFinite(declared)) {
    // The HTTP server never delivers more than Content-Length bytes, so the limit already holds;
    // reading in one go is several times faster than chunk by chunk for multi-megabyte bodies.
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return Buffer.from(bytes);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const DECODERS: Record<string, (bytes: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  "x-gzip": promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/**
 * A compressed body (Content-Encoding gzip, deflate or br: clients that compress large uploads)
 * decoded, with the size limit on the decoded bytes too; any other encoding is refused (415) rather
 * than read as garbage.
 */
export async function decodeContent(bytes: Buffer, encoding: string | null, limit: number): Promise<Buffer> {
  const name = (encoding ?? "").trim().toLowerCase();
  if (name === "" || name === "identity" || bytes.length === 0) return bytes;
  const decode = DECODERS[name];
  if (!decode) {
    throw new AppError(
      "unsupported_media_type",
      `Content-Encoding "${name}" is not supported. Send the body uncompressed, or compressed with gzip, deflate or br.`,
    );
  }
  try {
    return await decode(bytes, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge(limit);
    throw new AppError("bad_request", `The request body could not be decompressed as ${name}: its Content-Encoding header does not match the body.`);
  }
}

function tooLarge(limit: number): AppError {
  return new AppError(
    "payload_too_large",
    `The request body is larger than the limit of ${Math.round(limit / 1024 / 1024)} MB. Send rows in smaller batches (for example 10,000 rows per request).`,
  );
}

/**
 * True when arrays/objects nest more than `limit` levels. Walks the parsed value (V8's JSON.parse
 * is iterative, so parsing deep input is safe; recursive code after it is not), descending only
 * into arrays and objects: rows of plain values cost one type check per value.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== "object") return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === "object" && nestedDeeperThan(item, limit - 1)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === "object" && nestedDeeperThan(item, limit - 1)) return true;
  }
  return false;
}

/**
 * A body that cannot be read as JSON is a validation error, as in FastAPI: /api/v1 answers 422 with
 * one item of type json_invalid (loc ["body", <character position>] when the parser names one), the
 * legacy API its usual 400 with the message.
 */
function invalidBody(msg: string, type: string, position?: number): AppError {
  return new AppError("validation", msg, [{ loc: position === undefined ? ["body"] : ["body", position], msg, type }]);
}

export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(detail)?.[1];
    throw invalidBody(
      `The request body is not valid JSON (${detail}). Send a JSON object with Content-Type: application/json.`,
      "json_invalid",
      position === undefined ? undefined : Number(position),
    );
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    throw invalidBody(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep. Flatten it.`, "value_error");
  }
  // JSON.parse reads 1e400 as Infinity, which later checks would report as a wrong type (or store).
  const outOfRange = outOfRangeNumber(text, value);
  if (outOfRange) throw new AppError("validation", outOfRange.msg, [{ loc: ["body", ...outOfRange.path], msg: outOfRange.msg, type: "value_error" }]);
  assertNoNulInJson(text, value);
  return value;
}

/**
 * The text fields of a multipart/form-data body (curl -F, a browser's FormData), read from the
 * already size-checked text. A file part is refused: the legacy API takes rows as JSON.
 */
async function readMultipartFields(text: string, contentType: string): Promise<FormParams> {
  let form: FormData;
  try {
    // The boundary is case-sensitive: the header as sent, not lowercased.
    form = await new Response(text, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The multipart/form-data body could not be read. Send JSON (application/json) or a form-encoded body.");
  }
  const entries: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      throw new AppError(
        "unsupported_media_type",
        `The multipart part "${name}" is a file; files are not read here. Send rows as JSON: {"id": "<dataset id>", "rows": [{...}, ...]} (or the rows' JSON text in a "rows" field).`,
      );
    }
    entries.push([name, value]);
  }
  const fields = formParams(entries);
  assertNoNul(fields, "body");
  return fields;
}

/**
 * JSON, form-encoded, or empty. Bodies without a content type are read as JSON when they look like it.
 * A leading UTF-8 byte order mark (files saved as "UTF-8 with BOM", Windows tools) is not content.
 * Form encoders write "{" as %7B, so a form-typed body that opens with "{" is JSON sent with a
 * default form Content-Type (Python's urllib sets one on every body it is not told the type of).
 * With `multipart` (the legacy API, whose parameters are all text), the text fields of a
 * multipart/form-data body are a form too; elsewhere multipart is refused (415).
 */
export async function readBody(request: Request, options: { multipart?: boolean } = {}): Promise<ParsedBody> {
  const rawType = request.headers.get("content-type") ?? "";
  const type = rawType.toLowerCase();
  let text = await readBodyText(request);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") return { kind: "none" };
  const jsonAsForm = text.trimStart().startsWith("{");
  if (type.includes("application/x-www-form-urlencoded") && !jsonAsForm) {
    const value = formParams(new URLSearchParams(text));
    assertNoNul(value, "body");
    return { kind: "form", value };
  }
  if (type.includes("multipart/form-data")) {
    if (options.multipart) return { kind: "form", value: await readMultipartFields(text, rawType) };
    throw new AppError("unsupported_media_type", "multipart/form-data is not supported here. Send JSON (application/json) or a form-encoded body.");
  }
  if (type.includes("json") || type === "" || type.startsWith("text/plain") || (type.includes("application/x-www-form-urlencoded") && jsonAsForm)) {
    return { kind: "json", value: parseJsonText(text) };
  }
  throw new AppError("unsupported_media_type", `Content-Type "${type}" is not supported. Send JSON (application/json).`);
}
