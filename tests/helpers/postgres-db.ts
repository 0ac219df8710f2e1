// A throwaway database per PostgreSQL test file on the server TEST_DATABASE_URL names (`npm test`
// starts one; scripts/start-postgres.sh does it by hand). Without it those tests are skipped.
import pg from "pg";

export const adminUrl = process.env.TEST_DATABASE_URL?.trim();

/** The admin URL pointed at `database`, with extra query parameters (e.g. connection_limit). */
export function databaseUrl(admin: string, database: string, params: Record<string, string> = {}) {
  const url = new URL(admin);
  url.pathname = `/${database}`;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

async function asAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export const createDatabase = (database: string) => asAdmin(`CREATE DATABASE "${database}"`);
export const dropDatabase = (database: string) => asAdmin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
