// Datasets in S3-compatible object storage, for hosts that share no disk:
//   <prefix>/datasets/<datasetId>/seg-<seq>-<rand>.bin   immutable segment objects
//   record "datasets/<datasetId>"                        the manifest, in the database (records.ts)
// An append uploads its segment first, then replaces the manifest record by compare-and-swap on its
// revision; when another host committed in between, the store re-validates the rows against the
// new manifest and commits again (reusing the uploaded segment when the schema is unchanged). So
// two hosts appending at once never lose a batch, and readers, who read the manifest record and
// then only the segments it lists, never see half of one.
//
// Segments that no manifest references (an append that crashed between upload and commit, a lost
// race, a delete that could not finish) are removed by `sweep`, but only once they are older than
// its grace period; an append never commits a segment older than a quarter of it
// (commitDeadlineMs), so the sweep cannot remove a segment of an append still in flight.
import fs from "node:fs/promises";
import { goneError, isEnoent, type DatasetBackend, type Manifest, type ManifestSegment } from "./backend";
import { StoreError } from "./errors";
import { withMutex } from "./lock";
import type { ObjectCache } from "./object-cache";
import type { ObjectStore } from "./object-store";
import type { RecordStore } from "./records";
import { openSegment, type OpenSegment } from "./segment";

export interface ObjectBackendOptions {
  objects: ObjectStore;
  records: RecordStore;
  cache: ObjectCache;
  /** The sweep leaves unreferenced segments younger than this alone (default 1 hour). */
  sweepGraceMs?: number;
  /** Segments downloaded at once when a read needs several (default 4). */
  downloadConcurrency?: number;
}

export interface SweepReport {
  /** Unreferenced segments removed. */
  removed: number;
  /** Unreferenced segments left for a later sweep: younger than the grace period. */
  young: number;
  /** Segments referenced by a manifest. */
  live: number;
}

const DATASETS = "datasets/";

export class ObjectBackend implements DatasetBackend {
  readonly description: string;
  readonly commitDeadlineMs: number;
  readonly sweepGraceMs: number;
  readonly objects: ObjectStore;
  private readonly records: RecordStore;
  private readonly cache: ObjectCache;
  private readonly concurrency: number;

  constructor(options: ObjectBackendOptions) {
    this.objects = options.objects;
    this.records = options.records;
    this.cache = options.cache;
    this.description = options.objects.location;
    this.sweepGraceMs = options.sweepGraceMs ?? 60 * 60_000;
    this.commitDeadlineMs = this.sweepGraceMs / 4;
    this.concurrency = Math.max(1, options.downloadConcurrency ?? 4);
  }

  private recordKey(datasetId: string): string {
    return `${DATASETS}${datasetId}`;
  }

  private segmentKey(datasetId: string, file: string): string {
    return `${DATASETS}${datasetId}/${file}`;
  }

  /** Ids of the datasets present (those with a manifest record). */
  async list(): Promise<string[]> {
    return (await this.records.list(DATASETS)).map((k) => k.slice(DATASETS.length));
  }

  async create(datasetId: string, manifest: Manifest): Promise<void> {
    if (!(await this.records.create(this.recordKey(datasetId), JSON.stringify(manifest)))) {
      throw new StoreError("conflict", `Dataset "${datasetId}" already exists.`);
    }
  }

  async readManifest(datasetId: string): Promise<{ manifest: Manifest; token: number }> {
    const record = await this.records.get(this.recordKey(datasetId));
    if (!record) throw new StoreError("not_found", `Dataset "${datasetId}" does not exist.`);
    return { manifest: JSON.parse(record.body) as Manifest, token: record.revision };
  }

  /** Writers of this process queue up (fewer lost races); other hosts are caught by the compare-and-swap. */
  withWriter<T>(datasetId: string, task: () => Promise<T>): Promise<T> {
    return withMutex(`${this.description}\n${datasetId}`, task);
  }

  async putSegment(datasetId: string, file: string, write: (path: string) => Promise<{ bytes: number }>): Promise<{ bytes: number; etag: string }> {
    const temp = await this.cache.tempPath();
    try {
      const written = await write(temp);
      const key = this.segmentKey(datasetId, file);
      const { etag } = await this.objects.putFile(key, temp);
      // This host will likely read what it wrote (compaction, the next training): keep it.
      await this.cache.adopt(this.objects.location, key, etag, temp, written.bytes);
      return { bytes: written.bytes, etag };
    } catch (error) {
      await fs.unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async commit(datasetId: string, next: Manifest, token: unknown): Promise<{ token: number } | null> {
    const revision = token as number;
    const done = await this.records.replace(this.recordKey(datasetId), JSON.stringify(next), revision);
    return done ? { token: revision + 1 } : null;
  }

  private localCopy(datasetId: string, segment: ManifestSegment): Promise<string> {
    const key = this.segmentKey(datasetId, segment.file);
    return segment.etag ? this.cache.fetch(this.objects, key, segment.etag) : this.cache.fetchLatest(this.objects, key);
  }

  async openSegment(datasetId: string, segment: ManifestSegment): Promise<OpenSegment> {
    // The cached copy may be evicted by another process between fetching and opening: fetch again.
    for (let attempt = 0; ; attempt++) {
      const file = await this.localCopy(datasetId, segment);
      try {
        return await openSegment(file);
      } catch (error) {
        if (!isEnoent(error) || attempt >= 2) throw isEnoent(error) ? goneError(`segment ${segment.file}`) : error;
      }
    }
  }

  async prefetch(datasetId: string, segments: ManifestSegment[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < segments.length) await this.localCopy(datasetId, segments[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, segments.length) }, worker));
  }

