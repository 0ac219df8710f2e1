// The store's behaviour, run against both backends: files under a directory, and objects in a real
// S3-protocol server (s3rver on loopback) with the manifests in a record store.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import type { Table } from "../table/types";
import { cellValue } from "../table/values";
import { findCompactionRun } from "./dataset-store";
import { openDatasetStore, openStoreOn, MemoryRecordStore, StoreError, type DatasetStore, type DatasetStoreOptions } from "./index";
import { ObjectBackend } from "./object-backend";
import { ObjectCache } from "./object-cache";
import { openS3ObjectStore, type ObjectStore } from "./object-store";
import { startS3Server, type TestS3Server } from "./testing/s3-server";

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.dispose();
});

function column(table: Table, name: string): (string | number | null)[] {
  const col = table.columns.find((c) => c.name === name);
  if (!col) throw new Error(`no column ${name}`);
  return Array.from({ length: table.rowCount }, (_, i) => cellValue(col, i));
}

async function expectStoreError(promise: Promise<unknown>, code: string, ...fragments: string[]): Promise<StoreError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreError);
  const storeError = error as StoreError;
  expect(storeError.code).toBe(code);
  for (const f of fragments) expect(storeError.message).toContain(f);
  return storeError;
}

describe.each(["files", "objects"] as const)("%s backend", (kind) => {
  let root: string;
  let store: DatasetStore;
  let records: MemoryRecordStore;
  let objects: ObjectStore;

  /** Another store over the same data (another process or host). */
  function make(options: DatasetStoreOptions = {}): DatasetStore {
    if (kind === "files") return openDatasetStore(root, options);
    return openStoreOn(new ObjectBackend({ objects, records, cache: new ObjectCache(path.join(root, "cache"), 1e9) }), options);
  }

  /** The segments stored for a dataset, referenced or not. */
  async function storedSegments(datasetId: string): Promise<string[]> {
    if (kind === "files") return (await fs.readdir(path.join(root, datasetId)).catch(() => [] as string[])).filter((f) => f.startsWith("seg-"));
    const found: string[] = [];
    for await (const object of objects.list(`datasets/${datasetId}/`)) found.push(object.key);
    return found;
  }

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), "store-test-"));
    records = new MemoryRecordStore();
    objects = openS3ObjectStore({
      bucket: s3.bucket,
      prefix: `t-${randomBytes(6).toString("hex")}`,
      endpoint: s3.endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    store = make();
  });

  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  describe("schema from the first rows", () => {
    it("takes the union of keys in first-seen order and infers types from string values", async () => {
      await store.create("ds");
      const info = await store.append("ds", [
        { customerID: "7590-VHVEG", tenure: "1", charges: "29.85", signup: "2020-01-05", plan: "basic", note: null },
        { customerID: "5575-GNVDE", tenure: "34", charges: "56.95", signup: "2019-03-01", plan: "pro", churn: true },
        { customerID: "3668-QPYBK", tenure: "2", charges: "", signup: "2021-07-15", plan: "basic", churn: false },
      ]);
      expect(info.rowCount).toBe(3);
      expect(info.fields).toEqual([
        { name: "customerID", type: "id" },
        { name: "tenure", type: "integer" },
        { name: "charges", type: "float" },
        { name: "signup", type: "date" },
        { name: "plan", type: "category" },
        { name: "note", type: "unknown" },
        { name: "churn", type: "category" },
      ]);
      const table = await store.read("ds");
      expect(column(table, "tenure")).toEqual([1, 34, 2]);
      expect(column(table, "charges")).toEqual([29.85, 56.95, null]);
      expect(column(table, "signup")).toEqual(["2020-01-05T00:00:00.000Z", "2019-03-01T00:00:00.000Z", "2021-07-15T00:00:00.000Z"]);
      expect(column(table, "churn")).toEqual([null, "true", "false"]);
      expect(column(table, "note")).toEqual([null, null, null]);
    });

    it("reads 'none' and '-' as missing among numbers and dates, and as labels among words", async () => {
      await store.create("ds");
      const info = await store.append("ds", [
        { severity: "None", pets: "none", spend: "12", since: "2024-01-02" },
        { severity: "Low", pets: "cat", spend: "none", since: "-" },
        { severity: "High", pets: "dog", spend: "-", since: "2024-02-03" },
        { severity: "None", pets: "N/A", spend: "7", since: "None" },
      ]);
      expect(info.fields.map((f) => f.type)).toEqual(["category", "category", "integer", "date"]);
      const table = await store.read("ds");
      expect(column(table, "severity")).toEqual(["None", "Low", "High", "None"]);
      // "N/A" is missing everywhere (as pandas and R read it); "none" is one of the answers.
      expect(column(table, "pets")).toEqual(["none", "cat", "dog", null]);
      expect(column(table, "spend")).toEqual([12, null, null, 7]);
      expect(column(table, "since")).toEqual(["2024-01-02T00:00:00.000Z", null, "2024-02-03T00:00:00.000Z", null]);
      // The preview reads the same stored values.
      expect((await store.readRows("ds", { offset: 0, limit: 4 })).map((r) => [r.severity, r.spend])).toEqual([
        ["None", 12],
        ["Low", null],
        ["High", null],
        ["None", 7],
      ]);
    });

    it("an empty append changes nothing", async () => {
      await store.create("ds");
      const before = await store.info("ds");
      const after = await store.append("ds", []);
      expect(after).toEqual(before);
      expect(after.fields).toEqual([]);
    });
  });

  describe("append errors name the field and row and store nothing", () => {
    beforeEach(async () => {
      await store.create("ds");
      await store.append("ds", [
        { age: 30, plan: "basic", day: "2024-01-01" },
        { age: 41, plan: "pro", day: "2024-01-02" },
      ]);
    });

    it("rejects a field that is not in the schema", async () => {
      const before = await store.info("ds");
      await expectStoreError(store.append("ds", [{ age: 1 }, { age: 2, colour: "red" }]), "unknown_field", 'field "colour"', "Row 1", "0-based");
      expect(await store.info("ds")).toEqual(before);
    });

    it("rejects a value of the wrong type", async () => {
      const before = await store.info("ds");
      await expectStoreError(
        store.append("ds", [{ age: 1 }, { age: 2 }, { age: 3 }, { age: "abc" }]),
        "invalid_type",
        "Row 3",
        'field "age"',
        "integer",
        '"abc"',
      );
      await expectStoreError(store.append("ds", [{ day: "yesterday" }]), "invalid_type", "Row 0", 'field "day"', "date");
      await expectStoreError(store.append("ds", [{ plan: { nested: true } } as never]), "invalid_type", 'field "plan"');
      expect(await store.info("ds")).toEqual(before);
      expect((await store.read("ds")).rowCount).toBe(2);
    });

    it("rejects rows that are not plain objects", async () => {
      await expectStoreError(store.append("ds", [{ age: 1 }, [1, 2] as never]), "invalid_rows", "Row 1");
      await expectStoreError(store.append("ds", [null as never]), "invalid_rows", "Row 0");
      await expectStoreError(store.append("ds", "rows" as never), "invalid_rows");
      expect((await store.info("ds")).rowCount).toBe(2);
    });

    it("widens an inferred integer field to float, but not an explicitly set one", async () => {
      const info = await store.append("ds", [{ age: "33.5" }]);
      expect(info.fields.find((f) => f.name === "age")?.type).toBe("float");
      expect(column(await store.read("ds"), "age")).toEqual([30, 41, 33.5]);

      await store.setFieldTypes("ds", [{ name: "age", type: "integer" }]);
      const before = await store.info("ds");
      await expectStoreError(store.append("ds", [{ age: 2.5 }]), "invalid_type", 'field "age"', "integer");
      expect(await store.info("ds")).toEqual(before);
    });

    it("missing fields are stored as missing", async () => {
      await store.append("ds", [{ plan: "free" }]);
      const table = await store.read("ds");
      expect(column(table, "age")).toEqual([30, 41, null]);
      expect(column(table, "day")[2]).toBeNull();
    });

    it("types a field that was all missing from the first values it gets", async () => {
      await store.create("d2");
      await store.append("d2", [{ a: "x", b: null }]);
      const info = await store.append("d2", [{ a: "y", b: "12" }]);
      expect(info.fields).toEqual([
        { name: "a", type: "category" },
        { name: "b", type: "integer" },
      ]);
      expect(column(await store.read("d2"), "b")).toEqual([null, 12]);
    });
  });

  describe("versions", () => {
    it("change on every mutation and stay cheap to read", async () => {
      await store.create("ds");
      const v0 = (await store.info("ds")).version;
      const v1 = (await store.append("ds", [{ a: 1 }])).version;
      const v2 = (await store.append("ds", [{ a: 2 }])).version;
      const v3 = (await store.setFieldTypes("ds", [{ name: "a", type: "category" }])).version;
      expect(new Set([v0, v1, v2, v3]).size).toBe(4);
      expect((await store.info("ds")).version).toBe(v3);
      // Failed appends leave the version alone.
      await store.append("ds", [{ b: 1 }]).catch(() => undefined);
      expect((await store.info("ds")).version).toBe(v3);
    });
  });

  describe("setFieldTypes and reparse", () => {
    it("converts stored values to the new type and back without losing the original text", async () => {
      await store.create("ds");
      await store.append("ds", [{ code: "12" }, { code: "007" }, { code: "x1" }]);
      expect((await store.info("ds")).fields).toEqual([{ name: "code", type: "category" }]);

      await store.setFieldTypes("ds", [{ name: "code", type: "integer" }]);
      expect(column(await store.read("ds"), "code")).toEqual([12, 7, null]);

      await store.setFieldTypes("ds", [{ name: "code", type: "string" }]);
      expect(column(await store.read("ds"), "code")).toEqual(["12", "007", "x1"]);

      const info = await store.reparse("ds");
      expect(info.fields).toEqual([{ name: "code", type: "category" }]);
    });

    it("numbers stored as numbers read as text, and reparse finds the numeric type again", async () => {
      await store.create("ds");
      await store.append("ds", [{ n: 1 }, { n: 2.5 }, { n: null }]);
      await store.setFieldTypes("ds", [{ name: "n", type: "category" }]);
      expect(column(await store.read("ds"), "n")).toEqual(["1", "2.5", null]);
      await store.append("ds", [{ n: "3" }, { n: "many" }]);
      expect(column(await store.read("ds"), "n")).toEqual(["1", "2.5", null, "3", "many"]);
      // "many" is text now, so reparse keeps it a category; without it, numbers come back.
      expect((await store.reparse("ds")).fields).toEqual([{ name: "n", type: "category" }]);
      await store.setFieldTypes("ds", [{ name: "n", type: "float" }]);
      expect(column(await store.read("ds"), "n")).toEqual([1, 2.5, null, 3, null]);
    });

    it("reparse re-infers from all stored rows", async () => {
      await store.create("ds");
      await store.append("ds", [{ v: "1" }, { v: "2" }]);
      await store.setFieldTypes("ds", [{ name: "v", type: "string" }]);
      await store.append("ds", [{ v: "2.5" }]);
      expect((await store.reparse("ds")).fields).toEqual([{ name: "v", type: "float" }]);
      expect(column(await store.read("ds"), "v")).toEqual([1, 2, 2.5]);
    });

    it("reparse of fields stored as numbers or dates finds integers, floats, ids and dates", async () => {
      await store.create("ds");
      await store.append("ds", [{ order_id: 7, qty: 1, price: 2, day: "2024-01-01", none: null }]);
      await store.append("ds", [{ order_id: 8, qty: 1, price: 2.5, day: "2024-01-02", none: null }]);
      const before = await store.info("ds");
      expect(before.fields.map((f) => f.type)).toEqual(["integer", "integer", "float", "date", "unknown"]);
      const after = await store.reparse("ds");
      expect(after.fields.map((f) => f.type)).toEqual(["id", "integer", "float", "date", "unknown"]);
      // Reparse without a change keeps the version.
      expect((await store.reparse("ds")).version).toBe(after.version);
    });

    it("rejects unknown fields and types", async () => {
      await store.create("ds");
      await expectStoreError(store.setFieldTypes("ds", [{ name: "a", type: "integer" }]), "unknown_field", '"a"', "add rows first");
      await store.append("ds", [{ a: 1 }]);
      await expectStoreError(store.setFieldTypes("ds", [{ name: "b", type: "integer" }]), "unknown_field", '"b"');
      await expectStoreError(store.setFieldTypes("ds", [{ name: "a", type: "number" as never }]), "invalid_type", '"a"', "number");
    });
  });

  describe("read", () => {
    beforeEach(async () => {
      await store.create("ds");
      // Several appends so that ranges cross segment boundaries.
      for (let b = 0; b < 5; b++) {
        const rows = Array.from({ length: 7 }, (_, j) => ({ i: b * 7 + j, label: `L${(b * 7 + j) % 3}`, x: (b * 7 + j) / 2 }));
        await store.append("ds", rows);
      }
    });

    it("loads only the requested fields, in the requested order", async () => {
      const table = await store.read("ds", { fields: ["label", "i"] });
      expect(table.columns.map((c) => c.name)).toEqual(["label", "i"]);
      expect(table.rowCount).toBe(35);
      expect(column(table, "i")).toEqual(Array.from({ length: 35 }, (_, i) => i));
      await expectStoreError(store.read("ds", { fields: ["nope"] }), "unknown_field", '"nope"');
    });

    it("honours offset and limit across segments, with a compact dictionary", async () => {
      const table = await store.read("ds", { offset: 5, limit: 10 });
      expect(table.rowCount).toBe(10);
      expect(column(table, "i")).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
      expect(column(table, "label")).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((i) => `L${i % 3}`));
      const small = await store.read("ds", { fields: ["label"], offset: 3, limit: 1 });
      const labels = small.columns[0];
      expect(labels.kind === "text" && labels.dictionary).toEqual(["L0"]);
      expect((await store.read("ds", { offset: 100 })).rowCount).toBe(0);
      expect((await store.read("ds", { offset: 30, limit: 100 })).rowCount).toBe(5);
    });

    it("treats nonsense offsets and limits as absent", async () => {
      expect((await store.read("ds", { offset: NaN, limit: NaN })).rowCount).toBe(35);
      expect((await store.read("ds", { offset: -5, limit: 2 })).rowCount).toBe(2);
      expect((await store.read("ds", { limit: 0 })).rowCount).toBe(0);
    });

    it("snapshot returns the table with the version it was read at", async () => {
      const { info, table } = await store.snapshot("ds", { fields: ["i"] });
      expect(info.rowCount).toBe(table.rowCount);
      expect(info.version).toBe((await store.info("ds")).version);
    });

    it("readRows gives client-shaped rows", async () => {
      expect(await store.readRows("ds", { offset: 1, limit: 2 })).toEqual([
        { i: 1, label: "L1", x: 0.5 },
        { i: 2, label: "L2", x: 1 },
      ]);
    });

    it("compaction keeps content and version while merging segments", async () => {
      const compacting = make({ compactFanout: 2 });
      await compacting.create("c");
      let version = "";
      for (let b = 0; b < 9; b++) {
        version = (await compacting.append("c", [{ i: b, t: b % 2 ? "odd" : "even" }])).version;
      }
      expect((await storedSegments("c")).length).toBeLessThanOrEqual(4);
      expect((await compacting.info("c")).version).toBe(version);
      const table = await compacting.read("c");
      expect(column(table, "i")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(column(table, "t")).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((b) => (b % 2 ? "odd" : "even")));
    });

    it("compaction picks the smallest level whose trailing run is long enough, also for mixed sizes", () => {
      const levels = (...l: number[]) => l.map((level) => ({ level }));
      expect(findCompactionRun(levels(1, 1, 1), 4)).toBeNull();
      expect(findCompactionRun(levels(2, 1, 1, 1, 1), 4)).toEqual({ start: 1, level: 1 });
      expect(findCompactionRun(levels(0, 1, 0, 1), 2)).toEqual({ start: 0, level: 1 });
      expect(findCompactionRun(levels(0, 1, 0, 1, 0), 4)).toBeNull();
      expect(findCompactionRun(levels(1, 0, 1, 0, 1, 0, 1, 0), 4)).toEqual({ start: 0, level: 1 });
      expect(findCompactionRun(levels(3, 0, 0, 0, 0, 0), 4)).toEqual({ start: 1, level: 0 });
      expect(findCompactionRun(levels(3, 2, 2, 2), 4)).toBeNull();
    });

    it("compaction of segments with different encodings keeps the original text", async () => {
      const compacting = make({ compactFanout: 2 });
      await compacting.create("m");
      await compacting.append("m", [{ v: 1 }, { v: 2 }]);
      await compacting.setFieldTypes("m", [{ name: "v", type: "category" }]);
      await compacting.append("m", [{ v: "abc" }]); // merges a numeric and a text segment
      await compacting.setFieldTypes("m", [{ name: "v", type: "integer" }]);
      expect(column(await compacting.read("m"), "v")).toEqual([1, 2, null]);
      await compacting.setFieldTypes("m", [{ name: "v", type: "category" }]);
      expect(column(await compacting.read("m"), "v")).toEqual(["1", "2", "abc"]);
    });
  });

  describe("lifecycle", () => {
    it("reports not_found for unknown ids and unsafe ids, and delete is idempotent", async () => {
      await expectStoreError(store.info("missing"), "not_found");
      await expectStoreError(store.read("missing"), "not_found");
      await expectStoreError(store.append("missing", [{ a: 1 }]), "not_found");
      await expectStoreError(store.info("../etc"), "not_found");
      await store.create("ds");
      await store.append("ds", [{ a: 1 }]);
      await store.delete("ds");
      await store.delete("ds");
      await store.delete("../nothing");
      await expectStoreError(store.info("ds"), "not_found");
      if (kind === "files") expect(await fs.readdir(root)).toEqual([]);
      else expect(await records.list("")).toEqual([]);
      expect(await storedSegments("ds")).toEqual([]);
    });

    it.runIf(kind === "files")("finishes deletes that a crash interrupted", async () => {
      await fs.mkdir(path.join(root, ".trash-old-1234", "x"), { recursive: true });
      await make().create("ds");
      expect(await fs.readdir(root)).toEqual(["ds"]);
    });

    it("an append whose dataset another process deletes midway reports not_found", async () => {
      const racing = make({
        // What another process's delete does: move the directory away (files), or remove the manifest record (objects).
        beforeCommit: async () => {
          if (kind === "files") await fs.rename(path.join(root, "ds"), path.join(root, ".trash-ds-x"));
          else await records.delete("datasets/ds");
        },
      });
      await racing.create("ds");
      await expectStoreError(racing.append("ds", [{ a: 1 }]), "not_found", '"ds"');
      await expectStoreError(store.info("ds"), "not_found");
    });

    it("create twice is a conflict", async () => {
      await store.create("ds");
      await expectStoreError(store.create("ds"), "conflict");
    });

    it("enforces the row limit", async () => {
      const small = make({ maxRows: 3 });
      await small.create("ds");
      await small.append("ds", [{ a: 1 }, { a: 2 }]);
      await expectStoreError(small.append("ds", [{ a: 3 }, { a: 4 }]), "too_large", "3");
      expect((await small.info("ds")).rowCount).toBe(2);
    });
  });

  describe("concurrency within a process", () => {
    it("20 parallel appends through two store instances lose nothing", async () => {
      await store.create("ds");
      const other = make();
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          (k % 2 ? other : store).append(
            "ds",
            Array.from({ length: 50 }, (_, j) => ({ k, j })),
          ),
        ),
      );
      const table = await store.read("ds");
      expect(table.rowCount).toBe(1000);
      const ks = column(table, "k") as number[];
      for (let k = 0; k < 20; k++) expect(ks.filter((v) => v === k).length).toBe(50);
    });

    it("readers during appends and compactions always see whole appends", async () => {
      // Fanout 2 compacts after nearly every append, deleting segments that readers may have listed.
      const busy = make({ compactFanout: 2 });
      await busy.create("ds");
      const appends = Promise.all(
        Array.from({ length: 16 }, (_, b) =>
          busy.append(
            "ds",
            Array.from({ length: 100 }, (_, j) => ({ j: b * 100 + j })),
          ),
        ),
      );
      const seen: number[] = [];
      let done = false;
      void appends.then(() => (done = true));
      while (!done) {
        const table = await store.read("ds");
        seen.push(table.rowCount);
        const col = table.columns[0];
        if (col && col.kind === "number") expect(Array.from(col.values)).toEqual(Array.from({ length: table.rowCount }, (_, k) => k));
      }
      await appends;
      expect(seen.length).toBeGreaterThan(1);
      for (const count of seen) expect(count % 100).toBe(0);
    });
  });
});
