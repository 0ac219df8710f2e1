// The dataset store: per dataset a directory with immutable segment files and a small manifest
// (schema, segment list, row count, version) that is replaced atomically (write temp, fsync,
// rename, fsync dir). The manifest rename is the commit point of every mutation, so readers (which
// take no lock) see a dataset either before or after an append, never half of it, and a crash
// leaves at most orphan files that the next writer removes.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { emptyRecord, fieldReader } from "../table/rows";
import type { Column, FieldSchema, FieldType, RawRow, RawValue, Table } from "../table/types";
import { FIELD_TYPES } from "../table/types";
import { cellValue, isNumericType } from "../table/values";
import { convertToNumbers, loadEncoded, readTextInto, storageEncoding } from "./column-io";
import { checkRow, checkValue, encodeField, ROW, type SchemaField } from "./encode-rows";
import { StoreError } from "./errors";
import { syncDir, tempName, writeFileAtomic } from "./fs-atomic";
import { addToProfile, createProfile, inferFromProfile, isIdLikeName } from "./infer";
import { Interner } from "./dictionary";
import { acquireFileLock, withMutex } from "./lock";
import { openSegment, readFloatsInto, writeSegment, type ColumnMeta, type EncodedColumn, type Encoding, type OpenSegment } from "./segment";

export interface DatasetInfo {
  rowCount: number;
  fields: FieldSchema[];
  /** Changes on every mutation; equal versions mean identical content (a hash chain over mutations, each with a random nonce). */
  version: string;
  updatedAt: Date;
  bytes: number;
}

export interface ReadOptions {
  fields?: string[];
  offset?: number;
  limit?: number;
}

export interface DatasetStore {
  create(datasetId: string): Promise<void>;
  append(datasetId: string, rows: RawRow[]): Promise<DatasetInfo>;
  info(datasetId: string): Promise<DatasetInfo>;
  read(datasetId: string, options?: ReadOptions): Promise<Table>;
  /** The table together with the info (version) of exactly the state it was read from. */
  snapshot(datasetId: string, options?: ReadOptions): Promise<{ info: DatasetInfo; table: Table }>;
  readRows(datasetId: string, options?: { offset?: number; limit?: number }): Promise<Record<string, string | number | null>[]>;
  setFieldTypes(datasetId: string, fields: { name: string; type: FieldType }[]): Promise<DatasetInfo>;
  reparse(datasetId: string): Promise<DatasetInfo>;
  delete(datasetId: string): Promise<void>;
}

export interface DatasetStoreOptions {
  /** Most rows a dataset may hold (StoreError "too_large" beyond). */
  maxRows?: number;
  /** Most fields a dataset may have. */
  maxFields?: number;
  /** How long a writer waits for another process's lock before failing with "conflict". */
  lockTimeoutMs?: number;
  /** Age of a lock heartbeat after which the lock is considered abandoned. */
  staleLockMs?: number;
  /** Merge this many consecutive segments of the same size class into one. */
  compactFanout?: number;
  /** Test hook: runs after an append's segment is written and before the manifest commit. */
  beforeCommit?: (datasetId: string) => Promise<void>;
}

type ManifestField = SchemaField;

interface ManifestSegment {
  file: string;
  rows: number;
  bytes: number;
  /** Size class for compaction: segments of one level merge into the next. */
  level: number;
}

interface Manifest {
  format: 1;
  fields: ManifestField[];
  segments: ManifestSegment[];
  rowCount: number;
  bytes: number;
  version: string;
  seq: number;
  createdAt: string;
  updatedAt: string;
}

const MANIFEST = "manifest.json";
const LOCK = "LOCK";
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

function checkId(datasetId: string): void {
  if (typeof datasetId !== "string" || !ID_RE.test(datasetId) || datasetId.includes("..")) {
    throw new StoreError("not_found", `Dataset "${String(datasetId).slice(0, 100)}" does not exist.`);
  }
}

