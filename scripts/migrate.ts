// Applies the SQL migrations in prisma/migrations (or prisma/postgres/migrations) to DATABASE_URL,
// then creates the INITIAL_API_KEY team on a fresh database. Run at every start; idempotent.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { getEnv, isPostgres } from "../lib/env";

export async function migrate(): Promise<void> {
  const env = getEnv();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const postgres = isPostgres(env.databaseUrl);
  const prismaBin = path.resolve("node_modules/.bin/prisma");
  const args = ["migrate", "deploy", ...(postgres ? ["--config", "prisma/postgres/prisma.config.ts"] : [])];
  const result = spawnSync(prismaBin, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: env.databaseUrl, DATA_DIR: env.dataDir },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`Database migration failed (exit ${result.status}). See the output above.`);
  }
  const { ensureDbReady } = await import("../lib/db");
  const { bootstrapInitialApiKey } = await import("../lib/services/setup");
  await ensureDbReady();
  await bootstrapInitialApiKey(env.INITIAL_API_KEY);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  migrate()
    .then(() => {
      console.log("Database is up to date.");
      process.exit(0);
    })
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
