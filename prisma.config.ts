// Prisma CLI configuration. The JS engine and a driver adapter let `generate`, `migrate diff` and
// `migrate deploy` run without downloading Prisma's native engines (this machine has no internet).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

function sqliteUrl(): string {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv && fromEnv.startsWith("file:")) return fromEnv;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  return `file:${path.join(dataDir, "app.db")}`;
}

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => new PrismaLibSQL({ url: sqliteUrl() }),
});
