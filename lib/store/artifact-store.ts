// Model artifacts (and any other write-once blob the application keeps beside datasets), by a
// relative path such as "models/<id>.model": files under DATA_DIR, or objects under the storage
// prefix. An artifact is written whole or not at all (temp file + rename; a PUT), and never
// changes afterwards, which is what lets hosts cache them.
import fs from "node:fs/promises";
import path from "node:path";
import { isEnoent } from "./backend";
import { writeFileAtomic } from "./fs-atomic";
import type { ObjectCache } from "./object-cache";
import type { ObjectStore } from "./object-store";

export interface ArtifactStore {
  /** Where artifacts live, for messages (a directory or "s3://bucket/prefix"). */
  readonly description: string;
  write(relativePath: string, bytes: Uint8Array): Promise<void>;
  /** An ENOENT-coded error when the artifact does not exist. */
  read(relativePath: string): Promise<Uint8Array>;
  /** Removes the artifact; missing is fine. */
  delete(relativePath: string): Promise<void>;
  /** Artifacts whose path starts with `prefix` (a folder such as "models/"), with their sizes. */
  list(prefix: string): AsyncIterable<{ path: string; bytes: number }>;
  /** Size of the artifact, or null when it does not exist. */
  size(relativePath: string): Promise<number | null>;
}

const PATH_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Relative, "/"-separated, no "." or ".." parts: a path that cannot leave the storage root. */
export function checkArtifactPath(relativePath: string): string {
  if (typeof relativePath !== "string" || !PATH_RE.test(relativePath) || relativePath.split("/").some((p) => p === "." || p === "..")) {
    throw new Error(`invalid artifact path "${String(relativePath).slice(0, 200)}"`);
  }
  return relativePath;
}

export class FileArtifactStore implements ArtifactStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = path.resolve(root);
  }

  private file(relativePath: string): string {
    return path.join(this.root, checkArtifactPath(relativePath));
  }

  async write(relativePath: string, bytes: Uint8Array): Promise<void> {
    const target = this.file(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(path.dirname(target), path.basename(target), bytes);
  }

  async read(relativePath: string): Promise<Uint8Array> {
    return new Uint8Array(await fs.readFile(this.file(relativePath)));
  }

  async delete(relativePath: string): Promise<void> {
    await fs.rm(this.file(relativePath), { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ path: string; bytes: number }> {
    const folder = prefix.replace(/\/+$/, "");
    const dir = path.join(this.root, checkArtifactPath(folder));
    const names = await fs.readdir(dir).catch((error) => {
      if (isEnoent(error)) return [] as string[];
      throw error;
    });
    for (const name of names.sort()) {
      if (name.endsWith(".tmp") || name.startsWith(".")) continue; // writes in progress (fs-atomic's temp names)
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile()) yield { path: `${folder}/${name}`, bytes: stat.size };
    }
  }

  async size(relativePath: string): Promise<number | null> {
    const stat = await fs.stat(this.file(relativePath)).catch(() => null);
    return stat?.isFile() ? stat.size : null;
  }
}

export class ObjectArtifactStore implements ArtifactStore {
  readonly description: string;

  constructor(
    private readonly objects: ObjectStore,
    private readonly cache: ObjectCache,
  ) {
    this.description = objects.location;
  }

  async write(relativePath: string, bytes: Uint8Array): Promise<void> {
    const key = checkArtifactPath(relativePath);
    const { etag } = await this.objects.put(key, bytes);
    // Keep the copy: on a single host the web process that predicts with it shares this cache.
    const temp = await this.cache.tempPath();
    try {
      await fs.writeFile(temp, bytes, { flag: "wx" });
      await this.cache.adopt(this.objects.location, key, etag, temp, bytes.byteLength);
    } catch {
      await fs.unlink(temp).catch(() => undefined); // the object is stored; the cache copy is only a convenience
    }
  }

  async read(relativePath: string): Promise<Uint8Array> {
    const key = checkArtifactPath(relativePath);
    for (let attempt = 0; ; attempt++) {
      const file = await this.cache.fetchLatest(this.objects, key);
      try {
        return new Uint8Array(await fs.readFile(file));
      } catch (error) {
        if (!isEnoent(error) || attempt >= 2) throw error; // evicted between fetch and read: fetch again
      }
    }
  }

  async delete(relativePath: string): Promise<void> {
    const key = checkArtifactPath(relativePath);
    await this.objects.delete([key]);
    await this.cache.forget(this.objects.location, key);
  }

  async *list(prefix: string): AsyncIterable<{ path: string; bytes: number }> {
    const folder = `${checkArtifactPath(prefix.replace(/\/+$/, ""))}/`;
    for await (const object of this.objects.list(folder)) yield { path: object.key, bytes: object.size };
  }

  async size(relativePath: string): Promise<number | null> {
    return (await this.objects.head(checkArtifactPath(relativePath)))?.size ?? null;
  }
}
