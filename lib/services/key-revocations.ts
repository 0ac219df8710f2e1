// Revoked API keys must stop working at once in every web process, but verified keys are cached
// for a few seconds per process (lib/services/api-keys.ts). With SQLite there is one web process
// (`npm start`), so evicting the local cache is enough. With PostgreSQL (several web instances),
// a revocation is broadcast with NOTIFY and every web process LISTENs; a process caches keys only
// while its listener is connected, so a lost connection can never leave a revoked key cached.
import pg from "pg";
import { db } from "@/lib/db";
import { getEnv, isPostgres } from "@/lib/env";
import { parsePostgresUrl } from "@/lib/db/postgres";

export const REVOCATION_CHANNEL = "tabula_api_key_revoked";
const RECONNECT_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
// NOTIFY payloads are limited to 8000 bytes: ids go out in chunks.
const IDS_PER_NOTIFICATION = 200;

type Evict = (keyIds: string[] | "all") => void;

interface ListenerState {
  client: pg.Client | null;
  connected: boolean;
  starting: boolean;
  /** Failed connection attempts in a row: the wait before the next one doubles, and only the first is logged. */
  failures: number;
  evict: Evict | null;
  /** Bumped on every revocation seen; a lookup that straddles one must not be cached. */
  generation: number;
}

const state: ListenerState = ((globalThis as { __keyRevocations?: ListenerState }).__keyRevocations ??= {
  client: null,
  connected: false,
  starting: false,
  failures: 0,
  evict: null,
  generation: 0,
});

export function revocationGeneration(): number {
  return state.generation;
}

/** Whether this process may cache verified keys right now (starts the listener when needed). */
export function keyCachingAllowed(evict: Evict): boolean {
  state.evict = evict;
  if (!isPostgres()) return true;
  if (!state.connected && !state.starting) void startListener();
  return state.connected;
}

async function startListener(): Promise<void> {
  state.starting = true;
  const settings = parsePostgresUrl(getEnv().databaseUrl);
  const client = new pg.Client({ connectionString: settings.connectionString, ...(settings.options ? { options: settings.options } : {}) });
  const lost = () => {
    if (state.client !== client) return;
    state.client = null;
    state.connected = false;
    state.generation++;
    state.evict?.("all");
    client.end().catch(() => undefined);
    retryLater();
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", (message) => {
    if (message.channel !== REVOCATION_CHANNEL) return;
    state.generation++;
    try {
      const ids = JSON.parse(message.payload ?? "[]") as unknown;
      state.evict?.(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : "all");
    } catch {
      state.evict?.("all");
    }
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
    state.client = client;
    state.connected = true;
    if (state.failures > 0) console.warn("API key revocation listener connected again: caching verified keys.");
    state.failures = 0;
  } catch (error) {
    // E.g. PgBouncer in transaction mode, which does not pass LISTEN: correct, only slower.
    if (state.failures === 0) {
      console.warn(
        `API key revocation listener could not connect, so API keys are looked up on every request meanwhile: ${error instanceof Error ? error.message.slice(0, 200) : error}`,
      );
    }
    state.failures++;
    client.end().catch(() => undefined);
    retryLater();
  } finally {
    state.starting = false;
  }
}

function retryLater() {
  const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** Math.min(5, state.failures));
  setTimeout(() => {
    if (!state.client && !state.starting) void startListener();
  }, wait).unref();
}

/** Tells every web process that these keys are revoked (call after the revocation committed). */
export async function broadcastRevocation(keyIds: string[]): Promise<void> {
  state.generation++;
  state.evict?.(keyIds);
  if (!isPostgres() || keyIds.length === 0) return;
  for (let i = 0; i < keyIds.length; i += IDS_PER_NOTIFICATION) {
    const payload = JSON.stringify(keyIds.slice(i, i + IDS_PER_NOTIFICATION));
    await db.$executeRaw`SELECT pg_notify(${REVOCATION_CHANNEL}, ${payload})`;
  }
}

/** For tests: stop listening. */
export async function stopRevocationListener(): Promise<void> {
  const client = state.client;
  state.client = null;
  state.connected = false;
  if (client) {
    client.removeAllListeners("end");
    client.removeAllListeners("error");
    await client.end().catch(() => undefined);
  }
}
