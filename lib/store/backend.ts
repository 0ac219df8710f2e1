// Where a dataset's bytes live: the manifest (schema, segment list, version: the commit point of
// every mutation) and its immutable segments. The store's logic (dataset-store.ts) is written once
// against this interface; file-backend.ts keeps them under a directory (DATA_DIR/datasets), and
// object-backend.ts in S3-compatible object storage with the manifest in a compare-and-swap record.
import type { SchemaField } from "./encode-rows";
import type { OpenSegment } from "./segment";

export interface ManifestSegment {
  file: string;
  rows: number;
  bytes: number;
  /** Size class for compaction: segments of one level merge into the next. */
  level: number;
  /** Object storage: the segment object's ETag, which cached copies must match. */
  etag?: string;
}

export interface Manifest {
  format: 1;
  fields: SchemaField[];
  segments: ManifestSegment[];
  rowCount: number;
  bytes: number;
  version: string;
  seq: number;
  createdAt: string;
  updatedAt: string;
}

/** What a manifest was read with, handed back to `commit` for compare-and-swap. */
export type ManifestToken = unknown;

export interface DatasetBackend {
  /** Where the data lives, for messages (a directory or "s3://bucket/prefix"). */
  readonly description: string;
  /**
   * How long a written segment may wait for its manifest commit before it must be written again.
   * Object storage: the sweep removes unreferenced segments older than its grace period, so a
   * commit must never reference a segment that old. Infinity for files (orphans are removed only
   * under the dataset's lock).
   */
  readonly commitDeadlineMs: number;
  /** Creates an empty dataset whose first state is `manifest`; StoreError "conflict" when it exists. */
  create(datasetId: string, manifest: Manifest): Promise<void>;
  /** The committed manifest; StoreError "not_found" when the dataset does not exist. */
  readManifest(datasetId: string): Promise<{ manifest: Manifest; token: ManifestToken }>;
  /**
   * Runs one mutation of a dataset. Files: under the in-process mutex and the cross-process lock
   * file, so commits cannot conflict. Objects: under the in-process mutex only; other hosts may
   * commit in between, which `commit` detects.
   */
  withWriter<T>(datasetId: string, task: () => Promise<T>): Promise<T>;
  /** Stores a new immutable segment that `write` produces as a new file at the path it is given. */
  putSegment(datasetId: string, file: string, write: (path: string) => Promise<{ bytes: number }>): Promise<{ bytes: number; etag?: string }>;
  /** Replaces the manifest if it is still the one `token` was read with (returning the new token); null when another writer committed first. */
  commit(datasetId: string, next: Manifest, token: ManifestToken): Promise<{ token: ManifestToken } | null>;
  /** Opens a listed segment for reading; an error with code ENOENT when it is gone (compacted, deleted). */
  openSegment(datasetId: string, segment: ManifestSegment): Promise<OpenSegment>;
  /** Fetches segments ahead of reading them (objects: concurrent downloads into the host's cache). */
  prefetch(datasetId: string, segments: ManifestSegment[]): Promise<void>;
  /** Removes segments that this writer made obsolete (compacted away) or never committed (lost a race). */
  discard(datasetId: string, files: string[]): Promise<void>;
  /** Housekeeping after a committed mutation (files: remove what crashed writers left behind). */
  afterCommit(datasetId: string, manifest: Manifest): Promise<void>;
  /** Removes the dataset and its segments; idempotent. */
  delete(datasetId: string): Promise<void>;
}

export const isEnoent = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

/** An error that readers treat like a missing file: the segment is gone, retry with the new manifest. */
export function goneError(what: string): Error {
  return Object.assign(new Error(`${what} no longer exists`), { code: "ENOENT" });
}
