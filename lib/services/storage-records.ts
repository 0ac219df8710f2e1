// The object-storage backend's compare-and-swap records (lib/store/records.ts) in the application's
// database, table StorageRecord: dataset manifests and the sweep's lease. One UPDATE ... WHERE
// revision = ? per commit is atomic on SQLite and PostgreSQL alike, and every host already shares
// the database, so no storage server feature (conditional PUT) is needed.
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import type { RecordStore, StoredRecord } from "@/lib/store";

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export function databaseRecords(location: string): RecordStore {
  return {
    async get(key: string): Promise<StoredRecord | null> {
      return db.storageRecord.findUnique({ where: { location_key: { location, key } }, select: { body: true, revision: true } });
    },
    async create(key: string, body: string): Promise<boolean> {
      try {
        await db.storageRecord.create({ data: { location, key, body, revision: 1 }, select: { key: true } });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async replace(key: string, body: string, revision: number): Promise<boolean> {
      const { count } = await db.storageRecord.updateMany({ where: { location, key, revision }, data: { body, revision: revision + 1 } });
      return count === 1;
    },
    async delete(key: string): Promise<void> {
      await db.storageRecord.deleteMany({ where: { location, key } });
    },
    async list(prefix: string): Promise<string[]> {
      const rows = await db.storageRecord.findMany({ where: { location, key: { startsWith: prefix } }, select: { key: true }, orderBy: { key: "asc" } });
      return rows.map((r) => r.key);
    },
  };
}
