import { sessionRoute } from "@/lib/http/route";
import { removeMember } from "@/lib/services/accounts";

// DELETE /api/team/members/{userId}: remove a member from the team
export const DELETE = sessionRoute({}, async ({ session, params }) => {
  await removeMember({ teamId: session.teamId, actorRole: session.role, actorUserId: session.userId, userId: params.userId });
  return Response.json({ ok: true });
});
