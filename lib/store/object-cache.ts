// The per-host read cache of objects (dataset segments, model artifacts) under DATA_DIR/cache:
// one file per (object, ETag), so a cached copy is valid exactly when its ETag is the one the
// manifest (or a HEAD request) names; a stale copy is simply never looked up again. Entries are
// written to a temp file and renamed into place, so readers never see half a file, and several
// processes of one host (web and workers) share the directory safely.
//
// Bounded: when the files exceed `maxBytes`, the least recently used ones (by mtime, refreshed on
// use at most once a minute) are removed down to 80% of the bound. A reader that already opened an
// evicted file keeps reading it (POSIX unlink); one that has not gets ENOENT and fetches it again.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { isEnoent } from "./backend";
import type { ObjectStore } from "./object-store";
import { isStoreError } from "./errors";

const TOUCH_AFTER_MS = 60_000;
const RESCAN_AFTER_MS = 5 * 60_000;
const TEMP_MAX_AGE_MS = 60 * 60_000;

const hash = (text: string, length: number) => createHash("sha256").update(text).digest("hex").slice(0, length);

export class ObjectCache {
  readonly dir: string;
  readonly maxBytes: number;
  private readonly inFlight = new Map<string, Promise<string>>();
  private knownBytes = -1;
  private lastScan = 0;
  private scanning: Promise<void> | null = null;

  constructor(dir: string, maxBytes: number) {
    this.dir = path.resolve(dir);
    this.maxBytes = Math.max(0, maxBytes);
  }

  private keyHash(location: string, key: string): string {
    return hash(`${location}\n${key}`, 40);
  }

  /** Where the copy of `key` with ETag `etag` lives. */
  entryPath(location: string, key: string, etag: string): string {
    const keyHash = this.keyHash(location, key);
    return path.join(this.dir, keyHash.slice(0, 2), `${keyHash}-${hash(etag, 16)}`);
  }

  /** A fresh temp file name inside the cache (same filesystem, so it can be renamed into place). */
  async tempPath(): Promise<string> {
    const dir = path.join(this.dir, "tmp");
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, `${process.pid}-${randomBytes(8).toString("hex")}`);
  }

  /**
   * A local file holding `key` as it is with ETag `etag`, downloaded when not cached. An ETag that
   * the server does not have any more (the object was replaced or removed) is an ENOENT-coded error.
   */
  async fetch(objects: ObjectStore, key: string, etag: string): Promise<string> {
    const target = this.entryPath(objects.location, key, etag);
    const hit = await this.touch(target);
    if (hit) return target;
    let pending = this.inFlight.get(target);
    if (!pending) {
      pending = this.download(objects, key, etag, target).finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, pending);
    }
    return pending;
  }

  /**
   * The latest copy of an object whose ETag is not known in advance (model artifacts): one HEAD
   * request, then the cached file if it has that ETag. When the storage is unreachable, a copy
   * cached earlier is used: artifacts are written once and never change.
   */
  async fetchLatest(objects: ObjectStore, key: string): Promise<string> {
    let info;
    try {
      info = await objects.head(key);
    } catch (error) {
      if (isStoreError(error) && error.code === "unavailable") {
        const cached = await this.anyCopy(objects.location, key);
        if (cached) return cached;
      }
      throw error;
    }
    if (!info) throw Object.assign(new Error(`${objects.location}: ${key} does not exist`), { code: "ENOENT" });
    return this.fetch(objects, key, info.etag);
  }

  /** Moves a file this host just uploaded into the cache, so it is not downloaded again. */
  async adopt(location: string, key: string, etag: string, file: string, bytes: number): Promise<void> {
    const target = this.entryPath(location, key, etag);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file, target);
    await this.noteAdded(bytes, target);
  }

  /** Drops every cached copy of `key` (after a delete). */
  async forget(location: string, key: string): Promise<void> {
    const keyHash = this.keyHash(location, key);
    const dir = path.join(this.dir, keyHash.slice(0, 2));
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`${keyHash}-`)).map((n) => fs.unlink(path.join(dir, n)).catch(() => undefined)));
  }

  private async anyCopy(location: string, key: string): Promise<string | null> {
    const keyHash = this.keyHash(location, key);
    const dir = path.join(this.dir, keyHash.slice(0, 2));
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith(`${keyHash}-`));
    return names.length ? path.join(dir, names[0]) : null;
  }

  /** True when the entry exists; marks it recently used. */
  private async touch(target: string): Promise<boolean> {
    try {
      const stat = await fs.stat(target);
      if (Date.now() - stat.mtimeMs > TOUCH_AFTER_MS) {
        const now = new Date();
        await fs.utimes(target, now, now).catch(() => undefined);
      }
      return true;
    } catch (error) {
      if (isEnoent(error)) return false;
      throw error;
    }
  }

  private async download(objects: ObjectStore, key: string, etag: string, target: string): Promise<string> {
    const temp = await this.tempPath();
    try {
      const got = await objects.download(key, temp);
      // The manifest names the ETag it committed; any other content is not the committed data.
      // Segment and artifact names are never reused, so a different ETag means the bucket was
      // changed behind the application's back: fail loudly rather than read other data.
      if (got.etag !== etag)
        throw new Error(`${objects.location}: ${key} has ETag ${got.etag}, but ${etag} was committed: the object was replaced outside Tabula`);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(temp, target);
      await this.noteAdded(got.bytes, target);
      return target;
    } catch (error) {
      await fs.unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private async noteAdded(bytes: number, keep: string): Promise<void> {
    if (this.knownBytes >= 0 && Date.now() - this.lastScan < RESCAN_AFTER_MS) this.knownBytes += bytes;
    if (this.knownBytes < 0 || this.knownBytes > this.maxBytes || Date.now() - this.lastScan >= RESCAN_AFTER_MS) {
      this.scanning ??= this.scan(keep).finally(() => (this.scanning = null));
      await this.scanning;
    }
  }

  /** Measures the cache (other processes add to it too), and evicts the least recently used entries over the bound. */
  private async scan(keep: string): Promise<void> {
    const entries: { file: string; size: number; mtimeMs: number }[] = [];
    const tops = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const top of tops) {
      const dir = path.join(this.dir, top);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile()) continue;
        if (top === "tmp") {
          // Downloads and uploads of processes that died midway.
          if (Date.now() - stat.mtimeMs > TEMP_MAX_AGE_MS) await fs.unlink(file).catch(() => undefined);
          continue;
        }
        entries.push({ file, size: stat.size, mtimeMs: stat.mtimeMs });
      }
    }
    let total = entries.reduce((sum, e) => sum + e.size, 0);
    if (total > this.maxBytes) {
      entries.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const entry of entries) {
        if (total <= this.maxBytes * 0.8) break;
        if (entry.file === keep) continue;
        await fs.unlink(entry.file).catch(() => undefined);
        total -= entry.size;
      }
    }
    this.knownBytes = total;
    this.lastScan = Date.now();
  }

  /** Bytes in the cache at the last measurement (for tests and diagnostics). */
  async measure(): Promise<number> {
    await this.scan("");
    return this.knownBytes;
  }
}
