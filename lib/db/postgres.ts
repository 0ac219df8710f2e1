// The PostgreSQL Prisma client (DATABASE_URL=postgresql://...). A generated client is tied to one
// provider, so PostgreSQL has its own, generated from prisma/postgres/schema.prisma (derived from
// prisma/schema.prisma by scripts/prisma-postgres.ts) into node_modules/.prisma/client-postgres.
// Its model API is the same as the SQLite client's, so callers keep using that client's type.
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, type PrismaClient } from "@prisma/client";

export const POSTGRES_CLIENT_MODULE = ".prisma/client-postgres";

export interface PostgresSettings {
  /** The URL handed to node-postgres (sslmode etc. stay in it). */
  connectionString: string;
  /** Prisma's `?schema=` (default public): the adapter takes it separately. */
  schema?: string;
  /** Startup options: with a schema, its search_path, so migrations and raw SQL land there too. */
  options?: string;
  /** Prisma's `?connection_limit=`: pool size per process (node-postgres default 10). */
  poolSize?: number;
}

/** Splits the Prisma-specific query parameters off a PostgreSQL URL. */
export function parsePostgresUrl(url: string): PostgresSettings {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") || undefined;
  const limit = parsed.searchParams.get("connection_limit");
  parsed.searchParams.delete("schema");
  parsed.searchParams.delete("connection_limit");
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) {
    throw new Error(`DATABASE_URL: schema must be a plain identifier (letters, digits, _), got "${schema}"`);
  }
  let poolSize: number | undefined;
  if (limit !== null) {
    poolSize = Number(limit);
    if (!Number.isInteger(poolSize) || poolSize < 1) throw new Error(`DATABASE_URL: connection_limit must be a positive integer, got "${limit}"`);
  }
  return { connectionString: parsed.toString(), schema, poolSize, options: schema ? `-c search_path=${schema}` : undefined };
}

type PostgresClientModule = { PrismaClient: new (options: { adapter: PrismaPg }) => unknown; Prisma: { Sql?: unknown } };

/** The generated module, loaded at run time from the project's node_modules (never bundled). */
export function loadPostgresClientModule(): PostgresClientModule {
  // A computed id through createRequire keeps bundlers (Next) from inlining the generated client.
  const requireFromProject = createRequire(path.join(process.cwd(), "package.json"));
  const id = POSTGRES_CLIENT_MODULE;
  let loaded: PostgresClientModule;
  try {
    loaded = requireFromProject(id) as PostgresClientModule;
  } catch (error) {
    throw new Error(
      "The PostgreSQL Prisma client is not generated (run `npm run db:generate`, which `npm install` and `npm run build` also do): " +
        (error instanceof Error ? error.message : String(error)),
    );
  }
  // Raw queries pass Prisma.raw/join from "@prisma/client"; a client with its own runtime copy would
  // send them as bind parameters (a syntax error at best). scripts/prisma-postgres.ts shares it.
  if (loaded.Prisma.Sql !== Prisma.Sql) {
    throw new Error("The PostgreSQL Prisma client does not share @prisma/client's runtime: regenerate it with `npm run db:generate`.");
  }
  return loaded;
}

export function createPostgresClient(url: string): PrismaClient {
  const settings = parsePostgresUrl(url);
  const adapter = new PrismaPg(
    {
      connectionString: settings.connectionString,
      ...(settings.poolSize ? { max: settings.poolSize } : {}),
      ...(settings.options ? { options: settings.options } : {}),
    },
    settings.schema ? { schema: settings.schema } : undefined,
  );
  const { PrismaClient: PostgresPrismaClient } = loadPostgresClientModule();
  return new PostgresPrismaClient({ adapter }) as PrismaClient;
}
