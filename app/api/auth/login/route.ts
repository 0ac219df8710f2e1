import { clientAddress } from "@/lib/http/client-address";
import { publicRoute } from "@/lib/http/route";
import { sessionCookieHeader } from "@/lib/http/session-cookie";
import { createSession, credentialsSchema, verifyCredentials } from "@/lib/services/accounts";

// POST /api/auth/login: email + password -> session cookie (throttled: 429 with Retry-After)
export const POST = publicRoute({ body: credentialsSchema }, async ({ request, body }) => {
  const address = clientAddress(request);
  const { userId, teamId, mustChangePassword } = await verifyCredentials(body, { address });
  const session = await createSession({ userId, teamId, userAgent: request.headers.get("user-agent"), ipAddress: address });
  return Response.json(
    { ok: true, mustChangePassword, hasTeam: teamId !== null },
    { headers: { "set-cookie": sessionCookieHeader(request, session.token, session.expiresAt) } },
  );
});
