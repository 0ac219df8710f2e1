// Where bytes live: dataset rows in the columnar store and model artifacts, either as files under
// DATA_DIR (STORAGE_URL unset; several hosts then need DATA_DIR on a shared filesystem) or as
// objects in S3-compatible storage (STORAGE_URL=s3://bucket/prefix; manifests in the database, a
// read cache under DATA_DIR/cache). Everything else reaches storage through this module.
import { getEnv, type AppEnv } from "@/lib/env";
import { openStorage, parseStorageUrl, StoreError, type DatasetStore, type Storage, type SweepReport } from "@/lib/store";
import { checkArtifactPath } from "@/lib/store";
import { databaseRecords } from "./storage-records";

const globalStorage = globalThis as unknown as { tabulaStorage?: Storage };

/** The storage the settings describe (STORAGE_URL, S3_*, DATA_DIR); `url` overrides STORAGE_URL (migrations). */
export function openConfiguredStorage(env: AppEnv = getEnv(), url: string = env.STORAGE_URL): Storage {
  const location = parseStorageUrl(url);
  return openStorage({
    location,
    dataDir: env.dataDir,
    s3: {
      endpoint: env.S3_ENDPOINT?.trim() || undefined,
      region: env.S3_REGION?.trim() || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "true" || env.S3_FORCE_PATH_STYLE === "1",
    },
    records: location.kind === "s3" ? databaseRecords(location.url) : undefined,
    cacheBytes: env.STORAGE_CACHE_MB * 1024 * 1024,
  });
}

export function storage(): Storage {
  return (globalStorage.tabulaStorage ??= openConfiguredStorage());
}

export function datasetStore(): DatasetStore {
  return storage().datasets;
}

function modelArtifactPath(modelId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(modelId)) throw new Error(`invalid model id ${modelId}`);
  return `models/${modelId}.model`;
}

/**
 * Stores a model's artifact whole or not at all (files: temp file + fsync + rename; objects: one
 * PUT) and returns the path to record with the model, relative to the storage root, the same for
 * both backends (so `npm run storage:migrate` needs no database changes).
 */
export async function writeModelArtifact(modelId: string, bytes: Uint8Array): Promise<string> {
  const relativePath = modelArtifactPath(modelId);
  await storage().artifacts.write(relativePath, bytes);
  return relativePath;
}

export async function readModelArtifact(relativePath: string): Promise<Uint8Array> {
  return storage().artifacts.read(checkArtifactPath(relativePath));
}

export async function deleteModelArtifact(relativePath: string): Promise<void> {
  if (!relativePath) return; // a model whose training never stored one
  await storage().artifacts.delete(checkArtifactPath(relativePath));
}

export function isStorageUnavailable(error: unknown): error is StoreError {
  return error instanceof StoreError && error.code === "unavailable";
}

/**
 * Runs `task`, retrying while storage is unavailable, for at most `waitMs`: for workers, whose
 * tasks (a finished training above all) are worth waiting for rather than failing. `onWait` hears
 * each wait (progress messages).
 */
export async function withStorageRetry<T>(
  task: () => Promise<T>,
  options: { waitMs: number; signal?: AbortSignal; onWait?: (error: StoreError) => void },
): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  let pause = 1_000;
  for (;;) {
    try {
      return await task();
    } catch (error) {
      if (!isStorageUnavailable(error) || Date.now() + pause > deadline || options.signal?.aborted) throw error;
      options.onWait?.(error);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 15_000);
    }
  }
}

const SWEEP_RECORD = "sweep";

/**
 * Object storage: runs the sweep (segments no manifest references, older than the grace period)
 * when the last one on any host is older than STORAGE_SWEEP_MINUTES. Hosts take turns through a
 * compare-and-swap on the "sweep" record, so one sweep runs per interval however many workers
 * call this. Null when it was not due, files are used, or the sweep is turned off (0 minutes).
 */
export async function sweepStorageIfDue(now = Date.now()): Promise<SweepReport | null> {
  const env = getEnv();
  const current = storage();
  if (current.location.kind !== "s3" || env.STORAGE_SWEEP_MINUTES <= 0) return null;
  const records = databaseRecords(current.location.url);
  const body = JSON.stringify({ at: new Date(now).toISOString() });
  const lease = await records.get(SWEEP_RECORD);
  if (!lease) {
    // The first worker ever: start the clock; the first sweep runs one interval later.
    await records.create(SWEEP_RECORD, body);
    return null;
  }
  const last = Date.parse((JSON.parse(lease.body) as { at: string }).at);
  if (now - last < env.STORAGE_SWEEP_MINUTES * 60_000) return null;
  if (!(await records.replace(SWEEP_RECORD, body, lease.revision))) return null; // another host took this turn
  return sweepStorage();
}

/** Sweeps now (object storage only); `graceMs` overrides the grace period (the storage:sweep command). */
export async function sweepStorage(options: { graceMs?: number } = {}): Promise<SweepReport | null> {
  const current = storage();
  if (current.location.kind !== "s3" || !("sweep" in current.backend)) return null;
  return current.backend.sweep(options);
}
