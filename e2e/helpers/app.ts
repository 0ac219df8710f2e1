// Starts the real application (web + workers, `scripts/start.ts`) on a free port with its own
// temporary DATA_DIR (and, with E2E_PG_URL, its own PostgreSQL database), as a user would with
// `npm start`. Tests that need to kill or restart workers start their own instance with `startApp`.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface AppInstance {
  baseURL: string;
  dataDir: string;
  /** "" for the embedded SQLite database in dataDir. */
  databaseUrl: string;
  /** "" for files in dataDir, else the instance's s3://bucket/prefix. */
  storageUrl: string;
  apiKey: string;
  /** The first-run setup token (SETUP_TOKEN), unless the caller removed it to read the printed one. */
  setupToken: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * The database of the instance whose DATA_DIR is dataDir: "" (SQLite inside it) unless E2E_PG_URL
 * names a PostgreSQL server (scripts/test-postgres.sh), then a database of its own on that server.
 * Deterministic, so a restarted instance and workers started by a spec find the same one.
 */
export function databaseUrlFor(dataDir: string): string {
  const server = process.env.E2E_PG_URL?.trim();
  if (!server) return "";
  const url = new URL(server);
  url.pathname = `/tabula_e2e_${createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16)}`;
  return url.toString();
}

/**
 * The object storage of the instance whose DATA_DIR is dataDir: "" (files in dataDir) unless
 * E2E_STORAGE_URL names a bucket (scripts/test-postgres.sh), then a prefix of its own in it, so
 * instances never see (or sweep) each other's objects. Deterministic like databaseUrlFor.
 */
export function storageUrlFor(dataDir: string): string {
  const bucket = process.env.E2E_STORAGE_URL?.trim();
  if (!bucket) return "";
  return `${bucket.replace(/\/+$/, "")}/e2e-${createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16)}`;
}

/** The settings that make a process (a worker) part of the instance whose DATA_DIR is dataDir. */
export function instanceEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrlFor(dataDir), STORAGE_URL: storageUrlFor(dataDir) };
}

async function ensureDatabase(databaseUrl: string) {
  if (!databaseUrl) return;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: process.env.E2E_PG_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * `databaseUrl` and `storageUrl` join another instance's database and storage (another host of
 * one installation); by default both derive from dataDir.
 */
export async function startApp(
  options: { env?: Record<string, string>; dataDir?: string; apiKey?: string; databaseUrl?: string; storageUrl?: string } = {},
): Promise<AppInstance> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tabula-e2e-"));
  const apiKey = options.apiKey ?? `tbk_test_${randomBytes(18).toString("base64url")}`;
  const setupToken = `setup-${randomBytes(12).toString("base64url")}`;
  const databaseUrl = options.databaseUrl ?? databaseUrlFor(dataDir);
  const storageUrl = options.storageUrl ?? storageUrlFor(dataDir);
  await ensureDatabase(databaseUrl);
  let log = "";
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STORAGE_URL: storageUrl,
      INITIAL_API_KEY: apiKey,
      SETUP_TOKEN: setupToken,
      SKIP_BUILD: "1",
      TASK_STALE_SECONDS: "6",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (log += d.toString()));
  child.stderr?.on("data", (d) => (log += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The app did not start within 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    dataDir,
    databaseUrl,
    storageUrl,
    apiKey,
    setupToken: options.env?.SETUP_TOKEN ?? setupToken,
    process: child,
    output: () => log,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, signal); // the whole process group: web and workers
      } catch {
        return;
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}
