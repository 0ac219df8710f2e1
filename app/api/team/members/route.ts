import { sessionRoute } from "@/lib/http/route";
import { inviteMember, inviteSchema, listMembers } from "@/lib/services/accounts";

// GET /api/team/members: who is in the team, with roles
export const GET = sessionRoute({}, async ({ session }) => Response.json({ members: await listMembers(session.teamId) }));

// POST /api/team/members: add a member with a role and an initial password
export const POST = sessionRoute({ body: inviteSchema }, async ({ session, body }) => {
  await inviteMember({ teamId: session.teamId, actorRole: session.role, ...body });
  return Response.json({ ok: true }, { status: 201 });
});
