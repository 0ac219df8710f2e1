// The embedded SQLite database through libSQL, with the per-connection settings that several
// processes sharing one file need. @libsql/client hands its connection to every transaction and
// opens a fresh one for the next statement, and a fresh connection has no busy timeout: it fails at
// once with SQLITE_BUSY when another process writes. Worse, a failed COMMIT left the transaction
// (and its write lock) open for good. This wrapper applies the settings to every new connection,
// begins write transactions IMMEDIATE (so they wait for the lock instead of failing on upgrade),
// and rolls back a transaction whose commit failed.
import { createClient, type Client, type Config, type Transaction, type TransactionMode } from "@libsql/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";

export const SQLITE_BUSY_TIMEOUT_MS = 15_000;
const CONNECTION_PRAGMAS = [`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`, "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"];

function safeTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === "commit") {
        return async () => {
          try {
            await target.commit();
          } catch (error) {
            await target.rollback().catch(() => undefined);
            throw error;
          }
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function createConfiguredLibsqlClient(config: Config): Client {
  const client = createClient(config);
  let configured = false;
  const configure = async () => {
    if (configured) return;
    for (const sql of CONNECTION_PRAGMAS) await client.execute(sql);
    configured = true;
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "execute" || prop === "batch" || prop === "executeMultiple" || prop === "migrate") {
        const method = Reflect.get(target, prop, receiver) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await configure();
          return method.apply(target, args);
        };
      }
      if (prop === "transaction") {
        return async (mode?: TransactionMode) => {
          await configure();
          // The transaction takes this (configured) connection; the next statement opens a new one.
          const tx = await target.transaction(mode === "read" ? "read" : "write");
          configured = false;
          return safeTransaction(tx);
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** PrismaLibSQL whose connections are configured for multi-process use (see above). */
export class ConfiguredPrismaLibSQL extends PrismaLibSQL {
  createClient(config: Config): Client {
    return createConfiguredLibsqlClient(config);
  }
}
