import { accountRoute } from "@/lib/http/route";
import { requirePasswordChosen, switchTeam } from "@/lib/services/accounts";
import { acceptInvitation } from "@/lib/services/invitations";

// POST /api/invitations/{invitationId}/accept: join the team (a session in no team switches to it)
export const POST = accountRoute({}, async ({ session, token, params }) => {
  requirePasswordChosen(session);
  const joined = await acceptInvitation({ userId: session.userId, email: session.email, invitationId: params.invitationId });
  if (session.teamId === null) await switchTeam({ token, userId: session.userId, teamId: joined.teamId });
  return Response.json(joined);
});
