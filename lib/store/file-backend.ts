// Datasets as files: <root>/<datasetId>/manifest.json (replaced by write-temp + fsync + rename +
// directory fsync, the commit point) and seg-*.bin files (written to a temp name, fsynced,
// renamed). Writers of one dataset serialise with an in-process mutex and a lock file, so commits
// never conflict; the next writer removes what a crashed one left behind.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { isEnoent, type DatasetBackend, type Manifest, type ManifestSegment } from "./backend";
import { StoreError } from "./errors";
import { syncDir, tempName, writeFileAtomic } from "./fs-atomic";
import { acquireFileLock, withMutex } from "./lock";
import { openSegment, type OpenSegment } from "./segment";

const MANIFEST = "manifest.json";
const LOCK = "LOCK";

export interface FileBackendOptions {
  /** How long a writer waits for another process's lock before failing with "conflict". */
  lockTimeoutMs?: number;
  /** Age of a lock heartbeat after which the lock is considered abandoned. */
  staleLockMs?: number;
}

export class FileBackend implements DatasetBackend {
  readonly root: string;
  readonly description: string;
  readonly commitDeadlineMs = Infinity;
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;
  private trashChecked = false;

  constructor(rootDir: string, options: FileBackendOptions = {}) {
    this.root = path.resolve(rootDir);
    this.description = this.root;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 60_000;
    this.staleLockMs = options.staleLockMs ?? 30_000;
  }

  dir(datasetId: string): string {
    return path.join(this.root, datasetId);
  }

  /** Ids of the datasets present (directories holding a manifest). */
  async list(): Promise<string[]> {
    const names = await fs.readdir(this.root).catch(() => [] as string[]);
    const ids: string[] = [];
    for (const name of names) {
      if (name.startsWith(".")) continue;
      if (
        await fs.stat(path.join(this.root, name, MANIFEST)).then(
          () => true,
          () => false,
        )
      )
        ids.push(name);
    }
    return ids.sort();
  }

  async create(datasetId: string, manifest: Manifest): Promise<void> {
    const dir = this.dir(datasetId);
    await fs.mkdir(this.root, { recursive: true });
    if (!this.trashChecked) {
      this.trashChecked = true;
      await this.removeTrash();
    }
    await withMutex(dir, async () => {
      try {
        await fs.mkdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const exists = await fs.stat(path.join(dir, MANIFEST)).then(
          () => true,
          () => false,
        );
        if (exists) throw new StoreError("conflict", `Dataset "${datasetId}" already exists.`);
      }
      await writeFileAtomic(dir, MANIFEST, JSON.stringify(manifest));
      await syncDir(this.root);
    });
  }

  async readManifest(datasetId: string): Promise<{ manifest: Manifest; token: null }> {
    try {
      return { manifest: JSON.parse(await fs.readFile(path.join(this.dir(datasetId), MANIFEST), "utf8")) as Manifest, token: null };
    } catch (error) {
      if (isEnoent(error)) throw new StoreError("not_found", `Dataset "${datasetId}" does not exist.`);
      throw error;
    }
  }

  async withWriter<T>(datasetId: string, task: () => Promise<T>): Promise<T> {
    const dir = this.dir(datasetId);
    return withMutex(dir, async () => {
      const release = await acquireFileLock(path.join(dir, LOCK), { timeoutMs: this.lockTimeoutMs, staleMs: this.staleLockMs });
      try {
        return await task();
      } catch (error) {
        // The directory vanished under us: another process deleted the dataset mid-write.
        if (isEnoent(error)) throw new StoreError("not_found", `Dataset "${datasetId}" does not exist.`);
        throw error;
      } finally {
        await release();
      }
    });
  }

  async putSegment(datasetId: string, file: string, write: (path: string) => Promise<{ bytes: number }>): Promise<{ bytes: number }> {
    const dir = this.dir(datasetId);
    const temp = path.join(dir, tempName(file));
    let written: { bytes: number };
    try {
      written = await write(temp);
    } catch (error) {
      await fs.unlink(temp).catch(() => undefined);
      throw error;
    }
    await fs.rename(temp, path.join(dir, file));
    await syncDir(dir);
    return written;
  }

  /** The lock is held, so nobody else committed since the manifest was read. */
  async commit(datasetId: string, next: Manifest): Promise<{ token: null }> {
    await writeFileAtomic(this.dir(datasetId), MANIFEST, JSON.stringify(next));
    return { token: null };
  }

  openSegment(datasetId: string, segment: ManifestSegment): Promise<OpenSegment> {
    return openSegment(path.join(this.dir(datasetId), segment.file));
  }

  async prefetch(): Promise<void> {}

  async discard(datasetId: string, files: string[]): Promise<void> {
    await Promise.all(files.map((f) => fs.unlink(path.join(this.dir(datasetId), f)).catch(() => undefined)));
  }

  /** Removes files a crash or a compaction left behind: temp files and unreferenced segments. */
  async afterCommit(datasetId: string, manifest: Manifest): Promise<void> {
    const dir = this.dir(datasetId);
    const live = new Set(manifest.segments.map((s) => s.file));
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const orphans = names.filter((n) => n.endsWith(".tmp") || (n.startsWith("seg-") && !live.has(n)));
    // Lock files set aside by a breaker, or prepared by a taker, that died before removing them; give
    // live ones time to finish.
    for (const name of names.filter((n) => n.startsWith(`${LOCK}.stale-`) || (n.startsWith(`${LOCK}.`) && n.endsWith(".pending")))) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > this.staleLockMs) orphans.push(name);
    }
    await Promise.all(orphans.map((n) => fs.unlink(path.join(dir, n)).catch(() => undefined)));
  }

  // For `storage:migrate` (migrate.ts): segments and manifests copied in from another backend.

  async localSegment(datasetId: string, segment: ManifestSegment): Promise<string> {
    return path.join(this.dir(datasetId), segment.file);
  }

  async statSegment(datasetId: string, file: string): Promise<{ bytes: number } | null> {
    const stat = await fs.stat(path.join(this.dir(datasetId), file)).catch(() => null);
    return stat?.isFile() ? { bytes: stat.size } : null;
  }

  async importSegment(datasetId: string, file: string, source: string): Promise<{ bytes: number }> {
    await fs.mkdir(this.dir(datasetId), { recursive: true });
    return this.putSegment(datasetId, file, async (target) => {
      await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
      const handle = await fs.open(target, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      return { bytes: (await fs.stat(target)).size };
    });
  }

  async installManifest(datasetId: string, manifest: Manifest): Promise<void> {
    const dir = this.dir(datasetId);
    await fs.mkdir(dir, { recursive: true });
    await this.withWriter(datasetId, () => writeFileAtomic(dir, MANIFEST, JSON.stringify(manifest)));
    await syncDir(this.root);
  }

  /** Removes dataset directories that a delete renamed aside but did not finish removing (crash). */
  private async removeTrash(): Promise<void> {
    const names = await fs.readdir(this.root).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(".trash-"))) {
      await fs.rm(path.join(this.root, name), { recursive: true, force: true }).catch(() => undefined);
    }
  }

  async delete(datasetId: string): Promise<void> {
    const dir = this.dir(datasetId);
    await withMutex(dir, async () => {
      // Rename first so the dataset disappears at once for every process, then remove at leisure.
      const trash = path.join(this.root, `.trash-${datasetId}-${randomBytes(4).toString("hex")}`);
      try {
        await fs.rename(dir, trash);
      } catch (error) {
        if (isEnoent(error)) return;
        throw error;
      }
      await fs.rm(trash, { recursive: true, force: true });
    });
  }
}
