import { accountRoute } from "@/lib/http/route";
import { clearSessionCookieHeader } from "@/lib/http/session-cookie";
import { endAllSessions, listSessions } from "@/lib/services/accounts";

// GET /api/auth/sessions: your signed-in browsers and scripts
export const GET = accountRoute({}, async ({ session, token }) =>
  Response.json({ sessions: await listSessions({ userId: session.userId, currentToken: token }) }),
);

// DELETE /api/auth/sessions: sign out everywhere (?keep=current ends only the other sessions)
export const DELETE = accountRoute({}, async ({ request, session, token }) => {
  const keepCurrent = new URL(request.url).searchParams.get("keep") === "current";
  const ended = await endAllSessions({ userId: session.userId, exceptToken: keepCurrent ? token : null });
  return Response.json({ ok: true, ended }, keepCurrent ? undefined : { headers: { "set-cookie": clearSessionCookieHeader(request) } });
});
