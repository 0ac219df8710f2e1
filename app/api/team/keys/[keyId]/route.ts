import { sessionRoute } from "@/lib/http/route";
import { revokeApiKey } from "@/lib/services/api-keys";

// DELETE /api/team/keys/{keyId}: revoke a key (it stops working at once)
export const DELETE = sessionRoute({}, async ({ session, params }) => {
  await revokeApiKey({ teamId: session.teamId, keyId: params.keyId });
  return Response.json({ ok: true });
});
