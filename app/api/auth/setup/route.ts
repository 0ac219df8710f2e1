import { publicRoute } from "@/lib/http/route";
import { sessionCookieHeader } from "@/lib/http/session-cookie";
import { createFirstUser, createSession, setupSchema } from "@/lib/services/accounts";

// POST /api/auth/setup: first run only; creates the first user and team and signs them in
export const POST = publicRoute({ body: setupSchema }, async ({ request, body }) => {
  const { userId, teamId } = await createFirstUser(body);
  const session = await createSession({ userId, teamId });
  return Response.json({ ok: true }, { status: 201, headers: { "set-cookie": sessionCookieHeader(request, session.token, session.expiresAt) } });
});
