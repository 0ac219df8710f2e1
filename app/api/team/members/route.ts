import { sessionRoute } from "@/lib/http/route";
import { inviteSchema, inviteToTeam } from "@/lib/services/invitations";
import { listMembers } from "@/lib/services/members";

// GET /api/team/members: who is in the team, with roles
export const GET = sessionRoute({}, async ({ session }) => Response.json({ members: await listMembers(session.teamId) }));

// POST /api/team/members: invite an email with a role and an initial password (used only if no account exists);
// the same answer whether or not the account exists
export const POST = sessionRoute({ body: inviteSchema }, async ({ session, body }) => {
  const result = await inviteToTeam({ teamId: session.teamId, actor: { userId: session.userId, role: session.role }, ...body });
  return Response.json({ ok: true, ...result }, { status: 201 });
});
