import { clearSessionCookieHeader, readSessionToken } from "@/lib/http/session-cookie";
import { deleteSession } from "@/lib/services/accounts";
import { apiV1ErrorResponse } from "@/lib/http/errors";

// POST /api/auth/logout: ends the session (idempotent)
export async function POST(request: Request) {
  try {
    await deleteSession(readSessionToken(request));
    return Response.json({ ok: true }, { headers: { "set-cookie": clearSessionCookieHeader(request) } });
  } catch (error) {
    return apiV1ErrorResponse(error, request);
  }
}
