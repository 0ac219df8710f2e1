import { sessionRoute } from "@/lib/http/route";
import { listTeamInvitations } from "@/lib/services/invitations";

// GET /api/team/invitations: the team's pending invitations
export const GET = sessionRoute({}, async ({ session }) => Response.json({ invitations: await listTeamInvitations(session.teamId) }));
