// A bucket (and key prefix) of S3-compatible object storage, through the official AWS SDK: the few
// operations the dataset store and the model artifacts need, with the SDK's errors sorted into
// three kinds: "gone" (an ENOENT-coded error, like a missing file), "unavailable" (StoreError: the
// server is down, overloaded or refuses our credentials; nothing was changed, retry later), and
// everything else (a bug: rethrown as is).
//
// Only plain PUT/GET/HEAD/LIST/DELETE are used: no conditional writes. s3rver (the test server)
// silently ignores If-None-Match and If-Match on PUT, and other S3-compatible servers differ, so
// manifests are committed by compare-and-swap in the database instead (records.ts).
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { goneError } from "./backend";
import { StoreError } from "./errors";

export interface ObjectInfo {
  /** Relative to the store's prefix. */
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface ObjectStore {
  /** "s3://bucket/prefix": names the storage in records, caches and messages. */
  readonly location: string;
  put(key: string, body: Uint8Array): Promise<{ etag: string }>;
  putFile(key: string, file: string): Promise<{ etag: string; bytes: number }>;
  /** Downloads to `file` (created, must not exist). An ENOENT-coded error when the object does not exist. */
  download(key: string, file: string): Promise<{ etag: string; bytes: number }>;
  head(key: string): Promise<ObjectInfo | null>;
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Deletes the keys that exist; missing ones are fine. */
  delete(keys: string[]): Promise<void>;
}

export interface S3Settings {
  bucket: string;
  /** Key prefix without leading or trailing "/", "" for the bucket's root. */
  prefix: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Attempts per request, with the SDK's exponential backoff (default 3). */
  maxAttempts?: number;
  /** Milliseconds to establish a connection (default 3,000). */
  connectionTimeoutMs?: number;
  /** Milliseconds a request may stall without data (default 60,000). */
  requestTimeoutMs?: number;
}

// Network failures: the server is down or unreachable, for now.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE", "ECONNABORTED"]);
// Answers that mean the server is there but will not serve us: settings an operator must fix.
const REFUSALS = new Set([
  "AccessDenied",
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "NoSuchBucket",
  "InvalidBucketName",
  "AuthorizationHeaderMalformed",
  "PermanentRedirect",
]);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: { code?: string };
}

let lastRefusalLog = 0;

/** The SDK's error as one of our kinds; `what` names the operation for the operator's log. */
export function toStoreError(error: unknown, location: string, what: string): unknown {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const name = e.name ?? "";
  const code = e.code ?? e.cause?.code ?? "";
  if (REFUSALS.has(name) || status === 403 || status === 401) {
    // Log the details for the operator (at most once a minute); the client sees a 503 without them.
    if (Date.now() - lastRefusalLog > 60_000) {
      lastRefusalLog = Date.now();
      console.error(`object storage ${location} refused ${what}: ${name || status} ${e.message ?? ""}. Check STORAGE_URL and the S3_* settings.`);
    }
    return new StoreError(
      "unavailable",
      `Dataset and model storage refused the request (${name || `HTTP ${status}`}): the server's storage settings need attention. Nothing was changed; retry later.`,
    );
  }
  if (name === "NoSuchKey" || name === "NotFound" || status === 404) return goneError(`${location}: ${what}`);
  const transient =
    (status !== undefined && (status >= 500 || status === 429 || status === 408)) ||
    NETWORK_CODES.has(code) ||
    name === "TimeoutError" ||
    name === "RequestTimeout" ||
    name === "SlowDown" ||
    /socket hang up|ECONNREFUSED|ECONNRESET|timed? ?out/i.test(e.message ?? "");
  if (transient) {
    const reason = status !== undefined ? `HTTP ${status}${name && name !== "Unknown" ? ` ${name}` : ""}` : code || name || "no connection";
    return new StoreError("unavailable", `Dataset and model storage is unavailable right now (${reason}). Nothing was changed; retry in a few seconds.`);
  }
  return error;
}

