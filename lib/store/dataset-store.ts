// The dataset store: per dataset immutable segments (one per append or compaction) and a small
// manifest (schema, segment list, row count, version). Replacing the manifest is the commit point
// of every mutation, so readers (which take no lock) see a dataset either before or after an
// append, never half of it, and a crash leaves at most segments that nothing references. Where the
// bytes live is the backend's business (backend.ts): files under a directory, or objects in
// S3-compatible storage with the manifest behind a compare-and-swap; the logic here is shared.
import { createHash, randomBytes } from "node:crypto";
import { emptyRecord, fieldReader } from "../table/rows";
import type { Column, DateOrder, FieldSchema, FieldType, RawRow, RawValue, Table } from "../table/types";
import { FIELD_TYPES } from "../table/types";
import { cellValue, isMissing, isNumericType } from "../table/values";
import { isEnoent, type DatasetBackend, type Manifest, type ManifestSegment, type ManifestToken } from "./backend";
import { convertToNumbers, loadEncoded, readTextInto, storageEncoding } from "./column-io";
import { checkRow, checkValue, encodeField, ROW, type SchemaField } from "./encode-rows";
import { StoreError } from "./errors";
import { FileBackend } from "./file-backend";
import { addToProfile, createProfile, inferFields, isIdLikeName, type InferredField, type StoredProfile } from "./infer";
import { Interner } from "./dictionary";
import { readFloatsInto, writeSegment, type ColumnMeta, type EncodedColumn, type Encoding, type OpenSegment } from "./segment";

export interface DatasetInfo {
  rowCount: number;
  fields: FieldSchema[];
  /** Changes on every mutation; equal versions mean identical content (a hash chain over mutations, each with a random nonce). */
  version: string;
  updatedAt: Date;
  bytes: number;
}

export interface AppendOptions {
  /** The order of day and month in slash dates, as the client knows it: used for the date fields that the first rows define, where their own values cannot tell. */
  dateOrder?: DateOrder;
}

export interface ReadOptions {
  fields?: string[];
  offset?: number;
  limit?: number;
}

export interface DatasetStore {
  create(datasetId: string): Promise<void>;
  append(datasetId: string, rows: RawRow[], options?: AppendOptions): Promise<DatasetInfo>;
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
  /** Files: how long a writer waits for another process's lock before failing with "conflict". */
  lockTimeoutMs?: number;
  /** Files: age of a lock heartbeat after which the lock is considered abandoned. */
  staleLockMs?: number;
  /** Merge this many consecutive segments of the same size class into one. */
  compactFanout?: number;
  /** Object storage: commits a mutation retries after other hosts committed first, before failing with "conflict". */
  maxCommitAttempts?: number;
  /** Test hook: runs after an append's segment is written and before the manifest commit. */
  beforeCommit?: (datasetId: string) => Promise<void>;
}

type ManifestField = SchemaField;

const ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

export function isValidDatasetId(datasetId: unknown): datasetId is string {
  return typeof datasetId === "string" && ID_RE.test(datasetId) && !datasetId.includes("..");
}

function checkId(datasetId: string): void {
  if (!isValidDatasetId(datasetId)) {
    throw new StoreError("not_found", `Dataset "${String(datasetId).slice(0, 100)}" does not exist.`);
  }
}

function notFound(datasetId: string): StoreError {
  return new StoreError("not_found", `Dataset "${datasetId}" does not exist.`);
}

function nextVersion(previous: string, seq: number, operation: string): string {
  const hash = createHash("sha256").update(previous).update("\n").update(operation).digest("hex").slice(0, 20);
  return `${seq}-${hash}`;
}

function toInfo(m: Manifest): DatasetInfo {
  return {
    rowCount: m.rowCount,
    fields: m.fields.map(publicField),
    version: m.version,
    updatedAt: new Date(m.updatedAt),
    bytes: m.bytes,
  };
}

/** A field as readers see it: the name, the type and the readings that apply (no store bookkeeping). */
function publicField(f: ManifestField): FieldSchema {
  const out: FieldSchema = { name: f.name, type: f.type };
  if (f.type === "date" && f.dateOrder) {
    out.dateOrder = f.dateOrder;
    if (f.dateOrderBasis) out.dateOrderBasis = f.dateOrderBasis;
  }
  if (f.readAsValues?.length && !isNumericType(f.type)) out.readAsValues = [...f.readAsValues];
  return out;
}

