import { sessionRoute } from "@/lib/http/route";
import { listTeamTrainings } from "@/lib/services/team-trainings";

// GET /api/team/trainings: the team's queued and running trainings and those failed in the last
// 24 hours, newest first (every member; not part of the public /api/v1 interface)
export const GET = sessionRoute({}, async ({ session }) => Response.json({ trainings: await listTeamTrainings(session.teamId) }));
