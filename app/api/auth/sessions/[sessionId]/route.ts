import { accountRoute } from "@/lib/http/route";
import { clearSessionCookieHeader } from "@/lib/http/session-cookie";
import { endSession } from "@/lib/services/accounts";

// DELETE /api/auth/sessions/{sessionId}: end one of your sessions
export const DELETE = accountRoute({}, async ({ request, session, token, params }) => {
  const wasCurrent = await endSession({ userId: session.userId, sessionId: params.sessionId, currentToken: token });
  return Response.json({ ok: true, current: wasCurrent }, wasCurrent ? { headers: { "set-cookie": clearSessionCookieHeader(request) } } : undefined);
});