/** Sets a field's inferred reading, clearing the readings that no longer apply. */
function applyInferred(field: ManifestField, inferred: InferredField): void {
  field.type = inferred.type;
  delete field.dateOrder;
  delete field.dateOrderBasis;
  if (inferred.dateOrder) {
    field.dateOrder = inferred.dateOrder;
    field.dateOrderBasis = inferred.dateOrderBasis;
  }
  delete field.readAsValues;
  if (inferred.readAsValues) field.readAsValues = inferred.readAsValues;
}

interface AppendPlan {
  fields: ManifestField[];
  columns: EncodedColumn[];
}

/** A segment written for an append that has not been committed yet. */
interface PreparedSegment {
  segment: ManifestSegment;
  /** The schema the segment was encoded for: valid for another attempt only under the same one. */
  fieldsJson: string;
  writtenAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ColumnarDatasetStore implements DatasetStore {
  private readonly backend: DatasetBackend;
  private readonly maxRows: number;
  private readonly maxFields: number;
  private readonly fanout: number;
  private readonly maxCommitAttempts: number;
  private readonly beforeCommit?: (datasetId: string) => Promise<void>;

  constructor(backend: DatasetBackend, options: DatasetStoreOptions) {
    this.backend = backend;
    this.maxRows = options.maxRows ?? 20_000_000;
    this.maxFields = options.maxFields ?? 5_000;
    this.fanout = Math.max(2, options.compactFanout ?? 8);
    this.maxCommitAttempts = Math.max(1, options.maxCommitAttempts ?? 40);
    this.beforeCommit = options.beforeCommit;
  }

  private async readManifest(datasetId: string): Promise<{ manifest: Manifest; token: ManifestToken }> {
    return this.backend.readManifest(datasetId);
  }

  /**
   * After another host committed first (object storage): wait a little, with jitter so that two
   * racing writers do not collide again, then the caller re-reads the manifest and retries.
   */
  private async backOff(attempt: number, datasetId: string): Promise<void> {
    if (attempt + 1 >= this.maxCommitAttempts) {
      throw new StoreError("conflict", `Dataset "${datasetId}" is being changed by other writers at the same time; retry the request.`);
    }
    await sleep(Math.min(200, 2 + attempt * 5) * (0.5 + Math.random()));
  }

  async create(datasetId: string): Promise<void> {
    if (!isValidDatasetId(datasetId)) {
      throw new TypeError(`Invalid dataset id "${String(datasetId).slice(0, 100)}": use letters, digits, "_", "-" and ".".`);
    }
    const now = new Date().toISOString();
    await this.backend.create(datasetId, {
      format: 1,
      fields: [],
      segments: [],
      rowCount: 0,
      bytes: 0,
      version: `0-${randomBytes(10).toString("hex")}`,
      seq: 0,
      createdAt: now,
      updatedAt: now,
    });
  }

  async info(datasetId: string): Promise<DatasetInfo> {
    checkId(datasetId);
    return toInfo((await this.readManifest(datasetId)).manifest);
  }

  async append(datasetId: string, rows: RawRow[], options: AppendOptions = {}): Promise<DatasetInfo> {
    checkId(datasetId);
    if (!Array.isArray(rows)) throw new StoreError("invalid_rows", 'rows must be an array of row objects, e.g. [{"age": 42}].');
    return this.backend.withWriter(datasetId, async () => {
      let prepared: PreparedSegment | null = null;
      try {
        for (let attempt = 0; ; attempt++) {
          const { manifest, token } = await this.readManifest(datasetId);
          if (rows.length === 0) return toInfo(manifest);
          if (manifest.rowCount + rows.length > this.maxRows) {
            throw new StoreError("too_large", `This append would bring the dataset to ${manifest.rowCount + rows.length} rows; the limit is ${this.maxRows}.`);
          }
          // Validated against the manifest as it is now: another host may have defined the schema since the last attempt.
          const plan = this.planAppend(manifest, rows, options);
          const fieldsJson = JSON.stringify(plan.fields);
          if (prepared && (prepared.fieldsJson !== fieldsJson || Date.now() - prepared.writtenAt > this.backend.commitDeadlineMs)) {
            await this.backend.discard(datasetId, [prepared.segment.file]);
            prepared = null;
          }
          if (!prepared) prepared = await this.writeAppendSegment(datasetId, manifest, rows.length, plan, fieldsJson);
          if (this.beforeCommit) await this.beforeCommit(datasetId);
          if (Date.now() - prepared.writtenAt > this.backend.commitDeadlineMs) continue; // too old to reference: write it again

          const seq = manifest.seq + 1;
          const next: Manifest = {
            ...manifest,
            fields: plan.fields,
            segments: [...manifest.segments, prepared.segment],
            rowCount: manifest.rowCount + rows.length,
            bytes: manifest.bytes + prepared.segment.bytes,
            seq,
            // A random nonce makes every committed state's version unique, so equal versions mean
            // identical content without hashing the data.
            version: nextVersion(manifest.version, seq, `append ${randomBytes(12).toString("hex")} ${prepared.segment.file} ${fieldsJson}`),
            updatedAt: new Date().toISOString(),
          };
          const committed = await this.commitAppend(datasetId, next, token, prepared.segment.file);
          if (committed) {
            prepared = null;
            return toInfo(await this.tidyAfter(datasetId, committed.manifest, committed.token));
          }
          await this.backOff(attempt, datasetId);
        }
      } catch (error) {
        // Nothing references a segment of a failed append; the sweep would find it, but why wait.
        if (prepared) await this.backend.discard(datasetId, [prepared.segment.file]).catch(() => undefined);
        if (isEnoent(error)) throw notFound(datasetId);
        throw error;
      }
    });
  }

  private async writeAppendSegment(datasetId: string, manifest: Manifest, rows: number, plan: AppendPlan, fieldsJson: string): Promise<PreparedSegment> {
    const file = `seg-${String(manifest.seq + 1).padStart(8, "0")}-${randomBytes(4).toString("hex")}.bin`;
    const writtenAt = Date.now();
    const written = await this.backend.putSegment(datasetId, file, (target) => writeSegment(target, rows, plan.columns));
    const segment: ManifestSegment = { file, rows, bytes: written.bytes, level: this.levelFor(rows) };
    if (written.etag) segment.etag = written.etag;
    return { segment, fieldsJson, writtenAt };
  }

  /**
   * Commits an append's manifest. When the commit itself fails (a dropped database connection), the
   * manifest is read again: if it lists this append's segment, the commit went through, and
   * retrying would store the batch twice.
   */
  private async commitAppend(
    datasetId: string,
    next: Manifest,
    token: ManifestToken,
    file: string,
  ): Promise<{ manifest: Manifest; token: ManifestToken } | null> {
    try {
      const done = await this.backend.commit(datasetId, next, token);
      return done ? { manifest: next, token: done.token } : null;
    } catch (error) {
      const current = await this.readManifest(datasetId).catch(() => null);
      if (current?.manifest.segments.some((s) => s.file === file)) return current;
      throw error;
    }
  }

  /** Compaction and clean-up after a committed append: housekeeping that must not fail the append. */
  private async tidyAfter(datasetId: string, manifest: Manifest, token: ManifestToken): Promise<Manifest> {
    let current = manifest;
    try {
      current = await this.compact(datasetId, manifest, token);
      await this.backend.afterCommit(datasetId, current);
    } catch (error) {
      // ENOENT / not_found: the dataset was deleted meanwhile by another process; nothing to tidy.
      if (!isEnoent(error) && !(error instanceof StoreError && error.code === "not_found")) {
        console.warn(`dataset store: compaction of ${datasetId} failed:`, error);
      }
    }
    return current;
  }

  /** Validates rows against (or derives) the schema and encodes them; throws before anything is written. */
  private planAppend(manifest: Manifest, rows: RawRow[], options: AppendOptions): AppendPlan {
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
    // Inferred together, so that a date field whose values cannot tell the order takes the one the others show.
    const toInfer = fields.filter((field) => defining || (field.inferred && field.type === "unknown"));
    if (toInfer.length) {
      const profiles = toInfer.map((field) => {
        const profile = createProfile();
        const read = fieldReader<RawValue>(field.name);
        for (let i = 0; i < rows.length; i++) addToProfile(profile, checkValue(read(rows[i]), i, field.name));
        return { profile, name: field.name };
      });
      const shown = fields.filter((f) => !toInfer.includes(f) && f.type === "date" && f.dateOrderBasis === "values").map((f) => f.dateOrder as DateOrder);
      const inferred = inferFields(profiles, options.dateOrder, shown);
      toInfer.forEach((field, i) => applyInferred(field, inferred[i]));
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
      const { manifest } = await this.readManifest(datasetId);
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
    await this.backend.prefetch(datasetId, segmentsInRange(manifest.segments, start, end));

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
      const seg = await this.backend.openSegment(datasetId, segment);
      try {
        for (const out of outputs) {
          const meta = seg.byName.get(out.field.name);
          if (out.values) {
            if (!meta) out.values.fill(NaN, at, at + to - from);
            else if (meta.enc === storageEncoding(out.field.type)) await readFloatsInto(seg, meta, from, to, out.values, at);
            else convertToNumbers(await loadEncoded(seg, meta, from, to), out.field.type, out.values, at, out.field.dateOrder);
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
      if (out.values) {
        const column: Column = { name: out.field.name, type: type as "integer" | "float" | "date", kind: "number", values: out.values };
        if (type === "date" && out.field.dateOrder && column.kind === "number") {
          column.dateOrder = out.field.dateOrder;
          if (out.field.dateOrderBasis) column.dateOrderBasis = out.field.dateOrderBasis;
        }
        return column;
      }
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
    return this.mutateFields(datasetId, "types", async (manifest) => {
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
      return fields;
    });
  }

  async reparse(datasetId: string): Promise<DatasetInfo> {
    checkId(datasetId);
    return this.mutateFields(datasetId, "reparse", async (manifest) => {
      const inferred = await this.inferStoredTypes(datasetId, manifest);
      return manifest.fields.map((f, i) => {
        const field: ManifestField = { name: f.name, type: "unknown", inferred: true };
        applyInferred(field, inferred[i]);
        return field;
      });
    });
  }

  /**
   * A schema change: `change` derives the new fields from the committed manifest. Retried on the
   * new manifest when another writer committed in between (object storage); a no-op keeps the
   * version.
   */
  private async mutateFields(datasetId: string, operation: string, change: (manifest: Manifest) => Promise<ManifestField[]>): Promise<DatasetInfo> {
    return this.backend.withWriter(datasetId, async () => {
      for (let attempt = 0; ; attempt++) {
        const { manifest, token } = await this.readManifest(datasetId);
        const fields = await change(manifest);
        if (JSON.stringify(fields) === JSON.stringify(manifest.fields)) return toInfo(manifest);
        const seq = manifest.seq + 1;
        const next: Manifest = {
          ...manifest,
          fields,
          seq,
          version: nextVersion(manifest.version, seq, `${operation} ${JSON.stringify(fields)}`),
          updatedAt: new Date().toISOString(),
        };
        if (await this.backend.commit(datasetId, next, token)) return toInfo(next);
        await this.backOff(attempt, datasetId);
      }
    });
  }

  /**
   * Infers every field's type from all stored rows, from the stored (original) text. Fields stored
   * only as numbers (or only as dates) take a fast path: their text would parse back to the same
   * numbers, so the profile reduces to counts, integrality and (for id-like names) uniqueness.
   */
  private async inferStoredTypes(datasetId: string, manifest: Manifest): Promise<InferredField[]> {
    const opened: { seg: OpenSegment; rows: number }[] = [];
    try {
      await this.backend.prefetch(datasetId, manifest.segments);
      for (const segment of manifest.segments) {
        opened.push({ seg: await this.backend.openSegment(datasetId, segment), rows: segment.rows });
      }
      const out: (InferredField | null)[] = [];
      const fromText: { index: number; profile: StoredProfile; name: string }[] = [];
      for (const field of manifest.fields) {
        const encodings = new Set(opened.map(({ seg }) => seg.byName.get(field.name)?.enc ?? "absent"));
        encodings.delete("absent");
        const only = encodings.size === 1 ? [...encodings][0] : null;
        if (only === "num" || only === "date") {
          const type = await this.inferStoredNumbers(opened, field.name, only);
          // Stored as dates: already read in the field's order, which stays the field's reading.
          const keepOrder = type === "date" && field.type === "date" && field.dateOrder;
          out.push(keepOrder ? { type, dateOrder: field.dateOrder, dateOrderBasis: field.dateOrderBasis } : { type });
        } else {
          fromText.push({ index: out.length, profile: await this.profileStored(opened, field.name), name: field.name });
          out.push(null);
        }
      }
      const shown = out.filter((f) => f?.dateOrderBasis === "values").map((f) => f?.dateOrder as DateOrder);
      const inferred = inferFields(fromText, undefined, shown);
      fromText.forEach(({ index, profile }, i) => {
        const field = inferred[i];
        // Missing spellings stored as text were kept as values when written (reading.ts); they stay values.
        const kept = [...profile.markers.keys()].sort();
        if (kept.length && !isNumericType(field.type)) field.readAsValues = kept;
        else delete field.readAsValues;
        out[index] = field;
      });
      return out as InferredField[];
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
    const markers = new Map<string, number>();
    for (const [text, count] of distinct) if (isMissing(text)) markers.set(text, count);
    return { total, missing, distinct, sawNonBoolean: total > missing, markers };
  }

  /**
   * Tiered compaction: segments carry a size class (level). When the trailing run of segments of
   * level <= L holds `fanout` segments of level L (smallest such L), the run merges into one
   * segment of level L + 1. Each row is rewritten about log_fanout(rows) times in total, a dataset
   * built from many tiny appends keeps few files, and mixed batch sizes cannot stall the merging.
   * When another writer commits first (object storage), the merge is dropped: a later append
   * compacts instead.
   */
  private async compact(datasetId: string, manifest: Manifest, token: ManifestToken): Promise<Manifest> {
    let current = manifest;
    let currentToken = token;
    for (;;) {
      const run = findCompactionRun(current.segments, this.fanout);
      if (!run) return current;
      const segments = current.segments;
      const parts = segments.slice(run.start);
      const merged = await this.mergeSegments(datasetId, current, parts, Math.max(run.level + 1, this.levelFor(parts.reduce((n, s) => n + s.rows, 0))));
      const bytes = current.bytes - parts.reduce((sum, s) => sum + s.bytes, 0) + merged.bytes;
      // Same content, so the version stays: caches keyed by version remain valid.
      const next = { ...current, segments: [...segments.slice(0, run.start), merged], bytes };
      const done = await this.backend.commit(datasetId, next, currentToken);
      if (!done) {
        await this.backend.discard(datasetId, [merged.file]);
        return current;
      }
      // Readers still holding the previous manifest retry when a segment is gone (see snapshot).
      await this.backend.discard(
        datasetId,
        parts.map((p) => p.file),
      );
      current = next;
      currentToken = done.token;
    }
  }

  /** Size class of a segment of `rows` rows: 0 up to ~1k rows, then one class per factor of fanout. */
  private levelFor(rows: number): number {
    return Math.max(0, Math.floor(Math.log(rows / 1024) / Math.log(this.fanout)));
  }

  private async mergeSegments(datasetId: string, manifest: Manifest, parts: ManifestSegment[], level: number): Promise<ManifestSegment> {
    const rows = parts.reduce((sum, s) => sum + s.rows, 0);
    const opened: OpenSegment[] = [];
    try {
      await this.backend.prefetch(datasetId, parts);
      for (const part of parts) opened.push(await this.backend.openSegment(datasetId, part));
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
      const written = await this.backend.putSegment(datasetId, file, (target) => writeSegment(target, rows, columns));
      const segment: ManifestSegment = { file, rows, bytes: written.bytes, level };
      if (written.etag) segment.etag = written.etag;
      return segment;
    } finally {
      await Promise.all(opened.map((seg) => seg.handle.close()));
    }
  }

  async delete(datasetId: string): Promise<void> {
    if (!isValidDatasetId(datasetId)) return;
    await this.backend.delete(datasetId);
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

/** The segments holding rows [start, end). */
function segmentsInRange(segments: ManifestSegment[], start: number, end: number): ManifestSegment[] {
  const found: ManifestSegment[] = [];
  let segmentStart = 0;
  for (const segment of segments) {
    const segmentEnd = segmentStart + segment.rows;
    if (segmentEnd > start && segmentStart < end) found.push(segment);
    segmentStart = segmentEnd;
  }
  return found;
}

/** A non-negative whole number from an optional option; anything else (NaN, negative, missing) gives `fallback` or 0. */
function toCount(value: number | undefined, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (value === Infinity) return Infinity;
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : fallback;
}

/** The dataset store over a backend (files, or objects: see object-backend.ts). */
export function openStoreOn(backend: DatasetBackend, options: DatasetStoreOptions = {}): DatasetStore {
  return new ColumnarDatasetStore(backend, options);
}

/** The dataset store in a directory: one subdirectory per dataset. */
export function openDatasetStore(rootDir: string, options: DatasetStoreOptions = {}): DatasetStore {
  return new ColumnarDatasetStore(new FileBackend(rootDir, { lockTimeoutMs: options.lockTimeoutMs, staleLockMs: options.staleLockMs }), options);
}