function notFound(datasetId: string): StoreError {
  return new StoreError("not_found", `Dataset "${datasetId}" does not exist.`);
}

const isEnoent = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

function nextVersion(previous: string, seq: number, operation: string): string {
  const hash = createHash("sha256").update(previous).update("\n").update(operation).digest("hex").slice(0, 20);
  return `${seq}-${hash}`;
}

function toInfo(m: Manifest): DatasetInfo {
  return {
    rowCount: m.rowCount,
    fields: m.fields.map((f) => ({ name: f.name, type: f.type })),
    version: m.version,
    updatedAt: new Date(m.updatedAt),
    bytes: m.bytes,
  };
}

interface AppendPlan {
  fields: ManifestField[];
  columns: EncodedColumn[];
}

class FileDatasetStore implements DatasetStore {
  private readonly root: string;
  private readonly maxRows: number;
  private readonly maxFields: number;
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;
  private readonly fanout: number;
  private readonly beforeCommit?: (datasetId: string) => Promise<void>;
  private trashChecked = false;

  constructor(rootDir: string, options: DatasetStoreOptions) {
    this.root = path.resolve(rootDir);
    this.maxRows = options.maxRows ?? 20_000_000;
    this.maxFields = options.maxFields ?? 5_000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 60_000;
    this.staleLockMs = options.staleLockMs ?? 30_000;
    this.fanout = Math.max(2, options.compactFanout ?? 8);
    this.beforeCommit = options.beforeCommit;
  }

  private dir(datasetId: string): string {
    return path.join(this.root, datasetId);
  }

  private async readManifest(datasetId: string): Promise<Manifest> {
    try {
      return JSON.parse(await fs.readFile(path.join(this.dir(datasetId), MANIFEST), "utf8")) as Manifest;
    } catch (error) {
      if (isEnoent(error)) throw notFound(datasetId);
      throw error;
    }
  }

  /** Runs a mutation holding both the in-process mutex and the cross-process lock file. */
  private async withWriteLock<T>(datasetId: string, task: () => Promise<T>): Promise<T> {
    const dir = this.dir(datasetId);
    return withMutex(dir, async () => {
      const release = await acquireFileLock(path.join(dir, LOCK), { timeoutMs: this.lockTimeoutMs, staleMs: this.staleLockMs });
      try {
        return await task();
      } catch (error) {
        // The directory vanished under us: another process deleted the dataset mid-write.
        if (isEnoent(error)) throw notFound(datasetId);
        throw error;
      } finally {
        await release();
      }
    });
  }

  private async commit(datasetId: string, manifest: Manifest): Promise<void> {
    await writeFileAtomic(this.dir(datasetId), MANIFEST, JSON.stringify(manifest));
  }

