// Sign-in throttling: failed attempts are counted per email and per client address in the database
// (so every web process applies the same limit), and past a few free failures each further attempt
// must wait a doubling delay (1 s, 2 s, 4 s ... 15 min), answered 429 with Retry-After.
//
// An attempt is counted as a failure *before* its password is checked and taken back when it
// succeeds: 40 parallel guesses cannot all pass the check before the first one is recorded. Each
// count is one INSERT ... ON CONFLICT DO UPDATE ... RETURNING statement, atomic on SQLite and
// PostgreSQL without a transaction to wait for (under a flood of attempts, interactive
// transactions queue for a row lock and time out). A blocked attempt costs that one statement and
// no password hash.
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
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

/** The wait after the n-th failure in a row (n counted from 1). */
export function delayAfterFailures(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(THROTTLE.maxDelayMs, THROTTLE.baseDelayMs * 2 ** Math.min(30, failures - freeFailures));
}

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", `Too many failed sign-in attempts. Try again in ${formatWait(retryAfterSeconds)}.`);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const big = (n: number) => Prisma.sql`CAST(${Math.round(n)} AS BIGINT)`;

/** SQL for "blocked until" after `failures` (an SQL expression) failures: a CASE over the few distinct delays. */
function blockedUntilSql(failures: Prisma.Sql, freeFailures: number, now: number): Prisma.Sql {
  const steps: Prisma.Sql[] = [];
  for (let n = freeFailures; delayAfterFailures(n, freeFailures) < THROTTLE.maxDelayMs; n++) {
    steps.push(Prisma.sql`WHEN ${failures} = ${n} THEN ${big(now + delayAfterFailures(n, freeFailures))}`);
  }
  return Prisma.sql`CASE WHEN ${failures} < ${freeFailures} THEN ${big(0)} ${Prisma.join(steps, " ")} ELSE ${big(now + THROTTLE.maxDelayMs)} END`;
}

/** Counts one attempt against a key, unless it is blocked: then the milliseconds left. */
async function countAttempt(key: ThrottleKey, now: number): Promise<number> {
  const attempt = randomUUID();
  const blocked = Prisma.sql`t."blockedUntilMs" > ${big(now)}`;
  const next = Prisma.sql`(CASE WHEN t."lastFailureMs" < ${big(now - THROTTLE.forgetAfterMs)} THEN 1 ELSE t."failures" + 1 END)`;
  const rows = await db.$queryRaw<{ lastAttempt: string; blockedUntilMs: bigint | number }[]>`
    INSERT INTO "LoginThrottle" AS t ("key", "failures", "lastFailureMs", "blockedUntilMs", "lastAttempt")
    VALUES (${key.key}, 1, ${big(now)}, ${big(delayAfterFailures(1, key.freeFailures) ? now + delayAfterFailures(1, key.freeFailures) : 0)}, ${attempt})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN ${blocked} THEN t."failures" ELSE ${next} END,
      "lastFailureMs" = CASE WHEN ${blocked} THEN t."lastFailureMs" ELSE ${big(now)} END,
      "blockedUntilMs" = CASE WHEN ${blocked} THEN t."blockedUntilMs" ELSE ${blockedUntilSql(next, key.freeFailures, now)} END,
      "lastAttempt" = CASE WHEN ${blocked} THEN t."lastAttempt" ELSE ${attempt} END
    RETURNING "lastAttempt", "blockedUntilMs"`;
  const row = rows[0];
  if (row && row.lastAttempt === attempt) return 0;
  return Math.max(1, Number(row?.blockedUntilMs ?? now + 1) - now);
}

/** Gives one counted attempt back (a success, or an attempt refused by another key). */
async function refundAttempt(key: ThrottleKey): Promise<void> {
  await db.$executeRaw`
    UPDATE "LoginThrottle" SET
      "failures" = "failures" - 1,
      "blockedUntilMs" = CASE WHEN "failures" - 1 < ${key.freeFailures} THEN ${big(0)} ELSE "blockedUntilMs" END
    WHERE "key" = ${key.key} AND "failures" > 0`;
}

/**
 * Counts one attempt against every key, or throws TooManyAttemptsError (nothing counted) while any
 * key is blocked. Call `settleAttempt` with the outcome afterwards.
 */
export async function beginAttempt(keys: ThrottleKey[], now = Date.now()): Promise<void> {
  const counted: ThrottleKey[] = [];
  for (const key of keys) {
    const waitMs = await countAttempt(key, now);
    if (waitMs > 0) {
      for (const done of counted) await refundAttempt(done);
      throw new TooManyAttemptsError(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    counted.push(key);
  }
}

/**
 * Success: the account's counter starts over; a shared address only gets this attempt back (a
 * valid account of one's own must not wash out failures against others).
 */
export async function settleAttempt(options: { success: boolean; accountKey: ThrottleKey; otherKeys: ThrottleKey[] }): Promise<void> {
  if (!options.success) return; // already counted
  await db.loginThrottle.deleteMany({ where: { key: options.accountKey.key } });
  for (const other of options.otherKeys) await refundAttempt(other);
}

/** Counters nobody failed on for longer than they matter; called now and then so the table stays small. */
export async function forgetOldAttempts(now = Date.now()): Promise<number> {
  const cutoff = BigInt(now - THROTTLE.forgetAfterMs - THROTTLE.maxDelayMs);
  const { count } = await db.loginThrottle.deleteMany({ where: { lastFailureMs: { lt: cutoff } } });
  return count;
}
