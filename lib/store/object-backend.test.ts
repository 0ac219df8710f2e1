// What only object storage has: writers on different hosts that share no lock (compare-and-swap on
// the manifest record), the per-host cache, the sweep and its grace period, and a storage server
// that goes away and comes back. Against s3rver on loopback.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cellValue } from "../table/values";
import type { Manifest } from "./backend";
import { ObjectArtifactStore } from "./artifact-store";
import { openStoreOn, StoreError, type DatasetStore, type DatasetStoreOptions } from "./index";
import { ObjectBackend } from "./object-backend";
import { ObjectCache } from "./object-cache";
import { openS3ObjectStore, type ObjectStore } from "./object-store";
import { MemoryRecordStore, type RecordStore } from "./records";
import { startS3Server, type TestS3Server } from "./testing/s3-server";

let s3: TestS3Server;
let root: string;
let records: MemoryRecordStore;
let objects: ObjectStore;
let prefix: string;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.dispose();
});

function connect(): ObjectStore {
  return openS3ObjectStore({
    bucket: s3.bucket,
    prefix,
    endpoint: s3.endpoint,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    maxAttempts: 1,
    connectionTimeoutMs: 1000,
  });
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "store-obj-"));
  records = new MemoryRecordStore();
  prefix = `t-${randomBytes(6).toString("hex")}`;
  objects = connect();
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** A host: its own cache directory and, unlike stores in one process, no shared in-process mutex. */
function host(name: string, options: { records?: RecordStore; graceMs?: number; cacheBytes?: number; store?: DatasetStoreOptions } = {}) {
  const cache = new ObjectCache(path.join(root, `cache-${name}`), options.cacheBytes ?? 1e9);
  const backend = new ObjectBackend({ objects, records: options.records ?? records, cache, sweepGraceMs: options.graceMs });
  backend.withWriter = (_id, task) => task(); // another host: only the compare-and-swap protects it
  return { backend, cache, store: openStoreOn(backend, options.store) };
}

async function keys(under = "datasets/"): Promise<string[]> {
  const found: string[] = [];
  for await (const object of objects.list(under)) found.push(object.key);
  return found.sort();
}

function values(table: Awaited<ReturnType<DatasetStore["read"]>>, name: string) {
  const col = table.columns.find((c) => c.name === name)!;
  return Array.from({ length: table.rowCount }, (_, i) => cellValue(col, i));
}

const batch = (writer: string, b: number, size = 20) => Array.from({ length: size }, (_, i) => ({ writer, b, i, label: `L${i % 3}` }));

