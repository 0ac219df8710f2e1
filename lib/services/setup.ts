// First run: the first user, their team, and the setup token that proves the person completing
// setup can read the server's console (or its configuration): without it, the first stranger to
// reach the port could claim an installation that already holds INITIAL_API_KEY data.
//
// Atomicity: the "no user yet" check and the inserts run in one transaction, which also inserts
// the SystemSetting row "setup.done". SQLite serialises write transactions; on PostgreSQL a second
// concurrent setup blocks on that primary key and then fails on it. Either way: one owner.
import { z } from "zod";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { apiKeyPrefix, generateSetupToken, hashPassword, secretsEqual, sha256 } from "@/lib/auth/crypto";
import { AppError } from "@/lib/errors";
import { beginAttempt, settleAttempt, type ThrottleKey } from "./login-throttle";

const SETUP_DONE = "setup.done";
const TOKEN_PREFIX = "setup.token.";

export const setupSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, "The email address is too long.").email("Enter a valid email address."),
  password: z.string().min(8, "The password must be at least 8 characters.").max(200, "The password must be at most 200 characters."),
  name: z.string().trim().max(100, "The name must be at most 100 characters.").optional().default(""),
  teamName: z.string().trim().min(1, "Give your team a name.").max(100, "The team name must be at most 100 characters."),
  setupToken: z
    .string({ message: "Enter the setup token: `npm start` prints it on the server's console (or set SETUP_TOKEN)." })
    .trim()
    .min(1, "Enter the setup token: `npm start` prints it on the server's console (or set SETUP_TOKEN).")
    .max(200),
});

export async function needsSetup(): Promise<boolean> {
  return (await db.user.count()) === 0;
}

/**
 * Called by `npm start`: while no user exists, a fresh random setup token (its hash stored, so
 * every web process accepts it) to print on the console. Null when setup is done or SETUP_TOKEN
 * is configured. Tokens from earlier starts stay valid until setup completes.
 */
export async function issueSetupToken(): Promise<string | null> {
  if (getEnv().SETUP_TOKEN || !(await needsSetup())) return null;
  const token = generateSetupToken();
  await db.systemSetting.create({ data: { key: TOKEN_PREFIX + sha256(token) } });
  return token;
}

async function isValidSetupToken(token: string): Promise<boolean> {
  const configured = getEnv().SETUP_TOKEN;
  if (configured && secretsEqual(token, configured)) return true;
  return (await db.systemSetting.findUnique({ where: { key: TOKEN_PREFIX + sha256(token) }, select: { key: true } })) !== null;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

const alreadyDone = () => new AppError("conflict", "Setup is already done. Sign in instead.");

/** First run: the first user (owner) and their team. Refused once any user exists. */
export async function createFirstUser(input: z.infer<typeof setupSchema>, context: { address: string }) {
  if (!(await needsSetup())) throw alreadyDone();
  // Guessing tokens is throttled like guessing passwords (per client address).
  const key: ThrottleKey = { key: `setup:${context.address.slice(0, 100)}`, freeFailures: 10 };
  await beginAttempt([key]);
  const valid = await isValidSetupToken(input.setupToken);
  // A concurrent setup that just finished deleted the tokens: say that setup is done, not that the token is wrong.
  const doneMeanwhile = !valid && !(await needsSetup());
  await settleAttempt({ success: valid || doneMeanwhile, accountKey: key, otherKeys: [] });
  if (doneMeanwhile) throw alreadyDone();
  if (!valid) throw new AppError("forbidden", "Wrong setup token. Copy it from the console where `npm start` runs (or from SETUP_TOKEN).");
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      if ((await tx.user.count()) > 0) throw alreadyDone();
      await tx.systemSetting.create({ data: { key: SETUP_DONE, value: new Date().toISOString() } });
      // The INITIAL_API_KEY team (if any) becomes the first user's team, so keys made for scripts keep working.
      const existing = await tx.team.findFirst({ orderBy: { createdAt: "asc" }, select: { id: true } });
      const team = existing
        ? await tx.team.update({ where: { id: existing.id }, data: { name: input.teamName }, select: { id: true } })
        : await tx.team.create({ data: { name: input.teamName }, select: { id: true } });
      const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash }, select: { id: true } });
      await tx.membership.create({ data: { userId: user.id, teamId: team.id, role: "owner" } });
      await tx.systemSetting.deleteMany({ where: { key: { startsWith: TOKEN_PREFIX } } });
      return { userId: user.id, teamId: team.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyDone();
    throw error;
  }
}

/**
 * INITIAL_API_KEY: on a fresh database, a default team holding that key (idempotent). At every
 * start the key's visible prefix is brought to the current rule (at most 8 characters, at most a
 * third of the key).
 */
export async function bootstrapInitialApiKey(secret: string | undefined) {
  const key = secret?.trim();
  if (!key) return;
  const hash = sha256(key);
  const prefix = apiKeyPrefix(key);
  const existing = await db.apiKey.findUnique({ where: { hash }, select: { id: true, prefix: true } });
  if (existing) {
    if (existing.prefix !== prefix) await db.apiKey.update({ where: { id: existing.id }, data: { prefix } });
    return;
  }
  if ((await db.team.count()) > 0) return; // not a fresh database: never add keys behind the operator's back
  await db.team.create({ data: { name: "Default team", apiKeys: { create: { name: "INITIAL_API_KEY", prefix, hash } } } });
}
