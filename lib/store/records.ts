// Small records changed only by compare-and-swap on a revision number: the object-storage
// backend's dataset manifests (the commit point of every mutation) and the sweep's lease. The
// application keeps them in its database (lib/services/storage-records.ts, table StorageRecord),
// which every host already shares and whose single-row UPDATE ... WHERE revision = ? is atomic on
// SQLite and PostgreSQL alike; the store only sees this interface.

export interface StoredRecord {
  body: string;
  revision: number;
}

export interface RecordStore {
  get(key: string): Promise<StoredRecord | null>;
  /** Creates the record at revision 1; false when it exists. */
  create(key: string, body: string): Promise<boolean>;
  /** Replaces the record iff it is still at `revision` (it then has revision + 1); false otherwise. */
  replace(key: string, body: string, revision: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
}

// Like a database round trip, every call lets other work run (a reader polling in a loop must not
// starve the writers it waits for).
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/** In one process's memory: for tests and tools that run alone. */
export class MemoryRecordStore implements RecordStore {
  private readonly records = new Map<string, StoredRecord>();

  async get(key: string): Promise<StoredRecord | null> {
    await yieldToOthers();
    const record = this.records.get(key);
    return record ? { ...record } : null;
  }

  async create(key: string, body: string): Promise<boolean> {
    await yieldToOthers();
    if (this.records.has(key)) return false;
    this.records.set(key, { body, revision: 1 });
    return true;
  }

  async replace(key: string, body: string, revision: number): Promise<boolean> {
    await yieldToOthers();
    const record = this.records.get(key);
    if (!record || record.revision !== revision) return false;
    this.records.set(key, { body, revision: revision + 1 });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.records.delete(key);
  }

  async list(prefix: string): Promise<string[]> {
    return [...this.records.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
}
