import { sessionRoute } from "@/lib/http/route";

// GET /api/auth/me: the signed-in user and team
export const GET = sessionRoute({}, async ({ session }) => Response.json(session));
