// The client's network address, for sign-in throttling and the session list. `npm start`'s server
// (scripts/web-server.mjs) writes the TCP peer address into CLIENT_ADDRESS_HEADER, replacing
// whatever a client sent under that name. X-Forwarded-For is read only with TRUST_PROXY=n (n
// proxies of the operator's in front): anyone can write that header, so by default it is ignored.
import { getEnv } from "@/lib/env";

export const CLIENT_ADDRESS_HEADER = "x-tabula-client-address";
/** Without our server in front (`next start` or `next dev` run by hand), every client shares this one throttle bucket. */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * With n trusted proxies, the client is the n-th address from the right of
 * [...X-Forwarded-For, peer]: each proxy appends the address it received the request from, so
 * entries further left were written by the client and prove nothing.
 */
export function pickClientAddress(peer: string | null, forwardedFor: string | null, trustedProxies: number): string {
  const direct = peer?.trim() || UNKNOWN_ADDRESS;
  if (trustedProxies <= 0) return normalizeAddress(direct);
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    direct,
  ];
  return normalizeAddress(chain[Math.max(0, chain.length - 1 - trustedProxies)]);
}

function normalizeAddress(address: string): string {
  const text = address.slice(0, 64);
  return text.startsWith("::ffff:") && text.includes(".") ? text.slice(7) : text; // IPv4 seen through an IPv6 socket
}

export function clientAddress(request: Request): string {
  return pickClientAddress(request.headers.get(CLIENT_ADDRESS_HEADER), request.headers.get("x-forwarded-for"), getEnv().TRUST_PROXY);
}
