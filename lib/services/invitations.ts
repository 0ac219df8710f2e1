// Invitations. Nobody joins a team without saying yes: an owner or admin invites an email address,
// and the invitation waits until the person signs in and accepts or declines it.
//
// No mail server is assumed, so the inviter also sets an initial password. If no account has that
// email yet, the account is created with it (to be changed at the first sign-in); if one exists,
// the password is ignored and its owner keeps their own. The inviter gets the same answer, and the
// same pending invitation in the team's list, either way: inviting reveals nothing about which
// accounts exist (both paths also spend the same password hash).
import { z } from "zod";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/crypto";
import { AppError, notFound } from "@/lib/errors";
import { emailSchema, newPasswordSchema } from "./accounts";
import { canGrantRole, canManageMembers, isRole, requirePermission, ROLES, type Role } from "./permissions";
import { MAX_TEAMS_PER_USER } from "./teams";

export const INVITATION_DAYS = 14;
/** Pending invitations one team may have at once (an admin's script must not fill the table). */
export const MAX_PENDING_INVITATIONS = 500;

export const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { message: "role must be owner, admin or member" }),
  password: z.string().min(8, "The initial password must be at least 8 characters.").max(200, "The initial password must be at most 200 characters."),
});

/** What the inviter learns, whether or not the email already had an account. */
export const INVITED_MESSAGE =
  "Invitation created. The person sees it after signing in and can accept or decline it. If they had no account yet, " +
  "they sign in with the initial password you set and must then choose their own; if they had one, they keep their password.";

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function inviteToTeam(options: { teamId: string; actor: { userId: string; role: Role } } & z.infer<typeof inviteSchema>) {
  const { teamId, actor } = options;
  const email = emailSchema.parse(options.email);
  requirePermission(canManageMembers(actor.role), "Only owners and admins can invite members.");
  requirePermission(canGrantRole(actor.role, options.role), "Only owners can invite owners.");
  // Hashed whether or not it will be used, so both outcomes take the same time.
  const passwordHash = await hashPassword(newPasswordSchema.parse(options.password));
  const now = new Date();

  const member = await db.membership.findFirst({ where: { teamId, user: { email } }, select: { userId: true } });
  if (member) throw new AppError("conflict", `${email} is already a member of this team.`);
  await db.invitation.deleteMany({ where: { teamId, email, expiresAt: { lt: now } } });
  if ((await db.invitation.count({ where: { teamId } })) >= MAX_PENDING_INVITATIONS) {
    throw new AppError("conflict", `This team has ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some first.`);
  }
  try {
    await db.user.create({ data: { email, passwordHash, mustChangePassword: true } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // the account exists: it keeps its password
  }
  try {
    const invitation = await db.invitation.create({
      data: { teamId, email, role: options.role, invitedById: actor.userId, expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000) },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    });
    // Another team's revocation may have removed an unclaimed account meanwhile: this invitation needs one.
    if (!(await db.user.findUnique({ where: { email }, select: { id: true } }))) {
      await db.user.create({ data: { email, passwordHash, mustChangePassword: true } }).catch(() => undefined);
    }
    return { status: "invited" as const, message: INVITED_MESSAGE, invitation: describeTeamInvitation(invitation) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${email} has a pending invitation to this team already.`);
    throw error;
  }
}

function describeTeamInvitation(i: { id: string; email: string; role: string; createdAt: Date; expiresAt: Date }) {
  return { id: i.id, email: i.email, role: i.role as Role, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() };
}

/** The team's pending invitations (any member may see who is invited). */
export async function listTeamInvitations(teamId: string) {
  const rows = await db.invitation.findMany({
    where: { teamId, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
  });
  return rows.map(describeTeamInvitation);
}

export async function revokeInvitation(options: { teamId: string; actorRole: Role; invitationId: string }) {
  requirePermission(canManageMembers(options.actorRole), "Only owners and admins can revoke invitations.");
  const invitation = await db.invitation.findFirst({ where: { id: options.invitationId, teamId: options.teamId }, select: { email: true } });
  if (!invitation) throw notFound("Invitation");
  await db.invitation.deleteMany({ where: { id: options.invitationId, teamId: options.teamId } });
  await deleteUnclaimedAccount(invitation.email);
}

/**
 * An account made by an invitation that nobody ever used (never signed in, in no team, invited
 * nowhere else) goes when its last invitation does: revoking and inviting again must not pile up
 * accounts. Once its owner signed in, it is theirs and stays.
 */
async function deleteUnclaimedAccount(email: string) {
  await db.$transaction(async (tx) => {
    if ((await tx.invitation.count({ where: { email } })) > 0) return;
    await tx.user.deleteMany({ where: { email, mustChangePassword: true, memberships: { none: {} }, sessions: { none: {} } } });
  });
}

/** Invitations waiting for the signed-in user. */
export async function listMyInvitations(email: string) {
  const rows = await db.invitation.findMany({
    where: { email, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, role: true, createdAt: true, expiresAt: true, invitedById: true, team: { select: { id: true, name: true } } },
  });
  const inviterIds = [...new Set(rows.map((r) => r.invitedById).filter((id): id is string => id !== null))];
  const inviters = inviterIds.length ? await db.user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, email: true, name: true } }) : [];
  const byId = new Map(inviters.map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    role: r.role as Role,
    teamId: r.team.id,
    teamName: r.team.name,
    invitedBy: r.invitedById ? (byId.get(r.invitedById) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Joins the team with the invited role. Accepting twice (two tabs) joins once. */
export async function acceptInvitation(options: { userId: string; email: string; invitationId: string }) {
  return db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({
      where: { id: options.invitationId, email: options.email, expiresAt: { gt: new Date() } },
      select: { id: true, teamId: true, role: true, team: { select: { name: true } } },
    });
    if (!invitation) throw notFound("Invitation");
    const { count } = await tx.invitation.deleteMany({ where: { id: invitation.id } });
    if (count === 0) throw notFound("Invitation");
    const teams = await tx.membership.count({ where: { userId: options.userId } });
    if (teams >= MAX_TEAMS_PER_USER) throw new AppError("conflict", `You belong to ${teams} teams, the most one account may have. Leave one first.`);
    const existing = await tx.membership.findUnique({
      where: { userId_teamId: { userId: options.userId, teamId: invitation.teamId } },
      select: { role: true },
    });
    if (!existing) {
      await tx.membership.create({ data: { userId: options.userId, teamId: invitation.teamId, role: isRole(invitation.role) ? invitation.role : "member" } });
    }
    return { teamId: invitation.teamId, teamName: invitation.team.name, role: (existing?.role ?? invitation.role) as Role };
  });
}

export async function declineInvitation(options: { email: string; invitationId: string }) {
  const { count } = await db.invitation.deleteMany({ where: { id: options.invitationId, email: options.email } });
  if (count === 0) throw notFound("Invitation");
}
