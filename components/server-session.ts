// Server-only: the signed-in session for a page, or a redirect to where the person must go first.
// A signed-out visitor is sent to sign in with ?next= set to the page they opened (path and query,
// recorded by proxy.ts), and comes back to exactly that page afterwards.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { ensureDbReady } from "@/lib/db";
import { PATH_HEADER } from "@/lib/http/security-headers";
import { SESSION_COOKIE } from "@/lib/http/session-cookie";
import { getSession, hasTeam, type SessionInfo, type TeamSessionInfo } from "@/lib/services/accounts";
import { needsSetup } from "@/lib/services/setup";
import { loginPathFor, safeNextPath } from "@/lib/client/safe-next";

export async function readPageSession(): Promise<SessionInfo | null> {
  await ensureDbReady();
  const store = await cookies();
  return getSession(store.get(SESSION_COOKIE)?.value);
}

/** The page being rendered (path and query), as recorded by proxy.ts. */
export async function currentPagePath(): Promise<string> {
  return safeNextPath((await headers()).get(PATH_HEADER), "");
}

async function accountPathFor(): Promise<string> {
  const here = await currentPagePath();
  return here && !here.startsWith("/account") ? `/account?next=${encodeURIComponent(here)}` : "/account";
}

/** Any signed-in person (the account page): a fresh install goes to /setup, a signed-out visitor to /login. */
export async function requireSignedIn(): Promise<SessionInfo> {
  await ensureDbReady();
  if (await needsSetup()) redirect("/setup");
  const session = await readPageSession();
  if (!session) redirect(loginPathFor(await currentPagePath()));
  return session;
}

/**
 * For pages inside a team. Someone who must choose their own password, or who belongs to no team,
 * is sent to the account page first (and on from there to the page they asked for).
 */
export async function requirePageSession(): Promise<TeamSessionInfo> {
  const session = await requireSignedIn();
  if (session.mustChangePassword || !hasTeam(session)) redirect(await accountPathFor());
  return session;
}
