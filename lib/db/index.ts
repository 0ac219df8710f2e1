// The one Prisma client of a process. SQLite (embedded default) through the libSQL driver adapter;
// PostgreSQL through the pg adapter when DATABASE_URL says so (see lib/db/postgres.ts).
import fs from "node:fs";
import { PrismaClient } from "@prisma/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { getEnv, isPostgres } from "@/lib/env";
import { createPostgresClient } from "@/lib/db/postgres";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; prismaReady?: Promise<void> };

function createClient(): PrismaClient {
  const env = getEnv();
  if (isPostgres(env.databaseUrl)) return createPostgresClient(env.databaseUrl);
  fs.mkdirSync(env.dataDir, { recursive: true });
  const adapter = new PrismaLibSQL({ url: env.databaseUrl });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForPrisma.prisma ?? (globalForPrisma.prisma = createClient());

/** Per-connection SQLite settings: WAL so readers never block the writer, and a busy timeout so
 * the web process and the workers wait for each other instead of failing with SQLITE_BUSY. */
export function ensureDbReady(): Promise<void> {
  if (!globalForPrisma.prismaReady) {
    globalForPrisma.prismaReady = (async () => {
      if (isPostgres()) return;
      await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
      await db.$queryRawUnsafe("PRAGMA busy_timeout = 10000");
      await db.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    })();
  }
  return globalForPrisma.prismaReady;
}

export type Db = PrismaClient;
