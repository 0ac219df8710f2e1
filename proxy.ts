// Runs before every page (not API routes or static files): a per-request CSP nonce
// (lib/http/security-headers.ts), and the requested path + query for the sign-in redirect, so a
// signed-out visitor comes back to exactly the page they opened (components/server-session.ts).
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, pageContentSecurityPolicy, PATH_HEADER } from "@/lib/http/security-headers";

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set(PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|v1/|_next/static|_next/image|favicon.ico).*)" }],
};
