import { publicRoute } from "@/lib/http/route";
import { sessionCookieHeader } from "@/lib/http/session-cookie";
import { createSession, credentialsSchema, verifyCredentials } from "@/lib/services/accounts";

// POST /api/auth/login: email + password -> session cookie
export const POST = publicRoute({ body: credentialsSchema }, async ({ request, body }) => {
  const { userId, teamId } = await verifyCredentials(body);
  const session = await createSession({ userId, teamId });
  return Response.json({ ok: true }, { headers: { "set-cookie": sessionCookieHeader(request, session.token, session.expiresAt) } });
});
