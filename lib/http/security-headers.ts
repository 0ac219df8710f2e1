// Security headers. Pages get a Content-Security-Policy with a fresh nonce per request (proxy.ts):
// Next.js puts that nonce on its own scripts, and 'strict-dynamic' lets those load the page's
// chunks, so no other script runs. Styles allow 'unsafe-inline': Plotly writes <style> elements and
// style attributes at run time, and a style cannot run code. The headers that need no nonce
// (frames, MIME sniffing, referrer) are set for every response in next.config.mjs.
export const PATH_HEADER = "x-tabula-path";

export function pageContentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
