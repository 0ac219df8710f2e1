import { getEnv } from "@/lib/env";

export const SESSION_COOKIE = "tabula_session";
/** Header the web app sends on cookie-authenticated writes; browsers cannot add it cross-site. */
export const CSRF_HEADER = "x-tabula-csrf";

export function readSessionToken(request: Request): string | null {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export function sessionCookieHeader(request: Request, token: string, expires: Date): string {
  const secure = useSecureCookies(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure}`;
}

export function clearSessionCookieHeader(request: Request): string {
  const secure = useSecureCookies(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

function useSecureCookies(request: Request): boolean {
  const setting = getEnv().SECURE_COOKIES;
  if (setting !== "auto") return setting === "true";
  const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
  return proto === "https";
}
