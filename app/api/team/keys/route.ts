import { z } from "zod";
import { sessionRoute } from "@/lib/http/route";
import { createTeamApiKey, listApiKeys } from "@/lib/services/api-keys";

// GET /api/team/keys: the team's API keys (every member; never the secrets)
export const GET = sessionRoute({}, async ({ session }) => Response.json({ keys: await listApiKeys(session.teamId) }));

// POST /api/team/keys: a new key (owners and admins); the secret is in this response only
export const POST = sessionRoute(
  { body: z.object({ name: z.string().trim().max(100, "The key name must be at most 100 characters.").optional().default("API key") }) },
  async ({ session, body }) =>
    Response.json(await createTeamApiKey({ teamId: session.teamId, actor: { userId: session.userId, role: session.role }, name: body.name }), { status: 201 }),
);
