// Moves an installation's datasets and artifacts from one storage to another (files <-> objects,
// or between buckets): `npm run storage:migrate -- --to s3://...` (scripts/storage-migrate.ts).
//
// Per dataset, the segments are copied first and the manifest is installed last, so a dataset is
// in the target whole or not at all; segments and artifacts already in the target with the same
// size are skipped, so an interrupted run resumes where it stopped and a finished one repeated
// copies nothing. Manifests keep their version, so model reuse and caches keyed by version stay
// valid. A dataset whose target copy is newer than the source (the application already writes to
// the target) is never overwritten.
import type { Manifest, ManifestSegment } from "./backend";
import type { ArtifactStore } from "./artifact-store";
import type { FileBackend } from "./file-backend";
import type { ObjectBackend } from "./object-backend";
import type { Storage } from "./storage";

export interface MigrationReport {
  datasets: number;
  /** Datasets whose manifest was installed in the target (new or behind the source). */
  datasetsCopied: number;
  /** Datasets whose target copy is newer than the source or diverged from it: left alone. */
  datasetsKept: string[];
  segmentsCopied: number;
  segmentsSkipped: number;
  artifactsCopied: number;
  artifactsSkipped: number;
}

export interface MigrationOptions {
  /** Artifact folders to copy (default ["models"]). */
  artifactFolders?: string[];
  log?: (line: string) => void;
  /** Test hook: runs after each copied segment (a thrown error interrupts the migration). */
  afterSegment?: (datasetId: string, file: string) => Promise<void>;
}

type Backend = FileBackend | ObjectBackend;

const segmentsKey = (m: Manifest) => JSON.stringify(m.segments.map((s) => s.file));

async function copySegment(source: Backend, target: Backend, datasetId: string, segment: ManifestSegment, report: MigrationReport): Promise<ManifestSegment> {
  const present = await target.statSegment(datasetId, segment.file);
  if (present && present.bytes === segment.bytes) {
    report.segmentsSkipped++;
    return withEtag(segment, (present as { etag?: string }).etag);
  }
  const local = await source.localSegment(datasetId, segment);
  const written = await target.importSegment(datasetId, segment.file, local);
  if (written.bytes !== segment.bytes)
    throw new Error(`segment ${datasetId}/${segment.file}: copied ${written.bytes} bytes, the manifest says ${segment.bytes}`);
  report.segmentsCopied++;
  return withEtag(segment, (written as { etag?: string }).etag);
}

/** The segment entry as the target sees it: its own ETag (objects) or none (files). */
function withEtag(segment: ManifestSegment, etag: string | undefined): ManifestSegment {
  const { etag: _sourceEtag, ...rest } = segment;
  return etag ? { ...rest, etag } : rest;
}

async function migrateDataset(source: Backend, target: Backend, datasetId: string, report: MigrationReport, options: MigrationOptions): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const { manifest } = await source.readManifest(datasetId);
    const existing = await target.readManifest(datasetId).then(
      (r) => r.manifest,
      () => null,
    );
    if (existing && existing.version === manifest.version && segmentsKey(existing) === segmentsKey(manifest)) {
      report.segmentsSkipped += manifest.segments.length;
      return; // already migrated
    }
    if (existing && (existing.seq > manifest.seq || (existing.seq === manifest.seq && existing.version !== manifest.version))) {
      report.datasetsKept.push(datasetId);
      options.log?.(
        `dataset ${datasetId}: the target copy (version ${existing.version}) is newer than the source's (${manifest.version}) or differs from it; left as it is`,
      );
      return;
    }
    const segments: ManifestSegment[] = [];
    for (const segment of manifest.segments) {
      segments.push(await copySegment(source, target, datasetId, segment, report));
      await options.afterSegment?.(datasetId, segment.file);
    }
    // A writer changed the source meanwhile (the application is still running): copy again.
    const after = (await source.readManifest(datasetId)).manifest;
    if (after.version !== manifest.version || segmentsKey(after) !== segmentsKey(manifest)) {
      if (attempt >= 5) throw new Error(`dataset ${datasetId} keeps changing while it is copied: stop the application's writers and run the migration again`);
      continue;
    }
    await target.installManifest(datasetId, { ...manifest, segments });
    report.datasetsCopied++;
    return;
  }
}

async function migrateArtifacts(source: ArtifactStore, target: ArtifactStore, folder: string, report: MigrationReport): Promise<void> {
  for await (const artifact of source.list(`${folder}/`)) {
    if ((await target.size(artifact.path)) === artifact.bytes) {
      report.artifactsSkipped++;
      continue;
    }
    await target.write(artifact.path, await source.read(artifact.path));
    report.artifactsCopied++;
  }
}

export async function migrateStorage(source: Storage, target: Storage, options: MigrationOptions = {}): Promise<MigrationReport> {
  if (source.description === target.description) throw new Error(`source and target are the same storage (${source.description})`);
  const report: MigrationReport = {
    datasets: 0,
    datasetsCopied: 0,
    datasetsKept: [],
    segmentsCopied: 0,
    segmentsSkipped: 0,
    artifactsCopied: 0,
    artifactsSkipped: 0,
  };
  const ids = await source.backend.list();
  report.datasets = ids.length;
  for (const [n, id] of ids.entries()) {
    await migrateDataset(source.backend, target.backend, id, report, options);
    options.log?.(`datasets: ${n + 1}/${ids.length} (${report.segmentsCopied} segment(s) copied, ${report.segmentsSkipped} already there)`);
  }
  for (const folder of options.artifactFolders ?? ["models"]) {
    await migrateArtifacts(source.artifacts, target.artifacts, folder, report);
    options.log?.(`${folder}: ${report.artifactsCopied} artifact(s) copied, ${report.artifactsSkipped} already there`);
  }
  return report;
}