// The SDK warns once per process that its releases after January 2027 need Node 22; the version in
// package.json is pinned to one that supports Node 20, so the warning is noise in operators' logs.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

class S3ObjectStore implements ObjectStore {
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ? `${settings.prefix}/` : "";
    this.location = `s3://${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ""}`;
    this.client = new S3Client({
      endpoint: settings.endpoint || undefined,
      region: settings.region || "us-east-1",
      forcePathStyle: settings.forcePathStyle ?? false,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      maxAttempts: settings.maxAttempts ?? 3,
      // Checksums only where the API requires them: many S3-compatible servers reject the newer
      // streaming-checksum uploads, and ETags already tell what the server stored.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: settings.connectionTimeoutMs ?? 3_000, requestTimeout: settings.requestTimeoutMs ?? 60_000 },
    });
  }

  private fullKey(key: string): string {
    return this.prefix + key;
  }

  private async run<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      throw toStoreError(error, this.location, what);
    }
  }

  put(key: string, body: Uint8Array): Promise<{ etag: string }> {
    return this.run(`PUT ${key}`, async () => {
      const result = await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key), Body: body, ContentLength: body.byteLength }));
      if (!result.ETag) throw new Error(`object storage returned no ETag for ${key}`);
      return { etag: result.ETag };
    });
  }

  async putFile(key: string, file: string): Promise<{ etag: string; bytes: number }> {
    // In memory rather than streamed: the SDK can then retry the request, and segments were in
    // memory a moment ago anyway. A single PUT takes up to 5 GB.
    const body = await fs.readFile(file);
    if (body.byteLength > 5 * 1024 ** 3)
      throw new StoreError("too_large", `One stored object may hold at most 5 GB; this one has ${body.byteLength} bytes. Append fewer rows at a time.`);
    const { etag } = await this.put(key, body);
    return { etag, bytes: body.byteLength };
  }

  download(key: string, file: string): Promise<{ etag: string; bytes: number }> {
    return this.run(`GET ${key}`, async () => {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key) }));
      if (!result.Body || !result.ETag) throw new Error(`object storage returned no body or ETag for ${key}`);
      await pipeline(result.Body as Readable, createWriteStream(file, { flags: "wx" }));
      const { size } = await fs.stat(file);
      if (result.ContentLength !== undefined && size !== result.ContentLength) {
        throw new StoreError("unavailable", `Dataset and model storage sent ${size} of ${result.ContentLength} bytes of an object; retry in a few seconds.`);
      }
      return { etag: result.ETag, bytes: size };
    });
  }

  head(key: string): Promise<ObjectInfo | null> {
    return this.run(`HEAD ${key}`, async () => {
      try {
        const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.fullKey(key) }));
        return { key, size: result.ContentLength ?? 0, etag: result.ETag ?? "", lastModified: result.LastModified ?? new Date(0) };
      } catch (error) {
        const e = error as SdkError;
        if (e.name === "NotFound" || e.name === "NoSuchKey" || (e.$metadata?.httpStatusCode === 404 && e.name !== "NoSuchBucket")) return null;
        throw error;
      }
    });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.run(`LIST ${prefix}`, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.fullKey(prefix), ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key?.startsWith(this.prefix)) continue;
        yield { key: item.Key.slice(this.prefix.length), size: item.Size ?? 0, etag: item.ETag ?? "", lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const chunk = keys.slice(i, i + 1000);
      const result = await this.run(`DELETE ${chunk.length} object(s)`, () =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: chunk.map((k) => ({ Key: this.fullKey(k) })), Quiet: true } })),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length) {
        const { Code: code, Message: message, Key: key } = failed[0];
        const mapped = toStoreError({ name: code, message, $metadata: {} }, this.location, `DELETE ${key}`);
        throw mapped instanceof Error ? mapped : new Error(`object storage ${this.location} could not delete ${key}: ${code} ${message}`);
      }
    }
  }
}

export function openS3ObjectStore(settings: S3Settings): ObjectStore {
  return new S3ObjectStore(settings);
}