  async discard(datasetId: string, files: string[]): Promise<void> {
    if (files.length === 0) return;
    const keys = files.map((f) => this.segmentKey(datasetId, f));
    await Promise.all(keys.map((k) => this.cache.forget(this.objects.location, k)));
    await this.objects.delete(keys);
  }

  async afterCommit(): Promise<void> {}

  async delete(datasetId: string): Promise<void> {
    const key = this.recordKey(datasetId);
    const record = await this.records.get(key);
    // The record is the commit point: once it is gone, the dataset is gone for every host.
    await this.records.delete(key);
    if (record) {
      const manifest = JSON.parse(record.body) as Manifest;
      await Promise.all(manifest.segments.map((s) => this.cache.forget(this.objects.location, this.segmentKey(datasetId, s.file))));
    }
    try {
      const keys: string[] = [];
      for await (const object of this.objects.list(`${DATASETS}${datasetId}/`)) keys.push(object.key);
      await this.objects.delete(keys);
    } catch (error) {
      // The dataset is deleted; its objects have no manifest now and the sweep removes them later.
      if (!(error instanceof StoreError && error.code === "unavailable")) throw error;
      console.warn(`dataset store: objects of deleted dataset ${datasetId} stay until the next sweep: ${error.message}`);
    }
  }

  // For `storage:migrate` (migrate.ts): segments and manifests copied in from another backend.

  localSegment(datasetId: string, segment: ManifestSegment): Promise<string> {
    return this.localCopy(datasetId, segment);
  }

  async statSegment(datasetId: string, file: string): Promise<{ bytes: number; etag: string } | null> {
    const info = await this.objects.head(this.segmentKey(datasetId, file));
    return info ? { bytes: info.size, etag: info.etag } : null;
  }

  async importSegment(datasetId: string, file: string, source: string): Promise<{ bytes: number; etag: string }> {
    const { etag, bytes } = await this.objects.putFile(this.segmentKey(datasetId, file), source);
    return { bytes, etag };
  }

  async installManifest(datasetId: string, manifest: Manifest): Promise<void> {
    const key = this.recordKey(datasetId);
    const body = JSON.stringify(manifest);
    for (;;) {
      const current = await this.records.get(key);
      if (current ? await this.records.replace(key, body, current.revision) : await this.records.create(key, body)) return;
    }
  }

  /**
   * Removes segment objects that no manifest references and that are older than the grace period:
   * left by appends that crashed between upload and commit, lost races, compactions and deletes
   * that could not finish. Objects are listed before the manifests are read, so a segment
   * committed meanwhile is seen as referenced.
   */
  async sweep(options: { graceMs?: number; now?: number } = {}): Promise<SweepReport> {
    const graceMs = options.graceMs ?? this.sweepGraceMs;
    const now = options.now ?? Date.now();
    const byDataset = new Map<string, { key: string; file: string; lastModified: Date }[]>();
    for await (const object of this.objects.list(DATASETS)) {
      const rest = object.key.slice(DATASETS.length);
      const slash = rest.indexOf("/");
      if (slash <= 0) continue;
      const datasetId = rest.slice(0, slash);
      let list = byDataset.get(datasetId);
      if (!list) byDataset.set(datasetId, (list = []));
      list.push({ key: object.key, file: rest.slice(slash + 1), lastModified: object.lastModified });
    }
    const report: SweepReport = { removed: 0, young: 0, live: 0 };
    for (const [datasetId, objects] of byDataset) {
      const record = await this.records.get(this.recordKey(datasetId));
      const live = new Set(record ? (JSON.parse(record.body) as Manifest).segments.map((s) => s.file) : []);
      const doomed: string[] = [];
      for (const object of objects) {
        if (live.has(object.file)) report.live++;
        else if (now - object.lastModified.getTime() < graceMs) report.young++;
        else doomed.push(object.key);
      }
      if (doomed.length) {
        await this.objects.delete(doomed);
        report.removed += doomed.length;
      }
    }
    return report;
  }
}