describe("hosts appending at once", () => {
  it("lose no batch and duplicate none: the loser of a race re-validates and commits again", async () => {
    const a = host("a");
    const b = host("b");
    await a.store.create("ds");
    let races = 0;
    const counting: RecordStore = {
      ...records,
      get: (k) => records.get(k),
      create: (k, body) => records.create(k, body),
      delete: (k) => records.delete(k),
      list: (p) => records.list(p),
      replace: async (k, body, revision) => {
        const done = await records.replace(k, body, revision);
        if (!done) races++;
        return done;
      },
    };
    const c = host("c", { records: counting });
    const writers = [a, b, c];
    await Promise.all(
      writers.map((w, n) =>
        (async () => {
          for (let k = 0; k < 8; k++) await w.store.append("ds", batch(`w${n}`, k));
        })(),
      ),
    );
    expect(races).toBeGreaterThan(0); // the compare-and-swap really was contended
    const table = await host("reader").store.read("ds");
    expect(table.rowCount).toBe(3 * 8 * 20);
    const seen = new Map<string, number>();
    const writer = values(table, "writer");
    const b_ = values(table, "b");
    const i_ = values(table, "i");
    for (let r = 0; r < table.rowCount; r++) {
      const id = `${writer[r]}/${b_[r]}/${i_[r]}`;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    expect(seen.size).toBe(480);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    // Lost races leave no stray segments: every stored segment is in the manifest.
    const manifest = JSON.parse((await records.get("datasets/ds"))!.body) as Manifest;
    expect(await keys()).toEqual(manifest.segments.map((s) => `datasets/ds/${s.file}`).sort());
  });

  it("a schema another host defined first is honoured: a conflicting batch fails whole, nothing half-stored", async () => {
    const a = host("a");
    const b = host("b", {
      store: {
        // b validated its rows against the empty dataset; a defines the schema before b commits.
        beforeCommit: async () => {
          if ((await a.store.info("ds")).rowCount === 0) await a.store.append("ds", [{ age: 30, plan: "basic" }]);
        },
      },
    });
    await a.store.create("ds");
    const error = await b.store.append("ds", [{ age: 41, city: "Oslo" }]).catch((e) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe("unknown_field");
    expect((error as StoreError).message).toContain('"city"');
    expect((await a.store.info("ds")).rowCount).toBe(1);
    expect((await keys()).length).toBe(1); // b's uploaded segment was removed
  });

  it("an append whose commit answer was lost is not stored twice", async () => {
    let failNext = true;
    const flaky: RecordStore = {
      get: (k) => records.get(k),
      create: (k, body) => records.create(k, body),
      delete: (k) => records.delete(k),
      list: (p) => records.list(p),
      replace: async (k, body, revision) => {
        const done = await records.replace(k, body, revision);
        if (done && failNext) {
          failNext = false;
          throw new Error("connection reset after the update was applied");
        }
        return done;
      },
    };
    const a = host("a", { records: flaky });
    await a.store.create("ds");
    const info = await a.store.append("ds", batch("a", 0, 5));
    expect(info.rowCount).toBe(5);
    expect((await a.store.read("ds")).rowCount).toBe(5);
  });

  it("a segment older than the commit deadline is written again before it is committed", async () => {
    let slept = false;
    // Grace 800 ms: the deadline for committing a segment is 200 ms.
    const a = host("a", {
      graceMs: 800,
      store: {
        beforeCommit: async () => {
          if (!slept) {
            slept = true;
            await new Promise((r) => setTimeout(r, 300));
          }
        },
      },
    });
    await a.store.create("ds");
    await a.store.append("ds", batch("a", 0, 5));
    const manifest = JSON.parse((await records.get("datasets/ds"))!.body) as Manifest;
    expect(manifest.segments).toHaveLength(1);
    // The stale first upload was discarded; only the committed one remains.
    expect(await keys()).toEqual([`datasets/ds/${manifest.segments[0].file}`]);
  });
});

describe("the sweep", () => {
  it("removes unreferenced segments older than the grace period, and only those", async () => {
    const a = host("a");
    await a.store.create("ds");
    await a.store.append("ds", batch("a", 0));
    // What a crash between upload and commit leaves, and the objects of a dataset whose delete could not finish.
    await objects.put("datasets/ds/seg-00000002-deadbeef.bin", new Uint8Array([1, 2, 3]));
    await objects.put("datasets/gone/seg-00000001-cafecafe.bin", new Uint8Array([4]));
    expect(await a.backend.sweep()).toEqual({ removed: 0, young: 2, live: 1 });
    expect((await keys()).length).toBe(3);
    // s3rver's Last-Modified has whole seconds: once they are over a second old, a 1 s grace lets the sweep take them.
    await new Promise((r) => setTimeout(r, 2100));
    expect(await a.backend.sweep({ graceMs: 1000 })).toEqual({ removed: 2, young: 0, live: 1 });
    const manifest = JSON.parse((await records.get("datasets/ds"))!.body) as Manifest;
    expect(await keys()).toEqual([`datasets/ds/${manifest.segments[0].file}`]);
    expect((await a.store.read("ds")).rowCount).toBe(20);
  });
});

describe("the per-host cache", () => {
  it("serves reads without the server once filled, is shared by a host's processes, and stays within its bound", async () => {
    const writer = host("w");
    await writer.store.create("ds");
    for (let k = 0; k < 6; k++) await writer.store.append("ds", batch("w", k, 2000));
    const small = host("r", { cacheBytes: 120_000 });
    const first = await small.store.read("ds");
    expect(first.rowCount).toBe(12_000);
    expect(await small.cache.measure()).toBeLessThanOrEqual(120_000);
    // A second process of the same host (same directory) reads the same rows.
    const sibling = new ObjectCache(small.cache.dir, 120_000);
    const backend = new ObjectBackend({ objects, records, cache: sibling });
    expect(values(await openStoreOn(backend).read("ds"), "b")).toEqual(values(first, "b"));
  });

  it("model artifacts: a new object under the same name is fetched again (ETag), and a cached one serves while the server is down", async () => {
    const cache = new ObjectCache(path.join(root, "cache-art"), 1e9);
    const artifacts = new ObjectArtifactStore(objects, cache);
    await artifacts.write("models/m1.model", new TextEncoder().encode("first"));
    const reader = new ObjectArtifactStore(objects, new ObjectCache(path.join(root, "cache-reader"), 1e9));
    expect(new TextDecoder().decode(await reader.read("models/m1.model"))).toBe("first");
    await objects.put("models/m1.model", new TextEncoder().encode("second"));
    expect(new TextDecoder().decode(await reader.read("models/m1.model"))).toBe("second");
    await expect(reader.read("models/none.model")).rejects.toMatchObject({ code: "ENOENT" });
    await s3.stop();
    try {
      expect(new TextDecoder().decode(await reader.read("models/m1.model"))).toBe("second");
      await expect(new ObjectArtifactStore(objects, new ObjectCache(path.join(root, "cache-empty"), 1e9)).read("models/m1.model")).rejects.toMatchObject({
        code: "unavailable",
      });
    } finally {
      await s3.restart();
    }
    await artifacts.delete("models/m1.model");
    expect(await keys("models/")).toEqual([]);
  });
});

describe("a storage server that is down", () => {
  it("appends fail with 'unavailable' and change nothing; reads of cached data go on; all works again when it returns", async () => {
    const a = host("a");
    await a.store.create("ds");
    await a.store.append("ds", batch("a", 0));
    const before = await a.store.info("ds");
    await s3.stop();
    try {
      const error = await a.store.append("ds", batch("a", 1)).catch((e) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).code).toBe("unavailable");
      expect((error as StoreError).message).toMatch(/retry/i);
      expect(await a.store.info("ds")).toEqual(before); // the manifest lives in the database
      expect((await a.store.read("ds")).rowCount).toBe(20); // this host wrote it: cached
      const cold = await host("cold")
        .store.read("ds")
        .catch((e) => e);
      expect((cold as StoreError).code).toBe("unavailable");
    } finally {
      await s3.restart();
    }
    await a.store.append("ds", batch("a", 1));
    const table = await host("cold2").store.read("ds");
    expect(table.rowCount).toBe(40);
    expect(new Set(values(table, "b"))).toEqual(new Set([0, 1]));
  });
});
