// Prisma CLI configuration for PostgreSQL (DATABASE_URL=postgresql://...). Like ../../prisma.config.ts
// it uses the JS engine and a driver adapter, so `generate`, `migrate diff` and `migrate deploy` need
// no native engines. Paths are relative to this file. The schema is derived: scripts/prisma-postgres.ts.
import pg from "pg";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { parsePostgresUrl } from "../../lib/db/postgres";

// Workarounds for the pg adapter under Prisma's schema engine, in a pg.Client subclass (only this CLI
// process uses it; the app's client is created in lib/db/postgres.ts).
// 1. Catalog column types the pg adapter cannot describe (it throws "Column type 'name' could not be
// deserialized", prisma/orm#27403), mapped to text: the schema engine reads pg_catalog through the
// adapter, and these come back as plain strings anyway.
const TEXT = 25;
const TEXT_ARRAY = 1009;
const AS_TEXT = new Map<number, number>([
  [18, TEXT], // "char" (relkind, contype, ...)
  [19, TEXT], // name
  [24, TEXT], // regproc
  [194, TEXT], // pg_node_tree
  [2205, TEXT], // regclass
  [2206, TEXT], // regtype
  [1003, TEXT_ARRAY], // name[]
]);

const SHADOW_PREFIX = "prisma_migrate_shadow_db_";

type Fields = { fields?: { dataTypeID: number }[] };
function describeCatalogTypesAsText<T>(result: T): T {
  for (const r of (Array.isArray(result) ? result : [result]) as Fields[]) {
    for (const field of r?.fields ?? []) field.dataTypeID = AS_TEXT.get(field.dataTypeID) ?? field.dataTypeID;
  }
  return result;
}

class CatalogSafeClient extends pg.Client {
  // 2. The adapter opens the migrate shadow database as { ...config, database }, but node-postgres lets
  // the connection string win over `database`, which would replay migrations into the real database.
  constructor(config?: string | pg.ClientConfig) {
    if (config && typeof config === "object" && config.connectionString && config.database) {
      const url = new URL(config.connectionString);
      url.pathname = `/${encodeURIComponent(config.database)}`;
      config = { ...config, connectionString: url.toString() };
    }
    super(config);
  }

  // 3. The adapter drops the migrate shadow database while its pool is still connected: the drop is
  // forced (below), and that pool's idle client, whose connection ends with it, must not crash the
  // CLI with an unhandled "error" event. Errors of queries still reach their callers.
  emit(event: string | symbol, ...args: unknown[]): boolean {
    const shadow = this.database?.startsWith(SHADOW_PREFIX) ?? false;
    if (event === "error" && shadow) return true;
    return super.emit(event, ...args);
  }

  // pg's query() has many overloads; only the SQL of the shadow drop and the result's field
  // descriptions are touched.
  query(...args: unknown[]): any {
    if (typeof args[0] === "string" && args[0].startsWith(`DROP DATABASE "${SHADOW_PREFIX}`) && !args[0].includes("WITH")) {
      args[0] = `${args[0]} WITH (FORCE)`;
    }
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, result: unknown) => callback(error, error ? result : describeCatalogTypesAsText(result));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const pending = (super.query as (...a: unknown[]) => unknown)(...args);
    return pending instanceof Promise ? pending.then(describeCatalogTypesAsText) : pending;
  }
}

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  adapter: async () => {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString || !/^postgres(ql)?:\/\//i.test(connectionString)) {
      throw new Error("DATABASE_URL must be a postgresql:// URL for prisma/postgres/prisma.config.ts");
    }
    // The same reading of the URL as the app's client (lib/db/postgres.ts): `?schema=` included.
    const settings = parsePostgresUrl(connectionString);
    return new PrismaPg(
      { connectionString: settings.connectionString, options: settings.options, Client: CatalogSafeClient },
      settings.schema ? { schema: settings.schema } : undefined,
    );
  },
});
