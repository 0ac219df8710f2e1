import { accountRoute } from "@/lib/http/route";
import { changeNameSchema, changeOwnName, requirePasswordChosen } from "@/lib/services/accounts";

// GET /api/auth/me: the signed-in user, the session's team and role (null while in no team)
export const GET = accountRoute({}, async ({ session }) => Response.json(session));

// PATCH /api/auth/me: change your own name
export const PATCH = accountRoute({ body: changeNameSchema }, async ({ session, body }) => {
  requirePasswordChosen(session);
  await changeOwnName({ userId: session.userId, name: body.name });
  return Response.json({ ok: true });
});
