// Users, browser sessions and passwords. The first user is created by the first-run setup
// (lib/services/setup.ts); later users come through invitations (lib/services/invitations.ts).
import { z } from "zod";
import { db } from "@/lib/db";
import { generateSessionToken, hashPassword, sha256, verifyPassword } from "@/lib/auth/crypto";
import { AppError, notFound } from "@/lib/errors";
import { addressThrottleKey, beginAttempt, emailThrottleKey, forgetOldAttempts, settleAttempt } from "./login-throttle";
import { isRole, type Role } from "./permissions";
import { getRoleOrThrow } from "./teams";

export { ROLES, type Role } from "./permissions";
export { needsSetup } from "./setup";

export const SESSION_DAYS = 30;
/** Older sessions of one user beyond this many are ended (a script signing in in a loop). */
export const MAX_SESSIONS_PER_USER = 50;
// lastSeenAt is written at most once a minute per session, not on every request.
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const emailSchema = z.string().trim().toLowerCase().max(254, "The email address is too long.").email("Enter a valid email address.");
export const newPasswordSchema = z.string().min(8, "The password must be at least 8 characters.").max(200, "The password must be at most 200 characters.");

export const credentialsSchema = z.object({
  email: emailSchema,
  // Not the new-password rules: a sign-in with a short password is simply wrong, not a 422.
  password: z.string().min(1, "Enter your password.").max(200, "The password must be at most 200 characters."),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: newPasswordSchema,
});

export const changeNameSchema = z.object({
  name: z.string({ message: "Enter your name." }).trim().min(1, "Enter your name.").max(100, "The name must be at most 100 characters."),
});

export interface SessionInfo {
  /** Names this session in the session list (not the token, not its stored hash). */
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  /** An owner or admin chose the password: nothing but a password change works until then. */
  mustChangePassword: boolean;
  /** The team this session acts for; null when the user belongs to no team (yet). */
  teamId: string | null;
  teamName: string | null;
  role: Role | null;
}

export type TeamSessionInfo = SessionInfo & { teamId: string; teamName: string; role: Role };

export function hasTeam(session: SessionInfo): session is TeamSessionInfo {
  return session.teamId !== null && session.role !== null;
}

/** The handle shown for a session: derived from its stored id, useless for signing in. */
export function sessionHandle(storedId: string): string {
  return sha256(`session-handle:${storedId}`).slice(0, 24);
}

// Unknown emails are checked against this hash, so they cost one hash like a real account does.
let equaliserHash: Promise<string> | null = null;
function equaliser(): Promise<string> {
  return (equaliserHash ??= hashPassword(`equaliser-${Math.random()}`));
}

/**
 * Email + password -> the user, throttled per email and per client address
 * (lib/services/login-throttle.ts). The same answer for an unknown email and a wrong password.
 */
export async function verifyCredentials(input: z.infer<typeof credentialsSchema>, context: { address: string }) {
  const accountKey = emailThrottleKey(input.email);
  const addressKey = addressThrottleKey(context.address);
  await beginAttempt([accountKey, addressKey]);
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: {
      id: true,
      passwordHash: true,
      mustChangePassword: true,
      memberships: { select: { teamId: true }, orderBy: { createdAt: "asc" }, take: 1 },
    },
  });
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyPassword(input.password, await equaliser()).then(() => false);
  await settleAttempt({ success: ok, accountKey, otherKeys: [addressKey] });
  // Now and then, counters that no longer matter go (the table would otherwise keep every address).
  if (Math.random() < 0.01) await forgetOldAttempts().catch(() => undefined);
  if (!user || !ok) throw new AppError("unauthorized", "Wrong email or password.");
  return { userId: user.id, teamId: user.memberships[0]?.teamId ?? null, mustChangePassword: user.mustChangePassword };
}

export async function createSession(options: { userId: string; teamId: string | null; userAgent?: string | null; ipAddress?: string | null }) {
  const token = generateSessionToken();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_DAYS * 86_400_000);
  await db.session.deleteMany({ where: { userId: options.userId, expiresAt: { lt: new Date(now) } } });
  await db.session.create({
    data: {
      id: sha256(token),
      userId: options.userId,
      teamId: options.teamId ?? "",
      expiresAt,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      userAgent: (options.userAgent ?? "").slice(0, 200),
      ipAddress: (options.ipAddress ?? "").slice(0, 64),
    },
  });
  const surplus = await db.session.findMany({
    where: { userId: options.userId },
    orderBy: { createdAt: "desc" },
    skip: MAX_SESSIONS_PER_USER,
    select: { id: true },
  });
  if (surplus.length) await db.session.deleteMany({ where: { id: { in: surplus.map((s) => s.id) } } });
  return { token, expiresAt };
}

