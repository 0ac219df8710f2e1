import { sessionRoute } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/services/invitations";

// DELETE /api/team/invitations/{invitationId}: revoke a pending invitation (owners and admins)
export const DELETE = sessionRoute({}, async ({ session, params }) => {
  await revokeInvitation({ teamId: session.teamId, actorRole: session.role, invitationId: params.invitationId });
  return Response.json({ ok: true });
});
