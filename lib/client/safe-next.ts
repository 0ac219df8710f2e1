// Where to go after signing in (`?next=`): only a path on this site. Anything else (another host,
// a scheme, `//host`, `/\host`, which browsers read as `//host`, control characters) falls back,
// since an open redirect through the sign-in page would help phishing. Shared by server and browser.
export const DEFAULT_NEXT = "/datasets";
const MAX_NEXT_LENGTH = 2_000;

export function safeNextPath(next: string | null | undefined, fallback = DEFAULT_NEXT): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_NEXT_LENGTH) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, "http://tabula.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://tabula.invalid") return fallback;
  // Signing in again must not lead back to the sign-in or setup page itself.
  if (/^\/(login|setup)(\/|$)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** `/login?next=...` for a page the visitor wanted to see. */
export function loginPathFor(next: string | null | undefined): string {
  const target = safeNextPath(next, "");
  return target && target !== DEFAULT_NEXT ? `/login?next=${encodeURIComponent(target)}` : "/login";
}
