// The one Prisma client of a process. SQLite (embedded default) through the libSQL driver adapter;
// PostgreSQL through the pg adapter when DATABASE_URL says so (see lib/db/postgres.ts).
import fs from "node:fs";
import { PrismaClient } from "@prisma/client";
import { getEnv, isPostgres } from "@/lib/env";
import { createPostgresClient } from "@/lib/db/postgres";
import { ConfiguredPrismaLibSQL } from "@/lib/db/sqlite";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; prismaReady?: Promise<void> };

function createClient(): PrismaClient {
  const env = getEnv();
  if (isPostgres(env.databaseUrl)) return createPostgresClient(env.databaseUrl);
  fs.mkdirSync(env.dataDir, { recursive: true });
  const adapter = new ConfiguredPrismaLibSQL({ url: env.databaseUrl });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForPrisma.prisma ?? (globalForPrisma.prisma = createClient());

/** WAL (a property of the database file) so readers never block the writer. Per-connection
 * settings (busy timeout) are applied by lib/db/sqlite.ts to every connection. */
export function ensureDbReady(): Promise<void> {
  if (!globalForPrisma.prismaReady) {
    globalForPrisma.prismaReady = (async () => {
      if (isPostgres()) return;
      await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    })();
  }
  return globalForPrisma.prismaReady;
}

export type Db = PrismaClient;
