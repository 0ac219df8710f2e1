import { clientAddress } from "@/lib/http/client-address";
import { publicRoute } from "@/lib/http/route";
import { sessionCookieHeader } from "@/lib/http/session-cookie";
import { createSession } from "@/lib/services/accounts";
import { createFirstUser, setupSchema } from "@/lib/services/setup";

// POST /api/auth/setup: first run only, with the setup token; creates the first user and team and signs them in
export const POST = publicRoute({ body: setupSchema }, async ({ request, body }) => {
  const address = clientAddress(request);
  const { userId, teamId } = await createFirstUser(body, { address });
  const session = await createSession({ userId, teamId, userAgent: request.headers.get("user-agent"), ipAddress: address });
  return Response.json({ ok: true }, { status: 201, headers: { "set-cookie": sessionCookieHeader(request, session.token, session.expiresAt) } });
});
