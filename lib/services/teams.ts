// Teams: a user may belong to several, with a role in each. Everything a team owns (datasets,
// models, tasks, projects, chats, keys) is scoped by the team of the session or of the API key.
import { z } from "zod";
import type { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { isPostgres } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { isRole, type Role } from "./permissions";

/** Keeps the team switcher usable and stops a script from creating teams without end. */
export const MAX_TEAMS_PER_USER = 100;

export const teamNameSchema = z.string().trim().min(1, "Give the team a name.").max(100, "The team name must be at most 100 characters.");
export const createTeamSchema = z.object({ name: teamNameSchema });

type Tx = Prisma.TransactionClient;

/**
 * Serialises changes to one team's memberships (last-owner checks). SQLite write transactions are
 * exclusive already (lib/db/sqlite.ts begins them IMMEDIATE); PostgreSQL locks the team's row.
 */
export async function lockTeam(tx: Tx, teamId: string): Promise<void> {
  if (isPostgres()) await tx.$queryRaw`SELECT 1 AS "locked" FROM "Team" WHERE "id" = ${teamId} FOR UPDATE`;
}

export async function createTeam(options: { userId: string; name: string }) {
  const name = teamNameSchema.parse(options.name);
  return db.$transaction(async (tx) => {
    const count = await tx.membership.count({ where: { userId: options.userId } });
    if (count >= MAX_TEAMS_PER_USER) throw new AppError("conflict", `You belong to ${count} teams, the most one account may have. Leave one first.`);
    const team = await tx.team.create({ data: { name }, select: { id: true, name: true } });
    await tx.membership.create({ data: { userId: options.userId, teamId: team.id, role: "owner" } });
    return team;
  });
}

export async function listTeams(userId: string) {
  const memberships = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, team: { select: { id: true, name: true } } },
  });
  return memberships.map((m) => ({ id: m.team.id, name: m.team.name, role: m.role as Role, joinedAt: m.createdAt.toISOString() }));
}

/** The user's role in the team, or a 404 that does not say whether the team exists. */
export async function getRoleOrThrow(options: { userId: string; teamId: string }): Promise<Role> {
  const membership = await db.membership.findUnique({
    where: { userId_teamId: { userId: options.userId, teamId: options.teamId } },
    select: { role: true },
  });
  if (!membership || !isRole(membership.role)) throw notFound("Team");
  return membership.role;
}
