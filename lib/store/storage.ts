// One storage interface, two implementations: datasets (DatasetStore) and artifacts
// (ArtifactStore) either as files under DATA_DIR (STORAGE_URL unset: the default) or as objects in
// S3-compatible storage (STORAGE_URL=s3://bucket/prefix), chosen in one place.
import path from "node:path";
import { openStoreOn, type DatasetStore, type DatasetStoreOptions } from "./dataset-store";
import { FileArtifactStore, ObjectArtifactStore, type ArtifactStore } from "./artifact-store";
import { FileBackend } from "./file-backend";
import { ObjectBackend } from "./object-backend";
import { ObjectCache } from "./object-cache";
import { openS3ObjectStore, type ObjectStore, type S3Settings } from "./object-store";
import type { RecordStore } from "./records";

export type StorageLocation = { kind: "files" } | { kind: "s3"; bucket: string; prefix: string; url: string };

const BUCKET_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
const PREFIX_PART_RE = /^[A-Za-z0-9_.-]+$/;

/** STORAGE_URL: unset or "" for files under DATA_DIR, or s3://bucket[/prefix]. Throws a message that says what to fix. */
export function parseStorageUrl(value: string | undefined): StorageLocation {
  const text = value?.trim() ?? "";
  if (text === "") return { kind: "files" };
  const match = /^s3:\/\/([^/]+)(\/.*)?$/i.exec(text);
  if (!match) throw new Error(`STORAGE_URL must be empty (files under DATA_DIR) or s3://bucket/prefix, got "${text}"`);
  const bucket = match[1];
  if (!BUCKET_RE.test(bucket)) throw new Error(`STORAGE_URL: "${bucket}" is not a valid bucket name (3-63 letters, digits, ".", "-", "_")`);
  const parts = (match[2] ?? "").split("/").filter((p) => p !== "");
  for (const part of parts) {
    if (!PREFIX_PART_RE.test(part) || part === "." || part === "..") {
      throw new Error(`STORAGE_URL: the prefix part "${part}" may only hold letters, digits, "_", "-" and "." (and not be "." or "..")`);
    }
  }
  const prefix = parts.join("/");
  return { kind: "s3", bucket, prefix, url: `s3://${bucket}${prefix ? `/${prefix}` : ""}` };
}

export interface StorageConfig {
  location: StorageLocation;
  /** DATA_DIR: files live here (datasets/, models/); with object storage, the read cache (cache/). */
  dataDir: string;
  s3?: Omit<S3Settings, "bucket" | "prefix">;
  /** Object storage: the compare-and-swap records (the application's database). */
  records?: RecordStore;
  /** Object storage: bound of DATA_DIR/cache in bytes. */
  cacheBytes?: number;
  /** Object storage: the sweep's grace period. */
  sweepGraceMs?: number;
  datasetOptions?: DatasetStoreOptions;
}

export interface Storage {
  location: StorageLocation;
  /** "s3://bucket/prefix" or the DATA_DIR path, for messages. */
  description: string;
  datasets: DatasetStore;
  artifacts: ArtifactStore;
  /** The backend under `datasets` (listing, sweeping, migrating). */
  backend: FileBackend | ObjectBackend;
  /** Object storage only: the bucket. */
  objects?: ObjectStore;
  cache?: ObjectCache;
}

export function openStorage(config: StorageConfig): Storage {
  const { location, dataDir } = config;
  if (location.kind === "files") {
    const datasetsDir = path.join(dataDir, "datasets");
    const backend = new FileBackend(datasetsDir, { lockTimeoutMs: config.datasetOptions?.lockTimeoutMs, staleLockMs: config.datasetOptions?.staleLockMs });
    return {
      location,
      description: path.resolve(dataDir),
      datasets: openStoreOn(backend, config.datasetOptions),
      artifacts: new FileArtifactStore(dataDir),
      backend,
    };
  }
  if (!config.records) throw new Error("object storage needs a record store for its manifests");
  const objects = openS3ObjectStore({ ...config.s3, bucket: location.bucket, prefix: location.prefix });
  const cache = new ObjectCache(path.join(dataDir, "cache"), config.cacheBytes ?? 10 * 1024 ** 3);
  const backend = new ObjectBackend({ objects, records: config.records, cache, sweepGraceMs: config.sweepGraceMs });
  return {
    location,
    description: location.url,
    datasets: openStoreOn(backend, config.datasetOptions),
    artifacts: new ObjectArtifactStore(objects, cache),
    backend,
    objects,
    cache,
  };
}
