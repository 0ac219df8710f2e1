import { clientAddress } from "@/lib/http/client-address";
import { accountRoute } from "@/lib/http/route";
import { changeOwnPassword, changePasswordSchema } from "@/lib/services/accounts";

// POST /api/auth/password: change your own password (current one required); your other sessions end
export const POST = accountRoute({ body: changePasswordSchema }, async ({ request, session, token, body }) => {
  await changeOwnPassword({ userId: session.userId, currentToken: token, address: clientAddress(request), ...body });
  return Response.json({ ok: true });
});