export async function getSession(token: string | undefined | null): Promise<SessionInfo | null> {
  if (!token) return null;
  const id = sha256(token);
  const session = await db.session.findUnique({
    where: { id },
    select: {
      teamId: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, email: true, name: true, mustChangePassword: true } },
    },
  });
  if (!session || session.expiresAt.getTime() < Date.now()) return null;
  // Membership is checked on every request: a removed member loses the team at once.
  const membership = session.teamId
    ? await db.membership.findUnique({
        where: { userId_teamId: { userId: session.user.id, teamId: session.teamId } },
        select: { role: true, team: { select: { name: true } } },
      })
    : null;
  if (!session.lastSeenAt || Date.now() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.session.update({ where: { id }, data: { lastSeenAt: new Date() } }).catch(() => undefined);
  }
  const role = membership && isRole(membership.role) ? membership.role : null;
  return {
    sessionId: sessionHandle(id),
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    mustChangePassword: session.user.mustChangePassword,
    teamId: role ? session.teamId : null,
    teamName: role ? membership!.team.name : null,
    role,
  };
}

export async function deleteSession(token: string | undefined | null) {
  if (!token) return;
  await db.session.deleteMany({ where: { id: sha256(token) } });
}

/** Switches the session to another of the user's teams (404 for a team they are not in). */
export async function switchTeam(options: { token: string; userId: string; teamId: string }) {
  await getRoleOrThrow({ userId: options.userId, teamId: options.teamId });
  await db.session.updateMany({ where: { id: sha256(options.token), userId: options.userId }, data: { teamId: options.teamId } });
}

export async function listSessions(options: { userId: string; currentToken: string | null }) {
  const now = new Date();
  await db.session.deleteMany({ where: { userId: options.userId, expiresAt: { lt: now } } });
  const currentId = options.currentToken ? sha256(options.currentToken) : null;
  const sessions = await db.session.findMany({
    where: { userId: options.userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, userAgent: true, ipAddress: true },
  });
  return sessions.map((s) => ({
    id: sessionHandle(s.id),
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    current: s.id === currentId,
  }));
}

/** Ends one of the user's sessions by its handle; true when it was the calling session. */
export async function endSession(options: { userId: string; sessionId: string; currentToken: string | null }): Promise<boolean> {
  const sessions = await db.session.findMany({ where: { userId: options.userId }, select: { id: true } });
  const match = sessions.find((s) => sessionHandle(s.id) === options.sessionId);
  if (!match) throw notFound("Session");
  await db.session.deleteMany({ where: { id: match.id, userId: options.userId } });
  return options.currentToken !== null && sha256(options.currentToken) === match.id;
}

/** "Sign out everywhere": every session of the user, or every other one. */
export async function endAllSessions(options: { userId: string; exceptToken?: string | null }): Promise<number> {
  const { count } = await db.session.deleteMany({
    where: { userId: options.userId, ...(options.exceptToken ? { NOT: { id: sha256(options.exceptToken) } } : {}) },
  });
  return count;
}

/**
 * The user's own password change: the current password is required (and throttled like a
 * sign-in), the new one must differ, and every other session of the user ends.
 */
export async function changeOwnPassword(options: { userId: string; currentToken: string; address: string } & z.infer<typeof changePasswordSchema>) {
  const user = await db.user.findUnique({ where: { id: options.userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  const accountKey = emailThrottleKey(user.email);
  const addressKey = addressThrottleKey(options.address);
  await beginAttempt([accountKey, addressKey]);
  const ok = await verifyPassword(options.currentPassword, user.passwordHash);
  await settleAttempt({ success: ok, accountKey, otherKeys: [addressKey] });
  if (!ok) throw new AppError("forbidden", "The current password is wrong.");
  if (options.newPassword === options.currentPassword) {
    throw new AppError("bad_request", "Choose a new password that differs from the current one.");
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.$transaction([
    db.user.update({ where: { id: options.userId }, data: { passwordHash, mustChangePassword: false } }),
    db.session.deleteMany({ where: { userId: options.userId, NOT: { id: sha256(options.currentToken) } } }),
  ]);
}

/** The name shown to your team and on the account page; empty leaves only the email address. */
export async function changeOwnName(options: { userId: string } & z.infer<typeof changeNameSchema>) {
  await db.user.update({ where: { id: options.userId }, data: { name: options.name } });
}

/** Until a chosen-for-you password is replaced, only the password change and sign-out work. */
export function requirePasswordChosen(session: SessionInfo): void {
  if (session.mustChangePassword) throw new AppError("forbidden", "Choose your own password first (/account).");
}
