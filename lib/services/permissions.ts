// Who may do what inside a team: one predicate per action, so routes, services and the web UI
// agree. README.md ("Security model") has the same table for people.
import { AppError } from "@/lib/errors";

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Create and revoke API keys (members see the list, never secrets). */
export const canManageKeys = (role: Role) => role === "owner" || role === "admin";
/** Invite, remove members, set a member's initial password, revoke invitations. */
export const canManageMembers = (role: Role) => role === "owner" || role === "admin";
/** Change roles: owners only. */
export const canChangeRoles = (role: Role) => role === "owner";
/** Only owners hand out or take away ownership. */
export const canGrantRole = (actor: Role, role: Role) => role !== "owner" || actor === "owner";

export function requirePermission(allowed: boolean, message: string): void {
  if (!allowed) throw new AppError("forbidden", message);
}
