// One source of truth for the schema: prisma/postgres/schema.prisma must be exactly what
// scripts/prisma-postgres.ts derives from prisma/schema.prisma, and (with a server) the PostgreSQL
// migrations must produce that schema. Also the DATABASE_URL parsing of lib/db/postgres.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivePostgresSchema, readDerivedSchema, POSTGRES_CLIENT_OUTPUT } from "../scripts/prisma-postgres";
import { Prisma } from "@prisma/client";
import { loadPostgresClientModule, parsePostgresUrl } from "../lib/db/postgres";

const adminUrl = process.env.TEST_DATABASE_URL?.trim();

describe("derived PostgreSQL schema", () => {
  it("prisma/postgres/schema.prisma is up to date (run `npx tsx scripts/prisma-postgres.ts` and commit it)", () => {
    const { expected, actual } = readDerivedSchema();
    expect(actual).not.toBeNull();
    expect(actual).toBe(expected);
  });

  it("switches only the provider and the client output, keeping every model", () => {
    const source = `generator client {\n  provider   = "prisma-client-js"\n  engineType = "client"\n}\n\ndatasource db {\n  provider = "sqlite"\n  url      = "file:./x.db"\n}\n\nmodel A {\n  id String @id\n  at DateTime @default(now())\n}\n`;
    const derived = derivePostgresSchema(source);
    expect(derived).toContain('provider = "postgresql"');
    expect(derived).not.toContain("sqlite");
    expect(derived).toContain(`output     = "${POSTGRES_CLIENT_OUTPUT}"`);
    expect(derived).toContain('engineType = "client"');
    expect(derived.slice(derived.indexOf("model A"))).toBe(source.slice(source.indexOf("model A")));
  });

  it("refuses provider-specific native types and a schema without the expected blocks", () => {
    expect(() => derivePostgresSchema("generator client {\n}\ndatasource db {\n}\nmodel A {\n  id String @id @db.VarChar(10)\n}\n")).toThrow(/@db\.VarChar/);
    expect(() => derivePostgresSchema("model A {\n  id String @id\n}\n")).toThrow(/generator/);
  });
});

describe("generated PostgreSQL client", () => {
  it("is generated and shares @prisma/client's runtime (Prisma.raw/join in raw queries, error classes)", () => {
    const loaded = loadPostgresClientModule() as unknown as { Prisma: typeof Prisma };
    expect(loaded.Prisma.Sql).toBe(Prisma.Sql);
    expect(loaded.Prisma.PrismaClientKnownRequestError).toBe(Prisma.PrismaClientKnownRequestError);
  });
});

describe("DATABASE_URL for PostgreSQL", () => {
  it("takes Prisma's schema and connection_limit parameters off the URL node-postgres sees", () => {
    const parsed = parsePostgresUrl("postgresql://u:p%40ss@db.example:6432/tabula?schema=meta&connection_limit=4&sslmode=require");
    expect(parsed.schema).toBe("meta");
    expect(parsed.options).toBe("-c search_path=meta");
    expect(parsed.poolSize).toBe(4);
    const rest = new URL(parsed.connectionString);
    expect(rest.searchParams.get("sslmode")).toBe("require");
    expect(rest.searchParams.has("schema")).toBe(false);
    expect(rest.password).toBe("p%40ss");
    expect(parsePostgresUrl("postgres://localhost/x")).toEqual({
      connectionString: "postgres://localhost/x",
      schema: undefined,
      poolSize: undefined,
      options: undefined,
    });
    expect(() => parsePostgresUrl("postgresql://localhost/x?schema=a;b")).toThrow(/schema/);
    expect(() => parsePostgresUrl("postgresql://localhost/x?connection_limit=0")).toThrow(/connection_limit/);
  });
});

describe.skipIf(!adminUrl)("PostgreSQL migrations", () => {
  it("prisma/postgres/migrations produce exactly prisma/postgres/schema.prisma", () => {
    const root = path.resolve(__dirname, "..");
    // The JS schema engine replays the migrations into a temporary shadow database and compares.
    const result = spawnSync(
      path.join(root, "node_modules", ".bin", "prisma"),
      [
        "migrate",
        "diff",
        "--config",
        "prisma/postgres/prisma.config.ts",
        "--from-migrations",
        "prisma/postgres/migrations",
        "--to-schema-datamodel",
        "prisma/postgres/schema.prisma",
        "--script",
        "--exit-code",
      ],
      { cwd: root, encoding: "utf8", env: { ...process.env, DATABASE_URL: adminUrl } },
    );
    // --exit-code: 0 = no difference, 2 = difference (stdout holds the missing SQL), 1 = error.
    expect(result.status, `${result.stdout}\n${result.stderr}\nAdd a migration under prisma/postgres/migrations (see scripts/prisma-postgres.ts).`).toBe(0);
  });
});
