import { sessionRoute } from "@/lib/http/route";
import { changeMemberRole, changeRoleSchema, removeMember } from "@/lib/services/members";

// DELETE /api/team/members/{userId}: remove a member (your own id: leave the team); revokes the keys they created
export const DELETE = sessionRoute({}, async ({ session, params }) => {
  const { revokedKeys } = await removeMember({ teamId: session.teamId, actor: { userId: session.userId, role: session.role }, userId: params.userId });
  return Response.json({ ok: true, revokedKeys });
});

// PATCH /api/team/members/{userId}: change a member's role (owners; never the last owner)
export const PATCH = sessionRoute({ body: changeRoleSchema }, async ({ session, params, body }) =>
  Response.json(
    await changeMemberRole({ teamId: session.teamId, actor: { userId: session.userId, role: session.role }, userId: params.userId, role: body.role }),
  ),
);
