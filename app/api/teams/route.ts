import { accountRoute } from "@/lib/http/route";
import { requirePasswordChosen } from "@/lib/services/accounts";
import { createTeam, createTeamSchema, listTeams } from "@/lib/services/teams";

// GET /api/teams: the teams you belong to, with your role in each
export const GET = accountRoute({}, async ({ session }) => {
  const teams = await listTeams(session.userId);
  return Response.json({ teams: teams.map((t) => ({ ...t, current: t.id === session.teamId })) });
});

// POST /api/teams: create a team; you are its owner (switch to it with POST /api/auth/team)
export const POST = accountRoute({ body: createTeamSchema }, async ({ session, body }) => {
  requirePasswordChosen(session);
  return Response.json(await createTeam({ userId: session.userId, name: body.name }), { status: 201 });
});
