// Integration tests run against a real SQLite database in a temporary DATA_DIR, migrated the same
// way `npm start` does it. Import this before anything that imports lib/db.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const testDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-test-"));
process.env.DATA_DIR = testDataDir;
process.env.DATABASE_URL = "";

export async function migrateTestDb() {
  const { migrate } = await import("../scripts/migrate");
  await migrate();
}

export async function createTeamWithKey(name: string) {
  const { db } = await import("../lib/db");
  const { createApiKey } = await import("../lib/services/api-keys");
  const team = await db.team.create({ data: { name }, select: { id: true } });
  const key = await createApiKey({ teamId: team.id, name: "test" });
  return { teamId: team.id, secret: key.secret };
}

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls an App Router handler the way Next.js does. */
export async function call(
  handler: RouteHandler,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; params?: Record<string, string> } = {},
) {
  const init: RequestInit = { method, headers: { ...(options.body !== undefined ? { "content-type": "application/json" } : {}), ...options.headers } };
  if (options.body !== undefined) init.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const response = await handler(new Request(`http://localhost${url}`, init), { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json: json as Record<string, any>, headers: response.headers };
}
