// Users, teams and browser sessions. The first user is created through the setup page; later users
// join a team by invitation from the team settings page.
import { z } from "zod";
import { db } from "@/lib/db";
import { generateSessionToken, hashPassword, sha256, verifyPassword } from "@/lib/auth/crypto";
import { AppError } from "@/lib/errors";

export const SESSION_DAYS = 30;
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  password: z.string().min(8, "The password must be at least 8 characters.").max(200),
});

export const setupSchema = credentialsSchema.extend({
  name: z.string().trim().max(100).optional().default(""),
  teamName: z.string().trim().min(1, "Give your team a name.").max(100),
});

export async function needsSetup(): Promise<boolean> {
  return (await db.user.count()) === 0;
}

/** First run: the first user and their team. Refused once any user exists. */
export async function createFirstUser(input: z.infer<typeof setupSchema>) {
  if (!(await needsSetup())) throw new AppError("conflict", "Setup is already done. Sign in instead.");
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    // The INITIAL_API_KEY team (if any) becomes the first user's team, so keys made for scripts keep working.
    const existing = await tx.team.findFirst({ orderBy: { createdAt: "asc" }, select: { id: true } });
    const team = existing
      ? await tx.team.update({ where: { id: existing.id }, data: { name: input.teamName }, select: { id: true } })
      : await tx.team.create({ data: { name: input.teamName }, select: { id: true } });
    const user = await tx.user.create({
      data: { email: input.email, name: input.name, passwordHash },
      select: { id: true },
    });
    await tx.membership.create({ data: { userId: user.id, teamId: team.id, role: "owner" } });
    return { userId: user.id, teamId: team.id };
  });
}

export async function verifyCredentials(input: z.infer<typeof credentialsSchema>) {
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, passwordHash: true, memberships: { select: { teamId: true }, orderBy: { createdAt: "asc" }, take: 1 } },
  });
  // Same message for unknown email and wrong password: do not reveal which accounts exist.
  const invalid = new AppError("unauthorized", "Wrong email or password.");
  if (!user) {
    await hashPassword(input.password); // equalise timing
    throw invalid;
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw invalid;
  const teamId = user.memberships[0]?.teamId;
  if (!teamId) throw new AppError("forbidden", "This account belongs to no team. Ask a team owner to invite you again.");
  return { userId: user.id, teamId };
}

export async function createSession(options: { userId: string; teamId: string }) {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.session.create({ data: { id: sha256(token), userId: options.userId, teamId: options.teamId, expiresAt } });
  return { token, expiresAt };
}

export async function getSession(token: string | undefined | null) {
  if (!token) return null;
  const session = await db.session.findUnique({
    where: { id: sha256(token) },
    select: {
      teamId: true,
      expiresAt: true,
      user: { select: { id: true, email: true, name: true, memberships: { select: { teamId: true, role: true, team: { select: { name: true } } } } } },
    },
  });
  if (!session || session.expiresAt.getTime() < Date.now()) return null;
  const membership = session.user.memberships.find((m) => m.teamId === session.teamId);
  if (!membership) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    teamId: session.teamId,
    teamName: membership.team.name,
    role: membership.role as Role,
  };
}

export type SessionInfo = NonNullable<Awaited<ReturnType<typeof getSession>>>;

export async function deleteSession(token: string | undefined | null) {
  if (!token) return;
  await db.session.deleteMany({ where: { id: sha256(token) } });
}

export function listMembers(teamId: string) {
  return db.membership.findMany({
    where: { teamId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
}

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  role: z.enum(ROLES),
  password: z.string().min(8, "The initial password must be at least 8 characters.").max(200),
});

/** Adds a member with an initial password that the inviter hands over (no mail server is assumed). */
export async function inviteMember(options: { teamId: string; actorRole: Role } & z.infer<typeof inviteSchema>) {
  if (options.actorRole === "member") throw new AppError("forbidden", "Only owners and admins can invite members.");
  if (options.role === "owner" && options.actorRole !== "owner") throw new AppError("forbidden", "Only owners can add owners.");
  const existing = await db.user.findUnique({ where: { email: options.email }, select: { id: true } });
  if (existing) {
    const member = await db.membership.findUnique({ where: { userId_teamId: { userId: existing.id, teamId: options.teamId } } });
    if (member) throw new AppError("conflict", `${options.email} is already a member of this team.`);
    await db.membership.create({ data: { userId: existing.id, teamId: options.teamId, role: options.role } });
    return;
  }
  const passwordHash = await hashPassword(options.password);
  await db.user.create({
    data: { email: options.email, passwordHash, memberships: { create: { teamId: options.teamId, role: options.role } } },
  });
}

export async function removeMember(options: { teamId: string; actorRole: Role; actorUserId: string; userId: string }) {
  if (options.actorRole === "member") throw new AppError("forbidden", "Only owners and admins can remove members.");
  if (options.userId === options.actorUserId) throw new AppError("bad_request", "You cannot remove yourself.");
  const member = await db.membership.findUnique({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } } });
  if (!member) throw new AppError("not_found", "Member not found");
  if (member.role === "owner" && options.actorRole !== "owner") throw new AppError("forbidden", "Only owners can remove owners.");
  await db.membership.delete({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } } });
}

/** INITIAL_API_KEY: on a fresh database, a default team holding that key (idempotent). */
export async function bootstrapInitialApiKey(secret: string | undefined) {
  const key = secret?.trim();
  if (!key) return;
  const hash = sha256(key);
  if (await db.apiKey.findUnique({ where: { hash }, select: { id: true } })) return;
  if ((await db.team.count()) > 0) return; // not a fresh database: never add keys behind the operator's back
  await db.team.create({
    data: { name: "Default team", apiKeys: { create: { name: "INITIAL_API_KEY", prefix: key.slice(0, 10), hash } } },
  });
}
