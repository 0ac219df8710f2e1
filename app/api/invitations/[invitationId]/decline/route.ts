import { accountRoute } from "@/lib/http/route";
import { declineInvitation } from "@/lib/services/invitations";

// POST /api/invitations/{invitationId}/decline: say no; the invitation is deleted
export const POST = accountRoute({}, async ({ session, params }) => {
  await declineInvitation({ email: session.email, invitationId: params.invitationId });
  return Response.json({ ok: true });
});
