import { accountRoute } from "@/lib/http/route";
import { listMyInvitations } from "@/lib/services/invitations";

// GET /api/invitations: invitations waiting for you
export const GET = accountRoute({}, async ({ session }) => Response.json({ invitations: await listMyInvitations(session.email) }));
