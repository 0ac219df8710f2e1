import { z } from "zod";
import { accountRoute } from "@/lib/http/route";
import { getSession, switchTeam } from "@/lib/services/accounts";

// POST /api/auth/team: switch the session to another of the user's teams (404 for a team they are not in)
export const POST = accountRoute({ body: z.object({ teamId: z.string().trim().min(1, "teamId is required").max(100) }) }, async ({ session, token, body }) => {
  await switchTeam({ token, userId: session.userId, teamId: body.teamId });
  const now = await getSession(token);
  return Response.json({ teamId: now?.teamId, teamName: now?.teamName, role: now?.role });
});
