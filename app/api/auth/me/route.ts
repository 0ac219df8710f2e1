import { accountRoute } from "@/lib/http/route";

// GET /api/auth/me: the signed-in user, the session's team and role (null while in no team)
export const GET = accountRoute({}, async ({ session }) => Response.json(session));
