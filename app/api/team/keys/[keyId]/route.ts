import { sessionRoute } from "@/lib/http/route";
import { revokeTeamApiKey } from "@/lib/services/api-keys";

// DELETE /api/team/keys/{keyId}: revoke a key (owners and admins; it stops working at once)
export const DELETE = sessionRoute({}, async ({ session, params }) => {
  await revokeTeamApiKey({ teamId: session.teamId, actorRole: session.role, keyId: params.keyId });
  return Response.json({ ok: true });
});
