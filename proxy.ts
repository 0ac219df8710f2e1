// Runs before every page (not API routes or static files): a per-request CSP nonce
// (lib/http/security-headers.ts), and the requested path + query for the sign-in redirect, so a
// signed-out visitor comes back to exactly the page they opened (components/server-session.ts).
// Also the trailing slash (next.config.mjs turns Next's own redirect off): an API path with one
// (/api/v1/..., /v1/...) is answered as without it, since many HTTP clients do not follow a 308 for
// a POST (Python's urllib); every other path keeps Next's 308 to the path without it.
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, pageContentSecurityPolicy, PATH_HEADER } from "@/lib/http/security-headers";

/** The public APIs, whose paths answer with or without a trailing slash. */
const API_PATH = /^\/(api\/v1|v1)(\/|$)/;

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith("/")) {
    // The path as text: a NextURL would put the slash back (it remembers the request's).
    const path = pathname.replace(/\/+$/, "") || "/";
    const target = path + request.nextUrl.search;
    if (API_PATH.test(path)) return NextResponse.rewrite(new URL(target, request.url));
    return NextResponse.redirect(new URL(target, request.url), 308);
  }
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
  // Pages, and any path with a trailing slash (API requests without one never pass through here).
  matcher: [{ source: "/((?!api/|v1/|_next/static|_next/image|favicon.ico).*)" }, { source: "/:path+/" }],
};
