import { AppError } from "@/lib/errors";
import { apiV1ErrorResponse } from "@/lib/http/errors";
import { clearSessionCookieHeader, CSRF_HEADER, readSessionToken } from "@/lib/http/session-cookie";
import { deleteSession } from "@/lib/services/accounts";

// POST /api/auth/logout: ends this session (idempotent); needs the CSRF header like every cookie write
export async function POST(request: Request) {
  try {
    if (request.headers.get(CSRF_HEADER) !== "1") throw new AppError("forbidden", `Cookie-authenticated writes need the ${CSRF_HEADER} header.`);
    await deleteSession(readSessionToken(request));
    return Response.json({ ok: true }, { headers: { "set-cookie": clearSessionCookieHeader(request) } });
  } catch (error) {
    return apiV1ErrorResponse(error, request);
  }
}