  /** Removes files a crash or a compaction left behind: temp files and unreferenced segments. */
  private async removeOrphans(datasetId: string, manifest: Manifest): Promise<void> {
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

  /** Removes dataset directories that a delete renamed aside but did not finish removing (crash). */
  private async removeTrash(): Promise<void> {
    const names = await fs.readdir(this.root).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(".trash-"))) {
      await fs.rm(path.join(this.root, name), { recursive: true, force: true }).catch(() => undefined);
    }
  }

  async create(datasetId: string): Promise<void> {
    if (typeof datasetId !== "string" || !ID_RE.test(datasetId) || datasetId.includes("..")) {
      throw new TypeError(`Invalid dataset id "${String(datasetId).slice(0, 100)}": use letters, digits, "_", "-" and ".".`);
    }
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
        const exists = await fs.stat(path.join(dir, MANIFEST)).then(() => true, () => false);
        if (exists) throw new StoreError("conflict", `Dataset "${datasetId}" already exists.`);
      }
      const now = new Date().toISOString();
      const manifest: Manifest = {
        format: 1,
        fields: [],
        segments: [],
        rowCount: 0,
        bytes: 0,
        version: `0-${randomBytes(10).toString("hex")}`,
        seq: 0,
        createdAt: now,
        updatedAt: now,
      };
      await this.commit(datasetId, manifest);
      await syncDir(this.root);
    });
  }

  async info(datasetId: string): Promise<DatasetInfo> {
    checkId(datasetId);
    return toInfo(await this.readManifest(datasetId));
  }

  async append(datasetId: string, rows: RawRow[]): Promise<DatasetInfo> {
    checkId(datasetId);
    if (!Array.isArray(rows)) throw new StoreError("invalid_rows", "rows must be an array of row objects, e.g. [{\"age\": 42}].");
    return this.withWriteLock(datasetId, async () => {
      const manifest = await this.readManifest(datasetId);
      if (rows.length === 0) return toInfo(manifest);
      if (manifest.rowCount + rows.length > this.maxRows) {
        throw new StoreError(
          "too_large",
          `This append would bring the dataset to ${manifest.rowCount + rows.length} rows; the limit is ${this.maxRows}.`,
        );
      }
      const plan = this.planAppend(manifest, rows);
      const dir = this.dir(datasetId);
      const file = `seg-${String(manifest.seq + 1).padStart(8, "0")}-${randomBytes(4).toString("hex")}.bin`;
      const temp = path.join(dir, tempName(file));
      let written: { bytes: number };
      try {
        written = await writeSegment(temp, rows.length, plan.columns);
      } catch (error) {
        await fs.unlink(temp).catch(() => undefined);
        if (isEnoent(error)) throw notFound(datasetId);
        throw error;
      }
      await fs.rename(temp, path.join(dir, file));
      await syncDir(dir);
      if (this.beforeCommit) await this.beforeCommit(datasetId);

      const seq = manifest.seq + 1;
      const level = this.levelFor(rows.length);
      const next: Manifest = {
        ...manifest,
        fields: plan.fields,
        segments: [...manifest.segments, { file, rows: rows.length, bytes: written.bytes, level }],
        rowCount: manifest.rowCount + rows.length,
        bytes: manifest.bytes + written.bytes,
        seq,
        // A random nonce makes every committed state's version unique, so equal versions mean
        // identical content without hashing the data.
        version: nextVersion(manifest.version, seq, `append ${randomBytes(12).toString("hex")} ${file} ${JSON.stringify(plan.fields)}`),
        updatedAt: new Date().toISOString(),
      };
      await this.commit(datasetId, next);
      // The append is committed; compaction is housekeeping and must not fail it.
      let current = next;
      try {
        current = await this.compact(datasetId, next);
        await this.removeOrphans(datasetId, current);
      } catch (error) {
        // ENOENT: the dataset was deleted meanwhile by another process; nothing to tidy.
        if (!isEnoent(error)) console.warn(`dataset store: compaction of ${datasetId} failed:`, error);
      }
      return toInfo(current);
    });
  }

  /** Validates rows against (or derives) the schema and encodes them; throws before anything is written. */
  private planAppend(manifest: Manifest, rows: RawRow[]): AppendPlan {
    const defining = manifest.fields.length === 0;
    let fields: ManifestField[];
    const fieldIndex = new Map<string, number>();
    if (defining) {
      fields = [];
      for (let i = 0; i < rows.length; i++) {
        const row = checkRow(rows[i], i);
        for (const key in row) {
          if (!fieldIndex.has(key)) {
            fieldIndex.set(key, fields.length);
            fields.push({ name: key, type: "unknown", inferred: true });
          }
        }
      }
      if (fields.length > this.maxFields) {
        throw new StoreError("too_large", `The rows have ${fields.length} distinct fields; the limit is ${this.maxFields}.`);
      }
    } else {
      fields = manifest.fields.map((f) => ({ ...f }));
      fields.forEach((f, i) => fieldIndex.set(f.name, i));
      for (let i = 0; i < rows.length; i++) {
        const row = checkRow(rows[i], i);
        for (const key in row) {
          if (!fieldIndex.has(key)) {
            const known = fields.map((f) => f.name);
            const list = known.length > 20 ? `${known.slice(0, 20).join(", ")}, ...` : known.join(", ");
            throw new StoreError(
              "unknown_field",
              `${ROW(i)}: field "${key}" is not in the dataset's schema (${list}). The first rows added define the schema; remove the field from the rows or create a new dataset.`,
            );
          }
        }
      }
    }

    // Infer types for new schemas, and for inferred-unknown fields (all missing so far) that now get values.
    for (const field of fields) {
      if (!(defining || (field.inferred && field.type === "unknown"))) continue;
      const profile = createProfile();
      const read = fieldReader<RawValue>(field.name);
      for (let i = 0; i < rows.length; i++) addToProfile(profile, checkValue(read(rows[i]), i, field.name));
      field.type = inferFromProfile(profile, field.name);
    }

    const columns: EncodedColumn[] = fields.map((field) => encodeField(field, rows));
    return { fields, columns };
  }

  async read(datasetId: string, options: ReadOptions = {}): Promise<Table> {
    return (await this.snapshot(datasetId, options)).table;
  }

  async snapshot(datasetId: string, options: ReadOptions = {}): Promise<{ info: DatasetInfo; table: Table }> {
    checkId(datasetId);
    // A concurrent compaction may delete segments listed in the manifest we read: retry with the new one.
    for (let attempt = 0; ; attempt++) {
      const manifest = await this.readManifest(datasetId);
      try {
        return { info: toInfo(manifest), table: await this.readWith(datasetId, manifest, options) };
      } catch (error) {
        if (!isEnoent(error) || attempt >= 5) {
          if (isEnoent(error)) throw notFound(datasetId);
          throw error;
        }
      }
    }
  }

  private async readWith(datasetId: string, manifest: Manifest, options: ReadOptions): Promise<Table> {
    const byName = new Map(manifest.fields.map((f) => [f.name, f]));
    const wanted = options.fields ?? manifest.fields.map((f) => f.name);
    const fields = wanted.map((name) => {
      const field = byName.get(name);
      if (!field) throw new StoreError("unknown_field", `Field "${name}" is not in dataset "${datasetId}".`);
      return field;
    });
    const start = Math.min(manifest.rowCount, toCount(options.offset, 0));
    const limit = toCount(options.limit, Infinity);
    const end = Math.min(manifest.rowCount, start + limit);
    const n = Math.max(0, end - start);

    const outputs = fields.map((field) =>
      isNumericType(field.type)
        ? { field, values: new Float64Array(n), codes: null, dict: null }
        : { field, values: null, codes: new Int32Array(n), dict: new Interner() },
    );

    let segmentStart = 0;
    let at = 0;
    for (const segment of manifest.segments) {
      const segmentEnd = segmentStart + segment.rows;
      if (segmentEnd <= start) {
        segmentStart = segmentEnd;
        continue;
      }
      if (segmentStart >= end) break;
      const from = Math.max(start, segmentStart) - segmentStart;
      const to = Math.min(end, segmentEnd) - segmentStart;
      const seg = await openSegment(path.join(this.dir(datasetId), segment.file));
      try {
        for (const out of outputs) {
          const meta = seg.byName.get(out.field.name);
          if (out.values) {
            if (!meta) out.values.fill(NaN, at, at + to - from);
            else if (meta.enc === storageEncoding(out.field.type)) await readFloatsInto(seg, meta, from, to, out.values, at);
            else convertToNumbers(await loadEncoded(seg, meta, from, to), out.field.type, out.values, at);
          } else {
            if (!meta) out.codes.fill(-1, at, at + to - from);
            else await readTextInto(seg, meta, from, to, out.codes, at, out.dict);
          }
        }
      } finally {
        await seg.handle.close();
      }
      at += to - from;
      segmentStart = segmentEnd;
    }

    const columns: Column[] = outputs.map((out) => {
      const type = out.field.type;
      if (out.values) return { name: out.field.name, type: type as "integer" | "float" | "date", kind: "number", values: out.values };
      return {
        name: out.field.name,
        type: type as "category" | "string" | "id" | "unknown",
        kind: "text",
        codes: out.codes,
        dictionary: out.dict.strings,
      };
    });
    return { rowCount: n, columns };
  }

  async readRows(datasetId: string, options: { offset?: number; limit?: number } = {}): Promise<Record<string, string | number | null>[]> {
    const table = await this.read(datasetId, { offset: options.offset, limit: options.limit });
    const rows: Record<string, string | number | null>[] = [];
    for (let i = 0; i < table.rowCount; i++) {
      const row = emptyRecord<string | number | null>(); // a field may be named "__proto__"
      for (const column of table.columns) row[column.name] = cellValue(column, i);
      rows.push(row);
    }
    return rows;
  }

  async setFieldTypes(datasetId: string, changes: { name: string; type: FieldType }[]): Promise<DatasetInfo> {
    checkId(datasetId);
    if (!Array.isArray(changes)) throw new StoreError("invalid_type", "fields must be an array of {name, type}.");
    return this.withWriteLock(datasetId, async () => {
      const manifest = await this.readManifest(datasetId);
      const fields = manifest.fields.map((f) => ({ ...f }));
      const byName = new Map(fields.map((f) => [f.name, f]));
      for (const change of changes) {
        const field = byName.get(change?.name);
        if (!field) {
          const hint = fields.length === 0 ? "the dataset has no fields yet: add rows first" : `fields are ${fields.map((f) => f.name).join(", ")}`;
          throw new StoreError("unknown_field", `Field "${String(change?.name)}" is not in dataset "${datasetId}" (${hint}).`);
        }
        if (!FIELD_TYPES.includes(change.type)) {
          throw new StoreError("invalid_type", `Field "${field.name}": type "${String(change.type)}" is not one of ${FIELD_TYPES.join(", ")}.`);
        }
        field.type = change.type;
        field.inferred = false;
      }
      return toInfo(await this.commitFields(datasetId, manifest, fields, "types"));
    });
  }

  async reparse(datasetId: string): Promise<DatasetInfo> {
    checkId(datasetId);
    return this.withWriteLock(datasetId, async () => {
      const manifest = await this.readManifest(datasetId);
      const types = await this.inferStoredTypes(datasetId, manifest);
      const fields = manifest.fields.map((f, i) => ({ name: f.name, type: types[i], inferred: true }));
      return toInfo(await this.commitFields(datasetId, manifest, fields, "reparse"));
    });
  }

  private async commitFields(datasetId: string, manifest: Manifest, fields: ManifestField[], operation: string): Promise<Manifest> {
    if (JSON.stringify(fields) === JSON.stringify(manifest.fields)) return manifest;
    const seq = manifest.seq + 1;
    const next: Manifest = {
      ...manifest,
      fields,
      seq,
      version: nextVersion(manifest.version, seq, `${operation} ${JSON.stringify(fields)}`),
      updatedAt: new Date().toISOString(),
    };
    await this.commit(datasetId, next);
    return next;
  }

  /**
   * Infers every field's type from all stored rows, from the stored (original) text. Fields stored
   * only as numbers (or only as dates) take a fast path: their text would parse back to the same
   * numbers, so the profile reduces to counts, integrality and (for id-like names) uniqueness.
   */
  private async inferStoredTypes(datasetId: string, manifest: Manifest): Promise<FieldType[]> {
    const opened: { seg: OpenSegment; rows: number }[] = [];
    try {
      for (const segment of manifest.segments) {
        opened.push({ seg: await openSegment(path.join(this.dir(datasetId), segment.file)), rows: segment.rows });
      }
      const types: FieldType[] = [];
      for (const field of manifest.fields) {
        const encodings = new Set(opened.map(({ seg }) => seg.byName.get(field.name)?.enc ?? "absent"));
        encodings.delete("absent");
        const only = encodings.size === 1 ? [...encodings][0] : null;
        if (only === "num" || only === "date") types.push(await this.inferStoredNumbers(opened, field.name, only));
        else types.push(inferFromProfile(await this.profileStored(opened, field.name), field.name));
      }
      return types;
    } finally {
      await Promise.all(opened.map(({ seg }) => seg.handle.close()));
    }
  }

  private async inferStoredNumbers(opened: { seg: OpenSegment; rows: number }[], name: string, enc: "num" | "date"): Promise<FieldType> {
    let nonMissing = 0;
    let allIntegers = true;
    const checkUnique = enc === "num" && isIdLikeName(name);
    let seen: Set<number> | null = checkUnique ? new Set() : null;
    for (const { seg, rows } of opened) {
      const meta = seg.byName.get(name);
      if (!meta) continue;
      const values = new Float64Array(rows);
      await readFloatsInto(seg, meta, 0, rows, values, 0);
      for (let i = 0; i < rows; i++) {
        const v = values[i];
        if (Number.isNaN(v)) continue;
        nonMissing++;
        if (allIntegers && !Number.isInteger(v)) {
          allIntegers = false;
          seen = null;
        }
        if (seen) {
          if (seen.has(v)) seen = null;
          else seen.add(v);
        }
      }
    }
    if (nonMissing === 0) return "unknown";
    if (enc === "date") return "date";
    if (seen && allIntegers && nonMissing >= 2) return "id";
    return allIntegers ? "integer" : "float";
  }

  /**
   * Distinct-value profile of one field over all stored rows. Distinct texts are collected with the
   * typed interner (hashes are stored), so a million distinct ids cost no Map.
   */
  private async profileStored(opened: { seg: OpenSegment; rows: number }[], name: string) {
    const interner = new Interner(1024);
    let counts = new Int32Array(1024);
    let total = 0;
    let missing = 0;
    for (const { seg, rows } of opened) {
      total += rows;
      const meta = seg.byName.get(name);
      if (!meta) {
        missing += rows;
        continue;
      }
      const codes = new Int32Array(rows);
      await readTextInto(seg, meta, 0, rows, codes, 0, interner);
      if (counts.length < interner.size) {
        const grown = new Int32Array(Math.max(interner.size, counts.length * 2));
        grown.set(counts);
        counts = grown;
      }
      for (let i = 0; i < rows; i++) {
        const c = codes[i];
        if (c < 0) missing++;
        else counts[c]++;
      }
    }
    const strings = interner.strings;
    const distinct = {
      size: strings.length,
      keys: () => strings,
      *[Symbol.iterator](): Iterator<[string, number]> {
        for (let i = 0; i < strings.length; i++) yield [strings[i], counts[i]];
      },
    };
    return { total, missing, distinct, sawNonBoolean: total > missing };
  }

  /**
   * Tiered compaction: segments carry a size class (level). When the trailing run of segments of
   * level <= L holds `fanout` segments of level L (smallest such L), the run merges into one
   * segment of level L + 1. Each row is rewritten about log_fanout(rows) times in total, a dataset
   * built from many tiny appends keeps few files, and mixed batch sizes cannot stall the merging.
   */
  private async compact(datasetId: string, manifest: Manifest): Promise<Manifest> {
    let current = manifest;
    for (;;) {
      const run = findCompactionRun(current.segments, this.fanout);
      if (!run) return current;
      const segments = current.segments;
      const parts = segments.slice(run.start);
      const merged = await this.mergeSegments(datasetId, current, parts, Math.max(run.level + 1, this.levelFor(parts.reduce((n, s) => n + s.rows, 0))));
      const bytes = current.bytes - parts.reduce((sum, s) => sum + s.bytes, 0) + merged.bytes;
      // Same content, so the version stays: caches keyed by version remain valid.
      current = { ...current, segments: [...segments.slice(0, run.start), merged], bytes };
      await this.commit(datasetId, current);
    }
  }

  /** Size class of a segment of `rows` rows: 0 up to ~1k rows, then one class per factor of fanout. */
  private levelFor(rows: number): number {
    return Math.max(0, Math.floor(Math.log(rows / 1024) / Math.log(this.fanout)));
  }

  private async mergeSegments(datasetId: string, manifest: Manifest, parts: ManifestSegment[], level: number): Promise<ManifestSegment> {
    const dir = this.dir(datasetId);
    const rows = parts.reduce((sum, s) => sum + s.rows, 0);
    const opened: OpenSegment[] = [];
    try {
      for (const part of parts) opened.push(await openSegment(path.join(dir, part.file)));
      const columns: EncodedColumn[] = [];
      for (const field of manifest.fields) {
        const metas = opened.map((seg) => seg.byName.get(field.name));
        const encodings = new Set(metas.filter((m): m is ColumnMeta => m !== undefined).map((m) => m.enc));
        // Keep the common encoding; mixed encodings (after a type change) merge as text, which loses nothing.
        const enc: Encoding = encodings.size === 1 ? [...encodings][0] : "text";
        if (enc === "text") {
          const codes = new Int32Array(rows);
          const interner = new Interner(parts[0].rows);
          let at = 0;
          for (let p = 0; p < parts.length; p++) {
            const meta = metas[p];
            const partRows = parts[p].rows;
            if (!meta) codes.fill(-1, at, at + partRows);
            else await readTextInto(opened[p], meta, 0, partRows, codes, at, interner);
            at += partRows;
          }
          columns.push({ name: field.name, enc: "text", codes, dictionary: interner.strings, hashes: interner.hashes() });
        } else {
          const values = new Float64Array(rows);
          let at = 0;
          for (let p = 0; p < parts.length; p++) {
            const meta = metas[p];
            const partRows = parts[p].rows;
            if (!meta) values.fill(NaN, at, at + partRows);
            else await readFloatsInto(opened[p], meta, 0, partRows, values, at);
            at += partRows;
          }
          columns.push({ name: field.name, enc, values });
        }
      }
      const file = `seg-${String(manifest.seq).padStart(8, "0")}-${randomBytes(4).toString("hex")}.bin`;
      const temp = path.join(dir, tempName(file));
      const written = await writeSegment(temp, rows, columns);
      await fs.rename(temp, path.join(dir, file));
      await syncDir(dir);
      return { file, rows, bytes: written.bytes, level };
    } finally {
      await Promise.all(opened.map((seg) => seg.handle.close()));
    }
  }

  async delete(datasetId: string): Promise<void> {
    if (typeof datasetId !== "string" || !ID_RE.test(datasetId) || datasetId.includes("..")) return;
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

/**
 * The trailing run to merge: for the smallest level L such that the trailing run of segments of
 * level <= L holds at least `fanout` segments of level exactly L. Counting only level-L segments
 * keeps a big segment from being rewritten because small ones piled up behind it.
 */
export function findCompactionRun(segments: { level: number }[], fanout: number): { start: number; level: number } | null {
  if (segments.length < fanout) return null;
  const maxLevel = Math.max(...segments.map((s) => s.level));
  for (let level = 0; level <= maxLevel; level++) {
    let start = segments.length;
    let atLevel = 0;
    while (start > 0 && segments[start - 1].level <= level) {
      start--;
      if (segments[start].level === level) atLevel++;
    }
    if (atLevel >= fanout) return { start, level };
  }
  return null;
}

/** A non-negative whole number from an optional option; anything else (NaN, negative, missing) gives `fallback` or 0. */
function toCount(value: number | undefined, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (value === Infinity) return Infinity;
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;
}

export function openDatasetStore(rootDir: string, options: DatasetStoreOptions = {}): DatasetStore {
  return new FileDatasetStore(rootDir, options);
}
