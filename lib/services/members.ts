// A team's members: roles, removal (which revokes the keys they made) and initial passwords.
// Every change that could leave a team without an owner runs under lockTeam, so two owners
// demoting each other at the same moment cannot both succeed.
import { z } from "zod";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/crypto";
import { AppError, notFound } from "@/lib/errors";
import { newPasswordSchema } from "./accounts";
import { announceRevokedKeys } from "./api-keys";
import { canChangeRoles, canManageMembers, isRole, requirePermission, ROLES, type Role } from "./permissions";
import { lockTeam } from "./teams";

export const changeRoleSchema = z.object({ role: z.enum(ROLES, { message: "role must be owner, admin or member" }) });
export const setPasswordSchema = z.object({ password: newPasswordSchema });

interface Actor {
  userId: string;
  role: Role;
}

export function listMembers(teamId: string) {
  return db.membership.findMany({
    where: { teamId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
}

const lastOwner = () => new AppError("conflict", "A team needs at least one owner: make someone else an owner first.");

/**
 * Removes a member (or, with their own id, leaves the team) and revokes the API keys they created
 * for it. Their sessions lose the team at their next request (memberships are checked each time).
 */
export async function removeMember(options: { teamId: string; actor: Actor; userId: string }) {
  const leaving = options.userId === options.actor.userId;
  if (!leaving) requirePermission(canManageMembers(options.actor.role), "Only owners and admins can remove members.");
  const revoked = await db.$transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    const member = await tx.membership.findUnique({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } }, select: { role: true } });
    if (!member) throw notFound("Member");
    if (!leaving && member.role === "owner" && options.actor.role !== "owner") throw new AppError("forbidden", "Only owners can remove owners.");
    if (member.role === "owner" && (await tx.membership.count({ where: { teamId: options.teamId, role: "owner" } })) <= 1) throw lastOwner();
    await tx.membership.delete({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } } });
    const keys = await tx.apiKey.findMany({ where: { teamId: options.teamId, createdById: options.userId, revokedAt: null }, select: { id: true } });
    if (keys.length) await tx.apiKey.updateMany({ where: { id: { in: keys.map((k) => k.id) } }, data: { revokedAt: new Date() } });
    return keys.map((k) => k.id);
  });
  await announceRevokedKeys(revoked);
  return { revokedKeys: revoked.length };
}

/** Owners change roles; the last owner can be neither demoted nor removed. */
export async function changeMemberRole(options: { teamId: string; actor: Actor; userId: string; role: Role }) {
  requirePermission(canChangeRoles(options.actor.role), "Only owners can change roles.");
  return db.$transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    const member = await tx.membership.findUnique({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } }, select: { role: true } });
    if (!member) throw notFound("Member");
    if (member.role === options.role) return { role: options.role };
    if (member.role === "owner" && (await tx.membership.count({ where: { teamId: options.teamId, role: "owner" } })) <= 1) throw lastOwner();
    await tx.membership.update({ where: { userId_teamId: { userId: options.userId, teamId: options.teamId } }, data: { role: options.role } });
    return { role: options.role };
  });
}

/**
 * An owner or admin sets a new initial password for a member, who must change it at the next
 * sign-in; the member's sessions end. Allowed only for accounts that belong to this team alone:
 * an admin here must not be able to take over someone's account in another team. Admins cannot
 * do it for owners, and nobody does it for themselves (that is the password change).
 */
export async function setMemberPassword(options: { teamId: string; actor: Actor; userId: string; password: string }) {
  requirePermission(canManageMembers(options.actor.role), "Only owners and admins can set a member's password.");
  if (options.userId === options.actor.userId) throw new AppError("bad_request", "Change your own password on your account page (/account).");
  const passwordHash = await hashPassword(newPasswordSchema.parse(options.password));
  await db.$transaction(async (tx) => {
    const memberships = await tx.membership.findMany({ where: { userId: options.userId }, select: { teamId: true, role: true } });
    const here = memberships.find((m) => m.teamId === options.teamId);
    if (!here || !isRole(here.role)) throw notFound("Member");
    if (here.role === "owner" && options.actor.role !== "owner") throw new AppError("forbidden", "Only owners can set an owner's password.");
    if (memberships.length > 1) {
      throw new AppError("conflict", "This person also belongs to other teams, so only they can change their password (on their account page).");
    }
    await tx.user.update({ where: { id: options.userId }, data: { passwordHash, mustChangePassword: true } });
    await tx.session.deleteMany({ where: { userId: options.userId } });
  });
}
