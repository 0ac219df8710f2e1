import { sessionRoute } from "@/lib/http/route";
import { setMemberPassword, setPasswordSchema } from "@/lib/services/members";

// PUT /api/team/members/{userId}/password: a new initial password the member must change at next sign-in; their sessions end
export const PUT = sessionRoute({ body: setPasswordSchema }, async ({ session, params, body }) => {
  await setMemberPassword({ teamId: session.teamId, actor: { userId: session.userId, role: session.role }, userId: params.userId, password: body.password });
  return Response.json({ ok: true });
});
