// Sign-in throttling: failed attempts are counted per email and per client address in the database
// (so every web process applies the same limit), and past a few free failures each further attempt
// must wait a doubling delay (1 s, 2 s, 4 s ... 15 min), answered 429 with Retry-After.
//
// An attempt is counted as a failure *before* its password is checked and taken back when it
// succeeds: 40 parallel guesses cannot all pass the check before the first one is recorded.
// A blocked attempt costs one small transaction and no password hash.
import { db } from "@/lib/db";
import { isPostgres } from "@/lib/env";
import { sha256 } from "@/lib/auth/crypto";
import { AppError } from "@/lib/errors";

export const THROTTLE = {
  /** Failures an email may have before delays start. */
  emailFreeFailures: 5,
  /** A client address may be shared (an office behind one NAT): more free failures. */
  addressFreeFailures: 20,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** Counters start over after this long without a failure. */
  forgetAfterMs: 60 * 60_000,
} as const;

export interface ThrottleKey {
  key: string;
  freeFailures: number;
}

export function emailThrottleKey(email: string): ThrottleKey {
  // Hashed: the table need not hold a list of the addresses people tried.
  return { key: `email:${sha256(email.trim().toLowerCase())}`, freeFailures: THROTTLE.emailFreeFailures };
}

export function addressThrottleKey(address: string): ThrottleKey {
  return { key: `ip:${address.slice(0, 100)}`, freeFailures: THROTTLE.addressFreeFailures };
}

/** The delay after the n-th failure (n counted from 1). */
export function delayAfterFailures(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(THROTTLE.maxDelayMs, THROTTLE.baseDelayMs * 2 ** Math.min(30, failures - freeFailures));
}

type Row = { key: string; failures: number; lastFailureAt: Date | null; blockedUntil: Date | null };

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", `Too many failed sign-in attempts. Try again in ${formatWait(retryAfterSeconds)}.`);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one attempt against every key, or throws TooManyAttemptsError (nothing counted) while any
 * key is blocked. Call `settleAttempt` with the outcome afterwards.
 */
export async function beginAttempt(keys: ThrottleKey[], now = Date.now()): Promise<void> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1)); // one lock order: no deadlocks on PostgreSQL
  const blockedFor = await db.$transaction(async (tx) => {
    const rows: Row[] = [];
    for (const { key } of sorted) {
      await tx.$executeRaw`INSERT INTO "LoginThrottle" ("key", "failures") VALUES (${key}, 0) ON CONFLICT ("key") DO NOTHING`;
      // SQLite write transactions are exclusive already (lib/db/sqlite.ts); PostgreSQL locks the row.
      if (isPostgres()) await tx.$queryRaw`SELECT 1 AS "locked" FROM "LoginThrottle" WHERE "key" = ${key} FOR UPDATE`;
      rows.push((await tx.loginThrottle.findUnique({ where: { key } })) ?? { key, failures: 0, lastFailureAt: null, blockedUntil: null });
    }
    const waitMs = Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now : 0)));
    if (waitMs > 0) return waitMs;
    for (let i = 0; i < sorted.length; i++) {
      const row = rows[i];
      const stale = row.lastFailureAt !== null && now - row.lastFailureAt.getTime() > THROTTLE.forgetAfterMs;
      const failures = (stale ? 0 : row.failures) + 1;
      const delay = delayAfterFailures(failures, sorted[i].freeFailures);
      await tx.loginThrottle.update({
        where: { key: row.key },
        data: { failures, lastFailureAt: new Date(now), blockedUntil: delay > 0 ? new Date(now + delay) : null },
      });
    }
    return 0;
  });
  if (blockedFor > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(blockedFor / 1000)));
}

/**
 * Success: the account's counter starts over; a shared address only gets this attempt back (a
 * valid account of one's own must not wash out failures against others).
 */
export async function settleAttempt(options: { success: boolean; accountKey: ThrottleKey; otherKeys: ThrottleKey[] }): Promise<void> {
  if (!options.success) return; // already counted
  await db.loginThrottle.deleteMany({ where: { key: options.accountKey.key } });
  for (const other of options.otherKeys) {
    await db.$transaction(async (tx) => {
      const row = await tx.loginThrottle.findUnique({ where: { key: other.key } });
      if (!row || row.failures === 0) return;
      const failures = row.failures - 1;
      await tx.loginThrottle.update({
        where: { key: other.key },
        data: { failures, ...(delayAfterFailures(failures, other.freeFailures) === 0 ? { blockedUntil: null } : {}) },
      });
    });
  }
}

/** Old counters are useless after forgetAfterMs; called now and then so the table stays small. */
export async function forgetOldAttempts(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - THROTTLE.forgetAfterMs - THROTTLE.maxDelayMs);
  const { count } = await db.loginThrottle.deleteMany({ where: { OR: [{ lastFailureAt: { lt: cutoff } }, { lastFailureAt: null }] } });
  return count;
}
